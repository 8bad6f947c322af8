"""Gold answers first written for the blind-09 question set (evaluation/sets/blind-09.jsonl, once "unposed"):
sit-outs, tribal councils, rewards and screen time compared; story questions about twists.

Each function computes a question's answer parts from the survivoR tables; its name starts with "up_". Each
declares what a viewer scope needs to have aired (SCOPE_NEEDS, SCOPE_AS_AIRED, registered with evaluation.scoped), so
`--watched` works on these questions too.
"""

from __future__ import annotations

import re

import pandas as pd

from evaluation import scoped
from evaluation.answers import fresh as fr
from evaluation.answers import gold_multi as gm
from evaluation.answers import novel as nv
from evaluation.answers import unasked as ua
from evaluation.answers import unheard as uh
from evaluation.answers import unseen as un
from evaluation.answers.gold_facts import _date_forms, top
from evaluation.answers.holdout import _title, check_not_in_data
from evaluation.answers.untried import _first_swap_tribe, _swap_episode
from evaluation.data import GoldData
from evaluation.gold import (
    abstain,
    entities,
    entity,
    facts,
    gold_answer,
    number,
    phrase,
    phrases,
    season,
    seasons,
)
from evaluation.matching import contains_prefix

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
FIRE = ("Fire challenge (f4)", "Fire challenge")  # vote_history's fire-making events, final four and earlier
IMMUNITY_TYPES = ("Immunity", "Immunity and Reward")  # challenge_description.challenge_type


def _scoped(g: GoldData) -> bool:
    return uh._scoped(g)


def _aired(g: GoldData, df: pd.DataFrame) -> pd.DataFrame:
    """Rows of a table GoldData does not cut itself (challenge_results, challenge_description): for a viewer scope,
    only the (season, episode) rows that had aired."""
    return g._aired_rows(df) if _scoped(g) else df


def _challenges(g: GoldData) -> pd.DataFrame:
    """challenge_results, every row (sit-outs and reward picks are not wins, so GoldData.wins leaves them out)."""
    return _aired(g, ua._challenges(g))


def _flag(df: pd.DataFrame, column: str) -> pd.Series:
    return df[column].fillna(False).astype(bool)


def _sat_out(g: GoldData) -> pd.DataFrame:
    cr = _challenges(g)
    return cr[_flag(cr, "sit_out")].drop_duplicates(["season", "challenge_id", "castaway_id"])


def _sit_outs(g: GoldData, castaway_id: str, s: int) -> int:
    sat = _sat_out(g)
    return int(((sat["season"] == s) & (sat["castaway_id"] == castaway_id)).sum())


def _tribals(g: GoldData, castaway_id: str, s: int) -> int:
    vh = g.vote_history
    mine = vh[(vh["season"] == s) & (vh["castaway_id"] == castaway_id)]
    return len(mine[["episode", "order"]].drop_duplicates())


def _fire(g: GoldData, s: int, outcome: str) -> str:
    """Who won (or lost) a season's one fire-making challenge, as vote_history records it."""
    vh = g.vote_history
    rows = vh[(vh["season"] == s) & vh["vote_event"].isin(FIRE) & (vh["vote_event_outcome"] == outcome)]
    return nv._one(sorted(set(rows["castaway_id"])), (s, outcome))[0]


def _fire_episode(g: GoldData, s: int) -> int:
    vh = g.vote_history
    return int(nv._one(sorted(set(vh[(vh["season"] == s) & vh["vote_event"].isin(FIRE)]["episode"])), s)[0])


