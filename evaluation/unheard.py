"""The unheard question set: a ninth blind set, for how the agent generalises to questions nobody tuned it on.

The gold, held-out, fresh, unseen, novel, untried, unasked and untouched sets have all been looked at while the
agent grew; this one was written without reading the agent, linker, catalog, Cypher or retriever code and without
running the agent on any set. It asks about people, seasons and tribes the other eight ask about little or not at
all, only from the core survivoR tables (castaways, castaway_details, season_summary, vote_history,
jury_votes, challenge_results, confessionals, advantage_movement/advantage_details, tribe_mapping, episodes):
nicknames and vote tallies, what an idol cancelled, how the tribes were split, single-season records (the most
confessionals, the most names written down), the season with the most of something, hometowns counted by city and
winners by state, two people's votes side by side (how often they agreed, whom both targeted), jurors a winner
had voted out who still voted for them, the first and the last time something happened (fire-making, a unanimous
jury, returning players), an episode named by its air date, negations over states, three-time players, jurors and
idols taken home unplayed, and stories of a rock draw, a fire-making loss, a first tribal council. The wording is
the way people type to a chatbot: lower case, "s41"-style references, nicknames, comparisons, two questions in one
message. Answers are computed from the survivoR tables by the templates below, with the gold set's answer parts
and, where one fits, an existing template's or helper's answer code.

    build_unheard_set(g) -> list[Question]     # `python -m evaluation gold --set unheard` writes the snapshot
    python -m evaluation run --set unheard     # run it (the default set stays the gold set)

Template names start with "uh_" and question ids with "uh-" (no other set uses either); each template declares
what a viewer scope needs to have aired (SCOPE_NEEDS, SCOPE_AS_AIRED), registered with evaluation.scoped, so
`--watched` works on this set too.
"""

from __future__ import annotations

import pandas as pd

from evaluation import fresh as fr
from evaluation import gold_multi as gm
from evaluation import novel as nv
from evaluation import scoped
from evaluation import unasked as ua
from evaluation import unseen as un
from evaluation import untouched as utc
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
from evaluation.matching import contains_prefix
from evaluation.untried import _job_forms, _swap_episode

UNHEARD_FILE = QUESTION_SETS["unheard"]
FIRE_F4 = "Lost final 4 fire challenge"  # the final-four fire-making challenge (not a tie-break fire)
US_STATES = ("Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware",
             "Florida", "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky",
             "Louisiana", "Maine", "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri",
             "Montana", "Nebraska", "Nevada", "New Hampshire", "New Jersey", "New Mexico", "New York",
             "North Carolina", "North Dakota", "Ohio", "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island",
             "South Carolina", "South Dakota", "Tennessee", "Texas", "Utah", "Vermont", "Virginia", "Washington",
             "West Virginia", "Wisconsin", "Wyoming")
STATE_SPELLINGS = {"Pensylvania": "Pennsylvania", "Tennasse": "Tennessee"}  # as the castaways table has them
SPLIT_WORDS = {"ethnicity": ["ethnicity", "race", "ethnic"], "gender": ["gender", "men", "women", "sex"],
               "age": ["age"], "generation": ["generation"], "social class": ["social class", "class", "collar"]}
BOOT_WORDS = ["voted out", "eliminated", "tribal council", "blindside"]


def _scoped(g: GoldData) -> bool:
    """A viewer scope's data (evaluation.scoped): what the full data guarantees may not hold there yet."""
    return getattr(g, "viewer_scope", None) is not None


def _call_words(g: GoldData, castaway_id: str, s: int) -> list[str]:
    """The words an answer names a person by: their full name's and the short name the season used ('Kathy')."""
    short = str(fr._row(g, castaway_id, s)["castaway"])
    return list(dict.fromkeys([*gm._name_words(g, castaway_id), short]))


def _idol_plays_all(g: GoldData) -> pd.DataFrame:
    adv = g.advantages
    return adv[adv["event"].str.startswith("Played", na=False)
               & adv["advantage_type"].str.lower().str.contains(ua.IDOL)]


def _one_round(g: GoldData, s: int, episode: int, order: int) -> None:
    v = g.votes[(g.votes["season"] == s) & (g.votes["episode"] == episode) & (g.votes["order"] == order)]
    assert v["vote_order"].nunique() == 1, (s, episode, order)  # no revote: one vote each


def _boot_votes(g: GoldData, castaway_id: str, s: int) -> pd.DataFrame:
    """The one round of votes that sent someone home (no revote, no idol)."""
    v = g.votes[(g.votes["season"] == s) & (g.votes["voted_out_id"] == castaway_id)]
    assert v["vote_order"].nunique() == 1 and v["episode"].nunique() == 1, castaway_id
    assert not v["nullified"].eq(True).any(), castaway_id  # every vote counted
    return v


