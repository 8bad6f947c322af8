"""The unraised question set: a thirteenth blind set, for how the agent generalises to questions nobody tuned it on.

The gold, held-out, fresh, unseen, novel, untried, unasked, untouched, unheard, unposed, unvoiced and unspoken sets
have all been looked at while the agent grew; this one was written without reading the agent, linker, catalog,
Cypher or retriever code and without running the agent on any set. It asks about people, seasons and tribes the
other twelve ask about little or not at all, and it reaches into survivoR tables and columns they do not touch:
survivoR's threat ratings and sub-scores (castaway_scores' threat_challenge, threat_strategic, their categories,
score_outwit and score_outplay), the covered items, swap offers and money left over at the auctions
(auction_details' covered, alternative_offered, other_item, money_remaining), the unusual tribal council events
(vote_history's vote_event: countback tie-breaks, summits, exile, control the vote, sacrificed votes), how an
advantage was found (advantage_details' clue_details) and whether a play was needed (advantage_movement's
success), the rarer advantages (Knowledge is Power, Choose your Champion, Reward Stealer, Inheritance, the idol
nullifier), who risked their vote on a journey (journeys' chose_to_play), challenge kinds no set counted (balance,
eating, memory, slide and word puzzles, trivia in challenge_description) and a challenge's own name, confessionals
per episode, filming start dates and finale air dates. The shapes are new too: a ratio of two seasons' audiences,
the span of a cast's ages, the days between two players' exits, an age on a finale's air date, the first and the
last time something happened, the season with the most of a challenge kind and its winner, a chain from finder to
user of an advantage, the episode with the most confessionals and who left in it, seasons lacking a challenge kind
or an advantage, high scorers who never won, and stories of a countback tie-break, a summit, an exile that kept
someone from tribal, a control-the-vote, a nullified idol, a safety-without-power, a double tribal and a vote
sacrificed for an idol. The wording is the way people type to a chatbot: lower case, "s22"-style references, full
names, first names and shortened season names, comparisons, negations, differences, ratios, "whoever ... - what
...", two questions in one message. Answers are computed from the survivoR tables by the templates below, with the
gold set's answer parts and, where one fits, an existing helper.

    build_unraised_set(g) -> list[Question]     # `python -m evaluation gold --set unraised` writes the snapshot
    python -m evaluation run --set unraised     # run it (the default set stays the gold set)

Template names start with "ur_" and question ids with "ur-" (no other set uses either); each template declares
what a viewer scope needs to have aired (SCOPE_NEEDS, SCOPE_AS_AIRED), registered with evaluation.scoped, so
`--watched` works on this set too.
"""

from __future__ import annotations

import pandas as pd

from evaluation import fresh as fr
from evaluation import novel as nv
from evaluation import scoped
from evaluation import unasked as ua
from evaluation import unheard as uh
from evaluation import unposed as up
from evaluation import unspoken as us
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
    season,
    seasons,
    template,
)
from evaluation.gold_facts import top
from evaluation.holdout import _title, by_name, check_not_in_data, pair

UNRAISED_FILE = QUESTION_SETS["unraised"]
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
@template("ur_auction_swap_offer", "single_fact")
def ur_auction_swap_offer(g: GoldData, season: int):
    bought = _bought(g, season)
    offered = bought[bought["alternative_offered"].fillna(False).astype(bool)]
    row = offered.loc[nv._one(list(offered.index), season)[0]]
    other = str(row["other_item"])
    return f"at the {up._bare_title(g, season).lower()} auction someone got offered a swap for the covered thing " \
           "they bought - who was that and what did jeff offer them instead?", [
        entity(g, [row["castaway_id"]]), phrase(other, other.lower(), *SPELLINGS.get(other, []))]


@template("ur_auction_left", "single_fact")
def ur_auction_left(g: GoldData, castaway_id: str, season: int, call: str):
    mine = _bought(g, season)
    mine = mine[mine["castaway_id"] == castaway_id].sort_values(["item", "auction_num"])
    assert len(mine) and mine["money_remaining"].notna().all(), (call, season)
    return f"how much money did {call} have left over once the {up._bare_title(g, season).lower()} auction " \
           "was done?", [number(mine["money_remaining"].iloc[-1])]


@template("ur_threat_category", "single_fact")
def ur_threat_category(g: GoldData, castaway_id: str, season: int, call: str):
    cat = str(_scores(g, season).loc[castaway_id, "threat_strategic_cat"])
    return f"in survivoR's numbers, where does {call} rank as a strategic threat on s{season}? top x% or bottom?", [
        _percent(cat)]


