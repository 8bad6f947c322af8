"""Answers written from numbered passages cite them: "[2]" after what passage 2 says.

Two sides of one rule. Where the provider enforces a grammar (llama.cpp), `citation_grammar(n)` makes the model
write its answer as text and citations of passages 1..n — at least one — or open with ABSTAIN to say the
passages do not answer (then it cites nothing). Everywhere, the claim check (retrievers.claims) counts an answer
that states a number or a name but cites no passage as unsupported, and a citation of a passage that was not
shown likewise; the retry then asks for citations.

A bound is where the grammar, not the model, ends a stretch of text: at it the model must cite (or stop) in
mid-sentence, and the words it was forced into there ("… was not willingto[3]") are not its answer;
`without_forced_ends` drops the unfinished sentence at each bound reached.

The grammar's words are spelt in the evidence's alphabet (`alphabet`): ASCII, Latin letters and punctuation, and
any other character the question or the passages use. The small Qwen writer drifts into Chinese mid-answer
("… but Heidi leaked this,导致chaos."): words no passage holds, which the claim check, reading names and numbers,
does not see.
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
# A word's characters whatever the evidence: printable ASCII but the citation's brackets, Latin-1 and Latin
# Extended-A/B letters (é, ñ, ł), general punctuation (’ “ — …).
_BASE_ALPHABET = r"!-Z\\^-~\u00A0-\u024F\u2000-\u206F"
_BASE_CHARS = re.compile(f"[{_BASE_ALPHABET}]")


def alphabet(*texts: str) -> str:
    """The characters of `texts` a word may use beyond the base alphabet, sorted (a grammar's cache key)."""
    return "".join(sorted({ch for text in texts for ch in text
                           if not ch.isspace() and ch not in "[]" and ch.isprintable()
                           and not _BASE_CHARS.match(ch)}))


@lru_cache(maxsize=32)
def citation_grammar(passages: int, extra_characters: str = "") -> Grammar:
    """Text with citations of passages 1..`passages` (at least one), or the abstention; its words spelt in the base
    alphabet and `extra_characters` (`alphabet(question, *passages)`)."""
    if passages < 1:
        raise ValueError("a citation grammar needs at least one passage")
    word_class = "[" + _BASE_ALPHABET + "".join(f"\\u{ord(ch):04X}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08X}"
                                              for ch in extra_characters) + "]"
    rules = {
        "root": "cited | abstain",
        "cited": "text? cite+ (text cite+)* tail?",
        "cite": '"[" number "]"',
        "number": choice(literal(str(i)) for i in range(1, passages + 1)),
        "text": _words(TEXT_WORDS),
        "tail": _words(TAIL_WORDS),
        "word": f"{word_class}{{1,{WORD_MAX}}}",
        "gap": f"{_SPACE}{{1,4}}",
        "abstain": f"{literal(ABSTAIN)} tail?",
    }
    terminals = {"text": _words_pattern(TEXT_WORDS, word_class), "tail": _words_pattern(TAIL_WORDS, word_class)}
    return Grammar(rules, terminals)


def _words(most: int) -> str:
    """1..`most` whole words with the spaces around them: a citation can only follow a word's end."""
    return f"gap? word (gap word){{0,{most - 1}}} gap?"


def _words_pattern(most: int, word_class: str) -> str:
    word, gap = f"{word_class}{{1,{WORD_MAX}}}", f"{_SPACE}{{1,4}}"
    return f"(?:{gap})?{word}(?:{gap}{word}){{0,{most - 1}}}(?:{gap})?"


_CITATION = re.compile(r"(\[\d+\])")
_SENTENCE_END = re.compile(r"""[.!?]["')”’]?(?=\s|$)""")


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
