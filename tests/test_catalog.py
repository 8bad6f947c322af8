"""The query catalog: every query runs on the real graph and its answer matches survivoR computed with pandas.

The pandas side reads the survivoR tables directly (not the loader's transforms), so a loader or query bug
shows up as a disagreement. Each answer test names the catalog queries it covers with `@covers`; a test
checks that no query is left without one. The catalog's own checks (declared vs used $params, types,
unknown/missing arguments, dialect) are tested on small catalogs written to a temporary folder.
"""

from __future__ import annotations

import inspect
import textwrap
from collections import Counter
from pathlib import Path

import pandas as pd
import pytest

from queries.catalog import (
    Catalog,
    CatalogError,
    QueryParameterError,
    UnknownQueryError,
    dialect_problems,
    load_catalog,
    parameter_names,
)
from survivorgraph.errors import QueryError

CATALOG = load_catalog()
COVERED: set[str] = set()

# Arguments for the required params when a test only needs the query to run.
SAMPLE_ARGS = {"season": 45, "castaway_id": "US0055", "other_castaway_id": "US0300", "exit_type": "medevac",
               "name": "rob", "episode": 9, "seasons": [20, 40], "castaway_ids": ["US0055", "US0300"],
               "place": "Fiji", "without": "votes_received",
               "places": ["Texas"], "overall": 100}
ROB, AMBER, RUSSELL, RUPERT, PARVATI = "US0055", "US0027", "US0300", "US0107", "US0197"
SANDRA, TONY = "US0112", "US0424"
MEDEVAC_SEASONS = [2, 12, 16, 18, 19, 24, 26, 32, 37, 42, 44, 46, 49]


def covers(*names: str):
    """Mark a test as checking these catalog queries' answers (see test_every_query_has_an_answer_test)."""
    unknown = [n for n in names if n not in CATALOG]
    assert not unknown, f"@covers names unknown catalog queries {unknown}"
    COVERED.update(names)
    return lambda test: test


def run(graph, query_name: str, **params):
    return CATALOG.get(query_name).run(graph, params, row_cap=100_000)


def sample_args(query) -> dict:
    return {p.name: SAMPLE_ARGS[p.name] for p in query.params if p.required}


# -- survivoR, read independently ---------------------------------------------------------------------
@pytest.fixture(scope="session")
def survivor(settings):
    from ingest.survivor_data import open_survivor_data

    return open_survivor_data(settings)


@pytest.fixture(scope="session")
def castaways(survivor) -> pd.DataFrame:
    df = survivor.table("castaways").copy()
    df["season"] = df["season"].astype(int)
    # The loader turns survivoR's non-breaking spaces in names into plain ones; compare like with like.
    for column in ("full_name", "castaway"):
        df[column] = df[column].str.replace("\xa0", " ").str.strip()
    return df


@pytest.fixture(scope="session")
def votes(survivor) -> pd.DataFrame:
    """vote_history rows that are a vote for someone."""
    df = survivor.table("vote_history")
    df = df[df["vote_id"].notna()].copy()
    for col in ("season", "episode", "order", "vote_order"):
        df[col] = df[col].astype(int)
    return df


@pytest.fixture(scope="session")
def jury(survivor) -> pd.DataFrame:
    df = survivor.table("jury_votes")
    return df[df["vote"] == 1].assign(season=lambda d: d["season"].astype(int))


@pytest.fixture(scope="session")
def wins(survivor) -> pd.DataFrame:
    """challenge_results rows that are wins: any won_<scope>_<kind> flag set (the flags say which kind;
    the generic `won` column disagrees with them on a few rows, and the loader trusts the flags)."""
    df = survivor.table("challenge_results")
    flags = [f"won_{s}_{k}" for s in ("individual", "tribal", "team") for k in ("immunity", "reward")]
    return df[(df[flags] == 1).any(axis=1)].assign(season=lambda d: d["season"].astype(int),
                                     episode=lambda d: d["episode"].astype(int))


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


# -- the catalog itself ---------------------------------------------------------------------------------
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


# -- the loader's checks, on small catalogs in a temporary folder -------------------------------------
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


# -- answers against survivoR -----------------------------------------------------------------------------
@covers("season_winner", "winners_with_jury_votes")
def test_winners_and_their_jury_votes(graph, castaways, jury):
    winners = castaways[castaways["winner"]].set_index("season")
    votes_for = jury.groupby(["season", "finalist_id"]).size()
    rows = run(graph, "winners_with_jury_votes").rows
    assert [r["season"] for r in rows] == list(range(1, 50))
    for row in rows:
        cid = winners.loc[row["season"], "castaway_id"]
        assert (row["castaway_id"], row["winner"]) == (cid, winners.loc[row["season"], "full_name"])
        assert row["jury_votes"] == votes_for[(row["season"], cid)]
        assert row["age"] == winners.loc[row["season"], "age"]  # the age they won at
        before = castaways[(castaways["castaway_id"] == cid) & (castaways["season"] < row["season"])]
        assert row["seasons_before"] == len(before)
    by_season = {r["season"]: r for r in rows}
    assert [(by_season[s]["winner"], by_season[s]["jury_votes"]) for s in (1, 40, 49)] == [
        ("Richard Hatch", 4), ("Tony Vlachos", 12), ("Savannah Louie", 5)]
    assert [r["season"] for r in run(graph, "winners_with_jury_votes", seasons=[40, 1]).rows] == [1, 40]
    for season, winner in ((41, "Erika Casupanan"), (45, "Dee Valladares")):
        rows = run(graph, "season_winner", season=season).rows
        assert [(r["winner"], r["season"]) for r in rows] == [(winner, season)]
    assert run(graph, "season_winner", season=40).rows[0]["jury_votes"] == 12


@covers("final_tribal_council")
@pytest.mark.parametrize("season", [1, 13, 20, 40, 45, 49])
def test_final_tribal_council(graph, castaways, jury, season):
    finalists = castaways[(castaways["season"] == season) & castaways["finalist"]]
    rows = run(graph, "final_tribal_council", season=season).rows
    assert {r["castaway_id"] for r in rows} == set(finalists["castaway_id"])
    cast = castaways[castaways["season"] == season]
    names = dict(zip(cast["castaway_id"], cast["full_name"]))
    for row in rows:
        voters = jury[(jury["season"] == season) & (jury["finalist_id"] == row["castaway_id"])]["castaway_id"]
        assert row["jury_votes"] == len(voters)
        assert sorted(row["jurors"]) == sorted(names[v] for v in voters)
    assert rows[0]["winner"] is True
    assert [r["jury_votes"] for r in rows] == sorted((r["jury_votes"] for r in rows), reverse=True)
    last = rows[-1]  # one finalist alone
    assert run(graph, "final_tribal_council", season=season, castaway_id=last["castaway_id"]).rows == [last]


@covers("season_jury")
def test_season_jury(graph, castaways, jury):
    outback = run(graph, "season_jury", season=2).rows
    assert sorted(r["juror"] for r in outback) == sorted([
        "Keith Famie", "Elisabeth Filarski", "Rodger Bingham", "Amber Brkich", "Nick Brown", "Jerri Manthey",
        "Alicia Calaway"])
    assert sorted(r["juror"] for r in run(graph, "season_jury", season=45).rows) == sorted([
        "Katurah Topps", "Julie Alley", "Drew Basile", "Emily Flippen", "Bruce Perreault", "Kendra McQuarrie",
        "Kellie Nalbandian", "Kaleb Gebrewold"])
    for season in range(1, 50):
        rows = run(graph, "season_jury", season=season).rows
        expected = castaways[(castaways["season"] == season) & castaways["jury"]]
        assert sorted(r["castaway_id"] for r in rows) == sorted(expected["castaway_id"]), season
        votes = jury[jury["season"] == season].set_index("castaway_id")["finalist_id"]
        tribes = expected.set_index("castaway_id")["original_tribe"]
        for row in rows:
            assert row["voted_for"] == name_of(castaways, season, votes[row["castaway_id"]])
            assert row["original_tribe"] == tribes[row["castaway_id"]]
        numbers = [r["juror_number"] for r in rows]
        assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)  # S32 counts from 2


@covers("player_career")
def test_player_career(graph, castaways, survivor):
    rows = run(graph, "player_career", castaway_id=ROB).rows
    assert [r["season"] for r in rows] == [4, 8, 20, 22, 40]
    mine = castaways[castaways["castaway_id"] == ROB].set_index("season")
    for row in rows:
        assert (row["place"], row["result"]) == (mine.loc[row["season"], "place"], mine.loc[row["season"], "result"])
    assert [r["winner"] for r in rows] == [False, False, False, True, False]
    amber = run(graph, "player_career", castaway_id=AMBER).rows
    assert [(r["season"], r["name_that_season"]) for r in amber] == [
        (2, "Amber Brkich"), (8, "Amber Brkich"), (40, "Amber Mariano")]
    assert {r["player"] for r in amber} == {"Amber Mariano"}
    premieres = survivor.table("season_summary").set_index("season")["premiered"]
    assert [r["premiered"] for r in rows] == [str(premieres[s])[:10] for s in (4, 8, 20, 22, 40)]


@covers("players_with_min_seasons", "most_seasons_played")
def test_players_by_number_of_seasons(graph, castaways):
    counts = seasons_played(castaways)
    three = run(graph, "players_with_min_seasons").rows  # default: 3 or more
    assert len(three) == 30 and {r["n_players"] for r in three} == {30}
    assert {r["castaway_id"]: r["seasons_played"] for r in three} == counts[counts >= 3].to_dict()
    assert three[0]["castaway_id"] == ROB and three[0]["seasons"] == [4, 8, 20, 22, 40]
    two = run(graph, "players_with_min_seasons", min_seasons=2, limit=1000).rows
    assert len(two) == (counts >= 2).sum() and two[0]["n_players"] == (counts >= 2).sum()
    assert len(run(graph, "players_with_min_seasons", min_seasons=2, limit=5).rows) == 5
    top = run(graph, "most_seasons_played", limit=10).rows
    ranking_matches(top, counts, "seasons_played")
    assert (top[0]["player"], top[0]["seasons_played"], top[0]["wins"]) == ("Rob Mariano", 5, 1)


@covers("season_tribes")
@pytest.mark.parametrize("season", [28, 41])
def test_season_tribes(graph, survivor, season):
    mapping = survivor.table("tribe_mapping")
    mapping = mapping[(mapping["season"] == season) & mapping["tribe"].notna()]
    rows = run(graph, "season_tribes", season=season).rows
    assert {r["tribe"]: r["members"] for r in rows} == mapping.groupby("tribe")["castaway_id"].nunique().to_dict()
    assert rows[0]["phase"] == "original" and [r["first_day"] for r in rows] == sorted(r["first_day"] for r in rows)
    formed = mapping.groupby("tribe")["episode"].min().to_dict()
    assert {r["tribe"]: r["episode"] for r in rows} == formed  # the episode each tribe formed in


@covers("tribe_members")
def test_tribe_members(graph, survivor, castaways):
    mapping = survivor.table("tribe_mapping")
    s28 = mapping[(mapping["season"] == 28) & (mapping["tribe_status"] == "Original")]
    rows = run(graph, "tribe_members", season=28, phase="original").rows
    got = {(r["tribe"], r["castaway_id"]) for r in rows}
    assert got == set(zip(s28["tribe"], s28["castaway_id"]))
    luzon = run(graph, "tribe_members", season=28, tribe="luzon").rows
    assert {r["castaway_id"] for r in luzon} == set(mapping[(mapping["season"] == 28) & (mapping["tribe"] == "Luzon")]
                                                    ["castaway_id"])
    merged = run(graph, "tribe_members", season=40, phase="merged").rows
    expected = mapping[(mapping["season"] == 40) & (mapping["tribe_status"] == "Merged")]["castaway_id"]
    assert {r["castaway_id"] for r in merged} == set(expected)


