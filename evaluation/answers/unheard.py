"""Gold answers first written for the blind-08 question set (evaluation/sets/blind-08.jsonl, once "unheard"):
vote tallies, shared vote targets, idol finds, air dates of boots.

Each function computes a question's answer parts from the survivoR tables; its name starts with "uh_". Each
declares what a viewer scope needs to have aired (SCOPE_NEEDS, SCOPE_AS_AIRED, registered with evaluation.scoped), so
`--watched` works on these questions too.
"""

from __future__ import annotations

import pandas as pd

from evaluation import scoped
from evaluation.answers import fresh as fr
from evaluation.answers import gold_multi as gm
from evaluation.answers import novel as nv
from evaluation.answers import unasked as ua
from evaluation.answers import unseen as un
from evaluation.answers import untouched as utc
from evaluation.answers.gold_facts import top
from evaluation.answers.holdout import check_not_in_data
from evaluation.answers.untried import _job_forms, _swap_episode
from evaluation.data import GoldData
from evaluation.gold import (
    abstain,
    entities,
    entity,
    facts,
    gold_answer,
    number,
    phrase,
    phrases,
    season,
    seasons,
)
from evaluation.matching import contains_prefix

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
@gold_answer("uh_nickname")
def uh_nickname(g: GoldData, castaway_id: str, season: int, call: str):
    nick = str(fr._row(g, castaway_id, season)["castaway"])
    assert nick.lower() not in call.lower(), (call, nick)  # a nickname, not a part of the name asked with
    return [phrase(nick)]


@gold_answer("uh_boot_tally")
def uh_boot_tally(g: GoldData, castaway_id: str, season: int):
    counts = sorted(_boot_votes(g, castaway_id, season).groupby("vote_id").size(), reverse=True)
    tally = "-".join(str(n) for n in counts)
    return [
        phrase(tally, tally.replace("-", "–"))]


@gold_answer("uh_idol_cancelled")
def uh_idol_cancelled(g: GoldData, castaway_id: str, season: int, call: str):
    play = _own_idol_play(g, castaway_id, season)
    assert play["played_for_id"] == castaway_id, call  # she played it for herself
    return [
        number(play["votes_nullified"])]


@gold_answer("uh_average_viewers")
def uh_average_viewers(g: GoldData, season: int):
    viewers = float(g.summary.loc[season, "viewers_mean"])
    return [ua._millions(viewers)]


@gold_answer("uh_tribe_split")
def uh_tribe_split(g: GoldData, season: int):
    setup = g.summary.loc[season, "tribe_setup"]
    setup = "" if pd.isna(setup) else str(setup)
    split = setup.split("divided by", 1)[-1].split(":")[0].strip().lower() if "divided by" in setup else ""
    assert _scoped(g) or split in SPLIT_WORDS, (season, setup)  # the premise: divided along one line
    return [
        phrase(*SPLIT_WORDS.get(split, []))]


@gold_answer("uh_first_vote")
def uh_first_vote(g: GoldData, castaway_id: str, season: int):
    return [
        entity(g, [_first_vote(g, castaway_id, season)["vote_id"]])]


@gold_answer("uh_finale_rating")
def uh_finale_rating(g: GoldData, season: int):
    eps = g.episodes
    finale = eps[(eps["season"] == season) & (eps["episode_label"] == "Finale")]
    return [
        number(*nv._one(list(finale["imdb_rating"]), season))]


@gold_answer("uh_final_four")
def uh_final_four(g: GoldData, season: int):
    cast = g.season_cast(season)
    return [entities(g, cast[cast["place"] <= 4]["castaway_id"])]


# -- aggregation -----------------------------------------------------------------------------------------
@gold_answer("uh_confessional_record")
def uh_confessional_record(g: GoldData):
    per = g.confessionals.groupby(["season", "castaway_id"])["confessional_count"].sum()
    best = top(per)
    return [
        entity(g, [c for _, c in best]), number(*([per.max()] if len(per) else []))]


@gold_answer("uh_tribals_attended")
def uh_tribals_attended(g: GoldData, castaway_id: str, season: int):
    vh = g.vote_history
    mine = vh[(vh["season"] == season) & (vh["castaway_id"] == castaway_id)]
    return [
        number(len(mine[["episode", "order"]].drop_duplicates()))]


