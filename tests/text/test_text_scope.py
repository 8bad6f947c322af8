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
