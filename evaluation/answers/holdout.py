"""Gold answers first written for the blind-01 question set (evaluation/sets/blind-01.jsonl, once "holdout"):
other seasons and people than gold, in gold's kinds of question; blind to the router then.

Each function computes a question's answer parts from the survivoR tables; its name starts with "ho_". Each
declares what a viewer scope needs to have aired (SCOPE_NEEDS, SCOPE_AS_AIRED, registered with evaluation.scoped), so
`--watched` works on these questions too.
"""

from __future__ import annotations

import pandas as pd

from evaluation import scoped
from evaluation.answers import gold_facts as gf
from evaluation.answers import gold_multi as gm
from evaluation.answers.gold_facts import top
from evaluation.data import GoldData
from evaluation.gold import (
    abstain,
    entities,
    entity,
    gold_answer,
    number,
    seasons,
)


def _title(g: GoldData, s: int) -> str:
    """'Cook Islands' for a named season, 'season 44' for a numbered one."""
    return g.subtitle(s) or f"season {s}"


def _winner_ids(g: GoldData) -> set[str]:
    return set(g.cast[g.cast["winner"]]["castaway_id"])


def _won_in(g: GoldData, castaway_id: str) -> int:
    return int(g.cast[(g.cast["castaway_id"] == castaway_id) & g.cast["winner"]]["season"].iloc[0])


def check_not_in_data(g: GoldData, castaway_id: str, words: tuple[str, ...]) -> None:
    """An "unanswerable" question's premise: a real person, and no castaway column for what it asks (words)."""
    assert castaway_id in set(g.cast["castaway_id"]), castaway_id
    columns = set(g.cast.columns) | set(g.data.table("castaway_details").columns)
    assert not {c for c in columns if any(w in c for w in words)}, columns


@gold_answer("ho_winner_age")
def ho_winner_age(g: GoldData, castaway_id: str):
    s = _won_in(g, castaway_id)
    cast = g.season_cast(s)
    return [number(cast[cast["castaway_id"] == castaway_id]["age"].iloc[0])]


@gold_answer("ho_confessional_leader")
def ho_confessional_leader(g: GoldData, season: int):
    return gf.most_confessionals(g, season)


@gold_answer("ho_votes_received")
def ho_votes_received(g: GoldData, season: int):
    return gf.most_votes_received(g, season)


@gold_answer("ho_quit_count")
def ho_quit_count(g: GoldData):
    result = g.cast["result"].fillna("")
    quit_ = result.str.contains("Quit")
    # any quit; not counting quits from the Edge of Extinction; plain "Quit" results only
    return [
        number(quit_.sum(), (quit_ & ~result.str.contains("EoE")).sum(), (result == "Quit").sum())]


@gold_answer("ho_exactly_twice")
def ho_exactly_twice(g: GoldData):
    return [number((g.seasons_played() == 2).sum())]


@gold_answer("ho_distinct_winners")
def ho_distinct_winners(g: GoldData):
    return [
        number(len({g.winner(s) for s in g.finished_seasons}))]


@gold_answer("ho_seasons_in_place")
def ho_seasons_in_place(g: GoldData, place: str):
    n = g.summary["location"].str.contains(place, case=False, regex=False).sum()
    return [number(n)]


@gold_answer("ho_most_votes_cast")
def ho_most_votes_cast(g: GoldData):
    return [
        entity(g, top(g.votes.groupby("castaway_id").size()))]


@gold_answer("ho_winner_where")
def ho_winner_where(g: GoldData, place: str):
    found = g.summary[g.summary["location"].str.contains(place, case=False, regex=False)]["season"]
    assert len(found) == 1, (place, list(found))
    return [entity(g, [g.winner(int(found.iloc[0]))])]


@gold_answer("ho_jurors_backed_runner_up")
def ho_jurors_backed_runner_up(g: GoldData, season: int):
    rid, backers = gm.runner_up_backers(g, season)
    return [backers]


@gold_answer("ho_winner_and_immunities")
def ho_winner_and_immunities(g: GoldData, season: int):
    w = g.winner(season)
    return [entity(g, [w]), number(gm._imm_wins(g, w, season))]


@gold_answer("ho_jurors_for")
def ho_jurors_for(g: GoldData, castaway_id: str, season: int):
    j = g.jury[(g.jury["season"] == season) & (g.jury["finalist_id"] == castaway_id)]
    return [entities(g, j["castaway_id"])]


@gold_answer("ho_prev_boot")
def ho_prev_boot(g: GoldData, castaway_id: str, season: int):
    cast = g.season_cast(season)
    order = cast[cast["castaway_id"] == castaway_id]["order"].iloc[0]
    return [
        entity(g, cast[cast["order"] == order - 1]["castaway_id"])]


@gold_answer("ho_first_immunity")
def ho_first_immunity(g: GoldData, season: int):
    return gf.first_immunity(g, season)


@gold_answer("ho_first_boot_day")
def ho_first_boot_day(g: GoldData, season: int):
    cast = g.season_cast(season)
    return [
        number(*cast[cast["order"] == 1]["day"].dropna())]


