"""The answer's checkable claims, each looked for in the evidence it was written from.

A small model adds numbers and names the rows or passages never held ("Jeff Probst found 2 idols" from rows
about someone else). `unsupported_claims(answer, evidence)` finds them: the numbers an answer states (digits
and number words) and the names (runs of capitalised words: people, tribes, seasons, places), each compared
with the evidence's numbers and words, and the seasons it places things in ("in the 14th season"), each compared
with the seasons the evidence is about. The check is lenient by design — a name is supported when each of its
words is in the evidence, a number when the evidence holds it (or its rounding, or it as a percentage), or it
counts the rows — because a false alarm withholds a right answer; what it flags is a fact the evidence lacks.

An answer to a ranking question ("who received the most votes") is checked for its order too: when the query
sorted its rows by a number column, the answer must name someone of the first rows (the top and its ties), not
only someone the rows hold ("Sarah Lacina, with 2 votes" where the rows put Stephen Fishbach first with 4).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from queries.catalog import load_catalog
from survivorgraph.agent.templates import template_words
from survivorgraph.cypher.ordering import ranking_column
from survivorgraph.retrievers.answering import asks_for_a_ranking
from survivorgraph.retrievers.citations import ABSTAIN
from survivorgraph.season_columns import holds_seasons, season_numbers

NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
                "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
                "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40,
                "fifty": 50, "twice": 2, "thrice": 3, "once": 1, "single": 1}
# "one" is left out: "one of the", "no one", "the one who" are not counts.
_NUMBER = re.compile(r"(?<![\w.\[])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\w\]])")  # not a citation's [2]
_NUMBER_WORD = re.compile(r"\b(" + "|".join(NUMBER_WORDS) + r")\b", re.I)
# A name: capitalised words, joined by the lowercase words names carry ("Edge of Extinction", "Heroes vs.
# Villains", "Jerri Manthey", "Sandra Diaz-Twine", "Jean-Robert", "O'Brien"). A period belongs to a short word only
# (an initial, "Jr.", "St."): after a longer word it ends the sentence ("… Redemption Island. From the data …").
_CAP = r"(?:[A-Z][\w'’\-]{0,2}\.|[A-Z][\w'’\-]*)"
_NAME = re.compile(rf"{_CAP}(?:\s+(?:(?:of|the|and|at|on|vs\.?|de|van|von|la|del|da)\s+)*{_CAP})*")
_WORD = re.compile(r"[a-z0-9]+")
_CITATION = re.compile(r"\[(\d+)\]")
# A season the answer places something in ("in season 14", "the 14th season"): its number must be a season of the
# evidence, not only some number of it ("14th voted out" of season 16 is no season 14).
_ORDINAL_SEASON = r"\b(\d{1,2})(?:st|nd|rd|th)\s+season\b"
# "season 16", "the 14th season", and a list after the plural ("seasons 16, 20 and 40"): each number is checked.
_SEASON_NUMBER = r"\d{1,2}\b(?![.,]\d)"
_SEASON_CLAIM = re.compile(rf"\bseason(s)?\s+{_SEASON_NUMBER}"
                           rf"(?(1)(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+){_SEASON_NUMBER})*)|{_ORDINAL_SEASON}",
                           re.I)
_SEASON_NAMED = re.compile(rf"\b(?:season|survivor:?)\s+(\d{{1,2}})\b|\bs(\d{{1,2}})\b|{_ORDINAL_SEASON}", re.I)

# Capitalised words an answer uses that are not claims about the data: the show's own vocabulary and the words
# a sentence starts with.
SHOW_TERMS = {"survivor", "season", "seasons", "episode", "episodes", "tribal", "council", "immunity", "idol",
              "idols", "hidden", "reward", "challenge", "challenges", "jury", "juror", "jurors", "final", "merge",
              "merged", "castaway", "castaways", "player", "players", "winner", "winners", "sole", "tribe", "tribes",
              "vote", "votes", "advantage", "advantages", "finalist", "finalists", "host", "ftc", "fire", "making",
              "us", "usa", "cbs", "tv", "show", "series", "day", "days", "individual", "part", "answer", "data",
              "evidence", "passage", "passages", "note", "rows", "row", "query", "yes", "no", "none", "unknown",
              "not", "n/a", "na", "mr", "ms", "mrs", "dr", "ok", "i", "ii", "iii", "iv",
              # a date's words: its numbers are the claim
              "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
              "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}


@cache
def show_terms() -> frozenset[str]:
    """SHOW_TERMS and the words the catalog's answer templates write around their fields ("IMDb rating
    {imdb_rating}"): a composed answer's own phrasing, not a claim about the data."""
    catalog = load_catalog()
    forms = [catalog.get(name).answer for name in catalog.names()]
    templates = [t for f in forms if f for t in (f.one, f.each, f.many, *f.count.values()) if t]
    return frozenset(SHOW_TERMS) | {w.lower() for t in templates for w in template_words(t)}


