"""The novel question set: a fifth blind set, for how the router generalises to wording it was never tuned on.

The gold, held-out, fresh and unseen sets have all been looked at while the router grew; this one was written
without reading the agent, linker or router code and without running the agent. It asks about people and
seasons none of the other four sets asks about, in forms they do not use: hometowns, jobs and birthdays, episode
titles and finale dates, how long a season ran, the youngest and the oldest, who moved tribes at a swap, who
played an idol for whom, who is older, who played alongside both of two people, the season right before or
right after another, "before the merge", boots in between two others, years between appearances, complements
("weren't won by", "never played it", "hadn't played before"), nicknames and short names, lower-case season
names, two questions in one message, and unanswerable questions of other kinds (private life, social media,
the weather, opinions, a quit undone). Answers are computed from the survivoR tables by the templates below,
with the gold set's answer parts and, where one fits, an existing template's or helper's answer code.

    build_novel_set(g) -> list[Question]       # `python -m evaluation gold --set novel` writes the snapshot
    python -m evaluation run --set novel       # run it (the default set stays the gold set)

Template names start with "nv_"; each declares what a viewer scope needs to have aired (SCOPE_NEEDS,
SCOPE_AS_AIRED), registered with evaluation.scoped, so `--watched` works on this set too.
"""

from __future__ import annotations

import re

import pandas as pd

from evaluation import fresh as fr
from evaluation import gold_facts as gf
from evaluation import gold_multi as gm
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
    number,
    phrase,
    season,
    seasons,
    template,
)
from evaluation.gold_facts import ORDINALS, top
from evaluation.holdout import _title, by_name, check_not_in_data, pair, person
from evaluation.matching import contains_prefix

NOVEL_FILE = QUESTION_SETS["novel"]
TRIBE_STATUSES = ("Original", "Swapped", "Swapped_2", "Merged")  # not Redemption Island, Edge of Extinction


def _details(g: GoldData) -> pd.DataFrame:
    return g.details


def _bio(g: GoldData, castaway_id: str, column: str):
    """A column of a person's casting bio (occupation, hobbies ...): survivoR keeps their latest, so under a
    viewer scope it is known only once their last season had premiered (evaluation.scoped)."""
    if hasattr(g, "require_bio"):
        g.require_bio(castaway_id)
    return g.details.loc[castaway_id, column]


def _summary_text(g: GoldData, s: int, episode: int | None = None) -> str:
    eps = g.episodes[g.episodes["season"] == s]
    if episode is not None:
        eps = eps[eps["episode"] == episode]
    return " ".join(eps["episode_summary"].fillna(""))


def _one(ids: list, what) -> list:
    assert len(ids) == 1, (what, ids)  # one person, so the question has one answer
    return ids


def _women(g: GoldData) -> set[str]:
    details = g.data.table("castaway_details")
    return set(details[details["gender"] == "Female"]["castaway_id"])


def _swapped(g: GoldData, s: int, from_tribe: str, to_tribe: str) -> list[str]:
    t = g.tribes[g.tribes["season"] == s]
    start = set(t[(t["tribe"] == from_tribe) & (t["tribe_status"] == "Original")]["castaway_id"])
    moved = t[(t["tribe"] == to_tribe) & (t["tribe_status"] == "Swapped")]["castaway_id"].unique()
    return [c for c in moved if c in start]


# -- single facts ----------------------------------------------------------------------------------------
@template("nv_million", "single_fact")
def nv_million(g: GoldData, season: int):
    return f"{g.subtitle(season).lower()} - who walked away with the million?", [entity(g, [g.winner(season)])]


@template("nv_hometown", "single_fact")
def nv_hometown(g: GoldData, castaway_id: str, season: int, call: str):
    row = fr._row(g, castaway_id, season)
    assert len(g.seasons_of(castaway_id)) == 1, call  # one season, so one hometown
    return f"{call} from {g.subtitle(season)}, where's he from originally?", [
        phrase(f"{row['city']}, {row['state']}", row["city"])]


