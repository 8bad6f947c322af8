"""The unseen question set: a third blind set, for how the router generalises to wording it was never tuned on.

The gold, held-out and fresh sets have all been looked at while the router grew; this one was written without
reading the agent, linker or router code and without running the agent. It asks about other people and
seasons (Yul, Fabio, Penner, Varner, Amanda Kimmel, Joe Anglim, Troyzan, Stephenie, Candice, Lex ...) in the
words people type into a search box: "quick one:", "remind me ...", "any idea ...", "I think X ... right?",
terse forms ("s37 winner?"), casual lower case, two questions in one message, imperatives ("give me",
"list", "name"), occurrences and ordinals ("his second season", "the last time"), comparatives, complements
("who never ...", "which ... didn't ...", "without ..."), nicknames and partial names, season names and
numbers. Answers are computed from the survivoR tables by the templates below, with the gold set's answer
parts and, where one fits, an existing template's or helper's answer code.

    build_unseen_set(g) -> list[Question]      # `python -m evaluation gold --set unseen` writes the snapshot
    python -m evaluation run --set unseen      # run it (the default set stays the gold set)

Template names start with "un_"; each declares what a viewer scope needs to have aired (SCOPE_NEEDS,
SCOPE_AS_AIRED), registered with evaluation.scoped, so `--watched` works on this set too.
"""

from __future__ import annotations

import pandas as pd

from evaluation import fresh as fr
from evaluation import gold_facts as gf
from evaluation import gold_multi as gm
from evaluation import holdout as ho
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
from evaluation.holdout import by_name, check_not_in_data, pair, person
from evaluation.matching import contains_prefix

UNSEEN_FILE = QUESTION_SETS["unseen"]
MEDEVAC = "Medically evacuated"


def _jurors(g: GoldData, s: int) -> pd.DataFrame:
    cast = g.season_cast(s)
    return cast[cast["jury"]].sort_values("order")


def _merge_episode(g: GoldData, s: int) -> int:
    merged = g.tribes[(g.tribes["season"] == s) & (g.tribes["tribe_status"] == "Merged")]
    return int(merged["episode"].min())


def _first_merge_boot(g: GoldData, s: int) -> pd.Series:
    """The first person out after the tribes merged, as gold_multi.merge_story picks them; voted out, not a
    medevac or a quit, so "voted out after the merge" names them without doubt."""
    cast = g.season_cast(s)
    after = cast[(cast["episode"] >= _merge_episode(g, s)) & ~cast["finalist"]].sort_values("order")
    row = after.iloc[0]
    assert "voted out" in str(row["result"]), (s, row["result"])
    return row


def _exits(g: GoldData, result: str) -> pd.DataFrame:
    """People who left a season with this exact result, in the order it happened (season, then boot order)."""
    return g.cast[g.cast["result"] == result].sort_values(["season", "order"])


def _before(g: GoldData, castaway_id: str, s: int) -> set[int]:
    return {x for x in g.seasons_of(castaway_id) if x < s}


def _finalist_ids(g: GoldData, s: int) -> list[str]:
    cast = g.season_cast(s)
    return list(cast[cast["finalist"]]["castaway_id"])


def _season_immunity_winners(g: GoldData, s: int) -> list[str]:
    imm = fr._immunity(g)
    return list(dict.fromkeys(imm[imm["season"] == s]["castaway_id"]))


# -- single facts ----------------------------------------------------------------------------------------
@template("un_winner", "single_fact")
def un_winner(g: GoldData, season: int, v: int = 0):
    text = [f"quick one: who won {g.subtitle(season)}?", f"s{season} winner?"][v]
    return text, [entity(g, [g.winner(season)])]


@template("un_merge_name", "single_fact")
def un_merge_name(g: GoldData, season: int):
    return f"remind me, what was the merge tribe called in {g.subtitle(season)}?", gf.merged_tribe(g, season)[1]


