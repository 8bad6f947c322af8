"""The untouched question set: an eighth blind set, for how the agent generalises to questions nobody tuned it on.

The gold, held-out, fresh, unseen, novel, untried and unasked sets have all been looked at while the agent grew;
this one was written without reading the agent, linker, catalog, Cypher or retriever code and without running the
agent on any set. It asks about people, seasons and tribes the other seven ask about little or not at all, mostly
from the core survivoR tables (castaways, season_summary, vote_history, jury_votes, challenge_results,
confessionals, advantage_movement, tribe_mapping, episodes): whole careers (days out there, votes written,
confessionals over every season), a vote seen from the other side (who did not vote for the person who went),
tribes before the merge (one that never went to tribal, which tribes two people shared), firsts and lasts across
the seasons, one season against every other, two people from different seasons against each other, and gender
where it decides a question. The wording is the way people type to a chatbot: lower case, "s21"-style references,
nicknames, comparisons, two questions in one message. Answers are computed from the survivoR tables by the
templates below, with the gold set's answer parts and, where one fits, an existing template's or helper's answer
code.

    build_untouched_set(g) -> list[Question]     # `python -m evaluation gold --set untouched` writes the snapshot
    python -m evaluation run --set untouched     # run it (the default set stays the gold set)

Template names start with "utc_" and question ids with "utc-" (the untried set already has "ut"); each template
declares what a viewer scope needs to have aired (SCOPE_NEEDS, SCOPE_AS_AIRED), registered with evaluation.scoped,
so `--watched` works on this set too.
"""

from __future__ import annotations

import pandas as pd

from evaluation import fresh as fr
from evaluation import gold_multi as gm
from evaluation import novel as nv
from evaluation import scoped
from evaluation import unasked as ua
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
from evaluation.gold_facts import top
from evaluation.holdout import by_name, check_not_in_data, pair
from evaluation.matching import contains_prefix
from evaluation.untried import PRE_MERGE, _first_swap_tribe, _swap_episode

UNTOUCHED_FILE = QUESTION_SETS["untouched"]


def _scoped(g: GoldData) -> bool:
    """A viewer scope's data (evaluation.scoped): what the full data guarantees may not hold there yet."""
    return getattr(g, "viewer_scope", None) is not None


def _title(g: GoldData, s: int) -> str:
    """'Cagayan' for a named season, 'season 44' for a numbered one."""
    return g.subtitle(s) or f"season {s}"


def _debut(g: GoldData, castaway_id: str) -> int:
    return min(g.seasons_of(castaway_id))


def _returnees(g: GoldData, s: int) -> pd.DataFrame:
    """The castaways rows of a season's players who had played an earlier season."""
    cast = g.season_cast(s)
    first = g.cast.groupby("castaway_id")["season"].min()
    return cast[[first[c] < s for c in cast["castaway_id"]]]


def _career_days(g: GoldData, castaway_id: str) -> int:
    """Days out there over every season: the day each run ended, summed."""
    return int(g.cast[g.cast["castaway_id"] == castaway_id]["day"].sum())


def _career_confessionals(g: GoldData, castaway_id: str) -> int:
    conf = g.confessionals
    return int(conf[conf["castaway_id"] == castaway_id]["confessional_count"].sum())


def _place_forms(row: pd.Series) -> dict:
    return number(row["place"])


def _first_boot(g: GoldData, s: int) -> pd.Series:
    return nv._first_boot(g, s)


def _first_individual_reward(g: GoldData, s: int) -> pd.DataFrame:
    w = g.wins[(g.wins["season"] == s) & (g.wins["won_individual_reward"] == 1)]
    w = w.sort_values(["episode", "challenge_id"])
    return w[w["challenge_id"] == w["challenge_id"].iloc[0]]


def _boot_votes(g: GoldData, castaway_id: str, s: int) -> pd.DataFrame:
    """The votes cast at the tribal council that sent someone home, which must have been one round."""
    v = g.votes[(g.votes["season"] == s) & (g.votes["voted_out_id"] == castaway_id)]
    assert v["vote_order"].nunique() == 1 and v["episode"].nunique() == 1, castaway_id  # no revote, one council
    return v


def _pre_merge_tribes(g: GoldData, castaway_id: str, s: int) -> set[tuple[int, str]]:
    t = g.tribes[(g.tribes["season"] == s) & (g.tribes["castaway_id"] == castaway_id)
                 & g.tribes["tribe_status"].isin(PRE_MERGE)]
    return set(zip(t["episode"], t["tribe"]))


def _idol_plays(g: GoldData, s: int) -> pd.DataFrame:
    return ua._idol_plays(g, s)