def _exit_row(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    row = fr._row(g, castaway_id, s)
    assert "voted out" in str(row["result"]), (castaway_id, row["result"])  # voted out, not a quit or medevac
    return row


def _single_immunity(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    """The one individual immunity challenge someone won in a season."""
    imm = fr._immunity(g)
    mine = imm[(imm["season"] == s) & (imm["castaway_id"] == castaway_id)].drop_duplicates("challenge_id")
    return mine.loc[nv._one(list(mine.index), castaway_id)[0]]


def _auction_item(g: GoldData, s: int, item: str) -> pd.DataFrame:
    _, bought = ua._auction(g, s)
    return bought[bought["item_description"] == item]


def _auction_episode(full: GoldData, s: int) -> int:
    present, _ = ua._auction(full, s)
    return int(nv._one(sorted(set(present["episode"])), s)[0])


def _vote_rounds(g: GoldData, s: int) -> pd.DataFrame:
    """One row per vote round of a season's tribal councils (episode, order, vote_order)."""
    v = g.votes[g.votes["season"] == s]
    return v[["episode", "order", "vote_order"]].drop_duplicates()


def _finale_rating(g: GoldData, s: int) -> float:
    eps = g.episodes
    return float(nv._one(list(eps[(eps["season"] == s) & (eps["episode_label"] == "Finale")]["imdb_rating"]), s)[0])


def _jury_votes(g: GoldData, castaway_id: str, s: int) -> int:
    jury = g.jury
    return int(((jury["season"] == s) & (jury["finalist_id"] == castaway_id)).sum())


def _conf_leader(g: GoldData, s: int) -> list[str]:
    conf = g.confessionals
    return top(conf[conf["season"] == s].groupby("castaway_id")["confessional_count"].sum())


def _next_immunity_episode(g: GoldData, castaway_id: str, s: int) -> int:
    return int(_exit_row(g, castaway_id, s)["episode"]) + 1


def _season_out_after(g: GoldData, s: int, first_ep: int, last_ep: int) -> pd.DataFrame:
    """The people voted out of a season from episode first_ep up to (not including) last_ep, in boot order."""
    cast = g.season_cast(s)
    out = cast[(cast["episode"] >= first_ep) & (cast["episode"] < last_ep)]
    return out[out["result"].str.contains("voted out", na=False)].sort_values("order")


def _swap_tribe_first_boot(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    new = _first_swap_tribe(g, s)
    mates = {c for c, t in new.items() if t == new[castaway_id]}
    out = _season_out_after(g, s, _swap_episode(g, s), 10**6)
    return out[out["castaway_id"].isin(mates)].iloc[0]


def _bare_title(g: GoldData, s: int) -> str:
    """'Amazon' for 'The Amazon', so "at the Amazon auction" reads right."""
    title = _title(g, s)
    return title[4:] if title.startswith("The ") else title


def _merge(g: GoldData, s: int) -> int:
    return un._merge_episode(g, s)


def _three_words(text: str) -> list[str]:
    return [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'-]+", text)]


def _summary_has(g: GoldData, s: int, ep: int, groups: list[list[str]]) -> None:
    text = nv._summary_text(g, s, ep)
    assert all(any(contains_prefix(text, w) for w in grp) for grp in groups), (s, ep, groups)  # the episode tells it


# -- single facts ----------------------------------------------------------------------------------------
@gold_answer("up_timeslot")
def up_timeslot(g: GoldData, season: int):
    slot = g.summary.loc[season, "timeslot"]
    day = str(slot).split()[0].rstrip(",") if pd.notna(slot) else ""
    assert _scoped(g) or day in WEEKDAYS, slot
    return [phrase(day)]


@gold_answer("up_exit_tribe")
def up_exit_tribe(g: GoldData, castaway_id: str, season: int, call: str):
    row = _exit_row(g, castaway_id, season)
    vh = g.vote_history
    mine = vh[(vh["season"] == season) & (vh["castaway_id"] == castaway_id) & (vh["voted_out_id"] == castaway_id)]
    tribe = nv._one(sorted(set(mine["tribe"].dropna())), call)[0]
    merge = _merge(getattr(g, "full", g), season)
    assert row["episode"] < merge and tribe != row["original_tribe"], (call, tribe)  # a swap had moved them
    return [phrase(tribe)]


@gold_answer("up_filming_wrapped")
def up_filming_wrapped(g: GoldData, season: int):
    ended = g.summary.loc[season, "filming_ended"]
    assert _scoped(g) or pd.Timestamp(ended) > pd.Timestamp(g.summary.loc[season, "filming_started"]), season
    return [
        phrase(*(_date_forms(ended) if pd.notna(ended) else []))]


@gold_answer("up_immunity_name")
def up_immunity_name(g: GoldData, castaway_id: str, season: int, call: str):
    won = _single_immunity(g, castaway_id, season)
    desc = _aired(g, g.data.table("challenge_description"))
    row = desc[(desc["season"] == season) & (desc["challenge_id"] == won["challenge_id"])]
    row = row.loc[nv._one(list(row.index), (call, won["challenge_id"]))[0]]
    return [
        phrase(row["name"], row["recurring_name"])]


@gold_answer("up_three_words")
def up_three_words(g: GoldData, castaway_id: str, call: str):
    words = _three_words(str(nv._bio(g, castaway_id, "three_words")))
    assert len(words) == 3, (call, words)  # exactly three words, so all three are the answer
    return [phrases(words)]


@gold_answer("up_auction_buyers")
def up_auction_buyers(g: GoldData, season: int, item: str):
    bought = _auction_item(g, season, item)
    return [
        entities(g, bought["castaway_id"].dropna())]


@gold_answer("up_merge_title")
def up_merge_title(g: GoldData, season: int):
    eps = g.episodes
    title = eps[(eps["season"] == season) & (eps["episode"] == _merge(g, season))]["episode_title"]
    return [phrase(*nv._one(list(title), season))]


@gold_answer("up_fire_beaten")
def up_fire_beaten(g: GoldData, castaway_id: str, season: int, call: str):
    assert _fire(g, season, "Won") == castaway_id, call  # the premise: he won fire
    return [
        entity(g, [_fire(g, season, "Lost")])]


# -- aggregation -----------------------------------------------------------------------------------------
@gold_answer("up_career_sit_outs")
def up_career_sit_outs(g: GoldData):
    per = _sat_out(g).groupby("castaway_id").size()
    return [entity(g, top(per))]


@gold_answer("up_reward_picks")
def up_reward_picks(g: GoldData, season: int):
    cr = _challenges(g)
    picked = cr[(cr["season"] == season) & _flag(cr, "chosen_for_reward")]
    per = picked.drop_duplicates(["challenge_id", "castaway_id"]).groupby("castaway_id").size()
    assert _scoped(g) or len(top(per)) == 1, per
    return [
        entity(g, top(per))]


@gold_answer("up_puzzle_immunities")
def up_puzzle_immunities(g: GoldData, season: int):
    desc = _aired(g, g.data.table("challenge_description"))
    imm = desc[(desc["season"] == season) & desc["challenge_type"].isin(IMMUNITY_TYPES)]
    return [
        number(_flag(imm, "puzzle").sum())]


@gold_answer("up_most_reused_challenge")
def up_most_reused_challenge(g: GoldData):
    desc = _aired(g, g.data.table("challenge_description"))
    per = desc.groupby("recurring_name").size()
    return [phrase(*top(per))]


@gold_answer("up_top_advantage")
def up_top_advantage(g: GoldData):
    adv = g.advantages.drop_duplicates(["version_season", "advantage_id"])
    adv = adv[~adv["advantage_type"].str.lower().str.contains("idol")]
    return [
        phrase(*top(adv.groupby("advantage_type").size()))]


@gold_answer("up_revotes")
def up_revotes(g: GoldData, season: int):
    rounds = _vote_rounds(g, season)
    return [
        number(len(rounds[rounds["vote_order"] > 1][["episode", "order"]].drop_duplicates()))]


@gold_answer("up_runner_up_record")
def up_runner_up_record(g: GoldData):
    winners = set(g.cast[g.cast["winner"]]["castaway_id"] + "@" + g.cast[g.cast["winner"]]["season"].astype(str))
    jury = g.jury
    per = jury.groupby(["season", "finalist_id"]).size()
    lost = per[[f"{f}@{s}" not in winners for s, f in per.index]]
    best = top(lost)
    return [
        number(*([lost.max()] if len(lost) else [])), entity(g, [f for _, f in best])]


@gold_answer("up_biggest_tally")
def up_biggest_tally(g: GoldData):
    per = g.votes.groupby(["season", "episode", "order", "vote_order", "vote_id"]).size()
    best = top(per)
    return [
        entity(g, [key[-1] for key in best]), number(*([per.max()] if len(per) else []))]


# -- multi-hop -------------------------------------------------------------------------------------------
@gold_answer("up_winner_sit_outs")
def up_winner_sit_outs(g: GoldData, season: int):
    return [
        number(_sit_outs(g, g.winner(season), season))]


@gold_answer("up_conf_leader_jury")
def up_conf_leader_jury(g: GoldData, season: int):
    leader = nv._one(_conf_leader(g, season), season)[0]
    assert fr._row(g, leader, season)["finalist"], season  # the premise: they made it to the end
    return [
        number(_jury_votes(g, leader, season))]


@gold_answer("up_first_juror_voters")
def up_first_juror_voters(g: GoldData, season: int):
    first = un._jurors(g, season)["castaway_id"].iloc[0]
    v = uh._boot_votes(g, first, season)
    return [
        entities(g, v[v["vote_id"] == first]["castaway_id"])]


@gold_answer("up_swap_tribe_first_boot")
def up_swap_tribe_first_boot(g: GoldData, castaway_id: str, season: int, call: str):
    first = _swap_tribe_first_boot(g, castaway_id, season)
    assert first["castaway_id"] != castaway_id, call  # somebody else
    return [entity(g, [first["castaway_id"]])]


@gold_answer("up_fire_winner_jury")
def up_fire_winner_jury(g: GoldData, castaway_id: str, season: int, call: str):
    assert _fire(g, season, "Lost") == castaway_id, call  # the premise: he lost at fire
    return [
        number(_jury_votes(g, _fire(g, season, "Won"), season))]


@gold_answer("up_most_watched_first_boot")
def up_most_watched_first_boot(g: GoldData):
    viewers = pd.to_numeric(g.summary["viewers_mean"], errors="coerce").dropna()
    best = top(viewers)
    assert _scoped(g) or len(best) == 1, best
    return [
        entity(g, [nv._first_boot(g, s)["castaway_id"] for s in best])]


@gold_answer("up_best_finale_winner")
def up_best_finale_winner(g: GoldData):
    eps = g.episodes
    finales = eps[(eps["episode_label"] == "Finale") & eps["season"].isin(g.finished_seasons)]
    best = top(finales.set_index("season")["imdb_rating"].astype(float))
    assert _scoped(g) or len(best) == 1, best
    return [
        entity(g, [g.winner(s) for s in best]), number(*[_jury_votes(g, g.winner(s), s) for s in best])]


@gold_answer("up_oldest_juror_vote")
def up_oldest_juror_vote(g: GoldData, season: int):
    jurors = un._jurors(g, season)
    oldest = nv._one(top(jurors.set_index("castaway_id")["age"].astype(float)), season)[0]
    jury = g.jury[(g.jury["season"] == season) & (g.jury["castaway_id"] == oldest)]
    return [
        entity(g, jury["finalist_id"])]


# -- cross-entity ----------------------------------------------------------------------------------------
@gold_answer("up_both_juries")
def up_both_juries(g: GoldData, a: int, b: int):
    both = set(un._jurors(g, a)["castaway_id"]) & set(un._jurors(g, b)["castaway_id"])
    return [entities(g, sorted(both))]


@gold_answer("up_cast_age_compare")
def up_cast_age_compare(g: GoldData, a: int, b: int):
    ages = pd.Series({s: float(g.season_cast(s)["age"].astype(float).mean()) for s in (a, b)})
    assert _scoped(g) or ages[a] != ages[b], ages
    return [season(*top(ages))]


@gold_answer("up_finale_rating_compare")
def up_finale_rating_compare(g: GoldData, a: int, b: int):
    ratings = pd.Series({s: _finale_rating(g, s) for s in (a, b)})
    assert _scoped(g) or ratings[a] != ratings[b], ratings
    return [
        season(*top(ratings))]


@gold_answer("up_sit_out_compare")
def up_sit_out_compare(g: GoldData, a: str, b: str, season: int):
    sat = pd.Series({c: _sit_outs(g, c, season) for c in (a, b)})
    assert _scoped(g) or sat[a] != sat[b], sat
    return [entity(g, top(sat))]


@gold_answer("up_tribals_compare")
def up_tribals_compare(g: GoldData, a: str, b: str, season: int):
    went = pd.Series({c: _tribals(g, c, season) for c in (a, b)})
    assert _scoped(g) or went[a] != went[b], went
    return [entity(g, top(went))]


@gold_answer("up_reward_compare")
def up_reward_compare(g: GoldData, a: str, b: str):
    w = g.wins[g.wins["won_individual_reward"] == 1].drop_duplicates(["season", "challenge_id", "castaway_id"])
    won = pd.Series({c: int((w["castaway_id"] == c).sum()) for c in (a, b)})
    assert _scoped(g) or won[a] != won[b], won
    return [
        entity(g, top(won))]


@gold_answer("up_screen_time_compare")
def up_screen_time_compare(g: GoldData, a: str, b: str, season: int):
    conf = g.confessionals[g.confessionals["season"] == season]
    secs = pd.Series({c: float(conf[conf["castaway_id"] == c]["confessional_time"].sum()) for c in (a, b)})
    assert _scoped(g) or secs[a] != secs[b], secs
    return [entity(g, top(secs))]


@gold_answer("up_idol_finds_compare")
def up_idol_finds_compare(g: GoldData, a: str, b: str):
    found = fr._idols_found(g)
    n = pd.Series({c: int((found["castaway_id"] == c).sum()) for c in (a, b)})
    assert _scoped(g) or n[a] != n[b], n
    return [entity(g, top(n))]


# -- temporal --------------------------------------------------------------------------------------------
@gold_answer("up_next_episode_immunity")
def up_next_episode_immunity(g: GoldData, castaway_id: str, season: int, call: str):
    ep = _next_immunity_episode(g, castaway_id, season)
    imm = fr._immunity(g)
    imm = imm[(imm["season"] == season) & (imm["episode"] == ep)]
    assert _scoped(g) or imm["castaway_id"].nunique() == 1, (call, ep)  # one individual immunity winner
    return [
        entity(g, imm["castaway_id"])]


@gold_answer("up_first_extra_vote")
def up_first_extra_vote(g: GoldData):
    adv = g.advantages
    found = adv[adv["advantage_type"] == "Extra Vote"]["season"]
    return [
        season(*([int(found.min())] if len(found) else []))]


@gold_answer("up_first_rock_draw")
def up_first_rock_draw(g: GoldData):
    vh = g.vote_history
    drawn = vh[(vh["vote_event"] == "Rock draw") & (vh["vote_event_outcome"] == "Eliminated")]
    first = drawn[drawn["season"] == drawn["season"].min()]
    return [
        season(*sorted(set(first["season"]))), entity(g, first["castaway_id"])]


@gold_answer("up_left_after_boot")
def up_left_after_boot(g: GoldData, castaway_id: str, season: int):
    row = _exit_row(g, castaway_id, season)
    return [
        number(len(g.season_cast(season)) - row["order"])]  # everyone who went later, finalists too


@gold_answer("up_between_swap_merge")
def up_between_swap_merge(g: GoldData, season: int):
    out = _season_out_after(g, season, _swap_episode(g, season), _merge(g, season))
    return [
        entities(g, out["castaway_id"])]


@gold_answer("up_first_woman_winner")
def up_first_woman_winner(g: GoldData):
    women = nv._women(g)
    won = [s for s in g.finished_seasons if g.winner(s) in women]
    return [
        season(*won[:1]), entity(g, [g.winner(s) for s in won[:1]])]


@gold_answer("up_votes_before_merge")
def up_votes_before_merge(g: GoldData, castaway_id: str, season: int):
    v = g.votes[(g.votes["season"] == season) & (g.votes["vote_id"] == castaway_id)]
    before = v[v["episode"] < _merge(g, season)]
    return [
        number(len(before), len(before) - int(before["nullified"].eq(True).sum()))]


@gold_answer("up_last_boot_before_auction")
def up_last_boot_before_auction(g: GoldData, season: int):
    out = _season_out_after(g, season, 1, _auction_episode(getattr(g, "full", g), season))
    return [
        entity(g, out["castaway_id"].iloc[-1:])]


# -- negation --------------------------------------------------------------------------------------------
@gold_answer("up_quiet_episode")
def up_quiet_episode(g: GoldData, season: int):
    eps = g.episodes[(g.episodes["season"] == season)
                     & g.episodes["episode_label"].str.match(r"(Ep \d+|Finale)$", na=False)]["episode"]
    left = set(g.season_cast(season)["episode"].dropna().astype(int))
    quiet = [int(e) for e in eps if int(e) not in left]
    return [
        number(*nv._one(quiet, season))]


@gold_answer("up_winners_not_conf_leader")
def up_winners_not_conf_leader(g: GoldData, since: int):
    picked = [g.winner(s) for s in g.finished_seasons if s >= since and g.winner(s) not in _conf_leader(g, s)]
    return [
        entities(g, picked)]


@gold_answer("up_seasons_no_tie")
def up_seasons_no_tie(g: GoldData, since: int):
    vh = g.vote_history
    tied = set(vh[_flag(vh, "tie")]["season"]) | set(g.votes[g.votes["vote_order"] > 1]["season"])  # or a revote
    return [
        seasons(s for s in g.finished_seasons if s >= since and s not in tied)]


@gold_answer("up_no_journey")
def up_no_journey(g: GoldData, season: int):
    went = set(ua._journeys(g, season)["castaway_id"])
    cast = g.season_cast(season)
    return [
        entities(g, [c for c in cast.sort_values("order")["castaway_id"] if c not in went])]


@gold_answer("up_tribe_no_jurors")
def up_tribe_no_jurors(g: GoldData, season: int):
    cast = g.season_cast(season)
    per = cast.groupby("original_tribe")["jury"].sum()
    return [
        phrase(*nv._one([t for t, n in per.items() if n == 0], season))]


@gold_answer("up_jurors_winner_spared")
def up_jurors_winner_spared(g: GoldData, season: int):
    winner = g.winner(season)
    v = g.votes[(g.votes["season"] == season) & (g.votes["castaway_id"] == winner)]
    return [
        entities(g, [c for c in un._jurors(g, season)["castaway_id"] if c not in set(v["vote_id"])])]


@gold_answer("up_wasted_idols")
def up_wasted_idols(g: GoldData, season: int):
    plays = ua._idol_plays(g, season)
    wasted = plays[pd.to_numeric(plays["votes_nullified"], errors="coerce").fillna(0) == 0]
    return [
        entities(g, list(dict.fromkeys(wasted["castaway_id"])))]


@gold_answer("up_returnees_not_better")
def up_returnees_not_better(g: GoldData, season: int):
    cast = g.season_cast(season)
    picked = []
    for cid, place in zip(cast["castaway_id"], cast["place"]):
        before = g.cast[(g.cast["castaway_id"] == cid) & (g.cast["season"] < season)].sort_values("season")
        if len(before) and not place < before["place"].iloc[-1]:
            picked.append(cid)
    return [entities(g, picked)]


# -- narrative -------------------------------------------------------------------------------------------
@gold_answer("up_medevac_story")
def up_medevac_story(g: GoldData, castaway_id: str, season: int, call: str, key: list | None = None):
    assert str(fr._row(g, castaway_id, season)["result"]) == un.MEDEVAC, call  # the premise
    parts = gm.why_left(g, castaway_id, season)
    return (un._with_key_words(g, parts, key) if key else parts)


@gold_answer("up_quit_story")
def up_quit_story(g: GoldData, castaway_id: str, season: int, call: str, key: list | None = None):
    row = fr._row(g, castaway_id, season)
    assert str(row["result"]) == "Quit", call  # the premise
    ep = int(row["episode"])
    groups = [uh._call_words(g, castaway_id, season), ["quit", "leave", "left", "withdr", "asked to"],
              *([key] if key else [])]
    _summary_has(g, season, ep, groups)
    return [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id]})]


@gold_answer("up_boot_story")
def up_boot_story(g: GoldData, castaway_id: str, season: int, call: str):
    parts = nv.nv_boot_story(g, castaway_id, season, call)
    parts[0]["groups"][0] = uh._call_words(g, castaway_id, season)
    return parts


@gold_answer("up_deadlock_story")
def up_deadlock_story(g: GoldData, season: int, episode: int):
    vh = g.vote_history
    locked = vh[(vh["season"] == season) & (vh["episode"] == episode) & (vh["vote_event"] == "Deadlock")]
    assert len(locked), (season, episode)  # the premise: the tribe deadlocked
    cast = g.season_cast(season)
    out = list(cast[(cast["episode"] == episode) & ~cast["finalist"]]["castaway_id"])
    groups = [["tie", "tied", "deadlock", "revote"], *[uh._call_words(g, c, season) for c in out]]
    _summary_has(g, season, episode, groups)
    return [
        facts(groups, {"season": season, "episode": episode, "castaway_ids": out})]


@gold_answer("up_auction_story")
def up_auction_story(g: GoldData, season: int, key: list):
    ep = _auction_episode(getattr(g, "full", g), season)
    _, bought = ua._auction(g, season)
    dearest = bought[bought["cost"] == bought["cost"].max()]
    buyer = nv._one(sorted(set(dearest["castaway_id"])), season)[0]  # who paid the most for one item
    groups = [["auction"], uh._call_words(g, buyer, season), key]
    _summary_has(g, season, ep, groups)
    return [
        facts(groups, {"season": season, "episode": ep})]


@gold_answer("up_idol_in_pocket_story")
def up_idol_in_pocket_story(g: GoldData, castaway_id: str, season: int, call: str):
    row = _exit_row(g, castaway_id, season)
    adv = g.advantages
    held = adv[(adv["season"] == season) & (adv["castaway_id"] == castaway_id)
               & (adv["event"] == "Voted out with advantage") & adv["advantage_type"].str.lower().str.contains(ua.IDOL)]
    assert len(held), call  # the premise: voted out holding an idol
    ep = int(row["episode"])
    groups = [uh._call_words(g, castaway_id, season), ["idol"], ["blindside", "voted out", "eliminat"]]
    _summary_has(g, season, ep, groups)
    return [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id]})]


