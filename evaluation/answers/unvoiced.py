"""Gold answers first written for the blind-10 question set (evaluation/sets/blind-10.jsonl, once "unvoiced"):
nullified votes, challenge wins, ratings (finale against premiere), twist stories.

Each function computes a question's answer parts from the survivoR tables; its name starts with "uv_". Each
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
from evaluation.answers import unposed as up
from evaluation.answers.gold_facts import top
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
    phrases,
    season,
    seasons,
)

SHOT = "Shot in the dark"  # vote_history.vote_event
REGULAR = r"(Ep \d+|Finale)$"  # episodes.episode_label of aired episodes (no recaps, no reunions)
CAR = r"\(car\)"  # challenge_description.reward marks the rewards that were a car


def _scoped(g: GoldData) -> bool:
    return uh._scoped(g)


def _table(g: GoldData, name: str) -> pd.DataFrame:
    """A survivoR event table GoldData does not cut itself (it has season and episode): for a viewer scope, only
    the rows that had aired."""
    return up._aired(g, g.data.table(name))


def _regular_episodes(g: GoldData, s: int) -> pd.DataFrame:
    eps = g.episodes
    return eps[(eps["season"] == s) & eps["episode_label"].str.match(REGULAR, na=False)]


def _finale(g: GoldData, s: int) -> pd.Series:
    eps = g.episodes
    rows = eps[(eps["season"] == s) & (eps["episode_label"] == "Finale")]
    return rows.loc[nv._one(list(rows.index), s)[0]]


def _car_challenge(g: GoldData, s: int) -> pd.Series:
    """The one reward challenge of a season whose prize was a car."""
    desc = _table(g, "challenge_description")
    car = desc[(desc["season"] == s) & desc["reward"].str.contains(CAR, na=False)]
    return car.loc[nv._one(list(car.index), s)[0]]


def _challenge_rows(g: GoldData, s: int, challenge_id) -> pd.DataFrame:
    cr = up._challenges(g)
    return cr[(cr["season"] == s) & (cr["challenge_id"] == challenge_id)]


def _car_winner(g: GoldData, s: int) -> str:
    rows = _challenge_rows(g, s, _car_challenge(g, s)["challenge_id"])
    return nv._one(sorted(set(rows[rows["won_individual_reward"] == 1]["castaway_id"])), s)[0]


def _swap2(g: GoldData, s: int) -> pd.DataFrame:
    t = g.tribes
    return t[(t["season"] == s) & (t["tribe_status"] == "Swapped_2")]


def _swap2_episode(g: GoldData, s: int) -> int:
    return int(_swap2(g, s)["episode"].min())


def _event_rows(g: GoldData, s: int, event: str) -> pd.DataFrame:
    vh = g.vote_history
    return vh[(vh["season"] == s) & (vh["vote_event"] == event)]


def _event_row(g: GoldData, castaway_id: str, s: int, event: str, outcome: str | None = None) -> pd.Series:
    rows = _event_rows(g, s, event)
    rows = rows[rows["castaway_id"] == castaway_id]
    if outcome is not None:
        rows = rows[rows["vote_event_outcome"] == outcome]
    rows = rows.drop_duplicates(["episode", "order"])
    return rows.loc[nv._one(list(rows.index), (castaway_id, event))[0]]


def _shots(g: GoldData) -> pd.DataFrame:
    """Every shot in the dark played, one row each (a revote repeats the row)."""
    vh = g.vote_history
    return vh[vh["vote_event"] == SHOT].drop_duplicates(["season", "episode", "castaway_id"])


def _journey(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    j = _table(g, "journeys")
    mine = j[(j["season"] == s) & (j["castaway_id"] == castaway_id)]
    return mine.loc[nv._one(list(mine.index), castaway_id)[0]]


def _spent(g: GoldData, s: int) -> pd.Series:
    _, bought = ua._auction(g, s)
    return pd.to_numeric(bought["cost"], errors="coerce").groupby(bought["castaway_id"]).sum()


def _challenge_wins(g: GoldData, s: int) -> pd.Series:
    """Challenges won per person in a season, tribe, team and individual ones together (challenge_summary)."""
    cs = _table(g, "challenge_summary")
    cs = cs[(cs["season"] == s) & (cs["category"] == "All")]
    return pd.to_numeric(cs["won"], errors="coerce").fillna(0).groupby(cs["castaway_id"]).sum()


def _won_season(g: GoldData, castaway_id: str) -> int:
    return int(nv._one(fr._won_seasons(g, castaway_id), castaway_id)[0])


def _debut_age(g: GoldData, castaway_id: str) -> float:
    rows = g.cast[g.cast["castaway_id"] == castaway_id].sort_values("season")
    return float(rows["age"].iloc[0])


def _first_tribal(g: GoldData, s: int) -> pd.Series:
    vh = g.vote_history
    rows = vh[vh["season"] == s].sort_values(["episode", "order"])
    return rows.iloc[0]


def _first_idol_find(g: GoldData, s: int) -> pd.Series:
    found = fr._idols_found(g)
    found = found[found["season"] == s].sort_values(["day", "episode"])
    first = found[found["day"] == found["day"].iloc[0]]
    return first.loc[nv._one(list(first.index), s)[0]]


def _swap2_first_boot(g: GoldData, s: int) -> pd.Series:
    cast = g.season_cast(s)
    after = cast[(cast["episode"] >= _swap2_episode(g, s)) & ~cast["finalist"]].sort_values("order")
    row = after.iloc[0]
    assert "voted out" in str(row["result"]), (s, row["result"])
    return row


def _first_boot(g: GoldData, s: int) -> pd.Series:
    cast = g.season_cast(s)
    row = cast[cast["order"] == 1].iloc[0]
    assert "voted out" in str(row["result"]), (s, row["result"])
    return row


def _edge_return_episode(g: GoldData, castaway_id: str, s: int) -> int:
    """The episode someone was back in the game after going to the Edge of Extinction."""
    t = g.tribes
    mine = t[(t["season"] == s) & (t["castaway_id"] == castaway_id)].sort_values("episode")
    edge = mine[mine["tribe_status"] == "Edge of Extinction"]
    back = mine[(mine["episode"] > edge["episode"].min()) & (mine["tribe_status"] != "Edge of Extinction")]
    return int(back["episode"].min())


def _hobbies(text: str) -> list[str]:
    """'Running, biking and swimming.' -> ['running', 'biking', 'swimming']."""
    items = re.split(r",\s*(?:and\s+)?|\s+and\s+", str(text).strip().rstrip("."))
    return [i.strip().lower() for i in items if i.strip()]


def _season_part(values: list[int]) -> dict:
    """A season answer part, for a template whose `season` parameter hides the part's function."""
    return season(*values)