# -- single facts ----------------------------------------------------------------------------------------
@template("utc_finish_place", "single_fact")
def utc_finish_place(g: GoldData, castaway_id: str, season: int, call: str):
    return f"{call} finished what place on {_title(g, season)}?", [_place_forms(fr._row(g, castaway_id, season))]


@template("utc_age_then", "single_fact")
def utc_age_then(g: GoldData, castaway_id: str, season: int, call: str):
    assert len(getattr(g, "full", g).seasons_of(castaway_id)) > 1, call  # another season lists another age
    return f"how old was {call} when she played {_title(g, season)}", [
        number(fr._row(g, castaway_id, season)["age"])]


@template("utc_how_it_ended", "single_fact")
def utc_how_it_ended(g: GoldData, castaway_id: str, season: int, call: str):
    result = str(fr._row(g, castaway_id, season)["result"])
    assert result == "Ejected", (call, result)  # the premise: not voted out, not a quit
    return f"{call} on s{season} - was he voted out or did something else happen?", [
        phrase("ejected", "removed", "kicked out", "expelled", "pulled from the game")]


@template("utc_merge_day", "single_fact")
def utc_merge_day(g: GoldData, season: int):
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Merged")]
    first = t[t["episode"] == t["episode"].min()]
    return f"what day did the tribes merge on {_title(g, season)}?", [
        number(*nv._one(sorted(set(first["day"].dropna())), season))]


@template("utc_season_confessionals", "single_fact")
def utc_season_confessionals(g: GoldData, castaway_id: str, season: int, call: str):
    conf = g.confessionals
    mine = conf[(conf["season"] == season) & (conf["castaway_id"] == castaway_id)]
    return f"How many confessionals did {call} have on {_title(g, season)}?", [
        number(mine["confessional_count"].sum())]


@template("utc_swap_to", "single_fact")
def utc_swap_to(g: GoldData, castaway_id: str, season: int, call: str):
    after = _first_swap_tribe(g, season)
    start = fr._row(g, castaway_id, season)["original_tribe"]
    assert _scoped(g) or after[castaway_id] != start, call  # she moved
    return f"When the tribes swapped on {_title(g, season)}, which tribe did {call} land on?", [
        phrase(after[castaway_id])]


@template("utc_hometown", "single_fact")
def utc_hometown(g: GoldData, castaway_id: str, call: str, note: str = ""):
    rows = g.cast[g.cast["castaway_id"] == castaway_id]
    assert len(getattr(g, "full", g).seasons_of(castaway_id)) == 1, call  # one season: one listed hometown
    city, state = rows["city"].iloc[0], rows["state"].iloc[0]
    return f"where's {call} from{note}?", [phrase(f"{city}, {state}", city)]


@template("utc_boot_episode_title", "single_fact")
def utc_boot_episode_title(g: GoldData, castaway_id: str, season: int, call: str):
    ep = int(fr._row(g, castaway_id, season)["episode"])
    eps = g.episodes
    title = nv._one(list(eps[(eps["season"] == season) & (eps["episode"] == ep)]["episode_title"]), (call, ep))[0]
    return f"What was the name of the episode where {call} got voted off {_title(g, season)}?", [phrase(title)]


# -- aggregation -----------------------------------------------------------------------------------------
@template("utc_career_days", "aggregation")
def utc_career_days(g: GoldData, castaway_id: str, call: str):
    return f"adding up all of her seasons, how many days has {call} spent playing Survivor?", [
        number(_career_days(g, castaway_id))]


@template("utc_career_votes_cast", "aggregation")
def utc_career_votes_cast(g: GoldData, castaway_id: str, call: str):
    return f"How many times has {call} written someone's name down at tribal council, counting both of his " \
           "seasons?", [number((g.votes["castaway_id"] == castaway_id).sum())]


@template("utc_most_episodes", "aggregation")
def utc_most_episodes(g: GoldData):
    eps = g.episodes[~g.episodes["episode_label"].isin(["Recap", "Reunion"])
                     & g.episodes["season"].isin(g.finished_seasons)].groupby("season")["episode"].nunique()
    return "not counting recap specials or reunions, which survivor season had the most episodes?", [
        season(*top(eps))]


@template("utc_biggest_finale", "aggregation")
def utc_biggest_finale(g: GoldData):
    viewers = pd.to_numeric(g.summary["viewers_finale"], errors="coerce")
    return "Which season's finale drew the biggest TV audience?", [season(*top(viewers))]


@template("utc_state_count", "aggregation")
def utc_state_count(g: GoldData, state: str):
    people = g.cast.drop_duplicates("castaway_id")
    # people from the state; appearances (a returnee counted once per season)
    return f"how many castaways have come from {state}?", [
        number((people["state"] == state).sum(), (g.cast["state"] == state).sum())]


