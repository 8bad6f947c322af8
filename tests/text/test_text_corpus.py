"""The offline survivoR corpus: coverage, order, provenance, no invented text."""

from __future__ import annotations

import re

import pytest

from ingest.survivor_data import open_survivor_data
from ingest.text.corpus import clean_text, survivor_corpus


@pytest.fixture(scope="module")
def corpus(settings):
    return survivor_corpus(open_survivor_data(settings))  # the default scope: US seasons 1-49


@pytest.fixture(scope="module")
def episodes(settings):
    return open_survivor_data(settings).table("episodes")


def test_one_document_per_season_with_every_summary_in_order(corpus, episodes):
    assert [d.season for d in corpus.documents] == list(range(1, 50))
    with_summary = episodes[episodes["episode_summary"].notna()]
    for doc in corpus.documents:
        expected = sorted(int(e) for e in with_summary[with_summary["season"] == doc.season]["episode"])
        assert [s.episode for s in doc.sections[1:]] == expected
        assert doc.sections[0].title == "Overview"


def test_seasons_without_summaries_are_reported_not_invented(corpus, episodes):
    assert corpus.seasons_without_episodes == (3, 34)
    assert any("3, 34" in note for note in corpus.notes)
    for season in (3, 34):
        doc = next(d for d in corpus.documents if d.season == season)
        assert [s.title for s in doc.sections] == ["Overview"]
        assert episodes[episodes["season"] == season]["episode_summary"].isna().all()


def test_every_section_carries_its_source_and_licence(corpus):
    for doc in corpus.documents:
        assert doc.doc_id == f"survivoR:US{doc.season:02d}" and doc.revision == corpus.version
        for section in doc.sections:
            assert section.source.license == "CC BY-SA 4.0"
            assert "Wikipedia" in section.source.attribution and "survivoR" in section.source.attribution
            assert section.source.table in {"season_summary", "episodes"} and section.source.key.startswith("US")
    episode = corpus.documents[1].sections[6]
    assert (episode.source.table, episode.source.key) == ("episodes", "US02/E06")


def test_text_is_cleaned_of_footnote_markers(corpus):
    text = "\n".join(d.text for d in corpus.documents)
    assert not re.search(r"\[\d+\]", text)
    assert clean_text("won immunity.At the vote[12], B.B. left.") == "won immunity. At the vote, B.B. left."


def test_overview_holds_the_season_facts(corpus):
    overview = next(d for d in corpus.documents if d.season == 28).sections[0].text
    assert "Survivor: Cagayan is season 28" in overview
    assert "The winner (Sole Survivor) was Tony Vlachos" in overview
    assert "Philippines" in overview


def test_content_hash_is_stable_and_sensitive(corpus, settings):
    again = survivor_corpus(open_survivor_data(settings))
    assert [d.content_hash for d in again.documents] == [d.content_hash for d in corpus.documents]
    assert len({d.content_hash for d in corpus.documents}) == len(corpus.documents)
