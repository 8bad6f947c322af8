"""Gold answers first written for the blind-06 question set (evaluation/sets/blind-06.jsonl, once "unasked"):
journeys, auctions, duels, personality types and states of origin.

Each function computes a question's answer parts from the survivoR tables; its name starts with "ua_". Each
declares what a viewer scope needs to have aired (SCOPE_NEEDS, SCOPE_AS_AIRED, registered with evaluation.scoped), so
`--watched` works on these questions too.
"""

from __future__ import annotations

import pandas as pd

from evaluation import scoped
from evaluation.answers import fresh as fr
from evaluation.answers import gold_multi as gm
from evaluation.answers import novel as nv
from evaluation.answers import unseen as un
from evaluation.answers.gold_facts import top
from evaluation.answers.holdout import check_not_in_data
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

IDOL = "hidden immunity idol"


def _scoped(g: GoldData) -> bool:
    """A viewer scope's data (evaluation.scoped): what the full data guarantees may not hold there yet."""
    return getattr(g, "viewer_scope", None) is not None


def _millions(viewers: float) -> dict:
    # the count; in millions, as it is usually written
    return number(viewers, round(viewers / 1e6, 2), round(viewers / 1e6, 1))


def _challenges(g: GoldData) -> pd.DataFrame:
    """challenge_results, every row (sit-outs and duels are not wins, so GoldData.wins leaves them out)."""
    return g.data.table("challenge_results")


def _tribe_immunities(g: GoldData, s: int) -> pd.Series:
    """Tribe immunity challenges won per tribe name in a season (a challenge two tribes won counts for each)."""
    w = g.wins[(g.wins["season"] == s) & (g.wins["won_tribal_immunity"] == 1)]
    return w.drop_duplicates(["challenge_id", "tribe"]).groupby("tribe").size()


def _idol_plays(g: GoldData, s: int) -> pd.DataFrame:
    adv = g.advantages
    return adv[(adv["season"] == s) & adv["event"].str.startswith("Played", na=False)
               & adv["advantage_type"].str.lower().str.contains(IDOL)].sort_values(["episode", "day"])


def _journeys(g: GoldData, s: int) -> pd.DataFrame:
    j = g.data.table("journeys")
    return j[j["season"] == s]


