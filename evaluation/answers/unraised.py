"""Gold answers first written for the blind-12 question set (evaluation/sets/blind-12.jsonl, once "unraised"):
survivoR's castaway scores and threat categories, countbacks, challenge kinds, auction swaps.

Each function computes a question's answer parts from the survivoR tables; its name starts with "ur_". Each
declares what a viewer scope needs to have aired (SCOPE_NEEDS, SCOPE_AS_AIRED, registered with evaluation.scoped), so
`--watched` works on these questions too.
"""

from __future__ import annotations

import pandas as pd

from evaluation import scoped
from evaluation.answers import fresh as fr
from evaluation.answers import novel as nv
from evaluation.answers import unasked as ua
from evaluation.answers import unheard as uh
from evaluation.answers import unposed as up
from evaluation.answers import unspoken as us
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
    season,
    seasons,
)

FINALE = "Finale"  # episodes.episode_label of a season's last episode
# How people write a challenge kind (challenge_description's flag columns).
KINDS = {"food": "eating", "balance": "balance", "memory": "memory", "puzzle_slide": "slide puzzle",
         "puzzle_word": "word puzzle", "knowledge": "trivia"}
# How people spell a swap offered at an auction (auction_details.other_item).
SPELLINGS = {"Lasagne": ["lasagna"]}


def _scoped(g: GoldData) -> bool:
    return uh._scoped(g)


def _table(g: GoldData, name: str) -> pd.DataFrame:
    """A survivoR event table GoldData does not cut itself: for a viewer scope, only the aired rows."""
    return uv._table(g, name)


def _flagged(g: GoldData, flag: str) -> pd.DataFrame:
    """challenge_description rows of one challenge kind (a logical column)."""
    desc = _table(g, "challenge_description")
    return desc[up._flag(desc, flag)]


def _per_season(g: GoldData, flag: str) -> pd.Series:
    return _flagged(g, flag).groupby("season").size()


def _scores(g: GoldData, s: int) -> pd.DataFrame:
    """castaway_scores of a season, one row per castaway."""
    sc = g.scores  # under a viewer scope, only seasons whose finale had aired (evaluation.scoped)
    return sc[sc["season"] == s].set_index("castaway_id")


def _events(g: GoldData, event: str, s: int | None = None) -> pd.DataFrame:
    """vote_history rows of one vote_event (a countback, a summit, an exile ...), in the order they happened."""
    vh = g.vote_history
    rows = vh[vh["vote_event"] == event]
    if s is not None:
        rows = rows[rows["season"] == s]
    return rows.sort_values(["season", "episode", "order"])


def _kind(g: GoldData, kind: str) -> pd.DataFrame:
    """advantage_movement rows (one per holder) of one advantage type."""
    adv = g.advantages
    return adv[adv["advantage_type"] == kind]


def _plays(g: GoldData, kind: str, s: int | None = None) -> pd.DataFrame:
    rows = _kind(g, kind)
    rows = rows[rows["event"] == "Played"]
    if s is not None:
        rows = rows[rows["season"] == s]
    return rows.sort_values(["season", "episode"])


def _bought(g: GoldData, s: int) -> pd.DataFrame:
    return us._auction_bought(g, s)


def _voted_out_in(g: GoldData, s: int, episode: int) -> list[str]:
    cast = g.season_cast(s)
    out = cast[(cast["episode"] == episode) & cast["result"].str.contains("voted out", case=False, na=False)]
    return list(out.sort_values("order")["castaway_id"])


def _episode_confessionals(g: GoldData, s: int) -> pd.Series:
    conf = g.confessionals
    conf = conf[conf["season"] == s]
    return conf.groupby(pd.to_numeric(conf["episode"], errors="coerce").astype(int))["confessional_count"].sum()


def _finale_date(g: GoldData, s: int) -> pd.Timestamp:
    return us._air_date(g, s, FINALE)


