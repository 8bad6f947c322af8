"""The opposite readings of one frame: "which members made the merge" and "which members did not make the merge",
"the most jury votes" and "the fewest", "at the start of {season}" and "after the swap" share nearly every word,
so the nearest example of a part is often its opposite. The example still teaches the frame; the part's own
contrast words choose the side: the example's plan is turned to it (a yes/no param negated, an extreme or a pick
reversed, a choice swapped for its opposite) — or, when the plan says no such thing, left as it is.
"""

from __future__ import annotations

import re
from dataclasses import replace

from survivorgraph.agent.phrases import NEGATION

# (axis, one side, the other side: None for polarity, whose other side is the text without a negation)
AXES = [
    ("polarity", re.compile(NEGATION + r"|n't\b", re.I), None),
    ("extreme", re.compile(r"\b(most|more|highest|largest|biggest|greatest|longest|maximum)\b", re.I),
     re.compile(r"\b(fewest|fewer|least|less|lowest|smallest|shortest|minimum)\b", re.I)),
    ("order", re.compile(r"\b(first|earliest|opening|initial(ly)?|start(ed|ing)?|original(ly)?)\b", re.I),
     re.compile(r"\b(last|latest|final(?! (tribal|three|two|four|five|vote|jury|council))|most recent|end(ed|ing)?|"
                r"after the swap|swapp?ed)\b", re.I)),
]
# A choice's opposite on an axis, when the param offers it
_OPPOSITE_CHOICES = {"extreme": [("most", "fewest"), ("most", "least")],
                     "order": [("first", "last"), ("original", "swapped")]}


def sides(text: str) -> tuple[int, ...]:
    """Per axis: 1 one side, -1 the other, 0 neither or both. Polarity is 1 when negated, else -1: a question says
    yes or no to its frame."""
    out = []
    for _, one, other in AXES:
        a = bool(one.search(text))
        b = bool(other.search(text)) if other is not None else not a
        out.append(0 if a == b else 1 if a else -1)
    return tuple(out)


def opposed_axes(part: tuple[int, ...], example: tuple[int, ...]) -> list[str]:
    return [name for (name, _, _), p, e in zip(AXES, part, example, strict=True) if p and e and p != e]


def turned(example, axes: list[str], choices: dict):
    """(the example with its plan on the other side of each axis it can be turned on, those axes). An axis the plan
    holds nothing for is left: no yes/no value, or two (which one the negation denies is not known), no extreme,
    pick or choice with an opposite. `choices`: (query, param) -> the param's declared choices."""
    params = dict(example.params)
    operations = [dict(op) for op in example.operations]
    done: list[str] = []
    for axis in axes:
        if axis == "polarity":
            flags = [(None, k) for k, v in params.items() if isinstance(v, bool)] + \
                    [(i, k) for i, op in enumerate(operations) if op.get("op") == "Where"
                     for k, v in (op.get("match") or {}).items() if isinstance(v, bool)]
            if len(flags) == 1:
                (at, key), = flags
                if at is None:
                    params[key] = not params[key]
                else:
                    match = operations[at]["match"]
                    operations[at]["match"] = {**match, key: not match[key]}
                done.append(axis)
            continue
        for op in operations:
            if axis == "extreme" and op.get("op") == "Extreme":
                op["max"] = not op.get("max", True)
                done.append(axis)
            if axis == "order" and op.get("op") == "Pick" and op.get("index") in ("first", "last"):
                op["index"] = "last" if op["index"] == "first" else "first"
                done.append(axis)
        for key, value in params.items():
            allowed = choices.get((example.tool, key), ())
            other = next((y for a, b in _OPPOSITE_CHOICES[axis] for x, y in ((a, b), (b, a))
                          if value == x and y in allowed), None) if isinstance(value, str) else None
            if other:
                params[key] = other
                done.append(axis)
    if not done:
        return example, ()
    return replace(example, params=params, operations=tuple(operations)), tuple(dict.fromkeys(done))