def _summary_has(g: GoldData, s: int, ep: int, groups: list[list[str]]) -> None:
    up._summary_has(g, s, ep, groups)


# -- single facts ----------------------------------------------------------------------------------------
@gold_answer("uv_hobbies")
def uv_hobbies(g: GoldData, castaway_id: str, call: str):
    hobbies = _hobbies(nv._bio(g, castaway_id, "hobbies"))
    assert 2 <= len(hobbies) <= 4, (call, hobbies)  # a short list, so every one is the answer
    return [phrases(hobbies)]


@gold_answer("uv_second_swap_tribe")
def uv_second_swap_tribe(g: GoldData, castaway_id: str, season: int, call: str):
    rows = _swap2(g, season)
    rows = rows[rows["castaway_id"] == castaway_id].sort_values("episode")
    tribe = rows["tribe"].iloc[0]
    first = up._first_swap_tribe(g, season).get(castaway_id)
    assert _scoped(g) or first != tribe, (call, first, tribe)  # the second swap moved them
    return [
        phrase(tribe)]


@gold_answer("uv_journey_game")
def uv_journey_game(g: GoldData, castaway_id: str, season: int, call: str):
    game = _journey(g, castaway_id, season)["game_played"]
    assert pd.notna(game), call
    return [
        phrase(game)]


@gold_answer("uv_finale_runtime")
def uv_finale_runtime(g: GoldData, season: int):
    return [
        number(_finale(g, season)["episode_length"])]


@gold_answer("uv_nielsen_rank")
def uv_nielsen_rank(g: GoldData, season: int):
    rank = g.summary.loc[season, "rank"]
    return [
        number(*([rank] if pd.notna(rank) else []))]


@gold_answer("uv_car_winner")
def uv_car_winner(g: GoldData, season: int):
    return [entity(g, [_car_winner(g, season)])]


