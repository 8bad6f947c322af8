"""The unseen question set (evaluation.unseen): it builds from the data, covers every category, repeats no gold,
held-out or fresh question or person, recomputes to its snapshot, builds under viewer scopes, its narrative
key facts are in the passages it cites, and many of its answers equal an independent pandas computation on the
raw survivoR tables."""

from __future__ import annotations

import re

import pandas as pd
import pytest

from evaluation.answers.holdout import person
from evaluation.question_sets import build_question_set
from tests.eval import set_checks as checks
from tests.eval.set_checks import ask, raw


@pytest.fixture(scope="module")
def unseen(g):
    return build_question_set(g, "blind-03")


# -- shape ---------------------------------------------------------------------------------------------------
def test_the_unseen_set_has_every_category_and_non_empty_answers(unseen):
    for q in unseen:
        assert q.id.startswith(f"un-{q.category}-"), q.id
        assert "None" not in q.question and "nan" not in q.question.split(), q.question


def test_the_wording_varies_in_form(unseen):
    texts = [q.question for q in unseen]
    lower = [t for t in texts if t[0].islower()]
    assert len(lower) >= 15  # typed casually
    for opener in ("quick one:", "remind me", "any idea", "I think", "give me", "list ", "Name "):
        assert any(t.startswith(opener) for t in texts), opener
    assert sum(t.count("?") >= 2 for t in texts) >= 3  # two questions in one message
    assert sum(bool(re.search(r"\b(never|didn't|not|NOT|without|hadn't)\b", t)) for t in texts) >= 10


def test_nicknames_and_short_names_name_the_person_the_answer_is_about(g, unseen):
    for call, full in (("Fabio", "Jud Birza"), ("Troyzan", "Troy Robertson"), ("Woo", "Yung Hwang"),
                       ("Penner", "Jonathan Penner"), ("Varner", "Jeff Varner"), ("Kimmi", "Kimmi Kappenberg"),
                       ("Lex", "Lex van den Berghe"), ("Yul", "Yul Kwon")):
        assert g.name(person(g, call)) == full
    buff = ask(unseen, "original_tribe")
    assert buff.args["castaway_id"] == person(g, "Fabio") and "Fabio" in buff.question


def test_a_recomputed_answer_follows_the_data_not_the_stored_parts(g, unseen):
    checks.recompute_follows_the_data(g, ask(unseen, "un_winner", season=37))


def test_the_unseen_set_builds_under_viewer_scopes(g, unseen):
    from evaluation.scoped import ScopedGoldData
    from ingest.viewer_scope import ViewerScope
    at = build_question_set(ScopedGoldData(g.data, ViewerScope(16, 3), g), "blind-03")
    mid = {q.gold + str(q.args.get("season")): q for q in at}
    assert mid["un_why_gone16"].parts[0].get("beyond_scope")  # Penner's medevac had not aired yet
    assert mid["un_runner_up_career11"].parts[0]["values"] == [10]  # Stephenie's Heroes vs. Villains had not aired


# -- answers against pandas on the raw tables ---------------------------------------------------------------
def test_season_answers_equal_the_raw_season_summary(g, unseen):
    summary = raw(g, "season_summary").set_index("season")
    for s in (11, 37):
        assert ask(unseen, "un_winner", season=s).parts[0]["ids"] == [summary.loc[s, "winner_id"]]
    assert summary.loc[23, "country"] == "Nicaragua" and "Nicaragua" in ask(unseen, "un_country").parts[0]["values"]
    assert int(summary.loc[6, "n_finalists"]) in ask(unseen, "un_final_size").parts[0]["values"]
    assert ask(unseen, "un_latest_winner").parts[0]["ids"] == [summary.loc[summary.index.max(), "winner_id"]]
    assert ask(unseen, "un_last_outside").parts[0]["values"] == [max(summary[summary["country"] != "Fiji"].index)]


