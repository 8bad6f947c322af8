"""Gold answers first written for the blind-05 question set (evaluation/sets/blind-05.jsonl, once "untried"):
placements, medevacs, tribe swaps, opinions and off-show facts the data does not hold.

Each function computes a question's answer parts from the survivoR tables; its name starts with "ut_". Each
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
from evaluation.answers import holdout as ho
from evaluation.answers import novel as nv
from evaluation.answers import unseen as un
from evaluation.answers.gold_facts import ORDINALS, _date_forms, losing_finalists, top, veterans_except
from evaluation.answers.holdout import check_not_in_data
from evaluation.data import GoldData
from evaluation.gold import (
    abstain,
    entities,
    entity,
    facts,
    gold_answer,
    number,
    phrase,
    season,
    seasons,
)
from evaluation.matching import contains_prefix

PRE_MERGE = ("Original", "Swapped", "Swapped_2")  # the tribes before a merge (no Redemption Island, no Edge)


def _swap_rows(g: GoldData, s: int) -> pd.DataFrame:
    """The first swap's tribe rows of a season (a second swap is "Swapped_2")."""
    return g.tribes[(g.tribes["season"] == s) & (g.tribes["tribe_status"] == "Swapped")]


def _swap_episode(g: GoldData, s: int) -> int:
    return int(_swap_rows(g, s)["episode"].min())


def _first_swap_tribe(g: GoldData, s: int) -> dict[str, str]:
    """Each swapped player's tribe right after the swap."""
    rows = _swap_rows(g, s).sort_values("episode").drop_duplicates("castaway_id")
    return dict(zip(rows["castaway_id"], rows["tribe"]))


def _votes_against(g: GoldData, castaway_id: str, s: int) -> dict:
    against = g.votes[(g.votes["season"] == s) & (g.votes["vote_id"] == castaway_id)]
    # every vote cast against them; the votes an idol did not cancel
    return number(len(against), len(against) - int(against["nullified"].eq(True).sum()))


def _job_forms(job: str) -> list[str]:
    """'4th Grade Teacher' -> itself and 'Teacher'; 'Marine;Real Estate' -> each part and its last word."""
    parts = [p for p in re.split(r"\s*[;/]\s*", job) if p]
    return [job, *parts, *[p.split()[-1] for p in parts]]


def _ordinal_forms(n: int) -> list[str]:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return [ORDINALS[n - 1], f"{n}{suffix}"]


# -- single facts ----------------------------------------------------------------------------------------
@gold_answer("ut_season_called")
def ut_season_called(g: GoldData, season: int):
    return [
        phrase(g.subtitle(season) or g.season_name(season), g.season_name(season))]


@gold_answer("ut_season_number")
def ut_season_number(g: GoldData, season: int):
    return [number(season)]


@gold_answer("ut_place")
def ut_place(g: GoldData, castaway_id: str, season: int):
    return [
        number(fr._row(g, castaway_id, season)["place"])]


@gold_answer("ut_swap_tribe")
def ut_swap_tribe(g: GoldData, castaway_id: str, season: int, call: str):
    after = _first_swap_tribe(g, season)[castaway_id]
    assert after != fr._row(g, castaway_id, season)["original_tribe"], call  # she moved
    return [phrase(after)]


@gold_answer("ut_real_name")
def ut_real_name(g: GoldData, castaway_id: str, call: str):
    full = g.name(castaway_id)
    assert call.lower() not in full.lower(), (call, full)  # a nickname, not part of the name
    return [phrase(full, full.split()[0])]


@gold_answer("ut_finale_viewers")
def ut_finale_viewers(g: GoldData, season: int):
    viewers = float(g.summary.loc[season, "viewers_finale"])
    # the count; in millions, as it is usually written
    return [
        number(viewers, round(viewers / 1e6, 2), round(viewers / 1e6, 1))]


@gold_answer("ut_episode_by_title")
def ut_episode_by_title(g: GoldData, season: int, title: str):
    eps = g.episodes[(g.episodes["season"] == season) & (g.episodes["episode_title"] == title)]
    return [
        number(*nv._one(list(eps["episode"]), (season, title)))]