@gold_answer("uh_most_immunity_challenges")
def uh_most_immunity_challenges(g: GoldData):
    imm = fr._immunity(g)
    per = imm[imm["season"].isin(g.finished_seasons)].groupby("season")["challenge_id"].nunique()
    return [season(*top(per))]


@gold_answer("uh_most_idols_played")
def uh_most_idols_played(g: GoldData):
    plays = _idol_plays_all(g)
    per = plays[plays["season"].isin(g.finished_seasons)].groupby("season").size()
    return [season(*top(per))]


@gold_answer("uh_state_most_winners")
def uh_state_most_winners(g: GoldData):
    won = g.cast[g.cast["winner"]].drop_duplicates("castaway_id")  # a two-time winner counted once
    return [phrase(*top(won.groupby("state").size()))]


@gold_answer("uh_votes_cast_record")
def uh_votes_cast_record(g: GoldData):
    per = g.votes.groupby(["season", "castaway_id"]).size()
    return [
        entity(g, [c for _, c in top(per)])]


@gold_answer("uh_season_most_confessionals")
def uh_season_most_confessionals(g: GoldData):
    conf = g.confessionals
    per = conf[conf["season"].isin(g.finished_seasons)].groupby("season")["confessional_count"].sum()
    return [season(*top(per))]


@gold_answer("uh_city_most_castaways")
def uh_city_most_castaways(g: GoldData):
    people = g.cast.drop_duplicates("castaway_id")  # a returnee counted once
    return [phrase(*top(people.groupby("city").size()))]


# -- multi-hop -------------------------------------------------------------------------------------------
@gold_answer("uh_debut_season_winner")
def uh_debut_season_winner(g: GoldData, season: int):
    winner = g.winner(season)
    debut = utc._debut(g, winner)
    assert debut < season, season  # a returning winner
    return [
        entity(g, [g.winner(debut)])]


@gold_answer("uh_final_immunity_age")
def uh_final_immunity_age(g: GoldData, season: int):
    who = utc._final_immunity_winner(g, season)
    return [
        number(fr._row(g, who, season)["age"])]


@gold_answer("uh_vote_magnet_exit")
def uh_vote_magnet_exit(g: GoldData, season: int):
    votes = g.votes[g.votes["season"] == season]
    magnet = nv._one(top(votes.groupby("vote_id").size()), season)[0]
    row = fr._row(g, magnet, season)
    assert not row["finalist"], season  # they went home
    return [number(row["episode"])]


@gold_answer("uh_fire_loser_tribe")
def uh_fire_loser_tribe(g: GoldData, season: int):
    row = _fire_loser(g, season)
    return [
        entity(g, [row["castaway_id"]]), phrase(row["original_tribe"])]


@gold_answer("uh_idol_finder_ftc_vote")
def uh_idol_finder_ftc_vote(g: GoldData, season: int):
    finder = _first_idol_finder(g, season)
    jury = g.jury[(g.jury["season"] == season) & (g.jury["castaway_id"] == finder)]
    assert _scoped(g) or len(jury) == 1, season  # the finder sat on the jury
    return [
        entity(g, jury["finalist_id"])]


@gold_answer("uh_first_juror_job")
def uh_first_juror_job(g: GoldData, season: int):
    first = un._jurors(g, season)["castaway_id"].iloc[0]
    job = str(nv._bio(g, first, "occupation"))
    return [phrase(*_job_forms(job))]


@gold_answer("uh_immune_at_boot")
def uh_immune_at_boot(g: GoldData, castaway_id: str, season: int, call: str):
    ep = int(fr._row(g, castaway_id, season)["episode"])
    imm = fr._immunity(g)
    imm = imm[(imm["season"] == season) & (imm["episode"] == ep)]
    assert imm["challenge_id"].nunique() == 1, (call, ep)  # one individual immunity that episode
    out = g.season_cast(season)
    assert list(out[out["episode"] == ep]["castaway_id"]) == [castaway_id], (call, ep)  # one tribal, theirs
    return [
        entity(g, imm["castaway_id"])]


@gold_answer("uh_winner_tribe_jurors")
def uh_winner_tribe_jurors(g: GoldData, season: int):
    cast = g.season_cast(season)
    tribe = _winners_tribe(g, season)
    return [
        number((cast["jury"] & (cast["original_tribe"] == tribe)).sum())]


