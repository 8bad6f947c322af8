"""The embedded FalkorDB lifecycle, on its own state directory (not the session's graph)."""

import os
import signal
import time

import pytest

from survivorgraph.errors import BackendUnavailableError
from survivorgraph.servers.falkordb_server import EmbeddedFalkorDB


@pytest.fixture
def server(tmp_path):
    embedded = EmbeddedFalkorDB(tmp_path, query_timeout_ms=2000)
    yield embedded
    embedded.stop()


def test_start_reuse_and_stop(server):
    socket = server.ensure_running()
    pid = server.pid()
    assert socket.exists() and server.is_running()
    assert server.ensure_running() == socket and server.pid() == pid, "a live server is reused"
    assert server.client().execute_command("GRAPH.CONFIG", "GET", "TIMEOUT_MAX")[1] == 8000
    assert server.stop() is True
    assert not server.is_running() and not socket.exists()
    assert server.stop() is False


def test_attach_without_a_server_says_how_to_start_one(server):
    with pytest.raises(BackendUnavailableError, match="make db-up"):
        server.attach()


def test_data_survives_stop_and_start(server):
    server.ensure_running()
    server.client().execute_command("GRAPH.QUERY", "g", "CREATE (:Kept {n: 1})")
    server.stop()
    server.ensure_running()
    assert server.client().execute_command("GRAPH.QUERY", "g", "MATCH (k:Kept) RETURN k.n")[1] == [[1]]


def test_recovers_from_a_crash_and_a_stale_pidfile(server):
    server.ensure_running()
    server.client().execute_command("GRAPH.QUERY", "g", "CREATE (:Kept {n: 2})")
    server.client().save()
    old_pid = server.pid()
    os.kill(old_pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while server.is_running() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.paths.pidfile.exists(), "a crash leaves its pidfile behind"
    server.paths.pidfile.write_text("999999")  # and it may point at nothing at all
    server.ensure_running()
    assert server.pid() != old_pid
    assert server.client().execute_command("GRAPH.QUERY", "g", "MATCH (k:Kept) RETURN k.n")[1] == [[2]]


def test_long_state_paths_fall_back_to_a_short_socket(tmp_path):
    deep = tmp_path / ("x" * 120)
    embedded = EmbeddedFalkorDB(deep)
    assert len(str(embedded.paths.socket)) <= 100
    try:
        embedded.ensure_running()
        assert embedded.client().ping()
    finally:
        embedded.stop()
