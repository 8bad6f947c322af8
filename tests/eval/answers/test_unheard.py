"""The unheard question set (evaluation.unheard): it builds from the data, covers every category, repeats no gold,
held-out, fresh, unseen, novel, untried, unasked or untouched question or person, recomputes to its snapshot,
builds under viewer scopes, its narrative key facts are in the passages it cites, and many of its answers equal an
independent pandas computation on the raw survivoR tables."""

from __future__ import annotations

import pandas as pd
import pytest

from evaluation.answers.holdout import person
from evaluation.question_sets import build_question_set
from tests.eval import set_checks as checks
from tests.eval.set_checks import ask, flag, ids, num, raw, top_one, values

FIFTY_STATES = {"Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware",
                "Florida", "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky",
                "Louisiana", "Maine", "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi",
                "Missouri", "Montana", "Nebraska", "Nevada", "New Hampshire", "New Jersey", "New Mexico", "New York",
                "North Carolina", "North Dakota", "Ohio", "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island",
                "South Carolina", "South Dakota", "Tennessee", "Texas", "Utah", "Vermont", "Virginia", "Washington",
                "West Virginia", "Wisconsin", "Wyoming"}


@pytest.fixture(scope="module")
def unheard(g):
    return build_question_set(g, "blind-08")


def cast_table(g) -> pd.DataFrame:
    return raw(g, "castaways").assign(order=lambda d: num(d, "order"), age=lambda d: num(d, "age"),
                                      place=lambda d: num(d, "place"), day=lambda d: num(d, "day"),
                                      episode=lambda d: num(d, "episode"))


def votes_table(g) -> pd.DataFrame:
    return raw(g, "vote_history").dropna(subset=["vote_id"]).assign(
        episode=lambda d: num(d, "episode"), order=lambda d: num(d, "order"), vote_order=lambda d: num(d, "vote_order"))


def jury_table(g) -> pd.DataFrame:
    jury = raw(g, "jury_votes")
    return jury[jury["vote"] == 1]


def immunity_table(g) -> pd.DataFrame:
    cr = raw(g, "challenge_results").assign(episode=lambda d: num(d, "episode"))
    return cr[cr["won_individual_immunity"] == 1]


def women(g) -> set[str]:
    details = g.data.raw("castaway_details")
    return set(details[details["gender"] == "Female"]["castaway_id"])


def idol_moves(g) -> pd.DataFrame:
    moves = raw(g, "advantage_movement").assign(episode=lambda d: num(d, "episode"), day=lambda d: num(d, "day"))
    kinds = raw(g, "advantage_details").set_index(["season", "advantage_id"])["advantage_type"]
    kind = [str(kinds.get((s, a), "")) for s, a in zip(moves["season"], moves["advantage_id"])]
    return moves[pd.Series(kind, index=moves.index).str.lower().str.contains("hidden immunity idol")]


# -- shape ---------------------------------------------------------------------------------------------------
def test_the_unheard_set_has_every_category_and_non_empty_answers(unheard):
    for q in unheard:
        assert q.id.startswith(f"uh-{q.category}-"), q.id
        assert "None" not in q.question and "nan" not in q.question.split(), q.question
        assert "the The " not in q.question, q.question


def test_the_wording_varies(unheard):
    texts = [q.question for q in unheard]
    assert sum(t[0].islower() for t in texts) >= 16  # typed casually
    assert sum(t.endswith("?") for t in texts) < len(texts)  # not every message ends in a question mark
    assert len({t.split()[0].lower() for t in texts}) >= 25  # many different openings
    assert sum(any(f"s{n}" in t.lower().split() or f"s{n}'s" in t.lower() for n in range(1, 60)) for t in texts) >= 5


def test_short_names_and_nicknames_name_the_person_the_answer_is_about(g, unheard):
    for call, full in (("Karishma", "Karishma Patel"), ("Rocky", "James Reid"), ("Taj", "Tamara Johnson-George"),
                       ("Chad Crittenden", "James Crittenden"), ("Eddie Fox", "Edward Fox"),
                       ("Reynold", "Reynold Toepfer"), ("Kenzie", "Kenzie Petty"), ("Dreamz", "Andria Herd"),
                       ("Figgy", "Jessica Figueroa"), ("Rizo", "Rizo Velovic")):
        assert g.name(person(g, call)) == full
    same = ask(unheard, "uh_same_votes")
    assert same.args["a"] == person(g, "Eddie Fox") and "Reynold" in same.question