@template("ur_found_advantage_kind", "single_fact")
def ur_found_advantage_kind(g: GoldData, castaway_id: str, season: int, call: str):
    adv = g.advantages
    found = adv[(adv["season"] == season) & (adv["castaway_id"] == castaway_id) & adv["event"].isin(us.FOUND)]
    kind = nv._one(sorted(set(found["advantage_type"])), call)[0]
    short = kind.replace(" Advantage", "")
    return f"{call} found some advantage on {_title(g, season).lower()} and got voted out still holding it. what " \
           "kind of advantage was it", [phrase(kind, kind.lower(), short, short.lower())]


@template("ur_summit_lost_vote", "single_fact")
def ur_summit_lost_vote(g: GoldData, season: int):
    rows = _events(g, "Summit", season)
    return f"who lost their vote after going on a summit on s{season}?", [entities(g, rows["castaway_id"])]


@template("ur_exiled_missed_tribal", "single_fact")
def ur_exiled_missed_tribal(g: GoldData, season: int):
    rows = _events(g, "Exiled", season)
    return f"on {_title(g, season).lower()}, who missed tribal council because they were stuck on exile?", [
        entities(g, rows["castaway_id"])]


@template("ur_first_challenge_name", "single_fact")
def ur_first_challenge_name(g: GoldData, season: int):
    desc = _table(g, "challenge_description")
    desc = desc[desc["season"] == season].sort_values(["episode", "challenge_number"])
    row = desc.iloc[0]
    return f"What was the very first challenge of {g.season_name(season)} called?", [
        phrase(*[str(v) for v in (row["name"], row["recurring_name"]) if pd.notna(v)])]


@template("ur_champion_bet", "single_fact")
def ur_champion_bet(g: GoldData, season: int):
    row = _plays(g, "Choose your Champion", season)
    row = row.loc[nv._one(list(row.index), season)[0]]
    return f"s{season} had a 'choose your champion' advantage. who had it and who did they bet on?", [
        entity(g, [row["castaway_id"]]), entity(g, [row["played_for_id"]])]


# -- aggregation -----------------------------------------------------------------------------------------
@template("ur_countback_boots", "aggregation")
def ur_countback_boots(g: GoldData):
    rows = _events(g, "Countback")
    out = rows[rows["vote_event_outcome"] == "Eliminated"]
    return "who has been sent home on a countback - like when a tie got settled by who had more votes before?", [
        entities(g, out["castaway_id"])]


@template("ur_flag_top", "aggregation")
def ur_flag_top(g: GoldData, flag: str):
    per = _per_season(g, flag)
    best = top(per)
    assert _scoped(g) or len(best) == 1, per.sort_values().tail(3)
    return f"which survivor season had the most {KINDS[flag]} challenges", [season(*best)]


@template("ur_flag_total", "aggregation")
def ur_flag_total(g: GoldData, flag: str):
    return f"how many {KINDS[flag]} challenges has survivor done in total? (us seasons)", [
        number(len(_flagged(g, flag)))]


@template("ur_covered_count", "aggregation")
def ur_covered_count(g: GoldData, season: int):
    bought = _bought(g, season).drop_duplicates(["item"])
    return f"How many of the items at the s{season} auction were sold covered up?", [
        number(int(bought["covered"].fillna(False).astype(bool).sum()))]


@template("ur_threat_top1", "aggregation")
def ur_threat_top1(g: GoldData):
    sc = g.scores
    return "who does survivoR put in the top 1% as a challenge threat?", [
        entities(g, sc[sc["threat_challenge_cat"] == "Top 1%"]["castaway_id"])]


@template("ur_episode_most_confessionals", "aggregation")
def ur_episode_most_confessionals(g: GoldData, season: int):
    per = _episode_confessionals(g, season)
    best = top(per)
    assert _scoped(g) or len(best) == 1, per.sort_values().tail(3)
    return f"which episode of {_title(g, season).lower()} had the most confessionals, all castaways added up?", [
        number(*best)]


@template("ur_advantage_kind_count", "aggregation")
def ur_advantage_kind_count(g: GoldData, kind: str):
    rows = _kind(g, kind).drop_duplicates(["version_season", "advantage_id"])
    return f"how many {kind.lower()} advantages have been in play across all the seasons?", [number(len(rows))]


