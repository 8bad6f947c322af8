"""Fixtures of the text-side tests: the real embedded Postgres (from the session's `embedded_servers`, stopped
at the end of the session), the real local embedding model, and one small index built once per session.

The shared index covers a few seasons only (the full corpus takes minutes to embed on two cores):
1-3 (3 has no episode summaries), 20 (Parvati, Russell), 28 (Tony) and 34 (no summaries either).
Tests that change an index get a database of their own (`scratch_conn`), dropped afterwards.
"""

from __future__ import annotations

import os
import uuid
from dataclasses import replace

import psycopg
import pytest

from ingest.survivor_data import open_survivor_data
from ingest.text.build import build_text_index
from survivorgraph.servers.postgres_server import database_url, ensure_vector_extension
from survivorgraph.text.embeddings import local_embedder
from survivorgraph.text.store import TextStore

TEST_SCOPE = "US:1-3,US:20,US:28,US:34"
# The local model must load with the hub unreachable.
os.environ.setdefault("HF_HUB_OFFLINE", "1")


@pytest.fixture(scope="session")
def survivor_data(settings):
    return open_survivor_data(settings)


@pytest.fixture(scope="session")
def text_settings(embedded_servers):
    return replace(embedded_servers, seasons=TEST_SCOPE, embedding_model="")


@pytest.fixture(scope="session")
def embedder():
    return local_embedder()


@pytest.fixture(scope="session")
def text_index(text_settings, embedder):
    """The shared index (public schema), built once; returns the build report."""
    return build_text_index(text_settings, corpus="survivor", embedder=embedder, log=lambda _: None)


@pytest.fixture(scope="session")
def store(text_settings, text_index, embedder):
    with TextStore(text_settings, embedder=embedder) as text_store:
        yield text_store


@pytest.fixture
def scratch_conn(text_settings):
    """A connection to a database of its own on the same server (dropped after the test), so a test can
    build, break and rebuild an index without touching the shared one."""
    from pgvector.psycopg import register_vector

    name = f"text_test_{uuid.uuid4().hex[:8]}"
    url = database_url(text_settings)
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    conn = psycopg.connect(url, dbname=name)
    ensure_vector_extension(conn)
    register_vector(conn)
    conn.commit()
    yield conn
    conn.close()
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
