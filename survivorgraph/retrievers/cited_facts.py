"""What an answer from passages left out of the sentences it cites: the recall side of the claim check.

The claim check (retrievers.claims) catches what an answer states that its evidence lacks; a small model's other
failure is the short true answer that drops what the passage says ("Adam Gentry was voted out at the end of Cook
Islands" from a passage that tells how). For each passage an answer cites, the names and numbers of the sentences
it was shown from that passage are its key facts, less those the question itself names; a cited passage whose key
facts the answer leaves out is quoted under the answer, word for word, as rows are by `missing_facts`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from survivorgraph.retrievers.answering import missing_facts
from survivorgraph.retrievers.claims import claims_in
from survivorgraph.retrievers.passages import Excerpt

_CITED = re.compile(r"\[(\d{1,2})\]")
QUOTED = "From the passages it cites —"


def _facts(text: str) -> list[str]:
    facts = []
    for claim in claims_in(text):
        if claim.kind == "name":
            facts += [part for part in re.split(r"\s+and\s+|,\s*", claim.text) if part]
        elif claim.kind == "number":
            facts.append(claim.text)
    return list(dict.fromkeys(facts))


def left_out(answer: str, excerpts: Sequence[Excerpt], question: str) -> dict[int, list[str]]:
    """Cited passage number -> the key facts of its shown sentences the answer does not say (none: left out)."""
    cited = {int(n) for n in _CITED.findall(answer)}
    missing = {}
    for excerpt in excerpts:
        if excerpt.passage not in cited:
            continue
        facts = missing_facts(question, _facts(" ".join(excerpt.sentences)))  # not those the question names
        if gone := missing_facts(answer, facts):
            missing[excerpt.passage] = gone
    return missing


def own_words(answer: str) -> str:
    """The answer without the passages quoted under it: what the model itself wrote."""
    return answer.split(f"\n\n{QUOTED}\n", 1)[0]


def with_cited_facts(answer: str, excerpts: Sequence[Excerpt], question: str, run) -> str:
    """The answer, and under it the cited passages' sentences whose key facts it left out (traced)."""
    with run.step("check the answer against the passages it cites") as step:
        missing = left_out(answer, excerpts, question)
        step.detail["missing"] = {str(k): v[:10] for k, v in missing.items()}
        if not missing:
            return answer
        quotes = [f"[{e.passage}] {' '.join(e.sentences)}" for e in excerpts if e.passage in missing]
        return f"{answer}\n\n{QUOTED}\n" + "\n".join(quotes)
