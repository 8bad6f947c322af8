"""Load the survivoR graph into the configured store: indexes first, UNWIND batches, atomic switch.

FalkorDB: everything is written to a staging graph and RENAMEd over the live one only after the
coverage check passes, so a failed load leaves the previous graph untouched and a re-run replaces the
graph with an identical one (idempotent). Neo4j: MERGE on each entity key, then stale entities removed.

    python -m ingest.graph_loader [--seasons US:1-49] [--data-dir PATH]
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import time
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from ingest.aired import annotate_aired
from ingest.enums import UnknownValueError
from ingest.graph_model import GraphBuilder, NodeSet, RelSet, build_graph
from ingest.survivor_data import SurvivorData, open_survivor_data
from survivorgraph.config import Settings
from survivorgraph.errors import LoadError, QueryError, SurvivorGraphError
from survivorgraph.graph import GraphStore, open_graph_store
from survivorgraph.graph.base import META_LABEL, LoadTarget

BATCH_SIZE = 2000


@dataclass
class LoadReport:
    dataset_version: str
    scope: str
    nodes: dict[str, int] = field(default_factory=dict)
    relationships: dict[str, int] = field(default_factory=dict)
    dropped: dict[str, int] = field(default_factory=dict)  # relationship rows whose end node is missing
    per_season: list[dict[str, Any]] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    removed_staging: list[str] = field(default_factory=list)  # staging graphs of dead loads, removed first

    def as_text(self) -> str:
        lines = [f"Graph loaded: {self.dataset_version}, scope {self.scope}"]
        if self.removed_staging:
            lines.append(f"  removed {len(self.removed_staging)} staging graph(s) left by interrupted loads: "
                         + ", ".join(self.removed_staging))
        lines.append("  nodes:         " + ", ".join(f"{k} {v}" for k, v in sorted(self.nodes.items())))
        lines.append("  relationships: " + ", ".join(f"{k} {v}" for k, v in sorted(self.relationships.items())))
        if self.dropped:
            lines.append("  skipped (end node not in scope): "
                         + ", ".join(f"{k} {v}" for k, v in sorted(self.dropped.items())))
        if self.per_season:
            lines.append("  per season (players / episodes / tribals / votes / jury votes):")
            for row in self.per_season:
                lines.append(f"    {row['season']:>5}  {row['players']:>3} / {row['episodes']:>3} / "
                             f"{row['tribals']:>3} / {row['votes']:>4} / {row['jury_votes']:>3}")
        lines.append("  time: " + ", ".join(f"{k} {v:.2f} s" for k, v in self.seconds.items()))
        return "\n".join(lines)


def _index_statements(store: GraphStore, builder: GraphBuilder) -> list[str]:
    statements = []
    for node_set in builder.nodes.values():
        if store.backend == "neo4j":
            statements.append(f"CREATE CONSTRAINT IF NOT EXISTS FOR (n:{node_set.label}) "
                              f"REQUIRE n.{node_set.key} IS UNIQUE")
        else:
            statements.append(f"CREATE INDEX FOR (n:{node_set.label}) ON (n.{node_set.key})")
    return statements


def _node_statement(node_set: NodeSet, upsert: bool) -> str:
    if upsert:
        return (f"UNWIND $rows AS row MERGE (n:{node_set.label} {{{node_set.key}: row.{node_set.key}}}) "
                "SET n = row, n.load_id = $load_id")
    return f"UNWIND $rows AS row CREATE (n:{node_set.label}) SET n = row"


def _rel_statement(rel: RelSet, upsert: bool) -> str:
    (a_label, a_key), (b_label, b_key) = rel.start, rel.end
    match = (f"UNWIND $rows AS row MATCH (a:{a_label} {{{a_key}: row.start}}) "
             f"MATCH (b:{b_label} {{{b_key}: row.end}}) ")
    if upsert:
        return match + (f"MERGE (a)-[r:{rel.type} {{source_key: row.props.source_key}}]->(b) "
                        "SET r = row.props, r.load_id = $load_id RETURN count(r) AS n")
    return match + f"CREATE (a)-[r:{rel.type}]->(b) SET r = row.props RETURN count(r) AS n"


def _write(target: LoadTarget, builder: GraphBuilder, store: GraphStore, report: LoadReport) -> None:
    upsert = getattr(target, "upsert", False)
    for statement in _index_statements(store, builder):
        target.execute(statement)
    for node_set in builder.nodes.values():
        target.write_batches(_node_statement(node_set, upsert), node_set.rows, BATCH_SIZE)
        report.nodes[node_set.label] = len(node_set.rows)
    for rel in builder.rels:
        statement = _rel_statement(rel, upsert)
        created = 0
        for start in range(0, len(rel.rows), BATCH_SIZE):
            created += target.count(statement, {"rows": rel.rows[start:start + BATCH_SIZE]})
        report.relationships[rel.type] = report.relationships.get(rel.type, 0) + created
        if created != len(rel.rows):
            report.dropped[rel.type] = report.dropped.get(rel.type, 0) + len(rel.rows) - created
    info = {"version": builder.version, "scope": report.scope, "viewer_scope": "unrestricted",
            "loaded_at": dt.datetime.now(dt.UTC)
            .isoformat(timespec="seconds"), "source": "survivoR (MIT), github.com/doehm/survivoR",
            "source_table": "-", "source_key": "-", "dataset_version": builder.version}
    target.execute(f"CREATE (d:{META_LABEL}) SET d = $info" if not upsert else
                   f"MERGE (d:{META_LABEL} {{source_key: '-'}}) SET d = $info, d.load_id = $load_id", {"info": info})


def _per_season(store: GraphStore) -> list[dict[str, Any]]:
    result = store.query(
        "MATCH (s:Season) "
        "OPTIONAL MATCH (s)<-[:IN_SEASON]-(ps:PlayerSeason) "
        "WITH s, count(ps) AS players "
        "OPTIONAL MATCH (s)-[:HAS_EPISODE]->(e:Episode) "
        "WITH s, players, count(e) AS episodes "
        "OPTIONAL MATCH (s)-[:HAS_EPISODE]->(:Episode)-[:HAS_TRIBAL]->(t:TribalCouncil) "
        "WITH s, players, episodes, count(t) AS tribals "
        "OPTIONAL MATCH (s)<-[:IN_SEASON]-(:PlayerSeason)-[v:CAST_VOTE]->() "
        "WITH s, players, episodes, tribals, count(v) AS votes "
        "OPTIONAL MATCH (s)<-[:IN_SEASON]-(:PlayerSeason)-[j:JURY_VOTE_FOR]->() "
        "RETURN s.id AS season, players, episodes, tribals, votes, count(j) AS jury_votes, "
        "s.version AS version, s.number AS number ORDER BY version, number", row_cap=10_000)
    return result.rows


def load_graph(settings: Settings, *, data: SurvivorData | None = None, store: GraphStore | None = None,
               fail_after: str | None = None) -> LoadReport:
    """Build and load the graph; return the coverage report. `fail_after` (a label or type) is a test
    hook that aborts the load part-way, to prove the previous graph survives."""
    timings: dict[str, float] = {}
    t0 = time.perf_counter()
    data = data or open_survivor_data(settings)
    data.check_scope()  # before any server starts: a scope that selects nothing must not replace the graph
    own_store = store is None
    store = store or open_graph_store(settings, start=True)
    timings["server"] = time.perf_counter() - t0
    try:
        t1 = time.perf_counter()
        builder = annotate_aired(_build(data))
        timings["read+transform"] = time.perf_counter() - t1
        report = LoadReport(builder.version, str(data.scope), removed_staging=_remove_dead_staging(store))
        t2 = time.perf_counter()
        target = store.begin_load()
        with _running_load(store, target):
            try:
                if fail_after is not None:
                    target = _FailingTarget(target, fail_after)
                _write(target, builder, store, report)
                _check(builder, report)
                target.commit()
                if hasattr(store, "derived_graphs"):
                    # Per-scope views were cut from the previous graph: drop them; they rebuild on demand.
                    for name in store.derived_graphs():
                        store.drop_graph(name)
            except BaseException as exc:
                target.abort()
                if isinstance(exc, SurvivorGraphError) and not isinstance(exc, LoadError):
                    raise LoadError(f"The graph load failed ({exc}); the previous graph is unchanged.") from exc
                raise
        timings["write"] = time.perf_counter() - t2
        report.per_season = _per_season(store)
        report.seconds = {**timings, "total": time.perf_counter() - t0}
        return report
    finally:
        if own_store:
            store.close()


def _remove_dead_staging(store: GraphStore) -> list[str]:
    """FalkorDB: the staging graphs that loads killed before their switch left behind (see graph.staging)."""
    if store.backend != "falkordb":
        return []
    from survivorgraph.graph.staging import remove_dead_staging_graphs

    return remove_dead_staging_graphs(store.server, store.graph_name)


def _running_load(store: GraphStore, target: LoadTarget) -> AbstractContextManager:
    """FalkorDB: the lock that marks this load's staging graph as in use, so no other process removes it."""
    if store.backend != "falkordb":
        return nullcontext()
    from survivorgraph.graph.staging import staging_lock

    return staging_lock(store.server, target.staging_name)


