"""The fresh question set: a second blind set, written after the gold and held-out sets had tuned the router.

Neither the gold set (evaluation.gold_facts, evaluation.gold_multi) nor the held-out set (evaluation.holdout) is
blind any more; this one measures how the agent's routing generalises. It asks about other seasons and people
(Coach, Tyson, Tony, Malcolm, Rupert, Kim Spradlin ...), in other forms: the entity first, "how come ...",
"was X ever ...", "who lasted longer, X or Y", "how many days did ...", nicknames, season names and numbers.
It was written without reading the agent's routing code and without running the agent on its wording.
Answers are computed from the survivoR tables by the templates below, with the gold set's answer parts and,
where one fits, a gold template's own answer code.

    build_fresh_set(g) -> list[Question]       # `python -m evaluation gold --set fresh` writes the snapshot
    python -m evaluation run --set fresh       # run it (the default set stays the gold set)

Template names start with "fr_"; each declares what a viewer scope needs to have aired (SCOPE_NEEDS,
SCOPE_AS_AIRED), registered with evaluation.scoped, so `--watched` works on this set too.
"""

from __future__ import annotations

import pandas as pd

from evaluation import gold_facts as gf
from evaluation import gold_multi as gm
from evaluation import scoped
from evaluation.data import GoldData
from evaluation.gold import (
    QUESTION_SETS,
    Question,
    abstain,
    build_planned,
    entities,
    entity,
    number,
    phrase,
    season,
    seasons,
    template,
)
from evaluation.gold_facts import top
from evaluation.holdout import by_name, check_not_in_data, pair, person

FRESH_FILE = QUESTION_SETS["fresh"]


def _won_seasons(g: GoldData, castaway_id: str) -> list[int]:
    return sorted(int(s) for s in g.cast[(g.cast["castaway_id"] == castaway_id) & g.cast["winner"]]["season"])


