"""Gold answers first written for the blind-11 question set (evaluation/sets/blind-11.jsonl, once "unspoken"):
advantages held and played, Redemption Island and the Edge of Extinction, auctions.

Each function computes a question's answer parts from the survivoR tables; its name starts with "us_". Each
declares what a viewer scope needs to have aired (SCOPE_NEEDS, SCOPE_AS_AIRED, registered with evaluation.scoped), so
`--watched` works on these questions too.
"""

from __future__ import annotations

import colorsys
import re

import pandas as pd

from evaluation import scoped
from evaluation.answers import fresh as fr
from evaluation.answers import gold_multi as gm
from evaluation.answers import novel as nv
from evaluation.answers import unasked as ua
from evaluation.answers import unheard as uh
from evaluation.answers import unposed as up
from evaluation.answers import unvoiced as uv
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

RECAP = "Recap"  # episodes.episode_label of a clip show
RI, EDGE, RETURNED = "Redemption Island", "Edge of Extinction", "Returned"  # boot_mapping.game_status
FOUND = ("Found", "Found (beware)", "Received", "Recieved")  # advantage_movement events that put one in a hand
# Hue bands (degrees) of the colours a buff is called by; a hex colour between bands, too pale or too dark, or
# too grey has no one name, and the template that needs one fails.
HUES = ((0, 12, "red"), (345, 360, "red"), (20, 42, "orange"), (45, 65, "yellow"), (85, 160, "green"),
        (195, 240, "blue"), (260, 300, "purple"))
# How people write a survivor_auction currency code.
CURRENCIES = {"USD": ["USD", "dollars", "US dollars"], "AUD": ["AUD", "Australian dollars"],
              "KES": ["KES", "Kenyan shillings", "Kenyan shilling", "shillings"]}


def _scoped(g: GoldData) -> bool:
    return uh._scoped(g)


def _table(g: GoldData, name: str) -> pd.DataFrame:
    """A survivoR table GoldData does not cut itself: for a viewer scope, only the (season, episode) rows that had
    aired (unvoiced's helper)."""
    return uv._table(g, name)


def _colour(hex_code: str) -> str:
    """'#2150FF' -> 'blue': the hue band of a saturated, mid-light colour."""
    code = str(hex_code).lstrip("#")
    r, g_, b = (int(code[i:i + 2], 16) / 255 for i in (0, 2, 4))
    hue, light, sat = colorsys.rgb_to_hls(r, g_, b)
    assert sat >= 0.6 and 0.25 <= light <= 0.7, (hex_code, light, sat)  # a clear colour, not grey or pastel
    names = [name for low, high, name in HUES if low <= hue * 360 < high]
    assert len(names) == 1, (hex_code, hue * 360)
    return names[0]


def _buff(g: GoldData, s: int, tribe: str) -> dict:
    """The colour of a starting tribe's buffs, as a phrase part (its name and the hex code survivoR has)."""
    tc = g.data.table("tribe_colours")
    rows = tc[(tc["season"] == s) & (tc["tribe"] == tribe) & (tc["tribe_status"] == "Original")]
    code = nv._one(list(rows["tribe_colour"]), (s, tribe))[0]
    return phrase(_colour(code), code)


def _plays_for_others(g: GoldData) -> pd.DataFrame:
    """Advantages and idols played for somebody else, one row per player and play (a shared play names each)."""
    adv = g.advantages
    rows = adv[(adv["event"] == "Played") & adv["played_for_id"].notna() & (adv["played_for_id"] != adv["castaway_id"])]
    return rows.drop_duplicates(["version_season", "advantage_id", "castaway_id", "episode"])


def _idol_play_for(g: GoldData, castaway_id: str, s: int, kind: str = ua.IDOL) -> pd.Series:
    """The one play of an advantage of this kind someone made for somebody else in a season."""
    plays = _plays_for_others(g)
    mine = plays[(plays["season"] == s) & (plays["castaway_id"] == castaway_id)
                 & plays["advantage_type"].str.lower().str.contains(kind)]
    return mine.loc[nv._one(list(mine.index), (castaway_id, kind))[0]]


def _found(g: GoldData, castaway_id: str, s: int) -> pd.DataFrame:
    adv = g.advantages
    return adv[(adv["season"] == s) & (adv["castaway_id"] == castaway_id) & adv["event"].isin(FOUND)]


