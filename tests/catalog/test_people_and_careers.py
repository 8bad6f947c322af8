"""Answers about people: careers across seasons, profiles and facts, where they come from, whom they
played with, what they never did, and their castaway scores; checked against survivoR read with pandas.
"""

from __future__ import annotations

import pandas as pd
import pytest

from tests.catalog.support import AMBER, ROB, RUSSELL, SANDRA, covers, ranking_matches, run, seasons_played


@covers("player_career")
def test_player_career(graph, castaways, survivor):
    rows = run(graph, "player_career", castaway_id=ROB).rows
    assert [r["season"] for r in rows] == [4, 8, 20, 22, 40]
    mine = castaways[castaways["castaway_id"] == ROB].set_index("season")
    for row in rows:
        assert (row["place"], row["result"]) == (mine.loc[row["season"], "place"], mine.loc[row["season"], "result"])
    assert [r["winner"] for r in rows] == [False, False, False, True, False]
    amber = run(graph, "player_career", castaway_id=AMBER).rows
    assert [(r["season"], r["name_that_season"]) for r in amber] == [
        (2, "Amber Brkich"), (8, "Amber Brkich"), (40, "Amber Mariano")]
    assert {r["player"] for r in amber} == {"Amber Mariano"}
    premieres = survivor.table("season_summary").set_index("season")["premiered"]
    assert [r["premiered"] for r in rows] == [str(premieres[s])[:10] for s in (4, 8, 20, 22, 40)]


@covers("players_with_min_seasons", "most_seasons_played")
def test_players_by_number_of_seasons(graph, castaways):
    counts = seasons_played(castaways)
    three = run(graph, "players_with_min_seasons").rows  # default: 3 or more
    assert len(three) == 30 and {r["n_players"] for r in three} == {30}
    assert {r["castaway_id"]: r["seasons_played"] for r in three} == counts[counts >= 3].to_dict()
    assert three[0]["castaway_id"] == ROB and three[0]["seasons"] == [4, 8, 20, 22, 40]
    two = run(graph, "players_with_min_seasons", min_seasons=2, limit=1000).rows
    assert len(two) == (counts >= 2).sum() and two[0]["n_players"] == (counts >= 2).sum()
    assert len(run(graph, "players_with_min_seasons", min_seasons=2, limit=5).rows) == 5
    top = run(graph, "most_seasons_played", limit=10).rows
    ranking_matches(top, counts, "seasons_played")
    assert (top[0]["player"], top[0]["seasons_played"], top[0]["wins"]) == ("Rob Mariano", 5, 1)


def test_players_with_exactly_n_seasons(graph, castaways):
    counts = seasons_played(castaways)
    rows = run(graph, "players_with_min_seasons", min_seasons=2, max_seasons=2, limit=1000).rows
    assert {r["castaway_id"] for r in rows} == set(counts[counts == 2].index)
    assert {r["n_players"] for r in rows} == {(counts == 2).sum()}


@covers("castaways_from", "home_place_ranking")
def test_castaways_from_a_place_and_places_ranked(graph, castaways):
    hawaii = run(graph, "castaways_from", places=["hawaii"]).rows
    assert {r["castaway_id"] for r in hawaii} == set(castaways[castaways["state"] == "Hawaii"]["castaway_id"])
    assert {r["n_players"] for r in hawaii} == {len(hawaii)}
    # the longest reading that is a place wins: New York City, not the state of New York
    nyc = run(graph, "castaways_from", places=["new york city", "new york", "new"]).rows
    assert {r["castaway_id"] for r in nyc} == set(castaways[castaways["city"] == "New York City"]["castaway_id"])
    assert {r["place_matched"] for r in nyc} == {"new york city"}
    assert run(graph, "castaways_from", places=["atlantis"]).rows == []
    texas40 = run(graph, "castaways_from", places=["Texas"], season=40).rows
    s40 = castaways[castaways["season"] == 40]
    assert {r["castaway_id"] for r in texas40} == set(s40[s40["state"] == "Texas"]["castaway_id"])
    states = run(graph, "home_place_ranking").rows
    truth = castaways.dropna(subset=["state"]).groupby("state")["castaway_id"].nunique()
    assert {r["place"]: r["n_players"] for r in states} == truth.to_dict()
    assert [r["n_players"] for r in states] == sorted(truth, reverse=True)
    cities = run(graph, "home_place_ranking", by="city").rows
    assert cities[0]["place"].startswith(castaways.groupby("city")["castaway_id"].nunique().idxmax())


