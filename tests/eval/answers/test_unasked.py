"""The unasked question set (evaluation.unasked): it builds from the data, covers every category, repeats no gold,
held-out, fresh, unseen, novel or untried question or person, recomputes to its snapshot, builds under viewer
scopes, its narrative key facts are in the passages it cites, and many of its answers equal an independent pandas
computation on the raw survivoR tables."""

from __future__ import annotations

import pytest

from evaluation.answers.holdout import person
from evaluation.question_sets import build_question_set
from tests.eval import set_checks as checks
from tests.eval.set_checks import ask, flag, ids, num, raw, values


@pytest.fixture(scope="module")
def unasked(g):
    return build_question_set(g, "blind-06")


# -- shape ---------------------------------------------------------------------------------------------------
def test_the_unasked_set_has_every_category_and_non_empty_answers(unasked):
    for q in unasked:
        assert q.id.startswith(f"ua-{q.category}-"), q.id
        assert "None" not in q.question and "nan" not in q.question.split(), q.question
        assert "the The " not in q.question, q.question


def test_the_wording_varies(unasked):
    texts = [q.question for q in unasked]
    assert sum(t[0].islower() for t in texts) >= 12  # typed casually
    assert sum(t.endswith("?") for t in texts) < len(texts)  # not every message ends in a question mark
    assert len({t.split()[0].lower() for t in texts}) >= 20  # many different openings
    assert sum(any(f"s{n}" in t.lower().split() or f"s{n}'s" in t.lower() for n in range(1, 60)) for t in texts) >= 5


def test_nicknames_and_short_names_name_the_person_the_answer_is_about(g, unasked):
    for call, full in (("Yau-Man", "Yau-Man Chan"), ("Geo", "Geo Bustamante"), ("Sol", "Sol Yi"),
                       ("Dawn", "Dawn Meehan"), ("Erika", "Erika Casupanan"), ("Bobby Jon", "Bobby Jon Drinkard"),
                       ("Tasha", "Latasha Fox"), ("Carson", "Carson Garrett"), ("Jonny Fairplay", "Jon Dalton"),
                       ("Twila", "Twila Tanner")):
        assert g.name(person(g, call)) == full
    tasha = ask(unasked, "ua_career_immunity_compare")
    assert tasha.args["a"] == person(g, "Tasha") and "Tasha" in tasha.question


def test_a_recomputed_answer_follows_the_data_not_the_stored_parts(g, unasked):
    checks.recompute_follows_the_data(g, ask(unasked, "ua_next_first_boot", season=13))


def test_the_unasked_set_builds_under_viewer_scopes(g, unasked):
    from evaluation.scoped import ScopedGoldData
    from ingest.viewer_scope import ViewerScope

    def at(season: int, episode: int) -> dict:
        return {q.gold + str(q.args.get("season")): q
                for q in build_question_set(ScopedGoldData(g.data, ViewerScope(season, episode), g), "blind-06")}

    pat = at(37, 1)
    assert not pat["ua_why_left37"].parts[0].get("beyond_scope")  # Pat's medevac aired in the first episode
    assert pat["ua_swap_new_tribemates37"].parts[0].get("beyond_scope")  # the swap had not
    assert values(pat["ua_seasons_no_swapNone"]) == [1, 2, 5, 10, 18, 19, 20, 22, 23]  # the finished seasons only
    assert pat["ua_tribe_seasonNone"].parts == ask(unasked, "ua_tribe_season").parts  # Tocantins had aired
    early = at(16, 3)
    assert early["ua_tribe_seasonNone"].parts[0].get("beyond_scope")  # the Jalapao tribe had not
    assert ids(early["ua_after_debut_winnerNone"]) == ids(ask(unasked, "ua_after_debut_winner"))  # All-Stars had
    ghost = at(36, 3)
    assert ghost["ua_first_idol_play36"].parts == ask(unasked, "ua_first_idol_play").parts  # the play aired then
    assert at(36, 2)["ua_first_idol_play36"].parts[0].get("beyond_scope")  # one episode earlier it had not


