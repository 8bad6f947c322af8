"""Gold answers first written for the blind-13 question set (evaluation/sets/blind-13.jsonl, also "unprompted"):
confessional screen time, episode runtimes, IMDb ratings and rating counts, reunion audiences, filming spans, tribal
councils attended, reward wins and sit-outs, where idols were found, job collars, and boot stories the episode
summaries tell.

Each function computes a question's answer parts from the survivoR tables; its name starts with "bt_". Each declares
what a viewer scope needs to have aired (SCOPE_NEEDS, SCOPE_AS_AIRED, registered with evaluation.scoped).
"""

from __future__ import annotations

import pandas as pd

from evaluation import scoped
from evaluation.answers import fresh as fr
from evaluation.answers import novel as nv
from evaluation.answers import unheard as uh
from evaluation.answers import unposed as up
from evaluation.answers import unspoken as us
from evaluation.answers import unvoiced as uv
from evaluation.answers.gold_facts import top
from evaluation.answers.holdout import check_not_in_data
from evaluation.data import GoldData
from evaluation.gold import abstain, entities, entity, facts, gold_answer, number, phrase, season

FINALE = "Finale"  # episodes.episode_label of a season's last episode
CAMP = "Found around camp"  # advantage_details.location_found of an idol found at the tribe's camp
SPECIALS = ("Reunion", "Recap")  # episodes.episode_label of the shows that are not a game episode
FOUND = ("Found", "Found (beware)")


def _scoped(g: GoldData) -> bool:
    return uh._scoped(g)


def _table(g: GoldData, name: str) -> pd.DataFrame:
    return uv._table(g, name)


def _conf(g: GoldData, s: int) -> pd.DataFrame:
    conf = g.confessionals
    return conf[conf["season"] == s]


def _conf_time(g: GoldData, s: int) -> pd.Series:
    """Seconds of confessional screen time per castaway over a season."""
    conf = _conf(g, s)
    return conf.groupby("castaway_id")["confessional_time"].sum().astype(float)


def _seconds(value: float) -> dict:
    """A span of screen time in seconds; in minutes, as people round it."""
    return number(round(value), round(value / 60, 1), round(value / 60))


def _finale(g: GoldData, s: int) -> pd.Series:
    eps = g.episodes
    rows = eps[(eps["season"] == s) & (eps["episode_label"] == FINALE)]
    return rows.loc[nv._one(list(rows.index), (s, FINALE))[0]]


def _reunion(g: GoldData) -> pd.Series:
    return pd.to_numeric(g.summary["viewers_reunion"], errors="coerce").dropna()


def _filming_days(g: GoldData, s: int) -> int:
    row = g.summary.loc[s]
    return int((pd.Timestamp(row["filming_ended"]) - pd.Timestamp(row["filming_started"])).days)


def _tribals(g: GoldData, s: int) -> pd.DataFrame:
    """vote_history rows of a season, one per castaway per tribal council they attended (a revote counted once)."""
    vh = g.vote_history
    vh = vh[vh["season"] == s]
    return vh.drop_duplicates(["castaway_id", "episode", "order"])


def _ind_rewards(g: GoldData, s: int) -> pd.Series:
    w = g.wins[(g.wins["season"] == s) & (g.wins["won_individual_reward"] == 1)]
    return w.drop_duplicates(["challenge_id", "castaway_id"]).groupby("castaway_id").size()


def _merge_day(g: GoldData, s: int) -> int:
    t = g.tribes[(g.tribes["season"] == s) & (g.tribes["tribe_status"] == "Merged")]
    return int(pd.to_numeric(t["day"], errors="coerce").min())


def _found(g: GoldData, s: int) -> pd.DataFrame:
    adv = g.advantages
    rows = adv[(adv["season"] == s) & adv["event"].isin(FOUND)]
    return rows.sort_values(["episode", "day"])


def _location_found(g: GoldData, row: pd.Series) -> str:
    details = g.data.table("advantage_details").set_index(["version_season", "advantage_id"])
    return str(details.loc[(row["version_season"], row["advantage_id"]), "location_found"])


