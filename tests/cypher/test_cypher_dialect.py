"""LLM-written Cypher fitted to the backend: exact rewrites run on FalkorDB and give the same answer as
the hand-written intersection Cypher; what cannot be rewritten is refused with a reason."""

from __future__ import annotations

import pytest

from survivorgraph.cypher.dialect import DialectError, normalise_for_backend
from survivorgraph.cypher.safety import check_read_only
from survivorgraph.errors import QueryError

FALKORDB_REWRITES = [
    # (written for Neo4j, rewritten for FalkorDB, a fragment of the trace line)
    ("MATCH (p:Player) RETURN elementId(p) AS id LIMIT 1", "MATCH (p:Player) RETURN id(p) AS id LIMIT 1", "elementId"),
    ("MATCH (p:Player) WHERE p.name =~ '(?i)oz.*' RETURN p.name",
     "MATCH (p:Player) WHERE toLower(p.name) STARTS WITH 'oz' RETURN p.name", "=~"),
    ("MATCH (p:Player) WHERE p.name =~ '(?i).*lusth' RETURN p.name",
     "MATCH (p:Player) WHERE toLower(p.name) ENDS WITH 'lusth' RETURN p.name", "=~"),
    ("MATCH (p:Player) WHERE p.name =~ '.*Ozzy.*' RETURN p.name",
     "MATCH (p:Player) WHERE p.name CONTAINS 'Ozzy' RETURN p.name", "=~"),
    ("MATCH (p:Player) WHERE p.name =~ 'Oscar Lusth' RETURN p.name",
     "MATCH (p:Player) WHERE p.name = 'Oscar Lusth' RETURN p.name", "=~"),
    ("MATCH (p:Player) WHERE toLower(p.short_name) =~ 'ozz.*' RETURN p.name",
     "MATCH (p:Player) WHERE toLower(p.short_name) STARTS WITH 'ozz' RETURN p.name", "=~"),
    ("MATCH (p:Player) RETURN p.name, COUNT { (p)-[:PLAYED_IN]->(:PlayerSeason) } AS n",
     "MATCH (p:Player) RETURN p.name, size([(p)-[:PLAYED_IN]->(:PlayerSeason) | 1]) AS n", "COUNT"),
    ("MATCH (p:Player) WHERE COUNT { MATCH (p)-[:PLAYED_IN]->(ps) WHERE ps.winner } > 1 RETURN p.name",
     "MATCH (p:Player) WITH *, size([(p)-[:PLAYED_IN]->(ps) WHERE ps.winner | 1]) AS _sq1 WHERE _sq1 > 1 "
     "RETURN p.name", "computed in WITH before the WHERE"),
    ("MATCH (p:Player) WHERE EXISTS { (p)-[:PLAYED_IN]->(:PlayerSeason {winner: true}) } RETURN count(p)",
     "MATCH (p:Player) WHERE (p)-[:PLAYED_IN]->(:PlayerSeason {winner: true}) RETURN count(p)", "pattern predicate"),
    ("MATCH (p:Player) WHERE NOT EXISTS { MATCH (p)-[:PLAYED_IN]->(ps) WHERE ps.season > 40 } RETURN count(p)",
     "MATCH (p:Player) WITH *, size([(p)-[:PLAYED_IN]->(ps) WHERE ps.season > 40 | 1]) AS _sq1 "
     "WHERE NOT _sq1 > 0 RETURN count(p)", "EXISTS"),
    ("MATCH (p:Player {castaway_id: 'US0055'}) RETURN COLLECT { MATCH (p)-[:PLAYED_IN]->(ps) RETURN ps.season } AS s",
     "MATCH (p:Player {castaway_id: 'US0055'}) RETURN [(p)-[:PLAYED_IN]->(ps) | ps.season] AS s", "COLLECT"),
    ("CALL db.index.fulltext.queryNodes('Player', 'ozzy') YIELD node RETURN node.name",
     "CALL db.idx.fulltext.queryNodes('Player', 'ozzy') YIELD node RETURN node.name", "db.idx.fulltext"),
    ("MATCH (ps:PlayerSeason) WHERE ps.exit_type != 'medevac' AND ps.name <> 'a != b' RETURN count(ps)",
     "MATCH (ps:PlayerSeason) WHERE ps.exit_type <> 'medevac' AND ps.name <> 'a != b' RETURN count(ps)", "!="),
    # Already the intersection dialect: unchanged, nothing in the trace.
    ("MATCH (e:Episode)-[r:IMMUNITY_WON_BY|REWARD_WON_BY]->(ps) RETURN count(r)", None, None),
    ("MATCH (p:Player) WHERE p.name = 'elementId(x) =~ COUNT { }' RETURN p", None, None),
]

