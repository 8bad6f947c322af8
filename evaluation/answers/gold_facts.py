"""Gold answers of the gold set: single facts, aggregation/ranking, temporal (episode order) and negation.

Each function computes its answer from the survivoR tables (pandas) every time it is called.
"""

from __future__ import annotations

import random

import pandas as pd

from evaluation import scoped
from evaluation.data import GoldData
from evaluation.gold import entities, entity, gold_answer, number, phrase, season, seasons

ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
            "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth"]


def top(series: pd.Series) -> list:
    """The index labels that share the maximum (ties included)."""
    return list(series[series == series.max()].index) if len(series) else []


def _date_forms(value) -> list[str]:
    ts = pd.Timestamp(value)
    return [ts.date().isoformat(), f"{ts:%B} {ts.day}, {ts.year}", f"{ts.day} {ts:%B} {ts.year}"]


# -- single facts ----------------------------------------------------------------------------------------
@gold_answer("winner_by_number")
def winner_by_number(g: GoldData, season: int):
    return [
        entity(g, [g.winner(season)])]


@gold_answer("winner_by_name")
def winner_by_name(g: GoldData, season: int):
    return [entity(g, [g.winner(season)])]


@gold_answer("location")
def location(g: GoldData, season: int):
    row = g.summary.loc[season]
    where = str(row["location"])
    return [
        phrase(where, where.split(",")[0].strip(), where.split(",")[-1].strip())]


@gold_answer("cast_size")
def cast_size(g: GoldData, season: int):
    return [number(g.summary.loc[season, "n_cast"])]


@gold_answer("jury_size")
def jury_size(g: GoldData, season: int):
    return [
        number(g.season_cast(season)["jury"].sum())]


@gold_answer("final_vote")
def final_vote(g: GoldData, season: int):
    return [
        phrase(str(g.summary.loc[season, "final_vote"]))]


def losing_finalists(g: GoldData, season: int) -> dict:
    cast = g.season_cast(season)
    return entities(g, cast[cast["finalist"] & ~cast["winner"]]["castaway_id"])


@gold_answer("runners_up")
def runners_up(g: GoldData, season: int):
    return [losing_finalists(g, season)]


@gold_answer("original_tribe")
def original_tribe(g: GoldData, castaway_id: str, season: int):
    cast = g.season_cast(season)
    tribe = cast[cast["castaway_id"] == castaway_id]["original_tribe"].iloc[0]
    return [phrase(tribe)]


@gold_answer("episode_count")
def episode_count(g: GoldData, season: int):
    n = (g.episodes["season"] == season).sum()
    return [number(n)]


@gold_answer("season_won")
def season_won(g: GoldData, castaway_id: str):
    won = g.cast[(g.cast["castaway_id"] == castaway_id) & g.cast["winner"]]["season"]
    return [season(*won)]


@gold_answer("winner_age")
def winner_age(g: GoldData, season: int):
    cast = g.season_cast(season)
    age = cast[cast["winner"]]["age"].iloc[0]
    return [number(age)]


@gold_answer("premiere")
def premiere(g: GoldData, season: int):
    return [phrase(*_date_forms(g.summary.loc[season, "premiered"]))]


@gold_answer("merged_tribe")
def merged_tribe(g: GoldData, season: int):
    merged = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Merged")]["tribe"].unique()
    return [phrase(*merged)]


# -- aggregation and ranking -------------------------------------------------------------------------------
@gold_answer("most_votes_received")
def most_votes_received(g: GoldData, season: int | None = None):
    votes = g.votes if season is None else g.votes[g.votes["season"] == season]
    return [entity(g, top(votes.groupby("vote_id").size()))]


@gold_answer("most_confessionals")
def most_confessionals(g: GoldData, season: int | None = None):
    conf = g.confessionals if season is None else g.confessionals[g.confessionals["season"] == season]
    counts = conf.groupby("castaway_id")["confessional_count"].sum()
    return [entity(g, top(counts))]


def confessional_leaders(g: GoldData, season: int) -> list[str]:
    """Who had the most confessionals in a season (all of them on a tie)."""
    conf = g.confessionals[g.confessionals["season"] == season]
    return top(conf.groupby("castaway_id")["confessional_count"].sum())


@gold_answer("most_idols_found")
def most_idols_found(g: GoldData):
    adv = g.advantages
    found = adv[adv["event"].isin(["Found", "Found (beware)"])
                & adv["advantage_type"].str.lower().str.contains("hidden immunity idol")]
    counts = found.drop_duplicates(["version_season", "advantage_id", "castaway_id"]).groupby("castaway_id").size()
    return [entity(g, top(counts))]


