"""The unvoiced question set: an eleventh blind set, for how the agent generalises to questions nobody tuned it on.

The gold, held-out, fresh, unseen, novel, untried, unasked, untouched, unheard and unposed sets have all been looked
at while the agent grew; this one was written without reading the agent, linker, catalog, Cypher or retriever code
and without running the agent on any set. It asks about people, seasons and tribes the other ten ask about little or
not at all, and it reaches into survivoR columns and tables they barely touch: hobbies and the castaways' own
three-word descriptions (castaway_details), the second tribe swap (tribe_mapping), the games played on journeys and
who risked a vote there (journeys), finale running times, the worst-rated episode and episode audiences
(episodes), a season's Nielsen rank, premiere and finale audiences and the weeks between filming and the premiere
(season_summary), the cars given away as rewards and swimming challenges (challenge_description), who won the most
challenges of every kind (challenge_summary), the price of one auction item and the biggest spender
(auction_details, survivor_auction), split votes, shots in the dark, steal-a-vote, do or die and the votes idols
cancelled against one person (vote_history), non-idol advantages (advantage_movement/advantage_details) and where
castaways lived (castaways). The shapes are new too: the first shot in the dark that worked, how many had gone home
by day 20, who was still there on day 30, the last auction before it came back, the first boot after a second
swap, the episode after a boot by its title, the season with the longest finale and its winner, boots that were
not unanimous, winners who never went to tribal before the merge, castaways unseen in a premiere's confessionals,
castaways not living in a state, finales watched by fewer people than their premieres, a starting tribe with no
individual immunity winner, players who kept their tribe through two swaps, and stories of a car reward, a do or
die, a return from the Edge of Extinction, a kidnapping, a shot in the dark, an hourglass, a final tribal and a
merge. The wording is the way people type to a chatbot: lower case, "s44"-style references, full names and
shortened season names, comparisons, negations, counts by day, two questions in one message. Answers are computed
from the survivoR tables by the templates below, with the gold set's answer parts and, where one fits, an existing
template's or helper's answer code.

    build_unvoiced_set(g) -> list[Question]     # `python -m evaluation gold --set unvoiced` writes the snapshot
    python -m evaluation run --set unvoiced     # run it (the default set stays the gold set)

Template names start with "uv_" and question ids with "uv-" (no other set uses either); each template declares
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
from evaluation import unposed as up
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

UNVOICED_FILE = QUESTION_SETS["unvoiced"]
SHOT = "Shot in the dark"  # vote_history.vote_event
REGULAR = r"(Ep \d+|Finale)$"  # episodes.episode_label of aired episodes (no recaps, no reunions)
CAR = r"\(car\)"  # challenge_description.reward marks the rewards that were a car


def _scoped(g: GoldData) -> bool:
    return uh._scoped(g)


def _table(g: GoldData, name: str) -> pd.DataFrame:
    """A survivoR event table GoldData does not cut itself (it has season and episode): for a viewer scope, only
    the rows that had aired."""
    return up._aired(g, g.data.table(name))


def _regular_episodes(g: GoldData, s: int) -> pd.DataFrame:
    eps = g.episodes
    return eps[(eps["season"] == s) & eps["episode_label"].str.match(REGULAR, na=False)]


def _finale(g: GoldData, s: int) -> pd.Series:
    eps = g.episodes
    rows = eps[(eps["season"] == s) & (eps["episode_label"] == "Finale")]
    return rows.loc[nv._one(list(rows.index), s)[0]]


def _car_challenge(g: GoldData, s: int) -> pd.Series:
    """The one reward challenge of a season whose prize was a car."""
    desc = _table(g, "challenge_description")
    car = desc[(desc["season"] == s) & desc["reward"].str.contains(CAR, na=False)]
    return car.loc[nv._one(list(car.index), s)[0]]


def _challenge_rows(g: GoldData, s: int, challenge_id) -> pd.DataFrame:
    cr = up._challenges(g)
    return cr[(cr["season"] == s) & (cr["challenge_id"] == challenge_id)]


def _car_winner(g: GoldData, s: int) -> str:
    rows = _challenge_rows(g, s, _car_challenge(g, s)["challenge_id"])
    return nv._one(sorted(set(rows[rows["won_individual_reward"] == 1]["castaway_id"])), s)[0]


def _swap2(g: GoldData, s: int) -> pd.DataFrame:
    t = g.tribes
    return t[(t["season"] == s) & (t["tribe_status"] == "Swapped_2")]


def _swap2_episode(g: GoldData, s: int) -> int:
    return int(_swap2(g, s)["episode"].min())


def _event_rows(g: GoldData, s: int, event: str) -> pd.DataFrame:
    vh = g.vote_history
    return vh[(vh["season"] == s) & (vh["vote_event"] == event)]


def _event_row(g: GoldData, castaway_id: str, s: int, event: str, outcome: str | None = None) -> pd.Series:
    rows = _event_rows(g, s, event)
    rows = rows[rows["castaway_id"] == castaway_id]
    if outcome is not None:
        rows = rows[rows["vote_event_outcome"] == outcome]
    rows = rows.drop_duplicates(["episode", "order"])
    return rows.loc[nv._one(list(rows.index), (castaway_id, event))[0]]


def _shots(g: GoldData) -> pd.DataFrame:
    """Every shot in the dark played, one row each (a revote repeats the row)."""
    vh = g.vote_history
    return vh[vh["vote_event"] == SHOT].drop_duplicates(["season", "episode", "castaway_id"])


def _journey(g: GoldData, castaway_id: str, s: int) -> pd.Series:
    j = _table(g, "journeys")
    mine = j[(j["season"] == s) & (j["castaway_id"] == castaway_id)]
    return mine.loc[nv._one(list(mine.index), castaway_id)[0]]


def _spent(g: GoldData, s: int) -> pd.Series:
    _, bought = ua._auction(g, s)
    return pd.to_numeric(bought["cost"], errors="coerce").groupby(bought["castaway_id"]).sum()


def _challenge_wins(g: GoldData, s: int) -> pd.Series:
    """Challenges won per person in a season, tribe, team and individual ones together (challenge_summary)."""
    cs = _table(g, "challenge_summary")
    cs = cs[(cs["season"] == s) & (cs["category"] == "All")]
    return pd.to_numeric(cs["won"], errors="coerce").fillna(0).groupby(cs["castaway_id"]).sum()


def _won_season(g: GoldData, castaway_id: str) -> int:
    return int(nv._one(fr._won_seasons(g, castaway_id), castaway_id)[0])


def _debut_age(g: GoldData, castaway_id: str) -> float:
    rows = g.cast[g.cast["castaway_id"] == castaway_id].sort_values("season")
    return float(rows["age"].iloc[0])


def _first_tribal(g: GoldData, s: int) -> pd.Series:
    vh = g.vote_history
    rows = vh[vh["season"] == s].sort_values(["episode", "order"])
    return rows.iloc[0]


def _first_idol_find(g: GoldData, s: int) -> pd.Series:
    found = fr._idols_found(g)
    found = found[found["season"] == s].sort_values(["day", "episode"])
    first = found[found["day"] == found["day"].iloc[0]]
    return first.loc[nv._one(list(first.index), s)[0]]


def _swap2_first_boot(g: GoldData, s: int) -> pd.Series:
    cast = g.season_cast(s)
    after = cast[(cast["episode"] >= _swap2_episode(g, s)) & ~cast["finalist"]].sort_values("order")
    row = after.iloc[0]
    assert "voted out" in str(row["result"]), (s, row["result"])
    return row


def _first_boot(g: GoldData, s: int) -> pd.Series:
    cast = g.season_cast(s)
    row = cast[cast["order"] == 1].iloc[0]
    assert "voted out" in str(row["result"]), (s, row["result"])
    return row


def _edge_return_episode(g: GoldData, castaway_id: str, s: int) -> int:
    """The episode someone was back in the game after going to the Edge of Extinction."""
    t = g.tribes
    mine = t[(t["season"] == s) & (t["castaway_id"] == castaway_id)].sort_values("episode")
    edge = mine[mine["tribe_status"] == "Edge of Extinction"]
    back = mine[(mine["episode"] > edge["episode"].min()) & (mine["tribe_status"] != "Edge of Extinction")]
    return int(back["episode"].min())


def _hobbies(text: str) -> list[str]:
    """'Running, biking and swimming.' -> ['running', 'biking', 'swimming']."""
    items = re.split(r",\s*(?:and\s+)?|\s+and\s+", str(text).strip().rstrip("."))
    return [i.strip().lower() for i in items if i.strip()]


def _season_part(values: list[int]) -> dict:
    """A season answer part, for a template whose `season` parameter hides the part's function."""
    return season(*values)