@template("un_start_buff", "single_fact")
def un_start_buff(g: GoldData, castaway_id: str, season: int, call: str):
    return f"which buff was {call} wearing at the start of {g.subtitle(season)}?", \
        gf.original_tribe(g, castaway_id, season)[1]


@template("un_age_during", "single_fact")
def un_age_during(g: GoldData, castaway_id: str, season: int, call: str):
    return f"{call} was how old on {g.subtitle(season)}?", [number(fr._row(g, castaway_id, season)["age"])]


@template("un_final_size", "single_fact")
def un_final_size(g: GoldData, season: int):
    cast = g.season_cast(season)
    return f"{g.subtitle(season)} - was that a final two or a final three?", [
        number(g.summary.loc[season, "n_finalists"], cast["finalist"].sum())]


@template("un_country", "single_fact")
def un_country(g: GoldData, season: int):
    where = str(g.summary.loc[season, "location"])
    return f"{g.subtitle(season)} was actually filmed in which country?", [
        phrase(g.summary.loc[season, "country"], where.split(",")[-1].strip())]


@template("un_runner_up", "single_fact")
def un_runner_up(g: GoldData, season: int, call: str):
    assert person(g, call) == g.winner(season), call  # the premise ("X won it, right?") holds
    return f"I think {call} won {g.subtitle(season)}, right? who was the runner-up?", [
        gf.losing_finalists(g, season)]


# -- aggregation -----------------------------------------------------------------------------------------
@template("un_career_immunities", "aggregation")
def un_career_immunities(g: GoldData, castaway_id: str, call: str):
    return f"give me {call}'s individual immunity wins, all seasons combined", [
        number(gm._imm_wins(g, castaway_id))]


@template("un_career_confessionals", "aggregation")
def un_career_confessionals(g: GoldData, castaway_id: str, call: str):
    conf = g.confessionals
    return f"{call} - how many confessionals did she get in total, across every season she played?", [
        number(conf[conf["castaway_id"] == castaway_id]["confessional_count"].sum())]


@template("un_career_votes_against", "aggregation")
def un_career_votes_against(g: GoldData, castaway_id: str, call: str):
    against = g.votes[g.votes["vote_id"] == castaway_id]
    # every vote cast against him; the votes an idol did not cancel
    return f"any idea how many votes {call} has had cast against him over his whole Survivor career?", [
        number(len(against), (against["nullified"] != True).sum())]  # noqa: E712  (a nullable column)


@template("un_winners_returned", "aggregation")
def un_winners_returned(g: GoldData):
    winners = set(g.cast[g.cast["winner"]]["castaway_id"])
    return "how many sole survivors came back to play again after winning?", [
        number(sum(max(g.seasons_of(c)) > min(fr._won_seasons(g, c)) for c in winners))]


@template("un_returnees_in_cast", "aggregation")
def un_returnees_in_cast(g: GoldData, season: int):
    cast = g.season_cast(season)
    return f"How many people in the {g.subtitle(season)} cast had played before?", [
        number(sum(bool(_before(g, c, season)) for c in cast["castaway_id"]))]


@template("un_women_winners", "aggregation")
def un_women_winners(g: GoldData):
    details = g.data.table("castaway_details")
    gender = dict(zip(details["castaway_id"], details["gender"]))
    won = g.cast[g.cast["winner"]]
    women = won[won["castaway_id"].map(gender) == "Female"]
    # different women; seasons won by a woman (a two-time winner counts twice)
    return "How many women have won Survivor?", [number(women["castaway_id"].nunique(), len(women))]


@template("un_starting_tribes", "aggregation")
def un_starting_tribes(g: GoldData, season: int):
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Original")]
    return f"{g.subtitle(season)} started with how many tribes?", [
        number(t["tribe"].nunique(), g.season_cast(season)["original_tribe"].nunique())]


