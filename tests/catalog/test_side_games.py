"""Answers about the side games: challenge sit-outs, duels, Redemption Island and the Edge of Extinction,
journeys and the auction; checked against survivoR read with pandas.
"""

from __future__ import annotations

from collections import Counter

import pandas as pd

from tests.catalog.support import covers, name_of, ranking_matches, run


@covers("challenge_sit_outs")
def test_challenge_sit_outs(graph, survivor):
    results = survivor.table("challenge_results")
    sat = results[(results["sit_out"] == True) & (results["version"] == "US")]  # noqa: E712
    for season in (41, 10, 20):
        truth = sat[sat["season"] == season].groupby("castaway_id").size()
        rows = run(graph, "challenge_sit_outs", season=season).rows
        assert {r["castaway_id"]: r["sat_out"] for r in rows} == truth.to_dict()
        ranking_matches(rows, truth, "sat_out")
    heather = run(graph, "challenge_sit_outs", castaway_id="US0593").rows
    assert [(r["player"], r["sat_out"]) for r in heather] == [("Heather Aldret", 5)]
    assert heather[0]["episodes"] == sorted(sat[sat["castaway_id"] == "US0593"]["episode"].astype(int))


@covers("duels")
def test_duels(graph, survivor, castaways):
    results = survivor.table("challenge_results")
    duels = results[(results["challenge_type"] == "Duel") & (results["version"] == "US")]
    assert sorted(duels["season"].astype(int).unique()) == [22, 23, 27, 38, 40]
    for season in (22, 27, 40):
        mine = duels[duels["season"] == season]
        rows = run(graph, "duels", season=season).rows
        fought = mine.groupby("castaway_id")["challenge_id"].nunique()
        won = mine[mine["won_duel"] == 1].groupby("castaway_id").size().reindex(fought.index, fill_value=0)
        assert {r["castaway_id"]: (r["duels"], r["wins"], r["losses"]) for r in rows} == {
            cid: (fought[cid], won[cid], fought[cid] - won[cid]) for cid in fought.index}
        ranking_matches(rows, won, "wins")
    mapping = survivor.table("tribe_mapping")
    for arena, status in (("redemption_island", "Redemption Island"), ("edge_of_extinction", "Edge of Extinction")):
        seasons = set(mapping[mapping["tribe_status"] == status]["season"].astype(int))
        assert {r["season"] for r in run(graph, "duels", arena=arena).rows} == seasons & {22, 23, 27, 38, 40}
    christine = run(graph, "duels", castaway_id="US0339").rows[0]  # South Pacific: everyone in her duels
    hers = duels[duels["castaway_id"] == "US0339"]
    others = duels[duels["challenge_id"].isin(hers["challenge_id"]) & (duels["season"] == 23)
                   & (duels["castaway_id"] != "US0339")]
    assert sorted(christine["faced"]) == sorted(name_of(castaways, 23, c) for c in others["castaway_id"].unique())


@covers("arena_stays")
def test_who_was_sent_to_an_arena_and_who_came_back(graph, survivor):
    """Everyone on Redemption Island or the Edge (tribe_mapping), and who was on a game tribe after arriving."""
    mapping = survivor.table("tribe_mapping")
    arenas = mapping[mapping["tribe_status"].isin(["Redemption Island", "Edge of Extinction"])]
    rows = run(graph, "arena_stays").rows
    assert Counter(r["season"] for r in rows) == Counter(
        int(s) for s, _ in arenas.drop_duplicates(["season", "castaway_id"])[["season", "castaway_id"]].values)
    back = sorted((r["season"], r["player"]) for r in rows if r["returned"] and r["season"] in (22, 23, 38))
    assert back == [(22, "Andrea Boehlke"), (22, "Matt Elrod"), (23, "Oscar Lusth"), (38, "Chris Underwood"),
                    (38, "Rick Devens")]
    first = arenas.sort_values("episode").drop_duplicates(["season", "castaway_id"])
    arrived = {(int(s), c): int(e) for s, c, e in first[["season", "castaway_id", "episode"]].values}
    assert all(r["arrived_episode"] == arrived[(r["season"], r["castaway_id"])] for r in rows)
    assert {r["arena"] for r in run(graph, "arena_stays", arena="edge_of_extinction").rows} == {"edge_of_extinction"}