def test_a_recomputed_answer_follows_the_data_not_the_stored_parts(g, unheard):
    checks.recompute_follows_the_data(g, ask(unheard, "uh_first_boot_after_swap", season=6))


def test_the_unheard_set_builds_under_viewer_scopes(g, unheard):
    from evaluation.scoped import ScopedGoldData
    from ingest.viewer_scope import ViewerScope

    def at(season: int, episode: int) -> dict:
        return {q.gold + str(q.args.get("season")): q
                for q in build_question_set(ScopedGoldData(g.data, ViewerScope(season, episode), g), "blind-08")}

    early = at(2, 5)
    assert early["uh_first_fire_seasonNone"].parts[0].get("beyond_scope")  # no final-four fire yet
    assert early["uh_first_returnee_seasonNone"].parts[0].get("beyond_scope")  # nobody had come back yet
    assert early["uh_viewers_compareNone"].parts[0].get("beyond_scope")  # the Outback had not finished
    assert not early["uh_confessional_recordNone"].parts[0].get("beyond_scope")  # a record over what had aired
    assert at(3, 1)["uh_viewers_compareNone"].parts == ask(unheard, "uh_viewers_compare").parts
    assert at(7, 14)["uh_first_returnee_seasonNone"].parts[0].get("beyond_scope")
    assert at(8, 1)["uh_first_returnee_seasonNone"].parts == ask(unheard, "uh_first_returnee_season").parts
    assert at(36, 1)["uh_first_fire_seasonNone"].parts == ask(unheard, "uh_first_fire_season").parts
    bvw = at(27, 11)
    assert bvw["uh_rock_story27"].parts[0].get("beyond_scope")  # the rock draw came in episode 12
    assert not at(27, 12)["uh_rock_story27"].parts[0].get("beyond_scope")
    thailand = at(5, 5)
    assert thailand["uh_airdate_boot5"].parts[0].get("beyond_scope")  # that episode was the sixth
    assert at(5, 6)["uh_airdate_boot5"].parts == ask(unheard, "uh_airdate_boot").parts


# -- answers against pandas on the raw tables ---------------------------------------------------------------
def test_castaway_answers_equal_the_raw_castaways_table(g, unheard):
    cast = cast_table(g)
    row = cast.set_index(["season", "castaway_id"])
    assert row.loc[(38, person(g, "Dan DaSilva")), "castaway"] in values(ask(unheard, "uh_nickname"))
    s41 = cast[cast["season"] == 41]
    assert ids(ask(unheard, "uh_final_four")) == sorted(s41[s41["place"] <= 4]["castaway_id"])
    winners = cast[flag(cast, "winner")].drop_duplicates("castaway_id")
    assert values(ask(unheard, "uh_state_most_winners")) == [top_one(winners["state"].value_counts())]
    people = cast.drop_duplicates("castaway_id")
    assert values(ask(unheard, "uh_city_most_castaways")) == [top_one(people["city"].value_counts())]
    seasons = cast.groupby("castaway_id")["season"].nunique()
    finalists = set(cast[flag(cast, "finalist")]["castaway_id"])
    assert ids(ask(unheard, "uh_three_timers_no_ftc")) == sorted(
        c for c, n in seasons.items() if n >= 3 and c not in finalists)
    states = {{"Pensylvania": "Pennsylvania", "Tennasse": "Tennessee"}.get(s, s) for s in cast["state"].dropna()}
    assert sorted(values(ask(unheard, "uh_states_never"))) == sorted(FIFTY_STATES - states)
    fire = cast[cast["result"] == "Lost final 4 fire challenge"]
    assert values(ask(unheard, "uh_first_fire_season")) == [int(fire["season"].min())]
    first = cast.groupby("castaway_id")["season"].min()
    back = sorted({s for s, c in zip(cast["season"], cast["castaway_id"]) if first[c] < s})
    assert values(ask(unheard, "uh_first_returnee_season")) == [back[0]]
    s48 = fire[fire["season"] == 48].iloc[0]
    lost = ask(unheard, "uh_fire_loser_tribe")
    assert ids(lost) == [s48["castaway_id"]] and values(lost, 1) == [s48["original_tribe"]]
    s32 = cast[cast["season"] == 32]
    tribe = s32[flag(s32, "winner")]["original_tribe"].iloc[0]
    assert values(ask(unheard, "uh_winner_tribe_jurors")) == [
        int((flag(s32, "jury") & (s32["original_tribe"] == tribe)).sum())]
    ages = {c: cast[flag(cast, "winner") & (cast["castaway_id"] == c)]["age"].iloc[0]
            for c in (person(g, "Kyle Fraser"), person(g, "Savannah Louie"))}
    assert len(set(ages.values())) == 2 and ids(ask(unheard, "uh_older_winner")) == [max(ages, key=ages.get)]