@gold_answer("ho_last_juror")
def ho_last_juror(g: GoldData, season: int):
    return [gf.juror_by_order(g, season, last=True)]


@gold_answer("ho_lasted_longer")
def ho_lasted_longer(g: GoldData, a: str, b: str, season: int):
    cast = g.season_cast(season).set_index("castaway_id")
    order_a, order_b = cast.loc[a, "order"], cast.loc[b, "order"]
    # Under a viewer scope an unknown order means still in the game: that one lasted longer; both: unknown.
    longer = a if pd.isna(order_a) else b if pd.isna(order_b) or order_b > order_a else a
    known = not (pd.isna(order_a) and pd.isna(order_b))
    return [
        entity(g, [longer] if known else [])]


@gold_answer("ho_seasons_no_quit")
def ho_seasons_no_quit(g: GoldData):
    quit_ = set(g.cast[g.cast["result"].str.contains("Quit", na=False)]["season"])
    return [seasons(s for s in g.seasons if s not in quit_)]


@gold_answer("ho_one_time_winners")
def ho_one_time_winners(g: GoldData):
    played = g.seasons_played()
    return [
        entities(g, sorted(c for c in _winner_ids(g) if played[c] == 1))]


@gold_answer("ho_ftc_never_won")
def ho_ftc_never_won(g: GoldData, n: int = 2):
    finals = g.cast[g.cast["finalist"]].groupby("castaway_id").size()
    winners = _winner_ids(g)
    return [
        entities(g, [c for c, k in finals.items() if k >= n and c not in winners])]


@gold_answer("ho_winners_no_votes")
def ho_winners_no_votes(g: GoldData):
    targets = set(zip(g.votes["season"], g.votes["vote_id"]))
    return [
        entities(g, [g.winner(s) for s in g.finished_seasons if (s, g.winner(s)) not in targets])]


# -- narrative -------------------------------------------------------------------------------------------
@gold_answer("ho_why_out")
def ho_why_out(g: GoldData, castaway_id: str, season: int):
    g.name(castaway_id)
    return gm.why_left(g, castaway_id, season)


# -- unanswerable ----------------------------------------------------------------------------------------
@gold_answer("ho_future_season")
def ho_future_season(g: GoldData, future: int):
    assert future not in g.seasons, future
    return [abstain()]


@gold_answer("ho_nobody")
def ho_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return [abstain()]


@gold_answer("ho_place_never")
def ho_place_never(g: GoldData, place: str):
    assert not g.summary["location"].str.contains(place, case=False, regex=False).any(), place
    return [abstain()]


@gold_answer("ho_not_in_data")
def ho_not_in_data(g: GoldData, castaway_id: str):
    check_not_in_data(g, castaway_id, ("shoe",))  # a real person; the data has no shoe sizes
    return [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _place_finales(full: GoldData, p: dict) -> list:
    found = full.summary[full.summary["location"].str.contains(p["place"], case=False, regex=False)]["season"]
    return [("finale", int(s), None) for s in found]


SCOPE_NEEDS = {
    "ho_winner_age": scoped._won_season,
    "ho_confessional_leader": "finale", "ho_votes_received": "finale",
    "ho_winner_where": _place_finales, "ho_jurors_backed_runner_up": "finale", "ho_winner_and_immunities": "finale",
    "ho_jurors_for": "finale", "ho_prev_boot": "exit", "ho_last_juror": "finale",
    "ho_why_out": "exit",
}
SCOPE_AS_AIRED = {"ho_quit_count", "ho_exactly_twice", "ho_distinct_winners", "ho_seasons_in_place",
                  "ho_most_votes_cast", "ho_first_immunity", "ho_first_boot_day", "ho_lasted_longer",
                  "ho_seasons_no_quit",
                  "ho_one_time_winners", "ho_ftc_never_won", "ho_winners_no_votes", "ho_future_season",
                  "ho_nobody", "ho_place_never", "ho_not_in_data"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)


# -- the plan --------------------------------------------------------------------------------------------
def person(g: GoldData, call: str) -> str:
    """The castaway_id a name or nickname ("Boston Rob", "Ozzy") stands for; it must name one person."""
    ids = set(g.aliases[g.aliases["alias"].str.lower() == call.lower()]["castaway_id"])
    ids |= set(g.cast[g.cast["full_name"].str.lower() == call.lower()]["castaway_id"])
    assert len(ids) == 1, (call, ids)
    return ids.pop()


def by_name(g: GoldData, call: str, **more) -> dict:
    """A template's params for the person a name stands for: {"castaway_id", "call", **more}."""
    return {"castaway_id": person(g, call), "call": call, **more}


def pair(g: GoldData, call_a: str, call_b: str, **more) -> dict:
    """A template's params for two people by name: {"a", "b", "call_a", "call_b", **more}."""
    return {"a": person(g, call_a), "b": person(g, call_b), "call_a": call_a, "call_b": call_b, **more}
