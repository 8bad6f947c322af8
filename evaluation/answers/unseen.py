"""Gold answers first written for the blind-03 question set (evaluation/sets/blind-03.jsonl, once "unseen"):
casual and terse wording ("s12 winner?", "quick one:"), careers and comparisons.

Each function computes a question's answer parts from the survivoR tables; its name starts with "un_". Each
declares what a viewer scope needs to have aired (SCOPE_NEEDS, SCOPE_AS_AIRED, registered with evaluation.scoped), so
`--watched` works on these questions too.
"""

from __future__ import annotations

import pandas as pd

from evaluation import scoped
from evaluation.answers import fresh as fr
from evaluation.answers import gold_facts as gf
from evaluation.answers import gold_multi as gm
from evaluation.answers import holdout as ho
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
from evaluation.matching import contains_prefix

MEDEVAC = "Medically evacuated"


def _jurors(g: GoldData, s: int) -> pd.DataFrame:
    cast = g.season_cast(s)
    return cast[cast["jury"]].sort_values("order")


def _merge_episode(g: GoldData, s: int) -> int:
    merged = g.tribes[(g.tribes["season"] == s) & (g.tribes["tribe_status"] == "Merged")]
    return int(merged["episode"].min())


def _first_merge_boot(g: GoldData, s: int) -> pd.Series:
    """The first person out after the tribes merged, as gold_multi.merge_story picks them; voted out, not a
    medevac or a quit, so "voted out after the merge" names them without doubt."""
    cast = g.season_cast(s)
    after = cast[(cast["episode"] >= _merge_episode(g, s)) & ~cast["finalist"]].sort_values("order")
    row = after.iloc[0]
    assert "voted out" in str(row["result"]), (s, row["result"])
    return row


def _exits(g: GoldData, result: str) -> pd.DataFrame:
    """People who left a season with this exact result, in the order it happened (season, then boot order)."""
    return g.cast[g.cast["result"] == result].sort_values(["season", "order"])


def _before(g: GoldData, castaway_id: str, s: int) -> set[int]:
    return {x for x in g.seasons_of(castaway_id) if x < s}


def _finalist_ids(g: GoldData, s: int) -> list[str]:
    cast = g.season_cast(s)
    return list(cast[cast["finalist"]]["castaway_id"])


def _season_immunity_winners(g: GoldData, s: int) -> list[str]:
    imm = fr._immunity(g)
    return list(dict.fromkeys(imm[imm["season"] == s]["castaway_id"]))


# -- single facts ----------------------------------------------------------------------------------------
@gold_answer("un_winner")
def un_winner(g: GoldData, season: int):
    return [entity(g, [g.winner(season)])]


@gold_answer("un_merge_name")
def un_merge_name(g: GoldData, season: int):
    return gf.merged_tribe(g, season)


@gold_answer("un_age_during")
def un_age_during(g: GoldData, castaway_id: str, season: int):
    return [number(fr._row(g, castaway_id, season)["age"])]


@gold_answer("un_final_size")
def un_final_size(g: GoldData, season: int):
    cast = g.season_cast(season)
    return [
        number(g.summary.loc[season, "n_finalists"], cast["finalist"].sum())]


@gold_answer("un_country")
def un_country(g: GoldData, season: int):
    where = str(g.summary.loc[season, "location"])
    return [
        phrase(g.summary.loc[season, "country"], where.split(",")[-1].strip())]


@gold_answer("un_runner_up")
def un_runner_up(g: GoldData, season: int, call: str):
    assert person(g, call) == g.winner(season), call  # the premise ("X won it, right?") holds
    return [
        gf.losing_finalists(g, season)]


# -- aggregation -----------------------------------------------------------------------------------------
@gold_answer("un_career_immunities")
def un_career_immunities(g: GoldData, castaway_id: str):
    return [
        number(gm._imm_wins(g, castaway_id))]