# -- cross-entity ----------------------------------------------------------------------------------------
@gold_answer("uh_same_votes")
def uh_same_votes(g: GoldData, a: str, b: str, season: int):
    v = g.votes[g.votes["season"] == season]
    keys = ["episode", "order", "vote_order"]
    both = v[v["castaway_id"] == a][[*keys, "vote_id"]].merge(v[v["castaway_id"] == b][[*keys, "vote_id"]], on=keys)
    return [
        number((both["vote_id_x"] == both["vote_id_y"]).sum())]


@gold_answer("uh_played_with_twice")
def uh_played_with_twice(g: GoldData, castaway_id: str):
    mine = g.seasons_of(castaway_id)
    others = g.cast[g.cast["season"].isin(mine) & (g.cast["castaway_id"] != castaway_id)]
    times = others.groupby("castaway_id")["season"].nunique()
    return [entities(g, times[times >= 2].index)]


@gold_answer("uh_booted_jurors_for")
def uh_booted_jurors_for(g: GoldData, castaway_id: str, season: int):
    v = g.votes[(g.votes["season"] == season) & (g.votes["castaway_id"] == castaway_id)]
    jurors = set(un._jurors(g, season)["castaway_id"])
    booted = [c for c in dict.fromkeys(v[v["vote_id"] == v["voted_out_id"]]["vote_id"]) if c in jurors]
    jury = g.jury[(g.jury["season"] == season) & (g.jury["finalist_id"] == castaway_id)]
    return [
        entities(g, [c for c in booted if c in set(jury["castaway_id"])])]


@gold_answer("uh_shared_targets")
def uh_shared_targets(g: GoldData, a: str, b: str, season: int):
    v = g.votes[g.votes["season"] == season]
    both = set(v[v["castaway_id"] == a]["vote_id"]) & set(v[v["castaway_id"] == b]["vote_id"])
    return [
        entities(g, sorted(both))]


@gold_answer("uh_viewers_compare")
def uh_viewers_compare(g: GoldData, a: int, b: int):
    viewers = pd.to_numeric(g.summary.loc[[a, b], "viewers_mean"], errors="coerce")
    assert _scoped(g) or viewers[a] != viewers[b], viewers
    return [season(*top(viewers))]


@gold_answer("uh_older_winner")
def uh_older_winner(g: GoldData, a: str, b: str):
    age = pd.Series({c: fr._row(g, c, nv._one(fr._won_seasons(g, c), c)[0])["age"] for c in (a, b)})
    assert _scoped(g) or age[a] != age[b], age
    return [entity(g, top(age))]


@gold_answer("uh_runner_up_votes_compare")
def uh_runner_up_votes_compare(g: GoldData, a: str, b: str):
    votes = pd.Series({c: _jury_votes_for(g, c, _finalist_season(g, c)) for c in (a, b)})
    assert _scoped(g) or votes[a] != votes[b], votes
    _sa, _sb = _finalist_season(g, a), _finalist_season(g, b)
    return [entity(g, top(votes))]


@gold_answer("uh_tribemates_for")
def uh_tribemates_for(g: GoldData, castaway_id: str, season: int, call: str):
    row = fr._row(g, castaway_id, season)
    assert row["finalist"], call
    cast = g.season_cast(season).set_index("castaway_id")["original_tribe"]
    jury = g.jury[(g.jury["season"] == season) & (g.jury["finalist_id"] == castaway_id)]
    return [entities(g, [c for c in jury["castaway_id"]
                                                      if cast[c] == row["original_tribe"]])]


# -- temporal --------------------------------------------------------------------------------------------
@gold_answer("uh_first_fire_season")
def uh_first_fire_season(g: GoldData):
    lost = g.cast[g.cast["result"] == FIRE_F4]["season"]
    return [
        season(*([int(lost.min())] if len(lost) else []))]  # none yet for an early viewer


@gold_answer("uh_last_unanimous")
def uh_last_unanimous(g: GoldData):
    unanimous = []
    for s in g.finished_seasons:
        jury = g.jury[g.jury["season"] == s]
        if len(jury) and jury["finalist_id"].eq(g.winner(s)).all():
            unanimous.append(s)
    last = max(unanimous) if unanimous else None
    return [
        season(*([last] if last else [])), entity(g, [g.winner(last)] if last else [])]


@gold_answer("uh_first_returnee_season")
def uh_first_returnee_season(g: GoldData):
    back = [s for s in g.seasons if len(utc._returnees(g, s))]
    return [season(*back[:1])]


