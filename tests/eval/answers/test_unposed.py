"""The unposed question set (evaluation.unposed): it builds from the data, covers every category, repeats no gold,
held-out, fresh, unseen, novel, untried, unasked, untouched or unheard question or person, recomputes to its
snapshot, builds under viewer scopes, its narrative key facts are in the passages it cites, and many of its answers
equal an independent pandas computation on the raw survivoR tables."""

from __future__ import annotations

import pandas as pd
import pytest

from evaluation.answers.holdout import person
from evaluation.question_sets import build_question_set
from tests.eval import set_checks as checks
from tests.eval.set_checks import ask, flag, ids, num, raw, top_one, values


@pytest.fixture(scope="module")
def unposed(g):
    return build_question_set(g, "blind-09")


def cast_table(g) -> pd.DataFrame:
    return raw(g, "castaways").assign(order=lambda d: num(d, "order"), age=lambda d: num(d, "age"),
                                      place=lambda d: num(d, "place"), episode=lambda d: num(d, "episode"))


def votes_table(g) -> pd.DataFrame:
    return raw(g, "vote_history").dropna(subset=["vote_id"]).assign(
        episode=lambda d: num(d, "episode"), order=lambda d: num(d, "order"), vote_order=lambda d: num(d, "vote_order"))


def jury_table(g) -> pd.DataFrame:
    jury = raw(g, "jury_votes")
    return jury[jury["vote"] == 1]


def challenges_table(g) -> pd.DataFrame:
    return raw(g, "challenge_results").assign(episode=lambda d: num(d, "episode"))


def sit_outs(g) -> pd.DataFrame:
    cr = challenges_table(g)
    return cr[flag(cr, "sit_out")].drop_duplicates(["season", "challenge_id", "castaway_id"])


def tribes_table(g) -> pd.DataFrame:
    return raw(g, "tribe_mapping").dropna(subset=["tribe"]).assign(episode=lambda d: num(d, "episode"))


def merge_episode(g, season: int) -> int:
    tribes = tribes_table(g)
    return int(tribes[(tribes["season"] == season) & (tribes["tribe_status"] == "Merged")]["episode"].min())


def jury_of(g, season: int) -> set[str]:
    cast = cast_table(g)
    return set(cast[(cast["season"] == season) & flag(cast, "jury")]["castaway_id"])


# -- shape ---------------------------------------------------------------------------------------------------
def test_the_unposed_set_has_every_category_and_non_empty_answers(unposed):
    for q in unposed:
        assert q.id.startswith(f"up-{q.category}-"), q.id
        assert "None" not in q.question and "nan" not in q.question.split(), q.question
        assert "the The " not in q.question, q.question


def test_the_wording_varies(unposed):
    texts = [q.question for q in unposed]
    assert sum(t[0].islower() for t in texts) >= 16  # typed casually
    assert sum(t.endswith("?") for t in texts) < len(texts)  # not every message ends in a question mark
    assert len({t.split()[0].lower() for t in texts}) >= 25  # many different openings
    assert sum(any(f"s{n}" in t.lower().split() or f"s{n}." in t.lower() for n in range(1, 60)) for t in texts) >= 5


def test_short_names_and_nicknames_name_the_person_the_answer_is_about(g, unposed):
    for call, full in (("Silas", "Silas Gaither"), ("Deshawn", "Deshawn Radden"), ("Cochran", "John Cochran"),
                       ("Q", "Q Burdette"), ("Venus", "Venus Vafa"), ("Tijuana", "Tijuana Bradley"),
                       ("Shii Ann", "Shii Ann Huang"), ("Bi Nguyen", "Bi Nguyen")):
        assert g.name(person(g, call)) == full
    screen = ask(unposed, "up_screen_time_compare")
    assert screen.args["a"] == person(g, "Q") and "Venus" in screen.question


def test_a_recomputed_answer_follows_the_data_not_the_stored_parts(g, unposed):
    checks.recompute_follows_the_data(g, ask(unposed, "up_between_swap_merge", season=15))


