"""The unspoken question set: a twelfth blind set, for how the agent generalises to questions nobody tuned it on.

The gold, held-out, fresh, unseen, novel, untried, unasked, untouched, unheard, unposed and unvoiced sets have all
been looked at while the agent grew; this one was written without reading the agent, linker, catalog, Cypher or
retriever code and without running the agent on any set. It asks about people, seasons and tribes the other eleven
ask about little or not at all, and it reaches into survivoR tables and columns they do not touch: the colours of
the tribes' buffs (tribe_colours), who sat on Redemption Island or the Edge of Extinction and who came back
(boot_mapping), who held an advantage in which episode (advantage_timeline), where an advantage was found and the
conditions it came with (advantage_details), idols and advantages played for someone else (advantage_movement's
played_for), the money each castaway brought to an auction and its currency (survivor_auction), the order of the
items, their categories and what one person spent in all (auction_details), blindfolded and maze challenges
(challenge_description), Redemption Island duels (challenge_results' won_duel), survivoR's own castaway scores
(castaway_scores), pet peeves and birthdays (castaway_details), the first confessional someone got (confessionals),
recap episodes, episode numbers counted over the whole show, IMDb vote counts, premiere running times and air dates
(episodes). The shapes are new too: a buff's colour and the winner's buff, the 100th and 400th episode, the wait
between two seasons, the difference between a premiere's and a finale's audience, who was born first, the first
idol played for someone else, who was already on Redemption Island when someone got there, the last boot before
a recap, the first item auctioned, two castaways' auction spending, seasons without a recap or a blindfold,
finalists who never held an advantage, Redemption Island players who never won a duel, reward winners who never won
immunity, and stories of two idols traded at one tribal, an idol played for someone else, a return from Redemption
Island, a first duel, a mutiny, an auction's power in the game, a final tribal and a merge. The wording is the way
people type to a chatbot: lower case, "s22"-style references, full names and shortened season names, comparisons,
negations, differences, "whoever ... - what ...", two questions in one message. Answers are computed from the
survivoR tables by the templates below, with the gold set's answer parts and, where one fits, an existing
template's or helper's answer code.

    build_unspoken_set(g) -> list[Question]     # `python -m evaluation gold --set unspoken` writes the snapshot
    python -m evaluation run --set unspoken     # run it (the default set stays the gold set)

Template names start with "us_" and question ids with "us-" (no other set uses either); each template declares
what a viewer scope needs to have aired (SCOPE_NEEDS, SCOPE_AS_AIRED), registered with evaluation.scoped, so
`--watched` works on this set too.
"""

from __future__ import annotations

import colorsys
import re

import pandas as pd

from evaluation import fresh as fr
from evaluation import gold_multi as gm
from evaluation import novel as nv
from evaluation import scoped
from evaluation import unasked as ua
from evaluation import unheard as uh
from evaluation import unposed as up
from evaluation import unvoiced as uv
from evaluation.data import GoldData
from evaluation.gold import (
    QUESTION_SETS,
    Question,
    abstain,
    build_planned,
    entities,
    entity,
    facts,
    number,
    phrase,
    phrases,
    season,
    seasons,
    template,
)
from evaluation.gold_facts import top
from evaluation.holdout import _title, by_name, check_not_in_data, pair

UNSPOKEN_FILE = QUESTION_SETS["unspoken"]
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
@template("us_buff_colour", "single_fact")
def us_buff_colour(g: GoldData, castaway_id: str, season: int, call: str):
    tribe = fr._row(g, castaway_id, season)["original_tribe"]
    return f"what colour was {call}'s buff when {_title(g, season).lower()} started?", [_buff(g, season, tribe)]


@template("us_idol_played_on", "single_fact")
def us_idol_played_on(g: GoldData, castaway_id: str, season: int, call: str):
    row = _idol_play_for(g, castaway_id, season)
    return f"{call} played an idol on s{season} but it wasn't for himself. who was it for", [
        entity(g, [row["played_for_id"]])]


@template("us_pet_peeve", "single_fact")
def us_pet_peeve(g: GoldData, castaway_id: str, call: str):
    peeves = uv._hobbies(nv._bio(g, castaway_id, "pet_peeves"))
    assert 1 <= len(peeves) <= 3, (call, peeves)  # a short list, so every one is the answer
    return f"whats {call}'s pet peeve?", [phrases(peeves)]