def _place_words(text: str) -> dict:
    """'Found at Summit' as people say it: the whole phrase, or the place after its last 'at'/'from'/'around'."""
    words = [text, text.lower()]
    for cut in (" at ", " from ", " around ", " on "):
        if cut in f" {text.lower()}":
            words.append(f" {text.lower()}".rsplit(cut, 1)[1].strip())
    return phrase(*words)


def _votes_cast(g: GoldData, s: int) -> pd.Series:
    v = g.votes[g.votes["season"] == s]
    return v.groupby("castaway_id").size()


def _voted_out_in(g: GoldData, s: int, episode: int) -> list[str]:
    cast = g.season_cast(s)
    out = cast[(cast["episode"] == episode) & cast["result"].str.contains("voted out", case=False, na=False)]
    return list(out.sort_values("order")["castaway_id"])


def _born(g: GoldData, castaway_id: str) -> pd.Timestamp:
    return pd.Timestamp(nv._details(g).loc[castaway_id, "date_of_birth"])


def _age_on(born: pd.Timestamp, day: pd.Timestamp) -> int:
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))


# -- single facts ----------------------------------------------------------------------------------------
@gold_answer("bt_idol_location")
def bt_idol_location(g: GoldData, castaway_id: str, season: int):
    found = _found(g, season)
    found = found[(found["castaway_id"] == castaway_id)
                  & found["advantage_type"].str.contains("Hidden Immunity Idol", na=False)]
    row = found.loc[nv._one(list(found.index), (castaway_id, season))[0]]
    return [_place_words(_location_found(g, row))]


@gold_answer("bt_reunion_viewers")
def bt_reunion_viewers(g: GoldData, season: int):
    millions = float(_reunion(g).loc[season])
    return [number(millions, round(millions, 1), round(millions))]


@gold_answer("bt_confessional_time")
def bt_confessional_time(g: GoldData, castaway_id: str, season: int):
    return [_seconds(_conf_time(g, season).loc[castaway_id])]


@gold_answer("bt_sit_outs")
def bt_sit_outs(g: GoldData, castaway_id: str, season: int):
    return [number(up._sit_outs(g, castaway_id, season))]


@gold_answer("bt_votes_cast")
def bt_votes_cast(g: GoldData, castaway_id: str, season: int):
    return [number(int(_votes_cast(g, season).get(castaway_id, 0)))]


@gold_answer("bt_reward_wins")
def bt_reward_wins(g: GoldData, castaway_id: str, season: int):
    return [number(int(_ind_rewards(g, season).get(castaway_id, 0)))]


@gold_answer("bt_finale_imdb_votes")
def bt_finale_imdb_votes(g: GoldData, season: int):
    return [number(int(_finale(g, season)["n_ratings"]))]


@gold_answer("bt_collar")
def bt_collar(g: GoldData, castaway_id: str):
    collar = str(nv._bio(g, castaway_id, "collar"))
    assert collar.endswith(" collar"), collar
    return [phrase(collar, collar.lower(), collar.split()[0].lower())]


# -- aggregation -----------------------------------------------------------------------------------------
@gold_answer("bt_top_confessional_time")
def bt_top_confessional_time(g: GoldData, season: int):
    best = top(_conf_time(g, season))
    return [entity(g, nv._one(best, season))]


@gold_answer("bt_flag_in_season")
def bt_flag_in_season(g: GoldData, flag: str, season: int):
    desc = _table(g, "challenge_description")
    return [number(int((up._flag(desc, flag) & (desc["season"] == season)).sum()))]


@gold_answer("bt_most_tribals")
def bt_most_tribals(g: GoldData, season: int):
    per = _tribals(g, season).groupby("castaway_id").size()
    return [entities(g, top(per)), number(int(per.max()))]


