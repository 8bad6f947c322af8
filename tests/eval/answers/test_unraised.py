"""The unraised question set (evaluation.unraised): it builds from the data, covers every category, repeats no gold,
held-out, fresh, unseen, novel, untried, unasked, untouched, unheard, unposed, unvoiced or unspoken question or
person, recomputes to its snapshot, builds under viewer scopes, its narrative key facts are in the passages it cites,
and many of its answers equal an independent pandas computation on the raw survivoR tables."""

from __future__ import annotations

import pandas as pd
import pytest

from evaluation.answers.holdout import person
from evaluation.question_sets import build_question_set
from tests.eval import set_checks as checks
from tests.eval.set_checks import ask, flag, ids, num, raw, top_one, values


@pytest.fixture(scope="module")
def unraised(g):
    return build_question_set(g, "blind-12")


def cast_table(g) -> pd.DataFrame:
    return raw(g, "castaways").assign(order=lambda d: num(d, "order"), place=lambda d: num(d, "place"),
                                      episode=lambda d: num(d, "episode"), day=lambda d: num(d, "day"),
                                      age=lambda d: num(d, "age"))


def place(g, castaway_id: str, season: int) -> int:
    cast = cast_table(g)
    return int(cast[(cast["season"] == season) & (cast["castaway_id"] == castaway_id)]["place"].iloc[0])


def moves_table(g) -> pd.DataFrame:
    """advantage_movement with each advantage's type and clue details from advantage_details."""
    moves = raw(g, "advantage_movement").assign(episode=lambda d: num(d, "episode"))
    details = raw(g, "advantage_details").set_index(["season", "advantage_id"])
    key = list(zip(moves["season"], moves["advantage_id"]))
    return moves.assign(kind=[str(details["advantage_type"].get(k, "")) for k in key],
                        clue=[str(details["clue_details"].get(k, "")) for k in key])


def events(g, event: str) -> pd.DataFrame:
    vh = raw(g, "vote_history").assign(episode=lambda d: num(d, "episode"))
    return vh[vh["vote_event"] == event].sort_values(["season", "episode"])


def challenge_kinds(g, column: str) -> pd.Series:
    desc = raw(g, "challenge_description")
    return desc[flag(desc, column)].groupby("season").size()


def scores(g, season: int) -> pd.DataFrame:
    sc = raw(g, "castaway_scores")
    return sc[sc["season"] == season].set_index("castaway_id")


# -- shape ---------------------------------------------------------------------------------------------------
def test_the_unraised_set_has_every_category_and_non_empty_answers(unraised):
    for q in unraised:
        assert q.id.startswith(f"ur-{q.category}-"), q.id
        assert "None" not in q.question and "nan" not in q.question.split(), q.question
        assert "the The " not in q.question, q.question


def test_the_wording_varies(unraised):
    texts = [q.question for q in unraised]
    assert sum(t[0].islower() for t in texts) >= 16  # typed casually
    assert sum(t.endswith("?") for t in texts) < len(texts)  # not every message ends in a question mark
    assert len({t.split()[0].lower() for t in texts}) >= 25  # many different openings
    assert sum(any(f"s{n}" in t.lower().split() or f"s{n}." in t.lower() or f"s{n}?" in t.lower()
                   or f"s{n}:" in t.lower() or f"s{n}," in t.lower() for n in range(1, 60)) for t in texts) >= 5


def test_the_names_in_the_questions_name_the_people_the_answers_are_about(g, unraised):
    for call in ("Butch Lockley", "Artis Silvester", "Sarah Wade", "Missy Payne", "Kamilla Karthigesu",
                 "Lisa Whelchel", "Mitchell Olson", "Dale Wentworth", "Greg Buis", "Ramona Gray", "Joel Klug"):
        asked = [q for q in unraised if call in q.question]
        assert len(asked) == 1 and call in asked[0].question, call
        assert asked[0].args["castaway_id"] == person(g, call)
    duo = ask(unraised, "ur_threat_compare")
    assert duo.args["a"] == person(g, "Mitch Guerra") and "Shauhin Davari" in duo.question


def test_a_recomputed_answer_follows_the_data_not_the_stored_parts(g, unraised):
    checks.recompute_follows_the_data(g, ask(unraised, "ur_boot_after_auction", season=11))