@template("us_auction_currency", "single_fact")
def us_auction_currency(g: GoldData, season: int):
    present = _auction_present(g, season)
    code = nv._one(sorted(set(present["currency"])), season)[0]
    total = nv._one(sorted(set(present["total"])), season)[0]  # everyone got the same
    return f"at the {_title(g, season).lower()} auction what currency were they bidding in, and how much did each " \
           "person get to spend?", [phrase(*CURRENCIES.get(code, [code])), number(total)]


@template("us_recap_title", "single_fact")
def us_recap_title(g: GoldData, season: int):
    row = _label_episode(g, season, RECAP)
    return f"{_title(g, season).lower()} had a recap episode in the middle right? which episode number was it and " \
           "what was it called", [number(row["episode"]), phrase(row["episode_title"])]


@template("us_idol_window", "single_fact")
def us_idol_window(g: GoldData, castaway_id: str, season: int, call: str):
    detail = _advantage_detail(g, castaway_id, season)
    days = re.findall(r"[Dd]ay (\d+)", str(detail["conditions"]))
    assert "idol" in str(detail["advantage_type"]).lower(), (call, detail["advantage_type"])
    return f"the idol {call} found on s{season} came with a catch - from what day on could she actually play it?", [
        number(*nv._one(days, call))]


@template("us_ri_returnees", "single_fact")
def us_ri_returnees(g: GoldData, season: int):
    assert _scoped(g) or set(_boot_map(g, season)["game_status"]) >= {RI}, season  # a Redemption Island season
    return f"redemption island on s{season} - who actually won their way back into the game?", [
        entities(g, _returnees(g, season))]


@template("us_idol_kind", "single_fact")
def us_idol_kind(g: GoldData, castaway_id: str, season: int, call: str):
    detail = _advantage_detail(g, castaway_id, season)
    assert "exile" in str(detail["location_found"]).lower(), (call, detail["location_found"])  # the premise
    kind = str(detail["advantage_type"])
    after = re.search(r"after (the )?votes are read", str(detail["conditions"]), re.I)
    forms = [kind, *(["after the votes are read", "after votes are read", "after the votes"] if after else [])]
    return f"what was different about the idol {call} found on exile island in {_title(g, season).lower()}?", [
        phrase(*forms)]


# -- aggregation -----------------------------------------------------------------------------------------
@template("us_recap_count", "aggregation")
def us_recap_count(g: GoldData):
    return "how many recap / clip show episodes has survivor done over the years?", [
        number(int((g.episodes["episode_label"] == RECAP).sum()))]


@template("us_idols_for_others", "aggregation")
def us_idols_for_others(g: GoldData, times: int):
    plays = _plays_for_others(g)
    per = plays[plays["advantage_type"].str.lower().str.contains(ua.IDOL)].groupby("castaway_id").size()
    return f"who has played a hidden immunity idol for somebody else at least {times} times?", [
        entities(g, per[per >= times].index)]


@template("us_blindfold_top", "aggregation")
def us_blindfold_top(g: GoldData):
    per = _blindfolds(g)
    best = top(per)
    assert _scoped(g) or len(best) == 1, per.sort_values().tail(3)
    return "Which season had the most challenges where they had to wear blindfolds?", [season(*best)]


@template("us_auction_spent", "aggregation")
def us_auction_spent(g: GoldData, castaway_id: str, season: int, call: str):
    bought = _auction_bought(g, season)
    mine = pd.to_numeric(bought[bought["castaway_id"] == castaway_id]["cost"], errors="coerce")
    assert len(mine) >= 2 and mine.notna().all(), (call, list(mine))  # several buys, every price known
    return f"how much did {call} spend altogether at the {up._bare_title(g, season).lower()} auction?", [
        number(mine.sum())]


@template("us_auction_richest", "aggregation")
def us_auction_richest(g: GoldData, season: int):
    present = _auction_present(g, season)
    money = pd.to_numeric(present["total"], errors="coerce").groupby(present["castaway_id"]).sum()
    best = top(money)
    assert _scoped(g) or len(best) == 1, money.sort_values().tail(3)
    return f"who walked into the s{season} auction with the most money, and how much did they have?", [
        entity(g, best), number(*([money.max()] if len(money) else []))]


@template("us_longest_advantage", "aggregation")
def us_longest_advantage(g: GoldData, season: int):
    per = _holding(g, season)
    best = top(per)
    assert _scoped(g) or len(best) == 1, per.sort_values().tail(3)
    return f"on {_title(g, season).lower()}, who spent the most episodes sitting on an advantage or idol?", [
        entity(g, best)]


