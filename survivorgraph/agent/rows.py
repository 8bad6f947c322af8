"""What the answer operations do to rows: match them, pick one, sum a career, group them, take the gap or the
ratio of two values (agent.operations applies them in order)."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

Row = dict[str, Any]
_NOT_RANKED = {"season", "episode", "castaway_id", "boot_order", "place", "n_players", "n_seasons"}


def is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def size(value) -> int | float | None:
    """A number as it is, a list by its length; None for anything else."""
    if isinstance(value, list):
        return len(value)
    return value if is_number(value) else None


def _item_names(rows: list[Row], label: str | None) -> list[str]:
    """What the rows are about, by name (a player, a season …), for a row that compares them."""
    return [str(r.get(label)) for r in rows] if label else []


def difference(rows: list[Row], columns: list[str], column: str, label: str | None
                ) -> tuple[list[Row], list[str]]:
    """The gap between two rows' values: whole years between two dates, else the numbers' difference."""
    a, b = (r.get(column) for r in rows)
    names = _item_names(rows, label)
    if year_of(a) and year_of(b):
        first, second = sorted([dt.date.fromisoformat(str(a)[:10]), dt.date.fromisoformat(str(b)[:10])])
        years = second.year - first.year - ((second.month, second.day) < (first.month, first.day))
        row: Row = {"difference_years": years, "between": names, column: [a, b]}
    elif is_number(a) and is_number(b):
        row = {f"difference_{column}": abs(a - b), "between": names, column: [a, b]}
    else:
        return rows, columns
    return [row], list(row)


def ratio(rows: list[Row], column: str, label: str | None) -> tuple[list[Row], list[str]] | None:
    """The larger of two rows' values over the smaller ("how many times more watched s1's finale than s41's");
    None unless both are non-zero numbers."""
    if not all(is_number(r.get(column)) and r.get(column) for r in rows):
        return None
    high, low = sorted(rows, key=lambda r: r[column], reverse=True)
    row = {f"{column}_ratio": round(high[column] / low[column], 2), "between": _item_names([high, low], label),
           column: [high[column], low[column]]}
    return [row], list(row)


def groups_of_at_least(rows: list[Row], columns: list[str], by: str, n: int) -> tuple[list[Row], list[str]]:
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


def largest_group(rows: list[Row], columns: list[str], by: str, most: bool, label: str | None
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


def year_of(value) -> int | None:
    """The year of a date value (a date, or text starting YYYY-), else None."""
    text = str(value) if value is not None else ""
    return int(text[:4]) if re.match(r"(19|20)\d\d-\d\d", text) else None


def ranked_column(rows: list[Row], columns: list[str]) -> str | None:
    """The numeric column the rows are ordered by (the ranking's metric), if any."""
    for column in columns:
        values = [r.get(column) for r in rows]
        if column in _NOT_RANKED or not all(is_number(v) for v in values):
            continue
        if len(set(values)) > 1 and (values == sorted(values, reverse=True) or values == sorted(values)):
            return column
    return None


def summed_by(rows: list[Row], key: str, column: str, also: tuple[str, ...] = ()) -> list[Row]:
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
