"""Neo4j 5 backend over Bolt (used when NEO4J_URI is set). Kept thin: shared behaviour is in base.py.

Reads run in READ transactions with a transaction timeout, and EXPLAIN (the compile check) has the same
timeout; the server caps time and memory per transaction too (docker-compose.yml). A Neo4j server is never
restarted from here: it is not ours. A load upserts with MERGE on each entity's
key and stamps a load id; `commit` deletes what the new load did not touch, so a failed load leaves the
previous graph (plus some identical upserts) usable.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from typing import Any

from survivorgraph.errors import BackendUnavailableError, ConfigError, QueryError, QueryTimeoutError
from survivorgraph.graph.base import GraphStore, LoadTarget
from survivorgraph.redact import redact


class Neo4jStore(GraphStore):
    backend = "neo4j"

    def __init__(self, uri: str, user: str, password: str, database: str, *, timeout_ms: int, row_cap: int):
        super().__init__(timeout_ms=timeout_ms, row_cap=row_cap)
        import neo4j

        self._neo4j = neo4j
        self.uri, self.database = uri, database
        self._driver = _driver(neo4j, uri, user, password)
        try:
            self._driver.verify_connectivity()
        except neo4j.exceptions.AuthError as exc:
            self._driver.close()
            raise ConfigError(f"Neo4j at {redact(uri)} refused user {user!r} ({redact(exc, [password])}): fix "
                              "NEO4J_USER / NEO4J_PASSWORD.") from exc
        except Exception as exc:
            self._driver.close()
            raise BackendUnavailableError(
                f"Cannot reach Neo4j at {redact(uri)} ({redact(exc, [password])}). Start it with `make up` "
                "(docker-compose) or fix NEO4J_URI / NEO4J_USER / NEO4J_PASSWORD; unset NEO4J_URI to use the "
                "embedded FalkorDB.") from exc

    def _run(self, cypher: str, params: dict[str, Any], timeout_ms: int,
             read_only: bool) -> tuple[list[str], Iterable[Sequence[Any]]]:
        neo4j = self._neo4j
        query = neo4j.Query(cypher, timeout=timeout_ms / 1000)

        def work(tx):
            result = tx.run(query, params)
            records = list(result)
            return list(result.keys()), [[_plain(v) for v in r.values()] for r in records]

        try:
            with self._driver.session(database=self.database) as session:
                runner = session.execute_read if read_only else session.execute_write
                return runner(work)
        except neo4j.exceptions.ServiceUnavailable as exc:
            raise BackendUnavailableError(f"Lost the connection to Neo4j ({redact(exc)}). Is it up? `make up`.") \
                from exc
        except neo4j.exceptions.ClientError as exc:
            raise _client_error(exc, cypher) from exc

    def validate(self, cypher: str, params: dict[str, Any] | None = None) -> None:
        # On Neo4j, EXPLAIN compiles without executing; a read-only query reports query_type 'r'. It gets the
        # query's own timeout, so a compile that hangs cannot hold the question.
        neo4j = self._neo4j
        explain = neo4j.Query(f"EXPLAIN {cypher}", timeout=self.timeout_ms / 1000)
        try:
            with self._driver.session(database=self.database) as session:
                summary = session.run(explain, params or {}).consume()
        except neo4j.exceptions.ServiceUnavailable as exc:
            raise BackendUnavailableError(f"Lost the connection to Neo4j ({exc}). Is it up? `make up`.") from exc
        except neo4j.exceptions.ClientError as exc:
            raise _client_error(exc, cypher) from exc
        if summary.query_type != "r":
            from survivorgraph.errors import UnsafeQueryError

            raise UnsafeQueryError("The query would write to the graph; only reads are allowed.", query=cypher)

    def begin_load(self) -> Neo4jLoadTarget:
        return Neo4jLoadTarget(self)

    def ping(self) -> bool:
        try:
            self._driver.verify_connectivity()
            return True
        except Exception:
            return False

    def describe(self) -> str:
        return f"Neo4j at {redact(self.uri)} database '{self.database}'"

    def close(self) -> None:
        self._driver.close()


def _driver(neo4j, uri: str, user: str, password: str):
    """The driver, or a ConfigError with the fix: it refuses a URI with userinfo or an unknown scheme, and
    its message would show the URI whole."""
    try:
        return neo4j.GraphDatabase.driver(uri, auth=(user, password))
    except (neo4j.exceptions.ConfigurationError, ValueError) as exc:
        if "@" in uri:
            raise ConfigError(f"NEO4J_URI={redact(uri)} carries a user or password, which the Neo4j driver does "
                              f"not accept: set NEO4J_URI={_without_userinfo(uri)} and put them in NEO4J_USER / "
                              "NEO4J_PASSWORD.") from exc
        raise ConfigError(f"NEO4J_URI={redact(uri)} is not a Neo4j URI ({redact(exc, [password])}): use "
                          "bolt://HOST:7687 or neo4j://HOST:7687.") from exc


def _without_userinfo(uri: str) -> str:
    """The URI to suggest instead: its host, on a Neo4j scheme."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(uri)
    except ValueError:  # e.g. an unclosed IPv6 bracket
        return "bolt://HOST:7687"
    scheme = parts.scheme if parts.scheme.startswith(("bolt", "neo4j")) else "bolt"
    return f"{scheme}://{parts.netloc.rpartition('@')[2] or 'HOST:7687'}"


