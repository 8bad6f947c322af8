"""The page's safe defaults: `make app` serves it on 127.0.0.1 unless APP_ADDRESS (or Streamlit's own option)
says otherwise, with Streamlit's usage statistics off. The real server is started and its listening socket read
from /proc/net, so the test shows where it actually listens, not what a command line says."""

from __future__ import annotations

import ipaddress
import os
import socket
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from survivorgraph.config import PROJECT_DIR, Settings
from survivorgraph.ui.launch import streamlit_command

START_CAP_S = 120  # a cap for a hung start, not a performance assertion


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening_on(port: int) -> set[str]:
    """The local addresses of the sockets listening on `port` (IPv4 and IPv6), from /proc/net."""
    found = set()
    for table, family in (("/proc/net/tcp", socket.AF_INET), ("/proc/net/tcp6", socket.AF_INET6)):
        try:
            lines = open(table).read().splitlines()[1:]
        except FileNotFoundError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            address, port_hex = local.split(":")
            if state == "0A" and int(port_hex, 16) == port:  # 0A: LISTEN
                raw = bytes.fromhex(address)
                raw = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))  # host-order words
                found.add(socket.inet_ntop(family, raw))
    return found


def network_address() -> str | None:
    """This machine's address on its network (not loopback), if it has one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))  # UDP: picks the outgoing interface, sends nothing
        except OSError:
            return None
        address = s.getsockname()[0]
    return None if ipaddress.ip_address(address).is_loopback else address


def serve(port: int, log: Path, **env: str) -> tuple[subprocess.Popen, set[str]]:
    """`survivorgraph app` (what `make app` runs) on `port`, its output in `log`; returns it and where it
    listens."""
    environ = {k: v for k, v in os.environ.items() if k not in ("APP_ADDRESS", "STREAMLIT_SERVER_ADDRESS")}
    with log.open("w") as out:
        page = subprocess.Popen([sys.executable, "-m", "survivorgraph.cli", "app", "--server.port", str(port),
                                 "--server.headless", "true"], cwd=PROJECT_DIR, env={**environ, **env},
                                stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + START_CAP_S
    while not listening_on(port) and page.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    return page, listening_on(port)


def stop(page: subprocess.Popen) -> None:
    page.terminate()
    try:
        page.wait(timeout=30)
    except subprocess.TimeoutExpired:
        page.kill()
        page.wait()


def test_make_app_serves_the_page_on_loopback_only_by_default(tmp_path):
    port = free_port()
    page, addresses = serve(port, tmp_path / "page.log")
    try:
        assert addresses == {"127.0.0.1"}, addresses  # plain `streamlit run` bound '::', every interface
        assert "Collecting usage statistics" not in (tmp_path / "page.log").read_text()
        with socket.create_connection(("127.0.0.1", port), timeout=10):
            pass
        outside = network_address()
        if outside is not None:
            with pytest.raises(OSError):
                socket.create_connection((outside, port), timeout=5).close()
    finally:
        stop(page)


def test_app_address_exposes_the_page_deliberately(tmp_path):
    port = free_port()
    page, addresses = serve(port, tmp_path / "page.log", APP_ADDRESS="0.0.0.0")
    try:
        assert addresses == {"0.0.0.0"}, addresses
    finally:
        stop(page)


def test_the_command_line_honours_app_address_then_streamlits_own_options(monkeypatch):
    monkeypatch.delenv("APP_ADDRESS", raising=False)
    default = Settings.from_env(env_file=None)
    assert default.app_address == "127.0.0.1"
    command = streamlit_command(default, environ={})
    assert command[command.index("--server.address") + 1] == "127.0.0.1"
    assert command[command.index("--browser.gatherUsageStats") + 1] == "false"
    exposed = streamlit_command(Settings.from_env(env_file=None, app_address="0.0.0.0"), environ={})
    assert exposed[exposed.index("--server.address") + 1] == "0.0.0.0"
    # Streamlit's own option: its environment variable, or a flag after ours (the last one wins).
    assert "--server.address" not in streamlit_command(default, environ={"STREAMLIT_SERVER_ADDRESS": "0.0.0.0"})
    assert streamlit_command(default, ["--server.address", "::"], environ={})[-2:] == ["--server.address", "::"]


def test_streamlit_run_in_the_project_reads_the_same_defaults():
    config = tomllib.loads((PROJECT_DIR / ".streamlit" / "config.toml").read_text())
    assert config["server"]["address"] == "127.0.0.1"
    assert config["browser"]["gatherUsageStats"] is False


def test_the_makefile_app_target_runs_the_launcher():
    dry_run = subprocess.run(["make", "-n", "app"], cwd=PROJECT_DIR, capture_output=True, text=True, check=True)
    assert "survivorgraph app" in dry_run.stdout and "streamlit run" not in dry_run.stdout
