"""Gold answers first written for the blind-04 question set (evaluation/sets/blind-04.jsonl, once "novel"):
biographical facts, people compared in twos and threes, counts between events.

Each function computes a question's answer parts from the survivoR tables; its name starts with "nv_". Each
declares what a viewer scope needs to have aired (SCOPE_NEEDS, SCOPE_AS_AIRED, registered with evaluation.scoped), so
`--watched` works on these questions too.
"""

from __future__ import annotations

import re

import pandas as pd

from evaluation import scoped
from evaluation.answers import fresh as fr
from evaluation.answers import gold_facts as gf
from evaluation.answers import gold_multi as gm
from evaluation.answers import unseen as un
from evaluation.answers.gold_facts import top
from evaluation.answers.holdout import check_not_in_data
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
from evaluation.matching import contains_prefix

TRIBE_STATUSES = ("Original", "Swapped", "Swapped_2", "Merged")  # not Redemption Island, Edge of Extinction


def _details(g: GoldData) -> pd.DataFrame:
    return g.details


def _bio(g: GoldData, castaway_id: str, column: str):
    """A column of a person's casting bio (occupation, hobbies ...): survivoR keeps their latest, so under a
    viewer scope it is known only once their last season had premiered (evaluation.scoped)."""
    if hasattr(g, "require_bio"):
        g.require_bio(castaway_id)
    return g.details.loc[castaway_id, column]


def _summary_text(g: GoldData, s: int, episode: int | None = None) -> str:
    eps = g.episodes[g.episodes["season"] == s]
    if episode is not None:
        eps = eps[eps["episode"] == episode]
    return " ".join(eps["episode_summary"].fillna(""))


def _one(ids: list, what) -> list:
    assert len(ids) == 1, (what, ids)  # one person, so the question has one answer
    return ids


def _women(g: GoldData) -> set[str]:
    details = g.data.table("castaway_details")
    return set(details[details["gender"] == "Female"]["castaway_id"])


def _swapped(g: GoldData, s: int, from_tribe: str, to_tribe: str) -> list[str]:
    t = g.tribes[g.tribes["season"] == s]
    start = set(t[(t["tribe"] == from_tribe) & (t["tribe_status"] == "Original")]["castaway_id"])
    moved = t[(t["tribe"] == to_tribe) & (t["tribe_status"] == "Swapped")]["castaway_id"].unique()
    return [c for c in moved if c in start]


# -- single facts ----------------------------------------------------------------------------------------
@gold_answer("nv_million")
def nv_million(g: GoldData, season: int):
    return [entity(g, [g.winner(season)])]


@gold_answer("nv_hometown")
def nv_hometown(g: GoldData, castaway_id: str, season: int, call: str):
    row = fr._row(g, castaway_id, season)
    assert len(g.seasons_of(castaway_id)) == 1, call  # one season, so one hometown
    return [
        phrase(f"{row['city']}, {row['state']}", row["city"])]


@gold_answer("nv_job")
def nv_job(g: GoldData, castaway_id: str):
    job = str(_bio(g, castaway_id, "occupation"))
    return [phrase(job, *re.split(r"\s*[;/]\s*", job))]


@gold_answer("nv_born")
def nv_born(g: GoldData, castaway_id: str):
    return [phrase(*gf._date_forms(_details(g).loc[castaway_id, "date_of_birth"]))]


@gold_answer("nv_finale_aired")
def nv_finale_aired(g: GoldData, season: int):
    eps = g.episodes[(g.episodes["season"] == season) & (g.episodes["episode_label"] == "Finale")]
    return [
        phrase(*gf._date_forms(_one(list(eps["episode_date"]), season)[0]))]


@gold_answer("nv_episode_title")
def nv_episode_title(g: GoldData, season: int, episode: int = 1):
    eps = g.episodes[(g.episodes["season"] == season) & (g.episodes["episode"] == episode)]
    return [
        phrase(*_one(list(eps["episode_title"]), (season, episode)))]


@gold_answer("nv_run_ended")
def nv_run_ended(g: GoldData, castaway_id: str, season: int, call: str):
    result = str(fr._row(g, castaway_id, season)["result"])
    assert "fire" in result, (call, result)  # "fire" names how it ended
    return [phrase(result, "fire")]


@gold_answer("nv_season_days")
def nv_season_days(g: GoldData, season: int):
    return [number(g.season_cast(season)["day"].max())]


