"""Gold templates: single facts, aggregation/ranking, temporal (episode order) and negation questions.

Each template computes its answer from the survivoR tables (pandas) every time it is called.
"""

from __future__ import annotations

import random

import pandas as pd

from evaluation.data import GoldData
from evaluation.gold import entities, entity, number, phrase, season, seasons, template

ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
            "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth"]


def top(series: pd.Series) -> list:
    """The index labels that share the maximum (ties included)."""
    return list(series[series == series.max()].index) if len(series) else []


def _date_forms(value) -> list[str]:
    ts = pd.Timestamp(value)
    return [ts.date().isoformat(), f"{ts:%B} {ts.day}, {ts.year}", f"{ts.day} {ts:%B} {ts.year}"]


# -- single facts ----------------------------------------------------------------------------------------
@template("winner_by_number", "single_fact")
def winner_by_number(g: GoldData, season: int, v: int = 0):
    text = ["Who was the Sole Survivor of season {n}?", "Name the winner of Survivor season {n}.",
            "Which castaway won the {ord} season of Survivor?"][v]
    return text.format(n=season, ord=ORDINALS[season - 1] if season <= len(ORDINALS) else f"{season}th"), [
        entity(g, [g.winner(season)])]


@template("winner_by_name", "single_fact")
def winner_by_name(g: GoldData, season: int):
    return f"Who won Survivor: {g.subtitle(season)}?", [entity(g, [g.winner(season)])]


@template("location", "single_fact")
def location(g: GoldData, season: int):
    row = g.summary.loc[season]
    where = str(row["location"])
    return f"Where was Survivor season {season} filmed?", [
        phrase(where, where.split(",")[0].strip(), where.split(",")[-1].strip())]


@template("cast_size", "single_fact")
def cast_size(g: GoldData, season: int):
    return f"How many castaways competed in {g.season_name(season)}?", [number(g.summary.loc[season, "n_cast"])]


@template("jury_size", "single_fact")
def jury_size(g: GoldData, season: int):
    return f"How many people were on the jury in season {season}?", [
        number(g.season_cast(season)["jury"].sum())]


@template("final_vote", "single_fact")
def final_vote(g: GoldData, season: int):
    return f"What was the final jury vote count in {g.season_name(season)}?", [
        phrase(str(g.summary.loc[season, "final_vote"]))]


def losing_finalists(g: GoldData, season: int) -> dict:
    cast = g.season_cast(season)
    return entities(g, cast[cast["finalist"] & ~cast["winner"]]["castaway_id"])


@template("runners_up", "single_fact")
def runners_up(g: GoldData, season: int):
    return f"Who were the runners-up of Survivor {season}?", [losing_finalists(g, season)]


@template("original_tribe", "single_fact")
def original_tribe(g: GoldData, castaway_id: str, season: int):
    cast = g.season_cast(season)
    tribe = cast[cast["castaway_id"] == castaway_id]["original_tribe"].iloc[0]
    return f"Which tribe did {g.name(castaway_id)} start on in season {season}?", [phrase(tribe)]


@template("episode_count", "single_fact")
def episode_count(g: GoldData, season: int):
    n = (g.episodes["season"] == season).sum()
    return f"How many episodes did Survivor {season} have?", [number(n)]


@template("season_won", "single_fact")
def season_won(g: GoldData, castaway_id: str):
    won = g.cast[(g.cast["castaway_id"] == castaway_id) & g.cast["winner"]]["season"]
    return f"Which season of Survivor did {g.name(castaway_id)} win?", [season(*won)]


@template("winner_age", "single_fact")
def winner_age(g: GoldData, season: int):
    cast = g.season_cast(season)
    age = cast[cast["winner"]]["age"].iloc[0]
    return f"How old was the winner of season {season} when they played?", [number(age)]


@template("premiere", "single_fact")
def premiere(g: GoldData, season: int):
    return f"When did {g.season_name(season)} premiere?", [phrase(*_date_forms(g.summary.loc[season, "premiered"]))]