@gold_answer("un_career_confessionals")
def un_career_confessionals(g: GoldData, castaway_id: str):
    conf = g.confessionals
    return [
        number(conf[conf["castaway_id"] == castaway_id]["confessional_count"].sum())]


@gold_answer("un_career_votes_against")
def un_career_votes_against(g: GoldData, castaway_id: str):
    against = g.votes[g.votes["vote_id"] == castaway_id]
    # every vote cast against him; the votes an idol did not cancel
    return [
        number(len(against), (against["nullified"] != True).sum())]  # noqa: E712  (a nullable column)


@gold_answer("un_winners_returned")
def un_winners_returned(g: GoldData):
    winners = set(g.cast[g.cast["winner"]]["castaway_id"])
    return [
        number(sum(max(g.seasons_of(c)) > min(fr._won_seasons(g, c)) for c in winners))]


@gold_answer("un_returnees_in_cast")
def un_returnees_in_cast(g: GoldData, season: int):
    cast = g.season_cast(season)
    return [
        number(sum(bool(_before(g, c, season)) for c in cast["castaway_id"]))]


@gold_answer("un_women_winners")
def un_women_winners(g: GoldData):
    details = g.data.table("castaway_details")
    gender = dict(zip(details["castaway_id"], details["gender"]))
    won = g.cast[g.cast["winner"]]
    women = won[won["castaway_id"].map(gender) == "Female"]
    # different women; seasons won by a woman (a two-time winner counts twice)
    return [number(women["castaway_id"].nunique(), len(women))]


@gold_answer("un_starting_tribes")
def un_starting_tribes(g: GoldData, season: int):
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Original")]
    return [
        number(t["tribe"].nunique(), g.season_cast(season)["original_tribe"].nunique())]


@gold_answer("un_season_immunities")
def un_season_immunities(g: GoldData, castaway_id: str, season: int):
    return [
        number(gm._imm_wins(g, castaway_id, season))]


# -- multi-hop -------------------------------------------------------------------------------------------
@gold_answer("un_nth_season_tribe")
def un_nth_season_tribe(g: GoldData, castaway_id: str, nth: int = 2):
    s = g.seasons_of(castaway_id)[nth - 1]
    return gf.original_tribe(g, castaway_id, s)


@gold_answer("un_last_time_place")
def un_last_time_place(g: GoldData, castaway_id: str):
    last = max(g.seasons_of(castaway_id))
    return [
        number(fr._row(g, castaway_id, last)["place"])]


@gold_answer("un_first_boot_season_winner")
def un_first_boot_season_winner(g: GoldData, castaway_id: str, call: str):
    first = g.cast[(g.cast["castaway_id"] == castaway_id) & (g.cast["order"] == 1)]["season"]
    assert len(first) == 1, call
    return [entity(g, [g.winner(int(first.iloc[0]))])]


@gold_answer("un_runner_up_career")
def un_runner_up_career(g: GoldData, season: int, call: str):
    assert person(g, call) == g.winner(season), call
    lost = gf.losing_finalists(g, season)["ids"]
    assert len(lost) == 1, lost  # a final two: "whoever lost to X" is one person
    return [
        seasons(s for s in g.seasons_of(lost[0]) if s != season)]


@gold_answer("un_winner_state")
def un_winner_state(g: GoldData, season: int):
    return [
        phrase(fr._row(g, g.winner(season), season)["state"])]


@gold_answer("un_loser_jury_votes")
def un_loser_jury_votes(g: GoldData, season: int):
    lost = gf.losing_finalists(g, season)["ids"]
    assert len(lost) == 1, lost
    jury = g.jury[g.jury["season"] == season]
    return [
        number((jury["finalist_id"] == lost[0]).sum())]


@gold_answer("un_conf_leader_place")
def un_conf_leader_place(g: GoldData, season: int):
    leaders = gf.confessional_leaders(g, season)
    assert len(leaders) == 1, leaders  # one person, so "where did they place" has one answer
    return [
        entity(g, leaders), number(fr._row(g, leaders[0], season)["place"])]