def test_season_episode_and_tribe_answers_equal_the_raw_tables(g, unheard):
    summary = raw(g, "season_summary").set_index("season")
    assert num(summary, "viewers_mean")[7] in values(ask(unheard, "uh_average_viewers"))
    means = num(summary, "viewers_mean")
    assert values(ask(unheard, "uh_viewers_compare")) == [1 if means[1] > means[2] else 2]
    assert "ethnicity" in summary.loc[13, "tribe_setup"] and "ethnicity" in values(ask(unheard, "uh_tribe_split"))
    cast = cast_table(g)
    rob = summary.loc[22, "winner_id"]
    debut = cast[cast["castaway_id"] == rob]["season"].min()
    assert debut < 22 and ids(ask(unheard, "uh_debut_season_winner")) == [summary.loc[debut, "winner_id"]]
    episodes = raw(g, "episodes").assign(episode=lambda d: num(d, "episode"))
    finale = episodes[(episodes["season"] == 12) & (episodes["episode_label"] == "Finale")]
    assert values(ask(unheard, "uh_finale_rating")) == [float(finale["imdb_rating"].iloc[0])]
    aired = pd.Timestamp(episodes[(episodes["season"] == 5) & (episodes["episode"] == 6)]["episode_date"].iloc[0])
    boot = ask(unheard, "uh_airdate_boot")
    assert f"{aired:%B} {aired.day}, {aired.year}" in boot.question
    out = cast[(cast["season"] == 5) & (cast["episode"] == 6)]
    assert len(out) == 1 and ids(boot) == list(out["castaway_id"])
    tribes = raw(g, "tribe_mapping").assign(episode=lambda d: num(d, "episode"), day=lambda d: num(d, "day"))
    swap32 = tribes[(tribes["season"] == 32) & (tribes["tribe_status"] == "Swapped")]
    assert values(ask(unheard, "uh_swap_day")) == sorted(
        set(swap32[swap32["episode"] == swap32["episode"].min()]["day"]))
    swap6 = tribes[(tribes["season"] == 6) & (tribes["tribe_status"] == "Swapped")]["episode"].min()
    amazon = cast[(cast["season"] == 6) & (cast["episode"] >= swap6) & ~flag(cast, "finalist")].sort_values("order")
    assert ids(ask(unheard, "uh_first_boot_after_swap")) == [amazon["castaway_id"].iloc[0]]
    vh = raw(g, "vote_history").assign(episode=lambda d: num(d, "episode"))
    merge31 = tribes[(tribes["season"] == 31) & (tribes["tribe_status"] == "Merged")]
    went = set(vh[(vh["season"] == 31) & (vh["episode"] < merge31["episode"].min())]["castaway_id"])
    assert ids(ask(unheard, "uh_merged_without_tribal")) == sorted(set(merge31["castaway_id"]) - went)