@covers("tribe_swap")
@pytest.mark.parametrize("season", [7, 30, 44, 45])
def test_tribe_swap(graph, survivor, season):
    mapping = survivor.table("tribe_mapping")
    mine = mapping[(mapping["season"] == season) & (mapping["version"] == "US")]
    before = mine[mine["tribe_status"] == "Original"].groupby("castaway_id")["tribe"].first()
    swapped = mine[mine["tribe_status"] == "Swapped"]
    after = swapped.groupby("castaway_id")["tribe"].first()
    rows = run(graph, "tribe_swap", season=season).rows
    assert {r["castaway_id"]: (r["tribe_before"], r["tribe_after"]) for r in rows} == {
        c: (before[c], after[c]) for c in after.index}
    assert {r["castaway_id"] for r in rows if r["changed_tribe"]} == {c for c in after.index if before[c] != after[c]}
    assert {r["episode"] for r in rows} == {swapped["episode"].min()}
    assert [r["changed_tribe"] for r in rows] == sorted((r["changed_tribe"] for r in rows), reverse=True)
    assert run(graph, "tribe_swap", season=1).rows == []  # Borneo had no swap


@covers("castaways_from", "home_place_ranking")
def test_castaways_from_a_place_and_places_ranked(graph, castaways):
    hawaii = run(graph, "castaways_from", places=["hawaii"]).rows
    assert {r["castaway_id"] for r in hawaii} == set(castaways[castaways["state"] == "Hawaii"]["castaway_id"])
    assert {r["n_players"] for r in hawaii} == {len(hawaii)}
    # the longest reading that is a place wins: New York City, not the state of New York
    nyc = run(graph, "castaways_from", places=["new york city", "new york", "new"]).rows
    assert {r["castaway_id"] for r in nyc} == set(castaways[castaways["city"] == "New York City"]["castaway_id"])
    assert {r["place_matched"] for r in nyc} == {"new york city"}
    assert run(graph, "castaways_from", places=["atlantis"]).rows == []
    texas40 = run(graph, "castaways_from", places=["Texas"], season=40).rows
    s40 = castaways[castaways["season"] == 40]
    assert {r["castaway_id"] for r in texas40} == set(s40[s40["state"] == "Texas"]["castaway_id"])
    states = run(graph, "home_place_ranking").rows
    truth = castaways.dropna(subset=["state"]).groupby("state")["castaway_id"].nunique()
    assert {r["place"]: r["n_players"] for r in states} == truth.to_dict()
    assert [r["n_players"] for r in states] == sorted(truth, reverse=True)
    cities = run(graph, "home_place_ranking", by="city").rows
    assert cities[0]["place"].startswith(castaways.groupby("city")["castaway_id"].nunique().idxmax())


@covers("season_ratings")
def test_season_ratings(graph, survivor):
    episodes = survivor.table("episodes")
    rows = run(graph, "season_ratings").rows
    mean = episodes.groupby("season")["imdb_rating"].mean().round(2)
    assert {r["season"]: r["imdb_rating"] for r in rows} == pytest.approx(mean.to_dict())
    assert {r["season"]: r["episodes"] for r in rows} == episodes.groupby("season").size().to_dict()
    assert [r["imdb_rating"] for r in rows] == sorted(mean, reverse=True)
    viewers = episodes.groupby("season")["viewers"].mean()
    assert max(rows, key=lambda r: r["viewers"])["season"] == viewers.idxmax()
    finales = episodes[episodes["episode_label"] == "Finale"].set_index("season")["viewers"]
    assert {r["season"]: r["finale_viewers"] for r in rows if r["finale_viewers"] is not None} == \
        finales.dropna().to_dict()
    premieres = episodes[episodes["episode"] == 1].set_index("season")["viewers"]
    assert {r["season"]: r["premiere_viewers"] for r in rows} == pytest.approx(premieres.to_dict())
    regular = episodes[~episodes["episode_label"].isin(["Recap", "Reunion"])].groupby("season").size()
    assert {r["season"]: r["regular_episodes"] for r in rows} == regular.to_dict()
    finale_ratings = episodes[episodes["episode_label"] == "Finale"].set_index("season")["imdb_rating"].dropna()
    assert {r["season"]: r["finale_rating"] for r in rows if r["finale_rating"] is not None} == \
        pytest.approx(finale_ratings.to_dict())
    lengths = episodes[episodes["episode"] == 1].set_index("season")["episode_length"].dropna()
    assert {r["season"]: r["premiere_minutes"] for r in rows if r["premiere_minutes"] is not None} == \
        lengths.astype(int).to_dict()
    assert max(rows, key=lambda r: r["premiere_minutes"] or 0)["season"] == 28


@covers("tribe_challenge_wins")
def test_tribe_challenge_wins(graph, survivor):
    results = survivor.table("challenge_results")
    for season, kind in ((43, "immunity"), (25, "immunity"), (44, "reward")):
        mine = results[(results["season"] == season) & (results["version"] == "US")]
        won = mine[(mine[f"won_tribal_{kind}"] == 1) | (mine[f"won_team_{kind}"] == 1)]
        truth = won.groupby("tribe")["challenge_id"].nunique()
        rows = run(graph, "tribe_challenge_wins", season=season, kind=kind).rows
        mapping = survivor.table("tribe_mapping")
        before_merge = mapping[(mapping["season"] == season) & mapping["tribe_status"].isin(["Original", "Swapped"])]
        tribes = sorted(before_merge["tribe"].unique())  # the merged tribe's team wins are not a tribe's
        assert sorted(r["tribe"] for r in rows) == tribes
        assert {r["tribe"]: r["wins"] for r in rows} == truth.reindex(tribes, fill_value=0).to_dict()
    starting = run(graph, "tribe_challenge_wins", season=25, phase="original").rows
    assert [r["tribe"] for r in starting if r["wins"] == 0] == ["Matsing"]  # the tribe that never won is listed
    assert [r["wins"] for r in run(graph, "tribe_challenge_wins", season=43, tribe="baka").rows] == [4]


@covers("jury_appearances")
def test_jury_appearances(graph, castaways):
    juries = castaways[castaways["jury"] == True].groupby("castaway_id")["season"].nunique()  # noqa: E712
    rows = run(graph, "jury_appearances").rows
    assert {r["castaway_id"]: r["juries"] for r in rows} == juries.to_dict()
    assert {r["n_players"] for r in rows} == {len(juries)}
    three = run(graph, "jury_appearances", min_juries=3).rows
    assert {r["castaway_id"] for r in three} == set(juries[juries >= 3].index)


@covers("career_milestones")
def test_career_milestones(graph, survivor, castaways):
    mapping = survivor.table("tribe_mapping")
    merged = set(zip(*mapping[mapping["tribe_status"] == "Merged"][["season", "castaway_id"]].values.T))
    mine = castaways.assign(merged=[(s, c) in merged for s, c in zip(castaways["season"], castaways["castaway_id"])])
    career = mine.groupby("castaway_id").agg(seasons=("season", "nunique"), merges=("merged", "sum"),
                                             juries=("jury", "sum"), finals=("finalist", "sum"), wins=("winner", "sum"))
    rows = {r["castaway_id"]: r for r in run(graph, "career_milestones", min_seasons=2).rows}
    assert set(rows) == set(career[career["seasons"] >= 2].index)
    for cid in ("US0055", "US0179", "US0201", "US0464"):
        r, truth = rows[cid], career.loc[cid]
        assert (r["seasons_played"], r["merges"], r["juries"], r["finals"], r["wins"]) == tuple(truth)
    assert all(isinstance(r["merges"], int) for r in rows.values())


@covers("castmates")
def test_castmates(graph, castaways):
    mine = set(castaways[castaways["castaway_id"] == "US0402"]["season"])  # Vytas: seasons 27 and 31
    shared = castaways[castaways["season"].isin(mine) & (castaways["castaway_id"] != "US0402")]
    rows = run(graph, "castmates", castaway_id="US0402").rows
    assert {r["castaway_id"]: r["seasons_together"] for r in rows} == {
        c: sorted(set(g["season"])) for c, g in shared.groupby("castaway_id")}
    ever_won = set(castaways[castaways["winner"] == True]["castaway_id"])  # noqa: E712
    assert {r["castaway_id"] for r in rows if r["ever_won"]} == set(shared["castaway_id"]) & ever_won
    assert {r["n_players"] for r in rows} == {len(rows)}
    assert {r["seasons_together"][0] for r in run(graph, "castmates", castaway_id="US0402", season=31).rows} == {31}


@covers("boot_order")
def test_boot_order(graph, castaways):
    for season in range(1, 50):
        rows = run(graph, "boot_order", season=season).rows
        expected = castaways[castaways["season"] == season].sort_values("place", ascending=False)
        assert [r["castaway_id"] for r in rows] == list(expected["castaway_id"]), season
        assert rows[-1]["result"] == "Sole Survivor"
    first = run(graph, "boot_order", season=30).rows[0]
    assert first["player"] == name_of(castaways, 30, castaways[(castaways["season"] == 30) & (castaways["order"] == 1)]
                                      ["castaway_id"].iloc[0])


@covers("episode_events")
def test_episode_events(graph, castaways, wins):
    for season, episode in ((5, 3), (6, 8), (28, 6), (45, 1), (41, 13)):
        row = run(graph, "episode_events", season=season, episode=episode).rows[0]
        gone = castaways[(castaways["season"] == season) & (castaways["episode"] == episode)
                         & ~castaways["result"].isin(["Sole Survivor", "Runner-up", "2nd runner-up"])]
        assert sorted(row["left_the_game"]) == sorted(gone["full_name"]), (season, episode)
        immune = wins[(wins["season"] == season) & (wins["episode"] == episode)
                      & (wins["won_individual_immunity"] == 1)]
        ids = set(immune["castaway_id"])
        expected = castaways[(castaways["season"] == season) & castaways["castaway_id"].isin(ids)]["full_name"]
        assert sorted(row["individual_immunity"]) == sorted(expected), (season, episode)
    assert run(graph, "episode_events", season=45, episode=99).rows == []


@covers("votes_cast_by_player", "votes_received_by_player")
def test_votes_cast_and_received(graph, votes):
    cast = run(graph, "votes_cast_by_player", castaway_id=ROB).rows
    mine = votes[votes["castaway_id"] == ROB]
    assert Counter((r["season"], r["episode"], r["voted_for_id"]) for r in cast) == Counter(
        zip(mine["season"], mine["episode"], mine["vote_id"]))
    in_20 = run(graph, "votes_cast_by_player", castaway_id=ROB, season=20).rows
    assert len(in_20) == (mine["season"] == 20).sum() and {r["season"] for r in in_20} == {20}
    received = run(graph, "votes_received_by_player", castaway_id=RUSSELL).rows
    against = votes[votes["vote_id"] == RUSSELL]
    assert Counter((r["season"], r["episode"], r["voter_id"]) for r in received) == Counter(
        zip(against["season"], against["episode"], against["castaway_id"]))
    assert sum(r["nullified"] for r in received) == against["nullified"].sum()
    assert len(run(graph, "votes_received_by_player", castaway_id=RUSSELL, limit=3).rows) == 3
    # each vote's side of the merge ("before the merge, how many votes against Chet")
    chet = votes[(votes["vote_id"] == "US0241") & (votes["season"] == 16)]
    rows = run(graph, "votes_received_by_player", castaway_id="US0241", season=16).rows
    assert sum(r["phase"] != "merged" for r in rows) == (chet["tribe_status"] != "Merged").sum() == 12


@covers("head_to_head_votes")
def test_head_to_head_votes(graph, votes, castaways):
    rows = run(graph, "head_to_head_votes", castaway_id=ROB, other_castaway_id=RUSSELL).rows
    between = votes[((votes["castaway_id"] == ROB) & (votes["vote_id"] == RUSSELL))
                    | ((votes["castaway_id"] == RUSSELL) & (votes["vote_id"] == ROB))]
    assert len(between) > 0
    shared = set(castaways[castaways["castaway_id"] == ROB]["season"]) & set(
        castaways[castaways["castaway_id"] == RUSSELL]["season"])
    assert {r["season"] for r in rows} == shared
    voted = [r for r in rows if r["voter"] is not None]
    expected = [(s, name_of(castaways, s, a), name_of(castaways, s, b), e) for s, a, b, e in zip(
        between["season"], between["castaway_id"], between["vote_id"], between["episode"])]
    assert Counter((r["season"], r["voter"], r["voted_for"], r["episode"]) for r in voted) == Counter(expected)
    never = run(graph, "head_to_head_votes", castaway_id=ROB, other_castaway_id=AMBER).rows
    assert {r["season"] for r in never} == {8, 40} and all(r["voter"] is None for r in never)


