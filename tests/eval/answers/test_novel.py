"""The novel question set (evaluation.novel): it builds from the data, covers every category, repeats no gold,
held-out, fresh or unseen question or person, recomputes to its snapshot, builds under viewer scopes, its
narrative key facts are in the passages it cites, and many of its answers equal an independent pandas
computation on the raw survivoR tables."""

from __future__ import annotations

import re

import pandas as pd
import pytest

from evaluation.answers.holdout import person
from evaluation.question_sets import build_question_set, set_names
from tests.eval import set_checks as checks
from tests.eval.set_checks import ask, ids, raw


@pytest.fixture(scope="module")
def novel(g):
    return build_question_set(g, "blind-04")


@pytest.fixture(scope="module")
def others(g):
    """The sets written before this one."""
    return [q for name in set_names()[:set_names().index("blind-04")] for q in build_question_set(g, name)]


# -- shape ---------------------------------------------------------------------------------------------------
def test_the_novel_set_has_every_category_and_non_empty_answers(novel):
    for q in novel:
        assert q.id.startswith(f"nv-{q.category}-"), q.id
        assert "None" not in q.question and "nan" not in q.question.split(), q.question


def test_no_novel_question_repeats_another_sets_question_or_person(g, novel, others):
    third = {q.args["c"] for q in novel if "c" in q.args}  # a third person the shared check does not see
    assert third and not third & checks.people(others)


def test_the_wording_varies_in_form(novel):
    texts = [q.question for q in novel]
    assert sum(t[0].islower() for t in texts) >= 15  # typed casually
    assert sum(t.count("?") >= 2 for t in texts) >= 3  # two questions in one message
    assert sum(bool(re.search(r"\b(never|didn't|weren't|hadn't|without|no)\b", t)) for t in texts) >= 8
    assert any(re.search(r"\bright after\b", t) for t in texts) and any("just before" in t for t in texts)
    assert any(re.fullmatch(r"s\d+\b.*", t) for t in texts) and any(re.search(r"\bs\d+e\d+\b", t) for t in texts)


def test_nicknames_and_short_names_name_the_person_the_answer_is_about(g, novel):
    for call, full in (("Chicken", "Steve Morris"), ("Tarzan", "Greg Smith"), ("Papa Bear", "Mark Caruso"),
                       ("Boo", "Kenward Bernis"), ("Sash", "Matthew Lenahan"), ("Frosti", "Michael Zernow"),
                       ("Shan", "Shantel Smith"), ("Cao Boi", "Anh-Tuan Bui"), ("Shambo", "Shannon Waters")):
        assert g.name(person(g, call)) == full
    job = ask(novel, "nv_job")
    assert job.args["castaway_id"] == person(g, "Tarzan") and "Tarzan" in job.question


def test_a_recomputed_answer_follows_the_data_not_the_stored_parts(g, novel):
    checks.recompute_follows_the_data(g, ask(novel, "nv_million", season=5))


def test_the_novel_set_builds_under_viewer_scopes(g, novel):
    from evaluation.scoped import ScopedGoldData
    from ingest.viewer_scope import ViewerScope
    mid = {q.gold + str(q.args.get("season")): q
           for q in build_question_set(ScopedGoldData(g.data, ViewerScope(30, 5), g), "blind-04")}
    assert mid["nv_why_out32"].parts[0].get("beyond_scope")  # Caleb's medevac had not aired yet
    assert not mid["nv_next_winner22"].parts[0].get("beyond_scope")  # South Pacific had finished
    assert mid["nv_first_quitNone"].parts[0]["ids"] == ask(novel, "nv_first_quit").parts[0]["ids"]


