"""The survivoR graph in the real embedded FalkorDB: counts the data implies, spot checks, safety of loads."""

from dataclasses import replace
from pathlib import Path

import pytest

from ingest.graph_loader import load_graph
from survivorgraph.errors import ConfigError, LoadError, NotLoadedError, QueryError, QueryTimeoutError
from survivorgraph.graph import open_graph_store
from tests.conftest import make_settings


def counts(graph):
    return {**graph.label_counts(), **graph.relationship_counts()}


def test_counts_the_data_implies(graph, load_report):
    nodes = graph.label_counts()
    assert nodes["Season"] == 49
    assert nodes["Player"] == 751
    assert nodes["PlayerSeason"] == 893
    assert nodes["Episode"] == 714
    rels = graph.relationship_counts()
    assert rels["PLAYED_IN"] == 893 and rels["IN_SEASON"] == 893
    assert rels["JURY_VOTE_FOR"] == 411
    assert rels["HAS_EPISODE"] == 714
    # every elimination that is not a win or a final-tribal loss is an ELIMINATED edge
    assert rels["ELIMINATED"] == 893 - 49 - 83
    assert load_report.nodes["Player"] == 751 and "Season" in load_report.as_text()


def test_side_games_counts_the_data_implies(graph, settings):
    """Challenges with everyone in them (sit-outs, duels), journeys and the auction: one node or edge a row."""
    from ingest.survivor_data import open_survivor_data

    data = open_survivor_data(settings)
    results, journeys = data.table("challenge_results"), data.table("journeys")
    money, items = data.table("survivor_auction"), data.table("auction_details")
    nodes, rels = graph.label_counts(), graph.relationship_counts()
    challenges = results.drop_duplicates(["version_season", "challenge_id"])
    assert nodes["Challenge"] == rels["HAS_CHALLENGE"] == len(challenges)
    assert rels["IN_CHALLENGE"] == len(results)
    assert nodes["Journey"] == rels["HAS_JOURNEY"] == len(journeys.drop_duplicates(["version_season", "sog_id"]))
    assert rels["WENT_ON_JOURNEY"] == len(journeys)
    assert nodes["Auction"] == rels["HAS_AUCTION"] == money["version_season"].nunique()
    assert rels["AT_AUCTION"] == len(money)
    assert rels["BOUGHT"] == items["castaway_id"].notna().sum()  # season 5's tribe purchases name no one
    sat = graph.query("MATCH (ps:PlayerSeason)-[r:IN_CHALLENGE {sat_out: true}]->(:Challenge) "
                      "RETURN count(r) AS n").single()
    assert sat == (results["sit_out"] == True).sum()  # noqa: E712


def test_season_45_winner_and_jury(graph):
    winner = graph.query("MATCH (ps:PlayerSeason {winner: true})-[:IN_SEASON]->(:Season {number: 45}) "
                         "RETURN ps.name AS name").single()
    assert winner == "Dee Valladares"
    jury = graph.query("MATCH (j:PlayerSeason)-[:JURY_VOTE_FOR]->(:PlayerSeason)-[:IN_SEASON]->(:Season {number: 45}) "
                       "RETURN DISTINCT j.name AS name").values()
    assert sorted(jury) == sorted(["Katurah Topps", "Julie Alley", "Drew Basile", "Emily Flippen", "Bruce Perreault",
                                   "Kendra McQuarrie", "Kellie Nalbandian", "Kaleb Gebrewold"])
    votes = graph.query("MATCH (:PlayerSeason)-[v:JURY_VOTE_FOR]->(f:PlayerSeason {winner: true})-[:IN_SEASON]->"
                        "(:Season {number: 45}) RETURN count(v) AS n").single()
    assert votes == 5


def test_rob_mariano_is_one_person_with_five_seasons(graph):
    result = graph.query("MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason) WHERE 'Boston Rob' IN p.aliases "
                         "RETURN p.castaway_id AS id, collect(ps.season) AS seasons")
    assert result.rows == [{"id": "US0055", "seasons": result.rows[0]["seasons"]}]
    assert sorted(result.rows[0]["seasons"]) == [4, 8, 20, 22, 40]


def test_name_changes_are_one_person(graph):
    names = graph.query("MATCH (p:Player {castaway_id: 'US0027'})-[:PLAYED_IN]->(ps) "
                        "RETURN ps.season AS s, ps.name AS n ORDER BY s").rows
    assert [(r["s"], r["n"]) for r in names] == [(2, "Amber Brkich"), (8, "Amber Brkich"), (40, "Amber Mariano")]
    three_plus = graph.query("MATCH (p:Player)-[:PLAYED_IN]->(ps) WITH p, count(ps) AS n WHERE n >= 3 "
                             "RETURN count(p) AS people").single()
    assert three_plus == 30


def test_the_13_seasons_with_a_medevac(graph):
    seasons = graph.query("MATCH (ps:PlayerSeason {exit_type: 'medevac'}) "
                          "RETURN DISTINCT ps.season AS s ORDER BY s").values()
    assert seasons == [2, 12, 16, 18, 19, 24, 26, 32, 37, 42, 44, 46, 49]


def test_most_individual_immunity_wins(graph):
    top = graph.query("MATCH (:Episode)-[w:IMMUNITY_WON_BY {scope: 'individual'}]->(:PlayerSeason)<-[:PLAYED_IN]-"
                      "(p:Player) RETURN p.name AS name, count(w) AS wins ORDER BY wins DESC LIMIT 1").rows
    assert top == [{"name": "Rob Mariano", "wins": 9}]


