"""The sentences of an answer in which the writer says its evidence does not show something.

The 1.5B writer puts such a sentence into answers that go on to state, with citations, what the passages do say
("Natalie, the last Fan, was voted out [3]. The data does not show it."): beside the facts it contradicts them and
tells the reader nothing, so it is dropped (the trace keeps it). So is a sentence that only says what the evidence is
about ("The information provided is about the first immunity challenge"). An answer made of nothing else is the
model's abstention.
"""

from __future__ import annotations

import re

from survivorgraph.retrievers.citations import ABSTAIN
from survivorgraph.retrievers.claims import claims_in

_EVIDENCE = r"(?:data|passages?|evidence|text|excerpts?|sources?|information|context)"
_NOT = r"(?:does not|doesn't|do not|don't|did not|didn't|cannot|can't|is not|isn't|are not|aren't)"
NOT_SHOWN = re.compile(
    rf"\b{_EVIDENCE}\b[^.!?]{{0,60}}?\b{_NOT}\s+(?:\w+ly\s+)?(?:show|say|mention|provide|contain|state|include|specify|"
    rf"answer|give|tell|indicate|describe|support|explain|detail|discuss|reveal)"
    rf"|\b(?:there is|there's|there are|there was|contains?|provides?|gives?|offers?|has|have|with)\s+no\s+"
    rf"(?:\w+\s+)?(?:information|mention|details?|evidence|data|record)"
    rf"|\bnot (?:supported|mentioned|shown|stated|provided|specified|answered) (?:by|in) the (?:given |provided )?"
    rf"{_EVIDENCE}"
    rf"|\b{_NOT}\s+(?:provide|give|offer|include|contain|have)\s+(?:any\s+)?(?:more\s+|further\s+|specific\s+)?"
    rf"(?:information|details?|evidence|data)"
    rf"|^\s*(?:the\s+)?{_EVIDENCE}(?:\s+(?:provided|given|shown))?\s+(?:is|are)\s+(?:only\s+)?about\b"
    rf"|^\s*{re.escape(ABSTAIN)}", re.I)
# "The passage only describes the first challenge" says what the evidence is about; "… only mentions that Fei Long
# opted to kidnap Jaime" goes on to state it, and is the answer in a hedge's words
_ONLY_SAYS = re.compile(rf"\b{_EVIDENCE}\s+(?:only|just|merely)\s+(?:mentions|describes|says|states|shows|talks|"
                        rf"provides|tells)(?P<that>\s+that\b)?", re.I)
_AFTER_SENTENCE = re.compile(r"((?<=[.!?])(?<!\b[A-Z]\.)\s+)")  # not after an initial ("J. P.")
_CITATIONS = re.compile(r"\s*\[\d+\](?:\s*,\s*\[\d+\])*")
_WORD = re.compile(r"[A-Za-z]{3,}")


def _sentences(answer: str) -> list[str]:
    return [s for s in _AFTER_SENTENCE.split(answer.strip())[::2] if s.strip()]


def _says_something(sentence: str) -> bool:
    return bool(_WORD.search(_CITATIONS.sub("", sentence)))


def is_hedge(sentence: str, question: str = "") -> bool:
    if NOT_SHOWN.search(sentence):
        return True
    only = _ONLY_SAYS.search(sentence)
    return bool(only) and not (only.group("that") and _states_fact(sentence[only.end():], question))


def _states_fact(text: str, question: str = "") -> bool:
    """A name or a number the claim check reads, other than the question's own ("… only mentions that Jeff Probst
    hosts" of a question about Jeff Probst tells the reader nothing new)."""
    asked = question.lower()
    return any(c.kind in ("name", "number") and not re.search(rf"\b{re.escape(c.text.lower())}\b", asked)
               for c in claims_in(text))


def abstains(answer: str, question: str = "") -> bool:
    """Every sentence of the answer that says anything says the evidence does not show it."""
    said = [s for s in _sentences(answer) if _says_something(s)]
    return bool(said) and all(is_hedge(s, question) for s in said)


def without_hedges(answer: str, question: str = "") -> tuple[str, list[str]]:
    """The answer without its "the data does not show …" sentences (their citations go with them), and those
    dropped — only when the rest states facts (a name or a number the claim check reads); otherwise the hedges
    are what it says ("The temperature was not recorded. The data does not show it.") and it is kept whole."""
    pieces = _AFTER_SENTENCE.split(answer.strip())  # sentence, space, sentence, …
    kept, dropped = [], []
    for i in range(0, len(pieces), 2):
        if is_hedge(pieces[i], question):
            dropped.append(pieces[i])
        else:
            kept.append(pieces[i] + (pieces[i + 1] if i + 1 < len(pieces) else ""))
    rest = "".join(kept).strip()
    if not dropped or not _states_fact(rest, question):
        return answer, []
    return rest, dropped
