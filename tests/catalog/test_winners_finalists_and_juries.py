"""Answers about the end of a season: winners and their jury votes, the final tribal council, finalists,
juries and each juror's vote, and who won, reached the final or sat on a jury more than once; checked against
survivoR read with pandas.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.catalog.support import AMBER, SANDRA, TONY, covers, name_of, run


@covers("season_winner", "winners_with_jury_votes")
def test_winners_and_their_jury_votes(graph, castaways, jury):
    winners = castaways[castaways["winner"]].set_index("season")
    votes_for = jury.groupby(["season", "finalist_id"]).size()
    rows = run(graph, "winners_with_jury_votes").rows
    assert [r["season"] for r in rows] == list(range(1, 50))
    for row in rows:
        cid = winners.loc[row["season"], "castaway_id"]
        assert (row["castaway_id"], row["winner"]) == (cid, winners.loc[row["season"], "full_name"])
        assert row["jury_votes"] == votes_for[(row["season"], cid)]
        assert row["age"] == winners.loc[row["season"], "age"]  # the age they won at
        before = castaways[(castaways["castaway_id"] == cid) & (castaways["season"] < row["season"])]
        assert row["seasons_before"] == len(before)
    by_season = {r["season"]: r for r in rows}
    assert [(by_season[s]["winner"], by_season[s]["jury_votes"]) for s in (1, 40, 49)] == [
        ("Richard Hatch", 4), ("Tony Vlachos", 12), ("Savannah Louie", 5)]
    assert [r["season"] for r in run(graph, "winners_with_jury_votes", seasons=[40, 1]).rows] == [1, 40]
    for season, winner in ((41, "Erika Casupanan"), (45, "Dee Valladares")):
        rows = run(graph, "season_winner", season=season).rows
        assert [(r["winner"], r["season"]) for r in rows] == [(winner, season)]
    assert run(graph, "season_winner", season=40).rows[0]["jury_votes"] == 12


@covers("final_tribal_council")
@pytest.mark.parametrize("season", [1, 13, 20, 40, 45, 49])
def test_final_tribal_council(graph, castaways, jury, season):
    finalists = castaways[(castaways["season"] == season) & castaways["finalist"]]
    rows = run(graph, "final_tribal_council", season=season).rows
    assert {r["castaway_id"] for r in rows} == set(finalists["castaway_id"])
    cast = castaways[castaways["season"] == season]
    names = dict(zip(cast["castaway_id"], cast["full_name"]))
    for row in rows:
        voters = jury[(jury["season"] == season) & (jury["finalist_id"] == row["castaway_id"])]["castaway_id"]
        assert row["jury_votes"] == len(voters)
        assert sorted(row["jurors"]) == sorted(names[v] for v in voters)
    assert rows[0]["winner"] is True
    assert [r["jury_votes"] for r in rows] == sorted((r["jury_votes"] for r in rows), reverse=True)
    last = rows[-1]  # one finalist alone
    assert run(graph, "final_tribal_council", season=season, castaway_id=last["castaway_id"]).rows == [last]


@covers("season_jury")
def test_season_jury(graph, castaways, jury):
    outback = run(graph, "season_jury", season=2).rows
    assert sorted(r["juror"] for r in outback) == sorted([
        "Keith Famie", "Elisabeth Filarski", "Rodger Bingham", "Amber Brkich", "Nick Brown", "Jerri Manthey",
        "Alicia Calaway"])
    assert sorted(r["juror"] for r in run(graph, "season_jury", season=45).rows) == sorted([
        "Katurah Topps", "Julie Alley", "Drew Basile", "Emily Flippen", "Bruce Perreault", "Kendra McQuarrie",
        "Kellie Nalbandian", "Kaleb Gebrewold"])
    for season in range(1, 50):
        rows = run(graph, "season_jury", season=season).rows
        expected = castaways[(castaways["season"] == season) & castaways["jury"]]
        assert sorted(r["castaway_id"] for r in rows) == sorted(expected["castaway_id"]), season
        votes = jury[jury["season"] == season].set_index("castaway_id")["finalist_id"]
        tribes = expected.set_index("castaway_id")["original_tribe"]
        for row in rows:
            assert row["voted_for"] == name_of(castaways, season, votes[row["castaway_id"]])
            assert row["original_tribe"] == tribes[row["castaway_id"]]
        numbers = [r["juror_number"] for r in rows]
        assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)  # S32 counts from 2


@covers("jury_appearances")
def test_jury_appearances(graph, castaways):
    juries = castaways[castaways["jury"] == True].groupby("castaway_id")["season"].nunique()  # noqa: E712
    rows = run(graph, "jury_appearances").rows
    assert {r["castaway_id"]: r["juries"] for r in rows} == juries.to_dict()
    assert {r["n_players"] for r in rows} == {len(juries)}
    three = run(graph, "jury_appearances", min_juries=3).rows
    assert {r["castaway_id"] for r in three} == set(juries[juries >= 3].index)


@covers("season_finalists", "final_jury_votes")
def test_finalists_and_each_jurors_final_vote(graph, castaways, jury):
    for season in (4, 20, 35, 40):
        finalists = castaways[(castaways["season"] == season) & castaways["finalist"]]
        rows = run(graph, "season_finalists", season=season).rows
        assert sorted(r["castaway_id"] for r in rows) == sorted(finalists["castaway_id"])
        votes = jury[jury["season"] == season].groupby("finalist_id").size()
        assert all(r["jury_votes"] == votes.get(r["castaway_id"], 0) for r in rows)
        losers = run(graph, "season_finalists", season=season, winner=False).rows
        assert sorted(r["castaway_id"] for r in losers) == sorted(finalists[~finalists["winner"]]["castaway_id"])
        assert [r["finalist"] for r in run(graph, "season_finalists", season=season, winner=True).rows] == list(
            finalists[finalists["winner"]]["full_name"])
        winner = finalists[finalists["winner"]]["castaway_id"].iloc[0]
        season_votes = jury[jury["season"] == season]
        all_votes = run(graph, "final_jury_votes", season=season).rows
        assert Counter((r["juror_id"], r["voted_for_id"]) for r in all_votes) == Counter(
            zip(season_votes["castaway_id"], season_votes["finalist_id"]))
        against = run(graph, "final_jury_votes", season=season, for_winner=False).rows
        assert sorted(r["juror_id"] for r in against) == sorted(
            season_votes[season_votes["finalist_id"] != winner]["castaway_id"])
    # one person, as juror or as finalist
    coby = run(graph, "final_jury_votes", castaway_id="US0142").rows
    expected = jury[jury["castaway_id"] == "US0142"]
    assert [(r["season"], r["voted_for_id"]) for r in coby] == list(zip(expected["season"], expected["finalist_id"]))
    for_amber = run(graph, "final_jury_votes", castaway_id=AMBER, season=8).rows
    assert sorted(r["juror_id"] for r in for_amber) == sorted(
        jury[(jury["season"] == 8) & (jury["finalist_id"] == AMBER)]["castaway_id"])


@covers("repeat_winners")
def test_repeat_winners(graph, castaways):
    wins = castaways[castaways["winner"]].groupby("castaway_id").size()
    rows = run(graph, "repeat_winners").rows
    assert {r["castaway_id"]: r["wins"] for r in rows} == wins[wins >= 2].to_dict() == {SANDRA: 2, TONY: 2}
    assert len(run(graph, "repeat_winners", min_wins=1).rows) == wins.size


@covers("finalist_appearances")
def test_finalist_appearances(graph, castaways):
    finals = castaways[castaways["finalist"] == True]  # noqa: E712
    per_person = finals.groupby("castaway_id").agg(finals=("season", "size"), wins=("winner", "sum"))
    twice = per_person[per_person["finals"] >= 2]
    rows = run(graph, "finalist_appearances").rows
    assert {r["castaway_id"]: (r["finals"], r["wins"]) for r in rows} == {
        cid: (int(f), int(w)) for cid, f, w in twice[["finals", "wins"]].itertuples()}
    never = run(graph, "finalist_appearances", won=False).rows
    assert {r["castaway_id"] for r in never} == set(twice[twice["wins"] == 0].index)
    assert {r["n_players"] for r in never} == {len(never)}


@covers("winners_returned")
def test_winners_returned(graph, castaways):
    first_win = castaways[castaways["winner"] == True].groupby("castaway_id")["season"].min()  # noqa: E712
    last_played = castaways.groupby("castaway_id")["season"].max()
    came_back = {cid for cid, won in first_win.items() if last_played[cid] > won}
    rows = run(graph, "winners_returned").rows
    assert len(rows) == len(first_win) and {r["castaway_id"] for r in rows if r["returned"]} == came_back
    never = run(graph, "winners_returned", returned=False).rows
    assert {r["castaway_id"] for r in never} == set(first_win.index) - came_back
    assert {r["n_players"] for r in never} == {len(never)}