@covers("voters_at_elimination")
def test_voters_at_elimination(graph, votes):
    rows = run(graph, "voters_at_elimination", castaway_id=ROB).rows
    out = votes[(votes["vote_id"] == ROB) & (votes["voted_out_id"] == ROB)]
    assert Counter((r["season"], r["episode"], r["voter_id"]) for r in rows) == Counter(
        zip(out["season"], out["episode"], out["castaway_id"]))
    assert {r["season"] for r in rows} == {4, 20, 40}
    assert {r["season"] for r in run(graph, "voters_at_elimination", castaway_id=ROB, season=20).rows} == {20}


@covers("elimination_vote")
def test_elimination_vote(graph, votes):
    """Each round of the vote that sent someone home: the counted votes per name, most first, and the tally."""
    for castaway_id in (ROB, "US0508", "US0201"):
        rows = run(graph, "elimination_vote", castaway_id=castaway_id).rows
        out = votes[(votes["voted_out_id"] == castaway_id) & votes["vote_id"].notna()]
        assert {(r["season"], r["episode"], r["round"]) for r in rows} == set(
            zip(out["season"], out["episode"], out["vote_order"]))
        for r in rows:
            one = out[(out["season"] == r["season"]) & (out["episode"] == r["episode"])
                      & (out["vote_order"] == r["round"])]
            counted = one[~one["nullified"].eq(True)].groupby("vote_id").size().sort_values(ascending=False)
            assert r["tally"] == "-".join(str(n) for n in counted)
            assert r["nullified_votes"] == int(one["nullified"].eq(True).sum())
    jp = run(graph, "elimination_vote", castaway_id="US0508", season=35).rows
    assert [(r["tally"], r["votes"]) for r in jp] == [("5-3-1", "John Hilsabeck 5, Mike Zahalsky 3, Joe Mena 1")]
    # an idol play: the cancelled votes are counted apart, not in the tally
    nullified = votes[votes["nullified"].eq(True) & votes["voted_out_id"].notna()].iloc[0]
    rows = run(graph, "elimination_vote", castaway_id=nullified["voted_out_id"], season=int(nullified["season"])).rows
    assert sum(r["nullified_votes"] for r in rows) >= 1


@covers("vote_alignment", "shared_vote_targets")
def test_two_peoples_votes_compared(graph, votes):
    """Side by side at each round both voted in, and the names both wrote down at some point."""
    for first, second, season in (("US0395", "US0394", 26), (SANDRA, PARVATI, 20), ("US0220", "US0219", 14)):
        a = votes[(votes["castaway_id"] == first) & (votes["season"] == season)]
        b = votes[(votes["castaway_id"] == second) & (votes["season"] == season)]
        both = a.merge(b, on=["season", "episode", "order", "vote_order"])
        rows = run(graph, "vote_alignment", castaway_id=first, other_castaway_id=second, season=season).rows
        assert len(rows) == len(both)
        same = int((both["vote_id_x"] == both["vote_id_y"]).sum())
        assert {r["n_same_votes"] for r in rows} <= {same} and sum(r["same_vote"] for r in rows) == same
        shared = run(graph, "shared_vote_targets", castaway_id=first, other_castaway_id=second, season=season).rows
        assert {r["castaway_id"] for r in shared} == set(a["vote_id"]) & set(b["vote_id"])
        for r in shared:
            assert r["player_votes"] == int((a["vote_id"] == r["castaway_id"]).sum())
    eddie_reynold = run(graph, "vote_alignment", castaway_id="US0395", other_castaway_id="US0394", season=26).rows
    assert eddie_reynold[0]["n_same_votes"] == 7


@covers("challenges", "reward_picks")
def test_challenges_and_reward_picks(graph, survivor):
    """A challenge's kind, recurring name and features come from challenge_description; reward picks count the
    challenges a person was chosen for."""
    desc = survivor.table("challenge_description").drop_duplicates(["version_season", "challenge_id"])
    results = survivor.table("challenge_results")
    run_ids = set(zip(results["season"].astype(int), results["challenge_id"].astype(int)))
    s16 = desc[(desc["season"] == 16) & desc["challenge_type"].isin(["Immunity", "Immunity and Reward"])
               & desc["puzzle"].eq(True)]
    rows = run(graph, "challenges", season=16, kind="immunity", feature="puzzle").rows
    assert sorted(r["challenge_id"] for r in rows) == sorted(int(c) for c in s16["challenge_id"]) and len(rows) == 8
    every = run(graph, "challenges").rows
    assert len(every) == len(run_ids)
    named = desc[[(int(s), int(c)) in run_ids for s, c in zip(desc["season"], desc["challenge_id"])]]
    assert Counter(r["recurring_name"] for r in every if r["recurring_name"]) == Counter(
        named["recurring_name"].dropna())
    # who won each: the people on the winning side, and the tribes when it was a tribe challenge
    s2 = results[(results["season"] == 2) & (results["version"] == "US")]
    flags = [c for c in s2.columns if c.startswith("won_")]
    cast = survivor.table("castaways")
    name_of = cast[(cast["season"] == 2) & (cast["version"] == "US")].set_index("castaway_id")["full_name"]
    for row in run(graph, "challenges", season=2).rows:
        mine = s2[s2["challenge_id"] == row["challenge_id"]]
        won = mine[(mine[flags] == 1).any(axis=1)]
        assert sorted(row["winners"]) == sorted(name_of[won["castaway_id"].unique()])
        if mine["outcome_type"].iloc[0].startswith("Tribal"):
            assert sorted(row["winning_tribes"]) == sorted(won["tribe"].unique())
    picked = results[results["chosen_for_reward"].eq(True)].drop_duplicates(["season", "challenge_id", "castaway_id"])
    rows = run(graph, "reward_picks", season=9).rows
    assert {r["castaway_id"]: r["times_chosen"] for r in rows} == \
        picked[picked["season"] == 9].groupby("castaway_id").size().to_dict()
    assert rows[0]["player"] == "Chris Daugherty"


@covers("tribal_councils_attended")
def test_tribal_councils_attended(graph, survivor):
    vh = survivor.table("vote_history")
    per = vh[vh["season"] == 11].drop_duplicates(["episode", "order", "castaway_id"]).groupby("castaway_id").size()
    rows = run(graph, "tribal_councils_attended", season=11).rows
    assert {r["castaway_id"]: r["tribal_councils"] for r in rows} == per.to_dict()
    assert [r["tribal_councils"] for r in rows] == sorted((r["tribal_councils"] for r in rows), reverse=True)


@covers("single_tribal_vote_counts")
def test_single_tribal_vote_counts(graph, votes):
    per = votes.groupby(["season", "episode", "order", "vote_order", "vote_id"]).size()
    rows = run(graph, "single_tribal_vote_counts", limit=5000).rows
    assert sorted(r["votes"] for r in rows) == sorted(per.tolist())
    assert (rows[0]["player"], rows[0]["votes"]) == ("Elizabeth Olson", per.max())


@covers("tribal_events")
def test_tribal_events(graph, survivor):
    """Every tribal council whose vote_history names an event, once, with who went home; an event kind filters."""
    vh = survivor.table("vote_history")
    evented = vh[vh["vote_event"].notna()]
    rows = run(graph, "tribal_events").rows
    assert {(r["season"], r["episode"], r["tribal_order"]) for r in rows} == set(
        zip(evented["season"].astype(int), evented["episode"].astype(int), evented["order"].astype(int)))
    rocks = evented[evented["vote_event"] == "Rock draw"]
    drawn = run(graph, "tribal_events", event="rock draw").rows
    assert {(r["season"], r["castaway_id"]) for r in drawn} == set(
        zip(rocks["season"].astype(int), rocks["voted_out_id"]))
    assert (drawn[0]["season"], drawn[0]["voted_out"]) == (4, "Paschal English")
    assert any("Deadlock" in e and "Rock draw" in e for r in drawn for e in r["events"])  # one council, both events


@covers("advantage_events")
def test_advantage_events(graph, survivor):
    """Every advantage_movement row of a season is one event; a kind of event and a type of advantage filter them."""
    moves = survivor.table("advantage_movement").merge(
        survivor.table("advantage_details")[["version_season", "advantage_id", "advantage_type"]],
        on=["version_season", "advantage_id"])
    moves = moves[moves["castaway_id"].notna()]
    for season in (41, 45):
        mine = moves[moves["season"] == season]
        rows = run(graph, "advantage_events", season=season).rows
        assert Counter((r["castaway_id"], r["advantage_id"].split(":A")[-1]) for r in rows) == Counter(
            (c, str(int(a))) for ids, a in zip(mine["castaway_id"], mine["advantage_id"]) for c in str(ids).split(", "))
        out = mine[(mine["event"] == "Voted out with advantage")
                   & mine["advantage_type"].str.contains("idol", case=False)]
        rows = run(graph, "advantage_events", season=season, event="voted_out", advantage_type="idol").rows
        assert sorted(r["castaway_id"] for r in rows) == sorted(out["castaway_id"])
    s41 = run(graph, "advantage_events", season=41, event="voted_out", advantage_type="idol").rows
    assert {r["player"] for r in s41} == {"Brad Reese", "Naseer Muttalif", "Shantel Smith"}
    expired = moves[moves["event"] == "Expired"]
    assert len(run(graph, "advantage_events", event="expired").rows) == len(expired)
    # idols played for someone else: the played_for_id is another player's
    idols = moves[(moves["event"] == "Played") & moves["advantage_type"].str.contains("immunity idol", case=False)]
    players = idols.assign(castaway_id=idols["castaway_id"].str.split(", ")).explode("castaway_id")  # shared plays
    for_others = players[players["played_for_id"].notna() & (players["played_for_id"] != players["castaway_id"])]
    rows = run(graph, "advantage_events", event="played", advantage_type="immunity idol", for_others=True).rows
    assert Counter(r["castaway_id"] for r in rows) == Counter(for_others["castaway_id"]) and len(rows) > 20
    assert all(r["played_for_id"] != r["castaway_id"] for r in rows)
    own = run(graph, "advantage_events", event="played", advantage_type="immunity idol", for_others=False).rows
    every = run(graph, "advantage_events", event="played", advantage_type="immunity idol").rows
    assert len(own) + len(rows) == len(every)


@covers("individual_immunity_ranking", "individual_reward_ranking")
def test_challenge_win_rankings(graph, wins, castaways):
    counts = seasons_played(castaways)
    immunity = wins[wins["won_individual_immunity"] == 1].groupby("castaway_id").size()
    top = run(graph, "individual_immunity_ranking").rows
    ranking_matches(top, immunity, "wins")
    assert (top[0]["player"], top[0]["wins"], top[0]["seasons_played"]) == ("Rob Mariano", 9, 5)
    veterans = immunity[immunity.index.map(lambda cid: counts[cid] >= 4)]
    rows = run(graph, "individual_immunity_ranking", min_seasons=4, limit=50).rows
    ranking_matches(rows, veterans, "wins")
    assert all(r["seasons_played"] >= 4 for r in rows)
    s40 = wins[(wins["won_individual_immunity"] == 1) & (wins["season"] == 40)].groupby("castaway_id").size()
    ranking_matches(run(graph, "individual_immunity_ranking", season=40).rows, s40, "wins")
    # the record in a single season: each (person, season) apart, only those tied for the most
    per_season = wins[wins["won_individual_immunity"] == 1].groupby(["castaway_id", "season"]).size()
    record = run(graph, "individual_immunity_ranking", per_season=True, leaders_only=True, limit=50).rows
    assert {(r["castaway_id"], r["season"]) for r in record} == set(per_season[per_season == per_season.max()].index)
    assert {r["wins"] for r in record} == {per_season.max()}
    tribal = wins[wins["won_tribal_immunity"] == 1].groupby("castaway_id").size()
    ranking_matches(run(graph, "individual_immunity_ranking", scope="tribal").rows, tribal, "wins")

    reward = wins[wins["won_individual_reward"] == 1].groupby("castaway_id").size()
    ranking_matches(run(graph, "individual_reward_ranking", limit=20).rows, reward, "wins")
    veteran_rewards = run(graph, "individual_reward_ranking", min_seasons=4).rows
    ranking_matches(veteran_rewards, reward[reward.index.map(lambda cid: counts[cid] >= 4)], "wins")
    assert (veteran_rewards[0]["castaway_id"], veteran_rewards[0]["wins"]) == (RUPERT, 3)
    assert veteran_rewards[0]["player"] == "Rupert Boneham" and veteran_rewards[1]["wins"] < 3


