"""Typed answer operations: what a question asks of a list query's rows, as small steps applied in order.

A plan holds what the rules and agent.shapes read in the part (how many / which day / the first / the gap …) as
these operations, and `in_order` / `with_ops` keep any of them in this order (each type's place):

  0. the rows other plans keep    InSet (except, then within: another plan's set), Gender; each is the
                                  toolbox's own traced lookup (agent.tools), so apply_operations skips them
     Missing                      the known values no row has (answers at once, rows or none)
  1. the rows kept                Span (episodes, then seasons), Where, AtLeast, Bound (at most, below, above),
                                  ColumnLess, WhereNot
  2. the rows remade              CareerTotal (a person's seasons summed)
  3. the rows chosen              Extreme, Sort, Between, NextTo, ThereWhen, At, InYear, Rank, Pick
  4. one answer from the rows     the first that applies: Difference, Ratio, Range, ColumnDifference,
                                  LargestGroup, GroupsOfAtLeast, Count, Aggregate (average, then total)
  5. Focus                        the asked column first, when no answer row was made

No rows left after 1-3: no answer is made.
"""

from __future__ import annotations

import datetime as dt
import operator
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from queries.catalog import NO_ROW_FACTS, RowFacts
from survivorgraph.agent import rows as r_

Row = dict[str, Any]
Rows = tuple[list[Row], list[str]]


# -- 0. the rows other plans keep (the toolbox runs the lookup, the operation keeps the rows) ----------------
@dataclass(frozen=True)
class InSet:
    """ "Jurors who didn't vote for Kenzie" (keep=False: left out), "returning players who didn't make the
    merge" (keep=True): the rows whose `on` column is (or is not) among the `key` values of another plan's rows.
    `spec` is that plan: {"tool", "params", "key", "on", and its own "operations"}."""

    spec: dict
    keep: bool

    @property
    def purpose(self) -> str:
        return "the set to keep" if self.keep else "the set to leave out"

    def keep_rows(self, rows: list[Row], found: set) -> list[Row]:
        return [row for row in rows if (row.get(self.spec["on"]) in found) == self.keep]


@dataclass(frozen=True)
class Gender:
    """ "How many women …": the people the data records with this gender (a lookup of the rows' people)."""

    gender: str

    def keep_rows(self, rows: list[Row], found: set) -> list[Row]:
        return [row for row in rows if row.get("castaway_id") in found]


# -- 0. the known values no row has --------------------------------------------------------------------------
@dataclass(frozen=True)
class Missing:
    """ "Which states never had a castaway": the known values no row has."""

    column: str
    values: tuple[str, ...]

    def answer(self, rows: list[Row], columns: list[str], facts: RowFacts, truncated: bool) -> Rows:
        present = {str(r.get(self.column)).casefold() for r in rows}
        return [{self.column: value} for value in self.values if value.casefold() not in present], [self.column]


# -- 1-3. operations that keep or choose rows ----------------------------------------------------------------
@dataclass(frozen=True)
class Span:
    """ "Episodes 3 through 6", "since season 36": the rows whose column is in the span (rows that have it)."""

    column: str
    first: int
    last: int

    def select(self, rows: list[Row], columns: list[str]) -> list[Row]:
        if self.column not in columns:
            return rows
        return [r for r in rows if isinstance(r.get(self.column), int) and self.first <= r[self.column] <= self.last]


@dataclass(frozen=True)
class Where:
    """ "Which season did Rob win": the rows with these values (a list: any of them)."""

    match: dict

    def select(self, rows: list[Row], columns: list[str]) -> list[Row]:
        return [r for r in rows if r_.row_matches(r, self.match)]


@dataclass(frozen=True)
class AtLeast:
    """ "In more than one season": a number, or a list's length, at least n."""

    bounds: dict

    def select(self, rows: list[Row], columns: list[str]) -> list[Row]:
        return [r for r in rows
                if all(r_.size(r.get(k)) is not None and r_.size(r.get(k)) >= n for k, n in self.bounds.items())]


_HOLDS: dict[str, Callable] = {"at_most": operator.le, "below": operator.lt, "above": operator.gt}


