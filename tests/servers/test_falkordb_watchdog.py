"""Work the embedded FalkorDB cannot stop by itself: a real slow query and a real slow compile on a real server
(its own state directory, a 1 s query limit), and the watchdog that restarts it while every store recovers.

The slow query passes the structural bounds (its size comes from the data, which no bound can see), so it is
what the watchdog is for: one expression over `collect()`, evaluated inside a single record, where the server
never looks at its timeout. On 1,000 nodes it runs for tens of seconds; the watchdog ends it after ~3 s.
"""

from __future__ import annotations

import os
import signal
import threading

import pytest

from survivorgraph.cypher.safety import check_read_only
from survivorgraph.errors import BackendBusyError, QueryTimeoutError
from survivorgraph.graph.falkordb_store import CLIENT_GRACE_MS, FalkorDBStore
from survivorgraph.servers.falkordb_server import EmbeddedFalkorDB

TIMEOUT_MS = 1000
NODES = 1000
# Three nested iterations over the collected values: ~NODES^3 steps in one expression.
SLOW = ("MATCH (n:N) WITH collect(n.i) AS xs "
        "RETURN size([a IN xs WHERE size([b IN xs WHERE size([c IN xs WHERE a + b = c]) > 0]) > 0]) AS n")
# 22 levels of parentheses: the compiler's time doubles per level (over a minute here); below the bounds check.
DEEP = "RETURN " + "(" * 22 + "1" + ")" * 22 + " AS n"
COUNT = "MATCH (n:N) RETURN count(n) AS n"


@pytest.fixture
def server(tmp_path):
    embedded = EmbeddedFalkorDB(tmp_path, query_timeout_ms=TIMEOUT_MS)
    embedded.ensure_running()
    try:  # stopped even when the setup fails
        loader = FalkorDBStore(embedded, "g", timeout_ms=4 * TIMEOUT_MS, row_cap=10)  # the server cap
        loader.query(f"UNWIND range(1, {NODES}) AS i CREATE (:N {{i: i}})", read_only=False)
        loader._redis().save()  # as a load's commit does
        loader.close()
        yield embedded
    finally:
        embedded.stop()


def store(server: EmbeddedFalkorDB, **kwargs) -> FalkorDBStore:
    return FalkorDBStore(server, "g", timeout_ms=kwargs.pop("timeout_ms", TIMEOUT_MS), row_cap=10, **kwargs)


def test_the_slow_query_is_within_the_structural_bounds():
    assert check_read_only(SLOW) == SLOW


def test_a_query_the_server_cannot_stop_restarts_it_and_every_store_recovers(server):
    asker, bystander = store(server), store(server)
    assert bystander.query(COUNT).single() == NODES
    before = server.pid()
    with pytest.raises(QueryTimeoutError) as timed_out:
        asker.query(check_read_only(SLOW))
    error = timed_out.value
    assert "could not stop it" in str(error) and "restarted" in str(error) and "kept on disk" in str(error)
    assert "timed out" in error.db_message.lower() and "cheaper query" in error.db_message  # for the repair loop
    assert server.pid() != before and server.state() == "running"
    assert server.probe().running == (), "the stuck work ended with the old process"
    # The graph came back from disk; the store that asked and one that was only connected both answer.
    assert asker.query(COUNT).single() == NODES
    assert bystander.query(COUNT).single() == NODES


def test_a_compile_that_hangs_is_cut_off_by_its_deadline(server):
    asker = store(server)
    before = server.pid()
    with pytest.raises(QueryTimeoutError, match="Compiling the query took longer than its 1 s limit"):
        asker.validate(DEEP)
    assert server.pid() != before
    asker.validate("MATCH (n:N) RETURN n.i LIMIT 1")
    assert asker.query(COUNT).single() == NODES