@gold_answer("bt_top_rated_episode")
def bt_top_rated_episode(g: GoldData, season: int):
    eps = g.episodes[(g.episodes["season"] == season) & ~g.episodes["episode_label"].isin(SPECIALS)]
    rated = pd.to_numeric(eps["imdb_rating"], errors="coerce")
    best = eps[rated == rated.max()]
    row = best.loc[nv._one(list(best.index), season)[0]]
    n = int(row["episode"])
    return [phrase(str(row["episode_title"]), f"episode {n}", f"ep {n}")]  # its title or its number


@gold_answer("bt_biggest_reunion")
def bt_biggest_reunion(g: GoldData):
    return [season(*top(_reunion(g)))]


@gold_answer("bt_people_with_votes")
def bt_people_with_votes(g: GoldData, season: int):
    v = g.votes[g.votes["season"] == season]
    return [number(v["vote_id"].nunique())]


@gold_answer("bt_total_confessionals")
def bt_total_confessionals(g: GoldData, season: int):
    return [number(int(_conf(g, season)["confessional_count"].sum()))]


@gold_answer("bt_advantages_in_season")
def bt_advantages_in_season(g: GoldData, season: int):
    adv = g.advantages
    return [number(int(adv[adv["season"] == season].drop_duplicates("advantage_id").shape[0]))]


# -- temporal --------------------------------------------------------------------------------------------
@gold_answer("bt_first_tribal_day")
def bt_first_tribal_day(g: GoldData, season: int):
    vh = g.vote_history
    return [number(int(pd.to_numeric(vh[vh["season"] == season]["day"], errors="coerce").min()))]


@gold_answer("bt_days_after_merge")
def bt_days_after_merge(g: GoldData, castaway_id: str, season: int):
    days = int(fr._row(g, castaway_id, season)["day"]) - _merge_day(g, season)
    assert days > 0, (castaway_id, days)
    return [number(days)]


@gold_answer("bt_last_individual_reward")
def bt_last_individual_reward(g: GoldData, season: int):
    w = g.wins[(g.wins["season"] == season) & (g.wins["won_individual_reward"] == 1)]
    last = w[w["episode"] == w["episode"].max()]
    last = last[last["challenge_id"] == last["challenge_id"].max()]
    return [entities(g, last["castaway_id"].unique())]


@gold_answer("bt_first_idol_episode")
def bt_first_idol_episode(g: GoldData, season: int):
    found = _found(g, season)
    found = found[found["advantage_type"].str.contains("Hidden Immunity Idol", na=False)]
    first = found.iloc[0]
    return [number(int(first["episode"])), entities(g, found[found["episode"] == first["episode"]]["castaway_id"])]


@gold_answer("bt_filming_days")
def bt_filming_days(g: GoldData, season: int):
    days = _filming_days(g, season)
    return [number(days, days + 1)]


@gold_answer("bt_age_at_premiere")
def bt_age_at_premiere(g: GoldData, castaway_id: str, season: int):
    return [number(_age_on(_born(g, castaway_id), pd.Timestamp(g.summary.loc[season, "premiered"])))]


@gold_answer("bt_first_woman_immunity")
def bt_first_woman_immunity(g: GoldData, season: int):
    women = nv._women(g)
    w = g.wins[(g.wins["season"] == season) & (g.wins["won_individual_immunity"] == 1)
               & g.wins["castaway_id"].isin(women)]
    first = w[w["episode"] == w["episode"].min()]
    first = first[first["challenge_id"] == first["challenge_id"].min()]
    return [entity(g, nv._one(list(first["castaway_id"].unique()), season)), number(int(first["episode"].iloc[0]))]


@gold_answer("bt_last_vote_against_episode")
def bt_last_vote_against_episode(g: GoldData, castaway_id: str, season: int):
    v = g.votes[(g.votes["season"] == season) & (g.votes["vote_id"] == castaway_id)]
    return [number(int(v["episode"].max()))]


# -- negation --------------------------------------------------------------------------------------------
@gold_answer("bt_finalists_no_reward")
def bt_finalists_no_reward(g: GoldData, season: int):
    cast = g.season_cast(season)
    won = set(_ind_rewards(g, season).index)
    return [entities(g, [c for c in cast[cast["finalist"]]["castaway_id"] if c not in won])]