def _advantage_detail(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    """advantage_details of the one advantage someone found in a season."""
    found = _found(g, castaway_id, s)
    row = found.loc[nv._one(list(found.index), castaway_id)[0]]
    details = g.data.table("advantage_details")
    rows = details[(details["version_season"] == row["version_season"])
                   & (details["advantage_id"] == row["advantage_id"])]
    return rows.loc[nv._one(list(rows.index), (castaway_id, row["advantage_id"]))[0]]


def _boot_map(g: GoldData, s: int) -> pd.DataFrame:
    bm = _table(g, "boot_mapping")
    return bm[bm["season"] == s]


def _returnees(g: GoldData, s: int) -> list[str]:
    """Who came back into the game from Redemption Island or the Edge of Extinction, in the order they did."""
    bm = _boot_map(g, s)
    back = bm[bm["game_status"] == RETURNED].sort_values(["episode", "sog_id"])
    return list(dict.fromkeys(back["castaway_id"]))


def _ri_arrival(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    """The first boot_mapping row that has someone on Redemption Island."""
    bm = _boot_map(g, s)
    rows = bm[(bm["castaway_id"] == castaway_id) & (bm["game_status"] == RI)].sort_values(["episode", "sog_id"])
    return rows.iloc[0]


def _first_return_episode(g: GoldData, s: int) -> int:
    bm = _boot_map(g, s)
    return int(bm[bm["game_status"] == RETURNED]["episode"].min())


def _duels(g: GoldData, s: int) -> pd.DataFrame:
    cr = up._challenges(g)
    return cr[(cr["season"] == s) & (cr["challenge_type"] == "Duel")]


def _duel_wins(g: GoldData, s: int) -> pd.Series:
    d = _duels(g, s)
    won = d[d["won_duel"] == 1].drop_duplicates(["challenge_id", "castaway_id"])
    return won.groupby("castaway_id").size()


def _holding(g: GoldData, s: int) -> pd.Series:
    """Episodes of a season each castaway held an advantage or idol in (advantage_timeline)."""
    t = _table(g, "advantage_timeline")
    t = t[(t["season"] == s) & (t["holding"] == 1)].drop_duplicates(["castaway_id", "episode"])
    return t.groupby("castaway_id").size()


def _auction_present(g: GoldData, s: int) -> pd.DataFrame:
    present, _ = ua._auction(g, s)
    return present


def _auction_bought(g: GoldData, s: int) -> pd.DataFrame:
    _, bought = ua._auction(g, s)
    return bought


def _nth_episode(g: GoldData, n: int) -> pd.Series:
    """The show's n-th episode, counted over all seasons (episodes.episode_number_overall)."""
    eps = g.episodes
    rows = eps[pd.to_numeric(eps["episode_number_overall"], errors="coerce") == n]
    return rows.loc[nv._one(list(rows.index), n)[0]]


def _label_episode(g: GoldData, s: int, label: str) -> pd.Series:
    eps = g.episodes
    rows = eps[(eps["season"] == s) & (eps["episode_label"] == label)]
    return rows.loc[nv._one(list(rows.index), (s, label))[0]]


def _air_date(g: GoldData, s: int, label: str) -> pd.Timestamp:
    return pd.Timestamp(_label_episode(g, s, label)["episode_date"])


def _premiere_lengths(g: GoldData) -> pd.Series:
    eps = g.episodes
    first = eps[eps["episode_label"] == "Ep 1"]
    return first.set_index("season")["episode_length"].astype(float)


def _blindfolds(g: GoldData) -> pd.Series:
    desc = _table(g, "challenge_description")
    return desc[up._flag(desc, "obstacle_blindfolded")].groupby("season").size()


def _first_confessional_episode(g: GoldData, castaway_id: str, s: int) -> int:
    conf = g.confessionals
    mine = conf[(conf["season"] == s) & (conf["castaway_id"] == castaway_id) & (conf["confessional_count"] > 0)]
    return int(pd.to_numeric(mine["episode"], errors="coerce").min())


def _first_found_episode(g: GoldData, castaway_id: str, s: int) -> int:
    return int(_found(g, castaway_id, s)["episode"].min())


def _recap_episode(g: GoldData, s: int) -> int:
    return int(_label_episode(g, s, RECAP)["episode"])


def _dates(days: int) -> dict:
    """A span of days; in weeks; in months, as people round it (unvoiced's forms)."""
    return number(days, round(days / 7), round(days / 30.44))


def _mover_ids(g: GoldData, s: int, episode: int) -> list[str]:
    """Who changed tribes in an episode without a tribe being dissolved (a mutiny): a castaway's tribe there
    differs from the one they had just before."""
    t = g.tribes[(g.tribes["season"] == s)].sort_values("episode")
    moved = []
    for cid, rows in t.groupby("castaway_id"):
        before, now = rows[rows["episode"] < episode], rows[rows["episode"] == episode]
        if len(before) and len(now) and before["tribe"].iloc[-1] != now["tribe"].iloc[0]:
            moved.append(cid)
    return moved


def _out_in(g: GoldData, s: int, episode: int) -> list[str]:
    cast = g.season_cast(s)
    return list(cast[(cast["episode"] == episode) & ~cast["finalist"]].sort_values("order")["castaway_id"])


def _summary_has(g: GoldData, s: int, ep: int, groups: list[list[str]]) -> None:
    up._summary_has(g, s, ep, groups)


# -- single facts ----------------------------------------------------------------------------------------
@gold_answer("us_buff_colour")
def us_buff_colour(g: GoldData, castaway_id: str, season: int):
    tribe = fr._row(g, castaway_id, season)["original_tribe"]
    return [_buff(g, season, tribe)]


@gold_answer("us_idol_played_on")
def us_idol_played_on(g: GoldData, castaway_id: str, season: int):
    row = _idol_play_for(g, castaway_id, season)
    return [
        entity(g, [row["played_for_id"]])]


@gold_answer("us_pet_peeve")
def us_pet_peeve(g: GoldData, castaway_id: str, call: str):
    peeves = uv._hobbies(nv._bio(g, castaway_id, "pet_peeves"))
    assert 1 <= len(peeves) <= 3, (call, peeves)  # a short list, so every one is the answer
    return [phrases(peeves)]


@gold_answer("us_auction_currency")
def us_auction_currency(g: GoldData, season: int):
    present = _auction_present(g, season)
    code = nv._one(sorted(set(present["currency"])), season)[0]
    total = nv._one(sorted(set(present["total"])), season)[0]  # everyone got the same
    return [phrase(*CURRENCIES.get(code, [code])), number(total)]


@gold_answer("us_recap_title")
def us_recap_title(g: GoldData, season: int):
    row = _label_episode(g, season, RECAP)
    return [number(row["episode"]), phrase(row["episode_title"])]


@gold_answer("us_idol_window")
def us_idol_window(g: GoldData, castaway_id: str, season: int, call: str):
    detail = _advantage_detail(g, castaway_id, season)
    days = re.findall(r"[Dd]ay (\d+)", str(detail["conditions"]))
    assert "idol" in str(detail["advantage_type"]).lower(), (call, detail["advantage_type"])
    return [
        number(*nv._one(days, call))]


@gold_answer("us_ri_returnees")
def us_ri_returnees(g: GoldData, season: int):
    assert _scoped(g) or set(_boot_map(g, season)["game_status"]) >= {RI}, season  # a Redemption Island season
    return [
        entities(g, _returnees(g, season))]


@gold_answer("us_idol_kind")
def us_idol_kind(g: GoldData, castaway_id: str, season: int, call: str):
    detail = _advantage_detail(g, castaway_id, season)
    assert "exile" in str(detail["location_found"]).lower(), (call, detail["location_found"])  # the premise
    kind = str(detail["advantage_type"])
    after = re.search(r"after (the )?votes are read", str(detail["conditions"]), re.I)
    forms = [kind, *(["after the votes are read", "after votes are read", "after the votes"] if after else [])]
    return [
        phrase(*forms)]


# -- aggregation -----------------------------------------------------------------------------------------
@gold_answer("us_recap_count")
def us_recap_count(g: GoldData):
    return [
        number(int((g.episodes["episode_label"] == RECAP).sum()))]


@gold_answer("us_idols_for_others")
def us_idols_for_others(g: GoldData, times: int):
    plays = _plays_for_others(g)
    per = plays[plays["advantage_type"].str.lower().str.contains(ua.IDOL)].groupby("castaway_id").size()
    return [
        entities(g, per[per >= times].index)]


@gold_answer("us_blindfold_top")
def us_blindfold_top(g: GoldData):
    per = _blindfolds(g)
    best = top(per)
    assert _scoped(g) or len(best) == 1, per.sort_values().tail(3)
    return [season(*best)]


@gold_answer("us_auction_spent")
def us_auction_spent(g: GoldData, castaway_id: str, season: int, call: str):
    bought = _auction_bought(g, season)
    mine = pd.to_numeric(bought[bought["castaway_id"] == castaway_id]["cost"], errors="coerce")
    assert len(mine) >= 2 and mine.notna().all(), (call, list(mine))  # several buys, every price known
    return [
        number(mine.sum())]


@gold_answer("us_auction_richest")
def us_auction_richest(g: GoldData, season: int):
    present = _auction_present(g, season)
    money = pd.to_numeric(present["total"], errors="coerce").groupby(present["castaway_id"]).sum()
    best = top(money)
    assert _scoped(g) or len(best) == 1, money.sort_values().tail(3)
    return [
        entity(g, best), number(*([money.max()] if len(money) else []))]


@gold_answer("us_longest_advantage")
def us_longest_advantage(g: GoldData, season: int):
    per = _holding(g, season)
    best = top(per)
    assert _scoped(g) or len(best) == 1, per.sort_values().tail(3)
    return [
        entity(g, best)]


@gold_answer("us_top_score")
def us_top_score(g: GoldData, season: int):
    sc = g.scores  # under a viewer scope, only seasons whose finale had aired
    sc = sc[sc["season"] == season].set_index("castaway_id")["score_overall"].astype(float)
    best = top(sc)
    assert len(best) == 1, sc.sort_values().tail(3)
    return [
        entity(g, best)]


@gold_answer("us_most_imdb_votes")
def us_most_imdb_votes(g: GoldData):
    eps = g.episodes
    votes = pd.to_numeric(eps["n_ratings"], errors="coerce")
    best = eps[votes == votes.max()]
    assert _scoped(g) or len(best) == 1, best  # a viewer scope may tie; every tied episode is then an answer
    return [
        season(*best["season"]), phrase(*best["episode_title"])]


# -- multi-hop -------------------------------------------------------------------------------------------
@gold_answer("us_winner_buff_colour")
def us_winner_buff_colour(g: GoldData, season: int):
    tribe = fr._row(g, g.winner(season), season)["original_tribe"]
    return [
        _buff(g, season, tribe)]


@gold_answer("us_idol_for_place")
def us_idol_for_place(g: GoldData, castaway_id: str, season: int):
    saved = _idol_play_for(g, castaway_id, season)["played_for_id"]
    return [entity(g, [saved]), number(fr._row(g, saved, season)["place"])]


@gold_answer("us_nth_episode_boot")
def us_nth_episode_boot(g: GoldData, n: int):
    row = _nth_episode(g, n)
    s, ep = int(row["season"]), int(row["episode"])
    out = [c for c in _out_in(g, s, ep) if "voted out" in str(fr._row(g, c, s)["result"])]
    return [entity(g, nv._one(out, (n, s, ep)))]


@gold_answer("us_bad_item_place")
def us_bad_item_place(g: GoldData, season: int, item: str):
    bought = _auction_bought(g, season)
    bad = bought[(bought["category"] == "Bad item") & (bought["item_description"] == item)]
    buyer = nv._one(sorted(set(bad["castaway_id"].dropna())), (season, item))[0]
    return [entity(g, [buyer]), number(fr._row(g, buyer, season)["place"])]


@gold_answer("us_winner_pet_peeves")
def us_winner_pet_peeves(g: GoldData, season: int):
    peeves = uv._hobbies(nv._bio(g, g.winner(season), "pet_peeves"))
    assert 2 <= len(peeves) <= 3, (season, peeves)
    return [phrases(peeves)]


@gold_answer("us_advantage_holder_place")
def us_advantage_holder_place(g: GoldData, season: int):
    best = nv._one(top(_holding(g, season)), season)[0]
    return [
        entity(g, [best]), number(fr._row(g, best, season)["place"])]


@gold_answer("us_longest_premiere_boot")
def us_longest_premiere_boot(g: GoldData):
    best = top(_premiere_lengths(g))
    assert _scoped(g) or len(best) == 1, best
    return [
        season(*best), entity(g, [nv._first_boot(g, s)["castaway_id"] for s in best])]


@gold_answer("us_nullifier_place")
def us_nullifier_place(g: GoldData, castaway_id: str, season: int):
    target = _idol_play_for(g, castaway_id, season, "nullifier")["played_for_id"]
    return [
        entity(g, [target]), number(fr._row(g, target, season)["place"])]


# -- cross-entity ----------------------------------------------------------------------------------------
@gold_answer("us_premiere_finale_gap")
def us_premiere_finale_gap(g: GoldData, season: int):
    first, last = (float(pd.to_numeric(g.summary.loc[season, c], errors="coerce"))
                   for c in ("viewers_premiere", "viewers_finale"))
    assert _scoped(g) or first > last, (first, last)  # the premise: more watched the premiere
    return [
        ua._millions(round(first - last))]


@gold_answer("us_premiere_length_compare")
def us_premiere_length_compare(g: GoldData, a: int, b: int):
    length = _premiere_lengths(g).reindex([a, b]).dropna()
    assert _scoped(g) or length[a] != length[b], length
    return [season(*top(length))]


@gold_answer("us_born_first")
def us_born_first(g: GoldData, a: str, b: str):
    born = pd.to_datetime(nv._details(g).loc[[a, b], "date_of_birth"])
    assert born[a] != born[b], born
    return [entity(g, [born.idxmin()])]


@gold_answer("us_finale_votes_compare")
def us_finale_votes_compare(g: GoldData, a: int, b: int):
    votes = pd.Series({s: float(_label_episode(g, s, "Finale")["n_ratings"]) for s in (a, b)})
    assert _scoped(g) or votes[a] != votes[b], votes
    return [season(*top(votes))]


@gold_answer("us_holding_compare")
def us_holding_compare(g: GoldData, a: str, b: str, season: int):
    held = _holding(g, season)
    n = pd.Series({c: int(held.get(c, 0)) for c in (a, b)})
    assert _scoped(g) or n[a] != n[b], n
    return [
        entity(g, top(n))]


@gold_answer("us_maze_compare")
def us_maze_compare(g: GoldData, a: int, b: int):
    desc = _table(g, "challenge_description")
    n = pd.Series({s: int(up._flag(desc[desc["season"] == s], "maze").sum()) for s in (a, b)})
    assert _scoped(g) or n[a] != n[b], n
    return [season(*top(n))]


@gold_answer("us_duel_compare")
def us_duel_compare(g: GoldData, a: str, b: str, season: int):
    wins = _duel_wins(g, season)
    n = pd.Series({c: int(wins.get(c, 0)) for c in (a, b)})
    assert _scoped(g) or n[a] != n[b], n
    return [entity(g, top(n))]


@gold_answer("us_auction_spent_compare")
def us_auction_spent_compare(g: GoldData, a: str, b: str, season: int):
    bought = _auction_bought(g, season)
    cost = pd.to_numeric(bought["cost"], errors="coerce").groupby(bought["castaway_id"]).sum()
    spent = pd.Series({c: float(cost.get(c, 0)) for c in (a, b)})
    assert _scoped(g) or spent[a] != spent[b], spent
    return [entity(g, top(spent))]


# -- temporal --------------------------------------------------------------------------------------------
@gold_answer("us_nth_episode")
def us_nth_episode(g: GoldData, n: int):
    row = _nth_episode(g, n)
    return [
        season(row["season"]), phrase(row["episode_title"])]


@gold_answer("us_first_played_for")
def us_first_played_for(g: GoldData):
    plays = _plays_for_others(g)
    plays = plays[plays["advantage_type"].str.lower().str.contains(ua.IDOL)].sort_values(["season", "episode", "day"])
    first = plays.iloc[:1]
    return [season(*first["season"]), entity(g, first["castaway_id"]),
                                   entity(g, first["played_for_id"])]


@gold_answer("us_first_confessional")
def us_first_confessional(g: GoldData, castaway_id: str, season: int, call: str):
    ep = _first_confessional_episode(g, castaway_id, season)
    assert _scoped(g) or ep > 1, (call, ep)  # the premise: not from the start
    return [number(ep)]


@gold_answer("us_first_advantage_episode")
def us_first_advantage_episode(g: GoldData, castaway_id: str, season: int):
    return [
        number(_first_found_episode(g, castaway_id, season))]


@gold_answer("us_season_gap")
def us_season_gap(g: GoldData, a: int):
    days = (_air_date(g, a + 1, "Ep 1") - _air_date(g, a, "Finale")).days
    assert days > 0, (a, days)
    return [_dates(days)]


@gold_answer("us_boot_before_recap")
def us_boot_before_recap(g: GoldData, season: int):
    cast = g.season_cast(season)
    before = cast[(cast["episode"] < _recap_episode(g, season)) & cast["result"].str.contains("voted out", na=False)]
    return [
        entity(g, before.sort_values("order")["castaway_id"].iloc[-1:])]


@gold_answer("us_ri_waiting")
def us_ri_waiting(g: GoldData, castaway_id: str, season: int):
    arrived = _ri_arrival(g, castaway_id, season)
    bm = _boot_map(g, season)
    there = bm[(bm["episode"] == arrived["episode"]) & (bm["sog_id"] == arrived["sog_id"])
               & (bm["game_status"] == RI) & (bm["castaway_id"] != castaway_id)]
    return [
        entities(g, there["castaway_id"])]


@gold_answer("us_first_auction_item")
def us_first_auction_item(g: GoldData, season: int):
    bought = _auction_bought(g, season)
    first = bought[pd.to_numeric(bought["item"], errors="coerce") == pd.to_numeric(bought["item"]).min()]
    row = first.loc[nv._one(list(first.index), season)[0]]
    return [
        phrase(row["item_description"]), entity(g, [row["castaway_id"]])]


# -- negation --------------------------------------------------------------------------------------------
@gold_answer("us_seasons_no_recap")
def us_seasons_no_recap(g: GoldData, first: int, last: int):
    recaps = set(g.episodes[g.episodes["episode_label"] == RECAP]["season"])
    return [
        seasons(s for s in g.finished_seasons if first <= s <= last and s not in recaps)]


@gold_answer("us_no_blindfold_since")
def us_no_blindfold_since(g: GoldData, since: int):
    blind = set(_blindfolds(g).index)
    return [
        seasons(s for s in g.finished_seasons if s >= since and s not in blind)]


@gold_answer("us_ri_never_won_duel")
def us_ri_never_won_duel(g: GoldData, season: int):
    bm = _boot_map(g, season)
    went = bm[bm["game_status"] == RI].sort_values(["episode", "sog_id"])
    wins = _duel_wins(g, season)
    return [
        entities(g, [c for c in dict.fromkeys(went["castaway_id"]) if not wins.get(c, 0)])]


@gold_answer("us_reward_not_immunity")
def us_reward_not_immunity(g: GoldData, season: int):
    w = g.wins[g.wins["season"] == season]
    reward = list(dict.fromkeys(w[w["won_individual_reward"] == 1]["castaway_id"]))
    immune = set(w[w["won_individual_immunity"] == 1]["castaway_id"])
    return [
        entities(g, [c for c in reward if c not in immune])]


@gold_answer("us_edge_never_back")
def us_edge_never_back(g: GoldData, season: int):
    t = g.tribes[g.tribes["season"] == season]
    edge = t[t["tribe_status"] == EDGE]
    never = []
    for cid in dict.fromkeys(edge.sort_values("episode")["castaway_id"]):
        later = t[(t["castaway_id"] == cid) & (t["episode"] > edge[edge["castaway_id"] == cid]["episode"].min())]
        if (later["tribe_status"] == EDGE).all():
            never.append(cid)
    return [
        entities(g, never)]


@gold_answer("us_finalists_no_advantage")
def us_finalists_no_advantage(g: GoldData, since: int):
    t = _table(g, "advantage_timeline")
    held = set(zip(t[t["holding"] == 1]["season"].astype(int), t[t["holding"] == 1]["castaway_id"]))
    cast = g.cast[g.cast["finalist"] & (g.cast["season"] >= since)]
    cast = cast[cast["season"].isin(g.finished_seasons)].sort_values(["season", "place"])
    return [
        entities(g, [c for s, c in zip(cast["season"], cast["castaway_id"]) if (int(s), c) not in held])]


@gold_answer("us_finales_under")
def us_finales_under(g: GoldData, since: int, rating: float):
    eps = g.episodes
    fin = eps[(eps["episode_label"] == "Finale") & eps["season"].isin(g.finished_seasons) & (eps["season"] >= since)]
    low = fin[fin["imdb_rating"].astype(float) < rating]
    return [seasons(low["season"])]


@gold_answer("us_auction_no_money")
def us_auction_no_money(g: GoldData, season: int):
    present = _auction_present(g, season)
    broke = present[pd.to_numeric(present["total"], errors="coerce") == 0]
    return [
        entities(g, broke["castaway_id"])]


# -- narrative -------------------------------------------------------------------------------------------
@gold_answer("us_idol_trade_story")
def us_idol_trade_story(g: GoldData, castaway_id: str, season: int, call: str):
    mine = _idol_play_for(g, castaway_id, season)
    other, ep = mine["played_for_id"], int(mine["episode"])
    back = _idol_play_for(g, other, season)
    assert back["played_for_id"] == castaway_id and int(back["episode"]) == ep, call  # they played for each other
    out = _out_in(g, season, ep)
    groups = [uh._call_words(g, castaway_id, season), uh._call_words(g, other, season), ["idol"],
              *[uh._call_words(g, c, season) for c in out]]
    _summary_has(g, season, ep, groups)
    return [facts(groups, {"season": season, "episode": ep,
                                                    "castaway_ids": [castaway_id, other, *out]})]


@gold_answer("us_idol_for_story")
def us_idol_for_story(g: GoldData, castaway_id: str, season: int):
    play = _idol_play_for(g, castaway_id, season)
    saved, ep = play["played_for_id"], int(play["episode"])
    out = _out_in(g, season, ep)
    groups = [uh._call_words(g, castaway_id, season), uh._call_words(g, saved, season), ["idol"],
              *[uh._call_words(g, c, season) for c in out]]
    _summary_has(g, season, ep, groups)
    return [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id, saved, *out]})]


