"""Gold answers under a viewer scope (`--watched`): the survivoR tables cut to what had aired, checked against
an independent pandas computation on the raw tables and against the per-scope graph the loader's rules build;
questions beyond the viewer's point become abstentions; a short real run under a scope."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from evaluation.data import GoldData
from evaluation.gold import GOLD_ANSWERS, load_gold_answers, make_question
from evaluation.matching import Matcher
from evaluation.question_sets import build_question_set
from evaluation.scoped import AS_AIRED, NEEDS, ScopedGoldData
from evaluation.scoring import Scorer
from ingest.aired import HIDDEN_GROUPS, HIDDEN_SOURCE_COLUMNS
from ingest.viewer_scope import ViewerScope

S30E5 = ViewerScope(30, 5)
S44E6 = ViewerScope(44, 6)


@pytest.fixture(scope="module")
def data(settings):
    from ingest.survivor_data import open_survivor_data

    return open_survivor_data(settings)


@pytest.fixture(scope="module")
def full(data) -> GoldData:
    return GoldData(data)


@pytest.fixture(scope="module")
def scoped(data, full) -> dict[ViewerScope, ScopedGoldData]:
    return {s: ScopedGoldData(data, s, full) for s in (S30E5, S44E6, ViewerScope(1, 3))}


def aired(df: pd.DataFrame, scope: ViewerScope) -> pd.DataFrame:
    """The independent filter: rows whose (season, episode) is at or before the watched point."""
    season = pd.to_numeric(df["season"])
    episode = pd.to_numeric(df["episode"])
    return df[(season < scope.season) | ((season == scope.season) & (episode <= scope.episode))]


def q(g, name, **params):
    return make_question(g, "t", "single_fact", "(a test question)", name, params)


def test_every_template_declares_what_it_needs_to_have_aired():
    load_gold_answers()
    undeclared = set(GOLD_ANSWERS) - set(NEEDS) - AS_AIRED
    assert not undeclared, f"add these templates to evaluation.scoped NEEDS or AS_AIRED: {sorted(undeclared)}"
    assert not set(NEEDS) & AS_AIRED


def test_the_table_columns_cover_every_property_the_scoped_graph_hides():
    """ingest.aired hides properties until later; the gold's table columns must follow the same list."""
    by_label = {"season_summary": "Season", "castaways": "PlayerSeason", "castaway_scores": "PlayerSeason",
                "advantage_timeline": "PlayerSeason"}
    covered: dict[tuple[str, str], set[str]] = {}
    for (table, known_at), props in HIDDEN_SOURCE_COLUMNS.items():
        covered.setdefault((by_label[table], known_at), set()).update(props)
    for group, props in covered.items():
        assert props == set(HIDDEN_GROUPS[group]), group


def test_scoped_counts_and_rankings_equal_pandas_on_survivor_filtered_by_the_cutoff(data, scoped):
    scope = S30E5
    g = scoped[scope]
    # immunity leader across all seasons
    ch = data.table("challenge_results")
    wins = aired(ch[ch["won_individual_immunity"] == 1], scope).groupby("castaway_id").size()
    leaders = sorted(wins[wins == wins.max()].index)
    assert sorted(q(g, "demo", key="immunity_leader").parts[0]["ids"]) == leaders
    # votes received: the all-time leader(s) as of the cutoff
    vh = data.table("vote_history")
    got = aired(vh[vh["vote_id"].notna()], scope).groupby("vote_id").size()
    assert sorted(q(g, "most_votes_received").parts[0]["ids"]) == sorted(got[got == got.max()].index)
    # tribal councils so far: (season, episode, order) of vote_history up to the cutoff
    tc = aired(vh, scope)[["season", "episode", "order"]].drop_duplicates()
    assert len(tc) in q(g, "demo", key="tribal_count").parts[0]["values"]
    # people with 3+ seasons among the seasons that had started (a season's cast is known at its premiere)
    cast = data.table("castaways")
    played = cast[cast["season"] <= scope.season].groupby("castaway_id")["season"].nunique()
    assert sorted(q(g, "demo", key="three_plus").parts[0]["ids"]) == sorted(played[played >= 3].index)
    # medical evacuations: only those whose exit episode had aired (the finale for finalists)
    evac = aired(cast[cast["result"] == "Medically evacuated"], scope)
    assert q(g, "medevac_count").parts[0]["values"] == [len(evac)]
    assert q(g, "demo", key="medevac_seasons").parts[0]["values"] == sorted(set(int(s) for s in evac["season"]))
    # unanimous winners among the seasons whose finale had aired (jury votes are cast at the finale)
    jv = data.table("jury_votes")
    jv = jv[(jv["vote"] == 1) & (jv["season"] < scope.season)]
    summary = data.table("season_summary").set_index("season")
    unanimous = sum((grp["finalist_id"] == summary.loc[s, "winner_id"]).all() for s, grp in jv.groupby("season"))
    assert q(g, "unanimous_count").parts[0]["values"] == [int(unanimous)]