def _summary_has(g: GoldData, s: int, ep: int, groups: list[list[str]]) -> None:
    up._summary_has(g, s, ep, groups)


# -- single facts ----------------------------------------------------------------------------------------
@template("uv_hobbies", "single_fact")
def uv_hobbies(g: GoldData, castaway_id: str, call: str):
    hobbies = _hobbies(nv._bio(g, castaway_id, "hobbies"))
    assert 2 <= len(hobbies) <= 4, (call, hobbies)  # a short list, so every one is the answer
    return f"what does {call} like to do for fun? like her hobbies", [phrases(hobbies)]


@template("uv_second_swap_tribe", "single_fact")
def uv_second_swap_tribe(g: GoldData, castaway_id: str, season: int, call: str):
    rows = _swap2(g, season)
    rows = rows[rows["castaway_id"] == castaway_id].sort_values("episode")
    tribe = rows["tribe"].iloc[0]
    first = up._first_swap_tribe(g, season).get(castaway_id)
    assert _scoped(g) or first != tribe, (call, first, tribe)  # the second swap moved them
    return f"{_title(g, season)} had two tribe swaps right? which tribe did {call} land on after the second one?", [
        phrase(tribe)]


@template("uv_journey_game", "single_fact")
def uv_journey_game(g: GoldData, castaway_id: str, season: int, call: str):
    game = _journey(g, castaway_id, season)["game_played"]
    assert pd.notna(game), call
    return f"{call} got sent on a journey late in s{season} - what was the game she had to play there?", [
        phrase(game)]


@template("uv_finale_runtime", "single_fact")
def uv_finale_runtime(g: GoldData, season: int):
    return f"how long was the {_title(g, season)} finale? runtime in minutes", [
        number(_finale(g, season)["episode_length"])]


@template("uv_nielsen_rank", "single_fact")
def uv_nielsen_rank(g: GoldData, season: int):
    rank = g.summary.loc[season, "rank"]
    return f"where did survivor rank in the nielsen ratings for the tv season {_title(g, season)} aired in?", [
        number(*([rank] if pd.notna(rank) else []))]


@template("uv_car_winner", "single_fact")
def uv_car_winner(g: GoldData, season: int):
    return f"who drove off with the car on {_title(g, season)}?", [entity(g, [_car_winner(g, season)])]


@template("uv_split_vote_other", "single_fact")
def uv_split_vote_other(g: GoldData, castaway_id: str, season: int, call: str):
    up._exit_row(g, castaway_id, season)
    vh = g.vote_history
    split = vh[(vh["season"] == season) & (vh["voted_out_id"] == castaway_id)]["split_vote"].dropna().unique()
    names = [n.strip() for n in nv._one(list(split), call)[0].split(",")]
    cast = g.season_cast(season)
    named = cast[cast["castaway"].isin(names)]
    assert len(named) == len(names) and castaway_id in set(named["castaway_id"]), (call, names)
    return f"the night {call} got voted out of s{season}, the majority split their votes - between him and who?", [
        entity(g, [c for c in named["castaway_id"] if c != castaway_id])]