# -- answers against pandas on the raw tables ---------------------------------------------------------------
def test_season_and_episode_answers_equal_the_raw_tables(g, unasked):
    summary = raw(g, "season_summary").set_index("season")
    cast = raw(g, "castaways")
    episodes = raw(g, "episodes").assign(episode=lambda d: num(d, "episode"))
    rob = person(g, "Rob Cesternino")
    assert summary.loc[cast[cast["castaway_id"] == rob]["season"].min(), "location"] in values(
        ask(unasked, "ua_debut_location"))
    erika = cast[(cast["castaway_id"] == person(g, "Erika")) & flag(cast, "winner")]["season"].iloc[0]
    assert float(summary.loc[erika, "viewers_premiere"]) in values(ask(unasked, "ua_won_premiere_viewers"))
    fairplay = cast[cast["castaway_id"] == person(g, "Jonny Fairplay")]["season"].min()
    assert ids(ask(unasked, "ua_after_debut_winner")) == [summary.loc[fairplay + 1, "winner_id"]]
    rated = episodes.groupby("season")["imdb_rating"].mean().sort_values()
    assert rated.iloc[0] < rated.iloc[1] and values(ask(unasked, "ua_worst_rated_season")) == [int(rated.index[0])]
    kc = episodes[(episodes["season"] == 32) & (episodes["episode_title"] == "Kindergarten Camp")]
    assert float(kc["viewers"].iloc[0]) in values(ask(unasked, "ua_episode_viewers"))
    hhh = episodes[episodes["season"] == 35].sort_values("viewers")
    assert hhh["viewers"].iloc[-1] > hhh["viewers"].iloc[-2]
    assert values(ask(unasked, "ua_most_watched_episode")) == [int(hhh["episode"].iloc[-1])]
    s42 = episodes[episodes["season"] == 42].sort_values("imdb_rating")
    assert s42["imdb_rating"].iloc[-1] > s42["imdb_rating"].iloc[-2]
    gone = cast[(cast["season"] == 42) & (num(cast, "episode") == s42["episode"].iloc[-1]) & ~flag(cast, "finalist")]
    assert ids(ask(unasked, "ua_top_rated_boot")) == sorted(gone["castaway_id"])
    sumo = episodes[(episodes["season"] == 10) & (episodes["episode_title"] == "Sumo at Sea")]["episode"].iloc[0]
    palau = cast[(cast["season"] == 10) & (num(cast, "episode") == sumo) & ~flag(cast, "finalist")]
    assert ids(ask(unasked, "ua_titled_boot")) == sorted(palau["castaway_id"])
    tribes = raw(g, "tribe_mapping")
    assert values(ask(unasked, "ua_tribe_season")) == sorted(set(tribes[tribes["tribe"] == "Jalapao"]["season"]))
    swapped = set(tribes[tribes["tribe_status"].isin(["Swapped", "Swapped_2"])]["season"])
    assert values(ask(unasked, "ua_seasons_no_swap")) == sorted(int(s) for s in summary.index if s not in swapped)