def test_a_season_in_progress_counts_only_what_had_aired(data, scoped):
    g = scoped[S44E6]
    vh = data.table("vote_history")
    in_44 = vh[(vh["season"] == 44) & (vh["episode"] <= 6)]
    assert len(g.votes[g.votes["season"] == 44]) == int(in_44["vote_id"].notna().sum()) > 0
    cast44 = g.season_cast(44)
    assert len(cast44) == 18 and not cast44["winner"].any() and not cast44["finalist"].any()
    gone = data.table("castaways")
    gone = gone[(gone["season"] == 44) & (gone["episode"] <= 6)]
    assert set(cast44[cast44["order"].notna()]["castaway_id"]) == set(gone["castaway_id"])
    assert g.summary.loc[44, "winner_id"] is None and g.summary.loc[43, "winner_id"] == g.full.winner(43)
    assert 45 not in g.seasons and g.jury["season"].max() == 43


def test_the_scoped_tables_hold_what_the_per_scope_graph_holds(scoped, graph, embedded_servers):
    """The gold side and the loader side apply the same aired rules: counts of the same facts agree."""
    from survivorgraph.graph.scopes import open_scoped_store

    scope = S44E6
    g = scoped[scope]
    store = open_scoped_store(embedded_servers, scope)
    try:
        def count(cypher):
            return store.query(cypher).single()

        assert count("MATCH (e:Episode) RETURN count(e) AS n") == len(g.episodes)
        assert count("MATCH (s:Season) RETURN count(s) AS n") == len(g.summary)
        assert count("MATCH (ps:PlayerSeason) RETURN count(ps) AS n") == len(g.cast)
        assert count("MATCH (p:Player) RETURN count(p) AS n") == g.cast["castaway_id"].nunique()
        assert count("MATCH (ps:PlayerSeason) WHERE ps.place IS NOT NULL RETURN count(ps) AS n") == int(
            g.cast["place"].notna().sum())
        assert count("MATCH (ps:PlayerSeason) WHERE ps.winner RETURN count(ps) AS n") == int(g.cast["winner"].sum())
        assert count("MATCH ()-[v:CAST_VOTE]->() RETURN count(v) AS n") == len(g.votes)
        assert count("MATCH ()-[v:JURY_VOTE_FOR]->() RETURN count(v) AS n") == len(g.jury)
        assert count("MATCH ()-[c:CONFESSIONALS_IN]->() RETURN count(c) AS n") == len(g.confessionals)
        assert count("MATCH (s:Season) WHERE s.winner_name IS NOT NULL RETURN count(s) AS n") == int(
            g.summary["winner_id"].notna().sum())
    finally:
        store.close()


def test_questions_beyond_the_viewers_point_become_abstentions(scoped, full):
    g = scoped[S44E6]
    winner45 = q(g, "winner_by_number", season=45)
    assert [p["type"] for p in winner45.parts] == ["abstain"] and winner45.parts[0]["beyond_scope"]
    assert winner45.parts[0]["hidden"] == q(full, "winner_by_number", season=45).parts
    assert winner45.question == q(full, "winner_by_number", season=45).question
    assert "beyond the viewer's point" in winner45.answer
    in_progress = [q(g, "winner_by_number", season=44), q(g, "jury_size", season=44),
                   q(g, "immunity_in_episode", season=44, episode=9), q(g, "tribal_count_season", season=44)]
    assert all(x.parts[0].get("beyond_scope") for x in in_progress), [x.answer for x in in_progress]
    # what had aired stays answerable, with the scoped answer
    assert q(g, "winner_by_number", season=43).parts == q(full, "winner_by_number", season=43).parts
    first_boot = q(g, "nth_boot", season=44, order=1)
    assert first_boot.parts == q(full, "nth_boot", season=44, order=1).parts and first_boot.parts[0]["ids"]
    # at S01E03 nobody had won anything yet: a ranking of winners has nothing to name
    assert q(scoped[ViewerScope(1, 3)], "two_time_winners").parts[0].get("beyond_scope")


