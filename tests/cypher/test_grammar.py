"""The schema's Cypher grammar (cypher.grammar): it admits what the product writes and forbids what the graph
lacks. Checked with Lark reading the same GBNF llama.cpp enforces (cypher.gbnf); the real server's use of it is
in tests/llm/test_llama_server_slow.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from survivorgraph.cypher import grammar
from survivorgraph.retrievers.fewshot import BANK_PATH
from survivorgraph.retrievers.text_to_cypher import TextToCypherRetriever
from tests.fake_openai_server import Reply, completion

QUERIES = Path(grammar.__file__).resolve().parents[2] / "queries"
_MAP_KEY = re.compile(r"[{,]\s*([A-Za-z_][A-Za-z0-9_]*)\s*:")


def _catalog_texts() -> dict[str, str]:
    return {path.stem: "\n".join(line for line in path.read_text().splitlines() if not line.lstrip().startswith("//"))
            for path in sorted(QUERIES.glob("*.cypher"))}


@pytest.fixture(scope="module")
def model_grammar(graph):
    return grammar.for_model(graph.schema())


@pytest.fixture(scope="module")
def catalog_grammar(graph):
    keys = {key for text in _catalog_texts().values() for key in _MAP_KEY.findall(text)}
    return grammar.for_catalog(graph.schema(), tuple(keys))


@pytest.mark.parametrize("name", sorted(_catalog_texts()))
def test_every_catalog_query_parses_under_the_catalog_grammar(catalog_grammar, name):
    assert catalog_grammar.mismatch(_catalog_texts()[name]) is None


def test_every_fewshot_example_parses_under_the_model_grammar(model_grammar):
    examples = yaml.safe_load(BANK_PATH.read_text())
    refused = {e["question"]: model_grammar.mismatch(e["cypher"]) for e in examples}
    assert {q: why for q, why in refused.items() if why} == {}


@pytest.mark.parametrize("cypher", [
    "MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason)-[:IN_SEASON]->(s:Season {number: 7}) RETURN p.name AS name",
    "MATCH (s:Season)<-[:IN_SEASON]-(ps:PlayerSeason {exit_type: 'medevac'}) RETURN s.number, count(ps) AS n "
    "ORDER BY n DESC LIMIT 3",
    "MATCH (ps:PlayerSeason) WHERE ps.exit_type IN ['quit', \"withdrew\"] AND ps.age > 40 RETURN ps.name",
    "MATCH (a:PlayerSeason)-[v:CAST_VOTE]->(b:PlayerSeason) WHERE v.season = 20\n"
    "WITH b, count(v) AS votes RETURN b.name AS target, votes ORDER BY votes DESC LIMIT 10",
    "MATCH (p:Player) WHERE 'Sandra Diaz-Twine' IN p.aliases\n"
    "OPTIONAL MATCH (p)-[:PLAYED_IN]->(ps)<-[:IMMUNITY_WON_BY]-(e:Episode) RETURN count(e) AS wins",
    "MATCH (ps:PlayerSeason) RETURN ps.season AS season, collect(DISTINCT ps.exit_type)[..3] AS ways, "
    "size([(ps)-[:MEMBER_OF]->(t:Tribe) WHERE t.phase = 'merged' | t]) AS merged LIMIT 5",
    "UNWIND [1, 2, 3] AS n MATCH (s:Season {number: n}) RETURN CASE WHEN s.n_cast > 18 THEN 'big' ELSE 'small' END",
])
def test_the_model_grammar_admits_ordinary_read_queries(model_grammar, cypher):
    assert model_grammar.mismatch(cypher) is None


@pytest.mark.parametrize("cypher, what", [
    ("MATCH (c:Castaway) RETURN c.name", "a label the graph lacks"),
    ("MATCH (p:Player)-[:WON]->(s:Season) RETURN s.number", "a relationship type the graph lacks"),
    ("MATCH (p:Player) RETURN p.favourite_food", "a property the graph lacks"),
    ("MATCH (ps:PlayerSeason)-[:PLAYED_IN]->(p:Player) RETURN p.name", "a reversed arrow"),
    ("MATCH (p:Player)<-[:IN_SEASON]-(s:Season) RETURN s.name", "a relationship between labels it does not join"),
    ("MATCH (p:Player)-[:PLAYED_IN]->(ps)-[:HAS_EPISODE]->(e) RETURN e", "a step from the wrong end"),
    ("MATCH (ps:PlayerSeason {exit_type: 'Medevac'}) RETURN ps.name", "an enum value the data lacks"),
    ("MATCH (ps:PlayerSeason) WHERE ps.exit_type = 'evacuated' RETURN ps.name", "an enum value the data lacks"),
    ("MATCH (p:Player) SET p.name = 'x' RETURN p", "a write"),
    ("MATCH (p:Player) DETACH DELETE p", "a write"),
    ("CALL db.labels() YIELD label RETURN label", "a procedure"),
    ("MATCH (s:Season {number: $season}) RETURN s.name", "a parameter (none is passed to the model's queries)"),
    ("MATCH (n:Player|Season) RETURN n", "a label alternation FalkorDB lacks"),
    ("MATCH (p:Player) WHERE p.name =~ 'Rob.*' RETURN p", "a regular expression FalkorDB lacks"),
    ("MATCH (p:Player) WHERE EXISTS { (p)-[:PLAYED_IN]->() } RETURN p", "a subquery FalkorDB lacks"),
    ("MATCH (p:Player) RETURN p.name; MATCH (s:Season) RETURN s", "a second statement"),
    ("MATCH (s:Season)-[w:IN_SEASON {}]-(ps:PlayerSeason) RETURN ps.name", "a map on a type without properties"),
])
def test_the_model_grammar_forbids(model_grammar, cypher, what):
    assert model_grammar.mismatch(cypher), what


def test_the_grammar_is_built_once_per_schema(graph):
    schema = graph.schema()
    assert grammar.for_model(schema) is grammar.for_model(schema)
    assert grammar.for_model(schema).version != grammar.for_catalog(schema, ()).version


def test_the_query_writer_sends_the_grammar_where_the_provider_takes_one(graph, fake, llm):
    """Control flow with the SCRIPTED fake server: the grammar rides in the request, and the attempt says so."""
    llm.supports_grammar = True
    fake.script(Reply(body=completion("MATCH (s:Season {number: 3}) RETURN s.name AS name")),
                Reply(body=completion("Season 3 is in the rows.")))
    result = TextToCypherRetriever(graph, llm).ask("What is the name of the third season?")
    sent = fake.chat_requests[0]
    assert sent["grammar"] == grammar.for_model(graph.schema()).gbnf
    assert result.cypher[0].grammar is True and result.cypher[0].row_count == 1


def test_no_grammar_is_sent_to_a_provider_that_takes_none(graph, fake, llm):
    fake.script(Reply(body=completion("MATCH (s:Season {number: 3}) RETURN s.name AS name")),
                Reply(body=completion("Season 3 is in the rows.")))
    result = TextToCypherRetriever(graph, llm).ask("What is the name of the third season?")
    assert "grammar" not in fake.chat_requests[0]
    assert result.cypher[0].grammar is False