@gold_answer("ut_filming_started")
def ut_filming_started(g: GoldData, season: int):
    return [
        phrase(*_date_forms(g.summary.loc[season, "filming_started"]))]


# -- aggregation -----------------------------------------------------------------------------------------
@gold_answer("ut_women_in_cast")
def ut_women_in_cast(g: GoldData, season: int):
    cast = g.season_cast(season)
    return [
        number(cast["castaway_id"].isin(nv._women(g)).sum())]


@gold_answer("ut_votes_against")
def ut_votes_against(g: GoldData, castaway_id: str, season: int):
    return [
        _votes_against(g, castaway_id, season)]


@gold_answer("ut_repeat_finalists")
def ut_repeat_finalists(g: GoldData):
    finals = g.cast[g.cast["finalist"]].groupby("castaway_id").size()
    return [number((finals >= 2).sum())]


@gold_answer("ut_state_besides")
def ut_state_besides(g: GoldData, state: str):
    people = g.cast.drop_duplicates("castaway_id")
    # counted by people (tests/eval/test_untried.py checks that counting appearances names the same state)
    return [
        phrase(*top(people[people["state"] != state].groupby("state").size()))]


@gold_answer("ut_second_confessionals")
def ut_second_confessionals(g: GoldData, season: int):
    conf = g.confessionals[g.confessionals["season"] == season]
    counts = conf.groupby("castaway_id")["confessional_count"].sum()
    first = nv._one(top(counts), season)
    second = top(counts.drop(first))
    return [entity(g, nv._one(second, season))]


@gold_answer("ut_average_age")
def ut_average_age(g: GoldData, season: int):
    mean = float(g.season_cast(season)["age"].mean())
    return [number(round(mean, 1), round(mean, 2), round(mean))]


@gold_answer("ut_idols_played")
def ut_idols_played(g: GoldData, castaway_id: str):
    adv = g.advantages
    plays = adv[(adv["castaway_id"] == castaway_id) & adv["event"].str.startswith("Played", na=False)
                & adv["advantage_type"].str.lower().str.contains("hidden immunity idol")]
    return [
        number(len(plays.drop_duplicates(["version_season", "advantage_id"])))]


@gold_answer("ut_reward_leader")
def ut_reward_leader(g: GoldData, season: int):
    rw = g.wins[(g.wins["season"] == season) & (g.wins["won_individual_reward"] == 1)]
    return [
        entity(g, top(rw.groupby("castaway_id").size()))]


# -- multi-hop -------------------------------------------------------------------------------------------
@gold_answer("ut_winner_job")
def ut_winner_job(g: GoldData, season: int):
    job = str(nv._bio(g, g.winner(season), "occupation"))
    return [phrase(*_job_forms(job))]


@gold_answer("ut_tribe_winner")
def ut_tribe_winner(g: GoldData, tribe: str):
    found = sorted(set(g.tribes[g.tribes["tribe"] == tribe]["season"]))
    s = nv._one(found, tribe)[0]  # the name alone says which season
    return [entity(g, [g.winner(s)])]


@gold_answer("ut_immunity_leader_place")
def ut_immunity_leader_place(g: GoldData, season: int):
    imm = fr._immunity(g)
    leader = nv._one(top(imm[imm["season"] == season].groupby("castaway_id").size()), season)[0]
    return [
        number(fr._row(g, leader, season)["place"])]


@gold_answer("ut_runner_up_age")
def ut_runner_up_age(g: GoldData, season: int):
    lost = nv._one(losing_finalists(g, season)["ids"], season)
    return [number(fr._row(g, lost[0], season)["age"])]


@gold_answer("ut_debut_merge_name")
def ut_debut_merge_name(g: GoldData, castaway_id: str, call: str):
    debut = min(g.seasons_of(castaway_id))
    merged = g.tribes[(g.tribes["season"] == debut) & (g.tribes["tribe_status"] == "Merged")]["tribe"].unique()
    return [phrase(*nv._one(list(merged), call))]


