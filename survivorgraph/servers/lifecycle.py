"""Start and stop every embedded server of a state directory (used by `make db-up` / `make db-down`)."""

from __future__ import annotations

from collections.abc import Iterator

from survivorgraph.config import Settings
from survivorgraph.graph.staging import remove_dead_staging_graphs
from survivorgraph.redact import redact
from survivorgraph.servers.falkordb_server import EmbeddedFalkorDB
from survivorgraph.servers.postgres_server import EmbeddedPostgres


def start_all(settings: Settings) -> Iterator[str]:
    if settings.graph_backend == "falkordb":
        falkor = EmbeddedFalkorDB(settings.state_dir, query_timeout_ms=settings.query_timeout_ms)
        yield f"FalkorDB: running on {falkor.ensure_running()}"
        removed = remove_dead_staging_graphs(falkor, settings.falkordb_graph)
        if removed:
            yield f"FalkorDB: removed {len(removed)} staging graph(s) left by interrupted loads: {', '.join(removed)}"
    else:
        yield f"graph: Neo4j at {redact(settings.neo4j_uri)} (not managed here; `make up` starts docker-compose)"
    if settings.postgres_backend == "pgserver":
        EmbeddedPostgres(settings.state_dir).ensure_running()
        yield f"Postgres: running in {EmbeddedPostgres(settings.state_dir).pgdata}"
    else:
        yield "Postgres: DATABASE_URL (not managed here)"


def stop_all(settings: Settings) -> Iterator[str]:
    falkor = EmbeddedFalkorDB(settings.state_dir, query_timeout_ms=settings.query_timeout_ms)
    yield "FalkorDB: stopped (graph saved)" if falkor.stop() else "FalkorDB: was not running"
    from survivorgraph.llm import llama_server

    yield "LLM server: stopped" if llama_server.stop(settings) else "LLM server: was not running"
    yield "Postgres: stopped" if EmbeddedPostgres(settings.state_dir).stop() else "Postgres: was not running"
