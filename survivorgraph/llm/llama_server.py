"""The embedded llama.cpp server (xllamacpp), shared by the CLI, the app and the tests.

Loading a 1 GB model takes seconds and 2 GB of RAM, so one server per state directory outlives the
process that started it: a detached child (`python -m survivorgraph.llm.llama_server serve ...`) on
127.0.0.1 and a port the OS picks. State lives in `<state_dir>/llm/`: a pidfile, `server.json`
(pid, port, model path and sha, settings), the log, and a file lock that serialises start/stop. A live
server is reused when it serves the same model with the same settings, replaced when not; a stale
pidfile left by a crash is cleaned up. `python -m survivorgraph.llm.llama_server start|stop|status`.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path

from filelock import FileLock, Timeout

from survivorgraph.config import Settings
from survivorgraph.errors import BackendUnavailableError, NoModelError
from survivorgraph.llm import model_files
from survivorgraph.llm.options import LLMOptions

START_TIMEOUT_S = 180.0
STOP_TIMEOUT_S = 20.0
HEALTH_GRACE_S = 10.0
HOST = "127.0.0.1"
# Slots: requests the server works on together, each with LLM_CTX_SIZE tokens of its own. The app asks its
# three columns at once; with one slot their model calls queued one behind the other. Measured here (2 cores,
# 8 gold questions, text-to-Cypher): two concurrent askers finish in 3 min 22 s with 4 slots against 4 min 40 s
# one after the other (1.4x; decoding is memory-bound, so batched requests share the cost). A single request
# is no faster; llama.cpp's host-memory prompt cache already keeps each prompt's prefix (schema) between calls.
PROMPT_SLOTS = 4
# Each kind of call has a stable prefix (the Cypher prompt's ~3,100-token schema, the answer and routing
# instructions); kept in a slot of its own, a call of one kind never evicts another kind's cached prefix.
SLOT_BY_CALL = {"cypher": 0, "answer": 1, "route": 2, "critic": 3}


def slot_for(label: str) -> int | None:
    """The slot for a call labelled e.g. 'cypher-repair' (its kind is the part before the first '-')."""
    return SLOT_BY_CALL.get(label.split("-", 1)[0])
_MARK = "survivorgraph.llm.llama_server"  # in the child's command line: proves a pid is ours
_children: list[subprocess.Popen] = []  # keep Popen objects alive so no ResourceWarning, and reapable


@dataclass(frozen=True)
class ServerState:
    pid: int
    port: int
    model_path: str
    model_sha: str
    model_size: int
    model_mtime_ns: int
    model_alias: str
    ctx_size: int
    threads: int
    started_at: float
    slots: int = 1  # absent from the state of servers started before there were several

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def base_url(self) -> str:
        return self.url + "/v1"


class _Paths:
    def __init__(self, settings: Settings):
        self.state_dir = settings.state_dir
        self.root = settings.state_dir / "llm"
        self.pidfile, self.state = self.root / "server.pid", self.root / "server.json"
        self.lock, self.log = self.root / "server.lock", self.root / "server.log"


def _model_key(path: Path) -> tuple[str, int, int]:
    st = path.stat()
    return str(path.resolve()), st.st_size, st.st_mtime_ns


def _model_sha(path: Path, settings: Settings) -> str:
    if path.resolve() == model_files.cached_model_path(settings).resolve() and model_files.is_verified(path):
        return model_files.GGUF_SHA256
    return model_files.sha256_file(path)  # a user's GGUF: hashed once per start (~3 s per GB)


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie is dead
    except ProcessLookupError:
        return False
    except OSError:
        return True


def _is_ours(pid: int, paths: _Paths) -> bool:
    """The pid runs our server for this state directory (pids get recycled; other checkouts exist)."""
    try:
        args = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
    except OSError:
        return False
    return _MARK in args and str(paths.state_dir) in args


def _healthy(state: ServerState, timeout: float = 5.0) -> bool:
    try:
        with urllib.request.urlopen(state.url + "/health", timeout=timeout) as resp:
            return resp.status == 200
    except OSError:
        return False


def _read_state(paths: _Paths) -> ServerState | None:
    try:
        return ServerState(**json.loads(paths.state.read_text()))
    except (OSError, ValueError, TypeError):
        return None


def _log_tail(paths: _Paths, lines: int = 20) -> str:
    try:
        return "\n".join(paths.log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _live(paths: _Paths, grace_s: float = 0.0) -> ServerState | None:
    """The recorded server if its process is ours and answers /health (retried for grace_s)."""
    state = _read_state(paths)
    if not (state and _process_alive(state.pid) and _is_ours(state.pid, paths)):
        return None
    deadline = time.monotonic() + grace_s
    while True:
        if _healthy(state):
            return state
        if time.monotonic() >= deadline or not _process_alive(state.pid):
            return None
        time.sleep(0.5)


def _locked(paths: _Paths, timeout_s: float) -> FileLock:
    return FileLock(str(paths.lock), timeout=timeout_s)


def status(settings: Settings) -> ServerState | None:
    """The running, healthy server of this state directory, or None. Never starts one."""
    return _live(_Paths(settings))


def ensure_running(settings: Settings, *, model_path: Path | None = None, options: LLMOptions | None = None,
                   start_timeout_s: float = START_TIMEOUT_S) -> ServerState:
    """A healthy server for `model_path` (default: the installed GGUF), reused or started."""
    options = options or LLMOptions.from_env()
    model_path = model_path or model_files.find_model(settings)
    if model_path is None:
        raise NoModelError(f"No local model is installed; {model_files.FIX}.")
    paths = _Paths(settings)
    paths.root.mkdir(parents=True, exist_ok=True)
    lock = _locked(paths, start_timeout_s + STOP_TIMEOUT_S)
    try:
        lock.acquire()
    except Timeout:
        raise BackendUnavailableError(f"Another process holds {paths.lock} (starting or stopping the llama.cpp "
                                      "server) for too long; retry, or run `python -m survivorgraph.llm.llama_server "
                                      "stop`.") from None
    try:
        # A busy server answers /health within milliseconds; the grace only covers a hiccup, so a live
        # server serving another client's request is never killed by mistake.
        state = _live(paths, grace_s=HEALTH_GRACE_S)
        wanted = (_model_key(model_path), options.ctx_size, options.server_threads, PROMPT_SLOTS)
        if state and ((state.model_path, state.model_size, state.model_mtime_ns), state.ctx_size, state.threads,
                      state.slots) == wanted:
            return state
        _stop_locked(paths)  # a server for another model or settings, a hung one, or stale files
        return _start(paths, settings, model_path, options, start_timeout_s)
    finally:
        lock.release()


def _start(paths: _Paths, settings: Settings, model_path: Path, options: LLMOptions, timeout_s: float) -> ServerState:
    sha = _model_sha(model_path, settings)
    cmd = [sys.executable, "-m", _MARK, "serve", "--state-dir", str(settings.state_dir), "--model",
           str(model_path.resolve()), "--sha", sha, "--ctx", str(options.ctx_size),
           "--threads", str(options.server_threads), "--slots", str(PROMPT_SLOTS)]
    env = os.environ | {"PYTHONPATH": os.pathsep.join(filter(None, [str(Path(__file__).resolve().parents[2]),
                                                                    os.environ.get("PYTHONPATH")]))}
    with open(paths.log, "wb") as log:
        # A new session: Ctrl-C in the terminal or the end of the parent does not stop the server.
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                cwd=paths.root, env=env, start_new_session=True)
    _children.append(proc)
    paths.pidfile.write_text(f"{proc.pid}\n")
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            _cleanup(paths)
            raise BackendUnavailableError(f"The llama.cpp server exited (code {proc.returncode}) while loading "
                                          f"{model_path}. Log {paths.log}:\n{_log_tail(paths)}")
        state = _read_state(paths)
        if state and state.pid == proc.pid and _healthy(state, timeout=2):
            return state
        time.sleep(0.2)
    _terminate(proc.pid)
    _cleanup(paths)
    raise BackendUnavailableError(f"The llama.cpp server did not become healthy in {timeout_s:.0f} s "
                                  f"({model_path}). Log {paths.log}:\n{_log_tail(paths)}")


def _terminate(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + STOP_TIMEOUT_S
    while time.monotonic() < deadline:
        try:  # reap it if it is our child (else it would linger as a zombie)
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass
        if not _process_alive(pid):
            return
        time.sleep(0.1)
    os.kill(pid, signal.SIGKILL)


def _cleanup(paths: _Paths) -> None:
    for leftover in (paths.pidfile, paths.state):
        leftover.unlink(missing_ok=True)


def _stop_locked(paths: _Paths) -> bool:
    pids = set()
    state = _read_state(paths)
    if state:
        pids.add(state.pid)
    try:
        pids.add(int(paths.pidfile.read_text().strip()))
    except (OSError, ValueError):
        pass
    stopped = False
    for pid in pids:
        if _process_alive(pid) and _is_ours(pid, paths):  # a recycled pid is never killed
            _terminate(pid)
            stopped = True
    _cleanup(paths)
    return stopped


def stop(settings: Settings) -> bool:
    """Stop the server of this state directory; False when none was running."""
    paths = _Paths(settings)
    if not paths.root.exists():
        return False
    with _locked(paths, START_TIMEOUT_S + STOP_TIMEOUT_S):
        return _stop_locked(paths)


def serve(state_dir: Path, model: Path, sha: str, ctx: int, threads: int, slots: int = PROMPT_SLOTS) -> None:
    """The child process: load the model, publish the port, serve until SIGTERM."""
    import xllamacpp as xlc

    def _exit(signum, _frame):
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, _exit)
    signal.signal(signal.SIGINT, _exit)
    params = xlc.CommonParams()
    params.model.path = str(model)
    params.model_alias = {model.stem}  # the name clients see in /v1/models and responses
    params.hostnames = [HOST]
    params.port = 0  # the OS picks a free port; no race between choosing and binding
    params.n_ctx = ctx * slots  # each slot gets n_ctx / n_parallel: one request still has `ctx` tokens
    params.n_parallel = slots
    params.kv_unified = False
    params.cache_prompt = True
    params.cpuparams.n_threads = threads
    params.cpuparams_batch.n_threads = threads
    params.ui = False
    server = xlc.Server(params)  # returns once the model is loaded and the port is bound
    port = int(server.listening_address.rsplit(":", 1)[1].split("/")[0])
    st = model.stat()
    state = ServerState(pid=os.getpid(), port=port, model_path=str(model), model_sha=sha, model_size=st.st_size,
                        model_mtime_ns=st.st_mtime_ns, model_alias=model.stem, ctx_size=ctx, threads=threads,
                        started_at=time.time(), slots=slots)
    paths_state = state_dir / "llm" / "server.json"
    tmp = paths_state.with_suffix(".tmp")
    tmp.write_text(json.dumps(asdict(state), indent=1))
    tmp.replace(paths_state)  # readers never see half a file
    print(f"serving {model.name} on {state.url}", flush=True)
    try:
        while True:
            time.sleep(3600)
    finally:
        del server  # stops the HTTP threads and frees the model


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m " + _MARK, description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    start_p = sub.add_parser("start", help="start (or reuse) the server for the installed model")
    start_p.add_argument("--model", type=Path, help="GGUF to serve (default: LLM_MODEL_PATH or the cache)")
    sub.add_parser("stop", help="stop the server")
    sub.add_parser("status", help="print the running server as JSON")
    serve_p = sub.add_parser("serve", help=argparse.SUPPRESS)  # the detached child itself
    for name, kind in (("--state-dir", Path), ("--model", Path), ("--sha", str), ("--ctx", int), ("--threads", int),
                       ("--slots", int)):
        serve_p.add_argument(name, type=kind, required=True)
    args = parser.parse_args(argv)
    if args.command == "serve":
        serve(args.state_dir, args.model, args.sha, args.ctx, args.threads, args.slots)
        return 0
    settings = Settings.from_env()
    try:
        if args.command == "start":
            started = time.monotonic()
            state = ensure_running(settings, model_path=args.model)
            print(f"llama.cpp server ready in {time.monotonic() - started:.1f} s: {state.base_url} "
                  f"(model {state.model_alias}, pid {state.pid})")
        elif args.command == "stop":
            print("stopped" if stop(settings) else "not running")
        else:
            state = status(settings)
            print(json.dumps(asdict(state) | {"base_url": state.base_url}, indent=1) if state else "not running")
            return 0 if state else 3
    except (NoModelError, BackendUnavailableError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
