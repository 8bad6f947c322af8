"""Answer shapes: what a question asks *of* a list, applied to any list query's rows.

"How many seasons were filmed in Fiji?" is the list of seasons filmed in Fiji, counted; "on what day did … leave"
is a row whose `day` matters most. A rule picks the query; `answer_shape` reads the shape words of the part as the
typed operations of agent.operations, which turn the rows into that answer (keeping the listed items beside the
count, so it stays traceable).
"""

from __future__ import annotations

import re

from survivorgraph.agent.operations import (
    Aggregate,
    At,
    Count,
    Extreme,
    Focus,
    InYear,
    LargestGroup,
    Operation,
    Pick,
    Rank,
    Span,
    planned,
)
from survivorgraph.agent.phrases import ordinal
from survivorgraph.agent.query_facts import columns_of, one_season_tools, person_column, row_facts

# What each query's rows mean (the column "how many people" counts, the column naming an item …) is in
# queries/catalog.yaml (`rows`), read through query_facts.row_facts.
# "how many seasons …", "the number of winners": a count of the listed items. "… with the number of jury votes
# they received" asks for a number per item, not a count of the rows.
_COUNT = re.compile(r"\b(how many|(?<!with the )(?<!and the )(?<!with their )number of|count of|count the)\b", re.I)
_PER_ITEM = re.compile(r"\b(how many|number of) (votes|jury votes|days|confessionals|wins|duels|individual|immunit\w*|"
                       r"rewards?|challenges?|times .* vot\w*)", re.I)
_SEASON_COUNT = re.compile(r"\b(how many|number of) (different |distinct |separate |unique )?seasons\b", re.I)
_TIMES_COUNT = re.compile(r"\b(how many|number of) times\b", re.I)
_PLAYED = re.compile(r"\b(play\w*|compet\w*|appear\w*|been on|return\w*|came back)\b", re.I)
_LIST_END = re.compile(r"\bthe (first|earliest|last|latest|most recent) (?:time|season)\b(?! (?:P\d|he|she|they)\b)",
                       re.I)
# "on what day …" -> the day leads the row
FOCUS = [
    (re.compile(r"\b(what|which) day\b|\bon day\b|\bhow many days\b", re.I), "day"),
    (re.compile(r"\b(name|title) of the episode\b|\bepisode (name|title)\b|\bwhat was the episode called\b|"
                r"\bwhat (was|is) the episode\b.*\bcalled\b", re.I), "episode_title"),
    (re.compile(r"\b(what|which) episode\b|\bin episode\b(?! \d)", re.I), "episode"),
    (re.compile(r"\b(what|which) date\b|\bwhen did .*\b(air|premiere)|\b(first )?air(ed)?\b|\bpremiere", re.I),
     "premiered"),
    (re.compile(r"\b(what|which) year\b", re.I), "year"),
    (re.compile(r"\bwhat place\b|\bwhere did .* (finish\w*|place)\b|\bfinish(ed)? in\b|\bplacing\b|"
                r"\bhow far (?:did|does|do|has|had|have) .*\b(?:get|go|make it|come)\b", re.I), "place"),
    (re.compile(r"\bhow old\b|\bage\b", re.I), "age"),
    (re.compile(r"\boriginal tribe\b|\bstarting tribe\b|\bfirst tribe\b", re.I), "original_tribe"),
]


# "the second-most confessionals", "third highest": the Nth value of the rows' ranking (tied rows share it)
_NTH_MOST = re.compile(r"\b(?P<ord>second|third|fourth|fifth|2nd|3rd|4th|5th)[- ](?:most|highest|largest|longest|"
                       r"best|fewest|least|lowest)\b", re.I)
_WHO_HAD_THE_MOST = re.compile(r"^\s*(?:who|which (?:player|castaway|person|contestant|juror|tribe|woman|man))\b"
                               r"(?![^?]*\b(?:top \d|ranking|rank|list|players|castaways|people)\b)[^?]*\bthe most\b",
                               re.I)