@gold_answer("ut_winner_votes_against")
def ut_winner_votes_against(g: GoldData, season: int):
    return [
        _votes_against(g, g.winner(season), season)]


def _medevac_season(g: GoldData, castaway_id: str) -> int:
    cast = g.cast[(g.cast["castaway_id"] == castaway_id) & (g.cast["result"] == un.MEDEVAC)]
    return int(nv._one(list(cast["season"]), castaway_id)[0])


@gold_answer("ut_medevac_location")
def ut_medevac_location(g: GoldData, castaway_id: str):
    s = _medevac_season(g, castaway_id)
    where = str(g.summary.loc[s, "location"])
    return [
        phrase(where, where.split(",")[0].strip(), g.summary.loc[s, "country"])]


def _last_boot(g: GoldData, s: int) -> pd.Series:
    cast = g.season_cast(s)
    gone = cast[~cast["finalist"]]
    row = gone[gone["order"] == gone["order"].max()].iloc[0]
    assert "voted out" in str(row["result"]), (s, row["result"])  # voted out, not a fire-making loss
    return row


@gold_answer("ut_last_boot_seasons")
def ut_last_boot_seasons(g: GoldData, season: int):
    return [number(len(g.seasons_of(_last_boot(g, season)["castaway_id"])))]


# -- cross-entity ----------------------------------------------------------------------------------------
@gold_answer("ut_swap_movers")
def ut_swap_movers(g: GoldData, season: int):
    start = g.season_cast(season).set_index("castaway_id")["original_tribe"]
    moved = [c for c, tribe in _first_swap_tribe(g, season).items() if tribe != start[c]]
    return [entities(g, moved)]


@gold_answer("ut_more_votes_against")
def ut_more_votes_against(g: GoldData, a: str, b: str, season: int):
    votes = g.votes[g.votes["season"] == season]
    counts = votes.groupby("vote_id").size().reindex([a, b]).fillna(0)
    assert counts[a] != counts[b], counts  # no tie
    return [
        entity(g, [counts.idxmax()])]