LEADING_WORDS = {"the", "a", "an", "in", "on", "at", "after", "before", "during", "from", "by", "with", "for", "of",
                 "to", "as", "and", "but", "or", "so", "then", "he", "she", "they", "it", "his", "her", "their",
                 "its", "this", "that", "these", "those", "there", "here", "who", "what", "which", "when", "where",
                 "why", "how", "both", "each", "every", "all", "some", "most", "many", "only", "also", "while",
                 "although", "because", "since", "however", "yes", "no", "according", "based", "overall", "total",
                 "among", "between", "out", "over", "under", "one", "first", "second", "third", "last", "later",
                 "eventually", "ultimately", "finally", "instead", "if", "unfortunately", "sadly", "we",
                 "you", "i", "my", "our", "none", "nobody", "neither", "either", "other", "another", "several",
                 "she's", "he's", "it's", "they're", "there's", "that's", "was", "were", "is", "are", "had", "has",
                 "did", "do", "does", "won", "lost", "voted", "played", "received", "answer", "sorry"}


@dataclass(frozen=True)
class Claim:
    text: str       # as the answer wrote it
    kind: str       # number | name | season | citation | uncited (no citation where one is required) | rank (below)
    note: str = ""  # a rank claim: what the rows put first instead


@dataclass
class Evidence:
    """What an answer may draw on: the rows, the passages (as shown to the model) and the question itself."""

    rows: Sequence[dict[str, Any]] = ()
    passages: Sequence[str] = ()
    question: str = ""
    cited: int = 0   # how many numbered passages or sentences the model was shown ([1] … [cited])
    # The answer must cite a passage for what it states (an answer from passages only: retrievers.citations)
    requires_citation: bool = False
    # The rows' column a ranking question is answered from the top of (`ranked_by`), when the rows are sorted by it
    ranked_by: str | None = None

    @classmethod
    def of_result(cls, result: dict[str, Any]) -> Evidence:
        """The evidence of a stored result (`RetrievalResult.to_dict()`): its rows and passages."""
        found = result.get("evidence") or {}
        chunks = found.get("chunks") or []
        rows, question = found.get("rows") or [], result.get("question", "")
        ran = [a for a in found.get("cypher") or [] if not a.get("error")]
        return cls(rows=rows, passages=[passage_text(c) for c in chunks], question=question, cited=len(chunks),
                   requires_citation=result.get("mode") == "traditional" and bool(chunks),
                   ranked_by=ranked_by(question, ran[-1].get("cypher", ""), rows)
                   if result.get("mode") == "graph" and ran else None)

    def words(self) -> set[str]:
        return set(_WORD.findall(self._text().lower()))

    def numbers(self) -> set[float]:
        found = {_as_number(m) for m in _NUMBER.findall(self._text())}
        found |= {float(NUMBER_WORDS[w.lower()]) for w in _NUMBER_WORD.findall(" ".join([self.question,
                                                                                      *self.passages]))}
        for value in _values(self.rows):
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                found.add(float(value))
        found |= {float(len(v)) for row in self.rows for v in row.values() if isinstance(v, (list, tuple))}
        if len(self.rows) > 1:  # a list's length, and the number of distinct items in a column, are its counts
            found.add(float(len(self.rows)))
            for column in {c for row in self.rows for c in row}:
                found.add(float(len({str(r.get(column)) for r in self.rows if r.get(column) is not None})))
        return found

    def seasons(self) -> set[int]:
        """The seasons the evidence is about: the rows' season columns, the seasons its passages are labelled with
        or name ("season 16", "Survivor 46"), and any number of the question (it may name a season by number)."""
        text = self._text()
        found = {int(n) for m in _SEASON_NAMED.finditer(text) for n in m.groups() if n}
        found |= {int(n) for m in _SEASON_CLAIM.finditer(text) for n in re.findall(r"\d{1,2}", m.group(0))}
        found |= {int(n) for n in re.findall(r"\b\d{1,2}\b", self.question)}
        for row in self.rows:
            for column, value in row.items():
                if holds_seasons(column):
                    found |= set(season_numbers(value))
        return found

    def _text(self) -> str:
        return " ".join([self.question, *self.passages, *(str(v) for v in _values(self.rows))])