@covers("career_milestones")
def test_career_milestones(graph, survivor, castaways):
    mapping = survivor.table("tribe_mapping")
    merged = set(zip(*mapping[mapping["tribe_status"] == "Merged"][["season", "castaway_id"]].values.T))
    mine = castaways.assign(merged=[(s, c) in merged for s, c in zip(castaways["season"], castaways["castaway_id"])])
    career = mine.groupby("castaway_id").agg(seasons=("season", "nunique"), merges=("merged", "sum"),
                                             juries=("jury", "sum"), finals=("finalist", "sum"), wins=("winner", "sum"))
    rows = {r["castaway_id"]: r for r in run(graph, "career_milestones", min_seasons=2).rows}
    assert set(rows) == set(career[career["seasons"] >= 2].index)
    for cid in ("US0055", "US0179", "US0201", "US0464"):
        r, truth = rows[cid], career.loc[cid]
        assert (r["seasons_played"], r["merges"], r["juries"], r["finals"], r["wins"]) == tuple(truth)
    assert all(isinstance(r["merges"], int) for r in rows.values())


@covers("castmates")
def test_castmates(graph, castaways):
    mine = set(castaways[castaways["castaway_id"] == "US0402"]["season"])  # Vytas: seasons 27 and 31
    shared = castaways[castaways["season"].isin(mine) & (castaways["castaway_id"] != "US0402")]
    rows = run(graph, "castmates", castaway_id="US0402").rows
    assert {r["castaway_id"]: r["seasons_together"] for r in rows} == {
        c: sorted(set(g["season"])) for c, g in shared.groupby("castaway_id")}
    ever_won = set(castaways[castaways["winner"] == True]["castaway_id"])  # noqa: E712
    assert {r["castaway_id"] for r in rows if r["ever_won"]} == set(shared["castaway_id"]) & ever_won
    assert {r["n_players"] for r in rows} == {len(rows)}
    assert {r["seasons_together"][0] for r in run(graph, "castmates", castaway_id="US0402", season=31).rows} == {31}


@covers("player_profile", "episode_facts")
def test_player_profile_and_episode_facts(graph, survivor, castaways):
    details = survivor.table("castaway_details").set_index("castaway_id")
    for cid in ("US0424", "US0055", "US0179"):
        rows = run(graph, "player_profile", castaway_id=cid).rows
        facts = details.loc[cid]
        assert {(r["occupation"], r["personality_type"], r["gender"]) for r in rows} == {
            (facts["occupation"], facts["personality_type"], facts["gender"])}
        assert {(r["three_words"], r["hobbies"], r["pet_peeves"]) for r in rows} == {
            tuple(None if pd.isna(facts[c]) else facts[c] for c in ("three_words", "hobbies", "pet_peeves"))}
        assert rows[0]["date_of_birth"] == pd.Timestamp(facts["date_of_birth"]).date().isoformat()
        career = castaways[castaways["castaway_id"] == cid].sort_values("season")
        assert [(r["season"], r["city"], r["state"], r["known_as"]) for r in rows] == list(
            zip(career["season"], career["city"], career["state"], career["castaway"]))
    episodes = survivor.table("episodes")
    s20 = episodes[(episodes["version"] == "US") & (episodes["season"] == 20)].sort_values("episode")
    rows = run(graph, "episode_facts", season=20).rows
    assert [(r["episode"], r["title"], r["label"]) for r in rows] == list(
        zip(s20["episode"], s20["episode_title"], s20["episode_label"]))
    [third] = run(graph, "episode_facts", season=20, episode=3).rows
    assert third["air_date"] == pd.Timestamp(s20.iloc[2]["episode_date"]).date().isoformat()