@template("uv_auction_price", "single_fact")
def uv_auction_price(g: GoldData, castaway_id: str, season: int, item: str, call: str):
    bought = up._auction_item(g, season, item)
    mine = bought[bought["castaway_id"] == castaway_id]
    cost = mine.loc[nv._one(list(mine.index), (call, item))[0], "cost"]
    return f"how much did {call} pay for the {item.lower()} at the s{season} auction?", [number(cost)]


# -- aggregation -----------------------------------------------------------------------------------------
@template("uv_swim_challenges", "aggregation")
def uv_swim_challenges(g: GoldData, season: int):
    desc = _table(g, "challenge_description")
    desc = desc[desc["season"] == season]
    return f"How many of the challenges on {_title(g, season)} made them swim?", [
        number(up._flag(desc, "water_swim").sum())]


@template("uv_shot_counts", "aggregation")
def uv_shot_counts(g: GoldData):
    shots = _shots(g)
    return "how many times has somebody played their shot in the dark? and how many times did it actually save " \
           "them?", [number(len(shots)), number(int((shots["vote_event_outcome"] == "Safe").sum()))]


@template("uv_lowest_rated_episode", "aggregation")
def uv_lowest_rated_episode(g: GoldData, season: int):
    eps = _regular_episodes(g, season)
    worst = eps[eps["imdb_rating"] == eps["imdb_rating"].min()]
    row = worst.loc[nv._one(list(worst.index), season)[0]]
    return f"which episode of s{season} has the worst imdb rating?", [
        phrase(row["episode_title"], f"episode {int(row['episode'])}")]


@template("uv_youngest_cast", "aggregation")
def uv_youngest_cast(g: GoldData):
    ages = g.cast.assign(age=g.cast["age"].astype(float)).groupby("season")["age"].mean()
    best = top(-ages)
    assert _scoped(g) or len(best) == 1, best
    return "Which season had the youngest cast, going by average age?", [season(*best)]


@template("uv_viewers_over", "aggregation")
def uv_viewers_over(g: GoldData, season: int, millions: int):
    viewers = pd.to_numeric(_regular_episodes(g, season)["viewers"], errors="coerce")
    return f"how many {_title(g, season)} episodes pulled in more than {millions} million viewers?", [
        number(int((viewers > millions * 1e6).sum()))]


@template("uv_votes_nullified_against", "aggregation")
def uv_votes_nullified_against(g: GoldData, castaway_id: str, call: str):
    v = g.votes
    return f"over his whole survivor career, how many votes cast against {call} got cancelled out by idols?", [
        number(int(((v["vote_id"] == castaway_id) & v["nullified"].eq(True)).sum()))]


@template("uv_advantage_season", "aggregation")
def uv_advantage_season(g: GoldData):
    adv = g.advantages.drop_duplicates(["version_season", "advantage_id"])
    adv = adv[~adv["advantage_type"].str.lower().str.contains("idol")]
    return "what season had the most advantages in play that weren't idols?", [
        season(*top(adv.groupby("season").size()))]


@template("uv_most_challenges_won", "aggregation")
def uv_most_challenges_won(g: GoldData, season: int):
    best = top(_challenge_wins(g, season))
    assert _scoped(g) or len(best) == 1, best
    return f"counting tribe and individual wins together, who was on the winning side of the most challenges on " \
           f"{_title(g, season)}?", [entity(g, best)]


# -- multi-hop -------------------------------------------------------------------------------------------
@template("uv_winner_three_words", "multi_hop")
def uv_winner_three_words(g: GoldData, season: int):
    words = up._three_words(str(nv._bio(g, g.winner(season), "three_words")))
    assert len(words) == 3, (season, words)
    return f"the s{season} winner - how did they describe themselves in three words?", [phrases(words)]


@template("uv_top_spender_place", "multi_hop")
def uv_top_spender_place(g: GoldData, season: int):
    spent = _spent(g, season)
    buyer = nv._one(top(spent), season)[0]
    return f"whoever blew the most money at the {up._bare_title(g, season)} auction - who was it, and how far did " \
           "they get?", [entity(g, [buyer]), number(fr._row(g, buyer, season)["place"])]


@template("uv_first_reward_picks", "multi_hop")
def uv_first_reward_picks(g: GoldData, season: int):
    cr = up._challenges(g)
    won = cr[(cr["season"] == season) & (cr["won_individual_reward"] == 1)].sort_values(["episode", "challenge_id"])
    rows = _challenge_rows(g, season, won["challenge_id"].iloc[0])
    picked = rows[up._flag(rows, "chosen_for_reward")]
    assert len(picked), season  # the winner took people along
    return f"the first individual reward on s{season} - who did the winner bring along?", [
        entities(g, list(dict.fromkeys(picked["castaway_id"])))]


@template("uv_oldest_job", "multi_hop")
def uv_oldest_job(g: GoldData, season: int):
    cast = g.season_cast(season)
    oldest = nv._one(top(cast.set_index("castaway_id")["age"].astype(float)), season)[0]
    job = str(nv._bio(g, oldest, "occupation"))
    acronyms = [w for w in re.findall(r"[A-Za-z]+", job) if len(w) > 1 and w.isupper()]  # 'NHL'
    return f"who was the oldest castaway on {_title(g, season)}, and what did he do for a living?", [
        entity(g, [oldest]), phrase(job, *acronyms)]


@template("uv_journey_reward_place", "multi_hop")
def uv_journey_reward_place(g: GoldData, season: int, reward: str):
    j = _table(g, "journeys")
    j = j[j["season"] == season]
    first = j[j["episode"] == j["episode"].min()]
    got = first[first["reward"] == reward]
    who = nv._one(list(got["castaway_id"]), (season, reward))[0]
    return f"on the first journey of s{season}, who came back with a {reward.lower()}? where did they end up " \
           "finishing?", [entity(g, [who]), number(fr._row(g, who, season)["place"])]


