"""`survivorgraph status` tells a busy graph server from an empty one, on a real embedded FalkorDB of its own
(a frozen process; two worker threads held by real slow queries), and never restarts what it reports on."""

from __future__ import annotations

import json
import os
import signal

import pytest
from click.testing import CliRunner

from survivorgraph.graph.falkordb_store import FalkorDBStore
from survivorgraph.servers.falkordb_server import EmbeddedFalkorDB
from survivorgraph.status import graph_status
from tests.conftest import make_settings
from tests.servers.test_falkordb_watchdog import NODES, SLOW


@pytest.fixture
def falkor(tmp_path):
    tmp_path.chmod(0o755)
    settings = make_settings(tmp_path)
    server = EmbeddedFalkorDB(tmp_path, query_timeout_ms=settings.query_timeout_ms)
    server.ensure_running()
    try:
        yield settings, server
    finally:
        server.stop()


def _load(settings, server, *, with_info: bool) -> None:
    store = FalkorDBStore(server, settings.falkordb_graph, timeout_ms=5000, row_cap=10)
    store.query(f"UNWIND range(1, {NODES}) AS i CREATE (:N {{i: i}})", read_only=False)
    if with_info:
        store.query("CREATE (:DatasetInfo {version: 'US', scope: 'test', loaded_at: 'now'})", read_only=False)
    store.close()


def test_no_graph_and_no_dataset_are_empty(falkor):
    settings, server = falkor
    assert graph_status(settings)["state"] == "empty"
    _load(settings, server, with_info=False)
    report = graph_status(settings)
    assert report["state"] == "empty" and "make setup" in report["message"]


def test_a_loaded_graph_is_up(falkor):
    settings, server = falkor
    _load(settings, server, with_info=True)
    report = graph_status(settings)
    assert report["state"] == "up" and report["nodes"]["N"] == NODES


def test_a_frozen_server_is_busy_not_empty_or_down(falkor):
    settings, server = falkor
    _load(settings, server, with_info=True)
    pid = server.pid()
    os.kill(pid, signal.SIGSTOP)
    try:
        report = graph_status(settings)
    finally:
        os.kill(pid, signal.SIGCONT)
    assert report["state"] == "busy" and "did not answer" in report["message"], report
    assert server.pid() == pid


def test_a_jammed_server_is_busy_and_says_what_it_runs(falkor):
    """PING still answers (the main thread is free) but no query gets a worker: busy, with what holds them."""
    import threading

    settings, server = falkor
    _load(settings, server, with_info=True)
    pid = server.pid()
    jammers = [FalkorDBStore(server, settings.falkordb_graph, timeout_ms=300, row_cap=1, watchdog=False)
               for _ in range(2)]
    threads = [threading.Thread(target=_ignore_timeout, args=(s,)) for s in jammers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    try:
        report = graph_status(settings)
        cli = CliRunner().invoke(_cli(), ["status", "--json"], env=_env(settings))
    finally:
        server.restart_if_hung(stuck_query=SLOW, stuck_after_ms=0, pid=pid)  # end the jam
    assert report["state"] == "busy", report
    assert "busy with a long query, not empty" in report["message"] and "2 running" in report["message"]
    assert cli.exit_code == 0, cli.output
    assert json.loads(cli.output)["graph"]["state"] == "busy"


def _ignore_timeout(store: FalkorDBStore) -> None:
    from survivorgraph.errors import QueryTimeoutError

    try:
        store.query(SLOW)
    except QueryTimeoutError:
        pass  # the client gave up; the worker keeps going


def test_a_stopped_server_is_down(falkor):
    settings, server = falkor
    server.stop()
    report = graph_status(settings)
    assert report["state"] == "down" and "make db-up" in report["message"]


def _cli():
    from survivorgraph.cli import main

    return main


def _env(settings) -> dict[str, str]:
    return {"SURVIVORGRAPH_STATE_DIR": str(settings.state_dir), "NEO4J_URI": "", "DATABASE_URL": "",
            "OPENAI_API_KEY": "", "LLM_BASE_URL": "", "LLM_MODEL_PATH": ""}
