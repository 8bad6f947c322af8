"""Gold templates: multi-hop, cross-entity, narrative, unanswerable, and the demo questions (their listed
answers recomputed from the data, not typed in)."""

from __future__ import annotations

import random

from evaluation.data import GoldData
from evaluation.gold import (
    abstain,
    entities,
    entity,
    facts,
    number,
    phrase,
    phrases,
    seasons,
    template,
)
from evaluation.gold_facts import top

EXIT_WORDS = ["evacuat", "medevac", "medical", "injur", "hospital", "doctor"]


def _winner_row(g: GoldData, s: int):
    cast = g.season_cast(s)
    return cast[cast["winner"]].iloc[0]


def _imm_wins(g: GoldData, cid: str, s: int | None = None) -> int:
    w = g.wins[(g.wins["castaway_id"] == cid) & (g.wins["won_individual_immunity"] == 1)]
    return int((w["season"] == s).sum()) if s is not None else len(w)


# -- multi-hop ----------------------------------------------------------------------------------------------
@template("winner_jury_votes", "multi_hop")
def winner_jury_votes(g: GoldData, season: int):
    jury = g.jury[g.jury["season"] == season]
    return f"How many jury votes did the winner of season {season} receive?", [
        number((jury["finalist_id"] == g.winner(season)).sum())]


@template("winner_by_location", "multi_hop")
def winner_by_location(g: GoldData, location: str):
    s = int(g.summary[g.summary["location"] == location]["season"].iloc[0])
    return f"Who won the season of Survivor that was filmed in {location}?", [entity(g, [g.winner(s)])]


@template("winner_total_seasons", "multi_hop")
def winner_total_seasons(g: GoldData, season: int):
    return f"How many seasons in total has the winner of {g.season_name(season)} played?", [
        number(len(g.seasons_of(g.winner(season))))]


@template("winner_original_tribe", "multi_hop")
def winner_original_tribe(g: GoldData, season: int, both: bool = False):
    row = _winner_row(g, season)
    if both:
        return f"Who won season {season}, and what was their original tribe?", [
            entity(g, [row["castaway_id"]]), phrase(row["original_tribe"])]
    return f"Which tribe did the winner of season {season} start the game on?", [phrase(row["original_tribe"])]


def runner_up_backers(g: GoldData, season: int) -> tuple[str, dict]:
    """The finalist (not the winner) with the most jury votes, and the jurors who voted for them."""
    jury = g.jury[g.jury["season"] == season]
    losers = jury[jury["finalist_id"] != g.winner(season)]
    rid = losers["finalist_id"].value_counts().index[0]
    return rid, entities(g, losers[losers["finalist_id"] == rid]["castaway_id"])


@template("jurors_for_runner_up", "multi_hop")
def jurors_for_runner_up(g: GoldData, season: int):
    rid, backers = runner_up_backers(g, season)
    return f"Which jurors voted for {g.name(rid)} at the final tribal council of season {season}?", [backers]


@template("winner_immunity_wins", "multi_hop")
def winner_immunity_wins(g: GoldData, season: int):
    return f"How many individual immunity challenges did the winner of season {season} win that season?", [
        number(_imm_wins(g, g.winner(season), season))]


@template("first_boot_of_winners_season", "multi_hop")
def first_boot_of_winners_season(g: GoldData, castaway_id: str):
    s = int(g.cast[(g.cast["castaway_id"] == castaway_id) & g.cast["winner"]]["season"].iloc[0])
    cast = g.season_cast(s)
    return f"Who was the first person voted out in the season that {g.name(castaway_id)} won?", [
        entity(g, cast[cast["order"] == 1]["castaway_id"])]


@template("winner_career_seasons", "multi_hop")
def winner_career_seasons(g: GoldData, season: int):
    return f"In which seasons did the winner of season {season} compete?", [seasons(g.seasons_of(g.winner(season)))]


@template("veteran_idol_leader", "multi_hop")
def veteran_idol_leader(g: GoldData, n: int = 3):
    played = g.seasons_played()
    adv = g.advantages
    found = adv[adv["event"].isin(["Found", "Found (beware)"])
                & adv["advantage_type"].str.lower().str.contains("hidden immunity idol")
                & adv["castaway_id"].map(lambda c: played.get(c, 0) >= n)]
    counts = found.drop_duplicates(["version_season", "advantage_id", "castaway_id"]).groupby("castaway_id").size()
    return f"Among people who played at least {n} seasons, who found the most hidden immunity idols?", [
        entity(g, top(counts))]