def test_the_unposed_set_builds_under_viewer_scopes(g, unposed):
    from evaluation.scoped import ScopedGoldData
    from ingest.viewer_scope import ViewerScope

    def at(season: int, episode: int) -> dict:
        return {q.gold + str(q.args.get("season")): q
                for q in build_question_set(ScopedGoldData(g.data, ViewerScope(season, episode), g), "blind-09")}

    early = at(2, 5)
    assert early["up_first_woman_winnerNone"].parts[0].get("beyond_scope")  # only Borneo had finished
    assert early["up_first_rock_drawNone"].parts[0].get("beyond_scope")  # nobody had drawn a rock yet
    assert early["up_first_extra_voteNone"].parts[0].get("beyond_scope")
    assert not early["up_career_sit_outsNone"].parts[0].get("beyond_scope")  # a count over what had aired
    assert at(3, 1)["up_first_woman_winnerNone"].parts == ask(unposed, "up_first_woman_winner").parts
    assert at(4, 13)["up_first_rock_drawNone"].parts[0].get("beyond_scope")  # the rocks came in episode 14
    assert at(4, 14)["up_first_rock_drawNone"].parts == ask(unposed, "up_first_rock_draw").parts
    assert at(29, 14)["up_first_extra_voteNone"].parts[0].get("beyond_scope")
    assert at(31, 1)["up_first_extra_voteNone"].parts == ask(unposed, "up_first_extra_vote").parts
    outback = at(2, 3)
    assert outback["up_deadlock_story2"].parts[0].get("beyond_scope")  # the deadlock was in episode 4
    assert at(2, 4)["up_deadlock_story2"].parts == ask(unposed, "up_deadlock_story").parts
    pearl = ask(unposed, "up_next_episode_immunity")
    cast = cast_table(g)
    tijuana_out = int(cast[(cast["season"] == 7) & (cast["castaway_id"] == pearl.args["castaway_id"])]["episode"]
                      .iloc[0])
    assert at(7, tijuana_out)["up_next_episode_immunity7"].parts[0].get("beyond_scope")  # the next one had not aired
    assert at(7, tijuana_out + 1)["up_next_episode_immunity7"].parts == pearl.parts


# -- answers against pandas on the raw tables ---------------------------------------------------------------
def test_season_and_episode_answers_equal_the_raw_tables(g, unposed):
    summary = raw(g, "season_summary").set_index("season")
    assert summary.loc[1, "timeslot"].startswith(values(ask(unposed, "up_timeslot"))[0])
    wrapped = pd.Timestamp(summary.loc[5, "filming_ended"])
    assert wrapped.date().isoformat() in values(ask(unposed, "up_filming_wrapped"))
    episodes = raw(g, "episodes").assign(episode=lambda d: num(d, "episode"))
    title = episodes[(episodes["season"] == 12) & (episodes["episode"] == merge_episode(g, 12))]["episode_title"]
    assert values(ask(unposed, "up_merge_title")) == list(title)
    finales = episodes[episodes["episode_label"] == "Finale"].set_index("season")["imdb_rating"]
    assert values(ask(unposed, "up_finale_rating_compare")) == [7 if finales[7] > finales[10] else 10]
    best = top_one(finales)
    best_finale = ask(unposed, "up_best_finale_winner")
    assert ids(best_finale) == [summary.loc[best, "winner_id"]]
    jury = jury_table(g)
    assert values(best_finale, 1) == [int(((jury["season"] == best)
                                           & (jury["finalist_id"] == summary.loc[best, "winner_id"])).sum())]
    most_watched = top_one(num(summary, "viewers_mean"))
    cast = cast_table(g)
    first = cast[(cast["season"] == most_watched) & (cast["order"] == 1)]
    assert ids(ask(unposed, "up_most_watched_first_boot")) == list(first["castaway_id"])
    s42 = episodes[(episodes["season"] == 42) & episodes["episode_label"].str.match(r"(Ep \d+|Finale)$")]
    left = set(cast[cast["season"] == 42]["episode"].dropna())
    assert values(ask(unposed, "up_quiet_episode")) == [int(e) for e in s42["episode"] if e not in left]
    ages = cast.groupby("season")["age"].mean()
    assert values(ask(unposed, "up_cast_age_compare")) == [9 if ages[9] > ages[2] else 2]
    women = set(g.data.raw("castaway_details").query("gender == 'Female'")["castaway_id"])
    won = [s for s, w in summary["winner_id"].sort_index().items() if w in women]
    first_woman = ask(unposed, "up_first_woman_winner")
    assert values(first_woman) == [won[0]] and ids(first_woman, 1) == [summary.loc[won[0], "winner_id"]]


