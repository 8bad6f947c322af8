"""The one node a relationship skipped: `(s:Season)-[:IMMUNITY_WON_BY]->(ps)` when the schema has
`(:Season)-[:HAS_EPISODE]->(:Episode)-[:IMMUNITY_WON_BY]->(:PlayerSeason)`.

A small model often joins two labels directly that the graph joins through a third. When exactly one label and
one relationship close the gap, the query can be rewritten without the model; with two or more readings the
choice is the model's, so nothing is returned.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Bridge:
    label: str        # the node the query skipped
    arrow: str        # the relationship joining it to its written neighbour, e.g. "-[:HAS_EPISODE]->"
    next_to: str      # "left": the new node follows the left node; "right": it precedes the right node
    flipped: bool = False  # the written relationship also points the other way


def _arrow(patterns: set[tuple[str, str, str]], left: str, right: str) -> list[str]:
    """The relationships joining `left` then `right` as written, each as its arrow text."""
    arrows = [f"-[:{rel}]->" for a, rel, b in patterns if (a, b) == (left, right)]
    arrows += [f"<-[:{rel}]-" for a, rel, b in patterns if (a, b) == (right, left) and a != b]
    return arrows


def find_bridge(patterns: Iterable[tuple[str, str, str]], lefts: set[str], rights: set[str], types: set[str],
                direction: str) -> Bridge | None:
    """The single node and relationship that make `(lefts)-[types]-(rights)` (as written, `direction` "out"
    or "in") a path the schema has, or None when there is none or more than one. A bridge that also needs the
    written relationship turned round (`(ps)-[:ELIMINATED]->(s:Season)`) counts only when none fits as written."""
    patterns = set(patterns)
    if direction not in ("out", "in") or len(lefts) != 1 or len(rights) != 1:
        return None
    (left,), (right,) = lefts, rights
    labels = {a for a, _, _ in patterns} | {b for _, _, b in patterns}
    for flipped in (False, True):
        way = direction if not flipped else {"out": "in", "in": "out"}[direction]

        def joins(first: str, second: str, way: str = way) -> bool:  # a relationship of `types`, first to second
            start, end = (first, second) if way == "out" else (second, first)
            return any((start, t, end) in patterns for t in types)

        found = [Bridge(middle, arrow, "left", flipped) for middle in labels if joins(middle, right)
                 for arrow in _arrow(patterns, left, middle)]
        found += [Bridge(middle, arrow, "right", flipped) for middle in labels if joins(left, middle)
                  for arrow in _arrow(patterns, middle, right)]
        if found:
            return found[0] if len(found) == 1 else None
    return None


def flip_arrow(text: str) -> str:
    """The one relationship in `text` turned round, with or without its nodes: `-[r:T]->` -> `<-[r:T]-`,
    `(a)<-[:T]-(b)` -> `(a)-[:T]->(b)`; "" when the text holds no relationship with one direction."""
    if "]->" in text and "<-[" not in text:
        return text.replace("-[", "<-[", 1).replace("]->", "]-", 1)
    if "<-[" in text and "]->" not in text:
        return text.replace("<-[", "-[", 1).replace("]-", "]->", 1)
    return ""