def _first_vote(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    v = g.votes[(g.votes["season"] == s) & (g.votes["castaway_id"] == castaway_id)]
    first = v.sort_values(["episode", "order", "vote_order"]).iloc[0]
    _one_round(g, s, first["episode"], first["order"])
    return first


def _own_idol_play(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    plays = ua._idol_plays(g, s)
    mine = plays[plays["castaway_id"] == castaway_id]
    return mine.loc[nv._one(list(mine.index), castaway_id)[0]]


def _idol_find(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    found = fr._idols_found(g)
    mine = found[(found["season"] == s) & (found["castaway_id"] == castaway_id)]
    return mine.loc[nv._one(list(mine.index), castaway_id)[0]]


def _first_idol_finder(g: GoldData, s: int) -> str:
    found = fr._idols_found(g)
    found = found[found["season"] == s].sort_values(["episode", "day"])
    first = found[(found["episode"] == found["episode"].iloc[0]) & (found["day"] == found["day"].iloc[0])]
    return nv._one(sorted(set(first["castaway_id"])), s)[0]


def _fire_loser(g: GoldData, s: int) -> pd.Series:
    cast = g.season_cast(s)
    lost = cast[cast["result"] == FIRE_F4]
    return lost.loc[nv._one(list(lost.index), s)[0]]


def _jury_votes_for(g: GoldData, castaway_id: str, s: int) -> int:
    jury = g.jury
    return int(((jury["season"] == s) & (jury["finalist_id"] == castaway_id)).sum())


def _finalist_season(g: GoldData, castaway_id: str) -> int:
    rows = g.cast[(g.cast["castaway_id"] == castaway_id) & g.cast["finalist"]]
    return int(nv._one(list(rows["season"]), castaway_id)[0])


def _first_vote_against(g: GoldData, castaway_id: str, s: int) -> int:
    v = g.votes[(g.votes["season"] == s) & (g.votes["vote_id"] == castaway_id)]
    return int(v["episode"].min())


def _first_boot_after_swap(g: GoldData, s: int) -> pd.Series:
    cast = g.season_cast(s)
    after = cast[(cast["episode"] >= _swap_episode(g, s)) & ~cast["finalist"]].sort_values("order")
    row = after.iloc[0]
    assert "voted out" in str(row["result"]), (s, row["result"])
    return row


def _rock_draw(g: GoldData, s: int) -> pd.Series:
    vh = g.vote_history
    drawn = vh[(vh["season"] == s) & (vh["vote_event"] == "Rock draw") & (vh["vote_event_outcome"] == "Eliminated")]
    return drawn.loc[nv._one(list(drawn.index), s)[0]]


def _air_date(g: GoldData, s: int, episode: int) -> pd.Timestamp:
    eps = g.episodes
    dates = list(eps[(eps["season"] == s) & (eps["episode"] == episode)]["episode_date"])
    return pd.Timestamp(nv._one(dates, (s, episode))[0])


def _winners_tribe(g: GoldData, s: int) -> str:
    return str(fr._row(g, g.winner(s), s)["original_tribe"])


# -- single facts ----------------------------------------------------------------------------------------
@template("uh_nickname", "single_fact")
def uh_nickname(g: GoldData, castaway_id: str, season: int, call: str):
    nick = str(fr._row(g, castaway_id, season)["castaway"])
    assert nick.lower() not in call.lower(), (call, nick)  # a nickname, not a part of the name asked with
    return f"what nickname did {call} go by on {_title(g, season)}?", [phrase(nick)]


@template("uh_boot_tally", "single_fact")
def uh_boot_tally(g: GoldData, castaway_id: str, season: int, call: str):
    counts = sorted(_boot_votes(g, castaway_id, season).groupby("vote_id").size(), reverse=True)
    tally = "-".join(str(n) for n in counts)
    return f"When {call} went home on {_title(g, season)}, what was the vote?", [
        phrase(tally, tally.replace("-", "–"))]


@template("uh_idol_cancelled", "single_fact")
def uh_idol_cancelled(g: GoldData, castaway_id: str, season: int, call: str):
    play = _own_idol_play(g, castaway_id, season)
    assert play["played_for_id"] == castaway_id, call  # she played it for herself
    return f"{call} played an idol on {_title(g, season)} - how many votes did it cancel out?", [
        number(play["votes_nullified"])]


@template("uh_average_viewers", "single_fact")
def uh_average_viewers(g: GoldData, season: int):
    viewers = float(g.summary.loc[season, "viewers_mean"])
    return f"roughly how many people watched {_title(g, season)} each week, on average?", [ua._millions(viewers)]


@template("uh_tribe_split", "single_fact")
def uh_tribe_split(g: GoldData, season: int):
    setup = g.summary.loc[season, "tribe_setup"]
    setup = "" if pd.isna(setup) else str(setup)
    split = setup.split("divided by", 1)[-1].split(":")[0].strip().lower() if "divided by" in setup else ""
    assert _scoped(g) or split in SPLIT_WORDS, (season, setup)  # the premise: divided along one line
    return f"At the start of {_title(g, season)}, how were the tribes divided up?", [
        phrase(*SPLIT_WORDS.get(split, []))]


@template("uh_first_vote", "single_fact")
def uh_first_vote(g: GoldData, castaway_id: str, season: int, call: str):
    return f"who did {call} vote for at his very first tribal council on {_title(g, season)}", [
        entity(g, [_first_vote(g, castaway_id, season)["vote_id"]])]


@template("uh_finale_rating", "single_fact")
def uh_finale_rating(g: GoldData, season: int):
    eps = g.episodes
    finale = eps[(eps["season"] == season) & (eps["episode_label"] == "Finale")]
    return f"What's the {_title(g, season)} finale rated on IMDb?", [
        number(*nv._one(list(finale["imdb_rating"]), season))]


@template("uh_final_four", "single_fact")
def uh_final_four(g: GoldData, season: int):
    cast = g.season_cast(season)
    return f"s{season} final four - who was in it?", [entities(g, cast[cast["place"] <= 4]["castaway_id"])]


# -- aggregation -----------------------------------------------------------------------------------------
@template("uh_confessional_record", "aggregation")
def uh_confessional_record(g: GoldData):
    per = g.confessionals.groupby(["season", "castaway_id"])["confessional_count"].sum()
    best = top(per)
    return "Who has the record for the most confessionals in one season, and how many did they get?", [
        entity(g, [c for _, c in best]), number(*([per.max()] if len(per) else []))]


@template("uh_tribals_attended", "aggregation")
def uh_tribals_attended(g: GoldData, castaway_id: str, season: int, call: str):
    vh = g.vote_history
    mine = vh[(vh["season"] == season) & (vh["castaway_id"] == castaway_id)]
    return f"how many tribal councils did {call} sit through on {_title(g, season)}?", [
        number(len(mine[["episode", "order"]].drop_duplicates()))]


@template("uh_most_immunity_challenges", "aggregation")
def uh_most_immunity_challenges(g: GoldData):
    imm = fr._immunity(g)
    per = imm[imm["season"].isin(g.finished_seasons)].groupby("season")["challenge_id"].nunique()
    return "Which season had the most individual immunity challenges?", [season(*top(per))]


@template("uh_most_idols_played", "aggregation")
def uh_most_idols_played(g: GoldData):
    plays = _idol_plays_all(g)
    per = plays[plays["season"].isin(g.finished_seasons)].groupby("season").size()
    return "what season saw the most hidden immunity idols played?", [season(*top(per))]


@template("uh_state_most_winners", "aggregation")
def uh_state_most_winners(g: GoldData):
    won = g.cast[g.cast["winner"]].drop_duplicates("castaway_id")  # a two-time winner counted once
    return "Which state has produced the most Sole Survivors?", [phrase(*top(won.groupby("state").size()))]


@template("uh_votes_cast_record", "aggregation")
def uh_votes_cast_record(g: GoldData):
    per = g.votes.groupby(["season", "castaway_id"]).size()
    return "who wrote down the most names at tribal council in a single season?", [
        entity(g, [c for _, c in top(per)])]


@template("uh_season_most_confessionals", "aggregation")
def uh_season_most_confessionals(g: GoldData):
    conf = g.confessionals
    per = conf[conf["season"].isin(g.finished_seasons)].groupby("season")["confessional_count"].sum()
    return "In total, which season of Survivor had the most confessionals?", [season(*top(per))]


@template("uh_city_most_castaways", "aggregation")
def uh_city_most_castaways(g: GoldData):
    people = g.cast.drop_duplicates("castaway_id")  # a returnee counted once
    return "what city have the most survivor castaways come from", [phrase(*top(people.groupby("city").size()))]


# -- multi-hop -------------------------------------------------------------------------------------------
@template("uh_debut_season_winner", "multi_hop")
def uh_debut_season_winner(g: GoldData, season: int):
    winner = g.winner(season)
    debut = utc._debut(g, winner)
    assert debut < season, season  # a returning winner
    return f"The {_title(g, season)} winner - who won the season they first played?", [
        entity(g, [g.winner(debut)])]


@template("uh_final_immunity_age", "multi_hop")
def uh_final_immunity_age(g: GoldData, season: int):
    who = utc._final_immunity_winner(g, season)
    return f"how old was whoever won the last immunity challenge on {_title(g, season)}?", [
        number(fr._row(g, who, season)["age"])]


@template("uh_vote_magnet_exit", "multi_hop")
def uh_vote_magnet_exit(g: GoldData, season: int):
    votes = g.votes[g.votes["season"] == season]
    magnet = nv._one(top(votes.groupby("vote_id").size()), season)[0]
    row = fr._row(g, magnet, season)
    assert not row["finalist"], season  # they went home
    return f"On {_title(g, season)}, the person with the most votes against them - which episode did they go " \
           "home in?", [number(row["episode"])]


@template("uh_fire_loser_tribe", "multi_hop")
def uh_fire_loser_tribe(g: GoldData, season: int):
    row = _fire_loser(g, season)
    return f"who lost fire on s{season} and what tribe were they on at the start?", [
        entity(g, [row["castaway_id"]]), phrase(row["original_tribe"])]


@template("uh_idol_finder_ftc_vote", "multi_hop")
def uh_idol_finder_ftc_vote(g: GoldData, season: int):
    finder = _first_idol_finder(g, season)
    jury = g.jury[(g.jury["season"] == season) & (g.jury["castaway_id"] == finder)]
    assert _scoped(g) or len(jury) == 1, season  # the finder sat on the jury
    return f"whoever found the first idol of season {season} - who did they vote for to win?", [
        entity(g, jury["finalist_id"])]


@template("uh_first_juror_job", "multi_hop")
def uh_first_juror_job(g: GoldData, season: int):
    first = un._jurors(g, season)["castaway_id"].iloc[0]
    job = str(nv._bio(g, first, "occupation"))
    return f"What does the first {_title(g, season)} juror do for a living?", [phrase(*_job_forms(job))]


@template("uh_immune_at_boot", "multi_hop")
def uh_immune_at_boot(g: GoldData, castaway_id: str, season: int, call: str):
    ep = int(fr._row(g, castaway_id, season)["episode"])
    imm = fr._immunity(g)
    imm = imm[(imm["season"] == season) & (imm["episode"] == ep)]
    assert imm["challenge_id"].nunique() == 1, (call, ep)  # one individual immunity that episode
    out = g.season_cast(season)
    assert list(out[out["episode"] == ep]["castaway_id"]) == [castaway_id], (call, ep)  # one tribal, theirs
    return f"Who had the individual immunity necklace the night {call} got voted out of {_title(g, season)}?", [
        entity(g, imm["castaway_id"])]


@template("uh_winner_tribe_jurors", "multi_hop")
def uh_winner_tribe_jurors(g: GoldData, season: int):
    cast = g.season_cast(season)
    tribe = _winners_tribe(g, season)
    return f"{_title(g, season)}: how many people from the winner's starting tribe ended up on the jury?", [
        number((cast["jury"] & (cast["original_tribe"] == tribe)).sum())]


# -- cross-entity ----------------------------------------------------------------------------------------
@template("uh_same_votes", "cross_entity")
def uh_same_votes(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    v = g.votes[g.votes["season"] == season]
    keys = ["episode", "order", "vote_order"]
    both = v[v["castaway_id"] == a][[*keys, "vote_id"]].merge(v[v["castaway_id"] == b][[*keys, "vote_id"]], on=keys)
    return f"how many times did {call_a} and {call_b} vote for the same person on {_title(g, season)}?", [
        number((both["vote_id_x"] == both["vote_id_y"]).sum())]


@template("uh_played_with_twice", "cross_entity")
def uh_played_with_twice(g: GoldData, castaway_id: str, call: str):
    mine = g.seasons_of(castaway_id)
    others = g.cast[g.cast["season"].isin(mine) & (g.cast["castaway_id"] != castaway_id)]
    times = others.groupby("castaway_id")["season"].nunique()
    return f"Who has {call} played with in more than one season?", [entities(g, times[times >= 2].index)]


@template("uh_booted_jurors_for", "cross_entity")
def uh_booted_jurors_for(g: GoldData, castaway_id: str, season: int, call: str):
    v = g.votes[(g.votes["season"] == season) & (g.votes["castaway_id"] == castaway_id)]
    jurors = set(un._jurors(g, season)["castaway_id"])
    booted = [c for c in dict.fromkeys(v[v["vote_id"] == v["voted_out_id"]]["vote_id"]) if c in jurors]
    jury = g.jury[(g.jury["season"] == season) & (g.jury["finalist_id"] == castaway_id)]
    return f"{call} won {_title(g, season)} - which of the jurors she voted out still voted for her?", [
        entities(g, [c for c in booted if c in set(jury["castaway_id"])])]


@template("uh_shared_targets", "cross_entity")
def uh_shared_targets(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    v = g.votes[g.votes["season"] == season]
    both = set(v[v["castaway_id"] == a]["vote_id"]) & set(v[v["castaway_id"] == b]["vote_id"])
    return f"On {_title(g, season)}, whose names did both {call_a} and {call_b} write down at some point?", [
        entities(g, sorted(both))]


@template("uh_viewers_compare", "cross_entity")
def uh_viewers_compare(g: GoldData, a: int, b: int):
    viewers = pd.to_numeric(g.summary.loc[[a, b], "viewers_mean"], errors="coerce")
    assert _scoped(g) or viewers[a] != viewers[b], viewers
    return f"which got more viewers on average, {_title(g, a)} or {_title(g, b)}?", [season(*top(viewers))]


@template("uh_older_winner", "cross_entity")
def uh_older_winner(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    age = pd.Series({c: fr._row(g, c, nv._one(fr._won_seasons(g, c), c)[0])["age"] for c in (a, b)})
    assert _scoped(g) or age[a] != age[b], age
    return f"Who was older when they won: {call_a} or {call_b}?", [entity(g, top(age))]


@template("uh_runner_up_votes_compare", "cross_entity")
def uh_runner_up_votes_compare(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    votes = pd.Series({c: _jury_votes_for(g, c, _finalist_season(g, c)) for c in (a, b)})
    assert _scoped(g) or votes[a] != votes[b], votes
    sa, sb = _finalist_season(g, a), _finalist_season(g, b)
    return f"{call_a} on {_title(g, sa)} vs {call_b} on {_title(g, sb)}: both lost at final tribal, but who got " \
           "more jury votes?", [entity(g, top(votes))]


@template("uh_tribemates_for", "cross_entity")
def uh_tribemates_for(g: GoldData, castaway_id: str, season: int, call: str):
    row = fr._row(g, castaway_id, season)
    assert row["finalist"], call
    cast = g.season_cast(season).set_index("castaway_id")["original_tribe"]
    jury = g.jury[(g.jury["season"] == season) & (g.jury["finalist_id"] == castaway_id)]
    return f"at the {_title(g, season)} final tribal, which of {call}'s original {row['original_tribe']} " \
           "tribemates voted for him?", [entities(g, [c for c in jury["castaway_id"]
                                                      if cast[c] == row["original_tribe"]])]


# -- temporal --------------------------------------------------------------------------------------------
@template("uh_first_fire_season", "temporal")
def uh_first_fire_season(g: GoldData):
    lost = g.cast[g.cast["result"] == FIRE_F4]["season"]
    return "which season was the first to have the final four fire-making challenge?", [
        season(*([int(lost.min())] if len(lost) else []))]  # none yet for an early viewer


@template("uh_last_unanimous", "temporal")
def uh_last_unanimous(g: GoldData):
    unanimous = []
    for s in g.finished_seasons:
        jury = g.jury[g.jury["season"] == s]
        if len(jury) and jury["finalist_id"].eq(g.winner(s)).all():
            unanimous.append(s)
    last = max(unanimous) if unanimous else None
    return "When was the last time somebody won Survivor with every jury vote? who was it?", [
        season(*([last] if last else [])), entity(g, [g.winner(last)] if last else [])]


@template("uh_first_returnee_season", "temporal")
def uh_first_returnee_season(g: GoldData):
    back = [s for s in g.seasons if len(utc._returnees(g, s))]
    return "first season that brought back players who'd been on before?", [season(*back[:1])]


@template("uh_idol_find_day", "temporal")
def uh_idol_find_day(g: GoldData, castaway_id: str, season: int, call: str):
    return f"On what day did {call} find his idol on {_title(g, season)}?", [
        number(_idol_find(g, castaway_id, season)["day"])]


@template("uh_swap_day", "temporal")
def uh_swap_day(g: GoldData, season: int):
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Swapped")]
    days = sorted(set(t[t["episode"] == _swap_episode(g, season)]["day"].dropna()))
    return f"how many days into {_title(g, season)} did the tribe swap happen?", [number(*nv._one(days, season))]


@template("uh_first_boot_after_swap", "temporal")
def uh_first_boot_after_swap(g: GoldData, season: int):
    return f"Once the tribes were switched up on {_title(g, season)}, who was the first one voted out?", [
        entity(g, [_first_boot_after_swap(g, season)["castaway_id"]])]


@template("uh_airdate_boot", "temporal")
def uh_airdate_boot(g: GoldData, season: int, episode: int):
    when = _air_date(g, season, episode)
    cast = g.season_cast(season)
    out = cast[(cast["episode"] == episode) & ~cast["finalist"]]
    row = out.loc[nv._one(list(out.index), (season, episode))[0]]
    assert "voted out" in str(row["result"]), row["result"]
    return f"who got voted off in the {_title(g, season)} episode that aired {when:%B} {when.day}, {when.year}?", [
        entity(g, [row["castaway_id"]])]


@template("uh_first_vote_against", "temporal")
def uh_first_vote_against(g: GoldData, castaway_id: str, season: int, call: str):
    return f"{call} went a long time without a vote on {_title(g, season)}. which episode did someone first " \
           "write his name down?", [number(_first_vote_against(g, castaway_id, season))]


# -- negation --------------------------------------------------------------------------------------------
@template("uh_states_never", "negation")
def uh_states_never(g: GoldData):
    seen = {STATE_SPELLINGS.get(s, s) for s in g.cast["state"].dropna()}
    return "Which US states have never had a single castaway on the show?", [
        phrases([s for s in US_STATES if s not in seen])]


@template("uh_three_timers_no_ftc", "negation")
def uh_three_timers_no_ftc(g: GoldData):
    played = g.seasons_played()
    finalists = set(g.cast[g.cast["finalist"]]["castaway_id"])
    return "who has played three or more times and never once made it to final tribal council?", [
        entities(g, [c for c in played[played >= 3].index if c not in finalists])]


@template("uh_merged_without_tribal", "negation")
def uh_merged_without_tribal(g: GoldData, season: int):
    merge_ep = un._merge_episode(g, season)
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Merged")]
    vh = g.vote_history
    went = set(vh[(vh["season"] == season) & (vh["episode"] < merge_ep)]["castaway_id"])
    return f"Who on {_title(g, season)} made the merge without ever having gone to tribal council?", [
        entities(g, [c for c in dict.fromkeys(t["castaway_id"]) if c not in went])]


@template("uh_jurors_no_immunity", "negation")
def uh_jurors_no_immunity(g: GoldData, season: int):
    imm = fr._immunity(g)
    won = set(imm[imm["season"] == season]["castaway_id"])
    return f"which s{season} jurors never won an individual immunity?", [
        entities(g, [c for c in un._jurors(g, season)["castaway_id"] if c not in won])]


@template("uh_seasons_no_woman_immunity", "negation")
def uh_seasons_no_woman_immunity(g: GoldData):
    imm = fr._immunity(g)
    women = nv._women(g)
    return "Were there any seasons where no woman won individual immunity? which ones", [
        seasons(s for s in g.finished_seasons if not imm[imm["season"] == s]["castaway_id"].isin(women).any())]


@template("uh_first_votes_sent_home", "negation")
def uh_first_votes_sent_home(g: GoldData, season: int):
    cast = g.season_cast(season)
    boots = cast[cast["result"].str.contains("voted out", na=False)].sort_values("order")
    v = g.votes[g.votes["season"] == season]
    picked = []
    for _, row in boots.iterrows():
        against = v[v["vote_id"] == row["castaway_id"]]
        if len(against) and not (against["order"] < row["order"]).any():
            picked.append(row["castaway_id"])
    return f"On {_title(g, season)}, who went home without ever having a vote cast against them before that night?", [
        entities(g, picked)]


@template("uh_winners_not_last_immunity", "negation")
def uh_winners_not_last_immunity(g: GoldData, since: int):
    imm = fr._immunity(g)
    picked = []
    for s in g.finished_seasons:
        if s >= since:
            mine = imm[imm["season"] == s]
            if g.winner(s) not in set(mine[mine["challenge_id"] == mine["challenge_id"].max()]["castaway_id"]):
                picked.append(g.winner(s))
    return f"From season {since} on, which winners did NOT win the final immunity challenge of their season?", [
        entities(g, picked)]


@template("uh_went_home_with_idol", "negation")
def uh_went_home_with_idol(g: GoldData, season: int):
    adv = g.advantages
    held = adv[(adv["season"] == season) & (adv["event"] == "Voted out with advantage")
               & adv["advantage_type"].str.lower().str.contains(ua.IDOL)]
    return f"which s{season} players got voted out without ever playing the idol they were holding?", [
        entities(g, list(dict.fromkeys(held["castaway_id"])))]


# -- narrative -------------------------------------------------------------------------------------------
@template("uh_medevac_story", "narrative")
def uh_medevac_story(g: GoldData, castaway_id: str, season: int, call: str, key: list | None = None):
    assert str(fr._row(g, castaway_id, season)["result"]) == un.MEDEVAC, call  # the premise
    _, parts = gm.why_left(g, castaway_id, season)
    return f"why did {call} have to leave season {season}? was he hurt?", \
        (un._with_key_words(g, parts, key) if key else parts)


@template("uh_quit_story", "narrative")
def uh_quit_story(g: GoldData, castaway_id: str, season: int, call: str, key: list | None = None):
    row = fr._row(g, castaway_id, season)
    assert str(row["result"]) == "Quit", call  # the premise
    ep = int(row["episode"])
    groups = [_call_words(g, castaway_id, season), ["quit", "leave", "left", "withdr", "asked to"], *([key] if key
                                                                                                      else [])]
    assert all(any(contains_prefix(nv._summary_text(g, season, ep), w) for w in grp) for grp in groups), groups
    return f"{call} quit {_title(g, season)} - what made her give up?", [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id]})]


@template("uh_boot_story", "narrative")
def uh_boot_story(g: GoldData, castaway_id: str, season: int, call: str):
    parts = nv.nv_boot_story(g, castaway_id, season, call)[1]
    parts[0]["groups"][0] = _call_words(g, castaway_id, season)
    return f"How did {call} get sent home on {_title(g, season)}? walk me through it", parts


@template("uh_ftc_story", "narrative")
def uh_ftc_story(g: GoldData, season: int):
    return f"{_title(g, season)} final tribal council - who won, who lost, and what was the vote?", \
        gm.final_tribal_story(g, season)[1]


@template("uh_merge_story", "narrative")
def uh_merge_story(g: GoldData, season: int):
    return f"what went on when the {_title(g, season)} tribes merged, and who went home first after that?", \
        gm.merge_story(g, season)[1]


@template("uh_fire_story", "narrative")
def uh_fire_story(g: GoldData, season: int):
    row = _fire_loser(g, season)
    groups = [_call_words(g, row["castaway_id"], season), ["fire", "firemaking"], ["jury"]]
    ep = int(row["episode"])
    assert all(any(contains_prefix(nv._summary_text(g, season, ep), w) for w in grp) for grp in groups), groups
    return f"Tell me about the fire-making showdown at the end of season {season}.", [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [row["castaway_id"]]})]


@template("uh_rock_story", "narrative")
def uh_rock_story(g: GoldData, season: int):
    drawn = _rock_draw(g, season)
    ep, cid = int(drawn["episode"]), drawn["castaway_id"]
    groups = [_call_words(g, cid, season), ["rock"], ["tie", "tied", "deadlock", "revote"]]
    assert all(any(contains_prefix(nv._summary_text(g, season, ep), w) for w in grp) for grp in groups), groups
    return f"there was a rock draw on {_title(g, season)} right? how did it come to that and who went home?", [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [cid]})]


