"""Gold answers first written for the blind-07 question set (evaluation/sets/blind-07.jsonl, once "untouched"):
career totals and comparisons, returnees, who did not vote with the majority.

Each function computes a question's answer parts from the survivoR tables; its name starts with "utc_". Each
declares what a viewer scope needs to have aired (SCOPE_NEEDS, SCOPE_AS_AIRED, registered with evaluation.scoped), so
`--watched` works on these questions too.
"""

from __future__ import annotations

import pandas as pd

from evaluation import scoped
from evaluation.answers import fresh as fr
from evaluation.answers import gold_multi as gm
from evaluation.answers import novel as nv
from evaluation.answers import unasked as ua
from evaluation.answers import unseen as un
from evaluation.answers.gold_facts import top
from evaluation.answers.holdout import check_not_in_data
from evaluation.answers.untried import PRE_MERGE, _first_swap_tribe, _swap_episode
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


def _scoped(g: GoldData) -> bool:
    """A viewer scope's data (evaluation.scoped): what the full data guarantees may not hold there yet."""
    return getattr(g, "viewer_scope", None) is not None


def _title(g: GoldData, s: int) -> str:
    """'Cagayan' for a named season, 'season 44' for a numbered one."""
    return g.subtitle(s) or f"season {s}"


def _debut(g: GoldData, castaway_id: str) -> int:
    return min(g.seasons_of(castaway_id))


def _returnees(g: GoldData, s: int) -> pd.DataFrame:
    """The castaways rows of a season's players who had played an earlier season."""
    cast = g.season_cast(s)
    first = g.cast.groupby("castaway_id")["season"].min()
    return cast[[first[c] < s for c in cast["castaway_id"]]]


def _career_days(g: GoldData, castaway_id: str) -> int:
    """Days out there over every season: the day each run ended, summed."""
    return int(g.cast[g.cast["castaway_id"] == castaway_id]["day"].sum())


def _career_confessionals(g: GoldData, castaway_id: str) -> int:
    conf = g.confessionals
    return int(conf[conf["castaway_id"] == castaway_id]["confessional_count"].sum())


def _place_forms(row: pd.Series) -> dict:
    return number(row["place"])


def _first_boot(g: GoldData, s: int) -> pd.Series:
    return nv._first_boot(g, s)


def _first_individual_reward(g: GoldData, s: int) -> pd.DataFrame:
    w = g.wins[(g.wins["season"] == s) & (g.wins["won_individual_reward"] == 1)]
    w = w.sort_values(["episode", "challenge_id"])
    return w[w["challenge_id"] == w["challenge_id"].iloc[0]]


def _boot_votes(g: GoldData, castaway_id: str, s: int) -> pd.DataFrame:
    """The votes cast at the tribal council that sent someone home, which must have been one round."""
    v = g.votes[(g.votes["season"] == s) & (g.votes["voted_out_id"] == castaway_id)]
    assert v["vote_order"].nunique() == 1 and v["episode"].nunique() == 1, castaway_id  # no revote, one council
    return v


def _pre_merge_tribes(g: GoldData, castaway_id: str, s: int) -> set[tuple[int, str]]:
    t = g.tribes[(g.tribes["season"] == s) & (g.tribes["castaway_id"] == castaway_id)
                 & g.tribes["tribe_status"].isin(PRE_MERGE)]
    return set(zip(t["episode"], t["tribe"]))


def _idol_plays(g: GoldData, s: int) -> pd.DataFrame:
    return ua._idol_plays(g, s)


# -- single facts ----------------------------------------------------------------------------------------
@gold_answer("utc_finish_place")
def utc_finish_place(g: GoldData, castaway_id: str, season: int):
    return [_place_forms(fr._row(g, castaway_id, season))]


@gold_answer("utc_age_then")
def utc_age_then(g: GoldData, castaway_id: str, season: int, call: str):
    assert len(getattr(g, "full", g).seasons_of(castaway_id)) > 1, call  # another season lists another age
    return [
        number(fr._row(g, castaway_id, season)["age"])]


@gold_answer("utc_how_it_ended")
def utc_how_it_ended(g: GoldData, castaway_id: str, season: int, call: str):
    result = str(fr._row(g, castaway_id, season)["result"])
    assert result == "Ejected", (call, result)  # the premise: not voted out, not a quit
    return [
        phrase("ejected", "removed", "kicked out", "expelled", "pulled from the game")]


