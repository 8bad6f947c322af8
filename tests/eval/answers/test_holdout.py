"""The held-out question set (evaluation.holdout): it builds from the data, covers every category, differs from
the gold set in wording and in the people it names, recomputes to its snapshot, and a handful of its answers
equal an independent pandas computation on the raw survivoR tables."""

from __future__ import annotations

import pytest

from evaluation.answers.holdout import person
from evaluation.question_sets import build_question_set
from tests.eval import set_checks as checks
from tests.eval.set_checks import ask, raw


@pytest.fixture(scope="module")
def holdout(g):
    return build_question_set(g, "blind-01")


@pytest.fixture(scope="module")
def gold(g):
    return build_question_set(g, "gold")


def test_nicknames_in_the_questions_name_the_person_the_answer_is_about(g, holdout):
    asked = ask(holdout, "season_won", castaway_id=person(g, "Boston Rob"))
    assert "Boston Rob" in asked.question
    assert g.name(person(g, "Ozzy")) == "Oscar Lusth"
    with pytest.raises(AssertionError):
        person(g, "Russell")  # two Russells: a plan may not use an ambiguous name


def test_a_recomputed_answer_follows_the_data_not_the_stored_parts(g, holdout):
    checks.recompute_follows_the_data(g, ask(holdout, "winner_by_number", season=12))


def test_the_cli_writes_the_holdout_snapshot_and_the_runner_selects_the_set(settings, tmp_path, holdout):
    with pytest.raises(ValueError, match="unknown question set"):
        build_question_set(None, "nope")


# -- answers against pandas on the raw tables ---------------------------------------------------------------
def test_winners_and_a_place_count_equal_the_raw_season_summary(g, holdout):
    summary = raw(g, "season_summary").set_index("season")
    for season in (12, 48):
        assert ask(holdout, "winner_by_number", season=season).parts[0]["ids"] == [summary.loc[season, "winner_id"]]
    fiji = summary["location"].str.contains("Fiji").sum()
    assert ask(holdout, "ho_seasons_in_place", place="Fiji").parts[0]["values"] == [fiji]
    assert ask(holdout, "ho_distinct_winners").parts[0]["values"] == [summary["winner_id"].nunique()]


def test_career_counts_equal_the_raw_castaways_table(g, holdout):
    cast = raw(g, "castaways")
    played = cast.groupby("castaway_id")["season"].nunique()
    assert ask(holdout, "ho_exactly_twice").parts[0]["values"] == [int((played == 2).sum())]
    quit_seasons = set(cast[cast["result"].fillna("").str.contains("Quit")]["season"])
    assert ask(holdout, "ho_seasons_no_quit").parts[0]["values"] == sorted(set(range(1, 50)) - quit_seasons)
    # "lasted longer" by the castaways' final place (a lower place lasted longer), not by boot order
    panama = cast[cast["season"] == 12].set_index("castaway_id")["place"].astype(float)
    asked = ask(holdout, "ho_lasted_longer", season=12)
    a, b = asked.args["a"], asked.args["b"]
    assert asked.parts[0]["ids"] == [a if panama[a] < panama[b] else b]


def test_jury_and_vote_answers_equal_the_raw_vote_tables(g, holdout):
    jury = raw(g, "jury_votes")
    jury = jury[jury["vote"] == 1]
    ozzy = person(g, "Ozzy")
    for_ozzy = jury[(jury["season"] == 13) & (jury["finalist_id"] == ozzy)]["castaway_id"]
    assert sorted(ask(holdout, "ho_jurors_for", season=13).parts[0]["ids"]) == sorted(for_ozzy)
    winners = raw(g, "season_summary").set_index("season")["winner_id"]
    ri = jury[(jury["season"] == 22) & (jury["finalist_id"] != winners[22])]["castaway_id"]
    assert sorted(ask(holdout, "jurors_not_for_winner", season=22).parts[0]["ids"]) == sorted(ri)
    votes = raw(g, "vote_history").dropna(subset=["vote_id"])
    targeted = set(zip(votes["season"], votes["vote_id"]))
    untouched = [winners[s] for s in range(1, 50) if (s, winners[s]) not in targeted]
    assert ask(holdout, "ho_winners_no_votes").parts[0]["ids"] == untouched