@template("us_top_score", "aggregation")
def us_top_score(g: GoldData, season: int):
    sc = g.scores  # under a viewer scope, only seasons whose finale had aired
    sc = sc[sc["season"] == season].set_index("castaway_id")["score_overall"].astype(float)
    best = top(sc)
    assert len(best) == 1, sc.sort_values().tail(3)
    return f"going by survivoR's castaway scores, who has the best overall score on {_title(g, season).lower()}?", [
        entity(g, best)]


@template("us_most_imdb_votes", "aggregation")
def us_most_imdb_votes(g: GoldData):
    eps = g.episodes
    votes = pd.to_numeric(eps["n_ratings"], errors="coerce")
    best = eps[votes == votes.max()]
    assert _scoped(g) or len(best) == 1, best  # a viewer scope may tie; every tied episode is then an answer
    return "not the best rated - which survivor episode has the MOST ratings on imdb? season and title", [
        season(*best["season"]), phrase(*best["episode_title"])]


# -- multi-hop -------------------------------------------------------------------------------------------
@template("us_winner_buff_colour", "multi_hop")
def us_winner_buff_colour(g: GoldData, season: int):
    tribe = fr._row(g, g.winner(season), season)["original_tribe"]
    return f"what colour buff did the {_title(g, season).lower()} winner start the game in?", [
        _buff(g, season, tribe)]


@template("us_idol_for_place", "multi_hop")
def us_idol_for_place(g: GoldData, castaway_id: str, season: int, call: str):
    saved = _idol_play_for(g, castaway_id, season)["played_for_id"]
    return f"{call} used her idol on somebody else on s{season}. who was it, and where did that person end up " \
           "finishing?", [entity(g, [saved]), number(fr._row(g, saved, season)["place"])]


@template("us_nth_episode_boot", "multi_hop")
def us_nth_episode_boot(g: GoldData, n: int):
    row = _nth_episode(g, n)
    s, ep = int(row["season"]), int(row["episode"])
    out = [c for c in _out_in(g, s, ep) if "voted out" in str(fr._row(g, c, s)["result"])]
    return f"who got voted out in the {n}th episode of survivor ever?", [entity(g, nv._one(out, (n, s, ep)))]


@template("us_bad_item_place", "multi_hop")
def us_bad_item_place(g: GoldData, season: int, item: str):
    bought = _auction_bought(g, season)
    bad = bought[(bought["category"] == "Bad item") & (bought["item_description"] == item)]
    buyer = nv._one(sorted(set(bad["castaway_id"].dropna())), (season, item))[0]
    return f"lol someone at the s{season} auction paid for a {item.lower()}. who was that, and what place did they " \
           "finish?", [entity(g, [buyer]), number(fr._row(g, buyer, season)["place"])]


@template("us_winner_pet_peeves", "multi_hop")
def us_winner_pet_peeves(g: GoldData, season: int):
    peeves = uv._hobbies(nv._bio(g, g.winner(season), "pet_peeves"))
    assert 2 <= len(peeves) <= 3, (season, peeves)
    return f"the s{season} winner - what did they list as their pet peeves?", [phrases(peeves)]


@template("us_advantage_holder_place", "multi_hop")
def us_advantage_holder_place(g: GoldData, season: int):
    best = nv._one(top(_holding(g, season)), season)[0]
    return f"whoever held onto an advantage the longest on s{season} - who was it and how far did they get?", [
        entity(g, [best]), number(fr._row(g, best, season)["place"])]


@template("us_longest_premiere_boot", "multi_hop")
def us_longest_premiere_boot(g: GoldData):
    best = top(_premiere_lengths(g))
    assert _scoped(g) or len(best) == 1, best
    return "which season had the longest premiere episode, and who was the first one voted out of it?", [
        season(*best), entity(g, [nv._first_boot(g, s)["castaway_id"] for s in best])]


@template("us_nullifier_place", "multi_hop")
def us_nullifier_place(g: GoldData, castaway_id: str, season: int, call: str):
    target = _idol_play_for(g, castaway_id, season, "nullifier")["played_for_id"]
    return f"who did {call} use his idol nullifier on in s{season}, and what place did that person finish?", [
        entity(g, [target]), number(fr._row(g, target, season)["place"])]


