"""What a challenge involved, as people say it: the words of a question that name one of survivoR's challenge
features (a challenge_description column, or the start of several: "puzzle" is every puzzle_* column)."""

from __future__ import annotations

import re

# (words, feature), the more specific first: "slide puzzle" is puzzle_slide before it is a puzzle
FEATURES = [
    (r"\bslid(e|ing)[- ]puzzles?\b", "puzzle_slide"), (r"\bword (puzzles?|scrambles?|games?)\b", "puzzle_word"),
    (r"\bpuzzles?\b", "puzzle"), (r"\bswim\w*\b", "water_swim"),
    (r"\bpaddl\w*|\bkayak\w*|\bboats?\b", "water_paddling"),
    (r"\bwater\b", "water"), (r"\bbalanc\w*\b", "balance"), (r"\bmazes?\b", "maze"), (r"\bendurance\b", "endurance"),
    (r"\bblindfold\w*\b", "obstacle_blindfolded"), (r"\bdig(ging)?\b", "obstacle_digging"),
    (r"\bmemor\w*\b", "memory"), (r"\bknowledge\b|\btrivia\b|\bquiz\w*\b", "knowledge"),
    (r"\bslingshots?\b", "precision_slingshot"), (r"\bthrow\w*\b|\baim\b|\bprecision\b", "precision"),
    (r"\bmud\b", "mud"), (r"\bstrength\b", "strength"), (r"\bfood\b|\beating\b", "food"), (r"\bfire\b", "fire"),
    (r"\bknots?\b", "obstacle_knots"), (r"\bcargo nets?\b", "obstacle_cargo_net"),
    (r"\bchop\w*\b", "obstacle_chopping"),
]
_CHALLENGE = re.compile(r"\bchallenges?\b", re.I)
# Not what a challenge involved: the final four's fire-making duel, throwing (losing on purpose) a challenge
_OTHER_SENSE = re.compile(r"\bfire[- ]?mak\w*|\bmak\w* fire\b|\bthr[eo]w\w*( \w+){0,2} challenges?\b", re.I)


def first_feature(text: str) -> str | None:
    """The feature a question about challenges names, the most specific when it names several."""
    return next((name for pattern, name in FEATURES if re.search(pattern, text, re.I)), None)


def feature_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, feature) of each feature the text names, in the text's order, when it speaks of challenges;
    words a more specific feature claimed are not read again."""
    if not _CHALLENGE.search(text):
        return []
    masked = _OTHER_SENSE.sub(lambda m: " " * len(m.group(0)), text)
    found: list[tuple[int, int, str]] = []
    for pattern, name in FEATURES:
        def claim(m: re.Match, name: str = name) -> str:  # read once, then blanked for the patterns after it
            found.append((m.start(), m.end(), name))
            return " " * len(m.group(0))

        masked = re.sub(pattern, claim, masked, flags=re.I)
    return sorted(found)