def test_castaway_and_tribe_answers_equal_the_raw_tables(g, unposed):
    cast = cast_table(g)
    hunter = cast[(cast["season"] == 4) & (cast["castaway_id"] == person(g, "Hunter Ellis"))].iloc[0]
    s4 = cast[cast["season"] == 4]
    assert values(ask(unposed, "up_left_after_boot")) == [int((s4["order"] > hunter["order"]).sum())]
    s13 = cast[cast["season"] == 13]
    per = s13.groupby("original_tribe")["jury"].apply(lambda j: j.fillna(False).astype(bool).sum())
    assert values(ask(unposed, "up_tribe_no_jurors")) == list(per[per == 0].index)
    assert ids(ask(unposed, "up_both_juries")) == sorted(jury_of(g, 3) & jury_of(g, 8))
    s27 = cast[cast["season"] == 27]
    worse = []
    for cid, place in zip(s27["castaway_id"], s27["place"]):
        before = cast[(cast["castaway_id"] == cid) & (cast["season"] < 27)].sort_values("season")
        if len(before) and place >= before["place"].iloc[-1]:
            worse.append(cid)
    assert ids(ask(unposed, "up_returnees_not_better")) == sorted(worse)
    tribes = tribes_table(g)
    swap15 = tribes[(tribes["season"] == 15) & (tribes["tribe_status"] == "Swapped")]["episode"].min()
    s15 = cast[(cast["season"] == 15) & (cast["episode"] >= swap15) & (cast["episode"] < merge_episode(g, 15))]
    assert ids(ask(unposed, "up_between_swap_merge")) == sorted(
        s15[s15["result"].str.contains("voted out", na=False)]["castaway_id"])
    swap37 = tribes[(tribes["season"] == 37) & (tribes["tribe_status"] == "Swapped")]
    swap37 = swap37[swap37["episode"] == swap37["episode"].min()].set_index("castaway_id")["tribe"]
    mates = set(swap37[swap37 == swap37[person(g, "Gabby Pascuzzi")]].index)
    out37 = cast[(cast["season"] == 37) & cast["castaway_id"].isin(mates)
                 & cast["result"].str.contains("voted out", na=False)].sort_values("order")
    assert ids(ask(unposed, "up_swap_tribe_first_boot")) == [out37["castaway_id"].iloc[0]]
    details = g.data.raw("castaway_details").set_index("castaway_id")
    words = details.loc[person(g, "Matt Elrod"), "three_words"].lower()
    assert all(w in words for w in values(ask(unposed, "up_three_words")))
    jurors35 = cast[(cast["season"] == 35) & flag(cast, "jury")].set_index("castaway_id")["age"]
    oldest = top_one(jurors35)
    jury = jury_table(g)
    assert ids(ask(unposed, "up_oldest_juror_vote")) == list(
        jury[(jury["season"] == 35) & (jury["castaway_id"] == oldest)]["finalist_id"])


def test_vote_and_jury_answers_equal_the_raw_tables(g, unposed):
    vh = raw(g, "vote_history")
    silas = person(g, "Silas")
    boot = vh[(vh["season"] == 3) & (vh["castaway_id"] == silas) & (vh["voted_out_id"] == silas)]
    assert values(ask(unposed, "up_exit_tribe")) == list(boot["tribe"].unique())
    fire41 = vh[(vh["season"] == 41) & (vh["vote_event"] == "Fire challenge (f4)")].set_index("vote_event_outcome")
    assert fire41.loc["Won", "castaway_id"] == person(g, "Deshawn")
    assert ids(ask(unposed, "up_fire_beaten")) == [fire41.loc["Lost", "castaway_id"]]
    fire43 = vh[(vh["season"] == 43) & (vh["vote_event"] == "Fire challenge (f4)")].set_index("vote_event_outcome")
    jury = jury_table(g)
    assert values(ask(unposed, "up_fire_winner_jury")) == [
        int(((jury["season"] == 43) & (jury["finalist_id"] == fire43.loc["Won", "castaway_id"])).sum())]
    drawn = vh[(vh["vote_event"] == "Rock draw") & (vh["vote_event_outcome"] == "Eliminated")]
    first = drawn[drawn["season"] == drawn["season"].min()]
    rocks = ask(unposed, "up_first_rock_draw")
    assert values(rocks) == [int(drawn["season"].min())] and ids(rocks, 1) == list(first["castaway_id"])
    votes = votes_table(g)
    s10 = votes[(votes["season"] == 10) & (votes["vote_order"] > 1)]
    assert values(ask(unposed, "up_revotes")) == [len(s10[["episode", "order"]].drop_duplicates())]
    per = votes.groupby(["season", "episode", "order", "vote_order", "vote_id"]).size()
    tally = ask(unposed, "up_biggest_tally")
    assert ids(tally) == [top_one(per)[-1]] and values(tally, 1) == [int(per.max())]
    chet = votes[(votes["season"] == 16) & (votes["vote_id"] == person(g, "Chet Welch"))]
    assert len(chet[chet["episode"] < merge_episode(g, 16)]) in values(ask(unposed, "up_votes_before_merge"))
    cast = cast_table(g)
    first18 = cast[(cast["season"] == 18) & flag(cast, "jury")].sort_values("order")["castaway_id"].iloc[0]
    out18 = votes[(votes["season"] == 18) & (votes["vote_id"] == first18) & (votes["voted_out_id"] == first18)]
    assert ids(ask(unposed, "up_first_juror_voters")) == sorted(out18["castaway_id"])
    winner6 = raw(g, "season_summary").set_index("season").loc[6, "winner_id"]
    targets = set(votes[(votes["season"] == 6) & (votes["castaway_id"] == winner6)]["vote_id"])
    assert ids(ask(unposed, "up_jurors_winner_spared")) == sorted(jury_of(g, 6) - targets)
    tribals = {c: len(vh[(vh["season"] == 11) & (vh["castaway_id"] == person(g, c))][["episode", "order"]]
                      .drop_duplicates()) for c in ("Gary Hogeboom", "Judd Sergeant")}
    assert len(set(tribals.values())) == 2
    assert ids(ask(unposed, "up_tribals_compare")) == [person(g, max(tribals, key=tribals.get))]
    tied = set(vh[flag(vh, "tie")]["season"]) | set(votes[votes["vote_order"] > 1]["season"])
    assert values(ask(unposed, "up_seasons_no_tie")) == [s for s in range(30, 50) if s not in tied]
    summary = raw(g, "season_summary").set_index("season")
    winners = {(s, w) for s, w in summary["winner_id"].items()}
    lost = jury.groupby(["season", "finalist_id"]).size()
    lost = lost[[key not in winners for key in lost.index]]
    record = ask(unposed, "up_runner_up_record")
    assert values(record) == [int(lost.max())] and ids(record, 1) == [top_one(lost)[1]]
    conf = raw(g, "confessionals")
    leader14 = top_one(conf[conf["season"] == 14].groupby("castaway_id")["confessional_count"].sum())
    assert values(ask(unposed, "up_conf_leader_jury")) == [
        int(((jury["season"] == 14) & (jury["finalist_id"] == leader14)).sum())]


