"""Graph stores: `open_graph_store(settings)` picks Neo4j (NEO4J_URI) or the embedded FalkorDB."""

from __future__ import annotations

from survivorgraph.config import Settings
from survivorgraph.graph.base import GraphSchema, GraphStore, LoadTarget, QueryResult

__all__ = ["GraphSchema", "GraphStore", "LoadTarget", "QueryResult", "open_graph_store"]


def open_graph_store(settings: Settings, *, start: bool = False, graph_name: str | None = None,
                     timeout_ms: int | None = None, watchdog: bool = True) -> GraphStore:
    """Connect to the configured graph. `start=True` starts the embedded server if it is not running;
    `graph_name` picks another graph in the embedded server (the per-scope graphs); `timeout_ms` overrides the
    per-query limit; `watchdog=False` never restarts the embedded server (Neo4j is never restarted)."""
    timeout_ms = timeout_ms or settings.query_timeout_ms
    if settings.graph_backend == "neo4j":
        from survivorgraph.graph.neo4j_store import Neo4jStore

        return Neo4jStore(settings.neo4j_uri, settings.neo4j_user, settings.neo4j_password,
                          settings.neo4j_database, timeout_ms=timeout_ms, row_cap=settings.query_row_cap)
    from survivorgraph.graph.falkordb_store import FalkorDBStore
    from survivorgraph.servers.falkordb_server import EmbeddedFalkorDB

    server = EmbeddedFalkorDB(settings.state_dir, query_timeout_ms=settings.query_timeout_ms)
    return FalkorDBStore(server, graph_name or settings.falkordb_graph, timeout_ms=timeout_ms,
                         row_cap=settings.query_row_cap, start=start, watchdog=watchdog)
