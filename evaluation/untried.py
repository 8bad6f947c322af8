"""The untried question set: a sixth blind set, for how the agent generalises to questions nobody tuned it on.

The gold, held-out, fresh, unseen and novel sets have all been looked at while the agent grew; this one was
written without reading the agent, linker, catalog, Cypher or retriever code and without running the agent on
any set. It asks about people and seasons the other five ask about little or not at all, with the wording
varied the way people type into a search box. Answers are computed from the survivoR tables by the templates
below, with the gold set's answer parts and, where one fits, an existing template's or helper's answer code.

    build_untried_set(g) -> list[Question]     # `python -m evaluation gold --set untried` writes the snapshot
    python -m evaluation run --set untried     # run it (the default set stays the gold set)

Template names start with "ut_"; each declares what a viewer scope needs to have aired (SCOPE_NEEDS,
SCOPE_AS_AIRED), registered with evaluation.scoped, so `--watched` works on this set too.
"""

from __future__ import annotations

import re

import pandas as pd

from evaluation import fresh as fr
from evaluation import gold_facts as gf
from evaluation import gold_multi as gm
from evaluation import holdout as ho
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
    season,
    seasons,
    template,
)
from evaluation.gold_facts import ORDINALS, _date_forms, losing_finalists, top, veterans_except
from evaluation.holdout import by_name, check_not_in_data, pair
from evaluation.matching import contains_prefix

UNTRIED_FILE = QUESTION_SETS["untried"]
PRE_MERGE = ("Original", "Swapped", "Swapped_2")  # the tribes before a merge (no Redemption Island, no Edge)


def _swap_rows(g: GoldData, s: int) -> pd.DataFrame:
    """The first swap's tribe rows of a season (a second swap is "Swapped_2")."""
    return g.tribes[(g.tribes["season"] == s) & (g.tribes["tribe_status"] == "Swapped")]


def _swap_episode(g: GoldData, s: int) -> int:
    return int(_swap_rows(g, s)["episode"].min())


def _first_swap_tribe(g: GoldData, s: int) -> dict[str, str]:
    """Each swapped player's tribe right after the swap."""
    rows = _swap_rows(g, s).sort_values("episode").drop_duplicates("castaway_id")
    return dict(zip(rows["castaway_id"], rows["tribe"]))


def _votes_against(g: GoldData, castaway_id: str, s: int) -> dict:
    against = g.votes[(g.votes["season"] == s) & (g.votes["vote_id"] == castaway_id)]
    # every vote cast against them; the votes an idol did not cancel
    return number(len(against), len(against) - int(against["nullified"].eq(True).sum()))


def _job_forms(job: str) -> list[str]:
    """'4th Grade Teacher' -> itself and 'Teacher'; 'Marine;Real Estate' -> each part and its last word."""
    parts = [p for p in re.split(r"\s*[;/]\s*", job) if p]
    return [job, *parts, *[p.split()[-1] for p in parts]]


def _ordinal_forms(n: int) -> list[str]:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return [ORDINALS[n - 1], f"{n}{suffix}"]


# -- single facts ----------------------------------------------------------------------------------------
@template("ut_season_called", "single_fact")
def ut_season_called(g: GoldData, season: int):
    return f"what was the name of survivor season {season} again?", [
        phrase(g.subtitle(season) or g.season_name(season), g.season_name(season))]


@template("ut_season_number", "single_fact")
def ut_season_number(g: GoldData, season: int):
    return f"Which number season was Survivor: {g.subtitle(season)}?", [number(season)]


@template("ut_place", "single_fact")
def ut_place(g: GoldData, castaway_id: str, season: int, call: str):
    return f"What place did {call} come in on {g.subtitle(season)}?", [
        number(fr._row(g, castaway_id, season)["place"])]


@template("ut_swap_tribe", "single_fact")
def ut_swap_tribe(g: GoldData, castaway_id: str, season: int, call: str):
    after = _first_swap_tribe(g, season)[castaway_id]
    assert after != fr._row(g, castaway_id, season)["original_tribe"], call  # she moved
    return f"After the swap on {g.subtitle(season)}, what tribe was {call} on?", [phrase(after)]


@template("ut_real_name", "single_fact")
def ut_real_name(g: GoldData, castaway_id: str, call: str):
    full = g.name(castaway_id)
    assert call.lower() not in full.lower(), (call, full)  # a nickname, not part of the name
    return f"what's {call}'s real name?", [phrase(full, full.split()[0])]


