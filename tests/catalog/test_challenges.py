"""Answers about challenges: each challenge and its winners, reward picks, tribe wins, individual win
rankings, one person's wins, a season's winners, and challenge counts per season (with an episode's number
across the show); checked against survivoR's challenge tables read with pandas.
"""

from __future__ import annotations

from collections import Counter

import pandas as pd

from tests.catalog.support import ROB, RUPERT, covers, ranking_matches, run, seasons_played


@covers("tribe_challenge_wins")
def test_tribe_challenge_wins(graph, survivor):
    results = survivor.table("challenge_results")
    for season, kind in ((43, "immunity"), (25, "immunity"), (44, "reward")):
        mine = results[(results["season"] == season) & (results["version"] == "US")]
        won = mine[(mine[f"won_tribal_{kind}"] == 1) | (mine[f"won_team_{kind}"] == 1)]
        truth = won.groupby("tribe")["challenge_id"].nunique()
        rows = run(graph, "tribe_challenge_wins", season=season, kind=kind).rows
        mapping = survivor.table("tribe_mapping")
        before_merge = mapping[(mapping["season"] == season) & mapping["tribe_status"].isin(["Original", "Swapped"])]
        tribes = sorted(before_merge["tribe"].unique())  # the merged tribe's team wins are not a tribe's
        assert sorted(r["tribe"] for r in rows) == tribes
        assert {r["tribe"]: r["wins"] for r in rows} == truth.reindex(tribes, fill_value=0).to_dict()
    starting = run(graph, "tribe_challenge_wins", season=25, phase="original").rows
    assert [r["tribe"] for r in starting if r["wins"] == 0] == ["Matsing"]  # the tribe that never won is listed
    assert [r["wins"] for r in run(graph, "tribe_challenge_wins", season=43, tribe="baka").rows] == [4]


@covers("challenges", "reward_picks")
def test_challenges_and_reward_picks(graph, survivor):
    """A challenge's kind, recurring name and features come from challenge_description; reward picks count the
    challenges a person was chosen for."""
    desc = survivor.table("challenge_description").drop_duplicates(["version_season", "challenge_id"])
    results = survivor.table("challenge_results")
    run_ids = set(zip(results["season"].astype(int), results["challenge_id"].astype(int)))
    s16 = desc[(desc["season"] == 16) & desc["challenge_type"].isin(["Immunity", "Immunity and Reward"])
               & desc["puzzle"].eq(True)]
    rows = run(graph, "challenges", season=16, kind="immunity", feature="puzzle").rows
    assert sorted(r["challenge_id"] for r in rows) == sorted(int(c) for c in s16["challenge_id"]) and len(rows) == 8
    every = run(graph, "challenges").rows
    assert len(every) == len(run_ids)
    named = desc[[(int(s), int(c)) in run_ids for s, c in zip(desc["season"], desc["challenge_id"])]]
    assert Counter(r["recurring_name"] for r in every if r["recurring_name"]) == Counter(
        named["recurring_name"].dropna())
    # who won each: the people on the winning side, and the tribes when it was a tribe challenge
    s2 = results[(results["season"] == 2) & (results["version"] == "US")]
    flags = [c for c in s2.columns if c.startswith("won_")]
    cast = survivor.table("castaways")
    name_of = cast[(cast["season"] == 2) & (cast["version"] == "US")].set_index("castaway_id")["full_name"]
    for row in run(graph, "challenges", season=2).rows:
        mine = s2[s2["challenge_id"] == row["challenge_id"]]
        won = mine[(mine[flags] == 1).any(axis=1)]
        assert sorted(row["winners"]) == sorted(name_of[won["castaway_id"].unique()])
        if mine["outcome_type"].iloc[0].startswith("Tribal"):
            assert sorted(row["winning_tribes"]) == sorted(won["tribe"].unique())
    picked = results[results["chosen_for_reward"].eq(True)].drop_duplicates(["season", "challenge_id", "castaway_id"])
    rows = run(graph, "reward_picks", season=9).rows
    assert {r["castaway_id"]: r["times_chosen"] for r in rows} == \
        picked[picked["season"] == 9].groupby("castaway_id").size().to_dict()
    assert rows[0]["player"] == "Chris Daugherty"