def _words(g: GoldData, castaway_id: str, s: int) -> list[str]:
    return uh._call_words(g, castaway_id, s)


def _story(g: GoldData, s: int, ep: int, groups: list[list[str]], ids: list[str]) -> list[dict]:
    """A narrative answer whose key facts the episode's summary tells."""
    us._summary_has(g, s, ep, groups)
    return [facts(groups, {"season": s, "episode": ep, "castaway_ids": list(dict.fromkeys(ids))})]


def _percent(category: str) -> dict:
    """'Top 5%' as people write it."""
    forms = [category, category.lower(), category.replace("%", " percent"), category.lower().replace("%", " percent")]
    return phrase(*forms)


def _ratio(value: float) -> dict:
    return number(round(value, 2), round(value, 1), round(value))


# -- single facts ----------------------------------------------------------------------------------------
@gold_answer("ur_auction_swap_offer")
def ur_auction_swap_offer(g: GoldData, season: int):
    bought = _bought(g, season)
    offered = bought[bought["alternative_offered"].fillna(False).astype(bool)]
    row = offered.loc[nv._one(list(offered.index), season)[0]]
    other = str(row["other_item"])
    return [
        entity(g, [row["castaway_id"]]), phrase(other, other.lower(), *SPELLINGS.get(other, []))]


@gold_answer("ur_auction_left")
def ur_auction_left(g: GoldData, castaway_id: str, season: int, call: str):
    mine = _bought(g, season)
    mine = mine[mine["castaway_id"] == castaway_id].sort_values(["item", "auction_num"])
    assert len(mine) and mine["money_remaining"].notna().all(), (call, season)
    return [number(mine["money_remaining"].iloc[-1])]


@gold_answer("ur_threat_category")
def ur_threat_category(g: GoldData, castaway_id: str, season: int):
    cat = str(_scores(g, season).loc[castaway_id, "threat_strategic_cat"])
    return [
        _percent(cat)]


@gold_answer("ur_found_advantage_kind")
def ur_found_advantage_kind(g: GoldData, castaway_id: str, season: int, call: str):
    adv = g.advantages
    found = adv[(adv["season"] == season) & (adv["castaway_id"] == castaway_id) & adv["event"].isin(us.FOUND)]
    kind = nv._one(sorted(set(found["advantage_type"])), call)[0]
    short = kind.replace(" Advantage", "")
    return [phrase(kind, kind.lower(), short, short.lower())]


@gold_answer("ur_summit_lost_vote")
def ur_summit_lost_vote(g: GoldData, season: int):
    rows = _events(g, "Summit", season)
    return [entities(g, rows["castaway_id"])]


@gold_answer("ur_exiled_missed_tribal")
def ur_exiled_missed_tribal(g: GoldData, season: int):
    rows = _events(g, "Exiled", season)
    return [
        entities(g, rows["castaway_id"])]


@gold_answer("ur_first_challenge_name")
def ur_first_challenge_name(g: GoldData, season: int):
    desc = _table(g, "challenge_description")
    desc = desc[desc["season"] == season].sort_values(["episode", "challenge_number"])
    row = desc.iloc[0]
    return [
        phrase(*[str(v) for v in (row["name"], row["recurring_name"]) if pd.notna(v)])]


@gold_answer("ur_champion_bet")
def ur_champion_bet(g: GoldData, season: int):
    row = _plays(g, "Choose your Champion", season)
    row = row.loc[nv._one(list(row.index), season)[0]]
    return [
        entity(g, [row["castaway_id"]]), entity(g, [row["played_for_id"]])]


# -- aggregation -----------------------------------------------------------------------------------------
@gold_answer("ur_countback_boots")
def ur_countback_boots(g: GoldData):
    rows = _events(g, "Countback")
    out = rows[rows["vote_event_outcome"] == "Eliminated"]
    return [
        entities(g, out["castaway_id"])]