class Neo4jLoadTarget(LoadTarget):
    """Loads write straight into the database, stamping `load_id`; commit removes stale entities."""

    # The loader's Cypher uses CREATE on a fresh FalkorDB staging graph; on Neo4j the same statements
    # are turned into MERGE on the entity key by the loader (see ingest.graph_loader).
    upsert = True

    def __init__(self, store: Neo4jStore):
        self.store = store
        self.load_id = uuid.uuid4().hex

    def execute(self, cypher: str, params: dict[str, Any] | None = None) -> None:
        params = {**(params or {}), "load_id": self.load_id}
        self.store._run(cypher, params, timeout_ms=600_000, read_only=False)

    def count(self, cypher: str, params: dict[str, Any]) -> int:
        _, rows = self.store._run(cypher, {**params, "load_id": self.load_id}, timeout_ms=600_000, read_only=False)
        rows = list(rows)
        return int(rows[0][0]) if rows else 0

    def commit(self) -> None:
        self.execute("MATCH ()-[r]->() WHERE r.load_id <> $load_id DELETE r")
        self.execute("MATCH (n) WHERE n.load_id <> $load_id DETACH DELETE n")
        self.store._schema = None

    def abort(self) -> None:
        pass  # the previous entities are untouched where the load did not reach them


def _client_error(exc, cypher: str) -> QueryError:
    """A timeout (the transaction's own or the server's cap) or the server's refusal, with its message."""
    code, message = exc.code or "", exc.message or ""
    if "Timeout" in code or "TimedOut" in code or "timeout" in message.lower():
        return QueryTimeoutError(f"The query ran past its time limit: {message}", db_message=message, query=cypher)
    if "OutOfMemory" in code or "memory limit" in message.lower():
        return QueryError(f"Neo4j stopped the query: it needed more memory than one query may use ({message}).",
                          db_message=f"{message} Return fewer or smaller values (aggregate, LIMIT).", query=cypher)
    return QueryError(f"Neo4j rejected the query: {message}", db_message=message, query=cypher)


def _plain(value: Any) -> Any:
    from neo4j.graph import Node, Path, Relationship

    if isinstance(value, Node):
        return {"_labels": sorted(value.labels), **dict(value)}
    if isinstance(value, Relationship):
        return {"_type": value.type, **dict(value)}
    if isinstance(value, Path):
        return {"nodes": [_plain(n) for n in value.nodes], "relationships": [_plain(r) for r in value.relationships]}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if hasattr(value, "iso_format"):
        return value.iso_format()
    return value
