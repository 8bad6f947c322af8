"""Every catalog query the code names exists in the catalog.

Query names are plain strings across the agent (a plan's tool, a Ref's query, a set to leave out, tables of
question words and the query they route to). A renamed or removed query would only fail when a question
happened to reach that line; this test reads the code instead: each string in a position that names a query
must be a name the catalog holds.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from queries.catalog import load_catalog

ROOT = Path(__file__).resolve().parents[1] / "survivorgraph"
NAMES = set(load_catalog().names())
NOT_QUERIES = {"text_to_cypher", "chunk_search", "abstain"}  # the agent's other tools
# Calls whose first argument is a query name
_NAMING_CALLS = {"Plan", "Ref", "columns_of", "row_facts", "person_column", "limit_of"}
_CATALOG_CALLS = {"get", "run"}  # catalog.get(name), catalog.run(name, …)
_NAMING_KEYS = {"tool", "$ref"}  # a set spec's / a Ref's query
_TOOL_WORDS = {"tool", "query"}  # `plan.tool == …`, `query == …`, `tool in (…)`


def _strings(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for element in node.elts for s in _strings(element)]
    if isinstance(node, ast.Dict):
        return [s for key in node.keys if key is not None for s in _strings(key)]
    return []


def _is_tool(node: ast.AST) -> bool:
    name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""
    return name in _TOOL_WORDS


def named_queries(source: str) -> set[str]:
    """The strings `source` uses as query names: a call's first argument (Plan, Ref, catalog.get …), the value of
    a "tool" / "$ref" key, what a tool is compared with (a constant collection by its name too), and a column of
    a table of tuples in which the catalog's names stand (the query each pattern routes to)."""
    tree = ast.parse(source)
    constants = {target.id: node.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
                 for target in node.targets if isinstance(target, ast.Name)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            func = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            on_catalog = isinstance(node.func, ast.Attribute) and "catalog" in ast.unparse(node.func.value)
            first = constants.get(node.args[0].id) if isinstance(node.args[0], ast.Name) else node.args[0]
            if (func in _NAMING_CALLS or func in _CATALOG_CALLS and on_catalog) and isinstance(first, ast.Constant):
                found.update(_strings(first))
        elif isinstance(node, ast.Dict):
            found.update(s for key, value in zip(node.keys, node.values)
                         if isinstance(key, ast.Constant) and key.value in _NAMING_KEYS
                         and not isinstance(value, ast.Dict) for s in _strings(value))
        elif isinstance(node, ast.Compare) and any(_is_tool(side) for side in (node.left, *node.comparators)):
            for side in (node.left, *node.comparators):
                found.update(_strings(constants.get(side.id, side) if isinstance(side, ast.Name) else side))
        elif isinstance(node, (ast.List, ast.Tuple)) and node.elts and all(
                isinstance(e, ast.Tuple) for e in node.elts):
            found.update(_table_names(node.elts))
    return found


def _table_names(rows: list[ast.Tuple]) -> set[str]:
    """The strings of each column of a table in which most strings are query names."""
    found: set[str] = set()
    for i in range(min(len(r.elts) for r in rows)):
        column = [e.value for r in rows if isinstance(e := r.elts[i], ast.Constant) and isinstance(e.value, str)]
        if column and sum(value in NAMES for value in column) * 2 > len(column):
            found.update(column)
    return found


def _code_names() -> dict[str, set[str]]:
    return {str(path.relative_to(ROOT.parent)): named_queries(path.read_text(encoding="utf-8"))
            for path in sorted(ROOT.rglob("*.py"))}


def test_the_code_names_only_queries_the_catalog_holds():
    named = _code_names()
    unknown = {path: sorted(bad) for path, names in named.items() if (bad := names - NAMES - NOT_QUERIES)}
    assert not unknown, f"names no catalog query: {unknown}"
    # the scan reads the code's names (most of the catalog is routed to somewhere)
    assert len(set().union(*named.values()) & NAMES) > 0.8 * len(NAMES)


@pytest.mark.parametrize("code", [
    'Plan("season_winers", {})',
    'catalog.get("season_winers")',
    'TIMELINE = "season_timelines"\nplan = Plan(TIMELINE, {})',
    'Ref("no_such_query", {}, "season", "the season")',
    'spec = {"tool": "season_juri", "params": {}}',
    'ok = plan.tool in ("season_cast", "season_jurors")',
    '_SET = {"boot_order", "boot_orders"}\nok = plan.tool not in _SET',
    'TABLE = [("a", "season_cast", 1), ("b", "season_jury", 2), ("c", "season_jurors", 3)]',
])
def test_a_misspelt_query_name_is_found(code):
    assert named_queries(code) - NAMES - NOT_QUERIES


def test_words_that_are_not_query_names_are_not_read_as_names():
    assert named_queries('counts = [c for c in ("wins", "challenges", "duels") if c != column]') == set()
    assert named_queries('shape["at_least"] = {"seasons_together": 2}') == set()
    assert named_queries('value = row.get("season_cast_size")') == set()
