"""The embedded FalkorDB lifecycle, on its own state directory (not the session's graph)."""

import os
import signal
import time

import pytest

from survivorgraph.errors import BackendBusyError, BackendUnavailableError
from survivorgraph.servers.falkordb_server import MAX_QUEUED_QUERIES, QUERY_MEM_CAPACITY_BYTES, EmbeddedFalkorDB


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
    config = dict(server.client().execute_command("GRAPH.CONFIG", "GET", "*"))
    assert config["TIMEOUT_MAX"] == 8000 and config["TIMEOUT_DEFAULT"] == 2000
    assert config["QUERY_MEM_CAPACITY"] == QUERY_MEM_CAPACITY_BYTES == 256 * 2**20
    assert config["MAX_QUEUED_QUERIES"] == MAX_QUEUED_QUERIES
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


def test_a_server_that_does_not_answer_is_busy_not_stopped(server):
    server.ensure_running()
    pid = server.pid()
    assert server.state() == "running"
    os.kill(pid, signal.SIGSTOP)  # frozen: its process is up, nothing answers
    try:
        assert server.state() == "not answering"
        with pytest.raises(BackendBusyError, match="busy with a long query") as busy:
            server.attach()
        assert "make db-down && make db-up" in str(busy.value)
        assert not server.probe(timeout_s=0.5).answered
    finally:
        os.kill(pid, signal.SIGCONT)
    assert server.state() == "running" and server.attach() == server.paths.socket
    server.stop()
    assert server.state() == "stopped"