def _auction(g: GoldData, s: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(who was at the season's auction, what each bought)."""
    present, bought = g.data.table("survivor_auction"), g.data.table("auction_details")
    return present[present["season"] == s], bought[bought["season"] == s]


def _merged_boots(g: GoldData, s: int) -> pd.DataFrame:
    """The people out of a season after its merge, in boot order (finalists left out)."""
    cast = g.season_cast(s)
    return cast[(cast["episode"] >= un._merge_episode(g, s)) & ~cast["finalist"]].sort_values("order")


# -- single facts ----------------------------------------------------------------------------------------
@gold_answer("ua_mbti")
def ua_mbti(g: GoldData, castaway_id: str):
    return [
        phrase(nv._bio(g, castaway_id, "personality_type"))]


@gold_answer("ua_tribe_season")
def ua_tribe_season(g: GoldData, tribe: str):
    found = sorted(set(int(s) for s in g.tribes[g.tribes["tribe"] == tribe]["season"]))
    assert len(found) <= 1, (tribe, found)  # the name alone says which season (none yet for an early viewer)
    return [season(*found)]


@gold_answer("ua_final_immunity_name")
def ua_final_immunity_name(g: GoldData, season: int):
    cid = max(fr._immunity(g).query("season == @season")["challenge_id"])
    desc = g.data.table("challenge_description")
    row = nv._one(list(desc[(desc["season"] == season) & (desc["challenge_id"] == cid)].index), (season, cid))
    name, recurring = desc.loc[row[0], "name"], desc.loc[row[0], "recurring_name"]
    return [
        phrase(name, recurring)]


def _journey_row(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    rows = _journeys(g, s)
    return rows.loc[nv._one(list(rows[rows["castaway_id"] == castaway_id].index), castaway_id)[0]]


@gold_answer("ua_journey_reward")
def ua_journey_reward(g: GoldData, castaway_id: str, season: int):
    reward = str(_journey_row(g, castaway_id, season)["reward"])
    return [phrase(reward)]


@gold_answer("ua_hometown_then")
def ua_hometown_then(g: GoldData, castaway_id: str, season: int, call: str):
    assert len(getattr(g, "full", g).seasons_of(castaway_id)) > 1, call  # another season lists another city
    row = fr._row(g, castaway_id, season)
    city, state = row["city"], row["state"]
    return [
        phrase(*([f"{city}, {state}", city] if pd.notna(city) else []))]


def _advantage_rows(g: GoldData, castaway_id: str, s: int) -> pd.DataFrame:
    adv = g.advantages
    return adv[(adv["season"] == s) & (adv["castaway_id"] == castaway_id)]


@gold_answer("ua_advantage_kind")
def ua_advantage_kind(g: GoldData, castaway_id: str, season: int, call: str):
    kinds = sorted(set(_advantage_rows(g, castaway_id, season)["advantage_type"]))
    assert len(kinds) <= 1, (call, kinds)  # one advantage, so "what was it" has one answer
    return [phrase(*kinds)]


def _auction_episode(full: GoldData, s: int) -> int:
    present, _ = _auction(full, s)
    return int(nv._one(sorted(set(present["episode"])), s)[0])


@gold_answer("ua_auction_item")
def ua_auction_item(g: GoldData, castaway_id: str, season: int, call: str):
    _, bought = _auction(g, season)
    item = nv._one(list(bought[bought["castaway_id"] == castaway_id]["item_description"]), call)[0]
    return [phrase(item, item.split()[-1])]


def _titled(g: GoldData, s: int, title: str) -> int:
    eps = g.episodes[(g.episodes["season"] == s) & (g.episodes["episode_title"] == title)]
    return int(nv._one(list(eps["episode"]), (s, title))[0])


@gold_answer("ua_episode_viewers")
def ua_episode_viewers(g: GoldData, season: int, title: str):
    eps = g.episodes
    viewers = eps[(eps["season"] == season) & (eps["episode"] == _titled(g, season, title))]["viewers"].iloc[0]
    return [_millions(float(viewers))]


# -- aggregation -----------------------------------------------------------------------------------------
@gold_answer("ua_sat_out_most")
def ua_sat_out_most(g: GoldData, season: int):
    cr = _challenges(g)
    sat = cr[(cr["season"] == season) & cr["sit_out"].fillna(False).astype(bool)]
    return [
        entity(g, top(sat.groupby("castaway_id")["challenge_id"].nunique()))]


def _duel_wins(g: GoldData, s: int) -> pd.Series:
    cr = _challenges(g)
    return cr[(cr["season"] == s) & (cr["won_duel"] == 1)].groupby("castaway_id").size()


@gold_answer("ua_duel_leader")
def ua_duel_leader(g: GoldData, season: int):
    return [entity(g, top(_duel_wins(g, season)))]


@gold_answer("ua_tribe_immunity_count")
def ua_tribe_immunity_count(g: GoldData, season: int, tribe: str):
    assert set(g.tribes[g.tribes["tribe"] == tribe]["tribe_status"]) <= {"Original"}, tribe  # one tribe of that name
    return [
        number(_tribe_immunities(g, season).get(tribe, 0))]


@gold_answer("ua_nullified")
def ua_nullified(g: GoldData, season: int):
    votes = g.votes[g.votes["season"] == season]
    return [
        number((votes["nullified"] == True).sum())]  # noqa: E712  (a nullable column)


@gold_answer("ua_most_watched_episode")
def ua_most_watched_episode(g: GoldData, season: int):
    eps = g.episodes[g.episodes["season"] == season].set_index("episode")["viewers"]
    return [number(*top(eps))]


@gold_answer("ua_juror_confessionals")
def ua_juror_confessionals(g: GoldData, season: int):
    conf = g.confessionals[g.confessionals["season"] == season]
    counts = conf.groupby("castaway_id")["confessional_count"].sum()
    jurors = un._jurors(g, season)["castaway_id"]
    return [
        entity(g, top(counts.reindex(jurors).fillna(0)))]


@gold_answer("ua_jury_women")
def ua_jury_women(g: GoldData, season: int):
    jurors = un._jurors(g, season)
    return [
        number(jurors["castaway_id"].isin(nv._women(g)).sum())]


@gold_answer("ua_worst_rated_season")
def ua_worst_rated_season(g: GoldData):
    mean = g.episodes.groupby("season")["imdb_rating"].mean()
    return [
        season(*top(-mean))]


# -- multi-hop -------------------------------------------------------------------------------------------
@gold_answer("ua_debut_location")
def ua_debut_location(g: GoldData, castaway_id: str):
    debut = min(g.seasons_of(castaway_id))
    where = str(g.summary.loc[debut, "location"])
    return [
        phrase(where, where.split(",")[0].strip(), g.summary.loc[debut, "country"])]


@gold_answer("ua_won_premiere_viewers")
def ua_won_premiere_viewers(g: GoldData, castaway_id: str, call: str):
    won = nv._one(fr._won_seasons(g, castaway_id), call)[0]
    return [
        _millions(float(g.summary.loc[won, "viewers_premiere"]))]


@gold_answer("ua_next_first_boot")
def ua_next_first_boot(g: GoldData, season: int):
    return [
        entity(g, [nv._first_boot(g, season + 1)["castaway_id"]])]


@gold_answer("ua_duel_leader_place")
def ua_duel_leader_place(g: GoldData, season: int):
    leader = nv._one(top(_duel_wins(g, season)), season)[0]
    return [
        number(fr._row(g, leader, season)["place"])]


@gold_answer("ua_first_juror_immunities")
def ua_first_juror_immunities(g: GoldData, season: int):
    first = un._jurors(g, season)["castaway_id"].iloc[0]
    return [
        number(gm._imm_wins(g, first, season))]


def _oldest(g: GoldData, s: int) -> str:
    ages = g.season_cast(s).set_index("castaway_id")["age"]
    return nv._one(top(ages), s)[0]


@gold_answer("ua_oldest_place")
def ua_oldest_place(g: GoldData, season: int):
    return [
        number(fr._row(g, _oldest(g, season), season)["place"])]


def _top_rated_episode(g: GoldData, s: int) -> int:
    eps = g.episodes[g.episodes["season"] == s].set_index("episode")["imdb_rating"]
    return int(nv._one(top(eps), s)[0])


@gold_answer("ua_top_rated_boot")
def ua_top_rated_boot(g: GoldData, season: int):
    cast = g.season_cast(season)
    out = cast[(cast["episode"] == _top_rated_episode(g, season)) & ~cast["finalist"]]
    return [entities(g, out["castaway_id"])]


@gold_answer("ua_tribe_mates_jury")
def ua_tribe_mates_jury(g: GoldData, castaway_id: str, season: int, call: str):
    cast = g.season_cast(season)
    mine = cast[cast["castaway_id"] == castaway_id].iloc[0]
    assert mine["order"] == 1 and not mine["jury"], call  # the premise: the first boot (so not a juror)
    mates = cast[(cast["original_tribe"] == mine["original_tribe"]) & (cast["castaway_id"] != castaway_id)]
    return [number(mates["jury"].sum())]


# -- cross-entity ----------------------------------------------------------------------------------------
@gold_answer("ua_voted_both")
def ua_voted_both(g: GoldData, a: str, b: str, season: int):
    votes = g.votes[g.votes["season"] == season]
    both = set(votes[votes["vote_id"] == a]["castaway_id"]) & set(votes[votes["vote_id"] == b]["castaway_id"])
    return [
        entities(g, sorted(both))]


@gold_answer("ua_tribe_vs_tribe")
def ua_tribe_vs_tribe(g: GoldData, season: int, tribe_a: str, tribe_b: str):
    won = _tribe_immunities(g, season).reindex([tribe_a, tribe_b]).fillna(0)
    assert won[tribe_a] != won[tribe_b], won  # no tie
    return [
        phrase(won.idxmax())]


@gold_answer("ua_same_state")
def ua_same_state(g: GoldData, castaway_id: str, season: int):
    cast = g.season_cast(season)
    state = cast[cast["castaway_id"] == castaway_id]["state"].iloc[0]
    others = cast[(cast["state"] == state) & (cast["castaway_id"] != castaway_id)]
    return [
        entities(g, others["castaway_id"])]


@gold_answer("ua_career_immunity_compare")
def ua_career_immunity_compare(g: GoldData, a: str, b: str):
    wins = {c: gm._imm_wins(g, c) for c in (a, b)}
    assert _scoped(g) or wins[a] != wins[b], wins  # no tie (a viewer part way may see one: both are named)
    return [
        entity(g, top(pd.Series(wins)))]


@gold_answer("ua_journey_mates")
def ua_journey_mates(g: GoldData, castaway_id: str, season: int):
    rows = _journeys(g, season)
    trip = _journey_row(g, castaway_id, season)["sog_id"]
    return [
        entities(g, [c for c in rows[rows["sog_id"] == trip]["castaway_id"] if c != castaway_id])]


@gold_answer("ua_duel_opponents")
def ua_duel_opponents(g: GoldData, castaway_id: str, season: int):
    cr = _challenges(g)
    duels = cr[(cr["season"] == season) & (cr["challenge_type"] == "Duel")]
    mine = set(duels[duels["castaway_id"] == castaway_id]["challenge_id"])
    opponents = duels[duels["challenge_id"].isin(mine) & (duels["castaway_id"] != castaway_id)]
    return [
        entities(g, opponents["castaway_id"].unique())]


@gold_answer("ua_swap_new_tribemates")
def ua_swap_new_tribemates(g: GoldData, castaway_id: str, season: int):
    after = _first_swap_tribe(g, season)
    return [
        entities(g, [c for c, t in after.items() if t == after[castaway_id] and c != castaway_id])]


@gold_answer("ua_jurors_own_tribe")
def ua_jurors_own_tribe(g: GoldData, season: int):
    tribe = g.season_cast(season).set_index("castaway_id")["original_tribe"]
    jury = g.jury[g.jury["season"] == season]
    return [
        entities(g, [j for j, f in zip(jury["castaway_id"], jury["finalist_id"]) if tribe[j] == tribe[f]])]


# -- temporal --------------------------------------------------------------------------------------------
def _nth_merged_boot(g: GoldData, s: int, nth: int) -> pd.Series:
    boots = _merged_boots(g, s).head(nth)
    assert boots["result"].str.contains("voted out").all(), list(boots["result"])  # each of them voted out
    vh = g.vote_history
    at = vh[(vh["season"] == s) & vh["voted_out_id"].isin(boots["castaway_id"])]
    assert set(at["tribe_status"]) == {"Merged"}, set(at["tribe_status"])  # at the merged tribe's councils
    return boots.iloc[nth - 1]


@gold_answer("ua_post_merge_nth")
def ua_post_merge_nth(g: GoldData, season: int, nth: int):
    return [
        entity(g, [_nth_merged_boot(g, season, nth)["castaway_id"]])]


def _first_tribal(g: GoldData, s: int, tribe: str) -> int:
    vh = g.vote_history
    return int(vh[(vh["season"] == s) & (vh["tribe"] == tribe)]["episode"].min())


@gold_answer("ua_tribe_first_tribal")
def ua_tribe_first_tribal(g: GoldData, season: int, tribe: str):
    assert set(g.tribes[g.tribes["tribe"] == tribe]["tribe_status"]) <= {"Original"}, tribe  # no later tribe of it
    return [
        number(_first_tribal(g, season, tribe))]


def _first_idol_play(g: GoldData, s: int) -> pd.DataFrame:
    plays = _idol_plays(g, s)
    return plays[plays["episode"] == plays["episode"].min()]


@gold_answer("ua_first_idol_play")
def ua_first_idol_play(g: GoldData, season: int):
    first = _first_idol_play(g, season)
    return [
        entity(g, first["castaway_id"]), number(*first["episode"].unique())]


def _next_juror(g: GoldData, castaway_id: str, s: int) -> str:
    jurors = list(un._jurors(g, s)["castaway_id"])
    return jurors[jurors.index(castaway_id) + 1]


@gold_answer("ua_next_juror")
def ua_next_juror(g: GoldData, castaway_id: str, season: int):
    return [
        entity(g, [_next_juror(g, castaway_id, season)])]


@gold_answer("ua_last_tribal_immunity")
def ua_last_tribal_immunity(g: GoldData, season: int):
    w = g.wins[(g.wins["season"] == season) & (g.wins["won_tribal_immunity"] == 1)
               & (g.wins["episode"] < un._merge_episode(g, season))]
    last = w[w["challenge_id"] == w["challenge_id"].max()]
    return [
        phrase(*last["tribe"].unique())]


@gold_answer("ua_titled_boot")
def ua_titled_boot(g: GoldData, season: int, title: str):
    cast = g.season_cast(season)
    out = cast[(cast["episode"] == _titled(g, season, title)) & ~cast["finalist"]]
    return [entities(g, out["castaway_id"])]


@gold_answer("ua_after_debut_winner")
def ua_after_debut_winner(g: GoldData, castaway_id: str):
    return [
        entity(g, [g.winner(min(g.seasons_of(castaway_id)) + 1)])]


def _first_to(g: GoldData, s: int, n: int) -> pd.DataFrame:
    """The individual immunity win that took someone to n wins first (ties: the same challenge)."""
    imm = fr._immunity(g)
    imm = imm[imm["season"] == s].sort_values(["episode", "challenge_id"])
    imm = imm.assign(count=imm.groupby("castaway_id").cumcount() + 1)
    reached = imm[imm["count"] == n]
    return reached[reached["challenge_id"] == reached["challenge_id"].iloc[0]] if len(reached) else reached


@gold_answer("ua_first_to_two")
def ua_first_to_two(g: GoldData, season: int):
    return [
        entity(g, _first_to(g, season, 2)["castaway_id"])]


# -- negation --------------------------------------------------------------------------------------------
@gold_answer("ua_tribe_never_immune")
def ua_tribe_never_immune(g: GoldData, season: int):
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Original")]
    won = set(_tribe_immunities(g, season).index)
    return [
        phrase(*sorted(set(t["tribe"]) - won))]


@gold_answer("ua_big_state_no_winner")
def ua_big_state_no_winner(g: GoldData, n: int = 20):
    winners = g.cast[g.cast["castaway_id"].isin(g.cast[g.cast["winner"]]["castaway_id"])]
    won = set(winners["state"])  # any state a winner was ever listed in

    def big(counts: pd.Series) -> list[str]:
        return sorted(s for s, k in counts.items() if k >= n and s not in won)
    people = big(g.cast.drop_duplicates("castaway_id").groupby("state").size())
    assert _scoped(g) or people == big(g.cast.groupby("state").size()), people  # people or appearances: the same
    return [phrases(people)]


@gold_answer("ua_winners_no_idol_since")
def ua_winners_no_idol_since(g: GoldData, since: int):
    found = fr._idols_found(g)
    return [
        entities(g, [g.winner(s) for s in g.finished_seasons if s >= since
                     and not ((found["season"] == s) & (found["castaway_id"] == g.winner(s))).any()])]


@gold_answer("ua_never_voted_boot")
def ua_never_voted_boot(g: GoldData, season: int):
    votes = g.votes[g.votes["season"] == season]
    right = set(votes[votes["vote_id"] == votes["voted_out_id"]]["castaway_id"])
    return [
        entities(g, sorted(c for c in votes["castaway_id"].unique() if c not in right))]


@gold_answer("ua_seasons_no_swap")
def ua_seasons_no_swap(g: GoldData):
    swapped = set(g.tribes[g.tribes["tribe_status"].isin(["Swapped", "Swapped_2"])]["season"])
    return [
        seasons(s for s in g.finished_seasons if s not in swapped)]


@gold_answer("ua_journey_kept_vote")
def ua_journey_kept_vote(g: GoldData, season: int):
    rows = _journeys(g, season)
    lost = set(rows[rows["lost_vote"].fillna(False).astype(bool)]["castaway_id"])
    return [
        entities(g, [c for c in rows["castaway_id"].unique() if c not in lost])]


@gold_answer("ua_never_won_challenge")
def ua_never_won_challenge(g: GoldData, season: int):
    won = set(g.wins[g.wins["season"] == season]["castaway_id"])
    return [
        entities(g, [c for c in g.season_cast(season)["castaway_id"] if c not in won])]


@gold_answer("ua_auction_no_buy")
def ua_auction_no_buy(g: GoldData, season: int):
    present, bought = _auction(g, season)
    return [
        entities(g, [c for c in present["castaway_id"] if c not in set(bought["castaway_id"])])]


# -- narrative -------------------------------------------------------------------------------------------
@gold_answer("ua_why_left")
def ua_why_left(g: GoldData, castaway_id: str, season: int, call: str, v: int = 0, key: list | None = None):
    result = str(fr._row(g, castaway_id, season)["result"])
    assert (result == "Quit") == (v == 2), (call, result)  # the premise of the wording
    parts = gm.why_left(g, castaway_id, season)
    return (un._with_key_words(g, parts, key) if key else parts)


@gold_answer("ua_swap_story")
def ua_swap_story(g: GoldData, season: int):
    ep = _swap_episode(g, season)
    text = nv._summary_text(g, season, ep)
    groups = [["swap", "switch", "shuffl"], *[[t] for t in sorted(set(_first_swap_tribe(g, season).values()))]]
    assert all(any(contains_prefix(text, w) for w in grp) for grp in groups), (season, ep)  # the episode tells it
    return [
        facts(groups, {"season": season, "episode": ep})]


def _first_own_play(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    plays = _idol_plays(g, s)
    return plays[plays["castaway_id"] == castaway_id].iloc[0]


@gold_answer("ua_idol_story")
def ua_idol_story(g: GoldData, castaway_id: str, season: int):
    play = _first_own_play(g, castaway_id, season)
    ep = int(play["episode"])
    cast = g.season_cast(season)
    out = cast[(cast["episode"] == ep) & ~cast["finalist"]]["castaway_id"]
    who = [gm._name_words(g, castaway_id), ["idol"]]
    if pd.notna(play["played_for_id"]) and play["played_for_id"] != castaway_id:
        who.append(gm._name_words(g, play["played_for_id"]))  # played for someone else
    groups = who + [gm._name_words(g, c) for c in out]
    assert all(any(contains_prefix(nv._summary_text(g, season, ep), w) for w in grp) for grp in groups), groups
    return [facts(groups, {"season": season, "episode": ep, "castaway_ids": list(out)})]


# -- unanswerable ----------------------------------------------------------------------------------------
@gold_answer("ua_future")
def ua_future(g: GoldData, future: int):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    return [abstain()]


@gold_answer("ua_nobody")
def ua_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return [abstain()]


@gold_answer("ua_opinion")
def ua_opinion(g: GoldData, season: int):
    return [abstain()]


@gold_answer("ua_host_pay")
def ua_host_pay(g: GoldData, host: str):
    assert not g.person_exists(host), host  # the host is not a castaway
    columns = set(g.summary.columns) | set(g.episodes.columns)
    assert not [c for c in columns if any(w in c for w in ("salary", "pay", "host"))], columns
    return [abstain()]


@gold_answer("ua_applicants")
def ua_applicants(g: GoldData, season: int):
    columns = set(g.summary.columns) | set(g.cast.columns)
    assert not [c for c in columns if any(w in c for w in ("applic", "casting", "audition"))], columns
    return [abstain()]


@gold_answer("ua_favorite_movie")
def ua_favorite_movie(g: GoldData, castaway_id: str, call: str):
    check_not_in_data(g, castaway_id, ("favorite", "favourite", "movie", "film"))
    assert pd.isna(nv._bio(g, castaway_id, "hobbies")), call  # no free text that might say
    return [abstain()]


@gold_answer("ua_fake_tribe")
def ua_fake_tribe(g: GoldData, tribe: str):
    assert not g.data.table("tribe_mapping")["tribe"].str.lower().eq(tribe.lower()).any(), tribe
    return [abstain()]


@gold_answer("ua_idol_counterfactual")
def ua_idol_counterfactual(g: GoldData, castaway_id: str, season: int, call: str):
    held = _advantage_rows(g, castaway_id, season)
    held = held[(held["event"] == "Voted out with advantage") & held["advantage_type"].str.lower().str.contains(IDOL)]
    assert len(held), call  # the premise: voted out holding an idol
    return [
        abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _journey_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_journey_row(full, p["castaway_id"], p["season"])["episode"]))]


def _advantage_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_advantage_rows(full, p["castaway_id"], p["season"])["episode"].min()))]


