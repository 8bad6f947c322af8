"""Who a part is about, when a clause of its own says so: "among the jurors, who had the most
confessionals", "who made the merge but didn't end up on the jury", "who voted against both Bobby Jon and Jim".

The rest of the part is routed as it stands; the lead clause is routed as its own question, and when it names
people of another query the answer is kept to them (a "within" set, run as its own traced step). The router's
own functions are passed in (`route`, `first_rule`), as agent.complements does.
"""

from __future__ import annotations

import re

from survivorgraph.agent.complements import person_set, split_at_negation
from survivorgraph.agent.operations import Count, Extreme, InSet, Pick, Rank, Where, WhereNot
from survivorgraph.agent.plans import ABSTAIN, Plan, Slots
from survivorgraph.agent.query_facts import limit_of, person_column, person_tools, row_facts

# "Of the people on the season 49 jury, who got the most confessionals?" (after a sentence that sets the scene,
# too: "Nicole was the first boot. Of the people on her tribe, …")
OF_THE = re.compile(r"^(?:[^.!?]*[.!]\s+)?\s*(?:of|among|out of|from among) "
                    r"(?P<lead>(?:the|all the|all|those) [^,?:]+?)\s*[,:–—-]\s*(?P<rest>\S.*)$", re.I)
BOTH = re.compile(r"\bboth (P\d) and (P\d)\b")  # on the masked text: the two people are P1 and P2
_MOST = re.compile(r"\b(most|highest|top|biggest|largest)\b", re.I)


def among_the_lead(slots: Slots, lead: str, rest: str, route, first_rule) -> Plan | None:
    """The rest routed as its own question and kept to the lead's people: a ranking among them is ranked whole
    first (its limit would cut them), and "the most" is the top of what is left."""
    plan = route(Slots(rest, slots.seasons, slots.people, slots.tribes, slots.mentions))
    if plan is None or plan.tool == ABSTAIN or plan.tool not in person_tools():
        return None
    if not keep_within(slots, plan, f"who were {lead}", first_rule):
        return None
    if limit := limit_of(plan.tool):  # a ranking is read whole: its top rows need not be the lead's people
        plan.params["limit"] = limit
    if _MOST.search(rest) and not plan.has(Pick, Rank, Extreme, Count):
        plan.add(Rank(1))
    plan.part = slots.text
    return plan


def of_both(slots: Slots, both: re.Match, route) -> Plan | None:
    """ "Who voted against both Bobby Jon and Jim?": the part asked of each person alone, and the people found for
    the first kept to those found for the second. `slots` holds the masked text `both` matched."""
    text = slots.text[:both.start()] + "P1" + slots.text[both.end():]
    first, second = (route(Slots(text, slots.seasons, [person], slots.tribes)) for person in slots.people)
    if first is None or second is None or first.tool != second.tool or not (key := person_column(first.tool)) \
            or key == "castaway_id" and "people" not in row_facts(first.tool).counts:
        return None  # not a list of other people (the person's own career, say): nothing to intersect
    spec = {"tool": second.tool, "params": second.params, "key": key, "on": key,
            "reading": f"{slots.text} (the second person)",
            "operations": tuple(op for op in second.operations if isinstance(op, (Where, WhereNot)))}
    first.add(InSet(spec, keep=True))
    return first


def keep_within_the_negated_lead(slots: Slots, plan: Plan, first_rule) -> None:
    """ "Who made the merge on season 29 but didn't end up on the jury?": the rule read the negated clause (the
    season's people never on the jury); the lead before it names people of its own (those who made the merge),
    and the answer is kept to them."""
    split = split_at_negation(slots.text)
    if split and plan.tool in person_tools():
        keep_within(slots, plan, split[0], first_rule)


def keep_within(slots: Slots, plan: Plan, lead: str, first_rule) -> bool:
    """Keep the plan's people to those the lead names, when the lead routes to people of another query."""
    lead_plan = first_rule(Slots(lead, slots.seasons, slots.people, slots.tribes, slots.mentions))
    spec = person_set(lead_plan, person_tools(), lead)
    if spec is None or lead_plan.tool == plan.tool:
        return False
    spec["on"] = row_facts(plan.tool).counts.get("people") or "castaway_id"
    plan.add(InSet(spec, keep=True))
    return True