@gold_answer("most_appearances")
def most_appearances(g: GoldData):
    return [entity(g, top(g.seasons_played()))]


@gold_answer("count_min_seasons")
def count_min_seasons(g: GoldData, n: int):
    return [number((g.seasons_played() >= n).sum())]


@gold_answer("quitters")
def quitters(g: GoldData):
    quit_ = g.cast[g.cast["result"].str.contains("Quit", na=False)]
    return [entities(g, quit_["castaway_id"])]


@gold_answer("season_immunity_leader")
def season_immunity_leader(g: GoldData, season: int):
    w = g.wins[(g.wins["season"] == season) & (g.wins["won_individual_immunity"] == 1)]
    return [
        entity(g, top(w.groupby("castaway_id").size()))]


def _winner_votes(g: GoldData) -> pd.DataFrame:
    rows = []
    for s in g.finished_seasons:
        jury = g.jury[g.jury["season"] == s]
        rows.append((s, g.winner(s), (jury["finalist_id"] == g.winner(s)).sum(), jury["castaway_id"].nunique()))
    return pd.DataFrame(rows, columns=["season", "winner", "votes", "jurors"])


@gold_answer("unanimous_count")
def unanimous_count(g: GoldData):
    wv = _winner_votes(g)
    return [number((wv["votes"] == wv["jurors"]).sum())]


@gold_answer("fewest_jury_votes")
def fewest_jury_votes(g: GoldData):
    wv = _winner_votes(g).set_index("season")
    return [
        entity(g, wv[wv["votes"] == wv["votes"].min()]["winner"])]


@gold_answer("medevac_count")
def medevac_count(g: GoldData):
    return [
        number((g.cast["result"] == "Medically evacuated").sum())]


@gold_answer("two_time_winners")
def two_time_winners(g: GoldData):
    wins = g.cast[g.cast["winner"]].groupby("castaway_id").size()
    return [entities(g, wins[wins >= 2].index)]


@gold_answer("tribal_count_season")
def tribal_count_season(g: GoldData, season: int):
    vh = g.vote_history[g.vote_history["season"] == season]
    with_votes = vh[vh["vote"].notna()]
    return [
        number(len(vh[["episode", "order"]].drop_duplicates()),
               len(with_votes[["episode", "order"]].drop_duplicates()))]


# -- temporal: episode order ---------------------------------------------------------------------------------
@gold_answer("boot_in_episode")
def boot_in_episode(g: GoldData, season: int, episode: int):
    cast = g.season_cast(season)
    out = cast[(cast["episode"] == episode) & ~cast["finalist"]]
    return [entities(g, out["castaway_id"])]


@gold_answer("nth_boot")
def nth_boot(g: GoldData, season: int, order: int):
    cast = g.season_cast(season)
    return [
        entity(g, cast[cast["order"] == order]["castaway_id"])]


@gold_answer("immunity_in_episode")
def immunity_in_episode(g: GoldData, season: int, episode: int):
    w = g.wins[(g.wins["season"] == season) & (g.wins["episode"] == episode) & (g.wins["won_individual_immunity"] == 1)]
    return [entities(g, w["castaway_id"])]


@gold_answer("exit_episode")
def exit_episode(g: GoldData, castaway_id: str, season: int):
    cast = g.season_cast(season)
    ep = cast[cast["castaway_id"] == castaway_id]["episode"].iloc[0]
    return [number(ep)]


@gold_answer("next_boot")
def next_boot(g: GoldData, castaway_id: str, season: int):
    cast = g.season_cast(season)
    order = cast[cast["castaway_id"] == castaway_id]["order"].iloc[0]
    return [
        entity(g, cast[cast["order"] == order + 1]["castaway_id"])]


@gold_answer("first_immunity")
def first_immunity(g: GoldData, season: int, last: bool = False):
    w = g.wins[(g.wins["season"] == season) & (g.wins["won_individual_immunity"] == 1)]
    ep = w["episode"].max() if last else w["episode"].min()
    return [
        entity(g, w[w["episode"] == ep]["castaway_id"])]


@gold_answer("last_before_final")
def last_before_final(g: GoldData, season: int):
    cast = g.season_cast(season)
    gone = cast[~cast["finalist"]]
    return [
        entity(g, gone[gone["order"] == gone["order"].max()]["castaway_id"])]


