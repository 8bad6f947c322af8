"""The words of question shapes the rules share: numbers and ordinals, "at least N", exit types, negation,
"the Nth person out", narrative wording, attributes the data does not hold."""

from __future__ import annotations

import re

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "once": 1, "twice": 2}
MIN_SEASONS = re.compile(
    r"\b(?:(?P<n1>\d+|one|two|three|four|five|six|seven)\s*(?:\+|or more|and up|plus)\s*(?:seasons?|times)"
    r"|at least\s+(?P<n2>\d+|one|two|three|four|five|six|seven)\s+(?:seasons?|times)"
    r"|more than\s+(?P<n3>\d+|one|two|three|four|five|six)\s+(?:seasons?|times)"
    # "the 3-time (or more) players", "three-time players": played that many seasons (at least)
    r"|(?P<n4>\d|two|three|four|five|six)[- ]times?(?:rs)?\b(?: \(or more\)| or more|\+)?"
    r"(?= (?:players?|castaways?|contestants?|people|returnees|survivors|winners?)\b)"
    r"|(?P<once>more than once)"
    # "played at least twice", "twice or more", "two or more times" (times after a verb of playing: seasons_played)
    r"|at least (?P<twice>twice|thrice)|(?P<twice_or_more>twice|thrice) or more)", re.I)
# "how" asking for a manner ("tell me how she got voted out"), not a quantity ("how many", "how long")
HOW_MANNER = (r"how\b(?! (?:many|much|old|long|far|often|tall|big|large|few|high|low|fast|soon|early|late|young"
              r"|close)\b)")
NARRATIVE = re.compile(r"\b(why|describe|explain|what happened|tell me about|" + HOW_MANNER + r"|story|storyline|"
                       r"played out|strategy|blindside|summari[sz]e|summary of|rundown|"
                       r"recap(?! (?:episode|show|ep)s?\b(?! ?\d))|"  # "recap episode 2", not "the recap episode"
                       r"walk me through|what was (?:that|it) about)\b", re.I)
# Attributes of a person the data does not hold: a question about one is abstained on, never searched for.
NOT_IN_DATA = re.compile(r"\b(shoe size|height|how tall|weigh[st]?|weight|eye colou?r|hair colou?r|blood type|"
                          r"favou?rite \w+|net worth|salary|income|paid|pay|earn(ed|ings)?|appearance fee|"
                          r"phone( number)?|e-?mail( address)?|home address|"
                          r"social security|star sign|zodiac|religion|shirt size|dress size|iq|middle name|"
                          r"maiden name|pets?(?! peeves?)|dog'?s name|cat'?s name|wife'?s name|husband'?s name|"
                          r"married|spouse|"
                          r"kids|children|instagram|twitter|tiktok|facebook|social media|handle|"
                          r"(?:high )?school|college|universit(?:y|ies)|degree|alma mater|graduated?|"
                          r"siblings?|brothers? or sisters?|any (?:brothers?|sisters?)|"
                          r"(?:presidential|general|midterm) election|vote for (?:president|in the \w+ election)|"
                          r"political (?:party|views?|leanings?)|politics|democrat|republican|"
                          r"calories|calorie intake|diet)\b", re.I)
# Opinions: the data holds results, not judgements of who was best.
OPINION = re.compile(r"\b(?:greatest|best|goat|most iconic|most beloved)\b(?: \w+){0,2} (?:player|castaway|winner|"
                     r"strategist|competitor|villain|hero|season)s?\b(?=.*\b(?:of all time|ever|in history)\b)"
                     r"|\bthe goat\b|\b(?:overrated|underrated|deserved to win|deserved it|fan favou?rite|got robbed|"
                     r"should(?: have|'ve) won)\b|\bthe (?:right|wrong) (?:person|player|one|winner)\b"
                     r"|\bin your (?:opinion|view)\b|\byour favou?rite\b|\bdo you (?:think|like|prefer)\b"
                     # a judgement of moments and casts ("the most shocking blindside", "the best cast")
                     r"|\bmost (?:shocking|memorable|dramatic|exciting|entertaining|controversial|epic|boring|"
                     r"surprising|emotional|satisfying|disappointing)\b|\b(?:craziest|funniest|wildest|dumbest|"
                     r"smartest|coolest|saddest)\b|\b(?:best|worst) (?:blindside|move|moment|cast|gameplay|"
                     r"strategy|twist|villain|hero|strategist|storyline|edit)s?\b"
                     # who was liked, and what kind of person someone is
                     r"|\b(?:more |most |less |least )?lik(?:e)?able\b|\bmore (?:popular|annoying|charming)\b"
                     r"|\b(?:nicest|meanest|kindest|rudest|sweetest|friendliest|nastiest|hottest|prettiest|sexiest"
                     r"|cutest|most (?:attractive|hated|loved|arrogant|humble|genuine|annoying|obnoxious))\b"
                     r"|\b(?:best|worst|nicest|good|bad|nice|mean) (?:person|human|human being|people)\b"
                     # whether a season is worth watching
                     r"|\bworth (?:a )?(?:re-?)?watch\w*|\bshould i (?:re-?)?watch\b|\bworth watching\b"
                     r"|\b(?:is|was) (?:it|this|that|s?\d{1,2}|season \d{1,2}|this season|that season) (?:too )?"
                     r"(?:boring|any good|good|bad|overhyped|fun)\b", re.I)
