"""Postgres tables of the text index, and the one-row record of how it was built.

- text_documents: one row per source document (a season), with its content hash for incremental builds.
- text_chunks: chunk text + provenance, `embedding vector(dim)` under HNSW (cosine), and a generated
  `tsv` (heading weighted A, text B) under GIN for lexical search.
- text_chunk_people / text_chunk_seasons: chunk <-> graph links (castaway_id; version + season).
- text_lexemes: in how many chunks each lexeme occurs, so lexical search can leave out the commonest.
- text_season_names: every season's names as text names them, of every season of the versions indexed (the
  spoiler guard redacts passages naming a later one: survivorgraph.text.later_seasons).
- text_index_meta: embedding model and dimension, chunker, corpus and its version. The vector column's
  dimension is fixed per table, so a different model means dropping and recreating, never mixing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import psycopg
from psycopg import sql

SCHEMA_VERSION = 2  # bump when the tables below change: an index of another version is rebuilt
TABLES = ("text_chunk_people", "text_chunk_seasons", "text_lexemes", "text_chunks", "text_documents",
          "text_index_meta", "text_season_names")

_DDL = """
CREATE TABLE text_index_meta (
    singleton        boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    embedding_model  text NOT NULL,
    embedding_dim    integer NOT NULL,
    chunker          text NOT NULL,
    corpus           text NOT NULL,
    corpus_version   text NOT NULL,
    schema_version   integer NOT NULL,
    seasons_without_episodes integer[] NOT NULL DEFAULT '{{}}',
    notes            text[] NOT NULL DEFAULT '{{}}',
    built_at         timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE text_documents (
    doc_id        text PRIMARY KEY,
    title         text NOT NULL,
    corpus        text NOT NULL,
    version       text NOT NULL,
    season        integer NOT NULL,
    url           text NOT NULL,
    revision      text NOT NULL,
    content_hash  text NOT NULL,
    n_chunks      integer NOT NULL,
    indexed_at    timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE text_chunks (
    chunk_id       text PRIMARY KEY,
    doc_id         text NOT NULL REFERENCES text_documents ON DELETE CASCADE,
    ordinal        integer NOT NULL,
    version        text NOT NULL,
    season         integer NOT NULL,
    episode        integer,
    section        text NOT NULL,
    heading        text NOT NULL,
    text           text NOT NULL,
    char_start     integer NOT NULL,
    char_end       integer NOT NULL,
    n_tokens       integer NOT NULL,
    source_url     text NOT NULL,
    source_table   text NOT NULL,
    source_key     text NOT NULL,
    license        text NOT NULL,
    attribution    text NOT NULL,
    corpus_version text NOT NULL,
    embedding      vector({dim}) NOT NULL,
    tsv tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('english', text), 'B')) STORED
);
CREATE INDEX text_chunks_doc ON text_chunks (doc_id);
CREATE INDEX text_chunks_season ON text_chunks (season);
CREATE INDEX text_chunks_tsv ON text_chunks USING gin (tsv);
CREATE TABLE text_chunk_people (
    chunk_id     text NOT NULL REFERENCES text_chunks ON DELETE CASCADE,
    castaway_id  text NOT NULL,
    alias        text NOT NULL,
    mentions     integer NOT NULL,
    PRIMARY KEY (chunk_id, castaway_id)
);
CREATE INDEX text_chunk_people_castaway ON text_chunk_people (castaway_id);
CREATE TABLE text_chunk_seasons (
    chunk_id  text NOT NULL REFERENCES text_chunks ON DELETE CASCADE,
    version   text NOT NULL,
    season    integer NOT NULL,
    kind      text NOT NULL CHECK (kind IN ('document', 'mention')),
    PRIMARY KEY (chunk_id, version, season)
);
CREATE INDEX text_chunk_seasons_season ON text_chunk_seasons (season, version);
CREATE TABLE text_lexemes (
    lexeme  text PRIMARY KEY,
    ndoc    integer NOT NULL,
    share   real NOT NULL
);
"""

# Written with every build, so an index built before it existed gains it without re-embedding anything.
SEASON_NAMES_DDL = """CREATE TABLE IF NOT EXISTS text_season_names (
    alias    text PRIMARY KEY,
    version  text NOT NULL,
    season   integer NOT NULL
)"""


def write_season_names(conn: psycopg.Connection, names: list[tuple[str, str, int]]) -> None:
    """Replace the season names (alias, version, season) the spoiler guard redacts by."""
    conn.execute(SEASON_NAMES_DDL)
    conn.execute("DELETE FROM text_season_names")
    with conn.cursor() as cur:
        cur.executemany("INSERT INTO text_season_names (alias, version, season) VALUES (%s, %s, %s)", names)


def read_season_names(conn: psycopg.Connection) -> list[tuple[str, str, int]] | None:
    """The stored season names; None when the table is missing (an index built before the spoiler guard)."""
    if not conn.execute("SELECT to_regclass('text_season_names') IS NOT NULL", prepare=False).fetchone()[0]:
        return None
    return conn.execute("SELECT alias, version, season FROM text_season_names ORDER BY alias",
                        prepare=False).fetchall()


# Built after a bulk load (much faster than growing it row by row); m/ef_construction are pgvector's defaults.
HNSW_INDEX = "CREATE INDEX text_chunks_embedding ON text_chunks USING hnsw (embedding vector_cosine_ops)"


@dataclass(frozen=True)
class IndexMeta:
    embedding_model: str
    embedding_dim: int
    chunker: str
    corpus: str
    corpus_version: str
    seasons_without_episodes: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()
    built_at: datetime | None = None
    schema_version: int = SCHEMA_VERSION

    def same_vectors(self, other: IndexMeta) -> bool:
        """Can chunks stored under `other` stay? Only with the same model, dimension, cutting and tables."""
        return (self.embedding_model, self.embedding_dim, self.chunker, self.schema_version) == (
            other.embedding_model, other.embedding_dim, other.chunker, other.schema_version)


def tables_exist(conn: psycopg.Connection) -> bool:
    row = conn.execute("SELECT to_regclass('text_index_meta') IS NOT NULL AND to_regclass('text_chunks') IS NOT NULL",
                       prepare=False).fetchone()
    return bool(row[0])


def read_meta(conn: psycopg.Connection) -> IndexMeta | None:
    if not tables_exist(conn):
        return None
    # As JSON, so a table written by an older layout still reads (its schema_version then forces a rebuild).
    row = conn.execute("SELECT to_jsonb(m) FROM text_index_meta m", prepare=False).fetchone()
    if row is None:
        return None
    m = row[0]
    built_at = datetime.fromisoformat(m["built_at"]) if m.get("built_at") else None
    return IndexMeta(m["embedding_model"], m["embedding_dim"], m["chunker"], m["corpus"], m["corpus_version"],
                     tuple(m.get("seasons_without_episodes") or ()), tuple(m.get("notes") or ()), built_at,
                     m.get("schema_version", 0))


def write_meta(conn: psycopg.Connection, meta: IndexMeta) -> None:
    conn.execute("DELETE FROM text_index_meta")
    conn.execute("INSERT INTO text_index_meta (embedding_model, embedding_dim, chunker, corpus, corpus_version, "
                 "schema_version, seasons_without_episodes, notes) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                 (meta.embedding_model, meta.embedding_dim, meta.chunker, meta.corpus, meta.corpus_version,
                  meta.schema_version, list(meta.seasons_without_episodes), list(meta.notes)))


def drop_tables(conn: psycopg.Connection) -> None:
    for table in TABLES:
        conn.execute(sql.SQL("DROP TABLE IF EXISTS {} CASCADE").format(sql.Identifier(table)))


def create_tables(conn: psycopg.Connection, dim: int) -> None:
    """Fresh tables for vectors of `dim` (the HNSW index is added after loading)."""
    drop_tables(conn)
    for statement in _DDL.format(dim=int(dim)).split(";"):
        if statement.strip():
            conn.execute(statement)


def create_vector_index(conn: psycopg.Connection) -> None:
    conn.execute("SET LOCAL maintenance_work_mem = '256MB'")
    conn.execute(HNSW_INDEX)


def refresh_lexeme_counts(conn: psycopg.Connection) -> None:
    """Document frequency of every lexeme (ts_stat over all chunks): 7k rows, tens of milliseconds."""
    conn.execute("DELETE FROM text_lexemes")
    conn.execute("""INSERT INTO text_lexemes (lexeme, ndoc, share)
                    SELECT word, ndoc, ndoc::real / GREATEST((SELECT count(*) FROM text_chunks), 1)
                    FROM ts_stat('SELECT tsv FROM text_chunks')""")