@template("un_season_immunities", "aggregation")
def un_season_immunities(g: GoldData, castaway_id: str, season: int, call: str):
    return f"{call} won individual immunity how many times on {g.subtitle(season)}?", [
        number(gm._imm_wins(g, castaway_id, season))]


# -- multi-hop -------------------------------------------------------------------------------------------
@template("un_nth_season_tribe", "multi_hop")
def un_nth_season_tribe(g: GoldData, castaway_id: str, call: str, nth: int = 2):
    s = g.seasons_of(castaway_id)[nth - 1]
    return f"{call}'s {gf.ORDINALS[nth - 1]} season: which tribe did he start on?", \
        gf.original_tribe(g, castaway_id, s)[1]


@template("un_last_time_place", "multi_hop")
def un_last_time_place(g: GoldData, castaway_id: str, call: str):
    last = max(g.seasons_of(castaway_id))
    return f"What place did {call} finish the last time she played?", [
        number(fr._row(g, castaway_id, last)["place"])]


@template("un_first_boot_season_winner", "multi_hop")
def un_first_boot_season_winner(g: GoldData, castaway_id: str, call: str):
    first = g.cast[(g.cast["castaway_id"] == castaway_id) & (g.cast["order"] == 1)]["season"]
    assert len(first) == 1, call
    return f"who won the season where {call} was the first one voted out?", [entity(g, [g.winner(int(first.iloc[0]))])]


@template("un_runner_up_career", "multi_hop")
def un_runner_up_career(g: GoldData, season: int, call: str):
    assert person(g, call) == g.winner(season), call
    lost = gf.losing_finalists(g, season)["ids"]
    assert len(lost) == 1, lost  # a final two: "whoever lost to X" is one person
    return f"Whoever lost to {call} in {g.subtitle(season)} - what other seasons did they play?", [
        seasons(s for s in g.seasons_of(lost[0]) if s != season)]


@template("un_winner_state", "multi_hop")
def un_winner_state(g: GoldData, season: int):
    return f"what state is the {g.subtitle(season)} winner from?", [
        phrase(fr._row(g, g.winner(season), season)["state"])]


@template("un_loser_jury_votes", "multi_hop")
def un_loser_jury_votes(g: GoldData, season: int):
    lost = gf.losing_finalists(g, season)["ids"]
    assert len(lost) == 1, lost
    jury = g.jury[g.jury["season"] == season]
    return f"{g.subtitle(season)} final: how many jury votes did the person who lost get?", [
        number((jury["finalist_id"] == lost[0]).sum())]


@template("un_conf_leader_place", "multi_hop")
def un_conf_leader_place(g: GoldData, season: int):
    leaders = gf.confessional_leaders(g, season)
    assert len(leaders) == 1, leaders  # one person, so "where did they place" has one answer
    return f"Who had the most confessionals on season {season}? And where did they place?", [
        entity(g, leaders), number(fr._row(g, leaders[0], season)["place"])]


@template("un_merge_boot_tribe", "multi_hop")
def un_merge_boot_tribe(g: GoldData, season: int):
    return (f"The first person voted out after the merge on {ho._title(g, season)} - which tribe did they start on?",
            [phrase(_first_merge_boot(g, season)["original_tribe"])])


