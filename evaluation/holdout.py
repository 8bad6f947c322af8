"""The held-out question set: questions the agent's router was never tuned on.

The gold set (evaluation.gold_facts, evaluation.gold_multi) shaped the router; this set asks about other
seasons and people, in the words a viewer would use (nicknames, season names or numbers the other way round,
casual forms, the entity last). Answers are computed from the survivoR tables by the templates below, with
the gold set's answer parts and, where one fits, a gold template's own answer code.

    build_holdout_set(g) -> list[Question]     # `python -m evaluation gold --set holdout` writes the snapshot
    python -m evaluation run --set holdout     # run it (the default set stays the gold set)

Template names start with "ho_"; each declares what a viewer scope needs to have aired (SCOPE_NEEDS,
SCOPE_AS_AIRED), registered with evaluation.scoped, so `--watched` works on this set too.
"""

from __future__ import annotations

import random

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
    seasons,
    template,
)
from evaluation.gold_facts import ORDINALS, top

HOLDOUT_FILE = QUESTION_SETS["holdout"]


def _title(g: GoldData, s: int) -> str:
    """'Cook Islands' for a named season, 'season 44' for a numbered one."""
    return g.subtitle(s) or f"season {s}"


def _winner_ids(g: GoldData) -> set[str]:
    return set(g.cast[g.cast["winner"]]["castaway_id"])


def _won_in(g: GoldData, castaway_id: str) -> int:
    return int(g.cast[(g.cast["castaway_id"] == castaway_id) & g.cast["winner"]]["season"].iloc[0])


def check_not_in_data(g: GoldData, castaway_id: str, words: tuple[str, ...]) -> None:
    """An "unanswerable" question's premise: a real person, and no castaway column for what it asks (words)."""
    assert castaway_id in set(g.cast["castaway_id"]), castaway_id
    columns = set(g.cast.columns) | set(g.data.table("castaway_details").columns)
    assert not {c for c in columns if any(w in c for w in words)}, columns


# -- single facts ----------------------------------------------------------------------------------------
@template("ho_title_holder", "single_fact")
def ho_title_holder(g: GoldData, season: int, v: int = 0):
    text = [f"who took the title in Survivor: {g.subtitle(season)}?",
            f"Who ended up winning season {season}?"][v]
    return text, gf.winner_by_number(g, season)[1]


@template("ho_shot_where", "single_fact")
def ho_shot_where(g: GoldData, season: int):
    return f"Where did they film the {ORDINALS[season - 1]} season of Survivor?", gf.location(g, season)[1]


@template("ho_starting_cast", "single_fact")
def ho_starting_cast(g: GoldData, season: int):
    return f"How many players started out on {g.subtitle(season)}?", gf.cast_size(g, season)[1]


@template("ho_person_start_tribe", "single_fact")
def ho_person_start_tribe(g: GoldData, castaway_id: str, season: int, call: str):
    return f"What tribe was {call} on at the start of {_title(g, season)}?", gf.original_tribe(g, castaway_id,
                                                                                              season)[1]


@template("ho_jury_tally", "single_fact")
def ho_jury_tally(g: GoldData, season: int):
    return f"what was the jury tally at the end of {g.subtitle(season)}", gf.final_vote(g, season)[1]


@template("ho_winner_age", "single_fact")
def ho_winner_age(g: GoldData, castaway_id: str, call: str):
    s = _won_in(g, castaway_id)
    cast = g.season_cast(s)
    return f"{call} won at what age?", [number(cast[cast["castaway_id"] == castaway_id]["age"].iloc[0])]


@template("ho_premiere", "single_fact")
def ho_premiere(g: GoldData, season: int):
    return f"{g.subtitle(season)} first aired on what date?", gf.premiere(g, season)[1]


@template("ho_season_won", "single_fact")
def ho_season_won(g: GoldData, castaway_id: str, call: str):
    return f"Which season did {call} finally win?", gf.season_won(g, castaway_id)[1]