# -- answers against pandas on the raw tables ---------------------------------------------------------------
def test_season_answers_equal_the_raw_season_summary(g, novel):
    summary = raw(g, "season_summary").set_index("season")
    assert ask(novel, "nv_million").parts[0]["ids"] == [summary.loc[5, "winner_id"]]
    assert ask(novel, "nv_next_winner").parts[0]["ids"] == [summary.loc[23, "winner_id"]]
    before = ask(novel, "nv_season_before")
    assert before.parts[0]["values"] == [38] and before.parts[1]["ids"] == [summary.loc[38, "winner_id"]]
    assert ask(novel, "nv_first_final_three").parts[0]["values"] == [min(summary[summary["n_finalists"] == 3].index)]
    assert int((summary["n_finalists"] == 2).sum()) in ask(novel, "nv_final_two_count").parts[0]["values"]
    assert ask(novel, "nv_first_country").parts[0]["values"] == [
        min(summary[summary["country"] == "Philippines"].index)]
    details = g.data.raw("castaway_details")
    men = set(details[details["gender"] == "Male"]["castaway_id"])
    assert ask(novel, "nv_not_won_by_man").parts[0]["values"] == sorted(
        int(s) for s, w in summary["winner_id"].items() if w not in men)
    marquesas = summary.loc[4]
    assert {marquesas["country"], "French Polynesia"} <= set(ask(novel, "nv_won_country").parts[0]["values"])


def test_person_detail_answers_equal_the_raw_castaway_details(g, novel):
    details = g.data.raw("castaway_details").set_index("castaway_id")
    born = pd.Timestamp(details.loc[person(g, "Papa Bear"), "date_of_birth"])
    assert born.date().isoformat() in ask(novel, "nv_born").parts[0]["values"]
    assert details.loc[person(g, "Tarzan"), "occupation"] in ask(novel, "nv_job").parts[0]["values"]
    sash, frosti = person(g, "Sash"), person(g, "Frosti")
    older = sash if pd.Timestamp(details.loc[sash, "date_of_birth"]) < pd.Timestamp(
        details.loc[frosti, "date_of_birth"]) else frosti
    assert ask(novel, "nv_older").parts[0]["ids"] == [older]


def test_castaway_answers_equal_the_raw_castaways_table(g, novel):
    cast = raw(g, "castaways")
    chicken = cast[cast["castaway_id"] == person(g, "Chicken")].iloc[0]
    assert chicken["city"] in ask(novel, "nv_hometown").parts[0]["values"]
    s42 = cast[cast["season"] == 42]
    assert ask(novel, "nv_youngest").parts[0]["ids"] == list(s42[s42["age"] == s42["age"].min()]["castaway_id"])
    winners = cast[cast["winner"]]
    oldest = ask(novel, "nv_oldest_winner")
    assert oldest.parts[0]["ids"] == list(winners[winners["age"] == winners["age"].max()]["castaway_id"])
    assert len(oldest.parts[0]["ids"]) == 1  # no tie: one oldest winner
    assert oldest.parts[1]["values"] == [int(winners["age"].max())]
    s41 = cast[cast["season"] == 41]
    assert ask(novel, "nv_first_boot_age").parts[0]["values"] == [int(s41[s41["order"] == 1]["age"].iloc[0])]
    s12 = cast[(cast["season"] == 12) & cast["finalist"] & ~cast["winner"]]
    assert ask(novel, "nv_runner_up_state").parts[0]["values"] == list(s12["state"])
    assert ask(novel, "nv_season_days").parts[0]["values"] == [int(cast[cast["season"] == 47]["day"].max())]
    s19 = cast[cast["season"] == 19].set_index("castaway_id")["order"]
    low, high = sorted(s19[[person(g, "Betsy Bolan"), person(g, "Ashley Trainer")]])
    assert ids(ask(novel, "nv_boots_between")) == sorted(s19[(s19 > low) & (s19 < high)].index)
    quits = cast[cast["result"].str.contains("Quit", na=False)].sort_values(["season", "order"])
    assert ask(novel, "nv_first_quit").parts[0]["ids"] == [quits["castaway_id"].iloc[0]]
    fourth = cast[(cast["season"] == 33) & (cast["place"] == 4)]["castaway_id"].iloc[0]
    assert ask(novel, "nv_place_other_seasons").parts[0]["values"] == sorted(
        int(s) for s in cast[cast["castaway_id"] == fourth]["season"] if s != 33)