@gold_answer("uv_split_vote_other")
def uv_split_vote_other(g: GoldData, castaway_id: str, season: int, call: str):
    up._exit_row(g, castaway_id, season)
    vh = g.vote_history
    split = vh[(vh["season"] == season) & (vh["voted_out_id"] == castaway_id)]["split_vote"].dropna().unique()
    names = [n.strip() for n in nv._one(list(split), call)[0].split(",")]
    cast = g.season_cast(season)
    named = cast[cast["castaway"].isin(names)]
    assert len(named) == len(names) and castaway_id in set(named["castaway_id"]), (call, names)
    return [
        entity(g, [c for c in named["castaway_id"] if c != castaway_id])]


@gold_answer("uv_auction_price")
def uv_auction_price(g: GoldData, castaway_id: str, season: int, item: str, call: str):
    bought = up._auction_item(g, season, item)
    mine = bought[bought["castaway_id"] == castaway_id]
    cost = mine.loc[nv._one(list(mine.index), (call, item))[0], "cost"]
    return [number(cost)]


# -- aggregation -----------------------------------------------------------------------------------------
@gold_answer("uv_swim_challenges")
def uv_swim_challenges(g: GoldData, season: int):
    desc = _table(g, "challenge_description")
    desc = desc[desc["season"] == season]
    return [
        number(up._flag(desc, "water_swim").sum())]


@gold_answer("uv_shot_counts")
def uv_shot_counts(g: GoldData):
    shots = _shots(g)
    return [number(len(shots)), number(int((shots["vote_event_outcome"] == "Safe").sum()))]


@gold_answer("uv_lowest_rated_episode")
def uv_lowest_rated_episode(g: GoldData, season: int):
    eps = _regular_episodes(g, season)
    worst = eps[eps["imdb_rating"] == eps["imdb_rating"].min()]
    row = worst.loc[nv._one(list(worst.index), season)[0]]
    return [
        phrase(row["episode_title"], f"episode {int(row['episode'])}")]


@gold_answer("uv_youngest_cast")
def uv_youngest_cast(g: GoldData):
    ages = g.cast.assign(age=g.cast["age"].astype(float)).groupby("season")["age"].mean()
    best = top(-ages)
    assert _scoped(g) or len(best) == 1, best
    return [season(*best)]


@gold_answer("uv_viewers_over")
def uv_viewers_over(g: GoldData, season: int, millions: int):
    viewers = pd.to_numeric(_regular_episodes(g, season)["viewers"], errors="coerce")
    return [
        number(int((viewers > millions * 1e6).sum()))]


@gold_answer("uv_votes_nullified_against")
def uv_votes_nullified_against(g: GoldData, castaway_id: str):
    v = g.votes
    return [
        number(int(((v["vote_id"] == castaway_id) & v["nullified"].eq(True)).sum()))]


@gold_answer("uv_advantage_season")
def uv_advantage_season(g: GoldData):
    adv = g.advantages.drop_duplicates(["version_season", "advantage_id"])
    adv = adv[~adv["advantage_type"].str.lower().str.contains("idol")]
    return [
        season(*top(adv.groupby("season").size()))]


@gold_answer("uv_most_challenges_won")
def uv_most_challenges_won(g: GoldData, season: int):
    best = top(_challenge_wins(g, season))
    assert _scoped(g) or len(best) == 1, best
    return [entity(g, best)]


# -- multi-hop -------------------------------------------------------------------------------------------
@gold_answer("uv_winner_three_words")
def uv_winner_three_words(g: GoldData, season: int):
    words = up._three_words(str(nv._bio(g, g.winner(season), "three_words")))
    assert len(words) == 3, (season, words)
    return [phrases(words)]


@gold_answer("uv_top_spender_place")
def uv_top_spender_place(g: GoldData, season: int):
    spent = _spent(g, season)
    buyer = nv._one(top(spent), season)[0]
    return [entity(g, [buyer]), number(fr._row(g, buyer, season)["place"])]


@gold_answer("uv_first_reward_picks")
def uv_first_reward_picks(g: GoldData, season: int):
    cr = up._challenges(g)
    won = cr[(cr["season"] == season) & (cr["won_individual_reward"] == 1)].sort_values(["episode", "challenge_id"])
    rows = _challenge_rows(g, season, won["challenge_id"].iloc[0])
    picked = rows[up._flag(rows, "chosen_for_reward")]
    assert len(picked), season  # the winner took people along
    return [
        entities(g, list(dict.fromkeys(picked["castaway_id"])))]


