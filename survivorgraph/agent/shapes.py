"""Answer shapes: what a question asks *of* a list, applied to any list query's rows.

"How many seasons were filmed in Fiji?" is the list of seasons filmed in Fiji, counted; "on what day did … leave"
is a row whose `day` matters most. A rule picks the query; `answer_shape` reads the shape words of the part and
`apply_shape` turns the rows into that answer, keeping the listed items beside the count so it stays traceable.
"""

from __future__ import annotations

import datetime as dt
import operator
import re
from typing import Any

from queries.catalog import NO_ROW_FACTS, RowFacts
from survivorgraph.agent.phrases import ordinal
from survivorgraph.agent.query_facts import columns_of, row_facts

Row = dict[str, Any]

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
    (re.compile(r"\bwhat place\b|\bwhere did .* (finish\w*|place)\b|\bfinish(ed)? in\b|\bplacing\b", re.I), "place"),
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
_NOT_RANKED = {"season", "episode", "castaway_id", "boot_order", "place", "n_players", "n_seasons"}


def answer_shape(text: str, tool: str) -> dict:
    """The shape of the answer: {"count": column} when the part asks how many of a list query's items;
    {"focus": column} when it asks one attribute of the rows. Empty when the query's rows already answer as they are."""
    shape: dict = {}
    facts = row_facts(tool)
    kinds = facts.counts
    if facts.count_rows and _COUNT.search(text):
        return {"count": "*"}
    if facts.count_column and _COUNT.search(text) and (_SEASON_COUNT.search(text) or (
            _TIMES_COUNT.search(text) and _PLAYED.search(text))):
        return {"focus": facts.count_column}
    if kinds and _COUNT.search(text) and not _PER_ITEM.search(text):
        if _SEASON_COUNT.search(text) and "seasons" in kinds:
            shape["count"] = kinds["seasons"]
        elif _TIMES_COUNT.search(text):  # "how many times has someone quit": the exits
            if tool == "exits_by_type":
                shape["count"] = "*"
        else:
            shape["count"] = kinds.get("people") or kinds.get("things") or kinds.get("seasons")
    if m := _LIST_END.search(text):  # "the last time someone was evacuated", "the first season filmed in Fiji"
        shape["pick"] = "first" if m.group(1).lower() in ("first", "earliest") else "last"
    for pattern, column in FOCUS:
        if pattern.search(text):
            shape["focus"] = column
            break
    if m := _NTH_MOST.search(text):
        shape["rank"] = ordinal(m.group("ord"))
    elif _WHO_HAD_THE_MOST.search(text):  # "who had the most confessionals?": the top of the ranking (ties kept)
        shape["rank"] = 1
    if m := _IN_YEAR.search(text):
        shape["year"] = int(m.group("year"))
    if m := _EPISODE_SPAN.search(text):
        shape["episode_span"] = sorted(int(g) for g in m.groups())
    if m := _ON_DAY.search(text):
        shape["at"] = {"day": int(m.group("day"))}
    if (m := _GROUP_MOST.search(text)) and (by := next((c for c in _GROUPS if c in columns_of(tool)), None)):
        shape["group_extreme"] = {"by": by, "max": m.group(1).lower() == "most"}
        shape.pop("rank", None)
    if _AVERAGE.search(text) and shape.get("focus") in _AVERAGED:
        shape["average"] = shape.pop("focus")
    elif _TOTAL.search(text) and shape.get("focus") in _TOTALLED:
        shape["total"] = shape.pop("focus")
    return shape



def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _size(value) -> int | float | None:
    """A number as it is, a list by its length; None for anything else."""
    if isinstance(value, list):
        return len(value)
    return value if _is_number(value) else None


def _item_names(rows: list[Row], label: str | None) -> list[str]:
    """What the rows are about, by name (a player, a season …), for a row that compares them."""
    return [str(r.get(label)) for r in rows] if label else []


def _difference(rows: list[Row], columns: list[str], column: str, label: str | None
                ) -> tuple[list[Row], list[str]]:
    """The gap between two rows' values: whole years between two dates, else the numbers' difference."""
    a, b = (r.get(column) for r in rows)
    names = _item_names(rows, label)
    if _year_of(a) and _year_of(b):
        first, second = sorted([dt.date.fromisoformat(str(a)[:10]), dt.date.fromisoformat(str(b)[:10])])
        years = second.year - first.year - ((second.month, second.day) < (first.month, first.day))
        row: Row = {"difference_years": years, "between": names, column: [a, b]}
    elif _is_number(a) and _is_number(b):
        row = {f"difference_{column}": abs(a - b), "between": names, column: [a, b]}
    else:
        return rows, columns
    return [row], list(row)