@template("uv_returnee_first_boot", "multi_hop")
def uv_returnee_first_boot(g: GoldData, season: int):
    first = _first_boot(g, season)
    before = g.cast[(g.cast["castaway_id"] == first["castaway_id"]) & (g.cast["season"] < season)]
    row = before.sort_values("season").iloc[0]
    return f"the first person voted out of {_title(g, season)} had played before, right? what place did they " \
           "finish the first time?", [number(row["place"])]


@template("uv_steal_a_vote", "multi_hop")
def uv_steal_a_vote(g: GoldData, castaway_id: str, season: int, call: str):
    mine = _event_row(g, castaway_id, season, "Steal a vote", "Extra vote")
    rows = _event_rows(g, season, "Steal a vote")
    lost = rows[(rows["episode"] == mine["episode"]) & (rows["vote_event_outcome"] == "Lost vote")]
    return f"{call} used a steal-a-vote on s{season}. whose vote did she take, and who went home that night?", [
        entity(g, [nv._one(list(lost["castaway_id"]), call)[0]]), entity(g, [mine["voted_out_id"]])]


@template("uv_longest_finale_winner", "multi_hop")
def uv_longest_finale_winner(g: GoldData):
    eps = g.episodes
    finales = eps[(eps["episode_label"] == "Finale") & eps["season"].isin(g.finished_seasons)]
    best = top(finales.set_index("season")["episode_length"].astype(float))
    assert _scoped(g) or len(best) == 1, best
    return "which season had the longest finale, and who won that one?", [
        season(*best), entity(g, [g.winner(s) for s in best])]


# -- cross-entity ----------------------------------------------------------------------------------------
@template("uv_premiere_viewers_compare", "cross_entity")
def uv_premiere_viewers_compare(g: GoldData, a: int, b: int):
    viewers = pd.to_numeric(g.summary.loc[[a, b], "viewers_premiere"], errors="coerce").dropna()
    assert _scoped(g) or viewers[a] != viewers[b], viewers
    return f"which premiere drew the bigger audience, s{a} or s{b}?", [season(*top(viewers))]


@template("uv_imdb_average_compare", "cross_entity")
def uv_imdb_average_compare(g: GoldData, a: int, b: int):
    avg = pd.Series({s: float(_regular_episodes(g, s)["imdb_rating"].astype(float).mean()) for s in (a, b)})
    assert _scoped(g) or avg[a] != avg[b], avg
    return f"{_title(g, a)} vs {_title(g, b)}: which one has the better average imdb rating across its episodes?", \
        [season(*top(avg))]


@template("uv_idols_found_compare", "cross_entity")
def uv_idols_found_compare(g: GoldData, a: int, b: int):
    found = fr._idols_found(g)
    n = pd.Series({s: int((found["season"] == s).sum()) for s in (a, b)})
    assert _scoped(g) or n[a] != n[b], n
    return f"were more hidden immunity idols found on s{a} or on s{b}?", [season(*top(n))]


