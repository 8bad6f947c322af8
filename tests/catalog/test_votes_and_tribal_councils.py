"""Answers about votes and tribal councils: the votes a person cast and received, two people's votes
compared, the vote that sent someone home, revenge votes, vote rankings, tribal council counts, events and
the people a tribal twist applied to; checked against survivoR's vote_history read with pandas.
"""

from __future__ import annotations

from collections import Counter

import pandas as pd

from tests.catalog.support import AMBER, PARVATI, ROB, RUSSELL, SANDRA, covers, name_of, ranking_matches, run


@covers("votes_cast_by_player", "votes_received_by_player")
def test_votes_cast_and_received(graph, votes):
    cast = run(graph, "votes_cast_by_player", castaway_id=ROB).rows
    mine = votes[votes["castaway_id"] == ROB]
    assert Counter((r["season"], r["episode"], r["voted_for_id"]) for r in cast) == Counter(
        zip(mine["season"], mine["episode"], mine["vote_id"]))
    in_20 = run(graph, "votes_cast_by_player", castaway_id=ROB, season=20).rows
    assert len(in_20) == (mine["season"] == 20).sum() and {r["season"] for r in in_20} == {20}
    received = run(graph, "votes_received_by_player", castaway_id=RUSSELL).rows
    against = votes[votes["vote_id"] == RUSSELL]
    assert Counter((r["season"], r["episode"], r["voter_id"]) for r in received) == Counter(
        zip(against["season"], against["episode"], against["castaway_id"]))
    assert sum(r["nullified"] for r in received) == against["nullified"].sum()
    assert len(run(graph, "votes_received_by_player", castaway_id=RUSSELL, limit=3).rows) == 3
    # each vote's side of the merge ("before the merge, how many votes against Chet")
    chet = votes[(votes["vote_id"] == "US0241") & (votes["season"] == 16)]
    rows = run(graph, "votes_received_by_player", castaway_id="US0241", season=16).rows
    assert sum(r["phase"] != "merged" for r in rows) == (chet["tribe_status"] != "Merged").sum() == 12


@covers("head_to_head_votes")
def test_head_to_head_votes(graph, votes, castaways):
    rows = run(graph, "head_to_head_votes", castaway_id=ROB, other_castaway_id=RUSSELL).rows
    between = votes[((votes["castaway_id"] == ROB) & (votes["vote_id"] == RUSSELL))
                    | ((votes["castaway_id"] == RUSSELL) & (votes["vote_id"] == ROB))]
    assert len(between) > 0
    shared = set(castaways[castaways["castaway_id"] == ROB]["season"]) & set(
        castaways[castaways["castaway_id"] == RUSSELL]["season"])
    assert {r["season"] for r in rows} == shared
    voted = [r for r in rows if r["voter"] is not None]
    expected = [(s, name_of(castaways, s, a), name_of(castaways, s, b), e) for s, a, b, e in zip(
        between["season"], between["castaway_id"], between["vote_id"], between["episode"])]
    assert Counter((r["season"], r["voter"], r["voted_for"], r["episode"]) for r in voted) == Counter(expected)
    never = run(graph, "head_to_head_votes", castaway_id=ROB, other_castaway_id=AMBER).rows
    assert {r["season"] for r in never} == {8, 40} and all(r["voter"] is None for r in never)


@covers("voters_at_elimination")
def test_voters_at_elimination(graph, votes):
    rows = run(graph, "voters_at_elimination", castaway_id=ROB).rows
    out = votes[(votes["vote_id"] == ROB) & (votes["voted_out_id"] == ROB)]
    assert Counter((r["season"], r["episode"], r["voter_id"]) for r in rows) == Counter(
        zip(out["season"], out["episode"], out["castaway_id"]))
    assert {r["season"] for r in rows} == {4, 20, 40}
    assert {r["season"] for r in run(graph, "voters_at_elimination", castaway_id=ROB, season=20).rows} == {20}


@covers("elimination_vote")
def test_elimination_vote(graph, votes):
    """Each round of the vote that sent someone home: the counted votes per name, most first, and the tally."""
    for castaway_id in (ROB, "US0508", "US0201"):
        rows = run(graph, "elimination_vote", castaway_id=castaway_id).rows
        out = votes[(votes["voted_out_id"] == castaway_id) & votes["vote_id"].notna()]
        assert {(r["season"], r["episode"], r["round"]) for r in rows} == set(
            zip(out["season"], out["episode"], out["vote_order"]))
        for r in rows:
            one = out[(out["season"] == r["season"]) & (out["episode"] == r["episode"])
                      & (out["vote_order"] == r["round"])]
            counted = one[~one["nullified"].eq(True)].groupby("vote_id").size().sort_values(ascending=False)
            assert r["tally"] == "-".join(str(n) for n in counted)
            assert r["nullified_votes"] == int(one["nullified"].eq(True).sum())
    jp = run(graph, "elimination_vote", castaway_id="US0508", season=35).rows
    assert [(r["tally"], r["votes"]) for r in jp] == [("5-3-1", "John Hilsabeck 5, Mike Zahalsky 3, Joe Mena 1")]
    # an idol play: the cancelled votes are counted apart, not in the tally
    nullified = votes[votes["nullified"].eq(True) & votes["voted_out_id"].notna()].iloc[0]
    rows = run(graph, "elimination_vote", castaway_id=nullified["voted_out_id"], season=int(nullified["season"])).rows
    assert sum(r["nullified_votes"] for r in rows) >= 1


