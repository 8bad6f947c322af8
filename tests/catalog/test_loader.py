"""The catalog itself and the loader's checks.

Every query is documented, declares the $params its Cypher uses, runs on the real graph with its declared columns
and passes graph.validate(); bind() fills defaults, coerces plain intent and refuses bad arguments with a clear
error; the descriptions and JSON schemas for the LLM hold every query; every query has an answer test (an
`@covers` in one of the tests/catalog modules). The loader's own checks (declared vs used $params, types,
unknown keys, dialect, row facts, stray files) are tested on small catalogs written to a temporary folder.
"""

from __future__ import annotations

import inspect
import textwrap
from pathlib import Path

import pytest

from queries.catalog import (
    Catalog,
    CatalogError,
    QueryParameterError,
    UnknownQueryError,
    dialect_problems,
    parameter_names,
)
from survivorgraph.errors import QueryError
from tests.catalog.support import CATALOG, covered_queries, sample_args

# The queries named in the @covers of every tests/catalog module, read from their source: the same set whichever
# modules this run collects.
COVERED = covered_queries()


# -- the catalog itself --------------------------------------------------------------------------------------
def test_catalog_loads_with_enough_documented_queries():
    assert len(CATALOG) >= 22
    for query in CATALOG:
        assert query.title and len(query.description) > 40 and query.columns, query.name
        assert query.cypher and not query.cypher.lstrip().startswith("//")
        assert parameter_names(query.cypher) == {p.name for p in query.params}
        assert dialect_problems(query.cypher) == []


def test_every_query_has_an_answer_test():
    assert set(CATALOG.names()) - COVERED == set(), "catalog queries without a test of their answer"


@pytest.mark.parametrize("name", CATALOG.names())
def test_query_runs_and_returns_its_declared_columns(graph, name):
    query = CATALOG.get(name)
    result = query.run(graph, sample_args(query))
    assert result.columns == list(query.columns)
    assert result.rows, f"{name} returned nothing for {sample_args(query)}"


@pytest.mark.parametrize("name", CATALOG.names())
def test_query_is_accepted_by_graph_validate(graph, name):
    query = CATALOG.get(name)
    bound = query.bind(sample_args(query))
    if "params" in inspect.signature(graph.validate).parameters:
        graph.validate(query.cypher, bound)
    else:
        # GRAPH.EXPLAIN needs the parameters, and GraphStore.validate() takes none yet: put them in the
        # CYPHER header the falkordb client would build.
        from falkordb.helpers import stringify_param_value

        header = "CYPHER " + " ".join(f"{k}={stringify_param_value(v)}" for k, v in bound.items()) + " "
        graph.validate(header + query.cypher)


def test_bind_fills_defaults_and_coerces_plain_intent():
    query = CATALOG.get("individual_immunity_ranking")
    assert query.bind({}) == {"scope": "individual", "min_seasons": 1, "season": None, "per_season": False,
                              "leaders_only": False, "version": "US", "limit": 10}
    assert query.bind({"min_seasons": "4", "scope": "Tribal", "season": None, "version": "us"}) == {
        "scope": "tribal", "min_seasons": 4, "season": None, "per_season": False, "leaders_only": False,
        "version": "US", "limit": 10}
    assert CATALOG.get("player_career").bind({"castaway_id": " us0055 "}) == {"castaway_id": "US0055", "season": None}
    assert CATALOG.get("winners_with_jury_votes").bind({"seasons": 40})["seasons"] == [40]
    assert CATALOG.get("winners_with_jury_votes").bind({"seasons": [1, "40"]})["seasons"] == [1, 40]
    assert CATALOG.get("season_cast").bind({"season": 40.0, "returnees_only": "true"})["returnees_only"] is True


@pytest.mark.parametrize("name, params, words", [
    ("season_winner", {"season": 45, "seasons": [1]}, ["no parameter 'seasons'", "accepts season, version"]),
    ("season_winner", {}, ["needs 'season'"]),
    ("season_winner", {"season": None}, ["needs 'season'"]),
    ("season_winner", {"season": "forty-five"}, ["'season'", "expected a season number"]),
    ("season_winner", {"season": 0}, ["a season number of at least 1"]),
    ("season_winner", {"season": True}, ["expected a season number"]),
    ("season_winner", {"season": 45.5}, ["expected a season number"]),
    ("player_career", {"castaway_id": "Rob Mariano"}, ["expected a castaway_id"]),
    ("player_career", {"castaway_id": 55}, ["expected a castaway_id"]),
    ("exits_by_type", {"exit_type": "fell in the fire"}, ["expected one of medevac"]),
    ("individual_immunity_ranking", {"limit": 5000}, ["'limit'", "to 1000"]),
    ("season_cast", {"season": 40, "returnees_only": "maybe"}, ["true or false"]),
    ("winners_with_jury_votes", {"seasons": []}, ["a list of 1 to"]),
    ("winners_with_jury_votes", {"seasons": [1, "two"]}, ["'seasons'"]),
    ("find_player", {"name": "x"}, ["text of 2 to"]),
    ("season_facts", [("season", 1)], ["mapping"]),
])
def test_bind_refuses_bad_arguments_with_a_clear_error(name, params, words):
    with pytest.raises(QueryParameterError) as caught:
        CATALOG.get(name).bind(params)
    message = str(caught.value)
    assert message.startswith(f"Catalog query {name!r}")
    for word in words:
        assert word in message
    assert isinstance(caught.value, QueryError) and caught.value.query_name == name