@template("uh_first_tribal_story", "narrative")
def uh_first_tribal_story(g: GoldData, season: int):
    first = nv._first_boot(g, season)
    _, parts = gm.episode_story(g, season, int(first["episode"]))
    assert parts[0]["support"]["castaway_ids"] == [first["castaway_id"]], parts  # the episode's one exit
    return f"How did the very first tribal council of {_title(g, season)} go?", parts


# -- unanswerable ----------------------------------------------------------------------------------------
@template("uh_future_host", "unanswerable")
def uh_future_host(g: GoldData, future: int):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    return f"is probst still going to be hosting by season {future}?", [abstain()]


@template("uh_nobody", "unanswerable")
def uh_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return f"Did {name} ever find a hidden immunity idol?", [abstain()]


@template("uh_opinion", "unanswerable")
def uh_opinion(g: GoldData, season: int):
    return f"in your opinion who played the smartest game on s{season}?", [abstain()]


@template("uh_weight_lost", "unanswerable")
def uh_weight_lost(g: GoldData, castaway_id: str, season: int, call: str):
    check_not_in_data(g, castaway_id, ("weight", "pound", "lbs", "kg"))
    return f"How much weight did {call} lose on {_title(g, season)}?", [abstain()]


@template("uh_fake_season", "unanswerable")
def uh_fake_season(g: GoldData, place: str):
    summary = g.data.raw("season_summary")
    text = " ".join(summary["season_name"].astype(str)) + " " + " ".join(summary["location"].astype(str)) + " " \
        + " ".join(summary["country"].astype(str))
    assert place.lower() not in text.lower(), place
    return f"Survivor: {place} - which tribe won the most immunity challenges?", [abstain()]