@template("ut_finale_viewers", "single_fact")
def ut_finale_viewers(g: GoldData, season: int):
    viewers = float(g.summary.loc[season, "viewers_finale"])
    # the count; in millions, as it is usually written
    return f"how many people watched the finale of {g.subtitle(season)}?", [
        number(viewers, round(viewers / 1e6, 2), round(viewers / 1e6, 1))]


@template("ut_episode_by_title", "single_fact")
def ut_episode_by_title(g: GoldData, season: int, title: str):
    eps = g.episodes[(g.episodes["season"] == season) & (g.episodes["episode_title"] == title)]
    return f'Which episode of season {season} was "{title}"?', [
        number(*nv._one(list(eps["episode"]), (season, title)))]


@template("ut_filming_started", "single_fact")
def ut_filming_started(g: GoldData, season: int):
    return f"When did filming start for {g.subtitle(season)}?", [
        phrase(*_date_forms(g.summary.loc[season, "filming_started"]))]


# -- aggregation -----------------------------------------------------------------------------------------
@template("ut_women_in_cast", "aggregation")
def ut_women_in_cast(g: GoldData, season: int):
    cast = g.season_cast(season)
    return f"How many women were in the {g.subtitle(season)} cast?", [
        number(cast["castaway_id"].isin(nv._women(g)).sum())]


@template("ut_votes_against", "aggregation")
def ut_votes_against(g: GoldData, castaway_id: str, season: int, call: str):
    return f"total number of votes cast against {call} on {g.subtitle(season)}?", [
        _votes_against(g, castaway_id, season)]


@template("ut_repeat_finalists", "aggregation")
def ut_repeat_finalists(g: GoldData):
    finals = g.cast[g.cast["finalist"]].groupby("castaway_id").size()
    return "how many people have made it to final tribal council more than once?", [number((finals >= 2).sum())]


@template("ut_state_besides", "aggregation")
def ut_state_besides(g: GoldData, state: str):
    people = g.cast.drop_duplicates("castaway_id")
    # counted by people (tests/eval/test_untried.py checks that counting appearances names the same state)
    return f"Besides {state}, which state has had the most castaways?", [
        phrase(*top(people[people["state"] != state].groupby("state").size()))]


@template("ut_second_confessionals", "aggregation")
def ut_second_confessionals(g: GoldData, season: int):
    conf = g.confessionals[g.confessionals["season"] == season]
    counts = conf.groupby("castaway_id")["confessional_count"].sum()
    first = nv._one(top(counts), season)
    second = top(counts.drop(first))
    return f"who had the second-most confessionals on {g.subtitle(season)}?", [entity(g, nv._one(second, season))]


@template("ut_average_age", "aggregation")
def ut_average_age(g: GoldData, season: int):
    mean = float(g.season_cast(season)["age"].mean())
    return f"average age of the {g.subtitle(season)} cast?", [number(round(mean, 1), round(mean, 2), round(mean))]


@template("ut_idols_played", "aggregation")
def ut_idols_played(g: GoldData, castaway_id: str, call: str):
    adv = g.advantages
    plays = adv[(adv["castaway_id"] == castaway_id) & adv["event"].str.startswith("Played", na=False)
                & adv["advantage_type"].str.lower().str.contains("hidden immunity idol")]
    return f"How many idols has {call} played in his Survivor career?", [
        number(len(plays.drop_duplicates(["version_season", "advantage_id"])))]


@template("ut_reward_leader", "aggregation")
def ut_reward_leader(g: GoldData, season: int):
    rw = g.wins[(g.wins["season"] == season) & (g.wins["won_individual_reward"] == 1)]
    return f"Who won the most individual reward challenges on {g.subtitle(season)}?", [
        entity(g, top(rw.groupby("castaway_id").size()))]


# -- multi-hop -------------------------------------------------------------------------------------------
@template("ut_winner_job", "multi_hop")
def ut_winner_job(g: GoldData, season: int):
    job = str(nv._bio(g, g.winner(season), "occupation"))
    return f"The winner of {g.subtitle(season)} - what do they do for work?", [phrase(*_job_forms(job))]