@template("utc_biggest_jury", "aggregation")
def utc_biggest_jury(g: GoldData):
    cast = g.cast[g.cast["season"].isin(g.finished_seasons)]  # a jury is whole once the finale aired
    jurors = cast.groupby("season")["jury"].sum()
    return "What season had the largest jury?", [season(*top(jurors))]


@template("utc_top_woman_immunity", "aggregation")
def utc_top_woman_immunity(g: GoldData, season: int):
    imm = fr._immunity(g)
    imm = imm[(imm["season"] == season) & imm["castaway_id"].isin(nv._women(g))]
    return f"On {_title(g, season)}, which woman won the most individual immunity challenges?", [
        entity(g, top(imm.groupby("castaway_id").size()))]


@template("utc_tribe_most_jurors", "aggregation")
def utc_tribe_most_jurors(g: GoldData, season: int):
    jurors = un._jurors(g, season).groupby("original_tribe").size()
    return f"{_title(g, season)}: which starting tribe put the most people on the jury?", [phrase(*top(jurors))]


# -- multi-hop -------------------------------------------------------------------------------------------
@template("utc_tribe_location", "multi_hop")
def utc_tribe_location(g: GoldData, tribe: str):
    found = sorted(set(int(s) for s in g.tribes[g.tribes["tribe"] == tribe]["season"]))
    assert len(found) <= 1, (tribe, found)  # the name alone says which season (none yet for an early viewer)
    s = found[0]
    where = str(g.summary.loc[s, "location"])
    return f"the season with the {tribe} tribe, where was it filmed?", [
        phrase(where, where.split(",")[0].strip(), g.summary.loc[s, "country"])]


@template("utc_immunity_leader_place", "multi_hop")
def utc_immunity_leader_place(g: GoldData, season: int):
    imm = fr._immunity(g)
    leader = nv._one(top(imm[imm["season"] == season].groupby("castaway_id").size()), season)[0]
    return f"s{season}'s top individual immunity winner - what place did they end up?", [
        _place_forms(fr._row(g, leader, season))]


@template("utc_first_boot_hometown", "multi_hop")
def utc_first_boot_hometown(g: GoldData, season: int):
    row = _first_boot(g, season)
    return f"The first person voted out of {_title(g, season)} - what town were they from?", [
        phrase(f"{row['city']}, {row['state']}", row["city"])]


def _final_immunity_winner(g: GoldData, s: int) -> str:
    imm = fr._immunity(g)
    imm = imm[imm["season"] == s]
    return nv._one(list(imm[imm["challenge_id"] == imm["challenge_id"].max()]["castaway_id"]), s)[0]


@template("utc_final_immunity_jury_votes", "multi_hop")
def utc_final_immunity_jury_votes(g: GoldData, season: int):
    who = _final_immunity_winner(g, season)
    assert fr._row(g, who, season)["finalist"], season  # they sat at the end
    jury = g.jury[g.jury["season"] == season]
    return f"whoever won the last immunity challenge of s{season}, how many jury votes did they get?", [
        number((jury["finalist_id"] == who).sum())]


@template("utc_winner_debut_place", "multi_hop")
def utc_winner_debut_place(g: GoldData, season: int):
    winner = g.winner(season)
    debut = _debut(g, winner)
    assert debut < season, season  # a returning winner
    return f"The {_title(g, season)} winner's first time playing - where did they finish?", [
        _place_forms(fr._row(g, winner, debut))]


@template("utc_won_season_returnees", "multi_hop")
def utc_won_season_returnees(g: GoldData, castaway_id: str, call: str):
    won = nv._one(fr._won_seasons(g, castaway_id), call)[0]
    return f"How many returning players were in the cast the season {call} won?", [
        number(len(_returnees(g, won)))]


@template("utc_first_juror_votes_against", "multi_hop")
def utc_first_juror_votes_against(g: GoldData, season: int):
    first = un._jurors(g, season)["castaway_id"].iloc[0]
    against = g.votes[(g.votes["season"] == season) & (g.votes["vote_id"] == first)]
    # every vote cast against them; the votes an idol did not cancel
    return f"first juror on {_title(g, season)}: how many votes were cast against them over the game?", [
        number(len(against), len(against) - int(against["nullified"].eq(True).sum()))]


@template("utc_winner_swap_tribe", "multi_hop")
def utc_winner_swap_tribe(g: GoldData, season: int):
    winner = g.winner(season)
    after = _first_swap_tribe(g, season)
    return f"which tribe did the {_title(g, season)} winner get swapped onto?", [phrase(after[winner])]


