"""The deterministic router: question patterns + linked entities -> a catalog query, with no LLM.

Each rule names the words that signal an intent and the entity slots it needs (a season, a person …).
A rule fires only when its slots are filled; the first rule that fires wins. When none fires the agent
asks the LLM router. Rules are about question *shapes*, not about particular questions.

The rules live in agent.rules, one module a subject, tried in the order rules.ORDER lists them; this module
holds the routing around them: reading the part, a person named by a clause, complements, unread modifiers.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from survivorgraph.agent.chains import derive, relative_person
from survivorgraph.agent.complements import complement, person_set, split_at_negation
from survivorgraph.agent.lexicon import reading
from survivorgraph.agent.phrases import MODIFIERS, NARRATIVE, NEGATION
from survivorgraph.agent.plans import ABSTAIN, Plan, Ref, Slots, is_ref
from survivorgraph.agent.restrictions import restrict_people
from survivorgraph.agent.rules import RULES
from survivorgraph.agent.shapes import COUNTABLE, answer_shape

# Plan, Slots and derive are used with `route` by callers; they live in plans.py and chains.py, RULES in rules/.
__all__ = ["ABSTAIN", "Plan", "Slots", "Ref", "is_ref", "derive", "route", "is_narrative", "RULES"]


def route(slots: Slots) -> Plan | None:
    """The first rule that fires, named in the plan's reason; None when no rule is confident. A negated part
    the rules read as if it were positive becomes a set difference (see agent.complements); a modifier the plan
    does not apply is named on it (Plan.unread)."""
    plan = _route(slots)
    if plan is not None and plan.tool != ABSTAIN:
        plan.unread = _unread_modifiers(slots, plan)
    return plan


_EXCLUDING = re.compile(r"except(?: for)?|other than|apart from|besides|without", re.I)


def _unread_modifiers(slots: Slots, plan: Plan) -> list[str]:
    """ "Who was voted out right after Rob?" routed exactly as "who was voted out Rob?": "right after" was not
    applied. Each modifier is removed in turn and the part routed again; the same plan means it was ignored."""
    unread = []
    excludes = bool({"where_not", "except"} & set(plan.shape))
    for m in MODIFIERS.finditer(slots.text):
        if excludes and _EXCLUDING.fullmatch(m.group(0)):
            continue  # "besides Rob, who else …": the plan leaves someone out; "who else" said it too
        without = " ".join((slots.text[:m.start()] + slots.text[m.end():]).split())
        other = _route(Slots(without, slots.seasons, slots.people, slots.tribes, slots.mentions))
        if other is not None and (other.tool, other.params, other.shape) == (plan.tool, plan.params, plan.shape):
            unread.append(m.group(0).lower())
    return unread


# "Of the people on the season 49 jury, who got the most confessionals?": a lead naming the people the rest is about
# (after a sentence that sets the scene, too: "Nicole was the first boot. Of the people on her tribe, …")
_OF_THE = re.compile(r"^(?:[^.!?]*[.!]\s+)?\s*(?:of|among|out of|from among) "
                     r"(?P<lead>(?:the|all the|all|those) [^,?:]+?)\s*[,:–—-]\s*(?P<rest>\S.*)$", re.I)
_MOST = re.compile(r"\b(most|highest|top|biggest|largest)\b", re.I)


_BOTH = re.compile(r"\bboth (P\d) and (P\d)\b")


def _route(slots: Slots) -> Plan | None:
    if (m := _OF_THE.match(slots.text)) and (plan := _among_the_lead(slots, m.group("lead"), m.group("rest"))):
        return plan
    if len(slots.people) == 2 and (m := _BOTH.search(masked := reading(slots.text, slots.mentions))) \
            and (plan := _of_both(Slots(masked, slots.seasons, slots.people, slots.tribes), m)):
        plan.part = slots.text
        return plan
    plan = _first_rule(slots)
    if plan is not None and plan.tool == ABSTAIN or not re.search(NEGATION, slots.text, re.I):
        return plan
    difference = complement(slots, plan, _first_rule)
    if difference is None:
        if plan is not None:
            _keep_within_the_lead(slots, plan)
        return plan
    left_out = difference.shape["except"]
    difference.reason = (f"deterministic rule: complement — {difference.tool} minus "
                         + " minus ".join(f"{x['tool']} ({x['reading']})" for x in left_out))
    difference.part = slots.text
    difference.shape = {**answer_shape(reading(slots.text, slots.mentions), difference.tool), **difference.shape}
    return difference


def _of_both(slots: Slots, both: re.Match) -> Plan | None:
    """ "Who voted against both Bobby Jon and Jim?", "who played alongside both Debbie and Gervase?": the part
    asked of each person alone, and the people found for the first kept to those found for the second."""
    text = slots.text[:both.start()] + "P1" + slots.text[both.end():]
    plans = [_route(Slots(text, slots.seasons, [person], slots.tribes, slots.mentions)) for person in slots.people]
    first, second = plans
    if first is None or second is None or first.tool != second.tool or not (key := _person_column(first.tool)) \
            or key == "castaway_id" and slots.people[0] in first.params.values():
        return None  # not a list of other people (the person's own career, say): nothing to intersect
    spec = {"tool": second.tool, "params": second.params, "key": key, "on": key,
            "reading": f"{slots.text} (the second person)", "shape": {k: v for k, v in second.shape.items()
                                                                       if k in ("where", "where_not")}}
    first.shape["within"] = [*first.shape.get("within", []), spec]
    return first


def _among_the_lead(slots: Slots, lead: str, rest: str) -> Plan | None:
    """The rest routed as its own question and kept to the lead's people: a ranking among them is ranked whole
    first (its limit would cut them), and "the most" is the top of what is left."""
    plan = _route(Slots(rest, slots.seasons, slots.people, slots.tribes, slots.mentions))
    if plan is None or plan.tool == ABSTAIN or plan.tool not in _person_tools():
        return None
    if not _within(slots, plan, f"who were {lead}"):
        return None
    if limit := _limit_of(plan.tool):  # a ranking is read whole: its top rows need not be the lead's people
        plan.params["limit"] = limit
    if _MOST.search(rest) and not {"pick", "rank", "extreme", "count"} & set(plan.shape):
        plan.shape["rank"] = 1
    plan.part = slots.text
    return plan


def _within(slots: Slots, plan: Plan, lead: str) -> bool:
    """Keep the plan's people to those the lead names, when the lead routes to people of another query."""
    lead_plan = _first_rule(Slots(lead, slots.seasons, slots.people, slots.tribes, slots.mentions))
    spec = person_set(lead_plan, _person_tools(), lead)
    if spec is None or lead_plan.tool == plan.tool:
        return False
    spec["on"] = COUNTABLE.get(plan.tool, {}).get("people") or "castaway_id"
    plan.shape["within"] = [*plan.shape.get("within", []), spec]
    return True


