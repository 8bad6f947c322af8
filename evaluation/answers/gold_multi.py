"""Gold answers of the gold set: multi-hop, cross-entity, narrative, unanswerable, and the demo questions (their listed
answers recomputed from the data, not typed in)."""

from __future__ import annotations

from evaluation.answers.gold_facts import top
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
    seasons,
)

EXIT_WORDS = ["evacuat", "medevac", "medical", "injur", "hospital", "doctor"]


def _winner_row(g: GoldData, s: int):
    cast = g.season_cast(s)
    return cast[cast["winner"]].iloc[0]


def _imm_wins(g: GoldData, cid: str, s: int | None = None) -> int:
    w = g.wins[(g.wins["castaway_id"] == cid) & (g.wins["won_individual_immunity"] == 1)]
    return int((w["season"] == s).sum()) if s is not None else len(w)


# -- multi-hop ----------------------------------------------------------------------------------------------
@gold_answer("winner_jury_votes")
def winner_jury_votes(g: GoldData, season: int):
    jury = g.jury[g.jury["season"] == season]
    return [
        number((jury["finalist_id"] == g.winner(season)).sum())]


@gold_answer("winner_by_location")
def winner_by_location(g: GoldData, location: str):
    s = int(g.summary[g.summary["location"] == location]["season"].iloc[0])
    return [entity(g, [g.winner(s)])]


@gold_answer("winner_total_seasons")
def winner_total_seasons(g: GoldData, season: int):
    return [
        number(len(g.seasons_of(g.winner(season))))]


@gold_answer("winner_original_tribe")
def winner_original_tribe(g: GoldData, season: int, both: bool = False):
    row = _winner_row(g, season)
    if both:
        return [
            entity(g, [row["castaway_id"]]), phrase(row["original_tribe"])]
    return [phrase(row["original_tribe"])]


def runner_up_backers(g: GoldData, season: int) -> tuple[str, dict]:
    """The finalist (not the winner) with the most jury votes, and the jurors who voted for them."""
    jury = g.jury[g.jury["season"] == season]
    losers = jury[jury["finalist_id"] != g.winner(season)]
    rid = losers["finalist_id"].value_counts().index[0]
    return rid, entities(g, losers[losers["finalist_id"] == rid]["castaway_id"])


@gold_answer("jurors_for_runner_up")
def jurors_for_runner_up(g: GoldData, season: int):
    rid, backers = runner_up_backers(g, season)
    return [backers]


@gold_answer("winner_immunity_wins")
def winner_immunity_wins(g: GoldData, season: int):
    return [
        number(_imm_wins(g, g.winner(season), season))]


@gold_answer("first_boot_of_winners_season")
def first_boot_of_winners_season(g: GoldData, castaway_id: str):
    s = int(g.cast[(g.cast["castaway_id"] == castaway_id) & g.cast["winner"]]["season"].iloc[0])
    cast = g.season_cast(s)
    return [
        entity(g, cast[cast["order"] == 1]["castaway_id"])]


@gold_answer("winner_career_seasons")
def winner_career_seasons(g: GoldData, season: int):
    return [seasons(g.seasons_of(g.winner(season)))]


@gold_answer("veteran_idol_leader")
def veteran_idol_leader(g: GoldData, n: int = 3):
    played = g.seasons_played()
    adv = g.advantages
    found = adv[adv["event"].isin(["Found", "Found (beware)"])
                & adv["advantage_type"].str.lower().str.contains("hidden immunity idol")
                & adv["castaway_id"].map(lambda c: played.get(c, 0) >= n)]
    counts = found.drop_duplicates(["version_season", "advantage_id", "castaway_id"]).groupby("castaway_id").size()
    return [
        entity(g, top(counts))]


@gold_answer("most_votes_then_seasons")
def most_votes_then_seasons(g: GoldData):
    leaders = top(g.votes.groupby("vote_id").size())
    return [
        entity(g, leaders), number(*[len(g.seasons_of(c)) for c in leaders])]


@gold_answer("confessional_leader_tribe")
def confessional_leader_tribe(g: GoldData, season: int):
    conf = g.confessionals[g.confessionals["season"] == season]
    leaders = top(conf.groupby("castaway_id")["confessional_count"].sum())
    cast = g.season_cast(season).set_index("castaway_id")
    return [
        phrase(*[cast.loc[c, "original_tribe"] for c in leaders])]