def test_challenge_answers_equal_the_raw_tables(g, unposed):
    sat = sit_outs(g)
    assert ids(ask(unposed, "up_career_sit_outs")) == [top_one(sat.groupby("castaway_id").size())]
    winner20 = raw(g, "season_summary").set_index("season").loc[20, "winner_id"]
    assert values(ask(unposed, "up_winner_sit_outs")) == [
        int(((sat["season"] == 20) & (sat["castaway_id"] == winner20)).sum())]
    s19 = {c: int(((sat["season"] == 19) & (sat["castaway_id"] == person(g, c))).sum())
           for c in ("Dave Ball", "John Fincher")}
    assert len(set(s19.values())) == 2
    assert ids(ask(unposed, "up_sit_out_compare")) == [person(g, max(s19, key=s19.get))]
    cr = challenges_table(g)
    picked = cr[(cr["season"] == 9) & flag(cr, "chosen_for_reward")].drop_duplicates(["challenge_id", "castaway_id"])
    assert ids(ask(unposed, "up_reward_picks")) == [top_one(picked.groupby("castaway_id").size())]
    imm = cr[cr["won_individual_immunity"] == 1]
    ken = imm[(imm["season"] == 17) & (imm["castaway_id"] == person(g, "Ken Hoang"))]
    assert ken["challenge_id"].nunique() == 1
    desc = raw(g, "challenge_description")
    row = desc[(desc["season"] == 17) & (desc["challenge_id"] == ken["challenge_id"].iloc[0])].iloc[0]
    assert row["name"] in values(ask(unposed, "up_immunity_name"))
    s16 = desc[(desc["season"] == 16) & desc["challenge_type"].isin(["Immunity", "Immunity and Reward"])]
    assert values(ask(unposed, "up_puzzle_immunities")) == [int(flag(s16, "puzzle").sum())]
    assert values(ask(unposed, "up_most_reused_challenge")) == [top_one(desc["recurring_name"].value_counts())]
    cast = cast_table(g)
    tijuana = cast[(cast["season"] == 7) & (cast["castaway_id"] == person(g, "Tijuana"))]["episode"].iloc[0]
    after = imm[(imm["season"] == 7) & (imm["episode"] == tijuana + 1)]
    assert ids(ask(unposed, "up_next_episode_immunity")) == sorted(set(after["castaway_id"]))
    rewards = cr[cr["won_individual_reward"] == 1].drop_duplicates(["season", "challenge_id", "castaway_id"])
    won = {c: int((rewards["castaway_id"] == person(g, c)).sum()) for c in ("Eliza Orlins", "Cochran")}
    assert len(set(won.values())) == 2 and ids(ask(unposed, "up_reward_compare")) == [
        person(g, max(won, key=won.get))]
    conf = raw(g, "confessionals")
    s46 = conf[conf["season"] == 46].groupby("castaway_id")["confessional_time"].sum()
    q, venus = person(g, "Q"), person(g, "Venus")
    assert s46[q] != s46[venus] and ids(ask(unposed, "up_screen_time_compare")) == [q if s46[q] > s46[venus] else venus]
    since = raw(g, "season_summary").set_index("season")
    missed = []
    for s in range(41, 50):
        per = conf[conf["season"] == s].groupby("castaway_id")["confessional_count"].sum()
        if per.get(since.loc[s, "winner_id"], 0) < per.max():
            missed.append(since.loc[s, "winner_id"])
    assert ids(ask(unposed, "up_winners_not_conf_leader")) == sorted(missed)