def test_tribe_answers_equal_the_raw_tribe_mapping(g, novel):
    tribes = raw(g, "tribe_mapping")
    andrea = tribes[(tribes["castaway_id"] == person(g, "Andrea Boehlke"))
                    & tribes["tribe_status"].isin(["Original", "Swapped", "Swapped_2", "Merged"])]
    assert andrea["tribe"].nunique() in ask(novel, "nv_tribe_count").parts[0]["values"]
    fiji = tribes[tribes["season"] == 14]
    ravu = set(fiji[(fiji["tribe"] == "Ravu") & (fiji["tribe_status"] == "Original")]["castaway_id"])
    moto = set(fiji[(fiji["tribe"] == "Moto") & (fiji["tribe_status"] == "Swapped")]["castaway_id"])
    assert ids(ask(novel, "nv_swapped_over")) == sorted(ravu & moto)
    seasons = raw(g, "castaways").groupby("castaway_id")["season"].nunique()
    merged = set(tribes[tribes["tribe_status"] == "Merged"]["castaway_id"])
    assert ids(ask(novel, "nv_never_merged")) == sorted(c for c, n in seasons.items() if n >= 2 and c not in merged)


def test_confessional_jury_and_idol_answers_equal_the_raw_tables(g, novel):
    conf = raw(g, "confessionals")
    winner19 = raw(g, "season_summary").set_index("season").loc[19, "winner_id"]
    assert ask(novel, "nv_winner_confessionals").parts[0]["values"] == [
        int(conf[(conf["season"] == 19) & (conf["castaway_id"] == winner19)]["confessional_count"].sum())]
    s41 = conf[conf["season"] == 41].groupby("castaway_id")["confessional_count"].sum()
    shan, liana = person(g, "Shan"), person(g, "Liana")
    assert ask(novel, "nv_more_confessionals").parts[0]["ids"] == [shan if s41[shan] > s41[liana] else liana]
    jury = raw(g, "jury_votes")
    jury = jury[(jury["vote"] == 1) & (jury["season"] == 46)].set_index("castaway_id")["finalist_id"]
    both = ask(novel, "nv_two_jurors")
    assert [p["ids"] for p in both.parts] == [[jury[person(g, "Soda")]], [jury[person(g, "Tevin")]]]
    moves = raw(g, "advantage_movement")
    davie = moves[(moves["season"] == 37) & (moves["castaway_id"] == person(g, "Davie"))
                  & moves["event"].str.startswith("Played", na=False) & moves["played_for_id"].notna()
                  & (moves["played_for_id"] != person(g, "Davie"))]
    assert ask(novel, "nv_idol_for").parts[0]["ids"] == list(davie["played_for_id"])


def test_episode_and_challenge_answers_equal_the_raw_tables(g, novel):
    episodes = raw(g, "episodes")
    finale = episodes[(episodes["season"] == 22) & (episodes["episode_label"] == "Finale")]
    assert pd.Timestamp(finale["episode_date"].iloc[0]).date().isoformat() in ask(
        novel, "nv_finale_aired").parts[0]["values"]
    first = episodes[(episodes["season"] == 44) & (pd.to_numeric(episodes["episode"]) == 1)]
    assert ask(novel, "nv_episode_title").parts[0]["values"] == list(first["episode_title"])
    results = raw(g, "challenge_results")
    boo = results[(results["season"] == 14) & (results["castaway_id"] == person(g, "Boo"))]
    wins = ask(novel, "nv_solo_wins")
    assert [p["values"] for p in wins.parts] == [[int((boo["won_individual_immunity"] == 1).sum())],
                                                 [int((boo["won_individual_reward"] == 1).sum())]]
