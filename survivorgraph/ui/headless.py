"""Start the page headless and drive a real Chromium over the DevTools protocol (CDP).

Used by the browser test and `benchmarks/bench_app.py`. Nothing is downloaded: the browser is Debian's
`chromium` (`apt-get install -y chromium`), spoken to through `websockets` (a Streamlit dependency), so there
is no driver whose version must match the browser. Both processes are stopped by their context managers.

    with serve_app(env) as url, Chromium() as browser:
        page = browser.open(url)
        page.wait_for("document.querySelector('[data-testid=stApp]') !== null")
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from survivorgraph.config import PROJECT_DIR

CHROMIUM_CANDIDATES = ("chromium", "chromium-browser", "google-chrome")
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-extensions",
                  "--disable-default-apps", "--mute-audio", "--hide-scrollbars", "--disable-dev-shm-usage")


class BrowserError(RuntimeError):
    """The browser or the page did not do what was asked in time."""


def find_chromium() -> str | None:
    configured = os.environ.get("CHROMIUM_PATH")
    if configured:
        return configured if Path(configured).is_file() else None
    return next((path for name in CHROMIUM_CANDIDATES if (path := shutil.which(name))), None)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stop(process: subprocess.Popen, timeout: float = 15) -> None:
    """Stop a process group we started: SIGTERM, then SIGKILL."""
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=timeout)


@contextlib.contextmanager
def serve_app(env: dict[str, str] | None = None, *, port: int | None = None, timeout_s: float = 60,
              log_path: Path | None = None) -> Iterator[str]:
    """Run `streamlit run app.py` headless on 127.0.0.1; yield its URL; stop it (and its children) after."""
    port = port or free_port()
    cmd = [sys.executable, "-m", "streamlit", "run", str(PROJECT_DIR / "app.py"), "--server.headless=true",
           f"--server.port={port}", "--server.address=127.0.0.1", "--browser.gatherUsageStats=false",
           "--server.fileWatcherType=none", "--global.developmentMode=false", "--client.toolbarMode=viewer"]
    log = open(log_path, "wb") if log_path else subprocess.DEVNULL  # noqa: SIM115
    process = subprocess.Popen(cmd, cwd=PROJECT_DIR, env={**os.environ, **(env or {})}, stdout=log,
                               stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout_s
        while True:
            if process.poll() is not None:
                raise BrowserError(f"streamlit exited with {process.returncode}" +
                                   (f"; see {log_path}" if log_path else ""))
            with contextlib.suppress(OSError):
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as resp:
                    if resp.status == 200:
                        break
            if time.monotonic() > deadline:
                raise BrowserError(f"streamlit did not answer on {url} within {timeout_s:.0f} s")
            time.sleep(0.2)
        yield url
    finally:
        _stop(process)
        if log_path:
            log.close()


class Page:
    """One browser tab over a CDP websocket: evaluate JavaScript, type, wait, screenshot."""

    def __init__(self, ws_url: str):
        from websockets.sync.client import connect

        self._stack = contextlib.ExitStack()
        self._ws = self._stack.enter_context(connect(ws_url, max_size=None, open_timeout=10))
        self._next = 0

    def close(self) -> None:
        self._stack.close()

    def send(self, method: str, params: dict | None = None, timeout_s: float = 30) -> dict:
        self._next += 1
        call_id = self._next
        self._ws.send(json.dumps({"id": call_id, "method": method, "params": params or {}}))
        deadline = time.monotonic() + timeout_s
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise BrowserError(f"{method}: no answer within {timeout_s} s")
            message = json.loads(self._ws.recv(timeout=remaining))
            if message.get("id") == call_id:
                if "error" in message:
                    raise BrowserError(f"{method}: {message['error']}")
                return message.get("result", {})

    def evaluate(self, expression: str):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise BrowserError(f"JavaScript failed: {result['exceptionDetails'].get('text')} in {expression[:80]}")
        return result.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout_s: float = 60, interval_s: float = 0.1):
        """Poll a JavaScript expression until it is truthy; return its value."""
        deadline = time.monotonic() + timeout_s
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise BrowserError(f"timed out after {timeout_s:.0f} s waiting for: {expression}")
            time.sleep(interval_s)

    def navigate(self, url: str) -> None:
        self.send("Page.navigate", {"url": url})

    def set_viewport(self, width: int, height: int) -> None:
        self.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height,
                                                         "deviceScaleFactor": 1, "mobile": False})

    def type_into(self, selector: str, text: str) -> None:
        """Focus an input, select what it holds and type over it (real key input, as a person would)."""
        found = self.evaluate(f"(() => {{ const el = document.querySelector({json.dumps(selector)}); "
                              "if (!el) return false; el.focus(); el.select(); return true; })()")
        if not found:
            raise BrowserError(f"no element matches {selector}")
        self.send("Input.insertText", {"text": text})

    def click_button(self, text: str) -> None:
        clicked = self.evaluate(
            "(() => { const b = [...document.querySelectorAll('button')].find(b => b.innerText.trim().endsWith("
            f"{json.dumps(text)})); if (!b) return false; b.click(); return true; }})()")
        if not clicked:
            raise BrowserError(f"no button labelled {text!r}")

    def choose(self, label: str) -> None:
        """Click the radio option (or checkbox) labelled `label`."""
        clicked = self.evaluate(
            "(() => { const l = [...document.querySelectorAll('label')]"
            f".find(l => l.innerText.trim() === {json.dumps(label)});"
            " if (!l) return false; l.click(); return true; })()")
        if not clicked:
            raise BrowserError(f"no option labelled {label!r}")

    def screenshot(self, path: Path, *, full_page: bool = True) -> Path:
        """A PNG of the page; `full_page` grows the viewport to the app's scroll height first (Streamlit
        scrolls inside its own container, so the usual beyond-viewport capture misses it)."""
        if full_page:
            height = self.evaluate("Math.max(...[...document.querySelectorAll('[data-testid=\"stMain\"], "
                                   "[data-testid=\"stSidebarContent\"]')].map(e => e.scrollHeight), 800)")
            width = self.evaluate("window.innerWidth")
            self.set_viewport(int(width), min(int(height) + 40, 8000))
            time.sleep(1.0)  # let the components re-layout at the new size
        data = self.send("Page.captureScreenshot", {"format": "png"}, timeout_s=60)["data"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))
        return path


class Chromium:
    """Headless Chromium with remote debugging on a free port and a throw-away profile."""

    def __init__(self, executable: str | None = None, *, width: int = 1680, height: int = 1800):
        self.executable = executable or find_chromium()
        if not self.executable:
            raise BrowserError("Chromium is not installed: `apt-get install -y chromium`.")
        self.width, self.height = width, height
        self._profile = Path(tempfile.mkdtemp(prefix="sg-chromium-"))
        self._process: subprocess.Popen | None = None
        self._pages: list[Page] = []

    def __enter__(self) -> Chromium:
        cmd = [self.executable, *CHROMIUM_FLAGS, "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
               f"--user-data-dir={self._profile}", f"--window-size={self.width},{self.height}", "about:blank"]
        self._process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                         start_new_session=True)
        port_file = self._profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not (port_file.is_file() and port_file.read_text().strip()):
            if self._process.poll() is not None or time.monotonic() > deadline:
                self.__exit__(None, None, None)
                raise BrowserError("Chromium did not start its DevTools endpoint")
            time.sleep(0.1)
        self.port = int(port_file.read_text().split()[0])
        return self

    def open(self, url: str) -> Page:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/list", timeout=10) as resp:
            targets = [t for t in json.load(resp) if t.get("type") == "page"]
        if not targets:
            raise BrowserError("Chromium has no page to drive")
        page = Page(targets[0]["webSocketDebuggerUrl"])
        self._pages.append(page)
        page.send("Page.enable")
        page.set_viewport(self.width, self.height)
        page.navigate(url)
        return page

    def __exit__(self, *exc) -> None:
        for page in self._pages:
            with contextlib.suppress(Exception):
                page.close()
        if self._process is not None:
            _stop(self._process)
        shutil.rmtree(self._profile, ignore_errors=True)


# -- the comparison page, as a person uses it ----------------------------------------------------------
APP_READY = "document.querySelector('[data-testid=\"stTextInput\"] input') !== null"
DONE_COLUMNS = ("[...document.querySelectorAll('[class*=\"st-key-done-\"]')]"
                ".map(e => (e.className.match(/st-key-done-([a-z]+)-([0-9]+)/) || []).slice(1)).filter(m => m.length)")


def ask(page: Page, question: str, timeout_s: float = 60) -> None:
    page.wait_for(APP_READY, timeout_s=timeout_s)
    page.type_into('[data-testid="stTextInput"] input', question)
    page.click_button("Run")


def wait_for_columns(page: Page, count: int = 3, timeout_s: float = 600, since: float | None = None,
                     run: int = 1) -> dict[str, float]:
    """Seconds (from `since`, a time.monotonic() value, default now) at which each column of the session's
    run number `run` completed (an earlier run's columns linger in the page until the new run ends)."""
    started = time.monotonic() if since is None else since
    marks: dict[str, float] = {}
    while len(marks) < count:
        for mode, number in page.evaluate(DONE_COLUMNS) or []:
            if int(number) == run:
                marks.setdefault(mode, time.monotonic() - started)
        if len(marks) >= count:
            break
        if time.monotonic() - started > timeout_s:
            raise BrowserError(f"only {len(marks)} of {count} columns finished within {timeout_s:.0f} s")
        time.sleep(0.05)
    return marks


COLUMNS_OF_RUN = """(run => Object.fromEntries(['traditional', 'graph', 'agentic'].map(mode => {
  const live = document.querySelector(`[class*="st-key-streaming-${mode}-${run}"]`);
  const done = document.querySelector(`.st-key-done-${mode}-${run}`);
  const metrics = done ? Object.fromEntries([...done.querySelectorAll('[data-testid="stMetric"]')].map(m => [
    m.querySelector('[data-testid="stMetricLabel"]')?.innerText.trim(),
    m.querySelector('[data-testid="stMetricValue"]')?.innerText.trim()])) : {};
  const column = (live || done)?.closest('[data-testid="stColumn"]');
  // the label's last line: the first is the name of its icon
  const status = (column?.querySelector('[data-testid="stExpander"] summary')?.innerText || '').trim()
    .split('\\n').pop().trim();
  return [mode, {streamed: live ? live.innerText : '', done: !!done, metrics, status,
                 tabs: done ? [...done.querySelectorAll('[role=tab]')].map(t => t.innerText.trim()) : [],
                 text: done ? done.innerText : ''}];
})))"""


def watch_columns(page: Page, run: int, count: int = 3, timeout_s: float = 600) -> tuple[dict[str, float], set, dict]:
    """Follow the columns of the session's run number `run` until `count` have finished: the seconds at which
    each finished, the columns seen streaming answer text before they finished, and the finished columns as
    the page shows them (status label, metrics by label, evidence tab labels, text).

    A finished column's container appears before Streamlit has drawn all it holds: the columns are returned
    once two readings `SETTLE_S` apart agree (or after `SETTLE_TIMEOUT_S`, as they then are)."""
    started = time.monotonic()
    done: dict[str, float] = {}
    streamed: set[str] = set()
    while True:
        report = page.evaluate(f"{COLUMNS_OF_RUN}({int(run)})") or {}
        for mode, column in report.items():
            if column["done"]:
                done.setdefault(mode, time.monotonic() - started)
            elif len(column["streamed"].strip()) > len("Writing the answer\u2026") + 1:
                streamed.add(mode)
        if len(done) >= count:
            return done, streamed, _settled(page, run)
        if time.monotonic() - started > timeout_s:
            states = "; ".join(f"{mode}: {c['status'] or 'not drawn'}" for mode, c in report.items())
            raise BrowserError(f"only {len(done)} of {count} columns of run {run} finished within {timeout_s:.0f} s "
                               f"({states})")
        time.sleep(0.05)


SETTLE_S = 0.5
SETTLE_TIMEOUT_S = 30


def _settled(page: Page, run: int) -> dict:
    """The finished columns of run `run` once the page has stopped drawing them."""
    deadline = time.monotonic() + SETTLE_TIMEOUT_S
    previous = None
    while True:
        finished = {mode: c for mode, c in (page.evaluate(f"{COLUMNS_OF_RUN}({int(run)})") or {}).items()
                    if c["done"]}
        if finished == previous or time.monotonic() > deadline:
            return finished
        previous = finished
        time.sleep(SETTLE_S)


def metric_number(text: str | None) -> float:
    """'1,234' -> 1234.0, '19.3 s' -> 19.3; an absent metric is NaN (so any comparison with it fails)."""
    try:
        return float((text or "").split()[0].replace(",", ""))
    except (IndexError, ValueError):
        return float("nan")


def open_tab(page: Page, mode: str, label: str) -> bool:
    """Click the tab whose label starts with `label` in a finished column (mode: traditional|graph|agentic)."""
    return bool(page.evaluate(
        f"(() => {{ const col = document.querySelector('[class*=\"st-key-done-{mode}-\"]');"
        " if (!col) return false; const tab = [...col.querySelectorAll('[role=tab]')]"
        f".find(t => t.innerText.trim().startsWith({json.dumps(label)}));"
        " if (!tab) return false; tab.click(); return true; })()"))


GRAPH_DRAWN = ("[...document.querySelectorAll('iframe')].some(f => f.src.includes('st_link_analysis') && "
               "f.offsetHeight > 0 && f.contentDocument && f.contentDocument.querySelector('canvas'))")
PAGE_ERRORS = "[...document.querySelectorAll('[data-testid=\"stException\"]')].map(e => e.innerText)"