@gold_answer("ur_flag_top")
def ur_flag_top(g: GoldData, flag: str):
    per = _per_season(g, flag)
    best = top(per)
    assert _scoped(g) or len(best) == 1, per.sort_values().tail(3)
    return [season(*best)]


@gold_answer("ur_flag_total")
def ur_flag_total(g: GoldData, flag: str):
    return [
        number(len(_flagged(g, flag)))]


@gold_answer("ur_covered_count")
def ur_covered_count(g: GoldData, season: int):
    bought = _bought(g, season).drop_duplicates(["item"])
    return [
        number(int(bought["covered"].fillna(False).astype(bool).sum()))]


@gold_answer("ur_threat_top1")
def ur_threat_top1(g: GoldData):
    sc = g.scores
    return [
        entities(g, sc[sc["threat_challenge_cat"] == "Top 1%"]["castaway_id"])]


@gold_answer("ur_episode_most_confessionals")
def ur_episode_most_confessionals(g: GoldData, season: int):
    per = _episode_confessionals(g, season)
    best = top(per)
    assert _scoped(g) or len(best) == 1, per.sort_values().tail(3)
    return [
        number(*best)]


@gold_answer("ur_advantage_kind_count")
def ur_advantage_kind_count(g: GoldData, kind: str):
    rows = _kind(g, kind).drop_duplicates(["version_season", "advantage_id"])
    return [number(len(rows))]


@gold_answer("ur_most_clueless_finds")
def ur_most_clueless_finds(g: GoldData):
    details = g.data.table("advantage_details")
    adv = g.advantages
    found = adv[adv["event"].isin(us.FOUND)].drop_duplicates(["version_season", "advantage_id"])
    clue = details.set_index(["version_season", "advantage_id"])["clue_details"]
    found = found[[clue.get(k) == "Found without clue" for k in zip(found["version_season"], found["advantage_id"])]]
    per = found.groupby("season").size()
    best = top(per)
    assert _scoped(g) or len(best) == 1, per.sort_values().tail(3)
    return [season(*best)]


# -- multi-hop -------------------------------------------------------------------------------------------
@gold_answer("ur_challenge_threat_place")
def ur_challenge_threat_place(g: GoldData, season: int):
    best = nv._one(top(_scores(g, season)["threat_challenge"].astype(float)), season)[0]
    return [entity(g, [best]), number(fr._row(g, best, season)["place"])]


@gold_answer("ur_oldest_buff")
def ur_oldest_buff(g: GoldData, season: int):
    cast = g.season_cast(season)
    oldest = nv._one(list(cast[cast["age"] == cast["age"].max()]["castaway_id"]), season)[0]
    return [
        us._buff(g, season, fr._row(g, oldest, season)["original_tribe"])]


@gold_answer("ur_food_top_winner")
def ur_food_top_winner(g: GoldData, flag: str):
    per = _per_season(g, flag)
    best = top(per)
    assert _scoped(g) or len(best) == 1, per.sort_values().tail(3)
    return [
        season(*best), entity(g, [g.winner(s) for s in best])]


@gold_answer("ur_reward_stealer_chain")
def ur_reward_stealer_chain(g: GoldData, season: int):
    rows = _kind(g, "Reward Stealer")
    rows = rows[rows["season"] == season]
    finder = rows[rows["event"].isin(("Found", "Found (beware)"))]["castaway_id"]
    user = rows[rows["event"] == "Played"]["castaway_id"]
    return [
        entity(g, nv._one(list(finder), season)), entity(g, nv._one(list(user), season))]


@gold_answer("ur_top_conf_episode_boot")
def ur_top_conf_episode_boot(g: GoldData, season: int):
    per = _episode_confessionals(g, season)
    ep = nv._one(top(per), season)[0]
    return [
        entities(g, _voted_out_in(g, season, int(ep)))]


@gold_answer("ur_kip_first_target_place")
def ur_kip_first_target_place(g: GoldData):
    first = _plays(g, "Knowledge is Power").iloc[0]
    s, target = int(first["season"]), first["played_for_id"]
    return [
        entity(g, [target]), number(fr._row(g, target, s)["place"])]


