"""The filters of queries whose plain answers the other modules test, checked together against survivoR:
boot order positions, first and last challenge winners, one-way head-to-head votes, tribe members by person
and merge, unanimous and fewest jury votes, exit and jury totals, and ranking leaders.
"""

from __future__ import annotations

from tests.catalog.support import MEDEVAC_SEASONS, ROB, SANDRA, run, seasons_played


def test_the_new_filters_of_existing_queries(graph, castaways, votes, jury, wins, survivor):
    """boot_order position / from_end / after / before; challenge winners by episode and first / last; one-way
    head-to-head counts; tribe_members by person and merge; career, winner age; unanimous and fewest jury
    votes; exit and jury totals; idols among people with N seasons; the leaders of the votes ranking."""
    for season in (16, 28, 8, 42):
        order = castaways[castaways["season"] == season].set_index("order")["castaway_id"]
        for n in (1, 3):
            assert [r["castaway_id"] for r in run(graph, "boot_order", season=season, position=n).rows] == [order[n]]
        finalists = castaways[(castaways["season"] == season) & castaways["finalist"]]
        last = max(o for o, c in order.items() if c not in set(finalists["castaway_id"]))
        rows = run(graph, "boot_order", season=season, position=1, from_end=True).rows
        assert [r["castaway_id"] for r in rows] == [order[last]]
        assert [r["castaway_id"] for r in run(graph, "boot_order", season=season, after=order[4]).rows] == [order[5]]
        assert [r["castaway_id"] for r in run(graph, "boot_order", season=season, before=order[4]).rows] == [order[3]]
    assert run(graph, "boot_order", season=8, position=1, from_end=True).rows[0]["player"] == "Jenna Lewis"
    for season in (4, 37, 6):
        ind = wins[(wins["season"] == season) & (wins["won_individual_immunity"] == 1)].sort_values(
            ["episode", "challenge_id"])
        first = run(graph, "season_challenge_winners", season=season, pick="first").rows
        last = run(graph, "season_challenge_winners", season=season, pick="last").rows
        assert [r["castaway_id"] for r in first] == list(ind[ind["challenge_id"] == ind["challenge_id"].iloc[0]]
                                                         ["castaway_id"])
        assert [r["castaway_id"] for r in last] == list(ind[ind["challenge_id"] == ind["challenge_id"].iloc[-1]]
                                                        ["castaway_id"])
        episode = int(ind["episode"].iloc[0])
        rows = run(graph, "season_challenge_winners", season=season, episode=episode).rows
        assert {r["castaway_id"] for r in rows} == set(ind[ind["episode"] == episode]["castaway_id"])
        [events] = run(graph, "episode_events", season=season, episode=episode, about="immunity").rows
        assert events["left_the_game"] == [] and events["individual_reward"] == [] and events["individual_immunity"]
    for a, b in (("US0438", "US0439"), (SANDRA, "US0197")):
        mine = votes[(votes["castaway_id"] == a) & (votes["vote_id"] == b)]
        rows = run(graph, "head_to_head_votes", castaway_id=a, other_castaway_id=b, one_way=True).rows
        voted = [r for r in rows if r["voter"] is not None]
        assert len(voted) == len(mine) and all(r["n_votes"] == len(mine) for r in rows)
    [tribe] = run(graph, "tribe_members", season=24, castaway_id="US0367", phase="original").rows
    assert tribe["tribe"] == castaways[(castaways["season"] == 24) & (castaways["castaway_id"] == "US0367")][
        "original_tribe"].iloc[0]
    mapping = survivor.table("tribe_mapping")
    merged = set(mapping[(mapping["season"] == 26) & (mapping["tribe_status"] == "Merged")]["castaway_id"])
    bikal = set(mapping[(mapping["season"] == 26) & (mapping["tribe"] == "Bikal")
                        & (mapping["tribe_status"] == "Original")]["castaway_id"])
    missed = run(graph, "tribe_members", season=26, tribe="Bikal", phase="original", made_merge=False).rows
    assert {r["castaway_id"] for r in missed} == bikal - merged and missed
    [career] = run(graph, "player_career", castaway_id=ROB, season=20).rows
    assert (career["season"], career["seasons_played"]) == (20, 5)
    s35 = castaways[(castaways["season"] == 35) & castaways["winner"]].iloc[0]
    assert run(graph, "season_winner", season=35).rows[0]["age"] == s35["age"]
    summary = survivor.table("season_summary").set_index("season")
    votes_for = jury.groupby(["season", "finalist_id"]).size()
    winners = castaways[castaways["winner"]].set_index("season")["castaway_id"]
    unanimous = sorted(s for s in range(1, 50) if votes_for[(s, winners[s])] == summary.loc[s, "n_jury"])
    rows = run(graph, "winners_with_jury_votes", unanimous=True).rows
    assert [r["season"] for r in rows] == unanimous and {r["n_seasons"] for r in rows} == {len(unanimous)}
    fewest = run(graph, "winners_with_jury_votes", order="fewest").rows
    assert [r["jury_votes"] for r in fewest] == sorted(votes_for[(s, winners[s])] for s in range(1, 50))
    medevacs = castaways[castaways["result"] == "Medically evacuated"]
    assert {r["n_exits"] for r in run(graph, "exits_by_type", exit_type="medevac").rows} == {len(medevacs)}
    none = run(graph, "seasons_with_exit_type", exit_type="medevac", absent=True).rows
    assert [r["season"] for r in none] == [s for s in range(1, 50) if s not in MEDEVAC_SEASONS]
    assert {r["n_jurors"] for r in run(graph, "season_jury", season=42).rows} == {
        int(castaways[(castaways["season"] == 42) & castaways["jury"]].shape[0])}
    counts = seasons_played(castaways)
    idols = run(graph, "advantages_found_ranking", advantage_type="Hidden Immunity Idol", min_seasons=3).rows
    assert idols and all(r["seasons_played"] == counts[r["castaway_id"]] >= 3 for r in idols)
    assert idols[0]["player"] == "Russell Hantz"
    received = votes.groupby("vote_id").size()
    leaders = run(graph, "most_votes_received", leaders_only=True).rows
    assert {r["castaway_id"] for r in leaders} == set(received[received == received.max()].index)
