"""Before any model call: does the question ask about someone or something the data lacks?

A small model asked "How many idols did Jeff Probst find as a castaway?" with passages or rows about something
else writes a number anyway. The checks here need no model: the entity linker finds no castaway, season or
tribe by a name the question uses (and nothing else it names is in the data, or every part of the question names
something missing), or the router's abstain rules recognise what the data never holds (a what-if, an opinion, a
fact about making the show, an attribute like pay or height). The agentic strategy applies the same checks part
by part in its own loop; traditional and text-to-Cypher apply them to the whole question here.

    data_lacks(question, linked, scope=None) -> Lack | None      # linked: the linker's LinkedEntities for it
    answered_not_in_data(question, linked, scope, run) -> bool   # the result says so when the data lacks it
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from survivorgraph.agent.intents import route
from survivorgraph.agent.lexicon import Mention
from survivorgraph.agent.parts import split_parts
from survivorgraph.agent.plans import ABSTAIN, Slots


@dataclass(frozen=True)
class Lack:
    answer: str          # what the user reads
    reason: str          # what the trace shows: the unresolved names or the abstain rule


def unknown_message(unresolved: list[str], scope=None) -> str:
    if scope is not None:
        # The linker only knows what has aired for this viewer; do not say whether more exists.
        return (f"{', '.join(unresolved)} is beyond what you have watched ({scope.describe()}), or not "
                "in the data; no answer is given.")
    return f"The data has no {', '.join(unresolved)}, so it cannot answer this."


def unknown_in(part: str, unresolved: list[str], single: bool) -> list[str]:
    """The unresolved mentions ("Zelda Pemberton (no castaway by that name)") this part names; a question
    with one part names them all."""
    if single:
        return list(unresolved)
    return [u for u in unresolved if u.split(" (")[0].lower() in part.lower() or _names_season(part, u)]


def _names_season(part: str, unresolved: str) -> bool:
    """ "season 58 (…)" is what "survivor 58", "s58" or "season 58" named."""
    m = re.match(r"season (\d+) \(", unresolved)
    return bool(m) and re.search(rf"\b(season|survivor|s) ?{m.group(1)}\b", part, re.I) is not None


def data_lacks(question: str, linked, scope=None) -> Lack | None:
    if linked.unresolved:
        # Something the data holds is named too: each part must name something missing ("Did Rob play in Cagayan
        # or season 60?" is one part, half answerable: the strategy answers and says what is missing).
        parts = split_parts(question)
        if not linked.links or (len(parts) > 1 and all(unknown_in(p.text, linked.unresolved, single=False)
                                                       for p in parts)):
            return Lack(unknown_message(linked.unresolved, scope), "not in the data: " + "; ".join(linked.unresolved))
    people = list(dict.fromkeys(l.entity_id for l in linked.links if l.kind == "person" and not l.ambiguous))
    seasons = sorted({l.season for l in linked.links if l.kind == "season" and l.season is not None})
    mentions = [Mention(l.text, l.kind, l.season if l.kind == "season" else None) for l in linked.links]
    plan = route(Slots(question, seasons, people, [], mentions))
    if plan is not None and plan.tool == ABSTAIN:
        missing = plan.params.get("missing") or "the data does not hold what this asks"
        return Lack(f"{missing[:1].upper()}{missing[1:]}, so there is no answer.", plan.reason)
    return None


def answered_not_in_data(question: str, linked, scope, run) -> bool:
    """When the data lacks what the question asks about, answer so (abstained, no evidence, no model call) and
    return True; without the linker's entities (no linker) there is nothing to check."""
    if linked is None:
        return False
    with run.step("check the data holds what is asked") as step:
        lack = data_lacks(question, linked, scope)
        step.detail["lacks"] = lack.reason if lack else None
    if lack is None:
        return False
    run.result.answer_kind = "abstained"
    run.result.answer = lack.answer
    return True