FALKORDB_REFUSALS = [
    ("MATCH (n:Player|Season) RETURN count(n)", "label expressions"),
    ("MATCH (n:Player&Season) RETURN count(n)", "label expressions"),
    ("MATCH (n:!Player) RETURN count(n)", "label expressions"),
    ("MATCH (p:Player) WHERE p.name =~ 'O[sz].*' RETURN p", "regular expressions"),
    ("MATCH (p:Player) WHERE p.name =~ $pattern RETURN p", "regular expressions"),
    ("MATCH p = shortestPath((a:Player)-[*]->(b:Season)) RETURN p", "only in WITH or RETURN"),
    ("MATCH (a:Player), (b:Season) RETURN shortestPath((a)-[*]-(b))", "directed"),
    ("MATCH (p:Player) RETURN COUNT { MATCH (p)-->(a) MATCH (a)-->(b) RETURN b } AS n", "COUNT { }"),
    ("MATCH (p:Player) RETURN duration.between(date(p.date_of_birth), date()) AS age", "duration.between"),
    ("MATCH (p:Player) WHERE COUNT { (p)-[:PLAYED_IN]->(ps) WHERE EXISTS { (ps)-[:JURY_VOTE_FOR]->() } } > 2 "
     "RETURN p", "cannot nest"),
    ("MATCH (p:Player) OPTIONAL MATCH (p)-[:PLAYED_IN]->(ps) WHERE COUNT { (ps)-[:JURY_VOTE_FOR]->() } > 2 "
     "RETURN p", "OPTIONAL MATCH"),
]


@pytest.mark.parametrize("written,expected,note", FALKORDB_REWRITES)
def test_falkordb_rewrites(written, expected, note):
    result = normalise_for_backend(written, "falkordb")
    assert result.cypher == (expected or written)
    if note is None:
        assert result.rewrites == []
    else:
        assert any(note in line for line in result.rewrites), result.rewrites


@pytest.mark.parametrize("written,reason", FALKORDB_REFUSALS)
def test_falkordb_refusals_say_what_to_write_instead(written, reason):
    with pytest.raises(DialectError) as refused:
        normalise_for_backend(written, "falkordb")
    assert reason in str(refused.value)
    assert isinstance(refused.value, QueryError)  # the repair loop handles it like a database error


@pytest.mark.parametrize("written,expected", [
    ("CALL db.idx.fulltext.queryNodes('Player', 'ozzy') YIELD node RETURN node.name",
     "CALL db.index.fulltext.queryNodes('Player', 'ozzy') YIELD node RETURN node.name"),
    ("MATCH (p:Player) WHERE exists(p.date_of_death) RETURN count(p)",
     "MATCH (p:Player) WHERE p.date_of_death IS NOT NULL RETURN count(p)"),
    ("MATCH (p:Player) WHERE p.gender != 'Male' RETURN count(p)",
     "MATCH (p:Player) WHERE p.gender <> 'Male' RETURN count(p)"),
    ("MATCH (n:Player|Season) WHERE n.name =~ 'O[sz].*' RETURN COUNT { (n)-->() } AS c",
     "MATCH (n:Player|Season) WHERE n.name =~ 'O[sz].*' RETURN COUNT { (n)-->() } AS c"),
])
def test_neo4j_keeps_its_own_features_and_renames_falkordb_ones(written, expected):
    assert normalise_for_backend(written, "neo4j").cypher == expected