@gold_answer("uv_oldest_job")
def uv_oldest_job(g: GoldData, season: int):
    cast = g.season_cast(season)
    oldest = nv._one(top(cast.set_index("castaway_id")["age"].astype(float)), season)[0]
    job = str(nv._bio(g, oldest, "occupation"))
    acronyms = [w for w in re.findall(r"[A-Za-z]+", job) if len(w) > 1 and w.isupper()]  # 'NHL'
    return [
        entity(g, [oldest]), phrase(job, *acronyms)]


@gold_answer("uv_journey_reward_place")
def uv_journey_reward_place(g: GoldData, season: int, reward: str):
    j = _table(g, "journeys")
    j = j[j["season"] == season]
    first = j[j["episode"] == j["episode"].min()]
    got = first[first["reward"] == reward]
    who = nv._one(list(got["castaway_id"]), (season, reward))[0]
    return [entity(g, [who]), number(fr._row(g, who, season)["place"])]


@gold_answer("uv_returnee_first_boot")
def uv_returnee_first_boot(g: GoldData, season: int):
    first = _first_boot(g, season)
    before = g.cast[(g.cast["castaway_id"] == first["castaway_id"]) & (g.cast["season"] < season)]
    row = before.sort_values("season").iloc[0]
    return [number(row["place"])]


@gold_answer("uv_steal_a_vote")
def uv_steal_a_vote(g: GoldData, castaway_id: str, season: int, call: str):
    mine = _event_row(g, castaway_id, season, "Steal a vote", "Extra vote")
    rows = _event_rows(g, season, "Steal a vote")
    lost = rows[(rows["episode"] == mine["episode"]) & (rows["vote_event_outcome"] == "Lost vote")]
    return [
        entity(g, [nv._one(list(lost["castaway_id"]), call)[0]]), entity(g, [mine["voted_out_id"]])]


@gold_answer("uv_longest_finale_winner")
def uv_longest_finale_winner(g: GoldData):
    eps = g.episodes
    finales = eps[(eps["episode_label"] == "Finale") & eps["season"].isin(g.finished_seasons)]
    best = top(finales.set_index("season")["episode_length"].astype(float))
    assert _scoped(g) or len(best) == 1, best
    return [
        season(*best), entity(g, [g.winner(s) for s in best])]


# -- cross-entity ----------------------------------------------------------------------------------------
@gold_answer("uv_premiere_viewers_compare")
def uv_premiere_viewers_compare(g: GoldData, a: int, b: int):
    viewers = pd.to_numeric(g.summary.loc[[a, b], "viewers_premiere"], errors="coerce").dropna()
    assert _scoped(g) or viewers[a] != viewers[b], viewers
    return [season(*top(viewers))]


@gold_answer("uv_imdb_average_compare")
def uv_imdb_average_compare(g: GoldData, a: int, b: int):
    avg = pd.Series({s: float(_regular_episodes(g, s)["imdb_rating"].astype(float).mean()) for s in (a, b)})
    assert _scoped(g) or avg[a] != avg[b], avg
    return [season(*top(avg))]


@gold_answer("uv_idols_found_compare")
def uv_idols_found_compare(g: GoldData, a: int, b: int):
    found = fr._idols_found(g)
    n = pd.Series({s: int((found["season"] == s).sum()) for s in (a, b)})
    assert _scoped(g) or n[a] != n[b], n
    return [season(*top(n))]


@gold_answer("uv_winning_confessionals_compare")
def uv_winning_confessionals_compare(g: GoldData, a: str, b: str):
    conf = g.confessionals
    n = pd.Series({c: int(conf[(conf["season"] == _won_season(g, c)) & (conf["castaway_id"] == c)]
                          ["confessional_count"].sum()) for c in (a, b)})
    assert _scoped(g) or n[a] != n[b], n
    return [entity(g, top(n))]


@gold_answer("uv_debut_age_compare")
def uv_debut_age_compare(g: GoldData, a: str, b: str):
    ages = pd.Series({c: _debut_age(g, c) for c in (a, b)})
    assert ages[a] != ages[b], ages
    return [entity(g, top(-ages))]


