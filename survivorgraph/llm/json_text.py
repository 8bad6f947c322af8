"""Find JSON inside model text: small models wrap it in ```json fences, tags or a sentence of prose.

Scanning for every balanced JSON value is more robust than stripping one expected wrapper.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

_DECODER = json.JSONDecoder()


def iter_json_values(text: str) -> Iterator[Any]:
    """Every top-level JSON object or array embedded in text, left to right.

    Decoding is attempted at each `{` or `[`; after a success, scanning resumes past the decoded
    value, so objects nested in it are not reported again."""
    i, n = 0, len(text)
    while i < n:
        if text[i] in "{[":
            try:
                value, end = _DECODER.raw_decode(text, i)
            except json.JSONDecodeError:
                i += 1
                continue
            yield value
            i = end
        else:
            i += 1


def first_json_object(text: str) -> dict[str, Any] | None:
    """The whole text as a JSON object if it is one, else the first object embedded in it."""
    try:
        value = json.loads(text)
    except (json.JSONDecodeError, TypeError):
        value = None
    if isinstance(value, dict):
        return value
    for value in iter_json_values(text or ""):
        if isinstance(value, dict):
            return value
    return None