@covers("individual_immunity_ranking", "individual_reward_ranking")
def test_challenge_win_rankings(graph, wins, castaways):
    counts = seasons_played(castaways)
    immunity = wins[wins["won_individual_immunity"] == 1].groupby("castaway_id").size()
    top = run(graph, "individual_immunity_ranking").rows
    ranking_matches(top, immunity, "wins")
    assert (top[0]["player"], top[0]["wins"], top[0]["seasons_played"]) == ("Rob Mariano", 9, 5)
    veterans = immunity[immunity.index.map(lambda cid: counts[cid] >= 4)]
    rows = run(graph, "individual_immunity_ranking", min_seasons=4, limit=50).rows
    ranking_matches(rows, veterans, "wins")
    assert all(r["seasons_played"] >= 4 for r in rows)
    s40 = wins[(wins["won_individual_immunity"] == 1) & (wins["season"] == 40)].groupby("castaway_id").size()
    ranking_matches(run(graph, "individual_immunity_ranking", season=40).rows, s40, "wins")
    # the record in a single season: each (person, season) apart, only those tied for the most
    per_season = wins[wins["won_individual_immunity"] == 1].groupby(["castaway_id", "season"]).size()
    record = run(graph, "individual_immunity_ranking", per_season=True, leaders_only=True, limit=50).rows
    assert {(r["castaway_id"], r["season"]) for r in record} == set(per_season[per_season == per_season.max()].index)
    assert {r["wins"] for r in record} == {per_season.max()}
    tribal = wins[wins["won_tribal_immunity"] == 1].groupby("castaway_id").size()
    ranking_matches(run(graph, "individual_immunity_ranking", scope="tribal").rows, tribal, "wins")

    reward = wins[wins["won_individual_reward"] == 1].groupby("castaway_id").size()
    ranking_matches(run(graph, "individual_reward_ranking", limit=20).rows, reward, "wins")
    veteran_rewards = run(graph, "individual_reward_ranking", min_seasons=4).rows
    ranking_matches(veteran_rewards, reward[reward.index.map(lambda cid: counts[cid] >= 4)], "wins")
    assert (veteran_rewards[0]["castaway_id"], veteran_rewards[0]["wins"]) == (RUPERT, 3)
    assert veteran_rewards[0]["player"] == "Rupert Boneham" and veteran_rewards[1]["wins"] < 3


@covers("player_challenge_wins")
def test_player_challenge_wins(graph, wins):
    rows = run(graph, "player_challenge_wins", castaway_id=ROB).rows
    mine = wins[wins["castaway_id"] == ROB]
    assert [r["season"] for r in rows] == [4, 8, 20, 22, 40]
    for row in rows:
        season = mine[mine["season"] == row["season"]]
        assert row["individual_immunity"] == (season["won_individual_immunity"] == 1).sum()
        assert row["individual_reward"] == (season["won_individual_reward"] == 1).sum()
        team_immunity = (season["won_tribal_immunity"] == 1) | (season["won_team_immunity"] == 1)
        team_reward = (season["won_tribal_reward"] == 1) | (season["won_team_reward"] == 1)
        assert (row["tribal_immunity"], row["tribal_reward"]) == (team_immunity.sum(), team_reward.sum())
        assert sorted(row["individual_immunity_episodes"]) == sorted(
            season[season["won_individual_immunity"] == 1]["episode"])
    assert sum(r["individual_immunity"] for r in rows) == 9
    assert [r["season"] for r in run(graph, "player_challenge_wins", castaway_id=ROB, season=22).rows] == [22]


@covers("season_challenge_winners")
def test_season_challenge_winners(graph, wins, survivor, castaways):
    s41 = wins[wins["season"] == 41]
    rows = run(graph, "season_challenge_winners", season=41).rows
    expected = s41[s41["won_individual_immunity"] == 1]
    assert Counter((r["episode"], r["castaway_id"]) for r in rows) == Counter(
        zip(expected["episode"], expected["castaway_id"]))
    assert [r["episode"] for r in rows] == sorted(r["episode"] for r in rows)
    rewards = run(graph, "season_challenge_winners", season=41, kind="reward", scope="any").rows
    expected = s41[(s41["won_individual_reward"] == 1) | (s41["won_tribal_reward"] == 1)
                   | (s41["won_team_reward"] == 1)]
    assert Counter((r["episode"], r["castaway_id"]) for r in rewards) == Counter(
        zip(expected["episode"], expected["castaway_id"]))
    # whom each individual reward's winner took along
    results = survivor.table("challenge_results")
    chosen = results[(results["season"] == 44) & (results["version"] == "US") & results["chosen_for_reward"].eq(True)]
    name_of = castaways[castaways["season"] == 44].set_index("castaway_id")["full_name"]
    rows = run(graph, "season_challenge_winners", season=44, kind="reward").rows
    assert any(row["chosen"] for row in rows)
    for row in rows:
        mine = chosen[chosen["challenge_id"] == row["challenge_id"]]["castaway_id"].unique()
        assert sorted(row["chosen"]) == sorted(name_of[mine])