@template("ur_most_clueless_finds", "aggregation")
def ur_most_clueless_finds(g: GoldData):
    details = g.data.table("advantage_details")
    adv = g.advantages
    found = adv[adv["event"].isin(us.FOUND)].drop_duplicates(["version_season", "advantage_id"])
    clue = details.set_index(["version_season", "advantage_id"])["clue_details"]
    found = found[[clue.get(k) == "Found without clue" for k in zip(found["version_season"], found["advantage_id"])]]
    per = found.groupby("season").size()
    best = top(per)
    assert _scoped(g) or len(best) == 1, per.sort_values().tail(3)
    return "which season had the most idols/advantages found without any clue?", [season(*best)]


# -- multi-hop -------------------------------------------------------------------------------------------
@template("ur_challenge_threat_place", "multi_hop")
def ur_challenge_threat_place(g: GoldData, season: int):
    best = nv._one(top(_scores(g, season)["threat_challenge"].astype(float)), season)[0]
    return f"whoever survivoR rates the biggest challenge threat on {_title(g, season).lower()} - who is it and " \
           "what place did they finish?", [entity(g, [best]), number(fr._row(g, best, season)["place"])]


@template("ur_oldest_buff", "multi_hop")
def ur_oldest_buff(g: GoldData, season: int):
    cast = g.season_cast(season)
    oldest = nv._one(list(cast[cast["age"] == cast["age"].max()]["castaway_id"]), season)[0]
    return f"what colour buff was the oldest player on s{season} wearing at the start?", [
        us._buff(g, season, fr._row(g, oldest, season)["original_tribe"])]


@template("ur_food_top_winner", "multi_hop")
def ur_food_top_winner(g: GoldData, flag: str):
    per = _per_season(g, flag)
    best = top(per)
    assert _scoped(g) or len(best) == 1, per.sort_values().tail(3)
    return f"the season with the most {KINDS[flag]} challenges... which one was it and who won it?", [
        season(*best), entity(g, [g.winner(s) for s in best])]


@template("ur_reward_stealer_chain", "multi_hop")
def ur_reward_stealer_chain(g: GoldData, season: int):
    rows = _kind(g, "Reward Stealer")
    rows = rows[rows["season"] == season]
    finder = rows[rows["event"].isin(("Found", "Found (beware)"))]["castaway_id"]
    user = rows[rows["event"] == "Played"]["castaway_id"]
    return f"the reward stealer on {_title(g, season).lower()} - who found it, and who ended up using it?", [
        entity(g, nv._one(list(finder), season)), entity(g, nv._one(list(user), season))]


@template("ur_top_conf_episode_boot", "multi_hop")
def ur_top_conf_episode_boot(g: GoldData, season: int):
    per = _episode_confessionals(g, season)
    ep = nv._one(top(per), season)[0]
    return f"in the s{season} episode with the most confessionals overall, who got voted out?", [
        entities(g, _voted_out_in(g, season, int(ep)))]


@template("ur_kip_first_target_place", "multi_hop")
def ur_kip_first_target_place(g: GoldData):
    first = _plays(g, "Knowledge is Power").iloc[0]
    s, target = int(first["season"]), first["played_for_id"]
    return "first time anyone used knowledge is power - who did they go after and where did that person finish?", [
        entity(g, [target]), number(fr._row(g, target, s)["place"])]


@template("ur_first_slide_winner", "multi_hop")
def ur_first_slide_winner(g: GoldData, flag: str):
    first = _flagged(g, flag).sort_values(["season", "episode", "challenge_number"]).iloc[0]
    s = int(first["season"])
    cr = up._challenges(g)
    won = cr[(cr["season"] == s) & (cr["challenge_id"] == first["challenge_id"]) & (cr["won"] == 1)]
    tribe = nv._one(sorted(set(won["tribe"])), (s, first["challenge_id"]))
    return f"first ever {KINDS[flag]} challenge on survivor - what season, and which tribe won it?", [
        season(s), phrase(*tribe)]


@template("ur_top_outwit_jury_votes", "multi_hop")
def ur_top_outwit_jury_votes(g: GoldData, season: int):
    best = nv._one(top(_scores(g, season)["score_outwit"].astype(float)), season)[0]
    jury = g.jury[(g.jury["season"] == season) & (g.jury["finalist_id"] == best)]
    assert fr._row(g, best, season)["finalist"], best  # a finalist, so a jury vote count is the answer
    return f"who had the best outwit score on s{season} per survivoR, and how many jury votes did they get?", [
        entity(g, [best]), number(len(jury))]