@template("nv_job", "single_fact")
def nv_job(g: GoldData, castaway_id: str, call: str):
    job = str(_bio(g, castaway_id, "occupation"))
    return f"what does {call} do for a living?", [phrase(job, *re.split(r"\s*[;/]\s*", job))]


@template("nv_born", "single_fact")
def nv_born(g: GoldData, castaway_id: str, call: str):
    return f"When was {call} born?", [phrase(*gf._date_forms(_details(g).loc[castaway_id, "date_of_birth"]))]


@template("nv_finale_aired", "single_fact")
def nv_finale_aired(g: GoldData, season: int):
    eps = g.episodes[(g.episodes["season"] == season) & (g.episodes["episode_label"] == "Finale")]
    return f"What date did the {g.subtitle(season)} finale air?", [
        phrase(*gf._date_forms(_one(list(eps["episode_date"]), season)[0]))]


@template("nv_episode_title", "single_fact")
def nv_episode_title(g: GoldData, season: int, episode: int = 1):
    eps = g.episodes[(g.episodes["season"] == season) & (g.episodes["episode"] == episode)]
    return f"what was the {ORDINALS[episode - 1]} episode of {_title(g, season)} called?", [
        phrase(*_one(list(eps["episode_title"]), (season, episode)))]


@template("nv_run_ended", "single_fact")
def nv_run_ended(g: GoldData, castaway_id: str, season: int, call: str):
    result = str(fr._row(g, castaway_id, season)["result"])
    assert "fire" in result, (call, result)  # "fire" names how it ended
    return f"How did {call}'s run on {g.subtitle(season)} end?", [phrase(result, "fire")]


@template("nv_season_days", "single_fact")
def nv_season_days(g: GoldData, season: int):
    return f"s{season} lasted how many days?", [number(g.season_cast(season)["day"].max())]


# -- aggregation -----------------------------------------------------------------------------------------
@template("nv_idols_in_season", "aggregation")
def nv_idols_in_season(g: GoldData, season: int):
    found = fr._idols_found(g)
    found = found[found["season"] == season]
    # finds (a shared idol counts for each finder); different idols
    return f"How many hidden immunity idols turned up on {g.subtitle(season)}, all told?", [
        number(len(found), found["advantage_id"].nunique())]


@template("nv_tribe_count", "aggregation")
def nv_tribe_count(g: GoldData, castaway_id: str, call: str):
    t = g.tribes[(g.tribes["castaway_id"] == castaway_id) & g.tribes["tribe_status"].isin(TRIBE_STATUSES)]
    # every tribe, merged tribes included; the tribes before each merge only
    return f"Counting every season, how many different tribes has {call} been a member of?", [
        number(t["tribe"].nunique(), t[t["tribe_status"] != "Merged"]["tribe"].nunique())]


@template("nv_youngest", "aggregation")
def nv_youngest(g: GoldData, season: int):
    ages = g.season_cast(season).set_index("castaway_id")["age"]
    return f"baby of the cast on season {season} - who was the youngest?", [entity(g, _one(top(-ages), season))]


@template("nv_oldest_winner", "aggregation")
def nv_oldest_winner(g: GoldData):
    won = g.cast[g.cast["winner"]].set_index("castaway_id")["age"]
    return "Oldest person ever to win Survivor? And how old were they?", [entity(g, top(won)), number(won.max())]


@template("nv_final_two_count", "aggregation")
def nv_final_two_count(g: GoldData):
    finals = g.cast[g.cast["finalist"]].groupby("season").size()
    n = g.summary["n_finalists"]
    return "In how many seasons were there only two people at final tribal?", [
        number(sum(int(finals.get(s, 0)) == 2 for s in g.finished_seasons),
               sum(pd.notna(n.get(s)) and int(n[s]) == 2 for s in g.finished_seasons))]


@template("nv_state_count", "aggregation")
def nv_state_count(g: GoldData, state: str):
    rows = g.cast[g.cast["state"] == state]
    # different people; appearances
    return f"how many castaways have come from {state}?", [number(rows["castaway_id"].nunique(), len(rows))]