@gold_answer("uh_idol_find_day")
def uh_idol_find_day(g: GoldData, castaway_id: str, season: int):
    return [
        number(_idol_find(g, castaway_id, season)["day"])]


@gold_answer("uh_swap_day")
def uh_swap_day(g: GoldData, season: int):
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Swapped")]
    days = sorted(set(t[t["episode"] == _swap_episode(g, season)]["day"].dropna()))
    return [number(*nv._one(days, season))]


@gold_answer("uh_first_boot_after_swap")
def uh_first_boot_after_swap(g: GoldData, season: int):
    return [
        entity(g, [_first_boot_after_swap(g, season)["castaway_id"]])]


@gold_answer("uh_airdate_boot")
def uh_airdate_boot(g: GoldData, season: int, episode: int):
    _air_date(g, season, episode)
    cast = g.season_cast(season)
    out = cast[(cast["episode"] == episode) & ~cast["finalist"]]
    row = out.loc[nv._one(list(out.index), (season, episode))[0]]
    assert "voted out" in str(row["result"]), row["result"]
    return [
        entity(g, [row["castaway_id"]])]


@gold_answer("uh_first_vote_against")
def uh_first_vote_against(g: GoldData, castaway_id: str, season: int):
    return [number(_first_vote_against(g, castaway_id, season))]


# -- negation --------------------------------------------------------------------------------------------
@gold_answer("uh_states_never")
def uh_states_never(g: GoldData):
    seen = {STATE_SPELLINGS.get(s, s) for s in g.cast["state"].dropna()}
    return [
        phrases([s for s in US_STATES if s not in seen])]


@gold_answer("uh_three_timers_no_ftc")
def uh_three_timers_no_ftc(g: GoldData):
    played = g.seasons_played()
    finalists = set(g.cast[g.cast["finalist"]]["castaway_id"])
    return [
        entities(g, [c for c in played[played >= 3].index if c not in finalists])]


@gold_answer("uh_merged_without_tribal")
def uh_merged_without_tribal(g: GoldData, season: int):
    merge_ep = un._merge_episode(g, season)
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Merged")]
    vh = g.vote_history
    went = set(vh[(vh["season"] == season) & (vh["episode"] < merge_ep)]["castaway_id"])
    return [
        entities(g, [c for c in dict.fromkeys(t["castaway_id"]) if c not in went])]


@gold_answer("uh_jurors_no_immunity")
def uh_jurors_no_immunity(g: GoldData, season: int):
    imm = fr._immunity(g)
    won = set(imm[imm["season"] == season]["castaway_id"])
    return [
        entities(g, [c for c in un._jurors(g, season)["castaway_id"] if c not in won])]


@gold_answer("uh_seasons_no_woman_immunity")
def uh_seasons_no_woman_immunity(g: GoldData):
    imm = fr._immunity(g)
    women = nv._women(g)
    return [
        seasons(s for s in g.finished_seasons if not imm[imm["season"] == s]["castaway_id"].isin(women).any())]


@gold_answer("uh_first_votes_sent_home")
def uh_first_votes_sent_home(g: GoldData, season: int):
    cast = g.season_cast(season)
    boots = cast[cast["result"].str.contains("voted out", na=False)].sort_values("order")
    v = g.votes[g.votes["season"] == season]
    picked = []
    for _, row in boots.iterrows():
        against = v[v["vote_id"] == row["castaway_id"]]
        if len(against) and not (against["order"] < row["order"]).any():
            picked.append(row["castaway_id"])
    return [
        entities(g, picked)]


@gold_answer("uh_winners_not_last_immunity")
def uh_winners_not_last_immunity(g: GoldData, since: int):
    imm = fr._immunity(g)
    picked = []
    for s in g.finished_seasons:
        if s >= since:
            mine = imm[imm["season"] == s]
            if g.winner(s) not in set(mine[mine["challenge_id"] == mine["challenge_id"].max()]["castaway_id"]):
                picked.append(g.winner(s))
    return [
        entities(g, picked)]


@gold_answer("uh_went_home_with_idol")
def uh_went_home_with_idol(g: GoldData, season: int):
    adv = g.advantages
    held = adv[(adv["season"] == season) & (adv["event"] == "Voted out with advantage")
               & adv["advantage_type"].str.lower().str.contains(ua.IDOL)]
    return [
        entities(g, list(dict.fromkeys(held["castaway_id"])))]