def _build(data: SurvivorData) -> GraphBuilder:
    try:
        return build_graph(data)
    except UnknownValueError as exc:
        raise LoadError(f"The seasons {data.scope} hold a value the graph model does not map yet ({exc}). "
                        "Load a scope without them (e.g. SURVIVOR_SEASONS=US:1-49) or map it; the previous graph "
                        "is unchanged.") from exc


def _check(builder: GraphBuilder, report: LoadReport) -> None:
    """Refuse to publish a graph whose core relationships lost rows (a key mismatch in the model)."""
    core = ("PLAYED_IN", "IN_SEASON", "HAS_EPISODE", "JURY_VOTE_FOR")
    broken = {t: n for t, n in report.dropped.items() if t in core}
    if broken:
        raise LoadError(f"Core relationships could not be linked: {broken}. The previous graph is unchanged; "
                        "check the survivoR tables are complete.")


class _FailingTarget(LoadTarget):
    """Wraps a real target and raises once the named label/type starts loading (test hook)."""

    def __init__(self, inner: LoadTarget, fail_at: str):
        self.inner, self.fail_at = inner, fail_at
        self.upsert = getattr(inner, "upsert", False)

    def execute(self, cypher: str, params: dict[str, Any] | None = None) -> None:
        if f":{self.fail_at}" in cypher and "INDEX" not in cypher and "CONSTRAINT" not in cypher:
            raise QueryError(f"simulated failure while loading {self.fail_at}")
        self.inner.execute(cypher, params)

    def count(self, cypher: str, params: dict[str, Any]) -> int:
        if f":{self.fail_at}" in cypher:
            raise QueryError(f"simulated failure while loading {self.fail_at}")
        return self.inner.count(cypher, params)

    def commit(self) -> None:
        self.inner.commit()

    def abort(self) -> None:
        self.inner.abort()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seasons", help="scope, e.g. US:1-49 (default: SURVIVOR_SEASONS)")
    parser.add_argument("--data-dir", help="folder of survivoR .rda files (default: SURVIVOR_DATA_DIR)")
    args = parser.parse_args(argv)
    overrides: dict[str, Any] = {}
    if args.seasons:
        overrides["seasons"] = args.seasons
    if args.data_dir:
        from pathlib import Path

        overrides["survivor_data_dir"] = Path(args.data_dir).resolve()
    try:
        report = load_graph(Settings.from_env(**overrides))
    except SurvivorGraphError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(report.as_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
