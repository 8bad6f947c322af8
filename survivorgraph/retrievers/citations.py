"""Answers written from numbered passages cite them: "[2]" after what passage 2 says.

Two sides of one rule. Where the provider enforces a grammar (llama.cpp), `citation_grammar(n)` makes the model
write its answer as text and citations of passages 1..n — at least one — or open with ABSTAIN to say the
passages do not answer (then it cites nothing). Everywhere, the claim check (retrievers.claims) counts an answer
that states a number or a name but cites no passage as unsupported, and a citation of a passage that was not
shown likewise; the retry then asks for citations.

A bound is where the grammar, not the model, ends a stretch of text: at it the model must cite (or stop) in
mid-sentence, and the words it was forced into there ("… was not willingto[3]") are not its answer;
`without_forced_ends` drops the unfinished sentence at each bound reached.
"""

from __future__ import annotations

import re
from functools import lru_cache

from survivorgraph.cypher.gbnf import Grammar, choice, literal

ABSTAIN = "The passages do not say"
# Bounded in words, not characters: a bound in characters made the model cite in the middle of a word when it
# reached it ("Natal[1] Bolton"), and the cut word is a name no passage holds.
TEXT_WORDS = 100   # words between two citations
TAIL_WORDS = 35    # after the last one (its full stop, a closing remark)
WORD_MAX = 40      # characters of one word (punctuation included)
_SPACE = r"[ \t\r\n]"
_WORD = r"[^\[\] \t\r\n]"


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
        "text": _words(TEXT_WORDS),
        "tail": _words(TAIL_WORDS),
        "word": f"{_WORD}{{1,{WORD_MAX}}}",
        "gap": f"{_SPACE}{{1,4}}",
        "abstain": f"{literal(ABSTAIN)} tail?",
    }
    terminals = {"text": _words_pattern(TEXT_WORDS), "tail": _words_pattern(TAIL_WORDS)}
    return Grammar(rules, terminals)


def _words(most: int) -> str:
    """1..`most` whole words with the spaces around them: a citation can only follow a word's end."""
    return f"gap? word (gap word){{0,{most - 1}}} gap?"


def _words_pattern(most: int) -> str:
    word, gap = f"{_WORD}{{1,{WORD_MAX}}}", f"{_SPACE}{{1,4}}"
    return f"(?:{gap})?{word}(?:{gap}{word}){{0,{most - 1}}}(?:{gap})?"


_CITATION = re.compile(r"(\[\d+\])")
_SENTENCE_END = re.compile(r"""[.!?]["')]?(?=\s|$)""")


def without_forced_ends(answer: str) -> tuple[str, list[str]]:
    """The answer without the unfinished sentence of each stretch that reached its bound (TEXT_WORDS before a
    citation, TAIL_WORDS after the last), and the words dropped. A stretch with no full stop is kept whole."""
    pieces = _CITATION.split(answer)
    dropped = []
    for i in range(0, len(pieces), 2):
        bound = TAIL_WORDS if i == len(pieces) - 1 else TEXT_WORDS
        if len(pieces[i].split()) < bound:
            continue
        ends = list(_SENTENCE_END.finditer(pieces[i]))
        if ends and pieces[i][ends[-1].end():].strip():
            dropped.append(pieces[i][ends[-1].end():].strip())
            pieces[i] = pieces[i][:ends[-1].end()] + " "
    return "".join(pieces).strip(), dropped