@gold_answer("ur_first_slide_winner")
def ur_first_slide_winner(g: GoldData, flag: str):
    first = _flagged(g, flag).sort_values(["season", "episode", "challenge_number"]).iloc[0]
    s = int(first["season"])
    cr = up._challenges(g)
    won = cr[(cr["season"] == s) & (cr["challenge_id"] == first["challenge_id"]) & (cr["won"] == 1)]
    tribe = nv._one(sorted(set(won["tribe"])), (s, first["challenge_id"]))
    return [
        season(s), phrase(*tribe)]


@gold_answer("ur_top_outwit_jury_votes")
def ur_top_outwit_jury_votes(g: GoldData, season: int):
    best = nv._one(top(_scores(g, season)["score_outwit"].astype(float)), season)[0]
    jury = g.jury[(g.jury["season"] == season) & (g.jury["finalist_id"] == best)]
    assert fr._row(g, best, season)["finalist"], best  # a finalist, so a jury vote count is the answer
    return [
        entity(g, [best]), number(len(jury))]


# -- cross-entity ----------------------------------------------------------------------------------------
@gold_answer("ur_flag_compare")
def ur_flag_compare(g: GoldData, flag: str, a: int, b: int):
    per = _per_season(g, flag).reindex([a, b]).fillna(0)
    assert _scoped(g) or per[a] != per[b], per
    return [
        season(*top(per))]


@gold_answer("ur_outplay_compare")
def ur_outplay_compare(g: GoldData, a: str, b: str, season: int):
    score = _scores(g, season).loc[[a, b], "score_outplay"].astype(float)
    assert score[a] != score[b], score
    return [
        entity(g, top(score))]


@gold_answer("ur_finale_ratio")
def ur_finale_ratio(g: GoldData, a: int, b: int):
    first, second = (float(pd.to_numeric(g.summary.loc[s, "viewers_finale"], errors="coerce")) for s in (a, b))
    return [_ratio(first / second)]


@gold_answer("ur_days_apart")
def ur_days_apart(g: GoldData, a: str, b: str, season: int):
    days = {c: int(fr._row(g, c, season)["day"]) for c in (a, b)}
    assert days[a] > days[b], days  # the premise: the first named lasted longer
    return [
        number(days[a] - days[b])]


@gold_answer("ur_cast_age_span")
def ur_cast_age_span(g: GoldData, season: int):
    ages = g.season_cast(season)["age"].astype(float)
    return [
        number(ages.max() - ages.min())]


@gold_answer("ur_imdb_high_compare")
def ur_imdb_high_compare(g: GoldData, a: int, b: int, rating: float):
    eps = g.episodes
    rated = pd.to_numeric(eps["imdb_rating"], errors="coerce")
    n = pd.Series({s: int(((eps["season"] == s) & (rated >= rating)).sum()) for s in (a, b)})
    assert _scoped(g) or n[a] != n[b], n
    return [season(*top(n))]


@gold_answer("ur_money_left_compare")
def ur_money_left_compare(g: GoldData, a: str, b: str, season: int):
    bought = _bought(g, season).sort_values(["item", "auction_num"])
    left = pd.Series({c: float(bought[bought["castaway_id"] == c]["money_remaining"].iloc[-1]) for c in (a, b)})
    assert left[a] != left[b], left
    return [
        entity(g, top(left))]


@gold_answer("ur_threat_compare")
def ur_threat_compare(g: GoldData, a: str, b: str, season: int):
    threat = _scores(g, season).loc[[a, b], "threat_strategic"].astype(float)
    assert threat[a] != threat[b], threat
    return [
        entity(g, top(threat))]


# -- temporal --------------------------------------------------------------------------------------------
@gold_answer("ur_first_flag_season")
def ur_first_flag_season(g: GoldData, flag: str):
    return [
        season(*_flagged(g, flag)["season"].nsmallest(1))]


