"""What the catalog tests share: the catalog, sample arguments, castaway ids, `covers` and `run`, and small
helpers over survivoR tables. The survivoR fixtures themselves are in tests/catalog/conftest.py.

Each answer test names the catalog queries it covers with `@covers`; `covered_queries()` reads those decorators
from the source of every module in tests/catalog/, so the check that no query is left without an answer test
holds whichever modules a run collects.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pandas as pd

from queries.catalog import load_catalog

CATALOG = load_catalog()
HERE = Path(__file__).resolve().parent

# Arguments for the required params when a test only needs the query to run.
SAMPLE_ARGS = {"season": 45, "castaway_id": "US0055", "other_castaway_id": "US0300", "exit_type": "medevac",
               "name": "rob", "episode": 9, "seasons": [20, 40], "castaway_ids": ["US0055", "US0300"],
               "place": "Fiji", "without": "votes_received",
               "places": ["Texas"], "overall": 100}
ROB, AMBER, RUSSELL, RUPERT, PARVATI = "US0055", "US0027", "US0300", "US0107", "US0197"
SANDRA, TONY = "US0112", "US0424"
MEDEVAC_SEASONS = [2, 12, 16, 18, 19, 24, 26, 32, 37, 42, 44, 46, 49]


def covers(*names: str):
    """Mark a test as checking these catalog queries' answers (see covered_queries)."""
    unknown = [n for n in names if n not in CATALOG]
    assert not unknown, f"@covers names unknown catalog queries {unknown}"
    return lambda test: test


def covered_queries(folder: Path = HERE) -> set[str]:
    """The query names in the `@covers(...)` decorators of every module in `folder`, read from the source (not
    from what a run happened to import)."""
    names: set[str] = set()
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for decorator in node.decorator_list:
                func = decorator.func if isinstance(decorator, ast.Call) else None
                if not ((isinstance(func, ast.Name) and func.id == "covers")
                        or (isinstance(func, ast.Attribute) and func.attr == "covers")):
                    continue
                for arg in decorator.args:
                    assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), (
                        f"{path.name}:{decorator.lineno}: @covers takes query names as plain strings")
                    names.add(arg.value)
    return names


def run(graph, query_name: str, **params):
    return CATALOG.get(query_name).run(graph, params, row_cap=100_000)


def sample_args(query) -> dict:
    return {p.name: SAMPLE_ARGS[p.name] for p in query.params if p.required}


# -- over survivoR tables -------------------------------------------------------------------------------------
def seasons_played(castaways: pd.DataFrame) -> pd.Series:
    return castaways.groupby("castaway_id").size()


def name_of(castaways: pd.DataFrame, season: int, castaway_id: str) -> str:
    row = castaways[(castaways["season"] == season) & (castaways["castaway_id"] == castaway_id)]
    return row["full_name"].iloc[0]


def ranking_matches(rows: list[dict], truth: pd.Series, value: str, key: str = "castaway_id") -> None:
    """The rows are the top of `truth` (id -> count): same counts, in order, and each row's own count right."""
    assert rows, "empty ranking"
    expected = truth.sort_values(ascending=False)
    assert [r[value] for r in rows] == list(expected.iloc[:len(rows)])
    for r in rows:
        assert r[value] == truth[r[key]], r