@dataclass(frozen=True)
class Bound:
    """ "Where nobody won more than two", "finales under 8.0", "above 8.5": a number column held to a bound."""

    kind: str  # at_most | below | above
    bounds: dict

    def select(self, rows: list[Row], columns: list[str]) -> list[Row]:
        holds = _HOLDS[self.kind]
        return [r for r in rows if all(isinstance(r.get(k), (int, float)) and holds(r[k], n)
                                       for k, n in self.bounds.items())]


@dataclass(frozen=True)
class ColumnLess:
    """ "Seasons whose finale drew fewer viewers than their premiere": one column under another."""

    low: str
    high: str

    def select(self, rows: list[Row], columns: list[str]) -> list[Row]:
        return [r for r in rows if all(isinstance(r.get(c), (int, float)) for c in (self.low, self.high))
                and r[self.low] < r[self.high]]


@dataclass(frozen=True)
class WhereNot:
    """ "What other seasons did she play": not the rows with these values (before an extreme: "besides
    California, which state has the most")."""

    match: dict

    def select(self, rows: list[Row], columns: list[str]) -> list[Row]:
        return [r for r in rows if not any(r.get(k) in v for k, v in self.match.items())]


@dataclass(frozen=True)
class CareerTotal:
    """ "More sit-outs than anyone in history": one row per `key`, its seasons' `column` (and `also`) summed."""

    key: str
    column: str
    also: tuple[str, ...] = ()

    def select(self, rows: list[Row], columns: list[str]) -> list[Row]:
        return r_.summed_by(rows, self.key, self.column, self.also)


@dataclass(frozen=True)
class Extreme:
    """ "The youngest of the cast": the rows at the top (or bottom) of a number or date column, ties kept."""

    column: str
    max: bool

    def select(self, rows: list[Row], columns: list[str]) -> list[Row]:
        values = [r[self.column] for r in rows
                  if isinstance(r.get(self.column), (int, float)) or r_.year_of(r.get(self.column))]
        if not values:
            return rows
        best = max(values) if self.max else min(values)
        return [r for r in rows if r.get(self.column) == best]


@dataclass(frozen=True)
class Sort:
    """ "Who got more jury votes, A or B": the rows by a number column, the larger first (or the smaller)."""

    column: str
    max: bool = True

    def select(self, rows: list[Row], columns: list[str]) -> list[Row]:
        column = self.column
        return sorted(rows, key=lambda r: r.get(column) if isinstance(r.get(column), (int, float)) else float("-inf"),
                      reverse=self.max)


@dataclass(frozen=True)
class Between:
    """ "Who went home in between Betsy and Ashley": the rows between the two rows with these values."""

    column: str
    first: Any
    last: Any

    def select(self, rows: list[Row], columns: list[str]) -> list[Row]:
        ends = [i for i, r in enumerate(rows) if r.get(self.column) in (self.first, self.last)]
        return rows[ends[0] + 1:ends[-1]] if len(ends) == 2 else []


@dataclass(frozen=True)
class NextTo:
    """ "Who joined the jury right after Tammy": the row `step` rows from the one with the value."""

    column: str
    value: Any
    step: int

    def select(self, rows: list[Row], columns: list[str]) -> list[Row]:
        at = [i for i, r in enumerate(rows) if r.get(self.column) == self.value]
        return r_.pick_one(rows, at[0] + self.step) if at and at[0] + self.step >= 0 else []


@dataclass(frozen=True)
class ThereWhen:
    """ "Who was already on Redemption Island when Mikayla got there": the others whose stay began before hers
    and lasted until it."""

    castaway_id: str
    start: str
    end: str

    def select(self, rows: list[Row], columns: list[str]) -> list[Row]:
        theirs = [r for r in rows if r.get("castaway_id") == self.castaway_id]
        arrived = theirs[0].get(self.start) if theirs else None
        return [] if not isinstance(arrived, int) else [
            r for r in rows if r is not theirs[0] and isinstance(r.get(self.start), int) and r[self.start] < arrived
            and isinstance(r.get(self.end), int) and r[self.end] >= arrived]


@dataclass(frozen=True)
class At:
    """ "On day 16": the rows with these values, for the columns the rows have."""

    match: dict

    def select(self, rows: list[Row], columns: list[str]) -> list[Row]:
        here = {k: v for k, v in self.match.items() if k in columns}
        return [r for r in rows if r_.row_matches(r, here)] if here else rows