# "seasons that premiered in 2009", "born in 1985": the rows whose date falls in that year
_IN_YEAR = re.compile(r"\b(?:in|during|of|from) (?P<year>19[89]\d|20[0-4]\d)\b", re.I)
# "episodes 3 through 6": the rows of those episodes, where the rows have episodes
_EPISODE_SPAN = re.compile(r"\bepisodes (\d{1,2}) (?:through|thru|to|and|-|–) (?:episode )?(\d{1,2})\b", re.I)
# "who was voted out on day 16": the rows of that day, where the rows have days
_ON_DAY = re.compile(r"\bon day (?P<day>\d{1,2})\b", re.I)
# "the average age of the cast": the mean of the asked column over the rows
_AVERAGE = re.compile(r"\b(?:average|mean|avg)\b", re.I)
_AVERAGED = {"age", "day", "place", "episode"}
# "adding up all of her seasons, how many days …", "how many days in total": the sum of the asked column
_TOTAL = re.compile(r"\b(?:adding up|add(?:ed|ing)? (?:it |them )?up|in total|totall?(?:ed|ing)?|combined|altogether|"
                    r"all together|summed|sum of|across (?:all|both)(?: of)? (?:his|her|their) seasons)\b", re.I)
_TOTALLED = {"day"}
# "which starting tribe put the most people on the jury": the rows grouped by their tribe, the largest group
_GROUP_MOST = re.compile(r"\b(?:which|what) (?:starting |original |first |initial )?tribe\b.*\b(most|fewest|least)\b",
                         re.I)
_GROUPS = ("original_tribe", "recurring_name")  # the columns a list's rows can be grouped by
# "who went home first", "the first one out": among one season's listed people, the first to leave has the highest
# finishing place (places of different seasons do not compare: a query whose rows can span seasons is left alone)
_LEFT = r"(?:went|go|goes|left|leave|was|got|were) (?:voted |sent |kicked )?(?:out|home|booted|eliminated)"
_WENT_FIRST = re.compile(rf"\b(?:{_LEFT}|went|left|dropped) first\b|"
                         r"\bfirst (?:one |person |player |castaway |of (?:them|those|the \w+) )?"
                         r"(?:to (?:go|leave|be (?:voted out|eliminated|sent home))|out|gone|eliminated)\b", re.I)


def answer_shape(text: str, tool: str) -> tuple[Operation, ...]:
    """What the part asks of a query's rows, as operations in the order they apply: a count when it asks how many
    of a list query's items, a focus when it asks one attribute of the rows, a pick, a rank, a year, an episode
    span, a day, the largest group, an average or a total. Empty when the rows already answer as they are."""
    facts = row_facts(tool)
    kinds = facts.counts
    if facts.count_rows and _COUNT.search(text):
        return (Count("*"),)
    if facts.count_column and _COUNT.search(text) and (_SEASON_COUNT.search(text) or (
            _TIMES_COUNT.search(text) and _PLAYED.search(text))):
        return (Focus(facts.count_column),)
    ops: list[Operation] = []
    if kinds and _COUNT.search(text) and not _PER_ITEM.search(text):
        if _SEASON_COUNT.search(text) and "seasons" in kinds:
            counted = kinds["seasons"]
        elif _TIMES_COUNT.search(text):  # "how many times has someone quit": the exits
            counted = "*" if tool == "exits_by_type" else None
        else:
            counted = kinds.get("people") or kinds.get("things") or kinds.get("seasons")
        if counted:
            ops.append(Count(counted))
    if m := _LIST_END.search(text):  # "the last time someone was evacuated", "the first season filmed in Fiji"
        ops.append(Pick("first" if m.group(1).lower() in ("first", "earliest") else "last"))
    focus = next((column for pattern, column in FOCUS if pattern.search(text)), None)
    rank = ordinal(m.group("ord")) if (m := _NTH_MOST.search(text)) else 1 if _WHO_HAD_THE_MOST.search(text) else None
    if m := _IN_YEAR.search(text):
        ops.append(InYear(int(m.group("year"))))
    if m := _EPISODE_SPAN.search(text):
        ops.append(Span("episode", *sorted(int(g) for g in m.groups())))
    if m := _ON_DAY.search(text):
        ops.append(At({"day": int(m.group("day"))}))
    if (m := _GROUP_MOST.search(text)) and (by := next((c for c in _GROUPS if c in columns_of(tool)), None)):
        ops.append(LargestGroup(by, m.group(1).lower() == "most"))  # "which tribe put the most …", not a rank
        rank = None
    if tool in one_season_tools() and "place" in columns_of(tool) and person_column(tool) and _WENT_FIRST.search(text):
        ops.append(Extreme("place", max=True))
    if rank:  # "the second-most …"; "who had the most …": the top of the ranking (ties kept)
        ops.append(Rank(rank))
    if _AVERAGE.search(text) and focus in _AVERAGED:
        ops.append(Aggregate("average", focus))
    elif _TOTAL.search(text) and focus in _TOTALLED:
        ops.append(Aggregate("total", focus))
    elif focus:
        ops.append(Focus(focus))
    return planned(ops)