@gold_answer("returning_jurors")
def returning_jurors(g: GoldData, season: int):
    cast = g.season_cast(season)
    jurors = cast[cast["jury"]]["castaway_id"]
    before = set(g.cast[g.cast["season"] < season]["castaway_id"])
    return [
        entities(g, [c for c in jurors if c in before])]


# -- cross-entity -------------------------------------------------------------------------------------------
@gold_answer("shared_seasons")
def shared_seasons(g: GoldData, a: str, b: str):
    return [
        seasons(set(g.seasons_of(a)) & set(g.seasons_of(b)))]


@gold_answer("votes_between")
def votes_between(g: GoldData, a: str, b: str):
    n = ((g.votes["castaway_id"] == a) & (g.votes["vote_id"] == b)).sum()
    return [number(n)]


@gold_answer("tribe_roster")
def tribe_roster(g: GoldData, season: int, tribe: str):
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe"] == tribe)]
    return [entities(g, t["castaway_id"].unique())]


@gold_answer("cast_overlap")
def cast_overlap(g: GoldData, a: int, b: int):
    both = set(g.season_cast(a)["castaway_id"]) & set(g.season_cast(b)["castaway_id"])
    return [entities(g, sorted(both))]


@gold_answer("finalists")
def finalists(g: GoldData, season: int):
    cast = g.season_cast(season)
    return [
        entities(g, cast[cast["finalist"]]["castaway_id"])]


@gold_answer("voted_out_by")
def voted_out_by(g: GoldData, castaway_id: str, season: int):
    v = g.votes[(g.votes["season"] == season) & (g.votes["vote_id"] == castaway_id)
                & (g.votes["voted_out_id"] == castaway_id)]
    return [entities(g, v["castaway_id"])]


@gold_answer("juror_choice")
def juror_choice(g: GoldData, castaway_id: str, season: int):
    j = g.jury[(g.jury["season"] == season) & (g.jury["castaway_id"] == castaway_id)]
    return [entity(g, j["finalist_id"])]


@gold_answer("votes_against_in_season")
def votes_against_in_season(g: GoldData, castaway_id: str, season: int):
    v = g.votes[(g.votes["season"] == season) & (g.votes["vote_id"] == castaway_id)]
    return [
        entities(g, v["castaway_id"].unique())]


@gold_answer("season_tribes")
def season_tribes(g: GoldData, season: int):
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Original")]
    return [phrases(sorted(t["tribe"].unique()))]


@gold_answer("idol_players")
def idol_players(g: GoldData, season: int, event: str = "Found"):
    adv = g.advantages
    rows = adv[(adv["season"] == season) & adv["event"].str.startswith(event)
               & adv["advantage_type"].str.lower().str.contains("hidden immunity idol")]
    return [entities(g, rows["castaway_id"].unique())]


# -- narrative -------------------------------------------------------------------------------------------------
def _name_words(g: GoldData, cid: str) -> list[str]:
    return [w for w in g.name(cid).split() if len(w) > 2]


@gold_answer("why_left")
def why_left(g: GoldData, castaway_id: str, season: int):
    row = g.season_cast(season).set_index("castaway_id").loc[castaway_id]
    quit_ = "Quit" in str(row["result"])
    words = ["quit", "leave", "left", "withdr", "asked to"] if quit_ else EXIT_WORDS
    return [facts([_name_words(g, castaway_id), words],
                     {"season": season, "episode": int(row["episode"]), "castaway_ids": [castaway_id]})]


@gold_answer("final_tribal_story")
def final_tribal_story(g: GoldData, season: int):
    cast = g.season_cast(season)
    fin = cast[cast["finalist"] & ~cast["winner"]]["castaway_id"]
    groups = [_name_words(g, g.winner(season)), [w for c in fin for w in _name_words(g, c)],
              [str(g.summary.loc[season, "final_vote"]), "jury", "vote"]]
    last_ep = int(g.episodes[g.episodes["season"] == season]["episode"].max())
    return [
        facts(groups, {"season": season, "episode": last_ep})]