# -- cross-entity ----------------------------------------------------------------------------------------
@template("ur_flag_compare", "cross_entity")
def ur_flag_compare(g: GoldData, flag: str, a: int, b: int):
    per = _per_season(g, flag).reindex([a, b]).fillna(0)
    assert _scoped(g) or per[a] != per[b], per
    return f"{_title(g, a).lower()} or {_title(g, b).lower()}: which one had more {KINDS[flag]} challenges?", [
        season(*top(per))]


@template("ur_outplay_compare", "cross_entity")
def ur_outplay_compare(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    score = _scores(g, season).loc[[a, b], "score_outplay"].astype(float)
    assert score[a] != score[b], score
    return f"{call_a} vs {call_b} on s{season}, who has the higher outplay score in survivoR?", [
        entity(g, top(score))]


@template("ur_finale_ratio", "cross_entity")
def ur_finale_ratio(g: GoldData, a: int, b: int):
    first, second = (float(pd.to_numeric(g.summary.loc[s, "viewers_finale"], errors="coerce")) for s in (a, b))
    return f"how many times more people watched the s{a} finale than the s{b} finale?", [_ratio(first / second)]


@template("ur_days_apart", "cross_entity")
def ur_days_apart(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    days = {c: int(fr._row(g, c, season)["day"]) for c in (a, b)}
    assert days[a] > days[b], days  # the premise: the first named lasted longer
    return f"how many more days did {call_a} last than {call_b} on {_title(g, season).lower()}?", [
        number(days[a] - days[b])]


@template("ur_cast_age_span", "cross_entity")
def ur_cast_age_span(g: GoldData, season: int):
    ages = g.season_cast(season)["age"].astype(float)
    return f"how big was the age gap between the oldest and youngest castaway on s{season}?", [
        number(ages.max() - ages.min())]


@template("ur_imdb_high_compare", "cross_entity")
def ur_imdb_high_compare(g: GoldData, a: int, b: int, rating: float):
    eps = g.episodes
    rated = pd.to_numeric(eps["imdb_rating"], errors="coerce")
    n = pd.Series({s: int(((eps["season"] == s) & (rated >= rating)).sum()) for s in (a, b)})
    assert _scoped(g) or n[a] != n[b], n
    return f"s{a} vs s{b}, which has more episodes rated {rating} or higher on imdb?", [season(*top(n))]


@template("ur_money_left_compare", "cross_entity")
def ur_money_left_compare(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    bought = _bought(g, season).sort_values(["item", "auction_num"])
    left = pd.Series({c: float(bought[bought["castaway_id"] == c]["money_remaining"].iloc[-1]) for c in (a, b)})
    assert left[a] != left[b], left
    return f"who walked out of the s{season} auction with more cash left, {call_a} or {call_b}?", [
        entity(g, top(left))]


@template("ur_threat_compare", "cross_entity")
def ur_threat_compare(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    threat = _scores(g, season).loc[[a, b], "threat_strategic"].astype(float)
    assert threat[a] != threat[b], threat
    return f"{call_a} or {call_b} - who does survivoR rate as the bigger strategic threat on s{season}?", [
        entity(g, top(threat))]


# -- temporal --------------------------------------------------------------------------------------------
@template("ur_first_flag_season", "temporal")
def ur_first_flag_season(g: GoldData, flag: str):
    return f"when did survivor first do a {KINDS[flag]} challenge? which season", [
        season(*_flagged(g, flag)["season"].nsmallest(1))]


@template("ur_age_at_finale", "temporal")
def ur_age_at_finale(g: GoldData, castaway_id: str, season: int, call: str):
    born = pd.Timestamp(nv._details(g).loc[castaway_id, "date_of_birth"])
    aired = _finale_date(g, season)
    age = aired.year - born.year - ((aired.month, aired.day) < (born.month, born.day))
    return f"how old was {call} when the s{season} finale aired?", [number(age)]


@template("ur_last_exiled", "temporal")
def ur_last_exiled(g: GoldData):
    last = _events(g, "Exiled").iloc[-1:]
    return "when was the last time someone got kept out of tribal council because they were on exile? who and " \
           "what season", [entity(g, last["castaway_id"]), season(*last["season"])]


@template("ur_first_nullifier_season", "temporal")
def ur_first_nullifier_season(g: GoldData):
    rows = _kind(g, "Idol Nullifier")
    return "what was the first season that had an idol nullifier?", [season(*rows["season"].nsmallest(1))]


@template("ur_peak_confessional_episode", "temporal")
def ur_peak_confessional_episode(g: GoldData, castaway_id: str, season: int, call: str):
    conf = g.confessionals
    mine = conf[(conf["season"] == season) & (conf["castaway_id"] == castaway_id)]
    per = mine.groupby(pd.to_numeric(mine["episode"], errors="coerce").astype(int))["confessional_count"].sum()
    best = top(per)
    assert _scoped(g) or len(best) == 1, per.sort_values().tail(3)
    return f"which episode of s{season} did {call} get the most confessionals in?", [number(*best)]


@template("ur_filming_to_finale", "temporal")
def ur_filming_to_finale(g: GoldData, season: int):
    started = pd.Timestamp(g.summary.loc[season, "filming_started"])
    days = (_finale_date(g, season) - started).days
    assert days > 0, (season, days)
    return f"how long was it from the day they started filming {_title(g, season).lower()} to the night its " \
           "finale aired?", [us._dates(days)]


@template("ur_last_summit_loss", "temporal")
def ur_last_summit_loss(g: GoldData):
    last = _events(g, "Summit").iloc[-1:]
    return "last time somebody lost their vote because of a summit - who was it and which season?", [
        entity(g, last["castaway_id"]), season(*last["season"])]


@template("ur_boot_after_auction", "temporal")
def ur_boot_after_auction(g: GoldData, season: int):
    ep = up._auction_episode(getattr(g, "full", g), season)
    cast = g.season_cast(season)
    out = cast[(cast["episode"] >= ep) & cast["result"].str.contains("voted out", case=False, na=False)]
    return f"who was the first person voted out after the auction on s{season}?", [
        entity(g, out.sort_values("order")["castaway_id"].iloc[:1])]


# -- negation --------------------------------------------------------------------------------------------
@template("ur_no_flag_between", "negation")
def ur_no_flag_between(g: GoldData, flag: str, first: int, last: int):
    had = set(_per_season(g, flag).index)
    return f"which seasons from s{first} to s{last} never had an {KINDS[flag]} challenge?", [
        seasons(s for s in g.finished_seasons if first <= s <= last and s not in had)]


@template("ur_idol_not_needed", "negation")
def ur_idol_not_needed(g: GoldData, season: int):
    adv = g.advantages
    rows = adv[(adv["season"] == season) & (adv["event"] == "Played") & (adv["success"] == "Not needed")
               & adv["advantage_type"].str.lower().str.contains(ua.IDOL)].sort_values("episode")
    return f"on {_title(g, season).lower()}, who played an idol that turned out not to be needed at all?", [
        entities(g, rows["castaway_id"])]


@template("ur_found_without_clue", "negation")
def ur_found_without_clue(g: GoldData, season: int):
    details = g.data.table("advantage_details")
    clue = details.set_index(["version_season", "advantage_id"])["clue_details"]
    adv = g.advantages
    found = adv[(adv["season"] == season) & adv["event"].isin(us.FOUND)].sort_values("episode")
    found = found[[clue.get(k) == "Found without clue" for k in zip(found["version_season"], found["advantage_id"])]]
    return f"s{season}: who found an idol without having any clue for it?", [entities(g, found["castaway_id"])]


@template("ur_kip_failed", "negation")
def ur_kip_failed(g: GoldData):
    rows = _plays(g, "Knowledge is Power")
    return "has knowledge is power ever not worked? who used it and came away with nothing", [
        entities(g, rows[rows["success"] == "No"]["castaway_id"])]


@template("ur_high_score_non_winners", "negation")
def ur_high_score_non_winners(g: GoldData, score: float):
    sc = g.scores
    winners = set(g.cast[g.cast["winner"]]["castaway_id"])
    high = sc[sc["score_overall"].astype(float) >= score].sort_values("score_overall", ascending=False)
    return f"who has an overall castaway score of {score} or more in survivoR but never won survivor?", [
        entities(g, [c for c in high["castaway_id"] if c not in winners])]


@template("ur_winners_bottom_threat", "negation")
def ur_winners_bottom_threat(g: GoldData, since: int):
    rows = [g.winner(s) for s in g.finished_seasons if s >= since
            and str(_scores(g, s).loc[g.winner(s), "threat_challenge_cat"]).startswith("Bottom")]
    return f"which winners since s{since} are NOT even in survivoR's top half as challenge threats?", [
        entities(g, rows)]


@template("ur_no_extra_vote_since", "negation")
def ur_no_extra_vote_since(g: GoldData, first: int, last: int):
    had = set(_kind(g, "Extra Vote")["season"])
    return f"from s{first} through s{last} which seasons didn't have an extra vote advantage", [
        seasons(s for s in g.finished_seasons if first <= s <= last and s not in had)]


@template("ur_risked_kept_vote", "negation")
def ur_risked_kept_vote(g: GoldData, season: int):
    j = _table(g, "journeys")
    j = j[(j["season"] == season) & (j["chose_to_play"].fillna(False).astype(bool))].sort_values("episode")
    kept = j[~j["lost_vote"].fillna(False).astype(bool)]
    return f"who risked their vote on a journey on s{season} and didn't lose it", [entities(g, kept["castaway_id"])]


# -- narrative -------------------------------------------------------------------------------------------
@template("ur_countback_story", "narrative")
def ur_countback_story(g: GoldData, season: int):
    rows = _events(g, "Countback", season)
    ep = int(rows["episode"].min())
    rows = rows[rows["episode"] == ep]
    out = list(rows[rows["vote_event_outcome"] == "Eliminated"]["castaway_id"])
    safe = list(rows[rows["vote_event_outcome"] == "Safe"]["castaway_id"])
    groups = [*[_words(g, c, season) for c in out + safe], ["tie", "tied", "deadlock"],
              ["previous vote", "prior vote", "past vote", "earlier vote"]]
    return f"on {_title(g, season).lower()} a tie got decided by past votes?? what happened there", _story(
        g, season, ep, groups, out + safe)


@template("ur_summit_story", "narrative")
def ur_summit_story(g: GoldData, season: int):
    ep = int(_events(g, "Summit", season)["episode"].min())
    lost = list(dict.fromkeys(_events(g, "Summit", season).query("episode == @ep")["castaway_id"]))
    out = _voted_out_in(g, season, ep)
    groups = [["summit"], *[_words(g, c, season) for c in lost + out]]
    return f"first summit on s{season}: who went, who lost their vote, and who went home that night?", _story(
        g, season, ep, groups, lost + out)


@template("ur_exile_story", "narrative")
def ur_exile_story(g: GoldData, season: int):
    first = _events(g, "Exiled", season).iloc[0]
    ep, exiled = int(first["episode"]), first["castaway_id"]
    out = _voted_out_in(g, season, ep)
    groups = [_words(g, exiled, season), ["exile"], *[_words(g, c, season) for c in out]]
    return f"early on {_title(g, season).lower()} one guy missed a tribal council because of exile island. who was " \
           "it, and who got voted off that night", \
        _story(g, season, ep, groups, [exiled, *out])


@template("ur_control_vote_story", "narrative")
def ur_control_vote_story(g: GoldData, season: int):
    play = _plays(g, "Control the Vote", season).iloc[0]
    ep, holder, forced = int(play["episode"]), play["castaway_id"], play["played_for_id"]
    event = _events(g, "Control the vote", season)
    target = nv._one(sorted(set(event[event["episode"] == ep]["vote_id"].dropna())), season)[0]
    out = _voted_out_in(g, season, ep)
    groups = [["control"], *[_words(g, c, season) for c in (holder, forced, target, *out)]]
    return f"explain the control the vote thing on s{season}. who used it on who, and did it work?", _story(
        g, season, ep, groups, [holder, forced, target, *out])


@template("ur_nullifier_story", "narrative")
def ur_nullifier_story(g: GoldData, season: int):
    play = _plays(g, "Idol Nullifier", season).iloc[0]
    ep, holder, target = int(play["episode"]), play["castaway_id"], play["played_for_id"]
    groups = [_words(g, holder, season), _words(g, target, season), ["nullifier", "nullified"], ["idol"]]
    return f"tell me about the idol nullifier getting played on {_title(g, season).lower()}", _story(
        g, season, ep, groups, [holder, target])


@template("ur_safety_story", "narrative")
def ur_safety_story(g: GoldData, season: int):
    play = _plays(g, "Safety without Power", season).iloc[0]
    ep, giver, user = int(play["episode"]), play["castaway_id"], play["played_for_id"]
    out = _voted_out_in(g, season, ep)
    groups = [_words(g, giver, season), _words(g, user, season), ["safety without power"],
              *[_words(g, c, season) for c in out]]
    return f"s{season} - somebody left tribal early with safety without power. how did that go down, and who " \
           "went home?", _story(g, season, ep, groups, [giver, user, *out])


@template("ur_double_tribal_story", "narrative")
def ur_double_tribal_story(g: GoldData, season: int, episode: int):
    out = _voted_out_in(g, season, episode)
    assert len(out) == 2, (season, episode, out)
    groups = [*[_words(g, c, season) for c in out], ["both", "two"]]
    return f"there was an episode of {_title(g, season).lower()} where two people got voted out - what happened?", \
        _story(g, season, episode, groups, out)


@template("ur_sacrificed_vote_story", "narrative")
def ur_sacrificed_vote_story(g: GoldData, season: int):
    first = _events(g, "Sacrificed vote to extend idol", season).iloc[0]
    ep, who = int(first["episode"]), first["castaway_id"]
    out = _voted_out_in(g, season, ep)
    groups = [_words(g, who, season), ["sacrific"], ["idol"], ["extend"],
              *[_words(g, c, season) for c in out if c != who]]
    return f"who gave up their vote to keep an idol alive on s{season}, and how did it work out for them", _story(
        g, season, ep, groups, [who, *out])


# -- unanswerable ----------------------------------------------------------------------------------------
@template("ur_future_cast", "unanswerable")
def ur_future_cast(g: GoldData, castaway_id: str, future: int, call: str):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    assert castaway_id in set(g.cast["castaway_id"]), call
    return f"is {call} in the cast of survivor {future}? and who goes home first on it", [abstain()]


@template("ur_nobody", "unanswerable")
def ur_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return f"how much money did {name} have left after the auction", [abstain()]


@template("ur_fake_tribe", "unanswerable")
def ur_fake_tribe(g: GoldData, tribe: str):
    known = set(g.data.table("tribe_colours")["tribe"].astype(str).str.lower()) | set(
        g.tribes["tribe"].astype(str).str.lower())
    assert tribe.lower() not in known, tribe
    return f"what colour were the {tribe} tribe's buffs?", [abstain()]


@template("ur_opinion", "unanswerable")
def ur_opinion(g: GoldData, castaway_id: str, call: str):
    assert castaway_id in set(g.cast["castaway_id"]), call
    return f"is {call} the nicest person to ever play survivor?", [abstain()]


@template("ur_countback_counterfactual", "unanswerable")
def ur_countback_counterfactual(g: GoldData, castaway_id: str, season: int, call: str):
    out = _events(g, "Countback", season)
    assert castaway_id in set(out[out["vote_event_outcome"] == "Eliminated"]["castaway_id"]), call  # the premise
    return f"if they had drawn rocks instead of using the countback, would {call} have survived s{season}?", [abstain()]


@template("ur_instagram", "unanswerable")
def ur_instagram(g: GoldData, castaway_id: str, call: str):
    check_not_in_data(g, castaway_id, ("instagram", "social", "twitter", "handle"))
    return f"what's {call}'s instagram handle", [abstain()]


@template("ur_net_worth", "unanswerable")
def ur_net_worth(g: GoldData, castaway_id: str, call: str):
    check_not_in_data(g, castaway_id, ("worth", "wealth", "income", "salar", "net_"))
    return f"what is {call}'s net worth these days?", [abstain()]


@template("ur_missing_idol", "unanswerable")
def ur_missing_idol(g: GoldData, castaway_id: str, season: int, call: str):
    adv = g.data.table("advantage_movement")
    assert not (adv["season"] == season).any(), season  # the premise is false: no idols that season
    assert season in g.seasons_of(castaway_id), call
    return f"where did {call} find his hidden immunity idol on {_title(g, season).lower()}?", [abstain()]


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
    cid = ur_boot_after_auction(full, p["season"])[1][0]["ids"][0]
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


# -- the plan --------------------------------------------------------------------------------------------
def plan(g: GoldData) -> list[tuple[str, dict]]:
    """People, seasons and tribes the gold, held-out, fresh, unseen, novel, untried, unasked, untouched, unheard,
    unposed, unvoiced and unspoken sets ask little or nothing about."""
    top_season = max(g.seasons)
    return [
        # single facts
        ("ur_auction_swap_offer", {"season": 6}), ("ur_auction_left", by_name(g, "Butch Lockley", season=6)),
        ("ur_threat_category", by_name(g, "Artis Silvester", season=25)),
        ("ur_found_advantage_kind", by_name(g, "Sarah Wade", season=44)), ("ur_summit_lost_vote", {"season": 44}),
        ("ur_exiled_missed_tribal", {"season": 14}), ("ur_first_challenge_name", {"season": 1}),
        ("ur_champion_bet", {"season": 43}),
        # aggregation
        ("ur_countback_boots", {}), ("ur_flag_top", {"flag": "balance"}), ("ur_flag_total", {"flag": "puzzle_slide"}),
        ("ur_covered_count", {"season": 25}), ("ur_threat_top1", {}), ("ur_episode_most_confessionals", {"season": 31}),
        ("ur_advantage_kind_count", {"kind": "Extra Vote"}), ("ur_most_clueless_finds", {}),
        # multi-hop
        ("ur_challenge_threat_place", {"season": 11}), ("ur_oldest_buff", {"season": 29}),
        ("ur_food_top_winner", {"flag": "food"}), ("ur_reward_stealer_chain", {"season": 33}),
        ("ur_top_conf_episode_boot", {"season": 38}), ("ur_kip_first_target_place", {}),
        ("ur_first_slide_winner", {"flag": "puzzle_slide"}), ("ur_top_outwit_jury_votes", {"season": 5}),
        # cross-entity
        ("ur_flag_compare", {"flag": "memory", "a": 9, "b": 2}),
        ("ur_outplay_compare", pair(g, "Jake Billingsley", "Penny Ramsey", season=5)),
        ("ur_finale_ratio", {"a": 1, "b": 41}),
        ("ur_days_apart", pair(g, "Sean Rector", "Zoe Zanidakis", season=4)), ("ur_cast_age_span", {"season": 1}),
        ("ur_imdb_high_compare", {"a": 11, "b": 31, "rating": 8.5}),
        ("ur_money_left_compare", pair(g, "Leif Manson", "Chelsea Meissner", season=24)),
        ("ur_threat_compare", pair(g, "Mitch Guerra", "Shauhin Davari", season=48)),
        # temporal
        ("ur_first_flag_season", {"flag": "puzzle_word"}), ("ur_age_at_finale", by_name(g, "Missy Payne", season=29)),
        ("ur_last_exiled", {}), ("ur_first_nullifier_season", {}),
        ("ur_peak_confessional_episode", by_name(g, "Kamilla Karthigesu", season=48)),
        ("ur_filming_to_finale", {"season": 40}), ("ur_last_summit_loss", {}),
        ("ur_boot_after_auction", {"season": 11}),
        # negation
        ("ur_no_flag_between", {"flag": "food", "first": 1, "last": 12}), ("ur_idol_not_needed", {"season": 26}),
        ("ur_found_without_clue", {"season": 19}), ("ur_kip_failed", {}),
        ("ur_high_score_non_winners", {"score": 0.9}), ("ur_winners_bottom_threat", {"since": 30}),
        ("ur_no_extra_vote_since", {"first": 36, "last": 48}), ("ur_risked_kept_vote", {"season": 43}),
        # narrative: a countback tie-break, a summit, an exile that kept someone from tribal, a control-the-vote,
        # a nullified idol, a safety-without-power, a double tribal, a vote sacrificed for an idol
        ("ur_countback_story", {"season": 2}), ("ur_summit_story", {"season": 42}), ("ur_exile_story", {"season": 12}),
        ("ur_control_vote_story", {"season": 44}), ("ur_nullifier_story", {"season": 39}),
        ("ur_safety_story", {"season": 47}), ("ur_double_tribal_story", {"season": 48, "episode": 7}),
        ("ur_sacrificed_vote_story", {"season": 45}),
        # unanswerable
        ("ur_future_cast", by_name(g, "Ramona Gray", future=top_season + 9)),
        ("ur_nobody", {"name": "Thaddeus Brightwater"}),
        ("ur_fake_tribe", {"tribe": "Zambora"}), ("ur_opinion", by_name(g, "Lisa Whelchel")),
        ("ur_countback_counterfactual", by_name(g, "Mitchell Olson", season=2)),
        ("ur_instagram", by_name(g, "Dale Wentworth")), ("ur_net_worth", by_name(g, "Greg Buis")),
        ("ur_missing_idol", by_name(g, "Joel Klug", season=1)),
    ]


def build_unraised_set(g: GoldData) -> list[Question]:
    """The unraised set; question ids are "ur-<category>-NN" so they never collide with the other sets'."""
    return build_planned(g, "ur", plan)
