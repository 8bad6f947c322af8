"""The fresh question set (evaluation.fresh): it builds from the data, covers every category, repeats neither a
gold nor a held-out question or person, recomputes to its snapshot, and several of its answers equal an
independent pandas computation on the raw survivoR tables."""

from __future__ import annotations

import pytest

from evaluation.answers.holdout import person
from evaluation.question_sets import build_question_set
from tests.eval import set_checks as checks
from tests.eval.set_checks import ask, raw


@pytest.fixture(scope="module")
def fresh(g):
    return build_question_set(g, "blind-02")


def test_nicknames_and_short_names_in_the_questions_name_the_person_the_answer_is_about(g, fresh):
    for call, full in (("Coach", "Benjamin Wade"), ("Tyson", "Tyson Apostol"), ("JT", "James Thomas Jr."),
                       ("Kass", "Kassandra McQuillen"), ("Sandra", "Sandra Diaz-Twine")):
        assert g.name(person(g, call)) == full
    asked = ask(fresh, "fr_first_season", castaway_id=person(g, "Coach"))
    assert asked.question.startswith("Coach ")


def test_a_recomputed_answer_follows_the_data_not_the_stored_parts(g, fresh):
    checks.recompute_follows_the_data(g, ask(fresh, "fr_winner", season=24))


# -- answers against pandas on the raw tables ---------------------------------------------------------------
def test_winners_locations_and_final_votes_equal_the_raw_season_summary(g, fresh):
    summary = raw(g, "season_summary").set_index("season")
    for season in (24, 9):
        assert ask(fresh, "fr_winner", season=season).parts[0]["ids"] == [summary.loc[season, "winner_id"]]
    assert summary.loc[40, "location"] in ask(fresh, "location", season=40).parts[0]["values"]
    assert summary.loc[20, "final_vote"] in ask(fresh, "fr_final_tally", season=20).parts[0]["values"]
    assert ask(fresh, "fr_no_final_three").parts[0]["values"] == sorted(
        int(s) for s in summary.index if int(summary.loc[s, "n_finalists"]) != 3)
    sandra = ask(fresh, "fr_second_win_where")
    assert sandra.parts[0]["values"] == [sorted(summary[summary["winner_id"] == person(g, "Sandra")].index)[1]]


def test_career_and_exit_answers_equal_the_raw_castaways_table(g, fresh):
    cast = raw(g, "castaways")
    coach, tyson, rupert = person(g, "Coach"), person(g, "Tyson"), person(g, "Rupert")
    assert ask(fresh, "fr_first_season").parts[0]["values"] == [cast[cast["castaway_id"] == coach]["season"].min()]
    juror = cast[(cast["castaway_id"] == rupert) & (cast["jury"] == True)]  # noqa: E712  (a nullable column)
    assert ask(fresh, "fr_jury_seasons").parts[0]["values"] == sorted(juror["season"])
    malcolm = person(g, "Malcolm")
    played = cast[cast["castaway_id"] == malcolm]["season"].nunique()
    assert ask(fresh, "fr_times_played").parts[0]["values"] == [played]
    # "made it further" by final place (a lower place lasted longer), not by boot order
    tocantins = cast[cast["season"] == 18].set_index("castaway_id")["place"].astype(float)
    assert ask(fresh, "fr_made_it_further").parts[0]["ids"] == [coach if tocantins[coach] < tocantins[tyson] else tyson]
    rudy = cast[(cast["season"] == 1) & (cast["castaway_id"] == person(g, "Rudy"))]
    assert ask(fresh, "fr_days_lasted").parts[0]["values"] == [int(rudy["day"].iloc[0])]
    tocantins_rows = cast[cast["season"] == 18]
    early = tocantins_rows[(tocantins_rows["jury"] != True) & (tocantins_rows["finalist"] != True)]  # noqa: E712
    assert sorted(ask(fresh, "fr_pre_jury").parts[0]["ids"]) == sorted(early["castaway_id"])


def test_jury_and_vote_answers_equal_the_raw_vote_tables(g, fresh):
    jury = raw(g, "jury_votes")
    jury = jury[jury["vote"] == 1]
    winners = raw(g, "season_summary").set_index("season")["winner_id"]
    for_michele = jury[(jury["season"] == 32) & (jury["finalist_id"] == winners[32])]["castaway_id"]
    assert sorted(ask(fresh, "fr_jurors_for_winner").parts[0]["ids"]) == sorted(for_michele)
    against_kenzie = jury[(jury["season"] == 46) & (jury["finalist_id"] != winners[46])]["castaway_id"]
    assert sorted(ask(fresh, "fr_jurors_not_for").parts[0]["ids"]) == sorted(against_kenzie)
    assert ask(fresh, "fr_jury_votes_for").parts[0]["values"] == [
        int((jury[jury["season"] == 18]["finalist_id"] == person(g, "JT")).sum())]
    votes = raw(g, "vote_history").dropna(subset=["vote_id"])
    jane, marty = person(g, "Jane Bright"), person(g, "Marty Piombo")
    assert ask(fresh, "votes_between").parts[0]["values"] == [
        int(((votes["castaway_id"] == jane) & (votes["vote_id"] == marty)).sum())]
    waw = votes[votes["season"] == 40]
    cast40 = raw(g, "castaways").query("season == 40")["castaway_id"]
    assert sorted(ask(fresh, "never_received_vote").parts[0]["ids"]) == sorted(set(cast40) - set(waw["vote_id"]))


def test_challenge_and_confessional_answers_equal_the_raw_tables(g, fresh):
    results = raw(g, "challenge_results")
    immunity = results[results["won_individual_immunity"] == 1]
    per_season = immunity.groupby(["season", "castaway_id"]).size()
    record = ask(fresh, "fr_immunity_record")
    assert record.parts[0]["values"] == [int(per_season.max())]
    assert sorted(record.parts[1]["ids"]) == sorted({c for (_, c), n in per_season.items() if n == per_season.max()})
    conf = raw(g, "confessionals")
    tony = person(g, "Tony")
    assert ask(fresh, "fr_person_confessionals").parts[0]["values"] == [
        int(conf[(conf["season"] == 40) & (conf["castaway_id"] == tony)]["confessional_count"].sum())]
    immune = set(immunity["castaway_id"])
    winners = set(raw(g, "season_summary")["winner_id"])
    assert sorted(ask(fresh, "fr_winners_never_immune").parts[0]["ids"]) == sorted(winners - immune)