@gold_answer("merge_story")
def merge_story(g: GoldData, season: int):
    t = g.tribes[(g.tribes["season"] == season) & (g.tribes["tribe_status"] == "Merged")]
    first_ep = int(t["episode"].min())
    tribe = t["tribe"].iloc[0]
    cast = g.season_cast(season)
    after = cast[(cast["episode"] >= first_ep) & ~cast["finalist"]].sort_values("order")
    groups = [[tribe], ["merge", "merged"], _name_words(g, after["castaway_id"].iloc[0])]
    return [
        facts(groups, {"season": season, "episode": first_ep})]


@gold_answer("episode_story")
def episode_story(g: GoldData, season: int, episode: int):
    cast = g.season_cast(season)
    out = cast[cast["episode"] == episode]["castaway_id"]
    groups = [[w for c in out for w in _name_words(g, c)], ["voted out", "eliminated", "tribal council",
                                                           "evacuat", "quit"]]
    return [
        facts(groups, {"season": season, "episode": episode, "castaway_ids": list(out)})]


# -- unanswerable ------------------------------------------------------------------------------------------------
@gold_answer("missing_season")
def missing_season(g: GoldData, season: int):
    assert season not in g.seasons, season
    return [abstain()]


@gold_answer("unknown_person")
def unknown_person(g: GoldData, name: str):
    assert not g.person_exists(name), name
    return [abstain()]


@gold_answer("unknown_location")
def unknown_location(g: GoldData, place: str):
    assert not g.summary["location"].str.contains(place, case=False).any(), place
    return [abstain()]


# -- demo questions (shared/demo_questions.md), answers computed here ------------------------------------------------
@gold_answer("demo")
def demo(g: GoldData, key: str):
    played = g.seasons_played()
    if key == "winner41":
        return [entity(g, [g.winner(41)])]
    if key == "winner45":
        return [entity(g, [g.winner(45)])]
    if key == "most_seasons":
        return [entity(g, top(played))]
    if key == "outback_jury":
        cast = g.season_cast(2)
        return [
            entities(g, cast[cast["jury"]]["castaway_id"])]
    if key == "three_plus":
        return [entities(g, played[played >= 3].index)]
    if key == "medevac_seasons":
        return [
            seasons(g.cast[g.cast["result"] == "Medically evacuated"]["season"])]
    if key == "immunity_leader":
        iw = g.wins[g.wins["won_individual_immunity"] == 1].groupby("castaway_id").size()
        return [entity(g, top(iw))]
    if key == "episode_most_eliminations":
        gone = g.cast[~g.cast["finalist"] & g.cast["episode"].notna()]
        return [
            number(*top(gone.groupby("episode").size()))]
    if key == "immunity_then_seasons":
        iw = g.wins[g.wins["won_individual_immunity"] == 1].groupby("castaway_id").size()
        leaders = top(iw)
        return [
            entity(g, leaders), number(*[played[c] for c in leaders])]
    if key == "winner45_jury":
        cast = g.season_cast(45)
        return [
            entity(g, [g.winner(45)]), entities(g, cast[cast["jury"]]["castaway_id"])]
    if key == "veteran_rewards":
        rw = g.wins[(g.wins["won_individual_reward"] == 1) & g.wins["castaway_id"].map(lambda c: played.get(c, 0) >= 4)]
        return [
            entity(g, top(rw.groupby("castaway_id").size()))]
    if key == "skupin":
        cid = g.cast[g.cast["full_name"] == "Michael Skupin"]["castaway_id"].iloc[0]
        parts = why_left(g, cid, 2)
        parts[0]["groups"].append(["fire", "burn"])
        return parts
    if key == "tribal_count":
        vh = g.vote_history
        with_votes = vh[vh["vote"].notna()]
        return [number(
            len(vh[["season", "episode", "order"]].drop_duplicates()),
            len(with_votes[["season", "episode", "order"]].drop_duplicates()),
            len(with_votes[["season", "episode"]].drop_duplicates()),
            len(with_votes[["season", "episode", "tribe"]].drop_duplicates()))]
    raise KeyError(key)


DEMO_KEYS = ["winner41", "winner45", "most_seasons", "outback_jury", "three_plus", "medevac_seasons",
             "immunity_leader", "episode_most_eliminations", "immunity_then_seasons", "winner45_jury",
             "veteran_rewards", "skupin", "tribal_count"]
FAKE_PEOPLE = ["Bartholomew Quackenbush", "Taylor Swift", "Albert Einstein", "Zelda Pemberton"]