# -- aggregation -----------------------------------------------------------------------------------------
@gold_answer("nv_idols_in_season")
def nv_idols_in_season(g: GoldData, season: int):
    found = fr._idols_found(g)
    found = found[found["season"] == season]
    # finds (a shared idol counts for each finder); different idols
    return [
        number(len(found), found["advantage_id"].nunique())]


@gold_answer("nv_tribe_count")
def nv_tribe_count(g: GoldData, castaway_id: str):
    t = g.tribes[(g.tribes["castaway_id"] == castaway_id) & g.tribes["tribe_status"].isin(TRIBE_STATUSES)]
    # every tribe, merged tribes included; the tribes before each merge only
    return [
        number(t["tribe"].nunique(), t[t["tribe_status"] != "Merged"]["tribe"].nunique())]


@gold_answer("nv_youngest")
def nv_youngest(g: GoldData, season: int):
    ages = g.season_cast(season).set_index("castaway_id")["age"]
    return [entity(g, _one(top(-ages), season))]


@gold_answer("nv_oldest_winner")
def nv_oldest_winner(g: GoldData):
    won = g.cast[g.cast["winner"]].set_index("castaway_id")["age"]
    return [entity(g, top(won)), number(won.max())]


@gold_answer("nv_final_two_count")
def nv_final_two_count(g: GoldData):
    finals = g.cast[g.cast["finalist"]].groupby("season").size()
    n = g.summary["n_finalists"]
    return [
        number(sum(int(finals.get(s, 0)) == 2 for s in g.finished_seasons),
               sum(pd.notna(n.get(s)) and int(n[s]) == 2 for s in g.finished_seasons))]


@gold_answer("nv_state_count")
def nv_state_count(g: GoldData, state: str):
    rows = g.cast[g.cast["state"] == state]
    # different people; appearances
    return [number(rows["castaway_id"].nunique(), len(rows))]


@gold_answer("nv_most_juries")
def nv_most_juries(g: GoldData):
    juries = g.cast[g.cast["jury"]].groupby("castaway_id").size()
    return [entities(g, top(juries))]


@gold_answer("nv_solo_wins")
def nv_solo_wins(g: GoldData, castaway_id: str, season: int):
    rewards = g.wins[(g.wins["castaway_id"] == castaway_id) & (g.wins["season"] == season)
                     & (g.wins["won_individual_reward"] == 1)]
    return [number(gm._imm_wins(g, castaway_id, season)), number(len(rewards))]


# -- multi-hop -------------------------------------------------------------------------------------------
@gold_answer("nv_next_winner")
def nv_next_winner(g: GoldData, season: int):
    assert season + 1 in g.seasons, season
    return [entity(g, [g.winner(season + 1)])]


@gold_answer("nv_won_country")
def nv_won_country(g: GoldData, castaway_id: str, call: str):
    s = _one(fr._won_seasons(g, castaway_id), call)[0]
    where = str(g.summary.loc[s, "location"])
    return [
        phrase(g.summary.loc[s, "country"], where.split(",")[-1].strip())]


@gold_answer("nv_winner_confessionals")
def nv_winner_confessionals(g: GoldData, season: int):
    conf = g.confessionals
    mine = conf[(conf["season"] == season) & (conf["castaway_id"] == g.winner(season))]
    return [
        number(mine["confessional_count"].sum())]


def _first_boot(g: GoldData, s: int) -> pd.Series:
    cast = g.season_cast(s)
    row = cast[cast["order"] == 1].iloc[0]
    assert "voted out" in str(row["result"]), (s, row["result"])  # "voted out", not a medevac
    return row


@gold_answer("nv_first_boot_age")
def nv_first_boot_age(g: GoldData, season: int):
    return [number(_first_boot(g, season)["age"])]


@gold_answer("nv_runner_up_state")
def nv_runner_up_state(g: GoldData, season: int):
    lost = _one(gf.losing_finalists(g, season)["ids"], season)
    return [
        phrase(fr._row(g, lost[0], season)["state"])]


@gold_answer("nv_idol_leader_place")
def nv_idol_leader_place(g: GoldData, season: int):
    found = fr._idols_found(g)
    leader = _one(top(found[found["season"] == season].groupby("castaway_id").size()), season)
    return [
        number(fr._row(g, leader[0], season)["place"])]