@template("uv_winning_confessionals_compare", "cross_entity")
def uv_winning_confessionals_compare(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    conf = g.confessionals
    n = pd.Series({c: int(conf[(conf["season"] == _won_season(g, c)) & (conf["castaway_id"] == c)]
                          ["confessional_count"].sum()) for c in (a, b)})
    assert _scoped(g) or n[a] != n[b], n
    return f"who had more confessionals in the season they won, {call_a} or {call_b}?", [entity(g, top(n))]


@template("uv_debut_age_compare", "cross_entity")
def uv_debut_age_compare(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    ages = pd.Series({c: _debut_age(g, c) for c in (a, b)})
    assert ages[a] != ages[b], ages
    return f"who was younger the first time they played, {call_a} or {call_b}?", [entity(g, top(-ages))]


@template("uv_votes_cast_compare", "cross_entity")
def uv_votes_cast_compare(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    n = pd.Series({c: int((g.votes["castaway_id"] == c).sum()) for c in (a, b)})
    assert _scoped(g) or n[a] != n[b], n
    return f"{call_a} or {call_b}: who has written down more names at tribal, counting every season they played?", [
        entity(g, top(n))]


@template("uv_challenge_wins_compare", "cross_entity")
def uv_challenge_wins_compare(g: GoldData, a: str, b: str, season: int, call_a: str, call_b: str):
    wins = _challenge_wins(g, season)
    n = pd.Series({c: float(wins.get(c, 0)) for c in (a, b)})
    assert _scoped(g) or n[a] != n[b], n
    return f"on s{season}, did {call_a} or {call_b} win more challenges overall, tribe ones included?", [
        entity(g, top(n))]


@template("uv_finale_runtime_compare", "cross_entity")
def uv_finale_runtime_compare(g: GoldData, a: int, b: int):
    length = pd.Series({s: float(_finale(g, s)["episode_length"]) for s in (a, b)})
    assert _scoped(g) or length[a] != length[b], length
    return f"which finale ran longer, {_title(g, a)} or {_title(g, b)}?", [season(*top(length))]


# -- temporal --------------------------------------------------------------------------------------------
@template("uv_first_shot_saved", "temporal")
def uv_first_shot_saved(g: GoldData):
    shots = _shots(g)
    saved = shots[shots["vote_event_outcome"] == "Safe"].sort_values(["season", "episode"])
    first = saved.iloc[:1]
    return "when did a shot in the dark first actually work? what season, and who played it?", [
        season(*first["season"]), entity(g, first["castaway_id"])]


@template("uv_gone_by_day", "temporal")
def uv_gone_by_day(g: GoldData, season: int, day: int):
    cast = g.season_cast(season)
    assert _scoped(g) or not (cast["day"] == day).any(), (season, day)  # nobody left on the day itself
    gone = cast[(cast["day"] <= day) & ~cast["finalist"]]
    return f"by day {day} of {_title(g, season)}, how many people had already gone home?", [number(len(gone))]


@template("uv_last_auction_before", "temporal")
def uv_last_auction_before(g: GoldData, season: int):
    present = _table(g, "survivor_auction")
    held = sorted(set(int(s) for s in present["season"]))
    assert season in held, (season, held)  # the premise: the auction came back that season
    before = [s for s in held if s < season]
    return f"before the survivor auction came back on s{season}, what was the last season that had one?", [
        _season_part(before[-1:])]


@template("uv_wrap_to_premiere", "temporal")
def uv_wrap_to_premiere(g: GoldData, season: int):
    row = g.summary.loc[season]
    ended, premiered = pd.Timestamp(row["filming_ended"]), pd.Timestamp(row["premiered"])
    days = (premiered - ended).days if pd.notna(ended) and pd.notna(premiered) else None
    assert days is None or days > 0, (season, days)
    # in days; in weeks; in months, as people round it
    values = [] if days is None else [days, round(days / 7), round(days / 30.44)]
    return f"how long after they finished filming {_title(g, season)} did it premiere on tv?", [number(*values)]


@template("uv_second_swap_first_boot", "temporal")
def uv_second_swap_first_boot(g: GoldData, season: int):
    return f"after the second tribe swap on {_title(g, season)}, who was the first person voted out?", [
        entity(g, [_swap2_first_boot(g, season)["castaway_id"]])]


@template("uv_episode_after_boot_title", "temporal")
def uv_episode_after_boot_title(g: GoldData, castaway_id: str, season: int, call: str):
    ep = int(up._exit_row(g, castaway_id, season)["episode"]) + 1
    eps = g.episodes
    title = eps[(eps["season"] == season) & (eps["episode"] == ep)]["episode_title"]
    return f"what was the episode right after {call} got voted out of s{season} called?", [
        phrase(*nv._one(list(title), (call, ep)))]


@template("uv_first_idol_find", "temporal")
def uv_first_idol_find(g: GoldData, season: int):
    row = _first_idol_find(g, season)
    return f"how many days into {_title(g, season)} did someone find the first hidden immunity idol, and who was " \
           "it?", [number(row["day"]), entity(g, [row["castaway_id"]])]


@template("uv_still_in_on_day", "temporal")
def uv_still_in_on_day(g: GoldData, season: int, day: int):
    cast = g.season_cast(season)
    assert _scoped(g) or not (cast["day"] == day).any(), (season, day)
    left = cast[(cast["day"] > day) | cast["finalist"]].sort_values("order")
    return f"who was still in the game on day {day} of s{season}?", [entities(g, left["castaway_id"])]


# -- negation --------------------------------------------------------------------------------------------
@template("uv_journey_no_risk", "negation")
def uv_journey_no_risk(g: GoldData, season: int):
    j = _table(g, "journeys")
    j = j[j["season"] == season]
    kept = j[j["chose_to_play"].eq(False)]
    return f"which s{season} players went on a journey but didn't risk their vote?", [
        entities(g, list(dict.fromkeys(kept["castaway_id"])))]


@template("uv_not_unanimous", "negation")
def uv_not_unanimous(g: GoldData, season: int):
    cast = g.season_cast(season)
    boots = cast[(cast["episode"] < up._merge(g, season)) & cast["result"].str.contains("voted out", na=False)]
    picked = []
    for cid in boots.sort_values("order")["castaway_id"]:
        v = g.votes[(g.votes["season"] == season) & (g.votes["voted_out_id"] == cid)]
        last = v[v["vote_order"] == v["vote_order"].max()]
        if ((last["castaway_id"] != cid) & (last["vote_id"] != cid)).any():  # someone besides them voted elsewhere
            picked.append(cid)
    return f"which pre-merge boots on {_title(g, season)} weren't unanimous?", [entities(g, picked)]


@template("uv_winners_no_premerge_tribal", "negation")
def uv_winners_no_premerge_tribal(g: GoldData):
    vh = g.vote_history
    picked = []
    for s in g.finished_seasons:
        w = g.winner(s)
        went = vh[(vh["season"] == s) & (vh["castaway_id"] == w) & (vh["episode"] < up._merge(g, s))]
        if went.empty:
            picked.append(w)
    return "which winners never had to go to a single tribal council before the merge?", [entities(g, picked)]


@template("uv_no_premiere_confessional", "negation")
def uv_no_premiere_confessional(g: GoldData, season: int):
    conf = g.confessionals
    conf = conf[(conf["season"] == season) & (pd.to_numeric(conf["episode"], errors="coerce") == 1)]
    talked = set(conf[conf["confessional_count"] > 0]["castaway_id"])
    cast = g.season_cast(season).sort_values("order", ascending=False)
    return f"who on s{season} didn't get a single confessional in the premiere?", [
        entities(g, [c for c in cast["castaway_id"] if c not in talked])]


@template("uv_not_in_a_state", "negation")
def uv_not_in_a_state(g: GoldData, season: int):
    cast = g.season_cast(season)
    state = cast["state"].replace(uh.STATE_SPELLINGS)
    return f"which s{season} castaways weren't living in one of the 50 states when they played?", [
        entities(g, cast[~state.isin(uh.US_STATES)]["castaway_id"])]


@template("uv_finale_below_premiere", "negation")
def uv_finale_below_premiere(g: GoldData, since: int, until: int):
    summary = g.summary
    picked = []
    for s in g.finished_seasons:
        first, last = (pd.to_numeric(summary.loc[s, c], errors="coerce")
                       for c in ("viewers_premiere", "viewers_finale"))
        if since <= s <= until and pd.notna(first) and pd.notna(last) and last < first:
            picked.append(s)
    return f"between s{since} and s{until}, which seasons had fewer people watching the finale than the premiere?", [
        seasons(picked)]


@template("uv_tribe_no_immunity_winner", "negation")
def uv_tribe_no_immunity_winner(g: GoldData, season: int):
    cast = g.season_cast(season)
    imm = fr._immunity(g)
    won = set(imm[imm["season"] == season]["castaway_id"])
    none = [t for t, grp in cast.groupby("original_tribe") if not set(grp["castaway_id"]) & won]
    return f"Which starting tribe on s{season} never had anyone win individual immunity?", [
        phrase(*nv._one(none, season))]


@template("uv_kept_tribe_both_swaps", "negation")
def uv_kept_tribe_both_swaps(g: GoldData, season: int):
    t = g.tribes[g.tribes["season"] == season].sort_values("episode")
    first = {st: dict(zip(rows["castaway_id"], rows["tribe"]))
             for st, rows in t.drop_duplicates(["castaway_id", "tribe_status"]).groupby("tribe_status")}
    at_second = first.get("Swapped_2", {})
    kept = [c for c, tribe in at_second.items()
            if first.get("Original", {}).get(c) == tribe and first.get("Swapped", {}).get(c) == tribe]
    return f"{_title(g, season)} swapped tribes twice - who never changed tribes through either swap?", [
        entities(g, kept)]


# -- narrative -------------------------------------------------------------------------------------------
@template("uv_car_story", "narrative")
def uv_car_story(g: GoldData, castaway_id: str, season: int, call: str, key: list):
    challenge = _car_challenge(g, season)
    assert _car_winner(g, season) == castaway_id, call  # the premise: he won the car
    rows = _challenge_rows(g, season, challenge["challenge_id"])
    along = list(rows[up._flag(rows, "chosen_for_reward")]["castaway_id"])
    ep = int(challenge["episode"])
    groups = [uh._call_words(g, castaway_id, season), ["car", *key],
              *[uh._call_words(g, c, season) for c in along]]
    _summary_has(g, season, ep, groups)
    return f"{call} won the car on {_title(g, season)} - how did that challenge go, and who did he take with " \
           "him?", [facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id, *along]})]