def test_castaway_answers_equal_the_raw_castaways_table(g, unasked):
    cast = raw(g, "castaways").assign(order=lambda d: num(d, "order"), age=lambda d: num(d, "age"))
    jenna = cast[(cast["castaway_id"] == person(g, "Jenna Lewis")) & (cast["season"] == 8)].iloc[0]
    assert f"{jenna['city']}, {jenna['state']}" in values(ask(unasked, "ua_hometown_then"))
    assert cast[cast["castaway_id"] == person(g, "Jenna Lewis")]["city"].nunique() > 1  # the season matters
    fiji = cast[(cast["season"] == 14) & (cast["order"] == 1)]
    assert ids(ask(unasked, "ua_next_first_boot")) == list(fiji["castaway_id"])
    sp = cast[cast["season"] == 23].sort_values("age")
    assert sp["age"].iloc[-1] > sp["age"].iloc[-2]
    assert values(ask(unasked, "ua_oldest_place")) == [int(sp["place"].iloc[-1])]
    home = cast[cast["season"] == 39].set_index("castaway_id")["state"]
    beisel = person(g, "Elizabeth Beisel")
    assert ids(ask(unasked, "ua_same_state")) == sorted(c for c, s in home.items() if s == home[beisel] and c != beisel)
    pearl = cast[cast["season"] == 7].set_index("castaway_id")
    nicole = person(g, "Nicole Delma")
    mates = pearl[(pearl["original_tribe"] == pearl.loc[nicole, "original_tribe"]) & (pearl.index != nicole)]
    assert pearl.loc[nicole, "order"] == 1 and values(ask(unasked, "ua_tribe_mates_jury")) == [
        int(flag(mates, "jury").sum())]
    marquesas = cast[(cast["season"] == 4) & flag(cast, "jury")].sort_values("order")["castaway_id"].tolist()
    assert ids(ask(unasked, "ua_next_juror")) == [marquesas[marquesas.index(person(g, "Tammy Leitner")) + 1]]
    people = cast.drop_duplicates("castaway_id")
    winner_states = set(cast[cast["castaway_id"].isin(cast[flag(cast, "winner")]["castaway_id"])]["state"])
    counts = people["state"].value_counts()
    assert values(ask(unasked, "ua_big_state_no_winner")) == sorted(
        s for s, n in counts.items() if n >= 20 and s not in winner_states)
    details = g.data.raw("castaway_details").set_index("castaway_id")
    assert values(ask(unasked, "ua_mbti")) == [details.loc[person(g, "Yau-Man"), "personality_type"]]
    conf = raw(g, "confessionals").query("season == 49").groupby("castaway_id")["confessional_count"].sum()
    jurors49 = conf.reindex(cast[(cast["season"] == 49) & flag(cast, "jury")]["castaway_id"]).sort_values()
    assert jurors49.iloc[-1] > jurors49.iloc[-2] and ids(ask(unasked, "ua_juror_confessionals")) == [jurors49.index[-1]]
    assert jurors49.index[-1] != raw(g, "season_summary").set_index("season").loc[49, "winner_id"]
    women = set(details[details["gender"] == "Female"].index)
    idol_jury = cast[(cast["season"] == 39) & flag(cast, "jury")]
    assert values(ask(unasked, "ua_jury_women")) == [int(idol_jury["castaway_id"].isin(women).sum())]