def _ratio(rows: list[Row], column: str, label: str | None) -> tuple[list[Row], list[str]] | None:
    """The larger of two rows' values over the smaller ("how many times more watched s1's finale than s41's");
    None unless both are non-zero numbers."""
    if not all(_is_number(r.get(column)) and r.get(column) for r in rows):
        return None
    high, low = sorted(rows, key=lambda r: r[column], reverse=True)
    row = {f"{column}_ratio": round(high[column] / low[column], 2), "between": _item_names([high, low], label),
           column: [high[column], low[column]]}
    return [row], list(row)


def _groups_of_at_least(rows: list[Row], columns: list[str], by: str, n: int) -> tuple[list[Row], list[str]]:
    """The rows counted per value of `by` ("who played an idol for someone else at least twice": the events per
    castaway_id), the groups with n rows or more, largest first, each with the columns its rows agree on."""
    groups: dict = {}
    for r in rows:
        if r.get(by) is not None:
            groups.setdefault(r[by], []).append(r)
    kept = sorted((g for g in groups.values() if len(g) >= n), key=len, reverse=True)
    same = [c for c in columns if c != by and all(len({str(r.get(c)) for r in g}) == 1 for g in kept)]
    out = [{by: g[0][by], **{c: g[0].get(c) for c in same}, "count": len(g)} for g in kept]
    return out, [by, *same, "count"]


def _largest_group(rows: list[Row], columns: list[str], by: str, most: bool, label: str | None
                   ) -> tuple[list[Row], list[str]]:
    """The rows counted per value of `by`; the group(s) with the most (or fewest) rows, with who is in them."""
    groups: dict = {}
    for r in rows:
        if r.get(by) is not None:
            groups.setdefault(r[by], []).append(str(r.get(label)) if label else "")
    if not groups:
        return [], columns
    best = (max if most else min)(len(v) for v in groups.values())
    out = [{by: k, "count": len(v), "items": [x for x in v if x][:40]} for k, v in groups.items() if len(v) == best]
    return out, [by, "count", "items"]


def _year_of(value) -> int | None:
    """The year of a date value (a date, or text starting YYYY-), else None."""
    text = str(value) if value is not None else ""
    return int(text[:4]) if re.match(r"(19|20)\d\d-\d\d", text) else None


def _ranked_column(rows: list[Row], columns: list[str]) -> str | None:
    """The numeric column the rows are ordered by (the ranking's metric), if any."""
    for column in columns:
        values = [r.get(column) for r in rows]
        if column in _NOT_RANKED or not all(_is_number(v) for v in values):
            continue
        if len(set(values)) > 1 and (values == sorted(values, reverse=True) or values == sorted(values)):
            return column
    return None


def _summed_by(rows: list[Row], key: str, column: str, also: tuple[str, ...] = ()) -> list[Row]:
    """One row per `key` (a person): its first row with `column` (and the counts in `also`) summed over all of
    its rows and the seasons listed, largest first."""
    groups: dict = {}
    for row in rows:
        groups.setdefault(row.get(key), []).append(row)
    summed = []
    for group in groups.values():
        totals = {c: sum(r[c] for r in group if isinstance(r.get(c), (int, float))) for c in (column, *also)}
        seasons = [r["season"] for r in group if r.get("season") is not None]
        # a list one season's row carries (its episodes) is not the career's: left out when seasons are summed
        first = group[0] if len(group) == 1 else {k: v for k, v in group[0].items() if not isinstance(v, list)}
        summed.append({**first, **totals, **({"season": seasons} if len(seasons) > 1 else {})})
    return sorted(summed, key=lambda r: -r[column])


def row_matches(row: Row, where: dict) -> bool:
    """Every column has the value (or one of the values, given a list): a shape's and a Ref's row filter."""
    return all(_same(row.get(k), v) or isinstance(v, list) and any(_same(row.get(k), x) for x in v)
               for k, v in where.items())


def _same(value, wanted) -> bool:
    """Equal; text whatever its case ("sumo at sea" is the episode "Sumo at Sea"); a list column (the items someone
    bought) holds the text when one of its items says it in whole words ("chocolate": "Peanut Butter And
    Chocolate")."""
    if isinstance(value, list) and isinstance(wanted, str):
        return any(isinstance(item, str) and re.search(rf"\b{re.escape(wanted)}\b", item, re.I) for item in value)
    if isinstance(value, str) and isinstance(wanted, str):
        return value.casefold() == wanted.casefold()
    return value == wanted