@template("most_votes_then_seasons", "multi_hop")
def most_votes_then_seasons(g: GoldData):
    leaders = top(g.votes.groupby("vote_id").size())
    return "Who has received the most votes at tribal council of all time, and how many seasons did they play?", [
        entity(g, leaders), number(*[len(g.seasons_of(c)) for c in leaders])]


@template("confessional_leader_tribe", "multi_hop")
def confessional_leader_tribe(g: GoldData, season: int):
    conf = g.confessionals[g.confessionals["season"] == season]
    leaders = top(conf.groupby("castaway_id")["confessional_count"].sum())
    cast = g.season_cast(season).set_index("castaway_id")
    return f"What was the original tribe of the person with the most confessionals in season {season}?", [
        phrase(*[cast.loc[c, "original_tribe"] for c in leaders])]


@template("returning_jurors", "multi_hop")
def returning_jurors(g: GoldData, season: int):
    cast = g.season_cast(season)
    jurors = cast[cast["jury"]]["castaway_id"]
    before = set(g.cast[g.cast["season"] < season]["castaway_id"])
    return f"Which jurors of season {season} had played Survivor before?", [
        entities(g, [c for c in jurors if c in before])]


# -- cross-entity -------------------------------------------------------------------------------------------
@template("shared_seasons", "cross_entity")
def shared_seasons(g: GoldData, a: str, b: str):
    return f"In which seasons did {g.name(a)} and {g.name(b)} play together?", [
        seasons(set(g.seasons_of(a)) & set(g.seasons_of(b)))]


@template("votes_between", "cross_entity")
def votes_between(g: GoldData, a: str, b: str):
    n = ((g.votes["castaway_id"] == a) & (g.votes["vote_id"] == b)).sum()
    return f"How many times did {g.name(a)} vote against {g.name(b)} at tribal council?", [number(n)]


@template("tribe_roster", "cross_entity")
def tribe_roster(g: GoldData, season: int, tribe: str):
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe"] == tribe)]
    return f"Who was on the {tribe} tribe in {g.season_name(season)}?", [entities(g, t["castaway_id"].unique())]


@template("cast_overlap", "cross_entity")
def cast_overlap(g: GoldData, a: int, b: int):
    both = set(g.season_cast(a)["castaway_id"]) & set(g.season_cast(b)["castaway_id"])
    return f"Which castaways played in both season {a} and season {b}?", [entities(g, sorted(both))]


@template("finalists", "cross_entity")
def finalists(g: GoldData, season: int):
    cast = g.season_cast(season)
    return f"Who sat at the final tribal council of {g.season_name(season)} as finalists?", [
        entities(g, cast[cast["finalist"]]["castaway_id"])]


@template("voted_out_by", "cross_entity")
def voted_out_by(g: GoldData, castaway_id: str, season: int):
    v = g.votes[(g.votes["season"] == season) & (g.votes["vote_id"] == castaway_id)
                & (g.votes["voted_out_id"] == castaway_id)]
    return f"Which players voted {g.name(castaway_id)} out in season {season}?", [entities(g, v["castaway_id"])]


@template("juror_choice", "cross_entity")
def juror_choice(g: GoldData, castaway_id: str, season: int):
    j = g.jury[(g.jury["season"] == season) & (g.jury["castaway_id"] == castaway_id)]
    return f"Who did juror {g.name(castaway_id)} vote for to win season {season}?", [entity(g, j["finalist_id"])]


@template("votes_against_in_season", "cross_entity")
def votes_against_in_season(g: GoldData, castaway_id: str, season: int):
    v = g.votes[(g.votes["season"] == season) & (g.votes["vote_id"] == castaway_id)]
    return f"Who cast votes against {g.name(castaway_id)} in season {season}?", [
        entities(g, v["castaway_id"].unique())]


@template("season_tribes", "cross_entity")
def season_tribes(g: GoldData, season: int):
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Original")]
    return f"Which tribes did the castaways of season {season} start on?", [phrases(sorted(t["tribe"].unique()))]


@template("idol_players", "cross_entity")
def idol_players(g: GoldData, season: int, event: str = "Found"):
    adv = g.advantages
    rows = adv[(adv["season"] == season) & adv["event"].str.startswith(event)
               & adv["advantage_type"].str.lower().str.contains("hidden immunity idol")]
    verb = "found" if event == "Found" else "played"
    return f"Who {verb} a hidden immunity idol in season {season}?", [entities(g, rows["castaway_id"].unique())]