def test_challenge_answers_equal_the_raw_challenge_results(g, unasked):
    cr = raw(g, "challenge_results").assign(episode=lambda d: num(d, "episode"))
    sat = cr[(cr["season"] == 41) & flag(cr, "sit_out")].groupby("castaway_id")["challenge_id"].nunique()
    sat = sat.sort_values()
    assert sat.iloc[-1] > sat.iloc[-2] and ids(ask(unasked, "ua_sat_out_most")) == [sat.index[-1]]
    duels = cr[cr["won_duel"] == 1]
    bvw = duels[duels["season"] == 27]["castaway_id"].value_counts()
    assert bvw.iloc[0] > bvw.iloc[1] and ids(ask(unasked, "ua_duel_leader")) == [bvw.index[0]]
    ri = duels[duels["season"] == 22]["castaway_id"].value_counts()
    cast = raw(g, "castaways").set_index(["season", "castaway_id"])
    assert values(ask(unasked, "ua_duel_leader_place")) == [int(cast.loc[(22, ri.index[0]), "place"])]
    christine = person(g, "Christine Shields Markoski")
    sp = cr[(cr["season"] == 23) & (cr["challenge_type"] == "Duel")]
    faced = sp[sp["challenge_id"].isin(sp[sp["castaway_id"] == christine]["challenge_id"])]
    assert ids(ask(unasked, "ua_duel_opponents")) == sorted(set(faced["castaway_id"]) - {christine})
    tribal = cr[cr["won_tribal_immunity"] == 1].drop_duplicates(["season", "challenge_id", "tribe"])
    baka = tribal[(tribal["season"] == 43) & (tribal["tribe"] == "Baka")]
    assert values(ask(unasked, "ua_tribe_immunity_count")) == [len(baka)]
    thailand = tribal[tribal["season"] == 5]["tribe"].value_counts()
    assert thailand.iloc[0] > thailand.iloc[1] and values(ask(unasked, "ua_tribe_vs_tribe")) == [thailand.index[0]]
    tribes = raw(g, "tribe_mapping")
    start = set(tribes[(tribes["season"] == 25) & (tribes["tribe_status"] == "Original")]["tribe"])
    assert values(ask(unasked, "ua_tribe_never_immune")) == sorted(start - set(tribal[tribal["season"] == 25]["tribe"]))
    merge18 = num(tribes[(tribes["season"] == 18) & (tribes["tribe_status"] == "Merged")], "episode").min()
    before = tribal[(tribal["season"] == 18) & (tribal["episode"] < merge18)]
    assert values(ask(unasked, "ua_last_tribal_immunity")) == list(
        before[before["challenge_id"] == before["challenge_id"].max()]["tribe"])
    wins = cr[(cr[[c for c in cr.columns if c.startswith("won_") and c != "won_duel" and c != "won"]] == 1).any(axis=1)]
    africa = raw(g, "castaways").query("season == 3")["castaway_id"]
    assert ids(ask(unasked, "ua_never_won_challenge")) == sorted(
        c for c in africa if c not in set(wins[wins["season"] == 3]["castaway_id"]))
    imm = cr[cr["won_individual_immunity"] == 1]
    career = imm["castaway_id"].value_counts()
    tasha, brad = person(g, "Tasha"), person(g, "Brad Culpepper")
    assert career[tasha] != career[brad]
    assert ids(ask(unasked, "ua_career_immunity_compare")) == [tasha if career[tasha] > career[brad] else brad]
    gabon = raw(g, "castaways").query("season == 17").assign(order=lambda d: num(d, "order"))
    first = gabon[flag(gabon, "jury")].sort_values("order")["castaway_id"].iloc[0]
    assert values(ask(unasked, "ua_first_juror_immunities")) == [
        int(((imm["season"] == 17) & (imm["castaway_id"] == first)).sum())]
    s48 = imm[imm["season"] == 48].sort_values(["episode", "challenge_id"])
    twice = s48[s48.groupby("castaway_id").cumcount() == 1]
    assert ids(ask(unasked, "ua_first_to_two")) == [twice["castaway_id"].iloc[0]]
    assert twice["challenge_id"].iloc[0] != twice["challenge_id"].iloc[1]  # nobody else got there at that challenge
    desc = raw(g, "challenge_description")
    last = desc[(desc["season"] == 14) & (desc["challenge_id"] == imm[imm["season"] == 14]["challenge_id"].max())]
    assert last["name"].iloc[0] in values(ask(unasked, "ua_final_immunity_name"))


def test_vote_and_jury_answers_equal_the_raw_vote_tables(g, unasked):
    votes = raw(g, "vote_history").dropna(subset=["vote_id"])
    guatemala = votes[votes["season"] == 11]
    bobby, jim = person(g, "Bobby Jon"), person(g, "Jim Lynch")
    assert ids(ask(unasked, "ua_voted_both")) == sorted(
        set(guatemala[guatemala["vote_id"] == bobby]["castaway_id"])
        & set(guatemala[guatemala["vote_id"] == jim]["castaway_id"]))
    assert values(ask(unasked, "ua_nullified")) == [int(flag(votes[votes["season"] == 45], "nullified").sum())]
    one_world = votes[votes["season"] == 24]
    right = set(one_world[one_world["vote_id"] == one_world["voted_out_id"]]["castaway_id"])
    assert ids(ask(unasked, "ua_never_voted_boot")) == sorted(set(one_world["castaway_id"]) - right)
    samoa = raw(g, "vote_history").query("season == 19")
    assert values(ask(unasked, "ua_tribe_first_tribal")) == [int(num(samoa[samoa["tribe"] == "Galu"], "episode").min())]
    jury = raw(g, "jury_votes")
    jury = jury[(jury["vote"] == 1) & (jury["season"] == 44)]
    start = raw(g, "castaways").query("season == 44").set_index("castaway_id")["original_tribe"]
    assert ids(ask(unasked, "ua_jurors_own_tribe")) == sorted(
        j for j, f in zip(jury["castaway_id"], jury["finalist_id"]) if start[j] == start[f])