# -- narrative -------------------------------------------------------------------------------------------
@gold_answer("uh_medevac_story")
def uh_medevac_story(g: GoldData, castaway_id: str, season: int, call: str, key: list | None = None):
    assert str(fr._row(g, castaway_id, season)["result"]) == un.MEDEVAC, call  # the premise
    parts = gm.why_left(g, castaway_id, season)
    return (un._with_key_words(g, parts, key) if key else parts)


@gold_answer("uh_quit_story")
def uh_quit_story(g: GoldData, castaway_id: str, season: int, call: str, key: list | None = None):
    row = fr._row(g, castaway_id, season)
    assert str(row["result"]) == "Quit", call  # the premise
    ep = int(row["episode"])
    groups = [_call_words(g, castaway_id, season), ["quit", "leave", "left", "withdr", "asked to"], *([key] if key
                                                                                                      else [])]
    assert all(any(contains_prefix(nv._summary_text(g, season, ep), w) for w in grp) for grp in groups), groups
    return [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id]})]


@gold_answer("uh_boot_story")
def uh_boot_story(g: GoldData, castaway_id: str, season: int, call: str):
    parts = nv.nv_boot_story(g, castaway_id, season, call)
    parts[0]["groups"][0] = _call_words(g, castaway_id, season)
    return parts


@gold_answer("uh_fire_story")
def uh_fire_story(g: GoldData, season: int):
    row = _fire_loser(g, season)
    groups = [_call_words(g, row["castaway_id"], season), ["fire", "firemaking"], ["jury"]]
    ep = int(row["episode"])
    assert all(any(contains_prefix(nv._summary_text(g, season, ep), w) for w in grp) for grp in groups), groups
    return [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [row["castaway_id"]]})]


@gold_answer("uh_rock_story")
def uh_rock_story(g: GoldData, season: int):
    drawn = _rock_draw(g, season)
    ep, cid = int(drawn["episode"]), drawn["castaway_id"]
    groups = [_call_words(g, cid, season), ["rock"], ["tie", "tied", "deadlock", "revote"]]
    assert all(any(contains_prefix(nv._summary_text(g, season, ep), w) for w in grp) for grp in groups), groups
    return [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [cid]})]


@gold_answer("uh_first_tribal_story")
def uh_first_tribal_story(g: GoldData, season: int):
    first = nv._first_boot(g, season)
    parts = gm.episode_story(g, season, int(first["episode"]))
    assert parts[0]["support"]["castaway_ids"] == [first["castaway_id"]], parts  # the episode's one exit
    return parts


# -- unanswerable ----------------------------------------------------------------------------------------
@gold_answer("uh_future_host")
def uh_future_host(g: GoldData, future: int):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    return [abstain()]


@gold_answer("uh_nobody")
def uh_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return [abstain()]


@gold_answer("uh_opinion")
def uh_opinion(g: GoldData, season: int):
    return [abstain()]


@gold_answer("uh_weight_lost")
def uh_weight_lost(g: GoldData, castaway_id: str, season: int):
    check_not_in_data(g, castaway_id, ("weight", "pound", "lbs", "kg"))
    return [abstain()]


@gold_answer("uh_fake_season")
def uh_fake_season(g: GoldData, place: str):
    summary = g.data.raw("season_summary")
    text = " ".join(summary["season_name"].astype(str)) + " " + " ".join(summary["location"].astype(str)) + " " \
        + " ".join(summary["country"].astype(str))
    assert place.lower() not in text.lower(), place
    return [abstain()]


@gold_answer("uh_fire_counterfactual")
def uh_fire_counterfactual(g: GoldData, castaway_id: str, season: int, call: str):
    assert fr._row(g, castaway_id, season)["result"] == FIRE_F4, call  # the premise: he lost at fire
    return [abstain()]


@gold_answer("uh_religion")
def uh_religion(g: GoldData, castaway_id: str):
    check_not_in_data(g, castaway_id, ("religio", "faith", "church", "belief"))
    return [abstain()]


@gold_answer("uh_still_friends")
def uh_still_friends(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    check_not_in_data(g, a, ("friend", "relationship"))
    assert set(g.seasons_of(a)) & set(g.seasons_of(b)), (call_a, call_b)  # they did play together
    return [abstain()]


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
    "uh_medevac_story": "exit", "uh_quit_story": "exit", "uh_boot_story": "exit", "uh_fire_story": _fire_exit,
    "uh_rock_story": _rock_episode,
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
