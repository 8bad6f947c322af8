"""Text index benchmark: build the full offline corpus into a scratch database, then time the searches.

    python benchmarks/bench_text.py [--queries 200] [--k 6] [--keep]

Prints: chunks and build time (corpus + chunking, embedding, write, HNSW index); query latency p50/p95
for vector, lexical and hybrid search (SQL only, and end to end with the query embedding), next to an
in-process numpy brute-force top-k over the same vectors; recall@k of HNSW against exact search.
Times are wall-clock on this machine and noisy on 2 cores: compare the rows of one run, not runs.
The scratch database (`text_bench`) lives on the configured Postgres and is dropped afterwards.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np
import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ingest.survivor_data import open_survivor_data  # noqa: E402
from ingest.text.build import build_text_index  # noqa: E402
from survivorgraph.config import Settings  # noqa: E402
from survivorgraph.servers.postgres_server import EmbeddedPostgres, database_url, ensure_vector_extension  # noqa: E402
from survivorgraph.text.embeddings import make_embedder  # noqa: E402
from survivorgraph.text.schema import HNSW_INDEX  # noqa: E402
from survivorgraph.text.search_sql import filter_clause, search_statement  # noqa: E402
from survivorgraph.text.store import TextStore  # noqa: E402

BENCH_DB = "text_bench"
QUESTIONS = [
    "Which contestant passed out and fell face first into the campfire, burning his hands?",
    "Who was evacuated by helicopter after getting burned?", "Which castaway won a Pontiac Aztek?",
    "Which castaway celebrated his birthday naked?", "Who used an alphabet strategy when voting?",
    "Who found a hidden immunity idol without a clue?", "Who quit the game?", "Which tribe lost its flint?",
    "Who played a fake idol at Tribal Council?", "Who won the final immunity challenge?",
]


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) if values else float("nan")


def timed(fn, repeat: int = 1) -> tuple[list[float], object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - start) * 1000)
    return times, result


def workload(settings: Settings, n: int) -> list[str]:
    """Hand-written questions plus questions made from episode titles (seeded, so every run asks the same)."""
    episodes = open_survivor_data(settings).table("episodes")
    summary = open_survivor_data(settings).table("season_summary").set_index("season")["season_name"]
    rows = episodes[episodes["episode_summary"].notna()].sample(frac=1.0, random_state=7)
    made = [f"What happened in the episode \u201c{r.episode_title}\u201d of {summary[r.season]}?"
            for r in rows.itertuples()]
    questions = (QUESTIONS + made)[:n]
    random.Random(7).shuffle(questions)
    return questions


def scratch_connection(settings: Settings, fresh: bool) -> psycopg.Connection:
    from pgvector.psycopg import register_vector

    url = database_url(settings)
    with psycopg.connect(url, autocommit=True) as admin:
        exists = admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", (BENCH_DB,)).fetchone()
        if exists and fresh:
            admin.execute(f"DROP DATABASE {BENCH_DB} WITH (FORCE)")
        if not exists or fresh:
            admin.execute(f"CREATE DATABASE {BENCH_DB}")
    conn = psycopg.connect(url, dbname=BENCH_DB)
    ensure_vector_extension(conn)
    register_vector(conn)
    conn.commit()
    return conn


def drop_scratch(settings: Settings) -> None:
    with psycopg.connect(database_url(settings), autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {BENCH_DB} WITH (FORCE)")


def hnsw_build_ms(conn: psycopg.Connection) -> float:
    """Time of building the HNSW index alone (drop and recreate it, in a transaction rolled back after)."""
    with conn.transaction() as tx:
        conn.execute("DROP INDEX text_chunks_embedding")
        conn.execute("SET LOCAL maintenance_work_mem = '256MB'")
        start = time.perf_counter()
        conn.execute(HNSW_INDEX)
        elapsed = (time.perf_counter() - start) * 1000
        raise psycopg.Rollback(tx)  # undo: the index stays as the build left it
    return elapsed


def plan_uses_hnsw(store: TextStore, vector: np.ndarray, k: int) -> bool:
    statement = search_statement("vector", filter_clause(None, None)).as_string().encode()
    with store.conn.transaction():
        plan = store.conn.execute(b"EXPLAIN " + statement, {"qvec": vector, "pool": k, "k": k}, prepare=False)
        return any("text_chunks_embedding" in row[0] for row in plan)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--k", type=int, default=6)
    parser.add_argument("--keep", action="store_true", help="keep (and reuse) the scratch database")
    args = parser.parse_args()
    settings = Settings.from_env()
    embedded = None if settings.database_url else EmbeddedPostgres(settings.state_dir)
    was_running = embedded is not None and embedded.uri_if_running() is not None
    try:
        return run(settings, args)
    finally:
        if not args.keep:
            drop_scratch(settings)
        if embedded is not None and not was_running:
            embedded.stop()


def run(settings: Settings, args) -> int:
    k = args.k
    embedder = make_embedder(settings)
    conn = scratch_connection(settings, fresh=not args.keep)
    report = build_text_index(settings, corpus="survivor", embedder=embedder, conn=conn, progress=sys.stderr.isatty())
    index_ms = hnsw_build_ms(conn) if report.chunks else float("nan")
    store = TextStore(conn, embedder=embedder)
    questions = workload(settings, args.queries)

    embed_times, vectors = [], []
    for q in questions:
        t, v = timed(lambda q=q: embedder.embed_query(q))
        embed_times += t
        vectors.append(v)
    with conn.transaction():
        ids, matrix, linked = zip(*conn.execute(
            "SELECT chunk_id, embedding, ARRAY(SELECT season FROM text_chunk_seasons s "
            "WHERE s.chunk_id = c.chunk_id) FROM text_chunks c").fetchall())
    matrix = np.stack([np.asarray(v.to_numpy() if hasattr(v, "to_numpy") else v) for v in matrix]).astype(np.float32)
    seasons = sorted({s for row in linked for s in row})
    rng = random.Random(11)

    for q, v in zip(questions[:10], vectors[:10]):  # warm caches and plans before timing
        for mode in ("vector", "lexical", "hybrid"):
            store.search(q, k=k, mode=mode, query_vector=v)
    sql = {mode: [] for mode in ("vector", "lexical", "hybrid")}
    recalls, brute_times, filtered_recalls, filtered_times = [], [], [], []
    for q, v in zip(questions, vectors):
        for mode in sql:
            t, hits = timed(lambda mode=mode, q=q, v=v: store.search(q, k=k, mode=mode, query_vector=v))
            sql[mode] += t
            if mode == "vector":
                approx = {h.chunk_id for h in hits}
        t, top = timed(lambda v=v: np.argpartition(-(matrix @ v), k)[:k])
        brute_times += t
        recalls.append(len(approx & {ids[i] for i in top}) / k)
        # The same with a season filter (iterative HNSW scan) against exact search over that season's chunks.
        season = rng.choice(seasons)
        t, hits = timed(lambda v=v, season=season: store.search_by_vector(v, k=k, seasons=[season]))
        filtered_times += t
        allowed = np.array([season in row for row in linked])
        scores = np.where(allowed, matrix @ v, -np.inf)
        exact = {ids[i] for i in np.argsort(-scores)[:k] if allowed[i]}
        filtered_recalls.append(len({h.chunk_id for h in hits} & exact) / max(1, len(exact)))

    print(f"text index benchmark — {report.chunks} chunks from {report.documents} documents, "
          f"model {report.embedding_model} ({embedder.dimension}-d), {len(questions)} queries, k={k}")
    print(f"build: corpus+chunking {report.timings['corpus+chunking']:.1f} s, embedding "
          f"{report.timings['embedding']:.1f} s ({report.chunks_embedded / max(report.timings['embedding'], 1e-9):.0f}"
          f" chunks/s), linking {report.timings['linking']:.1f} s, write+index {report.timings['write+index']:.1f} s"
          f" (HNSW alone {index_ms / 1000:.2f} s)")
    print(f"vector plan uses HNSW: {plan_uses_hnsw(store, vectors[0], k)}; hnsw.ef_search = max(100, pool)")
    print(f"{'search':<34}{'p50 ms':>9}{'p95 ms':>9}")
    rows = [("query embedding (local model)", embed_times)]
    rows += [(f"{mode} (SQL)", sql[mode]) for mode in sql]
    rows += [(f"{mode} end-to-end (embed + SQL)", [a + b for a, b in zip(embed_times, sql[mode])])
             for mode in ("vector", "hybrid")]
    rows += [("vector, one season (SQL)", filtered_times)]
    rows += [("numpy brute force top-k (in process)", brute_times)]
    for name, times in rows:
        print(f"{name:<34}{percentile(times, 50):>9.2f}{percentile(times, 95):>9.2f}")
    print(f"recall@{k} of HNSW vs exact: {statistics.mean(recalls):.4f} "
          f"(min {min(recalls):.2f}, queries below 1: {sum(r < 1 for r in recalls)}); "
          f"with a season filter: {statistics.mean(filtered_recalls):.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