@template("merged_tribe", "single_fact")
def merged_tribe(g: GoldData, season: int):
    merged = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Merged")]["tribe"].unique()
    return f"What was the merged tribe called in season {season}?", [phrase(*merged)]


# -- aggregation and ranking -------------------------------------------------------------------------------
@template("most_votes_received", "aggregation")
def most_votes_received(g: GoldData, season: int | None = None):
    votes = g.votes if season is None else g.votes[g.votes["season"] == season]
    where = "in Survivor history" if season is None else f"in season {season}"
    return f"Who received the most votes at tribal council {where}?", [entity(g, top(votes.groupby("vote_id").size()))]


@template("most_confessionals", "aggregation")
def most_confessionals(g: GoldData, season: int | None = None):
    conf = g.confessionals if season is None else g.confessionals[g.confessionals["season"] == season]
    where = "across all seasons" if season is None else f"in season {season}"
    counts = conf.groupby("castaway_id")["confessional_count"].sum()
    return f"Who had the most confessionals {where}?", [entity(g, top(counts))]


def confessional_leaders(g: GoldData, season: int) -> list[str]:
    """Who had the most confessionals in a season (all of them on a tie)."""
    conf = g.confessionals[g.confessionals["season"] == season]
    return top(conf.groupby("castaway_id")["confessional_count"].sum())


@template("most_idols_found", "aggregation")
def most_idols_found(g: GoldData):
    adv = g.advantages
    found = adv[adv["event"].isin(["Found", "Found (beware)"])
                & adv["advantage_type"].str.lower().str.contains("hidden immunity idol")]
    counts = found.drop_duplicates(["version_season", "advantage_id", "castaway_id"]).groupby("castaway_id").size()
    return "Which player found the most hidden immunity idols?", [entity(g, top(counts))]


@template("most_appearances", "aggregation")
def most_appearances(g: GoldData):
    return "Which castaway has made the most appearances on Survivor?", [entity(g, top(g.seasons_played()))]


@template("count_min_seasons", "aggregation")
def count_min_seasons(g: GoldData, n: int):
    return f"How many people have competed in at least {n} seasons?", [number((g.seasons_played() >= n).sum())]


@template("quitters", "aggregation")
def quitters(g: GoldData):
    quit_ = g.cast[g.cast["result"].str.contains("Quit", na=False)]
    return "Which castaways quit the game?", [entities(g, quit_["castaway_id"])]


@template("season_immunity_leader", "aggregation")
def season_immunity_leader(g: GoldData, season: int):
    w = g.wins[(g.wins["season"] == season) & (g.wins["won_individual_immunity"] == 1)]
    return f"Who won the most individual immunity challenges in season {season}?", [
        entity(g, top(w.groupby("castaway_id").size()))]


def _winner_votes(g: GoldData) -> pd.DataFrame:
    rows = []
    for s in g.finished_seasons:
        jury = g.jury[g.jury["season"] == s]
        rows.append((s, g.winner(s), (jury["finalist_id"] == g.winner(s)).sum(), jury["castaway_id"].nunique()))
    return pd.DataFrame(rows, columns=["season", "winner", "votes", "jurors"])


@template("unanimous_count", "aggregation")
def unanimous_count(g: GoldData):
    wv = _winner_votes(g)
    return "How many seasons were won by a unanimous jury vote?", [number((wv["votes"] == wv["jurors"]).sum())]


@template("fewest_jury_votes", "aggregation")
def fewest_jury_votes(g: GoldData):
    wv = _winner_votes(g).set_index("season")
    return "Which Sole Survivor won with the fewest jury votes?", [
        entity(g, wv[wv["votes"] == wv["votes"].min()]["winner"])]


@template("medevac_count", "aggregation")
def medevac_count(g: GoldData):
    return "How many times has a castaway been medically evacuated?", [
        number((g.cast["result"] == "Medically evacuated").sum())]


@template("two_time_winners", "aggregation")
def two_time_winners(g: GoldData):
    wins = g.cast[g.cast["winner"]].groupby("castaway_id").size()
    return "List the people who have won Survivor twice.", [entities(g, wins[wins >= 2].index)]