# -- cross-entity ----------------------------------------------------------------------------------------
@template("un_ever_together", "cross_entity")
def un_ever_together(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    return f"Were {call_a} and {call_b} ever on a season together? If so, which?", gm.shared_seasons(g, a, b)[1]


@template("un_vote_count", "cross_entity")
def un_vote_count(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    return f"{call_a} vs {call_b}: how many times did {call_a} vote for {call_b}?", gm.votes_between(g, a, b)[1]


@template("un_juror_vote", "cross_entity")
def un_juror_vote(g: GoldData, castaway_id: str, season: int, call: str):
    return f"In the {g.subtitle(season)} final, where did {call}'s jury vote go?", \
        gm.juror_choice(g, castaway_id, season)[1]


@template("un_tribemates", "cross_entity")
def un_tribemates(g: GoldData, castaway_id: str, season: int, call: str):
    cast = g.season_cast(season)
    tribe = cast[cast["castaway_id"] == castaway_id]["original_tribe"].iloc[0]
    mates = cast[(cast["original_tribe"] == tribe) & (cast["castaway_id"] != castaway_id)]
    return f"list {call}'s original tribemates on {g.subtitle(season)}", [entities(g, mates["castaway_id"])]


@template("un_came_back", "cross_entity")
def un_came_back(g: GoldData, a: int, b: int):
    return f"give me everyone from {g.subtitle(a)} who came back for {g.subtitle(b)}", gm.cast_overlap(g, a, b)[1]


@template("un_more_immunities", "cross_entity")
def un_more_immunities(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    wins = {c: gm._imm_wins(g, c, season) for c in (a, b)}
    assert wins[a] != wins[b], wins  # no tie: one of them won more
    return f"Who won more individual immunities on {g.subtitle(season)}, {call_a} or {call_b}?", [
        entity(g, [max(wins, key=wins.get)])]


@template("un_ftc_seatmates", "cross_entity")
def un_ftc_seatmates(g: GoldData, castaway_id: str, season: int, call: str):
    others = [c for c in _finalist_ids(g, season) if c != castaway_id]
    assert len(others) < len(_finalist_ids(g, season)), call  # she was a finalist
    return f"{call} sat at final tribal in {g.subtitle(season)}. who was up there with her?", [entities(g, others)]


@template("un_fellow_jurors", "cross_entity")
def un_fellow_jurors(g: GoldData, castaway_id: str, season: int, call: str):
    jurors = list(_jurors(g, season)["castaway_id"])
    assert castaway_id in jurors, call
    return f"Besides {call}, who else sat on the {g.subtitle(season)} jury?", [
        entities(g, [c for c in jurors if c != castaway_id])]


# -- temporal --------------------------------------------------------------------------------------------
@template("un_latest_winner", "temporal")
def un_latest_winner(g: GoldData):
    finished = g.finished_seasons  # under a viewer scope: the latest finale they have seen
    return "who won the most recent season?", [entity(g, [g.winner(max(finished))] if finished else [])]


@template("un_last_outside", "temporal")
def un_last_outside(g: GoldData, country: str):
    return f"what was the last season NOT filmed in {country}?", [
        season(max(int(s) for s in g.summary[g.summary["country"] != country]["season"]))]


@template("un_last_medevac", "temporal")
def un_last_medevac(g: GoldData):
    evacs = _exits(g, MEDEVAC)
    return "the last time someone got medically evacuated, who was it?", [entity(g, evacs["castaway_id"].tail(1))]


@template("un_second_juror", "temporal")
def un_second_juror(g: GoldData, season: int):
    return f"who was the 2nd person on the {g.subtitle(season)} jury?", [
        entity(g, _jurors(g, season)["castaway_id"].iloc[1:2])]


@template("un_nth_season_exit", "temporal")
def un_nth_season_exit(g: GoldData, castaway_id: str, call: str, nth: int = 2):
    s = g.seasons_of(castaway_id)[nth - 1]
    return f"In {call}'s {gf.ORDINALS[nth - 1]} season, which episode did he go out in?", \
        gf.exit_episode(g, castaway_id, s)[1]


@template("un_last_pre_juror", "temporal")
def un_last_pre_juror(g: GoldData, season: int):
    cast = g.season_cast(season)
    pre = cast[cast["order"] < _jurors(g, season)["order"].min()]
    return f"Who was the last person out of {g.subtitle(season)} before the jury started?", [
        entity(g, pre[pre["order"] == pre["order"].max()]["castaway_id"])]


@template("un_boot_number", "temporal")
def un_boot_number(g: GoldData, castaway_id: str, season: int, call: str):
    row = fr._row(g, castaway_id, season)
    assert "voted out" in str(row["result"]), (call, row["result"])  # a boot, not a finalist
    voted = pd.Series([str(row["result"])]).str.extract(r"^(\d+)\w\w voted out")[0].dropna()
    # his place in the boot order; the count of votes-out in his result ("10th voted out")
    return f"which boot was {call} in {g.subtitle(season)}?", [number(row["order"], *voted)]


@template("un_first_merged_immunity", "temporal")
def un_first_merged_immunity(g: GoldData, season: int):
    imm = fr._immunity(g)
    after = imm[(imm["season"] == season) & (imm["episode"] >= _merge_episode(g, season))]
    return f"{g.subtitle(season)}: who won the first individual immunity after the merge?", [
        entity(g, after[after["episode"] == after["episode"].min()]["castaway_id"])]


# -- negation --------------------------------------------------------------------------------------------
@template("un_finalists_no_immunity", "negation")
def un_finalists_no_immunity(g: GoldData, season: int):
    won = set(_season_immunity_winners(g, season))
    return f"which finalists on {ho._title(g, season)} never won individual immunity that season?", [
        entities(g, [c for c in _finalist_ids(g, season) if c not in won])]


@template("un_not_unanimous_since", "negation")
def un_not_unanimous_since(g: GoldData, since: int):
    wv = gf._winner_votes(g)
    split = wv[(wv["season"] >= since) & (wv["votes"] != wv["jurors"])]
    return f"Since season {since}, which winners didn't get a unanimous jury vote?", [entities(g, split["winner"])]


@template("un_veterans_never_jury", "negation")
def un_veterans_never_jury(g: GoldData, n: int = 3):
    jurors = set(g.cast[g.cast["jury"]]["castaway_id"])
    return f"Name the {n}-time (or more) players who have never sat on a jury.", [
        entities(g, gf.veterans_except(g, n, jurors))]


@template("un_never_back", "negation")
def un_never_back(g: GoldData, season: int):
    cast = g.season_cast(season)
    return f"which {g.subtitle(season)} castaways never played again after it?", [
        entities(g, [c for c in cast["castaway_id"] if max(g.seasons_of(c)) == season])]


@template("un_merged_not_jury", "negation")
def un_merged_not_jury(g: GoldData, season: int):
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Merged")]
    cast = g.season_cast(season).set_index("castaway_id")
    return f"Who made the merge on {g.subtitle(season)} but didn't end up on the jury?", [
        entities(g, [c for c in t["castaway_id"].unique() if not cast.loc[c, "jury"] and not cast.loc[c, "finalist"]])]


@template("un_immune_not_finalist", "negation")
def un_immune_not_finalist(g: GoldData, season: int):
    finalists = set(_finalist_ids(g, season))
    return f"Which individual immunity winners on {g.subtitle(season)} didn't make it to final tribal?", [
        entities(g, [c for c in _season_immunity_winners(g, season) if c not in finalists])]


@template("un_no_medevac_no_quit", "negation")
def un_no_medevac_no_quit(g: GoldData):
    no_evac = set(gf.seasons_without_medevac(g)[1][0]["values"])
    no_quit = set(ho.ho_seasons_no_quit(g)[1][0]["values"])
    withdrew = set(_exits(g, "Withdrew")["season"])
    return "Which seasons got through with no medevac, no quit and nobody withdrawing?", [
        seasons(s for s in no_evac & no_quit if s not in withdrew)]


@template("un_no_prior_final", "negation")
def un_no_prior_final(g: GoldData, season: int):
    finals = g.cast[g.cast["finalist"]]
    cast = g.season_cast(season)
    returnees = [c for c in cast["castaway_id"] if _before(g, c, season)]
    made_it = {c for c, s in zip(finals["castaway_id"], finals["season"]) if s < season}
    return f"On {g.subtitle(season)}, which returning players had never made a final tribal before?", [
        entities(g, [c for c in returnees if c not in made_it])]


# -- narrative -------------------------------------------------------------------------------------------
def _with_key_words(g: GoldData, parts: list[dict], words: list[str]) -> list[dict]:
    """A why_left answer with one more key-fact group, kept only if the supporting passage says it."""
    where = parts[0]["support"]
    eps = g.episodes
    text = " ".join(eps[(eps["season"] == where["season"]) & (eps["episode"] == where["episode"])]
                    ["episode_summary"].fillna(""))
    assert any(contains_prefix(text, w) for w in words), (where, words)
    parts[0]["groups"].append(words)
    return parts


@template("un_why_gone", "narrative")
def un_why_gone(g: GoldData, castaway_id: str, season: int, call: str, v: int = 0, key: list | None = None):
    text = [f"remind me what happened to {call} on {g.subtitle(season)} - why'd he have to leave?",
            f"{call} just walked away from {g.subtitle(season)}, didn't he? what was going on there",
            f"what happened to {call} in season {season}? I know he got pulled from the game"][v]
    _, parts = gm.why_left(g, castaway_id, season)
    return text, (_with_key_words(g, parts, key) if key else parts)


@template("un_ftc_how", "narrative")
def un_ftc_how(g: GoldData, season: int, v: int = 0):
    text = [f"how did the final tribal on {g.subtitle(season)} shake out?",
            f"Season {season}'s final tribal council: what did the jury decide and how close was it?"][v]
    return text, gm.final_tribal_story(g, season)[1]


@template("un_merge_told", "narrative")
def un_merge_told(g: GoldData, season: int):
    return (f"Tell the story of the {g.subtitle(season)} merge - who got voted out first once the tribes came "
            "together?", gm.merge_story(g, season)[1])


@template("un_episode_told", "narrative")
def un_episode_told(g: GoldData, season: int, episode: int, v: int = 0):
    text = [f"catch me up on {g.subtitle(season)} ep {episode}",
            f"I missed episode {episode} of {g.subtitle(season)}. What happened at tribal?"][v]
    return text, gm.episode_story(g, season, episode)[1]


# -- unanswerable ----------------------------------------------------------------------------------------
@template("un_future", "unanswerable")
def un_future(g: GoldData, future: int):
    assert future not in g.seasons, future
    return f"is there going to be a season {future}, and who's in the cast?", [abstain()]


@template("un_nobody", "unanswerable")
def un_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return f"Did {name} ever make the merge?", [abstain()]


@template("un_title_never", "unanswerable")
def un_title_never(g: GoldData, title: str):
    assert not g.summary["season_name"].str.contains(title, case=False, regex=False).any(), title
    assert not g.summary["location"].str.contains(title, case=False, regex=False).any(), title
    return f"Who won Survivor: {title}?", [abstain()]


@template("un_missing_attribute", "unanswerable")
def un_missing_attribute(g: GoldData, castaway_id: str, call: str, v: int = 0):
    check_not_in_data(g, castaway_id, ("worth", "income", "money", "blood"))
    text = [f"What's {call}'s net worth these days?", f"what blood type is {call}?"][v]
    return text, [abstain()]


@template("un_opinion", "unanswerable")
def un_opinion(g: GoldData):
    return "Honestly, who's the greatest Survivor player of all time?", [abstain()]


@template("un_counterfactual", "unanswerable")
def un_counterfactual(g: GoldData, castaway_id: str, season: int, call: str):
    assert fr._row(g, castaway_id, season)["result"] == MEDEVAC, call  # the "if he had stayed" is counterfactual
    return f"Would {call} have won {g.subtitle(season)} if he hadn't been medevaced?", [abstain()]


@template("un_production_cost", "unanswerable")
def un_production_cost(g: GoldData, season: int):
    assert not [c for c in g.summary.columns if any(w in c for w in ("budget", "cost", "spend"))], season
    return f"How much did CBS spend making {g.subtitle(season)}?", [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _nth_exit(full: GoldData, p: dict) -> list:
    return [("exit", full.seasons_of(p["castaway_id"])[p.get("nth", 2) - 1], p["castaway_id"])]


def _last_exit(full: GoldData, p: dict) -> list:
    return [("exit", max(full.seasons_of(p["castaway_id"])), p["castaway_id"])]


def _first_boot_finale(full: GoldData, p: dict) -> list:
    first = full.cast[(full.cast["castaway_id"] == p["castaway_id"]) & (full.cast["order"] == 1)]["season"]
    return [("finale", int(s), None) for s in first]


def _merge_boot_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _first_merge_boot(full, p["season"])["castaway_id"])]


def _first_juror_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _jurors(full, p["season"])["castaway_id"].iloc[0])]


