"""TextStore: the read side of the text index, for the traditional retriever and the agent's chunk search.

    store = TextStore(settings)                     # or TextStore(conn, embedder=...)
    hits = store.search("who fell in the fire?", k=6, mode="hybrid", seasons=[2])
    store.chunks_about(castaway_ids=["US0022"])     # "chunks mentioning Michael Skupin", no query needed
    store.stats()                                   # for the status page

Every search runs in its own short transaction with `hnsw.ef_search` raised to at least the candidate pool
and `hnsw.iterative_scan` on (so filtered searches still fill k), and with prepare=False: a cached generic
plan could stop using the HNSW index.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from datetime import datetime
from typing import Self

import numpy as np
import psycopg

from survivorgraph.config import Settings
from survivorgraph.errors import BackendUnavailableError, ConfigError, NotLoadedError
from survivorgraph.redact import redact
from survivorgraph.text.embeddings import Embedder, make_embedder
from survivorgraph.text.later_seasons import LaterSeasonRedactor, SeasonName
from survivorgraph.text.schema import IndexMeta, read_meta, read_season_names
from survivorgraph.text.search_sql import (
    HIT_COLUMNS,
    LEXICAL_QUERY,
    RRF_K,
    filter_clause,
    search_statement,
)

MODES = ("vector", "lexical", "hybrid")
MIN_EF_SEARCH = 100  # measured: recall@6 0.987 at pgvector's default 40, 0.996 at 100 for +0.8 ms
# Planner settings of every search transaction (SET LOCAL), besides hnsw.ef_search. Every search is meant
# to run through an index (HNSW, GIN, keys, link tables), but the planner underprices reading the wide,
# compressed vector/tsvector rows: measured on the full corpus, its sequential-scan plans took 3-6x longer
# (vector p50 13 ms instead of 2; lexical 8.5 instead of 4.3). enable_seqscan=off is a penalty, not a ban:
# a step no index can serve still scans.
SEARCH_SETTINGS = {
    "hnsw.iterative_scan": "relaxed_order",  # a filter that rejects candidates makes the scan go on, not return < k
    "enable_seqscan": "off",
    "random_page_cost": "1.1",  # the tables are small and cached
}
LEXICAL_MAX_DF = 0.2  # lexical search ignores terms found in more than this share of chunks (unless all are)


@dataclass(frozen=True)
class ChunkHit:
    chunk_id: str
    text: str
    score: float | None          # vector: cosine similarity; lexical: ts_rank_cd; hybrid: RRF sum
    distance: float | None       # cosine distance, when the vector half ranked it
    vector_rank: int | None
    lexical_score: float | None
    lexical_rank: int | None
    version: str
    season: int
    episode: int | None
    section: str
    heading: str                 # "Survivor: Cagayan — Episode 6: ..."
    title: str                   # the document's title
    doc_id: str
    char_start: int
    char_end: int
    n_tokens: int
    source_url: str
    source_table: str
    source_key: str
    license: str
    attribution: str
    corpus_version: str
    castaway_ids: tuple[str, ...]
    mode: str = ""
    rank: int = 0                # 1-based position in this result

    @property
    def source(self) -> str:
        """One line of provenance for citations."""
        where = f"survivoR {self.source_table} {self.source_key}" if self.source_table else self.source_url
        return f"{self.heading} ({where}; {self.license})"

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class TextStats:
    chunks: int
    documents: int
    embedding_model: str
    embedding_dim: int
    chunker: str
    corpus: str
    corpus_version: str
    built_at: datetime | None
    seasons: tuple[int, ...]
    seasons_without_episodes: tuple[int, ...]
    people_linked: int
    person_links: int
    season_links: int
    notes: tuple[str, ...]

    def to_dict(self) -> dict:
        return asdict(self)


class TextStore:
    def __init__(self, source: Settings | psycopg.Connection, *, embedder: Embedder | None = None):
        if isinstance(source, Settings):
            from survivorgraph.servers.postgres_server import connect

            self.conn = connect(source, autocommit=True)
            self._owns_conn = True
            self._settings = source
        else:
            self.conn, self._owns_conn, self._settings = source, False, None
        self._embedder = embedder
        self._meta: IndexMeta | None = None
        self._redactor: LaterSeasonRedactor | None = None
        self._lock = threading.Lock()  # one psycopg connection, possibly shared by app threads
        self.lexical_max_df = LEXICAL_MAX_DF
        self.rrf_k = RRF_K

    # -- lifecycle -------------------------------------------------------------------------------
    def close(self) -> None:
        if self._owns_conn:
            self.conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- searching -------------------------------------------------------------------------------
    def search(self, query: str, k: int = 6, mode: str = "hybrid", *, seasons: list[int] | None = None,
               castaway_ids: list[str] | None = None, episodes: list[int] | None = None, pool: int | None = None,
               query_vector: np.ndarray | None = None, watched: tuple[int, int] | None = None) -> list[ChunkHit]:
        """Top-k chunks for `query`. Filters keep chunks linked to any of `seasons` / any of `castaway_ids`;
        `episodes` keeps the text of those episodes (of the one season in `seasons`);
        `watched=(season, episode)` keeps only text that had aired by then, with every sentence naming a later
        season redacted (the spoiler guard: survivorgraph.text.later_seasons).
        `pool`: candidates each half of hybrid ranks (default max(4k, 30)); `query_vector`: reuse an
        embedding of `query` made earlier (embed_query) instead of embedding it again."""
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
        if episodes is not None and len(seasons or []) != 1:
            raise ValueError("an episode filter needs exactly one season: episode numbers restart each season")
        vector = None
        if mode != "lexical":
            if query_vector is not None:
                self._check_dimension(len(query_vector))
                vector = np.asarray(query_vector, dtype=np.float32)
            else:
                vector = self.embed_query(query)
        return self._run(mode, k, vector=vector, text=query, seasons=seasons, castaway_ids=castaway_ids, pool=pool,
                         watched=watched, episodes=episodes)

    def search_by_vector(self, vector: np.ndarray, k: int = 6, *, seasons: list[int] | None = None,
                         castaway_ids: list[str] | None = None, pool: int | None = None,
                         watched: tuple[int, int] | None = None) -> list[ChunkHit]:
        self._check_dimension(len(vector))
        return self._run("vector", k, vector=np.asarray(vector, dtype=np.float32), text="", seasons=seasons,
                         castaway_ids=castaway_ids, pool=pool, watched=watched)

    def chunks_about(self, *, seasons: list[int] | None = None, castaway_ids: list[str] | None = None,
                     limit: int = 20, watched: tuple[int, int] | None = None) -> list[ChunkHit]:
        """Chunks linked to seasons / people, in reading order: no query, no model."""
        return self._run("browse", limit, vector=None, text="", seasons=seasons, castaway_ids=castaway_ids, pool=0,
                         watched=watched)

    def embed_query(self, query: str) -> np.ndarray:
        meta = self.meta()
        embedder = self.embedder
        if embedder.name != meta.embedding_model:
            raise ConfigError(f"The text index was embedded with {meta.embedding_model} ({meta.embedding_dim}-d) but "
                              f"EMBEDDING_MODEL selects {embedder.name}; rebuild it with "
                              "`python -m ingest.text.build` (`make setup` does) or change EMBEDDING_MODEL back.")
        return embedder.embed_query(query)

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            if self._settings is None:
                raise ConfigError("TextStore was given a connection without an embedder; pass embedder=...")
            self._embedder = make_embedder(self._settings)
        return self._embedder

    def meta(self) -> IndexMeta:
        if self._meta is None:
            with _postgres_errors(), self._lock, self.conn.transaction():
                meta = read_meta(self.conn)
            if meta is None:
                raise NotLoadedError("The text index is empty: build it with `make setup` "
                                     "(or `python -m ingest.text.build`).")
            self._meta = meta
        return self._meta

    def redactor(self) -> LaterSeasonRedactor:
        """The season names a viewer's passages are redacted by (read once per store)."""
        if self._redactor is None:
            with _postgres_errors(), self._lock, self.conn.transaction():
                names = read_season_names(self.conn)
            if names is None:
                # fail closed: without the names a passage naming a later season cannot be found
                raise NotLoadedError("The text index predates the spoiler guard's season names, so a viewer's "
                                     "search cannot run: rebuild it with `python -m ingest.text.build` (`make "
                                     "setup` does; nothing is re-embedded), or search without a watched point.")
            self._redactor = LaterSeasonRedactor(SeasonName(*row) for row in names)
        return self._redactor

    def _check_dimension(self, dim: int) -> None:
        if dim != self.meta().embedding_dim:
            raise ConfigError(f"A {dim}-d query vector cannot search a {self.meta().embedding_dim}-d index.")

    def _run(self, mode: str, k: int, *, vector, text: str, seasons, castaway_ids, pool,
             watched: tuple[int, int] | None = None, episodes: list[int] | None = None) -> list[ChunkHit]:
        self.meta()  # a clear NotLoadedError before any SQL
        redactor = self.redactor() if watched is not None else None
        k = max(1, int(k))
        pool = max(k, int(pool)) if pool else max(k, 4 * k, 30) if mode == "hybrid" else k
        seasons = [int(s) for s in seasons] if seasons is not None else None
        castaway_ids = [str(c) for c in castaway_ids] if castaway_ids is not None else None
        episodes = [int(e) for e in episodes] if episodes is not None else None
        statement = search_statement(mode, filter_clause(seasons, castaway_ids, watched is not None, episodes))
        params = {"qvec": vector, "pool": pool, "k": k, "rrf_k": self.rrf_k, "seasons": seasons,
                  "castaway_ids": castaway_ids, "episodes": episodes}
        if watched is not None:
            params.update(cutoff=int(watched[0]) * 1000 + int(watched[1]), watched_season=int(watched[0]))
        with _postgres_errors(), self._lock, self.conn.transaction():
            # One round trip: the transaction's HNSW settings, and the lexical tsquery (NULL: no terms).
            lexical = f"({LEXICAL_QUERY})" if mode in ("lexical", "hybrid") else "NULL"
            settings = {**SEARCH_SETTINGS, "hnsw.ef_search": str(max(MIN_EF_SEARCH, pool))}
            configure = ", ".join(f"set_config('{name}', %({name})s, true)" for name in settings)
            params["tsquery"] = self.conn.execute(
                f"SELECT {lexical}, {configure}", {**settings, "qtext": text, "max_df": self.lexical_max_df},
                prepare=False).fetchone()[0]
            if params["tsquery"] is None and mode == "lexical":
                return []
            rows = self.conn.execute(statement, params, prepare=False).fetchall()
        hits = [_hit(row, mode, rank) for rank, row in enumerate(rows, start=1)]
        if redactor is not None:  # the spoiler guard: no sentence naming a season after the viewer's
            hits = [replace(h, text=redactor.redact(h.text, h.version, int(watched[0]))) for h in hits]
        return hits

    # -- status ----------------------------------------------------------------------------------
    def stats(self) -> TextStats:
        self._meta = self._redactor = None  # re-read: the index may have been rebuilt since this store first looked
        meta = self.meta()
        with self._lock, self.conn.transaction():
            counts = self.conn.execute("""
                SELECT (SELECT count(*) FROM text_chunks), (SELECT count(*) FROM text_documents),
                       (SELECT count(DISTINCT castaway_id) FROM text_chunk_people),
                       (SELECT count(*) FROM text_chunk_people), (SELECT count(*) FROM text_chunk_seasons),
                       ARRAY(SELECT DISTINCT season FROM text_chunks ORDER BY season)""", prepare=False).fetchone()
        return TextStats(counts[0], counts[1], meta.embedding_model, meta.embedding_dim, meta.chunker, meta.corpus,
                         meta.corpus_version, meta.built_at, tuple(counts[5]), meta.seasons_without_episodes,
                         counts[2], counts[3], counts[4], meta.notes)


def _hit(row: tuple, mode: str, rank: int) -> ChunkHit:
    values = dict(zip(HIT_COLUMNS, row, strict=True))
    for key in ("score", "distance", "lexical_score"):
        values[key] = float(values[key]) if values[key] is not None else None
    values["castaway_ids"] = tuple(values["castaway_ids"])
    return ChunkHit(**values, mode=mode, rank=rank)


def text_stats(settings: Settings) -> TextStats | None:
    """Stats without starting anything, None when the index is not built (for `status`)."""
    from survivorgraph.servers.postgres_server import connect

    with connect(settings, start=False, autocommit=True) as conn:
        try:
            return TextStore(conn).stats()
        except NotLoadedError:
            return None


@contextmanager
def _postgres_errors():
    """A lost or stopped server is a clear, actionable error, not a psycopg traceback."""
    try:
        yield
    except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
        raise BackendUnavailableError(f"Lost the connection to Postgres ({redact(str(exc).strip()[:200])}). "
                                      "Restart it with `make db-up` (or `make up` for docker-compose); "
                                      "the text index is kept.") from exc