@template("uv_do_or_die_story", "narrative")
def uv_do_or_die_story(g: GoldData, castaway_id: str, season: int, call: str):
    row = _event_row(g, castaway_id, season, "Do or die")
    ep, out = int(row["episode"]), row["voted_out_id"]
    groups = [["do or die"], uh._call_words(g, castaway_id, season), uh._call_words(g, out, season)]
    _summary_has(g, season, ep, groups)
    return f"{call} had to play do or die on s{season}?? what happened, and who went home that night?", [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id, out]})]


@template("uv_edge_return_story", "narrative")
def uv_edge_return_story(g: GoldData, castaway_id: str, season: int, call: str):
    ep = _edge_return_episode(g, castaway_id, season)
    groups = [uh._call_words(g, castaway_id, season), ["edge", "extinction"], ["return", "re-entry", "back"]]
    _summary_has(g, season, ep, groups)
    return f"{call} won s{season} even after getting voted out?? how did he get back into the game?", [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id]})]


@template("uv_kidnap_story", "narrative")
def uv_kidnap_story(g: GoldData, castaway_id: str, season: int, episode: int, tribe: str, call: str):
    assert tribe in set(g.tribes[g.tribes["season"] == season]["tribe"]), tribe
    assert castaway_id in set(g.season_cast(season)["castaway_id"]), call
    groups = [uh._call_words(g, castaway_id, season), ["kidnap"], [tribe]]
    _summary_has(g, season, episode, groups)
    return f"wait, {call} got kidnapped on {_title(g, season)}? what was that about?", [
        facts(groups, {"season": season, "episode": episode, "castaway_ids": [castaway_id]})]


@template("uv_shot_story", "narrative")
def uv_shot_story(g: GoldData, castaway_id: str, season: int, call: str):
    row = _event_row(g, castaway_id, season, SHOT, "Safe")
    ep, out = int(row["episode"]), row["voted_out_id"]
    groups = [uh._call_words(g, castaway_id, season), ["shot in the dark"], uh._call_words(g, out, season)]
    _summary_has(g, season, ep, groups)
    return f"how did {call}'s shot in the dark play out on s{season}? who ended up going home instead?", [
        facts(groups, {"season": season, "episode": ep, "castaway_ids": [castaway_id, out]})]


@template("uv_ftc_story", "narrative")
def uv_ftc_story(g: GoldData, season: int):
    return f"{_title(g, season)} final tribal council: how did the jury split, and who took it?", \
        gm.final_tribal_story(g, season)[1]


@template("uv_merge_story", "narrative")
def uv_merge_story(g: GoldData, season: int):
    parts = gm.merge_story(g, season)[1]
    _summary_has(g, season, parts[0]["support"]["episode"], parts[0]["groups"])
    return f"{_title(g, season)} merge recap pls - what happened, and who was the first one out afterwards?", parts


@template("uv_hourglass_story", "narrative")
def uv_hourglass_story(g: GoldData, season: int, episode: int):
    groups = [["hourglass"], ["smash"], ["immunity", "immune"]]
    _summary_has(g, season, episode, groups)
    return f"what was the hourglass twist on s{season} all about?", [
        facts(groups, {"season": season, "episode": episode})]


# -- unanswerable ----------------------------------------------------------------------------------------
@template("uv_future_cast", "unanswerable")
def uv_future_cast(g: GoldData, future: int):
    assert future not in set(pd.to_numeric(g.data.raw("season_summary")["season"], errors="coerce")), future
    return f"how many castaways are they putting on season {future}?", [abstain()]


