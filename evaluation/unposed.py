"""The unposed question set: a tenth blind set, for how the agent generalises to questions nobody tuned it on.

The gold, held-out, fresh, unseen, novel, untried, unasked, untouched and unheard sets have all been looked at while
the agent grew; this one was written without reading the agent, linker, catalog, Cypher or retriever code and
without running the agent on any set. It asks about people, seasons and tribes the other nine ask about little or
not at all, and it reaches into survivoR tables they barely touch: who sat out challenges and who was picked to
share a reward (challenge_results), what the challenges were called and which had puzzles (challenge_description),
confessional screen time (confessionals), auction buys (auction_details), journeys, the final-four fire-making
pairs, revotes, ties and rock draws (vote_history), advantage kinds (advantage_details), the night a season aired
and the day its filming wrapped (season_summary), episode titles and IMDb ratings (episodes) and the castaways' own
three-word descriptions (castaway_details). The shapes are new too: the tribe someone was on when they went home,
whoever beat someone at fire and how the jury then treated them, the first of someone's swapped tribe to go, the
episode after a boot, the boots between a swap and a merge, the last boot before an auction, how many were left
after someone went, votes before the merge, two juries' common jurors, two casts' ages, two finales' ratings, two
careers' reward wins and idols, episodes nobody left, winners who did not lead their season's confessionals, seasons
without a tie, idols that cancelled nothing, a starting tribe with nobody on the jury, and stories of a deadlock, an
auction and an idol that went home unplayed. The wording is the way people type to a chatbot: lower case,
"s37"-style references, nicknames, comparisons, negations, two questions in one message. Answers are computed from
the survivoR tables by the templates below, with the gold set's answer parts and, where one fits, an existing
template's or helper's answer code.

    build_unposed_set(g) -> list[Question]     # `python -m evaluation gold --set unposed` writes the snapshot
    python -m evaluation run --set unposed     # run it (the default set stays the gold set)

Template names start with "up_" and question ids with "up-" (no other set uses either); each template declares
what a viewer scope needs to have aired (SCOPE_NEEDS, SCOPE_AS_AIRED), registered with evaluation.scoped, so
`--watched` works on this set too.
"""

from __future__ import annotations

import re

import pandas as pd

from evaluation import fresh as fr
from evaluation import gold_multi as gm
from evaluation import novel as nv
from evaluation import scoped
from evaluation import unasked as ua
from evaluation import unheard as uh
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
from evaluation.gold_facts import _date_forms, top
from evaluation.holdout import _title, by_name, check_not_in_data, pair
from evaluation.matching import contains_prefix
from evaluation.untried import _first_swap_tribe, _swap_episode

UNPOSED_FILE = QUESTION_SETS["unposed"]
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
FIRE = ("Fire challenge (f4)", "Fire challenge")  # vote_history's fire-making events, final four and earlier
IMMUNITY_TYPES = ("Immunity", "Immunity and Reward")  # challenge_description.challenge_type


def _scoped(g: GoldData) -> bool:
    return uh._scoped(g)


def _aired(g: GoldData, df: pd.DataFrame) -> pd.DataFrame:
    """Rows of a table GoldData does not cut itself (challenge_results, challenge_description): for a viewer scope,
    only the (season, episode) rows that had aired."""
    return g._aired_rows(df) if _scoped(g) else df


def _challenges(g: GoldData) -> pd.DataFrame:
    """challenge_results, every row (sit-outs and reward picks are not wins, so GoldData.wins leaves them out)."""
    return _aired(g, ua._challenges(g))


def _flag(df: pd.DataFrame, column: str) -> pd.Series:
    return df[column].fillna(False).astype(bool)


def _sat_out(g: GoldData) -> pd.DataFrame:
    cr = _challenges(g)
    return cr[_flag(cr, "sit_out")].drop_duplicates(["season", "challenge_id", "castaway_id"])


def _sit_outs(g: GoldData, castaway_id: str, s: int) -> int:
    sat = _sat_out(g)
    return int(((sat["season"] == s) & (sat["castaway_id"] == castaway_id)).sum())


def _tribals(g: GoldData, castaway_id: str, s: int) -> int:
    vh = g.vote_history
    mine = vh[(vh["season"] == s) & (vh["castaway_id"] == castaway_id)]
    return len(mine[["episode", "order"]].drop_duplicates())


def _fire(g: GoldData, s: int, outcome: str) -> str:
    """Who won (or lost) a season's one fire-making challenge, as vote_history records it."""
    vh = g.vote_history
    rows = vh[(vh["season"] == s) & vh["vote_event"].isin(FIRE) & (vh["vote_event_outcome"] == outcome)]
    return nv._one(sorted(set(rows["castaway_id"])), (s, outcome))[0]


def _fire_episode(g: GoldData, s: int) -> int:
    vh = g.vote_history
    return int(nv._one(sorted(set(vh[(vh["season"] == s) & vh["vote_event"].isin(FIRE)]["episode"])), s)[0])