def test_vote_and_jury_answers_equal_the_raw_tables(g, unheard):
    votes = votes_table(g)
    jp = votes[(votes["season"] == 35) & (votes["voted_out_id"] == person(g, "JP Hilsabeck"))]
    assert jp["vote_order"].nunique() == 1
    tally = "-".join(str(n) for n in sorted(jp["vote_id"].value_counts(), reverse=True))
    assert tally in values(ask(unheard, "uh_boot_tally"))
    rocky = votes[(votes["season"] == 14) & (votes["castaway_id"] == person(g, "Rocky"))]
    assert ids(ask(unheard, "uh_first_vote")) == [rocky.sort_values(["episode", "order"])["vote_id"].iloc[0]]
    vh = raw(g, "vote_history")
    taj = vh[(vh["season"] == 18) & (vh["castaway_id"] == person(g, "Taj"))]
    assert values(ask(unheard, "uh_tribals_attended")) == [len(taj.drop_duplicates(["episode", "order"]))]
    per = votes.groupby(["season", "castaway_id"]).size()
    assert ids(ask(unheard, "uh_votes_cast_record")) == [top_one(per)[1]]
    keys = ["episode", "order", "vote_order"]
    s26 = votes[votes["season"] == 26]
    eddie, reynold = person(g, "Eddie Fox"), person(g, "Reynold")
    both = s26[s26["castaway_id"] == eddie].merge(s26[s26["castaway_id"] == reynold], on=keys)
    assert values(ask(unheard, "uh_same_votes")) == [int((both["vote_id_x"] == both["vote_id_y"]).sum())]
    s14 = votes[votes["season"] == 14]
    targets = [set(s14[s14["castaway_id"] == person(g, c)]["vote_id"]) for c in ("Cassandra Franklin", "Dreamz")]
    assert ids(ask(unheard, "uh_shared_targets")) == sorted(targets[0] & targets[1])
    mick = votes[(votes["season"] == 19) & (votes["vote_id"] == person(g, "Mick Trimming"))]
    assert values(ask(unheard, "uh_first_vote_against")) == [int(mick["episode"].min())]
    cast = cast_table(g)
    palau = cast[(cast["season"] == 10) & cast["result"].str.contains("voted out", na=False)]
    s10 = votes[votes["season"] == 10]
    first_night = [c for c, o in zip(palau["castaway_id"], palau["order"])
                   if len(s10[s10["vote_id"] == c]) and not (s10[s10["vote_id"] == c]["order"] < o).any()]
    assert ids(ask(unheard, "uh_first_votes_sent_home")) == sorted(first_night)
    s4 = votes[votes["season"] == 4]["vote_id"].value_counts()
    magnet = top_one(s4)
    assert values(ask(unheard, "uh_vote_magnet_exit")) == [
        int(cast[(cast["season"] == 4) & (cast["castaway_id"] == magnet)]["episode"].iloc[0])]


def test_jury_answers_equal_the_raw_tables(g, unheard):
    jury, votes, cast = jury_table(g), votes_table(g), cast_table(g)
    kenzie = person(g, "Kenzie")
    s46 = votes[(votes["season"] == 46) & (votes["castaway_id"] == kenzie)]
    s46 = s46[s46["vote_id"] == s46["voted_out_id"]]
    jurors46 = set(cast[(cast["season"] == 46) & flag(cast, "jury")]["castaway_id"])
    for_her = set(jury[(jury["season"] == 46) & (jury["finalist_id"] == kenzie)]["castaway_id"])
    assert ids(ask(unheard, "uh_booted_jurors_for")) == sorted(set(s46["vote_id"]) & jurors46 & for_her)
    chase = person(g, "Chase Rice")
    flor = set(cast[(cast["season"] == 21) & (cast["original_tribe"] == "La Flor")]["castaway_id"])
    assert ids(ask(unheard, "uh_tribemates_for")) == sorted(
        set(jury[(jury["season"] == 21) & (jury["finalist_id"] == chase)]["castaway_id"]) & flor)
    got = {c: int((jury["finalist_id"] == c).sum()) for c in (person(g, "Neleh Dennis"), person(g, "Kim Johnson"))}
    assert len(set(got.values())) == 2 and ids(ask(unheard, "uh_runner_up_votes_compare")) == [max(got, key=got.get)]
    winners = raw(g, "season_summary").set_index("season")["winner_id"]
    unanimous = [s for s, w in winners.items() if len(jury[jury["season"] == s])
                 and (jury[jury["season"] == s]["finalist_id"] == w).all()]
    last = ask(unheard, "uh_last_unanimous")
    assert values(last) == [max(unanimous)] and ids(last, 1) == [winners[max(unanimous)]]