def test_unknown_query_name_is_a_query_error():
    with pytest.raises(UnknownQueryError, match="no catalog query 'who_won'.*season_winner"):
        CATALOG.get("who_won")


def test_descriptions_for_the_llm_and_tool_schemas():
    text = CATALOG.describe_for_llm()
    brief = CATALOG.describe_for_llm(brief=True)
    assert len(brief) < len(text) / 2
    for query in CATALOG:
        assert f"- {query.name}(" in text and f"- {query.name}(" in brief
    assert "season_winner(season*:int)" in brief and "<exit_type> is one of: medevac" in brief
    tools = CATALOG.tool_specs()
    assert [t["function"]["name"] for t in tools] == CATALOG.names()
    schema = CATALOG.get("tribe_members").json_schema()
    assert schema["required"] == ["season"] and schema["additionalProperties"] is False
    assert schema["properties"]["phase"]["enum"][0] == "original"
    assert schema["properties"]["phase"]["type"] == ["string", "null"]
    routing = CATALOG.routing_schema(["season_winner", "boot_order"])
    assert [c["properties"]["query"]["const"] for c in routing["anyOf"]] == ["season_winner", "boot_order"]


def test_json_schemas_accept_good_arguments_and_reject_bad_ones():
    jsonschema = pytest.importorskip("jsonschema")
    for query in CATALOG:
        schema = query.json_schema()
        jsonschema.Draft202012Validator.check_schema(schema)
        jsonschema.validate(sample_args(query), schema)
        jsonschema.validate(query.bind(sample_args(query)), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"castaway_id": "Rob"}, CATALOG.get("player_career").json_schema())
    jsonschema.validate({"query": "season_winner", "params": {"season": 45}}, CATALOG.routing_schema())


# -- the loader's checks, on small catalogs in a temporary folder --------------------------------------------
def write_catalog(folder: Path, cypher: str, params: str = "season: {type: season, required: true}",
                  extra_files: dict[str, str] | None = None, rows: str = "", answer: str = "") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "catalog.yaml").write_text(textwrap.dedent(f"""\
        queries:
          - name: demo
            title: Demo
            description: A demo query.
            params:
              {params}
            columns: [n, player]
        """) + (f"    rows: {rows}\n" if rows else "") + (f"    answer: {answer}\n" if answer else ""))
    (folder / "demo.cypher").write_text(cypher)
    for file, text in (extra_files or {}).items():
        (folder / file).write_text(text)
    return folder


def test_a_good_small_catalog_loads(tmp_path):
    catalog = Catalog.load(write_catalog(tmp_path, "// demo\nMATCH (s:Season {number: $season}) RETURN s.number AS n"))
    assert catalog.names() == ["demo"] and catalog.get("demo").cypher.startswith("MATCH")


@pytest.mark.parametrize("cypher, params, message", [
    ("MATCH (s:Season {number: $season}) WHERE s.name = $name RETURN 1 AS n", None,
     r"used but not declared \['name'\]"),
    ("MATCH (s:Season) RETURN 1 AS n", None, r"declared but not used \['season'\]"),
    ("MATCH (s:Season) WHERE s.name =~ $season RETURN 1 AS n", None, "regex"),
    ("MATCH (s:Season {number: $season}) RETURN COUNT { (s)-->() } AS n", None, "subquery"),
    ("MATCH (s:Season|Episode {number: $season}) RETURN 1 AS n", None, "label expression"),
    ("MATCH (s:Season {number: $season}) SET s.x = 1 RETURN 1 AS n", None, "write clause"),
    ("MATCH (s:Season {number: $season}) RETURN 1 AS n; MATCH (x) RETURN x", None, "several statements"),
    ("MATCH (s:Season {number: $season}) RETURN 1 AS n", "season: {type: season}", "either required or have a default"),
    ("MATCH (s:Season {number: $season}) RETURN 1 AS n", "season: {type: season, default: -3}", "default -3"),
    ("MATCH (s:Season {number: $season}) RETURN 1 AS n", "season: {type: date, required: true}", "type 'date'"),
    ("MATCH (s:Season {number: $season}) RETURN 1 AS n", "season: {type: season, required: true, colour: red}",
     "unknown keys"),
])
def test_the_loader_refuses_inconsistent_queries(tmp_path, cypher, params, message):
    folder = write_catalog(tmp_path, cypher, params or "season: {type: season, required: true}")
    with pytest.raises(CatalogError, match=message):
        Catalog.load(folder)


