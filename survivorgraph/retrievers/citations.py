"""Answers written from numbered passages cite them: "[2]" after what passage 2 says.

Two sides of one rule. Where the provider enforces a grammar (llama.cpp), `citation_grammar(n)` makes the model
write its answer as text and citations of passages 1..n — at least one — or open with ABSTAIN to say the
passages do not answer (then it cites nothing). Everywhere, the claim check (retrievers.claims) counts an answer
that states a number or a name but cites no passage as unsupported, and a citation of a passage that was not
shown likewise; the retry then asks for citations.
"""

from __future__ import annotations

from functools import lru_cache

from survivorgraph.cypher.gbnf import Grammar, choice, literal

ABSTAIN = "The passages do not say"
TEXT_MAX = 600   # characters between two citations
TAIL_MAX = 200   # after the last one (its full stop, a closing remark)
_PLAIN = r"[^\[\]]"


@lru_cache(maxsize=32)
def citation_grammar(passages: int) -> Grammar:
    """Text with citations of passages 1..`passages` (at least one), or the abstention."""
    if passages < 1:
        raise ValueError("a citation grammar needs at least one passage")
    rules = {
        "root": "cited | abstain",
        "cited": "text? cite+ (text cite+)* tail?",
        "cite": '"[" number "]"',
        "number": choice(literal(str(i)) for i in range(1, passages + 1)),
        "text": f"{_PLAIN}{{1,{TEXT_MAX}}}",
        "tail": f"{_PLAIN}{{1,{TAIL_MAX}}}",
        "abstain": f"{literal(ABSTAIN)} tail?",
    }
    terminals = {"text": rf"{_PLAIN}{{1,{TEXT_MAX}}}", "tail": rf"{_PLAIN}{{1,{TAIL_MAX}}}"}
    return Grammar(rules, terminals)