@gold_answer("ur_age_at_finale")
def ur_age_at_finale(g: GoldData, castaway_id: str, season: int):
    born = pd.Timestamp(nv._details(g).loc[castaway_id, "date_of_birth"])
    aired = _finale_date(g, season)
    age = aired.year - born.year - ((aired.month, aired.day) < (born.month, born.day))
    return [number(age)]


@gold_answer("ur_last_exiled")
def ur_last_exiled(g: GoldData):
    last = _events(g, "Exiled").iloc[-1:]
    return [entity(g, last["castaway_id"]), season(*last["season"])]


@gold_answer("ur_first_nullifier_season")
def ur_first_nullifier_season(g: GoldData):
    rows = _kind(g, "Idol Nullifier")
    return [season(*rows["season"].nsmallest(1))]


@gold_answer("ur_peak_confessional_episode")
def ur_peak_confessional_episode(g: GoldData, castaway_id: str, season: int):
    conf = g.confessionals
    mine = conf[(conf["season"] == season) & (conf["castaway_id"] == castaway_id)]
    per = mine.groupby(pd.to_numeric(mine["episode"], errors="coerce").astype(int))["confessional_count"].sum()
    best = top(per)
    assert _scoped(g) or len(best) == 1, per.sort_values().tail(3)
    return [number(*best)]


@gold_answer("ur_filming_to_finale")
def ur_filming_to_finale(g: GoldData, season: int):
    started = pd.Timestamp(g.summary.loc[season, "filming_started"])
    days = (_finale_date(g, season) - started).days
    assert days > 0, (season, days)
    return [us._dates(days)]


@gold_answer("ur_last_summit_loss")
def ur_last_summit_loss(g: GoldData):
    last = _events(g, "Summit").iloc[-1:]
    return [
        entity(g, last["castaway_id"]), season(*last["season"])]


@gold_answer("ur_boot_after_auction")
def ur_boot_after_auction(g: GoldData, season: int):
    ep = up._auction_episode(getattr(g, "full", g), season)
    cast = g.season_cast(season)
    out = cast[(cast["episode"] >= ep) & cast["result"].str.contains("voted out", case=False, na=False)]
    return [
        entity(g, out.sort_values("order")["castaway_id"].iloc[:1])]


# -- negation --------------------------------------------------------------------------------------------
@gold_answer("ur_no_flag_between")
def ur_no_flag_between(g: GoldData, flag: str, first: int, last: int):
    had = set(_per_season(g, flag).index)
    return [
        seasons(s for s in g.finished_seasons if first <= s <= last and s not in had)]


@gold_answer("ur_idol_not_needed")
def ur_idol_not_needed(g: GoldData, season: int):
    adv = g.advantages
    rows = adv[(adv["season"] == season) & (adv["event"] == "Played") & (adv["success"] == "Not needed")
               & adv["advantage_type"].str.lower().str.contains(ua.IDOL)].sort_values("episode")
    return [
        entities(g, rows["castaway_id"])]


@gold_answer("ur_found_without_clue")
def ur_found_without_clue(g: GoldData, season: int):
    details = g.data.table("advantage_details")
    clue = details.set_index(["version_season", "advantage_id"])["clue_details"]
    adv = g.advantages
    found = adv[(adv["season"] == season) & adv["event"].isin(us.FOUND)].sort_values("episode")
    found = found[[clue.get(k) == "Found without clue" for k in zip(found["version_season"], found["advantage_id"])]]
    return [entities(g, found["castaway_id"])]


@gold_answer("ur_kip_failed")
def ur_kip_failed(g: GoldData):
    rows = _plays(g, "Knowledge is Power")
    return [
        entities(g, rows[rows["success"] == "No"]["castaway_id"])]