@template("ut_tribe_winner", "multi_hop")
def ut_tribe_winner(g: GoldData, tribe: str):
    found = sorted(set(g.tribes[g.tribes["tribe"] == tribe]["season"]))
    s = nv._one(found, tribe)[0]  # the name alone says which season
    return f"Who won the season that had the {tribe} tribe?", [entity(g, [g.winner(s)])]


@template("ut_immunity_leader_place", "multi_hop")
def ut_immunity_leader_place(g: GoldData, season: int):
    imm = fr._immunity(g)
    leader = nv._one(top(imm[imm["season"] == season].groupby("castaway_id").size()), season)[0]
    return f"what place did {g.subtitle(season)}'s top individual immunity winner finish in?", [
        number(fr._row(g, leader, season)["place"])]


@template("ut_runner_up_age", "multi_hop")
def ut_runner_up_age(g: GoldData, season: int):
    lost = nv._one(losing_finalists(g, season)["ids"], season)
    return f"How old was the runner-up of {g.subtitle(season)}?", [number(fr._row(g, lost[0], season)["age"])]


@template("ut_debut_merge_name", "multi_hop")
def ut_debut_merge_name(g: GoldData, castaway_id: str, call: str):
    debut = min(g.seasons_of(castaway_id))
    merged = g.tribes[(g.tribes["season"] == debut) & (g.tribes["tribe_status"] == "Merged")]["tribe"].unique()
    return f"What was the merged tribe called in {call}'s first season?", [phrase(*nv._one(list(merged), call))]


@template("ut_winner_votes_against", "multi_hop")
def ut_winner_votes_against(g: GoldData, season: int):
    return f"How many tribal council votes were cast against the {g.subtitle(season)} winner over the game?", [
        _votes_against(g, g.winner(season), season)]


def _medevac_season(g: GoldData, castaway_id: str) -> int:
    cast = g.cast[(g.cast["castaway_id"] == castaway_id) & (g.cast["result"] == un.MEDEVAC)]
    return int(nv._one(list(cast["season"]), castaway_id)[0])


@template("ut_medevac_location", "multi_hop")
def ut_medevac_location(g: GoldData, castaway_id: str, call: str):
    s = _medevac_season(g, castaway_id)
    where = str(g.summary.loc[s, "location"])
    return f"Where was the season {call} got medevaced from filmed?", [
        phrase(where, where.split(",")[0].strip(), g.summary.loc[s, "country"])]


def _last_boot(g: GoldData, s: int) -> pd.Series:
    cast = g.season_cast(s)
    gone = cast[~cast["finalist"]]
    row = gone[gone["order"] == gone["order"].max()].iloc[0]
    assert "voted out" in str(row["result"]), (s, row["result"])  # voted out, not a fire-making loss
    return row


@template("ut_last_boot_seasons", "multi_hop")
def ut_last_boot_seasons(g: GoldData, season: int):
    return (f"The last person voted out before the {g.subtitle(season)} final tribal - how many times have they "
            "played Survivor?", [number(len(g.seasons_of(_last_boot(g, season)["castaway_id"])))])


# -- cross-entity ----------------------------------------------------------------------------------------
@template("ut_swap_movers", "cross_entity")
def ut_swap_movers(g: GoldData, season: int):
    start = g.season_cast(season).set_index("castaway_id")["original_tribe"]
    moved = [c for c, tribe in _first_swap_tribe(g, season).items() if tribe != start[c]]
    return f"In the season {season} swap, which players ended up on a different tribe?", [entities(g, moved)]