@gold_answer("utc_merge_day")
def utc_merge_day(g: GoldData, season: int):
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Merged")]
    first = t[t["episode"] == t["episode"].min()]
    return [
        number(*nv._one(sorted(set(first["day"].dropna())), season))]


@gold_answer("utc_season_confessionals")
def utc_season_confessionals(g: GoldData, castaway_id: str, season: int):
    conf = g.confessionals
    mine = conf[(conf["season"] == season) & (conf["castaway_id"] == castaway_id)]
    return [
        number(mine["confessional_count"].sum())]


@gold_answer("utc_swap_to")
def utc_swap_to(g: GoldData, castaway_id: str, season: int, call: str):
    after = _first_swap_tribe(g, season)
    start = fr._row(g, castaway_id, season)["original_tribe"]
    assert _scoped(g) or after[castaway_id] != start, call  # she moved
    return [
        phrase(after[castaway_id])]


@gold_answer("utc_hometown")
def utc_hometown(g: GoldData, castaway_id: str, call: str):
    rows = g.cast[g.cast["castaway_id"] == castaway_id]
    assert len(getattr(g, "full", g).seasons_of(castaway_id)) == 1, call  # one season: one listed hometown
    city, state = rows["city"].iloc[0], rows["state"].iloc[0]
    return [phrase(f"{city}, {state}", city)]


@gold_answer("utc_boot_episode_title")
def utc_boot_episode_title(g: GoldData, castaway_id: str, season: int, call: str):
    ep = int(fr._row(g, castaway_id, season)["episode"])
    eps = g.episodes
    title = nv._one(list(eps[(eps["season"] == season) & (eps["episode"] == ep)]["episode_title"]), (call, ep))[0]
    return [phrase(title)]


# -- aggregation -----------------------------------------------------------------------------------------
@gold_answer("utc_career_days")
def utc_career_days(g: GoldData, castaway_id: str):
    return [
        number(_career_days(g, castaway_id))]


@gold_answer("utc_career_votes_cast")
def utc_career_votes_cast(g: GoldData, castaway_id: str):
    return [number((g.votes["castaway_id"] == castaway_id).sum())]


@gold_answer("utc_most_episodes")
def utc_most_episodes(g: GoldData):
    eps = g.episodes[~g.episodes["episode_label"].isin(["Recap", "Reunion"])
                     & g.episodes["season"].isin(g.finished_seasons)].groupby("season")["episode"].nunique()
    return [
        season(*top(eps))]


@gold_answer("utc_biggest_finale")
def utc_biggest_finale(g: GoldData):
    viewers = pd.to_numeric(g.summary["viewers_finale"], errors="coerce")
    return [season(*top(viewers))]


@gold_answer("utc_state_count")
def utc_state_count(g: GoldData, state: str):
    people = g.cast.drop_duplicates("castaway_id")
    # people from the state; appearances (a returnee counted once per season)
    return [
        number((people["state"] == state).sum(), (g.cast["state"] == state).sum())]


@gold_answer("utc_biggest_jury")
def utc_biggest_jury(g: GoldData):
    cast = g.cast[g.cast["season"].isin(g.finished_seasons)]  # a jury is whole once the finale aired
    jurors = cast.groupby("season")["jury"].sum()
    return [season(*top(jurors))]


@gold_answer("utc_top_woman_immunity")
def utc_top_woman_immunity(g: GoldData, season: int):
    imm = fr._immunity(g)
    imm = imm[(imm["season"] == season) & imm["castaway_id"].isin(nv._women(g))]
    return [
        entity(g, top(imm.groupby("castaway_id").size()))]


@gold_answer("utc_tribe_most_jurors")
def utc_tribe_most_jurors(g: GoldData, season: int):
    jurors = un._jurors(g, season).groupby("original_tribe").size()
    return [phrase(*top(jurors))]


# -- multi-hop -------------------------------------------------------------------------------------------
@gold_answer("utc_tribe_location")
def utc_tribe_location(g: GoldData, tribe: str):
    found = sorted(set(int(s) for s in g.tribes[g.tribes["tribe"] == tribe]["season"]))
    assert len(found) <= 1, (tribe, found)  # the name alone says which season (none yet for an early viewer)
    s = found[0]
    where = str(g.summary.loc[s, "location"])
    return [
        phrase(where, where.split(",")[0].strip(), g.summary.loc[s, "country"])]


