"""Where a season was filmed, as people ask it: the place a question names after a filming phrase ("filmed in
Fiji", "shot in the Philippines"), free text the seasons_by_location query matches against each season's location
and country. The rules and the example router's {place} placeholder read the same span."""

from __future__ import annotations

import re

_FILMED_IN = re.compile(r"\b(?:filmed|shot|held|set|located|take place|took place) in (?:the )?"
                        r"(?P<place>[^?;.]+?)\s*(?=[?;.]|$)", re.I)
# "filmed in which country" asks for the place; "filmed in {season}" names a season the linker found
_NOT_A_PLACE = re.compile(r"(which|what|where)\b|\{", re.I)


def place_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, place) of each place the text says a season was filmed in, in the text's order."""
    spans = []
    for m in _FILMED_IN.finditer(text):
        place = m.group("place").rstrip(" ,")
        if place and not _NOT_A_PLACE.match(place):
            spans.append((m.start("place"), m.start("place") + len(place), place))
    return spans


def first_place(text: str) -> str | None:
    return next((place for _, _, place in place_spans(text)), None)