def _auction_aired(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _auction_episode(full, p["season"]))]


def _titled_aired(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _titled(full, p["season"], p["title"]))]


def _won_finale(full: GoldData, p: dict) -> list:
    return [("finale", s, None) for s in fr._won_seasons(full, p["castaway_id"])]


def _next_first_boot_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"] + 1, nv._first_boot(full, p["season"] + 1)["castaway_id"])]


def _first_juror_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], un._jurors(full, p["season"])["castaway_id"].iloc[0])]


def _oldest_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _oldest(full, p["season"]))]


def _merged_boot_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _nth_merged_boot(full, p["season"], p["nth"])["castaway_id"])]


def _first_tribal_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _first_tribal(full, p["season"], p["tribe"]))]


def _first_idol_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_first_idol_play(full, p["season"])["episode"].min()))]


def _next_juror_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _next_juror(full, p["castaway_id"], p["season"]))]


def _after_debut_finale(full: GoldData, p: dict) -> list:
    return [("finale", min(full.seasons_of(p["castaway_id"])) + 1, None)]


def _first_to_two_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_first_to(full, p["season"], 2)["episode"].iloc[0]))]


def _swap(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _swap_episode(full, p["season"]))]


def _idol_story_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_first_own_play(full, p["castaway_id"], p["season"])["episode"]))]