# -- cross-entity ----------------------------------------------------------------------------------------
@template("utc_career_days_compare", "cross_entity")
def utc_career_days_compare(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    days = pd.Series({c: _career_days(g, c) for c in (a, b)})
    assert _scoped(g) or days[a] != days[b], days  # no tie (a viewer part way may see one: both are named)
    return f"{call_a} vs {call_b}: who's spent more total days in the game across their seasons?", [
        entity(g, top(days))]


@template("utc_jury_split", "cross_entity")
def utc_jury_split(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    jury = g.jury[g.jury["season"] == season]
    assert set(jury["finalist_id"]) <= {a, b}, (call_a, call_b)  # only these two got votes
    return f"{_title(g, season)} final tribal: which jurors voted for {call_a} and which for {call_b}?", [
        entities(g, jury[jury["finalist_id"] == a]["castaway_id"]),
        entities(g, jury[jury["finalist_id"] == b]["castaway_id"])]


@template("utc_career_confessionals_compare", "cross_entity")
def utc_career_confessionals_compare(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    counts = pd.Series({c: _career_confessionals(g, c) for c in (a, b)})
    assert _scoped(g) or counts[a] != counts[b], counts
    return f"who got more confessionals over their whole survivor career, {call_a} or {call_b}?", [
        entity(g, top(counts))]


@template("utc_shared_tribes", "cross_entity")
def utc_shared_tribes(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    both = _pre_merge_tribes(g, a, season) & _pre_merge_tribes(g, b, season)
    return f"before the merge on s{season}, which tribes were {call_a} and {call_b} on together?", [
        phrases(sorted({t for _, t in both}))]


@template("utc_tribemates_against", "cross_entity")
def utc_tribemates_against(g: GoldData, castaway_id: str, season: int, call: str):
    votes = _boot_votes(g, castaway_id, season)
    cast = g.season_cast(season).set_index("castaway_id")["original_tribe"]
    start = cast[castaway_id]
    against = votes[(votes["vote_id"] == castaway_id) & (votes["castaway_id"] != castaway_id)]["castaway_id"]
    return f"When {call} went home on {_title(g, season)}, which of his original {start} tribemates voted " \
           "against him?", [entities(g, [c for c in against if cast[c] == start])]


@template("utc_debut_compare", "cross_entity")
def utc_debut_compare(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    place = pd.Series({c: -fr._row(g, c, _debut(g, c))["place"] for c in (a, b)})
    assert place[a] != place[b], place  # different places
    return f"Who did better in their first season, {call_a} or {call_b}?", [entity(g, top(place))]


@template("utc_age_gap", "cross_entity")
def utc_age_gap(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    age = g.season_cast(season).set_index("castaway_id")["age"]
    assert age[a] > age[b], (call_a, call_b)  # the premise: a was older
    return f"How many years older was {call_a} than {call_b} on {_title(g, season)}?", [number(age[a] - age[b])]


@template("utc_tribemates_returned", "cross_entity")
def utc_tribemates_returned(g: GoldData, castaway_id: str, season: int, call: str):
    cast = g.season_cast(season)
    start = fr._row(g, castaway_id, season)["original_tribe"]
    mates = cast[(cast["original_tribe"] == start) & (cast["castaway_id"] != castaway_id)]["castaway_id"]
    later = [c for c in mates if max(g.seasons_of(c)) > season]
    return f"which of {call}'s original {start} tribemates on s{season} came back for another season later?", [
        entities(g, later)]


# -- temporal --------------------------------------------------------------------------------------------
@template("utc_boots_between", "temporal")
def utc_boots_between(g: GoldData, season: int, first: int, last: int):
    cast = g.season_cast(season)
    out = cast[(cast["episode"] >= first) & (cast["episode"] <= last) & ~cast["finalist"]].sort_values("order")
    return f"{_title(g, season)}, episodes {first} through {last}: who went home, in order?", [
        entities(g, out["castaway_id"])]


@template("utc_left_at_merge", "temporal")
def utc_left_at_merge(g: GoldData, season: int):
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Merged")]
    first = t[t["episode"] == t["episode"].min()]
    return f"How many people were still in the game when {_title(g, season)} merged?", [
        number(first["castaway_id"].nunique())]


@template("utc_first_idol_season", "temporal")
def utc_first_idol_season(g: GoldData):
    found = fr._idols_found(g)["season"]
    return "When did hidden immunity idols first show up - which season was the first to have one found?", [
        season(*([int(found.min())] if len(found) else []))]  # none yet for an early viewer


@template("utc_first_reward", "temporal")
def utc_first_reward(g: GoldData, season: int):
    return f"who won the first individual reward challenge on {_title(g, season)}?", [
        entity(g, _first_individual_reward(g, season)["castaway_id"])]


@template("utc_first_swap_season", "temporal")
def utc_first_swap_season(g: GoldData):
    swapped = g.tribes[g.tribes["tribe_status"].isin(["Swapped", "Swapped_2"])]
    return "what was the first season of survivor to have a tribe swap?", [
        season(*([int(swapped["season"].min())] if len(swapped) else []))]  # none yet for an early viewer


@template("utc_last_idol_play", "temporal")
def utc_last_idol_play(g: GoldData, season: int):
    plays = _idol_plays(g, season)
    last = plays[plays["episode"] == plays["episode"].max()]
    return f"Who played the last hidden immunity idol of {_title(g, season)}?", [
        entity(g, nv._one(sorted(set(last["castaway_id"])), season))]


def _last_boot_before_swap(g: GoldData, s: int) -> pd.Series:
    cast = g.season_cast(s)
    before = cast[cast["episode"] < _swap_episode(g, s)].sort_values("order")
    row = before.iloc[-1]
    assert "voted out" in str(row["result"]), (s, row["result"])
    return row


@template("utc_last_boot_before_swap", "temporal")
def utc_last_boot_before_swap(g: GoldData, season: int):
    return f"last person voted out on s{season} before the tribe swap?", [
        entity(g, [_last_boot_before_swap(g, season)["castaway_id"]])]


@template("utc_debut_year", "temporal")
def utc_debut_year(g: GoldData, castaway_id: str, call: str):
    first = _debut(g, castaway_id)
    return f"what year was {call}'s first season on tv?", [
        number(pd.Timestamp(g.summary.loc[first, "premiered"]).year)]


# -- negation --------------------------------------------------------------------------------------------
@template("utc_tribe_skipped_tribal", "negation")
def utc_tribe_skipped_tribal(g: GoldData, season: int):
    vh = g.vote_history
    went = set(vh[(vh["season"] == season) & (vh["episode"] < un._merge_episode(g, season))]["tribe"])
    start = set(g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Original")]["tribe"])
    return f"which tribe on s{season} never had to go to tribal council before the merge?", [
        phrase(*sorted(start - went))]


@template("utc_didnt_vote_boot", "negation")
def utc_didnt_vote_boot(g: GoldData, castaway_id: str, season: int, call: str):
    votes = _boot_votes(g, castaway_id, season)
    others = votes[(votes["vote_id"] != castaway_id) & (votes["castaway_id"] != castaway_id)]
    return f"the night {call} got voted out of {_title(g, season)}, who didn't vote for him?", [
        entities(g, others["castaway_id"])]


@template("utc_tribe_missed_jury", "negation")
def utc_tribe_missed_jury(g: GoldData, season: int, tribe: str):
    cast = g.season_cast(season)
    mine = cast[cast["original_tribe"] == tribe]
    return f"Which original {tribe} members on season {season} didn't last long enough to sit on the jury?", [
        entities(g, mine[~mine["jury"] & ~mine["finalist"]]["castaway_id"])]


@template("utc_returnees_before_jury", "negation")
def utc_returnees_before_jury(g: GoldData, season: int):
    back = _returnees(g, season)
    return f"Which of the returning players on {_title(g, season)} went home before the jury started?", [
        entities(g, back[~back["jury"] & ~back["finalist"]]["castaway_id"])]


@template("utc_winners_no_reward_since", "negation")
def utc_winners_no_reward_since(g: GoldData, since: int):
    rewards = g.wins[g.wins["won_individual_reward"] == 1]
    return f"since s{since}, which winners never won an individual reward challenge in the season they won?", [
        entities(g, [g.winner(s) for s in g.finished_seasons if s >= since
                     and not ((rewards["season"] == s) & (rewards["castaway_id"] == g.winner(s))).any()])]


@template("utc_seasons_returnees_no_ftc", "negation")
def utc_seasons_returnees_no_ftc(g: GoldData):
    picked = []
    for s in g.finished_seasons:
        back = _returnees(g, s)
        if len(back) and not back["finalist"].any():
            picked.append(s)
    return "Which seasons had returning players but not one of them at final tribal council?", [seasons(picked)]


@template("utc_women_missed_merge", "negation")
def utc_women_missed_merge(g: GoldData, season: int):
    t = g.tribes[g.tribes["season"] == season]
    merged = set(t[t["tribe_status"] == "Merged"]["castaway_id"])
    cast = g.season_cast(season)
    women = cast[cast["castaway_id"].isin(nv._women(g))]["castaway_id"]
    return f"which women on season {season} didn't make it to the merge", [
        entities(g, [c for c in women if c not in merged])]


@template("utc_seasons_no_triple_immunity", "negation")
def utc_seasons_no_triple_immunity(g: GoldData):
    imm = fr._immunity(g)
    most = imm.groupby(["season", "castaway_id"]).size().groupby("season").max()
    return "In which seasons did nobody win more than two individual immunity challenges?", [
        seasons(s for s in g.finished_seasons if most.get(s, 0) <= 2)]


# -- narrative -------------------------------------------------------------------------------------------
@template("utc_why_left", "narrative")
def utc_why_left(g: GoldData, castaway_id: str, season: int, call: str, v: int = 0, key: list | None = None):
    result = str(fr._row(g, castaway_id, season)["result"])
    assert (result == "Quit") == (v == 1) and (result == un.MEDEVAC) == (v != 1), (call, result)  # the premise
    text = [f"what happened to {call} on s{season}? I heard he had to be taken out of the game",
            f"Why did {call} walk away from {_title(g, season)}?",
            f"{call} left {_title(g, season)} early, what was the reason?"][v]
    _, parts = gm.why_left(g, castaway_id, season)
    return text, (un._with_key_words(g, parts, key) if key else parts)


@template("utc_boot_story", "narrative")
def utc_boot_story(g: GoldData, castaway_id: str, season: int, call: str):
    return f"can you tell me how {call} got blindsided on {_title(g, season)}?", \
        nv.nv_boot_story(g, castaway_id, season, call)[1]


@template("utc_ftc_story", "narrative")
def utc_ftc_story(g: GoldData, season: int):
    return f"How did the jury vote shake out at the end of {_title(g, season)}?", \
        gm.final_tribal_story(g, season)[1]


@template("utc_merge_story", "narrative")
def utc_merge_story(g: GoldData, season: int):
    return f"season {season}'s merge episode - what happened and who was the first one out after it?", \
        gm.merge_story(g, season)[1]


@template("utc_swap_story", "narrative")
def utc_swap_story(g: GoldData, season: int):
    ep = _swap_episode(g, season)
    text = nv._summary_text(g, season, ep)
    groups = [["swap", "switch", "shuffl"], *[[t] for t in sorted(set(_first_swap_tribe(g, season).values()))]]
    assert all(any(contains_prefix(text, w) for w in grp) for grp in groups), (season, ep)  # the episode tells it
    return f"walk me through the s{season} tribe swap", [facts(groups, {"season": season, "episode": ep})]


def _first_own_play(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    plays = _idol_plays(g, s)
    return plays[plays["castaway_id"] == castaway_id].iloc[0]


@template("utc_idol_story", "narrative")
def utc_idol_story(g: GoldData, castaway_id: str, season: int, call: str):
    play = _first_own_play(g, castaway_id, season)
    ep = int(play["episode"])
    assert pd.notna(play["played_for_id"]) and play["played_for_id"] != castaway_id, call  # played for someone else
    cast = g.season_cast(season)
    out = cast[(cast["episode"] == ep) & ~cast["finalist"]]["castaway_id"]
    groups = [gm._name_words(g, castaway_id), ["idol"], gm._name_words(g, play["played_for_id"]),
              *[gm._name_words(g, c) for c in out]]
    assert all(any(contains_prefix(nv._summary_text(g, season, ep), w) for w in grp) for grp in groups), groups
    return f"{call} used an idol on someone else on {_title(g, season)} - who was it for, and who went home?", [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": list(out)})]


# -- unanswerable ----------------------------------------------------------------------------------------
@template("utc_future", "unanswerable")
def utc_future(g: GoldData, future: int):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    return f"anyone know where s{future} is filming?", [abstain()]


@template("utc_nobody", "unanswerable")
def utc_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return f"which tribe was {name} on?", [abstain()]


@template("utc_opinion", "unanswerable")
def utc_opinion(g: GoldData, season: int):
    return f"Who was the most underrated player on {_title(g, season)}, in your view?", [abstain()]


@template("utc_theme_song", "unanswerable")
def utc_theme_song(g: GoldData):
    columns = set(g.summary.columns) | set(g.episodes.columns)
    assert not [c for c in columns if any(w in c for w in ("music", "song", "composer", "theme"))], columns
    return "who composed the survivor theme music?", [abstain()]


@template("utc_fake_tribe", "unanswerable")
def utc_fake_tribe(g: GoldData, tribe: str):
    assert not g.data.table("tribe_mapping")["tribe"].str.lower().eq(tribe.lower()).any(), tribe
    return f"How many immunity challenges did the {tribe} tribe win?", [abstain()]


@template("utc_counterfactual", "unanswerable")
def utc_counterfactual(g: GoldData, castaway_id: str, season: int, other: str, call: str):
    assert fr._row(g, castaway_id, season)["finalist"], call  # she sat at the end
    assert not fr._row(g, other, season)["finalist"], other  # he did not
    return f"If {call} had taken {g.name(other).split()[0]} to the end of {_title(g, season)} instead, would she " \
           "have won?", [abstain()]


@template("utc_fan_favorite", "unanswerable")
def utc_fan_favorite(g: GoldData, season: int):
    columns = set(g.summary.columns) | set(g.cast.columns)
    assert not [c for c in columns if any(w in c for w in ("fan", "favorite", "favourite", "award"))], columns
    return f"who won the fan favorite award for {_title(g, season)}?", [abstain()]


@template("utc_school", "unanswerable")
def utc_school(g: GoldData, castaway_id: str, call: str):
    check_not_in_data(g, castaway_id, ("school", "college", "education", "university", "degree"))
    return f"What high school did {call} go to?", [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _swap(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _swap_episode(full, p["season"]))]


def _first_boot_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _first_boot(full, p["season"])["castaway_id"])]


def _won_finale(full: GoldData, p: dict) -> list:
    return [("finale", s, None) for s in fr._won_seasons(full, p["castaway_id"])]


def _first_juror_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], un._jurors(full, p["season"])["castaway_id"].iloc[0])]


def _pre_merge(full: GoldData, p: dict) -> list:
    return scoped._merge(full, p)


def _debut_exits(full: GoldData, p: dict) -> list:
    return [("exit", _debut(full, c), c) for c in (p["a"], p["b"])]


def _last_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], p["last"])]


def _first_reward_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_first_individual_reward(full, p["season"])["episode"].iloc[0]))]