@gold_answer("nv_place_other_seasons")
def nv_place_other_seasons(g: GoldData, season: int, place: int):
    cast = g.season_cast(season)
    who = _one(list(cast[cast["place"] == place]["castaway_id"]), (season, place))[0]
    return [seasons(s for s in g.seasons_of(who) if s != season)]


@gold_answer("nv_first_juror_pick")
def nv_first_juror_pick(g: GoldData, season: int):
    first = gf.juror_by_order(g, season)["ids"]
    return gm.juror_choice(g, _one(first, season)[0], season)


# -- cross-entity ----------------------------------------------------------------------------------------
@gold_answer("nv_older")
def nv_older(g: GoldData, a: str, b: str):
    born = pd.to_datetime(_details(g).loc[[a, b], "date_of_birth"])
    assert born[a] != born[b], born
    return [entity(g, [born.idxmin()])]


@gold_answer("nv_more_confessionals")
def nv_more_confessionals(g: GoldData, a: str, b: str, season: int):
    conf = g.confessionals[g.confessionals["season"] == season]
    counts = conf.groupby("castaway_id")["confessional_count"].sum().reindex([a, b]).fillna(0)
    assert counts[a] != counts[b], counts  # no tie
    return [entity(g, [counts.idxmax()])]


@gold_answer("nv_played_with_both")
def nv_played_with_both(g: GoldData, a: str, b: str):
    def castmates(c: str) -> set[str]:
        return set(g.cast[g.cast["season"].isin(g.seasons_of(c))]["castaway_id"]) - {c}
    return [
        entities(g, sorted(castmates(a) & castmates(b)))]


@gold_answer("nv_jurors_winner_tribe")
def nv_jurors_winner_tribe(g: GoldData, season: int):
    winner_tribe = fr._row(g, g.winner(season), season)["original_tribe"]
    jurors = un._jurors(g, season)
    return [
        entities(g, jurors[jurors["original_tribe"] == winner_tribe]["castaway_id"])]


@gold_answer("nv_swapped_over")
def nv_swapped_over(g: GoldData, season: int, from_tribe: str, to_tribe: str):
    assert not (g.tribes[g.tribes["season"] == season]["tribe_status"] == "Swapped_2").any(), season  # one swap
    return [
        entities(g, _swapped(g, season, from_tribe, to_tribe))]


@gold_answer("nv_longest_of_three")
def nv_longest_of_three(g: GoldData, a: str, b: str, c: str, season: int):
    order = g.season_cast(season).set_index("castaway_id")["order"].reindex([a, b, c])
    return [entity(g, top(order))]


@gold_answer("nv_idol_for")
def nv_idol_for(g: GoldData, castaway_id: str, season: int, call: str):
    adv = g.advantages
    plays = adv[(adv["season"] == season) & (adv["castaway_id"] == castaway_id)
                & adv["event"].str.startswith("Played", na=False)
                & adv["advantage_type"].str.lower().str.contains("hidden immunity idol")
                & adv["played_for_id"].notna() & (adv["played_for_id"] != castaway_id)]
    return [
        entity(g, _one(list(plays["played_for_id"]), call))]


@gold_answer("nv_two_jurors")
def nv_two_jurors(g: GoldData, a: str, b: str, season: int):
    return [
        gm.juror_choice(g, a, season)[0], gm.juror_choice(g, b, season)[0]]


# -- temporal --------------------------------------------------------------------------------------------
@gold_answer("nv_merge_episode")
def nv_merge_episode(g: GoldData, season: int):
    ep = un._merge_episode(g, season)
    assert contains_prefix(_summary_text(g, season, ep), "merge"), (season, ep)  # the episode tells the merge
    return [number(ep)]


@gold_answer("nv_last_before_merge")
def nv_last_before_merge(g: GoldData, season: int):
    cast = g.season_cast(season)
    before = cast[(cast["episode"] < un._merge_episode(g, season)) & ~cast["finalist"]]
    last = before[before["order"] == before["order"].max()]
    assert last["result"].str.contains("voted out").all(), last["result"]
    return [
        entity(g, last["castaway_id"])]


@gold_answer("nv_first_final_three")
def nv_first_final_three(g: GoldData):
    finals = g.cast[g.cast["finalist"]].groupby("season").size()
    three = [s for s in g.finished_seasons if finals.get(s, 0) == 3]  # none yet under an early viewer scope
    return [season(*three[:1])]