@gold_answer("bt_zero_confessional_episodes")
def bt_zero_confessional_episodes(g: GoldData, castaway_id: str, season: int):
    conf = _conf(g, season)
    mine = conf[conf["castaway_id"] == castaway_id]
    zero = pd.to_numeric(mine[mine["confessional_count"] == 0]["episode"], errors="coerce").astype(int)
    return [number(*sorted(set(zero))) if len(zero) == 1 else
            {"type": "phrases", "values": [str(e) for e in sorted(set(zero))]}]


@gold_answer("bt_never_cast_vote")
def bt_never_cast_vote(g: GoldData, season: int):
    cast = g.season_cast(season).sort_values("order")
    voted = set(g.votes[g.votes["season"] == season]["castaway_id"])
    return [entities(g, [c for c in cast["castaway_id"] if c not in voted])]


@gold_answer("bt_episodes_under_rating")
def bt_episodes_under_rating(g: GoldData, season: int, rating: float):
    eps = g.episodes[(g.episodes["season"] == season) & ~g.episodes["episode_label"].isin(SPECIALS)]
    rated = pd.to_numeric(eps["imdb_rating"], errors="coerce")
    return [{"type": "phrases", "values": [str(t) for t in eps[rated < rating]["episode_title"]]}]


@gold_answer("bt_jurors_no_individual_win")
def bt_jurors_no_individual_win(g: GoldData, season: int):
    w = g.wins[(g.wins["season"] == season)
               & ((g.wins["won_individual_reward"] == 1) | (g.wins["won_individual_immunity"] == 1))]
    cast = g.season_cast(season).sort_values("order")
    jurors = cast[cast["jury"].fillna(False).astype(bool)]["castaway_id"]
    return [entities(g, [c for c in jurors if c not in set(w["castaway_id"])])]


@gold_answer("bt_idols_not_at_camp")
def bt_idols_not_at_camp(g: GoldData, season: int):
    found = _found(g, season)
    found = found[found["advantage_type"].str.contains("Hidden Immunity Idol", na=False)]
    away = [c for i, c in zip(found.index, found["castaway_id"]) if _location_found(g, found.loc[i]) != CAMP]
    return [entities(g, away)]


@gold_answer("bt_tribe_no_tribal_reward")
def bt_tribe_no_tribal_reward(g: GoldData, season: int):
    won = set(g.wins[(g.wins["season"] == season) & (g.wins["won_tribal_reward"] == 1)]["tribe"])
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Original")]
    return [phrase(*nv._one([x for x in t["tribe"].unique() if x not in won], season))]


# -- multi-hop -------------------------------------------------------------------------------------------
def _one_and_place(g: GoldData, candidates: list[str], season: int):
    """The one person of `candidates` (asserted: the question has one answer) and their place that season."""
    who = nv._one(list(candidates), season)[0]
    return [entity(g, [who]), number(fr._row(g, who, season)["place"])]


@gold_answer("bt_top_conf_time_place")
def bt_top_conf_time_place(g: GoldData, season: int):
    return _one_and_place(g, top(_conf_time(g, season)), season)


@gold_answer("bt_first_boot_confessionals")
def bt_first_boot_confessionals(g: GoldData, season: int):
    cast = g.season_cast(season)
    first = nv._one(list(cast[cast["order"] == 1]["castaway_id"]), season)[0]
    conf = _conf(g, season)
    return [entity(g, [first]), number(int(conf[conf["castaway_id"] == first]["confessional_count"].sum()))]


@gold_answer("bt_youngest_place")
def bt_youngest_place(g: GoldData, season: int):
    cast = g.season_cast(season)
    return _one_and_place(g, list(cast[cast["age"] == cast["age"].min()]["castaway_id"]), season)


@gold_answer("bt_runner_up_buff")
def bt_runner_up_buff(g: GoldData, season: int):
    cast = g.season_cast(season)
    second = nv._one(list(cast[cast["place"] == 2]["castaway_id"]), season)[0]
    return [entity(g, [second]), us._buff(g, season, fr._row(g, second, season)["original_tribe"])]


