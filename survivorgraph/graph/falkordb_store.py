"""FalkorDB backend (embedded server by default).

Reads go through GRAPH.RO_QUERY (the server refuses writes), with a per-query timeout under the
server's TIMEOUT_MAX. Validation uses GRAPH.EXPLAIN: an `EXPLAIN` prefix would execute the query.
A load writes a staging graph key and RENAMEs it over the live one, so readers never see half a load.

Every read and every compile has a client-side deadline too. When the client gives up, the server did not
stop the work itself (an expression or the compiler does not look at the timeout): the watchdog
(`EmbeddedFalkorDB.restart_if_hung`) restarts the server if the work is still running, the question that
caused it gets an error saying so, and every store reconnects by itself (a read whose connection dropped
waits for the server and runs once more). When the server's main thread was what hung (a write, a SAVE or a
deadlock inside the module; reads never run there), the read was a victim: it runs once more on the restarted
server. A store opened while the server does not answer waits a read's deadline, then restarts it.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from typing import Any

import redis
from falkordb import FalkorDB

from survivorgraph.errors import (
    BackendBusyError,
    BackendUnavailableError,
    NotLoadedError,
    QueryError,
    QueryTimeoutError,
    SurvivorGraphError,
)
from survivorgraph.graph.base import GraphStore, LoadTarget
from survivorgraph.servers.falkordb_server import QUERY_MEM_CAPACITY_BYTES, UNANSWERED, EmbeddedFalkorDB

# How long past a read's deadline the client waits for the server's own timeout error (which arrives within
# milliseconds of the deadline when the server can stop the query) before it treats the work as stuck.
CLIENT_GRACE_MS = 2000
# How long a read whose connection dropped (the server restarting) waits for the server to answer again.
RECONNECT_WAIT_S = 30.0
CHEAPER_HELP = ("Write a cheaper query: iterate over the graph's nodes rather than over big range() or collect() "
                "lists, and avoid building strings or lists step by step.")
_LOST = (redis.exceptions.ConnectionError, FileNotFoundError, ConnectionError)
RESTARTED_MEANWHILE = "the server was restarted while the query waited"


def _translate(exc: Exception, cypher: str) -> Exception:
    message = str(exc)
    if isinstance(exc, _LOST):
        return BackendUnavailableError(f"Lost the connection to FalkorDB ({message}). "
                                       "Restart it with `make db-up`; the graph is kept on disk.")
    if isinstance(exc, redis.exceptions.TimeoutError) or "timed out" in message.lower():
        return QueryTimeoutError(f"The query ran past its time limit and was stopped: {message}",
                                 db_message=message, query=cypher)
    if "mem consumption exceeded" in message:
        limit = f"{QUERY_MEM_CAPACITY_BYTES // 2**20} MB"
        return QueryError(f"FalkorDB stopped the query: it needed more than the {limit} one query may use.",
                          db_message=f"{message} ({limit} per query). {CHEAPER_HELP}", query=cypher)
    if "Max pending queries exceeded" in message:
        return BackendBusyError("FalkorDB is busy: too many queries are waiting. Ask again in a moment.")
    return QueryError(f"FalkorDB rejected the query: {message}", db_message=message, query=cypher)


class FalkorDBStore(GraphStore):
    backend = "falkordb"

    def __init__(self, server: EmbeddedFalkorDB, graph_name: str, *, timeout_ms: int, row_cap: int,
                 start: bool = False, watchdog: bool = True):
        super().__init__(timeout_ms=timeout_ms, row_cap=row_cap)
        self.server = server
        self.graph_name = graph_name
        self.watchdog = watchdog  # False: never restart the server (a status check must not change it)
        recover_after_s = (timeout_ms + CLIENT_GRACE_MS) / 1000 if watchdog else None
        self._socket = str(server.ensure_running() if start else server.attach(recover_after_s=recover_after_s))
        # Loads and bookkeeping; reads and compiles use a client with their own deadline (_graph_within).
        self._db = FalkorDB(unix_socket_path=self._socket, socket_timeout=server.query_timeout_ms / 1000 * 4 + 10)
        self._graph = self._db.select_graph(graph_name)
        self._deadline_clients: dict[float, FalkorDB] = {}

    def _redis(self) -> redis.Redis:
        return self._db.connection

    def _client_within(self, socket_timeout_s: float) -> FalkorDB:
        """A client whose socket gives up after `socket_timeout_s` (one client per deadline)."""
        client = self._deadline_clients.get(socket_timeout_s)
        if client is None:
            client = FalkorDB(unix_socket_path=self._socket, socket_timeout=socket_timeout_s)
            self._deadline_clients[socket_timeout_s] = client
        return client

    def _graph_within(self, socket_timeout_s: float, graph_name: str | None = None):
        return self._client_within(socket_timeout_s).select_graph(graph_name or self.graph_name)

    def _graph_names(self, once_more: bool = True) -> list[str]:
        """GRAPH.LIST within a read's deadline. The main thread answers it at once unless something holds it:
        then the watchdog judges the server, and (`once_more`) the list is asked once more of the restarted one;
        a read asks it without, as the read itself runs once more."""
        def list_graphs():
            connection = self._client_within((self.timeout_ms + CLIENT_GRACE_MS) / 1000).connection
            return self._within_deadline(lambda: connection.execute_command("GRAPH.LIST"), "GRAPH.LIST",
                                         self.timeout_ms, "Listing the graphs ran past")

        def attempt():
            return self._reconnecting(list_graphs, "GRAPH.LIST", retry_within_ms=self.timeout_ms + CLIENT_GRACE_MS)

        return _once_more_if_the_server_hung(attempt) if once_more else attempt()

    def has_graph(self) -> bool:
        return self.graph_name in self._graph_names()

    def derived_graphs(self) -> list[str]:
        """Graphs built from this one (per-scope views named '<graph>@<scope>')."""
        return [g for g in self._graph_names() if g.startswith(self.graph_name + "@")]

    def drop_graph(self, name: str) -> None:
        if name in self._graph_names():
            self._redis().execute_command("GRAPH.DELETE", name)

    def _run(self, cypher: str, params: dict[str, Any], timeout_ms: int,
             read_only: bool) -> tuple[list[str], Iterable[Sequence[Any]]]:
        def run():
            if read_only and self.graph_name not in self._graph_names(once_more=False):
                raise NotLoadedError(f"The graph '{self.graph_name}' does not exist yet: run `make setup` to load it.")
            graph = self._graph_within((timeout_ms + CLIENT_GRACE_MS) / 1000)
            runner = graph.ro_query if read_only else graph.query
            return runner(cypher, params or None, timeout=timeout_ms)

        def attempt():
            return self._reconnecting(lambda: self._within_deadline(run, cypher, timeout_ms, "The query ran past"),
                                      cypher, retry_within_ms=timeout_ms + CLIENT_GRACE_MS if read_only else 0)

        result = _once_more_if_the_server_hung(attempt) if read_only else attempt()
        columns = [_column_name(h) for h in (result.header or [])]
        return columns, ([_plain(v) for v in row] for row in result.result_set)

    def validate(self, cypher: str, params: dict[str, Any] | None = None) -> None:
        """GRAPH.EXPLAIN within the store's query deadline: the server has no timeout for compiling."""
        def explain_once():
            graph = self._graph_within(self.timeout_ms / 1000)
            return self._within_deadline(lambda: graph.explain(cypher, params or None), cypher, self.timeout_ms,
                                         "Compiling the query took longer than")

        self._reconnecting(explain_once, cypher, retry_within_ms=self.timeout_ms)

    def _within_deadline(self, call, cypher: str, timeout_ms: int, overran: str):
        """Run `call`; when the client's deadline passes first, let the watchdog judge the server."""
        pid = self.server.pid()
        try:
            return call()
        except redis.exceptions.TimeoutError as exc:
            raise self._stuck(cypher, timeout_ms, pid, overran) from exc
        except (*_LOST, SurvivorGraphError):
            raise  # a lost connection is for _reconnecting
        except Exception as exc:
            raise _translate(exc, cypher) from exc

    def _stuck(self, cypher: str, timeout_ms: int, pid: int | None, overran: str) -> QueryTimeoutError:
        restarted: str | None = None
        if self.watchdog:
            restarted = self.server.restart_if_hung(stuck_query=cypher, stuck_after_ms=timeout_ms, pid=pid)
        limit = f"{timeout_ms / 1000:g} s"
        if restarted:
            error = QueryTimeoutError(
                f"{overran} its {limit} limit and FalkorDB could not stop it ({restarted}), so the embedded "
                "server was restarted; the graph is kept on disk and other questions go on.",
                db_message=f"Query timed out after {limit}: the database could not interrupt it and was restarted. "
                           f"{CHEAPER_HELP}", query=cypher)
            error.restart_reason = restarted
            return error
        error = QueryTimeoutError(f"The query timed out: FalkorDB gave no answer within {limit}.",
                                  db_message=f"Query timed out after {limit}. {CHEAPER_HELP}", query=cypher)
        if self.watchdog and pid is not None and self.server.pid() not in (pid, None):
            error.restart_reason = RESTARTED_MEANWHILE  # another store's watchdog: this read waited behind the hang
        return error

    def _reconnecting(self, action, cypher: str, *, retry_within_ms: float):
        """Run `action`; when its connection dropped (the server restarting) within `retry_within_ms` — before
        its own deadline, so it was not the stuck work — wait for the server and run it once more. Reads and
        compiles only (0 for writes): running them twice changes nothing."""
        started = time.monotonic()
        try:
            return action()
        except _LOST as exc:
            in_time = (time.monotonic() - started) * 1000 < retry_within_ms
            if not in_time or not self.server.wait_until_answering(RECONNECT_WAIT_S):
                raise _translate(exc, cypher) from exc
        try:
            return action()
        except _LOST as exc:
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
        for client in (self._db, *self._deadline_clients.values()):
            client.connection.close()


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
            if self.staging_name in self.store._graph_names():
                self.graph.delete()
        except (redis.exceptions.RedisError, SurvivorGraphError):
            pass  # the staging key is garbage either way; the next load replaces it


def _once_more_if_the_server_hung(attempt):
    """Run a read; when it timed out because the server's main thread hung (which a read never holds), the
    watchdog has restarted the server (this store's or another's, while it waited): run it once more there. A
    read that is itself stuck is not retried."""
    try:
        return attempt()
    except QueryTimeoutError as exc:
        if exc.restart_reason not in (UNANSWERED, RESTARTED_MEANWHILE):
            raise
    return attempt()


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