def _exit_row(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    row = fr._row(g, castaway_id, s)
    assert "voted out" in str(row["result"]), (castaway_id, row["result"])  # voted out, not a quit or medevac
    return row


def _single_immunity(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    """The one individual immunity challenge someone won in a season."""
    imm = fr._immunity(g)
    mine = imm[(imm["season"] == s) & (imm["castaway_id"] == castaway_id)].drop_duplicates("challenge_id")
    return mine.loc[nv._one(list(mine.index), castaway_id)[0]]


def _auction_item(g: GoldData, s: int, item: str) -> pd.DataFrame:
    _, bought = ua._auction(g, s)
    return bought[bought["item_description"] == item]


def _auction_episode(full: GoldData, s: int) -> int:
    present, _ = ua._auction(full, s)
    return int(nv._one(sorted(set(present["episode"])), s)[0])


def _vote_rounds(g: GoldData, s: int) -> pd.DataFrame:
    """One row per vote round of a season's tribal councils (episode, order, vote_order)."""
    v = g.votes[g.votes["season"] == s]
    return v[["episode", "order", "vote_order"]].drop_duplicates()


def _finale_rating(g: GoldData, s: int) -> float:
    eps = g.episodes
    return float(nv._one(list(eps[(eps["season"] == s) & (eps["episode_label"] == "Finale")]["imdb_rating"]), s)[0])


def _jury_votes(g: GoldData, castaway_id: str, s: int) -> int:
    jury = g.jury
    return int(((jury["season"] == s) & (jury["finalist_id"] == castaway_id)).sum())


def _conf_leader(g: GoldData, s: int) -> list[str]:
    conf = g.confessionals
    return top(conf[conf["season"] == s].groupby("castaway_id")["confessional_count"].sum())


def _next_immunity_episode(g: GoldData, castaway_id: str, s: int) -> int:
    return int(_exit_row(g, castaway_id, s)["episode"]) + 1


def _season_out_after(g: GoldData, s: int, first_ep: int, last_ep: int) -> pd.DataFrame:
    """The people voted out of a season from episode first_ep up to (not including) last_ep, in boot order."""
    cast = g.season_cast(s)
    out = cast[(cast["episode"] >= first_ep) & (cast["episode"] < last_ep)]
    return out[out["result"].str.contains("voted out", na=False)].sort_values("order")


def _swap_tribe_first_boot(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    new = _first_swap_tribe(g, s)
    mates = {c for c, t in new.items() if t == new[castaway_id]}
    out = _season_out_after(g, s, _swap_episode(g, s), 10**6)
    return out[out["castaway_id"].isin(mates)].iloc[0]


def _bare_title(g: GoldData, s: int) -> str:
    """'Amazon' for 'The Amazon', so "at the Amazon auction" reads right."""
    title = _title(g, s)
    return title[4:] if title.startswith("The ") else title


def _merge(g: GoldData, s: int) -> int:
    return un._merge_episode(g, s)


def _three_words(text: str) -> list[str]:
    return [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'-]+", text)]


def _summary_has(g: GoldData, s: int, ep: int, groups: list[list[str]]) -> None:
    text = nv._summary_text(g, s, ep)
    assert all(any(contains_prefix(text, w) for w in grp) for grp in groups), (s, ep, groups)  # the episode tells it


# -- single facts ----------------------------------------------------------------------------------------
@template("up_timeslot", "single_fact")
def up_timeslot(g: GoldData, season: int):
    slot = g.summary.loc[season, "timeslot"]
    day = str(slot).split()[0].rstrip(",") if pd.notna(slot) else ""
    assert _scoped(g) or day in WEEKDAYS, slot
    return f"back when {_title(g, season).lower()} was on, what night of the week did survivor air?", [phrase(day)]


@template("up_exit_tribe", "single_fact")
def up_exit_tribe(g: GoldData, castaway_id: str, season: int, call: str):
    row = _exit_row(g, castaway_id, season)
    vh = g.vote_history
    mine = vh[(vh["season"] == season) & (vh["castaway_id"] == castaway_id) & (vh["voted_out_id"] == castaway_id)]
    tribe = nv._one(sorted(set(mine["tribe"].dropna())), call)[0]
    merge = _merge(getattr(g, "full", g), season)
    assert row["episode"] < merge and tribe != row["original_tribe"], (call, tribe)  # a swap had moved them
    return f"{call} got voted out of {_title(g, season)} - what tribe was he on by then?", [phrase(tribe)]


@template("up_filming_wrapped", "single_fact")
def up_filming_wrapped(g: GoldData, season: int):
    ended = g.summary.loc[season, "filming_ended"]
    assert _scoped(g) or pd.Timestamp(ended) > pd.Timestamp(g.summary.loc[season, "filming_started"]), season
    return f"When did they wrap filming on {_title(g, season)}?", [
        phrase(*(_date_forms(ended) if pd.notna(ended) else []))]


@template("up_immunity_name", "single_fact")
def up_immunity_name(g: GoldData, castaway_id: str, season: int, call: str):
    won = _single_immunity(g, castaway_id, season)
    desc = _aired(g, g.data.table("challenge_description"))
    row = desc[(desc["season"] == season) & (desc["challenge_id"] == won["challenge_id"])]
    row = row.loc[nv._one(list(row.index), (call, won["challenge_id"]))[0]]
    return f"{call} won exactly one individual immunity on s{season}. what was that challenge called?", [
        phrase(row["name"], row["recurring_name"])]


@template("up_three_words", "single_fact")
def up_three_words(g: GoldData, castaway_id: str, call: str):
    words = _three_words(str(nv._bio(g, castaway_id, "three_words")))
    assert len(words) == 3, (call, words)  # exactly three words, so all three are the answer
    return f"how did {call} describe himself in three words?", [phrases(words)]


@template("up_auction_buyers", "single_fact")
def up_auction_buyers(g: GoldData, season: int, item: str):
    bought = _auction_item(g, season, item)
    return f"who paid for {item.lower()} at the {_bare_title(g, season)} auction?", [
        entities(g, bought["castaway_id"].dropna())]


@template("up_merge_title", "single_fact")
def up_merge_title(g: GoldData, season: int):
    eps = g.episodes
    title = eps[(eps["season"] == season) & (eps["episode"] == _merge(g, season))]["episode_title"]
    return f"what was the name of the merge episode on s{season}?", [phrase(*nv._one(list(title), season))]


@template("up_fire_beaten", "single_fact")
def up_fire_beaten(g: GoldData, castaway_id: str, season: int, call: str):
    assert _fire(g, season, "Won") == castaway_id, call  # the premise: he won fire
    return f"who did {call} beat in the fire-making challenge on {_title(g, season)}?", [
        entity(g, [_fire(g, season, "Lost")])]


# -- aggregation -----------------------------------------------------------------------------------------
@template("up_career_sit_outs", "aggregation")
def up_career_sit_outs(g: GoldData):
    per = _sat_out(g).groupby("castaway_id").size()
    return "who's had to sit out more challenges than anyone else in survivor history?", [entity(g, top(per))]


@template("up_reward_picks", "aggregation")
def up_reward_picks(g: GoldData, season: int):
    cr = _challenges(g)
    picked = cr[(cr["season"] == season) & _flag(cr, "chosen_for_reward")]
    per = picked.drop_duplicates(["challenge_id", "castaway_id"]).groupby("castaway_id").size()
    assert _scoped(g) or len(top(per)) == 1, per
    return f"on s{season}, who got picked to tag along on somebody else's reward the most times?", [
        entity(g, top(per))]


@template("up_puzzle_immunities", "aggregation")
def up_puzzle_immunities(g: GoldData, season: int):
    desc = _aired(g, g.data.table("challenge_description"))
    imm = desc[(desc["season"] == season) & desc["challenge_type"].isin(IMMUNITY_TYPES)]
    return f"How many of the immunity challenges on {_title(g, season)} had a puzzle in them?", [
        number(_flag(imm, "puzzle").sum())]


@template("up_most_reused_challenge", "aggregation")
def up_most_reused_challenge(g: GoldData):
    desc = _aired(g, g.data.table("challenge_description"))
    per = desc.groupby("recurring_name").size()
    return "what's the challenge survivor has brought back the most times?", [phrase(*top(per))]


@template("up_top_advantage", "aggregation")
def up_top_advantage(g: GoldData):
    adv = g.advantages.drop_duplicates(["version_season", "advantage_id"])
    adv = adv[~adv["advantage_type"].str.lower().str.contains("idol")]
    return "Not counting idols of any kind, which advantage has turned up the most often?", [
        phrase(*top(adv.groupby("advantage_type").size()))]


@template("up_revotes", "aggregation")
def up_revotes(g: GoldData, season: int):
    rounds = _vote_rounds(g, season)
    return f"how many tribal councils on {_title(g, season)} needed a revote?", [
        number(len(rounds[rounds["vote_order"] > 1][["episode", "order"]].drop_duplicates()))]


@template("up_runner_up_record", "aggregation")
def up_runner_up_record(g: GoldData):
    winners = set(g.cast[g.cast["winner"]]["castaway_id"] + "@" + g.cast[g.cast["winner"]]["season"].astype(str))
    jury = g.jury
    per = jury.groupby(["season", "finalist_id"]).size()
    lost = per[[f"{f}@{s}" not in winners for s, f in per.index]]
    best = top(lost)
    return "what's the most jury votes anyone has gotten and still lost? who was it?", [
        number(*([lost.max()] if len(lost) else [])), entity(g, [f for _, f in best])]


@template("up_biggest_tally", "aggregation")
def up_biggest_tally(g: GoldData):
    per = g.votes.groupby(["season", "episode", "order", "vote_order", "vote_id"]).size()
    best = top(per)
    return "most votes anybody has ever gotten at one single tribal council - who, and how many?", [
        entity(g, [key[-1] for key in best]), number(*([per.max()] if len(per) else []))]


# -- multi-hop -------------------------------------------------------------------------------------------
@template("up_winner_sit_outs", "multi_hop")
def up_winner_sit_outs(g: GoldData, season: int):
    return f"the {_title(g, season)} winner - how many challenges did they have to sit out that season?", [
        number(_sit_outs(g, g.winner(season), season))]


@template("up_conf_leader_jury", "multi_hop")
def up_conf_leader_jury(g: GoldData, season: int):
    leader = nv._one(_conf_leader(g, season), season)[0]
    assert fr._row(g, leader, season)["finalist"], season  # the premise: they made it to the end
    return f"whoever had the most confessionals on s{season}, how many jury votes did they end up getting?", [
        number(_jury_votes(g, leader, season))]


@template("up_first_juror_voters", "multi_hop")
def up_first_juror_voters(g: GoldData, season: int):
    first = un._jurors(g, season)["castaway_id"].iloc[0]
    v = uh._boot_votes(g, first, season)
    return f"the first juror on {_title(g, season)} - which people voted them out?", [
        entities(g, v[v["vote_id"] == first]["castaway_id"])]


@template("up_swap_tribe_first_boot", "multi_hop")
def up_swap_tribe_first_boot(g: GoldData, castaway_id: str, season: int, call: str):
    first = _swap_tribe_first_boot(g, castaway_id, season)
    assert first["castaway_id"] != castaway_id, call  # somebody else
    return f"after the swap on {_title(g, season)}, who was the first person from {call}'s new tribe to get " \
           "voted out?", [entity(g, [first["castaway_id"]])]


@template("up_fire_winner_jury", "multi_hop")
def up_fire_winner_jury(g: GoldData, castaway_id: str, season: int, call: str):
    assert _fire(g, season, "Lost") == castaway_id, call  # the premise: he lost at fire
    return f"{call} lost fire at final four on s{season}. how many jury votes did the guy who beat him get?", [
        number(_jury_votes(g, _fire(g, season, "Won"), season))]


@template("up_most_watched_first_boot", "multi_hop")
def up_most_watched_first_boot(g: GoldData):
    viewers = pd.to_numeric(g.summary["viewers_mean"], errors="coerce").dropna()
    best = top(viewers)
    assert _scoped(g) or len(best) == 1, best
    return "the most-watched season ever by average viewers - who was the first one voted out of it?", [
        entity(g, [nv._first_boot(g, s)["castaway_id"] for s in best])]


@template("up_best_finale_winner", "multi_hop")
def up_best_finale_winner(g: GoldData):
    eps = g.episodes
    finales = eps[(eps["episode_label"] == "Finale") & eps["season"].isin(g.finished_seasons)]
    best = top(finales.set_index("season")["imdb_rating"].astype(float))
    assert _scoped(g) or len(best) == 1, best
    return "which season's finale has the best imdb rating? who won that one and how many jury votes did they get?", [
        entity(g, [g.winner(s) for s in best]), number(*[_jury_votes(g, g.winner(s), s) for s in best])]


@template("up_oldest_juror_vote", "multi_hop")
def up_oldest_juror_vote(g: GoldData, season: int):
    jurors = un._jurors(g, season)
    oldest = nv._one(top(jurors.set_index("castaway_id")["age"].astype(float)), season)[0]
    jury = g.jury[(g.jury["season"] == season) & (g.jury["castaway_id"] == oldest)]
    return f"On {_title(g, season)}, who did the oldest person on the jury vote for to win?", [
        entity(g, jury["finalist_id"])]


# -- cross-entity ----------------------------------------------------------------------------------------
@template("up_both_juries", "cross_entity")
def up_both_juries(g: GoldData, a: int, b: int):
    both = set(un._jurors(g, a)["castaway_id"]) & set(un._jurors(g, b)["castaway_id"])
    return f"did anyone sit on the jury for both s{a} and s{b}? who?", [entities(g, sorted(both))]


@template("up_cast_age_compare", "cross_entity")
def up_cast_age_compare(g: GoldData, a: int, b: int):
    ages = pd.Series({s: float(g.season_cast(s)["age"].astype(float).mean()) for s in (a, b)})
    assert _scoped(g) or ages[a] != ages[b], ages
    return f"which cast was older on average, {_title(g, a)} or {_title(g, b)}?", [season(*top(ages))]


@template("up_finale_rating_compare", "cross_entity")
def up_finale_rating_compare(g: GoldData, a: int, b: int):
    ratings = pd.Series({s: _finale_rating(g, s) for s in (a, b)})
    assert _scoped(g) or ratings[a] != ratings[b], ratings
    return f"{_title(g, a)} finale vs the {_title(g, b)} finale, which one rates higher on imdb?", [
        season(*top(ratings))]


@template("up_sit_out_compare", "cross_entity")
def up_sit_out_compare(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    sat = pd.Series({c: _sit_outs(g, c, season) for c in (a, b)})
    assert _scoped(g) or sat[a] != sat[b], sat
    return f"{call_a} or {call_b}: who sat out more challenges on {_title(g, season)}?", [entity(g, top(sat))]


@template("up_tribals_compare", "cross_entity")
def up_tribals_compare(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    went = pd.Series({c: _tribals(g, c, season) for c in (a, b)})
    assert _scoped(g) or went[a] != went[b], went
    return f"did {call_a} or {call_b} end up going to more tribal councils on s{season}?", [entity(g, top(went))]


@template("up_reward_compare", "cross_entity")
def up_reward_compare(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    w = g.wins[g.wins["won_individual_reward"] == 1].drop_duplicates(["season", "challenge_id", "castaway_id"])
    won = pd.Series({c: int((w["castaway_id"] == c).sum()) for c in (a, b)})
    assert _scoped(g) or won[a] != won[b], won
    return f"between {call_a} and {call_b}, who's won more individual reward challenges over all their seasons?", [
        entity(g, top(won))]


@template("up_screen_time_compare", "cross_entity")
def up_screen_time_compare(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    conf = g.confessionals[g.confessionals["season"] == season]
    secs = pd.Series({c: float(conf[conf["castaway_id"] == c]["confessional_time"].sum()) for c in (a, b)})
    assert _scoped(g) or secs[a] != secs[b], secs
    return f"on season {season}, who got more confessional screen time, {call_a} or {call_b}?", [entity(g, top(secs))]


@template("up_idol_finds_compare", "cross_entity")
def up_idol_finds_compare(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    found = fr._idols_found(g)
    n = pd.Series({c: int((found["castaway_id"] == c).sum()) for c in (a, b)})
    assert _scoped(g) or n[a] != n[b], n
    return f"{call_a} vs {call_b} - who's found more hidden immunity idols over their careers?", [entity(g, top(n))]


# -- temporal --------------------------------------------------------------------------------------------
@template("up_next_episode_immunity", "temporal")
def up_next_episode_immunity(g: GoldData, castaway_id: str, season: int, call: str):
    ep = _next_immunity_episode(g, castaway_id, season)
    imm = fr._immunity(g)
    imm = imm[(imm["season"] == season) & (imm["episode"] == ep)]
    assert _scoped(g) or imm["castaway_id"].nunique() == 1, (call, ep)  # one individual immunity winner
    return f"the episode after {call} got voted out of {_title(g, season)}, who won individual immunity?", [
        entity(g, imm["castaway_id"])]


@template("up_first_extra_vote", "temporal")
def up_first_extra_vote(g: GoldData):
    adv = g.advantages
    found = adv[adv["advantage_type"] == "Extra Vote"]["season"]
    return "when did the extra vote advantage first show up? what season", [
        season(*([int(found.min())] if len(found) else []))]


@template("up_first_rock_draw", "temporal")
def up_first_rock_draw(g: GoldData):
    vh = g.vote_history
    drawn = vh[(vh["vote_event"] == "Rock draw") & (vh["vote_event_outcome"] == "Eliminated")]
    first = drawn[drawn["season"] == drawn["season"].min()]
    return "the first time somebody went home on a rock draw - which season was that and who drew the bad rock?", [
        season(*sorted(set(first["season"]))), entity(g, first["castaway_id"])]


@template("up_left_after_boot", "temporal")
def up_left_after_boot(g: GoldData, castaway_id: str, season: int, call: str):
    row = _exit_row(g, castaway_id, season)
    return f"how many people were still in the game after {call} got voted out of {_title(g, season)}?", [
        number(len(g.season_cast(season)) - row["order"])]  # everyone who went later, finalists too


@template("up_between_swap_merge", "temporal")
def up_between_swap_merge(g: GoldData, season: int):
    out = _season_out_after(g, season, _swap_episode(g, season), _merge(g, season))
    return f"who got voted out on {_title(g, season)} after the swap but before the merge?", [
        entities(g, out["castaway_id"])]


@template("up_first_woman_winner", "temporal")
def up_first_woman_winner(g: GoldData):
    women = nv._women(g)
    won = [s for s in g.finished_seasons if g.winner(s) in women]
    return "what was the first season a woman won, and who was she?", [
        season(*won[:1]), entity(g, [g.winner(s) for s in won[:1]])]


@template("up_votes_before_merge", "temporal")
def up_votes_before_merge(g: GoldData, castaway_id: str, season: int, call: str):
    v = g.votes[(g.votes["season"] == season) & (g.votes["vote_id"] == castaway_id)]
    before = v[v["episode"] < _merge(g, season)]
    return f"Before the merge on {_title(g, season)}, how many votes had been cast against {call}?", [
        number(len(before), len(before) - int(before["nullified"].eq(True).sum()))]


@template("up_last_boot_before_auction", "temporal")
def up_last_boot_before_auction(g: GoldData, season: int):
    out = _season_out_after(g, season, 1, _auction_episode(getattr(g, "full", g), season))
    return f"on {_title(g, season)}, who was the last person voted out before the survivor auction?", [
        entity(g, out["castaway_id"].iloc[-1:])]


# -- negation --------------------------------------------------------------------------------------------
@template("up_quiet_episode", "negation")
def up_quiet_episode(g: GoldData, season: int):
    eps = g.episodes[(g.episodes["season"] == season)
                     & g.episodes["episode_label"].str.match(r"(Ep \d+|Finale)$", na=False)]["episode"]
    left = set(g.season_cast(season)["episode"].dropna().astype(int))
    quiet = [int(e) for e in eps if int(e) not in left]
    return f"which episode of s{season} was the only one where nobody left the game?", [
        number(*nv._one(quiet, season))]


@template("up_winners_not_conf_leader", "negation")
def up_winners_not_conf_leader(g: GoldData, since: int):
    picked = [g.winner(s) for s in g.finished_seasons if s >= since and g.winner(s) not in _conf_leader(g, s)]
    return f"since s{since}, which winners did NOT have the most confessionals on their own season?", [
        entities(g, picked)]


@template("up_seasons_no_tie", "negation")
def up_seasons_no_tie(g: GoldData, since: int):
    vh = g.vote_history
    tied = set(vh[_flag(vh, "tie")]["season"]) | set(g.votes[g.votes["vote_order"] > 1]["season"])  # or a revote
    return f"from season {since} on, which seasons never had a tied vote at tribal?", [
        seasons(s for s in g.finished_seasons if s >= since and s not in tied)]


@template("up_no_journey", "negation")
def up_no_journey(g: GoldData, season: int):
    went = set(ua._journeys(g, season)["castaway_id"])
    cast = g.season_cast(season)
    return f"which s{season} castaways never got sent on a journey?", [
        entities(g, [c for c in cast.sort_values("order")["castaway_id"] if c not in went])]


@template("up_tribe_no_jurors", "negation")
def up_tribe_no_jurors(g: GoldData, season: int):
    cast = g.season_cast(season)
    per = cast.groupby("original_tribe")["jury"].sum()
    return f"Which starting tribe on {_title(g, season)} didn't get a single person onto the jury?", [
        phrase(*nv._one([t for t, n in per.items() if n == 0], season))]


@template("up_jurors_winner_spared", "negation")
def up_jurors_winner_spared(g: GoldData, season: int):
    winner = g.winner(season)
    v = g.votes[(g.votes["season"] == season) & (g.votes["castaway_id"] == winner)]
    return f"which jurors on {_title(g, season)} did the winner never once vote against?", [
        entities(g, [c for c in un._jurors(g, season)["castaway_id"] if c not in set(v["vote_id"])])]


@template("up_wasted_idols", "negation")
def up_wasted_idols(g: GoldData, season: int):
    plays = ua._idol_plays(g, season)
    wasted = plays[pd.to_numeric(plays["votes_nullified"], errors="coerce").fillna(0) == 0]
    return f"who on {_title(g, season)} played an idol that didn't end up cancelling a single vote?", [
        entities(g, list(dict.fromkeys(wasted["castaway_id"])))]


@template("up_returnees_not_better", "negation")
def up_returnees_not_better(g: GoldData, season: int):
    cast = g.season_cast(season)
    picked = []
    for cid, place in zip(cast["castaway_id"], cast["place"]):
        before = g.cast[(g.cast["castaway_id"] == cid) & (g.cast["season"] < season)].sort_values("season")
        if len(before) and not place < before["place"].iloc[-1]:
            picked.append(cid)
    return f"which returning players on {_title(g, season)} didn't finish any better than they had the time " \
           "before?", [entities(g, picked)]


# -- narrative -------------------------------------------------------------------------------------------
@template("up_medevac_story", "narrative")
def up_medevac_story(g: GoldData, castaway_id: str, season: int, call: str, key: list | None = None):
    assert str(fr._row(g, castaway_id, season)["result"]) == un.MEDEVAC, call  # the premise
    _, parts = gm.why_left(g, castaway_id, season)
    return f"{call} barely lasted on s{season} - what happened to him?", \
        (un._with_key_words(g, parts, key) if key else parts)


@template("up_quit_story", "narrative")
def up_quit_story(g: GoldData, castaway_id: str, season: int, call: str, key: list | None = None):
    row = fr._row(g, castaway_id, season)
    assert str(row["result"]) == "Quit", call  # the premise
    ep = int(row["episode"])
    groups = [uh._call_words(g, castaway_id, season), ["quit", "leave", "left", "withdr", "asked to"],
              *([key] if key else [])]
    _summary_has(g, season, ep, groups)
    return f"why did {call} pull herself out of {_title(g, season)}?", [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id]})]


@template("up_boot_story", "narrative")
def up_boot_story(g: GoldData, castaway_id: str, season: int, call: str):
    parts = nv.nv_boot_story(g, castaway_id, season, call)[1]
    parts[0]["groups"][0] = uh._call_words(g, castaway_id, season)
    return f"I never saw {_title(g, season)}. how did {call} end up going home?", parts


@template("up_ftc_story", "narrative")
def up_ftc_story(g: GoldData, season: int):
    return f"{_title(g, season)} ending: who did the jury give it to, and was it close?", \
        gm.final_tribal_story(g, season)[1]


@template("up_merge_story", "narrative")
def up_merge_story(g: GoldData, season: int):
    return f"what happened once the tribes came together on s{season}? who was the first to go after the merge?", \
        gm.merge_story(g, season)[1]


@template("up_deadlock_story", "narrative")
def up_deadlock_story(g: GoldData, season: int, episode: int):
    vh = g.vote_history
    locked = vh[(vh["season"] == season) & (vh["episode"] == episode) & (vh["vote_event"] == "Deadlock")]
    assert len(locked), (season, episode)  # the premise: the tribe deadlocked
    cast = g.season_cast(season)
    out = list(cast[(cast["episode"] == episode) & ~cast["finalist"]]["castaway_id"])
    groups = [["tie", "tied", "deadlock", "revote"], *[uh._call_words(g, c, season) for c in out]]
    _summary_has(g, season, episode, groups)
    return f"there was a deadlocked vote on {_title(g, season)}, right? how did that get settled, who went?", [
        facts(groups, {"season": season, "episode": episode, "castaway_ids": out})]


@template("up_auction_story", "narrative")
def up_auction_story(g: GoldData, season: int, key: list):
    ep = _auction_episode(getattr(g, "full", g), season)
    _, bought = ua._auction(g, season)
    dearest = bought[bought["cost"] == bought["cost"].max()]
    buyer = nv._one(sorted(set(dearest["castaway_id"])), season)[0]  # who paid the most for one item
    groups = [["auction"], uh._call_words(g, buyer, season), key]
    _summary_has(g, season, ep, groups)
    return f"what happened at the survivor auction on {_title(g, season)}?", [
        facts(groups, {"season": season, "episode": ep})]


@template("up_idol_in_pocket_story", "narrative")
def up_idol_in_pocket_story(g: GoldData, castaway_id: str, season: int, call: str):
    row = _exit_row(g, castaway_id, season)
    adv = g.advantages
    held = adv[(adv["season"] == season) & (adv["castaway_id"] == castaway_id)
               & (adv["event"] == "Voted out with advantage") & adv["advantage_type"].str.lower().str.contains(ua.IDOL)]
    assert len(held), call  # the premise: voted out holding an idol
    ep = int(row["episode"])
    groups = [uh._call_words(g, castaway_id, season), ["idol"], ["blindside", "voted out", "eliminat"]]
    _summary_has(g, season, ep, groups)
    return f"{call} went home on {_title(g, season)} with an idol in his pocket?? how did that happen", [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id]})]


# -- unanswerable ----------------------------------------------------------------------------------------
@template("up_future_finale", "unanswerable")
def up_future_finale(g: GoldData, future: int):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    return f"what date is the season {future} finale?", [abstain()]


@template("up_nobody", "unanswerable")
def up_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return f"how many individual immunities did {name} win?", [abstain()]


@template("up_fake_season", "unanswerable")
def up_fake_season(g: GoldData, place: str):
    summary = g.data.raw("season_summary")
    text = " ".join(summary["season_name"].astype(str)) + " " + " ".join(summary["location"].astype(str)) + " " \
        + " ".join(summary["country"].astype(str))
    assert place.lower() not in text.lower(), place
    return f"who was the first boot on Survivor: {place}?", [abstain()]


@template("up_siblings", "unanswerable")
def up_siblings(g: GoldData, castaway_id: str, call: str):
    check_not_in_data(g, castaway_id, ("sibling", "brother", "sister", "family"))
    return f"does {call} have any brothers or sisters?", [abstain()]


@template("up_politics", "unanswerable")
def up_politics(g: GoldData, castaway_id: str, call: str):
    check_not_in_data(g, castaway_id, ("politic", "party", "vote"))
    return f"Who did {call} vote for in the last presidential election?", [abstain()]


@template("up_opinion", "unanswerable")
def up_opinion(g: GoldData, season: int):
    return f"be honest, is s{season} worth a rewatch or is it boring?", [abstain()]


@template("up_quit_counterfactual", "unanswerable")
def up_quit_counterfactual(g: GoldData, castaway_id: str, season: int, call: str):
    assert str(fr._row(g, castaway_id, season)["result"]) == "Quit", call  # the premise: he quit
    return f"if {call} hadn't quit {_title(g, season)}, would he have made the merge?", [abstain()]


@template("up_runner_up_prize", "unanswerable")
def up_runner_up_prize(g: GoldData, season: int):
    columns = set(g.summary.columns) | set(g.cast.columns)
    assert not [c for c in columns if any(w in c for w in ("prize", "money", "paid", "earn"))], columns
    return f"how much money did the runner-up on s{season} take home?", [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _immunity_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_single_immunity(full, p["castaway_id"], p["season"])["episode"]))]


def _auction_aired(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _auction_episode(full, p["season"]))]


