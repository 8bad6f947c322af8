"""Build (or bring up to date) the text index: corpus -> chunks -> embeddings -> Postgres, incrementally.

    python -m ingest.text.build [--corpus auto|wikipedia|survivor] [--chunk-tokens 200] [--overlap-tokens 40]

`auto` uses Wikipedia when its API answers within a few seconds, else the offline survivoR corpus (and
says so in one line). Only documents whose content hash changed are re-embedded; documents that are
gone are deleted; links are recomputed and diffed. A new embedding model or chunk size re-embeds
everything. The write is one transaction: if anything fails, the previous index stays as it was.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import numpy as np
import psycopg

from ingest.aliases import person_aliases, season_aliases
from ingest.survivor_data import SurvivorData, open_survivor_data
from ingest.text.chunker import (
    DEFAULT_MAX_TOKENS,
    DEFAULT_OVERLAP_TOKENS,
    Chunk,
    Chunker,
)
from ingest.text.corpus import survivor_corpus
from ingest.text.documents import Corpus, Document
from ingest.text.wikipedia import (
    ArticleCache,
    WikipediaClient,
    fetch_articles,
    wikipedia_corpus,
)
from survivorgraph.config import Settings
from survivorgraph.errors import SurvivorGraphError
from survivorgraph.text.embeddings import Embedder, make_embedder
from survivorgraph.text.mentions import MentionLinker, season_name_table
from survivorgraph.text.schema import IndexMeta, read_meta
from survivorgraph.text.writer import (
    ChunkRow,
    DocumentRow,
    IndexUpdate,
    apply_update,
    stored_document_hashes,
)

CORPUS_CHOICES = ("auto", "wikipedia", "survivor")


@dataclass
class BuildReport:
    corpus: str
    corpus_version: str
    documents: int
    chunks: int
    documents_embedded: int
    documents_unchanged: int
    documents_deleted: int
    chunks_embedded: int
    rebuild: bool
    changed: bool
    embedding_model: str
    seasons_without_episodes: tuple[int, ...]
    truncated_chunks: int = 0             # chunks longer than the embedder reads (tail not embedded)
    timings: dict[str, float] = field(default_factory=dict)
    notes: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        t = self.timings
        out = [(f"text index: {self.chunks} chunks from {self.documents} {self.corpus} documents "
                f"({self.corpus_version}), model {self.embedding_model}"),
               f"  embedded {self.chunks_embedded} chunks of {self.documents_embedded} new/changed documents; "
               f"{self.documents_unchanged} unchanged, {self.documents_deleted} deleted"
               + (" (full rebuild)" if self.rebuild else "") + ("" if self.changed else " — nothing changed"),
               "  time: " + ", ".join(f"{k} {v:.1f}s" for k, v in t.items())]
        if self.truncated_chunks:
            out.append(f"  note: {self.truncated_chunks} chunks exceed the model's input and were cut when embedded")
        out += [f"  note: {n}" for n in self.notes]
        return out


def load_corpus(settings: Settings, data: SurvivorData, choice: str = "auto",
                client: WikipediaClient | None = None, log: Callable[[str], None] = print) -> Corpus:
    if choice not in CORPUS_CHOICES:
        raise ValueError(f"corpus must be one of {CORPUS_CHOICES}")
    if choice == "survivor":
        return survivor_corpus(data)
    client = client or WikipediaClient()
    if choice == "auto":
        reachable, reason = client.is_reachable(timeout=3.0)
        if not reachable:
            log(f"Wikipedia is unreachable ({_short(reason)}): using the offline survivoR corpus "
                "(episode summaries from Wikipedia via survivoR, CC BY-SA 4.0).")
            return survivor_corpus(data)
    articles = fetch_articles(client, ArticleCache(settings.cache_dir / "wikipedia"), log=log)
    return wikipedia_corpus(articles, data)


def _short(reason: str) -> str:
    return reason if len(reason) <= 90 else reason[:87] + "..."


def make_linker(data: SurvivorData) -> MentionLinker:
    summary = data.table("season_summary")
    places = [*summary["location"].dropna(), *summary["country"].dropna()]
    return MentionLinker(person_aliases(data), data.table("castaways"), season_aliases(data), places)


def season_names(data: SurvivorData) -> list[tuple[str, str, int]]:
    """(alias, version, season) of every season of the indexed versions, indexed or not: a passage may name a
    later season, and the spoiler guard redacts it by these (survivorgraph.text.later_seasons)."""
    summary = data.raw("season_summary")
    summary = summary[summary["version"].isin(set(data.table("season_summary")["version"]))]
    places = [*summary["location"].dropna(), *summary["country"].dropna()]
    table = season_name_table(season_aliases(data, every_season=True), places)
    return sorted((alias, version, season) for alias, (version, season) in table.items())


def heading(doc: Document, chunk: Chunk) -> str:
    return f"{doc.title} — {chunk.section}"


def embedding_input(doc: Document, chunk: Chunk) -> str:
    """What the model reads: the heading gives the season and episode to a chunk that never names them."""
    return f"{heading(doc, chunk)}\n{chunk.text}"


def build_text_index(settings: Settings, *, corpus: str | Corpus = "auto", chunk_tokens: int = DEFAULT_MAX_TOKENS,
                     overlap_tokens: int = DEFAULT_OVERLAP_TOKENS, embedder: Embedder | None = None,
                     client: WikipediaClient | None = None, progress: bool = False, batch_size: int | None = None,
                     conn: psycopg.Connection | None = None, log: Callable[[str], None] = print) -> BuildReport:
    """Bring the index up to date with `corpus` (a choice, or a ready Corpus); `conn` defaults to the
    configured Postgres (the transaction is committed here either way)."""
    timings: dict[str, float] = {}
    clock = time.perf_counter()
    data = open_survivor_data(settings)
    text_corpus = corpus if isinstance(corpus, Corpus) else load_corpus(settings, data, corpus, client, log)
    chunker = Chunker(chunk_tokens, overlap_tokens)
    chunks = {doc.doc_id: chunker.chunk(doc) for doc in text_corpus.documents}
    timings["corpus+chunking"] = time.perf_counter() - clock

    embedder = embedder or make_embedder(settings)
    meta = IndexMeta(embedder.name, embedder.dimension, chunker.signature, text_corpus.name, text_corpus.version,
                     text_corpus.seasons_without_episodes, text_corpus.notes)
    with _connection(settings, conn) as db:
        stored_meta = read_meta(db)
        rebuild = stored_meta is None or not stored_meta.same_vectors(meta)
        stored = {} if rebuild else stored_document_hashes(db)
        db.rollback()  # end the read transaction: embedding takes a while
        docs = text_corpus.documents
        todo = [d for d in docs if stored.get(d.doc_id) != d.content_hash]
        gone = sorted(set(stored) - {d.doc_id for d in docs})

        clock = time.perf_counter()
        todo_chunks = [(d, c) for d in todo for c in chunks[d.doc_id]]
        texts = [embedding_input(d, c) for d, c in todo_chunks]
        vectors = (embedder.embed_documents(texts, progress=progress, batch_size=batch_size) if texts
                   else np.zeros((0, embedder.dimension), dtype=np.float32))
        timings["embedding"] = time.perf_counter() - clock
        truncated = _count_truncated(embedder, texts)

        clock = time.perf_counter()
        linker = make_linker(data)
        person_links, season_links = set(), set()
        for doc in docs:
            for chunk in chunks[doc.doc_id]:
                people, seasons = linker.link(chunk.text, doc.version, doc.season)
                person_links |= {(chunk.chunk_id, p.castaway_id, p.alias, p.count) for p in people}
                season_links |= {(chunk.chunk_id, s.version, s.season, s.kind) for s in seasons}
        timings["linking"] = time.perf_counter() - clock

        clock = time.perf_counter()
        update = IndexUpdate(
            meta=meta, rebuild=rebuild, documents=[_document_row(d, len(chunks[d.doc_id])) for d in todo],
            chunks=[_chunk_row(d, c, text_corpus.version) for d, c in todo_chunks], embeddings=vectors,
            delete_doc_ids=gone, person_links=person_links, season_links=season_links,
            season_names=season_names(data))
        written = apply_update(db, update)
        timings["write+index"] = time.perf_counter() - clock

    return BuildReport(
        corpus=text_corpus.name, corpus_version=text_corpus.version, documents=len(docs),
        chunks=sum(len(c) for c in chunks.values()), documents_embedded=len(todo),
        documents_unchanged=len(docs) - len(todo), documents_deleted=len(gone), chunks_embedded=len(todo_chunks),
        rebuild=rebuild, changed=written.changed, embedding_model=embedder.name,
        seasons_without_episodes=text_corpus.seasons_without_episodes, truncated_chunks=truncated,
        timings=timings, notes=text_corpus.notes)


@contextmanager
def _connection(settings: Settings, conn: psycopg.Connection | None) -> Iterator[psycopg.Connection]:
    if conn is not None:
        yield conn
        return
    from survivorgraph.servers.postgres_server import connect

    with connect(settings, autocommit=False) as own:
        yield own


def _count_truncated(embedder: Embedder, texts: list[str]) -> int:
    count_tokens = getattr(embedder, "count_tokens", None)
    if count_tokens is None:
        return 0
    return sum(count_tokens(t) > embedder.max_input_tokens for t in texts)


def _document_row(doc: Document, n_chunks: int) -> DocumentRow:
    return DocumentRow(doc.doc_id, doc.title, doc.corpus, doc.version, doc.season, doc.url, doc.revision,
                       doc.content_hash, n_chunks)


def _chunk_row(doc: Document, chunk: Chunk, corpus_version: str) -> ChunkRow:
    source = doc.sections[chunk.section_index].source
    return ChunkRow(chunk.chunk_id, doc.doc_id, chunk.ordinal, doc.version, doc.season, chunk.episode, chunk.section,
                    heading(doc, chunk), chunk.text, chunk.char_start, chunk.char_end, chunk.n_tokens, source.url,
                    source.table, source.key, source.license, source.attribution, corpus_version)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ingest.text.build", description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", choices=CORPUS_CHOICES, default="auto",
                        help="auto: Wikipedia when reachable, else the offline survivoR corpus")
    parser.add_argument("--chunk-tokens", type=int, default=DEFAULT_MAX_TOKENS, help="tokens per chunk (cl100k)")
    parser.add_argument("--overlap-tokens", type=int, default=DEFAULT_OVERLAP_TOKENS, help="overlap between chunks")
    parser.add_argument("--batch-size", type=int, default=None, help="texts per embedding batch")
    parser.add_argument("--seasons", default=None, help="season scope, e.g. US:1-49 (default: SURVIVOR_SEASONS)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    overrides = {"seasons": args.seasons} if args.seasons else {}
    try:
        settings = Settings.from_env(**overrides)
        report = build_text_index(settings, corpus=args.corpus, chunk_tokens=args.chunk_tokens,
                                  overlap_tokens=args.overlap_tokens, batch_size=args.batch_size,
                                  progress=not args.quiet and sys.stderr.isatty())
    except SurvivorGraphError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print("\n".join(report.lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