def passage_text(chunk: Any) -> str:
    """A passage as the model is shown it: its title, season and episode (the prompt labels each passage with
    them) and its text. `chunk`: a ChunkEvidence or its dict."""
    get = chunk.get if isinstance(chunk, dict) else lambda key, default=None: getattr(chunk, key, default)
    where = " ".join(f"{label} {get(label)}" for label in ("season", "episode") if get(label) is not None)
    return f"{get('title', '') or ''} {where} {get('text', '') or ''}"


def _values(rows: Sequence[dict[str, Any]]) -> Iterable[Any]:
    for row in rows:
        for value in row.values():
            yield from value if isinstance(value, (list, tuple)) else (value,)


def _as_number(text: str) -> float:
    return float(text.replace(",", ""))


def claims_in(answer: str) -> list[Claim]:
    """The numbers, names, seasons and citations an answer states, in the order it states them, each once."""
    found = [(m.start(), Claim(m.group(0), "number")) for m in _NUMBER.finditer(answer)]
    found += [(m.start(), Claim(m.group(0), "number")) for m in _NUMBER_WORD.finditer(answer)]
    for match in _NAME.finditer(answer):
        name = _strip_name(match.group(0), at_sentence_start=_starts_sentence(answer, match.start()))
        if name:
            found.append((match.start(), Claim(name, "name")))
    found += [(m.start(), Claim(m.group(0), "citation")) for m in _CITATION.finditer(answer)]
    found += [(m.start(), Claim(m.group(0), "season")) for m in _SEASON_CLAIM.finditer(answer)]
    return list(dict.fromkeys(claim for _, claim in sorted(found, key=lambda f: f[0])))


def seasons_of(claim: Claim) -> list[int]:
    return [int(n) for n in re.findall(r"\d{1,2}", claim.text)]


def _starts_sentence(text: str, index: int) -> bool:
    before = text[:index].rstrip()
    return not before or before[-1] in ".!?:;\n-—•*(\"'“"


def _strip_name(name: str, at_sentence_start: bool) -> str:
    """The name without the show's words and a sentence's opening word ("The Tagi tribe" -> "Tagi")."""
    words, terms = name.split(), show_terms()
    opening = LEADING_WORDS | terms | NUMBER_WORDS.keys()
    closing = terms | {"of", "the", "and", "at", "on", "vs", "vs."}
    while words and words[0].lower().strip(".") in opening:
        words.pop(0)
    while words and words[-1].lower().strip(".") in closing:
        words.pop()
    if not words or all(w.lower().strip(".'’") in terms for w in words):
        return ""
    if at_sentence_start and len(words) == 1 and name.split()[0] == words[0] and words[0].lower() in _COMMON:
        return ""
    return " ".join(words)


# Ordinary words that open a sentence capitalised and are no name (beyond LEADING_WORDS).
_COMMON = {"because", "unfortunately", "yes", "no", "sorry", "sure", "here", "although", "despite", "overall",
           "answer", "question", "note", "however", "meanwhile", "later", "also", "therefore", "thus", "hence"}