def _fire_aired(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _fire_episode(full, p["season"]))]


def _first_juror_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], un._jurors(full, p["season"])["castaway_id"].iloc[0])]


def _swap_boot_exit(full: GoldData, p: dict) -> list:
    first = _swap_tribe_first_boot(full, p["castaway_id"], p["season"])["castaway_id"]
    return [("episode", p["season"], _swap_episode(full, p["season"])), ("exit", p["season"], first)]


def _both_finales(full: GoldData, p: dict) -> list:
    return [("finale", p["a"], None), ("finale", p["b"], None)]


def _next_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _next_immunity_episode(full, p["castaway_id"], p["season"]))]


SCOPE_NEEDS = {
    "up_exit_tribe": "exit", "up_immunity_name": _immunity_episode, "up_auction_buyers": _auction_aired,
    "up_merge_title": scoped._merge, "up_fire_beaten": _fire_aired,
    "up_reward_picks": "finale", "up_puzzle_immunities": "finale", "up_revotes": "finale",
    "up_winner_sit_outs": "finale", "up_conf_leader_jury": "finale", "up_first_juror_voters": _first_juror_exit,
    "up_swap_tribe_first_boot": _swap_boot_exit, "up_fire_winner_jury": "finale", "up_oldest_juror_vote": "finale",
    "up_both_juries": _both_finales, "up_finale_rating_compare": _both_finales, "up_sit_out_compare": "finale",
    "up_tribals_compare": "finale", "up_screen_time_compare": "finale",
    "up_next_episode_immunity": _next_episode, "up_left_after_boot": "exit", "up_between_swap_merge": scoped._merge,
    "up_votes_before_merge": scoped._merge, "up_last_boot_before_auction": _auction_aired,
    "up_quiet_episode": "finale", "up_no_journey": "finale", "up_tribe_no_jurors": "finale",
    "up_jurors_winner_spared": "finale", "up_wasted_idols": "finale", "up_returnees_not_better": "finale",
    "up_medevac_story": "exit", "up_quit_story": "exit", "up_boot_story": "exit", "up_ftc_story": "finale",
    "up_merge_story": scoped._merge, "up_deadlock_story": "episode", "up_auction_story": _auction_aired,
    "up_idol_in_pocket_story": "exit", "up_quit_counterfactual": "exit",
}
SCOPE_AS_AIRED = {"up_timeslot", "up_filming_wrapped", "up_three_words", "up_career_sit_outs",
                  "up_most_reused_challenge", "up_top_advantage", "up_runner_up_record", "up_biggest_tally",
                  "up_most_watched_first_boot", "up_best_finale_winner", "up_cast_age_compare", "up_reward_compare",
                  "up_idol_finds_compare", "up_first_extra_vote", "up_first_rock_draw", "up_first_woman_winner",
                  "up_winners_not_conf_leader", "up_seasons_no_tie", "up_future_finale", "up_nobody",
                  "up_fake_season", "up_siblings", "up_politics", "up_opinion", "up_runner_up_prize"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)


