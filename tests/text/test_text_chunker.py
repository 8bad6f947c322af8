"""The chunker: token budgets, sentence and section boundaries, overlap, offsets."""

from __future__ import annotations

import pytest

from ingest.text.chunker import Chunker, _sentences
from ingest.text.documents import Document, Section, Source
from survivorgraph.errors import ConfigError

SOURCE = Source(url="https://example.org")


def sentence(i: int) -> str:
    return f"Sentence number {i} tells how castaway {i} built a shelter near the beach."


def document(*sections: str) -> Document:
    return Document("doc:1", "Survivor: Test", "survivor", "US", 1,
                    tuple(Section(f"Episode {i + 1}", text, SOURCE, i + 1) for i, text in enumerate(sections)))


@pytest.fixture(scope="module")
def chunker():
    return Chunker(max_tokens=60, overlap_tokens=20)


def test_sentence_splitting_respects_initials_and_abbreviations():
    text = "B.B. Andersen led Pagong. Jeff Probst vs. the rain! Was it \"fair?\" Yes.\nNew line"
    assert [text[a:b] for a, b in _sentences(text)] == [
        "B.B. Andersen led Pagong.", "Jeff Probst vs. the rain!", "Was it \"fair?\"", "Yes.", "New line"]


def test_chunks_fit_the_budget_end_on_sentences_and_map_to_offsets(chunker):
    doc = document(" ".join(sentence(i) for i in range(12)))
    chunks = chunker.chunk(doc)
    assert len(chunks) > 2
    for c in chunks:
        assert c.n_tokens <= 60 and c.n_tokens == chunker.count(c.text)
        assert doc.text[c.char_start:c.char_end] == c.text
        assert c.text.startswith("Sentence number") and c.text.endswith("beach.")
    assert [c.ordinal for c in chunks] == list(range(len(chunks)))
    assert chunks[0].chunk_id == "doc:1#000"


def test_consecutive_chunks_overlap_by_whole_sentences_within_the_budget(chunker):
    doc = document(" ".join(sentence(i) for i in range(12)))
    chunks = chunker.chunk(doc)
    for a, b in zip(chunks, chunks[1:]):
        shared = doc.text[b.char_start:a.char_end]
        assert a.char_start < b.char_start < a.char_end  # overlap, and progress
        assert 0 < chunker.count(shared) <= 20
        assert shared.startswith("Sentence number")
    covered = set()
    for c in chunks:
        covered |= set(range(c.char_start, c.char_end))
    assert covered >= {i for i, ch in enumerate(doc.text) if not ch.isspace()}  # nothing dropped


def test_no_overlap_means_adjacent_chunks():
    doc = document(" ".join(sentence(i) for i in range(12)))
    chunks = Chunker(max_tokens=60, overlap_tokens=0).chunk(doc)
    for a, b in zip(chunks, chunks[1:]):
        assert a.char_end < b.char_start and doc.text[a.char_end:b.char_start].isspace()


def test_chunks_never_cross_sections(chunker):
    doc = document(sentence(1), " ".join(sentence(i) for i in range(2, 10)), sentence(99))
    chunks = chunker.chunk(doc)
    assert chunks[0].text == sentence(1) and chunks[0].episode == 1
    assert chunks[-1].text == sentence(99) and chunks[-1].section == "Episode 3"
    for c in chunks:
        section_start = doc.section_starts[c.section_index]
        assert section_start <= c.char_start and c.char_end <= section_start + len(doc.sections[c.section_index].text)


def test_windows_are_balanced_rather_than_leaving_a_runt(chunker):
    chunks = chunker.chunk(document(" ".join(sentence(i) for i in range(5))))
    sizes = [c.n_tokens for c in chunks]
    assert len(sizes) == 2 and min(sizes) >= max(sizes) / 2


def test_a_sentence_longer_than_a_window_is_cut_at_tokens(chunker):
    long_sentence = " ".join(f"word{i}" for i in range(200)) + "."
    chunks = chunker.chunk(document(long_sentence))
    assert len(chunks) > 3 and all(c.n_tokens <= 60 for c in chunks)
    assert "".join(c.text for c in chunks).replace(" ", "") == long_sentence.replace(" ", "")


def test_rejects_nonsense_settings():
    with pytest.raises(ConfigError):
        Chunker(max_tokens=100, overlap_tokens=60)
    with pytest.raises(ConfigError):
        Chunker(max_tokens=8)


def test_default_chunks_fit_the_local_model(survivor_data, embedder):
    """200 cl100k tokens + heading stay inside MiniLM's 256 WordPiece window on the real corpus."""
    from ingest.text.build import embedding_input
    from ingest.text.corpus import survivor_corpus

    corpus = survivor_corpus(survivor_data)
    chunker = Chunker()
    doc = next(d for d in corpus.documents if d.season == 28)
    texts = [embedding_input(doc, c) for c in chunker.chunk(doc)]
    assert max(embedder.count_tokens(t) for t in texts) <= embedder.max_input_tokens