@template("ut_more_votes_against", "cross_entity")
def ut_more_votes_against(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    votes = g.votes[g.votes["season"] == season]
    counts = votes.groupby("vote_id").size().reindex([a, b]).fillna(0)
    assert counts[a] != counts[b], counts  # no tie
    return f"Who had more votes thrown their way on {g.subtitle(season)}: {call_a} or {call_b}?", [
        entity(g, [counts.idxmax()])]


@template("ut_vote_at_boot", "cross_entity")
def ut_vote_at_boot(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    v = g.votes
    cast = g.season_cast(season).set_index("castaway_id")
    assert "voted out" in str(cast.loc[b, "result"]), call_b
    mine = v[(v["season"] == season) & (v["voted_out_id"] == b) & (v["castaway_id"] == a)]
    return f"The night {call_b} went home on {g.subtitle(season)}, who did {call_a} vote for?", [
        entity(g, nv._one(list(mine["vote_id"]), (call_a, call_b)))]  # one vote: no revote


@template("ut_winners_met", "cross_entity")
def ut_winners_met(g: GoldData, castaway_id: str, call: str):
    mates = set(g.cast[g.cast["season"].isin(g.seasons_of(castaway_id))]["castaway_id"]) - {castaway_id}
    return f"Which Survivor winners has {call} shared a season with?", [
        entities(g, sorted(mates & ho._winner_ids(g)))]


@template("ut_jury_split", "cross_entity")
def ut_jury_split(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    jury = g.jury[g.jury["season"] == season]
    assert set(jury["finalist_id"]) == {a, b}, (call_a, call_b)  # the two finalists
    return f"How many jury votes did {call_a} get compared to {call_b} at the end of {g.subtitle(season)}?", [
        number((jury["finalist_id"] == a).sum()), number((jury["finalist_id"] == b).sum())]


@template("ut_tribe_made_merge", "cross_entity")
def ut_tribe_made_merge(g: GoldData, season: int, tribe: str):
    cast = g.season_cast(season)
    missed = set(gf.tribe_missed_merge(g, season, tribe)[1][0]["ids"])  # the complement, from the gold template
    return f"Which members of the original {tribe} tribe made it to the merge on {g.subtitle(season)}?", [
        entities(g, [c for c in cast[cast["original_tribe"] == tribe]["castaway_id"] if c not in missed])]


@template("ut_jurors_same_vote", "cross_entity")
def ut_jurors_same_vote(g: GoldData, castaway_id: str, season: int, call: str):
    jury = g.jury[g.jury["season"] == season]
    choice = nv._one(list(jury[jury["castaway_id"] == castaway_id]["finalist_id"]), call)[0]
    same = jury[(jury["finalist_id"] == choice) & (jury["castaway_id"] != castaway_id)]
    return f"Who else on the {g.subtitle(season)} jury voted the same way as {call}?", [
        entities(g, same["castaway_id"])]


@template("ut_same_tribe_seasons", "cross_entity")
def ut_same_tribe_seasons(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    pre = g.tribes[g.tribes["tribe_status"].isin(PRE_MERGE)]
    tribes_a = pre[pre["castaway_id"] == a][["season", "tribe"]].drop_duplicates()
    tribes_b = pre[pre["castaway_id"] == b][["season", "tribe"]].drop_duplicates()
    return f"Were {call_a} and {call_b} ever on the same tribe before a merge? Which season?", [
        seasons(tribes_a.merge(tribes_b)["season"])]


# -- temporal --------------------------------------------------------------------------------------------
@template("ut_swap_episode", "temporal")
def ut_swap_episode(g: GoldData, season: int):
    ep = _swap_episode(g, season)
    assert contains_prefix(nv._summary_text(g, season, ep), "swap"), (season, ep)  # the episode tells the swap
    return f"in season {season}, which episode had the tribe swap?", [number(ep)]


def _first_idol(g: GoldData, s: int) -> pd.DataFrame:
    found = fr._idols_found(g)
    found = found[found["season"] == s]
    return found[found["day"] == found["day"].min()]


@template("ut_first_idol", "temporal")
def ut_first_idol(g: GoldData, season: int):
    return f"who found the first hidden immunity idol on {g.subtitle(season)}?", [
        entity(g, _first_idol(g, season)["castaway_id"])]


@template("ut_premiered_in", "temporal")
def ut_premiered_in(g: GoldData, year: int):
    premiered = pd.to_datetime(g.summary["premiered"]).dt.year
    return f"which survivor seasons premiered in {year}?", [seasons(g.summary[premiered == year]["season"])]


def _day_boot(g: GoldData, s: int, day: int) -> pd.Series:
    cast = g.season_cast(s)
    rows = cast[cast["day"] == day]
    assert len(rows) == 1 and "voted out" in str(rows["result"].iloc[0]), (s, day)  # one boot that day
    return rows.iloc[0]


@template("ut_day_boot", "temporal")
def ut_day_boot(g: GoldData, season: int, day: int):
    return f"who got voted out on day {day} of {g.subtitle(season)}?", [
        entity(g, [_day_boot(g, season, day)["castaway_id"]])]


def _first_woman_out(g: GoldData, s: int) -> pd.Series:
    cast = g.season_cast(s).sort_values("order")
    row = cast[cast["castaway_id"].isin(nv._women(g))].iloc[0]
    assert "voted out" in str(row["result"]), (s, row["result"])  # the first woman to leave was voted out
    return row


@template("ut_first_woman_out", "temporal")
def ut_first_woman_out(g: GoldData, season: int):
    return f"First woman voted out of season {season}?", [entity(g, [_first_woman_out(g, season)["castaway_id"]])]


def _first_immunity_episode(g: GoldData, castaway_id: str, s: int) -> int:
    imm = fr._immunity(g)
    return int(imm[(imm["season"] == s) & (imm["castaway_id"] == castaway_id)]["episode"].min())


@template("ut_first_immunity_episode", "temporal")
def ut_first_immunity_episode(g: GoldData, castaway_id: str, season: int, call: str):
    return f"When did {call} win his first individual immunity on {g.subtitle(season)} - which episode?", [
        number(_first_immunity_episode(g, castaway_id, season))]


@template("ut_last_final_two", "temporal")
def ut_last_final_two(g: GoldData):
    n = g.summary["n_finalists"]
    two = [s for s in g.finished_seasons if pd.notna(n.get(s)) and int(n[s]) == 2]
    return "What was the last season that ended with a final two?", [season(*two[-1:])]


@template("ut_juror_number", "temporal")
def ut_juror_number(g: GoldData, castaway_id: str, season: int, call: str):
    jurors = list(un._jurors(g, season)["castaway_id"])
    nth = jurors.index(castaway_id) + 1
    status = str(fr._row(g, castaway_id, season)["jury_status"])
    assert status.startswith(_ordinal_forms(nth)[1]), (call, status)  # survivoR's own juror number agrees
    return f"Which juror was {call} on {g.subtitle(season)} - first, second, third...?", [
        phrase(*_ordinal_forms(nth))]


# -- negation --------------------------------------------------------------------------------------------
@template("ut_veterans_no_immunity", "negation")
def ut_veterans_no_immunity(g: GoldData, n: int = 4):
    immune = set(fr._immunity(g)["castaway_id"])
    return f"Who's played {n} or more times and never won individual immunity?", [
        entities(g, veterans_except(g, n, immune))]


@template("ut_best_non_winner_immunity", "negation")
def ut_best_non_winner_immunity(g: GoldData):
    imm = fr._immunity(g)
    counts = imm[~imm["castaway_id"].isin(ho._winner_ids(g))].groupby("castaway_id").size()
    return "Who has the most individual immunity wins of anyone who never won the game?", [
        entity(g, top(counts))]


@template("ut_winners_not_first_time", "negation")
def ut_winners_not_first_time(g: GoldData):
    return "Which winners weren't on their first season when they won?", [
        entities(g, [g.winner(s) for s in g.finished_seasons if un._before(g, g.winner(s), s)])]


@template("ut_immunity_except_winner", "negation")
def ut_immunity_except_winner(g: GoldData, season: int):
    won = un._season_immunity_winners(g, season)
    assert g.winner(season) in won, season  # "apart from the winner": the winner won one too
    return f"apart from the winner, who won individual immunity on {g.subtitle(season)}?", [
        entities(g, [c for c in won if c != g.winner(season)])]


@template("ut_returnees_missed_merge", "negation")
def ut_returnees_missed_merge(g: GoldData, season: int):
    merged = set(g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Merged")]["castaway_id"])
    returnees = [c for c in g.season_cast(season)["castaway_id"] if un._before(g, c, season)]
    return f"Which returning players on {g.subtitle(season)} didn't make the merge?", [
        entities(g, [c for c in returnees if c not in merged])]


@template("ut_kept_tribe_at_swap", "negation")
def ut_kept_tribe_at_swap(g: GoldData, season: int):
    start = g.season_cast(season).set_index("castaway_id")["original_tribe"]
    return f"Who on {g.subtitle(season)} didn't change tribes when the swap happened?", [
        entities(g, [c for c, tribe in _first_swap_tribe(g, season).items() if tribe == start[c]])]


@template("ut_not_voted_out", "negation")
def ut_not_voted_out(g: GoldData, season: int):
    cast = g.season_cast(season)
    gone = cast[~cast["finalist"] & cast["result"].notna()]
    return f"Who left {g.subtitle(season)} without being voted out?", [
        entities(g, gone[~gone["result"].str.contains("voted out")]["castaway_id"])]


@template("ut_not_wednesday", "negation")
def ut_not_wednesday(g: GoldData):
    slot = g.summary["timeslot"].fillna("")
    return "Which seasons didn't air on Wednesday nights?", [
        seasons(g.summary[~slot.str.contains("Wednesday")]["season"])]


# -- narrative -------------------------------------------------------------------------------------------
@template("ut_why_left", "narrative")
def ut_why_left(g: GoldData, castaway_id: str, season: int, call: str, v: int = 0, key: list | None = None):
    result = str(fr._row(g, castaway_id, season)["result"])
    text = [f"why did {call} get pulled from {g.subtitle(season)}",
            f"What made {call} quit {g.subtitle(season)}?",
            f"{call} got medevaced from {g.subtitle(season)}, right? what happened?"][v]
    assert (result == "Quit") == (v == 1) and (result == un.MEDEVAC) == (v != 1), (call, result)  # the premise
    return text, nv.nv_why_out(g, castaway_id, season, call, key=key)[1]


@template("ut_boot_story", "narrative")
def ut_boot_story(g: GoldData, castaway_id: str, season: int, call: str):
    return f"how did {call} end up getting voted out of {g.subtitle(season)}?", \
        nv.nv_boot_story(g, castaway_id, season, call)[1]


@template("ut_ftc_story", "narrative")
def ut_ftc_story(g: GoldData, season: int):
    return (f"what happened at the final tribal council on {g.subtitle(season)}? who got the votes?",
            gm.final_tribal_story(g, season)[1])


@template("ut_merge_story", "narrative")
def ut_merge_story(g: GoldData, season: int):
    return f"Tell me about the {g.subtitle(season)} merge.", gm.merge_story(g, season)[1]


@template("ut_recap", "narrative")
def ut_recap(g: GoldData, season: int, episode: int):
    return f"{g.subtitle(season)} episode {episode} summary please", gm.episode_story(g, season, episode)[1]


def _fire_loser(g: GoldData, s: int) -> pd.Series:
    cast = g.season_cast(s)
    lost = cast[cast["result"].str.contains("fire", case=False, na=False)]
    nv._one(list(lost["castaway_id"]), s)  # one fire-making loss that season
    return lost.iloc[0]


@template("ut_fire_story", "narrative")
def ut_fire_story(g: GoldData, season: int):
    row = _fire_loser(g, season)
    groups = [gm._name_words(g, row["castaway_id"]), ["fire", "firemaking"], ["jury"]]
    return f"how did the fire-making challenge go on season {season}?", [
        facts(groups, {"season": season, "episode": int(row["episode"]), "castaway_ids": [row["castaway_id"]]})]


# -- unanswerable ----------------------------------------------------------------------------------------
@template("ut_future_theme", "unanswerable")
def ut_future_theme(g: GoldData, future: int):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    return f"what's the theme of season {future}?", [abstain()]


@template("ut_nobody", "unanswerable")
def ut_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return f"what season was {name} on?", [abstain()]


@template("ut_kids", "unanswerable")
def ut_kids(g: GoldData, castaway_id: str, call: str):
    check_not_in_data(g, castaway_id, ("child", "kid", "famil", "parent", "married", "spouse"))
    return f"How many kids does {call} have?", [abstain()]


@template("ut_right_winner", "unanswerable")
def ut_right_winner(g: GoldData, season: int):
    return f"Did the right person win season {season}?", [abstain()]


@template("ut_crew", "unanswerable")
def ut_crew(g: GoldData, season: int):
    columns = set(g.summary.columns) | set(g.episodes.columns)
    assert not [c for c in columns if any(w in c for w in ("crew", "staff", "producer"))], columns
    return f"How many crew members worked on {g.subtitle(season)}?", [abstain()]


@template("ut_final_three_instead", "unanswerable")
def ut_final_three_instead(g: GoldData, season: int):
    assert int(g.summary.loc[season, "n_finalists"]) == 2, season  # a final two: the final three is hypothetical
    return f"who would have won {g.subtitle(season)} if it had a final three instead of a final two?", [abstain()]


@template("ut_place_never", "unanswerable")
def ut_place_never(g: GoldData, place: str):
    nv.nv_place_never(g, place)  # its checks: no season's location or country names the place
    return f"How many days did the {place} season last?", [abstain()]


@template("ut_title_never", "unanswerable")
def ut_title_never(g: GoldData, title: str):
    for column in ("season_name", "location"):
        assert not g.summary[column].str.contains(title, case=False, regex=False).any(), title
    return f"Who was on the jury for Survivor: {title}?", [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _titled_episode(full: GoldData, p: dict) -> list:
    eps = full.episodes[(full.episodes["season"] == p["season"]) & (full.episodes["episode_title"] == p["title"])]
    return [("episode", p["season"], int(e)) for e in eps["episode"]]


def _swap(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _swap_episode(full, p["season"]))]


def _tribe_finale(full: GoldData, p: dict) -> list:
    return [("finale", int(s), None) for s in sorted(set(full.tribes[full.tribes["tribe"] == p["tribe"]]["season"]))]


def _debut_merge(full: GoldData, p: dict) -> list:
    return scoped._merge(full, {"season": min(full.seasons_of(p["castaway_id"]))})


def _medevac_exit(full: GoldData, p: dict) -> list:
    return [("exit", _medevac_season(full, p["castaway_id"]), p["castaway_id"])]


def _boot_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], p["b"])]


def _first_idol_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_first_idol(full, p["season"])["episode"].min()))]