@gold_answer("ur_high_score_non_winners")
def ur_high_score_non_winners(g: GoldData, score: float):
    sc = g.scores
    winners = set(g.cast[g.cast["winner"]]["castaway_id"])
    high = sc[sc["score_overall"].astype(float) >= score].sort_values("score_overall", ascending=False)
    return [
        entities(g, [c for c in high["castaway_id"] if c not in winners])]


@gold_answer("ur_winners_bottom_threat")
def ur_winners_bottom_threat(g: GoldData, since: int):
    rows = [g.winner(s) for s in g.finished_seasons if s >= since
            and str(_scores(g, s).loc[g.winner(s), "threat_challenge_cat"]).startswith("Bottom")]
    return [
        entities(g, rows)]


@gold_answer("ur_no_extra_vote_since")
def ur_no_extra_vote_since(g: GoldData, first: int, last: int):
    had = set(_kind(g, "Extra Vote")["season"])
    return [
        seasons(s for s in g.finished_seasons if first <= s <= last and s not in had)]


@gold_answer("ur_risked_kept_vote")
def ur_risked_kept_vote(g: GoldData, season: int):
    j = _table(g, "journeys")
    j = j[(j["season"] == season) & (j["chose_to_play"].fillna(False).astype(bool))].sort_values("episode")
    kept = j[~j["lost_vote"].fillna(False).astype(bool)]
    return [entities(g, kept["castaway_id"])]


# -- narrative -------------------------------------------------------------------------------------------
@gold_answer("ur_countback_story")
def ur_countback_story(g: GoldData, season: int):
    rows = _events(g, "Countback", season)
    ep = int(rows["episode"].min())
    rows = rows[rows["episode"] == ep]
    out = list(rows[rows["vote_event_outcome"] == "Eliminated"]["castaway_id"])
    safe = list(rows[rows["vote_event_outcome"] == "Safe"]["castaway_id"])
    groups = [*[_words(g, c, season) for c in out + safe], ["tie", "tied", "deadlock"],
              ["previous vote", "prior vote", "past vote", "earlier vote"]]
    return _story(
        g, season, ep, groups, out + safe)


@gold_answer("ur_summit_story")
def ur_summit_story(g: GoldData, season: int):
    ep = int(_events(g, "Summit", season)["episode"].min())
    lost = list(dict.fromkeys(_events(g, "Summit", season).query("episode == @ep")["castaway_id"]))
    out = _voted_out_in(g, season, ep)
    groups = [["summit"], *[_words(g, c, season) for c in lost + out]]
    return _story(
        g, season, ep, groups, lost + out)


@gold_answer("ur_exile_story")
def ur_exile_story(g: GoldData, season: int):
    first = _events(g, "Exiled", season).iloc[0]
    ep, exiled = int(first["episode"]), first["castaway_id"]
    out = _voted_out_in(g, season, ep)
    groups = [_words(g, exiled, season), ["exile"], *[_words(g, c, season) for c in out]]
    return _story(g, season, ep, groups, [exiled, *out])


@gold_answer("ur_control_vote_story")
def ur_control_vote_story(g: GoldData, season: int):
    play = _plays(g, "Control the Vote", season).iloc[0]
    ep, holder, forced = int(play["episode"]), play["castaway_id"], play["played_for_id"]
    event = _events(g, "Control the vote", season)
    target = nv._one(sorted(set(event[event["episode"] == ep]["vote_id"].dropna())), season)[0]
    out = _voted_out_in(g, season, ep)
    groups = [["control"], *[_words(g, c, season) for c in (holder, forced, target, *out)]]
    return _story(
        g, season, ep, groups, [holder, forced, target, *out])


@gold_answer("ur_nullifier_story")
def ur_nullifier_story(g: GoldData, season: int):
    play = _plays(g, "Idol Nullifier", season).iloc[0]
    ep, holder, target = int(play["episode"]), play["castaway_id"], play["played_for_id"]
    groups = [_words(g, holder, season), _words(g, target, season), ["nullifier", "nullified"], ["idol"]]
    return _story(
        g, season, ep, groups, [holder, target])


