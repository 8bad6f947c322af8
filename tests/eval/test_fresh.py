"""The fresh question set (evaluation.fresh): it builds from the data, covers every category, repeats neither a
gold nor a held-out question or person, recomputes to its snapshot, and several of its answers equal an
independent pandas computation on the raw survivoR tables."""

from __future__ import annotations

import json
import re
from collections import Counter

import pandas as pd
import pytest

from evaluation.data import GoldData
from evaluation.fresh import FRESH_FILE, build_fresh_set
from evaluation.gold import CATEGORIES, QUESTION_SETS, build_gold_set, load, recompute
from evaluation.holdout import build_holdout_set, person


@pytest.fixture(scope="module")
def g(settings) -> GoldData:
    from ingest.survivor_data import open_survivor_data

    return GoldData(open_survivor_data(settings))


@pytest.fixture(scope="module")
def fresh(g):
    return build_fresh_set(g)


@pytest.fixture(scope="module")
def others(g):
    """The gold and the held-out sets: the two the router was tuned on."""
    return build_gold_set(g) + build_holdout_set(g)


def raw(g: GoldData, table: str) -> pd.DataFrame:
    """A survivoR table as read from the .rda file, cut to US seasons 1-49 here (not by the code under test)."""
    df = g.data.raw(table)
    season = pd.to_numeric(df["season"], errors="coerce")
    return df[(df["version"] == "US") & (season <= 49)].assign(season=season.astype(int))


def ask(fresh, template: str, **params):
    found = [q for q in fresh if q.template == template and all(q.params.get(k) == v for k, v in params.items())]
    assert len(found) == 1, (template, params, len(found))
    return found[0]


def words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def people(questions) -> set[str]:
    return {v for q in questions for k, v in q.params.items() if k in ("castaway_id", "a", "b") and isinstance(v, str)}


# -- shape ---------------------------------------------------------------------------------------------------
def test_the_fresh_set_has_every_category_and_non_empty_answers(fresh):
    counts = Counter(q.category for q in fresh)
    assert 55 <= len(fresh) <= 70
    assert set(counts) == set(CATEGORIES) - {"demo"} and all(7 <= counts[c] <= 8 for c in counts), counts
    assert len({q.id for q in fresh}) == len(fresh) and len({q.question for q in fresh}) == len(fresh)
    for q in fresh:
        assert q.id.startswith("fr-") and q.template.startswith("fr_") and q.parts and q.answer, q.id
        for part in q.parts:
            if part["type"] in ("entity", "entities"):
                assert part["ids"] and all(re.fullmatch(r"US\d{4}", i) for i in part["ids"]), q.id
            elif part["type"] in ("number", "season", "seasons", "phrase", "phrases"):
                assert part["values"] and all(v not in ("", None) for v in part["values"]), q.id
            elif part["type"] == "facts":
                assert all(part["groups"]) and part["support"].get("season"), q.id
        if q.category == "unanswerable":
            assert [p["type"] for p in q.parts] == ["abstain"], q.id
        else:
            assert "abstain" not in {p["type"] for p in q.parts}, q.id


def test_no_fresh_question_repeats_a_gold_or_holdout_question_or_person(g, fresh, others):
    texts = {words(q.question) for q in others}
    assert not [q.question for q in fresh if words(q.question) in texts]
    assert not {q.id for q in fresh} & {q.id for q in others}
    asked_about = people(fresh)
    assert len(asked_about) >= 15 and not asked_about & people(others)
    other_text = " ".join(q.question for q in others).lower()
    full_names = g.aliases[g.aliases["kind"] == "full_name"]
    named = full_names[full_names["castaway_id"].isin(asked_about)]["alias"].str.lower()
    assert not [n for n in named if n in other_text]  # nor named in their questions' text
    seasons_asked = Counter(q.params["season"] for q in fresh if isinstance(q.params.get("season"), int))
    assert max(seasons_asked.values()) <= 8, seasons_asked  # spread over seasons, not one season's quiz


def test_nicknames_and_short_names_in_the_questions_name_the_person_the_answer_is_about(g, fresh):
    for call, full in (("Coach", "Benjamin Wade"), ("Tyson", "Tyson Apostol"), ("JT", "James Thomas Jr."),
                       ("Kass", "Kassandra McQuillen"), ("Sandra", "Sandra Diaz-Twine")):
        assert g.name(person(g, call)) == full
    asked = ask(fresh, "fr_first_season", call="Coach")
    assert asked.params["castaway_id"] == person(g, "Coach") and asked.question.startswith("Coach ")


# -- recomputable ------------------------------------------------------------------------------------------------
def test_the_snapshot_recomputes_to_the_same_answers(g, fresh):
    stored = load(FRESH_FILE)
    assert [q.id for q in stored] == [q.id for q in fresh]
    assert [q.question for q in stored] == [q.question for q in fresh]
    assert [q.parts for q in recompute(g, stored)] == [q.parts for q in fresh]


def test_a_recomputed_answer_follows_the_data_not_the_stored_parts(g, fresh):
    asked = ask(fresh, "fr_winner", season=24)
    stale = type(asked)(**{**asked.to_dict(), "parts": [{"type": "entity", "ids": ["US0001"], "names": ["x"]}]})
    assert recompute(g, [stale])[0].parts == asked.parts


def test_the_cli_writes_the_fresh_snapshot_and_the_runner_selects_the_set(settings, tmp_path, fresh):
    from evaluation.cli import main
    from evaluation.runner import EvalOptions, gold_questions

    out = tmp_path / "fresh.json"
    assert main(["gold", "--set", "fresh", "--out", str(out)]) == 0
    written = json.loads(out.read_text())
    assert written["count"] == len(fresh) and written["questions"][0]["id"].startswith("fr-")
    assert QUESTION_SETS["fresh"] == FRESH_FILE
    chosen, _ = gold_questions(settings, EvalOptions(question_set="fresh", categories=["temporal"]))
    assert chosen and all(q.id.startswith("fr-temporal-") for q in chosen)
    default, _ = gold_questions(settings, EvalOptions(limit=3))
    assert not any(q.id.startswith("fr-") for q in default)


def test_every_fresh_template_declares_what_a_viewer_scope_needs(fresh):
    from evaluation.scoped import AS_AIRED, NEEDS

    assert all((q.template in NEEDS) != (q.template in AS_AIRED) for q in fresh)


# -- answers against pandas on the raw tables ---------------------------------------------------------------
def test_winners_locations_and_final_votes_equal_the_raw_season_summary(g, fresh):
    summary = raw(g, "season_summary").set_index("season")
    for season in (24, 9):
        assert ask(fresh, "fr_winner", season=season).parts[0]["ids"] == [summary.loc[season, "winner_id"]]
    assert summary.loc[40, "location"] in ask(fresh, "fr_filmed", season=40).parts[0]["values"]
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
    assert ask(fresh, "fr_votes_between").parts[0]["values"] == [
        int(((votes["castaway_id"] == jane) & (votes["vote_id"] == marty)).sum())]
    waw = votes[votes["season"] == 40]
    cast40 = raw(g, "castaways").query("season == 40")["castaway_id"]
    assert sorted(ask(fresh, "fr_untouched").parts[0]["ids"]) == sorted(set(cast40) - set(waw["vote_id"]))


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
