"""The graph store interface shared by FalkorDB and Neo4j.

Backends implement a handful of raw operations (`_run`, `_run_write`, load staging); everything
above them — row caps, result shaping, schema discovery, counts — lives here once.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

# Labels that hold bookkeeping, not Survivor facts: hidden from schema descriptions for the LLM.
META_LABEL = "DatasetInfo"


@dataclass
class QueryResult:
    query: str
    params: dict[str, Any]
    columns: list[str]
    rows: list[dict[str, Any]]
    truncated: bool = False  # more rows existed than the cap allowed
    elapsed_ms: float = 0.0

    def values(self, column: str | None = None) -> list[Any]:
        column = column or self.columns[0]
        return [row[column] for row in self.rows]

    def single(self) -> Any:
        """The one value of a one-row, one-column result (None when empty)."""
        return self.rows[0][self.columns[0]] if self.rows else None


@dataclass
class GraphSchema:
    """What an LLM needs to write Cypher: labels with properties, relationship patterns with direction."""

    node_properties: dict[str, dict[str, str]] = field(default_factory=dict)  # label -> {prop: type}
    rel_properties: dict[str, dict[str, str]] = field(default_factory=dict)   # type -> {prop: type}
    patterns: list[tuple[str, str, str]] = field(default_factory=list)        # (from label, type, to label)
    enum_values: dict[str, list[Any]] = field(default_factory=dict)           # "Label.prop" -> values

    def as_text(self) -> str:
        lines = ["Node labels and properties:"]
        for label, props in sorted(self.node_properties.items()):
            lines.append(f"  (:{label} {{{', '.join(f'{p}: {t}' for p, t in sorted(props.items()))}}})")
        if self.enum_values:
            lines.append("Allowed values of enum-like properties:")
            for key, values in sorted(self.enum_values.items()):
                lines.append(f"  {key}: {', '.join(repr(v) for v in values)}")
        # The relationships come last, nearest the question: a small model leans on what it read last, and
        # the paths between labels are what it most often gets wrong.
        lines.append("Relationships (direction matters):")
        for a, rel, b in sorted(self.patterns):
            props = self.rel_properties.get(rel) or {}
            inner = f" {{{', '.join(f'{p}: {t}' for p, t in sorted(props.items()))}}}" if props else ""
            lines.append(f"  (:{a})-[:{rel}{inner}]->(:{b})")
        return "\n".join(lines)


class LoadTarget(ABC):
    """Where a load writes. `commit` makes it the live graph atomically; `abort` drops it."""

    @abstractmethod
    def execute(self, cypher: str, params: dict[str, Any] | None = None) -> None: ...

    @abstractmethod
    def count(self, cypher: str, params: dict[str, Any]) -> int:
        """Run a write that ends in `RETURN count(x)` and return that count."""

    def write_batches(self, cypher: str, rows: Sequence[dict[str, Any]], batch_size: int = 5000) -> int:
        """Run `cypher` (which starts with `UNWIND $rows AS row`) over rows in batches."""
        for start in range(0, len(rows), batch_size):
            self.execute(cypher, {"rows": list(rows[start:start + batch_size])})
        return len(rows)

    @abstractmethod
    def commit(self) -> None: ...

    @abstractmethod
    def abort(self) -> None: ...


class GraphStore(ABC):
    backend: str = "?"

    def __init__(self, *, timeout_ms: int, row_cap: int):
        self.timeout_ms = timeout_ms
        self.row_cap = row_cap
        self._schema: GraphSchema | None = None

    # -- raw operations the backends provide ------------------------------------------------------
    @abstractmethod
    def _run(self, cypher: str, params: dict[str, Any], timeout_ms: int,
             read_only: bool) -> tuple[list[str], Iterable[Sequence[Any]]]:
        """Execute one statement; return column names and row tuples. Raise QueryError/QueryTimeoutError."""

    @abstractmethod
    def begin_load(self) -> LoadTarget: ...

    @abstractmethod
    def validate(self, cypher: str, params: dict[str, Any] | None = None) -> None:
        """Compile without executing (raise QueryError with the server's message)."""

    @abstractmethod
    def ping(self) -> bool: ...

    @abstractmethod
    def describe(self) -> str:
        """Human-readable location, e.g. 'FalkorDB (embedded, /path/falkordb.sock) graph survivor'."""

    def close(self) -> None:  # noqa: B027  # pragma: no cover
        """Release connections. Deliberately a no-op, not abstract: an optional hook that backends override
        when they hold resources."""

    # -- shared behaviour -------------------------------------------------------------------------
    def query(self, cypher: str, params: dict[str, Any] | None = None, *, timeout_ms: int | None = None,
              row_cap: int | None = None, read_only: bool = True) -> QueryResult:
        params = params or {}
        cap = row_cap if row_cap is not None else self.row_cap
        started = time.perf_counter()
        columns, raw_rows = self._run(cypher, params, timeout_ms or self.timeout_ms, read_only)
        rows: list[dict[str, Any]] = []
        truncated = False
        for raw in raw_rows:
            if len(rows) >= cap:
                truncated = True
                break
            rows.append(dict(zip(columns, raw)))
        elapsed = (time.perf_counter() - started) * 1000
        return QueryResult(cypher, params, columns, rows, truncated, elapsed)

    def label_counts(self) -> dict[str, int]:
        labels = self.query("CALL db.labels() YIELD label RETURN label").values()
        return {label: self.query(f"MATCH (n:`{label}`) RETURN count(n) AS n").single() for label in labels}

    def relationship_counts(self) -> dict[str, int]:
        types = self.query("CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType").values()
        return {t: self.query(f"MATCH ()-[r:`{t}`]->() RETURN count(r) AS n").single() for t in types}

    def dataset_info(self) -> dict[str, Any] | None:
        result = self.query(f"MATCH (d:{META_LABEL}) RETURN properties(d) AS info LIMIT 1")
        return result.single()

    def schema(self, refresh: bool = False) -> GraphSchema:
        """The live schema, discovered once per store (cheap: one sample per label/type)."""
        if self._schema is None or refresh:
            from survivorgraph.graph.schema_discovery import discover_schema

            self._schema = discover_schema(self)
        return self._schema

    def health(self) -> dict[str, Any]:
        info: dict[str, Any] = {"backend": self.backend, "where": self.describe(), "reachable": self.ping()}
        if info["reachable"]:
            info["dataset"] = self.dataset_info()
        return info