# -- cross-entity ----------------------------------------------------------------------------------------
@template("us_premiere_finale_gap", "cross_entity")
def us_premiere_finale_gap(g: GoldData, season: int):
    first, last = (float(pd.to_numeric(g.summary.loc[season, c], errors="coerce"))
                   for c in ("viewers_premiere", "viewers_finale"))
    assert _scoped(g) or first > last, (first, last)  # the premise: more watched the premiere
    return f"how many more people watched the {_title(g, season).lower()} premiere than its finale?", [
        ua._millions(round(first - last))]


@template("us_premiere_length_compare", "cross_entity")
def us_premiere_length_compare(g: GoldData, a: int, b: int):
    length = _premiere_lengths(g).reindex([a, b]).dropna()
    assert _scoped(g) or length[a] != length[b], length
    return f"which premiere ran longer, {_title(g, a).lower()} or {_title(g, b).lower()}?", [season(*top(length))]


@template("us_born_first", "cross_entity")
def us_born_first(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    born = pd.to_datetime(nv._details(g).loc[[a, b], "date_of_birth"])
    assert born[a] != born[b], born
    return f"who was born first, {call_a} or {call_b}?", [entity(g, [born.idxmin()])]


@template("us_finale_votes_compare", "cross_entity")
def us_finale_votes_compare(g: GoldData, a: int, b: int):
    votes = pd.Series({s: float(_label_episode(g, s, "Finale")["n_ratings"]) for s in (a, b)})
    assert _scoped(g) or votes[a] != votes[b], votes
    return f"s{a} finale or s{b} finale: which one has more people rating it on imdb?", [season(*top(votes))]


@template("us_holding_compare", "cross_entity")
def us_holding_compare(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    held = _holding(g, season)
    n = pd.Series({c: int(held.get(c, 0)) for c in (a, b)})
    assert _scoped(g) or n[a] != n[b], n
    return f"on s{season} who was holding an advantage for more episodes, {call_a} or {call_b}?", [
        entity(g, top(n))]


@template("us_maze_compare", "cross_entity")
def us_maze_compare(g: GoldData, a: int, b: int):
    desc = _table(g, "challenge_description")
    n = pd.Series({s: int(up._flag(desc[desc["season"] == s], "maze").sum()) for s in (a, b)})
    assert _scoped(g) or n[a] != n[b], n
    return f"{_title(g, a)} vs {_title(g, b)} - which had more maze challenges?", [season(*top(n))]


@template("us_duel_compare", "cross_entity")
def us_duel_compare(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    wins = _duel_wins(g, season)
    n = pd.Series({c: int(wins.get(c, 0)) for c in (a, b)})
    assert _scoped(g) or n[a] != n[b], n
    return f"redemption island on s{season}: did {call_a} or {call_b} win more duels?", [entity(g, top(n))]


@template("us_auction_spent_compare", "cross_entity")
def us_auction_spent_compare(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    bought = _auction_bought(g, season)
    cost = pd.to_numeric(bought["cost"], errors="coerce").groupby(bought["castaway_id"]).sum()
    spent = pd.Series({c: float(cost.get(c, 0)) for c in (a, b)})
    assert _scoped(g) or spent[a] != spent[b], spent
    return f"{call_a} vs {call_b} at the s{season} auction - who blew more of their money?", [entity(g, top(spent))]


# -- temporal --------------------------------------------------------------------------------------------
@template("us_nth_episode", "temporal")
def us_nth_episode(g: GoldData, n: int):
    row = _nth_episode(g, n)
    return f"what was survivor's {n}th episode? like which season and what was it called", [
        season(row["season"]), phrase(row["episode_title"])]


@template("us_first_played_for", "temporal")
def us_first_played_for(g: GoldData):
    plays = _plays_for_others(g)
    plays = plays[plays["advantage_type"].str.lower().str.contains(ua.IDOL)].sort_values(["season", "episode", "day"])
    first = plays.iloc[:1]
    return "first time ever somebody played a hidden immunity idol for someone else - what season, who played it " \
           "and who was it for?", [season(*first["season"]), entity(g, first["castaway_id"]),
                                   entity(g, first["played_for_id"])]


@template("us_first_confessional", "temporal")
def us_first_confessional(g: GoldData, castaway_id: str, season: int, call: str):
    ep = _first_confessional_episode(g, castaway_id, season)
    assert _scoped(g) or ep > 1, (call, ep)  # the premise: not from the start
    return f"{call} barely talked early on in {_title(g, season).lower()}. which episode did he get his first " \
           "confessional in?", [number(ep)]


@template("us_first_advantage_episode", "temporal")
def us_first_advantage_episode(g: GoldData, castaway_id: str, season: int, call: str):
    return f"In which episode of s{season} did {call} first get her hands on an advantage?", [
        number(_first_found_episode(g, castaway_id, season))]


@template("us_season_gap", "temporal")
def us_season_gap(g: GoldData, a: int):
    days = (_air_date(g, a + 1, "Ep 1") - _air_date(g, a, "Finale")).days
    assert days > 0, (a, days)
    return f"how long did fans have to wait between the s{a} finale and the s{a + 1} premiere?", [_dates(days)]


@template("us_boot_before_recap", "temporal")
def us_boot_before_recap(g: GoldData, season: int):
    cast = g.season_cast(season)
    before = cast[(cast["episode"] < _recap_episode(g, season)) & cast["result"].str.contains("voted out", na=False)]
    return f"on s{season}, who was the last person voted out before the recap episode?", [
        entity(g, before.sort_values("order")["castaway_id"].iloc[-1:])]


@template("us_ri_waiting", "temporal")
def us_ri_waiting(g: GoldData, castaway_id: str, season: int, call: str):
    arrived = _ri_arrival(g, castaway_id, season)
    bm = _boot_map(g, season)
    there = bm[(bm["episode"] == arrived["episode"]) & (bm["sog_id"] == arrived["sog_id"])
               & (bm["game_status"] == RI) & (bm["castaway_id"] != castaway_id)]
    return f"when {call} got sent to redemption island on s{season}, who was already there waiting for her?", [
        entities(g, there["castaway_id"])]


@template("us_first_auction_item", "temporal")
def us_first_auction_item(g: GoldData, season: int):
    bought = _auction_bought(g, season)
    first = bought[pd.to_numeric(bought["item"], errors="coerce") == pd.to_numeric(bought["item"]).min()]
    row = first.loc[nv._one(list(first.index), season)[0]]
    return f"what was the very first thing sold at the {up._bare_title(g, season).lower()} auction, and who got it?", [
        phrase(row["item_description"]), entity(g, [row["castaway_id"]])]


# -- negation --------------------------------------------------------------------------------------------
@template("us_seasons_no_recap", "negation")
def us_seasons_no_recap(g: GoldData, first: int, last: int):
    recaps = set(g.episodes[g.episodes["episode_label"] == RECAP]["season"])
    return f"between s{first} and s{last}, which seasons didn't do a recap episode?", [
        seasons(s for s in g.finished_seasons if first <= s <= last and s not in recaps)]


@template("us_no_blindfold_since", "negation")
def us_no_blindfold_since(g: GoldData, since: int):
    blind = set(_blindfolds(g).index)
    return f"since s{since}, which seasons never had a blindfolded challenge", [
        seasons(s for s in g.finished_seasons if s >= since and s not in blind)]


@template("us_ri_never_won_duel", "negation")
def us_ri_never_won_duel(g: GoldData, season: int):
    bm = _boot_map(g, season)
    went = bm[bm["game_status"] == RI].sort_values(["episode", "sog_id"])
    wins = _duel_wins(g, season)
    return f"who went to redemption island on {_title(g, season).lower()} and never won a single duel?", [
        entities(g, [c for c in dict.fromkeys(went["castaway_id"]) if not wins.get(c, 0)])]


@template("us_reward_not_immunity", "negation")
def us_reward_not_immunity(g: GoldData, season: int):
    w = g.wins[g.wins["season"] == season]
    reward = list(dict.fromkeys(w[w["won_individual_reward"] == 1]["castaway_id"]))
    immune = set(w[w["won_individual_immunity"] == 1]["castaway_id"])
    return f"who on {_title(g, season).lower()} won an individual reward but never won individual immunity?", [
        entities(g, [c for c in reward if c not in immune])]


@template("us_edge_never_back", "negation")
def us_edge_never_back(g: GoldData, season: int):
    t = g.tribes[g.tribes["season"] == season]
    edge = t[t["tribe_status"] == EDGE]
    never = []
    for cid in dict.fromkeys(edge.sort_values("episode")["castaway_id"]):
        later = t[(t["castaway_id"] == cid) & (t["episode"] > edge[edge["castaway_id"] == cid]["episode"].min())]
        if (later["tribe_status"] == EDGE).all():
            never.append(cid)
    return f"which s{season} players went to the edge of extinction and never made it back into the game?", [
        entities(g, never)]


@template("us_finalists_no_advantage", "negation")
def us_finalists_no_advantage(g: GoldData, since: int):
    t = _table(g, "advantage_timeline")
    held = set(zip(t[t["holding"] == 1]["season"].astype(int), t[t["holding"] == 1]["castaway_id"]))
    cast = g.cast[g.cast["finalist"] & (g.cast["season"] >= since)]
    cast = cast[cast["season"].isin(g.finished_seasons)].sort_values(["season", "place"])
    return f"which finalists from s{since} on never held an advantage or idol at any point in their season?", [
        entities(g, [c for s, c in zip(cast["season"], cast["castaway_id"]) if (int(s), c) not in held])]


@template("us_finales_under", "negation")
def us_finales_under(g: GoldData, since: int, rating: float):
    eps = g.episodes
    fin = eps[(eps["episode_label"] == "Finale") & eps["season"].isin(g.finished_seasons) & (eps["season"] >= since)]
    low = fin[fin["imdb_rating"].astype(float) < rating]
    return f"which finales since s{since} didn't even get an {rating} on imdb?", [seasons(low["season"])]


@template("us_auction_no_money", "negation")
def us_auction_no_money(g: GoldData, season: int):
    present = _auction_present(g, season)
    broke = present[pd.to_numeric(present["total"], errors="coerce") == 0]
    return f"was anyone at the s{season} auction with no money at all to bid? who", [
        entities(g, broke["castaway_id"])]


# -- narrative -------------------------------------------------------------------------------------------
@template("us_idol_trade_story", "narrative")
def us_idol_trade_story(g: GoldData, castaway_id: str, season: int, call: str):
    mine = _idol_play_for(g, castaway_id, season)
    other, ep = mine["played_for_id"], int(mine["episode"])
    back = _idol_play_for(g, other, season)
    assert back["played_for_id"] == castaway_id and int(back["episode"]) == ep, call  # they played for each other
    out = _out_in(g, season, ep)
    groups = [uh._call_words(g, castaway_id, season), uh._call_words(g, other, season), ["idol"],
              *[uh._call_words(g, c, season) for c in out]]
    _summary_has(g, season, ep, groups)
    return f"{call} and his ally played idols on each other at the same tribal on {_title(g, season).lower()}?? " \
           "explain what happened", [facts(groups, {"season": season, "episode": ep,
                                                    "castaway_ids": [castaway_id, other, *out]})]


@template("us_idol_for_story", "narrative")
def us_idol_for_story(g: GoldData, castaway_id: str, season: int, call: str):
    play = _idol_play_for(g, castaway_id, season)
    saved, ep = play["played_for_id"], int(play["episode"])
    out = _out_in(g, season, ep)
    groups = [uh._call_words(g, castaway_id, season), uh._call_words(g, saved, season), ["idol"],
              *[uh._call_words(g, c, season) for c in out]]
    _summary_has(g, season, ep, groups)
    return f"tell me about the night {call} played his idol for someone else on s{season}. who went home?", [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id, saved, *out]})]


@template("us_ri_return_story", "narrative")
def us_ri_return_story(g: GoldData, season: int):
    ep = _first_return_episode(g, season)
    bm = _boot_map(g, season)
    back = nv._one(sorted(set(bm[(bm["episode"] == ep) & (bm["game_status"] == RETURNED)]["castaway_id"])), season)[0]
    duel = _duels(g, season)
    lost = sorted(set(duel[(duel["episode"] == ep) & (duel["won_duel"] == 0)]["castaway_id"]))
    groups = [uh._call_words(g, back, season), ["redemption", "duel"], *[uh._call_words(g, c, season) for c in lost]]
    _summary_has(g, season, ep, groups)
    return f"how did the first person get back into the game from redemption island on {_title(g, season).lower()}?", [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [back, *lost]})]