@gold_answer("us_ri_return_story")
def us_ri_return_story(g: GoldData, season: int):
    ep = _first_return_episode(g, season)
    bm = _boot_map(g, season)
    back = nv._one(sorted(set(bm[(bm["episode"] == ep) & (bm["game_status"] == RETURNED)]["castaway_id"])), season)[0]
    duel = _duels(g, season)
    lost = sorted(set(duel[(duel["episode"] == ep) & (duel["won_duel"] == 0)]["castaway_id"]))
    groups = [uh._call_words(g, back, season), ["redemption", "duel"], *[uh._call_words(g, c, season) for c in lost]]
    _summary_has(g, season, ep, groups)
    return [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [back, *lost]})]


@gold_answer("us_first_duel_story")
def us_first_duel_story(g: GoldData, season: int):
    duel = _duels(g, season)
    ep = int(duel["episode"].min())
    first = duel[duel["challenge_id"] == duel[duel["episode"] == ep]["challenge_id"].min()]
    won = sorted(set(first[first["won_duel"] == 1]["castaway_id"]))
    lost = sorted(set(first[first["won_duel"] == 0]["castaway_id"]))
    groups = [["duel"], *[uh._call_words(g, c, season) for c in won + lost]]
    _summary_has(g, season, ep, groups)
    return [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": won + lost})]


@gold_answer("us_mutiny_story")
def us_mutiny_story(g: GoldData, season: int, episode: int):
    moved = _mover_ids(g, season, episode)
    assert moved, (season, episode)
    groups = [["mutiny", "mutinied", "mutinying"], *[uh._call_words(g, c, season) for c in moved]]
    _summary_has(g, season, episode, groups)
    return [
        facts(groups, {"season": season, "episode": episode, "castaway_ids": moved})]


@gold_answer("us_auction_power_story")
def us_auction_power_story(g: GoldData, castaway_id: str, season: int, call: str):
    bought = _auction_bought(g, season)
    power = bought[(bought["castaway_id"] == castaway_id) & bought["item_description"].str.contains("Power", na=False)]
    item = nv._one(list(power["item_description"]), call)[0]
    sent = re.search(r"Send (\w+)", item)
    assert sent, item
    cast = g.season_cast(season)
    target = nv._one(list(cast[cast["castaway"] == sent.group(1)]["castaway_id"]), sent.group(1))[0]
    ep = up._auction_episode(getattr(g, "full", g), season)
    groups = [uh._call_words(g, castaway_id, season), uh._call_words(g, target, season), ["auction"], ["exile"]]
    _summary_has(g, season, ep, groups)
    return [facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id, target]})]


