"""The unasked question set: a seventh blind set, for how the agent generalises to questions nobody tuned it on.

The gold, held-out, fresh, unseen, novel and untried sets have all been looked at while the agent grew; this one
was written without reading the agent, linker, catalog, Cypher or retriever code and without running the agent
on any set. It asks about people, seasons and tribes the other six ask about little or not at all, and reaches
into survivoR tables they barely touch (challenge sit-outs and duels, challenge names, journeys, the auction,
advantage kinds, episode viewers and IMDb ratings, personality types, the jury's confessionals, votes an idol
nullified), in shapes they do not use: relative phrasing ("the season after ...", "right after X"), "of the ...",
"at least N", "both", "first to ... twice", one tribe against another, "s40"-style references, casual lower case
and two questions in one message. Answers are computed from the survivoR tables by the templates below, with the
gold set's answer parts and, where one fits, an existing template's or helper's answer code.

    build_unasked_set(g) -> list[Question]     # `python -m evaluation gold --set unasked` writes the snapshot
    python -m evaluation run --set unasked     # run it (the default set stays the gold set)

Template names start with "ua_"; each declares what a viewer scope needs to have aired (SCOPE_NEEDS,
SCOPE_AS_AIRED), registered with evaluation.scoped, so `--watched` works on this set too.
"""

from __future__ import annotations

import pandas as pd

from evaluation import fresh as fr
from evaluation import gold_multi as gm
from evaluation import novel as nv
from evaluation import scoped
from evaluation import unseen as un
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
from evaluation.gold_facts import ORDINALS, top
from evaluation.holdout import by_name, check_not_in_data, pair
from evaluation.matching import contains_prefix
from evaluation.untried import _first_swap_tribe, _swap_episode

UNASKED_FILE = QUESTION_SETS["unasked"]
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
@template("ua_mbti", "single_fact")
def ua_mbti(g: GoldData, castaway_id: str, call: str):
    return f"what's {call}'s myers-briggs type?", [
        phrase(nv._bio(g, castaway_id, "personality_type"))]


@template("ua_tribe_season", "single_fact")
def ua_tribe_season(g: GoldData, tribe: str):
    found = sorted(set(int(s) for s in g.tribes[g.tribes["tribe"] == tribe]["season"]))
    assert len(found) <= 1, (tribe, found)  # the name alone says which season (none yet for an early viewer)
    return f"{tribe.lower()} tribe... which season was that from", [season(*found)]


@template("ua_final_immunity_name", "single_fact")
def ua_final_immunity_name(g: GoldData, season: int):
    cid = max(fr._immunity(g).query("season == @season")["challenge_id"])
    desc = g.data.table("challenge_description")
    row = nv._one(list(desc[(desc["season"] == season) & (desc["challenge_id"] == cid)].index), (season, cid))
    name, recurring = desc.loc[row[0], "name"], desc.loc[row[0], "recurring_name"]
    return f"What was the very last individual immunity challenge on {g.subtitle(season)} called?", [
        phrase(name, recurring)]