@template("ho_merged_name", "single_fact")
def ho_merged_name(g: GoldData, season: int):
    return f"What name did the merged tribe go by on {g.subtitle(season)}?", gf.merged_tribe(g, season)[1]


# -- aggregation -----------------------------------------------------------------------------------------
@template("ho_immunity_leader", "aggregation")
def ho_immunity_leader(g: GoldData, season: int):
    return f"On {g.subtitle(season)}, who took home individual immunity the most times?", \
        gf.season_immunity_leader(g, season)[1]


@template("ho_confessional_leader", "aggregation")
def ho_confessional_leader(g: GoldData, season: int):
    return f"Who got the most confessionals on {g.subtitle(season)}?", gf.most_confessionals(g, season)[1]


@template("ho_votes_received", "aggregation")
def ho_votes_received(g: GoldData, season: int):
    return f"Whose name got written down the most in {g.season_name(season)}?", gf.most_votes_received(g, season)[1]


@template("ho_quit_count", "aggregation")
def ho_quit_count(g: GoldData):
    result = g.cast["result"].fillna("")
    quit_ = result.str.contains("Quit")
    # any quit; not counting quits from the Edge of Extinction; plain "Quit" results only
    return "How many times has somebody quit Survivor?", [
        number(quit_.sum(), (quit_ & ~result.str.contains("EoE")).sum(), (result == "Quit").sum())]


@template("ho_exactly_twice", "aggregation")
def ho_exactly_twice(g: GoldData):
    return "how many castaways have played exactly two seasons", [number((g.seasons_played() == 2).sum())]


@template("ho_distinct_winners", "aggregation")
def ho_distinct_winners(g: GoldData):
    return "How many different people have won Survivor?", [
        number(len({g.winner(s) for s in g.finished_seasons}))]


@template("ho_seasons_in_place", "aggregation")
def ho_seasons_in_place(g: GoldData, place: str):
    n = g.summary["location"].str.contains(place, case=False, regex=False).sum()
    return f"How many seasons have been filmed in {place}?", [number(n)]


@template("ho_most_votes_cast", "aggregation")
def ho_most_votes_cast(g: GoldData):
    return "Who has cast the most votes at tribal council overall?", [
        entity(g, top(g.votes.groupby("castaway_id").size()))]


# -- multi-hop -------------------------------------------------------------------------------------------
@template("ho_winner_votes", "multi_hop")
def ho_winner_votes(g: GoldData, season: int):
    return f"How many jury votes did the {g.subtitle(season)} winner get?", gm.winner_jury_votes(g, season)[1]


@template("ho_winner_where", "multi_hop")
def ho_winner_where(g: GoldData, place: str):
    found = g.summary[g.summary["location"].str.contains(place, case=False, regex=False)]["season"]
    assert len(found) == 1, (place, list(found))
    return f"Who won the season that took place in {place}?", [entity(g, [g.winner(int(found.iloc[0]))])]


@template("ho_winner_tribe", "multi_hop")
def ho_winner_tribe(g: GoldData, season: int):
    return f"What was the original tribe of whoever won {g.subtitle(season)}?", \
        gm.winner_original_tribe(g, season)[1]


@template("ho_winner_immunities", "multi_hop")
def ho_winner_immunities(g: GoldData, season: int):
    return f"how many individual immunities did the season {season} winner take home", \
        gm.winner_immunity_wins(g, season)[1]


@template("ho_first_boot_when_won", "multi_hop")
def ho_first_boot_when_won(g: GoldData, castaway_id: str, call: str):
    return f"Who got voted out first in the season {call} won?", gm.first_boot_of_winners_season(g, castaway_id)[1]


@template("ho_career_of_winner", "multi_hop")
def ho_career_of_winner(g: GoldData, season: int):
    return f"Counting every appearance, how many seasons has the {g.subtitle(season)} winner played?", \
        gm.winner_total_seasons(g, season)[1]


