"""Answers about tribes: a season's tribes, their members, the swap, and the buff colours (with the
castaway scores and advantage episodes the cast and finalists lists carry); checked against survivoR's
tribe_mapping and tribe_colours read with pandas.
"""

from __future__ import annotations

import pytest

from tests.catalog.support import covers, run


@covers("season_tribes")
@pytest.mark.parametrize("season", [28, 41])
def test_season_tribes(graph, survivor, season):
    mapping = survivor.table("tribe_mapping")
    mapping = mapping[(mapping["season"] == season) & mapping["tribe"].notna()]
    rows = run(graph, "season_tribes", season=season).rows
    assert {r["tribe"]: r["members"] for r in rows} == mapping.groupby("tribe")["castaway_id"].nunique().to_dict()
    assert rows[0]["phase"] == "original" and [r["first_day"] for r in rows] == sorted(r["first_day"] for r in rows)
    formed = mapping.groupby("tribe")["episode"].min().to_dict()
    assert {r["tribe"]: r["episode"] for r in rows} == formed  # the episode each tribe formed in


@covers("tribe_members")
def test_tribe_members(graph, survivor, castaways):
    mapping = survivor.table("tribe_mapping")
    s28 = mapping[(mapping["season"] == 28) & (mapping["tribe_status"] == "Original")]
    rows = run(graph, "tribe_members", season=28, phase="original").rows
    got = {(r["tribe"], r["castaway_id"]) for r in rows}
    assert got == set(zip(s28["tribe"], s28["castaway_id"]))
    luzon = run(graph, "tribe_members", season=28, tribe="luzon").rows
    assert {r["castaway_id"] for r in luzon} == set(mapping[(mapping["season"] == 28) & (mapping["tribe"] == "Luzon")]
                                                    ["castaway_id"])
    merged = run(graph, "tribe_members", season=40, phase="merged").rows
    expected = mapping[(mapping["season"] == 40) & (mapping["tribe_status"] == "Merged")]["castaway_id"]
    assert {r["castaway_id"] for r in merged} == set(expected)


@covers("tribe_swap")
@pytest.mark.parametrize("season", [7, 30, 44, 45])
def test_tribe_swap(graph, survivor, season):
    mapping = survivor.table("tribe_mapping")
    mine = mapping[(mapping["season"] == season) & (mapping["version"] == "US")]
    before = mine[mine["tribe_status"] == "Original"].groupby("castaway_id")["tribe"].first()
    swapped = mine[mine["tribe_status"] == "Swapped"]
    after = swapped.groupby("castaway_id")["tribe"].first()
    rows = run(graph, "tribe_swap", season=season).rows
    assert {r["castaway_id"]: (r["tribe_before"], r["tribe_after"]) for r in rows} == {
        c: (before[c], after[c]) for c in after.index}
    assert {r["castaway_id"] for r in rows if r["changed_tribe"]} == {c for c in after.index if before[c] != after[c]}
    assert {r["episode"] for r in rows} == {swapped["episode"].min()}
    assert [r["changed_tribe"] for r in rows] == sorted((r["changed_tribe"] for r in rows), reverse=True)
    assert run(graph, "tribe_swap", season=1).rows == []  # Borneo had no swap


def test_buff_colours_scores_and_advantage_episodes_come_from_survivor(graph, survivor):
    """The tribe_members, season_cast and season_finalists columns the graph gained: a buff's colour name (and the
    hex code), the castaway score and the episodes a castaway held an advantage (advantage_timeline)."""
    from ingest.colours import colour_name

    assert (colour_name("#2150FF"), colour_name("#FFEB00"), colour_name("#000000"), colour_name("#BEBEBE"),
            colour_name("x")) == ("blue", "yellow", "black", "grey", None)
    colours = survivor.table("tribe_colours")
    rows = run(graph, "tribe_members", season=25, phase="original").rows
    hexes = dict(zip(colours[colours["season"] == 25]["tribe"], colours[colours["season"] == 25]["tribe_colour"]))
    assert all(r["colour_hex"] == hexes[r["tribe"]] and r["buff_colour"] == colour_name(hexes[r["tribe"]])
               for r in rows)
    assert {r["buff_colour"] for r in rows if r["tribe"] == "Matsing"} == {"blue"}
    scores = survivor.table("castaway_scores")
    fiji = scores[scores["season"] == 14].set_index("castaway_id")["score_overall"]
    cast = run(graph, "season_cast", season=14).rows
    assert {r["castaway_id"]: r["score_overall"] for r in cast} == pytest.approx(fiji.round(4).to_dict())
    timeline = survivor.table("advantage_timeline")
    held = timeline[(timeline["season"] == 41) & (timeline["holding"] == 1)].drop_duplicates(
        ["castaway_id", "episode"]).groupby("castaway_id").size()
    s41 = run(graph, "season_cast", season=41).rows
    assert {r["castaway_id"]: r["advantage_episodes"] for r in s41 if r["advantage_episodes"]} == held.to_dict()
    assert max(s41, key=lambda r: r["advantage_episodes"])["player"] == "Xander Hastings"
    finalists = {r["castaway_id"]: r["advantage_episodes"] for r in run(graph, "season_finalists", season=41).rows}
    assert finalists == {cid: int(held.get(cid, 0)) for cid in finalists} and sorted(finalists.values())[0] == 0
