"""Search over the real index (embedded Postgres + pgvector, the real local model): modes, filters, links."""

from __future__ import annotations

import pytest

from survivorgraph.text.search_sql import filter_clause, search_statement

# Natural questions a user might ask about the test seasons, each with a phrase only its answer chunk holds.
# Some are paraphrases (vector's strength), some hinge on rare names or words (lexical's strength).
LABELLED = [
    ("Which contestant passed out and fell face first into the campfire, burning his hands?",
     "face first into the fire"),
    ("Who was evacuated by helicopter after getting burned?", "face first into the fire"),
    ("Who proposed to his girlfriend during the loved ones challenge?", "propose to his girlfriend"),
    ("Which castaway won a Pontiac Aztek?", "Pontiac Aztek"),
    ("How did the castaways of the Australian Outback reach their camps?", "DHC-4 Caribou"),
    ("Which castaway celebrated his birthday naked?", "birthday suit"),
    ("Who used an alphabet strategy when voting?", "alphabet strategy"),
    ("What happened when the storm flooded the camp?", "flooded completely"),
    ("Who rescued the can of rice from the river?", "can of rice"),
    ("How did the tiebreaker based on previous votes send Mitchell home?", "highest number of previous votes"),
    ("What was the name of Gervase's newborn son?", "Gunnar"),
    ("Which tribe won chickens and a rooster?", "three chickens and a rooster"),
    ("Who killed a pig for the tribe?", "killed a pig"),
    ("Why did Lindsey leave Survivor Cagayan?", "pulling herself from the game"),
    ("Who formed the Cops-R-Us alliance?", "Cops-R-Us"),
    ("Who hid the machete in the Villains camp?", "hiding the tribe's machete"),
    ("What happened when Rob collapsed in the jungle?", "collapsed on the jungle floor"),
    ("What did Spencer and Tony buy at the Survivor Auction?", "white rock and a black rock"),
    ("How did the loved ones announce their arrival in Heroes vs. Villains?", "Sprint Palm Pre"),
    ("Where did the castaways go on the reward trip with a barbecue lunch in Cagayan?", "Callao Cave"),
    ("How did the Heroes vs. Villains castaways arrive?", "UH-1 Iroquois"),
    ("What did the merged tribe in Heroes vs. Villains call itself?", "Yin Yang"),
]
SKUPIN = "US0022"


def castaway_id(survivor_data, full_name: str) -> str:
    cast = survivor_data.table("castaways")
    return cast[cast["full_name"] == full_name]["castaway_id"].iloc[0]


def test_the_build_covers_the_scope(text_index, store):
    assert text_index.rebuild and text_index.documents == 6 and text_index.chunks_embedded == text_index.chunks
    assert text_index.seasons_without_episodes == (3, 34) and text_index.truncated_chunks == 0
    stats = store.stats()
    assert (stats.chunks, stats.documents) == (text_index.chunks, 6)
    assert (stats.embedding_model, stats.embedding_dim, stats.corpus) == ("all-MiniLM-L6-v2-onnx-int8", 384, "survivor")
    assert stats.seasons == (1, 2, 3, 20, 28, 34) and stats.seasons_without_episodes == (3, 34)
    assert stats.corpus_version.startswith("survivoR-") and stats.chunker.endswith(":200/40:v1")
    assert stats.people_linked > 50 and stats.season_links >= stats.chunks


def test_vector_search_finds_the_fire_for_a_paraphrase(store):
    hits = store.search("Which player blacked out from smoke and tumbled into the campfire, scorching his hands?",
                        k=3, mode="vector")
    fire = next(h for h in hits if "face first into the fire" in h.text)
    assert (fire.season, fire.episode, fire.section) == (2, 6, "Episode 6: Trial By Fire")
    assert (fire.source_table, fire.source_key, fire.license) == ("episodes", "US02/E06", "CC BY-SA 4.0")
    assert SKUPIN in fire.castaway_ids and fire.title == "Survivor: The Australian Outback"
    assert fire.vector_rank == fire.rank and 0 < fire.score <= 1 and fire.distance == pytest.approx(1 - fire.score)
    assert "US02/E06" in fire.source and fire.text in fire.heading + "\n" + fire.text


def mean_reciprocal_rank(store, mode: str, k: int = 6) -> tuple[float, int]:
    ranks = [next((h.rank for h in store.search(q, k=k, mode=mode) if label in h.text), None) for q, label in LABELLED]
    return sum(1 / r for r in ranks if r) / len(ranks), sum(r is not None for r in ranks)


