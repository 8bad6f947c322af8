"""What the page builds once: settings (from the environment, like the CLI), the core object per
(settings, model on/off) with `st.cache_resource`, the worker pool, and status / schema with `st.cache_data`.

Loading the page never loads data: the core opens its stores lazily on the first question, and the status
check never starts a server.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import fields
from typing import Any

import streamlit as st

from survivorgraph.config import Settings
from survivorgraph.redact import redact

logger = logging.getLogger(__name__)


def settings_key(settings: Settings) -> tuple:
    """Every field (secrets included: they only feed the cache hash, never the page)."""
    return tuple(str(getattr(settings, f.name)) for f in fields(settings))


def current_settings() -> Settings:
    return Settings.from_env()


def _release(core) -> None:
    if core.scope is None:
        core.close()
    elif "graph" in vars(core):  # a scoped core shares the text store with its base core: close its graph only
        core.graph.close()


@st.cache_resource(show_spinner=False, hash_funcs={Settings: settings_key}, on_release=_release, max_entries=16)
def core_for(settings: Settings, use_model: bool, watched: str = ""):
    """The one core object for these settings (drivers, pools and the model client live inside it); with
    `watched` ("44:6"), the same core answering for that viewer scope (the spoiler guard)."""
    from survivorgraph.core import SurvivorGraph
    from survivorgraph.ui.runner import make_reentrant

    if watched:
        from ingest.viewer_scope import ViewerScope

        return core_for(settings, use_model).for_scope(ViewerScope.parse(watched))
    core = SurvivorGraph(settings, llm="auto" if use_model else None)
    make_reentrant(core)
    return core


@st.cache_resource(show_spinner=False, hash_funcs={Settings: settings_key})
def warm_model(settings: Settings) -> threading.Thread:
    """Once per process and settings, while the user reads the page: start the model server and read the
    text-to-Cypher prompt's schema (~3,400 tokens, ~90 s on 2 CPU cores) into its cache, so the first question
    does not wait for it. It takes the model server's turn like any request (llm.gate), so it never runs beside
    a question's calls."""
    def work() -> None:
        try:
            core_for(settings, True).warm_model(("graph",))
        except Exception:  # a model or graph that is down says so in its column when asked
            logger.warning("warming the model's prompt cache failed", exc_info=True)

    thread = threading.Thread(target=work, name="sg-warm-model", daemon=True)
    thread.start()
    return thread


@st.cache_resource(show_spinner=False)
def executor() -> ThreadPoolExecutor:
    """Shared by every session: a rerun that abandons a question leaves its workers to finish here."""
    return ThreadPoolExecutor(max_workers=6, thread_name_prefix="sg-ask")


@st.cache_data(ttl=30, show_spinner="Checking the backends\u2026", hash_funcs={Settings: settings_key})
def status(settings: Settings) -> dict[str, Any]:
    """Graph, Postgres, text index and model, without starting anything."""
    from survivorgraph.llm.provider import describe_llm
    from survivorgraph.status import collect_status

    report = collect_status(settings)
    report["text"] = text_status(settings, report["postgres"])
    report["llm"] = describe_llm(settings)
    report["model_configured"] = not report["llm"].startswith(("no model", "LLM misconfigured"))
    return report


def text_status(settings: Settings, postgres: dict[str, Any]) -> dict[str, Any]:
    if postgres.get("state") != "up":
        return {"state": "down", "message": "Postgres is not running, so the text index cannot be read."}
    try:
        from survivorgraph.text.store import text_stats
    except ImportError as exc:
        return {"state": "unknown", "message": f"The text store module is not available here ({exc})."}
    try:
        stats = text_stats(settings)
    except Exception as exc:  # the status panel reports, it never fails the page
        return {"state": "down", "message": f"The text index could not be read ({redact(exc)})."}
    if stats is None:
        return {"state": "empty", "message": "The text index is not built: run `make setup` "
                                             "(or `python -m ingest.text.build`)."}
    return {"state": "up", "chunks": stats.chunks, "documents": stats.documents, "corpus": stats.corpus,
            "embedding_model": stats.embedding_model, "seasons": len(stats.seasons)}


@st.cache_data(ttl=300, show_spinner=False, hash_funcs={Settings: settings_key})
def schema_text(settings: Settings) -> str | None:
    """The live graph schema as the text-to-Cypher prompt sees it (None when the graph is not up)."""
    from survivorgraph.errors import SurvivorGraphError
    from survivorgraph.graph import open_graph_store

    try:
        store = open_graph_store(settings, start=False)
    except SurvivorGraphError:
        return None
    try:
        return store.schema().as_text()
    except SurvivorGraphError:
        return None
    finally:
        store.close()
