"""Rows from the real graph read as sentences by their query's `answer` templates (agent.templates): the
composed no-model answer names what the rows hold, and only that."""

from __future__ import annotations

import re

import pytest

from survivorgraph.agent.templates import compose
from tests.catalog.support import AMBER, CATALOG, ROB, TONY, run

RUSSELL_HANTZ = "US0300"


def _sentence(graph, name: str, question: str, **params) -> tuple[str, list[dict]]:
    query = CATALOG.get(name)
    result = run(graph, name, **params)
    text = compose(result.rows, query.columns, [], query.answer, truncated=result.truncated, question=question,
                   own=query.rows.name)
    assert text, f"{name}: its rows compose no sentence"
    return text, result.rows


def _numbers(text: str) -> set[str]:
    return set(re.findall(r"\d+", text))


def test_every_query_declares_how_its_rows_read():
    assert [q.name for q in CATALOG if q.answer is None] == []


def test_the_vote_that_sent_someone_home(graph):
    text, rows = _sentence(graph, "elimination_vote", "What was the vote when Rob left in season 20?",
                           castaway_id=ROB, season=20)
    (row,) = rows
    assert text.startswith(f"Rob Mariano was voted out in season 20, episode {row['episode']}")
    assert row["tally"] in text and row["votes"] in text
    text, rows = _sentence(graph, "elimination_vote", "Each time Rob went home, what was the vote?", castaway_id=ROB)
    assert len(rows) >= 3 and all(r["tally"] in text for r in rows)


def test_two_peoples_votes_side_by_side(graph):
    text, rows = _sentence(graph, "vote_alignment", "How often did Rob and Amber vote alike?",
                           castaway_id=ROB, other_castaway_id=AMBER, season=8)
    same, together = rows[0]["n_same_votes"], rows[0]["n_votes_together"]
    assert f"voted the same way {same} of {together} time" in text
    assert sum(r["same_vote"] for r in rows) == same


def test_people_two_castaways_both_voted_for(graph):
    text, rows = _sentence(graph, "shared_vote_targets", "Whom did both Rob and Amber vote against?",
                           castaway_id=ROB, other_castaway_id=AMBER)
    assert f"both voted for {len(rows)} people" in text
    assert all(r["voted_for"] in text for r in rows)


def test_idol_events_and_a_players_advantages(graph):
    text, rows = _sentence(graph, "advantage_events", "Who left season 41 holding an advantage?", season=41,
                           event="voted_out")
    assert rows and all(r["player"] in text for r in rows)
    text, rows = _sentence(graph, "player_advantages", "What idols did Tony have on season 28?", castaway_id=TONY,
                           season=28)
    assert rows and all(r["advantage_type"] in text for r in rows) and "season 28" in text


def test_tribal_council_counts_say_their_definition(graph):
    text, (row,) = _sentence(graph, "tribal_council_counts", "How many tribals were there in season 40?", season=40)
    assert text.startswith(f"{row['tribal_councils']} tribal councils across 1 season,")
    assert "one per season, episode and boot order" in text
    assert {str(row["tribal_councils_with_votes"]), str(row["season_episode_pairs"])} <= _numbers(text)


def test_revenge_votes_count_pairs_not_players(graph):
    text, rows = _sentence(graph, "vote_revenge", "Who went home at the hands of someone they had voted for?",
                           season=20)
    assert len({r["player_id"] for r in rows}) < len(rows)  # a player voted out by two former targets
    assert text.startswith(f"{rows[0]['n_pairs']} times a player was voted out by someone")
    assert all(r["player"] in text for r in rows)
    text, (row,) = _sentence(graph, "vote_revenge", "Was Rob sent home by a person he had voted against?",
                             castaway_id=ROB, season=20)
    assert text == (f"Rob Mariano voted against {row['voted_out_by']} in episode "
                    f"{row['first_voted_against_in_episode']} of season 20 and was voted out by them in episode "
                    f"{row['voted_out_in_episode']}.")
    assert row["voted_out_by_id"] == RUSSELL_HANTZ


def test_a_season_episode_by_episode(graph):
    text, rows = _sentence(graph, "season_timeline", "What happened in each episode of season 28?", season=28)
    assert all(r["title"] in text for r in rows)
    merged = [t for r in rows for t in r["tribes_formed"] if "(merged)" in t]
    assert merged and all(t in text for t in merged)


def test_auction_items_in_order(graph):
    text, rows = _sentence(graph, "auction_items", "What was sold at the season 26 auction?", season=26)
    assert all(r["item"] in text for r in rows)
    first = rows[0]
    assert text.startswith(f"{first['item']} (season 26, item 1, {first['player']}, ${first['cost']}")


@pytest.mark.parametrize("name, params", [("vote_revenge", {"season": 20}), ("auction_items", {"season": 26})])
def test_a_list_names_its_own_items_whatever_the_query_returns_first(graph, name, params):
    """The column that names each item (the catalog's rows.name: a player, an item's buyer) is kept even when the
    query's first column is another (season) and the question never names it."""
    text, rows = _sentence(graph, name, "tell me", **params)
    own = CATALOG.get(name).rows.name
    assert all(str(r[own]) in text for r in rows)
