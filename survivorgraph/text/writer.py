"""Apply one build of the text index in a single transaction, so a failure leaves the previous index as it was.

Everything slow (fetching, chunking, embedding) happens before; this only swaps rows: documents that
changed are replaced whole (their chunks cascade), documents that disappeared are deleted, links are
diffed against what is stored. A full rebuild (new model, dimension or chunking) drops and recreates the
tables inside the same transaction (Postgres DDL is transactional), and builds HNSW after the bulk load.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass, field

import numpy as np
import psycopg

from survivorgraph.text.schema import (
    IndexMeta,
    create_tables,
    create_vector_index,
    read_meta,
    refresh_lexeme_counts,
    tables_exist,
    write_meta,
    write_season_names,
)

_LOCK_KEY = "survivorgraph.text_index"


@dataclass(frozen=True)
class DocumentRow:
    doc_id: str
    title: str
    corpus: str
    version: str
    season: int
    url: str
    revision: str
    content_hash: str
    n_chunks: int


@dataclass(frozen=True)
class ChunkRow:
    chunk_id: str
    doc_id: str
    ordinal: int
    version: str
    season: int
    episode: int | None
    section: str
    heading: str
    text: str
    char_start: int
    char_end: int
    n_tokens: int
    source_url: str
    source_table: str
    source_key: str
    license: str
    attribution: str
    corpus_version: str


PersonLink = tuple[str, str, str, int]   # chunk_id, castaway_id, alias, mentions
SeasonLink = tuple[str, str, int, str]   # chunk_id, version, season, kind


@dataclass
class IndexUpdate:
    meta: IndexMeta
    rebuild: bool
    documents: list[DocumentRow]                 # new or changed documents, written whole
    chunks: list[ChunkRow]                       # the chunks of those documents
    embeddings: np.ndarray                       # one row per chunk, same order
    delete_doc_ids: list[str] = field(default_factory=list)
    person_links: set[PersonLink] = field(default_factory=set)   # for every chunk of the corpus
    season_links: set[SeasonLink] = field(default_factory=set)
    season_names: list[tuple[str, str, int]] = field(default_factory=list)  # alias, version, season: all seasons


@dataclass(frozen=True)
class WriteStats:
    documents_written: int
    documents_deleted: int
    chunks_written: int
    links_added: int
    links_removed: int
    meta_written: bool

    @property
    def changed(self) -> bool:
        return bool(self.documents_written or self.documents_deleted or self.links_added or self.links_removed
                    or self.meta_written)


def stored_document_hashes(conn: psycopg.Connection) -> dict[str, str]:
    if not tables_exist(conn):
        return {}
    return dict(conn.execute("SELECT doc_id, content_hash FROM text_documents", prepare=False).fetchall())


def apply_update(conn: psycopg.Connection, update: IndexUpdate) -> WriteStats:
    if len(update.chunks) != len(update.embeddings):
        raise ValueError(f"{len(update.chunks)} chunks but {len(update.embeddings)} embeddings")
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (_LOCK_KEY,))
        previous = None if update.rebuild else read_meta(conn)
        if update.rebuild:
            create_tables(conn, update.meta.embedding_dim)
        replaced = [d.doc_id for d in update.documents]
        deleted = _delete_documents(conn, update.delete_doc_ids)
        _delete_documents(conn, replaced)
        _insert(conn, "text_documents", DocumentRow, [astuple(d) for d in update.documents])
        _insert(conn, "text_chunks", ChunkRow,
                [(*astuple(c), e) for c, e in zip(update.chunks, update.embeddings, strict=True)], extra=["embedding"])
        added, removed = _sync_links(conn, update)
        write_season_names(conn, update.season_names)
        if update.rebuild:
            create_vector_index(conn)
        if update.rebuild or update.documents or deleted:
            refresh_lexeme_counts(conn)
            # Fresh statistics now, not when autovacuum gets round to it: without them the planner
            # misjudges how many chunks a tsquery or a filter matches and scans the whole table.
            conn.execute("ANALYZE text_documents, text_chunks, text_chunk_people, text_chunk_seasons, text_lexemes")
        meta_written = previous is None or _meta_key(previous) != _meta_key(update.meta)
        if meta_written or update.documents or deleted:
            write_meta(conn, update.meta)
            meta_written = True
    return WriteStats(len(update.documents), deleted, len(update.chunks), added, removed, meta_written)


def _meta_key(meta: IndexMeta) -> tuple:
    return (meta.embedding_model, meta.embedding_dim, meta.chunker, meta.corpus, meta.corpus_version,
            tuple(meta.seasons_without_episodes), tuple(meta.notes))


def _delete_documents(conn: psycopg.Connection, doc_ids: list[str]) -> int:
    if not doc_ids:
        return 0
    return conn.execute("DELETE FROM text_documents WHERE doc_id = ANY(%s)", (list(doc_ids),)).rowcount


def _insert(conn: psycopg.Connection, table: str, row_type: type, rows: list[tuple], extra: list[str] = ()) -> None:
    if not rows:
        return
    columns = [*row_type.__dataclass_fields__, *extra]
    statement = (f"INSERT INTO {table} ({', '.join(columns)}) "
                 f"VALUES ({', '.join(['%s'] * len(columns))})")
    with conn.cursor() as cur:
        cur.executemany(statement, rows)


def _sync_links(conn: psycopg.Connection, update: IndexUpdate) -> tuple[int, int]:
    """Make the stored links equal the wanted ones; touch only the rows that differ."""
    chunk_ids = {row[0] for row in conn.execute("SELECT chunk_id FROM text_chunks").fetchall()}
    added = removed = 0
    for table, columns, wanted in (
        ("text_chunk_people", ("chunk_id", "castaway_id", "alias", "mentions"), update.person_links),
        ("text_chunk_seasons", ("chunk_id", "version", "season", "kind"), update.season_links),
    ):
        wanted = {link for link in wanted if link[0] in chunk_ids}
        stored = {tuple(r) for r in conn.execute(f"SELECT {', '.join(columns)} FROM {table}").fetchall()}
        stale, fresh = stored - wanted, wanted - stored
        with conn.cursor() as cur:
            if stale:
                where = " AND ".join(f"{c} = %s" for c in columns)
                cur.executemany(f"DELETE FROM {table} WHERE {where}", sorted(stale))
            if fresh:
                cur.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES "
                                f"({', '.join(['%s'] * len(columns))})", sorted(fresh))
        added, removed = added + len(fresh), removed + len(stale)
    return added, removed
