"""Generated Cypher checked against the live schema (discovered from the loaded graph) before it runs:
unknown names, wrong directions and impossible enum values come back with suggestions for repair."""

from __future__ import annotations

import pytest

from survivorgraph.cypher.schema_check import check_against_schema, describe_problems


@pytest.fixture(scope="module")
def schema(graph):
    return graph.schema()


CLEAN = [
    "MATCH (p:Player) RETURN p.name, p.castaway_id",
    "MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason)-[:IN_SEASON]->(s:Season {number: 45}) RETURN p.name",
    "MATCH (s:Season {number: 45})<-[:IN_SEASON]-(ps:PlayerSeason) WHERE ps.winner RETURN ps.name",
    "MATCH (t:Tribe)<-[:MEMBER_OF]-(ps:PlayerSeason)-[:IN_SEASON]->(s:Season) WHERE s.number = 41 RETURN t.name",
    "MATCH (ps:PlayerSeason)-[:IN_SEASON]-(s:Season) RETURN count(*)",                     # undirected is fine
    "MATCH (a:PlayerSeason)-[v:CAST_VOTE]->(b:PlayerSeason) WHERE v.season = 45 RETURN b.name, count(*) AS n",
    "MATCH (e:Episode)-[r:ELIMINATED]->(ps) WHERE r.exit_type = 'medevac' RETURN DISTINCT e.season",
    "MATCH (ps:PlayerSeason) WHERE ps.exit_type IN ['medevac', 'quit'] RETURN count(ps)",
    "MATCH (p:Player) WHERE p.gender = 'Female' RETURN count(p)",
    "MATCH (p:Player) WHERE p.name = 'Createdtribe' RETURN p {.name, .castaway_id}",      # literals are data
    "MATCH (p:Player)-[:PLAYED_IN]->(ps) WITH p AS player, count(ps) AS n RETURN player.name, n",
    "MATCH (p:Player) RETURN {season: 45, name: p.name} AS row",                          # map keys are not labels
    "MATCH (p:Player) RETURN p.source_table, p.dataset_version",                          # provenance is allowed
    "MATCH (e:Episode)-[r:IMMUNITY_WON_BY|REWARD_WON_BY]->(ps:PlayerSeason) RETURN count(r)",
    "MATCH (a:Player {castaway_id: 'US0055'}), (b:Season {number: 4}) RETURN a.name, b.name",
    "MATCH (p:Player)-[:PLAYED_IN*1..2]-(x) RETURN count(x)",
    "CALL db.labels() YIELD label RETURN label",
    "MATCH (s:Season) RETURN date.truncate('month', date(s.premiered)) AS m",
    "MATCH (p:Player) WHERE p:Player RETURN count(p)",
]


@pytest.mark.parametrize("query", CLEAN)
def test_correct_queries_raise_no_problem(schema, query):
    assert check_against_schema(query, schema) == []


PROBLEMS = [
    # (query, kind, fragments the message must contain, a suggestion that must be offered)
    ("MATCH (p:Players) RETURN p", "unknown_label", ["Unknown node label :Players"], "Player"),
    ("MATCH (p:player) RETURN p", "unknown_label", [":player"], "Player"),
    ("MATCH (p:Player) WHERE p:Seasn RETURN p", "unknown_label", [":Seasn"], "Season"),
    ("MATCH (p:Player)-[:PLAYED]->(ps) RETURN p", "unknown_relationship_type", [":PLAYED"], "PLAYED_IN"),
    ("MATCH (a:PlayerSeason)-[:VOTED_FOR]->(b) RETURN b", "unknown_relationship_type", [":VOTED_FOR"], None),
    ("MATCH (p:Player) WHERE p.season = 45 RETURN p.name", "unknown_property",
     ["Player has no property 'season'", "PlayerSeason", "(:Player)-[:PLAYED_IN]->(:PlayerSeason)"], None),
    ("MATCH (p:Player {id: 'US0001'}) RETURN p", "unknown_property", ["Player has no property 'id'"], "castaway_id"),
    ("MATCH (p:Player)-[:PLAYED_IN]->(ps) WHERE ps.exit_typ = 'quit' RETURN ps", "unknown_property",
     ["PlayerSeason has no property 'exit_typ'"], "exit_type"),
    ("MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason)-[:IN_SEASON]->(s) WITH p AS player RETURN player.nme",
     "unknown_property", ["Player has no property 'nme'"], "name"),
    ("MATCH (e:Episode)-[r:ELIMINATED]->(ps) RETURN r.reason", "unknown_property",
     ["ELIMINATED has no property 'reason'"], None),
    ("MATCH (s:Season)-[:IN_SEASON]->(ps:PlayerSeason) RETURN ps.name", "wrong_direction",
     ["IN_SEASON goes from PlayerSeason to Season"], "(:PlayerSeason)-[:IN_SEASON]->(:Season)"),
    ("MATCH (s:Season)<-[:HAS_EPISODE]-(e:Episode) RETURN e", "wrong_direction",
     ["HAS_EPISODE goes from Season to Episode"], None),
    ("MATCH (p:Player)-[:PLAYED_IN]->(ps)<-[:IN_SEASON]-(s:Season) RETURN p", "wrong_direction",
     ["IN_SEASON goes from PlayerSeason to Season"], None),                              # ps inferred from PLAYED_IN
    ("MATCH (ps:PlayerSeason)-[:JURY_VOTE_FOR]->(w:Player) RETURN w", "impossible_pattern",
     ["(:PlayerSeason)-[:JURY_VOTE_FOR]->(:PlayerSeason)"], None),
    ("MATCH (ps:PlayerSeason) WHERE ps.exit_type = 'medical' RETURN ps.name", "invalid_value",
     ["PlayerSeason.exit_type is never 'medical'", "medevac", "voted_out"], "medevac"),
    ("MATCH (e:Episode)-[r:ELIMINATED]->(ps) WHERE r.exit_type IN ['medevac', 'medical_evacuation'] RETURN ps",
     "invalid_value", ["'medical_evacuation'"], "medevac"),
    ("MATCH (p:Player) WHERE p.gender = 'female' RETURN count(p)", "invalid_value", ["Did you mean 'Female'"],
     "Female"),
    ("MATCH (p:Player) WHERE 'male' = p.gender RETURN count(p)", "invalid_value", ["'male'"], "Male"),
    ("MATCH (t:Tribe {phase: 'merge'}) RETURN t.name", "invalid_value", ["Tribe.phase is never 'merge'"], "merged"),
]