@template("uh_fire_counterfactual", "unanswerable")
def uh_fire_counterfactual(g: GoldData, castaway_id: str, season: int, call: str):
    assert fr._row(g, castaway_id, season)["result"] == FIRE_F4, call  # the premise: he lost at fire
    return f"if {call} had won fire on s{season} would he have won the whole thing?", [abstain()]


@template("uh_religion", "unanswerable")
def uh_religion(g: GoldData, castaway_id: str, call: str):
    check_not_in_data(g, castaway_id, ("religio", "faith", "church", "belief"))
    return f"What religion is {call}?", [abstain()]


@template("uh_still_friends", "unanswerable")
def uh_still_friends(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    check_not_in_data(g, a, ("friend", "relationship"))
    assert set(g.seasons_of(a)) & set(g.seasons_of(b)), (call_a, call_b)  # they did play together
    return f"are {call_a} and {call_b} still friends after the show?", [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _idol_play_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_own_idol_play(full, p["castaway_id"], p["season"])["episode"]))]


def _first_vote_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_first_vote(full, p["castaway_id"], p["season"])["episode"]))]


def _first_juror_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], un._jurors(full, p["season"])["castaway_id"].iloc[0])]


def _compared_finales(full: GoldData, p: dict) -> list:
    return [("finale", p["a"], None), ("finale", p["b"], None)]