def test_challenge_and_confessional_answers_equal_the_raw_tables(g, unheard):
    imm, cast = immunity_table(g), cast_table(g)
    s17 = imm[imm["season"] == 17]
    last = s17[s17["challenge_id"] == s17["challenge_id"].max()]["castaway_id"]
    assert len(last) == 1
    assert values(ask(unheard, "uh_final_immunity_age")) == [
        int(cast[(cast["season"] == 17) & (cast["castaway_id"] == last.iloc[0])]["age"].iloc[0])]
    assert values(ask(unheard, "uh_most_immunity_challenges")) == [
        int(top_one(imm.groupby("season")["challenge_id"].nunique()))]
    chad = cast[(cast["season"] == 9) & (cast["castaway_id"] == person(g, "Chad Crittenden"))]["episode"].iloc[0]
    assert ids(ask(unheard, "uh_immune_at_boot")) == sorted(set(imm[(imm["season"] == 9) & (imm["episode"] == chad)]
                                                               ["castaway_id"]))
    s42 = cast[(cast["season"] == 42) & flag(cast, "jury")]["castaway_id"]
    won42 = set(imm[imm["season"] == 42]["castaway_id"])
    assert ids(ask(unheard, "uh_jurors_no_immunity")) == sorted(c for c in s42 if c not in won42)
    female = women(g)
    seasons = sorted(raw(g, "season_summary")["season"])
    assert values(ask(unheard, "uh_seasons_no_woman_immunity")) == [
        s for s in seasons if not imm[imm["season"] == s]["castaway_id"].isin(female).any()]
    winners = raw(g, "season_summary").set_index("season")["winner_id"]
    missed = []
    for s in seasons:
        here = imm[imm["season"] == s]
        if s >= 41 and winners[s] not in set(here[here["challenge_id"] == here["challenge_id"].max()]["castaway_id"]):
            missed.append(winners[s])
    assert ids(ask(unheard, "uh_winners_not_last_immunity")) == sorted(missed)
    conf = raw(g, "confessionals")
    per = conf.groupby(["season", "castaway_id"])["confessional_count"].sum()
    record = ask(unheard, "uh_confessional_record")
    assert ids(record) == [top_one(per)[1]] and values(record, 1) == [int(per.max())]
    assert values(ask(unheard, "uh_season_most_confessionals")) == [
        int(top_one(conf.groupby("season")["confessional_count"].sum()))]
    ethan = person(g, "Ethan Zohn")
    his = set(cast[cast["castaway_id"] == ethan]["season"])
    mates = cast[cast["season"].isin(his) & (cast["castaway_id"] != ethan)].groupby("castaway_id")["season"].nunique()
    assert ids(ask(unheard, "uh_played_with_twice")) == sorted(mates[mates >= 2].index)


def test_advantage_answers_equal_the_raw_tables(g, unheard):
    idols = idol_moves(g)
    plays = idols[idols["event"].str.startswith("Played", na=False)]
    karishma = plays[(plays["season"] == 39) & (plays["castaway_id"] == person(g, "Karishma"))]
    assert len(karishma) == 1
    assert values(ask(unheard, "uh_idol_cancelled")) == [int(karishma["votes_nullified"].iloc[0])]
    votes = votes_table(g)
    night = votes[(votes["season"] == 39) & (votes["episode"] == karishma["episode"].iloc[0])]
    assert flag(night, "nullified").sum() == int(karishma["votes_nullified"].iloc[0])  # vote_history agrees
    assert values(ask(unheard, "uh_most_idols_played")) == [int(top_one(plays.groupby("season").size()))]
    found = idols[idols["event"].isin(["Found", "Found (beware)"])]
    jay = found[(found["season"] == 33) & (found["castaway_id"] == person(g, "Jay Starrett"))]
    assert len(jay) == 1 and values(ask(unheard, "uh_idol_find_day")) == [int(jay["day"].iloc[0])]
    held = idols[(idols["season"] == 41) & (idols["event"] == "Voted out with advantage")]
    assert ids(ask(unheard, "uh_went_home_with_idol")) == sorted(set(held["castaway_id"]))
    s49 = found[found["season"] == 49].drop_duplicates(["advantage_id", "castaway_id"]).sort_values(["episode", "day"])
    finder = s49["castaway_id"].iloc[0]
    assert (s49.iloc[1]["episode"], s49.iloc[1]["day"]) > (s49.iloc[0]["episode"], s49.iloc[0]["day"])  # one first
    jury = jury_table(g)
    assert ids(ask(unheard, "uh_idol_finder_ftc_vote")) == list(
        jury[(jury["season"] == 49) & (jury["castaway_id"] == finder)]["finalist_id"])


def test_unanswerable_premises_hold(g, unheard):
    people = set(g.aliases["alias"].str.lower())
    assert "cordelia hawthorne" not in people
    summary = raw(g, "season_summary")
    assert not summary["location"].str.contains("Mongolia").any() and not summary["country"].eq("Mongolia").any()
    assert max(summary["season"]) < ask(unheard, "uh_future_host").args["future"]
    s49 = raw(g, "castaways").query("season == 49").set_index("castaway_id")
    assert s49.loc[person(g, "Rizo"), "result"] == "Lost final 4 fire challenge"
    columns = set(raw(g, "castaways").columns) | set(g.data.raw("castaway_details").columns)
    assert not [c for c in columns if any(w in c for w in ("weight", "religio", "friend"))]