@covers("player_challenge_wins")
def test_player_challenge_wins(graph, wins):
    rows = run(graph, "player_challenge_wins", castaway_id=ROB).rows
    mine = wins[wins["castaway_id"] == ROB]
    assert [r["season"] for r in rows] == [4, 8, 20, 22, 40]
    for row in rows:
        season = mine[mine["season"] == row["season"]]
        assert row["individual_immunity"] == (season["won_individual_immunity"] == 1).sum()
        assert row["individual_reward"] == (season["won_individual_reward"] == 1).sum()
        team_immunity = (season["won_tribal_immunity"] == 1) | (season["won_team_immunity"] == 1)
        team_reward = (season["won_tribal_reward"] == 1) | (season["won_team_reward"] == 1)
        assert (row["tribal_immunity"], row["tribal_reward"]) == (team_immunity.sum(), team_reward.sum())
        assert sorted(row["individual_immunity_episodes"]) == sorted(
            season[season["won_individual_immunity"] == 1]["episode"])
    assert sum(r["individual_immunity"] for r in rows) == 9
    assert [r["season"] for r in run(graph, "player_challenge_wins", castaway_id=ROB, season=22).rows] == [22]


@covers("season_challenge_winners")
def test_season_challenge_winners(graph, wins, survivor, castaways):
    s41 = wins[wins["season"] == 41]
    rows = run(graph, "season_challenge_winners", season=41).rows
    expected = s41[s41["won_individual_immunity"] == 1]
    assert Counter((r["episode"], r["castaway_id"]) for r in rows) == Counter(
        zip(expected["episode"], expected["castaway_id"]))
    assert [r["episode"] for r in rows] == sorted(r["episode"] for r in rows)
    rewards = run(graph, "season_challenge_winners", season=41, kind="reward", scope="any").rows
    expected = s41[(s41["won_individual_reward"] == 1) | (s41["won_tribal_reward"] == 1)
                   | (s41["won_team_reward"] == 1)]
    assert Counter((r["episode"], r["castaway_id"]) for r in rewards) == Counter(
        zip(expected["episode"], expected["castaway_id"]))
    # whom each individual reward's winner took along
    results = survivor.table("challenge_results")
    chosen = results[(results["season"] == 44) & (results["version"] == "US") & results["chosen_for_reward"].eq(True)]
    name_of = castaways[castaways["season"] == 44].set_index("castaway_id")["full_name"]
    rows = run(graph, "season_challenge_winners", season=44, kind="reward").rows
    assert any(row["chosen"] for row in rows)
    for row in rows:
        mine = chosen[chosen["challenge_id"] == row["challenge_id"]]["castaway_id"].unique()
        assert sorted(row["chosen"]) == sorted(name_of[mine])


@covers("season_advantages")
def test_season_advantages(graph, survivor, castaways):
    details = survivor.table("advantage_details")
    movement = survivor.table("advantage_movement")
    rows = run(graph, "season_advantages", season=45).rows
    s45 = details[details["season"] == 45]
    assert {(r["advantage_id"], r["advantage_type"]) for r in rows} == {
        (f"US45:A{int(a)}", t) for a, t in zip(s45["advantage_id"], s45["advantage_type"])}
    moves = movement[movement["season"] == 45]
    for adv_id in s45["advantage_id"]:
        mine = moves[moves["advantage_id"] == adv_id]
        found = mine[mine["event"].isin(["Found", "Found (beware)"])]["castaway_id"].unique()
        plays = mine[mine["event"] == "Played"]
        adv_rows = [r for r in rows if r["advantage_id"] == f"US45:A{int(adv_id)}"]
        assert sorted(adv_rows[0]["found_by"]) == sorted(name_of(castaways, 45, c) for c in found)
        assert sorted(r["played_by"] for r in adv_rows if r["played_by"]) == sorted(
            name_of(castaways, 45, c) for c in plays["castaway_id"])
    idols = run(graph, "season_advantages", season=45, advantage_type="idol").rows
    assert {r["advantage_type"] for r in idols} == {t for t in s45["advantage_type"] if "idol" in t.lower()}


@covers("player_advantages", "advantages_found_ranking")
def test_advantages_by_person(graph, survivor):
    # A shared advantage names its holders in one cell ("US0701, US0698, US0713"): one row per holder.
    movement = survivor.table("advantage_movement").dropna(subset=["castaway_id"])
    movement = movement.assign(castaway_id=movement["castaway_id"].str.split(r",\s*")).explode("castaway_id")
    rows = run(graph, "player_advantages", castaway_id=RUSSELL).rows
    mine = movement[movement["castaway_id"] == RUSSELL]
    assert Counter((r["season"], r["advantage_id"]) for r in rows) == Counter(
        (int(s), f"{v}:A{int(a)}") for s, v, a in zip(mine["season"], mine["version_season"], mine["advantage_id"]))
    assert sum(r["event"] == "played" for r in rows) == (mine["event"] == "Played").sum()
    assert {r["season"] for r in run(graph, "player_advantages", castaway_id=RUSSELL, season=20).rows} == {20}
    assert sorted((r["season"], r["episode"], r["day"]) for r in rows) == sorted(
        (int(s), int(e), int(d)) for s, e, d in zip(mine["season"], mine["episode"], mine["day"]))

    found = movement[movement["event"].isin(["Found", "Found (beware)"])]
    distinct = found.drop_duplicates(["version_season", "advantage_id", "castaway_id"])
    ranking_matches(run(graph, "advantages_found_ranking", limit=20).rows, distinct.groupby("castaway_id").size(),
                    "found")
    types = survivor.table("advantage_details").set_index(["version_season", "advantage_id"])["advantage_type"]
    distinct = distinct.assign(type=[types[k] for k in zip(distinct["version_season"], distinct["advantage_id"])])
    idols = distinct[distinct["type"].str.lower().str.contains("hidden immunity idol")]
    rows = run(graph, "advantages_found_ranking", advantage_type="Hidden Immunity Idol").rows
    ranking_matches(rows, idols.groupby("castaway_id").size(), "found")


@covers("exits_by_type", "seasons_with_exit_type")
def test_exits(graph, castaways):
    medevacs = castaways[castaways["result"] == "Medically evacuated"]
    rows = run(graph, "exits_by_type", exit_type="medevac").rows
    assert sorted(r["castaway_id"] for r in rows) == sorted(medevacs["castaway_id"])
    skupin = [r for r in rows if r["castaway_id"] == "US0022"]
    assert [(r["season"], r["episode"]) for r in skupin] == [(2, 6)]
    quits = castaways[castaways["result"].str.contains("Quit", na=False)]  # also "2nd voted out; Quit EoE"
    assert sorted(r["castaway_id"] for r in run(graph, "exits_by_type", exit_type="quit").rows) == sorted(
        quits["castaway_id"])
    assert [r["season"] for r in run(graph, "exits_by_type", exit_type="medevac", season=46).rows] == list(
        medevacs[medevacs["season"] == 46]["season"])
    seasons = run(graph, "seasons_with_exit_type", exit_type="medevac").rows
    assert [r["season"] for r in seasons] == MEDEVAC_SEASONS == sorted(medevacs["season"].unique())
    assert {r["season"]: r["n"] for r in seasons} == medevacs.groupby("season").size().to_dict()


@covers("season_facts", "season_list")
def test_season_facts_and_list(graph, survivor, castaways):
    summary = survivor.table("season_summary").set_index("season")
    episodes = survivor.table("episodes").groupby("season").size()
    for season in (1, 20, 45):
        [row] = run(graph, "season_facts", season=season).rows
        facts = summary.loc[season]
        assert (row["season_name"], row["location"], row["cast_size"], row["final_vote"], row["jury_size"]) == (
            facts["season_name"], facts["location"], facts["n_cast"], facts["final_vote"], facts["n_jury"])
        assert row["premiered"] == pd.Timestamp(facts["premiered"]).date().isoformat()
        assert row["winner_id"] == facts["winner_id"] and row["episodes"] == episodes[season]
        assert row["timeslot"] == facts["timeslot"] and row["nielsen_rank"] == int(facts["rank"])
        assert row["days"] == castaways[castaways["season"] == season]["day"].max()  # the finalists' last day
        # a season ends the night its last episode airs (survivoR's `ended` is the next season's finale for 1-41)
        aired = survivor.table("episodes")
        assert row["ended"] == pd.Timestamp(aired[aired["season"] == season]["episode_date"].max()).date().isoformat()
    mapping = survivor.table("tribe_mapping")
    swaps = mapping[mapping["tribe_status"].str.startswith("Swapped")].groupby("season")["tribe_status"].nunique()
    every = {r["season"]: r["swaps"] for r in run(graph, "season_facts").rows}
    assert every == {s: int(swaps.get(s, 0)) for s in range(1, 50)}
    details = survivor.table("castaway_details").drop_duplicates("castaway_id").set_index("castaway_id")["gender"]
    finalists = castaways[castaways["finalist"] == True]  # noqa: E712
    women = finalists[finalists["castaway_id"].map(details) == "Female"].groupby("season").size()
    assert {r["season"]: r["women_finalists"] for r in run(graph, "season_facts").rows} == {
        s: int(women.get(s, 0)) for s in range(1, 50)}
    advantages = survivor.table("advantage_details")
    idols = advantages[advantages["advantage_type"].str.contains("Idol")].groupby("season").size()
    assert {r["season"]: r["idols"] for r in run(graph, "season_facts").rows} == {
        s: int(idols.get(s, 0)) for s in range(1, 50)}
    every = run(graph, "season_facts").rows  # no season: every season, in order
    assert [(r["season"], r["n_finalists"], r["cast_size"]) for r in every] == [
        (s, summary.loc[s, "n_finalists"], summary.loc[s, "n_cast"]) for s in range(1, 50)]
    rows = run(graph, "season_list").rows
    assert [r["season_name"] for r in rows] == [summary.loc[s, "season_name"] for s in range(1, 50)]
    winners = castaways[castaways["winner"]].set_index("season")["full_name"]
    assert [r["winner"] for r in rows] == [winners[s] for s in range(1, 50)]


@covers("player_profile", "episode_facts")
def test_player_profile_and_episode_facts(graph, survivor, castaways):
    details = survivor.table("castaway_details").set_index("castaway_id")
    for cid in ("US0424", "US0055", "US0179"):
        rows = run(graph, "player_profile", castaway_id=cid).rows
        facts = details.loc[cid]
        assert {(r["occupation"], r["personality_type"], r["gender"]) for r in rows} == {
            (facts["occupation"], facts["personality_type"], facts["gender"])}
        assert {(r["three_words"], r["hobbies"], r["pet_peeves"]) for r in rows} == {
            tuple(None if pd.isna(facts[c]) else facts[c] for c in ("three_words", "hobbies", "pet_peeves"))}
        assert rows[0]["date_of_birth"] == pd.Timestamp(facts["date_of_birth"]).date().isoformat()
        career = castaways[castaways["castaway_id"] == cid].sort_values("season")
        assert [(r["season"], r["city"], r["state"], r["known_as"]) for r in rows] == list(
            zip(career["season"], career["city"], career["state"], career["castaway"]))
    episodes = survivor.table("episodes")
    s20 = episodes[(episodes["version"] == "US") & (episodes["season"] == 20)].sort_values("episode")
    rows = run(graph, "episode_facts", season=20).rows
    assert [(r["episode"], r["title"], r["label"]) for r in rows] == list(
        zip(s20["episode"], s20["episode_title"], s20["episode_label"]))
    [third] = run(graph, "episode_facts", season=20, episode=3).rows
    assert third["air_date"] == pd.Timestamp(s20.iloc[2]["episode_date"]).date().isoformat()


@covers("eliminations_by_episode_number")
def test_eliminations_by_episode_number(graph, castaways):
    gone = castaways[~castaways["result"].isin(["Sole Survivor", "Runner-up", "2nd runner-up"])
                     & castaways["episode"].notna()]
    expected = gone.groupby(gone["episode"].astype(int)).size()
    rows = run(graph, "eliminations_by_episode_number", limit=100).rows
    assert {r["episode"]: r["eliminations"] for r in rows} == expected.to_dict()
    assert rows[0]["episode"] == 13 == expected.idxmax()
    voted = gone[gone["result"].str.contains("voted out")]
    rows = run(graph, "eliminations_by_episode_number", exit_type="voted_out", limit=100).rows
    expected = voted.groupby(voted["episode"].astype(int)).size()
    assert {r["episode"]: r["eliminations"] for r in rows} == expected.to_dict()