@covers("challenge_wins_ranking")
def test_challenge_wins_ranking(graph, survivor):
    """Against survivoR's own challenge_summary ("All": every challenge someone was on the winning side of;
    "Individual" and "Duel": the ones won alone)."""
    summary = survivor.table("challenge_summary")
    every = summary[(summary["category"] == "All") & (summary["version"] == "US")]
    individual = summary[summary["category"].isin(["Individual", "Duel"]) & (summary["version"] == "US")]
    for season in (19, 47, 22):
        truth = pd.to_numeric(every[every["season"] == season]["won"]).groupby(every["castaway_id"]).sum()
        mine = individual[individual["season"] == season]
        alone = pd.to_numeric(mine["won"]).groupby(mine["castaway_id"]).sum()
        rows = run(graph, "challenge_wins_ranking", season=season).rows
        assert {r["castaway_id"]: r["wins"] for r in rows} == truth.astype(int).to_dict()
        won_alone = {r["castaway_id"]: r["individual_wins"] for r in rows if r["individual_wins"]}
        assert won_alone == alone[alone > 0].astype(int).to_dict()
        ranking_matches(rows, truth, "wins")
    rachel = run(graph, "challenge_wins_ranking", season=47, castaway_id="US0707").rows
    assert [r["player"] for r in rachel] == ["Rachel LaMont"] and rachel[0]["wins"] == rachel[0]["individual_wins"] \
        + rachel[0]["tribe_wins"]
    results = survivor.table("challenge_results")
    s19 = results[(results["season"] == 19) & (results["version"] == "US")]
    immunity = s19[s19["challenge_type"].str.contains("Immunity")]
    truth = immunity[immunity["won"] == 1].groupby("castaway_id").size()
    rows = run(graph, "challenge_wins_ranking", season=19, kind="immunity").rows
    assert {r["castaway_id"]: r["wins"] for r in rows if r["wins"]} == truth.to_dict()


@covers("challenge_counts_by_season", "episode_overall")
def test_challenges_per_season_and_an_episode_across_the_show(graph, survivor):
    """Every season is counted, 0 included, from challenge_description's feature flags; an episode's number
    across the show is survivoR's episode_number_overall."""
    desc = survivor.table("challenge_description").drop_duplicates(["version_season", "challenge_id"])
    results = survivor.table("challenge_results")
    run_ids = set(zip(results["season"].astype(int), results["challenge_id"].astype(int)))
    ran = desc[[(int(s), int(c)) in run_ids for s, c in zip(desc["season"], desc["challenge_id"])]]
    blind = ran[ran["obstacle_blindfolded"].eq(True)].groupby("season").size()
    rows = run(graph, "challenge_counts_by_season", feature="obstacle_blindfolded").rows
    assert {r["season"]: r["challenges"] for r in rows if r["challenges"]} == {int(s): int(n) for s, n in blind.items()}
    assert len(rows) == survivor.table("season_summary")["season"].nunique() and {r["challenges"] for r in rows} >= {0}
    episodes = survivor.table("episodes")
    for overall in (100, 400):
        row = episodes[episodes["episode_number_overall"] == overall].iloc[0]
        (found,) = run(graph, "episode_overall", overall=overall).rows
        assert (found["season"], found["episode"], found["title"]) == (row["season"], row["episode"],
                                                                      row["episode_title"])
        boots = survivor.table("castaways")
        left = boots[(boots["season"] == row["season"]) & (boots["episode"] == row["episode"])]
        assert found["left_game"] == left["full_name"].tolist() and len(found["left_game"]) == 1
