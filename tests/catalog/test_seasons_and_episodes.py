"""Answers about seasons and episodes: ratings and viewers, a season's facts, cast, returnees, location,
timeline and totals, what happened in an episode, and recap and reunion episodes; checked against survivoR
read with pandas.
"""

from __future__ import annotations

import pandas as pd
import pytest

from tests.catalog.support import covers, run


@covers("season_ratings")
def test_season_ratings(graph, survivor):
    episodes = survivor.table("episodes")
    rows = run(graph, "season_ratings").rows
    mean = episodes.groupby("season")["imdb_rating"].mean().round(2)
    assert {r["season"]: r["imdb_rating"] for r in rows} == pytest.approx(mean.to_dict())
    assert {r["season"]: r["episodes"] for r in rows} == episodes.groupby("season").size().to_dict()
    assert [r["imdb_rating"] for r in rows] == sorted(mean, reverse=True)
    viewers = episodes.groupby("season")["viewers"].mean()
    assert max(rows, key=lambda r: r["viewers"])["season"] == viewers.idxmax()
    finales = episodes[episodes["episode_label"] == "Finale"].set_index("season")["viewers"]
    assert {r["season"]: r["finale_viewers"] for r in rows if r["finale_viewers"] is not None} == \
        finales.dropna().to_dict()
    premieres = episodes[episodes["episode"] == 1].set_index("season")["viewers"]
    assert {r["season"]: r["premiere_viewers"] for r in rows} == pytest.approx(premieres.to_dict())
    regular = episodes[~episodes["episode_label"].isin(["Recap", "Reunion"])].groupby("season").size()
    assert {r["season"]: r["regular_episodes"] for r in rows} == regular.to_dict()
    finale_ratings = episodes[episodes["episode_label"] == "Finale"].set_index("season")["imdb_rating"].dropna()
    assert {r["season"]: r["finale_rating"] for r in rows if r["finale_rating"] is not None} == \
        pytest.approx(finale_ratings.to_dict())
    lengths = episodes[episodes["episode"] == 1].set_index("season")["episode_length"].dropna()
    assert {r["season"]: r["premiere_minutes"] for r in rows if r["premiere_minutes"] is not None} == \
        lengths.astype(int).to_dict()
    assert max(rows, key=lambda r: r["premiere_minutes"] or 0)["season"] == 28


@covers("episode_events")
def test_episode_events(graph, castaways, wins):
    for season, episode in ((5, 3), (6, 8), (28, 6), (45, 1), (41, 13)):
        row = run(graph, "episode_events", season=season, episode=episode).rows[0]
        gone = castaways[(castaways["season"] == season) & (castaways["episode"] == episode)
                         & ~castaways["result"].isin(["Sole Survivor", "Runner-up", "2nd runner-up"])]
        assert sorted(row["left_the_game"]) == sorted(gone["full_name"]), (season, episode)
        immune = wins[(wins["season"] == season) & (wins["episode"] == episode)
                      & (wins["won_individual_immunity"] == 1)]
        ids = set(immune["castaway_id"])
        expected = castaways[(castaways["season"] == season) & castaways["castaway_id"].isin(ids)]["full_name"]
        assert sorted(row["individual_immunity"]) == sorted(expected), (season, episode)
    assert run(graph, "episode_events", season=45, episode=99).rows == []