@gold_answer("us_ftc_story")
def us_ftc_story(g: GoldData, season: int):
    parts = gm.final_tribal_story(g, season)
    _summary_has(g, season, parts[0]["support"]["episode"], parts[0]["groups"])
    return parts


@gold_answer("us_merge_story")
def us_merge_story(g: GoldData, season: int):
    parts = gm.merge_story(g, season)
    _summary_has(g, season, parts[0]["support"]["episode"], parts[0]["groups"])
    return parts


# -- unanswerable ----------------------------------------------------------------------------------------
@gold_answer("us_future_return")
def us_future_return(g: GoldData, castaway_id: str, future: int, call: str):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    assert castaway_id in set(g.cast["castaway_id"]), call
    return [abstain()]


@gold_answer("us_nobody")
def us_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return [abstain()]


@gold_answer("us_fake_season")
def us_fake_season(g: GoldData, place: str):
    summary = g.data.raw("season_summary")
    text = " ".join(summary[c].astype(str).str.cat(sep=" ") for c in ("season_name", "location", "country"))
    assert place.lower() not in text.lower(), place
    return [abstain()]


@gold_answer("us_salary")
def us_salary(g: GoldData, castaway_id: str):
    check_not_in_data(g, castaway_id, ("salar", "paid", "pay", "stipend", "earn", "income"))
    return [abstain()]