@gold_answer("uv_votes_cast_compare")
def uv_votes_cast_compare(g: GoldData, a: str, b: str):
    n = pd.Series({c: int((g.votes["castaway_id"] == c).sum()) for c in (a, b)})
    assert _scoped(g) or n[a] != n[b], n
    return [
        entity(g, top(n))]


@gold_answer("uv_challenge_wins_compare")
def uv_challenge_wins_compare(g: GoldData, a: str, b: str, season: int):
    wins = _challenge_wins(g, season)
    n = pd.Series({c: float(wins.get(c, 0)) for c in (a, b)})
    assert _scoped(g) or n[a] != n[b], n
    return [
        entity(g, top(n))]


@gold_answer("uv_finale_runtime_compare")
def uv_finale_runtime_compare(g: GoldData, a: int, b: int):
    length = pd.Series({s: float(_finale(g, s)["episode_length"]) for s in (a, b)})
    assert _scoped(g) or length[a] != length[b], length
    return [season(*top(length))]


# -- temporal --------------------------------------------------------------------------------------------
@gold_answer("uv_first_shot_saved")
def uv_first_shot_saved(g: GoldData):
    shots = _shots(g)
    saved = shots[shots["vote_event_outcome"] == "Safe"].sort_values(["season", "episode"])
    first = saved.iloc[:1]
    return [
        season(*first["season"]), entity(g, first["castaway_id"])]


@gold_answer("uv_gone_by_day")
def uv_gone_by_day(g: GoldData, season: int, day: int):
    cast = g.season_cast(season)
    assert _scoped(g) or not (cast["day"] == day).any(), (season, day)  # nobody left on the day itself
    gone = cast[(cast["day"] <= day) & ~cast["finalist"]]
    return [number(len(gone))]


@gold_answer("uv_last_auction_before")
def uv_last_auction_before(g: GoldData, season: int):
    present = _table(g, "survivor_auction")
    held = sorted(set(int(s) for s in present["season"]))
    assert season in held, (season, held)  # the premise: the auction came back that season
    before = [s for s in held if s < season]
    return [
        _season_part(before[-1:])]


@gold_answer("uv_wrap_to_premiere")
def uv_wrap_to_premiere(g: GoldData, season: int):
    row = g.summary.loc[season]
    ended, premiered = pd.Timestamp(row["filming_ended"]), pd.Timestamp(row["premiered"])
    days = (premiered - ended).days if pd.notna(ended) and pd.notna(premiered) else None
    assert days is None or days > 0, (season, days)
    # in days; in weeks; in months, as people round it
    values = [] if days is None else [days, round(days / 7), round(days / 30.44)]
    return [number(*values)]


@gold_answer("uv_second_swap_first_boot")
def uv_second_swap_first_boot(g: GoldData, season: int):
    return [
        entity(g, [_swap2_first_boot(g, season)["castaway_id"]])]


@gold_answer("uv_episode_after_boot_title")
def uv_episode_after_boot_title(g: GoldData, castaway_id: str, season: int, call: str):
    ep = int(up._exit_row(g, castaway_id, season)["episode"]) + 1
    eps = g.episodes
    title = eps[(eps["season"] == season) & (eps["episode"] == ep)]["episode_title"]
    return [
        phrase(*nv._one(list(title), (call, ep)))]


@gold_answer("uv_first_idol_find")
def uv_first_idol_find(g: GoldData, season: int):
    row = _first_idol_find(g, season)
    return [number(row["day"]), entity(g, [row["castaway_id"]])]


@gold_answer("uv_still_in_on_day")
def uv_still_in_on_day(g: GoldData, season: int, day: int):
    cast = g.season_cast(season)
    assert _scoped(g) or not (cast["day"] == day).any(), (season, day)
    left = cast[(cast["day"] > day) | cast["finalist"]].sort_values("order")
    return [entities(g, left["castaway_id"])]


# -- negation --------------------------------------------------------------------------------------------
@gold_answer("uv_journey_no_risk")
def uv_journey_no_risk(g: GoldData, season: int):
    j = _table(g, "journeys")
    j = j[j["season"] == season]
    kept = j[j["chose_to_play"].eq(False)]
    return [
        entities(g, list(dict.fromkeys(kept["castaway_id"])))]