# -- narrative -------------------------------------------------------------------------------------------------
def _name_words(g: GoldData, cid: str) -> list[str]:
    return [w for w in g.name(cid).split() if len(w) > 2]


@template("why_left", "narrative")
def why_left(g: GoldData, castaway_id: str, season: int):
    row = g.season_cast(season).set_index("castaway_id").loc[castaway_id]
    quit_ = "Quit" in str(row["result"])
    q = (f"Why did {g.name(castaway_id)} leave {g.season_name(season)} early?" if quit_ else
         f"Why did {g.name(castaway_id)} have to leave {g.season_name(season)}?")
    words = ["quit", "leave", "left", "withdr", "asked to"] if quit_ else EXIT_WORDS
    return q, [facts([_name_words(g, castaway_id), words],
                     {"season": season, "episode": int(row["episode"]), "castaway_ids": [castaway_id]})]


@template("final_tribal_story", "narrative")
def final_tribal_story(g: GoldData, season: int):
    cast = g.season_cast(season)
    fin = cast[cast["finalist"] & ~cast["winner"]]["castaway_id"]
    groups = [_name_words(g, g.winner(season)), [w for c in fin for w in _name_words(g, c)],
              [str(g.summary.loc[season, "final_vote"]), "jury", "vote"]]
    last_ep = int(g.episodes[g.episodes["season"] == season]["episode"].max())
    return f"How was the final tribal council of {g.season_name(season)} decided?", [
        facts(groups, {"season": season, "episode": last_ep})]


@template("merge_story", "narrative")
def merge_story(g: GoldData, season: int):
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Merged")]
    first_ep = int(t["episode"].min())
    tribe = t["tribe"].iloc[0]
    cast = g.season_cast(season)
    after = cast[(cast["episode"] >= first_ep) & ~cast["finalist"]].sort_values("order")
    groups = [[tribe], ["merge", "merged"], _name_words(g, after["castaway_id"].iloc[0])]
    return f"Describe how the merge played out in {g.season_name(season)}.", [
        facts(groups, {"season": season, "episode": first_ep})]


@template("episode_story", "narrative")
def episode_story(g: GoldData, season: int, episode: int):
    cast = g.season_cast(season)
    out = cast[cast["episode"] == episode]["castaway_id"]
    groups = [[w for c in out for w in _name_words(g, c)], ["voted out", "eliminated", "tribal council",
                                                           "evacuat", "quit"]]
    return f"What happened in episode {episode} of {g.season_name(season)}?", [
        facts(groups, {"season": season, "episode": episode, "castaway_ids": list(out)})]


# -- unanswerable ------------------------------------------------------------------------------------------------
@template("missing_season", "unanswerable")
def missing_season(g: GoldData, season: int, v: int = 0):
    assert season not in g.seasons, season
    text = [f"Who won Survivor season {season}?", f"Where was season {season} of Survivor filmed?",
            f"Who was on the jury of Survivor {season}?", f"Who will be the first person voted out of season {season}?",
            f"How many castaways are in Survivor {season}?"][v]
    return text, [abstain()]


@template("unknown_person", "unanswerable")
def unknown_person(g: GoldData, name: str, v: int = 0):
    assert not g.person_exists(name), name
    text = [f"How many seasons has {name} played?", f"Which tribe was {name} on?",
            f"How many immunity challenges did {name} win?", f"Who voted {name} out of Survivor?"][v]
    return text, [abstain()]


@template("unknown_location", "unanswerable")
def unknown_location(g: GoldData, place: str):
    assert not g.summary["location"].str.contains(place, case=False).any(), place
    return f"Who won the season of Survivor filmed in {place}?", [abstain()]