@gold_answer("bt_longest_episode_boot")
def bt_longest_episode_boot(g: GoldData, season: int):
    eps = g.episodes[(g.episodes["season"] == season)
                     & ~g.episodes["episode_label"].isin((FINALE, *SPECIALS))]
    length = pd.to_numeric(eps["episode_length"], errors="coerce")
    ep = nv._one(list(eps[length == length.max()]["episode"]), season)[0]
    return [number(int(ep)), entities(g, _voted_out_in(g, season, int(ep)))]


@gold_answer("bt_top_reward_winner_place")
def bt_top_reward_winner_place(g: GoldData, season: int):
    return _one_and_place(g, top(_ind_rewards(g, season)), season)


@gold_answer("bt_winner_votes_cast")
def bt_winner_votes_cast(g: GoldData, season: int):
    w = g.winner(season)
    return [entity(g, [w]), number(int(_votes_cast(g, season).get(w, 0)))]


@gold_answer("bt_first_idol_finder_place")
def bt_first_idol_finder_place(g: GoldData, season: int):
    found = _found(g, season)
    found = found[found["advantage_type"].str.contains("Hidden Immunity Idol", na=False)]
    return _one_and_place(g, list(found[found["episode"] == found["episode"].min()]["castaway_id"].unique()), season)


# -- cross-entity ----------------------------------------------------------------------------------------
@gold_answer("bt_reunion_compare")
def bt_reunion_compare(g: GoldData, a: int, b: int):
    r = _reunion(g).reindex([a, b])
    assert r.notna().all() and r[a] != r[b], r
    return [season(*top(r))]


@gold_answer("bt_filming_days_compare")
def bt_filming_days_compare(g: GoldData, a: int, b: int):
    d = pd.Series({s: _filming_days(g, s) for s in (a, b)})
    assert d[a] != d[b], d
    return [season(*top(d)), number(abs(int(d[a] - d[b])))]


@gold_answer("bt_reward_wins_compare")
def bt_reward_wins_compare(g: GoldData, a: str, b: str, season: int):
    r = _ind_rewards(g, season).reindex([a, b]).fillna(0)
    assert r[a] != r[b], r
    return [entity(g, top(r))]


@gold_answer("bt_confessionals_compare")
def bt_confessionals_compare(g: GoldData, a: int, b: int):
    n = pd.Series({s: int(_conf(g, s)["confessional_count"].sum()) for s in (a, b)})
    assert n[a] != n[b], n
    return [season(*top(n))]


@gold_answer("bt_first_tribal_day_compare")
def bt_first_tribal_day_compare(g: GoldData, a: int, b: int):
    d = pd.Series({s: bt_first_tribal_day(g, s)[0]["values"][0] for s in (a, b)})
    assert d[a] != d[b], d
    return [season(*top(d))]


@gold_answer("bt_tribals_compare_people")
def bt_tribals_compare_people(g: GoldData, a: str, b: str, season: int):
    per = _tribals(g, season).groupby("castaway_id").size().reindex([a, b]).fillna(0)
    assert per[a] != per[b], per
    return [entity(g, top(per)), number(abs(int(per[a] - per[b])))]


@gold_answer("bt_right_side_compare")
def bt_right_side_compare(g: GoldData, a: str, b: str, season: int):
    v = g.votes[g.votes["season"] == season]
    right = v[v["vote_id"] == v["voted_out_id"]].groupby("castaway_id").size().reindex([a, b]).fillna(0)
    assert right[a] != right[b], right
    return [entity(g, top(right))]


# -- narrative -------------------------------------------------------------------------------------------
@gold_answer("bt_exit_story")
def bt_exit_story(g: GoldData, castaway_id: str, season: int, words: list[list[str]]):
    """The episode a castaway left in, its summary telling how: their name and the story's keywords."""
    ep = int(fr._row(g, castaway_id, season)["episode"])
    groups = [uh._call_words(g, castaway_id, season), *words]
    up._summary_has(g, season, ep, groups)
    return [facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id]})]