@template("us_first_duel_story", "narrative")
def us_first_duel_story(g: GoldData, season: int):
    duel = _duels(g, season)
    ep = int(duel["episode"].min())
    first = duel[duel["challenge_id"] == duel[duel["episode"] == ep]["challenge_id"].min()]
    won = sorted(set(first[first["won_duel"] == 1]["castaway_id"]))
    lost = sorted(set(first[first["won_duel"] == 0]["castaway_id"]))
    groups = [["duel"], *[uh._call_words(g, c, season) for c in won + lost]]
    _summary_has(g, season, ep, groups)
    return f"the very first redemption island duel on s{season} - who faced off and who got sent home?", [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": won + lost})]


@template("us_mutiny_story", "narrative")
def us_mutiny_story(g: GoldData, season: int, episode: int):
    moved = _mover_ids(g, season, episode)
    assert moved, (season, episode)
    groups = [["mutiny", "mutinied", "mutinying"], *[uh._call_words(g, c, season) for c in moved]]
    _summary_has(g, season, episode, groups)
    return f"wait there was a mutiny on {_title(g, season).lower()}? who jumped ship and what happened?", [
        facts(groups, {"season": season, "episode": episode, "castaway_ids": moved})]


@template("us_auction_power_story", "narrative")
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
    return f"{call} bought some kind of power at the {up._bare_title(g, season).lower()} auction - what did she do " \
           "with it?", [facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id, target]})]