def test_a_question_waiting_behind_the_jam_is_answered_after_the_restart(server):
    """Both worker threads stuck (their clients gave up, no watchdog): a question queued behind them loses its
    connection when the watchdog restarts the server, waits for it, and is answered."""
    jammers = [store(server, timeout_ms=300, watchdog=False) for _ in range(2)]
    jam_errors: list[Exception] = []

    def jam(s):
        try:
            s.query(SLOW)
        except QueryTimeoutError as exc:
            jam_errors.append(exc)

    threads = [threading.Thread(target=jam, args=(s,)) for s in jammers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert len(jam_errors) == 2 and all("gave no answer" in str(e) for e in jam_errors)
    assert server.pid() is not None and len(server.probe().running) == 2, "both workers are still busy"

    answers: list[int] = []
    victim = store(server, timeout_ms=4 * TIMEOUT_MS)  # the longest the server allows
    waiting = threading.Thread(target=lambda: answers.append(victim.query(COUNT).single()))
    waiting.start()
    waiting.join(timeout=1.0)
    assert not answers, "the question waits in the queue behind the jam"
    restarted = server.restart_if_hung(stuck_query=SLOW, stuck_after_ms=300 + CLIENT_GRACE_MS, pid=server.pid())
    assert restarted and "still running" in restarted
    waiting.join(timeout=60)
    assert answers == [NODES]


def test_a_read_a_frozen_server_held_up_runs_again_after_the_restart(server):
    """SIGSTOP holds the main thread as a deadlocked module or a long write does (nothing answers, not even PING):
    the read was the victim, not the cause, so after the watchdog's restart it is answered instead of failing."""
    reader = store(server)
    frozen = server.pid()
    os.kill(frozen, signal.SIGSTOP)
    assert reader.query(COUNT).single() == NODES
    assert server.pid() != frozen and server.state() == "running"


def test_reads_of_several_stores_held_up_together_are_all_answered(server):
    """The page asks three columns at once: one store's watchdog restarts the frozen server, and the reads that
    waited beside it (their server restarted under them) run again too."""
    readers = [store(server) for _ in range(3)]
    frozen = server.pid()
    os.kill(frozen, signal.SIGSTOP)
    answers: list[int] = []
    errors: list[Exception] = []

    def read(reader):
        try:
            answers.append(reader.query(COUNT).single())
        except Exception as exc:  # noqa: BLE001 - the assertion below names it
            errors.append(exc)

    threads = [threading.Thread(target=read, args=(r,)) for r in readers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert errors == [] and answers == [NODES] * 3
    assert server.pid() != frozen


def test_a_read_that_is_itself_stuck_is_not_run_twice(server):
    asker = store(server)
    with pytest.raises(QueryTimeoutError, match="still running after") as timed_out:
        asker.query(check_read_only(SLOW))
    assert timed_out.value.restart_reason.startswith("it was still running")


def test_a_store_opened_while_the_server_is_frozen_restarts_it_after_a_read_deadline(server):
    frozen = server.pid()
    os.kill(frozen, signal.SIGSTOP)
    try:
        with pytest.raises(BackendBusyError, match="make db-down && make db-up"):
            store(server, watchdog=False)  # a status check only reports
        assert server.pid() == frozen
        opened = store(server)
    finally:
        if server.pid() == frozen:
            os.kill(frozen, signal.SIGCONT)
    assert server.pid() != frozen
    assert opened.query(COUNT).single() == NODES


def test_the_watchdog_leaves_a_server_that_answers_alone(server):
    pid = server.pid()
    assert server.restart_if_hung(stuck_query=SLOW, stuck_after_ms=TIMEOUT_MS, pid=pid) is None
    assert server.restart_if_hung(stuck_query=SLOW, stuck_after_ms=TIMEOUT_MS, pid=pid + 1) is None, \
        "a server the caller did not use is not its to restart"
    assert server.pid() == pid


def test_a_store_without_the_watchdog_never_restarts_the_server(server):
    observer = store(server, timeout_ms=300, watchdog=False)
    pid = server.pid()
    with pytest.raises(QueryTimeoutError, match="gave no answer within 0.3 s"):
        observer.query(SLOW)
    assert server.pid() == pid
    # Clean up the stuck worker the way the watchdog would.
    assert server.restart_if_hung(stuck_query=SLOW, stuck_after_ms=300, pid=pid)


def test_the_memory_cap_stops_what_the_timeout_cannot(tmp_path):
    from survivorgraph.errors import QueryError

    # 20M values (~320 MB) built inside one record: the timeout never looks, the memory cap does (0.7-4.6 s
    # here), so a server of its own with a generous limit. A direct call, below the bounds check.
    roomy = EmbeddedFalkorDB(tmp_path / "roomy", query_timeout_ms=30_000)
    roomy.ensure_running()
    try:
        capped = FalkorDBStore(roomy, "g", timeout_ms=30_000, row_cap=10, watchdog=False)
        with pytest.raises(QueryError, match="256 MB") as refused:
            capped.query("RETURN size(range(1, 20000000)) AS n", read_only=False)  # no graph needed
        assert "cheaper query" in refused.value.db_message
        assert capped.query("RETURN 1 AS one", read_only=False).single() == 1
    finally:
        roomy.stop()


def test_a_store_waits_for_a_server_coming_back_but_not_for_one_that_is_down(server):
    import time

    from filelock import FileLock

    from survivorgraph.errors import BackendUnavailableError
    from survivorgraph.graph.falkordb_store import RECONNECT_WAIT_S

    asker = store(server)
    assert asker.query(COUNT).single() == NODES
    # Restarted by someone else (who holds the start/stop lock meanwhile): the read waits and is answered.
    stopped = threading.Event()

    def restart_elsewhere():
        with FileLock(str(server.paths.lockfile)):
            server._force_stop(server.pid(), save=True)
            server._clear_stale()
            stopped.set()
            time.sleep(1.0)  # the read below finds no server, but the lock held
            server._start()
            server._wait_ready()

    restarter = threading.Thread(target=restart_elsewhere)
    restarter.start()
    stopped.wait(timeout=30)
    assert server.state() == "stopped"
    assert asker.query(COUNT).single() == NODES
    restarter.join(timeout=60)
    # Down, and nobody bringing it back: a clear error at once, not a wait of RECONNECT_WAIT_S.
    server.stop()
    started = time.monotonic()
    with pytest.raises(BackendUnavailableError, match="make db-up"):
        asker.query(COUNT)
    assert time.monotonic() - started < RECONNECT_WAIT_S  # a generous cap: it does not wait at all
    server.ensure_running()