def test_the_unraised_set_builds_under_viewer_scopes(g, unraised):
    from evaluation.scoped import ScopedGoldData
    from ingest.viewer_scope import ViewerScope

    def at(season: int, episode: int) -> dict:
        return {q.gold + str(q.args.get("season")): q
                for q in build_question_set(ScopedGoldData(g.data, ViewerScope(season, episode), g), "blind-12")}

    early = at(5, 3)
    assert early["ur_first_nullifier_seasonNone"].parts[0].get("beyond_scope")  # no nullifier had been found yet
    assert early["ur_kip_failedNone"].parts[0].get("beyond_scope")  # nor knowledge is power played
    assert not early["ur_countback_bootsNone"].parts[0].get("beyond_scope")  # the two season 2 countbacks had aired
    assert len(early["ur_countback_bootsNone"].parts[0]["ids"]) == 3  # and season 3's
    assert at(48, 6)["ur_kip_failedNone"].parts[0]["ids"] != ask(unraised, "ur_kip_failed").parts[0]["ids"]
    control = ask(unraised, "ur_control_vote_story")
    played = control.parts[0]["support"]["episode"]
    assert at(44, played - 1)["ur_control_vote_story44"].parts[0].get("beyond_scope")
    assert at(44, played)["ur_control_vote_story44"].parts == control.parts
    assert at(11, 11)["ur_boot_after_auction11"].parts[0].get("beyond_scope")  # the auction is in episode 12
    auction = at(25, 11)["ur_covered_count25"]
    assert auction.parts == ask(unraised, "ur_covered_count").parts


def test_narrative_stories_cite_the_episode_the_tables_place_the_event_in(g, unraised):
    for template, event, season in (("ur_countback_story", "Countback", 2), ("ur_summit_story", "Summit", 42),
                                    ("ur_exile_story", "Exiled", 12),
                                    ("ur_sacrificed_vote_story", "Sacrificed vote to extend idol", 45)):
        rows = events(g, event)
        first = rows[rows["season"] == season].iloc[0]
        story = ask(unraised, template).parts[0]["support"]
        assert story["season"] == season and story["episode"] == int(first["episode"]), template
        assert first["castaway_id"] in story["castaway_ids"], template
    moves = moves_table(g)
    for template, kind, season in (("ur_control_vote_story", "Control the Vote", 44),
                                   ("ur_nullifier_story", "Idol Nullifier", 39),
                                   ("ur_safety_story", "Safety without Power", 47)):
        play = moves[(moves["season"] == season) & (moves["kind"] == kind) & (moves["event"] == "Played")].iloc[0]
        story = ask(unraised, template).parts[0]["support"]
        assert story["episode"] == int(play["episode"]), template
        assert {play["castaway_id"], play["played_for_id"]} <= set(story["castaway_ids"]), template
    cast = cast_table(g)
    out = cast[(cast["season"] == 48) & (cast["episode"] == 7) & cast["result"].str.contains("voted out", case=False)]
    assert sorted(ask(unraised, "ur_double_tribal_story").parts[0]["support"]["castaway_ids"]) == sorted(
        out["castaway_id"])


# -- answers against pandas on the raw tables ---------------------------------------------------------------
def test_challenge_answers_equal_the_raw_tables(g, unraised):
    assert values(ask(unraised, "ur_flag_top")) == [top_one(challenge_kinds(g, "balance"))]
    desc = raw(g, "challenge_description")
    assert values(ask(unraised, "ur_flag_total")) == [int(flag(desc, "puzzle_slide").sum())]
    memory = challenge_kinds(g, "memory").reindex([9, 2]).fillna(0)
    assert values(ask(unraised, "ur_flag_compare")) == [top_one(memory)]
    assert values(ask(unraised, "ur_first_flag_season")) == [int(challenge_kinds(g, "puzzle_word").index.min())]
    food = challenge_kinds(g, "food")
    assert values(ask(unraised, "ur_no_flag_between")) == [s for s in range(1, 13) if s not in food.index]
    summary = raw(g, "season_summary").set_index("season")
    most = top_one(food)
    record = ask(unraised, "ur_food_top_winner")
    assert values(record) == [most] and ids(record, 1) == [summary.loc[most, "winner_id"]]
    slides = desc[flag(desc, "puzzle_slide")].assign(episode=lambda d: num(d, "episode"))
    first = slides.sort_values(["season", "episode", "challenge_number"]).iloc[0]
    results = raw(g, "challenge_results")
    won = results[(results["season"] == first["season"]) & (results["challenge_id"] == first["challenge_id"])
                  & (results["won"] == 1)]
    slide = ask(unraised, "ur_first_slide_winner")
    assert values(slide) == [int(first["season"])] and values(slide, 1) == sorted(set(won["tribe"]))
    s1 = desc[desc["season"] == 1].assign(episode=lambda d: num(d, "episode"))
    assert values(ask(unraised, "ur_first_challenge_name"))[0] == s1.sort_values(
        ["episode", "challenge_number"])["name"].iloc[0]