@template("tribal_count_season", "aggregation")
def tribal_count_season(g: GoldData, season: int):
    vh = g.vote_history[g.vote_history["season"] == season]
    with_votes = vh[vh["vote"].notna()]
    return f"How many tribal councils were held in season {season}?", [
        number(len(vh[["episode", "order"]].drop_duplicates()),
               len(with_votes[["episode", "order"]].drop_duplicates()))]


# -- temporal: episode order ---------------------------------------------------------------------------------
@template("boot_in_episode", "temporal")
def boot_in_episode(g: GoldData, season: int, episode: int):
    cast = g.season_cast(season)
    out = cast[(cast["episode"] == episode) & ~cast["finalist"]]
    return f"Who left the game in episode {episode} of season {season}?", [entities(g, out["castaway_id"])]


@template("nth_boot", "temporal")
def nth_boot(g: GoldData, season: int, order: int):
    cast = g.season_cast(season)
    return f"Who was the {ORDINALS[order - 1]} person eliminated from {g.season_name(season)}?", [
        entity(g, cast[cast["order"] == order]["castaway_id"])]


@template("immunity_in_episode", "temporal")
def immunity_in_episode(g: GoldData, season: int, episode: int):
    w = g.wins[(g.wins["season"] == season) & (g.wins["episode"] == episode) & (g.wins["won_individual_immunity"] == 1)]
    return f"Who won individual immunity in episode {episode} of season {season}?", [entities(g, w["castaway_id"])]


@template("exit_episode", "temporal")
def exit_episode(g: GoldData, castaway_id: str, season: int):
    cast = g.season_cast(season)
    ep = cast[cast["castaway_id"] == castaway_id]["episode"].iloc[0]
    return f"In which episode of season {season} did {g.name(castaway_id)} leave the game?", [number(ep)]


@template("next_boot", "temporal")
def next_boot(g: GoldData, castaway_id: str, season: int):
    cast = g.season_cast(season)
    order = cast[cast["castaway_id"] == castaway_id]["order"].iloc[0]
    return f"Who was eliminated right after {g.name(castaway_id)} in season {season}?", [
        entity(g, cast[cast["order"] == order + 1]["castaway_id"])]


@template("first_immunity", "temporal")
def first_immunity(g: GoldData, season: int, last: bool = False):
    w = g.wins[(g.wins["season"] == season) & (g.wins["won_individual_immunity"] == 1)]
    ep = w["episode"].max() if last else w["episode"].min()
    which = "final" if last else "first"
    return f"Who won the {which} individual immunity challenge of season {season}?", [
        entity(g, w[w["episode"] == ep]["castaway_id"])]


@template("last_before_final", "temporal")
def last_before_final(g: GoldData, season: int):
    cast = g.season_cast(season)
    gone = cast[~cast["finalist"]]
    return f"Who was the last person eliminated before the final tribal council in {g.season_name(season)}?", [
        entity(g, gone[gone["order"] == gone["order"].max()]["castaway_id"])]


@template("exit_day", "temporal")
def exit_day(g: GoldData, castaway_id: str, season: int):
    cast = g.season_cast(season)
    day = cast[cast["castaway_id"] == castaway_id]["day"].iloc[0]
    return f"On which day did {g.name(castaway_id)} leave season {season}?", [number(day)]


@template("who_went_first", "temporal")
def who_went_first(g: GoldData, a: str, b: str, season: int):
    cast = g.season_cast(season).set_index("castaway_id")
    order_a, order_b = cast.loc[a, "order"], cast.loc[b, "order"]
    # Under a viewer scope an order not yet known is NaN: the one who has left went first; neither: unknown.
    first = b if pd.isna(order_a) else a if pd.isna(order_b) or order_a < order_b else b
    known = not (pd.isna(order_a) and pd.isna(order_b))
    return f"In season {season}, who went home first: {g.name(a)} or {g.name(b)}?", [
        entity(g, [first] if known else [])]