@gold_answer("utc_immunity_leader_place")
def utc_immunity_leader_place(g: GoldData, season: int):
    imm = fr._immunity(g)
    leader = nv._one(top(imm[imm["season"] == season].groupby("castaway_id").size()), season)[0]
    return [
        _place_forms(fr._row(g, leader, season))]


@gold_answer("utc_first_boot_hometown")
def utc_first_boot_hometown(g: GoldData, season: int):
    row = _first_boot(g, season)
    return [
        phrase(f"{row['city']}, {row['state']}", row["city"])]


def _final_immunity_winner(g: GoldData, s: int) -> str:
    imm = fr._immunity(g)
    imm = imm[imm["season"] == s]
    return nv._one(list(imm[imm["challenge_id"] == imm["challenge_id"].max()]["castaway_id"]), s)[0]


@gold_answer("utc_final_immunity_jury_votes")
def utc_final_immunity_jury_votes(g: GoldData, season: int):
    who = _final_immunity_winner(g, season)
    assert fr._row(g, who, season)["finalist"], season  # they sat at the end
    jury = g.jury[g.jury["season"] == season]
    return [
        number((jury["finalist_id"] == who).sum())]


@gold_answer("utc_winner_debut_place")
def utc_winner_debut_place(g: GoldData, season: int):
    winner = g.winner(season)
    debut = _debut(g, winner)
    assert debut < season, season  # a returning winner
    return [
        _place_forms(fr._row(g, winner, debut))]


@gold_answer("utc_won_season_returnees")
def utc_won_season_returnees(g: GoldData, castaway_id: str, call: str):
    won = nv._one(fr._won_seasons(g, castaway_id), call)[0]
    return [
        number(len(_returnees(g, won)))]


@gold_answer("utc_first_juror_votes_against")
def utc_first_juror_votes_against(g: GoldData, season: int):
    first = un._jurors(g, season)["castaway_id"].iloc[0]
    against = g.votes[(g.votes["season"] == season) & (g.votes["vote_id"] == first)]
    # every vote cast against them; the votes an idol did not cancel
    return [
        number(len(against), len(against) - int(against["nullified"].eq(True).sum()))]


@gold_answer("utc_winner_swap_tribe")
def utc_winner_swap_tribe(g: GoldData, season: int):
    winner = g.winner(season)
    after = _first_swap_tribe(g, season)
    return [phrase(after[winner])]


# -- cross-entity ----------------------------------------------------------------------------------------
@gold_answer("utc_career_days_compare")
def utc_career_days_compare(g: GoldData, a: str, b: str):
    days = pd.Series({c: _career_days(g, c) for c in (a, b)})
    assert _scoped(g) or days[a] != days[b], days  # no tie (a viewer part way may see one: both are named)
    return [
        entity(g, top(days))]