@gold_answer("un_merge_boot_tribe")
def un_merge_boot_tribe(g: GoldData, season: int):
    return [phrase(_first_merge_boot(g, season)["original_tribe"])]


@gold_answer("un_tribemates")
def un_tribemates(g: GoldData, castaway_id: str, season: int):
    cast = g.season_cast(season)
    tribe = cast[cast["castaway_id"] == castaway_id]["original_tribe"].iloc[0]
    mates = cast[(cast["original_tribe"] == tribe) & (cast["castaway_id"] != castaway_id)]
    return [entities(g, mates["castaway_id"])]


@gold_answer("un_more_immunities")
def un_more_immunities(g: GoldData, a: str, b: str, season: int):
    wins = {c: gm._imm_wins(g, c, season) for c in (a, b)}
    assert wins[a] != wins[b], wins  # no tie: one of them won more
    return [
        entity(g, [max(wins, key=wins.get)])]


@gold_answer("un_ftc_seatmates")
def un_ftc_seatmates(g: GoldData, castaway_id: str, season: int, call: str):
    others = [c for c in _finalist_ids(g, season) if c != castaway_id]
    assert len(others) < len(_finalist_ids(g, season)), call  # she was a finalist
    return [entities(g, others)]


@gold_answer("un_fellow_jurors")
def un_fellow_jurors(g: GoldData, castaway_id: str, season: int, call: str):
    jurors = list(_jurors(g, season)["castaway_id"])
    assert castaway_id in jurors, call
    return [
        entities(g, [c for c in jurors if c != castaway_id])]


# -- temporal --------------------------------------------------------------------------------------------
@gold_answer("un_latest_winner")
def un_latest_winner(g: GoldData):
    finished = g.finished_seasons  # under a viewer scope: the latest finale they have seen
    return [entity(g, [g.winner(max(finished))] if finished else [])]


@gold_answer("un_last_outside")
def un_last_outside(g: GoldData, country: str):
    return [
        season(max(int(s) for s in g.summary[g.summary["country"] != country]["season"]))]


@gold_answer("un_last_medevac")
def un_last_medevac(g: GoldData):
    evacs = _exits(g, MEDEVAC)
    return [entity(g, evacs["castaway_id"].tail(1))]


@gold_answer("un_second_juror")
def un_second_juror(g: GoldData, season: int):
    return [
        entity(g, _jurors(g, season)["castaway_id"].iloc[1:2])]


@gold_answer("un_nth_season_exit")
def un_nth_season_exit(g: GoldData, castaway_id: str, nth: int = 2):
    s = g.seasons_of(castaway_id)[nth - 1]
    return gf.exit_episode(g, castaway_id, s)


@gold_answer("un_last_pre_juror")
def un_last_pre_juror(g: GoldData, season: int):
    cast = g.season_cast(season)
    pre = cast[cast["order"] < _jurors(g, season)["order"].min()]
    return [
        entity(g, pre[pre["order"] == pre["order"].max()]["castaway_id"])]


@gold_answer("un_boot_number")
def un_boot_number(g: GoldData, castaway_id: str, season: int, call: str):
    row = fr._row(g, castaway_id, season)
    assert "voted out" in str(row["result"]), (call, row["result"])  # a boot, not a finalist
    voted = pd.Series([str(row["result"])]).str.extract(r"^(\d+)\w\w voted out")[0].dropna()
    # his place in the boot order; the count of votes-out in his result ("10th voted out")
    return [number(row["order"], *voted)]


@gold_answer("un_first_merged_immunity")
def un_first_merged_immunity(g: GoldData, season: int):
    imm = fr._immunity(g)
    after = imm[(imm["season"] == season) & (imm["episode"] >= _merge_episode(g, season))]
    return [
        entity(g, after[after["episode"] == after["episode"].min()]["castaway_id"])]