def test_vote_event_and_journey_answers_equal_the_raw_tables(g, unraised):
    countback = events(g, "Countback")
    assert ids(ask(unraised, "ur_countback_boots")) == sorted(
        countback[countback["vote_event_outcome"] == "Eliminated"]["castaway_id"])
    summit = events(g, "Summit")
    assert ids(ask(unraised, "ur_summit_lost_vote")) == sorted(set(summit[summit["season"] == 44]["castaway_id"]))
    last = summit.sort_values(["season", "episode"]).iloc[-1]
    latest = ask(unraised, "ur_last_summit_loss")
    assert ids(latest) == [last["castaway_id"]] and values(latest, 1) == [int(last["season"])]
    exiled = events(g, "Exiled")
    assert ids(ask(unraised, "ur_exiled_missed_tribal")) == sorted(set(exiled[exiled["season"] == 14]["castaway_id"]))
    last = exiled.sort_values(["season", "episode"]).iloc[-1]
    assert ids(ask(unraised, "ur_last_exiled")) == [last["castaway_id"]]
    journeys = raw(g, "journeys")
    s43 = journeys[(journeys["season"] == 43) & flag(journeys, "chose_to_play") & ~flag(journeys, "lost_vote")]
    assert ids(ask(unraised, "ur_risked_kept_vote")) == sorted(s43["castaway_id"])


def test_advantage_answers_equal_the_raw_tables(g, unraised):
    moves = moves_table(g)
    played = moves[moves["event"] == "Played"]
    kip = played[played["kind"] == "Knowledge is Power"].sort_values(["season", "episode"])
    assert ids(ask(unraised, "ur_kip_failed")) == sorted(kip[kip["success"] == "No"]["castaway_id"])
    first = kip.iloc[0]
    target = ask(unraised, "ur_kip_first_target_place")
    assert ids(target) == [first["played_for_id"]]
    assert values(target, 1) == [place(g, first["played_for_id"], int(first["season"]))]
    champion = played[(played["kind"] == "Choose your Champion") & (played["season"] == 43)]
    bet = ask(unraised, "ur_champion_bet")
    assert ids(bet) == list(champion["castaway_id"]) and ids(bet, 1) == list(champion["played_for_id"])
    details = raw(g, "advantage_details")
    assert values(ask(unraised, "ur_first_nullifier_season")) == [
        int(details[details["advantage_type"] == "Idol Nullifier"]["season"].min())]
    assert values(ask(unraised, "ur_advantage_kind_count")) == [int((details["advantage_type"] == "Extra Vote").sum())]
    extra = set(details[details["advantage_type"] == "Extra Vote"]["season"])
    assert values(ask(unraised, "ur_no_extra_vote_since")) == [s for s in range(36, 49) if s not in extra]
    stealer = moves[(moves["season"] == 33) & (moves["kind"] == "Reward Stealer")]
    chain = ask(unraised, "ur_reward_stealer_chain")
    assert ids(chain) == list(stealer[stealer["event"] == "Found"]["castaway_id"])
    assert ids(chain, 1) == list(stealer[stealer["event"] == "Played"]["castaway_id"])
    sarah = moves[(moves["season"] == 44) & (moves["castaway_id"] == person(g, "Sarah Wade"))]
    assert sarah["kind"].iloc[0] in values(ask(unraised, "ur_found_advantage_kind"))
    idols = played[played["kind"].str.contains("Hidden Immunity Idol") & (played["success"] == "Not needed")]
    assert ids(ask(unraised, "ur_idol_not_needed")) == sorted(set(idols[idols["season"] == 26]["castaway_id"]))
    found = moves[moves["event"].str.startswith("Found") & (moves["clue"] == "Found without clue")]
    assert ids(ask(unraised, "ur_found_without_clue")) == sorted(set(found[found["season"] == 19]["castaway_id"]))
    clueless = details[details["clue_details"] == "Found without clue"].groupby("season").size()
    assert values(ask(unraised, "ur_most_clueless_finds")) == [top_one(clueless)]


