"""Catalog queries with their parameters written in (cypher.inline), and the question -> Cypher pairs built from
them (queries/cypher_examples.yaml, benchmarks/build_cypher_examples.py): each runs and is writable by the model."""

from __future__ import annotations

import pytest
import yaml

from survivorgraph.cypher import grammar
from survivorgraph.cypher.inline import inline_params, literal
from survivorgraph.retrievers.fewshot import CATALOG_BANK_PATH

GUARDED = """// a comment line
MATCH (s:Season)<-[:IN_SEASON]-(ps:PlayerSeason)
WHERE $season IS NULL OR s.number = $season
  AND ps.age > 30
WITH s, ps
WHERE ($exit IS NULL OR ps.exit_type = $exit) AND ps.place < $places
RETURN s.number AS season, ps.name AS name, $seasons AS asked
LIMIT $limit"""


def test_a_given_value_keeps_its_filter_and_is_written_in():
    text = inline_params(GUARDED, {"season": 7, "exit": "quit", "places": 3, "seasons": [1, 2], "limit": 50})
    assert "//" not in text and "$" not in text and "IS NULL" not in text
    assert "WHERE s.number = 7\n  AND ps.age > 30" in text
    assert "WHERE (ps.exit_type = 'quit') AND ps.place < 3" in text
    assert "[1, 2] AS asked" in text and "LIMIT 50" in text  # $season did not eat the start of $seasons


def test_a_missing_value_drops_its_filter():
    text = inline_params(GUARDED, {"season": None, "exit": None, "places": 3, "seasons": None, "limit": 5})
    assert "s.number" not in text.split("RETURN")[0] and "exit_type" not in text
    assert "WHERE ps.place < 3" in text and "null AS asked" in text
    assert "WHERE true" not in text and "AND true" not in text
    assert text.splitlines()[1] == "WITH s, ps"  # the whole first WHERE went with its guard


def test_literals_and_unfilled_parameters():
    assert literal("O'Brien") == '"O\'Brien"' and literal("Tagi") == "'Tagi'"
    assert literal(True) == "true" and literal(None) == "null" and literal([1, "a"]) == "[1, 'a']"
    with pytest.raises(ValueError):
        literal("both ' and \" quotes")
    with pytest.raises(KeyError, match=r"\$season"):
        inline_params("MATCH (s:Season {number: $season}) RETURN s", {})


@pytest.fixture(scope="module")
def built_pairs():
    return yaml.safe_load(CATALOG_BANK_PATH.read_text())


def test_the_built_pairs_cover_many_queries_and_name_where_they_came_from(built_pairs):
    assert len(built_pairs) >= 200 and len({p["query"] for p in built_pairs}) >= 30
    assert all({"question", "cypher", "query", "set", "origin"} <= set(p) for p in built_pairs)


def test_built_pairs_run_and_parse_under_the_model_grammar(graph, built_pairs):
    """One pair per query (the build checks every pair; Lark's Earley parser takes ~0.1 s a query)."""
    model = grammar.for_model(graph.schema())
    one_each = list({p["query"]: p for p in built_pairs}.values())
    assert {p["query"]: model.mismatch(p["cypher"]) for p in one_each if model.mismatch(p["cypher"])} == {}
    assert [p["question"] for p in one_each if not graph.query(p["cypher"]).rows] == []
