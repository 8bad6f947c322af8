"""The deterministic router: question patterns + linked entities -> a catalog query, with no LLM.

Each rule names the words that signal an intent and the entity slots it needs (a season, a person …).
A rule fires only when its slots are filled; the first rule that fires wins. When none fires the agent
asks the LLM router. Rules are about question *shapes*, not about particular questions.

The rules live in agent.rules, one module a subject, tried in the order rules.ORDER lists them; this module
holds the routing around them: reading the part, a person named by a clause, complements, a lead clause that
says who the part is about (agent.leads), unread modifiers.
"""

from __future__ import annotations

import re

from survivorgraph.agent import leads
from survivorgraph.agent.chains import derive, relative_person
from survivorgraph.agent.complements import complement
from survivorgraph.agent.lexicon import reading
from survivorgraph.agent.operations import Extreme, NextTo, Pick, Rank, WhereNot, yielding
from survivorgraph.agent.phrases import MODIFIERS, NARRATIVE, NEGATION
from survivorgraph.agent.plans import ABSTAIN, Plan, Ref, Slots, Source, is_ref
from survivorgraph.agent.query_facts import person_tools, season_filtered_tools
from survivorgraph.agent.restrictions import keep_the_named_tribe, restrict_people
from survivorgraph.agent.rules import RULES
from survivorgraph.agent.season_span import apply_season_span
from survivorgraph.agent.shapes import answer_shape

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
    excludes = plan.has(WhereNot) or bool(plan.sets(keep=False))
    for m in MODIFIERS.finditer(slots.text):
        if excludes and _EXCLUDING.fullmatch(m.group(0)):
            continue  # "besides Rob, who else …": the plan leaves someone out; "who else" said it too
        without = " ".join((slots.text[:m.start()] + slots.text[m.end():]).split())
        other = _route(Slots(without, slots.seasons, slots.people, slots.tribes, slots.mentions))
        if other is not None and (other.tool, other.params, other.operations) \
                == (plan.tool, plan.params, plan.operations):
            unread.append(m.group(0).lower())
    return unread


def _route(slots: Slots) -> Plan | None:
    # a clause that says who the part is about (agent.leads)
    if (m := leads.OF_THE.match(slots.text)) \
            and (plan := leads.among_the_lead(slots, m.group("lead"), m.group("rest"), _route, _first_rule)):
        return plan
    if len(slots.people) == 2 and (m := leads.BOTH.search(masked := reading(slots.text, slots.mentions))) \
            and (plan := leads.of_both(Slots(masked, slots.seasons, slots.people, slots.tribes), m, _route)):
        plan.part = slots.text
        return plan
    plan = _first_rule(slots)
    if plan is not None and plan.tool == ABSTAIN or not re.search(NEGATION, slots.text, re.I):
        return plan
    if plan is not None and any("reading" in spec for spec in plan.sets(keep=False)):
        return plan  # the rule's plan is itself the set difference ("jurors the winner never voted against")
    difference = complement(slots, plan, _first_rule)
    if difference is None:
        if plan is not None:
            leads.keep_within_the_negated_lead(slots, plan, _first_rule)
        return plan
    left_out = difference.sets(keep=False)
    difference.reason = (f"deterministic rule: complement — {difference.tool} minus "
                         + " minus ".join(f"{x['tool']} ({x['reading']})" for x in left_out))
    difference.source = Source.COMPLEMENT
    difference.part = slots.text
    difference.operations = yielding(difference.operations,
                                     *answer_shape(reading(slots.text, slots.mentions), difference.tool))
    apply_season_span(difference, slots)  # "from s36 through s48, which seasons didn't have …": within the span
    return difference


def _first_rule(slots: Slots) -> Plan | None:
    derived = derive(Slots(reading(slots.text, slots.mentions), slots.seasons, slots.people, slots.tribes,
                           slots.mentions))
    if not derived.people:
        # "which tribe did the person who won … start on": the clause first; the whole part when its rest
        # does not route ("who was the person who won …" is the clause's own question).
        relative = relative_person(derived, _first_rule, person_tools())
        if relative is not derived and (plan := _apply_rules(relative, slots)) is not None:
            return plan
    return _apply_rules(derived, slots)


def _apply_rules(derived: Slots, slots: Slots) -> Plan | None:
    for name, fn in RULES:
        plan = fn(derived)
        if plan is not None:
            read = f" (reading: {derived.text})" if derived.text != slots.text else ""
            plan.reason = f"deterministic rule: {name}{read}"
            plan.source = Source.RULE
            plan.part = slots.text
            if plan.tool != ABSTAIN:
                generic = answer_shape(derived.text, plan.tool)
                if plan.has(Extreme, Pick, NextTo):  # the rule already chose the row(s) the part asks for
                    generic = tuple(op for op in generic if not isinstance(op, Rank))
                plan.operations = yielding(plan.operations, *generic)
                _keep_derived_season(plan, derived)
                apply_season_span(plan, derived)
                if plan.tool in person_tools():
                    restrict_people(plan, derived)
                else:  # voters, jurors: lists of people under another column
                    keep_the_named_tribe(plan, derived)
            return plan
    return None


def _keep_derived_season(plan: Plan, derived: Slots) -> None:
    """A season the part names through a person ("when he won", "in her last season") filters whatever query
    the rule chose, when that query takes a season: a rule about a person's age or place need not know."""
    season = derived.season
    if is_ref(season) and "season" not in plan.params and plan.tool in season_filtered_tools():
        plan.params["season"] = season


def is_narrative(text: str) -> bool:
    return NARRATIVE.search(text) is not None