def juror_by_order(g: GoldData, season: int, last: bool = False) -> dict:
    """The first (or last) juror of a season, by the order they left the game."""
    cast = g.season_cast(season)
    jury = cast[cast["jury"]]
    edge = jury["order"].max() if last else jury["order"].min()
    return entity(g, jury[jury["order"] == edge]["castaway_id"])


@template("first_juror", "temporal")
def first_juror(g: GoldData, season: int):
    return f"Who was the first member of the jury in season {season}?", [juror_by_order(g, season)]


# -- negation ------------------------------------------------------------------------------------------------
@template("finalists_not_won", "negation")
def finalists_not_won(g: GoldData, season: int):
    return f"Which finalists of {g.season_name(season)} did not win?", [losing_finalists(g, season)]


@template("veterans_never_won", "negation")
def veterans_never_won(g: GoldData, n: int = 3):
    winners = set(g.cast[g.cast["winner"]]["castaway_id"])
    return f"Which players have played {n} or more seasons without ever winning?", [
        entities(g, veterans_except(g, n, winners))]


def veterans_except(g: GoldData, n: int, excluded: set[str]) -> list[str]:
    """People who played n or more seasons and are not in excluded, in seasons_played() order."""
    played = g.seasons_played()
    return [c for c in played[played >= n].index if c not in excluded]


@template("seasons_without_medevac", "negation")
def seasons_without_medevac(g: GoldData):
    with_ = set(g.cast[g.cast["result"] == "Medically evacuated"]["season"])
    return "Which seasons did not have a medical evacuation?", [seasons(s for s in g.seasons if s not in with_)]


@template("never_received_vote", "negation")
def never_received_vote(g: GoldData, season: int):
    targets = set(g.votes[g.votes["season"] == season]["vote_id"])
    cast = g.season_cast(season)
    return f"Which castaways in season {season} never received a single vote at tribal council?", [
        entities(g, [c for c in cast["castaway_id"] if c not in targets])]


@template("winners_no_immunity", "negation")
def winners_no_immunity(g: GoldData):
    iw = g.wins[g.wins["won_individual_immunity"] == 1]
    won = set(zip(iw["season"], iw["castaway_id"]))
    return "Which winners never won an individual immunity challenge in the season they won?", [
        entities(g, [g.winner(s) for s in g.finished_seasons if (s, g.winner(s)) not in won])]


@template("jurors_not_for_winner", "negation")
def jurors_not_for_winner(g: GoldData, season: int):
    jury = g.jury[g.jury["season"] == season]
    return f"Which jurors in season {season} did not vote for the winner?", [
        entities(g, jury[jury["finalist_id"] != g.winner(season)]["castaway_id"])]


@template("tribe_missed_merge", "negation")
def tribe_missed_merge(g: GoldData, season: int, tribe: str):
    t = g.tribes[g.tribes["season"] == season]
    members = t[(t["tribe"] == tribe) & (t["tribe_status"] == "Original")]["castaway_id"].unique()
    merged = set(t[t["tribe_status"] == "Merged"]["castaway_id"])
    return f"Which original members of the {tribe} tribe in season {season} did not make the merge?", [
        entities(g, [c for c in members if c not in merged])]


@template("seasons_without_returnees", "negation")
def seasons_without_returnees(g: GoldData):
    first = g.cast.groupby("castaway_id")["season"].min()
    returning = {s for s, c in zip(g.cast["season"], g.cast["castaway_id"]) if first[c] < s}
    return "Which seasons had no returning players in the cast?", [seasons(s for s in g.seasons if s not in returning)]