def test_row_facts_load_with_the_query(tmp_path):
    folder = write_catalog(tmp_path, "MATCH (s:Season {number: $season}) RETURN 1 AS n, 'x' AS player",
                           rows='{name: player, counts: {people: n, things: "*"}, totals: {n: n}}')
    facts = Catalog.load(folder).get("demo").rows
    assert facts.name == "player" and facts.counts == {"people": "n", "things": "*"} and facts.totals == {"n": "n"}
    assert not facts.count_rows and facts.count_column is None


@pytest.mark.parametrize("rows, message", [
    ("{name: nobody}", r"rows names \['nobody'\]"),
    ("{counts: {people: castaway_id}}", r"rows names \['castaway_id'\]"),
    ("{counts: {votes: n}}", "maps"),
    ("{count_column: seasons_played}", "rows names"),
    ("{totals: {n: n_players}}", "rows names"),
    ("{name: '*'}", "rows names"),
    ("{count_rows: maybe}", "true or false"),
    ("{key: n}", "keys among"),
])
def test_the_loader_refuses_row_facts_that_name_no_column(tmp_path, rows, message):
    folder = write_catalog(tmp_path, "MATCH (s:Season {number: $season}) RETURN 1 AS n, 'x' AS player", rows=rows)
    with pytest.raises(CatalogError, match=message):
        Catalog.load(folder)


def test_every_querys_row_facts_name_its_columns():
    for query in CATALOG:
        facts = query.rows
        named = [facts.name, facts.count_column, *facts.counts.values(), *facts.totals, *facts.totals.values()]
        assert all(c in query.columns for c in named if c not in (None, "*")), query.name
    # what "how many" counts is declared where the query is: a list of people counts people by castaway_id
    assert CATALOG.get("season_jury").rows.counts == {"people": "castaway_id"}
    assert CATALOG.get("votes_received_by_player").rows.count_rows


DEMO = "MATCH (s:Season {number: $season}) RETURN 1 AS n, 'x' AS player"


def test_answer_templates_load_with_the_query(tmp_path):
    folder = write_catalog(tmp_path, DEMO, answer='{one: "{player} has {n}", each: "{player} ({n})", '
                                                  'many: "{n} players[ of {n}]: {items}", '
                                                  'count: {rows: "{count} players: {items}", n: "{count} values"}}')
    forms = Catalog.load(folder).get("demo").answer
    assert forms.one == "{player} has {n}" and forms.each == "{player} ({n})"
    assert forms.count == {"rows": "{count} players: {items}", "n": "{count} values"}
    assert Catalog.load(write_catalog(tmp_path / "none", DEMO)).get("demo").answer is None


@pytest.mark.parametrize("answer, message", [
    ('{one: "{player} has {votes}"}', r"demo.*answer 'one' template names 'votes', not a column of the query "
                                      r"\(n, player\)"),
    ('{each: "{player} [({season})]"}', r"answer 'each' template names 'season'"),
    ('{each: "{player}", many: "{items} in {season}"}', r"answer 'many' template names 'season'"),
    ('{count: {rows: "{count} of {player}"}}', r"answer 'count rows' template names 'player'.*\(count, items\)"),
    ('{count: {season: "{count} seasons"}}', "maps what a count counted"),
    ('{many: "{items}"}', "needs 'each'"),
    ('{one: "{player.name}"}', "not a plain field name"),
    ('{one: "{player!r}"}', "not a plain field name"),
    ('{one: "{player:>10}"}', "not a plain field name"),
    ('{one: "{player[0]}"}', "not a plain field name"),
    ('{one: "{}"}', "not a plain field name"),
    ('{one: "[{player} [{n}]]"}', "brackets"),
    ('{one: "{player"}', "answer 'one' template"),
    ('{sentence: "{player}"}', "keys among"),
])
def test_the_loader_refuses_answer_templates_that_name_no_column(tmp_path, answer, message):
    with pytest.raises(CatalogError, match=message):
        Catalog.load(write_catalog(tmp_path, DEMO, answer=answer))


def test_every_querys_answer_templates_name_its_columns():
    from survivorgraph.agent.templates import template_fields

    with_templates = [q for q in CATALOG if q.answer is not None]
    assert len(with_templates) >= 40
    for query in with_templates:
        for template in (query.answer.one, query.answer.each):
            assert template is None or set(template_fields(template)) <= set(query.columns), query.name


def test_parameters_in_strings_and_comments_do_not_count(tmp_path):
    cypher = "// uses $nothing\nMATCH (s:Season {number: $season}) WHERE s.name <> '$not_a_param' RETURN 1 AS n"
    assert parameter_names(cypher) == {"season"}
    Catalog.load(write_catalog(tmp_path, cypher))


def test_the_loader_refuses_an_undeclared_cypher_file(tmp_path):
    folder = write_catalog(tmp_path, "MATCH (s:Season {number: $season}) RETURN 1 AS n",
                           extra_files={"stray.cypher": "MATCH (n) RETURN n"})
    with pytest.raises(CatalogError, match="stray.cypher not declared"):
        Catalog.load(folder)