@template("nv_most_juries", "aggregation")
def nv_most_juries(g: GoldData):
    juries = g.cast[g.cast["jury"]].groupby("castaway_id").size()
    return "Which players have sat on a jury the most times?", [entities(g, top(juries))]


@template("nv_solo_wins", "aggregation")
def nv_solo_wins(g: GoldData, castaway_id: str, season: int, call: str):
    rewards = g.wins[(g.wins["castaway_id"] == castaway_id) & (g.wins["season"] == season)
                     & (g.wins["won_individual_reward"] == 1)]
    return (f"{call} on {g.subtitle(season)}: how many individual immunities did he win? how many individual "
            "rewards?", [number(gm._imm_wins(g, castaway_id, season)), number(len(rewards))])


# -- multi-hop -------------------------------------------------------------------------------------------
@template("nv_next_winner", "multi_hop")
def nv_next_winner(g: GoldData, season: int):
    assert season + 1 in g.seasons, season
    return f"who won the season right after {g.subtitle(season)}?", [entity(g, [g.winner(season + 1)])]


@template("nv_won_country", "multi_hop")
def nv_won_country(g: GoldData, castaway_id: str, call: str):
    s = _one(fr._won_seasons(g, castaway_id), call)[0]
    where = str(g.summary.loc[s, "location"])
    return f"What country was {call} in when she won?", [
        phrase(g.summary.loc[s, "country"], where.split(",")[-1].strip())]


@template("nv_winner_confessionals", "multi_hop")
def nv_winner_confessionals(g: GoldData, season: int):
    conf = g.confessionals
    mine = conf[(conf["season"] == season) & (conf["castaway_id"] == g.winner(season))]
    return f"How many confessionals did the {g.subtitle(season)} winner get that season?", [
        number(mine["confessional_count"].sum())]


def _first_boot(g: GoldData, s: int) -> pd.Series:
    cast = g.season_cast(s)
    row = cast[cast["order"] == 1].iloc[0]
    assert "voted out" in str(row["result"]), (s, row["result"])  # "voted out", not a medevac
    return row


@template("nv_first_boot_age", "multi_hop")
def nv_first_boot_age(g: GoldData, season: int):
    return f"how old was the first person voted out of season {season}?", [number(_first_boot(g, season)["age"])]


@template("nv_runner_up_state", "multi_hop")
def nv_runner_up_state(g: GoldData, season: int):
    lost = _one(gf.losing_finalists(g, season)["ids"], season)
    return f"The {g.subtitle(season)} runner-up - which state did they come from?", [
        phrase(fr._row(g, lost[0], season)["state"])]


@template("nv_idol_leader_place", "multi_hop")
def nv_idol_leader_place(g: GoldData, season: int):
    found = fr._idols_found(g)
    leader = _one(top(found[found["season"] == season].groupby("castaway_id").size()), season)
    return f"Whoever found the most idols on {g.subtitle(season)}, what place did they end up in?", [
        number(fr._row(g, leader[0], season)["place"])]


@template("nv_place_other_seasons", "multi_hop")
def nv_place_other_seasons(g: GoldData, season: int, place: int):
    cast = g.season_cast(season)
    who = _one(list(cast[cast["place"] == place]["castaway_id"]), (season, place))[0]
    return f"the person who finished {ORDINALS[place - 1]} on {g.subtitle(season)}, which other seasons have they " \
           "been on?", [seasons(s for s in g.seasons_of(who) if s != season)]


@template("nv_first_juror_pick", "multi_hop")
def nv_first_juror_pick(g: GoldData, season: int):
    first = gf.juror_by_order(g, season)["ids"]
    return f"Season {season}'s first juror, who did they end up voting for to win?", \
        gm.juror_choice(g, _one(first, season)[0], season)[1]