@gold_answer("utc_jury_split")
def utc_jury_split(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    jury = g.jury[g.jury["season"] == season]
    assert set(jury["finalist_id"]) <= {a, b}, (call_a, call_b)  # only these two got votes
    return [
        entities(g, jury[jury["finalist_id"] == a]["castaway_id"]),
        entities(g, jury[jury["finalist_id"] == b]["castaway_id"])]


@gold_answer("utc_career_confessionals_compare")
def utc_career_confessionals_compare(g: GoldData, a: str, b: str):
    counts = pd.Series({c: _career_confessionals(g, c) for c in (a, b)})
    assert _scoped(g) or counts[a] != counts[b], counts
    return [
        entity(g, top(counts))]


@gold_answer("utc_shared_tribes")
def utc_shared_tribes(g: GoldData, a: str, b: str, season: int):
    both = _pre_merge_tribes(g, a, season) & _pre_merge_tribes(g, b, season)
    return [
        phrases(sorted({t for _, t in both}))]


@gold_answer("utc_tribemates_against")
def utc_tribemates_against(g: GoldData, castaway_id: str, season: int):
    votes = _boot_votes(g, castaway_id, season)
    cast = g.season_cast(season).set_index("castaway_id")["original_tribe"]
    start = cast[castaway_id]
    against = votes[(votes["vote_id"] == castaway_id) & (votes["castaway_id"] != castaway_id)]["castaway_id"]
    return [entities(g, [c for c in against if cast[c] == start])]


@gold_answer("utc_debut_compare")
def utc_debut_compare(g: GoldData, a: str, b: str):
    place = pd.Series({c: -fr._row(g, c, _debut(g, c))["place"] for c in (a, b)})
    assert place[a] != place[b], place  # different places
    return [entity(g, top(place))]


@gold_answer("utc_age_gap")
def utc_age_gap(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    age = g.season_cast(season).set_index("castaway_id")["age"]
    assert age[a] > age[b], (call_a, call_b)  # the premise: a was older
    return [number(age[a] - age[b])]


@gold_answer("utc_tribemates_returned")
def utc_tribemates_returned(g: GoldData, castaway_id: str, season: int):
    cast = g.season_cast(season)
    start = fr._row(g, castaway_id, season)["original_tribe"]
    mates = cast[(cast["original_tribe"] == start) & (cast["castaway_id"] != castaway_id)]["castaway_id"]
    later = [c for c in mates if max(g.seasons_of(c)) > season]
    return [
        entities(g, later)]


# -- temporal --------------------------------------------------------------------------------------------
@gold_answer("utc_boots_between")
def utc_boots_between(g: GoldData, season: int, first: int, last: int):
    cast = g.season_cast(season)
    out = cast[(cast["episode"] >= first) & (cast["episode"] <= last) & ~cast["finalist"]].sort_values("order")
    return [
        entities(g, out["castaway_id"])]


@gold_answer("utc_left_at_merge")
def utc_left_at_merge(g: GoldData, season: int):
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Merged")]
    first = t[t["episode"] == t["episode"].min()]
    return [
        number(first["castaway_id"].nunique())]


@gold_answer("utc_first_idol_season")
def utc_first_idol_season(g: GoldData):
    found = fr._idols_found(g)["season"]
    return [
        season(*([int(found.min())] if len(found) else []))]  # none yet for an early viewer


@gold_answer("utc_first_reward")
def utc_first_reward(g: GoldData, season: int):
    return [
        entity(g, _first_individual_reward(g, season)["castaway_id"])]


@gold_answer("utc_first_swap_season")
def utc_first_swap_season(g: GoldData):
    swapped = g.tribes[g.tribes["tribe_status"].isin(["Swapped", "Swapped_2"])]
    return [
        season(*([int(swapped["season"].min())] if len(swapped) else []))]  # none yet for an early viewer


@gold_answer("utc_last_idol_play")
def utc_last_idol_play(g: GoldData, season: int):
    plays = _idol_plays(g, season)
    last = plays[plays["episode"] == plays["episode"].max()]
    return [
        entity(g, nv._one(sorted(set(last["castaway_id"])), season))]


def _last_boot_before_swap(g: GoldData, s: int) -> pd.Series:
    cast = g.season_cast(s)
    before = cast[cast["episode"] < _swap_episode(g, s)].sort_values("order")
    row = before.iloc[-1]
    assert "voted out" in str(row["result"]), (s, row["result"])
    return row


@gold_answer("utc_last_boot_before_swap")
def utc_last_boot_before_swap(g: GoldData, season: int):
    return [
        entity(g, [_last_boot_before_swap(g, season)["castaway_id"]])]


@gold_answer("utc_debut_year")
def utc_debut_year(g: GoldData, castaway_id: str):
    first = _debut(g, castaway_id)
    return [
        number(pd.Timestamp(g.summary.loc[first, "premiered"]).year)]


# -- negation --------------------------------------------------------------------------------------------
@gold_answer("utc_tribe_skipped_tribal")
def utc_tribe_skipped_tribal(g: GoldData, season: int):
    vh = g.vote_history
    went = set(vh[(vh["season"] == season) & (vh["episode"] < un._merge_episode(g, season))]["tribe"])
    start = set(g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Original")]["tribe"])
    return [
        phrase(*sorted(start - went))]


@gold_answer("utc_didnt_vote_boot")
def utc_didnt_vote_boot(g: GoldData, castaway_id: str, season: int):
    votes = _boot_votes(g, castaway_id, season)
    others = votes[(votes["vote_id"] != castaway_id) & (votes["castaway_id"] != castaway_id)]
    return [
        entities(g, others["castaway_id"])]


@gold_answer("utc_tribe_missed_jury")
def utc_tribe_missed_jury(g: GoldData, season: int, tribe: str):
    cast = g.season_cast(season)
    mine = cast[cast["original_tribe"] == tribe]
    return [
        entities(g, mine[~mine["jury"] & ~mine["finalist"]]["castaway_id"])]


@gold_answer("utc_returnees_before_jury")
def utc_returnees_before_jury(g: GoldData, season: int):
    back = _returnees(g, season)
    return [
        entities(g, back[~back["jury"] & ~back["finalist"]]["castaway_id"])]


@gold_answer("utc_winners_no_reward_since")
def utc_winners_no_reward_since(g: GoldData, since: int):
    rewards = g.wins[g.wins["won_individual_reward"] == 1]
    return [
        entities(g, [g.winner(s) for s in g.finished_seasons if s >= since
                     and not ((rewards["season"] == s) & (rewards["castaway_id"] == g.winner(s))).any()])]


@gold_answer("utc_seasons_returnees_no_ftc")
def utc_seasons_returnees_no_ftc(g: GoldData):
    picked = []
    for s in g.finished_seasons:
        back = _returnees(g, s)
        if len(back) and not back["finalist"].any():
            picked.append(s)
    return [seasons(picked)]


@gold_answer("utc_women_missed_merge")
def utc_women_missed_merge(g: GoldData, season: int):
    t = g.tribes[g.tribes["season"] == season]
    merged = set(t[t["tribe_status"] == "Merged"]["castaway_id"])
    cast = g.season_cast(season)
    women = cast[cast["castaway_id"].isin(nv._women(g))]["castaway_id"]
    return [
        entities(g, [c for c in women if c not in merged])]


@gold_answer("utc_seasons_no_triple_immunity")
def utc_seasons_no_triple_immunity(g: GoldData):
    imm = fr._immunity(g)
    most = imm.groupby(["season", "castaway_id"]).size().groupby("season").max()
    return [
        seasons(s for s in g.finished_seasons if most.get(s, 0) <= 2)]


# -- narrative -------------------------------------------------------------------------------------------
@gold_answer("utc_why_left")
def utc_why_left(g: GoldData, castaway_id: str, season: int, call: str, v: int = 0, key: list | None = None):
    result = str(fr._row(g, castaway_id, season)["result"])
    assert (result == "Quit") == (v == 1) and (result == un.MEDEVAC) == (v != 1), (call, result)  # the premise
    parts = gm.why_left(g, castaway_id, season)
    return (un._with_key_words(g, parts, key) if key else parts)


@gold_answer("utc_swap_story")
def utc_swap_story(g: GoldData, season: int):
    ep = _swap_episode(g, season)
    text = nv._summary_text(g, season, ep)
    groups = [["swap", "switch", "shuffl"], *[[t] for t in sorted(set(_first_swap_tribe(g, season).values()))]]
    assert all(any(contains_prefix(text, w) for w in grp) for grp in groups), (season, ep)  # the episode tells it
    return [facts(groups, {"season": season, "episode": ep})]


def _first_own_play(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    plays = _idol_plays(g, s)
    return plays[plays["castaway_id"] == castaway_id].iloc[0]


@gold_answer("utc_idol_story")
def utc_idol_story(g: GoldData, castaway_id: str, season: int, call: str):
    play = _first_own_play(g, castaway_id, season)
    ep = int(play["episode"])
    assert pd.notna(play["played_for_id"]) and play["played_for_id"] != castaway_id, call  # played for someone else
    cast = g.season_cast(season)
    out = cast[(cast["episode"] == ep) & ~cast["finalist"]]["castaway_id"]
    groups = [gm._name_words(g, castaway_id), ["idol"], gm._name_words(g, play["played_for_id"]),
              *[gm._name_words(g, c) for c in out]]
    assert all(any(contains_prefix(nv._summary_text(g, season, ep), w) for w in grp) for grp in groups), groups
    return [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": list(out)})]


# -- unanswerable ----------------------------------------------------------------------------------------
@gold_answer("utc_future")
def utc_future(g: GoldData, future: int):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    return [abstain()]


@gold_answer("utc_nobody")
def utc_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return [abstain()]


@gold_answer("utc_opinion")
def utc_opinion(g: GoldData, season: int):
    return [abstain()]


@gold_answer("utc_theme_song")
def utc_theme_song(g: GoldData):
    columns = set(g.summary.columns) | set(g.episodes.columns)
    assert not [c for c in columns if any(w in c for w in ("music", "song", "composer", "theme"))], columns
    return [abstain()]


@gold_answer("utc_fake_tribe")
def utc_fake_tribe(g: GoldData, tribe: str):
    assert not g.data.table("tribe_mapping")["tribe"].str.lower().eq(tribe.lower()).any(), tribe
    return [abstain()]


@gold_answer("utc_counterfactual")
def utc_counterfactual(g: GoldData, castaway_id: str, season: int, other: str, call: str):
    assert fr._row(g, castaway_id, season)["finalist"], call  # she sat at the end
    assert not fr._row(g, other, season)["finalist"], other  # he did not
    return [abstain()]


@gold_answer("utc_fan_favorite")
def utc_fan_favorite(g: GoldData, season: int):
    columns = set(g.summary.columns) | set(g.cast.columns)
    assert not [c for c in columns if any(w in c for w in ("fan", "favorite", "favourite", "award"))], columns
    return [abstain()]


@gold_answer("utc_school")
def utc_school(g: GoldData, castaway_id: str):
    check_not_in_data(g, castaway_id, ("school", "college", "education", "university", "degree"))
    return [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _swap(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _swap_episode(full, p["season"]))]


def _first_boot_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _first_boot(full, p["season"])["castaway_id"])]


def _won_finale(full: GoldData, p: dict) -> list:
    return [("finale", s, None) for s in fr._won_seasons(full, p["castaway_id"])]


def _first_juror_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], un._jurors(full, p["season"])["castaway_id"].iloc[0])]