def _second_juror_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _jurors(full, p["season"])["castaway_id"].iloc[1])]


def _first_merged_immunity(full: GoldData, p: dict) -> list:
    _, parts = un_first_merged_immunity(full, p["season"])
    imm = fr._immunity(full)
    eps = imm[(imm["season"] == p["season"]) & imm["castaway_id"].isin(parts[0]["ids"])
              & (imm["episode"] >= _merge_episode(full, p["season"]))]["episode"]
    return [("episode", p["season"], int(eps.min()))]


SCOPE_NEEDS = {
    "un_winner": "finale", "un_merge_name": scoped._merge, "un_final_size": "finale", "un_runner_up": "finale",
    "un_season_immunities": "finale",
    "un_last_time_place": _last_exit, "un_first_boot_season_winner": _first_boot_finale,
    "un_runner_up_career": "finale", "un_winner_state": "finale", "un_loser_jury_votes": "finale",
    "un_conf_leader_place": "finale", "un_merge_boot_tribe": _merge_boot_exit,
    "un_juror_vote": "finale", "un_more_immunities": "finale", "un_ftc_seatmates": "finale",
    "un_fellow_jurors": "finale",
    "un_second_juror": _second_juror_exit, "un_nth_season_exit": _nth_exit, "un_last_pre_juror": _first_juror_exit,
    "un_boot_number": "exit", "un_first_merged_immunity": _first_merged_immunity,
    "un_finalists_no_immunity": "finale", "un_merged_not_jury": "finale", "un_immune_not_finalist": "finale",
    "un_why_gone": "exit", "un_counterfactual": "exit", "un_ftc_how": "finale", "un_merge_told": scoped._merge,
    "un_episode_told": "episode",
}
SCOPE_AS_AIRED = {"un_start_buff", "un_age_during", "un_country", "un_career_immunities", "un_career_confessionals",
                  "un_career_votes_against", "un_winners_returned", "un_returnees_in_cast", "un_women_winners",
                  "un_starting_tribes", "un_nth_season_tribe", "un_ever_together", "un_vote_count", "un_tribemates",
                  "un_came_back", "un_latest_winner", "un_last_outside", "un_last_medevac",
                  "un_not_unanimous_since", "un_veterans_never_jury", "un_never_back", "un_no_medevac_no_quit",
                  "un_no_prior_final", "un_future", "un_nobody", "un_title_never", "un_missing_attribute",
                  "un_opinion", "un_production_cost"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)