def _before_swap_exit(full: GoldData, p: dict) -> list:
    # the swap that makes it "the last before" too
    return [("exit", p["season"], _last_boot_before_swap(full, p["season"])["castaway_id"]), *_swap(full, p)]


def _idol_story_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_first_own_play(full, p["castaway_id"], p["season"])["episode"]))]


SCOPE_NEEDS = {
    "utc_finish_place": "exit", "utc_how_it_ended": "exit", "utc_merge_day": scoped._merge,
    "utc_season_confessionals": "finale", "utc_swap_to": _swap, "utc_boot_episode_title": "exit",
    "utc_top_woman_immunity": "finale", "utc_tribe_most_jurors": "finale",
    "utc_immunity_leader_place": "finale", "utc_first_boot_hometown": _first_boot_exit,
    "utc_final_immunity_jury_votes": "finale", "utc_winner_debut_place": "finale",
    "utc_won_season_returnees": _won_finale, "utc_first_juror_votes_against": _first_juror_exit,
    "utc_winner_swap_tribe": "finale",
    "utc_jury_split": "finale", "utc_shared_tribes": _pre_merge, "utc_tribemates_against": "exit",
    "utc_debut_compare": _debut_exits,
    "utc_boots_between": _last_episode, "utc_left_at_merge": scoped._merge, "utc_first_reward": _first_reward_episode,
    "utc_last_idol_play": "finale", "utc_last_boot_before_swap": _before_swap_exit,
    "utc_tribe_skipped_tribal": scoped._merge, "utc_didnt_vote_boot": "exit", "utc_tribe_missed_jury": "finale",
    "utc_returnees_before_jury": "finale", "utc_women_missed_merge": scoped._merge,
    "utc_why_left": "exit", "utc_boot_story": "exit", "utc_ftc_story": "finale", "utc_merge_story": scoped._merge,
    "utc_swap_story": _swap, "utc_idol_story": _idol_story_episode, "utc_counterfactual": "finale",
}
SCOPE_AS_AIRED = {"utc_age_then", "utc_hometown", "utc_career_days", "utc_career_votes_cast", "utc_most_episodes",
                  "utc_biggest_finale", "utc_state_count", "utc_biggest_jury", "utc_tribe_location",
                  "utc_career_days_compare", "utc_career_confessionals_compare", "utc_age_gap",
                  "utc_tribemates_returned", "utc_first_idol_season", "utc_first_swap_season", "utc_debut_year",
                  "utc_winners_no_reward_since", "utc_seasons_returnees_no_ftc", "utc_seasons_no_triple_immunity",
                  "utc_future", "utc_nobody", "utc_opinion", "utc_theme_song", "utc_fake_tribe", "utc_fan_favorite",
                  "utc_school"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)