# -- unanswerable ----------------------------------------------------------------------------------------
@gold_answer("up_future_finale")
def up_future_finale(g: GoldData, future: int):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    return [abstain()]


@gold_answer("up_nobody")
def up_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return [abstain()]


@gold_answer("up_fake_season")
def up_fake_season(g: GoldData, place: str):
    summary = g.data.raw("season_summary")
    text = " ".join(summary["season_name"].astype(str)) + " " + " ".join(summary["location"].astype(str)) + " " \
        + " ".join(summary["country"].astype(str))
    assert place.lower() not in text.lower(), place
    return [abstain()]


@gold_answer("up_siblings")
def up_siblings(g: GoldData, castaway_id: str):
    check_not_in_data(g, castaway_id, ("sibling", "brother", "sister", "family"))
    return [abstain()]


@gold_answer("up_politics")
def up_politics(g: GoldData, castaway_id: str):
    check_not_in_data(g, castaway_id, ("politic", "party", "vote"))
    return [abstain()]


@gold_answer("up_opinion")
def up_opinion(g: GoldData, season: int):
    return [abstain()]


@gold_answer("up_quit_counterfactual")
def up_quit_counterfactual(g: GoldData, castaway_id: str, season: int, call: str):
    assert str(fr._row(g, castaway_id, season)["result"]) == "Quit", call  # the premise: he quit
    return [abstain()]