@dataclass(frozen=True)
class InYear:
    """ "Premiered in 2009": the rows whose first date column falls in the year."""

    year: int

    def select(self, rows: list[Row], columns: list[str]) -> list[Row]:
        dated = next((c for c in columns if any(r_.year_of(r.get(c)) for r in rows)), None)
        return [r for r in rows if r_.year_of(r.get(dated)) == self.year] if dated else rows


@dataclass(frozen=True)
class Rank:
    """ "The second-most": the rows with the Nth value of the rows' ranking (tied rows share it)."""

    n: int

    def select(self, rows: list[Row], columns: list[str]) -> list[Row]:
        column = r_.ranked_column(rows, columns)
        if not column:
            return rows
        values = list(dict.fromkeys(r[column] for r in rows))
        return [r for r in rows if r[column] == values[self.n - 1]] if self.n <= len(values) else []


@dataclass(frozen=True)
class Pick:
    """ "The last person to join the jury", "the 2nd juror": one row by its place in the query's order."""

    index: int | str  # "first", "last" or a position (negative from the end)

    def select(self, rows: list[Row], columns: list[str]) -> list[Row]:
        index = {"first": 0, "last": -1}.get(self.index, self.index)
        return r_.pick_one(rows, index) if isinstance(index, int) else []


# -- 4. one answer row from the rows (None: the operation does not apply to these rows) ----------------------
@dataclass(frozen=True)
class Difference:
    """ "How many years older was A than B": the gap between two rows' values."""

    column: str

    def answer(self, rows: list[Row], columns: list[str], facts: RowFacts, truncated: bool) -> Rows | None:
        return r_.difference(rows, columns, self.column, facts.name) if len(rows) == 2 else None


@dataclass(frozen=True)
class Ratio:
    """ "How many times more watched s1's finale than s41's": the larger of two rows' values over the smaller."""

    column: str

    def answer(self, rows: list[Row], columns: list[str], facts: RowFacts, truncated: bool) -> Rows | None:
        return r_.ratio(rows, self.column, facts.name) if len(rows) == 2 else None


@dataclass(frozen=True)
class Range:
    """ "The age gap between the oldest and youngest of the cast": top minus bottom."""

    column: str

    def answer(self, rows: list[Row], columns: list[str], facts: RowFacts, truncated: bool) -> Rows | None:
        valued = [r for r in rows if r_.is_number(r.get(self.column))]
        if len(valued) < 2:
            return None
        ends = [max(valued, key=lambda r: r[self.column]), min(valued, key=lambda r: r[self.column])]
        return r_.difference(ends, columns, self.column, facts.name)


@dataclass(frozen=True)
class ColumnDifference:
    """ "How many more watched its premiere than its finale": two columns of one row (two dates: the days)."""

    first: str
    second: str

    def answer(self, rows: list[Row], columns: list[str], facts: RowFacts, truncated: bool) -> Rows | None:
        if len(rows) != 1:
            return None
        first, second = self.first, self.second
        a, b = rows[0].get(first), rows[0].get(second)
        about = {c: rows[0][c] for c in columns if c in ("season", "season_name", "player", "castaway_id")}
        if r_.year_of(a) and r_.year_of(b):
            days = (dt.date.fromisoformat(str(a)[:10]) - dt.date.fromisoformat(str(b)[:10])).days
            row = {"days_between": days, first: a, second: b, **about}
            return [row], list(row)
        if r_.is_number(a) and r_.is_number(b):
            row = {f"{first}_minus_{second}": a - b, first: a, second: b, **about}
            return [row], list(row)
        return None


@dataclass(frozen=True)
class LargestGroup:
    """ "Which starting tribe put the most people on the jury": the rows grouped by a column, the largest (or
    smallest) group(s) with who is in them."""

    by: str
    max: bool

    def answer(self, rows: list[Row], columns: list[str], facts: RowFacts, truncated: bool) -> Rows | None:
        return r_.largest_group(rows, columns, self.by, self.max, facts.name)


@dataclass(frozen=True)
class GroupsOfAtLeast:
    """ "Who played an idol for someone else at least twice": the groups of a column with n rows or more."""

    by: str
    n: int

    def answer(self, rows: list[Row], columns: list[str], facts: RowFacts, truncated: bool) -> Rows | None:
        return r_.groups_of_at_least(rows, columns, self.by, self.n)