# Facts about making the show, not about the game: the data has none of them.
NOT_RECORDED = re.compile(r"\b(?:budget|production costs?|cost to (?:make|produce)|"
                          r"spen[dt] (?:making|to make)|spen[dt] on (?:the )?(?:production|making|filming)|"
                          r"appl(?:ied|y) (?:to|for) (?:be on|play|compete|join|the show|survivor)|applicants?|"
                          r"applications?|auditions?|auditioned|casting (?:process|call|tape)s?|"
                          r"host(?:'s)? (?:salary|pay)|probst (?:get|gets|got|make|makes|earn|earns)|"
                          r"how much (?:did|does) (?:cbs|it|the show|production) (?:spend|cost)|ratings? share|"
                          r"advertis\w+ revenue|crew(?: members?)?|camera ?(?:men|operators?)|producers?|"
                          r"production staff|staff members?|theme (?:song|music|tune)|composer|composed|"
                          r"still friends|friends (?:now|today|these days)|(?:after|since) the show\b(?!['’]s)|"
                          r"soundtrack|score (?:for|of) the show|"
                          r"prize money|cash prize|(?:a|the) million dollars|"
                          r"how much (?:money )?(?:did|does|do|will) [^?]*\b(?:take|took|takes) home)\b", re.I)
# A what-if: the data holds what happened, never what would have happened otherwise.
HYPOTHETICAL = re.compile(r"\bwould (have|'ve)\b|\bwould\b(?: [\w'-]+){1,4} have (been|won|gone|happened|done|lost)\b"
                          r"|\bwould\b.*\bif\b|\bif\b.*\bhad(n't| not)?\b.*\bwould\b"
                          r"|\bwhat if\b|\bhad .* (not|never) been\b|\bcould have (won|been)\b", re.I)
# Words that change which rows answer a question. A plan that comes out the same with one of them removed did
# not apply it (see intents.route): the answer then says so instead of answering a different question.
MODIFIERS = re.compile(r"\b(?:right|just|immediately|directly) (?:after|before)\b|\bin between\b"
                       r"|\b(?:before|after) the (?:merge|jury|swap|finale|first tribal)\b|\bpost-?merge\b"
                       r"|\bpre-?merge\b|\bexcept(?: for)?\b|\bother than\b|\bapart from\b|\bbesides\b"
                       r"|\bolder\b|\byounger\b|\blonger\b|\bshorter\b|\bwithout\b", re.I)
EXIT_WORDS = [  # (pattern, exit_type)
    (r"medical(ly)? evac|medevac|evacuated|injur", "medevac"),
    (r"\bquit|walked out|left the game voluntarily", "quit"),
    (r"\beject|removed from the game|kicked out", "ejected"),
    (r"fire[- ]?(making )?challenge|\b(lost|lose|loses|losing) (at |the |in )?fire\b|fire[- ]making", "fire_challenge"),
    (r"\bwithdr[ae]w", "withdrew"),
]


def min_seasons(text: str) -> int | None:
    m = MIN_SEASONS.search(text)
    if not m:
        return None
    if m.group("once"):  # "who's played more than once"
        return 2
    if word := m.group("twice") or m.group("twice_or_more"):
        return 2 if word.lower() == "twice" else 3
    raw = (m.group("n1") or m.group("n2") or m.group("n3") or m.group("n4")).lower()
    n = int(raw) if raw.isdigit() else NUMBER_WORDS[raw]
    return n + 1 if m.group("n3") else n


