"""Shared fixtures: one embedded FalkorDB + Postgres per test session, in a temporary state directory.

The stores are real (no mocks); every server a test session starts is stopped when it ends.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from survivorgraph.config import PROJECT_DIR, Settings
from survivorgraph.llm.openai_client import OpenAICompatibleLLM
from tests.fake_openai_server import FakeOpenAIServer

SHARED_SURVIVOR = PROJECT_DIR.parent / "shared" / "data" / "survivoR" / "data"


def survivor_data_dir() -> Path:
    configured = os.environ.get("SURVIVOR_DATA_DIR")
    folder = Path(configured) if configured else SHARED_SURVIVOR
    if not (folder / "castaways.rda").is_file():
        pytest.exit(f"The survivoR tables are not at {folder}: set SURVIVOR_DATA_DIR to survivoR's data/ folder.",
                    returncode=2)
    return folder


def make_settings(state_dir: Path, **overrides) -> Settings:
    """Settings for tests: no .env, no external servers, the shared survivoR copy."""
    base = dict(state_dir=state_dir, survivor_data_dir=survivor_data_dir(), neo4j_uri="", database_url="",
                seasons="US:1-49", openai_api_key="", llm_base_url="")
    base.update(overrides)
    return Settings.from_env(env_file=None, **base)


@pytest.fixture(scope="session")
def state_dir() -> Path:
    # Not under pytest's tmp: pytest re-chmods that tree to 0700 when any other session starts, and the
    # embedded Postgres runs as the OS user `pgserver`, which must reach its data directory.
    folder = Path(tempfile.mkdtemp(prefix="sg-test-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def settings(state_dir) -> Settings:
    return make_settings(state_dir)


@pytest.fixture(scope="session")
def embedded_servers(settings):
    """Start nothing eagerly; stop everything the session started."""
    yield settings
    from survivorgraph.servers import lifecycle

    for _ in lifecycle.stop_all(settings):
        pass


@pytest.fixture(scope="session")
def load_report(embedded_servers):
    from ingest.graph_loader import load_graph

    return load_graph(embedded_servers)


@pytest.fixture(scope="session")
def graph(embedded_servers, load_report):
    from survivorgraph.graph import open_graph_store

    store = open_graph_store(embedded_servers)
    yield store
    store.close()


@pytest.fixture(scope="session")
def example_router(settings):
    """The product's example router over every file in queries/examples/ (the real MiniLM embedder)."""
    from survivorgraph.agent.example_router import ExampleRouter
    from survivorgraph.text.embeddings import local_embedder

    return ExampleRouter.load(local_embedder(), cache_dir=settings.cache_dir)


@pytest.fixture
def fake():
    """The SCRIPTED fake OpenAI-compatible server on loopback (tests/fake_openai_server.py): control flow only."""
    server = FakeOpenAIServer().start()
    yield server
    server.stop()


@pytest.fixture
def llm(fake):
    """An LLM client talking to the scripted fake server (no retries, short timeout)."""
    return OpenAICompatibleLLM(provider="scripted fake", base_url=fake.url, api_key="test", model="fake-model",
                               timeout_s=10, max_retries=0)