def _day_boot_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _day_boot(full, p["season"], p["day"])["castaway_id"])]


def _first_woman_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _first_woman_out(full, p["season"])["castaway_id"])]


def _first_immunity(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _first_immunity_episode(full, p["castaway_id"], p["season"]))]


SCOPE_NEEDS = {
    "ut_place": "exit", "ut_swap_tribe": _swap, "ut_episode_by_title": _titled_episode, "ut_finale_viewers": "finale",
    "ut_votes_against": "exit", "ut_second_confessionals": "finale", "ut_reward_leader": "finale",
    "ut_winner_job": "finale", "ut_tribe_winner": _tribe_finale, "ut_immunity_leader_place": "finale",
    "ut_runner_up_age": "finale", "ut_debut_merge_name": _debut_merge, "ut_winner_votes_against": "finale",
    "ut_medevac_location": _medevac_exit, "ut_last_boot_seasons": "finale",
    "ut_swap_movers": _swap, "ut_more_votes_against": "finale", "ut_vote_at_boot": _boot_exit,
    "ut_jury_split": "finale", "ut_tribe_made_merge": scoped._merge, "ut_jurors_same_vote": "finale",
    "ut_swap_episode": _swap, "ut_first_idol": _first_idol_episode, "ut_day_boot": _day_boot_exit,
    "ut_first_woman_out": _first_woman_exit, "ut_first_immunity_episode": _first_immunity, "ut_juror_number": "exit",
    "ut_immunity_except_winner": "finale", "ut_returnees_missed_merge": scoped._merge, "ut_kept_tribe_at_swap": _swap,
    "ut_not_voted_out": "finale",
    "ut_why_left": "exit", "ut_boot_story": "exit", "ut_ftc_story": "finale", "ut_merge_story": scoped._merge,
    "ut_recap": "episode", "ut_fire_story": "finale", "ut_final_three_instead": "finale",
}
SCOPE_AS_AIRED = {"ut_season_called", "ut_season_number", "ut_real_name", "ut_filming_started", "ut_women_in_cast",
                  "ut_repeat_finalists", "ut_state_besides", "ut_average_age", "ut_idols_played", "ut_winners_met",
                  "ut_same_tribe_seasons", "ut_premiered_in", "ut_last_final_two", "ut_veterans_no_immunity",
                  "ut_best_non_winner_immunity", "ut_winners_not_first_time", "ut_not_wednesday", "ut_future_theme",
                  "ut_nobody", "ut_kids", "ut_right_winner", "ut_crew", "ut_place_never", "ut_title_never"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)