# -- the plan ------------------------------------------------------------------------------------------------
def plan(g: GoldData, rng: random.Random) -> list[tuple[str, dict]]:
    ss = g.seasons
    pick = rng.sample(ss, 12)
    named = [s for s in ss if g.subtitle(s) and s not in pick]
    one_time = [c for c, n in g.cast[g.cast["winner"]].groupby("castaway_id").size().items() if n == 1]
    out: list[tuple[str, dict]] = [
        ("winner_by_number", {"season": pick[0], "v": 0}), ("winner_by_number", {"season": pick[1], "v": 1}),
        ("winner_by_number", {"season": 7, "v": 2}), ("winner_by_name", {"season": rng.choice(named)}),
        ("location", {"season": pick[2]}), ("cast_size", {"season": rng.choice(named)}),
        ("jury_size", {"season": pick[3]}), ("final_vote", {"season": rng.choice(named)}),
        ("runners_up", {"season": pick[4]}), ("episode_count", {"season": pick[5]}),
        ("season_won", {"castaway_id": rng.choice(sorted(one_time))}), ("winner_age", {"season": pick[6]}),
        ("premiere", {"season": rng.choice(named)}), ("merged_tribe", {"season": pick[7]}),
    ]
    cast = g.season_cast(pick[8])
    out.append(("original_tribe", {"castaway_id": cast.sort_values("place")["castaway_id"].iloc[3],
                                   "season": pick[8]}))
    out += [("most_votes_received", {}), ("most_votes_received", {"season": pick[9]}),
            ("most_confessionals", {}), ("most_confessionals", {"season": pick[10]}), ("most_idols_found", {}),
            ("most_appearances", {}), ("count_min_seasons", {"n": 4}), ("quitters", {}),
            ("season_immunity_leader", {"season": pick[11]}), ("unanimous_count", {}), ("fewest_jury_votes", {}),
            ("medevac_count", {}), ("two_time_winners", {}), ("tribal_count_season", {"season": pick[0]})]
    t_seasons = rng.sample(ss, 10)
    for i, s in enumerate(t_seasons):
        cast = g.season_cast(s).sort_values("order")
        mid = cast.iloc[len(cast) // 3]
        if i == 0:
            single = cast[~cast["finalist"]].groupby("episode").size()
            out.append(("boot_in_episode", {"season": s, "episode": int(single[single == 1].index[2])}))
        elif i == 1:
            out.append(("nth_boot", {"season": s, "order": 3}))
        elif i == 2:
            w = g.wins[(g.wins["season"] == s) & (g.wins["won_individual_immunity"] == 1)]
            out.append(("immunity_in_episode", {"season": s, "episode": int(sorted(w["episode"].unique())[1])}))
        elif i == 3:
            out.append(("exit_episode", {"castaway_id": mid["castaway_id"], "season": s}))
        elif i == 4:
            out.append(("next_boot", {"castaway_id": mid["castaway_id"], "season": s}))
        elif i == 5:
            out.append(("first_immunity", {"season": s}))
        elif i == 6:
            out.append(("first_immunity", {"season": s, "last": True}))
        elif i == 7:
            out.append(("last_before_final", {"season": s}))
        elif i == 8:
            out.append(("exit_day", {"castaway_id": mid["castaway_id"], "season": s}))
        else:
            a, b = cast.iloc[2]["castaway_id"], cast.iloc[len(cast) - 5]["castaway_id"]
            out += [("who_went_first", {"a": b, "b": a, "season": s}), ("first_juror", {"season": s})]
    n_seasons = rng.sample(ss, 4)
    t = g.tribes[(g.tribes["season"] == n_seasons[3]) & (g.tribes["tribe_status"] == "Original")]
    out += [("finalists_not_won", {"season": n_seasons[0]}), ("veterans_never_won", {"n": 3}),
            ("seasons_without_medevac", {}), ("never_received_vote", {"season": n_seasons[1]}),
            ("winners_no_immunity", {}), ("jurors_not_for_winner", {"season": _split_jury_season(g, rng)}),
            ("tribe_missed_merge", {"season": n_seasons[3], "tribe": sorted(t["tribe"].unique())[0]}),
            ("seasons_without_returnees", {})]
    return out


def _split_jury_season(g: GoldData, rng: random.Random) -> int:
    """A season where some jurors voted for someone other than the winner."""
    split = [s for s in g.seasons if (g.jury[g.jury["season"] == s]["finalist_id"] != g.winner(s)).any()]
    return rng.choice(split)