def pick_one(items: list, index: int) -> list:
    """The item at `index` (negative counts from the end) as a one-item list, or [] when there are too few."""
    return items[index:][:1] if -len(items) <= index < len(items) else []


# A number column held to a bound: at most n, under n, over n (at_least also takes a list's length: apply_shape)
_BOUNDS = {"at_most": operator.le, "below": operator.lt, "above": operator.gt}


def apply_shape(rows: list[Row], columns: list[str], shape: dict, truncated: bool = False,
                facts: RowFacts = NO_ROW_FACTS) -> tuple[list[Row], list[str]]:
    """The rows as the shape asks: one count row (with the items counted), or the focused column first.
    `facts` says what the query's rows mean: the column naming each item (listed beside a count, a difference),
    the query's own total column, from which rows cut by the row cap are counted."""
    if missing := shape.get("missing"):  # "which states never had a castaway": the known values no row has
        column, known = missing["column"], missing["values"]
        present = {str(r.get(column)).casefold() for r in rows}
        absent = [{column: value} for value in known if value.casefold() not in present]
        return absent, [column]
    if not shape or not rows:
        return rows, columns
    for key, column in (("episode_span", "episode"), ("season_span", "season")):  # "episodes 3 through 6",
        if (span := shape.get(key)) and column in columns:  # "since season 36" (agent.season_span)
            rows = [r for r in rows if isinstance(r.get(column), int) and span[0] <= r[column] <= span[1]]
    if where := shape.get("where"):  # "which season did Rob win": the career's winning rows
        rows = [r for r in rows if row_matches(r, where)]
    if at_least := shape.get("at_least"):  # "in more than one season": a number, or a list's length, at least n
        rows = [r for r in rows
                if all(_size(r.get(k)) is not None and _size(r.get(k)) >= n for k, n in at_least.items())]
    for key, holds in _BOUNDS.items():  # "where nobody won more than two", "finales under 8.0", "above 8.5"
        if bounds := shape.get(key):
            rows = [r for r in rows if all(isinstance(r.get(k), (int, float)) and holds(r[k], n)
                                           for k, n in bounds.items())]
    if less := shape.get("column_less"):  # "seasons whose finale drew fewer viewers than their premiere"
        low, high = less["column"], less["than"]
        rows = [r for r in rows if all(isinstance(r.get(c), (int, float)) for c in (low, high)) and r[low] < r[high]]
    if where_not := shape.get("where_not"):  # "what other seasons did she play": not the one named (before
        # an extreme: "besides California, which state has the most")
        rows = [r for r in rows if not any(r.get(k) in v for k, v in where_not.items())]
    if totals := shape.get("career_total"):  # "more sit-outs than anyone in history": each person's seasons summed
        rows = _summed_by(rows, totals["key"], totals["column"], tuple(totals.get("also", ())))
    if extreme := shape.get("extreme"):  # "the youngest of the cast": the rows at the top (ties kept)
        column = extreme["column"]  # a number, or a date ("who is older": the earlier date of birth)
        values = [r[column] for r in rows if isinstance(r.get(column), (int, float)) or _year_of(r.get(column))]
        if values:
            best = max(values) if extreme.get("max") else min(values)
            rows = [r for r in rows if r.get(column) == best]
    if order := shape.get("sort"):  # "who got more jury votes, A or B": both rows, the larger first
        column = order["column"]
        rows = sorted(rows, key=lambda r: r.get(column) if isinstance(r.get(column), (int, float)) else float("-inf"),
                      reverse=order.get("max", True))
    if between := shape.get("between"):  # "who went home in between Betsy and Ashley": the rows between theirs
        column, (first, last) = next(iter(between.items()))
        ends = [i for i, r in enumerate(rows) if r.get(column) in (first, last)]
        rows = rows[ends[0] + 1:ends[-1]] if len(ends) == 2 else []
    if next_to := shape.get("next_to"):  # "who joined the jury right after Tammy": the row beside hers
        column, value, step = next_to["column"], next_to["value"], next_to["step"]
        at = [i for i, r in enumerate(rows) if r.get(column) == value]
        rows = pick_one(rows, at[0] + step) if at and at[0] + step >= 0 else []
    if there := shape.get("there_when"):  # "who was already on Redemption Island when Mikayla got there": the
        # others whose stay began before hers and lasted until it
        start, end = there["from"], there["to"]
        theirs = [r for r in rows if r.get("castaway_id") == there["castaway_id"]]
        arrived = theirs[0].get(start) if theirs else None
        rows = [] if not isinstance(arrived, int) else [
            r for r in rows if r is not theirs[0] and isinstance(r.get(start), int) and r[start] < arrived
            and isinstance(r.get(end), int) and r[end] >= arrived]
    if at := {k: v for k, v in shape.get("at", {}).items() if k in columns}:  # "on day 16"
        rows = [r for r in rows if row_matches(r, at)]
    if year := shape.get("year"):  # "premiered in 2009": the first date column decides
        dated = next((c for c in columns if any(_year_of(r.get(c)) for r in rows)), None)
        if dated:
            rows = [r for r in rows if _year_of(r.get(dated)) == year]
    if (rank := shape.get("rank")) and (column := _ranked_column(rows, columns)):  # "the second-most"
        values = list(dict.fromkeys(r[column] for r in rows))
        rows = [r for r in rows if r[column] == values[rank - 1]] if rank <= len(values) else []
    if pick := shape.get("pick"):  # "the last person to join the jury": the rows are in the query's order
        index = {"first": 0, "last": -1}.get(pick, pick)  # or a position: "the 2nd juror" -> 1
        rows = pick_one(rows, index) if isinstance(index, int) else []
    if not rows:
        return rows, columns
    if (column := shape.get("difference")) and len(rows) == 2:  # "how many years older was A than B"
        return _difference(rows, columns, column, facts.name)
    if (column := shape.get("ratio")) and len(rows) == 2 and (ratio := _ratio(rows, column, facts.name)):
        return ratio
    if column := shape.get("range"):  # "the age gap between the oldest and youngest of the cast": top minus bottom
        valued = [r for r in rows if _is_number(r.get(column))]
        if len(valued) >= 2:
            return _difference([max(valued, key=lambda r: r[column]), min(valued, key=lambda r: r[column])],
                               columns, column, facts.name)
    if (pair := shape.get("column_difference")) and len(rows) == 1:  # "how many more watched its premiere than
        first, second = pair  # its finale": two columns of one row
        a, b = rows[0].get(first), rows[0].get(second)
        about = {c: rows[0][c] for c in columns if c in ("season", "season_name", "player", "castaway_id")}
        if _year_of(a) and _year_of(b):  # two dates: the days between them
            days = (dt.date.fromisoformat(str(a)[:10]) - dt.date.fromisoformat(str(b)[:10])).days
            row = {"days_between": days, first: a, second: b, **about}
            return [row], list(row)
        if _is_number(a) and _is_number(b):
            row = {f"{first}_minus_{second}": a - b, first: a, second: b, **about}
            return [row], list(row)
    if group := shape.get("group_extreme"):
        return _largest_group(rows, columns, group["by"], group["max"], facts.name)
    if group := shape.get("group_at_least"):
        return _groups_of_at_least(rows, columns, group["by"], group["n"])
    if key := shape.get("count"):
        items = rows if key == "*" else list(dict.fromkeys(r.get(key) for r in rows if r.get(key) is not None))
        total = facts.totals.get(key)
        count = rows[0][total] if truncated and total in columns and rows[0].get(total) is not None else len(items)
        label = facts.name
        names = list(dict.fromkeys(str(r[label]) for r in rows if r.get(label) is not None)) if label else []
        row: Row = {"count": count, "counted": "rows" if key == "*" else key}
        if names:
            row["items"] = names[:40]
        return [row], list(row)
    for how in ("average", "total"):  # "the average age of the cast", "how many days in all her seasons"
        if (column := shape.get(how)) and column in columns:
            values = [r[column] for r in rows if isinstance(r.get(column), (int, float))]
            if values:
                value = round(sum(values) / len(values), 1) if how == "average" else sum(values)
                row = {f"{how}_{column}": value, "of": len(values)}
                return [row], list(row)
    focus = shape.get("focus")
    if focus == "year" and "year" not in columns:  # "what year …": the year of the rows' first date
        dated = next((c for c in columns if any(_year_of(r.get(c)) for r in rows)), None)
        if dated:
            rows = [{"year": _year_of(r.get(dated)), **r} for r in rows]
            return rows, ["year", *columns]
    if focus and focus in columns:
        order = [focus] + [c for c in columns if c != focus]
        return [{c: r.get(c) for c in order} for r in rows], order
    return rows, columns