@dataclass(frozen=True)
class Count:
    """ "How many seasons …": the distinct values of a column ("*": the rows), with the items' names. Rows cut by
    the row cap are counted from the query's own total column where it has one."""

    key: str

    def answer(self, rows: list[Row], columns: list[str], facts: RowFacts, truncated: bool) -> Rows | None:
        key = self.key
        items = rows if key == "*" else list(dict.fromkeys(r.get(key) for r in rows if r.get(key) is not None))
        total = facts.totals.get(key)
        count = rows[0][total] if truncated and total in columns and rows[0].get(total) is not None else len(items)
        label = facts.name
        names = list(dict.fromkeys(str(r[label]) for r in rows if r.get(label) is not None)) if label else []
        row: Row = {"count": count, "counted": "rows" if key == "*" else key}
        if names:
            row["items"] = names[:40]
        return [row], list(row)


@dataclass(frozen=True)
class Aggregate:
    """ "The average age of the cast", "how many days in all her seasons": the mean or the sum of a column."""

    how: str  # average | total
    column: str

    def answer(self, rows: list[Row], columns: list[str], facts: RowFacts, truncated: bool) -> Rows | None:
        if self.column not in columns:
            return None
        values = [r[self.column] for r in rows if isinstance(r.get(self.column), (int, float))]
        if not values:
            return None
        value = round(sum(values) / len(values), 1) if self.how == "average" else sum(values)
        row = {f"{self.how}_{self.column}": value, "of": len(values)}
        return [row], list(row)


# -- 5. the asked column first --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Focus:
    """ "On what day did … leave": the column leads each row ("year": the year of the rows' first date)."""

    column: str

    def answer(self, rows: list[Row], columns: list[str], facts: RowFacts, truncated: bool) -> Rows | None:
        if self.column == "year" and "year" not in columns:
            dated = next((c for c in columns if any(r_.year_of(r.get(c)) for r in rows)), None)
            if dated:
                return [{"year": r_.year_of(r.get(dated)), **r} for r in rows], ["year", *columns]
        if self.column in columns:
            order = [self.column] + [c for c in columns if c != self.column]
            return [{c: r.get(c) for c in order} for r in rows], order
        return None


Select = (Span | Where | AtLeast | Bound | ColumnLess | WhereNot | CareerTotal | Extreme | Sort | Between | NextTo
          | ThereWhen | At | InYear | Rank | Pick)
Answer = (Difference | Ratio | Range | ColumnDifference | LargestGroup | GroupsOfAtLeast | Count | Aggregate
          | Focus)
Restriction = InSet | Gender
Operation = Restriction | Missing | Select | Answer


# The order operations apply in (the module docstring's): an operation's place is its type's, so whoever adds
# one need not know the order. Ties within a type: except before within, episodes before seasons, the bounds
# as listed, an average before a total (the first answer that applies wins); otherwise the order added.
ORDER: tuple[type, ...] = (InSet, Gender, Missing, Span, Where, AtLeast, Bound, ColumnLess, WhereNot, CareerTotal,
                           Extreme, Sort, Between, NextTo, ThereWhen, At, InYear, Rank, Pick, Difference, Ratio,
                           Range, ColumnDifference, LargestGroup, GroupsOfAtLeast, Count, Aggregate, Focus)
# The operations a query's rows must be read whole for (not its first 60): every one that keeps or chooses rows
# or answers from all of them; these two only reshape the rows they are given
RESHAPING: tuple[type, ...] = (ColumnDifference, Focus)
CHOOSING: tuple[type, ...] = tuple(kind for kind in ORDER if kind not in RESHAPING)
_TIES: dict[type, Callable[[Any], int]] = {
    InSet: lambda op: int(op.keep),
    Span: lambda op: int(op.column != "episode"),
    Bound: lambda op: list(_HOLDS).index(op.kind),
    Aggregate: lambda op: int(op.how != "average"),
}


def _place(op: Operation) -> tuple[int, int]:
    tie = _TIES.get(type(op))
    return ORDER.index(type(op)), tie(op) if tie else 0


