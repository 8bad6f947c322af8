"""The held-out question set (evaluation.holdout): it builds from the data, covers every category, differs from
the gold set in wording and in the people it names, recomputes to its snapshot, and a handful of its answers
equal an independent pandas computation on the raw survivoR tables."""

from __future__ import annotations

import json
import re
from collections import Counter

import pandas as pd
import pytest

from evaluation.data import GoldData
from evaluation.gold import CATEGORIES, QUESTION_SETS, build_gold_set, build_question_set, load, recompute
from evaluation.holdout import HOLDOUT_FILE, build_holdout_set, person


@pytest.fixture(scope="module")
def g(settings) -> GoldData:
    from ingest.survivor_data import open_survivor_data

    return GoldData(open_survivor_data(settings))


@pytest.fixture(scope="module")
def holdout(g):
    return build_holdout_set(g)


@pytest.fixture(scope="module")
def gold(g):
    return build_gold_set(g)


def raw(g: GoldData, table: str) -> pd.DataFrame:
    """A survivoR table as read from the .rda file, cut to US seasons 1-49 here (not by the code under test)."""
    df = g.data.raw(table)
    season = pd.to_numeric(df["season"], errors="coerce")
    return df[(df["version"] == "US") & (season <= 49)].assign(season=season.astype(int))


def ask(holdout, template: str, **params):
    found = [q for q in holdout if q.template == template and all(q.params.get(k) == v for k, v in params.items())]
    assert len(found) == 1, (template, params, len(found))
    return found[0]


def words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


# -- shape ---------------------------------------------------------------------------------------------------
def test_the_holdout_set_has_every_category_and_non_empty_answers(holdout):
    counts = Counter(q.category for q in holdout)
    assert 55 <= len(holdout) <= 80
    assert set(counts) == set(CATEGORIES) - {"demo"} and all(counts[c] >= 7 for c in counts), counts
    assert len({q.id for q in holdout}) == len(holdout) and len({q.question for q in holdout}) == len(holdout)
    for q in holdout:
        assert q.id.startswith("ho-") and q.template.startswith("ho_") and q.parts and q.answer, q.id
        for part in q.parts:
            if part["type"] in ("entity", "entities"):
                assert part["ids"] and all(re.fullmatch(r"US\d{4}", i) for i in part["ids"]), q.id
            elif part["type"] in ("number", "season", "seasons", "phrase", "phrases"):
                assert part["values"], q.id
            elif part["type"] == "facts":
                assert all(part["groups"]) and part["support"].get("season"), q.id
        if q.category == "unanswerable":
            assert [p["type"] for p in q.parts] == ["abstain"], q.id


def test_no_holdout_question_repeats_a_gold_question_or_person(g, holdout, gold):
    gold_texts = {words(q.question) for q in gold}
    assert not [q.question for q in holdout if words(q.question) in gold_texts]
    assert not {q.id for q in holdout} & {q.id for q in gold}

    def people(questions):
        return {v for q in questions for k, v in q.params.items()
                if k in ("castaway_id", "a", "b") and isinstance(v, str)}
    asked_about = people(holdout)
    assert len(asked_about) >= 8 and not asked_about & people(gold)
    gold_text = " ".join(q.question for q in gold).lower()
    full_names = g.aliases[g.aliases["kind"] == "full_name"]
    named = full_names[full_names["castaway_id"].isin(asked_about)]["alias"].str.lower()
    assert not [n for n in named if n in gold_text]  # nor named in a gold question's text (the demo's)

def test_nicknames_in_the_questions_name_the_person_the_answer_is_about(g, holdout):
    asked = ask(holdout, "ho_season_won", call="Boston Rob")
    assert asked.params["castaway_id"] == person(g, "Boston Rob") and "Boston Rob" in asked.question
    assert g.name(person(g, "Ozzy")) == "Oscar Lusth"
    with pytest.raises(AssertionError):
        person(g, "Russell")  # two Russells: a plan may not use an ambiguous name


# -- recomputable ------------------------------------------------------------------------------------------------
def test_the_snapshot_recomputes_to_the_same_answers(g, holdout):
    stored = load(HOLDOUT_FILE)
    assert [q.id for q in stored] == [q.id for q in holdout]
    assert [q.parts for q in recompute(g, stored)] == [q.parts for q in holdout]


def test_a_recomputed_answer_follows_the_data_not_the_stored_parts(g, holdout):
    asked = ask(holdout, "ho_title_holder", season=12)
    stale = type(asked)(**{**asked.to_dict(), "parts": [{"type": "entity", "ids": ["US0001"], "names": ["x"]}]})
    assert recompute(g, [stale])[0].parts == asked.parts


def test_the_cli_writes_the_holdout_snapshot_and_the_runner_selects_the_set(settings, tmp_path, holdout):
    from evaluation.cli import main
    from evaluation.runner import EvalOptions, gold_questions

    out = tmp_path / "holdout.json"
    assert main(["gold", "--set", "holdout", "--out", str(out)]) == 0
    written = json.loads(out.read_text())
    assert written["count"] == len(holdout) and written["questions"][0]["id"].startswith("ho-")
    assert QUESTION_SETS["holdout"] == HOLDOUT_FILE
    chosen, _ = gold_questions(settings, EvalOptions(question_set="holdout", categories=["negation"]))
    assert chosen and all(q.id.startswith("ho-negation-") for q in chosen)
    default, _ = gold_questions(settings, EvalOptions(limit=3))
    assert not any(q.id.startswith("ho-") for q in default)
    with pytest.raises(ValueError, match="unknown question set"):
        build_question_set(None, "nope")


# -- answers against pandas on the raw tables ---------------------------------------------------------------
def test_winners_and_a_place_count_equal_the_raw_season_summary(g, holdout):
    summary = raw(g, "season_summary").set_index("season")
    for season in (12, 48):
        assert ask(holdout, "ho_title_holder", season=season).parts[0]["ids"] == [summary.loc[season, "winner_id"]]
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
    a, b = asked.params["a"], asked.params["b"]
    assert asked.parts[0]["ids"] == [a if panama[a] < panama[b] else b]


def test_jury_and_vote_answers_equal_the_raw_vote_tables(g, holdout):
    jury = raw(g, "jury_votes")
    jury = jury[jury["vote"] == 1]
    ozzy = person(g, "Ozzy")
    for_ozzy = jury[(jury["season"] == 13) & (jury["finalist_id"] == ozzy)]["castaway_id"]
    assert sorted(ask(holdout, "ho_jurors_for", season=13).parts[0]["ids"]) == sorted(for_ozzy)
    winners = raw(g, "season_summary").set_index("season")["winner_id"]
    ri = jury[(jury["season"] == 22) & (jury["finalist_id"] != winners[22])]["castaway_id"]
    assert sorted(ask(holdout, "ho_jurors_against_winner", season=22).parts[0]["ids"]) == sorted(ri)
    votes = raw(g, "vote_history").dropna(subset=["vote_id"])
    targeted = set(zip(votes["season"], votes["vote_id"]))
    untouched = [winners[s] for s in range(1, 50) if (s, winners[s]) not in targeted]
    assert ask(holdout, "ho_winners_no_votes").parts[0]["ids"] == untouched