def _journey_row(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    rows = _journeys(g, s)
    return rows.loc[nv._one(list(rows[rows["castaway_id"] == castaway_id].index), castaway_id)[0]]


@template("ua_journey_reward", "single_fact")
def ua_journey_reward(g: GoldData, castaway_id: str, season: int, call: str):
    reward = str(_journey_row(g, castaway_id, season)["reward"])
    return f"{call} went on a journey in s{season}. what did he come back with?", [phrase(reward)]


@template("ua_hometown_then", "single_fact")
def ua_hometown_then(g: GoldData, castaway_id: str, season: int, call: str):
    assert len(getattr(g, "full", g).seasons_of(castaway_id)) > 1, call  # another season lists another city
    row = fr._row(g, castaway_id, season)
    city, state = row["city"], row["state"]
    return f"By the time of {g.subtitle(season)}, where was {call} living?", [
        phrase(*([f"{city}, {state}", city] if pd.notna(city) else []))]


def _advantage_rows(g: GoldData, castaway_id: str, s: int) -> pd.DataFrame:
    adv = g.advantages
    return adv[(adv["season"] == s) & (adv["castaway_id"] == castaway_id)]


@template("ua_advantage_kind", "single_fact")
def ua_advantage_kind(g: GoldData, castaway_id: str, season: int, call: str):
    kinds = sorted(set(_advantage_rows(g, castaway_id, season)["advantage_type"]))
    assert len(kinds) <= 1, (call, kinds)  # one advantage, so "what was it" has one answer
    return f"What kind of advantage did {call} have in season {season}?", [phrase(*kinds)]


def _auction_episode(full: GoldData, s: int) -> int:
    present, _ = _auction(full, s)
    return int(nv._one(sorted(set(present["episode"])), s)[0])


@template("ua_auction_item", "single_fact")
def ua_auction_item(g: GoldData, castaway_id: str, season: int, call: str):
    _, bought = _auction(g, season)
    item = nv._one(list(bought[bought["castaway_id"] == castaway_id]["item_description"]), call)[0]
    return f"what did {call} buy at the {g.subtitle(season)} auction", [phrase(item, item.split()[-1])]


def _titled(g: GoldData, s: int, title: str) -> int:
    eps = g.episodes[(g.episodes["season"] == s) & (g.episodes["episode_title"] == title)]
    return int(nv._one(list(eps["episode"]), (s, title))[0])


@template("ua_episode_viewers", "single_fact")
def ua_episode_viewers(g: GoldData, season: int, title: str):
    eps = g.episodes
    viewers = eps[(eps["season"] == season) & (eps["episode"] == _titled(g, season, title))]["viewers"].iloc[0]
    return f'How many viewers tuned in for "{title}" (s{season})?', [_millions(float(viewers))]


# -- aggregation -----------------------------------------------------------------------------------------
@template("ua_sat_out_most", "aggregation")
def ua_sat_out_most(g: GoldData, season: int):
    cr = _challenges(g)
    sat = cr[(cr["season"] == season) & cr["sit_out"].fillna(False).astype(bool)]
    return f"who had to sit out the most challenges in S{season}?", [
        entity(g, top(sat.groupby("castaway_id")["challenge_id"].nunique()))]


def _duel_wins(g: GoldData, s: int) -> pd.Series:
    cr = _challenges(g)
    return cr[(cr["season"] == s) & (cr["won_duel"] == 1)].groupby("castaway_id").size()


@template("ua_duel_leader", "aggregation")
def ua_duel_leader(g: GoldData, season: int):
    return f"Most duel wins on {g.subtitle(season)}? who was it", [entity(g, top(_duel_wins(g, season)))]


@template("ua_tribe_immunity_count", "aggregation")
def ua_tribe_immunity_count(g: GoldData, season: int, tribe: str):
    assert set(g.tribes[g.tribes["tribe"] == tribe]["tribe_status"]) <= {"Original"}, tribe  # one tribe of that name
    return f"{tribe} won how many tribe immunity challenges on season {season}?", [
        number(_tribe_immunities(g, season).get(tribe, 0))]


@template("ua_nullified", "aggregation")
def ua_nullified(g: GoldData, season: int):
    votes = g.votes[g.votes["season"] == season]
    return f"Total votes that got nullified in s{season} - how many?", [
        number((votes["nullified"] == True).sum())]  # noqa: E712  (a nullable column)


@template("ua_most_watched_episode", "aggregation")
def ua_most_watched_episode(g: GoldData, season: int):
    eps = g.episodes[g.episodes["season"] == season].set_index("episode")["viewers"]
    return f"which episode of {g.subtitle(season)} pulled the biggest audience?", [number(*top(eps))]


@template("ua_juror_confessionals", "aggregation")
def ua_juror_confessionals(g: GoldData, season: int):
    conf = g.confessionals[g.confessionals["season"] == season]
    counts = conf.groupby("castaway_id")["confessional_count"].sum()
    jurors = un._jurors(g, season)["castaway_id"]
    return f"Of the people on the s{season} jury, who got the most confessionals?", [
        entity(g, top(counts.reindex(jurors).fillna(0)))]


@template("ua_jury_women", "aggregation")
def ua_jury_women(g: GoldData, season: int):
    jurors = un._jurors(g, season)
    return f"of the {g.subtitle(season)} jurors, how many were women?", [
        number(jurors["castaway_id"].isin(nv._women(g)).sum())]


@template("ua_worst_rated_season", "aggregation")
def ua_worst_rated_season(g: GoldData):
    mean = g.episodes.groupby("season")["imdb_rating"].mean()
    return "Going by the average IMDb rating of its episodes, which season is the lowest rated?", [
        season(*top(-mean))]


# -- multi-hop -------------------------------------------------------------------------------------------
@template("ua_debut_location", "multi_hop")
def ua_debut_location(g: GoldData, castaway_id: str, call: str):
    debut = min(g.seasons_of(castaway_id))
    where = str(g.summary.loc[debut, "location"])
    return f"{call}'s first season was filmed where?", [
        phrase(where, where.split(",")[0].strip(), g.summary.loc[debut, "country"])]


@template("ua_won_premiere_viewers", "multi_hop")
def ua_won_premiere_viewers(g: GoldData, castaway_id: str, call: str):
    won = nv._one(fr._won_seasons(g, castaway_id), call)[0]
    return f"how many people watched the premiere of the season {call} won", [
        _millions(float(g.summary.loc[won, "viewers_premiere"]))]


@template("ua_next_first_boot", "multi_hop")
def ua_next_first_boot(g: GoldData, season: int):
    return f"The season after {g.subtitle(season)}: who got voted out first?", [
        entity(g, [nv._first_boot(g, season + 1)["castaway_id"]])]


@template("ua_duel_leader_place", "multi_hop")
def ua_duel_leader_place(g: GoldData, season: int):
    leader = nv._one(top(_duel_wins(g, season)), season)[0]
    return f"Whoever won the most duels on {g.subtitle(season)} - where did they end up finishing?", [
        number(fr._row(g, leader, season)["place"])]


@template("ua_first_juror_immunities", "multi_hop")
def ua_first_juror_immunities(g: GoldData, season: int):
    first = un._jurors(g, season)["castaway_id"].iloc[0]
    return f"How many individual immunity wins did the first {g.subtitle(season)} juror have?", [
        number(gm._imm_wins(g, first, season))]


def _oldest(g: GoldData, s: int) -> str:
    ages = g.season_cast(s).set_index("castaway_id")["age"]
    return nv._one(top(ages), s)[0]


@template("ua_oldest_place", "multi_hop")
def ua_oldest_place(g: GoldData, season: int):
    return f"What place did the oldest castaway on {g.subtitle(season)} finish?", [
        number(fr._row(g, _oldest(g, season), season)["place"])]


def _top_rated_episode(g: GoldData, s: int) -> int:
    eps = g.episodes[g.episodes["season"] == s].set_index("episode")["imdb_rating"]
    return int(nv._one(top(eps), s)[0])


@template("ua_top_rated_boot", "multi_hop")
def ua_top_rated_boot(g: GoldData, season: int):
    cast = g.season_cast(season)
    out = cast[(cast["episode"] == _top_rated_episode(g, season)) & ~cast["finalist"]]
    return f"s{season}'s highest rated episode on imdb - who went home in it?", [entities(g, out["castaway_id"])]


@template("ua_tribe_mates_jury", "multi_hop")
def ua_tribe_mates_jury(g: GoldData, castaway_id: str, season: int, call: str):
    cast = g.season_cast(season)
    mine = cast[cast["castaway_id"] == castaway_id].iloc[0]
    assert mine["order"] == 1 and not mine["jury"], call  # the premise: the first boot (so not a juror)
    mates = cast[(cast["original_tribe"] == mine["original_tribe"]) & (cast["castaway_id"] != castaway_id)]
    return f"{call} was the first boot of {g.subtitle(season)}. Of the people on her starting tribe, how many made " \
           "the jury?", [number(mates["jury"].sum())]


# -- cross-entity ----------------------------------------------------------------------------------------
@template("ua_voted_both", "cross_entity")
def ua_voted_both(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    votes = g.votes[g.votes["season"] == season]
    both = set(votes[votes["vote_id"] == a]["castaway_id"]) & set(votes[votes["vote_id"] == b]["castaway_id"])
    return f"On {g.subtitle(season)}, who voted against both {call_a} and {call_b} at some point?", [
        entities(g, sorted(both))]


@template("ua_tribe_vs_tribe", "cross_entity")
def ua_tribe_vs_tribe(g: GoldData, season: int, tribe_a: str, tribe_b: str):
    won = _tribe_immunities(g, season).reindex([tribe_a, tribe_b]).fillna(0)
    assert won[tribe_a] != won[tribe_b], won  # no tie
    return f"{g.subtitle(season)}: did {tribe_a} or {tribe_b} win more immunity challenges?", [
        phrase(won.idxmax())]


@template("ua_same_state", "cross_entity")
def ua_same_state(g: GoldData, castaway_id: str, season: int, call: str):
    cast = g.season_cast(season)
    state = cast[cast["castaway_id"] == castaway_id]["state"].iloc[0]
    others = cast[(cast["state"] == state) & (cast["castaway_id"] != castaway_id)]
    return f"was anyone else on {g.subtitle(season)} from the same state as {call}?", [
        entities(g, others["castaway_id"])]


@template("ua_career_immunity_compare", "cross_entity")
def ua_career_immunity_compare(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    wins = {c: gm._imm_wins(g, c) for c in (a, b)}
    assert _scoped(g) or wins[a] != wins[b], wins  # no tie (a viewer part way may see one: both are named)
    return f"between {call_a} and {call_b}, who has more individual immunity wins across all their seasons?", [
        entity(g, top(pd.Series(wins)))]


@template("ua_journey_mates", "cross_entity")
def ua_journey_mates(g: GoldData, castaway_id: str, season: int, call: str):
    rows = _journeys(g, season)
    trip = _journey_row(g, castaway_id, season)["sog_id"]
    return f"Who else went on that season {season} journey with {call}?", [
        entities(g, [c for c in rows[rows["sog_id"] == trip]["castaway_id"] if c != castaway_id])]


@template("ua_duel_opponents", "cross_entity")
def ua_duel_opponents(g: GoldData, castaway_id: str, season: int, call: str):
    cr = _challenges(g)
    duels = cr[(cr["season"] == season) & (cr["challenge_type"] == "Duel")]
    mine = set(duels[duels["castaway_id"] == castaway_id]["challenge_id"])
    opponents = duels[duels["challenge_id"].isin(mine) & (duels["castaway_id"] != castaway_id)]
    return f"{call} on {g.subtitle(season)}: who did she face in duels?", [
        entities(g, opponents["castaway_id"].unique())]


@template("ua_swap_new_tribemates", "cross_entity")
def ua_swap_new_tribemates(g: GoldData, castaway_id: str, season: int, call: str):
    after = _first_swap_tribe(g, season)
    return f"once the tribes swapped in s{season}, who ended up on {call}'s new tribe?", [
        entities(g, [c for c, t in after.items() if t == after[castaway_id] and c != castaway_id])]


@template("ua_jurors_own_tribe", "cross_entity")
def ua_jurors_own_tribe(g: GoldData, season: int):
    tribe = g.season_cast(season).set_index("castaway_id")["original_tribe"]
    jury = g.jury[g.jury["season"] == season]
    return f"Which jurors in season {season} voted for a finalist who had started on their own tribe?", [
        entities(g, [j for j, f in zip(jury["castaway_id"], jury["finalist_id"]) if tribe[j] == tribe[f]])]


# -- temporal --------------------------------------------------------------------------------------------
def _nth_merged_boot(g: GoldData, s: int, nth: int) -> pd.Series:
    boots = _merged_boots(g, s).head(nth)
    assert boots["result"].str.contains("voted out").all(), list(boots["result"])  # each of them voted out
    vh = g.vote_history
    at = vh[(vh["season"] == s) & vh["voted_out_id"].isin(boots["castaway_id"])]
    assert set(at["tribe_status"]) == {"Merged"}, set(at["tribe_status"])  # at the merged tribe's councils
    return boots.iloc[nth - 1]


@template("ua_post_merge_nth", "temporal")
def ua_post_merge_nth(g: GoldData, season: int, nth: int):
    return f"{g.subtitle(season)}: after the merge, who was the {ORDINALS[nth - 1]} person voted out?", [
        entity(g, [_nth_merged_boot(g, season, nth)["castaway_id"]])]


def _first_tribal(g: GoldData, s: int, tribe: str) -> int:
    vh = g.vote_history
    return int(vh[(vh["season"] == s) & (vh["tribe"] == tribe)]["episode"].min())


@template("ua_tribe_first_tribal", "temporal")
def ua_tribe_first_tribal(g: GoldData, season: int, tribe: str):
    assert set(g.tribes[g.tribes["tribe"] == tribe]["tribe_status"]) <= {"Original"}, tribe  # no later tribe of it
    return f"how long did {tribe} go before its first tribal council on {g.subtitle(season)}? which episode", [
        number(_first_tribal(g, season, tribe))]


def _first_idol_play(g: GoldData, s: int) -> pd.DataFrame:
    plays = _idol_plays(g, s)
    return plays[plays["episode"] == plays["episode"].min()]


@template("ua_first_idol_play", "temporal")
def ua_first_idol_play(g: GoldData, season: int):
    first = _first_idol_play(g, season)
    return f"First hidden immunity idol played on {g.subtitle(season)} - who played it and in what episode?", [
        entity(g, first["castaway_id"]), number(*first["episode"].unique())]


def _next_juror(g: GoldData, castaway_id: str, s: int) -> str:
    jurors = list(un._jurors(g, s)["castaway_id"])
    return jurors[jurors.index(castaway_id) + 1]


@template("ua_next_juror", "temporal")
def ua_next_juror(g: GoldData, castaway_id: str, season: int, call: str):
    return f"Who joined the {g.subtitle(season)} jury right after {call}?", [
        entity(g, [_next_juror(g, castaway_id, season)])]


@template("ua_last_tribal_immunity", "temporal")
def ua_last_tribal_immunity(g: GoldData, season: int):
    w = g.wins[(g.wins["season"] == season) & (g.wins["won_tribal_immunity"] == 1)
               & (g.wins["episode"] < un._merge_episode(g, season))]
    last = w[w["challenge_id"] == w["challenge_id"].max()]
    return f"the last tribe immunity challenge before the {g.subtitle(season)} merge, which tribe won it?", [
        phrase(*last["tribe"].unique())]


@template("ua_titled_boot", "temporal")
def ua_titled_boot(g: GoldData, season: int, title: str):
    cast = g.season_cast(season)
    out = cast[(cast["episode"] == _titled(g, season, title)) & ~cast["finalist"]]
    return f'Who was sent home in the "{title}" episode of {g.subtitle(season)}?', [entities(g, out["castaway_id"])]


@template("ua_after_debut_winner", "temporal")
def ua_after_debut_winner(g: GoldData, castaway_id: str, call: str):
    return f"{call} debuted in one season; who won the season right after that one?", [
        entity(g, [g.winner(min(g.seasons_of(castaway_id)) + 1)])]


def _first_to(g: GoldData, s: int, n: int) -> pd.DataFrame:
    """The individual immunity win that took someone to n wins first (ties: the same challenge)."""
    imm = fr._immunity(g)
    imm = imm[imm["season"] == s].sort_values(["episode", "challenge_id"])
    imm = imm.assign(count=imm.groupby("castaway_id").cumcount() + 1)
    reached = imm[imm["count"] == n]
    return reached[reached["challenge_id"] == reached["challenge_id"].iloc[0]] if len(reached) else reached


@template("ua_first_to_two", "temporal")
def ua_first_to_two(g: GoldData, season: int):
    return f"on s{season}, who was first to win individual immunity twice?", [
        entity(g, _first_to(g, season, 2)["castaway_id"])]


# -- negation --------------------------------------------------------------------------------------------
@template("ua_tribe_never_immune", "negation")
def ua_tribe_never_immune(g: GoldData, season: int):
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Original")]
    won = set(_tribe_immunities(g, season).index)
    return f"Which starting tribe on {g.subtitle(season)} never won a single immunity challenge?", [
        phrase(*sorted(set(t["tribe"]) - won))]


@template("ua_big_state_no_winner", "negation")
def ua_big_state_no_winner(g: GoldData, n: int = 20):
    winners = g.cast[g.cast["castaway_id"].isin(g.cast[g.cast["winner"]]["castaway_id"])]
    won = set(winners["state"])  # any state a winner was ever listed in

    def big(counts: pd.Series) -> list[str]:
        return sorted(s for s, k in counts.items() if k >= n and s not in won)
    people = big(g.cast.drop_duplicates("castaway_id").groupby("state").size())
    assert _scoped(g) or people == big(g.cast.groupby("state").size()), people  # people or appearances: the same
    return f"Of the states with at least {n} castaways, which have never had a winner?", [phrases(people)]


@template("ua_winners_no_idol_since", "negation")
def ua_winners_no_idol_since(g: GoldData, since: int):
    found = fr._idols_found(g)
    return f"Which winners from s{since} on didn't find a single hidden immunity idol in the season they won?", [
        entities(g, [g.winner(s) for s in g.finished_seasons if s >= since
                     and not ((found["season"] == s) & (found["castaway_id"] == g.winner(s))).any()])]


@template("ua_never_voted_boot", "negation")
def ua_never_voted_boot(g: GoldData, season: int):
    votes = g.votes[g.votes["season"] == season]
    right = set(votes[votes["vote_id"] == votes["voted_out_id"]]["castaway_id"])
    return f"who on {g.subtitle(season)} never once voted for the person who went home?", [
        entities(g, sorted(c for c in votes["castaway_id"].unique() if c not in right))]


@template("ua_seasons_no_swap", "negation")
def ua_seasons_no_swap(g: GoldData):
    swapped = set(g.tribes[g.tribes["tribe_status"].isin(["Swapped", "Swapped_2"])]["season"])
    return "Which seasons never had any kind of tribe swap?", [
        seasons(s for s in g.finished_seasons if s not in swapped)]


@template("ua_journey_kept_vote", "negation")
def ua_journey_kept_vote(g: GoldData, season: int):
    rows = _journeys(g, season)
    lost = set(rows[rows["lost_vote"].fillna(False).astype(bool)]["castaway_id"])
    return f"S{season} journeys: who went on one and did NOT lose their vote?", [
        entities(g, [c for c in rows["castaway_id"].unique() if c not in lost])]


@template("ua_never_won_challenge", "negation")
def ua_never_won_challenge(g: GoldData, season: int):
    won = set(g.wins[g.wins["season"] == season]["castaway_id"])
    return f"Who on {g.subtitle(season)} was never on the winning side of a challenge, reward or immunity?", [
        entities(g, [c for c in g.season_cast(season)["castaway_id"] if c not in won])]


@template("ua_auction_no_buy", "negation")
def ua_auction_no_buy(g: GoldData, season: int):
    present, bought = _auction(g, season)
    return f"at the season {season} auction, who walked away without buying anything", [
        entities(g, [c for c in present["castaway_id"] if c not in set(bought["castaway_id"])])]


# -- narrative -------------------------------------------------------------------------------------------
@template("ua_why_left", "narrative")
def ua_why_left(g: GoldData, castaway_id: str, season: int, call: str, v: int = 0, key: list | None = None):
    result = str(fr._row(g, castaway_id, season)["result"])
    assert (result == "Quit") == (v == 2), (call, result)  # the premise of the wording
    text = [f"{call}'s medevac on {g.subtitle(season)} - what was the injury?",
            f"why did production pull {call} out of s{season} so early?",
            f"{call} left {g.subtitle(season)} on her own. what was wrong?"][v]
    _, parts = gm.why_left(g, castaway_id, season)
    return text, (un._with_key_words(g, parts, key) if key else parts)


@template("ua_boot_story", "narrative")
def ua_boot_story(g: GoldData, castaway_id: str, season: int, call: str):
    return f"{call}'s boot on s{season}: how did it happen?", nv.nv_boot_story(g, castaway_id, season, call)[1]


@template("ua_ftc_story", "narrative")
def ua_ftc_story(g: GoldData, season: int):
    return f"season {season} finale... how did the jury vote go down at final tribal?", \
        gm.final_tribal_story(g, season)[1]


@template("ua_merge_story", "narrative")
def ua_merge_story(g: GoldData, season: int):
    return f"{g.subtitle(season)} merge - fill me in, who went first once they were one tribe?", \
        gm.merge_story(g, season)[1]


@template("ua_swap_story", "narrative")
def ua_swap_story(g: GoldData, season: int):
    ep = _swap_episode(g, season)
    text = nv._summary_text(g, season, ep)
    groups = [["swap", "switch", "shuffl"], *[[t] for t in sorted(set(_first_swap_tribe(g, season).values()))]]
    assert all(any(contains_prefix(text, w) for w in grp) for grp in groups), (season, ep)  # the episode tells it
    return f"What went down when the tribes got shuffled on {g.subtitle(season)}?", [
        facts(groups, {"season": season, "episode": ep})]


def _first_own_play(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    plays = _idol_plays(g, s)
    return plays[plays["castaway_id"] == castaway_id].iloc[0]


@template("ua_idol_story", "narrative")
def ua_idol_story(g: GoldData, castaway_id: str, season: int, call: str):
    play = _first_own_play(g, castaway_id, season)
    ep = int(play["episode"])
    cast = g.season_cast(season)
    out = cast[(cast["episode"] == ep) & ~cast["finalist"]]["castaway_id"]
    who = [gm._name_words(g, castaway_id), ["idol"]]
    if pd.notna(play["played_for_id"]) and play["played_for_id"] != castaway_id:
        who.append(gm._name_words(g, play["played_for_id"]))  # played for someone else
    groups = who + [gm._name_words(g, c) for c in out]
    assert all(any(contains_prefix(nv._summary_text(g, season, ep), w) for w in grp) for grp in groups), groups
    return (f"The first time {call} played an idol on {g.subtitle(season)}, who was it for and who went home "
            "instead?", [facts(groups, {"season": season, "episode": ep, "castaway_ids": list(out)})])


# -- unanswerable ----------------------------------------------------------------------------------------
@template("ua_future", "unanswerable")
def ua_future(g: GoldData, future: int):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    return f"has the s{future} cast been announced yet? who's on it", [abstain()]


@template("ua_nobody", "unanswerable")
def ua_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return f"How far did {name} get on Survivor?", [abstain()]


@template("ua_opinion", "unanswerable")
def ua_opinion(g: GoldData, season: int):
    return f"Which blindside on {g.subtitle(season)} was the most shocking?", [abstain()]


@template("ua_host_pay", "unanswerable")
def ua_host_pay(g: GoldData, host: str):
    assert not g.person_exists(host), host  # the host is not a castaway
    columns = set(g.summary.columns) | set(g.episodes.columns)
    assert not [c for c in columns if any(w in c for w in ("salary", "pay", "host"))], columns
    return f"how much does {host} get paid per season", [abstain()]


@template("ua_applicants", "unanswerable")
def ua_applicants(g: GoldData, season: int):
    columns = set(g.summary.columns) | set(g.cast.columns)
    assert not [c for c in columns if any(w in c for w in ("applic", "casting", "audition"))], columns
    return f"How many people applied to be on {g.subtitle(season)}?", [abstain()]


@template("ua_favorite_movie", "unanswerable")
def ua_favorite_movie(g: GoldData, castaway_id: str, call: str):
    check_not_in_data(g, castaway_id, ("favorite", "favourite", "movie", "film"))
    assert pd.isna(nv._bio(g, castaway_id, "hobbies")), call  # no free text that might say
    return f"What's {call}'s favourite movie?", [abstain()]


@template("ua_fake_tribe", "unanswerable")
def ua_fake_tribe(g: GoldData, tribe: str):
    assert not g.data.table("tribe_mapping")["tribe"].str.lower().eq(tribe.lower()).any(), tribe
    return f"the {tribe} tribe - what season, and who was on it?", [abstain()]


@template("ua_idol_counterfactual", "unanswerable")
def ua_idol_counterfactual(g: GoldData, castaway_id: str, season: int, call: str):
    held = _advantage_rows(g, castaway_id, season)
    held = held[(held["event"] == "Voted out with advantage") & held["advantage_type"].str.lower().str.contains(IDOL)]
    assert len(held), call  # the premise: voted out holding an idol
    return f"If {call} had played his idol the night he went home on {g.subtitle(season)}, would he have stayed?", [
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
    "ua_why_left": "exit", "ua_boot_story": "exit", "ua_ftc_story": "finale", "ua_merge_story": scoped._merge,
    "ua_swap_story": _swap, "ua_idol_story": _idol_story_episode, "ua_idol_counterfactual": "exit",
}
SCOPE_AS_AIRED = {"ua_mbti", "ua_tribe_season", "ua_hometown_then", "ua_worst_rated_season",
                  "ua_debut_location", "ua_same_state", "ua_career_immunity_compare", "ua_big_state_no_winner",
                  "ua_winners_no_idol_since", "ua_seasons_no_swap", "ua_future", "ua_nobody", "ua_opinion",
                  "ua_host_pay", "ua_applicants", "ua_favorite_movie", "ua_fake_tribe"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)


# -- the plan --------------------------------------------------------------------------------------------
def plan(g: GoldData) -> list[tuple[str, dict]]:
    """People, seasons and tribes the gold, held-out, fresh, unseen, novel and untried sets ask little or nothing
    about."""
    top_season = max(g.seasons)
    return [
        # single facts
        ("ua_mbti", by_name(g, "Yau-Man")), ("ua_tribe_season", {"tribe": "Jalapao"}),
        ("ua_final_immunity_name", {"season": 14}), ("ua_journey_reward", by_name(g, "Geo", season=43)),
        ("ua_hometown_then", by_name(g, "Jenna Lewis", season=8)),
        ("ua_advantage_kind", by_name(g, "Sol", season=47)), ("ua_auction_item", by_name(g, "Dawn", season=26)),
        ("ua_episode_viewers", {"season": 32, "title": "Kindergarten Camp"}),
        # aggregation
        ("ua_sat_out_most", {"season": 41}), ("ua_duel_leader", {"season": 27}),
        ("ua_tribe_immunity_count", {"season": 43, "tribe": "Baka"}), ("ua_nullified", {"season": 45}),
        ("ua_most_watched_episode", {"season": 35}), ("ua_juror_confessionals", {"season": 49}),
        ("ua_jury_women", {"season": 39}), ("ua_worst_rated_season", {}),
        # multi-hop
        ("ua_debut_location", by_name(g, "Rob Cesternino")), ("ua_won_premiere_viewers", by_name(g, "Erika")),
        ("ua_next_first_boot", {"season": 13}), ("ua_duel_leader_place", {"season": 22}),
        ("ua_first_juror_immunities", {"season": 17}), ("ua_oldest_place", {"season": 23}),
        ("ua_top_rated_boot", {"season": 42}), ("ua_tribe_mates_jury", by_name(g, "Nicole Delma", season=7)),
        # cross-entity
        ("ua_voted_both", pair(g, "Bobby Jon", "Jim Lynch", season=11)),
        ("ua_tribe_vs_tribe", {"season": 5, "tribe_a": "Sook Jai", "tribe_b": "Chuay Gahn"}),
        ("ua_same_state", by_name(g, "Elizabeth Beisel", season=39)),
        ("ua_career_immunity_compare", pair(g, "Tasha", "Brad Culpepper")),
        ("ua_journey_mates", by_name(g, "Carson", season=44)),
        ("ua_duel_opponents", by_name(g, "Christine Shields Markoski", season=23)),
        ("ua_swap_new_tribemates", by_name(g, "Mike White", season=37)), ("ua_jurors_own_tribe", {"season": 44}),
        # temporal
        ("ua_post_merge_nth", {"season": 9, "nth": 3}), ("ua_tribe_first_tribal", {"season": 19, "tribe": "Galu"}),
        ("ua_first_idol_play", {"season": 36}), ("ua_next_juror", by_name(g, "Tammy Leitner", season=4)),
        ("ua_last_tribal_immunity", {"season": 18}), ("ua_titled_boot", {"season": 10, "title": "Sumo at Sea"}),
        ("ua_after_debut_winner", by_name(g, "Jonny Fairplay")), ("ua_first_to_two", {"season": 48}),
        # negation
        ("ua_tribe_never_immune", {"season": 25}), ("ua_big_state_no_winner", {"n": 20}),
        ("ua_winners_no_idol_since", {"since": 35}), ("ua_never_voted_boot", {"season": 24}),
        ("ua_seasons_no_swap", {}), ("ua_journey_kept_vote", {"season": 42}),
        ("ua_never_won_challenge", {"season": 3}), ("ua_auction_no_buy", {"season": 45}),
        # narrative: exits none of the other sets asks about (two medevacs, a quit, a boot), a final, a merge, a
        # swap, an idol play
        ("ua_why_left", by_name(g, "Pat Cusack", season=37, v=0, key=["back", "boat"])),
        ("ua_why_left", by_name(g, "Jackson Fox", season=42, v=1, key=["lithium"])),
        ("ua_why_left", by_name(g, "Dana Lambert", season=25, v=2, key=["stomach"])),
        ("ua_boot_story", by_name(g, "Cole Medders", season=35)), ("ua_ftc_story", {"season": 46}),
        ("ua_merge_story", {"season": 22}), ("ua_swap_story", {"season": 29}),
        ("ua_idol_story", by_name(g, "David Wright", season=33)),
        # unanswerable
        ("ua_future", {"future": top_season + 31}), ("ua_nobody", {"name": "Thaddeus Moorcroft"}),
        ("ua_opinion", {"season": 34}), ("ua_host_pay", {"host": "Jeff Probst"}), ("ua_applicants", {"season": 30}),
        ("ua_favorite_movie", by_name(g, "Twila")), ("ua_fake_tribe", {"tribe": "Zantaru"}),
        ("ua_idol_counterfactual", by_name(g, "Garrett Adelstein", season=28)),
    ]


def build_unasked_set(g: GoldData) -> list[Question]:
    """The unasked set; question ids are "ua-<category>-NN" so they never collide with the other sets'."""
    return build_planned(g, "ua", plan)