@gold_answer("nv_first_quit")
def nv_first_quit(g: GoldData):
    quits = g.cast[g.cast["result"].str.contains("Quit", na=False)].sort_values(["season", "order"])
    return [entity(g, quits["castaway_id"].head(1))]


@gold_answer("nv_years_between")
def nv_years_between(g: GoldData, castaway_id: str):
    played = g.seasons_of(castaway_id)
    first, last = (pd.Timestamp(g.summary.loc[s, "premiered"]) for s in (min(played), max(played)))
    return [
        number(last.year - first.year, round((last - first).days / 365.25))]


@gold_answer("nv_season_before")
def nv_season_before(g: GoldData, season: int):
    return [
        gf.season(season - 1), entity(g, [g.winner(season - 1)])]


@gold_answer("nv_boots_between")
def nv_boots_between(g: GoldData, a: str, b: str, season: int):
    cast = g.season_cast(season).set_index("castaway_id")
    low, high = sorted((cast.loc[a, "order"], cast.loc[b, "order"]))
    between = cast[(cast["order"] > low) & (cast["order"] < high)].sort_values("order")
    return [
        entities(g, between.index)]


@gold_answer("nv_first_country")
def nv_first_country(g: GoldData, country: str):
    there = sorted(int(s) for s in g.summary[g.summary["country"] == country]["season"])
    return [season(*there[:1])]


# -- negation --------------------------------------------------------------------------------------------
@gold_answer("nv_not_won_by_man")
def nv_not_won_by_man(g: GoldData):
    men = set(g.data.table("castaway_details").query("gender == 'Male'")["castaway_id"])
    return [seasons(s for s in g.finished_seasons if g.winner(s) not in men)]


@gold_answer("nv_never_merged")
def nv_never_merged(g: GoldData, n: int = 2):
    merged = set(g.tribes[g.tribes["tribe_status"] == "Merged"]["castaway_id"])
    return [
        entities(g, gf.veterans_except(g, n, merged))]


@gold_answer("nv_merged_no_immunity")
def nv_merged_no_immunity(g: GoldData, season: int):
    merged = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Merged")]
    won = set(un._season_immunity_winners(g, season))
    return [
        entities(g, [c for c in merged["castaway_id"].unique() if c not in won])]


@gold_answer("nv_tribe_no_finalist")
def nv_tribe_no_finalist(g: GoldData, season: int):
    cast = g.season_cast(season)
    shut_out = sorted(set(cast["original_tribe"]) - set(cast[cast["finalist"]]["original_tribe"]))
    return [
        phrase(*_one(shut_out, season))]


@gold_answer("nv_no_women_final")
def nv_no_women_final(g: GoldData):
    women = _women(g)
    finals = g.cast[g.cast["finalist"]]
    with_women = set(finals[finals["castaway_id"].isin(women)]["season"])
    return [
        seasons(s for s in g.finished_seasons if s not in with_women)]


@gold_answer("nv_not_two_tribes")
def nv_not_two_tribes(g: GoldData):
    start = g.tribes[g.tribes["tribe_status"] == "Original"].groupby("season")["tribe"].nunique()
    return [seasons(s for s, n in start.items() if n != 2)]


@gold_answer("nv_found_not_played")
def nv_found_not_played(g: GoldData, season: int):
    found = fr._idols_found(g)
    adv = g.advantages
    played = adv[(adv["season"] == season) & adv["event"].str.startswith("Played", na=False)
                 & adv["advantage_type"].str.lower().str.contains("hidden immunity idol")]
    return [
        entities(g, [c for c in found[found["season"] == season]["castaway_id"].unique()
                     if c not in set(played["castaway_id"])])]


@gold_answer("nv_jurors_first_timers")
def nv_jurors_first_timers(g: GoldData, season: int):
    return [
        entities(g, [c for c in un._jurors(g, season)["castaway_id"] if not un._before(g, c, season)])]


# -- narrative -------------------------------------------------------------------------------------------
@gold_answer("nv_why_out")
def nv_why_out(g: GoldData, castaway_id: str, season: int, key: list | None = None):
    int(fr._row(g, castaway_id, season)["day"])
    parts = gm.why_left(g, castaway_id, season)
    return (un._with_key_words(g, parts, key) if key else parts)