@covers("season_facts", "season_list")
def test_season_facts_and_list(graph, survivor, castaways):
    summary = survivor.table("season_summary").set_index("season")
    episodes = survivor.table("episodes").groupby("season").size()
    for season in (1, 20, 45):
        [row] = run(graph, "season_facts", season=season).rows
        facts = summary.loc[season]
        assert (row["season_name"], row["location"], row["cast_size"], row["final_vote"], row["jury_size"]) == (
            facts["season_name"], facts["location"], facts["n_cast"], facts["final_vote"], facts["n_jury"])
        assert row["premiered"] == pd.Timestamp(facts["premiered"]).date().isoformat()
        assert row["winner_id"] == facts["winner_id"] and row["episodes"] == episodes[season]
        assert row["timeslot"] == facts["timeslot"] and row["nielsen_rank"] == int(facts["rank"])
        assert row["days"] == castaways[castaways["season"] == season]["day"].max()  # the finalists' last day
        # a season ends the night its last episode airs (survivoR's `ended` is the next season's finale for 1-41)
        aired = survivor.table("episodes")
        assert row["ended"] == pd.Timestamp(aired[aired["season"] == season]["episode_date"].max()).date().isoformat()
    mapping = survivor.table("tribe_mapping")
    swaps = mapping[mapping["tribe_status"].str.startswith("Swapped")].groupby("season")["tribe_status"].nunique()
    every = {r["season"]: r["swaps"] for r in run(graph, "season_facts").rows}
    assert every == {s: int(swaps.get(s, 0)) for s in range(1, 50)}
    details = survivor.table("castaway_details").drop_duplicates("castaway_id").set_index("castaway_id")["gender"]
    finalists = castaways[castaways["finalist"] == True]  # noqa: E712
    women = finalists[finalists["castaway_id"].map(details) == "Female"].groupby("season").size()
    assert {r["season"]: r["women_finalists"] for r in run(graph, "season_facts").rows} == {
        s: int(women.get(s, 0)) for s in range(1, 50)}
    advantages = survivor.table("advantage_details")
    idols = advantages[advantages["advantage_type"].str.contains("Idol")].groupby("season").size()
    assert {r["season"]: r["idols"] for r in run(graph, "season_facts").rows} == {
        s: int(idols.get(s, 0)) for s in range(1, 50)}
    every = run(graph, "season_facts").rows  # no season: every season, in order
    assert [(r["season"], r["n_finalists"], r["cast_size"]) for r in every] == [
        (s, summary.loc[s, "n_finalists"], summary.loc[s, "n_cast"]) for s in range(1, 50)]
    rows = run(graph, "season_list").rows
    assert [r["season_name"] for r in rows] == [summary.loc[s, "season_name"] for s in range(1, 50)]
    winners = castaways[castaways["winner"]].set_index("season")["full_name"]
    assert [r["winner"] for r in rows] == [winners[s] for s in range(1, 50)]


@covers("season_cast")
def test_season_cast(graph, castaways):
    rows = run(graph, "season_cast", season=40).rows
    s40 = castaways[castaways["season"] == 40]
    assert sorted(r["castaway_id"] for r in rows) == sorted(s40["castaway_id"])
    for row in rows:
        earlier = castaways[(castaways["castaway_id"] == row["castaway_id"]) & (castaways["season"] < 40)]
        assert row["previous_seasons"] == sorted(earlier["season"])
    assert len(run(graph, "season_cast", season=40, returnees_only=True).rows) == 20
    returnees = [r["castaway_id"] for r in run(graph, "season_cast", season=45, returnees_only=True).rows]
    earlier = castaways[castaways["season"] < 45]["castaway_id"]
    assert returnees == [c for c in castaways[castaways["season"] == 45].sort_values("place")["castaway_id"]
                         if c in set(earlier)] == ["US0657"]  # Bruce Perreault, medevac in 44
    assert [r["place"] for r in run(graph, "season_cast", season=45).rows] == list(range(1, 19))
    for row in run(graph, "season_cast", season=28).rows:  # the seasons each played after this one
        later = castaways[(castaways["castaway_id"] == row["castaway_id"]) & (castaways["season"] > 28)]
        assert row["later_seasons"] == sorted(later["season"])


@covers("seasons_by_location")
def test_seasons_by_location(graph, survivor):
    summary = survivor.table("season_summary")
    for place in ("Fiji", "kenya", "Pearl Islands, Panama", "Shaba National Reserve, Kenya"):
        rows = run(graph, "seasons_by_location", place=place).rows
        hit = summary[summary["location"].str.contains(place, case=False, regex=False)
                      | summary["country"].str.contains(place, case=False, regex=False)]
        assert [r["season"] for r in rows] == sorted(hit["season"].astype(int)) and rows, place
    assert run(graph, "seasons_by_location", place="Antarctica").rows == []


@covers("season_returnees")
def test_season_returnees(graph, castaways):
    first = castaways.groupby("castaway_id")["season"].min()
    returning = castaways[castaways["season"] > castaways["castaway_id"].map(first)]
    per_season = returning.groupby("season").size()
    rows = run(graph, "season_returnees").rows
    assert {r["season"]: r["n_returnees"] for r in rows} == {s: int(per_season.get(s, 0)) for s in range(1, 50)}
    none = run(graph, "season_returnees", returnees="without").rows
    assert [r["season"] for r in none] == [s for s in range(1, 50) if s not in per_season.index]
    assert {r["n_seasons"] for r in none} == {len(none)}
    assert [r["season"] for r in run(graph, "season_returnees", returnees="with").rows] == sorted(per_season.index)