def _pre_merge(full: GoldData, p: dict) -> list:
    return scoped._merge(full, p)


def _debut_exits(full: GoldData, p: dict) -> list:
    return [("exit", _debut(full, c), c) for c in (p["a"], p["b"])]


def _last_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], p["last"])]


def _first_reward_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_first_individual_reward(full, p["season"])["episode"].iloc[0]))]


def _before_swap_exit(full: GoldData, p: dict) -> list:
    # the swap that makes it "the last before" too
    return [("exit", p["season"], _last_boot_before_swap(full, p["season"])["castaway_id"]), *_swap(full, p)]


def _idol_story_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_first_own_play(full, p["castaway_id"], p["season"])["episode"]))]


SCOPE_NEEDS = {
    "utc_finish_place": "exit", "utc_how_it_ended": "exit", "utc_merge_day": scoped._merge,
    "utc_season_confessionals": "finale", "utc_swap_to": _swap, "utc_boot_episode_title": "exit",
    "utc_top_woman_immunity": "finale", "utc_tribe_most_jurors": "finale",
    "utc_immunity_leader_place": "finale", "utc_first_boot_hometown": _first_boot_exit,
    "utc_final_immunity_jury_votes": "finale", "utc_winner_debut_place": "finale",
    "utc_won_season_returnees": _won_finale, "utc_first_juror_votes_against": _first_juror_exit,
    "utc_winner_swap_tribe": "finale",
    "utc_jury_split": "finale", "utc_shared_tribes": _pre_merge, "utc_tribemates_against": "exit",
    "utc_debut_compare": _debut_exits,
    "utc_boots_between": _last_episode, "utc_left_at_merge": scoped._merge, "utc_first_reward": _first_reward_episode,
    "utc_last_idol_play": "finale", "utc_last_boot_before_swap": _before_swap_exit,
    "utc_tribe_skipped_tribal": scoped._merge, "utc_didnt_vote_boot": "exit", "utc_tribe_missed_jury": "finale",
    "utc_returnees_before_jury": "finale", "utc_women_missed_merge": scoped._merge,
    "utc_why_left": "exit", "utc_swap_story": _swap, "utc_idol_story": _idol_story_episode,
    "utc_counterfactual": "finale",
}
SCOPE_AS_AIRED = {"utc_age_then", "utc_hometown", "utc_career_days", "utc_career_votes_cast", "utc_most_episodes",
                  "utc_biggest_finale", "utc_state_count", "utc_biggest_jury", "utc_tribe_location",
                  "utc_career_days_compare", "utc_career_confessionals_compare", "utc_age_gap",
                  "utc_tribemates_returned", "utc_first_idol_season", "utc_first_swap_season", "utc_debut_year",
                  "utc_winners_no_reward_since", "utc_seasons_returnees_no_ftc", "utc_seasons_no_triple_immunity",
                  "utc_future", "utc_nobody", "utc_opinion", "utc_theme_song", "utc_fake_tribe", "utc_fan_favorite",
                  "utc_school"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)
