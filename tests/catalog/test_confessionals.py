"""Answers about confessionals: the leaders over a career and in one season, per episode, and a person's
episode by episode (with the single-season record for votes cast); checked against survivoR read with pandas.
"""

from __future__ import annotations

from tests.catalog.support import SANDRA, covers, ranking_matches, run


@covers("confessional_leaders")
def test_confessional_leaders(graph, survivor):
    conf = survivor.table("confessionals")
    ranking_matches(run(graph, "confessional_leaders").rows, conf.groupby("castaway_id")["confessional_count"].sum(),
                    "confessionals")
    s45 = conf[conf["season"] == 45]
    rows = run(graph, "confessional_leaders", season=45, limit=5).rows
    ranking_matches(rows, s45.groupby("castaway_id")["confessional_count"].sum(), "confessionals")
    assert len(rows) == 5 and {tuple(r["seasons"]) for r in rows} == {(45,)}
    [natalie] = run(graph, "confessional_leaders", castaway_id="US0301", season=19).rows  # one person
    assert natalie["confessionals"] == conf[(conf["season"] == 19) & (conf["castaway_id"] == "US0301")][
        "confessional_count"].sum()


@covers("episode_confessionals")
def test_episode_confessionals(graph, survivor, castaways):
    confessionals = survivor.table("confessionals")
    cast = castaways
    for season in (31, 38):
        mine = confessionals[(confessionals["season"] == season) & (confessionals["version"] == "US")]
        totals = mine.groupby("episode")["confessional_count"].sum()
        rows = run(graph, "episode_confessionals", season=season).rows
        assert {r["episode"]: r["confessionals"] for r in rows if r["confessionals"]} == {
            int(e): int(n) for e, n in totals.items() if n}
        gone = cast[(cast["season"] == season) & cast["episode"].notna() & ~cast["result"].isin(
            ["Sole Survivor", "Runner-up", "2nd runner-up", "Co-runner-up"])]
        for r in rows:
            assert sorted(r["left_the_game"]) == sorted(gone[gone["episode"] == r["episode"]]["full_name"])


@covers("confessional_leaders", "most_votes_cast")
def test_single_season_records(graph, survivor, votes):
    conf = survivor.table("confessionals").groupby(["season", "castaway_id"])["confessional_count"].sum()
    [top] = run(graph, "confessional_leaders", per_season=True, limit=1).rows
    assert (top["seasons"], top["castaway_id"], top["confessionals"]) == ([conf.idxmax()[0]], conf.idxmax()[1],
                                                                          conf.max())
    cast = votes.groupby(["season", "castaway_id"]).size()
    [top] = run(graph, "most_votes_cast", per_season=True, limit=1).rows
    assert (top["castaway_id"], top["votes_cast"]) == (cast.idxmax()[1], cast.max())


@covers("confessionals_by_episode")
def test_a_persons_confessionals_episode_by_episode(graph, survivor):
    conf = survivor.table("confessionals")
    mine = conf[(conf["castaway_id"] == "US0352") & (conf["season"] == 23)].sort_values("episode")
    rows = run(graph, "confessionals_by_episode", castaway_id="US0352").rows
    assert [(r["episode"], r["confessionals"]) for r in rows] == [
        (int(e), int(c)) for e, c in zip(mine["episode"], mine["confessional_count"])]
    assert next(r["episode"] for r in rows if r["confessionals"]) == 5
    assert {r["season"] for r in run(graph, "confessionals_by_episode", castaway_id=SANDRA, season=20).rows} == {20}
    premiere = conf[(conf["season"] == 38) & (conf["episode"] == 1)]
    rows = run(graph, "confessionals_by_episode", season=38, episode=1).rows
    assert {r["castaway_id"]: r["confessionals"] for r in rows} == dict(zip(premiere["castaway_id"],
                                                                             premiere["confessional_count"]))