# -- the plan --------------------------------------------------------------------------------------------
def plan(g: GoldData) -> list[tuple[str, dict]]:
    """People and seasons the gold, held-out and fresh sets do not ask about, where the data allows."""
    top_season = max(g.seasons)
    return [
        # single facts
        ("un_winner", {"season": 11, "v": 0}), ("un_winner", {"season": 37, "v": 1}),
        ("un_merge_name", {"season": 35}), ("un_start_buff", by_name(g, "Fabio", season=21)),
        ("un_age_during", by_name(g, "Rodger", season=2)), ("un_final_size", {"season": 6}),
        ("un_country", {"season": 23}), ("un_runner_up", {"season": 3, "call": "Ethan"}),
        # aggregation
        ("un_career_immunities", by_name(g, "Joe Anglim")), ("un_career_confessionals", by_name(g, "Stephenie")),
        ("un_career_votes_against", by_name(g, "Jeff Varner")), ("un_winners_returned", {}),
        ("un_returnees_in_cast", {"season": 27}), ("un_women_winners", {}), ("un_starting_tribes", {"season": 13}),
        ("un_season_immunities", by_name(g, "Mike Holloway", season=30)),
        # multi-hop
        ("un_nth_season_tribe", by_name(g, "Penner", nth=2)), ("un_last_time_place", by_name(g, "Amanda Kimmel")),
        ("un_first_boot_season_winner", by_name(g, "Sonja")), ("un_runner_up_career", {"season": 11, "call": "Danni"}),
        ("un_winner_state", {"season": 9}), ("un_loser_jury_votes", {"season": 10}),
        ("un_conf_leader_place", {"season": 43}), ("un_merge_boot_tribe", {"season": 44}),
        # cross-entity
        ("un_ever_together", pair(g, "Jerri", "Candice")), ("un_vote_count", pair(g, "Troyzan", "Tai")),
        ("un_juror_vote", by_name(g, "Lex", season=3)), ("un_tribemates", by_name(g, "Yul", season=13)),
        ("un_came_back", {"a": 1, "b": 8}), ("un_more_immunities", pair(g, "Spencer Bledsoe", "Woo", season=28)),
        ("un_ftc_seatmates", by_name(g, "Courtney Yates", season=15)),
        ("un_fellow_jurors", by_name(g, "Candice", season=20)),
        # temporal
        ("un_latest_winner", {}), ("un_last_outside", {"country": "Fiji"}), ("un_last_medevac", {}),
        ("un_second_juror", {"season": 19}), ("un_nth_season_exit", by_name(g, "Varner", nth=2)),
        ("un_last_pre_juror", {"season": 14}), ("un_boot_number", by_name(g, "Kimmi", season=31)),
        ("un_first_merged_immunity", {"season": 15}),
        # negation
        ("un_finalists_no_immunity", {"season": 45}), ("un_not_unanimous_since", {"since": 30}),
        ("un_veterans_never_jury", {"n": 3}), ("un_never_back", {"season": 28}),
        ("un_merged_not_jury", {"season": 29}), ("un_immune_not_finalist", {"season": 39}),
        ("un_no_medevac_no_quit", {}), ("un_no_prior_final", {"season": 38}),
        # narrative: exits none of the other sets asks about (a medevac, a quit, a medevac), finals, a merge, episodes
        ("un_why_gone", by_name(g, "Penner", season=16, v=0)),
        ("un_why_gone", by_name(g, "Osten", season=7, v=1)),
        ("un_why_gone", by_name(g, "Jake Latimer", season=49, v=2, key=["krait", "snake", "bit"])),
        ("un_ftc_how", {"season": 10, "v": 0}), ("un_ftc_how", {"season": 45, "v": 1}),
        ("un_merge_told", {"season": 33}), ("un_episode_told", {"season": 29, "episode": 3, "v": 0}),
        ("un_episode_told", {"season": 21, "episode": 2, "v": 1}),
        # unanswerable
        ("un_future", {"future": top_season + 19}), ("un_nobody", {"name": "Dwayne Johnson"}),
        ("un_title_never", {"title": "Atlantis"}), ("un_missing_attribute", by_name(g, "Yul", v=0)),
        ("un_missing_attribute", by_name(g, "Stephenie", v=1)), ("un_opinion", {}),
        ("un_counterfactual", by_name(g, "Penner", season=16)), ("un_production_cost", {"season": 1}),
    ]


def build_unseen_set(g: GoldData) -> list[Question]:
    """The unseen set; question ids are "un-<category>-NN" so they never collide with the other sets'."""
    return build_planned(g, "un", plan)