def test_journey_auction_and_advantage_answers_equal_the_raw_tables(g, unasked):
    journeys = raw(g, "journeys")
    geo = journeys[(journeys["season"] == 43) & (journeys["castaway_id"] == person(g, "Geo"))]
    assert values(ask(unasked, "ua_journey_reward")) == list(geo["reward"])
    carson = person(g, "Carson")
    s44 = journeys[journeys["season"] == 44]
    trip = s44[s44["castaway_id"] == carson]["sog_id"].iloc[0]
    assert ids(ask(unasked, "ua_journey_mates")) == sorted(set(s44[s44["sog_id"] == trip]["castaway_id"]) - {carson})
    s42 = journeys[journeys["season"] == 42]
    assert ids(ask(unasked, "ua_journey_kept_vote")) == sorted(
        set(s42["castaway_id"]) - set(s42[flag(s42, "lost_vote")]["castaway_id"]))
    items = raw(g, "auction_details")
    dawn = items[(items["season"] == 26) & (items["castaway_id"] == person(g, "Dawn"))]
    assert values(ask(unasked, "ua_auction_item"))[0] == dawn["item_description"].iloc[0]
    present = raw(g, "survivor_auction").query("season == 45")
    assert ids(ask(unasked, "ua_auction_no_buy")) == sorted(
        set(present["castaway_id"]) - set(items[items["season"] == 45]["castaway_id"]))
    moves = raw(g, "advantage_movement")
    kinds = raw(g, "advantage_details").set_index(["season", "advantage_id"])["advantage_type"]
    moves = moves.assign(kind=[kinds.get((s, a), "") for s, a in zip(moves["season"], moves["advantage_id"])])
    sol = moves[(moves["season"] == 47) & (moves["castaway_id"] == person(g, "Sol"))]
    assert values(ask(unasked, "ua_advantage_kind")) == sorted(set(sol["kind"]))
    idols = moves[moves["kind"].str.lower().str.contains("hidden immunity idol")]
    plays = idols[(idols["season"] == 36) & idols["event"].str.startswith("Played")]
    plays = plays.assign(episode=num(plays, "episode"))
    first = plays[plays["episode"] == plays["episode"].min()]
    play = ask(unasked, "ua_first_idol_play")
    assert ids(play) == sorted(first["castaway_id"]) and values(play, 1) == [int(first["episode"].iloc[0])]
    found = idols[idols["event"].isin(["Found", "Found (beware)"])]
    winners = raw(g, "season_summary").set_index("season")["winner_id"]
    assert ids(ask(unasked, "ua_winners_no_idol_since")) == sorted(
        w for s, w in winners.items() if s >= 35 and not ((found["season"] == s) & (found["castaway_id"] == w)).any())
    garrett = moves[(moves["season"] == 28) & (moves["castaway_id"] == person(g, "Garrett Adelstein"))]
    assert (garrett["event"] == "Voted out with advantage").any()  # the counterfactual's premise


def test_unanswerable_premises_hold(g, unasked):
    people = set(g.aliases["alias"].str.lower())
    assert "thaddeus moorcroft" not in people and "jeff probst" not in people
    assert "zantaru" not in set(raw(g, "tribe_mapping")["tribe"].str.lower())
    assert max(raw(g, "season_summary")["season"]) < ask(unasked, "ua_future").args["future"]