# -- the plan --------------------------------------------------------------------------------------------
def plan(g: GoldData) -> list[tuple[str, dict]]:
    """People, seasons and tribes the gold, held-out, fresh, unseen, novel, untried, unasked, untouched and unheard
    sets ask little or nothing about."""
    top_season = max(g.seasons)
    return [
        # single facts
        ("up_timeslot", {"season": 1}), ("up_exit_tribe", by_name(g, "Silas", season=3)),
        ("up_filming_wrapped", {"season": 5}), ("up_immunity_name", by_name(g, "Ken Hoang", season=17)),
        ("up_three_words", by_name(g, "Matt Elrod")), ("up_auction_buyers", {"season": 6, "item": "Letters From Home"}),
        ("up_merge_title", {"season": 12}), ("up_fire_beaten", by_name(g, "Deshawn", season=41)),
        # aggregation
        ("up_career_sit_outs", {}), ("up_reward_picks", {"season": 9}), ("up_puzzle_immunities", {"season": 16}),
        ("up_most_reused_challenge", {}), ("up_top_advantage", {}), ("up_revotes", {"season": 10}),
        ("up_runner_up_record", {}), ("up_biggest_tally", {}),
        # multi-hop
        ("up_winner_sit_outs", {"season": 20}), ("up_conf_leader_jury", {"season": 14}),
        ("up_first_juror_voters", {"season": 18}),
        ("up_swap_tribe_first_boot", by_name(g, "Gabby Pascuzzi", season=37)),
        ("up_fire_winner_jury", by_name(g, "Jesse Lopez", season=43)), ("up_most_watched_first_boot", {}),
        ("up_best_finale_winner", {}), ("up_oldest_juror_vote", {"season": 35}),
        # cross-entity
        ("up_both_juries", {"a": 3, "b": 8}), ("up_cast_age_compare", {"a": 9, "b": 2}),
        ("up_finale_rating_compare", {"a": 7, "b": 10}),
        ("up_sit_out_compare", pair(g, "Dave Ball", "John Fincher", season=19)),
        ("up_tribals_compare", pair(g, "Gary Hogeboom", "Judd Sergeant", season=11)),
        ("up_reward_compare", pair(g, "Eliza Orlins", "Cochran")),
        ("up_screen_time_compare", pair(g, "Q", "Venus", season=46)),
        ("up_idol_finds_compare", pair(g, "Kellee Kim", "Dan Rengering")),
        # temporal
        ("up_next_episode_immunity", by_name(g, "Tijuana", season=7)), ("up_first_extra_vote", {}),
        ("up_first_rock_draw", {}), ("up_left_after_boot", by_name(g, "Hunter Ellis", season=4)),
        ("up_between_swap_merge", {"season": 15}), ("up_first_woman_winner", {}),
        ("up_votes_before_merge", by_name(g, "Chet Welch", season=16)), ("up_last_boot_before_auction", {"season": 24}),
        # negation
        ("up_quiet_episode", {"season": 42}), ("up_winners_not_conf_leader", {"since": 41}),
        ("up_seasons_no_tie", {"since": 30}), ("up_no_journey", {"season": 43}), ("up_tribe_no_jurors", {"season": 13}),
        ("up_jurors_winner_spared", {"season": 6}), ("up_wasted_idols", {"season": 39}),
        ("up_returnees_not_better", {"season": 27}),
        # narrative: exits none of the other sets asks about (a medevac, a quit, a boot), a final, a merge, a
        # deadlocked vote, an auction, an idol taken home unplayed
        ("up_medevac_story", by_name(g, "Bruce Perreault", season=44, key=["head"])),
        ("up_quit_story", by_name(g, "Bi Nguyen", season=37, key=["MCL", "sprain"])),
        ("up_boot_story", by_name(g, "Gretchen Cordy", season=1)), ("up_ftc_story", {"season": 4}),
        ("up_merge_story", {"season": 8}), ("up_deadlock_story", {"season": 2, "episode": 4}),
        ("up_auction_story", {"season": 30, "key": ["extra vote", "advantage"]}),
        ("up_idol_in_pocket_story", by_name(g, "John Rocker", season=29)),
        # unanswerable
        ("up_future_finale", {"future": top_season + 35}), ("up_nobody", {"name": "Marguerite Okafor"}),
        ("up_fake_season", {"place": "Patagonia"}), ("up_siblings", by_name(g, "Shii Ann")),
        ("up_politics", by_name(g, "Rory Freeman")), ("up_opinion", {"season": 12}),
        ("up_quit_counterfactual", by_name(g, "Gary Stritesky", season=14)), ("up_runner_up_prize", {"season": 22}),
    ]


def build_unposed_set(g: GoldData) -> list[Question]:
    """The unposed set; question ids are "up-<category>-NN" so they never collide with the other sets'."""
    return build_planned(g, "up", plan)