# -- cross-entity ----------------------------------------------------------------------------------------
@template("nv_older", "cross_entity")
def nv_older(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    born = pd.to_datetime(_details(g).loc[[a, b], "date_of_birth"])
    assert born[a] != born[b], born
    return f"who's older, {call_a} or {call_b}?", [entity(g, [born.idxmin()])]


@template("nv_more_confessionals", "cross_entity")
def nv_more_confessionals(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    conf = g.confessionals[g.confessionals["season"] == season]
    counts = conf.groupby("castaway_id")["confessional_count"].sum().reindex([a, b]).fillna(0)
    assert counts[a] != counts[b], counts  # no tie
    return f"On season {season}, did {call_a} or {call_b} get more confessionals?", [entity(g, [counts.idxmax()])]


@template("nv_played_with_both", "cross_entity")
def nv_played_with_both(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    def castmates(c: str) -> set[str]:
        return set(g.cast[g.cast["season"].isin(g.seasons_of(c))]["castaway_id"]) - {c}
    return f"Name everyone who has played alongside both {call_a} and {call_b}.", [
        entities(g, sorted(castmates(a) & castmates(b)))]


@template("nv_jurors_winner_tribe", "cross_entity")
def nv_jurors_winner_tribe(g: GoldData, season: int):
    winner_tribe = fr._row(g, g.winner(season), season)["original_tribe"]
    jurors = un._jurors(g, season)
    return f"Which {g.subtitle(season)} jurors had started on the same tribe as the winner?", [
        entities(g, jurors[jurors["original_tribe"] == winner_tribe]["castaway_id"])]


@template("nv_swapped_over", "cross_entity")
def nv_swapped_over(g: GoldData, season: int, from_tribe: str, to_tribe: str):
    assert not (g.tribes[g.tribes["season"] == season]["tribe_status"] == "Swapped_2").any(), season  # one swap
    return f"Who went from {from_tribe} to {to_tribe} when the tribes got swapped on {g.subtitle(season)}?", [
        entities(g, _swapped(g, season, from_tribe, to_tribe))]


@template("nv_longest_of_three", "cross_entity")
def nv_longest_of_three(g: GoldData, a: str, b: str, c: str, season: int, call_a: str, call_b: str, call_c: str):
    order = g.season_cast(season).set_index("castaway_id")["order"].reindex([a, b, c])
    return (f"{call_a}, {call_b} and {call_c} on {g.subtitle(season)} - which of the three lasted the longest?",
            [entity(g, top(order))])


@template("nv_idol_for", "cross_entity")
def nv_idol_for(g: GoldData, castaway_id: str, season: int, call: str):
    adv = g.advantages
    plays = adv[(adv["season"] == season) & (adv["castaway_id"] == castaway_id)
                & adv["event"].str.startswith("Played", na=False)
                & adv["advantage_type"].str.lower().str.contains("hidden immunity idol")
                & adv["played_for_id"].notna() & (adv["played_for_id"] != castaway_id)]
    return f"{call} played an idol for somebody else on {g.subtitle(season)}. Who was it for?", [
        entity(g, _one(list(plays["played_for_id"]), call))]


@template("nv_two_jurors", "cross_entity")
def nv_two_jurors(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    return f"at the end of season {season}, who did {call_a} vote for to win? and {call_b}?", [
        gm.juror_choice(g, a, season)[1][0], gm.juror_choice(g, b, season)[1][0]]


# -- temporal --------------------------------------------------------------------------------------------
@template("nv_merge_episode", "temporal")
def nv_merge_episode(g: GoldData, season: int):
    ep = un._merge_episode(g, season)
    assert contains_prefix(_summary_text(g, season, ep), "merge"), (season, ep)  # the episode tells the merge
    return f"{g.subtitle(season)}: what episode did the tribes merge in?", [number(ep)]


@template("nv_last_before_merge", "temporal")
def nv_last_before_merge(g: GoldData, season: int):
    cast = g.season_cast(season)
    before = cast[(cast["episode"] < un._merge_episode(g, season)) & ~cast["finalist"]]
    last = before[before["order"] == before["order"].max()]
    assert last["result"].str.contains("voted out").all(), last["result"]
    return f"who was the last person voted out before the merge on season {season}?", [
        entity(g, last["castaway_id"])]


@template("nv_first_final_three", "temporal")
def nv_first_final_three(g: GoldData):
    finals = g.cast[g.cast["finalist"]].groupby("season").size()
    three = [s for s in g.finished_seasons if finals.get(s, 0) == 3]  # none yet under an early viewer scope
    return "What was the first season to end with a final three?", [season(*three[:1])]


@template("nv_first_quit", "temporal")
def nv_first_quit(g: GoldData):
    quits = g.cast[g.cast["result"].str.contains("Quit", na=False)].sort_values(["season", "order"])
    return "who was the first person to ever quit the game?", [entity(g, quits["castaway_id"].head(1))]


@template("nv_years_between", "temporal")
def nv_years_between(g: GoldData, castaway_id: str, call: str):
    played = g.seasons_of(castaway_id)
    first, last = (pd.Timestamp(g.summary.loc[s, "premiered"]) for s in (min(played), max(played)))
    return f"How many years passed between {call}'s first season and her last one?", [
        number(last.year - first.year, round((last - first).days / 365.25))]


@template("nv_season_before", "temporal")
def nv_season_before(g: GoldData, season: int):
    return f"what season came just before {g.subtitle(season)}, and who won it?", [
        gf.season(season - 1), entity(g, [g.winner(season - 1)])]


@template("nv_boots_between", "temporal")
def nv_boots_between(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    cast = g.season_cast(season).set_index("castaway_id")
    low, high = sorted((cast.loc[a, "order"], cast.loc[b, "order"]))
    between = cast[(cast["order"] > low) & (cast["order"] < high)].sort_values("order")
    return f"Who went home in between {call_a} and {call_b} on {g.subtitle(season)}?", [
        entities(g, between.index)]


@template("nv_first_country", "temporal")
def nv_first_country(g: GoldData, country: str):
    there = sorted(int(s) for s in g.summary[g.summary["country"] == country]["season"])
    return f"when did survivor first go to the {country}? which season", [season(*there[:1])]


# -- negation --------------------------------------------------------------------------------------------
@template("nv_not_won_by_man", "negation")
def nv_not_won_by_man(g: GoldData):
    men = set(g.data.table("castaway_details").query("gender == 'Male'")["castaway_id"])
    return "Which seasons weren't won by a man?", [seasons(s for s in g.finished_seasons if g.winner(s) not in men)]


@template("nv_never_merged", "negation")
def nv_never_merged(g: GoldData, n: int = 2):
    merged = set(g.tribes[g.tribes["tribe_status"] == "Merged"]["castaway_id"])
    return "who's played more than once but never made it to a merge?", [
        entities(g, gf.veterans_except(g, n, merged))]


@template("nv_merged_no_immunity", "negation")
def nv_merged_no_immunity(g: GoldData, season: int):
    merged = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Merged")]
    won = set(un._season_immunity_winners(g, season))
    return f"season {season}: which merged players went the whole game without an individual immunity win?", [
        entities(g, [c for c in merged["castaway_id"].unique() if c not in won])]


@template("nv_tribe_no_finalist", "negation")
def nv_tribe_no_finalist(g: GoldData, season: int):
    cast = g.season_cast(season)
    shut_out = sorted(set(cast["original_tribe"]) - set(cast[cast["finalist"]]["original_tribe"]))
    return f"Which starting tribe on {g.subtitle(season)} didn't get anyone to final tribal?", [
        phrase(*_one(shut_out, season))]


@template("nv_no_women_final", "negation")
def nv_no_women_final(g: GoldData):
    women = _women(g)
    finals = g.cast[g.cast["finalist"]]
    with_women = set(finals[finals["castaway_id"].isin(women)]["season"])
    return "which seasons had no women at final tribal council?", [
        seasons(s for s in g.finished_seasons if s not in with_women)]


@template("nv_not_two_tribes", "negation")
def nv_not_two_tribes(g: GoldData):
    start = g.tribes[g.tribes["tribe_status"] == "Original"].groupby("season")["tribe"].nunique()
    return "Which seasons didn't start with two tribes?", [seasons(s for s, n in start.items() if n != 2)]


@template("nv_found_not_played", "negation")
def nv_found_not_played(g: GoldData, season: int):
    found = fr._idols_found(g)
    adv = g.advantages
    played = adv[(adv["season"] == season) & adv["event"].str.startswith("Played", na=False)
                 & adv["advantage_type"].str.lower().str.contains("hidden immunity idol")]
    return f"On {g.subtitle(season)}, who found an idol but never played one?", [
        entities(g, [c for c in found[found["season"] == season]["castaway_id"].unique()
                     if c not in set(played["castaway_id"])])]


@template("nv_jurors_first_timers", "negation")
def nv_jurors_first_timers(g: GoldData, season: int):
    return f"Which {g.subtitle(season)} jurors hadn't played before?", [
        entities(g, [c for c in un._jurors(g, season)["castaway_id"] if not un._before(g, c, season)])]


# -- narrative -------------------------------------------------------------------------------------------
@template("nv_why_out", "narrative")
def nv_why_out(g: GoldData, castaway_id: str, season: int, call: str, v: int = 0, key: list | None = None):
    day = int(fr._row(g, castaway_id, season)["day"])
    text = [f"what was the deal with {call} leaving {g.subtitle(season)}?",
            f"{call} quit {g.subtitle(season)}?? why",
            f"So {call} got hurt on day {day} of {g.subtitle(season)} and had to go - what happened to her?"][v]
    _, parts = gm.why_left(g, castaway_id, season)
    return text, (un._with_key_words(g, parts, key) if key else parts)


@template("nv_boot_story", "narrative")
def nv_boot_story(g: GoldData, castaway_id: str, season: int, call: str):
    row = fr._row(g, castaway_id, season)
    assert "voted out" in str(row["result"]), (call, row["result"])
    _, parts = gm.episode_story(g, season, int(row["episode"]))
    assert parts[0]["support"]["castaway_ids"] == [castaway_id], parts  # the episode's one exit is theirs
    return f"What led to {call} getting voted out of {g.subtitle(season)}?", parts


@template("nv_ftc_story", "narrative")
def nv_ftc_story(g: GoldData, season: int, v: int = 0):
    text = [f"{g.subtitle(season)}'s ending - who did the jury pick, and what was the vote?",
            f"give me the final tribal council story for season {season}"][v]
    return text, gm.final_tribal_story(g, season)[1]


@template("nv_merge_story", "narrative")
def nv_merge_story(g: GoldData, season: int):
    return f"{g.subtitle(season)} merge: sum it up for me. what happened when they came together?", \
        gm.merge_story(g, season)[1]


@template("nv_recap", "narrative")
def nv_recap(g: GoldData, season: int, episode: int):
    return f"recap s{season}e{episode} for me", gm.episode_story(g, season, episode)[1]


# -- unanswerable ----------------------------------------------------------------------------------------
@template("nv_future", "unanswerable")
def nv_future(g: GoldData, future: int):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    return f"when does season {future} come out?", [abstain()]


@template("nv_nobody", "unanswerable")
def nv_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return f"What was {name}'s best finish on Survivor?", [abstain()]


@template("nv_private_life", "unanswerable")
def nv_private_life(g: GoldData, castaway_id: str, call: str, v: int = 0):
    check_not_in_data(g, castaway_id, ("married", "spouse", "marital", "partner", "instagram", "social",
                                       "twitter", "handle"))
    text = [f"Is {call} married?", f"what's {call}'s instagram?"][v]
    return text, [abstain()]


@template("nv_best_cast", "unanswerable")
def nv_best_cast(g: GoldData):
    return "In your opinion, which season had the best cast ever?", [abstain()]


@template("nv_quit_undone", "unanswerable")
def nv_quit_undone(g: GoldData, castaway_id: str, season: int, call: str):
    assert fr._row(g, castaway_id, season)["result"] == "Quit", call  # the "if she hadn't quit" is counterfactual
    return f"if {call} hadn't quit {g.subtitle(season)}, would she have made it to the end?", [abstain()]


@template("nv_weather", "unanswerable")
def nv_weather(g: GoldData, season: int):
    columns = set(g.summary.columns) | set(g.episodes.columns)
    assert not [c for c in columns if any(w in c for w in ("weather", "temp", "climate"))], columns
    assert not any(contains_prefix(_summary_text(g, season), w) for w in ("temperature", "degrees")), season
    return f"What was the average temperature while they were filming {g.subtitle(season)}?", [abstain()]


@template("nv_place_never", "unanswerable")
def nv_place_never(g: GoldData, place: str):
    for column in ("location", "country"):
        assert not g.summary[column].str.contains(place, case=False, regex=False, na=False).any(), place
    return f"the {place} season - who got voted out first?", [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _next_finale(full: GoldData, p: dict) -> list:
    return [("finale", p["season"] + 1, None)]


def _previous_finale(full: GoldData, p: dict) -> list:
    return [("finale", p["season"] - 1, None)]


def _first_boot_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _first_boot(full, p["season"])["castaway_id"])]


def _later_exit(full: GoldData, p: dict) -> list:
    order = full.season_cast(p["season"]).set_index("castaway_id")["order"]
    return [("exit", p["season"], p["a"] if order[p["a"]] > order[p["b"]] else p["b"])]


SCOPE_NEEDS = {
    "nv_million": "finale", "nv_finale_aired": "finale", "nv_episode_title": "episode", "nv_run_ended": "exit",
    "nv_season_days": "finale",
    "nv_idols_in_season": "finale", "nv_solo_wins": "finale",
    "nv_next_winner": _next_finale, "nv_won_country": scoped._won_season, "nv_winner_confessionals": "finale",
    "nv_first_boot_age": _first_boot_exit, "nv_runner_up_state": "finale", "nv_idol_leader_place": "finale",
    "nv_place_other_seasons": "finale", "nv_first_juror_pick": "finale",
    "nv_more_confessionals": "finale", "nv_jurors_winner_tribe": "finale", "nv_longest_of_three": "finale",
    "nv_idol_for": "finale", "nv_two_jurors": "finale",
    "nv_merge_episode": scoped._merge, "nv_last_before_merge": scoped._merge, "nv_season_before": _previous_finale,
    "nv_boots_between": _later_exit, "nv_years_between": un._last_exit,
    "nv_merged_no_immunity": "finale", "nv_tribe_no_finalist": "finale", "nv_found_not_played": "finale",
    "nv_jurors_first_timers": "finale",
    "nv_why_out": "exit", "nv_boot_story": "exit", "nv_ftc_story": "finale", "nv_merge_story": scoped._merge,
    "nv_recap": "episode", "nv_quit_undone": "exit",
}
SCOPE_AS_AIRED = {"nv_hometown", "nv_job", "nv_born", "nv_tribe_count", "nv_youngest", "nv_oldest_winner",
                  "nv_final_two_count", "nv_state_count", "nv_most_juries", "nv_older", "nv_played_with_both",
                  "nv_swapped_over", "nv_first_final_three", "nv_first_quit",
                  "nv_first_country", "nv_not_won_by_man", "nv_never_merged", "nv_no_women_final",
                  "nv_not_two_tribes", "nv_future", "nv_nobody", "nv_private_life", "nv_best_cast", "nv_weather",
                  "nv_place_never"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)


# -- the plan --------------------------------------------------------------------------------------------
def plan(g: GoldData) -> list[tuple[str, dict]]:
    """People and seasons the gold, held-out, fresh and unseen sets do not ask about, where the data allows."""
    top_season = max(g.seasons)
    return [
        # single facts
        ("nv_million", {"season": 5}), ("nv_hometown", by_name(g, "Chicken", season=15)),
        ("nv_job", by_name(g, "Tarzan")), ("nv_born", by_name(g, "Papa Bear")),
        ("nv_finale_aired", {"season": 22}), ("nv_episode_title", {"season": 44, "episode": 1}),
        ("nv_run_ended", by_name(g, "Angela Perkins", season=36)), ("nv_season_days", {"season": 47}),
        # aggregation
        ("nv_idols_in_season", {"season": 36}), ("nv_tribe_count", by_name(g, "Andrea Boehlke")),
        ("nv_youngest", {"season": 42}), ("nv_oldest_winner", {}), ("nv_final_two_count", {}),
        ("nv_state_count", {"state": "Hawaii"}), ("nv_most_juries", {}),
        ("nv_solo_wins", by_name(g, "Boo", season=14)),
        # multi-hop
        ("nv_next_winner", {"season": 22}), ("nv_won_country", by_name(g, "Vecepia")),
        ("nv_winner_confessionals", {"season": 19}), ("nv_first_boot_age", {"season": 41}),
        ("nv_runner_up_state", {"season": 12}), ("nv_idol_leader_place", {"season": 29}),
        ("nv_place_other_seasons", {"season": 33, "place": 4}), ("nv_first_juror_pick", {"season": 44}),
        # cross-entity
        ("nv_older", pair(g, "Sash", "Frosti")), ("nv_more_confessionals", pair(g, "Shan", "Liana", season=41)),
        ("nv_played_with_both", pair(g, "Debbie Wanner", "Gervase")), ("nv_jurors_winner_tribe", {"season": 23}),
        ("nv_swapped_over", {"season": 14, "from_tribe": "Ravu", "to_tribe": "Moto"}),
        ("nv_longest_of_three", {**pair(g, "Ralph", "Steve Wright", season=22), "c": person(g, "Mike Chiesl"),
                                 "call_c": "Mike Chiesl"}),
        ("nv_idol_for", by_name(g, "Davie", season=37)), ("nv_two_jurors", pair(g, "Soda", "Tevin", season=46)),
        # temporal
        ("nv_merge_episode", {"season": 11}), ("nv_last_before_merge", {"season": 46}), ("nv_first_final_three", {}),
        ("nv_first_quit", {}), ("nv_years_between", by_name(g, "Kelly Wiglesworth")),
        ("nv_season_before", {"season": 39}),
        ("nv_boots_between", pair(g, "Betsy Bolan", "Ashley Trainer", season=19)),
        ("nv_first_country", {"country": "Philippines"}),
        # negation
        ("nv_not_won_by_man", {}), ("nv_never_merged", {"n": 2}), ("nv_merged_no_immunity", {"season": 44}),
        ("nv_tribe_no_finalist", {"season": 23}), ("nv_no_women_final", {}), ("nv_not_two_tribes", {}),
        ("nv_found_not_played", {"season": 36}), ("nv_jurors_first_timers", {"season": 16}),
        # narrative: exits none of the other sets asks about (a medevac, a quit, a medevac, a boot), finals, a
        # merge, an episode
        ("nv_why_out", by_name(g, "Caleb Reynolds", season=32, v=0, key=["heat", "heart"])),
        ("nv_why_out", by_name(g, "NaOnka", season=21, v=1, key=["exhaust", "rain", "weather"])),
        ("nv_why_out", by_name(g, "Kourtney Moon", season=24, v=2, key=["wrist"])),
        ("nv_boot_story", by_name(g, "Shirin", season=30)),
        ("nv_ftc_story", {"season": 38, "v": 0}), ("nv_ftc_story", {"season": 2, "v": 1}),
        ("nv_merge_story", {"season": 7}), ("nv_recap", {"season": 14, "episode": 5}),
        # unanswerable
        ("nv_future", {"future": top_season + 42}), ("nv_nobody", {"name": "Penelope Wintergreen"}),
        ("nv_private_life", by_name(g, "Cao Boi", v=0)), ("nv_private_life", by_name(g, "Shambo", v=1)),
        ("nv_best_cast", {}), ("nv_quit_undone", by_name(g, "Janu", season=10)), ("nv_weather", {"season": 30}),
        ("nv_place_never", {"place": "Greenland"}),
    ]


def build_novel_set(g: GoldData) -> list[Question]:
    """The novel set; question ids are "nv-<category>-NN" so they never collide with the other sets'."""
    return build_planned(g, "nv", plan)