def supported(claim: Claim, evidence: Evidence, words: set[str] | None = None,
              numbers: set[float] | None = None, seasons: set[int] | None = None) -> bool:
    if claim.kind == "season":
        held = evidence.seasons() if seasons is None else seasons
        return all(season in held for season in seasons_of(claim))
    if claim.kind == "citation":
        return 1 <= int(claim.text.strip("[]")) <= evidence.cited
    if claim.kind == "number":
        value = float(NUMBER_WORDS[claim.text.lower()]) if claim.text.lower() in NUMBER_WORDS else \
            _as_number(claim.text)
        return _number_held(value, evidence.numbers() if numbers is None else numbers)
    held = evidence.words() if words is None else words
    return all(t in held or _possessive(t) in held for t in _name_words(claim))


def _name_words(claim: Claim) -> list[str]:
    """The words a name claim must find in the evidence: less the show's words and the joiners ("of", "the")."""
    return [t for t in _WORD.findall(claim.text.lower()) if t not in show_terms() and t not in _JOINERS]


_JOINERS = {"of", "the", "and", "at", "on", "vs", "de", "van", "von", "la", "del", "da", "s"}


def _possessive(token: str) -> str:
    return token[:-1] if token.endswith("s") else token


def _number_held(value: float, numbers: set[float]) -> bool:
    if any(math.isclose(value, n, abs_tol=1e-9) for n in numbers):
        return True
    # rounded ("55.6" -> 56 or 55.6), or a share said as a percentage (0.667 -> 67%)
    return any(abs(n - value) < 0.5 or abs(round(n, 1) - value) < 0.05 or abs(n * 100 - value) < 0.5
               for n in numbers if not float(n).is_integer())


UNCITED = Claim("no passage cited", "uncited")


def unsupported_claims(answer: str, evidence: Evidence) -> list[Claim]:
    """The answer's claims the evidence does not hold (see the module docstring); where the evidence requires
    citations, an answer stating a number, a name or a season without citing any passage gets UNCITED too."""
    words, numbers, seasons = evidence.words(), evidence.numbers(), evidence.seasons()
    claims = claims_in(answer)
    missing = [c for c in claims if not supported(c, evidence, words, numbers, seasons)]
    missing += misranked([c for c in claims if c not in missing], evidence)
    if evidence.requires_citation and not answer.lstrip().startswith(ABSTAIN) and \
            not any(c.kind == "citation" for c in claims) and any(c.kind in ("number", "name", "season")
                                                                  for c in claims):
        missing.append(UNCITED)
    return missing


def ranked_by(question: str, cypher: str, rows: Sequence[dict[str, Any]]) -> str | None:
    """The column whose first rows answer `question`: the query's first sort key, when the question asks for a
    ranking and every row holds a number there."""
    if len(rows) < 2 or not asks_for_a_ranking(question):
        return None
    column = ranking_column(cypher, list(rows[0]))
    if column is None or not all(isinstance(r.get(column), (int, float)) and not isinstance(r.get(column), bool)
                                 for r in rows):
        return None
    return column


def misranked(claims: Sequence[Claim], evidence: Evidence) -> list[Claim]:
    """A rank claim for the first name the answer takes from the rows when none it takes is of the top rows."""
    column = evidence.ranked_by
    if not column:
        return []
    rows = evidence.rows
    top = rows[0][column]
    found = [(c, _rows_naming(c, rows)) for c in claims if c.kind == "name"]
    found = [(c, hits) for c, hits in found if hits]
    if not found or any(rows[i][column] == top for _, hits in found for i, _ in hits):
        return []
    claim, hits = found[0]
    where = hits[0][1]
    return [Claim(claim.text, "rank", f"the rows, ordered by {column}, put {rows[0].get(where)} first "
                                       f"({column} {top})")]


def _rows_naming(claim: Claim, rows: Sequence[dict[str, Any]]) -> list[tuple[int, str]]:
    """(row, column) of each text value that holds every word of the name."""
    tokens = set(_name_words(claim))
    if not tokens:
        return []
    return [(i, column) for i, row in enumerate(rows) for column, value in row.items()
            if isinstance(value, str) and tokens <= set(_WORD.findall(value.lower()))]


def describe(claims: Sequence[Claim]) -> str:
    return ", ".join(f"'{c.text}'" for c in claims)