# -- the plan --------------------------------------------------------------------------------------------
def plan(g: GoldData) -> list[tuple[str, dict]]:
    """People and seasons the gold, held-out, fresh, unseen and novel sets ask little or nothing about."""
    top_season = max(g.seasons)
    return [
        # single facts
        ("ut_season_called", {"season": 34}), ("ut_season_number", {"season": 17}),
        ("ut_place", by_name(g, "Peih-Gee", season=15)), ("ut_swap_tribe", by_name(g, "Carolyn Rivera", season=30)),
        ("ut_real_name", by_name(g, "Sugar")), ("ut_finale_viewers", {"season": 6}),
        ("ut_episode_by_title", {"season": 48, "title": "Icarus Time"}), ("ut_filming_started", {"season": 25}),
        # aggregation
        ("ut_women_in_cast", {"season": 26}), ("ut_votes_against", by_name(g, "Brenda Lowe", season=21)),
        ("ut_repeat_finalists", {}), ("ut_state_besides", {"state": "California"}),
        ("ut_second_confessionals", {"season": 35}), ("ut_average_age", {"season": 34}),
        ("ut_idols_played", by_name(g, "Ben Driebergen")), ("ut_reward_leader", {"season": 11}),
        # multi-hop
        ("ut_winner_job", {"season": 39}), ("ut_tribe_winner", {"tribe": "Kucha"}),
        ("ut_immunity_leader_place", {"season": 3}), ("ut_runner_up_age", {"season": 18}),
        ("ut_debut_merge_name", by_name(g, "Monica Padilla")), ("ut_winner_votes_against", {"season": 24}),
        ("ut_medevac_location", by_name(g, "Erik Reichenbach")), ("ut_last_boot_seasons", {"season": 12}),
        # cross-entity
        ("ut_swap_movers", {"season": 44}),
        ("ut_more_votes_against", pair(g, "Donathan Hurley", "Libby Vincek", season=36)),
        ("ut_vote_at_boot", pair(g, "Hayden Moss", "Caleb Bankston", season=27)),
        ("ut_winners_met", by_name(g, "Vytas")),
        ("ut_jury_split", pair(g, "Brian Heidik", "Clay Jordan", season=5)),
        ("ut_tribe_made_merge", {"season": 9, "tribe": "Lopevi"}),
        ("ut_jurors_same_vote", by_name(g, "Paschal", season=4)),
        ("ut_same_tribe_seasons", pair(g, "Hali", "Sierra Dawn Thomas")),
        # temporal
        ("ut_swap_episode", {"season": 45}), ("ut_first_idol", {"season": 35}), ("ut_premiered_in", {"year": 2009}),
        ("ut_day_boot", {"season": 23, "day": 16}), ("ut_first_woman_out", {"season": 42}),
        ("ut_first_immunity_episode", by_name(g, "Ken McNickle", season=33)), ("ut_last_final_two", {}),
        ("ut_juror_number", by_name(g, "Christa Hastie", season=7)),
        # negation
        ("ut_veterans_no_immunity", {"n": 4}), ("ut_best_non_winner_immunity", {}), ("ut_winners_not_first_time", {}),
        ("ut_immunity_except_winner", {"season": 21}), ("ut_returnees_missed_merge", {"season": 26}),
        ("ut_kept_tribe_at_swap", {"season": 30}), ("ut_not_voted_out", {"season": 16}), ("ut_not_wednesday", {}),
        # narrative: exits none of the other sets asks about (two medevacs, a quit, a boot), a final, a merge, an
        # episode, a fire-making challenge
        ("ut_why_left", by_name(g, "Neal Gottlieb", season=32, v=0, key=["knee", "infect"])),
        ("ut_why_left", by_name(g, "Julie McGee", season=29, v=1, key=["boyfriend", "alone", "alienat"])),
        ("ut_why_left", by_name(g, "Joe Dowdle", season=18, v=2, key=["leg", "infect"])),
        ("ut_boot_story", by_name(g, "Stephen Fishbach", season=31)), ("ut_ftc_story", {"season": 27}),
        ("ut_merge_story", {"season": 17}), ("ut_recap", {"season": 37, "episode": 5}),
        ("ut_fire_story", {"season": 43}),
        # unanswerable
        ("ut_future_theme", {"future": top_season + 23}), ("ut_nobody", {"name": "Desmond Ashcombe"}),
        ("ut_kids", by_name(g, "Ami Cusack")), ("ut_right_winner", {"season": 41}), ("ut_crew", {"season": 3}),
        ("ut_final_three_instead", {"season": 28}), ("ut_place_never", {"place": "Japan"}),
        ("ut_title_never", {"title": "Siberia"}),
    ]


def build_untried_set(g: GoldData) -> list[Question]:
    """The untried set; question ids are "ut-<category>-NN" so they never collide with the other sets'."""
    return build_planned(g, "ut", plan)