@gold_answer("nv_boot_story")
def nv_boot_story(g: GoldData, castaway_id: str, season: int, call: str):
    row = fr._row(g, castaway_id, season)
    assert "voted out" in str(row["result"]), (call, row["result"])
    parts = gm.episode_story(g, season, int(row["episode"]))
    assert parts[0]["support"]["castaway_ids"] == [castaway_id], parts  # the episode's one exit is theirs
    return parts


# -- unanswerable ----------------------------------------------------------------------------------------
@gold_answer("nv_future")
def nv_future(g: GoldData, future: int):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    return [abstain()]


@gold_answer("nv_nobody")
def nv_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return [abstain()]


@gold_answer("nv_private_life")
def nv_private_life(g: GoldData, castaway_id: str):
    check_not_in_data(g, castaway_id, ("married", "spouse", "marital", "partner", "instagram", "social",
                                       "twitter", "handle"))
    return [abstain()]


@gold_answer("nv_best_cast")
def nv_best_cast(g: GoldData):
    return [abstain()]


@gold_answer("nv_quit_undone")
def nv_quit_undone(g: GoldData, castaway_id: str, season: int, call: str):
    assert fr._row(g, castaway_id, season)["result"] == "Quit", call  # the "if she hadn't quit" is counterfactual
    return [abstain()]


@gold_answer("nv_weather")
def nv_weather(g: GoldData, season: int):
    columns = set(g.summary.columns) | set(g.episodes.columns)
    assert not [c for c in columns if any(w in c for w in ("weather", "temp", "climate"))], columns
    assert not any(contains_prefix(_summary_text(g, season), w) for w in ("temperature", "degrees")), season
    return [abstain()]


@gold_answer("nv_place_never")
def nv_place_never(g: GoldData, place: str):
    for column in ("location", "country"):
        assert not g.summary[column].str.contains(place, case=False, regex=False, na=False).any(), place
    return [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _next_finale(full: GoldData, p: dict) -> list:
    return [("finale", p["season"] + 1, None)]


def _previous_finale(full: GoldData, p: dict) -> list:
    return [("finale", p["season"] - 1, None)]


def _first_boot_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _first_boot(full, p["season"])["castaway_id"])]


def _later_exit(full: GoldData, p: dict) -> list:
    order = full.season_cast(p["season"]).set_index("castaway_id")["order"]
    return [("exit", p["season"], p["a"] if order[p["a"]] > order[p["b"]] else p["b"])]


SCOPE_NEEDS = {
    "nv_million": "finale", "nv_finale_aired": "finale", "nv_episode_title": "episode", "nv_run_ended": "exit",
    "nv_season_days": "finale",
    "nv_idols_in_season": "finale", "nv_solo_wins": "finale",
    "nv_next_winner": _next_finale, "nv_won_country": scoped._won_season, "nv_winner_confessionals": "finale",
    "nv_first_boot_age": _first_boot_exit, "nv_runner_up_state": "finale", "nv_idol_leader_place": "finale",
    "nv_place_other_seasons": "finale", "nv_first_juror_pick": "finale",
    "nv_more_confessionals": "finale", "nv_jurors_winner_tribe": "finale", "nv_longest_of_three": "finale",
    "nv_idol_for": "finale", "nv_two_jurors": "finale",
    "nv_merge_episode": scoped._merge, "nv_last_before_merge": scoped._merge, "nv_season_before": _previous_finale,
    "nv_boots_between": _later_exit, "nv_years_between": un._last_exit,
    "nv_merged_no_immunity": "finale", "nv_tribe_no_finalist": "finale", "nv_found_not_played": "finale",
    "nv_jurors_first_timers": "finale",
    "nv_why_out": "exit", "nv_boot_story": "exit", "nv_quit_undone": "exit",
}
SCOPE_AS_AIRED = {"nv_hometown", "nv_job", "nv_born", "nv_tribe_count", "nv_youngest", "nv_oldest_winner",
                  "nv_final_two_count", "nv_state_count", "nv_most_juries", "nv_older", "nv_played_with_both",
                  "nv_swapped_over", "nv_first_final_three", "nv_first_quit",
                  "nv_first_country", "nv_not_won_by_man", "nv_never_merged", "nv_no_women_final",
                  "nv_not_two_tribes", "nv_future", "nv_nobody", "nv_private_life", "nv_best_cast", "nv_weather",
                  "nv_place_never"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)