@template("ho_jurors_backed_runner_up", "multi_hop")
def ho_jurors_backed_runner_up(g: GoldData, season: int):
    rid, backers = gm.runner_up_backers(g, season)
    return f"Which jurors on {g.subtitle(season)} backed {g.name(rid)} instead of the winner?", [backers]


@template("ho_conf_leader_tribe", "multi_hop")
def ho_conf_leader_tribe(g: GoldData, season: int):
    return f"The person with the most confessionals in season {season}: which tribe did they start on?", \
        gm.confessional_leader_tribe(g, season)[1]


@template("ho_winner_and_immunities", "multi_hop")
def ho_winner_and_immunities(g: GoldData, season: int):
    w = g.winner(season)
    return (f"Who won {g.subtitle(season)}, and how many individual immunity challenges did they win along the way?",
            [entity(g, [w]), number(gm._imm_wins(g, w, season))])


# -- cross-entity ----------------------------------------------------------------------------------------
@template("ho_shared_seasons", "cross_entity")
def ho_shared_seasons(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    return f"Which seasons did {call_a} and {call_b} both play in?", gm.shared_seasons(g, a, b)[1]


@template("ho_roster", "cross_entity")
def ho_roster(g: GoldData, season: int, tribe: str):
    return f"who was part of {tribe} on {g.subtitle(season)}?", gm.tribe_roster(g, season, tribe)[1]


@template("ho_overlap", "cross_entity")
def ho_overlap(g: GoldData, a: int, b: int):
    return f"Who played in both {g.subtitle(a)} and {g.subtitle(b)}?", gm.cast_overlap(g, a, b)[1]


@template("ho_final_three", "cross_entity")
def ho_final_three(g: GoldData, season: int):
    return f"Who made it to the final tribal council in Survivor {season}?", gm.finalists(g, season)[1]


@template("ho_jurors_for", "cross_entity")
def ho_jurors_for(g: GoldData, castaway_id: str, season: int, call: str):
    j = g.jury[(g.jury["season"] == season) & (g.jury["finalist_id"] == castaway_id)]
    return f"Which jurors voted for {call} at the {g.subtitle(season)} finale?", [entities(g, j["castaway_id"])]


@template("ho_juror_pick", "cross_entity")
def ho_juror_pick(g: GoldData, castaway_id: str, season: int, call: str):
    return f"At the end of {g.subtitle(season)}, who did {call} vote for to win?", \
        gm.juror_choice(g, castaway_id, season)[1]


@template("ho_voted_out_by", "cross_entity")
def ho_voted_out_by(g: GoldData, castaway_id: str, season: int, call: str):
    return f"Who voted {call} out of {g.subtitle(season)}?", gm.voted_out_by(g, castaway_id, season)[1]


@template("ho_starting_tribes", "cross_entity")
def ho_starting_tribes(g: GoldData, season: int):
    return f"What were the starting tribes in Survivor {season}?", gm.season_tribes(g, season)[1]


@template("ho_idol_finders", "cross_entity")
def ho_idol_finders(g: GoldData, season: int):
    return f"Which players found a hidden immunity idol on {g.subtitle(season)}?", gm.idol_players(g, season)[1]


# -- temporal --------------------------------------------------------------------------------------------
@template("ho_nth_out", "temporal")
def ho_nth_out(g: GoldData, season: int, order: int):
    return f"Who was the {ORDINALS[order - 1]} person out on {g.subtitle(season)}?", gf.nth_boot(g, season, order)[1]


@template("ho_exit_episode", "temporal")
def ho_exit_episode(g: GoldData, castaway_id: str, season: int, call: str):
    return f"Which episode of {g.subtitle(season)} did {call} go out in?", gf.exit_episode(g, castaway_id,
                                                                                             season)[1]


@template("ho_prev_boot", "temporal")
def ho_prev_boot(g: GoldData, castaway_id: str, season: int, call: str):
    cast = g.season_cast(season)
    order = cast[cast["castaway_id"] == castaway_id]["order"].iloc[0]
    return f"Who went home right before {call} on {g.subtitle(season)}?", [
        entity(g, cast[cast["order"] == order - 1]["castaway_id"])]


@template("ho_first_immunity", "temporal")
def ho_first_immunity(g: GoldData, season: int):
    return f"On {g.subtitle(season)}, who was the first to win individual immunity?", gf.first_immunity(g, season)[1]


@template("ho_first_boot_day", "temporal")
def ho_first_boot_day(g: GoldData, season: int):
    cast = g.season_cast(season)
    return f"On what day did the first {g.subtitle(season)} boot get sent home?", [
        number(*cast[cast["order"] == 1]["day"].dropna())]


@template("ho_episode_exit", "temporal")
def ho_episode_exit(g: GoldData, season: int, episode: int):
    return f"Who went home in the {ORDINALS[episode - 1]} episode of {g.subtitle(season)}?", \
        gf.boot_in_episode(g, season, episode)[1]


@template("ho_last_juror", "temporal")
def ho_last_juror(g: GoldData, season: int):
    return f"Who was the last person to join the jury in season {season}?", [gf.juror_by_order(g, season, last=True)]


@template("ho_lasted_longer", "temporal")
def ho_lasted_longer(g: GoldData, a: str, b: str, season: int):
    cast = g.season_cast(season).set_index("castaway_id")
    order_a, order_b = cast.loc[a, "order"], cast.loc[b, "order"]
    # Under a viewer scope an unknown order means still in the game: that one lasted longer; both: unknown.
    longer = a if pd.isna(order_a) else b if pd.isna(order_b) or order_b > order_a else a
    known = not (pd.isna(order_a) and pd.isna(order_b))
    return f"Who lasted longer on {g.subtitle(season)}, {g.name(a)} or {g.name(b)}?", [
        entity(g, [longer] if known else [])]


@template("ho_immunity_episode", "temporal")
def ho_immunity_episode(g: GoldData, season: int, episode: int):
    return f"Season {season}, episode {episode}: who won the individual immunity challenge?", \
        gf.immunity_in_episode(g, season, episode)[1]


# -- negation --------------------------------------------------------------------------------------------
@template("ho_lost_at_ftc", "negation")
def ho_lost_at_ftc(g: GoldData, season: int):
    return f"Who lost at the final tribal council of Survivor {season}?", gf.finalists_not_won(g, season)[1]


@template("ho_jurors_against_winner", "negation")
def ho_jurors_against_winner(g: GoldData, season: int):
    return f"Which jurors on {g.subtitle(season)} didn't vote for the eventual winner?", \
        gf.jurors_not_for_winner(g, season)[1]


@template("ho_zero_votes", "negation")
def ho_zero_votes(g: GoldData, season: int):
    return f"Who on {g.subtitle(season)} never had a single vote cast against them?", \
        gf.never_received_vote(g, season)[1]


@template("ho_seasons_no_quit", "negation")
def ho_seasons_no_quit(g: GoldData):
    quit_ = set(g.cast[g.cast["result"].str.contains("Quit", na=False)]["season"])
    return "In which seasons did nobody quit?", [seasons(s for s in g.seasons if s not in quit_)]


@template("ho_one_time_winners", "negation")
def ho_one_time_winners(g: GoldData):
    played = g.seasons_played()
    return "Which Sole Survivors never came back to play again?", [
        entities(g, sorted(c for c in _winner_ids(g) if played[c] == 1))]


@template("ho_ftc_never_won", "negation")
def ho_ftc_never_won(g: GoldData, n: int = 2):
    finals = g.cast[g.cast["finalist"]].groupby("castaway_id").size()
    winners = _winner_ids(g)
    return f"Who has reached the final tribal council at least {n} times but never won?", [
        entities(g, [c for c, k in finals.items() if k >= n and c not in winners])]


@template("ho_winners_no_votes", "negation")
def ho_winners_no_votes(g: GoldData):
    targets = set(zip(g.votes["season"], g.votes["vote_id"]))
    return "Which winners didn't receive a single vote against them in the season they won?", [
        entities(g, [g.winner(s) for s in g.finished_seasons if (s, g.winner(s)) not in targets])]


@template("ho_tribe_no_merge", "negation")
def ho_tribe_no_merge(g: GoldData, season: int, tribe: str):
    return f"Which of the original {tribe} members didn't reach the merge on {g.subtitle(season)}?", \
        gf.tribe_missed_merge(g, season, tribe)[1]


# -- narrative -------------------------------------------------------------------------------------------
@template("ho_why_out", "narrative")
def ho_why_out(g: GoldData, castaway_id: str, season: int, v: int = 0):
    name = g.name(castaway_id)
    text = [f"What forced {name} out of {g.season_name(season)}?", f"How come {name} left {g.subtitle(season)}?",
            f"Why did {name} walk away from {g.subtitle(season)}?"][v]
    return text, gm.why_left(g, castaway_id, season)[1]


@template("ho_ftc_story", "narrative")
def ho_ftc_story(g: GoldData, season: int):
    return f"Tell me how the final tribal council went on {_title(g, season)}.", gm.final_tribal_story(g, season)[1]


@template("ho_merge_story", "narrative")
def ho_merge_story(g: GoldData, season: int):
    return f"What happened when the tribes merged on {g.subtitle(season)}?", gm.merge_story(g, season)[1]


@template("ho_recap", "narrative")
def ho_recap(g: GoldData, season: int, episode: int):
    return f"Can you recap episode {episode} of {_title(g, season)}?", gm.episode_story(g, season, episode)[1]


# -- unanswerable ----------------------------------------------------------------------------------------
@template("ho_future_season", "unanswerable")
def ho_future_season(g: GoldData, future: int, v: int = 0):
    assert future not in g.seasons, future
    text = [f"Who took home the title in season {future}?", f"Where will Survivor {future} be filmed?",
            f"Who was the first boot of Survivor {future}?", f"What were the tribes in season {future}?"][v]
    return text, [abstain()]


@template("ho_nobody", "unanswerable")
def ho_nobody(g: GoldData, name: str, v: int = 0):
    assert not g.person_exists(name), name
    text = [f"How many hidden immunity idols did {name} find?", f"{name} was on which Survivor tribe?",
            f"How many votes did {name} get at tribal council?"][v]
    return text, [abstain()]


@template("ho_place_never", "unanswerable")
def ho_place_never(g: GoldData, place: str):
    assert not g.summary["location"].str.contains(place, case=False, regex=False).any(), place
    return f"Which season was shot in {place}, and who won it?", [abstain()]


@template("ho_not_in_data", "unanswerable")
def ho_not_in_data(g: GoldData, castaway_id: str, call: str):
    check_not_in_data(g, castaway_id, ("shoe",))  # a real person; the data has no shoe sizes
    return f"What is {call}'s shoe size?", [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _place_finales(full: GoldData, p: dict) -> list:
    found = full.summary[full.summary["location"].str.contains(p["place"], case=False, regex=False)]["season"]
    return [("finale", int(s), None) for s in found]


SCOPE_NEEDS = {
    "ho_title_holder": "finale", "ho_jury_tally": "finale", "ho_winner_age": scoped._won_season,
    "ho_season_won": scoped._won_season,
    "ho_immunity_leader": "finale", "ho_confessional_leader": "finale", "ho_votes_received": "finale",
    "ho_winner_votes": "finale", "ho_winner_where": _place_finales, "ho_winner_tribe": "finale",
    "ho_winner_immunities": "finale", "ho_first_boot_when_won": scoped._won_season, "ho_career_of_winner": "finale",
    "ho_jurors_backed_runner_up": "finale", "ho_conf_leader_tribe": "finale", "ho_winner_and_immunities": "finale",
    "ho_roster": "finale", "ho_final_three": "finale", "ho_jurors_for": "finale", "ho_juror_pick": "finale",
    "ho_voted_out_by": "exit", "ho_idol_finders": "finale",
    "ho_exit_episode": "exit", "ho_prev_boot": "exit", "ho_episode_exit": "episode", "ho_last_juror": "finale",
    "ho_immunity_episode": "episode",
    "ho_lost_at_ftc": "finale", "ho_jurors_against_winner": "finale", "ho_zero_votes": "finale",
    "ho_tribe_no_merge": scoped._merge,
    "ho_why_out": "exit", "ho_ftc_story": "finale", "ho_merge_story": scoped._merge, "ho_recap": "episode",
}
SCOPE_AS_AIRED = {"ho_shot_where", "ho_starting_cast", "ho_person_start_tribe", "ho_premiere", "ho_merged_name",
                  "ho_quit_count", "ho_exactly_twice", "ho_distinct_winners", "ho_seasons_in_place",
                  "ho_most_votes_cast", "ho_shared_seasons", "ho_overlap", "ho_starting_tribes", "ho_nth_out",
                  "ho_first_immunity", "ho_first_boot_day", "ho_lasted_longer", "ho_seasons_no_quit",
                  "ho_one_time_winners", "ho_ftc_never_won", "ho_winners_no_votes", "ho_future_season",
                  "ho_nobody", "ho_place_never", "ho_not_in_data"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)


# -- the plan --------------------------------------------------------------------------------------------
def person(g: GoldData, call: str) -> str:
    """The castaway_id a name or nickname ("Boston Rob", "Ozzy") stands for; it must name one person."""
    ids = set(g.aliases[g.aliases["alias"].str.lower() == call.lower()]["castaway_id"])
    ids |= set(g.cast[g.cast["full_name"].str.lower() == call.lower()]["castaway_id"])
    assert len(ids) == 1, (call, ids)
    return ids.pop()


def by_name(g: GoldData, call: str, **more) -> dict:
    """A template's params for the person a name stands for: {"castaway_id", "call", **more}."""
    return {"castaway_id": person(g, call), "call": call, **more}


def pair(g: GoldData, call_a: str, call_b: str, **more) -> dict:
    """A template's params for two people by name: {"a", "b", "call_a", "call_b", **more}."""
    return {"a": person(g, call_a), "b": person(g, call_b), "call_a": call_a, "call_b": call_b, **more}


def plan(g: GoldData, rng: random.Random) -> list[tuple[str, dict]]:
    """Seasons and people the gold set does not ask about; picks that depend on the data are made from it."""
    out: list[tuple[str, dict]] = [
        ("ho_title_holder", {"season": 12, "v": 0}), ("ho_title_holder", {"season": 48, "v": 1}),
        ("ho_shot_where", {"season": 1}), ("ho_starting_cast", {"season": 31}),
        ("ho_person_start_tribe", {**by_name(g, "Ozzy"), "season": 13}), ("ho_jury_tally", {"season": 30}),
        ("ho_winner_age", by_name(g, "Earl Cole")), ("ho_premiere", {"season": 39}),
        ("ho_season_won", by_name(g, "Boston Rob")), ("ho_merged_name", {"season": 23}),
        # aggregation
        ("ho_immunity_leader", {"season": 17}), ("ho_confessional_leader", {"season": 13}),
        ("ho_votes_received", {"season": 25}), ("ho_quit_count", {}), ("ho_exactly_twice", {}),
        ("ho_distinct_winners", {}), ("ho_seasons_in_place", {"place": "Fiji"}), ("ho_most_votes_cast", {}),
        # multi-hop
        ("ho_winner_votes", {"season": 1}), ("ho_winner_where", {"place": "Gabon"}),
        ("ho_winner_tribe", {"season": 34}),
        ("ho_winner_immunities", {"season": 43}), ("ho_first_boot_when_won", by_name(g, "Jeremy Collins")),
        ("ho_career_of_winner", {"season": 25}), ("ho_jurors_backed_runner_up", {"season": 39}),
        ("ho_conf_leader_tribe", {"season": 44}), ("ho_winner_and_immunities", {"season": 23}),
    ]
    # cross-entity
    out += [("ho_shared_seasons", pair(g, "Boston Rob", "Parvati")),
            ("ho_roster", {"season": 22, "tribe": "Zapatera"}), ("ho_overlap", {"a": 13, "b": 16}),
            ("ho_final_three", {"season": 48}), ("ho_jurors_for", {**by_name(g, "Ozzy"), "season": 13}),
            ("ho_juror_pick", {**by_name(g, "Cirie"), "season": 34}),
            ("ho_voted_out_by", {**by_name(g, "Abi-Maria"), "season": 31}), ("ho_starting_tribes", {"season": 43}),
            ("ho_idol_finders", {"season": 30})]
    # temporal
    w49 = g.wins[(g.wins["season"] == 49) & (g.wins["won_individual_immunity"] == 1)].groupby("episode").size()
    out += [("ho_nth_out", {"season": 30, "order": 2}),
            ("ho_exit_episode", {**by_name(g, "Kelley Wentworth"), "season": 31}),
            ("ho_prev_boot", {**by_name(g, "Cirie"), "season": 12}), ("ho_first_immunity", {"season": 22}),
            ("ho_first_boot_day", {"season": 14}), ("ho_episode_exit", {"season": 25, "episode": 6}),
            ("ho_last_juror", {"season": 49}),
            ("ho_lasted_longer", {"a": person(g, "Austin Carty"), "b": person(g, "Shane Powers"), "season": 12}),
            ("ho_immunity_episode", {"season": 49, "episode": int(w49[w49 == 1].index[1])})]
    # negation
    masaya = "Masaya"
    out += [("ho_lost_at_ftc", {"season": 49}), ("ho_jurors_against_winner", {"season": 22}),
            ("ho_zero_votes", {"season": 17}), ("ho_seasons_no_quit", {}), ("ho_one_time_winners", {}),
            ("ho_ftc_never_won", {"n": 2}), ("ho_winners_no_votes", {}),
            ("ho_tribe_no_merge", {"season": 30, "tribe": masaya})]
    # narrative: exits the gold set does not ask about (a medevac each, a quit), finals, a merge, episodes
    out += [("ho_why_out", {"castaway_id": person(g, "Russell Swan"), "season": 19, "v": 0}),
            ("ho_why_out", {"castaway_id": person(g, "Bruce Kanegai"), "season": 12, "v": 1}),
            ("ho_why_out", {"castaway_id": person(g, "Lindsey Ogle"), "season": 28, "v": 2}),
            ("ho_ftc_story", {"season": 13}), ("ho_ftc_story", {"season": 43}), ("ho_merge_story", {"season": 25}),
            ("ho_recap", {"season": 14, "episode": 2}), ("ho_recap", {"season": 48, "episode": 5})]
    # unanswerable
    top_season = max(g.seasons)
    out += [("ho_future_season", {"future": top_season + 8, "v": 0}),
            ("ho_future_season", {"future": top_season + 26, "v": 1}),
            ("ho_future_season", {"future": top_season + 50, "v": 2}),
            ("ho_future_season", {"future": top_season + 39, "v": 3}),
            ("ho_nobody", {"name": "Jeff Bezos", "v": 0}), ("ho_nobody", {"name": "Sherlock Holmes", "v": 1}),
            ("ho_nobody", {"name": "Oprah Winfrey", "v": 2}), ("ho_place_never", {"place": "Iceland"}),
            ("ho_not_in_data", by_name(g, "Parvati"))]
    return out


def build_holdout_set(g: GoldData, seed: int = 11) -> list[Question]:
    """The held-out set; question ids are "ho-<category>-NN" so they never collide with the gold set's."""
    return build_planned(g, "ho", lambda data: plan(data, random.Random(seed)))
