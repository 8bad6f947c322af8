"""Checks the question-set tests share: finding a question, the raw survivoR tables cut to US seasons independently
of the code under test, and the checks every set must pass (its shape, repeating no earlier set's question or
person, building under viewer scopes, narrative key facts in the passages they cite). Each check takes the set's own
limits (its `promises` in evaluation/sets/index.yaml), so every set is held to exactly what it promises.
tests/eval/test_question_sets.py runs them over every set; the answer tests import it as `checks`."""

from __future__ import annotations

import re
from collections import Counter

import pandas as pd

from evaluation.data import GoldData
from evaluation.gold import CATEGORIES, Question, recompute


def raw(g: GoldData, table: str) -> pd.DataFrame:
    """A survivoR table as read from the .rda file, cut to US seasons 1-49 here (not by the code under test)."""
    df = g.data.raw(table)
    season = pd.to_numeric(df["season"], errors="coerce")
    return df[(df["version"] == "US") & (season <= 49)].assign(season=season.astype(int))


def ask(questions: list[Question], gold: str, **args) -> Question:
    """The one question whose answer this gold-answer function computes with these args."""
    found = [q for q in questions if q.gold == gold and all(q.args.get(k) == v for k, v in args.items())]
    assert len(found) == 1, (gold, args, len(found))
    return found[0]


def ids(q: Question, part: int = 0) -> list[str]:
    """A question part's person ids, sorted."""
    return sorted(q.parts[part]["ids"])


def values(q: Question, part: int = 0) -> list:
    return q.parts[part]["values"]


def flag(df: pd.DataFrame, column: str) -> pd.Series:
    """A logical survivoR column (nullable in the .rda) as plain booleans."""
    return df[column].fillna(False).astype(bool)


def num(df: pd.DataFrame, column: str) -> pd.Series:
    return pd.to_numeric(df[column], errors="coerce")


def top_one(counts: pd.Series):
    """The one label with the highest value; fails on a tie, so a question's single answer is really single."""
    ordered = counts.sort_values(ascending=False)
    assert ordered.iloc[0] > ordered.iloc[1], ordered.head(3)
    return ordered.index[0]


def words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def people(questions: list[Question]) -> set[str]:
    """The castaway_ids the questions' params name."""
    return {v for q in questions for k, v in q.args.items() if k in ("castaway_id", "a", "b") and isinstance(v, str)}


def shape(questions: list[Question], prefix: str, size: tuple[int, int], per_category: tuple[int, int | None],
                *, strict_values: bool = True, abstain_only_when_unanswerable: bool = True) -> None:
    """Every category but the demo, within size and per_category (no upper bound: None), unique ids and wordings,
    ids "<prefix>-…", non-empty answer parts; strict_values: no empty value in a
    part either; unanswerable questions abstain, and (abstain_only_when_unanswerable) no other question does."""
    counts = Counter(q.category for q in questions)
    low, high = per_category
    assert size[0] <= len(questions) <= size[1]
    assert set(counts) == set(CATEGORIES) - {"demo"} and all(
        low <= counts[c] and (high is None or counts[c] <= high) for c in counts), counts
    assert len({q.id for q in questions}) == len(questions)
    assert len({q.question for q in questions}) == len(questions)
    for q in questions:
        assert q.id.startswith(f"{prefix}-") and q.parts and q.answer, q.id
        for part in q.parts:
            if part["type"] in ("entity", "entities"):
                assert part["ids"] and all(re.fullmatch(r"US\d{4}", i) for i in part["ids"]), q.id
            elif part["type"] in ("number", "season", "seasons", "phrase", "phrases"):
                assert part["values"], q.id
                assert not strict_values or all(v not in ("", None) for v in part["values"]), q.id
            elif part["type"] == "facts":
                assert all(part["groups"]) and part["support"].get("season"), q.id
        if q.category == "unanswerable":
            assert [p["type"] for p in q.parts] == ["abstain"], q.id
        elif abstain_only_when_unanswerable:
            assert "abstain" not in {p["type"] for p in q.parts}, q.id


def no_repeats(g: GoldData, questions: list[Question], others: list[Question], *, min_people: int,
                     max_per_season: int | None = None) -> None:
    """No question's wording or id is another set's; at least min_people people, none another set asks about or
    names in its wording; with max_per_season, no season asked about more often than that."""
    texts = {words(q.question) for q in others}
    assert not [q.question for q in questions if words(q.question) in texts]
    assert not {q.id for q in questions} & {q.id for q in others}
    asked_about = people(questions)
    assert len(asked_about) >= min_people and not asked_about & people(others)
    other_text = " ".join(q.question for q in others).lower()
    full_names = g.aliases[g.aliases["kind"] == "full_name"]
    named = full_names[full_names["castaway_id"].isin(asked_about)]["alias"].str.lower()
    assert not [n for n in named if n in other_text]  # nor named in their questions' text
    if max_per_season is not None:
        seasons_asked = Counter(q.args["season"] for q in questions if isinstance(q.args.get("season"), int))
        assert max(seasons_asked.values()) <= max_per_season, seasons_asked  # spread over seasons, not one quiz


def recompute_follows_the_data(g: GoldData, asked: Question) -> None:
    """A stored question with wrong parts recomputes to the parts the data gives."""
    stale = type(asked)(**{**asked.to_dict(), "parts": [{"type": "entity", "ids": ["US0001"], "names": ["x"]}]})
    assert recompute(g, [stale])[0].parts == asked.parts


def scope_needs_declared(questions: list[Question]) -> None:
    """Every template declares what a viewer scope needs to have aired, or that it is answered as aired; not both."""
    from evaluation.scoped import AS_AIRED, NEEDS

    assert all((q.gold in NEEDS) != (q.gold in AS_AIRED) for q in questions)


def builds_under_viewer_scopes(g: GoldData, questions: list[Question], name: str, scopes) -> None:
    """At each viewer scope the set keeps its wording, some (not all) of its answers lie beyond the viewer's
    point, and the unanswerable questions still abstain."""
    from evaluation.question_sets import build_question_set
    from evaluation.scoped import ScopedGoldData

    for scope in scopes:
        at = build_question_set(ScopedGoldData(g.data, scope, g), name)
        assert [q.question for q in at] == [q.question for q in questions]
        beyond = [q for q in at if q.parts[0].get("beyond_scope")]
        assert beyond and len(beyond) < len(at), scope
        assert all(q.parts[0]["type"] == "abstain" for q in at if q.category == "unanswerable")


def narrative_facts_in_cited_summaries(g: GoldData, questions: list[Question]) -> None:
    """Every key-fact group of a narrative answer is in the episode summary its support cites (raw table)."""
    from evaluation.matching import contains_prefix

    episodes = raw(g, "episodes")
    episode = pd.to_numeric(episodes["episode"])
    for q in questions:
        if q.category != "narrative":
            continue
        where = q.parts[0]["support"]
        rows = episodes[(episodes["season"] == where["season"]) & (episode == where["episode"])]
        text = " ".join(rows["episode_summary"].dropna())
        missing = [grp for grp in q.parts[0]["groups"] if not any(contains_prefix(text, w) for w in grp)]
        assert text and not missing, (q.id, missing)