@gold_answer("us_favourite_colour")
def us_favourite_colour(g: GoldData, castaway_id: str):
    check_not_in_data(g, castaway_id, ("colour", "color", "favo"))
    return [abstain()]


@gold_answer("us_duel_counterfactual")
def us_duel_counterfactual(g: GoldData, castaway_id: str, season: int, call: str):
    duels = _duels(g, season)
    mine = duels[duels["castaway_id"] == castaway_id]
    assert len(mine) == 1 and not (mine["won_duel"] == 1).any(), call  # the premise: one duel, lost
    return [abstain()]


@gold_answer("us_height")
def us_height(g: GoldData, castaway_id: str):
    check_not_in_data(g, castaway_id, ("height", "tall", "weight"))
    return [abstain()]


@gold_answer("us_missing_recap")
def us_missing_recap(g: GoldData, season: int):
    eps = g.data.table("episodes")
    assert not ((eps["season"] == season) & (eps["episode_label"] == RECAP)).any(), season  # the premise is false
    return [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _premiere(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], 1)]


def _play_episode(kind: str = ua.IDOL):
    def need(full: GoldData, p: dict) -> list:
        return [("episode", p["season"], int(_idol_play_for(full, p["castaway_id"], p["season"], kind)["episode"]))]
    return need


def _found_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _first_found_episode(full, p["castaway_id"], p["season"]))]