# -- demo questions (shared/demo_questions.md), answers computed here ------------------------------------------------
@template("demo", "demo")
def demo(g: GoldData, key: str):
    played = g.seasons_played()
    if key == "winner41":
        return "Who won Survivor 41?", [entity(g, [g.winner(41)])]
    if key == "winner45":
        return "Who won season 45?", [entity(g, [g.winner(45)])]
    if key == "most_seasons":
        return "Who has played the most seasons?", [entity(g, top(played))]
    if key == "outback_jury":
        cast = g.season_cast(2)
        return "Who was on the jury of Survivor: The Australian Outback?", [
            entities(g, cast[cast["jury"]]["castaway_id"])]
    if key == "three_plus":
        return "Which players competed in three or more seasons?", [entities(g, played[played >= 3].index)]
    if key == "medevac_seasons":
        return "Which seasons had a medical evacuation?", [
            seasons(g.cast[g.cast["result"] == "Medically evacuated"]["season"])]
    if key == "immunity_leader":
        iw = g.wins[g.wins["won_individual_immunity"] == 1].groupby("castaway_id").size()
        return "Who has the most individual immunity wins?", [entity(g, top(iw))]
    if key == "episode_most_eliminations":
        gone = g.cast[~g.cast["finalist"] & g.cast["episode"].notna()]
        return "Which episode number sees the most eliminations across all seasons?", [
            number(*top(gone.groupby("episode").size()))]
    if key == "immunity_then_seasons":
        iw = g.wins[g.wins["won_individual_immunity"] == 1].groupby("castaway_id").size()
        leaders = top(iw)
        return "Who has the most individual immunity wins, and how many seasons did they play?", [
            entity(g, leaders), number(*[played[c] for c in leaders])]
    if key == "winner45_jury":
        cast = g.season_cast(45)
        return "Who won Survivor 45 and who sat on that season's jury?", [
            entity(g, [g.winner(45)]), entities(g, cast[cast["jury"]]["castaway_id"])]
    if key == "veteran_rewards":
        rw = g.wins[(g.wins["won_individual_reward"] == 1) & g.wins["castaway_id"].map(lambda c: played.get(c, 0) >= 4)]
        return "Among players with four or more seasons, who won the most individual reward challenges?", [
            entity(g, top(rw.groupby("castaway_id").size()))]
    if key == "skupin":
        cid = g.cast[g.cast["full_name"] == "Michael Skupin"]["castaway_id"].iloc[0]
        _, parts = why_left(g, cid, 2)
        parts[0]["groups"].append(["fire", "burn"])
        return "Why did Michael Skupin have to leave Survivor: The Australian Outback?", parts
    if key == "tribal_count":
        vh = g.vote_history
        with_votes = vh[vh["vote"].notna()]
        return "How many tribal councils have there been across the 49 seasons?", [number(
            len(vh[["season", "episode", "order"]].drop_duplicates()),
            len(with_votes[["season", "episode", "order"]].drop_duplicates()),
            len(with_votes[["season", "episode"]].drop_duplicates()),
            len(with_votes[["season", "episode", "tribe"]].drop_duplicates()))]
    raise KeyError(key)


DEMO_KEYS = ["winner41", "winner45", "most_seasons", "outback_jury", "three_plus", "medevac_seasons",
             "immunity_leader", "episode_most_eliminations", "immunity_then_seasons", "winner45_jury",
             "veteran_rewards", "skupin", "tribal_count"]
FAKE_PEOPLE = ["Bartholomew Quackenbush", "Taylor Swift", "Albert Einstein", "Zelda Pemberton"]


