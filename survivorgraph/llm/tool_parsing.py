"""Recover tool calls that a model wrote as text instead of OpenAI `tool_calls`.

llama.cpp serving Qwen2.5-Coder does not fill OpenAI `tool_calls`; the call arrives in `content` in
one of several shapes: a ```json fence, `<tool_call>...</tool_call>` tags (Qwen's template), a bare
object after some prose, or a list of calls. The parser scans for every balanced JSON value (see
json_text) instead of trusting one layout, and only accepts calls to tools that were offered, so prose
that happens to contain JSON is not mistaken for a call.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from survivorgraph.llm.base import ToolCall
from survivorgraph.llm.json_text import iter_json_values


def _arguments(raw: Any) -> dict[str, Any] | None:
    if raw is None:
        return {}
    if isinstance(raw, dict):
        return raw
    if isinstance(raw, str):  # OpenAI style: arguments as a JSON string
        try:
            parsed = json.loads(raw) if raw.strip() else {}
        except json.JSONDecodeError:
            return None
        return parsed if isinstance(parsed, dict) else None
    return None


def _as_call(value: Any, names: set[str]) -> ToolCall | None:
    if not isinstance(value, dict):
        return None
    if isinstance(value.get("function"), dict):  # {"type": "function", "function": {...}}
        inner = _as_call(value["function"], names)
        return None if inner is None else ToolCall(inner.name, inner.arguments, str(value.get("id", "")), True)
    name = value.get("name") or value.get("tool") or value.get("tool_name")
    if not isinstance(name, str) or name not in names:
        return None
    for key in ("arguments", "parameters", "args", "input"):
        if key in value:
            args = _arguments(value[key])
            return None if args is None else ToolCall(name, args, str(value.get("id", "")), True)
    # {"name": "x", "season": 45}: arguments inlined next to the name.
    rest = {k: v for k, v in value.items() if k not in ("name", "tool", "tool_name", "id", "type")}
    return ToolCall(name, rest, str(value.get("id", "")), True)


def tool_names(tools: Iterable[Mapping[str, Any]]) -> set[str]:
    names = set()
    for tool in tools:
        fn = tool.get("function", tool)
        if isinstance(fn, Mapping) and isinstance(fn.get("name"), str):
            names.add(fn["name"])
    return names


def parse_tool_calls_from_content(content: str, tools: Sequence[Mapping[str, Any]]) -> tuple[ToolCall, ...]:
    """Tool calls written in the text, in order; empty when the text holds none for these tools."""
    names = tool_names(tools)
    calls: list[ToolCall] = []
    for value in iter_json_values(content or ""):
        candidates = value if isinstance(value, list) else [value]
        if isinstance(value, dict) and isinstance(value.get("tool_calls"), list):
            candidates = value["tool_calls"]
        for candidate in candidates:
            call = _as_call(candidate, names)
            if call is not None:
                calls.append(call)
    return tuple(calls)