@gold_answer("ur_safety_story")
def ur_safety_story(g: GoldData, season: int):
    play = _plays(g, "Safety without Power", season).iloc[0]
    ep, giver, user = int(play["episode"]), play["castaway_id"], play["played_for_id"]
    out = _voted_out_in(g, season, ep)
    groups = [_words(g, giver, season), _words(g, user, season), ["safety without power"],
              *[_words(g, c, season) for c in out]]
    return _story(g, season, ep, groups, [giver, user, *out])


@gold_answer("ur_double_tribal_story")
def ur_double_tribal_story(g: GoldData, season: int, episode: int):
    out = _voted_out_in(g, season, episode)
    assert len(out) == 2, (season, episode, out)
    groups = [*[_words(g, c, season) for c in out], ["both", "two"]]
    return _story(g, season, episode, groups, out)


@gold_answer("ur_sacrificed_vote_story")
def ur_sacrificed_vote_story(g: GoldData, season: int):
    first = _events(g, "Sacrificed vote to extend idol", season).iloc[0]
    ep, who = int(first["episode"]), first["castaway_id"]
    out = _voted_out_in(g, season, ep)
    groups = [_words(g, who, season), ["sacrific"], ["idol"], ["extend"],
              *[_words(g, c, season) for c in out if c != who]]
    return _story(
        g, season, ep, groups, [who, *out])


# -- unanswerable ----------------------------------------------------------------------------------------
@gold_answer("ur_future_cast")
def ur_future_cast(g: GoldData, castaway_id: str, future: int, call: str):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    assert castaway_id in set(g.cast["castaway_id"]), call
    return [abstain()]


@gold_answer("ur_nobody")
def ur_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return [abstain()]


@gold_answer("ur_fake_tribe")
def ur_fake_tribe(g: GoldData, tribe: str):
    known = set(g.data.table("tribe_colours")["tribe"].astype(str).str.lower()) | set(
        g.tribes["tribe"].astype(str).str.lower())
    assert tribe.lower() not in known, tribe
    return [abstain()]


@gold_answer("ur_opinion")
def ur_opinion(g: GoldData, castaway_id: str, call: str):
    assert castaway_id in set(g.cast["castaway_id"]), call
    return [abstain()]


@gold_answer("ur_countback_counterfactual")
def ur_countback_counterfactual(g: GoldData, castaway_id: str, season: int, call: str):
    out = _events(g, "Countback", season)
    assert castaway_id in set(out[out["vote_event_outcome"] == "Eliminated"]["castaway_id"]), call  # the premise
    return [abstain()]


@gold_answer("ur_instagram")
def ur_instagram(g: GoldData, castaway_id: str):
    check_not_in_data(g, castaway_id, ("instagram", "social", "twitter", "handle"))
    return [abstain()]


@gold_answer("ur_net_worth")
def ur_net_worth(g: GoldData, castaway_id: str):
    check_not_in_data(g, castaway_id, ("worth", "wealth", "income", "salar", "net_"))
    return [abstain()]


@gold_answer("ur_missing_idol")
def ur_missing_idol(g: GoldData, castaway_id: str, season: int, call: str):
    adv = g.data.table("advantage_movement")
    assert not (adv["season"] == season).any(), season  # the premise is false: no idols that season
    assert season in g.seasons_of(castaway_id), call
    return [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _auction_aired(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], up._auction_episode(full, p["season"]))]


def _first_event(event: str):
    def need(full: GoldData, p: dict) -> list:
        return [("episode", p["season"], int(_events(full, event, p["season"])["episode"].min()))]
    return need


def _first_play(kind: str):
    def need(full: GoldData, p: dict) -> list:
        return [("episode", p["season"], int(_plays(full, kind, p["season"])["episode"].min()))]
    return need