@covers("journeys")
def test_journeys(graph, survivor, castaways):
    journeys = survivor.table("journeys")
    journeys = journeys[journeys["version"] == "US"]
    for season in (42, 44, 47):
        mine = journeys[journeys["season"] == season]
        rows = run(graph, "journeys", season=season).rows
        assert sorted((r["episode"], r["castaway_id"]) for r in rows) == sorted(
            zip(mine["episode"].astype(int), mine["castaway_id"]))
        assert {r["castaway_id"] for r in rows if r["lost_vote"]} == set(mine[mine["lost_vote"] == True]["castaway_id"])  # noqa: E712
    carson = run(graph, "journeys", castaway_id="US0659").rows  # season 44: who went with him
    trip = journeys[(journeys["season"] == 44) & (journeys["sog_id"] == journeys[journeys["castaway_id"] == "US0659"]
                                                   ["sog_id"].iloc[0])]
    assert sorted(carson[0]["went_with"]) == sorted(name_of(castaways, 44, c) for c in trip["castaway_id"]
                                                    if c != "US0659")


@covers("auction")
def test_auction(graph, survivor):
    money = survivor.table("survivor_auction")
    items = survivor.table("auction_details")
    assert sorted({r["season"] for r in run(graph, "auction").rows}) == sorted(money["season"].astype(int).unique())
    for season in (26, 45, 10):
        present = money[money["season"] == season]
        bought = items[(items["season"] == season) & items["castaway_id"].notna()]
        rows = run(graph, "auction", season=season).rows
        assert {r["castaway_id"]: r["money"] for r in rows} == dict(zip(present["castaway_id"], present["total"]))
        spent = bought.groupby("castaway_id")["cost"].sum().reindex(present["castaway_id"], fill_value=0)
        assert {r["castaway_id"]: r["spent"] for r in rows} == spent.astype(int).to_dict()
        assert {r["castaway_id"] for r in rows if r["items"] == 0} == set(present["castaway_id"]) - set(
            bought["castaway_id"])
        # the money left after one's last purchase (survivoR's money_remaining), all of it for those who bought nothing
        last = bought.sort_values("item").drop_duplicates("castaway_id", keep="last").set_index("castaway_id")
        left = {cid: (int(last.loc[cid, "money_remaining"]) if cid in last.index else int(total))
                for cid, total in zip(present["castaway_id"], present["total"])}
        assert {r["castaway_id"]: r["money_left"] for r in rows} == left
    dawn = run(graph, "auction", season=26, castaway_id="US0346").rows
    assert [r["bought"] for r in dawn] == [["Roasted Chicken"]]


@covers("auction_items")
def test_the_items_of_an_auction_in_order(graph, survivor):
    items = survivor.table("auction_details")
    items = items[items["castaway_id"].notna()]
    for season in (2, 26, 47):
        mine = items[items["season"] == season].sort_values(["item", "castaway_id"])
        rows = run(graph, "auction_items", season=season).rows
        assert [(r["item_order"], r["item"], r["cost"]) for r in rows] == [
            (int(i), d, None if pd.isna(c) else int(c)) for i, d, c in zip(mine["item"], mine["item_description"],
                                                                          mine["cost"])]
    assert run(graph, "auction_items", season=26).rows[0]["player"] == "Malcolm Freberg"
    offered = items[items["alternative_offered"] == True]  # noqa: E712
    rows = [r for r in run(graph, "auction_items").rows if r["offered_instead"]]
    assert sorted((r["castaway_id"], r["other_item"]) for r in rows) == sorted(
        zip(offered["castaway_id"], offered["other_item"]))
    covered = items[(items["season"] == 25) & (items["covered"] == True)]  # noqa: E712
    assert sum(bool(r["covered"]) for r in run(graph, "auction_items", season=25).rows) == len(covered)