@covers("tribal_council_counts")
def test_tribal_council_counts(graph, survivor):
    history = survivor.table("vote_history")
    with_votes = history[history["vote"].notna()]
    [row] = run(graph, "tribal_council_counts").rows
    assert row["tribal_councils"] == len(history[["season", "episode", "order"]].drop_duplicates()) == 737
    assert row["tribal_councils_with_votes"] == len(with_votes[["season", "episode", "order"]].drop_duplicates())
    assert row["season_episode_pairs"] == len(history[["season", "episode"]].drop_duplicates())
    assert row["season_episode_pairs_with_votes"] == len(with_votes[["season", "episode"]].drop_duplicates()) == 640
    assert row["seasons"] == 49 and "boot order" in row["definition"]
    [s40] = run(graph, "tribal_council_counts", season=40).rows
    assert s40["tribal_councils"] == len(history[history["season"] == 40][["episode", "order"]].drop_duplicates())
    for cid, season in (("US0278", 18), (ROB, None)):  # the tribal councils one person sat through
        mine = history[(history["castaway_id"] == cid) & ((history["season"] == season) if season else True)]
        [row] = run(graph, "tribal_council_counts", castaway_id=cid, season=season).rows
        assert row["tribal_councils"] == len(mine[["season", "episode", "order"]].drop_duplicates())


@covers("confessional_leaders")
def test_confessional_leaders(graph, survivor):
    conf = survivor.table("confessionals")
    ranking_matches(run(graph, "confessional_leaders").rows, conf.groupby("castaway_id")["confessional_count"].sum(),
                    "confessionals")
    s45 = conf[conf["season"] == 45]
    rows = run(graph, "confessional_leaders", season=45, limit=5).rows
    ranking_matches(rows, s45.groupby("castaway_id")["confessional_count"].sum(), "confessionals")
    assert len(rows) == 5 and {tuple(r["seasons"]) for r in rows} == {(45,)}
    [natalie] = run(graph, "confessional_leaders", castaway_id="US0301", season=19).rows  # one person
    assert natalie["confessionals"] == conf[(conf["season"] == 19) & (conf["castaway_id"] == "US0301")][
        "confessional_count"].sum()


def vote_revenge_truth(votes: pd.DataFrame) -> set[tuple]:
    """(season, player, voter, episode out): the player voted against the voter at an earlier tribal, then the
    voter cast a (not nullified) vote against the player at the tribal that voted the player out."""
    earlier = votes[["season", "castaway_id", "vote_id", "episode", "order"]].rename(
        columns={"castaway_id": "player", "vote_id": "voter"})
    final = votes[(votes["vote_id"] == votes["voted_out_id"]) & votes["nullified"].ne(True)]
    final = final[["season", "castaway_id", "vote_id", "episode", "order"]].rename(
        columns={"castaway_id": "voter", "vote_id": "player", "episode": "out_episode", "order": "out_order"})
    pairs = earlier.merge(final, on=["season", "player", "voter"])
    before = (pairs["episode"] < pairs["out_episode"]) | (
        (pairs["episode"] == pairs["out_episode"]) & (pairs["order"] < pairs["out_order"]))
    pairs = pairs[before]
    return set(zip(pairs["season"], pairs["player"], pairs["voter"], pairs["out_episode"]))


@covers("vote_revenge")
def test_vote_revenge(graph, votes):
    truth = vote_revenge_truth(votes)
    rows = run(graph, "vote_revenge", limit=1000).rows
    assert {(r["season"], r["player_id"], r["voted_out_by_id"], r["voted_out_in_episode"]) for r in rows} == truth
    assert len(rows) == len(truth) == rows[0]["n_pairs"]
    assert all(r["first_voted_against_in_episode"] <= r["voted_out_in_episode"] for r in rows)
    limited = run(graph, "vote_revenge").rows
    assert len(limited) == 100 and limited[0]["n_pairs"] == len(truth)
    rob = run(graph, "vote_revenge", castaway_id=ROB, limit=1000).rows
    assert {(r["player_id"], r["voted_out_by_id"]) for r in rob} == {(p, v) for _, p, v, _ in truth if ROB in (p, v)}
    assert {r["season"] for r in run(graph, "vote_revenge", season=20).rows} == {20}


@covers("most_votes_received")
def test_most_votes_received(graph, votes):
    ranking_matches(run(graph, "most_votes_received").rows, votes.groupby("vote_id").size(), "votes_received")
    s40 = votes[votes["season"] == 40]
    rows = run(graph, "most_votes_received", season=40).rows
    ranking_matches(rows, s40.groupby("vote_id").size(), "votes_received")
    nullified = s40[s40["nullified"].eq(True)].groupby("vote_id").size()
    assert all(r["nullified"] == nullified.get(r["castaway_id"], 0) for r in rows)


@covers("find_player")
def test_find_player(graph, castaways):
    rows = run(graph, "find_player", name="Boston Rob").rows
    assert rows[0]["castaway_id"] == ROB and rows[0]["exact"] is True
    assert rows[0]["seasons"] == ["US04", "US08", "US20", "US22", "US40"]
    assert run(graph, "find_player", name="ozzy").rows[0]["player"] == "Oscar Lusth"
    marianos = castaways[castaways["full_name"].str.contains("mariano", case=False)]["castaway_id"]
    assert {r["castaway_id"] for r in run(graph, "find_player", name="MARIANO").rows} == set(marianos) == {ROB, AMBER}


@covers("season_cast")
def test_season_cast(graph, castaways):
    rows = run(graph, "season_cast", season=40).rows
    s40 = castaways[castaways["season"] == 40]
    assert sorted(r["castaway_id"] for r in rows) == sorted(s40["castaway_id"])
    for row in rows:
        earlier = castaways[(castaways["castaway_id"] == row["castaway_id"]) & (castaways["season"] < 40)]
        assert row["previous_seasons"] == sorted(earlier["season"])
    assert len(run(graph, "season_cast", season=40, returnees_only=True).rows) == 20
    returnees = [r["castaway_id"] for r in run(graph, "season_cast", season=45, returnees_only=True).rows]
    earlier = castaways[castaways["season"] < 45]["castaway_id"]
    assert returnees == [c for c in castaways[castaways["season"] == 45].sort_values("place")["castaway_id"]
                         if c in set(earlier)] == ["US0657"]  # Bruce Perreault, medevac in 44
    assert [r["place"] for r in run(graph, "season_cast", season=45).rows] == list(range(1, 19))
    for row in run(graph, "season_cast", season=28).rows:  # the seasons each played after this one
        later = castaways[(castaways["castaway_id"] == row["castaway_id"]) & (castaways["season"] > 28)]
        assert row["later_seasons"] == sorted(later["season"])


@covers("tribal_council_votes")
def test_tribal_council_votes(graph, votes, castaways):
    rows = run(graph, "tribal_council_votes", season=45, episode=9).rows
    expected = votes[(votes["season"] == 45) & (votes["episode"] == 9)]
    cast = [r for r in rows if r["voted_for"] is not None]
    assert Counter((r["voter"], r["voted_for"], r["vote_order"]) for r in cast) == Counter(
        (name_of(castaways, 45, a), name_of(castaways, 45, b), o)
        for a, b, o in zip(expected["castaway_id"], expected["vote_id"], expected["vote_order"]))
    assert {r["voted_out"] for r in rows} == {name_of(castaways, 45, c) for c in expected["voted_out_id"].unique()}
    season = run(graph, "tribal_council_votes", season=45).rows  # no episode: every tribal council of the season
    assert sum(1 for r in season if r["nullified"]) == votes[(votes["season"] == 45)]["nullified"].sum() == 18
    assert {r["episode"] for r in season if r["voted_for"]} == set(votes[votes["season"] == 45]["episode"])


# -- issue #6: shapes the agent's router needs (negation, temporal order, multi-hop, cross-entity) ----------
@covers("season_finalists", "final_jury_votes")
def test_finalists_and_each_jurors_final_vote(graph, castaways, jury):
    for season in (4, 20, 35, 40):
        finalists = castaways[(castaways["season"] == season) & castaways["finalist"]]
        rows = run(graph, "season_finalists", season=season).rows
        assert sorted(r["castaway_id"] for r in rows) == sorted(finalists["castaway_id"])
        votes = jury[jury["season"] == season].groupby("finalist_id").size()
        assert all(r["jury_votes"] == votes.get(r["castaway_id"], 0) for r in rows)
        losers = run(graph, "season_finalists", season=season, winner=False).rows
        assert sorted(r["castaway_id"] for r in losers) == sorted(finalists[~finalists["winner"]]["castaway_id"])
        assert [r["finalist"] for r in run(graph, "season_finalists", season=season, winner=True).rows] == list(
            finalists[finalists["winner"]]["full_name"])
        winner = finalists[finalists["winner"]]["castaway_id"].iloc[0]
        season_votes = jury[jury["season"] == season]
        all_votes = run(graph, "final_jury_votes", season=season).rows
        assert Counter((r["juror_id"], r["voted_for_id"]) for r in all_votes) == Counter(
            zip(season_votes["castaway_id"], season_votes["finalist_id"]))
        against = run(graph, "final_jury_votes", season=season, for_winner=False).rows
        assert sorted(r["juror_id"] for r in against) == sorted(
            season_votes[season_votes["finalist_id"] != winner]["castaway_id"])
    # one person, as juror or as finalist
    coby = run(graph, "final_jury_votes", castaway_id="US0142").rows
    expected = jury[jury["castaway_id"] == "US0142"]
    assert [(r["season"], r["voted_for_id"]) for r in coby] == list(zip(expected["season"], expected["finalist_id"]))
    for_amber = run(graph, "final_jury_votes", castaway_id=AMBER, season=8).rows
    assert sorted(r["juror_id"] for r in for_amber) == sorted(
        jury[(jury["season"] == 8) & (jury["finalist_id"] == AMBER)]["castaway_id"])


@covers("seasons_together", "players_in_seasons")
def test_seasons_together_and_people_in_several_seasons(graph, castaways):
    seasons_of = castaways.groupby("castaway_id")["season"].apply(set)
    for a, b in ((AMBER, "US0031"), (ROB, AMBER), (ROB, RUSSELL), (AMBER, RUSSELL)):
        [row] = run(graph, "seasons_together", castaway_id=a, other_castaway_id=b).rows
        shared = sorted(seasons_of[a] & seasons_of[b])
        assert row["seasons"] == shared and row["n_seasons_together"] == len(shared)
    assert run(graph, "seasons_together", castaway_id=ROB, other_castaway_id=AMBER).rows[0]["seasons"] == [8, 40]
    for wanted in ([36, 40], [8, 20, 40], [20, 40]):
        rows = run(graph, "players_in_seasons", seasons=wanted).rows
        expected = {c for c, s in seasons_of.items() if set(wanted) <= s}
        assert {r["castaway_id"] for r in rows} == expected and expected
        assert {r["n_players"] for r in rows} == {len(expected)}


@covers("repeat_winners")
def test_repeat_winners(graph, castaways):
    wins = castaways[castaways["winner"]].groupby("castaway_id").size()
    rows = run(graph, "repeat_winners").rows
    assert {r["castaway_id"]: r["wins"] for r in rows} == wins[wins >= 2].to_dict() == {SANDRA: 2, TONY: 2}
    assert len(run(graph, "repeat_winners", min_wins=1).rows) == wins.size


@covers("people_facts")
def test_people_facts(graph, survivor):
    details = survivor.table("castaway_details").drop_duplicates("castaway_id").set_index("castaway_id")
    ids = ["US0001", ROB, SANDRA, "US0594", "US0666"]
    rows = run(graph, "people_facts", castaway_ids=ids).rows
    assert {r["castaway_id"]: r["gender"] for r in rows} == details.loc[ids, "gender"].to_dict()
    assert {r["gender"] for r in rows} == {"Female", "Male"}
    born = {r["castaway_id"]: str(r["date_of_birth"])[:10] for r in rows}
    assert born == {c: str(d)[:10] for c, d in details.loc[ids, "date_of_birth"].items()}
    assert all(r["occupation"] == details.loc[r["castaway_id"], "occupation"] for r in rows)


