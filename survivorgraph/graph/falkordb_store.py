"""FalkorDB backend (embedded server by default).

Reads go through GRAPH.RO_QUERY (the server refuses writes), with a per-query timeout under the
server's TIMEOUT_MAX. Validation uses GRAPH.EXPLAIN: an `EXPLAIN` prefix would execute the query.
A load writes a staging graph key and RENAMEs it over the live one, so readers never see half a load.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from typing import Any

import redis
from falkordb import FalkorDB

from survivorgraph.errors import (
    BackendUnavailableError,
    NotLoadedError,
    QueryError,
    QueryTimeoutError,
)
from survivorgraph.graph.base import GraphStore, LoadTarget
from survivorgraph.servers.falkordb_server import EmbeddedFalkorDB


def _translate(exc: Exception, cypher: str) -> Exception:
    message = str(exc)
    if isinstance(exc, (redis.exceptions.ConnectionError, FileNotFoundError)):
        return BackendUnavailableError(f"Lost the connection to FalkorDB ({message}). "
                                       "Restart it with `make db-up`; the graph is kept on disk.")
    if isinstance(exc, redis.exceptions.TimeoutError) or "timed out" in message.lower():
        return QueryTimeoutError(f"The query ran past its time limit and was stopped: {message}",
                                 db_message=message, query=cypher)
    return QueryError(f"FalkorDB rejected the query: {message}", db_message=message, query=cypher)


class FalkorDBStore(GraphStore):
    backend = "falkordb"

    def __init__(self, server: EmbeddedFalkorDB, graph_name: str, *, timeout_ms: int, row_cap: int,
                 start: bool = False):
        super().__init__(timeout_ms=timeout_ms, row_cap=row_cap)
        self.server = server
        self.graph_name = graph_name
        socket = server.ensure_running() if start else server.attach()
        self._db = FalkorDB(unix_socket_path=str(socket), socket_timeout=server.query_timeout_ms / 1000 * 4 + 10)
        self._graph = self._db.select_graph(graph_name)

    def _redis(self) -> redis.Redis:
        return self._db.connection

    def has_graph(self) -> bool:
        return self.graph_name in self._redis().execute_command("GRAPH.LIST")

    def derived_graphs(self) -> list[str]:
        """Graphs built from this one (per-scope views named '<graph>@<scope>')."""
        return [g for g in self._redis().execute_command("GRAPH.LIST") if g.startswith(self.graph_name + "@")]

    def drop_graph(self, name: str) -> None:
        if name in self._redis().execute_command("GRAPH.LIST"):
            self._redis().execute_command("GRAPH.DELETE", name)

    def _run(self, cypher: str, params: dict[str, Any], timeout_ms: int,
             read_only: bool) -> tuple[list[str], Iterable[Sequence[Any]]]:
        try:
            if read_only and not self.has_graph():
                raise NotLoadedError(f"The graph '{self.graph_name}' does not exist yet: run `make setup` to load it.")
            run = self._graph.ro_query if read_only else self._graph.query
            result = run(cypher, params or None, timeout=timeout_ms)
        except NotLoadedError:
            raise
        except Exception as exc:
            raise _translate(exc, cypher) from exc
        columns = [_column_name(h) for h in (result.header or [])]
        return columns, ([_plain(v) for v in row] for row in result.result_set)

    def validate(self, cypher: str, params: dict[str, Any] | None = None) -> None:
        try:
            self._graph.explain(cypher, params or None)
        except Exception as exc:
            raise _translate(exc, cypher) from exc

    def begin_load(self) -> FalkorLoadTarget:
        return FalkorLoadTarget(self, f"{self.graph_name}__staging_{int(time.time() * 1000)}")

    def ping(self) -> bool:
        try:
            return bool(self._redis().ping())
        except redis.exceptions.RedisError:
            return False

    def describe(self) -> str:
        return f"FalkorDB (embedded, {self.server.paths.socket}) graph '{self.graph_name}'"

    def close(self) -> None:
        self._db.connection.close()


class FalkorLoadTarget(LoadTarget):
    def __init__(self, store: FalkorDBStore, staging_name: str):
        self.store = store
        self.staging_name = staging_name
        self.graph = store._db.select_graph(staging_name)

    def execute(self, cypher: str, params: dict[str, Any] | None = None) -> None:
        try:
            self.graph.query(cypher, params, timeout=0)  # loads are not capped by the read timeout
        except Exception as exc:
            raise _translate(exc, cypher) from exc

    def count(self, cypher: str, params: dict[str, Any]) -> int:
        try:
            result = self.graph.query(cypher, params, timeout=0)
        except Exception as exc:
            raise _translate(exc, cypher) from exc
        return int(result.result_set[0][0]) if result.result_set else 0

    def commit(self) -> None:
        # RENAME replaces the live key atomically: readers see the old graph or the new one, never a mix.
        self.store._redis().rename(self.staging_name, self.store.graph_name)
        self.store._schema = None
        # The server runs without periodic snapshots; persist the new graph now so a crash keeps it.
        self.store._redis().save()

    def abort(self) -> None:
        try:
            if self.staging_name in self.store._redis().execute_command("GRAPH.LIST"):
                self.graph.delete()
        except redis.exceptions.RedisError:
            pass  # the staging key is garbage either way; the next load replaces it


def _column_name(header: Any) -> str:
    # falkordb returns [[type, name], ...]
    if isinstance(header, (list, tuple)) and len(header) == 2:
        return str(header[1])
    return str(header)


def _plain(value: Any) -> Any:
    """Nodes, edges and paths become plain dicts/lists so results are backend-neutral and JSON-able."""
    from falkordb import Edge, Node, Path

    if isinstance(value, Node):
        return {"_labels": list(value.labels or []), **value.properties}
    if isinstance(value, Edge):
        return {"_type": value.relation, **value.properties}
    if isinstance(value, Path):
        return {"nodes": [_plain(n) for n in value.nodes()], "relationships": [_plain(e) for e in value.edges()]}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