def _won_finales(full: GoldData, p: dict) -> list:
    return [("finale", s, None) for c in (p["a"], p["b"]) for s in fr._won_seasons(full, c)]


def _finalist_finales(full: GoldData, p: dict) -> list:
    return [("finale", _finalist_season(full, c), None) for c in (p["a"], p["b"])]


def _idol_find_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_idol_find(full, p["castaway_id"], p["season"])["episode"]))]


def _swap(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _swap_episode(full, p["season"]))]


def _after_swap_exit(full: GoldData, p: dict) -> list:
    return [*_swap(full, p), ("exit", p["season"], _first_boot_after_swap(full, p["season"])["castaway_id"])]


def _first_vote_against_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _first_vote_against(full, p["castaway_id"], p["season"]))]


def _fire_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _fire_loser(full, p["season"])["castaway_id"])]


def _rock_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_rock_draw(full, p["season"])["episode"]))]


def _first_boot_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], nv._first_boot(full, p["season"])["castaway_id"])]


SCOPE_NEEDS = {
    "uh_boot_tally": "exit", "uh_idol_cancelled": _idol_play_episode, "uh_average_viewers": "finale",
    "uh_first_vote": _first_vote_episode, "uh_finale_rating": "finale", "uh_final_four": "finale",
    "uh_tribals_attended": "exit",
    "uh_debut_season_winner": "finale", "uh_final_immunity_age": "finale", "uh_vote_magnet_exit": "finale",
    "uh_fire_loser_tribe": _fire_exit, "uh_idol_finder_ftc_vote": "finale", "uh_first_juror_job": _first_juror_exit,
    "uh_immune_at_boot": "exit", "uh_winner_tribe_jurors": "finale",
    "uh_same_votes": "finale", "uh_booted_jurors_for": "finale", "uh_shared_targets": "finale",
    "uh_viewers_compare": _compared_finales, "uh_older_winner": _won_finales,
    "uh_runner_up_votes_compare": _finalist_finales, "uh_tribemates_for": "finale",
    "uh_idol_find_day": _idol_find_episode, "uh_swap_day": _swap, "uh_first_boot_after_swap": _after_swap_exit,
    "uh_airdate_boot": "episode", "uh_first_vote_against": _first_vote_against_episode,
    "uh_merged_without_tribal": scoped._merge, "uh_jurors_no_immunity": "finale",
    "uh_first_votes_sent_home": "finale", "uh_went_home_with_idol": "finale",
    "uh_medevac_story": "exit", "uh_quit_story": "exit", "uh_boot_story": "exit", "uh_ftc_story": "finale",
    "uh_merge_story": scoped._merge, "uh_fire_story": _fire_exit, "uh_rock_story": _rock_episode,
    "uh_first_tribal_story": _first_boot_exit, "uh_fire_counterfactual": "exit",
}
SCOPE_AS_AIRED = {"uh_nickname", "uh_tribe_split", "uh_confessional_record", "uh_most_immunity_challenges",
                  "uh_most_idols_played", "uh_state_most_winners", "uh_votes_cast_record",
                  "uh_season_most_confessionals", "uh_city_most_castaways", "uh_played_with_twice",
                  "uh_first_fire_season", "uh_last_unanimous", "uh_first_returnee_season", "uh_states_never",
                  "uh_three_timers_no_ftc", "uh_seasons_no_woman_immunity", "uh_winners_not_last_immunity",
                  "uh_future_host", "uh_nobody", "uh_opinion", "uh_weight_lost", "uh_fake_season", "uh_religion",
                  "uh_still_friends"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)