@gold_answer("exit_day")
def exit_day(g: GoldData, castaway_id: str, season: int):
    cast = g.season_cast(season)
    day = cast[cast["castaway_id"] == castaway_id]["day"].iloc[0]
    return [number(day)]


@gold_answer("who_went_first")
def who_went_first(g: GoldData, a: str, b: str, season: int):
    cast = g.season_cast(season).set_index("castaway_id")
    order_a, order_b = cast.loc[a, "order"], cast.loc[b, "order"]
    # Under a viewer scope an order not yet known is NaN: the one who has left went first; neither: unknown.
    first = b if pd.isna(order_a) else a if pd.isna(order_b) or order_a < order_b else b
    known = not (pd.isna(order_a) and pd.isna(order_b))
    return [
        entity(g, [first] if known else [])]


def juror_by_order(g: GoldData, season: int, last: bool = False) -> dict:
    """The first (or last) juror of a season, by the order they left the game."""
    cast = g.season_cast(season)
    jury = cast[cast["jury"]]
    edge = jury["order"].max() if last else jury["order"].min()
    return entity(g, jury[jury["order"] == edge]["castaway_id"])


@gold_answer("first_juror")
def first_juror(g: GoldData, season: int):
    return [juror_by_order(g, season)]


# -- negation ------------------------------------------------------------------------------------------------
@gold_answer("finalists_not_won")
def finalists_not_won(g: GoldData, season: int):
    return [losing_finalists(g, season)]


@gold_answer("veterans_never_won")
def veterans_never_won(g: GoldData, n: int = 3):
    winners = set(g.cast[g.cast["winner"]]["castaway_id"])
    return [
        entities(g, veterans_except(g, n, winners))]


def veterans_except(g: GoldData, n: int, excluded: set[str]) -> list[str]:
    """People who played n or more seasons and are not in excluded, in seasons_played() order."""
    played = g.seasons_played()
    return [c for c in played[played >= n].index if c not in excluded]


@gold_answer("seasons_without_medevac")
def seasons_without_medevac(g: GoldData):
    with_ = set(g.cast[g.cast["result"] == "Medically evacuated"]["season"])
    return [seasons(s for s in g.seasons if s not in with_)]


@gold_answer("never_received_vote")
def never_received_vote(g: GoldData, season: int):
    targets = set(g.votes[g.votes["season"] == season]["vote_id"])
    cast = g.season_cast(season)
    return [
        entities(g, [c for c in cast["castaway_id"] if c not in targets])]


@gold_answer("winners_no_immunity")
def winners_no_immunity(g: GoldData):
    iw = g.wins[g.wins["won_individual_immunity"] == 1]
    won = set(zip(iw["season"], iw["castaway_id"]))
    return [
        entities(g, [g.winner(s) for s in g.finished_seasons if (s, g.winner(s)) not in won])]


@gold_answer("jurors_not_for_winner")
def jurors_not_for_winner(g: GoldData, season: int):
    jury = g.jury[g.jury["season"] == season]
    return [
        entities(g, jury[jury["finalist_id"] != g.winner(season)]["castaway_id"])]


@gold_answer("tribe_missed_merge")
def tribe_missed_merge(g: GoldData, season: int, tribe: str):
    t = g.tribes[g.tribes["season"] == season]
    members = t[(t["tribe"] == tribe) & (t["tribe_status"] == "Original")]["castaway_id"].unique()
    merged = set(t[t["tribe_status"] == "Merged"]["castaway_id"])
    return [
        entities(g, [c for c in members if c not in merged])]


@gold_answer("seasons_without_returnees")
def seasons_without_returnees(g: GoldData):
    first = g.cast.groupby("castaway_id")["season"].min()
    returning = {s for s, c in zip(g.cast["season"], g.cast["castaway_id"]) if first[c] < s}
    return [seasons(s for s in g.seasons if s not in returning)]


def _split_jury_season(g: GoldData, rng: random.Random) -> int:
    """A season where some jurors voted for someone other than the winner."""
    split = [s for s in g.seasons if (g.jury[g.jury["season"] == s]["finalist_id"] != g.winner(s)).any()]
    return rng.choice(split)


@gold_answer("top_outlast_score")
def top_outlast_score(g: GoldData, season: int):
    sc = g.scores[g.scores["season"] == season]
    best = sc[sc["score_outlast"].astype(float) == sc["score_outlast"].astype(float).max()]
    return [
        entity(g, best["castaway_id"])]


scoped.NEEDS["top_outlast_score"] = "finale"  # a score sums up the whole season
