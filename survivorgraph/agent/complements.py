"""Complements: "which season 40 jurors didn't vote for Tony" is the season's jurors minus those who did.

Many rules find the *positive* set ("the jurors who voted for Tony") and read straight past a negation, which
answers the opposite of the question. When a part is negated and the rules route it exactly as they route the
same part without the negation, the negation was not understood: the part becomes a set difference — the
universe its subject names (a season's jurors, finalists or cast; all seasons) minus the rows of the positive
plan, matched on the item's id. Rules that understand their negation (castaways_without, made_merge false …)
route the two wordings differently and are left alone.
"""

from __future__ import annotations

import re

from survivorgraph.agent.operations import Gender, InSet, Operation, Where, WhereNot
from survivorgraph.agent.phrases import NEGATION
from survivorgraph.agent.plans import Plan, Slots, is_ref
from survivorgraph.agent.query_facts import person_tools, row_facts

# The negation and what the positive wording says instead ("didn't vote" -> "did vote", "without making" ->
# "making", "had no idol" -> "had an idol").
_NEGATIONS = [
    (re.compile(r"\b(did|does|do|was|were|is|are|has|have|had)(?: not|n't)\b", re.I), r"\1"),
    (re.compile(r"\b(did|does|do|was|were|has|have)n['’]t\b", re.I), r"\1"),
    (re.compile(r"\bnever\b", re.I), ""),
    # "the last season NOT filmed in Fiji"
    (re.compile(r"\bnot (?=(?:filmed|shot|held|set|in|on|a|an|the)\b)", re.I), ""),
    (re.compile(r"\bwithout\b", re.I), "by"),
    (re.compile(r"\b(with|had|have|has|got|get|received?) (no|zero)\b", re.I), r"\1 a"),
]

# The subject's universe: (pattern, catalog query, the item it lists, needs one season).
_UNIVERSES = [
    (re.compile(r"\b(jurors?|jury members?|members of the jury)\b", re.I), "season_jury", "people", True),
    (re.compile(r"\bfinalists?\b", re.I), "season_finalists", "people", True),
    (re.compile(r"^\s*(?:(?:from|since|between|after|before|up to|until) [^?]{1,30}? )?(which|what) seasons?\b"
                r"|\bin which seasons?\b|\bseasons? (had|with|where|saw|not)\b"
                r"|\bthe (first|last|latest|earliest|most recent) season\b", re.I),
     "season_list", "seasons", False),
    (re.compile(r"^\s*(who|which (castaways?|players?|contestants?|people|ones?)|name the (castaways|players)|"
                r"list the (castaways|players))\b", re.I), "season_cast", "people", True),
]
_ITEM_KEYS = {"people": "castaway_id", "seasons": "season"}
_WENT_HOME = re.compile(r"\b(went|go|sent|were sent|was sent) home\b|\b(voted|booted) (out|off)\b|\beliminated\b"
                        r"|\bleft the game\b", re.I)


def positive_wording(text: str) -> str | None:
    """The part without its negation, or None when it has none this module reads."""
    out = text
    for pattern, replacement in _NEGATIONS:
        out = pattern.sub(replacement, out)
    out = " ".join(out.split())
    return out if out != " ".join(text.split()) else None


def complement(slots: Slots, negated: Plan | None, route_positive) -> Plan | None:
    """The set-difference plan for a negated part the rules did not understand, or None.
    `route_positive(slots) -> Plan | None` routes the positive wording with the same rules."""
    wording = positive_wording(slots.text)
    if wording is None:
        return None
    positive = route_positive(_reworded(slots, wording))
    if positive is None or (negated is not None and _reading(negated) != _reading(positive)):
        return None  # nothing to subtract, or the rules read the negation themselves
    universe = _universe(slots)
    if universe is None:
        return _lead_minus_clause(slots, route_positive)
    tool, params, kind = universe
    if tool == positive.tool and params == positive.params:
        return None  # the positive set is the universe itself: the difference would always be empty
    key = row_facts(positive.tool).counts.get(kind) or _ITEM_KEYS[kind]
    left_out = [{"tool": positive.tool, "params": positive.params, "key": key, "on": _ITEM_KEYS[kind],
                 "reading": wording, "operations": _filters(positive)}]
    if tool == "season_cast" and _WENT_HOME.search(slots.text):
        # "who went home without …": the finalists never went home; they are not part of the answer either.
        left_out.append({"tool": "season_finalists", "params": dict(params), "key": "castaway_id",
                         "on": "castaway_id", "reading": "the finalists (they did not go home)"})
    return Plan(tool, params, operations=(*(InSet(x, keep=False) for x in left_out),))