@template("us_ftc_story", "narrative")
def us_ftc_story(g: GoldData, season: int):
    parts = gm.final_tribal_story(g, season)[1]
    _summary_has(g, season, parts[0]["support"]["episode"], parts[0]["groups"])
    return f"how did it end on {_title(g, season).lower()}? final tribal, the vote, all that", parts


@template("us_merge_story", "narrative")
def us_merge_story(g: GoldData, season: int):
    parts = gm.merge_story(g, season)[1]
    _summary_has(g, season, parts[0]["support"]["episode"], parts[0]["groups"])
    return f"s{season} merge: what was the new tribe called, and who went first after it?", parts


# -- unanswerable ----------------------------------------------------------------------------------------
@template("us_future_return", "unanswerable")
def us_future_return(g: GoldData, castaway_id: str, future: int, call: str):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    assert castaway_id in set(g.cast["castaway_id"]), call
    return f"is {call} coming back to play on season {future}?", [abstain()]


@template("us_nobody", "unanswerable")
def us_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return f"what colour buff did {name} have?", [abstain()]


@template("us_fake_season", "unanswerable")
def us_fake_season(g: GoldData, place: str):
    summary = g.data.raw("season_summary")
    text = " ".join(summary[c].astype(str).str.cat(sep=" ") for c in ("season_name", "location", "country"))
    assert place.lower() not in text.lower(), place
    return f"who had the most money at the Survivor: {place} auction?", [abstain()]