@covers("vote_alignment", "shared_vote_targets")
def test_two_peoples_votes_compared(graph, votes):
    """Side by side at each round both voted in, and the names both wrote down at some point."""
    for first, second, season in (("US0395", "US0394", 26), (SANDRA, PARVATI, 20), ("US0220", "US0219", 14)):
        a = votes[(votes["castaway_id"] == first) & (votes["season"] == season)]
        b = votes[(votes["castaway_id"] == second) & (votes["season"] == season)]
        both = a.merge(b, on=["season", "episode", "order", "vote_order"])
        rows = run(graph, "vote_alignment", castaway_id=first, other_castaway_id=second, season=season).rows
        assert len(rows) == len(both)
        same = int((both["vote_id_x"] == both["vote_id_y"]).sum())
        assert {r["n_same_votes"] for r in rows} <= {same} and sum(r["same_vote"] for r in rows) == same
        shared = run(graph, "shared_vote_targets", castaway_id=first, other_castaway_id=second, season=season).rows
        assert {r["castaway_id"] for r in shared} == set(a["vote_id"]) & set(b["vote_id"])
        for r in shared:
            assert r["player_votes"] == int((a["vote_id"] == r["castaway_id"]).sum())
    eddie_reynold = run(graph, "vote_alignment", castaway_id="US0395", other_castaway_id="US0394", season=26).rows
    assert eddie_reynold[0]["n_same_votes"] == 7


@covers("tribal_councils_attended")
def test_tribal_councils_attended(graph, survivor):
    vh = survivor.table("vote_history")
    per = vh[vh["season"] == 11].drop_duplicates(["episode", "order", "castaway_id"]).groupby("castaway_id").size()
    rows = run(graph, "tribal_councils_attended", season=11).rows
    assert {r["castaway_id"]: r["tribal_councils"] for r in rows} == per.to_dict()
    assert [r["tribal_councils"] for r in rows] == sorted((r["tribal_councils"] for r in rows), reverse=True)


@covers("single_tribal_vote_counts")
def test_single_tribal_vote_counts(graph, votes):
    per = votes.groupby(["season", "episode", "order", "vote_order", "vote_id"]).size()
    rows = run(graph, "single_tribal_vote_counts", limit=5000).rows
    assert sorted(r["votes"] for r in rows) == sorted(per.tolist())
    assert (rows[0]["player"], rows[0]["votes"]) == ("Elizabeth Olson", per.max())


@covers("tribal_events")
def test_tribal_events(graph, survivor):
    """Every tribal council whose vote_history names an event, once, with who went home; an event kind filters."""
    vh = survivor.table("vote_history")
    evented = vh[vh["vote_event"].notna()]
    rows = run(graph, "tribal_events").rows
    assert {(r["season"], r["episode"], r["tribal_order"]) for r in rows} == set(
        zip(evented["season"].astype(int), evented["episode"].astype(int), evented["order"].astype(int)))
    rocks = evented[evented["vote_event"] == "Rock draw"]
    drawn = run(graph, "tribal_events", event="rock draw").rows
    assert {(r["season"], r["castaway_id"]) for r in drawn} == set(
        zip(rocks["season"].astype(int), rocks["voted_out_id"]))
    assert (drawn[0]["season"], drawn[0]["voted_out"]) == (4, "Paschal English")
    assert any("Deadlock" in e and "Rock draw" in e for r in drawn for e in r["events"])  # one council, both events


@covers("tribal_council_counts")
def test_tribal_council_counts(graph, survivor):
    history = survivor.table("vote_history")
    with_votes = history[history["vote"].notna()]
    [row] = run(graph, "tribal_council_counts").rows
    assert row["tribal_councils"] == len(history[["season", "episode", "order"]].drop_duplicates()) == 737
    assert row["tribal_councils_with_votes"] == len(with_votes[["season", "episode", "order"]].drop_duplicates())
    assert row["season_episode_pairs"] == len(history[["season", "episode"]].drop_duplicates())
    assert row["season_episode_pairs_with_votes"] == len(with_votes[["season", "episode"]].drop_duplicates()) == 640
    assert row["seasons"] == 49 and "boot order" in row["definition"]
    [s40] = run(graph, "tribal_council_counts", season=40).rows
    assert s40["tribal_councils"] == len(history[history["season"] == 40][["episode", "order"]].drop_duplicates())
    for cid, season in (("US0278", 18), (ROB, None)):  # the tribal councils one person sat through
        mine = history[(history["castaway_id"] == cid) & ((history["season"] == season) if season else True)]
        [row] = run(graph, "tribal_council_counts", castaway_id=cid, season=season).rows
        assert row["tribal_councils"] == len(mine[["season", "episode", "order"]].drop_duplicates())


