"""What the router reads: a question part with its named entities masked and the show's synonyms made canonical.

Rules match words ("idol", "winner", "second", "jury" …). Those words also occur inside names ("Island of the
Idols", "Winners at War", "Second Chance", a tribe called "Villains"), so the linked mentions are masked first:
a season becomes "season N", a person "P1", "P2" …, a tribe "T1". Then a small domain lexicon rewrites the many
ways viewers say one thing into the one form the rules know ("took the title", "was crowned" -> "won"; "got the
boot", "was sent packing" -> "voted out"; "whose name was written down most" -> "who received the most votes";
"the sixth episode" -> "episode 6"). The lexicon is about the show's language, never about particular questions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ORDINAL_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
                  "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
                  "fourteenth": 14, "fifteenth": 15, "sixteenth": 16}
_CARDINAL_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                   "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
                   "fifteen": 15, "sixteen": 16}
_ORD = "|".join(_ORDINAL_WORDS)
_CARD = "|".join(_CARDINAL_WORDS)


@dataclass(frozen=True)
class Mention:
    """A linked entity inside a part: its surface text and what kind it is ("season", "person", "tribe")."""

    text: str
    kind: str
    season: int | None = None


_PLACE = re.compile(r"\b(?:filmed|shot|held|set|located|take place|took place|taking place) in [^?;.]+", re.I)


def mask(text: str, mentions: list[Mention]) -> str:
    """Replace each mention's words by a neutral token, longest mention first, so no word of a name triggers
    a rule. Seasons become "season N" (what rules read for a season), people P1, P2 …, tribes T1, T2 …"""
    tokens: dict[str, str] = {}
    counters = {"person": 0, "tribe": 0}
    for m in sorted(mentions, key=lambda m: -len(m.text)):
        if not m.text.strip() or m.text in tokens:
            continue
        if m.kind == "season":
            if m.season is None or re.fullmatch(r"(?i)(?:the )?(?:seasons? |s|us)?#?\d{1,3}(?:st|nd|rd|th)?"
                                                r"(?: season)?", m.text.strip()):
                continue  # already a number: nothing in it can trigger a rule
            tokens[m.text] = f"season {m.season}"
        elif m.kind in counters:
            counters[m.kind] += 1
            tokens[m.text] = f"{m.kind[0].upper()}{counters[m.kind]}"
    # A season's name after "filmed in" is the place ("the season filmed in the Pearl Islands, Panama"): kept.
    places = [m.span() for m in _PLACE.finditer(text)]
    for surface, token in tokens.items():
        text = re.sub(rf"(?<![\w]){re.escape(surface)}(?![\w])",
                      lambda m, token=token, places=places: m.group(0) if any(a <= m.start() < b for a, b in places)
                      else token,
                      text)
        places = [m.span() for m in _PLACE.finditer(text)]
    # "the Survivor: season 28" / "Survivor season 28" -> "season 28"
    return re.sub(r"(?i)\b(?:the )?survivor:? (season \d+)", r"\1", text)


# (pattern, replacement), applied in order, case-insensitive. Each line is one way of saying a thing.
SYNONYMS: list[tuple[str, str]] = [
    # winning the game
    (r"\b(?:took|take|takes|taking) (?:home )?(?:the )?(?:title|crown|million(?: dollars)?|prize|top prize|"
     r"whole thing)\b", "won"),
    (r"\b(?:claimed|claim|clinched|clinch) (?:the )?(?:title|crown|victory|win|million)\b", "won"),
    (r"\bwalked away with (?:the )?(?:title|crown|million(?: dollars)?|prize|win)\b", "won"),
    (r"\bended up (?:winning|as the winner|being the winner|the winner)\b", "won"),
    (r"\b(?:was|were|got|get|been|being) crowned(?: the)?(?: sole survivor| winner| champion)?\b", "won"),
    (r"\b(?:came|come|comes) out on top\b|\bwon it all\b|\bemerged victorious\b", "won"),
    (r"\bfinally (won|win)\b", r"\1"),
    # leaving the game by vote
    (r"\b(?:got|get|gets|was|were) (?:the )?boot(?:ed)?(?: out)?\b|\b(?:got|was|were) sent packing\b"
     r"|\b(?:got|get|was|were) voted (?:off|out)\b|\b(?:got|was|were) snuffed\b", "was voted out"),
    (r"\b(?:his|her|their) torch (?:got |was )?snuffed\b", "was voted out"),
    (r"\b(?:get|gets) sent home\b", "was sent home"),
    (r"\bwent out\b", "left"), (r"\bgo out\b", "leave"), (r"\bgot out\b", "left"),
    # votes against a person
    (r"\bwhose name (?:got |was |has been |gets |is )?(?:written down|written) (?:the )?most\b",
     "who received the most votes"),
    (r"\b(?:had |has |have |got |get )?(?:his|her|their|the) names? (?:got |was |were |been )?written down\b",
     "received votes"),
    (r"\bname (?:got |was |were |been )?written down\b", "received votes"),
    # one person's vote for another: "write P2's name (down)", "wrote down P2"
    (r"\b(?:write|wrote|written|writes|writing) (?:down )?(P\d|T\d)['’]s name(?: down)?\b", r"vote for \1"),
    (r"\b(?:write|wrote|written|writes|writing) down (P\d)\b", r"vote for \1"),
    (r"\b(?:write|wrote|written|writes|writing) (?:down )?(his|her|their) name(?: down)?\b",
     lambda m: f"vote for {dict(his='him', her='her', their='them')[m.group(1).lower()]}"),
    # the most votes cast: "who wrote down the most names"
    (r"\b(?:wrote|written|write|writes) (?:down )?the most names\b", "cast the most votes"),
    # casting votes at all: "how many times has P1 written someone's name down"
    (r"\b(?:write|wrote|written|writes|writing) (?:down )?(?:someone|somebody|anyone|anybody|a person)['’]s name"
     r"(?: down)?\b|\b(?:write|wrote|written|writes|writing) (?:down )?(?:a|another) name(?: down)?\b", "voted"),
    # the votes that ended someone's game
    (r"\bwhose votes? (?:sent|got) (P\d) (?:home|out|packing)\b", r"who voted \1 out"),
    (r"\bwho (?:sent|got) (P\d) (?:home|out|packing)\b", r"who voted \1 out"),
    (r"\bvote[sd]? (?:cast )?against (him|her|them)\b", r"votes against \1"),
    # a juror's vote
    (r"\b(?:backed|supported|sided with|threw (?:their|his|her) (?:jury )?votes? (?:to|behind)|gave (?:their|his|her) "
     r"(?:jury )?votes? to|cast (?:their|his|her|a) (?:jury )?votes? for)\b", "voted for"),
    (r"\bwith (?:every|each|all(?: of)?(?: the)?) (?:single )?(?:jury )?votes?\b"
     r"|\bwith a (?:clean )?sweep of the jury\b"
     r"|\bwithout (?:losing|giving up|dropping) a (?:single )?(?:jury )?vote\b", "unanimously"),
    (r"\b(?:eventual|ultimate|actual) (winner|sole survivor)\b", r"\1"),
    # the end of the game
    (r"\bfinal tribal council\b|\bfinal tribal\b|\bftc\b", "final tribal council"),
    (r"\bjury (?:tally|count|result|results)\b|\bfinal (?:tally|count|vote count)\b", "final vote"),
    # the swap: "once the tribes were switched up", "when the tribes got shuffled"
    (r"\b(?:once|when|after) the tribes (?:were|got|had been) (?:switched|shuffled|mixed|swapped)(?: up| around)?\b",
     "after the tribe swap"),
    # the people at the merge: "how many were still in the game when season 28 merged"
    (r"\b(?:were |was )?(?:still )?(?:in the game|left|remaining|around|alive) (?:when|once|as) (season \d+|it|the "
     r"tribes?) merged\b", r"made the merge on \1"),
    (r"\b(?:were |was )?(?:still )?(?:in the game|left|remaining|around) at the merge\b", "made the merge"),
    # seasons a person played
    (r"\bcame back to play\b|\bcame back\b|\breturned to play\b", "returned"),
    # ordinals as words: "the sixth episode" -> "episode 6"
    (rf"\bthe ({_ORD}) episode\b", lambda m: f"episode {_ORDINAL_WORDS[m.group(1).lower()]}"),
    (r"\bthe (\d{1,2})(?:st|nd|rd|th) episode\b", r"episode \1"),  # "the 5th episode" (the 100th: rules.episodes)
    (rf"\bepisode ({_CARD})\b", lambda m: f"episode {_CARDINAL_WORDS[m.group(1).lower()]}"),
    (r"\bep\.? ?(\d{1,2})\b", r"episode \1"),
    # "the first season 14 boot" (a season name used as an adjective) -> "the first boot of season 14"
    (rf"\bthe ({_ORD}|last|final|\d{{1,2}}(?:st|nd|rd|th)) (season \d+) (boot|juror|person|castaway|player)\b",
     r"the \1 \3 of \2"),
    (r"\b(season \d+)'s (winner|sole survivor|champion|runner-up)\b", r"the \2 of \1"),
    (r"\bthe (season \d+) (winner|sole survivor|champion|runner-up)\b", r"the \2 of \1"),
]
_COMPILED = [(re.compile(p, re.I), r) for p, r in SYNONYMS]


def canonical(text: str) -> str:
    """The part in the rules' words (see SYNONYMS)."""
    for pattern, replacement in _COMPILED:
        text = pattern.sub(replacement, text)
    return " ".join(text.split())


def reading(text: str, mentions: list[Mention]) -> str:
    return canonical(mask(text, mentions))
