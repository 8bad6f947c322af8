"""The text side: narrative chunks in Postgres/pgvector, searched by vector, lexical or hybrid (RRF) queries.

    from survivorgraph.text import TextStore
    with TextStore(settings) as store:
        hits = store.search("Who fell into the fire?", k=6, mode="hybrid", seasons=[2])

Modules: `store` (TextStore, ChunkHit, TextStats: the read API), `search_sql` (the statements),
`embeddings` (local all-MiniLM-L6-v2 ONNX or OpenAI), `schema` + `writer` (tables and the one-transaction
update the builder applies), `mentions` (chunk <-> castaway / season links). The builder is
`python -m ingest.text.build`.
"""

from survivorgraph.text.store import ChunkHit, TextStats, TextStore, text_stats

__all__ = ["ChunkHit", "TextStats", "TextStore", "text_stats"]