@covers("find_player")
def test_find_player(graph, castaways):
    rows = run(graph, "find_player", name="Boston Rob").rows
    assert rows[0]["castaway_id"] == ROB and rows[0]["exact"] is True
    assert rows[0]["seasons"] == ["US04", "US08", "US20", "US22", "US40"]
    assert run(graph, "find_player", name="ozzy").rows[0]["player"] == "Oscar Lusth"
    marianos = castaways[castaways["full_name"].str.contains("mariano", case=False)]["castaway_id"]
    assert {r["castaway_id"] for r in run(graph, "find_player", name="MARIANO").rows} == set(marianos) == {ROB, AMBER}


@covers("seasons_together", "players_in_seasons")
def test_seasons_together_and_people_in_several_seasons(graph, castaways):
    seasons_of = castaways.groupby("castaway_id")["season"].apply(set)
    for a, b in ((AMBER, "US0031"), (ROB, AMBER), (ROB, RUSSELL), (AMBER, RUSSELL)):
        [row] = run(graph, "seasons_together", castaway_id=a, other_castaway_id=b).rows
        shared = sorted(seasons_of[a] & seasons_of[b])
        assert row["seasons"] == shared and row["n_seasons_together"] == len(shared)
    assert run(graph, "seasons_together", castaway_id=ROB, other_castaway_id=AMBER).rows[0]["seasons"] == [8, 40]
    for wanted in ([36, 40], [8, 20, 40], [20, 40]):
        rows = run(graph, "players_in_seasons", seasons=wanted).rows
        expected = {c for c, s in seasons_of.items() if set(wanted) <= s}
        assert {r["castaway_id"] for r in rows} == expected and expected
        assert {r["n_players"] for r in rows} == {len(expected)}


@covers("people_facts")
def test_people_facts(graph, survivor):
    details = survivor.table("castaway_details").drop_duplicates("castaway_id").set_index("castaway_id")
    ids = ["US0001", ROB, SANDRA, "US0594", "US0666"]
    rows = run(graph, "people_facts", castaway_ids=ids).rows
    assert {r["castaway_id"]: r["gender"] for r in rows} == details.loc[ids, "gender"].to_dict()
    assert {r["gender"] for r in rows} == {"Female", "Male"}
    born = {r["castaway_id"]: str(r["date_of_birth"])[:10] for r in rows}
    assert born == {c: str(d)[:10] for c, d in details.loc[ids, "date_of_birth"].items()}
    assert all(r["occupation"] == details.loc[r["castaway_id"], "occupation"] for r in rows)


