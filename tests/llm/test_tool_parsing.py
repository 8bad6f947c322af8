"""Recovering tool calls and JSON that models write as text."""

from __future__ import annotations

import pytest

from survivorgraph.llm.json_text import first_json_object, iter_json_values
from survivorgraph.llm.tool_parsing import parse_tool_calls_from_content

TOOLS = [{"type": "function", "function": {"name": "season_winner", "parameters": {}}},
         {"type": "function", "function": {"name": "jury_votes", "parameters": {}}}]


@pytest.mark.parametrize("text", [
    '{"name": "season_winner", "arguments": {"season": 45}}',
    '```json\n{"name": "season_winner", "arguments": {"season": 45}}\n```',
    '```\n{"name": "season_winner", "arguments": {"season": 45}}\n```',
    '<tool_call>\n{"name": "season_winner", "arguments": {"season": 45}}\n</tool_call>',
    'I will look this up. {"name": "season_winner", "arguments": {"season": 45}} Done.',
    '{"name": "season_winner", "arguments": "{\\"season\\": 45}"}',  # arguments as a JSON string
    '{"type": "function", "function": {"name": "season_winner", "arguments": {"season": 45}}}',
    '{"name": "season_winner", "parameters": {"season": 45}}',
    '{"tool": "season_winner", "season": 45}',  # arguments inlined
    '{"tool_calls": [{"name": "season_winner", "arguments": {"season": 45}}]}',
])
def test_one_call_in_many_shapes(text):
    [call] = parse_tool_calls_from_content(text, TOOLS)
    assert (call.name, call.arguments, call.from_content) == ("season_winner", {"season": 45}, True)


def test_several_calls_in_order():
    text = ('[{"name": "season_winner", "arguments": {"season": 45}}, '
            '{"name": "jury_votes", "arguments": {"season": 45}}]')
    assert [c.name for c in parse_tool_calls_from_content(text, TOOLS)] == ["season_winner", "jury_votes"]


@pytest.mark.parametrize("text", [
    "", "Dee won season 45.",
    '{"name": "drop_database", "arguments": {}}',  # not an offered tool
    '{"name": "season_winner", "arguments": {"season": 45}',  # truncated
    '{"name": "season_winner", "arguments": "not json"}',
    '{"season": 45}',
])
def test_no_call(text):
    assert parse_tool_calls_from_content(text, TOOLS) == ()


def test_json_helpers():
    assert first_json_object('```json\n{"a": {"b": 1}}\n```') == {"a": {"b": 1}}
    assert first_json_object("no json {here") is None
    assert list(iter_json_values('x [1, 2] y {"k": [3]} {bad')) == [[1, 2], {"k": [3]}]