def test_hybrid_beats_both_halves_on_a_labelled_set(store):
    vector, lexical, hybrid = (mean_reciprocal_rank(store, mode) for mode in ("vector", "lexical", "hybrid"))
    assert hybrid[0] > vector[0] and hybrid[0] > lexical[0], (vector, lexical, hybrid)
    assert hybrid[1] >= max(vector[1], lexical[1])


def test_hybrid_reports_both_ranks(store):
    hits = store.search("Pontiac Aztek car reward", k=6, mode="hybrid")
    assert hits[0].mode == "hybrid" and [h.rank for h in hits] == list(range(1, 7))
    assert any(h.vector_rank and h.lexical_rank for h in hits)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_filters_by_season_and_person_still_fill_k(store, survivor_data):
    in_season = store.search("immunity challenge", k=6, mode="vector", seasons=[2])
    assert len(in_season) == 6 and all(h.season == 2 for h in in_season)
    parvati = castaway_id(survivor_data, "Parvati Shallow")
    about = store.search("who found an idol?", k=4, mode="hybrid", castaway_ids=[parvati])
    assert len(about) == 4 and all(parvati in h.castaway_ids for h in about)
    both = store.search("fire", k=3, mode="lexical", seasons=[2], castaway_ids=[SKUPIN])
    assert both and all(h.season == 2 and SKUPIN in h.castaway_ids for h in both)
    assert store.search("fire", k=3, mode="vector", seasons=[3, 34], castaway_ids=[SKUPIN]) == []


def test_an_episode_filter_keeps_that_episodes_text(store):
    merge = store.search("how the merge played out", k=3, mode="hybrid", seasons=[28], episodes=[6])
    assert merge and all((h.season, h.episode) == (28, 6) for h in merge)
    assert any("merge" in h.text for h in merge)
    with pytest.raises(ValueError, match="exactly one season"):
        store.search("merge", k=3, episodes=[6])


def test_chunks_about_needs_no_query(store, survivor_data):
    parvati = castaway_id(survivor_data, "Parvati Shallow")
    chunks = store.chunks_about(castaway_ids=[parvati], limit=50)
    assert chunks and all(h.season == 20 and "Parvati" in h.text for h in chunks)
    assert [h.chunk_id for h in chunks] == sorted(h.chunk_id for h in chunks)  # reading order
    season = store.chunks_about(seasons=[28], limit=500)
    assert {h.doc_id for h in season} == {"survivoR:US28"}


def test_lexical_search_survives_odd_input(store):
    assert store.search("the and of", mode="lexical") == []
    assert store.search("O'Brien's \\ 'quote' | & ! :*", mode="lexical") is not None
    assert store.search("Gunnar", k=1, mode="lexical")[0].season == 1


def test_the_vector_query_can_use_the_hnsw_index(store):
    statement = search_statement("vector", filter_clause(None, None))
    vector = store.embed_query("a tribe lost the challenge")
    params = {"qvec": vector, "pool": 6, "k": 6}
    with store.conn.transaction():
        store.conn.execute("SET LOCAL enable_seqscan = off")  # tiny test table: make the planner show its option
        plan = "\n".join(r[0] for r in store.conn.execute(b"EXPLAIN " + statement.as_string().encode(), params,
                                                           prepare=False))
    assert "text_chunks_embedding" in plan, plan


def test_wrong_mode_or_dimension_is_refused(store):
    with pytest.raises(ValueError):
        store.search("x", mode="fuzzy")
    with pytest.raises(Exception, match="384-d"):
        store.search_by_vector([0.1] * 8)


def test_traditional_rag_times_the_embedding_apart_from_the_database(store):
    """db_ms is the pgvector search alone; the question's embedding is its own step and timing."""
    from survivorgraph.retrievers.traditional import TraditionalRetriever

    result = TraditionalRetriever(store, llm=None, k=3).ask("Who won the immunity challenge in Borneo?")
    assert [s.name for s in result.trace][:2] == ["embed question", "retrieve chunks"]
    embed, search = result.trace[0], result.trace[1]
    assert result.timings["embed_ms"] == round(embed.elapsed_ms, 1) and result.timings["db_ms"] == round(
        search.elapsed_ms, 1)
    assert len(result.chunks) == 3
    lexical = TraditionalRetriever(store, llm=None, k=3, search_mode="lexical").ask("immunity challenge Borneo")
    assert "embed_ms" not in lexical.timings and lexical.chunks
