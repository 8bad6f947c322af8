"""Gold answers first written for the blind-02 question set (evaluation/sets/blind-02.jsonl, once "fresh"):
other forms of question (the entity first, "how come", "who lasted longer, X or Y", nicknames).

Each function computes a question's answer parts from the survivoR tables; its name starts with "fr_". Each
declares what a viewer scope needs to have aired (SCOPE_NEEDS, SCOPE_AS_AIRED, registered with evaluation.scoped), so
`--watched` works on these questions too.
"""

from __future__ import annotations

import pandas as pd

from evaluation import scoped
from evaluation.answers import gold_facts as gf
from evaluation.answers import gold_multi as gm
from evaluation.answers.gold_facts import top
from evaluation.answers.holdout import check_not_in_data, person
from evaluation.data import GoldData
from evaluation.gold import (
    abstain,
    entities,
    entity,
    gold_answer,
    number,
    phrase,
    season,
    seasons,
)


def _won_seasons(g: GoldData, castaway_id: str) -> list[int]:
    return sorted(int(s) for s in g.cast[(g.cast["castaway_id"] == castaway_id) & g.cast["winner"]]["season"])


def _row(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    return g.season_cast(s).set_index("castaway_id").loc[castaway_id]


def _idols_found(g: GoldData) -> pd.DataFrame:
    adv = g.advantages
    found = adv[adv["event"].isin(["Found", "Found (beware)"])
                & adv["advantage_type"].str.lower().str.contains("hidden immunity idol")]
    return found.drop_duplicates(["version_season", "advantage_id", "castaway_id"])


def _immunity(g: GoldData) -> pd.DataFrame:
    return g.wins[g.wins["won_individual_immunity"] == 1]


# -- single facts ----------------------------------------------------------------------------------------
@gold_answer("fr_winner")
def fr_winner(g: GoldData, season: int):
    return [entity(g, [g.winner(season)])]


@gold_answer("fr_jury_count")
def fr_jury_count(g: GoldData, season: int):
    return [
        number(g.season_cast(season)["jury"].sum(), g.summary.loc[season, "n_jury"])]


@gold_answer("fr_final_tally")
def fr_final_tally(g: GoldData, season: int):
    vote = str(g.summary.loc[season, "final_vote"])
    return [
        phrase(vote, vote[:-2] if vote.endswith("-0") else "")]


@gold_answer("fr_age_when_won")
def fr_age_when_won(g: GoldData, castaway_id: str):
    ages = [_row(g, castaway_id, s)["age"] for s in _won_seasons(g, castaway_id)]
    return [number(*ages)]


@gold_answer("fr_first_season")
def fr_first_season(g: GoldData, castaway_id: str):
    return [season(min(g.seasons_of(castaway_id)))]


@gold_answer("fr_jury_seasons")
def fr_jury_seasons(g: GoldData, castaway_id: str):
    rows = g.cast[(g.cast["castaway_id"] == castaway_id) & g.cast["jury"]]
    return [seasons(rows["season"])]


# -- aggregation -----------------------------------------------------------------------------------------
@gold_answer("fr_immunity_record")
def fr_immunity_record(g: GoldData):
    counts = _immunity(g).groupby(["season", "castaway_id"]).size()
    best = counts[counts == counts.max()]
    return [
        number(counts.max()), entities(g, sorted({c for _, c in best.index}))]


@gold_answer("fr_person_confessionals")
def fr_person_confessionals(g: GoldData, castaway_id: str, season: int):
    conf = g.confessionals
    n = conf[(conf["season"] == season) & (conf["castaway_id"] == castaway_id)]["confessional_count"].sum()
    return [number(n)]


@gold_answer("fr_times_played")
def fr_times_played(g: GoldData, castaway_id: str):
    return [number(len(g.seasons_of(castaway_id)))]


@gold_answer("fr_vote_magnet")
def fr_vote_magnet(g: GoldData, season: int):
    votes = g.votes[g.votes["season"] == season]
    return [
        entity(g, top(votes.groupby("vote_id").size()))]


@gold_answer("fr_idols_found")
def fr_idols_found(g: GoldData, castaway_id: str):
    found = _idols_found(g)
    return [number((found["castaway_id"] == castaway_id).sum())]


@gold_answer("fr_seasons_in_country")
def fr_seasons_in_country(g: GoldData, country: str):
    by_country = (g.summary["country"] == country).sum()
    by_location = g.summary["location"].str.contains(country, case=False, regex=False).sum()
    return [number(by_country, by_location)]


@gold_answer("fr_reward_leader")
def fr_reward_leader(g: GoldData):
    rw = g.wins[g.wins["won_individual_reward"] == 1]
    return [entity(g, top(rw.groupby("castaway_id").size()))]


@gold_answer("fr_distinct_jurors")
def fr_distinct_jurors(g: GoldData):
    return [
        number(g.cast[g.cast["jury"]]["castaway_id"].nunique())]


# -- multi-hop -------------------------------------------------------------------------------------------
@gold_answer("fr_debut_winner")
def fr_debut_winner(g: GoldData, castaway_id: str):
    return [entity(g, [g.winner(min(g.seasons_of(castaway_id)))])]


@gold_answer("fr_first_win_runner_up")
def fr_first_win_runner_up(g: GoldData, castaway_id: str):
    cast = g.season_cast(_won_seasons(g, castaway_id)[0])
    return [
        entities(g, cast[cast["finalist"] & ~cast["winner"]]["castaway_id"])]


@gold_answer("fr_second_win_where")
def fr_second_win_where(g: GoldData, castaway_id: str):
    s = _won_seasons(g, castaway_id)[1]
    return [
        season(s), *gf.location(g, s)]


@gold_answer("fr_first_boot_other_seasons")
def fr_first_boot_other_seasons(g: GoldData, season: int):
    cast = g.season_cast(season)
    first = cast[cast["order"] == 1]["castaway_id"]
    other = {s for c in first for s in g.seasons_of(c) if s != season}
    return [seasons(other)]


@gold_answer("fr_conf_leader_immunities")
def fr_conf_leader_immunities(g: GoldData, season: int):
    leaders = gf.confessional_leaders(g, season)
    return [number(*[gm._imm_wins(g, c, season) for c in leaders])]


@gold_answer("fr_last_immunity_tribe")
def fr_last_immunity_tribe(g: GoldData, season: int):
    parts = gf.first_immunity(g, season, last=True)
    cast = g.season_cast(season).set_index("castaway_id")
    return [
        phrase(*[cast.loc[c, "original_tribe"] for c in parts[0]["ids"]])]


@gold_answer("fr_first_juror_when_won")
def fr_first_juror_when_won(g: GoldData, castaway_id: str):
    return gf.first_juror(g, _won_seasons(g, castaway_id)[0])


@gold_answer("fr_jury_votes_for")
def fr_jury_votes_for(g: GoldData, castaway_id: str):
    s = _won_seasons(g, castaway_id)[0]
    jury = g.jury[g.jury["season"] == s]
    return [number((jury["finalist_id"] == castaway_id).sum())]


@gold_answer("fr_roster")
def fr_roster(g: GoldData, season: int, tribe: str):
    assert set(g.tribes[g.tribes["tribe"] == tribe]["season"]) == {season}, tribe  # the name alone says which
    return gm.tribe_roster(g, season, tribe)


@gold_answer("fr_jurors_for_winner")
def fr_jurors_for_winner(g: GoldData, season: int, call: str):
    assert person(g, call) == g.winner(season), call
    j = g.jury[(g.jury["season"] == season) & (g.jury["finalist_id"] == g.winner(season))]
    return [entities(g, j["castaway_id"])]


@gold_answer("fr_idol_plays")
def fr_idol_plays(g: GoldData, season: int):
    return gm.idol_players(g, season, "Played")


# -- temporal --------------------------------------------------------------------------------------------
@gold_answer("fr_made_it_further")
def fr_made_it_further(g: GoldData, a: str, b: str, season: int):
    parts = gf.who_went_first(g, a, b, season)
    first = parts[0]["ids"]
    further = [c for c in (a, b) if first and c != first[0]]
    return [entity(g, further)]


@gold_answer("fr_days_lasted")
def fr_days_lasted(g: GoldData, castaway_id: str, season: int):
    return [number(_row(g, castaway_id, season)["day"])]


@gold_answer("fr_first_out")
def fr_first_out(g: GoldData, season: int):
    cast = g.season_cast(season)
    return [entity(g, cast[cast["order"] == 1]["castaway_id"])]


@gold_answer("fr_first_immunity")
def fr_first_immunity(g: GoldData, season: int):
    return gf.first_immunity(g, season)


@gold_answer("fr_last_immunity")
def fr_last_immunity(g: GoldData, season: int):
    return gf.first_immunity(g, season, last=True)


@gold_answer("fr_jurors_not_for")
def fr_jurors_not_for(g: GoldData, season: int, call: str):
    assert person(g, call) == g.winner(season), call
    return gf.jurors_not_for_winner(g, season)


@gold_answer("fr_seasons_no_idols")
def fr_seasons_no_idols(g: GoldData):
    adv = g.advantages  # any idol: survivoR calls Panama's and Cook Islands' idols "Super Idol"
    found = adv[adv["event"].isin(["Found", "Found (beware)"]) & adv["advantage_type"].str.lower().str.contains("idol")]
    with_idols = set(found["season"])
    return [
        seasons(s for s in g.seasons if s not in with_idols)]


@gold_answer("fr_winners_never_immune")
def fr_winners_never_immune(g: GoldData):
    immune = set(_immunity(g)["castaway_id"])
    winners = sorted(set(g.cast[g.cast["winner"]]["castaway_id"]))
    return [
        entities(g, [c for c in winners if c not in immune])]


@gold_answer("fr_no_final_three")
def fr_no_final_three(g: GoldData):
    n = g.summary["n_finalists"]
    return [
        seasons(s for s in g.finished_seasons if pd.notna(n.get(s)) and int(n[s]) != 3)]


@gold_answer("fr_pre_jury")
def fr_pre_jury(g: GoldData, season: int):
    cast = g.season_cast(season)
    return [
        entities(g, cast[~cast["jury"] & ~cast["finalist"]]["castaway_id"])]


@gold_answer("fr_zero_vote_finalists")
def fr_zero_vote_finalists(g: GoldData):
    out = []
    for s in g.finished_seasons:
        cast = g.season_cast(s)
        got = set(g.jury[g.jury["season"] == s]["finalist_id"])
        out += [c for c in cast[cast["finalist"]]["castaway_id"] if c not in got]
    return [entities(g, out)]


@gold_answer("fr_ftc")
def fr_ftc(g: GoldData, season: int):
    g.name(g.winner(season)).split()[0]
    return gm.final_tribal_story(g, season)


# -- unanswerable ----------------------------------------------------------------------------------------
@gold_answer("fr_future")
def fr_future(g: GoldData, future: int):
    assert future not in g.seasons, future
    return [abstain()]


@gold_answer("fr_nobody")
def fr_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return [abstain()]


@gold_answer("fr_place_never")
def fr_place_never(g: GoldData, place: str):
    assert not g.summary["location"].str.contains(place, case=False, regex=False).any(), place
    return [abstain()]


@gold_answer("fr_not_in_data")
def fr_not_in_data(g: GoldData, castaway_id: str):
    check_not_in_data(g, castaway_id, ("height", "salary", "pay", "fee"))
    return [abstain()]


@gold_answer("fr_what_if")
def fr_what_if(g: GoldData, castaway_id: str, season: int, call: str):
    assert _row(g, castaway_id, season)["finalist"], call  # a finalist: the "what if" is counterfactual
    return [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _won(index: int):
    def needs(full: GoldData, p: dict) -> list:
        return [("finale", _won_seasons(full, p["castaway_id"])[index], None)]
    return needs


def _debut_finale(full: GoldData, p: dict) -> list:
    return [("finale", min(full.seasons_of(p["castaway_id"])), None)]


SCOPE_NEEDS = {
    "fr_winner": "finale", "fr_jury_count": "finale", "fr_final_tally": "finale", "fr_age_when_won": scoped._won_season,
    "fr_person_confessionals": "finale", "fr_vote_magnet": "finale",
    "fr_debut_winner": _debut_finale, "fr_first_win_runner_up": _won(0), "fr_second_win_where": _won(1),
    "fr_conf_leader_immunities": "finale", "fr_last_immunity_tribe": "finale", "fr_first_juror_when_won": _won(0),
    "fr_jury_votes_for": _won(0),
    "fr_roster": "finale", "fr_jurors_for_winner": "finale", "fr_idol_plays": "finale",
    "fr_days_lasted": "exit", "fr_last_immunity": "finale",
    "fr_jurors_not_for": "finale", "fr_pre_jury": "finale",
    "fr_ftc": "finale", "fr_what_if": "finale",
}
SCOPE_AS_AIRED = {"fr_first_season", "fr_jury_seasons", "fr_immunity_record", "fr_times_played",
                  "fr_idols_found", "fr_seasons_in_country", "fr_reward_leader", "fr_distinct_jurors",
                  "fr_first_boot_other_seasons", "fr_made_it_further", "fr_first_out", "fr_first_immunity",
                  "fr_seasons_no_idols",
                  "fr_winners_never_immune", "fr_no_final_three", "fr_zero_vote_finalists", "fr_future",
                  "fr_nobody", "fr_place_never", "fr_not_in_data"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)