def vote_revenge_truth(votes: pd.DataFrame) -> set[tuple]:
    """(season, player, voter, episode out): the player voted against the voter at an earlier tribal, then the
    voter cast a (not nullified) vote against the player at the tribal that voted the player out."""
    earlier = votes[["season", "castaway_id", "vote_id", "episode", "order"]].rename(
        columns={"castaway_id": "player", "vote_id": "voter"})
    final = votes[(votes["vote_id"] == votes["voted_out_id"]) & votes["nullified"].ne(True)]
    final = final[["season", "castaway_id", "vote_id", "episode", "order"]].rename(
        columns={"castaway_id": "voter", "vote_id": "player", "episode": "out_episode", "order": "out_order"})
    pairs = earlier.merge(final, on=["season", "player", "voter"])
    before = (pairs["episode"] < pairs["out_episode"]) | (
        (pairs["episode"] == pairs["out_episode"]) & (pairs["order"] < pairs["out_order"]))
    pairs = pairs[before]
    return set(zip(pairs["season"], pairs["player"], pairs["voter"], pairs["out_episode"]))


@covers("vote_revenge")
def test_vote_revenge(graph, votes):
    truth = vote_revenge_truth(votes)
    rows = run(graph, "vote_revenge", limit=1000).rows
    assert {(r["season"], r["player_id"], r["voted_out_by_id"], r["voted_out_in_episode"]) for r in rows} == truth
    assert len(rows) == len(truth) == rows[0]["n_pairs"]
    assert all(r["first_voted_against_in_episode"] <= r["voted_out_in_episode"] for r in rows)
    limited = run(graph, "vote_revenge").rows
    assert len(limited) == 100 and limited[0]["n_pairs"] == len(truth)
    rob = run(graph, "vote_revenge", castaway_id=ROB, limit=1000).rows
    assert {(r["player_id"], r["voted_out_by_id"]) for r in rob} == {(p, v) for _, p, v, _ in truth if ROB in (p, v)}
    assert {r["season"] for r in run(graph, "vote_revenge", season=20).rows} == {20}


@covers("most_votes_received")
def test_most_votes_received(graph, votes):
    ranking_matches(run(graph, "most_votes_received").rows, votes.groupby("vote_id").size(), "votes_received")
    s40 = votes[votes["season"] == 40]
    rows = run(graph, "most_votes_received", season=40).rows
    ranking_matches(rows, s40.groupby("vote_id").size(), "votes_received")
    nullified = s40[s40["nullified"].eq(True)].groupby("vote_id").size()
    assert all(r["nullified"] == nullified.get(r["castaway_id"], 0) for r in rows)


@covers("most_votes_cast")
def test_most_votes_cast(graph, votes):
    by_voter = votes.groupby("castaway_id").size()
    ranking_matches(run(graph, "most_votes_cast").rows, by_voter, "votes_cast")
    s40 = votes[votes["season"] == 40]
    ranking_matches(run(graph, "most_votes_cast", season=40).rows, s40.groupby("castaway_id").size(), "votes_cast")


@covers("tribal_council_votes")
def test_tribal_council_votes(graph, votes, castaways):
    rows = run(graph, "tribal_council_votes", season=45, episode=9).rows
    expected = votes[(votes["season"] == 45) & (votes["episode"] == 9)]
    cast = [r for r in rows if r["voted_for"] is not None]
    assert Counter((r["voter"], r["voted_for"], r["vote_order"]) for r in cast) == Counter(
        (name_of(castaways, 45, a), name_of(castaways, 45, b), o)
        for a, b, o in zip(expected["castaway_id"], expected["vote_id"], expected["vote_order"]))
    assert {r["voted_out"] for r in rows} == {name_of(castaways, 45, c) for c in expected["voted_out_id"].unique()}
    season = run(graph, "tribal_council_votes", season=45).rows  # no episode: every tribal council of the season
    assert sum(1 for r in season if r["nullified"]) == votes[(votes["season"] == 45)]["nullified"].sum() == 18
    assert {r["episode"] for r in season if r["voted_for"]} == set(votes[votes["season"] == 45]["episode"])


@covers("tribal_event_players")
def test_the_people_a_tribal_twist_applied_to(graph, survivor):
    vh = survivor.table("vote_history")
    shots = vh[vh["vote_event"].fillna("").str.contains("shot in the dark", case=False)].drop_duplicates(
        ["season", "episode", "order", "castaway_id"])
    rows = run(graph, "tribal_event_players", event="shot in the dark").rows
    assert len(rows) == len(shots) and Counter(r["castaway_id"] for r in rows) == Counter(shots["castaway_id"])
    safe = run(graph, "tribal_event_players", event="shot in the dark", outcome="Safe").rows
    assert [r["castaway_id"] for r in safe] == shots[shots["vote_event_outcome"] == "Safe"].sort_values(
        ["season", "episode", "order"])["castaway_id"].tolist() and safe[0]["player"] == "Jaime Lynn Ruiz"