@gold_answer("ut_vote_at_boot")
def ut_vote_at_boot(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    v = g.votes
    cast = g.season_cast(season).set_index("castaway_id")
    assert "voted out" in str(cast.loc[b, "result"]), call_b
    mine = v[(v["season"] == season) & (v["voted_out_id"] == b) & (v["castaway_id"] == a)]
    return [
        entity(g, nv._one(list(mine["vote_id"]), (call_a, call_b)))]  # one vote: no revote


@gold_answer("ut_winners_met")
def ut_winners_met(g: GoldData, castaway_id: str):
    mates = set(g.cast[g.cast["season"].isin(g.seasons_of(castaway_id))]["castaway_id"]) - {castaway_id}
    return [
        entities(g, sorted(mates & ho._winner_ids(g)))]


@gold_answer("ut_jury_split")
def ut_jury_split(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    jury = g.jury[g.jury["season"] == season]
    assert set(jury["finalist_id"]) == {a, b}, (call_a, call_b)  # the two finalists
    return [
        number((jury["finalist_id"] == a).sum()), number((jury["finalist_id"] == b).sum())]


@gold_answer("ut_tribe_made_merge")
def ut_tribe_made_merge(g: GoldData, season: int, tribe: str):
    cast = g.season_cast(season)
    missed = set(gf.tribe_missed_merge(g, season, tribe)[0]["ids"])  # the complement, from the gold template
    return [
        entities(g, [c for c in cast[cast["original_tribe"] == tribe]["castaway_id"] if c not in missed])]


@gold_answer("ut_jurors_same_vote")
def ut_jurors_same_vote(g: GoldData, castaway_id: str, season: int, call: str):
    jury = g.jury[g.jury["season"] == season]
    choice = nv._one(list(jury[jury["castaway_id"] == castaway_id]["finalist_id"]), call)[0]
    same = jury[(jury["finalist_id"] == choice) & (jury["castaway_id"] != castaway_id)]
    return [
        entities(g, same["castaway_id"])]


@gold_answer("ut_same_tribe_seasons")
def ut_same_tribe_seasons(g: GoldData, a: str, b: str):
    pre = g.tribes[g.tribes["tribe_status"].isin(PRE_MERGE)]
    tribes_a = pre[pre["castaway_id"] == a][["season", "tribe"]].drop_duplicates()
    tribes_b = pre[pre["castaway_id"] == b][["season", "tribe"]].drop_duplicates()
    return [
        seasons(tribes_a.merge(tribes_b)["season"])]


# -- temporal --------------------------------------------------------------------------------------------
@gold_answer("ut_swap_episode")
def ut_swap_episode(g: GoldData, season: int):
    ep = _swap_episode(g, season)
    assert contains_prefix(nv._summary_text(g, season, ep), "swap"), (season, ep)  # the episode tells the swap
    return [number(ep)]


def _first_idol(g: GoldData, s: int) -> pd.DataFrame:
    found = fr._idols_found(g)
    found = found[found["season"] == s]
    return found[found["day"] == found["day"].min()]


@gold_answer("ut_first_idol")
def ut_first_idol(g: GoldData, season: int):
    return [
        entity(g, _first_idol(g, season)["castaway_id"])]


@gold_answer("ut_premiered_in")
def ut_premiered_in(g: GoldData, year: int):
    premiered = pd.to_datetime(g.summary["premiered"]).dt.year
    return [seasons(g.summary[premiered == year]["season"])]


def _day_boot(g: GoldData, s: int, day: int) -> pd.Series:
    cast = g.season_cast(s)
    rows = cast[cast["day"] == day]
    assert len(rows) == 1 and "voted out" in str(rows["result"].iloc[0]), (s, day)  # one boot that day
    return rows.iloc[0]


@gold_answer("ut_day_boot")
def ut_day_boot(g: GoldData, season: int, day: int):
    return [
        entity(g, [_day_boot(g, season, day)["castaway_id"]])]


def _first_woman_out(g: GoldData, s: int) -> pd.Series:
    cast = g.season_cast(s).sort_values("order")
    row = cast[cast["castaway_id"].isin(nv._women(g))].iloc[0]
    assert "voted out" in str(row["result"]), (s, row["result"])  # the first woman to leave was voted out
    return row


@gold_answer("ut_first_woman_out")
def ut_first_woman_out(g: GoldData, season: int):
    return [entity(g, [_first_woman_out(g, season)["castaway_id"]])]


def _first_immunity_episode(g: GoldData, castaway_id: str, s: int) -> int:
    imm = fr._immunity(g)
    return int(imm[(imm["season"] == s) & (imm["castaway_id"] == castaway_id)]["episode"].min())


@gold_answer("ut_first_immunity_episode")
def ut_first_immunity_episode(g: GoldData, castaway_id: str, season: int):
    return [
        number(_first_immunity_episode(g, castaway_id, season))]


@gold_answer("ut_last_final_two")
def ut_last_final_two(g: GoldData):
    n = g.summary["n_finalists"]
    two = [s for s in g.finished_seasons if pd.notna(n.get(s)) and int(n[s]) == 2]
    return [season(*two[-1:])]


@gold_answer("ut_juror_number")
def ut_juror_number(g: GoldData, castaway_id: str, season: int, call: str):
    jurors = list(un._jurors(g, season)["castaway_id"])
    nth = jurors.index(castaway_id) + 1
    status = str(fr._row(g, castaway_id, season)["jury_status"])
    assert status.startswith(_ordinal_forms(nth)[1]), (call, status)  # survivoR's own juror number agrees
    return [
        phrase(*_ordinal_forms(nth))]


# -- negation --------------------------------------------------------------------------------------------
@gold_answer("ut_veterans_no_immunity")
def ut_veterans_no_immunity(g: GoldData, n: int = 4):
    immune = set(fr._immunity(g)["castaway_id"])
    return [
        entities(g, veterans_except(g, n, immune))]


@gold_answer("ut_best_non_winner_immunity")
def ut_best_non_winner_immunity(g: GoldData):
    imm = fr._immunity(g)
    counts = imm[~imm["castaway_id"].isin(ho._winner_ids(g))].groupby("castaway_id").size()
    return [
        entity(g, top(counts))]


@gold_answer("ut_winners_not_first_time")
def ut_winners_not_first_time(g: GoldData):
    return [
        entities(g, [g.winner(s) for s in g.finished_seasons if un._before(g, g.winner(s), s)])]


@gold_answer("ut_immunity_except_winner")
def ut_immunity_except_winner(g: GoldData, season: int):
    won = un._season_immunity_winners(g, season)
    assert g.winner(season) in won, season  # "apart from the winner": the winner won one too
    return [
        entities(g, [c for c in won if c != g.winner(season)])]


@gold_answer("ut_returnees_missed_merge")
def ut_returnees_missed_merge(g: GoldData, season: int):
    merged = set(g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Merged")]["castaway_id"])
    returnees = [c for c in g.season_cast(season)["castaway_id"] if un._before(g, c, season)]
    return [
        entities(g, [c for c in returnees if c not in merged])]


@gold_answer("ut_kept_tribe_at_swap")
def ut_kept_tribe_at_swap(g: GoldData, season: int):
    start = g.season_cast(season).set_index("castaway_id")["original_tribe"]
    return [
        entities(g, [c for c, tribe in _first_swap_tribe(g, season).items() if tribe == start[c]])]


@gold_answer("ut_not_voted_out")
def ut_not_voted_out(g: GoldData, season: int):
    cast = g.season_cast(season)
    gone = cast[~cast["finalist"] & cast["result"].notna()]
    return [
        entities(g, gone[~gone["result"].str.contains("voted out")]["castaway_id"])]


@gold_answer("ut_not_wednesday")
def ut_not_wednesday(g: GoldData):
    slot = g.summary["timeslot"].fillna("")
    return [
        seasons(g.summary[~slot.str.contains("Wednesday")]["season"])]


# -- narrative -------------------------------------------------------------------------------------------
@gold_answer("ut_why_left")
def ut_why_left(g: GoldData, castaway_id: str, season: int, call: str, v: int = 0, key: list | None = None):
    result = str(fr._row(g, castaway_id, season)["result"])
    assert (result == "Quit") == (v == 1) and (result == un.MEDEVAC) == (v != 1), (call, result)  # the premise
    return nv.nv_why_out(g, castaway_id, season, key=key)


def _fire_loser(g: GoldData, s: int) -> pd.Series:
    cast = g.season_cast(s)
    lost = cast[cast["result"].str.contains("fire", case=False, na=False)]
    nv._one(list(lost["castaway_id"]), s)  # one fire-making loss that season
    return lost.iloc[0]


@gold_answer("ut_fire_story")
def ut_fire_story(g: GoldData, season: int):
    row = _fire_loser(g, season)
    groups = [gm._name_words(g, row["castaway_id"]), ["fire", "firemaking"], ["jury"]]
    return [
        facts(groups, {"season": season, "episode": int(row["episode"]), "castaway_ids": [row["castaway_id"]]})]


# -- unanswerable ----------------------------------------------------------------------------------------
@gold_answer("ut_future_theme")
def ut_future_theme(g: GoldData, future: int):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    return [abstain()]


@gold_answer("ut_nobody")
def ut_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return [abstain()]


@gold_answer("ut_kids")
def ut_kids(g: GoldData, castaway_id: str):
    check_not_in_data(g, castaway_id, ("child", "kid", "famil", "parent", "married", "spouse"))
    return [abstain()]


@gold_answer("ut_right_winner")
def ut_right_winner(g: GoldData, season: int):
    return [abstain()]


@gold_answer("ut_crew")
def ut_crew(g: GoldData, season: int):
    columns = set(g.summary.columns) | set(g.episodes.columns)
    assert not [c for c in columns if any(w in c for w in ("crew", "staff", "producer"))], columns
    return [abstain()]


@gold_answer("ut_final_three_instead")
def ut_final_three_instead(g: GoldData, season: int):
    assert int(g.summary.loc[season, "n_finalists"]) == 2, season  # a final two: the final three is hypothetical
    return [abstain()]


@gold_answer("ut_place_never")
def ut_place_never(g: GoldData, place: str):
    nv.nv_place_never(g, place)  # its checks: no season's location or country names the place
    return [abstain()]


@gold_answer("ut_title_never")
def ut_title_never(g: GoldData, title: str):
    for column in ("season_name", "location"):
        assert not g.summary[column].str.contains(title, case=False, regex=False).any(), title
    return [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _titled_episode(full: GoldData, p: dict) -> list:
    eps = full.episodes[(full.episodes["season"] == p["season"]) & (full.episodes["episode_title"] == p["title"])]
    return [("episode", p["season"], int(e)) for e in eps["episode"]]


def _swap(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _swap_episode(full, p["season"]))]


def _tribe_finale(full: GoldData, p: dict) -> list:
    return [("finale", int(s), None) for s in sorted(set(full.tribes[full.tribes["tribe"] == p["tribe"]]["season"]))]


def _debut_merge(full: GoldData, p: dict) -> list:
    return scoped._merge(full, {"season": min(full.seasons_of(p["castaway_id"]))})


def _medevac_exit(full: GoldData, p: dict) -> list:
    return [("exit", _medevac_season(full, p["castaway_id"]), p["castaway_id"])]


def _boot_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], p["b"])]