# -- the plan --------------------------------------------------------------------------------------------
def plan(g: GoldData) -> list[tuple[str, dict]]:
    """People, seasons and tribes the gold, held-out, fresh, unseen, novel, untried, unasked and untouched sets ask
    little or nothing about."""
    top_season = max(g.seasons)
    return [
        # single facts
        ("uh_nickname", by_name(g, "Dan DaSilva", season=38)),
        ("uh_boot_tally", by_name(g, "JP Hilsabeck", season=35)),
        ("uh_idol_cancelled", by_name(g, "Karishma", season=39)), ("uh_average_viewers", {"season": 7}),
        ("uh_tribe_split", {"season": 13}), ("uh_first_vote", by_name(g, "Rocky", season=14)),
        ("uh_finale_rating", {"season": 12}), ("uh_final_four", {"season": 41}),
        # aggregation
        ("uh_confessional_record", {}), ("uh_tribals_attended", by_name(g, "Taj", season=18)),
        ("uh_most_immunity_challenges", {}), ("uh_most_idols_played", {}), ("uh_state_most_winners", {}),
        ("uh_votes_cast_record", {}), ("uh_season_most_confessionals", {}), ("uh_city_most_castaways", {}),
        # multi-hop
        ("uh_debut_season_winner", {"season": 22}), ("uh_final_immunity_age", {"season": 17}),
        ("uh_vote_magnet_exit", {"season": 4}), ("uh_fire_loser_tribe", {"season": 48}),
        ("uh_idol_finder_ftc_vote", {"season": 49}), ("uh_first_juror_job", {"season": 24}),
        ("uh_immune_at_boot", by_name(g, "Chad Crittenden", season=9)), ("uh_winner_tribe_jurors", {"season": 32}),
        # cross-entity
        ("uh_same_votes", pair(g, "Eddie Fox", "Reynold", season=26)),
        ("uh_played_with_twice", by_name(g, "Ethan Zohn")),
        ("uh_booted_jurors_for", by_name(g, "Kenzie", season=46)),
        ("uh_shared_targets", pair(g, "Cassandra Franklin", "Dreamz", season=14)),
        ("uh_viewers_compare", {"a": 1, "b": 2}), ("uh_older_winner", pair(g, "Kyle Fraser", "Savannah Louie")),
        ("uh_runner_up_votes_compare", pair(g, "Neleh Dennis", "Kim Johnson")),
        ("uh_tribemates_for", by_name(g, "Chase Rice", season=21)),
        # temporal
        ("uh_first_fire_season", {}), ("uh_last_unanimous", {}), ("uh_first_returnee_season", {}),
        ("uh_idol_find_day", by_name(g, "Jay Starrett", season=33)), ("uh_swap_day", {"season": 32}),
        ("uh_first_boot_after_swap", {"season": 6}), ("uh_airdate_boot", {"season": 5, "episode": 6}),
        ("uh_first_vote_against", by_name(g, "Mick Trimming", season=19)),
        # negation
        ("uh_states_never", {}), ("uh_three_timers_no_ftc", {}), ("uh_merged_without_tribal", {"season": 31}),
        ("uh_jurors_no_immunity", {"season": 42}), ("uh_seasons_no_woman_immunity", {}),
        ("uh_first_votes_sent_home", {"season": 10}), ("uh_winners_not_last_immunity", {"since": 41}),
        ("uh_went_home_with_idol", {"season": 41}),
        # narrative: exits none of the other sets asks about (a medevac, a quit, a boot), a final, a merge, a
        # fire-making loss, a rock draw, a first tribal council
        ("uh_medevac_story", by_name(g, "Matthew Grinstead-Mayle", season=44, key=["shoulder"])),
        ("uh_quit_story", by_name(g, "Kathleen Sleckman", season=16, key=["family"])),
        ("uh_boot_story", by_name(g, "Figgy", season=33)), ("uh_ftc_story", {"season": 11}),
        ("uh_merge_story", {"season": 15}), ("uh_fire_story", {"season": 45}), ("uh_rock_story", {"season": 27}),
        ("uh_first_tribal_story", {"season": 2}),
        # unanswerable
        ("uh_future_host", {"future": top_season + 28}), ("uh_nobody", {"name": "Cordelia Hawthorne"}),
        ("uh_opinion", {"season": 47}), ("uh_weight_lost", by_name(g, "Allie Pohevitz", season=26)),
        ("uh_fake_season", {"place": "Mongolia"}), ("uh_fire_counterfactual", by_name(g, "Rizo", season=49)),
        ("uh_religion", by_name(g, "Billy Garcia")), ("uh_still_friends", pair(g, "Wendy Diaz", "Keith Sowell")),
    ]


def build_unheard_set(g: GoldData) -> list[Question]:
    """The unheard set; question ids are "uh-<category>-NN" so they never collide with the other sets'."""
    return build_planned(g, "uh", plan)