@covers("season_timeline")
def test_season_timeline(graph, castaways, survivor):
    episodes = survivor.table("episodes")
    mapping = survivor.table("tribe_mapping")
    for season in (1, 2, 28, 40, 45):
        rows = run(graph, "season_timeline", season=season).rows
        aired = episodes[(episodes["version"] == "US") & (episodes["season"] == season)]
        assert [r["episode"] for r in rows] == sorted(int(e) for e in aired["episode"]), season
        for row in rows:
            gone = castaways[(castaways["season"] == season) & (castaways["episode"] == row["episode"])
                             & ~castaways["result"].isin(["Sole Survivor", "Runner-up", "2nd runner-up"])]
            assert sorted(row["left_castaway_ids"]) == sorted(gone["castaway_id"]), (season, row["episode"])
        merged = mapping[(mapping["version"] == "US") & (mapping["season"] == season)
                         & (mapping["tribe_status"] == "Merged")]
        merge_rows = [r["episode"] for r in rows if any(t.endswith("(merged)") for t in r["tribes_formed"])]
        assert merge_rows == [int(merged["episode"].min())], season
        assert [r["label"] for r in rows].count("Finale") == 1


@covers("season_totals")
def test_season_totals(graph, survivor, wins):
    rows = {r["season"]: r for r in run(graph, "season_totals").rows}
    immunity = wins[wins["won_individual_immunity"] == 1].groupby("season")["challenge_id"].nunique()
    assert {s: r["individual_immunity_challenges"] for s, r in rows.items() if r["individual_immunity_challenges"]} \
        == immunity.to_dict()
    confessionals = survivor.table("confessionals").groupby("season")["confessional_count"].sum()
    assert {s: r["confessionals"] for s, r in rows.items() if r["confessionals"]} == confessionals.astype(int).to_dict()
    cast = survivor.table("castaways")
    ages = cast[cast["version"] == "US"].groupby("season")["age"].mean()
    assert all(rows[int(s)]["average_age"] == pytest.approx(age, abs=0.051) for s, age in ages.items())
    moves = survivor.table("advantage_movement").merge(
        survivor.table("advantage_details")[["version_season", "advantage_id", "advantage_type"]],
        on=["version_season", "advantage_id"])
    played = moves[moves["event"].str.startswith("Played", na=False)
                   & moves["advantage_type"].str.lower().str.contains("hidden immunity idol")]
    holders = played.assign(n=played["castaway_id"].str.count(",") + 1).groupby("season")["n"].sum()
    assert {s: r["idols_played"] for s, r in rows.items() if r["idols_played"]} == holders.astype(int).to_dict()
    tribals = survivor.table("vote_history").drop_duplicates(["season", "episode", "order"]).groupby("season").size()
    assert {s: r["tribal_councils"] for s, r in rows.items()} == tribals.to_dict()
    # who won them: the most by one person, and the wins by women and by men
    won = wins[wins["won_individual_immunity"] == 1].drop_duplicates(["season", "challenge_id", "castaway_id"])
    per_person = won.groupby(["season", "castaway_id"]).size()
    assert {s: r["most_immunity_wins_by_one"] for s, r in rows.items() if r["individual_immunity_challenges"]} == \
        per_person.groupby(level="season").max().to_dict()
    genders = survivor.table("castaway_details").drop_duplicates("castaway_id").set_index("castaway_id")["gender"]
    by_women = won[won["castaway_id"].map(genders) == "Female"].groupby("season").size()
    assert {s for s, r in rows.items() if r["immunity_wins_by_women"]} == set(by_women.index)
    assert all(rows[s]["immunity_wins_by_women"] == n for s, n in by_women.items())
    assert [s for s, r in rows.items() if r["immunity_wins_by_women"] == 0] == [2, 13, 33]


@covers("episodes_by_label")
def test_recap_and_reunion_episodes_per_season(graph, survivor):
    episodes = survivor.table("episodes")
    for label in ("Recap", "Reunion"):
        labelled = episodes[episodes["episode_label"] == label]
        rows = run(graph, "episodes_by_label", label=label).rows
        assert {r["season"]: r["n_episodes"] for r in rows if r["n_episodes"]} == \
            labelled.groupby("season").size().astype(int).to_dict()
        assert len(rows) == episodes["season"].nunique()
    (gabon,) = run(graph, "episodes_by_label", label="Recap", season=17).rows
    recap = episodes[(episodes["season"] == 17) & (episodes["episode_label"] == "Recap")].iloc[0]
    assert (gabon["episodes"], gabon["titles"]) == ([recap["episode"]], [recap["episode_title"]])
    assert run(graph, "episodes_by_label", label="Recap", season=40).rows[0]["n_episodes"] == 0
