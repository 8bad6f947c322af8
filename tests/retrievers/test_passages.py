"""Choosing the passages' sentences for the traditional answer prompt (survivorgraph/retrievers/passages.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from survivorgraph.retrievers.passages import choose_excerpts, format_excerpts, split_sentences
from survivorgraph.retrievers.types import ChunkEvidence

CAMP = ChunkEvidence(chunk_id="s2e6", score=0.7, season=2, episode=6, title="Trial By Fire", text=(
    "The tribe woke to rain. Frustrated, Colby filled up a bucket. Michael leaned over the fire to blow on it. "
    "He breathed in smoke, passed out and fell into the flames, burning his hands. "
    "A helicopter evacuated him to a hospital. The others talked about food for hours."))
MERGE = ChunkEvidence(chunk_id="s2e7", score=0.6, season=2, episode=7, title="The Merge", text=(
    "The two tribes merged into Barramundi. Jeff handed out buffs. Nobody trusted anyone."))


def test_the_sentence_that_answers_comes_with_the_one_after_it(embedder):
    excerpts = choose_excerpts([CAMP, MERGE], "Why did Michael fall into the fire?", embedder.embed_documents,
                               budget_chars=220)
    text = format_excerpts(excerpts)
    assert "fell into the flames" in text and "helicopter evacuated" in text
    assert "talked about food" not in text and len(" ".join(s for e in excerpts for s in e.sentences)) <= 225


def test_excerpts_keep_the_passage_number_and_reading_order():
    excerpts = choose_excerpts([MERGE, CAMP], "Why did Michael fall into the fire?", budget_chars=10_000)
    assert [e.passage for e in excerpts] == [1, 2]
    assert list(excerpts[1].sentences) == split_sentences(CAMP.text), "everything fits: nothing left out"
    assert format_excerpts(excerpts).startswith("[1] (season 2, episode 7)")


def test_a_gap_between_chosen_sentences_is_marked():
    excerpts = choose_excerpts([CAMP], "What was the weather, and who was evacuated by helicopter?",
                               budget_chars=120)
    assert "…" in excerpts[0].sentences


def test_a_sentence_longer_than_the_budget_is_cut_not_dropped():
    long = ChunkEvidence(chunk_id="x", score=0.5, text="word " * 400)
    excerpts = choose_excerpts([long], "word", budget_chars=100)
    assert len(excerpts) == 1 and len(excerpts[0].sentences[0]) <= 102


def test_no_passage_no_excerpt():
    assert choose_excerpts([], "anything") == []


@pytest.fixture(scope="module")
def embedder():
    from survivorgraph.text.embeddings import make_embedder
    from tests.conftest import make_settings

    return make_embedder(make_settings(state_dir=Path("/tmp")))


def test_embedding_similarity_finds_the_answer_in_other_words(embedder):
    """The question shares no word with the sentence that answers it; the embedding still finds it."""
    excerpts = choose_excerpts([CAMP, MERGE], "How did Michael get hurt?", embedder.embed_documents,
                               budget_chars=160)
    assert "burning his hands" in format_excerpts(excerpts)