@pytest.mark.parametrize("query,kind,fragments,suggestion", PROBLEMS)
def test_problems_come_with_reasons_and_suggestions(schema, query, kind, fragments, suggestion):
    problems = check_against_schema(query, schema)
    matching = [p for p in problems if p.kind == kind]
    assert matching, problems
    message = " ".join(p.message for p in matching)
    for fragment in fragments:
        assert fragment in message
    if suggestion is not None:
        assert any(suggestion in p.suggestions for p in matching), matching


def test_several_problems_in_one_query_are_all_reported_once(schema):
    query = ("MATCH (s:Season)-[:IN_SEASON]->(ps:PlayerSeason) WHERE ps.exit_type = 'medical' AND s.nmber = 2 "
             "AND ps.exit_type = 'medical' RETURN ps.nam")
    kinds = sorted(p.kind for p in check_against_schema(query, schema))
    assert kinds == ["invalid_value", "unknown_property", "unknown_property", "wrong_direction"]
    assert all(str(p) == p.message for p in check_against_schema(query, schema))
    text = describe_problems(check_against_schema(query, schema))
    assert text.count("\n") == 3 and text.startswith("- ")


def test_unreadable_query_is_a_syntax_problem(schema):
    problems = check_against_schema("MATCH (p:Player) WHERE p.name = 'unterminated RETURN p", schema)
    assert [p.kind for p in problems] == ["syntax"]


def test_suggested_fixes_pass_the_check_and_run(graph, schema):
    """The suggestion for a wrong direction is what the repaired query uses; the repaired query runs."""
    wrong = "MATCH (s:Season {number: 45})-[:IN_SEASON]->(ps:PlayerSeason) RETURN count(ps) AS n"
    assert [p.kind for p in check_against_schema(wrong, schema)] == ["wrong_direction"]
    assert graph.query(wrong).single() == 0          # runs, silently wrong: why the check matters
    fixed = "MATCH (s:Season {number: 45})<-[:IN_SEASON]-(ps:PlayerSeason) RETURN count(ps) AS n"
    assert check_against_schema(fixed, schema) == []
    assert graph.query(fixed).single() == 18