def test_career_and_exit_answers_equal_the_raw_castaways_table(g, unseen):
    cast = raw(g, "castaways")
    rodger = cast[(cast["castaway_id"] == person(g, "Rodger")) & (cast["season"] == 2)]
    assert ask(unseen, "un_age_during").parts[0]["values"] == [int(rodger["age"].iloc[0])]
    amanda = cast[cast["castaway_id"] == person(g, "Amanda Kimmel")].sort_values("season")
    assert ask(unseen, "un_last_time_place").parts[0]["values"] == [int(amanda["place"].iloc[-1])]
    sonja = cast[(cast["castaway_id"] == person(g, "Sonja")) & (pd.to_numeric(cast["order"]) == 1)]
    winners = cast[cast["winner"] == True]  # noqa: E712  (a nullable column)
    assert ask(unseen, "un_first_boot_season_winner").parts[0]["ids"] == list(
        winners[winners["season"] == sonja["season"].iloc[0]]["castaway_id"])
    kimmi = cast[(cast["castaway_id"] == person(g, "Kimmi")) & (cast["season"] == 31)].iloc[0]
    assert int(kimmi["order"]) in ask(unseen, "un_boot_number").parts[0]["values"]
    last = cast.groupby("castaway_id")["season"].max()
    cagayan = cast[cast["season"] == 28]["castaway_id"]
    assert sorted(ask(unseen, "un_never_back").parts[0]["ids"]) == sorted(c for c in cagayan if last[c] == 28)
    runner_up = cast[(cast["season"] == 11) & (cast["finalist"] == True) & (cast["winner"] != True)]  # noqa: E712
    other = cast[cast["castaway_id"] == runner_up["castaway_id"].iloc[0]]["season"]
    assert ask(unseen, "un_runner_up_career").parts[0]["values"] == sorted(s for s in other if s != 11)


def test_challenge_answers_equal_the_raw_challenge_results(g, unseen):
    results = raw(g, "challenge_results")
    immunity = results[results["won_individual_immunity"] == 1]
    joe = person(g, "Joe Anglim")
    assert ask(unseen, "un_career_immunities").parts[0]["values"] == [int((immunity["castaway_id"] == joe).sum())]
    mike = immunity[(immunity["season"] == 30) & (immunity["castaway_id"] == person(g, "Mike Holloway"))]
    assert ask(unseen, "un_season_immunities").parts[0]["values"] == [len(mike)]
    cagayan = immunity[immunity["season"] == 28]["castaway_id"].value_counts()
    spencer, woo = person(g, "Spencer Bledsoe"), person(g, "Woo")
    assert ask(unseen, "un_more_immunities").parts[0]["ids"] == [spencer if cagayan[spencer] > cagayan[woo] else woo]
    idols = immunity[immunity["season"] == 39]["castaway_id"]
    finalists = raw(g, "castaways").query("season == 39 and finalist == True")["castaway_id"]
    assert sorted(ask(unseen, "un_immune_not_finalist").parts[0]["ids"]) == sorted(set(idols) - set(finalists))


def test_vote_and_jury_answers_equal_the_raw_vote_tables(g, unseen):
    votes = raw(g, "vote_history").dropna(subset=["vote_id"])
    assert ask(unseen, "un_career_votes_against").parts[0]["values"][0] == int(
        (votes["vote_id"] == person(g, "Jeff Varner")).sum())
    assert ask(unseen, "votes_between").parts[0]["values"] == [int(
        ((votes["castaway_id"] == person(g, "Troyzan")) & (votes["vote_id"] == person(g, "Tai"))).sum())]
    jury = raw(g, "jury_votes")
    jury = jury[jury["vote"] == 1]
    lex = jury[(jury["season"] == 3) & (jury["castaway_id"] == person(g, "Lex"))]["finalist_id"]
    assert ask(unseen, "juror_choice").parts[0]["ids"] == list(lex)
    winners = raw(g, "season_summary").set_index("season")["winner_id"]
    palau = jury[jury["season"] == 10]
    assert ask(unseen, "un_loser_jury_votes").parts[0]["values"] == [int((palau["finalist_id"] != winners[10]).sum())]
    split = [winners[s] for s in winners.index if s >= 30
             and (jury[jury["season"] == s]["finalist_id"] != winners[s]).any()]
    assert sorted(ask(unseen, "un_not_unanimous_since").parts[0]["ids"]) == sorted(split)


def test_confessional_and_detail_answers_equal_the_raw_tables(g, unseen):
    conf = raw(g, "confessionals")
    stephenie = conf[conf["castaway_id"] == person(g, "Stephenie")]["confessional_count"].sum()
    assert ask(unseen, "un_career_confessionals").parts[0]["values"] == [int(stephenie)]
    s43 = conf[conf["season"] == 43].groupby("castaway_id")["confessional_count"].sum()
    leader = ask(unseen, "un_conf_leader_place")
    assert leader.parts[0]["ids"] == [s43.idxmax()]
    details = g.data.raw("castaway_details")
    women = set(details[details["gender"] == "Female"]["castaway_id"])
    winners = raw(g, "season_summary")["winner_id"]
    assert len({w for w in winners if w in women}) in ask(unseen, "un_women_winners").parts[0]["values"]