# -- the plan ---------------------------------------------------------------------------------------------------
def plan(g: GoldData, rng: random.Random) -> list[tuple[str, dict]]:
    ss = g.seasons
    pick = rng.sample(ss, 12)
    played = g.seasons_played()
    returning_winners = [s for s in ss if played[g.winner(s)] >= 2]
    one_time = sorted(c for c, n in g.cast[g.cast["winner"]].groupby("castaway_id").size().items() if n == 1)
    unique_loc = g.summary["location"].value_counts()
    split = [s for s in ss if (g.jury[g.jury["season"] == s]["finalist_id"] != g.winner(s)).any()]
    conf_seasons = sorted(set(g.confessionals["season"]))
    with_returning_jurors = [s for s in ss if returning_jurors(g, s)[1][0]["ids"]]
    out: list[tuple[str, dict]] = [
        ("winner_jury_votes", {"season": pick[0]}),
        ("winner_by_location", {"location": rng.choice(sorted(unique_loc[unique_loc == 1].index))}),
        ("winner_total_seasons", {"season": rng.choice(returning_winners)}),
        ("winner_original_tribe", {"season": pick[1]}), ("winner_original_tribe", {"season": pick[2], "both": True}),
        ("jurors_for_runner_up", {"season": rng.choice(split)}), ("winner_immunity_wins", {"season": pick[3]}),
        ("first_boot_of_winners_season", {"castaway_id": rng.choice(one_time)}),
        ("winner_career_seasons", {"season": rng.choice(returning_winners)}), ("veteran_idol_leader", {"n": 3}),
        ("most_votes_then_seasons", {}), ("confessional_leader_tribe", {"season": rng.choice(conf_seasons)}),
        ("returning_jurors", {"season": rng.choice(with_returning_jurors)}),
    ]
    # cross-entity: pairs of returnees who shared seasons, and who voted against each other
    pairs = g.votes.groupby(["castaway_id", "vote_id"]).size()
    multi = pairs[pairs >= 2].index.tolist()
    a, b = multi[rng.randrange(len(multi))]
    vets = [c for c in played[played >= 3].index]
    shared = [(x, y) for i, x in enumerate(vets) for y in vets[i + 1:]
              if len(set(g.seasons_of(x)) & set(g.seasons_of(y))) >= 2]
    sa, sb = shared[rng.randrange(len(shared))]
    s_tr = pick[4]
    orig = g.tribes[(g.tribes["season"] == s_tr) & (g.tribes["tribe_status"] == "Original")]
    allstar = [s for s in ss if returning_jurors(g, s)[1][0]["ids"] and s > 2]
    cast_v = g.season_cast(pick[5]).sort_values("order")
    voted = cast_v[cast_v["result"].str.contains("voted out", na=False)]
    jury_s = g.jury[g.jury["season"] == pick[6]]
    idol_seasons = sorted(set(g.advantages[g.advantages["advantage_type"].str.contains("Idol", na=False)]["season"]))
    later = rng.choice([s for s in allstar if s >= 20])
    earlier = sorted({s for c in g.season_cast(later)["castaway_id"] for s in g.seasons_of(c) if s < later})
    out += [("shared_seasons", {"a": sa, "b": sb}), ("votes_between", {"a": a, "b": b}),
            ("tribe_roster", {"season": s_tr, "tribe": sorted(orig["tribe"].unique())[-1]}),
            ("cast_overlap", {"a": rng.choice(earlier), "b": later}), ("finalists", {"season": pick[7]}),
            ("voted_out_by", {"castaway_id": voted.iloc[len(voted) // 2]["castaway_id"], "season": pick[5]}),
            ("juror_choice", {"castaway_id": jury_s["castaway_id"].iloc[0], "season": pick[6]}),
            ("votes_against_in_season", {"castaway_id": voted.iloc[-1]["castaway_id"], "season": pick[5]}),
            ("season_tribes", {"season": pick[8]}), ("idol_players", {"season": rng.choice(idol_seasons)}),
            ("idol_players", {"season": rng.choice(idol_seasons), "event": "Played"})]
    # narrative: people who left by medevac or quitting (their episode summary tells why), finals, merges
    story = [s for s in ss if (g.episodes[g.episodes["season"] == s]["episode_summary"].notna()).sum() > 5]
    medevacs = g.cast[(g.cast["result"] == "Medically evacuated") & g.cast["season"].isin(story)]
    quits = g.cast[(g.cast["result"] == "Quit") & g.cast["season"].isin(story)]
    for row in medevacs.sample(2, random_state=rng.randrange(10**6)).itertuples():
        out.append(("why_left", {"castaway_id": row.castaway_id, "season": int(row.season)}))
    row = quits.sample(1, random_state=rng.randrange(10**6)).iloc[0]
    out.append(("why_left", {"castaway_id": row["castaway_id"], "season": int(row["season"])}))
    n_pick = rng.sample(story, 5)
    out += [("final_tribal_story", {"season": n_pick[0]}), ("final_tribal_story", {"season": n_pick[1]}),
            ("merge_story", {"season": n_pick[2]}), ("merge_story", {"season": n_pick[3]}),
            ("episode_story", {"season": n_pick[4], "episode": 4})]
    top_season = max(ss)
    out += [("missing_season", {"season": top_season + 11, "v": 0}),
            ("missing_season", {"season": top_season + 25, "v": 1}),
            ("missing_season", {"season": top_season + 14, "v": 2}),
            ("missing_season", {"season": top_season + 21, "v": 3}),
            ("missing_season", {"season": 0, "v": 4})]
    out += [("unknown_person", {"name": name, "v": i}) for i, name in enumerate(FAKE_PEOPLE)]
    out.append(("unknown_location", {"place": "Antarctica"}))
    out += [("demo", {"key": k}) for k in DEMO_KEYS]
    return out