def _auction_aired(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], up._auction_episode(full, p["season"]))]


def _recap_aired(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _recap_episode(full, p["season"]))]


def _nth_aired(full: GoldData, p: dict) -> list:
    row = _nth_episode(full, p["n"])
    return [("episode", int(row["season"]), int(row["episode"]))]


def _longest_premiere_exit(full: GoldData, p: dict) -> list:
    return [("exit", s, nv._first_boot(full, s)["castaway_id"]) for s in top(_premiere_lengths(full))]


def _both_premieres(full: GoldData, p: dict) -> list:
    return [("episode", p["a"], 1), ("episode", p["b"], 1)]


def _both_finales(full: GoldData, p: dict) -> list:
    return [("finale", p["a"], None), ("finale", p["b"], None)]


def _gap(full: GoldData, p: dict) -> list:
    return [("finale", p["a"], None), ("episode", p["a"] + 1, 1)]


def _first_confessional(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _first_confessional_episode(full, p["castaway_id"], p["season"]))]


def _ri_arrived(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_ri_arrival(full, p["castaway_id"], p["season"])["episode"]))]


def _first_return(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _first_return_episode(full, p["season"]))]


def _first_duel(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_duels(full, p["season"])["episode"].min()))]


SCOPE_NEEDS = {
    "us_buff_colour": _premiere, "us_idol_played_on": _play_episode(), "us_auction_currency": _auction_aired,
    "us_recap_title": _recap_aired, "us_idol_window": _found_episode, "us_ri_returnees": "finale",
    "us_idol_kind": _found_episode,
    "us_auction_spent": _auction_aired, "us_auction_richest": _auction_aired, "us_longest_advantage": "finale",
    "us_top_score": "finale",
    "us_winner_buff_colour": "finale", "us_idol_for_place": "finale", "us_nth_episode_boot": _nth_aired,
    "us_bad_item_place": "finale", "us_winner_pet_peeves": "finale", "us_advantage_holder_place": "finale",
    "us_longest_premiere_boot": _longest_premiere_exit, "us_nullifier_place": "finale",
    "us_premiere_finale_gap": "finale", "us_premiere_length_compare": _both_premieres,
    "us_finale_votes_compare": _both_finales, "us_holding_compare": "finale", "us_maze_compare": _both_finales,
    "us_duel_compare": "finale", "us_auction_spent_compare": _auction_aired,
    "us_nth_episode": _nth_aired, "us_first_confessional": _first_confessional,
    "us_first_advantage_episode": _found_episode, "us_season_gap": _gap, "us_boot_before_recap": _recap_aired,
    "us_ri_waiting": _ri_arrived, "us_first_auction_item": _auction_aired,
    "us_ri_never_won_duel": "finale", "us_reward_not_immunity": "finale", "us_edge_never_back": "finale",
    "us_auction_no_money": _auction_aired,
    "us_idol_trade_story": _play_episode(), "us_idol_for_story": _play_episode(), "us_ri_return_story": _first_return,
    "us_first_duel_story": _first_duel, "us_mutiny_story": "episode", "us_auction_power_story": _auction_aired,
    "us_ftc_story": "finale", "us_merge_story": scoped._merge, "us_duel_counterfactual": "finale",
}
SCOPE_AS_AIRED = {"us_pet_peeve", "us_recap_count", "us_idols_for_others", "us_blindfold_top",
                  "us_most_imdb_votes", "us_born_first", "us_first_played_for", "us_seasons_no_recap",
                  "us_no_blindfold_since", "us_finalists_no_advantage", "us_finales_under",
                  "us_future_return", "us_nobody", "us_fake_season", "us_salary", "us_favourite_colour", "us_height",
                  "us_missing_recap"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)