@gold_answer("uv_not_unanimous")
def uv_not_unanimous(g: GoldData, season: int):
    cast = g.season_cast(season)
    boots = cast[(cast["episode"] < up._merge(g, season)) & cast["result"].str.contains("voted out", na=False)]
    picked = []
    for cid in boots.sort_values("order")["castaway_id"]:
        v = g.votes[(g.votes["season"] == season) & (g.votes["voted_out_id"] == cid)]
        last = v[v["vote_order"] == v["vote_order"].max()]
        if ((last["castaway_id"] != cid) & (last["vote_id"] != cid)).any():  # someone besides them voted elsewhere
            picked.append(cid)
    return [entities(g, picked)]


@gold_answer("uv_winners_no_premerge_tribal")
def uv_winners_no_premerge_tribal(g: GoldData):
    vh = g.vote_history
    picked = []
    for s in g.finished_seasons:
        w = g.winner(s)
        went = vh[(vh["season"] == s) & (vh["castaway_id"] == w) & (vh["episode"] < up._merge(g, s))]
        if went.empty:
            picked.append(w)
    return [entities(g, picked)]


@gold_answer("uv_no_premiere_confessional")
def uv_no_premiere_confessional(g: GoldData, season: int):
    conf = g.confessionals
    conf = conf[(conf["season"] == season) & (pd.to_numeric(conf["episode"], errors="coerce") == 1)]
    talked = set(conf[conf["confessional_count"] > 0]["castaway_id"])
    cast = g.season_cast(season).sort_values("order", ascending=False)
    return [
        entities(g, [c for c in cast["castaway_id"] if c not in talked])]


@gold_answer("uv_not_in_a_state")
def uv_not_in_a_state(g: GoldData, season: int):
    cast = g.season_cast(season)
    state = cast["state"].replace(uh.STATE_SPELLINGS)
    return [
        entities(g, cast[~state.isin(uh.US_STATES)]["castaway_id"])]


@gold_answer("uv_finale_below_premiere")
def uv_finale_below_premiere(g: GoldData, since: int, until: int):
    summary = g.summary
    picked = []
    for s in g.finished_seasons:
        first, last = (pd.to_numeric(summary.loc[s, c], errors="coerce")
                       for c in ("viewers_premiere", "viewers_finale"))
        if since <= s <= until and pd.notna(first) and pd.notna(last) and last < first:
            picked.append(s)
    return [
        seasons(picked)]


@gold_answer("uv_tribe_no_immunity_winner")
def uv_tribe_no_immunity_winner(g: GoldData, season: int):
    cast = g.season_cast(season)
    imm = fr._immunity(g)
    won = set(imm[imm["season"] == season]["castaway_id"])
    none = [t for t, grp in cast.groupby("original_tribe") if not set(grp["castaway_id"]) & won]
    return [
        phrase(*nv._one(none, season))]


@gold_answer("uv_kept_tribe_both_swaps")
def uv_kept_tribe_both_swaps(g: GoldData, season: int):
    t = g.tribes[g.tribes["season"] == season].sort_values("episode")
    first = {st: dict(zip(rows["castaway_id"], rows["tribe"]))
             for st, rows in t.drop_duplicates(["castaway_id", "tribe_status"]).groupby("tribe_status")}
    at_second = first.get("Swapped_2", {})
    kept = [c for c, tribe in at_second.items()
            if first.get("Original", {}).get(c) == tribe and first.get("Swapped", {}).get(c) == tribe]
    return [
        entities(g, kept)]


# -- narrative -------------------------------------------------------------------------------------------
@gold_answer("uv_car_story")
def uv_car_story(g: GoldData, castaway_id: str, season: int, call: str, key: list):
    challenge = _car_challenge(g, season)
    assert _car_winner(g, season) == castaway_id, call  # the premise: he won the car
    rows = _challenge_rows(g, season, challenge["challenge_id"])
    along = list(rows[up._flag(rows, "chosen_for_reward")]["castaway_id"])
    ep = int(challenge["episode"])
    groups = [uh._call_words(g, castaway_id, season), ["car", *key],
              *[uh._call_words(g, c, season) for c in along]]
    _summary_has(g, season, ep, groups)
    return [facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id, *along]})]