@template("us_salary", "unanswerable")
def us_salary(g: GoldData, castaway_id: str, call: str):
    check_not_in_data(g, castaway_id, ("salar", "paid", "pay", "stipend", "earn", "income"))
    return f"how much did {call} get paid just for being on the show?", [abstain()]


@template("us_favourite_colour", "unanswerable")
def us_favourite_colour(g: GoldData, castaway_id: str, call: str):
    check_not_in_data(g, castaway_id, ("colour", "color", "favo"))
    return f"whats {call}'s favourite colour", [abstain()]


@template("us_duel_counterfactual", "unanswerable")
def us_duel_counterfactual(g: GoldData, castaway_id: str, season: int, call: str):
    duels = _duels(g, season)
    mine = duels[duels["castaway_id"] == castaway_id]
    assert len(mine) == 1 and not (mine["won_duel"] == 1).any(), call  # the premise: one duel, lost
    return f"if {call} had won her duel on redemption island, would she have made the final tribal?", [abstain()]


@template("us_height", "unanswerable")
def us_height(g: GoldData, castaway_id: str, call: str):
    check_not_in_data(g, castaway_id, ("height", "tall", "weight"))
    return f"how tall is {call}?", [abstain()]


@template("us_missing_recap", "unanswerable")
def us_missing_recap(g: GoldData, season: int):
    eps = g.data.table("episodes")
    assert not ((eps["season"] == season) & (eps["episode_label"] == RECAP)).any(), season  # the premise is false
    return f"what was the s{season} recap episode called?", [abstain()]


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