@covers("player_exit")
def test_player_exit(graph, castaways, survivor):
    for cid, season in (("US0523", 36), ("US0227", 15), (ROB, 20)):
        [row] = run(graph, "player_exit", castaway_ids=[cid], season=season).rows
        mine = castaways[(castaways["castaway_id"] == cid) & (castaways["season"] == season)].iloc[0]
        assert (row["episode"], row["day"], row["result"], row["boot_order"]) == (
            mine["episode"], mine["day"], mine["result"], mine["order"])
    both = run(graph, "player_exit", castaway_ids=["US0568", "US0477"], season=38).rows
    s38 = castaways[castaways["season"] == 38].set_index("castaway_id")["order"]
    assert [r["castaway_id"] for r in both] == sorted(["US0568", "US0477"], key=lambda c: s38[c])
    latest = run(graph, "player_exit", castaway_ids=["US0568", "US0477"], season=38, latest_first=True).rows
    assert [r["castaway_id"] for r in latest] == [r["castaway_id"] for r in reversed(both)]
    assert [r["season"] for r in run(graph, "player_exit", castaway_ids=[ROB]).rows] == [4, 8, 20, 22, 40]
    episodes = survivor.table("episodes").set_index(["season", "episode"])["episode_title"]
    [brandon] = run(graph, "player_exit", castaway_ids=["US0350"], season=23).rows
    assert brandon["episode_title"] == episodes[(23, brandon["episode"])]


@covers("seasons_by_location")
def test_seasons_by_location(graph, survivor):
    summary = survivor.table("season_summary")
    for place in ("Fiji", "kenya", "Pearl Islands, Panama", "Shaba National Reserve, Kenya"):
        rows = run(graph, "seasons_by_location", place=place).rows
        hit = summary[summary["location"].str.contains(place, case=False, regex=False)
                      | summary["country"].str.contains(place, case=False, regex=False)]
        assert [r["season"] for r in rows] == sorted(hit["season"].astype(int)) and rows, place
    assert run(graph, "seasons_by_location", place="Antarctica").rows == []


@covers("castaways_without")
def test_castaways_who_never_did_something(graph, survivor, castaways, votes, wins):
    results = survivor.table("challenge_results")
    flags = [f"won_{scope}_{kind}" for scope in ("individual", "tribal", "team") for kind in ("immunity", "reward")]
    winners = set(results[(results[flags] == 1).any(axis=1)][["season", "castaway_id"]].itertuples(index=False))
    for season in (3, 28):  # never on the winning side of any challenge, alone or with a tribe
        rows = run(graph, "castaways_without", without="challenge_win", season=season).rows
        cast = castaways[castaways["season"] == season]["castaway_id"]
        assert {r["castaway_id"] for r in rows} == {c for c in cast if (season, c) not in winners}
    targets = set(zip(votes["season"], votes["vote_id"]))
    for season in (37, 20, 45):
        cast = castaways[castaways["season"] == season]
        rows = run(graph, "castaways_without", without="votes_received", season=season).rows
        assert {r["castaway_id"] for r in rows} == {c for c in cast["castaway_id"] if (season, c) not in targets}
        assert {r["n_players"] for r in rows} <= {len(rows)}
        immune = set(wins[(wins["season"] == season) & (wins["won_individual_immunity"] == 1)]["castaway_id"])
        rows = run(graph, "castaways_without", without="individual_immunity", season=season).rows
        assert {r["castaway_id"] for r in rows} == set(cast["castaway_id"]) - immune
        rows = run(graph, "castaways_without", without="jury", season=season).rows
        assert {r["castaway_id"] for r in rows} == set(cast[~cast["jury"] & ~cast["finalist"]]["castaway_id"])
    assert {r["castaway_id"] for r in run(graph, "castaways_without", without="votes_received", season=37).rows} == {
        "US0537", "US0540", "US0553", "US0556"}  # Pat Cusack, Bi Nguyen, Kara Kay, Nick Wilson
    winners = castaways[castaways["winner"]]
    immune_pairs = set(zip(wins[wins["won_individual_immunity"] == 1]["season"],
                           wins[wins["won_individual_immunity"] == 1]["castaway_id"]))
    rows = run(graph, "castaways_without", without="individual_immunity", group="winners").rows
    assert {(r["season"], r["castaway_id"]) for r in rows} == {
        (s, c) for s, c in zip(winners["season"], winners["castaway_id"]) if (s, c) not in immune_pairs}
    mapping = survivor.table("tribe_mapping")
    merged = set(mapping[(mapping["season"] == 26) & (mapping["tribe_status"] == "Merged")]["castaway_id"])
    rows = run(graph, "castaways_without", without="merge", season=26).rows
    assert {r["castaway_id"] for r in rows} == set(castaways[castaways["season"] == 26]["castaway_id"]) - merged
    tribals = survivor.table("vote_history")
    for season in (31, 28, 2):  # no tribal council at all, or none before the merge (and made it)
        held = tribals[tribals["season"] == season]
        cast = set(castaways[castaways["season"] == season]["castaway_id"])
        rows = run(graph, "castaways_without", without="tribal_council", season=season).rows
        assert {r["castaway_id"] for r in rows} == cast - set(held["castaway_id"])
        merged = set(mapping[(mapping["season"] == season) & (mapping["tribe_status"] == "Merged")]["castaway_id"])
        before = set(held[held["tribe_status"] != "Merged"]["castaway_id"])
        rows = run(graph, "castaways_without", without="pre_merge_tribal", season=season).rows
        assert {r["castaway_id"] for r in rows} == merged - before
    assert {r["player"] for r in run(graph, "castaways_without", without="pre_merge_tribal", season=31).rows} == {
        "Joe Anglim", "Keith Nale"}


@covers("season_returnees")
def test_season_returnees(graph, castaways):
    first = castaways.groupby("castaway_id")["season"].min()
    returning = castaways[castaways["season"] > castaways["castaway_id"].map(first)]
    per_season = returning.groupby("season").size()
    rows = run(graph, "season_returnees").rows
    assert {r["season"]: r["n_returnees"] for r in rows} == {s: int(per_season.get(s, 0)) for s in range(1, 50)}
    none = run(graph, "season_returnees", returnees="without").rows
    assert [r["season"] for r in none] == [s for s in range(1, 50) if s not in per_season.index]
    assert {r["n_seasons"] for r in none} == {len(none)}
    assert [r["season"] for r in run(graph, "season_returnees", returnees="with").rows] == sorted(per_season.index)


def test_the_new_filters_of_existing_queries(graph, castaways, votes, jury, wins, survivor):
    """boot_order position / from_end / after / before; challenge winners by episode and first / last; one-way
    head-to-head counts; tribe_members by person and merge; career, winner age; unanimous and fewest jury
    votes; exit and jury totals; idols among people with N seasons; the leaders of the votes ranking."""
    for season in (16, 28, 8, 42):
        order = castaways[castaways["season"] == season].set_index("order")["castaway_id"]
        for n in (1, 3):
            assert [r["castaway_id"] for r in run(graph, "boot_order", season=season, position=n).rows] == [order[n]]
        finalists = castaways[(castaways["season"] == season) & castaways["finalist"]]
        last = max(o for o, c in order.items() if c not in set(finalists["castaway_id"]))
        rows = run(graph, "boot_order", season=season, position=1, from_end=True).rows
        assert [r["castaway_id"] for r in rows] == [order[last]]
        assert [r["castaway_id"] for r in run(graph, "boot_order", season=season, after=order[4]).rows] == [order[5]]
        assert [r["castaway_id"] for r in run(graph, "boot_order", season=season, before=order[4]).rows] == [order[3]]
    assert run(graph, "boot_order", season=8, position=1, from_end=True).rows[0]["player"] == "Jenna Lewis"
    for season in (4, 37, 6):
        ind = wins[(wins["season"] == season) & (wins["won_individual_immunity"] == 1)].sort_values(
            ["episode", "challenge_id"])
        first = run(graph, "season_challenge_winners", season=season, pick="first").rows
        last = run(graph, "season_challenge_winners", season=season, pick="last").rows
        assert [r["castaway_id"] for r in first] == list(ind[ind["challenge_id"] == ind["challenge_id"].iloc[0]]
                                                         ["castaway_id"])
        assert [r["castaway_id"] for r in last] == list(ind[ind["challenge_id"] == ind["challenge_id"].iloc[-1]]
                                                        ["castaway_id"])
        episode = int(ind["episode"].iloc[0])
        rows = run(graph, "season_challenge_winners", season=season, episode=episode).rows
        assert {r["castaway_id"] for r in rows} == set(ind[ind["episode"] == episode]["castaway_id"])
        [events] = run(graph, "episode_events", season=season, episode=episode, about="immunity").rows
        assert events["left_the_game"] == [] and events["individual_reward"] == [] and events["individual_immunity"]
    for a, b in (("US0438", "US0439"), (SANDRA, "US0197")):
        mine = votes[(votes["castaway_id"] == a) & (votes["vote_id"] == b)]
        rows = run(graph, "head_to_head_votes", castaway_id=a, other_castaway_id=b, one_way=True).rows
        voted = [r for r in rows if r["voter"] is not None]
        assert len(voted) == len(mine) and all(r["n_votes"] == len(mine) for r in rows)
    [tribe] = run(graph, "tribe_members", season=24, castaway_id="US0367", phase="original").rows
    assert tribe["tribe"] == castaways[(castaways["season"] == 24) & (castaways["castaway_id"] == "US0367")][
        "original_tribe"].iloc[0]
    mapping = survivor.table("tribe_mapping")
    merged = set(mapping[(mapping["season"] == 26) & (mapping["tribe_status"] == "Merged")]["castaway_id"])
    bikal = set(mapping[(mapping["season"] == 26) & (mapping["tribe"] == "Bikal")
                        & (mapping["tribe_status"] == "Original")]["castaway_id"])
    missed = run(graph, "tribe_members", season=26, tribe="Bikal", phase="original", made_merge=False).rows
    assert {r["castaway_id"] for r in missed} == bikal - merged and missed
    [career] = run(graph, "player_career", castaway_id=ROB, season=20).rows
    assert (career["season"], career["seasons_played"]) == (20, 5)
    s35 = castaways[(castaways["season"] == 35) & castaways["winner"]].iloc[0]
    assert run(graph, "season_winner", season=35).rows[0]["age"] == s35["age"]
    summary = survivor.table("season_summary").set_index("season")
    votes_for = jury.groupby(["season", "finalist_id"]).size()
    winners = castaways[castaways["winner"]].set_index("season")["castaway_id"]
    unanimous = sorted(s for s in range(1, 50) if votes_for[(s, winners[s])] == summary.loc[s, "n_jury"])
    rows = run(graph, "winners_with_jury_votes", unanimous=True).rows
    assert [r["season"] for r in rows] == unanimous and {r["n_seasons"] for r in rows} == {len(unanimous)}
    fewest = run(graph, "winners_with_jury_votes", order="fewest").rows
    assert [r["jury_votes"] for r in fewest] == sorted(votes_for[(s, winners[s])] for s in range(1, 50))
    medevacs = castaways[castaways["result"] == "Medically evacuated"]
    assert {r["n_exits"] for r in run(graph, "exits_by_type", exit_type="medevac").rows} == {len(medevacs)}
    none = run(graph, "seasons_with_exit_type", exit_type="medevac", absent=True).rows
    assert [r["season"] for r in none] == [s for s in range(1, 50) if s not in MEDEVAC_SEASONS]
    assert {r["n_jurors"] for r in run(graph, "season_jury", season=42).rows} == {
        int(castaways[(castaways["season"] == 42) & castaways["jury"]].shape[0])}
    counts = seasons_played(castaways)
    idols = run(graph, "advantages_found_ranking", advantage_type="Hidden Immunity Idol", min_seasons=3).rows
    assert idols and all(r["seasons_played"] == counts[r["castaway_id"]] >= 3 for r in idols)
    assert idols[0]["player"] == "Russell Hantz"
    received = votes.groupby("vote_id").size()
    leaders = run(graph, "most_votes_received", leaders_only=True).rows
    assert {r["castaway_id"] for r in leaders} == set(received[received == received.max()].index)