@gold_answer("uv_do_or_die_story")
def uv_do_or_die_story(g: GoldData, castaway_id: str, season: int):
    row = _event_row(g, castaway_id, season, "Do or die")
    ep, out = int(row["episode"]), row["voted_out_id"]
    groups = [["do or die"], uh._call_words(g, castaway_id, season), uh._call_words(g, out, season)]
    _summary_has(g, season, ep, groups)
    return [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id, out]})]


@gold_answer("uv_edge_return_story")
def uv_edge_return_story(g: GoldData, castaway_id: str, season: int):
    ep = _edge_return_episode(g, castaway_id, season)
    groups = [uh._call_words(g, castaway_id, season), ["edge", "extinction"], ["return", "re-entry", "back"]]
    _summary_has(g, season, ep, groups)
    return [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id]})]


@gold_answer("uv_kidnap_story")
def uv_kidnap_story(g: GoldData, castaway_id: str, season: int, episode: int, tribe: str, call: str):
    assert tribe in set(g.tribes[g.tribes["season"] == season]["tribe"]), tribe
    assert castaway_id in set(g.season_cast(season)["castaway_id"]), call
    groups = [uh._call_words(g, castaway_id, season), ["kidnap"], [tribe]]
    _summary_has(g, season, episode, groups)
    return [
        facts(groups, {"season": season, "episode": episode, "castaway_ids": [castaway_id]})]


@gold_answer("uv_shot_story")
def uv_shot_story(g: GoldData, castaway_id: str, season: int):
    row = _event_row(g, castaway_id, season, SHOT, "Safe")
    ep, out = int(row["episode"]), row["voted_out_id"]
    groups = [uh._call_words(g, castaway_id, season), ["shot in the dark"], uh._call_words(g, out, season)]
    _summary_has(g, season, ep, groups)
    return [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id, out]})]


@gold_answer("uv_merge_story")
def uv_merge_story(g: GoldData, season: int):
    parts = gm.merge_story(g, season)
    _summary_has(g, season, parts[0]["support"]["episode"], parts[0]["groups"])
    return parts


@gold_answer("uv_hourglass_story")
def uv_hourglass_story(g: GoldData, season: int, episode: int):
    groups = [["hourglass"], ["smash"], ["immunity", "immune"]]
    _summary_has(g, season, episode, groups)
    return [
        facts(groups, {"season": season, "episode": episode})]


# -- unanswerable ----------------------------------------------------------------------------------------
@gold_answer("uv_future_cast")
def uv_future_cast(g: GoldData, future: int):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    return [abstain()]


@gold_answer("uv_nobody")
def uv_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return [abstain()]


@gold_answer("uv_fake_season")
def uv_fake_season(g: GoldData, place: str):
    summary = g.data.raw("season_summary")
    text = " ".join(summary[c].astype(str).str.cat(sep=" ") for c in ("season_name", "location", "country"))
    assert place.lower() not in text.lower(), place
    return [abstain()]


@gold_answer("uv_missing_episode")
def uv_missing_episode(g: GoldData, season: int, episode: int):
    eps = g.data.table("episodes")
    assert episode > pd.to_numeric(eps[eps["season"] == season]["episode"], errors="coerce").max(), (season, episode)
    return [abstain()]


@gold_answer("uv_favorite_food")
def uv_favorite_food(g: GoldData, castaway_id: str):
    check_not_in_data(g, castaway_id, ("food", "favo", "diet"))
    return [abstain()]


@gold_answer("uv_final_three_counterfactual")
def uv_final_three_counterfactual(g: GoldData, castaway_id: str, season: int, call: str):
    row = fr._row(g, castaway_id, season)
    assert row["place"] == 3 and "voted out" in str(row["result"]), call  # the premise: out at the final three
    return [
        abstain()]


@gold_answer("uv_opinion")
def uv_opinion(g: GoldData, a: str, b: str):
    return [abstain()]


@gold_answer("uv_calories")
def uv_calories(g: GoldData, season: int):
    columns = {c for t in ("season_summary", "castaways", "castaway_details", "episodes")
               for c in g.data.table(t).columns}
    assert not [c for c in columns if any(w in c for w in ("calor", "food", "weight"))], columns
    return [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _swap2_aired(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _swap2_episode(full, p["season"]))]


def _journey_aired(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_journey(full, p["castaway_id"], p["season"])["episode"]))]