def _filters(plan: Plan) -> tuple[Operation, ...]:
    """The operations of a plan that pick rows (a count or a focus would change what is subtracted)."""
    return tuple(op for op in plan.operations if isinstance(op, (Where, WhereNot, Gender)))


def _reading(plan: Plan) -> tuple:
    return plan.tool, plan.params, _filters(plan)


def _universe(slots: Slots) -> tuple[str, dict, str] | None:
    for pattern, tool, kind, needs_season in _UNIVERSES:
        if not pattern.search(slots.text):
            continue
        if needs_season:
            if slots.season is None or is_ref(slots.season):
                return None
            return tool, {"season": slots.season}, kind
        return tool, {}, kind
    return None


# -- two clauses: "<the people of the lead> but/who <did not …>" --------------------------------------------
# The words that join the lead to its negated clause ("who made the merge BUT didn't …", "winners WHO never …")
_JOINERS = re.compile(r"(?:[\s,;:-]+|\b(?:but|and|yet|who|that|which|though|still|however|then|ever|have|has|had"
                      r"|did|do|does|was|were)\b)+$", re.I)


def split_at_negation(text: str) -> tuple[str, str] | None:
    """ "Who made the merge on season 29 but didn't end up on the jury?" -> ("Who made the merge on season 29",
    "didn't end up on the jury?"); None when there is no lead of its own before the negation."""
    m = re.search(NEGATION, text, re.I)
    if m is None:
        return None
    lead = _JOINERS.sub("", text[:m.start()])
    if len(re.findall(r"\w+", lead)) < 2:
        return None
    return lead, text[m.start():]


def person_set(plan: Plan | None, person_tools: frozenset[str], reading: str) -> dict | None:
    """A plan that lists people, as a set spec for an InSet (its rows' person column)."""
    if plan is None or plan.tool not in person_tools:
        return None
    key = row_facts(plan.tool).counts.get("people") or "castaway_id"
    return {"tool": plan.tool, "params": plan.params, "key": key, "reading": reading, "operations": _filters(plan)}


def _lead_minus_clause(slots: Slots, route) -> Plan | None:
    """ "Which individual immunity winners on season 39 didn't make it to final tribal?": no subject word names
    the universe, so the lead's own people are it ("which individual immunity winners on season 39") and the
    negated clause, worded positively as its own question ("who did make it to final tribal"), is left out."""
    split = split_at_negation(slots.text)
    clause = split and positive_wording(split[1])
    if not split or not clause:
        return None
    lead = route(_reworded(slots, split[0]))
    universe = person_set(lead, person_tools(), split[0])
    positive = route(_reworded(slots, f"who {clause}"))
    left_out = person_set(positive, person_tools(), f"who {clause}")
    if universe is None or left_out is None or _reading(lead) == _reading(positive):
        return None
    left_out["on"] = universe["key"]
    # the clause's people are what is left out: instead of any set the lead's plan left out
    kept = (op for op in lead.operations if not (isinstance(op, InSet) and not op.keep))
    return Plan(lead.tool, lead.params, operations=(*kept, InSet(left_out, keep=False)))


def _reworded(slots: Slots, text: str) -> Slots:
    return Slots(text, slots.seasons, slots.people, slots.tribes, slots.mentions)