def test_score_answers_equal_the_raw_tables(g, unraised):
    s25 = scores(g, 25)
    assert s25.loc[person(g, "Artis Silvester"), "threat_strategic_cat"] in values(ask(unraised, "ur_threat_category"))
    every = raw(g, "castaway_scores")
    assert ids(ask(unraised, "ur_threat_top1")) == sorted(set(
        every[every["threat_challenge_cat"] == "Top 1%"]["castaway_id"]))
    cast = cast_table(g)
    winners = set(cast[flag(cast, "winner")]["castaway_id"])
    high = every[every["score_overall"] >= 0.9]
    assert ids(ask(unraised, "ur_high_score_non_winners")) == sorted(set(high["castaway_id"]) - winners)
    summary = raw(g, "season_summary").set_index("season")
    bottom = [summary.loc[s, "winner_id"] for s in range(30, 50)
              if str(scores(g, s).loc[summary.loc[s, "winner_id"], "threat_challenge_cat"]).startswith("Bottom")]
    assert ids(ask(unraised, "ur_winners_bottom_threat")) == sorted(bottom)
    rafe = top_one(scores(g, 11)["threat_challenge"])
    threat = ask(unraised, "ur_challenge_threat_place")
    assert ids(threat) == [rafe] and values(threat, 1) == [place(g, rafe, 11)]
    brian = top_one(scores(g, 5)["score_outwit"])
    jury = raw(g, "jury_votes")
    outwit = ask(unraised, "ur_top_outwit_jury_votes")
    assert ids(outwit) == [brian]
    votes = (jury["season"] == 5) & (jury["finalist_id"] == brian) & (jury["vote"] == 1)
    assert values(outwit, 1) == [int(votes.sum())]
    s5 = scores(g, 5)["score_outplay"]
    pair = {c: s5[person(g, c)] for c in ("Jake Billingsley", "Penny Ramsey")}
    assert ids(ask(unraised, "ur_outplay_compare")) == [person(g, max(pair, key=pair.get))]
    s48 = scores(g, 48)["threat_strategic"]
    pair = {c: s48[person(g, c)] for c in ("Mitch Guerra", "Shauhin Davari")}
    assert ids(ask(unraised, "ur_threat_compare")) == [person(g, max(pair, key=pair.get))]


def test_auction_answers_equal_the_raw_tables(g, unraised):
    bought = raw(g, "auction_details")
    s6 = bought[bought["season"] == 6]
    offered = s6[flag(s6, "alternative_offered")]
    swap = ask(unraised, "ur_auction_swap_offer")
    assert ids(swap) == list(offered["castaway_id"]) and offered["other_item"].iloc[0] in values(swap, 1)
    butch = s6[s6["castaway_id"] == person(g, "Butch Lockley")].sort_values("item")
    assert values(ask(unraised, "ur_auction_left")) == [int(butch["money_remaining"].iloc[-1])]
    s25 = bought[bought["season"] == 25].drop_duplicates("item")
    assert values(ask(unraised, "ur_covered_count")) == [int(flag(s25, "covered").sum())]
    s24 = bought[bought["season"] == 24].sort_values("item")
    left = {c: s24[s24["castaway_id"] == person(g, c)]["money_remaining"].iloc[-1]
            for c in ("Leif Manson", "Chelsea Meissner")}
    assert ids(ask(unraised, "ur_money_left_compare")) == [person(g, max(left, key=left.get))]
    cast = cast_table(g)
    auction = raw(g, "survivor_auction")
    ep = int(num(auction[auction["season"] == 11], "episode").iloc[0])
    after = cast[(cast["season"] == 11) & (cast["episode"] >= ep)
                 & cast["result"].str.contains("voted out", case=False)]
    assert ids(ask(unraised, "ur_boot_after_auction")) == [after.sort_values("order")["castaway_id"].iloc[0]]


