"""Staging graphs left by dead loads are removed at the next load and at `db up` — and only those: a load
running in another process keeps its staging graph. In the session's real embedded FalkorDB; the killed
load is a real `python -m ingest.graph_loader` process, SIGKILLed while it writes its staging graph.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import replace

import pytest

from ingest.graph_loader import load_graph
from survivorgraph.config import PROJECT_DIR
from survivorgraph.graph.staging import is_staging_of
from survivorgraph.servers import lifecycle
from survivorgraph.servers.falkordb_server import EmbeddedFalkorDB

WAIT_S = 300  # a cap for a hung step, not a performance assertion


@pytest.fixture
def falkor(embedded_servers, graph):
    server = EmbeddedFalkorDB(embedded_servers.state_dir, query_timeout_ms=embedded_servers.query_timeout_ms)
    client = server.client()
    yield server, client
    for name in client.execute_command("GRAPH.LIST"):  # whatever a failed test left
        if "__staging_" in name:
            client.execute_command("GRAPH.DELETE", name)
    client.close()


def graphs(client) -> set[str]:
    return set(client.execute_command("GRAPH.LIST"))


def make_graph(client, name: str) -> None:
    client.execute_command("GRAPH.QUERY", name, "CREATE (:Leftover {n: 1})")


def hold_load_lock(server: EmbeddedFalkorDB, staging_name: str) -> subprocess.Popen:
    """Another process holding the lock of `staging_name`, as a running load does, until its stdin closes."""
    code = ("import sys; from pathlib import Path; from survivorgraph.graph.staging import staging_lock; "
            "from survivorgraph.servers.falkordb_server import EmbeddedFalkorDB; "
            f"server = EmbeddedFalkorDB(Path({str(server.paths.root.parent)!r}))\n"
            f"with staging_lock(server, {staging_name!r}):\n    print('held', flush=True); sys.stdin.read()")
    holder = subprocess.Popen([sys.executable, "-c", code], cwd=PROJECT_DIR, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    return holder


def test_staging_names_are_matched_per_graph():
    assert is_staging_of("survivor__staging_1733000000000", "survivor")
    for other in ("survivor2__staging_1", "survivor@S44E06", "survivor__staging_x", "survivor", "x__staging_1"):
        assert not is_staging_of(other, "survivor"), other


def test_db_up_removes_dead_loads_staging_graphs_but_not_a_running_loads(falkor, embedded_servers):
    server, client = falkor
    dead, running, foreign = "survivor__staging_1000", "survivor__staging_2000", "othergraph__staging_3000"
    for name in (dead, running, foreign):
        make_graph(client, name)
    holder = hold_load_lock(server, running)
    try:
        # DATABASE_URL set: `db up` starts no Postgres here, only the FalkorDB part is under test.
        lines = list(lifecycle.start_all(replace(embedded_servers, database_url="postgresql://unused/x")))
        assert any(f"removed 1 staging graph(s) left by interrupted loads: {dead}" in line for line in lines), lines
        assert dead not in graphs(client)
        assert {running, foreign, embedded_servers.falkordb_graph} <= graphs(client)
    finally:
        holder.stdin.close()
        holder.wait(timeout=WAIT_S)
    # Its process ended without switching the graph in (a dead load): now its staging graph goes too.
    lines = list(lifecycle.start_all(replace(embedded_servers, database_url="postgresql://unused/x")))
    assert any(running in line for line in lines), lines
    assert running not in graphs(client) and foreign in graphs(client)
    client.execute_command("GRAPH.DELETE", foreign)


def test_a_sigkilled_load_leaves_a_staging_graph_that_the_next_load_removes(falkor, embedded_servers, graph):
    server, client = falkor
    before = graph.label_counts(), graph.relationship_counts()
    env = {**os.environ, "SURVIVORGRAPH_STATE_DIR": str(embedded_servers.state_dir),
           "SURVIVOR_DATA_DIR": str(embedded_servers.survivor_data_dir), "SURVIVOR_SEASONS": embedded_servers.seasons,
           "FALKORDB_GRAPH": embedded_servers.falkordb_graph, "NEO4J_URI": ""}
    loader = subprocess.Popen([sys.executable, "-m", "ingest.graph_loader"], cwd=PROJECT_DIR, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + WAIT_S
    staging: list[str] = []
    while not staging and loader.poll() is None and time.monotonic() < deadline:
        staging = [g for g in graphs(client) if is_staging_of(g, embedded_servers.falkordb_graph)]
        time.sleep(0.01)
    if not staging:
        loader.kill()
        pytest.fail(f"the load never showed a staging graph (exit {loader.poll()}): {loader.stderr.read()[-2000:]}")
    os.kill(loader.pid, signal.SIGKILL)
    loader.wait(timeout=WAIT_S)
    assert set(staging) <= graphs(client), "the killed load left its staging graph"

    report = load_graph(embedded_servers)

    assert report.removed_staging == staging and "interrupted loads" in report.as_text()
    assert not [g for g in graphs(client) if "__staging_" in g]
    assert (graph.label_counts(), graph.relationship_counts()) == before