SCOPE_NEEDS = {
    "ua_final_immunity_name": "finale", "ua_journey_reward": _journey_episode,
    "ua_advantage_kind": _advantage_episode, "ua_auction_item": _auction_aired, "ua_episode_viewers": _titled_aired,
    "ua_sat_out_most": "finale", "ua_duel_leader": "finale", "ua_tribe_immunity_count": scoped._merge,
    "ua_nullified": "finale", "ua_most_watched_episode": "finale", "ua_juror_confessionals": "finale",
    "ua_jury_women": "finale",
    "ua_won_premiere_viewers": _won_finale, "ua_next_first_boot": _next_first_boot_exit,
    "ua_duel_leader_place": "finale", "ua_first_juror_immunities": _first_juror_exit,
    "ua_oldest_place": _oldest_exit, "ua_top_rated_boot": "finale", "ua_tribe_mates_jury": "finale",
    "ua_voted_both": "finale", "ua_tribe_vs_tribe": "finale", "ua_journey_mates": _journey_episode,
    "ua_duel_opponents": "finale", "ua_swap_new_tribemates": _swap, "ua_jurors_own_tribe": "finale",
    "ua_post_merge_nth": _merged_boot_exit, "ua_tribe_first_tribal": _first_tribal_episode,
    "ua_first_idol_play": _first_idol_episode, "ua_next_juror": _next_juror_exit,
    "ua_last_tribal_immunity": scoped._merge, "ua_titled_boot": _titled_aired,
    "ua_after_debut_winner": _after_debut_finale, "ua_first_to_two": _first_to_two_episode,
    "ua_tribe_never_immune": scoped._merge, "ua_never_voted_boot": "finale", "ua_journey_kept_vote": "finale",
    "ua_never_won_challenge": "finale", "ua_auction_no_buy": _auction_aired,
    "ua_why_left": "exit", "ua_swap_story": _swap, "ua_idol_story": _idol_story_episode,
    "ua_idol_counterfactual": "exit",
}
SCOPE_AS_AIRED = {"ua_mbti", "ua_tribe_season", "ua_hometown_then", "ua_worst_rated_season",
                  "ua_debut_location", "ua_same_state", "ua_career_immunity_compare", "ua_big_state_no_winner",
                  "ua_winners_no_idol_since", "ua_seasons_no_swap", "ua_future", "ua_nobody", "ua_opinion",
                  "ua_host_pay", "ua_applicants", "ua_favorite_movie", "ua_fake_tribe"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)