def _first_found(full: GoldData, p: dict) -> list:
    adv = full.advantages
    mine = adv[(adv["season"] == p["season"]) & (adv["castaway_id"] == p["castaway_id"]) & adv["event"].isin(us.FOUND)]
    return [("episode", p["season"], int(mine["episode"].min()))]


def _first_challenge(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], 1)]


def _both_finales(full: GoldData, p: dict) -> list:
    return [("finale", p["a"], None), ("finale", p["b"], None)]


def _after_auction_exit(full: GoldData, p: dict) -> list:
    cid = ur_boot_after_auction(full, p["season"])[0]["ids"][0]
    return [("exit", p["season"], cid)]


def _flag_seasons(full: GoldData, p: dict) -> list:
    return [("finale", s, None) for s in top(_per_season(full, p["flag"]))]


def _kip_first(full: GoldData, p: dict) -> list:
    first = _plays(full, "Knowledge is Power").iloc[0]
    return [("finale", int(first["season"]), None)]


def _first_flag_challenge(full: GoldData, p: dict) -> list:
    first = _flagged(full, p["flag"]).sort_values(["season", "episode", "challenge_number"]).iloc[0]
    return [("episode", int(first["season"]), int(first["episode"]))]


SCOPE_NEEDS = {
    "ur_auction_swap_offer": _auction_aired, "ur_auction_left": _auction_aired, "ur_threat_category": "finale",
    "ur_found_advantage_kind": _first_found, "ur_summit_lost_vote": "finale", "ur_exiled_missed_tribal": "finale",
    "ur_first_challenge_name": _first_challenge, "ur_champion_bet": _first_play("Choose your Champion"),
    "ur_covered_count": _auction_aired, "ur_episode_most_confessionals": "finale",
    "ur_challenge_threat_place": "finale", "ur_oldest_buff": _first_challenge, "ur_food_top_winner": _flag_seasons,
    "ur_reward_stealer_chain": "finale", "ur_top_conf_episode_boot": "finale",
    "ur_kip_first_target_place": _kip_first, "ur_first_slide_winner": _first_flag_challenge,
    "ur_top_outwit_jury_votes": "finale",
    "ur_flag_compare": _both_finales, "ur_outplay_compare": "finale", "ur_finale_ratio": _both_finales,
    "ur_days_apart": "finale", "ur_cast_age_span": _first_challenge, "ur_imdb_high_compare": _both_finales,
    "ur_money_left_compare": _auction_aired, "ur_threat_compare": "finale",
    "ur_age_at_finale": "finale", "ur_peak_confessional_episode": "finale", "ur_filming_to_finale": "finale",
    "ur_boot_after_auction": _after_auction_exit,
    "ur_idol_not_needed": "finale", "ur_found_without_clue": "finale", "ur_risked_kept_vote": "finale",
    "ur_countback_story": _first_event("Countback"), "ur_summit_story": _first_event("Summit"),
    "ur_exile_story": _first_event("Exiled"), "ur_control_vote_story": _first_play("Control the Vote"),
    "ur_nullifier_story": _first_play("Idol Nullifier"), "ur_safety_story": _first_play("Safety without Power"),
    "ur_double_tribal_story": "episode", "ur_sacrificed_vote_story": _first_event("Sacrificed vote to extend idol"),
    "ur_countback_counterfactual": "finale", "ur_missing_idol": "finale",
}
SCOPE_AS_AIRED = {"ur_countback_boots", "ur_flag_top", "ur_flag_total", "ur_threat_top1", "ur_advantage_kind_count",
                  "ur_most_clueless_finds", "ur_first_flag_season", "ur_last_exiled", "ur_first_nullifier_season",
                  "ur_last_summit_loss", "ur_no_flag_between", "ur_kip_failed", "ur_high_score_non_winners",
                  "ur_winners_bottom_threat", "ur_no_extra_vote_since",
                  "ur_future_cast", "ur_nobody", "ur_fake_tribe", "ur_opinion", "ur_instagram", "ur_net_worth"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)