# -- negation --------------------------------------------------------------------------------------------
@gold_answer("un_finalists_no_immunity")
def un_finalists_no_immunity(g: GoldData, season: int):
    won = set(_season_immunity_winners(g, season))
    return [
        entities(g, [c for c in _finalist_ids(g, season) if c not in won])]


@gold_answer("un_not_unanimous_since")
def un_not_unanimous_since(g: GoldData, since: int):
    wv = gf._winner_votes(g)
    split = wv[(wv["season"] >= since) & (wv["votes"] != wv["jurors"])]
    return [entities(g, split["winner"])]


@gold_answer("un_veterans_never_jury")
def un_veterans_never_jury(g: GoldData, n: int = 3):
    jurors = set(g.cast[g.cast["jury"]]["castaway_id"])
    return [
        entities(g, gf.veterans_except(g, n, jurors))]


@gold_answer("un_never_back")
def un_never_back(g: GoldData, season: int):
    cast = g.season_cast(season)
    return [
        entities(g, [c for c in cast["castaway_id"] if max(g.seasons_of(c)) == season])]


@gold_answer("un_merged_not_jury")
def un_merged_not_jury(g: GoldData, season: int):
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Merged")]
    cast = g.season_cast(season).set_index("castaway_id")
    return [
        entities(g, [c for c in t["castaway_id"].unique() if not cast.loc[c, "jury"] and not cast.loc[c, "finalist"]])]


@gold_answer("un_immune_not_finalist")
def un_immune_not_finalist(g: GoldData, season: int):
    finalists = set(_finalist_ids(g, season))
    return [
        entities(g, [c for c in _season_immunity_winners(g, season) if c not in finalists])]


@gold_answer("un_no_medevac_no_quit")
def un_no_medevac_no_quit(g: GoldData):
    no_evac = set(gf.seasons_without_medevac(g)[0]["values"])
    no_quit = set(ho.ho_seasons_no_quit(g)[0]["values"])
    withdrew = set(_exits(g, "Withdrew")["season"])
    return [
        seasons(s for s in no_evac & no_quit if s not in withdrew)]


@gold_answer("un_no_prior_final")
def un_no_prior_final(g: GoldData, season: int):
    finals = g.cast[g.cast["finalist"]]
    cast = g.season_cast(season)
    returnees = [c for c in cast["castaway_id"] if _before(g, c, season)]
    made_it = {c for c, s in zip(finals["castaway_id"], finals["season"]) if s < season}
    return [
        entities(g, [c for c in returnees if c not in made_it])]


# -- narrative -------------------------------------------------------------------------------------------
def _with_key_words(g: GoldData, parts: list[dict], words: list[str]) -> list[dict]:
    """A why_left answer with one more key-fact group, kept only if the supporting passage says it."""
    where = parts[0]["support"]
    eps = g.episodes
    text = " ".join(eps[(eps["season"] == where["season"]) & (eps["episode"] == where["episode"])]
                    ["episode_summary"].fillna(""))
    assert any(contains_prefix(text, w) for w in words), (where, words)
    parts[0]["groups"].append(words)
    return parts


@gold_answer("un_why_gone")
def un_why_gone(g: GoldData, castaway_id: str, season: int, key: list | None = None):
    parts = gm.why_left(g, castaway_id, season)
    return (_with_key_words(g, parts, key) if key else parts)


# -- unanswerable ----------------------------------------------------------------------------------------
@gold_answer("un_future")
def un_future(g: GoldData, future: int):
    assert future not in g.seasons, future
    return [abstain()]


@gold_answer("un_nobody")
def un_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return [abstain()]


@gold_answer("un_title_never")
def un_title_never(g: GoldData, title: str):
    assert not g.summary["season_name"].str.contains(title, case=False, regex=False).any(), title
    assert not g.summary["location"].str.contains(title, case=False, regex=False).any(), title
    return [abstain()]