@gold_answer("up_runner_up_prize")
def up_runner_up_prize(g: GoldData, season: int):
    columns = set(g.summary.columns) | set(g.cast.columns)
    assert not [c for c in columns if any(w in c for w in ("prize", "money", "paid", "earn"))], columns
    return [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _immunity_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_single_immunity(full, p["castaway_id"], p["season"])["episode"]))]


def _auction_aired(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _auction_episode(full, p["season"]))]


def _fire_aired(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _fire_episode(full, p["season"]))]


def _first_juror_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], un._jurors(full, p["season"])["castaway_id"].iloc[0])]


def _swap_boot_exit(full: GoldData, p: dict) -> list:
    first = _swap_tribe_first_boot(full, p["castaway_id"], p["season"])["castaway_id"]
    return [("episode", p["season"], _swap_episode(full, p["season"])), ("exit", p["season"], first)]


def _both_finales(full: GoldData, p: dict) -> list:
    return [("finale", p["a"], None), ("finale", p["b"], None)]


def _next_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _next_immunity_episode(full, p["castaway_id"], p["season"]))]


SCOPE_NEEDS = {
    "up_exit_tribe": "exit", "up_immunity_name": _immunity_episode, "up_auction_buyers": _auction_aired,
    "up_merge_title": scoped._merge, "up_fire_beaten": _fire_aired,
    "up_reward_picks": "finale", "up_puzzle_immunities": "finale", "up_revotes": "finale",
    "up_winner_sit_outs": "finale", "up_conf_leader_jury": "finale", "up_first_juror_voters": _first_juror_exit,
    "up_swap_tribe_first_boot": _swap_boot_exit, "up_fire_winner_jury": "finale", "up_oldest_juror_vote": "finale",
    "up_both_juries": _both_finales, "up_finale_rating_compare": _both_finales, "up_sit_out_compare": "finale",
    "up_tribals_compare": "finale", "up_screen_time_compare": "finale",
    "up_next_episode_immunity": _next_episode, "up_left_after_boot": "exit", "up_between_swap_merge": scoped._merge,
    "up_votes_before_merge": scoped._merge, "up_last_boot_before_auction": _auction_aired,
    "up_quiet_episode": "finale", "up_no_journey": "finale", "up_tribe_no_jurors": "finale",
    "up_jurors_winner_spared": "finale", "up_wasted_idols": "finale", "up_returnees_not_better": "finale",
    "up_medevac_story": "exit", "up_quit_story": "exit", "up_boot_story": "exit", "up_deadlock_story": "episode",
    "up_auction_story": _auction_aired,
    "up_idol_in_pocket_story": "exit", "up_quit_counterfactual": "exit",
}
SCOPE_AS_AIRED = {"up_timeslot", "up_filming_wrapped", "up_three_words", "up_career_sit_outs",
                  "up_most_reused_challenge", "up_top_advantage", "up_runner_up_record", "up_biggest_tally",
                  "up_most_watched_first_boot", "up_best_finale_winner", "up_cast_age_compare", "up_reward_compare",
                  "up_idol_finds_compare", "up_first_extra_vote", "up_first_rock_draw", "up_first_woman_winner",
                  "up_winners_not_conf_leader", "up_seasons_no_tie", "up_future_finale", "up_nobody",
                  "up_fake_season", "up_siblings", "up_politics", "up_opinion", "up_runner_up_prize"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)