def in_order(operations) -> tuple[Operation, ...]:
    """The operations in the order they apply, whatever order they came in."""
    return tuple(sorted(operations, key=_place))


def with_ops(operations: tuple[Operation, ...], *added: Operation) -> tuple[Operation, ...]:
    """The operations with more added, each in its place."""
    return in_order((*operations, *added))


def planned(operations) -> tuple[Operation, ...]:
    """The operations as a plan holds them: in order, and Missing alone after the restrictions (it answers from
    the rows as they are, so nothing else would apply)."""
    operations = in_order(operations)
    if any(isinstance(op, Missing) for op in operations):
        return tuple(op for op in operations if isinstance(op, (InSet, Gender, Missing)))
    return operations


# What makes two operations the same ask, for a reading that yields to one already there: the type, and for
# these types the field that makes them different asks (an episode span is not a season span, an average not a
# total, "at most" not "above")
_KIND_FIELD: dict[type, str] = {Span: "column", Bound: "kind", Aggregate: "how", InSet: "keep"}


def kind_of(op: Operation) -> tuple:
    field = _KIND_FIELD.get(type(op))
    return (type(op), getattr(op, field)) if field else (type(op),)


def yielding(operations: tuple[Operation, ...], *readings: Operation) -> tuple[Operation, ...]:
    """The operations with those of `readings` whose kind they do not have yet: an operation a plan already has
    wins over a more generic reading of the same kind."""
    kinds = {kind_of(op) for op in operations}
    return with_ops(operations, *(op for op in readings if kind_of(op) not in kinds))


def described(operations) -> list[dict]:
    """The operations as the trace shows them (JSON: the page and the evaluation's run files store traces): one
    small dict each, its type and its fields; a set to keep or leave out with that plan's own operations."""
    out = []
    for op in operations:
        if isinstance(op, InSet):
            spec = {k: v for k, v in op.spec.items() if k != "operations"}
            nested = {"operations": described(op.spec["operations"])} if op.spec.get("operations") else {}
            out.append({"op": "keep in" if op.keep else "leave out", **spec, **nested})
        else:
            out.append({"op": type(op).__name__, **{f.name: getattr(op, f.name) for f in fields(op)}})
    return out


def apply_operations(operations: tuple[Operation, ...], rows: list[Row], columns: list[str],
                     truncated: bool = False, facts: RowFacts = NO_ROW_FACTS) -> Rows:
    """The rows as the operations make them: the rows kept and chosen, then the first answer that applies (the
    restrictions are the toolbox's: it has applied them already)."""
    if missing := next((op for op in operations if isinstance(op, Missing)), None):
        return missing.answer(rows, columns, facts, truncated)
    if not operations or not rows:
        return rows, columns
    for op in operations:
        if hasattr(op, "select"):
            rows = op.select(rows, columns)
    if not rows:
        return rows, columns
    for op in operations:
        if hasattr(op, "answer") and (answered := op.answer(rows, columns, facts, truncated)) is not None:
            return answered
    return rows, columns


# The operations an example may carry (agent.examples): all but the lookups of other plans (InSet, Gender) and
# Missing, which need a plan or the part's own words
CARRIED = {kind.__name__: kind for kind in ORDER if kind not in (InSet, Gender, Missing)}


def from_described(spec: dict) -> Operation:
    """The operation `described` wrote as {"op": type, field: value …} (lists read back as the tuples a field
    declares); ValueError naming what does not fit."""
    if not isinstance(spec, dict) or spec.get("op") not in CARRIED:
        raise ValueError(f"an operation is one of {', '.join(sorted(CARRIED))} with its fields, not {spec!r}")
    kind = CARRIED[spec["op"]]
    given = {k: v for k, v in spec.items() if k != "op"}
    names = {f.name for f in fields(kind)}
    if unknown := set(given) - names:
        raise ValueError(f"{kind.__name__} has no field {', '.join(sorted(unknown))}; its fields: "
                         f"{', '.join(sorted(names))}")
    tuples = {f.name for f in fields(kind) if str(f.type).startswith("tuple")}
    try:
        return kind(**{k: tuple(v) if k in tuples and isinstance(v, list) else v for k, v in given.items()})
    except TypeError as exc:
        raise ValueError(f"{kind.__name__}: {exc}") from None
