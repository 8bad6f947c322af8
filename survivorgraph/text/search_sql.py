"""The search statements: vector top-k, lexical (OR-ed terms, ts_rank_cd) and hybrid reciprocal-rank fusion.

Each mode is one statement built from the same pieces, so the three return identical columns:
- the query vector is a bound parameter placed straight into `ORDER BY embedding <=> %(qvec)s`, the form
  pgvector's HNSW index serves; the candidate CTEs are MATERIALIZED and re-sorted, because iterative
  scans (`relaxed_order`, needed so filters cannot starve the result) may return rows slightly out of order;
- the lexical query ORs the question's own lexemes (to_tsvector -> quoted lexemes joined with `|`, see
  LEXICAL_QUERY), so a question need not contain every term, and ts_rank_cd rewards chunks where many of
  them sit close;
- hybrid fuses the two ranked candidate pools with RRF: score = sum of 1 / (rrf_k + rank).
Filters (seasons, castaway ids) go through the link tables, inside each candidate query.
"""

from __future__ import annotations

from psycopg import sql

RRF_K = 60

# OR of the question's normalised lexemes, leaving out those found in more than a share %(max_df)s of all
# chunks ("survivor", "vote", "tribe" ... match half the corpus and drown the rare, telling terms, since
# ts_rank_cd knows no inverse document frequency); all lexemes when every one is that common.
# NULL when the question has no lexemes at all (only stopwords): the lexical half then finds nothing.
# It runs as its own small statement and the search gets the tsquery as a value: with a constant the
# planner can estimate how many chunks match and use the GIN index; behind a subquery it scanned them all.
LEXICAL_QUERY = """
    WITH words AS (
        SELECT w.lexeme, COALESCE(l.share, 0) <= %(max_df)s AS rare
        FROM unnest(tsvector_to_array(to_tsvector('english', %(qtext)s))) AS w(lexeme)
        LEFT JOIN text_lexemes l ON l.lexeme = w.lexeme),
    kept AS (SELECT lexeme FROM words WHERE rare OR NOT EXISTS (SELECT 1 FROM words WHERE rare))
    SELECT string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''', ' | ')
    FROM kept"""

_VECTOR_POOL = """vec AS MATERIALIZED (
    SELECT c.chunk_id, c.embedding <=> %(qvec)s AS distance
    FROM text_chunks c
    WHERE {filters}
    ORDER BY c.embedding <=> %(qvec)s
    LIMIT %(pool)s),
vec_ranked AS (
    SELECT chunk_id, distance, row_number() OVER (ORDER BY distance, chunk_id) AS rank FROM vec)"""

_LEXICAL_POOL = """lex AS MATERIALIZED (
    SELECT c.chunk_id, ts_rank_cd(c.tsv, %(tsquery)s::tsquery, 1) AS score
    FROM text_chunks c
    WHERE c.tsv @@ %(tsquery)s::tsquery AND {filters}
    ORDER BY score DESC, c.chunk_id
    LIMIT %(pool)s),
lex_ranked AS (
    SELECT chunk_id, score, row_number() OVER (ORDER BY score DESC, chunk_id) AS rank FROM lex)"""

_FUSED = {
    "vector": """fused AS (SELECT chunk_id, 1 - distance AS score, distance, rank AS vector_rank,
                  NULL::real AS lexical_score, NULL::bigint AS lexical_rank FROM vec_ranked)""",
    "lexical": """fused AS (SELECT chunk_id, score, NULL::double precision AS distance, NULL::bigint AS vector_rank,
                   score AS lexical_score, rank AS lexical_rank FROM lex_ranked)""",
    "hybrid": """fused AS (
    SELECT chunk_id,
           COALESCE(1.0 / (%(rrf_k)s + v.rank), 0) + COALESCE(1.0 / (%(rrf_k)s + l.rank), 0) AS score,
           v.distance, v.rank AS vector_rank, l.score AS lexical_score, l.rank AS lexical_rank
    FROM vec_ranked v FULL OUTER JOIN lex_ranked l USING (chunk_id))""",
    "browse": """fused AS (SELECT chunk_id, NULL::double precision AS score, NULL::double precision AS distance,
                  NULL::bigint AS vector_rank, NULL::real AS lexical_score, NULL::bigint AS lexical_rank
                  FROM text_chunks c WHERE {filters})""",
}

HIT_COLUMNS = ("chunk_id", "text", "score", "distance", "vector_rank", "lexical_score", "lexical_rank",
               "version", "season", "episode", "section", "heading", "title", "doc_id", "char_start", "char_end",
               "n_tokens", "source_url", "source_table", "source_key", "license", "attribution", "corpus_version",
               "castaway_ids")

_SELECT_HITS = """
SELECT f.chunk_id, c.text, f.score, f.distance, f.vector_rank, f.lexical_score, f.lexical_rank,
       c.version, c.season, c.episode, c.section, c.heading, d.title, c.doc_id, c.char_start, c.char_end,
       c.n_tokens, c.source_url, c.source_table, c.source_key, c.license, c.attribution, c.corpus_version,
       ARRAY(SELECT p.castaway_id FROM text_chunk_people p WHERE p.chunk_id = f.chunk_id ORDER BY p.castaway_id)
FROM fused f JOIN text_chunks c USING (chunk_id) JOIN text_documents d USING (doc_id)
ORDER BY {order}
LIMIT %(k)s"""

_ORDER = {"vector": "f.score DESC, f.chunk_id", "lexical": "f.score DESC, f.chunk_id",
          "hybrid": "f.score DESC, f.chunk_id", "browse": "c.version, c.season, c.doc_id, c.ordinal"}


def filter_clause(seasons: list[int] | None, castaway_ids: list[str] | None, watched: bool = False,
                  episodes: list[int] | None = None) -> str:
    """Conditions on chunk `c`; parameters %(seasons)s, %(castaway_ids)s, %(episodes)s (the chunk's own
    episode, so only meaningful with one season), and with `watched` the viewer's %(cutoff)s
    (season * 1000 + episode) and %(watched_season)s."""
    parts = ["TRUE"]
    if watched:
        # Spoiler guard: an episode's text once it aired; a season's overview only once the whole season
        # had aired (an earlier season). Anything without a position is left out.
        parts.append("((c.episode IS NOT NULL AND c.season * 1000 + c.episode <= %(cutoff)s) "
                     "OR (c.episode IS NULL AND c.season < %(watched_season)s))")
    if seasons is not None:
        parts.append("EXISTS (SELECT 1 FROM text_chunk_seasons s WHERE s.chunk_id = c.chunk_id "
                     "AND s.season = ANY(%(seasons)s))")
    if castaway_ids is not None:
        parts.append("EXISTS (SELECT 1 FROM text_chunk_people p WHERE p.chunk_id = c.chunk_id "
                     "AND p.castaway_id = ANY(%(castaway_ids)s))")
    if episodes is not None:
        parts.append("c.episode = ANY(%(episodes)s)")
    return " AND ".join(parts)


def search_statement(mode: str, filters: str) -> sql.SQL:
    """One statement for `mode` in vector / lexical / hybrid / browse."""
    pools = {"vector": [_VECTOR_POOL], "lexical": [_LEXICAL_POOL], "hybrid": [_VECTOR_POOL, _LEXICAL_POOL],
             "browse": []}[mode]
    ctes = [p.format(filters=filters) for p in pools]
    ctes.append(_FUSED[mode].format(filters=filters))
    text = "WITH " + ",\n".join(ctes) + _SELECT_HITS.format(order=_ORDER[mode])
    return sql.SQL(text)  # built only from the constants above: no user text is ever formatted in
