"""What is configured and what is up: one report for `survivorgraph status` and the app's sidebar.

Nothing here starts a server: a status check must not change what it reports on (it never restarts a busy
one either). The graph's state is one of: up, empty (no graph loaded), busy (the server is up but does not
answer in time: a long query holds it), down, error.
"""

from __future__ import annotations

from typing import Any

from survivorgraph.config import Settings
from survivorgraph.errors import BackendBusyError, NotLoadedError, QueryTimeoutError, SurvivorGraphError
from survivorgraph.redact import redact

# A status query (dataset info, label counts) takes milliseconds; one that takes this long means the server is
# busy, and the report must come back quickly anyway.
STATUS_TIMEOUT_MS = 2000


def graph_status(settings: Settings) -> dict[str, Any]:
    from survivorgraph.graph import open_graph_store

    backend = settings.graph_backend
    try:
        store = open_graph_store(settings, start=False, timeout_ms=STATUS_TIMEOUT_MS, watchdog=False)
    except BackendBusyError as exc:
        return {"backend": backend, "state": "busy", "message": str(exc)}
    except SurvivorGraphError as exc:
        return {"backend": backend, "state": "down", "message": str(exc)}
    try:
        info = store.dataset_info()
        report: dict[str, Any] = {"backend": backend, "where": store.describe(), "state": "up"}
        if info is None:
            report.update(state="empty", message="No graph loaded yet: run `make setup`.")
        else:
            report["dataset"] = f"{info.get('version')} ({info.get('scope')}, loaded {info.get('loaded_at')})"
            report["nodes"] = {k: v for k, v in store.label_counts().items() if k != "DatasetInfo"}
        return report
    except NotLoadedError as exc:
        return {"backend": backend, "state": "empty", "message": str(exc)}
    except (QueryTimeoutError, BackendBusyError):
        return {"backend": backend, "where": store.describe(), "state": "busy", "message": _busy_message(store)}
    except SurvivorGraphError as exc:
        return {"backend": backend, "state": "error", "message": str(exc)}
    finally:
        store.close()


def _busy_message(store) -> str:
    message = (f"The graph server is up but did not answer within {STATUS_TIMEOUT_MS / 1000:g} s: it is busy with "
               "a long query, not empty.")
    server = getattr(store, "server", None)  # the embedded FalkorDB can say what it is running
    found = server.probe() if server is not None else None
    if found is not None and found.running:
        longest = max(q.elapsed_ms for q in found.running) / 1000
        message += f" {len(found.running)} running, the longest for {longest:.0f} s."
    if server is not None:
        message += " It recovers by itself (a question that times out restarts it); `make db-down && make db-up` " \
                   "forces it now."
    return message


def postgres_status(settings: Settings) -> dict[str, Any]:
    from survivorgraph.servers.postgres_server import health

    try:
        return {"backend": settings.postgres_backend, "state": "up", **health(settings)}
    except SurvivorGraphError as exc:
        return {"backend": settings.postgres_backend, "state": "down", "message": str(exc)}


def text_status(settings: Settings) -> dict[str, Any]:
    from survivorgraph.text.store import text_stats

    try:
        stats = text_stats(settings)
    except SurvivorGraphError as exc:
        return {"state": "down", "message": str(exc)}
    if stats is None:
        return {"state": "empty", "message": "No text index yet: run `make setup` (or `make text`)."}
    return {"state": "up", "chunks": stats.chunks, "documents": stats.documents, "corpus": stats.corpus,
            "embedding_model": f"{stats.embedding_model} ({stats.embedding_dim}-d)",
            "seasons_without_episode_text": list(stats.seasons_without_episodes)}


def llm_status(settings: Settings) -> str:
    from survivorgraph.llm.provider import describe_llm

    return describe_llm(settings)


def collect_status(settings: Settings) -> dict[str, Any]:
    report = {
        "graph": graph_status(settings),
        "postgres": postgres_status(settings),
        "text": text_status(settings),
        "llm": llm_status(settings),
        "settings": {k: v for k, v in settings.describe().items() if v not in ("", "None")},
    }
    return _redacted(report)


def _redacted(value: Any) -> Any:
    """The report as shown: every text in it redacted (the messages come from many drivers)."""
    if isinstance(value, dict):
        return {key: _redacted(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_redacted(item) for item in value]
    return redact(value) if isinstance(value, str) else value