def test_result_unpacks_as_query_and_trace_lines():
    cypher, rewrites = normalise_for_backend("MATCH (p:Player) RETURN elementId(p)", "falkordb")
    assert cypher == "MATCH (p:Player) RETURN id(p)" and len(rewrites) == 1


def test_unknown_backend_is_a_programming_error():
    with pytest.raises(ValueError):
        normalise_for_backend("RETURN 1", "sqlite")


# -- the rewrites run on FalkorDB and answer like the hand-written Cypher -------------------------------
SAME_ANSWER = [
    ("MATCH (ps:PlayerSeason {season: 45}) WHERE ps.exit_type != 'voted_out' RETURN count(ps) AS n",
     "MATCH (ps:PlayerSeason {season: 45}) WHERE NOT ps.exit_type = 'voted_out' RETURN count(ps) AS n"),
    ("MATCH (p:Player) WHERE COUNT { (p)-[:PLAYED_IN]->(:PlayerSeason) } >= 4 RETURN count(p) AS n",
     "MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason) WITH p, count(ps) AS k WHERE k >= 4 RETURN count(p) AS n"),
    ("MATCH (p:Player) WHERE EXISTS { (p)-[:PLAYED_IN]->(:PlayerSeason {winner: true}) } RETURN count(p) AS n",
     "MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason) WHERE ps.winner RETURN count(DISTINCT p) AS n"),
    ("MATCH (p:Player) WHERE NOT EXISTS { MATCH (p)-[:PLAYED_IN]->(ps) WHERE ps.season > 40 } RETURN count(p) AS n",
     "MATCH (p:Player) OPTIONAL MATCH (p)-[:PLAYED_IN]->(ps:PlayerSeason) WITH p, max(ps.season) AS last "
     "WHERE last <= 40 RETURN count(p) AS n"),
    ("MATCH (p:Player {castaway_id: 'US0055'}) RETURN COLLECT { MATCH (p)-[:PLAYED_IN]->(ps) RETURN ps.season } AS s",
     "MATCH (:Player {castaway_id: 'US0055'})-[:PLAYED_IN]->(ps) RETURN collect(ps.season) AS s"),
    ("MATCH (p:Player) WHERE p.name =~ '(?i)oscar.*' RETURN p.castaway_id AS id",
     "MATCH (p:Player) WHERE toLower(p.name) STARTS WITH 'oscar' RETURN p.castaway_id AS id"),
    ("MATCH (p:Player)-[:PLAYED_IN]->(ps) WHERE COUNT { (ps)-[:JURY_VOTE_FOR]->() } > 0 "
     "AND EXISTS { (ps)-[:IN_SEASON]->(:Season {number: 40}) } RETURN count(DISTINCT p) AS n",
     "MATCH (p:Player)-[:PLAYED_IN]->(ps)-[:JURY_VOTE_FOR]->(), (ps)-[:IN_SEASON]->(:Season {number: 40}) "
     "RETURN count(DISTINCT p) AS n"),
    ("MATCH (p:Player) WITH p, COUNT { (p)-[:PLAYED_IN]->() } AS k WHERE k >= 4 RETURN count(p) AS n",
     "MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason) WITH p, count(ps) AS k WHERE k >= 4 RETURN count(p) AS n"),
]


@pytest.mark.parametrize("written,reference", SAME_ANSWER)
def test_rewritten_queries_run_on_falkordb_with_the_reference_answer(graph, written, reference):
    with pytest.raises(QueryError):
        graph.query(written)  # as written, FalkorDB cannot run it
    rewritten = normalise_for_backend(check_read_only(written), "falkordb").cypher
    check_read_only(rewritten)  # a rewrite never turns a read into anything else

    def answer(cypher):
        values = graph.query(cypher).values()
        return sorted(sorted(v) if isinstance(v, list) else v for v in values)

    assert answer(rewritten) == answer(reference)