# -- unanswerable ----------------------------------------------------------------------------------------
@gold_answer("bt_nobody")
def bt_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return [abstain()]


@gold_answer("bt_future")
def bt_future(g: GoldData, future: int):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    return [abstain()]


@gold_answer("bt_not_in_data")
def bt_not_in_data(g: GoldData, castaway_id: str, words: list[str]):
    check_not_in_data(g, castaway_id, tuple(words))
    return [abstain()]


@gold_answer("bt_fake_season")
def bt_fake_season(g: GoldData, place: str):
    summary = g.data.raw("season_summary")
    text = " ".join(summary["season_name"].astype(str).tolist() + summary["location"].astype(str).tolist()
                    + summary["country"].astype(str).tolist()).lower()
    assert place.lower() not in text, place
    return [abstain()]


@gold_answer("bt_opinion")
def bt_opinion(g: GoldData, castaway_id: str):
    assert castaway_id in set(g.cast["castaway_id"]), castaway_id
    return [abstain()]


@gold_answer("bt_counterfactual")
def bt_counterfactual(g: GoldData, castaway_id: str, season: int):
    row = fr._row(g, castaway_id, season)
    assert not row["finalist"], castaway_id  # the premise: they did not reach the end
    return [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _found_episode(full: GoldData, p: dict) -> list:
    found = _found(full, p["season"])
    return [("episode", p["season"], int(found[found["castaway_id"] == p["castaway_id"]]["episode"].min()))]


def _both_finales(full: GoldData, p: dict) -> list:
    return [("finale", p["a"], None), ("finale", p["b"], None)]


SCOPE_NEEDS = {
    # single facts
    "bt_idol_location": _found_episode, "bt_reunion_viewers": "finale", "bt_confessional_time": "finale",
    "bt_finale_imdb_votes": "finale", "bt_sit_outs": "finale", "bt_votes_cast": "finale", "bt_reward_wins": "finale",
    # aggregation
    "bt_top_confessional_time": "finale", "bt_flag_in_season": "finale", "bt_most_tribals": "finale",
    "bt_top_rated_episode": "finale", "bt_people_with_votes": "finale", "bt_total_confessionals": "finale",
    "bt_advantages_in_season": "finale",
    # temporal
    "bt_first_tribal_day": "finale", "bt_days_after_merge": "exit", "bt_last_individual_reward": "finale",
    "bt_first_idol_episode": "finale", "bt_filming_days": "finale", "bt_age_at_premiere": "finale",
    "bt_first_woman_immunity": "finale", "bt_last_vote_against_episode": "finale",
    # negation
    "bt_idols_not_at_camp": "finale", "bt_finalists_no_reward": "finale", "bt_zero_confessional_episodes": "finale",
    "bt_tribe_no_tribal_reward": "finale", "bt_never_cast_vote": "finale", "bt_episodes_under_rating": "finale",
    "bt_jurors_no_individual_win": "finale",
    # multi-hop
    "bt_top_conf_time_place": "finale", "bt_first_boot_confessionals": "finale", "bt_youngest_place": "finale",
    "bt_runner_up_buff": "finale", "bt_longest_episode_boot": "finale", "bt_top_reward_winner_place": "finale",
    "bt_winner_votes_cast": "finale", "bt_first_idol_finder_place": "finale",
    # cross-entity
    "bt_right_side_compare": "finale", "bt_reward_wins_compare": "finale", "bt_tribals_compare_people": "finale",
    "bt_reunion_compare": _both_finales, "bt_filming_days_compare": _both_finales,
    "bt_confessionals_compare": _both_finales, "bt_first_tribal_day_compare": _both_finales,
    # narrative, unanswerable
    "bt_exit_story": "exit", "bt_counterfactual": "finale",
}
SCOPE_AS_AIRED = {"bt_collar", "bt_biggest_reunion", "bt_nobody", "bt_future", "bt_not_in_data", "bt_fake_season",
                  "bt_opinion"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)