SEASONS_PLAYED = re.compile(
    r"\b(?:play\w*|compet\w*|appear\w*|been on|castaways? with|players? with|people with|those with)\b"
    r"(?: \w+){0,3}? (?:seasons|times|twice|thrice)\b", re.I)


def seasons_played(text: str) -> int | None:
    """The N of "played at least 3 seasons", "with 3 or more seasons": a count of the seasons a career played,
    not of a milestone reached in them ("was a finalist 3 times")."""
    return min_seasons(text) if SEASONS_PLAYED.search(text) else None


TIMES_PATTERN = re.compile(r"\b(?P<word>twice|more than once|multiple times|several times|repeatedly)\b"
                    r"|\b(?P<n>\d|two|three|four|five) times\b", re.I)


def times(text: str) -> int | None:
    """How many times a question asks about: "at least 2 times", "twice", "more than once" (-> 2)."""
    if n := min_seasons(text):
        return n
    m = TIMES_PATTERN.search(text)
    if not m:
        return None
    if m.group("word"):
        return 2
    raw = m.group("n").lower()
    return int(raw) if raw.isdigit() else NUMBER_WORDS[raw]


def exactly(text: str) -> int | None:
    """ "exactly two seasons", "only one season", "just once" -> the number; else None."""
    m = re.search(r"\b(?:exactly|only|just) (?P<n>\d|one|two|three|four|five|six|seven) (?:seasons?|times)\b"
                  r"|\b(?:exactly|only|just) (?P<w>once|twice)\b", text, re.I)
    if not m:
        return None
    raw = (m.group("n") or m.group("w")).lower()
    return int(raw) if raw.isdigit() else NUMBER_WORDS[raw]


def exit_type_in(text: str) -> str | None:
    for pattern, value in EXIT_WORDS:
        if re.search(pattern, text, re.I):
            return value
    return None


NEGATION = (r"\b(never|not|no|nobody|no one|none|noone|without|didn't|did not|haven't|hasn't|hadn't|weren't|wasn't|"
            r"aren't|isn't|don't|doesn't|failed to|missed)\b")
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
            "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
            "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18}
ORDINAL = r"(?P<ord>" + "|".join(ORDINALS) + r"|\d{1,2}(?:st|nd|rd|th)|last|final)"
OUT = (r"(?:voted out|voted off|eliminated|booted|sent home|to (?:leave|go home|be (?:voted out|eliminated))|out|boot"
        r"|exit|to go)")
BOOT_POSITION = re.compile(rf"\b(?:the )?{ORDINAL}(?:[- ]to[- ]last)? (?:(?:person|player|castaway|contestant|one|"
                            rf"woman|man) )?(?:to be )?{OUT}\b", re.I)
# "who was voted out first", "who went home last"
BOOT_AFTER = re.compile(r"\b(?:voted out|voted off|eliminated|booted|sent home|to go|go home|went home|to leave)"
                         rf" {ORDINAL}\b(?! (?:episode|tribal|immunity|day|challenge|reward|vote))", re.I)
LEFT = r"(leave|left|voted out|voted off|eliminated|go home|went home|sent home|exit|evacuated|quit|booted|out of)"
# How a question says one person left, after their name: "(the night P1) got voted out", "(when she) went home"
WENT_HOME = (r"(went home|left|was (voted|sent) (out|off|home)|got (voted out|the boot|sent home|blindsided)"
             r"|(was|got) (eliminated|blindsided)|(is|was) out|boot(ed)?)")


def ordinal(word: str) -> int | None:
    word = word.lower()
    if word in ORDINALS:
        return ORDINALS[word]
    m = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)", word)
    return int(m.group(1)) if m else None


# The fifty states: what "which states never …" is checked against (the graph only holds the states people came
# from, so the ones nobody came from must be known here)
US_STATES = ("Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware",
             "Florida", "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky",
             "Louisiana", "Maine", "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri",
             "Montana", "Nebraska", "Nevada", "New Hampshire", "New Jersey", "New Mexico", "New York",
             "North Carolina", "North Dakota", "Ohio", "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island",
             "South Carolina", "South Dakota", "Tennessee", "Texas", "Utah", "Vermont", "Virginia", "Washington",
             "West Virginia", "Wisconsin", "Wyoming")