@covers("season_timeline")
def test_season_timeline(graph, castaways, survivor):
    episodes = survivor.table("episodes")
    mapping = survivor.table("tribe_mapping")
    for season in (1, 2, 28, 40, 45):
        rows = run(graph, "season_timeline", season=season).rows
        aired = episodes[(episodes["version"] == "US") & (episodes["season"] == season)]
        assert [r["episode"] for r in rows] == sorted(int(e) for e in aired["episode"]), season
        for row in rows:
            gone = castaways[(castaways["season"] == season) & (castaways["episode"] == row["episode"])
                             & ~castaways["result"].isin(["Sole Survivor", "Runner-up", "2nd runner-up"])]
            assert sorted(row["left_castaway_ids"]) == sorted(gone["castaway_id"]), (season, row["episode"])
        merged = mapping[(mapping["version"] == "US") & (mapping["season"] == season)
                         & (mapping["tribe_status"] == "Merged")]
        merge_rows = [r["episode"] for r in rows if any(t.endswith("(merged)") for t in r["tribes_formed"])]
        assert merge_rows == [int(merged["episode"].min())], season
        assert [r["label"] for r in rows].count("Finale") == 1


@covers("most_votes_cast")
def test_most_votes_cast(graph, votes):
    by_voter = votes.groupby("castaway_id").size()
    ranking_matches(run(graph, "most_votes_cast").rows, by_voter, "votes_cast")
    s40 = votes[votes["season"] == 40]
    ranking_matches(run(graph, "most_votes_cast", season=40).rows, s40.groupby("castaway_id").size(), "votes_cast")


@covers("finalist_appearances")
def test_finalist_appearances(graph, castaways):
    finals = castaways[castaways["finalist"] == True]  # noqa: E712
    per_person = finals.groupby("castaway_id").agg(finals=("season", "size"), wins=("winner", "sum"))
    twice = per_person[per_person["finals"] >= 2]
    rows = run(graph, "finalist_appearances").rows
    assert {r["castaway_id"]: (r["finals"], r["wins"]) for r in rows} == {
        cid: (int(f), int(w)) for cid, f, w in twice[["finals", "wins"]].itertuples()}
    never = run(graph, "finalist_appearances", won=False).rows
    assert {r["castaway_id"] for r in never} == set(twice[twice["wins"] == 0].index)
    assert {r["n_players"] for r in never} == {len(never)}


@covers("winners_returned")
def test_winners_returned(graph, castaways):
    first_win = castaways[castaways["winner"] == True].groupby("castaway_id")["season"].min()  # noqa: E712
    last_played = castaways.groupby("castaway_id")["season"].max()
    came_back = {cid for cid, won in first_win.items() if last_played[cid] > won}
    rows = run(graph, "winners_returned").rows
    assert len(rows) == len(first_win) and {r["castaway_id"] for r in rows if r["returned"]} == came_back
    never = run(graph, "winners_returned", returned=False).rows
    assert {r["castaway_id"] for r in never} == set(first_win.index) - came_back
    assert {r["n_players"] for r in never} == {len(never)}


def test_players_with_exactly_n_seasons(graph, castaways):
    counts = seasons_played(castaways)
    rows = run(graph, "players_with_min_seasons", min_seasons=2, max_seasons=2, limit=1000).rows
    assert {r["castaway_id"] for r in rows} == set(counts[counts == 2].index)
    assert {r["n_players"] for r in rows} == {(counts == 2).sum()}


# -- side games: sit-outs, duels, journeys, the auction --------------------------------------------------
@covers("episode_confessionals")
def test_episode_confessionals(graph, survivor, castaways):
    confessionals = survivor.table("confessionals")
    cast = castaways
    for season in (31, 38):
        mine = confessionals[(confessionals["season"] == season) & (confessionals["version"] == "US")]
        totals = mine.groupby("episode")["confessional_count"].sum()
        rows = run(graph, "episode_confessionals", season=season).rows
        assert {r["episode"]: r["confessionals"] for r in rows if r["confessionals"]} == {
            int(e): int(n) for e, n in totals.items() if n}
        gone = cast[(cast["season"] == season) & cast["episode"].notna() & ~cast["result"].isin(
            ["Sole Survivor", "Runner-up", "2nd runner-up", "Co-runner-up"])]
        for r in rows:
            assert sorted(r["left_the_game"]) == sorted(gone[gone["episode"] == r["episode"]]["full_name"])


@covers("castaway_scores")
def test_castaway_scores(graph, survivor):
    scores = survivor.table("castaway_scores")
    us = scores[scores["version"] == "US"].drop_duplicates(["season", "castaway_id"])
    for season in (25, 48):
        mine = us[us["season"] == season].set_index("castaway_id")
        rows = run(graph, "castaway_scores", season=season).rows
        assert {r["castaway_id"] for r in rows} == set(mine.index)
        for r in rows:
            truth = mine.loc[r["castaway_id"]]
            assert r["challenge_threat_band"] == truth["threat_challenge_cat"]
            assert r["strategic_threat_band"] == truth["threat_strategic_cat"]
            assert r["score_outplay"] == pytest.approx(truth["score_outplay"], abs=1e-4)
            assert r["strategic_threat"] == pytest.approx(truth["threat_strategic"], abs=1e-4)
        assert [r["score_overall"] for r in rows] == sorted((r["score_overall"] for r in rows), reverse=True)
    everyone = run(graph, "castaway_scores").rows
    assert {r["castaway_id"] for r in everyone if r["challenge_threat_band"] == "Top 1%"} == set(
        us[us["threat_challenge_cat"] == "Top 1%"]["castaway_id"])
    artis = run(graph, "castaway_scores", castaway_id="US0380").rows
    assert [(r["player"], r["season"]) for r in artis] == [("Artis Silvester", 25)]


@covers("challenge_wins_ranking")
def test_challenge_wins_ranking(graph, survivor):
    """Against survivoR's own challenge_summary ("All": every challenge someone was on the winning side of;
    "Individual" and "Duel": the ones won alone)."""
    summary = survivor.table("challenge_summary")
    every = summary[(summary["category"] == "All") & (summary["version"] == "US")]
    individual = summary[summary["category"].isin(["Individual", "Duel"]) & (summary["version"] == "US")]
    for season in (19, 47, 22):
        truth = pd.to_numeric(every[every["season"] == season]["won"]).groupby(every["castaway_id"]).sum()
        mine = individual[individual["season"] == season]
        alone = pd.to_numeric(mine["won"]).groupby(mine["castaway_id"]).sum()
        rows = run(graph, "challenge_wins_ranking", season=season).rows
        assert {r["castaway_id"]: r["wins"] for r in rows} == truth.astype(int).to_dict()
        won_alone = {r["castaway_id"]: r["individual_wins"] for r in rows if r["individual_wins"]}
        assert won_alone == alone[alone > 0].astype(int).to_dict()
        ranking_matches(rows, truth, "wins")
    rachel = run(graph, "challenge_wins_ranking", season=47, castaway_id="US0707").rows
    assert [r["player"] for r in rachel] == ["Rachel LaMont"] and rachel[0]["wins"] == rachel[0]["individual_wins"] \
        + rachel[0]["tribe_wins"]
    results = survivor.table("challenge_results")
    s19 = results[(results["season"] == 19) & (results["version"] == "US")]
    immunity = s19[s19["challenge_type"].str.contains("Immunity")]
    truth = immunity[immunity["won"] == 1].groupby("castaway_id").size()
    rows = run(graph, "challenge_wins_ranking", season=19, kind="immunity").rows
    assert {r["castaway_id"]: r["wins"] for r in rows if r["wins"]} == truth.to_dict()


@covers("challenge_sit_outs")
def test_challenge_sit_outs(graph, survivor):
    results = survivor.table("challenge_results")
    sat = results[(results["sit_out"] == True) & (results["version"] == "US")]  # noqa: E712
    for season in (41, 10, 20):
        truth = sat[sat["season"] == season].groupby("castaway_id").size()
        rows = run(graph, "challenge_sit_outs", season=season).rows
        assert {r["castaway_id"]: r["sat_out"] for r in rows} == truth.to_dict()
        ranking_matches(rows, truth, "sat_out")
    heather = run(graph, "challenge_sit_outs", castaway_id="US0593").rows
    assert [(r["player"], r["sat_out"]) for r in heather] == [("Heather Aldret", 5)]
    assert heather[0]["episodes"] == sorted(sat[sat["castaway_id"] == "US0593"]["episode"].astype(int))


@covers("duels")
def test_duels(graph, survivor, castaways):
    results = survivor.table("challenge_results")
    duels = results[(results["challenge_type"] == "Duel") & (results["version"] == "US")]
    assert sorted(duels["season"].astype(int).unique()) == [22, 23, 27, 38, 40]
    for season in (22, 27, 40):
        mine = duels[duels["season"] == season]
        rows = run(graph, "duels", season=season).rows
        fought = mine.groupby("castaway_id")["challenge_id"].nunique()
        won = mine[mine["won_duel"] == 1].groupby("castaway_id").size().reindex(fought.index, fill_value=0)
        assert {r["castaway_id"]: (r["duels"], r["wins"], r["losses"]) for r in rows} == {
            cid: (fought[cid], won[cid], fought[cid] - won[cid]) for cid in fought.index}
        ranking_matches(rows, won, "wins")
    mapping = survivor.table("tribe_mapping")
    for arena, status in (("redemption_island", "Redemption Island"), ("edge_of_extinction", "Edge of Extinction")):
        seasons = set(mapping[mapping["tribe_status"] == status]["season"].astype(int))
        assert {r["season"] for r in run(graph, "duels", arena=arena).rows} == seasons & {22, 23, 27, 38, 40}
    christine = run(graph, "duels", castaway_id="US0339").rows[0]  # South Pacific: everyone in her duels
    hers = duels[duels["castaway_id"] == "US0339"]
    others = duels[duels["challenge_id"].isin(hers["challenge_id"]) & (duels["season"] == 23)
                   & (duels["castaway_id"] != "US0339")]
    assert sorted(christine["faced"]) == sorted(name_of(castaways, 23, c) for c in others["castaway_id"].unique())


@covers("journeys")
def test_journeys(graph, survivor, castaways):
    journeys = survivor.table("journeys")
    journeys = journeys[journeys["version"] == "US"]
    for season in (42, 44, 47):
        mine = journeys[journeys["season"] == season]
        rows = run(graph, "journeys", season=season).rows
        assert sorted((r["episode"], r["castaway_id"]) for r in rows) == sorted(
            zip(mine["episode"].astype(int), mine["castaway_id"]))
        assert {r["castaway_id"] for r in rows if r["lost_vote"]} == set(mine[mine["lost_vote"] == True]["castaway_id"])  # noqa: E712
    carson = run(graph, "journeys", castaway_id="US0659").rows  # season 44: who went with him
    trip = journeys[(journeys["season"] == 44) & (journeys["sog_id"] == journeys[journeys["castaway_id"] == "US0659"]
                                                   ["sog_id"].iloc[0])]
    assert sorted(carson[0]["went_with"]) == sorted(name_of(castaways, 44, c) for c in trip["castaway_id"]
                                                    if c != "US0659")


@covers("auction")
def test_auction(graph, survivor):
    money = survivor.table("survivor_auction")
    items = survivor.table("auction_details")
    assert sorted({r["season"] for r in run(graph, "auction").rows}) == sorted(money["season"].astype(int).unique())
    for season in (26, 45, 10):
        present = money[money["season"] == season]
        bought = items[(items["season"] == season) & items["castaway_id"].notna()]
        rows = run(graph, "auction", season=season).rows
        assert {r["castaway_id"]: r["money"] for r in rows} == dict(zip(present["castaway_id"], present["total"]))
        spent = bought.groupby("castaway_id")["cost"].sum().reindex(present["castaway_id"], fill_value=0)
        assert {r["castaway_id"]: r["spent"] for r in rows} == spent.astype(int).to_dict()
        assert {r["castaway_id"] for r in rows if r["items"] == 0} == set(present["castaway_id"]) - set(
            bought["castaway_id"])
        # the money left after one's last purchase (survivoR's money_remaining), all of it for those who bought nothing
        last = bought.sort_values("item").drop_duplicates("castaway_id", keep="last").set_index("castaway_id")
        left = {cid: (int(last.loc[cid, "money_remaining"]) if cid in last.index else int(total))
                for cid, total in zip(present["castaway_id"], present["total"])}
        assert {r["castaway_id"]: r["money_left"] for r in rows} == left
    dawn = run(graph, "auction", season=26, castaway_id="US0346").rows
    assert [r["bought"] for r in dawn] == [["Roasted Chicken"]]