# -- the plan --------------------------------------------------------------------------------------------
def plan(g: GoldData) -> list[tuple[str, dict]]:
    """People, seasons and tribes the gold, held-out, fresh, unseen, novel, untried, unasked, untouched, unheard,
    unposed and unvoiced sets ask little or nothing about."""
    top_season = max(g.seasons)
    return [
        # single facts
        ("us_buff_colour", by_name(g, "Angie Layton", season=25)),
        ("us_idol_played_on", by_name(g, "Mike Turner", season=42)), ("us_pet_peeve", by_name(g, "Jill Behm")),
        ("us_auction_currency", {"season": 3}), ("us_recap_title", {"season": 17}),
        ("us_idol_window", by_name(g, "Jessica Lewis", season=33)), ("us_ri_returnees", {"season": 22}),
        ("us_idol_kind", by_name(g, "Terry Deitz", season=12)),
        # aggregation
        ("us_recap_count", {}), ("us_idols_for_others", {"times": 2}), ("us_blindfold_top", {}),
        ("us_auction_spent", by_name(g, "Randy Bailey", season=17)), ("us_auction_richest", {"season": 47}),
        ("us_longest_advantage", {"season": 35}), ("us_top_score", {"season": 14}), ("us_most_imdb_votes", {}),
        # multi-hop
        ("us_winner_buff_colour", {"season": 34}), ("us_idol_for_place", by_name(g, "Carolyn Wiger", season=44)),
        ("us_nth_episode_boot", {"n": 100}), ("us_bad_item_place", {"season": 2, "item": "Glass Of River Water"}),
        ("us_winner_pet_peeves", {"season": 31}), ("us_advantage_holder_place", {"season": 41}),
        ("us_longest_premiere_boot", {}), ("us_nullifier_place", by_name(g, "Carl Boudreaux", season=37)),
        # cross-entity
        ("us_premiere_finale_gap", {"season": 8}), ("us_premiere_length_compare", {"a": 37, "b": 38}),
        ("us_born_first", pair(g, "Stacey Powell", "Yve Rojas")), ("us_finale_votes_compare", {"a": 6, "b": 8}),
        ("us_holding_compare", pair(g, "Tiffany Nicole Ervin", "Hunter McKnight", season=46)),
        ("us_maze_compare", {"a": 18, "b": 15}),
        ("us_duel_compare", pair(g, "John Cody", "Marissa Peterson", season=27)),
        ("us_auction_spent_compare", pair(g, "Gregg Carey", "Caryn Groedel", season=10)),
        # temporal
        ("us_nth_episode", {"n": 400}), ("us_first_played_for", {}),
        ("us_first_confessional", by_name(g, "Albert Destrade", season=23)),
        ("us_first_advantage_episode", by_name(g, "Kellyn Bechtold", season=36)), ("us_season_gap", {"a": 2}),
        ("us_boot_before_recap", {"season": 2}), ("us_ri_waiting", by_name(g, "Mikayla Wingle", season=23)),
        ("us_first_auction_item", {"season": 26}),
        # negation
        ("us_seasons_no_recap", {"first": 2, "last": 23}), ("us_no_blindfold_since", {"since": 35}),
        ("us_ri_never_won_duel", {"season": 27}), ("us_reward_not_immunity", {"season": 6}),
        ("us_edge_never_back", {"season": 38}), ("us_finalists_no_advantage", {"since": 41}),
        ("us_finales_under", {"since": 40, "rating": 8.0}), ("us_auction_no_money", {"season": 47}),
        # narrative: two idols traded at one tribal, an idol played for someone else, a return from Redemption
        # Island, a first duel, a mutiny, an auction's power in the game, a final tribal, a merge
        ("us_idol_trade_story", by_name(g, "LJ McKanas", season=28)),
        ("us_idol_for_story", by_name(g, "Michael Yerger", season=36)), ("us_ri_return_story", {"season": 23}),
        ("us_first_duel_story", {"season": 22}), ("us_mutiny_story", {"season": 13, "episode": 9}),
        ("us_auction_power_story", by_name(g, "Becky Lee", season=13)), ("us_ftc_story", {"season": 16}),
        ("us_merge_story", {"season": 12}),
        # unanswerable
        ("us_future_return", by_name(g, "Sarita White", future=top_season + 13)),
        ("us_nobody", {"name": "Delphine Marchetti"}),
        ("us_fake_season", {"place": "Greenland"}), ("us_salary", by_name(g, "Shannon Elkins")),
        ("us_favourite_colour", by_name(g, "Roberta Saint-Amour")),
        ("us_duel_counterfactual", by_name(g, "Kristina Kell", season=22)), ("us_height", by_name(g, "Hope Driskill")),
        ("us_missing_recap", {"season": 40}),
    ]


def build_unspoken_set(g: GoldData) -> list[Question]:
    """The unspoken set; question ids are "us-<category>-NN" so they never collide with the other sets'."""
    return build_planned(g, "us", plan)