def test_votes_and_tribal_councils(graph):
    # Michael Skupin fell into the fire in Outback episode 6: an ELIMINATED edge with exit_type medevac.
    skupin = graph.query("MATCH (e:Episode)-[x:ELIMINATED]->(ps:PlayerSeason {castaway_id: 'US0022'}) "
                         "RETURN e.season AS s, x.exit_type AS t").rows
    assert skupin == [{"s": 2, "t": "medevac"}]
    tribal = graph.query("MATCH (e:Episode {season: 1, number: 1})-[:HAS_TRIBAL]->(t:TribalCouncil)"
                         "-[:VOTED_OUT]->(ps) RETURN ps.name AS name").values()
    assert tribal == ["Sonja Christopher"]
    voters = graph.query("MATCH (v:PlayerSeason)-[c:CAST_VOTE]->(:PlayerSeason {name: 'Sonja Christopher', season: 1}) "
                         "RETURN count(c) AS n").single()
    assert voters == 4


def test_every_entity_has_provenance(graph):
    missing = graph.query("MATCH (n) WHERE n.source_table IS NULL OR n.source_key IS NULL "
                          "OR n.dataset_version IS NULL RETURN count(n) AS n").single()
    assert missing == 0
    missing_rels = graph.query("MATCH ()-[r]->() WHERE r.source_table IS NULL OR r.dataset_version IS NULL "
                               "RETURN count(r) AS n").single()
    assert missing_rels == 0


def test_second_load_changes_no_counts(embedded_servers, graph):
    before = counts(graph)
    load_graph(embedded_servers)
    assert counts(graph) == before


def test_failed_load_leaves_the_previous_graph(embedded_servers, graph):
    before = counts(graph)
    with pytest.raises(LoadError, match="previous graph is unchanged"):
        load_graph(embedded_servers, fail_after="CAST_VOTE")
    assert counts(graph) == before
    staging = [g for g in graph._redis().execute_command("GRAPH.LIST") if "staging" in g]
    assert staging == [], "the half-built staging graph is dropped"


@pytest.mark.parametrize("scope", ["US:60-61", "XX:1-2"])
def test_a_scope_that_selects_no_season_refuses_and_leaves_the_graph(embedded_servers, graph, scope):
    before = counts(graph)
    with pytest.raises(ConfigError, match="selects no season"):
        load_graph(replace(embedded_servers, seasons=scope))
    assert counts(graph) == before


def test_seasons_without_advantages_build():
    from ingest.graph_model import _juror_number, build_graph
    from ingest.survivor_data import open_survivor_data

    early = build_graph(open_survivor_data(make_settings(Path("/nonexistent-state")), "US:1"))
    assert "Advantage" not in early.nodes and len(early.nodes["Season"].rows) == 1  # advantages began in US11
    # AU08's 'Removed from jury' has no number (it raised ValueError)
    assert [_juror_number(w) for w in ("3rd", "Removed", None)] == [3, None, None]


def test_a_value_the_model_does_not_map_is_a_load_error_and_leaves_the_graph(embedded_servers, graph):
    before = counts(graph)
    with pytest.raises(LoadError, match="does not map yet.*previous graph is unchanged"):
        load_graph(replace(embedded_servers, seasons="AU:1-12"))  # AU has a 'Redemption Rock' tribe status
    assert counts(graph) == before


def test_reads_cannot_write(graph):
    with pytest.raises(QueryError):
        graph.query("CREATE (:Intruder)")
    assert graph.query("MATCH (n:Intruder) RETURN count(n) AS n").single() == 0


def test_runaway_query_times_out_and_the_server_stays_usable(graph):
    with pytest.raises(QueryTimeoutError):
        graph.query("MATCH (a:PlayerSeason), (b:PlayerSeason), (c:PlayerSeason) RETURN count(*) AS n",
                    timeout_ms=50)
    assert graph.query("MATCH (s:Season) RETURN count(s) AS n").single() == 49


def test_row_cap_truncates_and_says_so(graph):
    result = graph.query("MATCH (p:Player) RETURN p.name AS name", row_cap=10)
    assert len(result.rows) == 10 and result.truncated
    assert not graph.query("MATCH (s:Season) RETURN s.id AS id", row_cap=100).truncated


def test_validate_compiles_without_running(graph):
    graph.validate("MATCH (p:Player) RETURN p.name LIMIT 1")
    with pytest.raises(QueryError):
        graph.validate("MATCH (p:Player RETURN p")


def test_schema_is_discovered_from_the_live_graph(graph):
    schema = graph.schema()
    assert ("Player", "PLAYED_IN", "PlayerSeason") in schema.patterns
    assert ("PlayerSeason", "CAST_VOTE", "PlayerSeason") in schema.patterns
    assert "medevac" in schema.enum_values["PlayerSeason.exit_type"]
    assert "DatasetInfo" not in schema.node_properties
    text = schema.as_text()
    assert "(:Episode)-[:IMMUNITY_WON_BY" in text and "source_table" not in text


def test_an_empty_store_says_run_setup(tmp_path):
    settings = make_settings(tmp_path)
    store = open_graph_store(settings, start=True)
    try:
        with pytest.raises(NotLoadedError, match="make setup"):
            store.query("MATCH (n) RETURN n")
    finally:
        store.close()
        store.server.stop()


def test_other_scopes_load(tmp_path):
    settings = make_settings(tmp_path, seasons="US:50")
    try:
        report = load_graph(settings)
        assert report.nodes["Season"] == 1 and report.scope == "US:50"
        store = open_graph_store(settings)
        assert store.query("MATCH (ps:PlayerSeason {winner: true}) RETURN ps.name AS n").single() == "Aubry Bracco"
        store.close()
    finally:
        from survivorgraph.servers.falkordb_server import EmbeddedFalkorDB

        EmbeddedFalkorDB(settings.state_dir).stop()