# -- the plan --------------------------------------------------------------------------------------------
def plan(g: GoldData) -> list[tuple[str, dict]]:
    """People, seasons and tribes the gold, held-out, fresh, unseen, novel, untried and unasked sets ask little or
    nothing about."""
    top_season = max(g.seasons)
    return [
        # single facts
        ("utc_finish_place", by_name(g, "Andrew Savage", season=31)),
        ("utc_age_then", by_name(g, "Denise Stapley", season=25)),
        ("utc_how_it_ended", by_name(g, "Dan Spilo", season=39)), ("utc_merge_day", {"season": 26}),
        ("utc_season_confessionals", by_name(g, "Sabrina Thompson", season=24)),
        ("utc_swap_to", by_name(g, "Michaela", season=33)),
        ("utc_hometown", by_name(g, "Jimmy Johnson", note=", the football coach who played Nicaragua")),
        ("utc_boot_episode_title", by_name(g, "Brandon Hantz", season=23)),
        # aggregation
        ("utc_career_days", by_name(g, "Ciera")), ("utc_career_votes_cast", by_name(g, "Phillip Sheppard")),
        ("utc_most_episodes", {}), ("utc_biggest_finale", {}), ("utc_state_count", {"state": "Florida"}),
        ("utc_biggest_jury", {}), ("utc_top_woman_immunity", {"season": 35}),
        ("utc_tribe_most_jurors", {"season": 28}),
        # multi-hop
        ("utc_tribe_location", {"tribe": "Tambaqui"}), ("utc_immunity_leader_place", {"season": 46}),
        ("utc_first_boot_hometown", {"season": 21}), ("utc_final_immunity_jury_votes", {"season": 29}),
        ("utc_winner_debut_place", {"season": 26}), ("utc_won_season_returnees", by_name(g, "Sophie Clarke")),
        ("utc_first_juror_votes_against", {"season": 43}), ("utc_winner_swap_tribe", {"season": 37}),
        # cross-entity
        ("utc_career_days_compare", pair(g, "Corinne Kaplan", "Alicia Calaway")),
        ("utc_jury_split", pair(g, "Wendell", "Domenick", season=36)),
        ("utc_career_confessionals_compare", pair(g, "Richard Hatch", "Susan Hawk")),
        ("utc_shared_tribes", pair(g, "Will Wahl", "Hannah Shapiro", season=33)),
        ("utc_tribemates_against", by_name(g, "Max Dawson", season=30)),
        ("utc_debut_compare", pair(g, "Tom Buchanan", "Kathy Vavrick-O'Brien")),
        ("utc_age_gap", pair(g, "Dan Lembo", "Ben Henry", season=21)),
        ("utc_tribemates_returned", by_name(g, "Kat Edorsson", season=24)),
        # temporal
        ("utc_boots_between", {"season": 43, "first": 3, "last": 6}), ("utc_left_at_merge", {"season": 28}),
        ("utc_first_idol_season", {}), ("utc_first_reward", {"season": 38}), ("utc_first_swap_season", {}),
        ("utc_last_idol_play", {"season": 39}), ("utc_last_boot_before_swap", {"season": 21}),
        ("utc_debut_year", by_name(g, "Tom Westman")),
        # negation
        ("utc_tribe_skipped_tribal", {"season": 41}), ("utc_didnt_vote_boot", by_name(g, "Edgardo Rivera", season=14)),
        ("utc_tribe_missed_jury", {"season": 49, "tribe": "Kele"}), ("utc_returnees_before_jury", {"season": 16}),
        ("utc_winners_no_reward_since", {"since": 36}), ("utc_seasons_returnees_no_ftc", {}),
        ("utc_women_missed_merge", {"season": 47}), ("utc_seasons_no_triple_immunity", {}),
        # narrative: exits none of the other sets asks about (two medevacs, a quit, a blindside), a final, a merge, a
        # swap, an idol played for someone else
        ("utc_why_left", by_name(g, "Randen Montalvo", season=46, v=0, key=["numb"])),
        ("utc_why_left", by_name(g, "Hannah Rose", season=45, v=1)),
        ("utc_why_left", by_name(g, "Mike Borassi", season=19, v=2, key=["hit"])),
        ("utc_boot_story", by_name(g, "Scot Pollard", season=32)), ("utc_ftc_story", {"season": 9}),
        ("utc_merge_story", {"season": 44}), ("utc_swap_story", {"season": 48}),
        ("utc_idol_story", by_name(g, "Danny Massa", season=44)),
        # unanswerable
        ("utc_future", {"future": top_season + 17}), ("utc_nobody", {"name": "Gideon Blackwood"}),
        ("utc_opinion", {"season": 31}), ("utc_theme_song", {}), ("utc_fake_tribe", {"tribe": "Ravatoa"}),
        ("utc_counterfactual", {**by_name(g, "Danielle DiLorenzo", season=12),
                                "other": by_name(g, "Terry Deitz")["castaway_id"]}),
        ("utc_fan_favorite", {"season": 19}), ("utc_school", by_name(g, "Adam Klein")),
    ]


def build_untouched_set(g: GoldData) -> list[Question]:
    """The untouched set; question ids are "utc-<category>-NN" so they never collide with the other sets'."""
    return build_planned(g, "utc", plan)