@template("uv_nobody", "unanswerable")
def uv_nobody(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return f"what place did {name} finish on survivor?", [abstain()]


@template("uv_fake_season", "unanswerable")
def uv_fake_season(g: GoldData, place: str):
    summary = g.data.raw("season_summary")
    text = " ".join(summary[c].astype(str).str.cat(sep=" ") for c in ("season_name", "location", "country"))
    assert place.lower() not in text.lower(), place
    return f"who won Survivor: {place}? was it a close vote?", [abstain()]


@template("uv_missing_episode", "unanswerable")
def uv_missing_episode(g: GoldData, season: int, episode: int):
    eps = g.data.table("episodes")
    assert episode > pd.to_numeric(eps[eps["season"] == season]["episode"], errors="coerce").max(), (season, episode)
    return f"recap episode {episode} of s{season} for me", [abstain()]


@template("uv_favorite_food", "unanswerable")
def uv_favorite_food(g: GoldData, castaway_id: str, call: str):
    check_not_in_data(g, castaway_id, ("food", "favo", "diet"))
    return f"what's {call}'s favorite food?", [abstain()]


@template("uv_final_three_counterfactual", "unanswerable")
def uv_final_three_counterfactual(g: GoldData, castaway_id: str, season: int, call: str):
    row = fr._row(g, castaway_id, season)
    assert row["place"] == 3 and "voted out" in str(row["result"]), call  # the premise: out at the final three
    return f"if {call} hadn't been voted out at the final three on {_title(g, season)}, would he have won?", [
        abstain()]


@template("uv_opinion", "unanswerable")
def uv_opinion(g: GoldData, a: str, b: str, call_a: str, call_b: str):
    return f"who was more likable on borneo, {call_a} or {call_b}?", [abstain()]


@template("uv_calories", "unanswerable")
def uv_calories(g: GoldData, season: int):
    columns = {c for t in ("season_summary", "castaways", "castaway_details", "episodes")
               for c in g.data.table(t).columns}
    assert not [c for c in columns if any(w in c for w in ("calor", "food", "weight"))], columns
    return f"roughly how many calories a day were the people on {_title(g, season)} eating?", [abstain()]


# -- what a viewer scope needs (evaluation.scoped) ---------------------------------------------------------
def _swap2_aired(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _swap2_episode(full, p["season"]))]


def _journey_aired(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_journey(full, p["castaway_id"], p["season"])["episode"]))]


def _car_aired(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_car_challenge(full, p["season"])["episode"]))]


def _auction_aired(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], up._auction_episode(full, p["season"]))]


def _auction_came_back(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], up._auction_episode(full, p["season"]))]


def _first_individual_reward(full: GoldData, p: dict) -> list:
    cr = up._challenges(full)
    won = cr[(cr["season"] == p["season"]) & (cr["won_individual_reward"] == 1)]
    return [("episode", p["season"], int(won["episode"].min()))]


def _event_episode(event: str, outcome: str | None = None):
    def need(full: GoldData, p: dict) -> list:
        return [("episode", p["season"], int(_event_row(full, p["castaway_id"], p["season"], event, outcome)
                                             ["episode"]))]
    return need


def _both_finales(full: GoldData, p: dict) -> list:
    return [("finale", p["a"], None), ("finale", p["b"], None)]


def _won_finales(full: GoldData, p: dict) -> list:
    return [("finale", _won_season(full, c), None) for c in (p["a"], p["b"])]


def _first_boot_exit(full: GoldData, p: dict) -> list:
    return [("exit", p["season"], _first_boot(full, p["season"])["castaway_id"])]


def _swap2_boot_exit(full: GoldData, p: dict) -> list:
    return [*_swap2_aired(full, p), ("exit", p["season"], _swap2_first_boot(full, p["season"])["castaway_id"])]


def _next_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(up._exit_row(full, p["castaway_id"], p["season"])["episode"]) + 1)]


def _first_idol_episode(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], int(_first_idol_find(full, p["season"])["episode"]))]


def _premiere(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], 1)]


def _edge_return(full: GoldData, p: dict) -> list:
    return [("episode", p["season"], _edge_return_episode(full, p["castaway_id"], p["season"]))]


SCOPE_NEEDS = {
    "uv_second_swap_tribe": _swap2_aired, "uv_journey_game": _journey_aired, "uv_finale_runtime": "finale",
    "uv_nielsen_rank": "finale", "uv_car_winner": _car_aired, "uv_split_vote_other": "exit",
    "uv_auction_price": _auction_aired,
    "uv_swim_challenges": "finale", "uv_lowest_rated_episode": "finale", "uv_viewers_over": "finale",
    "uv_most_challenges_won": "finale",
    "uv_winner_three_words": "finale", "uv_top_spender_place": "finale", "uv_first_reward_picks":
        _first_individual_reward, "uv_journey_reward_place": "finale", "uv_returnee_first_boot": _first_boot_exit,
    "uv_steal_a_vote": _event_episode("Steal a vote", "Extra vote"),
    "uv_imdb_average_compare": _both_finales, "uv_idols_found_compare": _both_finales,
    "uv_winning_confessionals_compare": _won_finales, "uv_challenge_wins_compare": "finale",
    "uv_finale_runtime_compare": _both_finales,
    "uv_gone_by_day": "finale", "uv_last_auction_before": _auction_came_back, "uv_second_swap_first_boot":
        _swap2_boot_exit, "uv_episode_after_boot_title": _next_episode, "uv_first_idol_find": _first_idol_episode,
    "uv_still_in_on_day": "finale",
    "uv_journey_no_risk": "finale", "uv_not_unanimous": scoped._merge, "uv_no_premiere_confessional": _premiere,
    "uv_tribe_no_immunity_winner": "finale", "uv_kept_tribe_both_swaps": _swap2_aired,
    "uv_car_story": _car_aired, "uv_do_or_die_story": _event_episode("Do or die"),
    "uv_edge_return_story": _edge_return, "uv_kidnap_story": "episode",
    "uv_shot_story": _event_episode(SHOT, "Safe"), "uv_ftc_story": "finale", "uv_merge_story": scoped._merge,
    "uv_hourglass_story": "episode", "uv_final_three_counterfactual": "exit",
}
SCOPE_AS_AIRED = {"uv_hobbies", "uv_shot_counts", "uv_youngest_cast", "uv_votes_nullified_against",
                  "uv_advantage_season", "uv_oldest_job", "uv_longest_finale_winner", "uv_premiere_viewers_compare",
                  "uv_debut_age_compare", "uv_votes_cast_compare", "uv_first_shot_saved", "uv_wrap_to_premiere",
                  "uv_winners_no_premerge_tribal", "uv_not_in_a_state", "uv_finale_below_premiere",
                  "uv_future_cast", "uv_nobody", "uv_fake_season", "uv_missing_episode", "uv_favorite_food",
                  "uv_opinion", "uv_calories"}