def _first_idol_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_first_idol(full, p["season"])["episode"].min()))]


def _day_boot_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _day_boot(full, p["season"], p["day"])["castaway_id"])]


def _first_woman_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _first_woman_out(full, p["season"])["castaway_id"])]


def _first_immunity(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _first_immunity_episode(full, p["castaway_id"], p["season"]))]


SCOPE_NEEDS = {
    "ut_place": "exit", "ut_swap_tribe": _swap, "ut_episode_by_title": _titled_episode, "ut_finale_viewers": "finale",
    "ut_votes_against": "exit", "ut_second_confessionals": "finale", "ut_reward_leader": "finale",
    "ut_winner_job": "finale", "ut_tribe_winner": _tribe_finale, "ut_immunity_leader_place": "finale",
    "ut_runner_up_age": "finale", "ut_debut_merge_name": _debut_merge, "ut_winner_votes_against": "finale",
    "ut_medevac_location": _medevac_exit, "ut_last_boot_seasons": "finale",
    "ut_swap_movers": _swap, "ut_more_votes_against": "finale", "ut_vote_at_boot": _boot_exit,
    "ut_jury_split": "finale", "ut_tribe_made_merge": scoped._merge, "ut_jurors_same_vote": "finale",
    "ut_swap_episode": _swap, "ut_first_idol": _first_idol_episode, "ut_day_boot": _day_boot_exit,
    "ut_first_woman_out": _first_woman_exit, "ut_first_immunity_episode": _first_immunity, "ut_juror_number": "exit",
    "ut_immunity_except_winner": "finale", "ut_returnees_missed_merge": scoped._merge, "ut_kept_tribe_at_swap": _swap,
    "ut_not_voted_out": "finale",
    "ut_why_left": "exit", "ut_fire_story": "finale", "ut_final_three_instead": "finale",
}
SCOPE_AS_AIRED = {"ut_season_called", "ut_season_number", "ut_real_name", "ut_filming_started", "ut_women_in_cast",
                  "ut_repeat_finalists", "ut_state_besides", "ut_average_age", "ut_idols_played", "ut_winners_met",
                  "ut_same_tribe_seasons", "ut_premiered_in", "ut_last_final_two", "ut_veterans_no_immunity",
                  "ut_best_non_winner_immunity", "ut_winners_not_first_time", "ut_not_wednesday", "ut_future_theme",
                  "ut_nobody", "ut_kids", "ut_right_winner", "ut_crew", "ut_place_never", "ut_title_never"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)
