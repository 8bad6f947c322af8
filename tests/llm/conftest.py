"""Fixtures of the LLM-layer tests: a scripted fake OpenAI server and isolated settings."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# tests/ is not a package: make tests/fake_openai_server.py importable from here.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fake_openai_server import FakeOpenAIServer

from survivorgraph.config import Settings


@pytest.fixture
def fake_server():
    """A scripted OpenAI-compatible server on loopback (no model behind it); stopped after the test."""
    server = FakeOpenAIServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def settings(tmp_path, monkeypatch):
    """Settings with no provider configured and a private state directory (ignores the real .env)."""
    for env in ("OPENAI_API_KEY", "LLM_BASE_URL", "LLM_MODEL", "LLM_MODEL_PATH", "LLM_NATIVE_TOOLS"):
        monkeypatch.delenv(env, raising=False)
    return Settings.from_env(env_file=None, state_dir=tmp_path / "state")
