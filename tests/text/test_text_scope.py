"""The spoiler guard on the text side: a viewer's search only returns text that had aired (real index)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("mode", ["vector", "lexical", "hybrid"])
def test_search_keeps_to_the_watched_point(store, mode):
    # Season 20 episode 6: nothing later in season 20, nothing of season 28, and no season-20 overview yet.
    hits = store.search("who was voted out and who won the season", k=30, mode=mode, watched=(20, 6))
    assert hits, "earlier text is still found"
    for hit in hits:
        assert hit.season < 20 or (hit.season == 20 and hit.episode is not None and hit.episode <= 6), hit.chunk_id


def test_the_whole_index_is_reachable_without_a_scope_and_not_with_one(store):
    everything = store.chunks_about(seasons=[28], limit=500)
    assert everything and {h.season for h in everything} == {28}
    assert store.chunks_about(seasons=[28], limit=500, watched=(20, 13)) == []
    early = store.chunks_about(seasons=[28], limit=500, watched=(28, 3))
    assert early and all(h.episode is not None and h.episode <= 3 for h in early)


def test_season_overviews_wait_for_the_whole_season(store):
    overview = [h for h in store.chunks_about(seasons=[2], limit=500) if h.episode is None]
    assert overview, "season 2 has an overview document section"
    during = store.chunks_about(seasons=[2], limit=500, watched=(2, 14))
    assert all(h.episode is not None for h in during)
    after = store.chunks_about(seasons=[2], limit=500, watched=(3, 1))
    assert any(h.episode is None for h in after)


# -- passages that name a later season (survivorgraph.text.later_seasons) -------------------------------------
@pytest.fixture(scope="module")
def corpus_sections(survivor_data):
    from ingest.text.corpus import survivor_corpus

    return {(doc.season, section.episode): section.text for doc in survivor_corpus(survivor_data).documents
            for section in doc.sections}


@pytest.fixture(scope="module")
def redactor(survivor_data):
    from ingest.text.build import season_names
    from survivorgraph.text.later_seasons import LaterSeasonRedactor, SeasonName

    return LaterSeasonRedactor(SeasonName(*row) for row in season_names(survivor_data))


def test_a_later_seasons_title_is_redacted_from_a_passage(corpus_sections, redactor):
    from survivorgraph.text.later_seasons import REDACTED

    text = corpus_sections[(18, 3)]  # the staircase challenge "would later appear in" season 20
    assert "Survivor: Heroes vs. Villains" in text
    seen = redactor.redact(text, "US", 18)
    assert "Heroes vs. Villains" not in seen and REDACTED in seen
    assert "Jalapao secured their third challenge win" in seen, "only the sentence naming it goes"
    assert redactor.redact(text, "US", 20) == text, "a viewer of season 20 has seen that title"


def test_an_earlier_seasons_title_stays(corpus_sections, redactor):
    text = corpus_sections[(10, 3)]  # "used in Survivor: Cook Islands and Survivor: Caramoan" (13 and 26)
    assert redactor.redact(text, "US", 26) == text
    assert "Caramoan" not in redactor.redact(text, "US", 13)
    own = corpus_sections[(20, None)]  # the overview names its own season
    assert redactor.redact(own, "US", 21) == own


def test_no_passage_names_a_later_season_for_the_viewer_of_its_own(corpus_sections, redactor):
    redacted = 0
    for (season, _), text in corpus_sections.items():
        seen = redactor.redact(text, "US", season)
        assert not redactor.later_mentions(seen, "US", season), (season, _)
        redacted += seen != text
    print(f"\nlater-season redactions: {redacted} of {len(corpus_sections)} corpus sections, 0 names left")
    assert redacted >= 5  # seasons 10, 18 (five episodes) and 30 name later seasons


def test_a_viewers_search_redacts_later_seasons_and_fails_closed_without_the_names(text_settings, embedder,
                                                                                   scratch_conn):
    """A real index of season 18 in a database of its own: the viewer at 18:3 reads the passage without the
    season-20 title; at 20:1 it is whole; with the names table gone a viewer's search is refused."""
    from dataclasses import replace

    from ingest.text.build import build_text_index
    from survivorgraph.errors import NotLoadedError
    from survivorgraph.text.later_seasons import REDACTED
    from survivorgraph.text.store import TextStore

    build_text_index(replace(text_settings, seasons="US:18"), corpus="survivor", embedder=embedder,
                     conn=scratch_conn, log=lambda _: None)
    store = TextStore(scratch_conn, embedder=embedder)
    for mode in ("lexical", "hybrid"):
        hits = store.search("Heroes vs. Villains staircase crates immunity", k=10, mode=mode, watched=(18, 3))
        assert hits and not any("Heroes vs. Villains" in h.text for h in hits), mode
        assert any(REDACTED in h.text for h in hits if h.episode == 3), mode
    whole = store.search("Heroes vs. Villains staircase crates immunity", k=10, mode="lexical", watched=(20, 1))
    assert any("Survivor: Heroes vs. Villains" in h.text for h in whole)
    scratch_conn.execute("DROP TABLE text_season_names")
    scratch_conn.commit()
    store = TextStore(scratch_conn, embedder=embedder)
    with pytest.raises(NotLoadedError, match="ingest.text.build"):
        store.search("staircase", k=3, mode="lexical", watched=(18, 3))
    assert store.search("staircase", k=3, mode="lexical"), "without a scope nothing needs the names"