def test_a_scoped_gold_set_keeps_the_same_questions(scoped, full):
    unscoped = build_question_set(full, "gold")
    at = build_question_set(scoped[S30E5], "gold")
    assert [x.id for x in at] == [x.id for x in unscoped]
    beyond = [x for x in at if x.parts[0].get("beyond_scope")]
    assert beyond and len(beyond) < len(at)
    assert all(x.category != "unanswerable" or x.parts[0]["type"] == "abstain" for x in at)


def test_an_answer_that_leaks_the_hidden_answer_is_wrong(scoped, full):
    question = q(scoped[S44E6], "winner_by_number", season=45)
    scorer = Scorer(Matcher(full))
    hidden_name = question.parts[0]["hidden"][0]["names"][0]
    leak = {"answer": f"That has not aired yet for you, but it was {hidden_name}.", "answer_kind": "generated"}
    fine = {"answer": "Season 45 is beyond what you have watched (watched through season 44, episode 6).",
            "answer_kind": "abstained"}
    told = {"answer": f"{hidden_name} won season 45.", "answer_kind": "generated"}
    assert scorer.score(question, fine).correct
    leaked = scorer.score(question, leak)
    assert leaked.abstained and not leaked.correct and leaked.parts[0]["leaked"]
    assert not scorer.score(question, told).correct


def test_a_short_run_under_a_scope_scores_and_carries_the_scope(graph, settings, tmp_path):
    from evaluation.cli import main
    from evaluation.report import load_run
    from evaluation.runner import EvalOptions, run_eval
    from evaluation.summary import format_table, write_outputs

    opts = EvalOptions(categories=["demo"], limit=4, modes=["agentic"], no_llm=True, out=tmp_path / "run",
                       watched=S44E6)
    run = run_eval(settings, opts, progress=False, log=lambda *_: None)
    assert len(run.records) == 4 and run.meta["viewer_scope"] == "S44E06"
    for record in run.records:
        assert record["viewer_scope"] == "S44E06" and record["result"]["scope"] == S44E6.describe()
    beyond = [r for r in run.records if r["mode"] == "agentic" and r["qid"] == "demo-02"]  # season 45's winner
    assert beyond and beyond[0]["score"]["correct"], beyond[0]["result"]["answer"]
    assert "Dee" not in beyond[0]["result"]["answer"]
    answered = [r for r in run.records if r["mode"] == "agentic" and r["qid"] == "demo-01"]  # season 41: aired
    assert answered and answered[0]["score"]["correct"]
    write_outputs(run.folder, run.records, run.modes, run.meta)
    report = load_run(run.folder)
    assert report.meta["viewer_scope"] == "S44E06"
    assert format_table(report.summary, report.meta).startswith("viewer scope: S44E06")
    saved = json.loads((run.folder / "meta.json").read_text())
    assert saved["viewer_scope_text"] == S44E6.describe()
    # resuming under another scope (or none) is refused with a clear message
    for other in (None, ViewerScope(44, 7)):
        with pytest.raises(ValueError, match="Scopes cannot be mixed"):
            run_eval(settings, EvalOptions(**{**opts.__dict__, "watched": other}), progress=False,
                     log=lambda *_: None)
    assert main(["run", "--no-llm", "--watched", "44:7", "--out", str(run.folder), "--quiet"]) == 2
    assert main(["run", "--no-llm", "--watched", "44", "--out", str(tmp_path / "x"), "--quiet"]) == 1


class RecordingTextStore:
    """Records the search calls the retrieval baselines make (the text index is not built in this session)."""

    def __init__(self):
        self.calls = []

    def search(self, query, **kwargs):
        self.calls.append(kwargs)
        return []

    def close(self):
        pass


def test_the_retrieval_baselines_search_inside_the_scope(embedded_servers):
    from evaluation.gold import Question
    from evaluation.runner import Harness

    for scope, expected in ((S44E6, (44, 6)), (None, None)):
        harness = Harness(embedded_servers, no_llm=True, scope=scope)
        text = harness.core.__dict__["text"] = RecordingTextStore()
        assert harness.core.scope == scope and harness.plain.scope == scope
        for mode in ("lexical", "vector", "hybrid"):
            asked = Question("t", "demo", "Who was the winner of season 45?", [])
            assert harness.run(asked, mode)["answer_kind"] == "retrieval"
        assert [c.get("watched") for c in text.calls] == [expected] * 3