def _car_aired(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_car_challenge(full, p["season"])["episode"]))]


def _auction_aired(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], up._auction_episode(full, p["season"]))]


def _auction_came_back(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], up._auction_episode(full, p["season"]))]


def _first_individual_reward(full: GoldData, p: dict) -> list:
    cr = up._challenges(full)
    won = cr[(cr["season"] == p["season"]) & (cr["won_individual_reward"] == 1)]
    return [("episode", p["season"], int(won["episode"].min()))]


def _event_episode(event: str, outcome: str | None = None):
    def need(full: GoldData, p: dict) -> list:
        return [("episode", p["season"], int(_event_row(full, p["castaway_id"], p["season"], event, outcome)
                                             ["episode"]))]
    return need


def _both_finales(full: GoldData, p: dict) -> list:
    return [("finale", p["a"], None), ("finale", p["b"], None)]


def _won_finales(full: GoldData, p: dict) -> list:
    return [("finale", _won_season(full, c), None) for c in (p["a"], p["b"])]


def _first_boot_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _first_boot(full, p["season"])["castaway_id"])]


def _swap2_boot_exit(full: GoldData, p: dict) -> list:
    return [*_swap2_aired(full, p), ("exit", p["season"], _swap2_first_boot(full, p["season"])["castaway_id"])]


def _next_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(up._exit_row(full, p["castaway_id"], p["season"])["episode"]) + 1)]


def _first_idol_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_first_idol_find(full, p["season"])["episode"]))]


def _premiere(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], 1)]


def _edge_return(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _edge_return_episode(full, p["castaway_id"], p["season"]))]


SCOPE_NEEDS = {
    "uv_second_swap_tribe": _swap2_aired, "uv_journey_game": _journey_aired, "uv_finale_runtime": "finale",
    "uv_nielsen_rank": "finale", "uv_car_winner": _car_aired, "uv_split_vote_other": "exit",
    "uv_auction_price": _auction_aired,
    "uv_swim_challenges": "finale", "uv_lowest_rated_episode": "finale", "uv_viewers_over": "finale",
    "uv_most_challenges_won": "finale",
    "uv_winner_three_words": "finale", "uv_top_spender_place": "finale", "uv_first_reward_picks":
        _first_individual_reward, "uv_journey_reward_place": "finale", "uv_returnee_first_boot": _first_boot_exit,
    "uv_steal_a_vote": _event_episode("Steal a vote", "Extra vote"),
    "uv_imdb_average_compare": _both_finales, "uv_idols_found_compare": _both_finales,
    "uv_winning_confessionals_compare": _won_finales, "uv_challenge_wins_compare": "finale",
    "uv_finale_runtime_compare": _both_finales,
    "uv_gone_by_day": "finale", "uv_last_auction_before": _auction_came_back, "uv_second_swap_first_boot":
        _swap2_boot_exit, "uv_episode_after_boot_title": _next_episode, "uv_first_idol_find": _first_idol_episode,
    "uv_still_in_on_day": "finale",
    "uv_journey_no_risk": "finale", "uv_not_unanimous": scoped._merge, "uv_no_premiere_confessional": _premiere,
    "uv_tribe_no_immunity_winner": "finale", "uv_kept_tribe_both_swaps": _swap2_aired,
    "uv_car_story": _car_aired, "uv_do_or_die_story": _event_episode("Do or die"),
    "uv_edge_return_story": _edge_return, "uv_kidnap_story": "episode",
    "uv_shot_story": _event_episode(SHOT, "Safe"), "uv_merge_story": scoped._merge,
    "uv_hourglass_story": "episode", "uv_final_three_counterfactual": "exit",
}
SCOPE_AS_AIRED = {"uv_hobbies", "uv_shot_counts", "uv_youngest_cast", "uv_votes_nullified_against",
                  "uv_advantage_season", "uv_oldest_job", "uv_longest_finale_winner", "uv_premiere_viewers_compare",
                  "uv_debut_age_compare", "uv_votes_cast_compare", "uv_first_shot_saved", "uv_wrap_to_premiere",
                  "uv_winners_no_premerge_tribal", "uv_not_in_a_state", "uv_finale_below_premiere",
                  "uv_future_cast", "uv_nobody", "uv_fake_season", "uv_missing_episode", "uv_favorite_food",
                  "uv_opinion", "uv_calories"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)
