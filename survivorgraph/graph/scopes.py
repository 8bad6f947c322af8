"""Per-scope graphs: the graph as a viewer who has watched through some episode may see it.

Each scope gets its own graph in the embedded FalkorDB ('survivor@S44E06'): a GRAPH.COPY of the main
graph, cut down by `ingest.viewer_scope.scoping_statements`, then RENAMEd into place — built on first use,
reused until the main graph is reloaded (which drops them). Everything a retriever runs for that viewer —
catalog queries, LLM-written Cypher, entity linking — runs on it, so nothing past the viewer's point is
reachable, whatever the query says.
"""

from __future__ import annotations

import time

from filelock import FileLock
from redis.exceptions import RedisError

from ingest.viewer_scope import ViewerScope, scoping_statements
from survivorgraph.config import Settings
from survivorgraph.errors import ConfigError, NotLoadedError, SurvivorGraphError
from survivorgraph.graph import GraphStore, open_graph_store


def scoped_graph_name(settings: Settings, scope: ViewerScope) -> str:
    return f"{settings.falkordb_graph}@{scope.label}"


def open_scoped_store(settings: Settings, scope: ViewerScope | None) -> GraphStore:
    """The store a viewer's questions run on: the main graph, or the per-scope graph (built if needed)."""
    main = open_graph_store(settings)
    if scope is None:
        return main
    try:
        if settings.graph_backend != "falkordb":
            raise ConfigError("Viewer scopes use per-scope graphs, which the embedded FalkorDB provides; Neo4j "
                              "Community holds one database. Unset NEO4J_URI to use a viewer scope.")
        info = main.dataset_info()
        if not info:
            raise NotLoadedError("No graph is loaded yet: run `make setup`.")
        name = scoped_graph_name(settings, scope)
        with FileLock(str(settings.state_dir / "falkordb" / "scopes.lock"), timeout=120):
            store = open_graph_store(settings, graph_name=name)
            current = store.dataset_info() if store.has_graph() else None
            if not current or current.get("loaded_at") != info.get("loaded_at"):
                build_scoped_graph(main, name, scope)
            return store
    finally:
        main.close()


def build_scoped_graph(main, name: str, scope: ViewerScope) -> float:
    """Copy the main graph, cut it to the scope, publish it under `name` atomically; returns seconds."""
    started = time.perf_counter()
    redis = main._redis()
    staging = f"{name}__building_{int(time.time() * 1000)}"
    redis.execute_command("GRAPH.COPY", main.graph_name, staging)
    try:
        from survivorgraph.graph.falkordb_store import FalkorDBStore

        work = FalkorDBStore(main.server, staging, timeout_ms=main.timeout_ms, row_cap=1)
        for statement, params in scoping_statements(scope):
            work.query(statement, params, read_only=False)
        redis.rename(staging, name)
    except BaseException:
        try:
            main.drop_graph(staging)
        except (SurvivorGraphError, RedisError):
            pass  # a server that does not answer keeps the staging copy; the error that stopped the build is raised
        raise
    return time.perf_counter() - started