def _keep_within_the_lead(slots: Slots, plan: Plan) -> None:
    """ "Who made the merge on season 29 but didn't end up on the jury?": the rule read the negated clause (the
    season's people never on the jury); the lead before it names people of its own (those who made the merge),
    and the answer is kept to them."""
    split = split_at_negation(slots.text)
    if split and plan.tool in _person_tools():
        _within(slots, plan, split[0])


def _first_rule(slots: Slots) -> Plan | None:
    derived = derive(Slots(reading(slots.text, slots.mentions), slots.seasons, slots.people, slots.tribes))
    if not derived.people:
        # "which tribe did the person who won … start on": the clause first; the whole part when its rest
        # does not route ("who was the person who won …" is the clause's own question).
        relative = relative_person(derived, _first_rule, _person_tools())
        if relative is not derived and (plan := _apply_rules(relative, slots)) is not None:
            return plan
    return _apply_rules(derived, slots)


def _apply_rules(derived: Slots, slots: Slots) -> Plan | None:
    for name, fn in RULES:
        plan = fn(derived)
        if plan is not None:
            read = f" (reading: {derived.text})" if derived.text != slots.text else ""
            plan.reason = f"deterministic rule: {name}{read}"
            plan.part = slots.text
            if plan.tool != ABSTAIN:
                generic = answer_shape(derived.text, plan.tool)
                if {"extreme", "pick", "next_to"} & set(plan.shape):
                    generic.pop("rank", None)  # the rule already chose the row(s) the part asks for
                plan.shape = {**generic, **plan.shape}
                _keep_derived_season(plan, derived)
                if plan.tool in _person_tools():
                    restrict_people(plan, derived)
            return plan
    return None


@lru_cache(maxsize=1)
def _person_tools() -> frozenset[str]:
    """Catalog queries whose rows name people by castaway_id (a relative clause can stand for one; "with her"
    can leave one out). Read once: routing asks on every rule pass."""
    from queries.catalog import load_catalog

    catalog = load_catalog()
    return frozenset(name for name in catalog.names() if "castaway_id" in catalog.get(name).columns)


@cache
def _person_column(tool: str) -> str | None:
    """The column naming the people a catalog query's rows are about (castaway_id, or the voter, the juror)."""
    from queries.catalog import load_catalog

    catalog = load_catalog()
    if tool not in catalog.names():
        return None
    columns = catalog.get(tool).columns
    return next((c for c in ("castaway_id", "voter_id", "juror_id") if c in columns), None)


@cache
def _limit_of(tool: str) -> int | None:
    """The most rows a catalog query's `limit` parameter allows, or None when it has none."""
    from queries.catalog import load_catalog

    catalog = load_catalog()
    if tool not in catalog.names():
        return None
    return next((p.maximum for p in catalog.get(tool).params if p.name == "limit"), None)


@lru_cache(maxsize=1)
def _season_filtered_tools() -> frozenset[str]:
    """Catalog queries that take a `season` parameter."""
    from queries.catalog import load_catalog

    catalog = load_catalog()
    return frozenset(name for name in catalog.names() if any(p.name == "season" for p in catalog.get(name).params))


def _keep_derived_season(plan: Plan, derived: Slots) -> None:
    """A season the part names through a person ("when he won", "in her last season") filters whatever query
    the rule chose, when that query takes a season: a rule about a person's age or place need not know."""
    season = derived.season
    if is_ref(season) and "season" not in plan.params and plan.tool in _season_filtered_tools():
        plan.params["season"] = season


def is_narrative(text: str) -> bool:
    return NARRATIVE.search(text) is not None