@covers("season_totals")
def test_season_totals(graph, survivor, wins):
    rows = {r["season"]: r for r in run(graph, "season_totals").rows}
    immunity = wins[wins["won_individual_immunity"] == 1].groupby("season")["challenge_id"].nunique()
    assert {s: r["individual_immunity_challenges"] for s, r in rows.items() if r["individual_immunity_challenges"]} \
        == immunity.to_dict()
    confessionals = survivor.table("confessionals").groupby("season")["confessional_count"].sum()
    assert {s: r["confessionals"] for s, r in rows.items() if r["confessionals"]} == confessionals.astype(int).to_dict()
    cast = survivor.table("castaways")
    ages = cast[cast["version"] == "US"].groupby("season")["age"].mean()
    assert all(rows[int(s)]["average_age"] == pytest.approx(age, abs=0.051) for s, age in ages.items())
    moves = survivor.table("advantage_movement").merge(
        survivor.table("advantage_details")[["version_season", "advantage_id", "advantage_type"]],
        on=["version_season", "advantage_id"])
    played = moves[moves["event"].str.startswith("Played", na=False)
                   & moves["advantage_type"].str.lower().str.contains("hidden immunity idol")]
    holders = played.assign(n=played["castaway_id"].str.count(",") + 1).groupby("season")["n"].sum()
    assert {s: r["idols_played"] for s, r in rows.items() if r["idols_played"]} == holders.astype(int).to_dict()
    tribals = survivor.table("vote_history").drop_duplicates(["season", "episode", "order"]).groupby("season").size()
    assert {s: r["tribal_councils"] for s, r in rows.items()} == tribals.to_dict()
    # who won them: the most by one person, and the wins by women and by men
    won = wins[wins["won_individual_immunity"] == 1].drop_duplicates(["season", "challenge_id", "castaway_id"])
    per_person = won.groupby(["season", "castaway_id"]).size()
    assert {s: r["most_immunity_wins_by_one"] for s, r in rows.items() if r["individual_immunity_challenges"]} == \
        per_person.groupby(level="season").max().to_dict()
    genders = survivor.table("castaway_details").drop_duplicates("castaway_id").set_index("castaway_id")["gender"]
    by_women = won[won["castaway_id"].map(genders) == "Female"].groupby("season").size()
    assert {s for s, r in rows.items() if r["immunity_wins_by_women"]} == set(by_women.index)
    assert all(rows[s]["immunity_wins_by_women"] == n for s, n in by_women.items())
    assert [s for s, r in rows.items() if r["immunity_wins_by_women"] == 0] == [2, 13, 33]


@covers("confessional_leaders", "most_votes_cast")
def test_single_season_records(graph, survivor, votes):
    conf = survivor.table("confessionals").groupby(["season", "castaway_id"])["confessional_count"].sum()
    [top] = run(graph, "confessional_leaders", per_season=True, limit=1).rows
    assert (top["seasons"], top["castaway_id"], top["confessionals"]) == ([conf.idxmax()[0]], conf.idxmax()[1],
                                                                          conf.max())
    cast = votes.groupby(["season", "castaway_id"]).size()
    [top] = run(graph, "most_votes_cast", per_season=True, limit=1).rows
    assert (top["castaway_id"], top["votes_cast"]) == (cast.idxmax()[1], cast.max())


@covers("episodes_by_label")
def test_recap_and_reunion_episodes_per_season(graph, survivor):
    episodes = survivor.table("episodes")
    for label in ("Recap", "Reunion"):
        labelled = episodes[episodes["episode_label"] == label]
        rows = run(graph, "episodes_by_label", label=label).rows
        assert {r["season"]: r["n_episodes"] for r in rows if r["n_episodes"]} == \
            labelled.groupby("season").size().astype(int).to_dict()
        assert len(rows) == episodes["season"].nunique()
    (gabon,) = run(graph, "episodes_by_label", label="Recap", season=17).rows
    recap = episodes[(episodes["season"] == 17) & (episodes["episode_label"] == "Recap")].iloc[0]
    assert (gabon["episodes"], gabon["titles"]) == ([recap["episode"]], [recap["episode_title"]])
    assert run(graph, "episodes_by_label", label="Recap", season=40).rows[0]["n_episodes"] == 0


@covers("arena_stays")
def test_who_was_sent_to_an_arena_and_who_came_back(graph, survivor):
    """Everyone on Redemption Island or the Edge (tribe_mapping), and who was on a game tribe after arriving."""
    mapping = survivor.table("tribe_mapping")
    arenas = mapping[mapping["tribe_status"].isin(["Redemption Island", "Edge of Extinction"])]
    rows = run(graph, "arena_stays").rows
    assert Counter(r["season"] for r in rows) == Counter(
        int(s) for s, _ in arenas.drop_duplicates(["season", "castaway_id"])[["season", "castaway_id"]].values)
    back = sorted((r["season"], r["player"]) for r in rows if r["returned"] and r["season"] in (22, 23, 38))
    assert back == [(22, "Andrea Boehlke"), (22, "Matt Elrod"), (23, "Oscar Lusth"), (38, "Chris Underwood"),
                    (38, "Rick Devens")]
    first = arenas.sort_values("episode").drop_duplicates(["season", "castaway_id"])
    arrived = {(int(s), c): int(e) for s, c, e in first[["season", "castaway_id", "episode"]].values}
    assert all(r["arrived_episode"] == arrived[(r["season"], r["castaway_id"])] for r in rows)
    assert {r["arena"] for r in run(graph, "arena_stays", arena="edge_of_extinction").rows} == {"edge_of_extinction"}


@covers("confessionals_by_episode")
def test_a_persons_confessionals_episode_by_episode(graph, survivor):
    conf = survivor.table("confessionals")
    mine = conf[(conf["castaway_id"] == "US0352") & (conf["season"] == 23)].sort_values("episode")
    rows = run(graph, "confessionals_by_episode", castaway_id="US0352").rows
    assert [(r["episode"], r["confessionals"]) for r in rows] == [
        (int(e), int(c)) for e, c in zip(mine["episode"], mine["confessional_count"])]
    assert next(r["episode"] for r in rows if r["confessionals"]) == 5
    assert {r["season"] for r in run(graph, "confessionals_by_episode", castaway_id=SANDRA, season=20).rows} == {20}
    premiere = conf[(conf["season"] == 38) & (conf["episode"] == 1)]
    rows = run(graph, "confessionals_by_episode", season=38, episode=1).rows
    assert {r["castaway_id"]: r["confessionals"] for r in rows} == dict(zip(premiere["castaway_id"],
                                                                             premiere["confessional_count"]))


@covers("auction_items")
def test_the_items_of_an_auction_in_order(graph, survivor):
    items = survivor.table("auction_details")
    items = items[items["castaway_id"].notna()]
    for season in (2, 26, 47):
        mine = items[items["season"] == season].sort_values(["item", "castaway_id"])
        rows = run(graph, "auction_items", season=season).rows
        assert [(r["item_order"], r["item"], r["cost"]) for r in rows] == [
            (int(i), d, None if pd.isna(c) else int(c)) for i, d, c in zip(mine["item"], mine["item_description"],
                                                                          mine["cost"])]
    assert run(graph, "auction_items", season=26).rows[0]["player"] == "Malcolm Freberg"
    offered = items[items["alternative_offered"] == True]  # noqa: E712
    rows = [r for r in run(graph, "auction_items").rows if r["offered_instead"]]
    assert sorted((r["castaway_id"], r["other_item"]) for r in rows) == sorted(
        zip(offered["castaway_id"], offered["other_item"]))
    covered = items[(items["season"] == 25) & (items["covered"] == True)]  # noqa: E712
    assert sum(bool(r["covered"]) for r in run(graph, "auction_items", season=25).rows) == len(covered)


def test_buff_colours_scores_and_advantage_episodes_come_from_survivor(graph, survivor):
    """The tribe_members, season_cast and season_finalists columns the graph gained: a buff's colour name (and the
    hex code), the castaway score and the episodes a castaway held an advantage (advantage_timeline)."""
    from ingest.colours import colour_name

    assert (colour_name("#2150FF"), colour_name("#FFEB00"), colour_name("#000000"), colour_name("#BEBEBE"),
            colour_name("x")) == ("blue", "yellow", "black", "grey", None)
    colours = survivor.table("tribe_colours")
    rows = run(graph, "tribe_members", season=25, phase="original").rows
    hexes = dict(zip(colours[colours["season"] == 25]["tribe"], colours[colours["season"] == 25]["tribe_colour"]))
    assert all(r["colour_hex"] == hexes[r["tribe"]] and r["buff_colour"] == colour_name(hexes[r["tribe"]])
               for r in rows)
    assert {r["buff_colour"] for r in rows if r["tribe"] == "Matsing"} == {"blue"}
    scores = survivor.table("castaway_scores")
    fiji = scores[scores["season"] == 14].set_index("castaway_id")["score_overall"]
    cast = run(graph, "season_cast", season=14).rows
    assert {r["castaway_id"]: r["score_overall"] for r in cast} == pytest.approx(fiji.round(4).to_dict())
    timeline = survivor.table("advantage_timeline")
    held = timeline[(timeline["season"] == 41) & (timeline["holding"] == 1)].drop_duplicates(
        ["castaway_id", "episode"]).groupby("castaway_id").size()
    s41 = run(graph, "season_cast", season=41).rows
    assert {r["castaway_id"]: r["advantage_episodes"] for r in s41 if r["advantage_episodes"]} == held.to_dict()
    assert max(s41, key=lambda r: r["advantage_episodes"])["player"] == "Xander Hastings"
    finalists = {r["castaway_id"]: r["advantage_episodes"] for r in run(graph, "season_finalists", season=41).rows}
    assert finalists == {cid: int(held.get(cid, 0)) for cid in finalists} and sorted(finalists.values())[0] == 0


@covers("tribal_event_players")
def test_the_people_a_tribal_twist_applied_to(graph, survivor):
    vh = survivor.table("vote_history")
    shots = vh[vh["vote_event"].fillna("").str.contains("shot in the dark", case=False)].drop_duplicates(
        ["season", "episode", "order", "castaway_id"])
    rows = run(graph, "tribal_event_players", event="shot in the dark").rows
    assert len(rows) == len(shots) and Counter(r["castaway_id"] for r in rows) == Counter(shots["castaway_id"])
    safe = run(graph, "tribal_event_players", event="shot in the dark", outcome="Safe").rows
    assert [r["castaway_id"] for r in safe] == shots[shots["vote_event_outcome"] == "Safe"].sort_values(
        ["season", "episode", "order"])["castaway_id"].tolist() and safe[0]["player"] == "Jaime Lynn Ruiz"


@covers("challenge_counts_by_season", "episode_overall")
def test_challenges_per_season_and_an_episode_across_the_show(graph, survivor):
    """Every season is counted, 0 included, from challenge_description's feature flags; an episode's number
    across the show is survivoR's episode_number_overall."""
    desc = survivor.table("challenge_description").drop_duplicates(["version_season", "challenge_id"])
    results = survivor.table("challenge_results")
    run_ids = set(zip(results["season"].astype(int), results["challenge_id"].astype(int)))
    ran = desc[[(int(s), int(c)) in run_ids for s, c in zip(desc["season"], desc["challenge_id"])]]
    blind = ran[ran["obstacle_blindfolded"].eq(True)].groupby("season").size()
    rows = run(graph, "challenge_counts_by_season", feature="obstacle_blindfolded").rows
    assert {r["season"]: r["challenges"] for r in rows if r["challenges"]} == {int(s): int(n) for s, n in blind.items()}
    assert len(rows) == survivor.table("season_summary")["season"].nunique() and {r["challenges"] for r in rows} >= {0}
    episodes = survivor.table("episodes")
    for overall in (100, 400):
        row = episodes[episodes["episode_number_overall"] == overall].iloc[0]
        (found,) = run(graph, "episode_overall", overall=overall).rows
        assert (found["season"], found["episode"], found["title"]) == (row["season"], row["episode"],
                                                                      row["episode_title"])
        boots = survivor.table("castaways")
        left = boots[(boots["season"] == row["season"]) & (boots["episode"] == row["episode"])]
        assert found["left_game"] == left["full_name"].tolist() and len(found["left_game"]) == 1
