"""Which result columns hold season numbers, and the numbers they hold.

One rule for the claim checker (a season an answer names must be one its evidence is about) and the page's
evidence graph (the seasons it anchors on): a column whose name says "season" holds seasons unless its name
says it counts them — `n_seasons`, `seasons_played`, `seasons_won`, `season_count` are numbers of seasons, while
`seasons_won_in`, `seasons_played_in`, `won_season`, `earlier_seasons` list them. Written by the catalog and by
the model alike, so the rule reads the name, not a list of the catalog's columns.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

_COUNTS_SEASONS = re.compile(r"^(n|num|number|count|total|how_many)_|(^|_)(n|num|count|total)$|_(played|won)$")


def holds_seasons(column: Any) -> bool:
    name = str(column).lower()
    return "season" in name and not _COUNTS_SEASONS.search(name)


def season_numbers(value: Any) -> list[int]:
    """The season numbers in a cell: integers 1-99 (as numbers or digit strings), in lists too; never a bool."""
    return [number for item in _flat(value) if (number := _season_number(item)) is not None]


def _flat(value: Any) -> Iterable[Any]:
    if isinstance(value, list | tuple | set):
        for item in value:
            yield from _flat(item)
    else:
        yield value


def _season_number(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    elif isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    return value if isinstance(value, int) and 0 < value < 100 else None