def test_advantage_auction_and_journey_answers_equal_the_raw_tables(g, unposed):
    moves = raw(g, "advantage_movement").assign(episode=lambda d: num(d, "episode"))
    details = raw(g, "advantage_details")
    kinds = details.set_index(["season", "advantage_id"])["advantage_type"]
    moves = moves.assign(kind=[str(kinds.get((s, a), "")) for s, a in zip(moves["season"], moves["advantage_id"])])
    idols = moves[moves["kind"].str.lower().str.contains("hidden immunity idol")]
    plays = idols[(idols["season"] == 39) & idols["event"].str.startswith("Played", na=False)]
    assert ids(ask(unposed, "up_wasted_idols")) == sorted(set(plays[num(plays, "votes_nullified") == 0]["castaway_id"]))
    found = idols[idols["event"].isin(["Found", "Found (beware)"])].drop_duplicates(
        ["season", "advantage_id", "castaway_id"])
    n = {c: int((found["castaway_id"] == person(g, c)).sum()) for c in ("Kellee Kim", "Dan Rengering")}
    assert len(set(n.values())) == 2 and ids(ask(unposed, "up_idol_finds_compare")) == [person(g, max(n, key=n.get))]
    extra = details[details["advantage_type"] == "Extra Vote"]
    assert values(ask(unposed, "up_first_extra_vote")) == [int(extra["season"].min())]
    others = details[~details["advantage_type"].str.lower().str.contains("idol")]
    assert values(ask(unposed, "up_top_advantage")) == [top_one(others["advantage_type"].value_counts())]
    bought = raw(g, "auction_details")
    letters = bought[(bought["season"] == 6) & (bought["item_description"] == "Letters From Home")]
    assert ids(ask(unposed, "up_auction_buyers")) == sorted(letters["castaway_id"])
    s30 = bought[bought["season"] == 30]
    dearest = s30.loc[num(s30, "cost").idxmax(), "castaway_id"]
    assert g.name(dearest).split()[0] in ask(unposed, "up_auction_story").parts[0]["groups"][1]
    auction = raw(g, "survivor_auction")
    ep24 = int(num(auction[auction["season"] == 24], "episode").iloc[0])
    cast = cast_table(g)
    s24 = cast[(cast["season"] == 24) & (cast["episode"] < ep24)]
    before = s24[s24["result"].str.contains("voted out", na=False)]
    assert ids(ask(unposed, "up_last_boot_before_auction")) == [before.sort_values("order")["castaway_id"].iloc[-1]]
    journeys = raw(g, "journeys")
    went = set(journeys[journeys["season"] == 43]["castaway_id"])
    assert ids(ask(unposed, "up_no_journey")) == sorted(set(cast[cast["season"] == 43]["castaway_id"]) - went)


def test_unanswerable_premises_hold(g, unposed):
    people = set(g.aliases["alias"].str.lower())
    assert "marguerite okafor" not in people
    summary = raw(g, "season_summary")
    text = " ".join(summary["season_name"]) + " ".join(summary["location"]) + " ".join(summary["country"])
    assert "patagonia" not in text.lower()
    assert max(summary["season"]) < ask(unposed, "up_future_finale").args["future"]
    s14 = raw(g, "castaways").query("season == 14").set_index("castaway_id")
    assert s14.loc[person(g, "Gary Stritesky"), "result"] == "Quit"
    columns = set(raw(g, "castaways").columns) | set(g.data.raw("castaway_details").columns) | set(summary.columns)
    assert not [c for c in columns if any(w in c for w in ("sibling", "politic", "prize", "money"))]