def test_people_episode_and_season_answers_equal_the_raw_tables(g, unraised):
    cast = cast_table(g)
    s1 = cast[cast["season"] == 1]
    assert values(ask(unraised, "ur_cast_age_span")) == [int(s1["age"].max() - s1["age"].min())]
    s4 = cast[cast["season"] == 4].set_index("castaway_id")["day"]
    gap = s4[person(g, "Sean Rector")] - s4[person(g, "Zoe Zanidakis")]
    assert gap > 0 and values(ask(unraised, "ur_days_apart")) == [int(gap)]
    summary = raw(g, "season_summary").set_index("season")
    ratio = float(summary.loc[1, "viewers_finale"]) / float(summary.loc[41, "viewers_finale"])
    assert round(ratio, 1) in values(ask(unraised, "ur_finale_ratio"))
    eps = raw(g, "episodes").assign(episode=lambda d: num(d, "episode"), rating=lambda d: num(d, "imdb_rating"))
    high = eps[eps["rating"] >= 8.5].groupby("season").size().reindex([11, 31]).fillna(0)
    assert values(ask(unraised, "ur_imdb_high_compare")) == [top_one(high)]
    finale = {s: pd.Timestamp(eps[(eps["season"] == s) & (eps["episode_label"] == "Finale")]["episode_date"].iloc[0])
              for s in (29, 40)}
    days = (finale[40] - pd.Timestamp(summary.loc[40, "filming_started"])).days
    assert days in values(ask(unraised, "ur_filming_to_finale"))
    born = pd.Timestamp(g.data.raw("castaway_details").set_index("castaway_id").loc[person(g, "Missy Payne"),
                                                                                    "date_of_birth"])
    age = (finale[29] - born).days // 365.25
    assert values(ask(unraised, "ur_age_at_finale")) == [int(age)]
    conf = raw(g, "confessionals").assign(episode=lambda d: num(d, "episode"))
    s31 = conf[conf["season"] == 31].groupby("episode")["confessional_count"].sum()
    assert values(ask(unraised, "ur_episode_most_confessionals")) == [int(top_one(s31))]
    s38 = conf[conf["season"] == 38].groupby("episode")["confessional_count"].sum()
    out = cast[(cast["season"] == 38) & (cast["episode"] == top_one(s38))
               & cast["result"].str.contains("voted out", case=False)]
    assert ids(ask(unraised, "ur_top_conf_episode_boot")) == sorted(out["castaway_id"])
    kamilla = conf[(conf["season"] == 48) & (conf["castaway_id"] == person(g, "Kamilla Karthigesu"))]
    assert values(ask(unraised, "ur_peak_confessional_episode")) == [
        int(top_one(kamilla.groupby("episode")["confessional_count"].sum()))]
    s29 = cast[cast["season"] == 29]
    oldest = s29[s29["age"] == s29["age"].max()]
    colours = raw(g, "tribe_colours")
    code = colours[(colours["season"] == 29) & (colours["tribe"] == oldest["original_tribe"].iloc[0])
                   & (colours["tribe_status"] == "Original")]["tribe_colour"].iloc[0]
    assert len(oldest) == 1 and code in values(ask(unraised, "ur_oldest_buff"))


def test_unanswerable_premises_hold(g, unraised):
    people = set(g.aliases["alias"].str.lower())
    assert "thaddeus brightwater" not in people
    tribes = set(raw(g, "tribe_mapping")["tribe"].dropna().str.lower()) | set(
        raw(g, "tribe_colours")["tribe"].dropna().str.lower())
    assert "zambora" not in tribes
    summary = raw(g, "season_summary")
    assert max(summary["season"]) < ask(unraised, "ur_future_cast").args["future"]
    assert not (raw(g, "advantage_movement")["season"] == 1).any()
    countback = events(g, "Countback")
    assert person(g, "Mitchell Olson") in set(countback[countback["vote_event_outcome"] == "Eliminated"]["castaway_id"])
    columns = set(raw(g, "castaways").columns) | set(g.data.raw("castaway_details").columns)
    assert not [c for c in columns if any(w in c for w in ("instagram", "social", "worth", "wealth", "income"))]
