"""A catalog query with its parameters written in as literals: Cypher a model can learn from and write.

The catalog's queries take optional filters as `$p IS NULL OR <filter>` (inside parentheses, or as a whole
WHERE). Given a value the test goes and the filter stays; given none the filter goes (`true`, then dropped).
The rest of the parameters become literals. `benchmarks/build_cypher_examples.py` keeps an inlined query only
when it returns the same rows as the parametrised one and parses under the model's grammar.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

_CLAUSE = re.compile(r"(?:OPTIONAL\s+MATCH|MATCH|WITH|RETURN|UNWIND|ORDER\s+BY|SKIP|LIMIT)\b")
_COMMENT = re.compile(r"^\s*//.*$\n?", re.M)


def literal(value: Any) -> str:
    """A Cypher literal (strings in the quotes they do not contain; the dialect has no escapes we rely on)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {literal(v)}" for k, v in value.items()) + "}"
    text = str(value)
    if "'" not in text:
        return f"'{text}'"
    if '"' not in text:
        return json.dumps(text)
    raise ValueError(f"cannot write {text!r} as a Cypher literal without escapes")


def _group_end(text: str, start: int, *, closing: bool) -> int:
    """Where the expression starting at `start` ends: at the `)` that closes its group (`closing`), or at the
    next clause keyword outside brackets (a WHERE's whole condition)."""
    depth, quote, i = 0, "", start
    while i < len(text):
        c = text[i]
        if quote:
            quote = "" if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                return i
            depth -= 1
        elif (depth == 0 and not closing and not (text[i - 1].isalnum() or text[i - 1] == "_")
              and _CLAUSE.match(text, i)):
            return i
        i += 1
    return len(text)


def _drop_guards(cypher: str, params: Mapping[str, Any]) -> str:
    for name, value in params.items():
        guard = re.compile(rf"(\(\s*)?\${name}\s+IS\s+NULL\s+OR\s+")
        while m := guard.search(cypher):
            if value is not None:  # the test is false: what it guarded decides alone
                cypher = cypher[:m.start()] + (m.group(1) or "") + cypher[m.end():]
            elif m.group(1):  # (… IS NULL OR filter) is true
                end = _group_end(cypher, m.end(), closing=True)
                cypher = cypher[:m.start()] + "true" + cypher[end + 1:]
            else:  # WHERE … IS NULL OR filter, to the end of the WHERE
                end = _group_end(cypher, m.end(), closing=False)
                cypher = cypher[:m.start()] + "true\n" + cypher[end:]
    return cypher


def _tidy(cypher: str) -> str:
    """Drop the `true`s a removed filter left behind."""
    previous = None
    while previous != cypher:
        previous = cypher
        cypher = re.sub(r"\bWHERE\s+true\s+AND\s+", "WHERE ", cypher)
        cypher = re.sub(r"\s+AND\s+true\b(?!\s*[=<>])", "", cypher)
        cypher = re.sub(r"\bWHERE\s+true\s*(?=" + _CLAUSE.pattern + r"|$)", "", cypher)
        cypher = re.sub(r"\(\s*true\s*\)", "true", cypher)
    return "\n".join(line.rstrip() for line in cypher.splitlines() if line.strip())


def inline_params(cypher: str, params: Mapping[str, Any]) -> str:
    """The query (comments dropped) with `params` written in; every `$name` must have a value (or None)."""
    text = _tidy(_drop_guards(_COMMENT.sub("", cypher), params))
    missing = sorted(set(re.findall(r"\$(\w+)", text)) - set(params))
    if missing:
        raise KeyError(f"no value for ${', $'.join(missing)}")
    # The longest names first: $season must not eat the start of $seasons.
    for name in sorted(params, key=len, reverse=True):
        text = re.sub(rf"\${name}\b", lambda _m, v=params[name]: literal(v), text)
    return text