# -- corrections made without the model (survivorgraph.cypher.autofix) -------------------------------------
@pytest.mark.parametrize(("query", "expected"), [
    ("MATCH (e:Episode)-[r:ELIMINATED]->(ps) WHERE r.exit_type = 'Medevac' RETURN e.season",
     "MATCH (e:Episode)-[r:ELIMINATED]->(ps) WHERE r.exit_type = 'medevac' RETURN e.season"),
    ("MATCH (ps:PlayerSeason)-[:MEMBER_OF]->(t:Tribe)-[:IN_SEASN]->(s:Season) RETURN t.name",
     None),  # :IN_SEASN -> :IN_SEASON, then Tribe-IN_SEASON-Season is impossible: left for the model
    ("MATCH (ps:PlayerSeason)<-[:PLAYED_IN]-(p:Player) WHERE ps.boot_ordr = 4 RETURN p.name",
     "MATCH (ps:PlayerSeason)<-[:PLAYED_IN]-(p:Player) WHERE ps.boot_order = 4 RETURN p.name"),
    ("MATCH (ps:PlayerSeason)-[:PLAYED_IN]->(p:Player) RETURN p.name",
     "MATCH (ps:PlayerSeason)<-[:PLAYED_IN]-(p:Player) RETURN p.name"),
    # a relationship that skipped the one node between its ends (survivorgraph.cypher.bridges)
    ("MATCH (s:Season {number: 41})-[w:IMMUNITY_WON_BY {scope: 'individual'}]->(ps:PlayerSeason) RETURN ps.name",
     "MATCH (s:Season {number: 41})-[:HAS_EPISODE]->(:Episode)-[w:IMMUNITY_WON_BY {scope: 'individual'}]->"
     "(ps:PlayerSeason) RETURN ps.name"),
    ("MATCH (ps:PlayerSeason {season: 36})-[j:WENT_ON_JOURNEY]->(e:Episode) RETURN e.number",
     "MATCH (ps:PlayerSeason {season: 36})-[j:WENT_ON_JOURNEY]->(:Journey)<-[:HAS_JOURNEY]-(e:Episode) "
     "RETURN e.number"),
    ("MATCH (w:Player)<-[:JURY_VOTE_FOR]-(ps:PlayerSeason) RETURN w.name",
     "MATCH (w:Player)-[:PLAYED_IN]->(:PlayerSeason)<-[:JURY_VOTE_FOR]-(ps:PlayerSeason) RETURN w.name"),
    # ... and written the wrong way round as well: turned, then bridged
    ("MATCH (ps:PlayerSeason {castaway_id: 'US0474'})-[x:ELIMINATED]->(s:Season {number: 32}) RETURN x.exit_type",
     "MATCH (ps:PlayerSeason {castaway_id: 'US0474'})<-[x:ELIMINATED]-(:Episode)<-[:HAS_EPISODE]-"
     "(s:Season {number: 32}) RETURN x.exit_type"),
])
def test_single_reading_problems_are_corrected(schema, query, expected):
    from survivorgraph.cypher.autofix import autofix

    fixed = autofix(query, check_against_schema(query, schema))
    if expected is None:
        assert fixed is None or check_against_schema(fixed.cypher, schema), "a fix that leaves problems is partial"
    else:
        assert fixed is not None and fixed.cypher == expected, fixed
        assert check_against_schema(fixed.cypher, schema) == []
        assert fixed.notes


@pytest.mark.parametrize("query", [
    "MATCH (x:Tribal) RETURN x",                                        # Tribe or TribalCouncil?
    "MATCH (ps:PlayerSeason) WHERE ps.exit_typ = 'quit' RETURN ps",     # exit_type, exit_day, exit_episode?
])
def test_a_problem_with_several_readings_is_left_for_the_model(schema, query):
    from survivorgraph.cypher.autofix import autofix

    problems = check_against_schema(query, schema)
    assert problems and autofix(query, problems) is None


def test_a_relationship_that_is_really_a_property_says_so(schema):
    (problem,) = check_against_schema("MATCH (ps:PlayerSeason)-[:WINNER]->(s:Season) RETURN ps.name", schema)
    assert problem.kind == "unknown_relationship_type"
    assert "'winner' is a property of" in problem.message and "PlayerSeason" in problem.message


def test_a_bridged_query_runs_and_finds_what_the_longer_path_finds(graph, schema):
    from survivorgraph.cypher.autofix import autofix

    skipped = "MATCH (s:Season {number: 45})-[:ELIMINATED]->(ps:PlayerSeason) RETURN count(ps) AS n"
    (problem,) = check_against_schema(skipped, schema)
    assert problem.kind == "impossible_pattern" and "Through the node it skips" in problem.message
    fixed = autofix(skipped, [problem])
    assert fixed.notes == [f"missing node: {problem.text} -> {problem.rewrite}"]
    assert graph.query(fixed.cypher).single() == graph.query(
        "MATCH (:Season {number: 45})-[:HAS_EPISODE]->(:Episode)-[:ELIMINATED]->(ps) RETURN count(ps)").single() > 0


def test_a_gap_two_nodes_could_close_is_left_for_the_model():
    from survivorgraph.cypher.bridges import Bridge, find_bridge

    patterns = {("A", "R", "B"), ("B", "T", "C"), ("A", "S", "D"), ("D", "T", "C")}
    assert find_bridge(patterns, {"A"}, {"C"}, {"T"}, "out") is None            # through B or through D
    assert find_bridge(patterns - {("A", "S", "D")}, {"A"}, {"C"}, {"T"}, "out").label == "B"
    assert find_bridge(patterns, {"A"}, set(), {"T"}, "out") is None            # an end of unknown label
    assert find_bridge({("A", "R", "B"), ("B", "T", "C")}, {"C"}, {"A"}, {"T"}, "out").flipped  # only turned round
    assert not find_bridge(patterns - {("A", "S", "D")}, {"A"}, {"C"}, {"T"}, "out").flipped
    # written right to left, (c)<-[:T]-(a): the node goes before a, joined by R against the writing order
    assert find_bridge(patterns - {("A", "S", "D")}, {"C"}, {"A"}, {"T"}, "in") == Bridge("B", "<-[:R]-", "right")