@gold_answer("un_missing_attribute")
def un_missing_attribute(g: GoldData, castaway_id: str):
    check_not_in_data(g, castaway_id, ("worth", "income", "money", "blood"))
    return [abstain()]


@gold_answer("un_opinion")
def un_opinion(g: GoldData):
    return [abstain()]


@gold_answer("un_counterfactual")
def un_counterfactual(g: GoldData, castaway_id: str, season: int, call: str):
    assert fr._row(g, castaway_id, season)["result"] == MEDEVAC, call  # the "if he had stayed" is counterfactual
    return [abstain()]


@gold_answer("un_production_cost")
def un_production_cost(g: GoldData, season: int):
    assert not [c for c in g.summary.columns if any(w in c for w in ("budget", "cost", "spend"))], season
    return [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _nth_exit(full: GoldData, p: dict) -> list:
    return [("exit", full.seasons_of(p["castaway_id"])[p.get("nth", 2) - 1], p["castaway_id"])]


def _last_exit(full: GoldData, p: dict) -> list:
    return [("exit", max(full.seasons_of(p["castaway_id"])), p["castaway_id"])]


def _first_boot_finale(full: GoldData, p: dict) -> list:
    first = full.cast[(full.cast["castaway_id"] == p["castaway_id"]) & (full.cast["order"] == 1)]["season"]
    return [("finale", int(s), None) for s in first]


def _merge_boot_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _first_merge_boot(full, p["season"])["castaway_id"])]


def _first_juror_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _jurors(full, p["season"])["castaway_id"].iloc[0])]


def _second_juror_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _jurors(full, p["season"])["castaway_id"].iloc[1])]


def _first_merged_immunity(full: GoldData, p: dict) -> list:
    parts = un_first_merged_immunity(full, p["season"])
    imm = fr._immunity(full)
    eps = imm[(imm["season"] == p["season"]) & imm["castaway_id"].isin(parts[0]["ids"])
              & (imm["episode"] >= _merge_episode(full, p["season"]))]["episode"]
    return [("episode", p["season"], int(eps.min()))]


SCOPE_NEEDS = {
    "un_winner": "finale", "un_merge_name": scoped._merge, "un_final_size": "finale", "un_runner_up": "finale",
    "un_season_immunities": "finale",
    "un_last_time_place": _last_exit, "un_first_boot_season_winner": _first_boot_finale,
    "un_runner_up_career": "finale", "un_winner_state": "finale", "un_loser_jury_votes": "finale",
    "un_conf_leader_place": "finale", "un_merge_boot_tribe": _merge_boot_exit,
    "un_more_immunities": "finale", "un_ftc_seatmates": "finale",
    "un_fellow_jurors": "finale",
    "un_second_juror": _second_juror_exit, "un_nth_season_exit": _nth_exit, "un_last_pre_juror": _first_juror_exit,
    "un_boot_number": "exit", "un_first_merged_immunity": _first_merged_immunity,
    "un_finalists_no_immunity": "finale", "un_merged_not_jury": "finale", "un_immune_not_finalist": "finale",
    "un_why_gone": "exit", "un_counterfactual": "exit",
}
SCOPE_AS_AIRED = {"un_age_during", "un_country", "un_career_immunities", "un_career_confessionals",
                  "un_career_votes_against", "un_winners_returned", "un_returnees_in_cast", "un_women_winners",
                  "un_starting_tribes", "un_nth_season_tribe", "un_tribemates",
                  "un_latest_winner", "un_last_outside", "un_last_medevac",
                  "un_not_unanimous_since", "un_veterans_never_jury", "un_never_back", "un_no_medevac_no_quit",
                  "un_no_prior_final", "un_future", "un_nobody", "un_title_never", "un_missing_attribute",
                  "un_opinion", "un_production_cost"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)
