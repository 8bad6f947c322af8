"""Answers about advantages and idols: every advantage event, a season's advantages, and one person's
advantages and who found the most; checked against survivoR's advantage tables read with pandas.
"""

from __future__ import annotations

from collections import Counter

from tests.catalog.support import RUSSELL, covers, name_of, ranking_matches, run


@covers("advantage_events")
def test_advantage_events(graph, survivor):
    """Every advantage_movement row of a season is one event; a kind of event and a type of advantage filter them."""
    moves = survivor.table("advantage_movement").merge(
        survivor.table("advantage_details")[["version_season", "advantage_id", "advantage_type"]],
        on=["version_season", "advantage_id"])
    moves = moves[moves["castaway_id"].notna()]
    for season in (41, 45):
        mine = moves[moves["season"] == season]
        rows = run(graph, "advantage_events", season=season).rows
        assert Counter((r["castaway_id"], r["advantage_id"].split(":A")[-1]) for r in rows) == Counter(
            (c, str(int(a))) for ids, a in zip(mine["castaway_id"], mine["advantage_id"]) for c in str(ids).split(", "))
        out = mine[(mine["event"] == "Voted out with advantage")
                   & mine["advantage_type"].str.contains("idol", case=False)]
        rows = run(graph, "advantage_events", season=season, event="voted_out", advantage_type="idol").rows
        assert sorted(r["castaway_id"] for r in rows) == sorted(out["castaway_id"])
    s41 = run(graph, "advantage_events", season=41, event="voted_out", advantage_type="idol").rows
    assert {r["player"] for r in s41} == {"Brad Reese", "Naseer Muttalif", "Shantel Smith"}
    expired = moves[moves["event"] == "Expired"]
    assert len(run(graph, "advantage_events", event="expired").rows) == len(expired)
    # idols played for someone else: the played_for_id is another player's
    idols = moves[(moves["event"] == "Played") & moves["advantage_type"].str.contains("immunity idol", case=False)]
    players = idols.assign(castaway_id=idols["castaway_id"].str.split(", ")).explode("castaway_id")  # shared plays
    for_others = players[players["played_for_id"].notna() & (players["played_for_id"] != players["castaway_id"])]
    rows = run(graph, "advantage_events", event="played", advantage_type="immunity idol", for_others=True).rows
    assert Counter(r["castaway_id"] for r in rows) == Counter(for_others["castaway_id"]) and len(rows) > 20
    assert all(r["played_for_id"] != r["castaway_id"] for r in rows)
    own = run(graph, "advantage_events", event="played", advantage_type="immunity idol", for_others=False).rows
    every = run(graph, "advantage_events", event="played", advantage_type="immunity idol").rows
    assert len(own) + len(rows) == len(every)


@covers("season_advantages")
def test_season_advantages(graph, survivor, castaways):
    details = survivor.table("advantage_details")
    movement = survivor.table("advantage_movement")
    rows = run(graph, "season_advantages", season=45).rows
    s45 = details[details["season"] == 45]
    assert {(r["advantage_id"], r["advantage_type"]) for r in rows} == {
        (f"US45:A{int(a)}", t) for a, t in zip(s45["advantage_id"], s45["advantage_type"])}
    moves = movement[movement["season"] == 45]
    for adv_id in s45["advantage_id"]:
        mine = moves[moves["advantage_id"] == adv_id]
        found = mine[mine["event"].isin(["Found", "Found (beware)"])]["castaway_id"].unique()
        plays = mine[mine["event"] == "Played"]
        adv_rows = [r for r in rows if r["advantage_id"] == f"US45:A{int(adv_id)}"]
        assert sorted(adv_rows[0]["found_by"]) == sorted(name_of(castaways, 45, c) for c in found)
        assert sorted(r["played_by"] for r in adv_rows if r["played_by"]) == sorted(
            name_of(castaways, 45, c) for c in plays["castaway_id"])
    idols = run(graph, "season_advantages", season=45, advantage_type="idol").rows
    assert {r["advantage_type"] for r in idols} == {t for t in s45["advantage_type"] if "idol" in t.lower()}


@covers("player_advantages", "advantages_found_ranking")
def test_advantages_by_person(graph, survivor):
    # A shared advantage names its holders in one cell ("US0701, US0698, US0713"): one row per holder.
    movement = survivor.table("advantage_movement").dropna(subset=["castaway_id"])
    movement = movement.assign(castaway_id=movement["castaway_id"].str.split(r",\s*")).explode("castaway_id")
    rows = run(graph, "player_advantages", castaway_id=RUSSELL).rows
    mine = movement[movement["castaway_id"] == RUSSELL]
    assert Counter((r["season"], r["advantage_id"]) for r in rows) == Counter(
        (int(s), f"{v}:A{int(a)}") for s, v, a in zip(mine["season"], mine["version_season"], mine["advantage_id"]))
    assert sum(r["event"] == "played" for r in rows) == (mine["event"] == "Played").sum()
    assert {r["season"] for r in run(graph, "player_advantages", castaway_id=RUSSELL, season=20).rows} == {20}
    assert sorted((r["season"], r["episode"], r["day"]) for r in rows) == sorted(
        (int(s), int(e), int(d)) for s, e, d in zip(mine["season"], mine["episode"], mine["day"]))

    found = movement[movement["event"].isin(["Found", "Found (beware)"])]
    distinct = found.drop_duplicates(["version_season", "advantage_id", "castaway_id"])
    ranking_matches(run(graph, "advantages_found_ranking", limit=20).rows, distinct.groupby("castaway_id").size(),
                    "found")
    types = survivor.table("advantage_details").set_index(["version_season", "advantage_id"])["advantage_type"]
    distinct = distinct.assign(type=[types[k] for k in zip(distinct["version_season"], distinct["advantage_id"])])
    idols = distinct[distinct["type"].str.lower().str.contains("hidden immunity idol")]
    rows = run(graph, "advantages_found_ranking", advantage_type="Hidden Immunity Idol").rows
    ranking_matches(rows, idols.groupby("castaway_id").size(), "found")
