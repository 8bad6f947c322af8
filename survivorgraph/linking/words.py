"""Words of a question as entity linking sees them, and when a word may be read as a name.

Tokens keep their offsets, capitalisation, sentence position and a possessive 's; keys are lower-case
without dots ("J.T." -> "jt") so aliases and questions meet on the same form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Words of the names in the survivoR data that are also lower-case English words (from a dictionary
# pass over the US 1-49 names): as one-word names they need a capital letter, mid-sentence.
COMMON_WORD_NAMES = frozenset("""
ace all alley amazon amber amour apart at b ball bear beck been bell berg berry bill billy black bland blood bob
bobby boo bowman brad bright brook brown browning bunch butch c carmine chad charity chase chicken china clay
clement cliff cloud coach colleen cook coon cooper cox crews crystal dale dawn dean den dill dirk dolly drake drew
earl edge extinction fang favor fields ford foster fox frank freeman gabby game garrison gee gen genie gentry ghost
god goldsmith grant gray h hall hatch hawk healers heather herd heroes holly hope hunter hustlers idols ii island
islands j jack jay jimmy john josh k ken knight l la laurel law lea lee linden long lynch m ma man maria mark martin
mason masters matt max merged mike miller mills misty moon moss newton nick noble noel none o of ogle one outback
outcasts p pacific papa paschal pat pearl penny peter petty pinto powers purple q randy rector redemption reed rice
rick rob rocker rocky roger rogers rose roses s sage saint sally sandy sash savage savannah scout sergeant sexton
shallow shields shirk shoulders sierra sims sly smith snow so soda sol south star stars struck sue sugar survivor
swan t tang tanner teeny terry the to tom tony trainer trimming troy tuna turner twine van via villains vs wade
walker wanner war ward water waters welch wheeler white wilder will winners wolf woo wood woodcock world worlds
wright x yam young jury""".split())
HOST_NAMES = frozenset({"jeff", "probst", "jeff probst"})   # "Jeff" in a question is the host
IGNORED_TRIBES = frozenset({"None"})                          # survivoR's placeholder, not a tribe
# After a one-word name at the start of a sentence, these make it a person ("Chase won …").
PERSON_VERBS = frozenset("won wins played plays voted quit finished competed returned received lost made".split())
# Name words that are capitalised anyway in English ("on Sunday", "in English"): they need a strong signal.
PROPER_WORDS = frozenset(("january february march april may june july august september october november december "
                          "monday tuesday wednesday thursday friday saturday sunday english american america god"
                          ).split())
# Capitalised words of the show's own vocabulary: never fuzzy-matched to a name.
VOCABULARY = frozenset("survivor season seasons tribe tribes tribal council immunity idol idols reward challenge "
                       "challenges jury juror jurors merge merged final finale castaway castaways player players "
                       "episode episodes winner winners vote votes voted exile island advantage fire boot sole "
                       "which what when where who whom whose why how list name show give tell".split())
TWIST_SEASONS = frozenset({"redemption island", "edge of extinction", "island of the idols", "ghost island"})

_UNITS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen " \
         "seventeen eighteen nineteen".split()
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60}
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
             "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
             "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
             "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50}
_WORD = re.compile(r"[^\W_]+(?:[.'’][^\W_]+)*\.?")
NUMBER_TOKEN = re.compile(r"(?:(?P<prefix>us|s)(?P<n>\d{1,3})|#?(?P<m>\d{1,3})(?P<ord>st|nd|rd|th)?)", re.IGNORECASE)


@dataclass
class Word:
    text: str
    key: str
    start: int
    end: int                  # excluding a possessive 's
    capital: bool
    sentence_start: bool
    possessive: bool


def word_key(word: str) -> str:
    key = word.lower().replace("’", "'").replace(".", "")
    return {"v": "vs", "versus": "vs"}.get(key, key)


def split_words(text: str) -> list[Word]:
    words: list[Word] = []
    for m in _WORD.finditer(text):
        raw, end = m.group(), m.end()
        if raw.endswith(".") and "." not in raw[:-1] and len(raw) > 3:
            raw, end = raw[:-1], end - 1   # a full stop, not an initial ("Cagayan." vs "J.T.", "Jr.")
        possessive = bool(re.search(r"['’]s$", raw, re.IGNORECASE))
        if possessive:
            raw, end = raw[:-2], end - 2
        gap = text[words[-1].end:m.start()] if words else ""
        starts = not words or bool(re.search(r"[.?!:;\n\"“(]", gap))
        words.append(Word(raw, word_key(raw), m.start(), end, raw[:1].isupper(), starts, possessive))
    return words


def alias_keys(alias: str) -> tuple[str, ...]:
    return tuple(word_key(w.text) for w in split_words(alias))



def accepted(span: list[Word], signal: bool, strong: bool, lenient_multiword: bool = False) -> float:
    """0 when the words should not be read as a name; else a confidence factor (1.0 or 0.9)."""
    if len(span) > 1:
        plain_words = all(w.key in COMMON_WORD_NAMES for w in span)
        written_as_name = all(w.capital or w.key in ("vs", "of", "the", "at", "del", "de", "la") for w in span)
        if plain_words and signal and not written_as_name and not lenient_multiword:
            return 0.0
        return 1.0 if written_as_name or not plain_words else 0.9
    w = span[0]
    if len(w.key) < 2:  # a one-letter name ("Q") only as a capital inside a sentence, never "I" or "a"
        return 1.0 if w.capital and signal and not w.sentence_start and w.key.isalpha() and w.key not in "ia" \
            else 0.0
    capital = signal and w.capital
    if w.key in PROPER_WORDS:
        return 0.9 if strong else 0.0
    if w.key in COMMON_WORD_NAMES:
        if capital and not w.sentence_start:
            return 1.0
        return 0.9 if strong and (capital or not signal) else 0.0
    if capital:
        return 1.0
    return 0.9 if len(w.key) >= 4 else 0.0


def cardinal_at(words: list[Word], j: int) -> tuple[int, int] | None:
    if j >= len(words):
        return None
    key = words[j].key
    if key.isdigit():
        return int(key), j + 1
    if key in _TENS:
        unit = words[j + 1].key if j + 1 < len(words) else ""
        if unit in _UNITS[1:10]:
            return _TENS[key] + _UNITS.index(unit), j + 2
        return _TENS[key], j + 1
    if key in _UNITS[1:]:
        return _UNITS.index(key), j + 1
    return None


def ordinal_at(words: list[Word], j: int) -> tuple[int, int] | None:
    key = words[j].key
    m = re.fullmatch(r"(\d{1,3})(st|nd|rd|th)", key)
    if m:
        return int(m.group(1)), j + 1
    if key in _TENS and j + 1 < len(words) and words[j + 1].key in _ORDINALS and _ORDINALS[words[j + 1].key] < 10:
        return _TENS[key] + _ORDINALS[words[j + 1].key], j + 2
    if key in _ORDINALS:
        return _ORDINALS[key], j + 1
    return None


def more_numbers(question: str, words: list[Word], j: int, numbers: list[int]) -> tuple[list[int], int, str]:
    """After "seasons 41": ", 42 and 45" (a list) or "-45" / "to 45" / "through 45" (a range)."""
    if j < len(words):
        gap = question[words[j - 1].end:words[j].start].strip()
        if gap in ("-", "–", "—") or words[j].key in ("to", "through", "thru", "until"):
            k = j if gap in ("-", "–", "—") else j + 1
            last = cardinal_at(words, k)
            if last and numbers[0] < last[0] <= numbers[0] + 60:
                return list(range(numbers[0], last[0] + 1)), last[1], "range"
    while j < len(words):
        gap = question[words[j - 1].end:words[j].start]
        k = j + 1 if words[j].key in ("and", "or") else j if "," in gap else None
        following = cardinal_at(words, k) if k is not None else None
        if following is None:
            break
        numbers.append(following[0])
        j = following[1]
    return numbers, j, "list"

