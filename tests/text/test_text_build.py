"""Incremental, idempotent builds; a failed build leaves the previous index; a new model rebuilds, never mixes."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from ingest.text.build import build_text_index
from ingest.text.corpus import survivor_corpus
from ingest.text.documents import Corpus
from survivorgraph.errors import ConfigError, NotLoadedError
from survivorgraph.text import writer
from survivorgraph.text.embeddings import Embedder
from survivorgraph.text.store import TextStore


class HashingEmbedder(Embedder):
    """A different (tiny, deterministic) model, to show a model change rebuilds the vectors."""

    name, dimension, max_input_tokens = "hashing-8d", 8, 10_000

    def _embed_batch(self, texts):
        rows = np.array([[(hash(t) >> s) % 97 + 1 for s in range(8)] for t in texts], dtype=np.float32)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


@pytest.fixture(scope="module")
def small_corpus(survivor_data) -> Corpus:
    """Seasons 1 and 2, three sections each: a dozen chunks, quick to embed with the real model."""
    full = survivor_corpus(survivor_data)
    docs = tuple(replace(d, sections=d.sections[:3]) for d in full.documents if d.season in (1, 2))
    return replace(full, documents=docs)


def snapshot(conn) -> dict:
    """Every stored row with its xmin: unchanged xmin = the row was not rewritten."""
    with conn.transaction():
        return {table: sorted(conn.execute(f"SELECT xmin::text, t::text FROM {table} t").fetchall())
                for table in ("text_documents", "text_chunks", "text_chunk_people", "text_chunk_seasons",
                              "text_index_meta", "text_lexemes")}


def build(settings, corpus, conn, embedder, **kwargs):
    return build_text_index(settings, corpus=corpus, conn=conn, embedder=embedder, log=lambda _: None, **kwargs)


def test_rebuilding_the_shared_index_changes_nothing(text_settings, text_index, store, embedder):
    before = snapshot(store.conn)
    report = build_text_index(text_settings, corpus="survivor", embedder=embedder, log=lambda _: None)
    assert not report.changed and not report.rebuild and report.chunks_embedded == 0
    assert report.documents_unchanged == report.documents == 6
    assert snapshot(store.conn) == before


def test_only_changed_documents_are_re_embedded_and_gone_ones_deleted(text_settings, small_corpus, scratch_conn,
                                                                      embedder):
    first = build(text_settings, small_corpus, scratch_conn, embedder)
    assert first.rebuild and first.documents_embedded == 2
    before = snapshot(scratch_conn)

    season1, season2 = small_corpus.documents
    edited = replace(season1, sections=(*season1.sections[:-1], replace(
        season1.sections[-1], text=season1.sections[-1].text + " Then a rainbow appeared over Tagi.")))
    second = build(text_settings, replace(small_corpus, documents=(edited, season2)), scratch_conn, embedder)
    assert (second.rebuild, second.documents_embedded, second.documents_unchanged) == (False, 1, 1)
    after = snapshot(scratch_conn)
    untouched = [row for row in before["text_chunks"] if "survivoR:US02" in row[1]]
    assert untouched and set(untouched) <= set(after["text_chunks"])  # season 2 rows not even rewritten
    with TextStore(scratch_conn, embedder=embedder) as scratch:
        assert "rainbow" in scratch.search("rainbow over Tagi", k=1, mode="lexical")[0].text

    third = build(text_settings, replace(small_corpus, documents=(edited,)), scratch_conn, embedder)
    assert third.documents_deleted == 1 and third.chunks_embedded == 0
    with scratch_conn.transaction():
        gone = scratch_conn.execute("SELECT count(*) FROM text_chunks WHERE doc_id = 'survivoR:US02'")
        assert gone.fetchone()[0] == 0
        orphans = scratch_conn.execute("SELECT count(*) FROM text_chunk_people p "
                                       "WHERE NOT EXISTS (SELECT 1 FROM text_chunks c WHERE c.chunk_id = p.chunk_id)")
        assert orphans.fetchone()[0] == 0


def test_a_failed_build_leaves_the_previous_index(text_settings, small_corpus, scratch_conn, embedder, monkeypatch):
    build(text_settings, small_corpus, scratch_conn, embedder)
    before = snapshot(scratch_conn)

    def broken(_conn):
        raise RuntimeError("disk full (simulated)")

    monkeypatch.setattr(writer, "refresh_lexeme_counts", broken)  # fails after the deletes and inserts ran
    changed = replace(small_corpus, documents=small_corpus.documents[:1])
    with pytest.raises(RuntimeError, match="simulated"):
        build(text_settings, changed, scratch_conn, embedder)
    with pytest.raises(RuntimeError, match="simulated"):
        build(text_settings, changed, scratch_conn, HashingEmbedder())  # a failed full rebuild, too
    assert snapshot(scratch_conn) == before
    with TextStore(scratch_conn, embedder=embedder) as scratch:
        assert scratch.search("Ogakor tribe", k=1, mode="hybrid")[0].season in (1, 2)


def test_a_new_model_or_chunk_size_rebuilds_instead_of_mixing(text_settings, small_corpus, scratch_conn, embedder):
    build(text_settings, small_corpus, scratch_conn, embedder)
    other = build(text_settings, small_corpus, scratch_conn, HashingEmbedder())
    assert other.rebuild and other.chunks_embedded == other.chunks
    with scratch_conn.transaction():
        dims = scratch_conn.execute("SELECT DISTINCT vector_dims(embedding) FROM text_chunks").fetchall()
    assert dims == [(8,)]
    with TextStore(scratch_conn, embedder=embedder) as scratch, pytest.raises(ConfigError, match="hashing-8d"):
        scratch.search("anything", mode="vector")
    assert TextStore(scratch_conn, embedder=embedder).search("Ogakor", mode="lexical")  # lexical needs no model

    back = build(text_settings, small_corpus, scratch_conn, embedder, chunk_tokens=120, overlap_tokens=20)
    assert back.rebuild and back.chunks > other.chunks
    with TextStore(scratch_conn, embedder=embedder) as scratch:
        assert scratch.stats().chunker.endswith(":120/20:v1") and scratch.stats().embedding_dim == 384


def test_an_empty_index_says_how_to_build_it(scratch_conn, embedder):
    with pytest.raises(NotLoadedError, match="make setup"):
        TextStore(scratch_conn, embedder=embedder).search("anything")