scoped.NEEDS.update(SCOPE_NEEDS)
scoped.AS_AIRED.update(SCOPE_AS_AIRED)


# -- the plan --------------------------------------------------------------------------------------------
def plan(g: GoldData) -> list[tuple[str, dict]]:
    """People, seasons and tribes the gold, held-out, fresh, unseen, novel, untried, unasked, untouched, unheard and
    unposed sets ask little or nothing about."""
    top_season = max(g.seasons)
    return [
        # single facts
        ("uv_hobbies", by_name(g, "Holly Hoffman")),
        ("uv_second_swap_tribe", by_name(g, "Crystal Cox", season=17)),
        ("uv_journey_game", by_name(g, "Eva Erickson", season=48)), ("uv_finale_runtime", {"season": 38}),
        ("uv_nielsen_rank", {"season": 18}), ("uv_car_winner", {"season": 7}),
        ("uv_split_vote_other", by_name(g, "Matt Williams", season=49)),
        ("uv_auction_price", by_name(g, "Dee Valladares", season=45, item="Chocolate Milkshake")),
        # aggregation
        ("uv_swim_challenges", {"season": 40}), ("uv_shot_counts", {}), ("uv_lowest_rated_episode", {"season": 42}),
        ("uv_youngest_cast", {}), ("uv_viewers_over", {"season": 16, "millions": 13}),
        ("uv_votes_nullified_against", by_name(g, "Christian Hubicki")), ("uv_advantage_season", {}),
        ("uv_most_challenges_won", {"season": 19}),
        # multi-hop
        ("uv_winner_three_words", {"season": 39}), ("uv_top_spender_place", {"season": 16}),
        ("uv_first_reward_picks", {"season": 44}), ("uv_oldest_job", {"season": 39}),
        ("uv_journey_reward_place", {"season": 49, "reward": "Challenge advantage"}),
        ("uv_returnee_first_boot", {"season": 26}), ("uv_steal_a_vote", by_name(g, "Noelle Lambert", season=43)),
        ("uv_longest_finale_winner", {}),
        # cross-entity
        ("uv_premiere_viewers_compare", {"a": 21, "b": 22}), ("uv_imdb_average_compare", {"a": 9, "b": 10}),
        ("uv_idols_found_compare", {"a": 45, "b": 46}),
        ("uv_winning_confessionals_compare", pair(g, "Todd Herzog", "Natalie White")),
        ("uv_debut_age_compare", pair(g, "Danni Boatwright", "Nick Wilson")),
        ("uv_votes_cast_compare", pair(g, "Monica Culpepper", "Laura Morett")),
        ("uv_challenge_wins_compare", pair(g, "Rachel LaMont", "Kyle Ostwald", season=47)),
        ("uv_finale_runtime_compare", {"a": 12, "b": 13}),
        # temporal
        ("uv_first_shot_saved", {}), ("uv_gone_by_day", {"season": 21, "day": 20}),
        ("uv_last_auction_before", {"season": 45}), ("uv_wrap_to_premiere", {"season": 27}),
        ("uv_second_swap_first_boot", {"season": 36}),
        ("uv_episode_after_boot_title", by_name(g, "Alecia Holden", season=32)),
        ("uv_first_idol_find", {"season": 18}), ("uv_still_in_on_day", {"season": 29, "day": 30}),
        # negation
        ("uv_journey_no_risk", {"season": 43}), ("uv_not_unanimous", {"season": 18}),
        ("uv_winners_no_premerge_tribal", {}), ("uv_no_premiere_confessional", {"season": 38}),
        ("uv_not_in_a_state", {"season": 44}), ("uv_finale_below_premiere", {"since": 30, "until": 48}),
        ("uv_tribe_no_immunity_winner", {"season": 48}), ("uv_kept_tribe_both_swaps", {"season": 36}),
        # narrative: a car reward, a do or die, a return from the Edge of Extinction, a kidnapping, a shot in the
        # dark that worked, a final tribal, a merge, an hourglass
        ("uv_car_story", by_name(g, "Ted Rogers Jr.", season=5, key=["Chevrolet", "TrailBlazer"])),
        ("uv_do_or_die_story", by_name(g, "Lindsay Dolashewich", season=42)),
        ("uv_edge_return_story", by_name(g, "Chris Underwood", season=38)),
        ("uv_kidnap_story", by_name(g, "Jaime Dugan", season=15, episode=2, tribe="Fei Long")),
        ("uv_shot_story", by_name(g, "Kaleb Gebrewold", season=45)), ("uv_ftc_story", {"season": 19}),
        ("uv_merge_story", {"season": 11}), ("uv_hourglass_story", {"season": 41, "episode": 7}),
        # unanswerable
        ("uv_future_cast", {"future": top_season + 22}), ("uv_nobody", {"name": "Winifred Castellanos"}),
        ("uv_fake_season", {"place": "Norway"}), ("uv_missing_episode", {"season": 34, "episode": 19}),
        ("uv_favorite_food", by_name(g, "Jeff Kent")),
        ("uv_final_three_counterfactual", by_name(g, "Ian Rosenberger", season=10)),
        ("uv_opinion", pair(g, "Sean Kenniff", "Colleen Haskell")), ("uv_calories", {"season": 10}),
    ]


def build_unvoiced_set(g: GoldData) -> list[Question]:
    """The unvoiced set; question ids are "uv-<category>-NN" so they never collide with the other sets'."""
    return build_planned(g, "uv", plan)