@covers("castaways_without")
def test_castaways_who_never_did_something(graph, survivor, castaways, votes, wins):
    results = survivor.table("challenge_results")
    flags = [f"won_{scope}_{kind}" for scope in ("individual", "tribal", "team") for kind in ("immunity", "reward")]
    winners = set(results[(results[flags] == 1).any(axis=1)][["season", "castaway_id"]].itertuples(index=False))
    for season in (3, 28):  # never on the winning side of any challenge, alone or with a tribe
        rows = run(graph, "castaways_without", without="challenge_win", season=season).rows
        cast = castaways[castaways["season"] == season]["castaway_id"]
        assert {r["castaway_id"] for r in rows} == {c for c in cast if (season, c) not in winners}
    targets = set(zip(votes["season"], votes["vote_id"]))
    for season in (37, 20, 45):
        cast = castaways[castaways["season"] == season]
        rows = run(graph, "castaways_without", without="votes_received", season=season).rows
        assert {r["castaway_id"] for r in rows} == {c for c in cast["castaway_id"] if (season, c) not in targets}
        assert {r["n_players"] for r in rows} <= {len(rows)}
        immune = set(wins[(wins["season"] == season) & (wins["won_individual_immunity"] == 1)]["castaway_id"])
        rows = run(graph, "castaways_without", without="individual_immunity", season=season).rows
        assert {r["castaway_id"] for r in rows} == set(cast["castaway_id"]) - immune
        rows = run(graph, "castaways_without", without="jury", season=season).rows
        assert {r["castaway_id"] for r in rows} == set(cast[~cast["jury"] & ~cast["finalist"]]["castaway_id"])
    assert {r["castaway_id"] for r in run(graph, "castaways_without", without="votes_received", season=37).rows} == {
        "US0537", "US0540", "US0553", "US0556"}  # Pat Cusack, Bi Nguyen, Kara Kay, Nick Wilson
    winners = castaways[castaways["winner"]]
    immune_pairs = set(zip(wins[wins["won_individual_immunity"] == 1]["season"],
                           wins[wins["won_individual_immunity"] == 1]["castaway_id"]))
    rows = run(graph, "castaways_without", without="individual_immunity", group="winners").rows
    assert {(r["season"], r["castaway_id"]) for r in rows} == {
        (s, c) for s, c in zip(winners["season"], winners["castaway_id"]) if (s, c) not in immune_pairs}
    mapping = survivor.table("tribe_mapping")
    merged = set(mapping[(mapping["season"] == 26) & (mapping["tribe_status"] == "Merged")]["castaway_id"])
    rows = run(graph, "castaways_without", without="merge", season=26).rows
    assert {r["castaway_id"] for r in rows} == set(castaways[castaways["season"] == 26]["castaway_id"]) - merged
    tribals = survivor.table("vote_history")
    for season in (31, 28, 2):  # no tribal council at all, or none before the merge (and made it)
        held = tribals[tribals["season"] == season]
        cast = set(castaways[castaways["season"] == season]["castaway_id"])
        rows = run(graph, "castaways_without", without="tribal_council", season=season).rows
        assert {r["castaway_id"] for r in rows} == cast - set(held["castaway_id"])
        merged = set(mapping[(mapping["season"] == season) & (mapping["tribe_status"] == "Merged")]["castaway_id"])
        before = set(held[held["tribe_status"] != "Merged"]["castaway_id"])
        rows = run(graph, "castaways_without", without="pre_merge_tribal", season=season).rows
        assert {r["castaway_id"] for r in rows} == merged - before
    assert {r["player"] for r in run(graph, "castaways_without", without="pre_merge_tribal", season=31).rows} == {
        "Joe Anglim", "Keith Nale"}


@covers("castaway_scores")
def test_castaway_scores(graph, survivor):
    scores = survivor.table("castaway_scores")
    us = scores[scores["version"] == "US"].drop_duplicates(["season", "castaway_id"])
    for season in (25, 48):
        mine = us[us["season"] == season].set_index("castaway_id")
        rows = run(graph, "castaway_scores", season=season).rows
        assert {r["castaway_id"] for r in rows} == set(mine.index)
        for r in rows:
            truth = mine.loc[r["castaway_id"]]
            assert r["challenge_threat_band"] == truth["threat_challenge_cat"]
            assert r["strategic_threat_band"] == truth["threat_strategic_cat"]
            assert r["score_outplay"] == pytest.approx(truth["score_outplay"], abs=1e-4)
            assert r["strategic_threat"] == pytest.approx(truth["threat_strategic"], abs=1e-4)
        assert [r["score_overall"] for r in rows] == sorted((r["score_overall"] for r in rows), reverse=True)
    everyone = run(graph, "castaway_scores").rows
    assert {r["castaway_id"] for r in everyone if r["challenge_threat_band"] == "Top 1%"} == set(
        us[us["threat_challenge_cat"] == "Top 1%"]["castaway_id"])
    artis = run(graph, "castaway_scores", castaway_id="US0380").rows
    assert [(r["player"], r["season"]) for r in artis] == [("Artis Silvester", 25)]