def _row(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    return g.season_cast(s).set_index("castaway_id").loc[castaway_id]


def _idols_found(g: GoldData) -> pd.DataFrame:
    adv = g.advantages
    found = adv[adv["event"].isin(["Found", "Found (beware)"])
                & adv["advantage_type"].str.lower().str.contains("hidden immunity idol")]
    return found.drop_duplicates(["version_season", "advantage_id", "castaway_id"])


def _immunity(g: GoldData) -> pd.DataFrame:
    return g.wins[g.wins["won_individual_immunity"] == 1]


# -- single facts ----------------------------------------------------------------------------------------
@template("fr_winner", "single_fact")
def fr_winner(g: GoldData, season: int, v: int = 0):
    text = [f"{g.subtitle(season)}, who won that one?", f"who was the winner of survivor {season}"][v]
    return text, [entity(g, [g.winner(season)])]


@template("fr_filmed", "single_fact")
def fr_filmed(g: GoldData, season: int):
    return f"{g.subtitle(season)} was filmed where?", gf.location(g, season)[1]


@template("fr_jury_count", "single_fact")
def fr_jury_count(g: GoldData, season: int):
    return f"How big was the jury on {g.subtitle(season)}?", [
        number(g.season_cast(season)["jury"].sum(), g.summary.loc[season, "n_jury"])]


@template("fr_final_tally", "single_fact")
def fr_final_tally(g: GoldData, season: int):
    vote = str(g.summary.loc[season, "final_vote"])
    return f"What was the final vote on {g.subtitle(season)}?", [
        phrase(vote, vote[:-2] if vote.endswith("-0") else "")]


@template("fr_age_when_won", "single_fact")
def fr_age_when_won(g: GoldData, castaway_id: str, call: str):
    ages = [_row(g, castaway_id, s)["age"] for s in _won_seasons(g, castaway_id)]
    return f"How old was {call} when he won?", [number(*ages)]


@template("fr_first_season", "single_fact")
def fr_first_season(g: GoldData, castaway_id: str, call: str):
    return f"{call} first played in which season?", [season(min(g.seasons_of(castaway_id)))]


@template("fr_jury_seasons", "single_fact")
def fr_jury_seasons(g: GoldData, castaway_id: str, call: str):
    rows = g.cast[(g.cast["castaway_id"] == castaway_id) & g.cast["jury"]]
    return f"Was {call} ever on a jury? Which seasons?", [seasons(rows["season"])]


# -- aggregation -----------------------------------------------------------------------------------------
@template("fr_immunity_record", "aggregation")
def fr_immunity_record(g: GoldData):
    counts = _immunity(g).groupby(["season", "castaway_id"]).size()
    best = counts[counts == counts.max()]
    return "What's the record for individual immunity wins in a single season, and who holds it?", [
        number(counts.max()), entities(g, sorted({c for _, c in best.index}))]


@template("fr_person_confessionals", "aggregation")
def fr_person_confessionals(g: GoldData, castaway_id: str, season: int, call: str):
    conf = g.confessionals
    n = conf[(conf["season"] == season) & (conf["castaway_id"] == castaway_id)]["confessional_count"].sum()
    return f"How many confessionals did {call} get in {g.subtitle(season)}?", [number(n)]


@template("fr_times_played", "aggregation")
def fr_times_played(g: GoldData, castaway_id: str, call: str):
    return f"How many times has {call} played Survivor?", [number(len(g.seasons_of(castaway_id)))]


@template("fr_vote_magnet", "aggregation")
def fr_vote_magnet(g: GoldData, season: int):
    votes = g.votes[g.votes["season"] == season]
    return f"{g.subtitle(season)}: who had the most votes cast against them?", [
        entity(g, top(votes.groupby("vote_id").size()))]


@template("fr_idols_found", "aggregation")
def fr_idols_found(g: GoldData, castaway_id: str, call: str):
    found = _idols_found(g)
    return f"How many hidden immunity idols did {call} find?", [number((found["castaway_id"] == castaway_id).sum())]


@template("fr_seasons_in_country", "aggregation")
def fr_seasons_in_country(g: GoldData, country: str):
    by_country = (g.summary["country"] == country).sum()
    by_location = g.summary["location"].str.contains(country, case=False, regex=False).sum()
    return f"How many Survivor seasons were shot in the {country}?", [number(by_country, by_location)]


@template("fr_reward_leader", "aggregation")
def fr_reward_leader(g: GoldData):
    rw = g.wins[g.wins["won_individual_reward"] == 1]
    return "Who's won the most individual reward challenges ever?", [entity(g, top(rw.groupby("castaway_id").size()))]


@template("fr_distinct_jurors", "aggregation")
def fr_distinct_jurors(g: GoldData):
    return "How many different people have sat on a Survivor jury?", [
        number(g.cast[g.cast["jury"]]["castaway_id"].nunique())]


# -- multi-hop -------------------------------------------------------------------------------------------
@template("fr_debut_winner", "multi_hop")
def fr_debut_winner(g: GoldData, castaway_id: str, call: str):
    return f"Who won the season {call} debuted in?", [entity(g, [g.winner(min(g.seasons_of(castaway_id)))])]


@template("fr_first_win_runner_up", "multi_hop")
def fr_first_win_runner_up(g: GoldData, castaway_id: str, call: str):
    cast = g.season_cast(_won_seasons(g, castaway_id)[0])
    return f"Who finished runner-up the first time {call} won?", [
        entities(g, cast[cast["finalist"] & ~cast["winner"]]["castaway_id"])]


@template("fr_second_win_where", "multi_hop")
def fr_second_win_where(g: GoldData, castaway_id: str, call: str):
    s = _won_seasons(g, castaway_id)[1]
    return f"{call}'s second win: which season was that, and where was it filmed?", [
        season(s), *gf.location(g, s)[1]]


@template("fr_first_boot_other_seasons", "multi_hop")
def fr_first_boot_other_seasons(g: GoldData, season: int):
    cast = g.season_cast(season)
    first = cast[cast["order"] == 1]["castaway_id"]
    other = {s for c in first for s in g.seasons_of(c) if s != season}
    return f"The first person voted off {g.subtitle(season)}: what other season did they play?", [seasons(other)]


@template("fr_conf_leader_immunities", "multi_hop")
def fr_conf_leader_immunities(g: GoldData, season: int):
    leaders = gf.confessional_leaders(g, season)
    return (f"How many individual immunities did whoever had the most confessionals on season {season} win?",
            [number(*[gm._imm_wins(g, c, season) for c in leaders])])


@template("fr_last_immunity_tribe", "multi_hop")
def fr_last_immunity_tribe(g: GoldData, season: int):
    _, parts = gf.first_immunity(g, season, last=True)
    cast = g.season_cast(season).set_index("castaway_id")
    return f"Which tribe did the person who won the final immunity challenge of season {season} start on?", [
        phrase(*[cast.loc[c, "original_tribe"] for c in parts[0]["ids"]])]


@template("fr_first_juror_when_won", "multi_hop")
def fr_first_juror_when_won(g: GoldData, castaway_id: str, call: str):
    return f"Who was the first juror in the season {call} won?", gf.first_juror(g, _won_seasons(g, castaway_id)[0])[1]


@template("fr_jury_votes_for", "multi_hop")
def fr_jury_votes_for(g: GoldData, castaway_id: str, call: str):
    s = _won_seasons(g, castaway_id)[0]
    jury = g.jury[g.jury["season"] == s]
    return f"How many jury votes did {call} get when he won?", [number((jury["finalist_id"] == castaway_id).sum())]


# -- cross-entity ----------------------------------------------------------------------------------------
@template("fr_together", "cross_entity")
def fr_together(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    return f"{call_a} and {call_b}: which seasons were they on together?", gm.shared_seasons(g, a, b)[1]


@template("fr_votes_between", "cross_entity")
def fr_votes_between(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    return f"How many times did {call_a} write {call_b}'s name down?", gm.votes_between(g, a, b)[1]


@template("fr_roster", "cross_entity")
def fr_roster(g: GoldData, season: int, tribe: str):
    assert set(g.tribes[g.tribes["tribe"] == tribe]["season"]) == {season}, tribe  # the name alone says which
    return f"Who was on {tribe}?", gm.tribe_roster(g, season, tribe)[1]


@template("fr_overlap", "cross_entity")
def fr_overlap(g: GoldData, a: int, b: int):
    return f"Which {g.subtitle(b)} players had also been on {g.subtitle(a)}?", gm.cast_overlap(g, a, b)[1]


@template("fr_finalists", "cross_entity")
def fr_finalists(g: GoldData, season: int):
    return f"Who sat in the final three on {g.subtitle(season)}?", gm.finalists(g, season)[1]


@template("fr_jurors_for_winner", "cross_entity")
def fr_jurors_for_winner(g: GoldData, season: int, call: str):
    assert person(g, call) == g.winner(season), call
    j = g.jury[(g.jury["season"] == season) & (g.jury["finalist_id"] == g.winner(season))]
    return f"Who voted for {call} to win {g.subtitle(season)}?", [entities(g, j["castaway_id"])]


@template("fr_voted_out_by", "cross_entity")
def fr_voted_out_by(g: GoldData, castaway_id: str, season: int, call: str):
    return f"Whose votes sent {call} home on {g.subtitle(season)}?", gm.voted_out_by(g, castaway_id, season)[1]


@template("fr_idol_plays", "cross_entity")
def fr_idol_plays(g: GoldData, season: int):
    return f"Who played a hidden immunity idol on {g.subtitle(season)}?", gm.idol_players(g, season, "Played")[1]


# -- temporal --------------------------------------------------------------------------------------------
@template("fr_made_it_further", "temporal")
def fr_made_it_further(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    _, parts = gf.who_went_first(g, a, b, season)
    first = parts[0]["ids"]
    further = [c for c in (a, b) if first and c != first[0]]
    return f"{call_a} or {call_b}, who made it further in {g.subtitle(season)}?", [entity(g, further)]


@template("fr_days_lasted", "temporal")
def fr_days_lasted(g: GoldData, castaway_id: str, season: int, call: str):
    return f"How many days did {call} last on {g.subtitle(season)}?", [number(_row(g, castaway_id, season)["day"])]


@template("fr_first_out", "temporal")
def fr_first_out(g: GoldData, season: int):
    cast = g.season_cast(season)
    return f"Who was voted off first in season {season}?", [entity(g, cast[cast["order"] == 1]["castaway_id"])]


@template("fr_exit_episode", "temporal")
def fr_exit_episode(g: GoldData, castaway_id: str, season: int, call: str):
    return f"{call} went out in which episode of season {season}?", gf.exit_episode(g, castaway_id, season)[1]


@template("fr_first_immunity", "temporal")
def fr_first_immunity(g: GoldData, season: int):
    return f"Who won {g.subtitle(season)}'s first individual immunity?", gf.first_immunity(g, season)[1]


@template("fr_went_out_after", "temporal")
def fr_went_out_after(g: GoldData, castaway_id: str, season: int, call: str):
    return f"Who went out right after {call} on {g.subtitle(season)}?", gf.next_boot(g, castaway_id, season)[1]


@template("fr_exit_day", "temporal")
def fr_exit_day(g: GoldData, castaway_id: str, season: int, call: str):
    return f"On what day did {call} get voted out of {g.subtitle(season)}?", gf.exit_day(g, castaway_id, season)[1]


@template("fr_last_immunity", "temporal")
def fr_last_immunity(g: GoldData, season: int):
    return f"Who won the last immunity challenge on {g.subtitle(season)}?", gf.first_immunity(g, season, last=True)[1]


# -- negation --------------------------------------------------------------------------------------------
@template("fr_lost_final", "negation")
def fr_lost_final(g: GoldData, season: int):
    return f"Who made it to the end of {g.subtitle(season)} but lost?", gf.finalists_not_won(g, season)[1]


@template("fr_jurors_not_for", "negation")
def fr_jurors_not_for(g: GoldData, season: int, call: str):
    assert person(g, call) == g.winner(season), call
    return f"Which jurors on season {season} didn't vote for {call}?", gf.jurors_not_for_winner(g, season)[1]


@template("fr_seasons_no_idols", "negation")
def fr_seasons_no_idols(g: GoldData):
    adv = g.advantages  # any idol: survivoR calls Panama's and Cook Islands' idols "Super Idol"
    found = adv[adv["event"].isin(["Found", "Found (beware)"]) & adv["advantage_type"].str.lower().str.contains("idol")]
    with_idols = set(found["season"])
    return "Which seasons had no hidden immunity idol found at all?", [
        seasons(s for s in g.seasons if s not in with_idols)]


@template("fr_untouched", "negation")
def fr_untouched(g: GoldData, season: int):
    return f"Which {g.subtitle(season)} players got through without receiving a single vote?", \
        gf.never_received_vote(g, season)[1]


@template("fr_winners_never_immune", "negation")
def fr_winners_never_immune(g: GoldData):
    immune = set(_immunity(g)["castaway_id"])
    winners = sorted(set(g.cast[g.cast["winner"]]["castaway_id"]))
    return "Which winners have never won individual immunity in any season they played?", [
        entities(g, [c for c in winners if c not in immune])]


@template("fr_no_final_three", "negation")
def fr_no_final_three(g: GoldData):
    n = g.summary["n_finalists"]
    return "Which seasons didn't have a final three?", [
        seasons(s for s in g.finished_seasons if pd.notna(n.get(s)) and int(n[s]) != 3)]


@template("fr_pre_jury", "negation")
def fr_pre_jury(g: GoldData, season: int):
    cast = g.season_cast(season)
    return f"Who on {g.subtitle(season)} went home without making the jury?", [
        entities(g, cast[~cast["jury"] & ~cast["finalist"]]["castaway_id"])]


@template("fr_zero_vote_finalists", "negation")
def fr_zero_vote_finalists(g: GoldData):
    out = []
    for s in g.finished_seasons:
        cast = g.season_cast(s)
        got = set(g.jury[g.jury["season"] == s]["finalist_id"])
        out += [c for c in cast[cast["finalist"]]["castaway_id"] if c not in got]
    return "Which finalists didn't get a single jury vote?", [entities(g, out)]


# -- narrative -------------------------------------------------------------------------------------------
@template("fr_why_left", "narrative")
def fr_why_left(g: GoldData, castaway_id: str, season: int, call: str, v: int = 0):
    text = [f"How come {call} had to leave {g.subtitle(season)}?",
            f"{call} quit {g.subtitle(season)}, what was the reason?",
            f"Why was {call} pulled from {g.subtitle(season)}?"][v]
    return text, gm.why_left(g, castaway_id, season)[1]


@template("fr_ftc", "narrative")
def fr_ftc(g: GoldData, season: int, v: int = 0):
    winner = g.name(g.winner(season)).split()[0]
    text = [f"How did {winner} win {g.subtitle(season)} at final tribal?",
            f"Walk me through the {g.subtitle(season)} final tribal council."][v]
    return text, gm.final_tribal_story(g, season)[1]


@template("fr_merge", "narrative")
def fr_merge(g: GoldData, season: int):
    return f"What happened at the {g.subtitle(season)} merge?", gm.merge_story(g, season)[1]


@template("fr_recap", "narrative")
def fr_recap(g: GoldData, season: int, episode: int, v: int = 0):
    text = [f"What went down in episode {episode} of {g.subtitle(season)}?",
            f"Give me a rundown of season {season}, episode {episode}."][v]
    return text, gm.episode_story(g, season, episode)[1]


# -- unanswerable ----------------------------------------------------------------------------------------
@template("fr_future", "unanswerable")
def fr_future(g: GoldData, future: int, v: int = 0):
    assert future not in g.seasons, future
    text = [f"Who's going to win Survivor {future}?", f"What's the merged tribe called on season {future}?",
            f"Which returning players are on season {future}?"][v]
    return text, [abstain()]


@template("fr_nobody", "unanswerable")
def fr_nobody(g: GoldData, name: str, v: int = 0):
    assert not g.person_exists(name), name
    text = [f"Was {name} ever on the jury?", f"{name}, how many confessionals did she get?"][v]
    return text, [abstain()]


@template("fr_place_never", "unanswerable")
def fr_place_never(g: GoldData, place: str):
    assert not g.summary["location"].str.contains(place, case=False, regex=False).any(), place
    return f"Who won the Survivor season set in {place}?", [abstain()]


@template("fr_not_in_data", "unanswerable")
def fr_not_in_data(g: GoldData, castaway_id: str, call: str, v: int = 0):
    check_not_in_data(g, castaway_id, ("height", "salary", "pay", "fee"))
    text = [f"How tall is {call}?", f"How much was {call} paid to play?"][v]
    return text, [abstain()]


@template("fr_what_if", "unanswerable")
def fr_what_if(g: GoldData, castaway_id: str, season: int, call: str):
    assert _row(g, castaway_id, season)["finalist"], call  # a finalist: the "what if" is counterfactual
    return f"Who would have won {g.subtitle(season)} if {call} had been voted out at the final five?", [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _won(index: int):
    def needs(full: GoldData, p: dict) -> list:
        return [("finale", _won_seasons(full, p["castaway_id"])[index], None)]
    return needs


def _debut_finale(full: GoldData, p: dict) -> list:
    return [("finale", min(full.seasons_of(p["castaway_id"])), None)]


SCOPE_NEEDS = {
    "fr_winner": "finale", "fr_jury_count": "finale", "fr_final_tally": "finale", "fr_age_when_won": scoped._won_season,
    "fr_person_confessionals": "finale", "fr_vote_magnet": "finale",
    "fr_debut_winner": _debut_finale, "fr_first_win_runner_up": _won(0), "fr_second_win_where": _won(1),
    "fr_conf_leader_immunities": "finale", "fr_last_immunity_tribe": "finale", "fr_first_juror_when_won": _won(0),
    "fr_jury_votes_for": _won(0),
    "fr_roster": "finale", "fr_finalists": "finale", "fr_jurors_for_winner": "finale", "fr_voted_out_by": "exit",
    "fr_idol_plays": "finale",
    "fr_days_lasted": "exit", "fr_exit_episode": "exit", "fr_went_out_after": "exit", "fr_exit_day": "exit",
    "fr_last_immunity": "finale",
    "fr_lost_final": "finale", "fr_jurors_not_for": "finale", "fr_untouched": "finale", "fr_pre_jury": "finale",
    "fr_why_left": "exit", "fr_ftc": "finale", "fr_merge": scoped._merge, "fr_recap": "episode",
    "fr_what_if": "finale",
}
SCOPE_AS_AIRED = {"fr_filmed", "fr_first_season", "fr_jury_seasons", "fr_immunity_record", "fr_times_played",
                  "fr_idols_found", "fr_seasons_in_country", "fr_reward_leader", "fr_distinct_jurors",
                  "fr_first_boot_other_seasons", "fr_together", "fr_votes_between", "fr_overlap",
                  "fr_made_it_further", "fr_first_out", "fr_first_immunity", "fr_seasons_no_idols",
                  "fr_winners_never_immune", "fr_no_final_three", "fr_zero_vote_finalists", "fr_future",
                  "fr_nobody", "fr_place_never", "fr_not_in_data"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)


# -- the plan --------------------------------------------------------------------------------------------
def plan(g: GoldData) -> list[tuple[str, dict]]:
    """Seasons and people neither the gold nor the held-out set asks about, where the data allows."""
    top_season = max(g.seasons)
    return [
        # single facts
        ("fr_winner", {"season": 24, "v": 0}), ("fr_winner", {"season": 9, "v": 1}), ("fr_filmed", {"season": 40}),
        ("fr_jury_count", {"season": 6}), ("fr_final_tally", {"season": 20}),
        ("fr_age_when_won", by_name(g, "Tyson")), ("fr_first_season", by_name(g, "Coach")),
        ("fr_jury_seasons", by_name(g, "Rupert")),
        # aggregation
        ("fr_immunity_record", {}), ("fr_person_confessionals", by_name(g, "Tony", season=40)),
        ("fr_times_played", by_name(g, "Malcolm")), ("fr_vote_magnet", {"season": 32}),
        ("fr_idols_found", by_name(g, "Rick Devens")), ("fr_seasons_in_country", {"country": "Philippines"}),
        ("fr_reward_leader", {}), ("fr_distinct_jurors", {}),
        # multi-hop
        ("fr_debut_winner", by_name(g, "Malcolm")), ("fr_first_win_runner_up", by_name(g, "Tony")),
        ("fr_second_win_where", by_name(g, "Sandra")), ("fr_first_boot_other_seasons", {"season": 20}),
        ("fr_conf_leader_immunities", {"season": 36}), ("fr_last_immunity_tribe", {"season": 47}),
        ("fr_first_juror_when_won", by_name(g, "Tyson")), ("fr_jury_votes_for", by_name(g, "JT")),
        # cross-entity
        ("fr_together", pair(g, "Tony Vlachos", "Sarah Lacina")),
        ("fr_votes_between", pair(g, "Jane Bright", "Marty Piombo")), ("fr_roster", {"season": 10, "tribe": "Ulong"}),
        ("fr_overlap", {"a": 20, "b": 40}), ("fr_finalists", {"season": 32}),
        ("fr_jurors_for_winner", {"season": 32, "call": "Michele"}),
        ("fr_voted_out_by", by_name(g, "Tyson", season=20)), ("fr_idol_plays", {"season": 20}),
        # temporal
        ("fr_made_it_further", pair(g, "Coach", "Tyson", season=18)),
        ("fr_days_lasted", by_name(g, "Rudy", season=1)), ("fr_first_out", {"season": 47}),
        ("fr_exit_episode", by_name(g, "Jonathan Young", season=42)), ("fr_first_immunity", {"season": 9}),
        ("fr_went_out_after", by_name(g, "Zeke", season=33)), ("fr_exit_day", by_name(g, "Kass", season=28)),
        ("fr_last_immunity", {"season": 24}),
        # negation
        ("fr_lost_final", {"season": 9}), ("fr_jurors_not_for", {"season": 46, "call": "Kenzie"}),
        ("fr_seasons_no_idols", {}), ("fr_untouched", {"season": 40}), ("fr_winners_never_immune", {}),
        ("fr_no_final_three", {}), ("fr_pre_jury", {"season": 18}), ("fr_zero_vote_finalists", {}),
        # narrative: exits neither set asks about (a medevac each, a quit), finals, a merge, episodes
        ("fr_why_left", by_name(g, "Colton Cumbie", season=24, v=0)),
        ("fr_why_left", by_name(g, "Jenna Morasca", season=8, v=1)),
        ("fr_why_left", by_name(g, "Shamar Thomas", season=26, v=2)),
        ("fr_ftc", {"season": 40, "v": 0}), ("fr_ftc", {"season": 18, "v": 1}), ("fr_merge", {"season": 24}),
        ("fr_recap", {"season": 20, "episode": 3, "v": 0}), ("fr_recap", {"season": 42, "episode": 2, "v": 1}),
        # unanswerable
        ("fr_future", {"future": top_season + 16, "v": 0}), ("fr_future", {"future": top_season + 33, "v": 1}),
        ("fr_nobody", {"name": "Brody Kessler", "v": 0}), ("fr_nobody", {"name": "Marisol Vandermeer", "v": 1}),
        ("fr_place_never", {"place": "Madagascar"}), ("fr_not_in_data", by_name(g, "Coach", v=0)),
        ("fr_not_in_data", by_name(g, "Kim Spradlin", v=1)),
        ("fr_what_if", by_name(g, "Russell Hantz", season=20)),
    ]


def build_fresh_set(g: GoldData) -> list[Question]:
    """The fresh set; question ids are "fr-<category>-NN" so they never collide with the other sets'."""
    return build_planned(g, "fr", plan)
