"""Finding people, seasons, numbers and phrases in free text (answers, rows, passages).

People are matched through every name survivoR knows them by (`ingest.aliases.person_aliases`, the same
aliases the graph's `Player.aliases` hold): full names case-insensitively; a one-word name (a first name,
a last name, a nickname) only when it belongs to exactly one person in scope and is written with a capital
(and, for a name that is also an English word, not at the start of a sentence).
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass

from evaluation.data import GoldData
from survivorgraph.linking.words import COMMON_WORD_NAMES, split_words

_UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
          "sixteen seventeen eighteen nineteen").split()
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
# "5th place" answers "what place": an ordinal's number counts (not "5x" or "s47")
_NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:st|nd|rd|th)?(?![\w])")
_NUMBER_WORD = re.compile(r"\b(" + "|".join(list(_TENS) + _UNITS) + r")(?:[- ](" + "|".join(_UNITS[1:10]) + r"))?\b",
                          re.IGNORECASE)
_SEASON_REF = re.compile(r"\b(?:seasons?|s|survivor:?|us)\s*[:#]?\s*(\d{1,2})\b((?:\s*(?:,|and|&|or)\s*\d{1,2}\b)*)",
                         re.IGNORECASE)
_NOT_NAMES = frozenset({"survivor", "season", "tribe", "jury", "episode", "the", "sole", "final"})


def fold(text: str) -> str:
    """Lower case, no accents, punctuation as spaces: 'Diaz-Twine' -> 'diaz twine'."""
    text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode()
    return " " + re.sub(r"[^a-z0-9]+", " ", text.lower()).strip() + " "


def contains_phrase(haystack: str, phrase: str) -> bool:
    needle = fold(phrase).strip()
    return bool(needle) and f" {needle} " in fold(haystack)


def contains_prefix(haystack: str, word: str) -> bool:
    """A keyword, also as the start of a longer word ('evacuat' in 'evacuated')."""
    needle = fold(word).strip()
    return bool(needle) and f" {needle}" in fold(haystack)


def numbers_in(text: str) -> list[float]:
    found: list[tuple[int, float]] = []
    for m in _NUMBER.finditer(text):
        value = float(m.group(1).replace(",", "") + (f".{m.group(2)}" if m.group(2) else ""))
        found.append((m.start(), value))
    for m in _NUMBER_WORD.finditer(text):
        head = m.group(1).lower()
        value = _TENS.get(head, _UNITS.index(head) if head in _UNITS else 0)
        if m.group(2):
            value += _UNITS.index(m.group(2).lower())
        found.append((m.start(), float(value)))
    return [v for _, v in sorted(found)]


@dataclass(frozen=True)
class Mention:
    start: int
    ids: frozenset[str]


class Matcher:
    """People and seasons of one scope, found in text."""

    def __init__(self, g: GoldData):
        self.g = g
        owners: dict[tuple[str, ...], set[str]] = defaultdict(set)
        for cid, alias in zip(g.aliases["castaway_id"], g.aliases["alias"]):
            key = tuple(w.key for w in split_words(alias))
            if key and not (len(key) == 1 and (len(key[0]) < 3 or key[0] in _NOT_NAMES)):
                owners[key].add(cid)
        self.people = {k: frozenset(v) for k, v in owners.items() if len(k) > 1 or len(v) == 1}
        self.longest = max(len(k) for k in self.people)
        seasons: dict[tuple[str, ...], int] = {}
        for number, alias in zip(g.season_aliases["season"], g.season_aliases["alias"]):
            if not re.search(r"\d", alias):
                seasons[tuple(w.key for w in split_words(alias))] = int(number)
                seasons[tuple(w.key for w in split_words(f"Survivor: {alias}"))] = int(number)
        self.season_names = seasons
        self.ids = set(g.cast["castaway_id"])

    # -- people ---------------------------------------------------------------------------------
    def people_in(self, text: str) -> list[Mention]:
        """Person mentions in reading order (longest alias first at each word)."""
        words = split_words(text)
        out: list[Mention] = []
        i = 0
        while i < len(words):
            for n in range(min(self.longest, len(words) - i), 0, -1):
                key = tuple(w.key for w in words[i:i + n])
                ids = self.people.get(key)
                if ids is None or (n == 1 and not self._one_word_ok(words[i])):
                    continue
                out.append(Mention(words[i].start, ids))
                i += n
                break
            else:
                i += 1
        for m in re.finditer(r"\bUS\d{4}\b", text):  # castaway ids in rows
            if m.group() in self.ids:
                out.append(Mention(m.start(), frozenset([m.group()])))
        return sorted(out, key=lambda m: m.start)

    @staticmethod
    def _one_word_ok(word) -> bool:
        if not word.capital:
            return False
        return not (word.key in COMMON_WORD_NAMES and word.sentence_start)

    def person_ids(self, text: str) -> set[str]:
        return {i for m in self.people_in(text) for i in m.ids}

    # -- seasons --------------------------------------------------------------------------------
    def seasons_in(self, text: str) -> list[int]:
        """Season numbers in reading order: 'season 28', 'S28', 'seasons 2, 12 and 16', 'Cagayan'."""
        found: list[tuple[int, int]] = []
        for m in _SEASON_REF.finditer(text):
            found.append((m.start(), int(m.group(1))))
            found += [(m.start(2), int(n)) for n in re.findall(r"\d{1,2}", m.group(2) or "")]
        words = split_words(text)
        i = 0
        while i < len(words):
            for n in range(min(6, len(words) - i), 0, -1):
                number = self.season_names.get(tuple(w.key for w in words[i:i + n]))
                if number is not None and (n > 1 or words[i].capital):
                    found.append((words[i].start, number))
                    i += n
                    break
            else:
                i += 1
        return [n for _, n in sorted(found)]


def without_first(values: list, remove: list) -> list:
    """`values` less one occurrence of each item of `remove` (a number echoed from the question)."""
    values = list(values)
    for item in remove:
        if item in values:
            values.remove(item)
    return values
