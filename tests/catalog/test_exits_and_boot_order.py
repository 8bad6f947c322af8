"""Answers about leaving the game: the boot order, exits by type (medevacs, quits), eliminations per
episode number and one person's exit; checked against survivoR read with pandas.
"""

from __future__ import annotations

from tests.catalog.support import MEDEVAC_SEASONS, ROB, covers, name_of, run


@covers("boot_order")
def test_boot_order(graph, castaways):
    for season in range(1, 50):
        rows = run(graph, "boot_order", season=season).rows
        expected = castaways[castaways["season"] == season].sort_values("place", ascending=False)
        assert [r["castaway_id"] for r in rows] == list(expected["castaway_id"]), season
        assert rows[-1]["result"] == "Sole Survivor"
    first = run(graph, "boot_order", season=30).rows[0]
    assert first["player"] == name_of(castaways, 30, castaways[(castaways["season"] == 30) & (castaways["order"] == 1)]
                                      ["castaway_id"].iloc[0])


@covers("exits_by_type", "seasons_with_exit_type")
def test_exits(graph, castaways):
    medevacs = castaways[castaways["result"] == "Medically evacuated"]
    rows = run(graph, "exits_by_type", exit_type="medevac").rows
    assert sorted(r["castaway_id"] for r in rows) == sorted(medevacs["castaway_id"])
    skupin = [r for r in rows if r["castaway_id"] == "US0022"]
    assert [(r["season"], r["episode"]) for r in skupin] == [(2, 6)]
    quits = castaways[castaways["result"].str.contains("Quit", na=False)]  # also "2nd voted out; Quit EoE"
    assert sorted(r["castaway_id"] for r in run(graph, "exits_by_type", exit_type="quit").rows) == sorted(
        quits["castaway_id"])
    assert [r["season"] for r in run(graph, "exits_by_type", exit_type="medevac", season=46).rows] == list(
        medevacs[medevacs["season"] == 46]["season"])
    seasons = run(graph, "seasons_with_exit_type", exit_type="medevac").rows
    assert [r["season"] for r in seasons] == MEDEVAC_SEASONS == sorted(medevacs["season"].unique())
    assert {r["season"]: r["n"] for r in seasons} == medevacs.groupby("season").size().to_dict()


@covers("eliminations_by_episode_number")
def test_eliminations_by_episode_number(graph, castaways):
    gone = castaways[~castaways["result"].isin(["Sole Survivor", "Runner-up", "2nd runner-up"])
                     & castaways["episode"].notna()]
    expected = gone.groupby(gone["episode"].astype(int)).size()
    rows = run(graph, "eliminations_by_episode_number", limit=100).rows
    assert {r["episode"]: r["eliminations"] for r in rows} == expected.to_dict()
    assert rows[0]["episode"] == 13 == expected.idxmax()
    voted = gone[gone["result"].str.contains("voted out")]
    rows = run(graph, "eliminations_by_episode_number", exit_type="voted_out", limit=100).rows
    expected = voted.groupby(voted["episode"].astype(int)).size()
    assert {r["episode"]: r["eliminations"] for r in rows} == expected.to_dict()


@covers("player_exit")
def test_player_exit(graph, castaways, survivor):
    for cid, season in (("US0523", 36), ("US0227", 15), (ROB, 20)):
        [row] = run(graph, "player_exit", castaway_ids=[cid], season=season).rows
        mine = castaways[(castaways["castaway_id"] == cid) & (castaways["season"] == season)].iloc[0]
        assert (row["episode"], row["day"], row["result"], row["boot_order"]) == (
            mine["episode"], mine["day"], mine["result"], mine["order"])
    both = run(graph, "player_exit", castaway_ids=["US0568", "US0477"], season=38).rows
    s38 = castaways[castaways["season"] == 38].set_index("castaway_id")["order"]
    assert [r["castaway_id"] for r in both] == sorted(["US0568", "US0477"], key=lambda c: s38[c])
    latest = run(graph, "player_exit", castaway_ids=["US0568", "US0477"], season=38, latest_first=True).rows
    assert [r["castaway_id"] for r in latest] == [r["castaway_id"] for r in reversed(both)]
    assert [r["season"] for r in run(graph, "player_exit", castaway_ids=[ROB]).rows] == [4, 8, 20, 22, 40]
    episodes = survivor.table("episodes").set_index(["season", "episode"])["episode_title"]
    [brandon] = run(graph, "player_exit", castaway_ids=["US0350"], season=23).rows
    assert brandon["episode_title"] == episodes[(23, brandon["episode"])]
