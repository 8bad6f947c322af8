"""The unvoiced question set (evaluation.unvoiced): it builds from the data, covers every category, repeats no gold,
held-out, fresh, unseen, novel, untried, unasked, untouched, unheard or unposed question or person, recomputes to its
snapshot, builds under viewer scopes, its narrative key facts are in the passages it cites, and many of its answers
equal an independent pandas computation on the raw survivoR tables."""

from __future__ import annotations

import pandas as pd
import pytest

from evaluation.answers.holdout import person
from evaluation.answers.unheard import US_STATES
from evaluation.question_sets import build_question_set
from tests.eval import set_checks as checks
from tests.eval.set_checks import ask, flag, ids, num, raw, top_one, values


@pytest.fixture(scope="module")
def unvoiced(g):
    return build_question_set(g, "blind-10")


def cast_table(g) -> pd.DataFrame:
    return raw(g, "castaways").assign(order=lambda d: num(d, "order"), age=lambda d: num(d, "age"),
                                      place=lambda d: num(d, "place"), episode=lambda d: num(d, "episode"),
                                      day=lambda d: num(d, "day"))


def votes_table(g) -> pd.DataFrame:
    return raw(g, "vote_history").assign(episode=lambda d: num(d, "episode"), order=lambda d: num(d, "order"),
                                         vote_order=lambda d: num(d, "vote_order"))


def episodes_table(g) -> pd.DataFrame:
    eps = raw(g, "episodes").assign(episode=lambda d: num(d, "episode"))
    return eps[eps["episode_label"].str.match(r"(Ep \d+|Finale)$", na=False)]


def tribes_table(g) -> pd.DataFrame:
    return raw(g, "tribe_mapping").dropna(subset=["tribe"]).assign(episode=lambda d: num(d, "episode"))


def merge_episode(g, season: int) -> int:
    tribes = tribes_table(g)
    return int(tribes[(tribes["season"] == season) & (tribes["tribe_status"] == "Merged")]["episode"].min())


def summary_table(g) -> pd.DataFrame:
    return raw(g, "season_summary").set_index("season")


# -- shape ---------------------------------------------------------------------------------------------------
def test_the_unvoiced_set_has_every_category_and_non_empty_answers(unvoiced):
    for q in unvoiced:
        assert q.id.startswith(f"uv-{q.category}-"), q.id
        assert "None" not in q.question and "nan" not in q.question.split(), q.question
        assert "the The " not in q.question, q.question


def test_the_wording_varies(unvoiced):
    texts = [q.question for q in unvoiced]
    assert sum(t[0].islower() for t in texts) >= 16  # typed casually
    assert sum(t.endswith("?") for t in texts) < len(texts)  # not every message ends in a question mark
    assert len({t.split()[0].lower() for t in texts}) >= 25  # many different openings
    assert sum(any(f"s{n}" in t.lower().split() or f"s{n}." in t.lower() or f"s{n}?" in t.lower()
                   for n in range(1, 60)) for t in texts) >= 5


def test_the_names_in_the_questions_name_the_people_the_answers_are_about(g, unvoiced):
    for call, full in (("Holly Hoffman", "Holly Hoffman"), ("Ted Rogers Jr.", "Ted Rogers Jr."),
                       ("Dee Valladares", "Dee Valladares"), ("Jaime Dugan", "Jaime Dugan"),
                       ("Christian Hubicki", "Christian Hubicki"), ("Noelle Lambert", "Noelle Lambert")):
        assert g.name(person(g, call)) == full
    steal = ask(unvoiced, "uv_steal_a_vote")
    assert steal.args["castaway_id"] == person(g, "Noelle Lambert") and "Noelle Lambert" in steal.question


def test_a_recomputed_answer_follows_the_data_not_the_stored_parts(g, unvoiced):
    checks.recompute_follows_the_data(g, ask(unvoiced, "uv_second_swap_first_boot", season=36))


def test_the_unvoiced_set_builds_under_viewer_scopes(g, unvoiced):
    from evaluation.scoped import ScopedGoldData
    from ingest.viewer_scope import ViewerScope

    def at(season: int, episode: int) -> dict:
        return {q.gold + str(q.args.get("season")): q
                for q in build_question_set(ScopedGoldData(g.data, ViewerScope(season, episode), g), "blind-10")}

    early = at(2, 5)
    assert early["uv_first_shot_savedNone"].parts[0].get("beyond_scope")  # no shot in the dark yet
    assert early["uv_last_auction_before45"].parts[0].get("beyond_scope")  # the auction had not come back
    assert not early["uv_youngest_castNone"].parts[0].get("beyond_scope")  # an average over what had aired
    assert at(44, 1)["uv_first_shot_savedNone"].parts == ask(unvoiced, "uv_first_shot_saved").parts
    assert at(43, 13)["uv_first_shot_savedNone"].parts[0].get("beyond_scope")  # every earlier shot failed
    edge = ask(unvoiced, "uv_edge_return_story")
    back = edge.parts[0]["support"]["episode"]
    assert at(38, back - 1)["uv_edge_return_story38"].parts[0].get("beyond_scope")
    assert at(38, back)["uv_edge_return_story38"].parts == edge.parts
    assert at(21, 5)["uv_gone_by_day21"].parts[0].get("beyond_scope")  # a season count needs its finale
    assert at(45, 8)["uv_last_auction_before45"].parts == ask(unvoiced, "uv_last_auction_before").parts


def test_narrative_stories_cite_the_episode_the_tables_place_the_event_in(g, unvoiced):
    votes = votes_table(g)
    shot = votes[(votes["vote_event"] == "Shot in the dark") & (votes["castaway_id"] == person(g, "Kaleb Gebrewold"))]
    story = ask(unvoiced, "uv_shot_story").parts[0]["support"]
    assert story["episode"] == int(shot["episode"].iloc[0])
    assert set(shot["voted_out_id"]) <= set(story["castaway_ids"])
    dod = votes[(votes["vote_event"] == "Do or die") & (votes["season"] == 42)]
    assert ask(unvoiced, "uv_do_or_die_story").parts[0]["support"]["episode"] == int(dod["episode"].iloc[0])
    desc = raw(g, "challenge_description")
    car = desc[(desc["season"] == 5) & desc["reward"].str.contains(r"\(car\)", na=False)]
    assert ask(unvoiced, "uv_car_story").parts[0]["support"]["episode"] == int(num(car, "episode").iloc[0])


# -- answers against pandas on the raw tables ---------------------------------------------------------------
def test_season_and_episode_answers_equal_the_raw_tables(g, unvoiced):
    summary = summary_table(g)
    assert values(ask(unvoiced, "uv_nielsen_rank")) == [int(summary.loc[18, "rank"])]
    eps = episodes_table(g)
    finales = eps[eps["episode_label"] == "Finale"].set_index("season")["episode_length"]
    assert values(ask(unvoiced, "uv_finale_runtime")) == [int(finales[38])]
    assert values(ask(unvoiced, "uv_finale_runtime_compare")) == [12 if finales[12] > finales[13] else 13]
    longest = top_one(finales)
    record = ask(unvoiced, "uv_longest_finale_winner")
    assert values(record) == [longest] and ids(record, 1) == [summary.loc[longest, "winner_id"]]
    s42 = eps[eps["season"] == 42].sort_values("imdb_rating")
    assert s42["imdb_rating"].iloc[0] < s42["imdb_rating"].iloc[1]
    assert s42["episode_title"].iloc[0] in values(ask(unvoiced, "uv_lowest_rated_episode"))
    s16 = eps[eps["season"] == 16]
    assert values(ask(unvoiced, "uv_viewers_over")) == [int((num(s16, "viewers") > 13e6).sum())]
    premieres = num(summary.reset_index(), "viewers_premiere").set_axis(summary.index)
    assert values(ask(unvoiced, "uv_premiere_viewers_compare")) == [21 if premieres[21] > premieres[22] else 22]
    imdb = eps.groupby("season")["imdb_rating"].mean()
    assert values(ask(unvoiced, "uv_imdb_average_compare")) == [9 if imdb[9] > imdb[10] else 10]
    days = (pd.Timestamp(summary.loc[27, "premiered"]) - pd.Timestamp(summary.loc[27, "filming_ended"])).days
    assert days in values(ask(unvoiced, "uv_wrap_to_premiere"))
    finale_viewers = num(summary.reset_index(), "viewers_finale").set_axis(summary.index)
    assert values(ask(unvoiced, "uv_finale_below_premiere")) == [
        s for s in range(30, 49) if finale_viewers[s] < premieres[s]]
    ages = cast_table(g).groupby("season")["age"].mean()
    assert values(ask(unvoiced, "uv_youngest_cast")) == [top_one(-ages)]
    auctions = sorted(set(raw(g, "survivor_auction")["season"]))
    assert values(ask(unvoiced, "uv_last_auction_before")) == [max(s for s in auctions if s < 45)]


def test_castaway_and_tribe_answers_equal_the_raw_tables(g, unvoiced):
    details = g.data.raw("castaway_details").set_index("castaway_id")
    hobbies = details.loc[person(g, "Holly Hoffman"), "hobbies"].lower()
    assert all(h in hobbies for h in values(ask(unvoiced, "uv_hobbies")))
    summary = summary_table(g)
    words = details.loc[summary.loc[39, "winner_id"], "three_words"].lower()
    assert len(values(ask(unvoiced, "uv_winner_three_words"))) == 3
    assert all(w in words for w in values(ask(unvoiced, "uv_winner_three_words")))
    cast = cast_table(g)
    oldest = top_one(cast[cast["season"] == 39].set_index("castaway_id")["age"])
    job = ask(unvoiced, "uv_oldest_job")
    assert ids(job) == [oldest] and details.loc[oldest, "occupation"] in values(job, 1)
    tribes = tribes_table(g)
    second = tribes[(tribes["season"] == 17) & (tribes["tribe_status"] == "Swapped_2")]
    assert values(ask(unvoiced, "uv_second_swap_tribe")) == list(
        second[second["castaway_id"] == person(g, "Crystal Cox")]["tribe"].unique())
    s21 = cast[cast["season"] == 21]
    assert values(ask(unvoiced, "uv_gone_by_day")) == [int(((s21["day"] <= 20) & ~flag(s21, "finalist")).sum())]
    s29 = cast[cast["season"] == 29]
    assert ids(ask(unvoiced, "uv_still_in_on_day")) == sorted(s29[(s29["day"] > 30) | flag(s29, "finalist")]
                                                            ["castaway_id"])
    s36 = tribes[tribes["season"] == 36]
    swap2 = s36[s36["tribe_status"] == "Swapped_2"]["episode"].min()
    out36 = cast[(cast["season"] == 36) & (cast["episode"] >= swap2)
                 & cast["result"].str.contains("voted out", na=False)].sort_values("order")
    assert ids(ask(unvoiced, "uv_second_swap_first_boot")) == [out36["castaway_id"].iloc[0]]
    first = s36.sort_values("episode").drop_duplicates(["castaway_id", "tribe_status"])
    by_status = first.pivot(index="castaway_id", columns="tribe_status", values="tribe")
    both = by_status.dropna(subset=["Swapped_2"])
    kept = both[(both["Original"] == both["Swapped"]) & (both["Swapped"] == both["Swapped_2"])]
    assert ids(ask(unvoiced, "uv_kept_tribe_both_swaps")) == sorted(kept.index)
    s44 = cast[cast["season"] == 44]
    assert ids(ask(unvoiced, "uv_not_in_a_state")) == sorted(s44[~s44["state"].isin(US_STATES)]["castaway_id"])
    first26 = cast[(cast["season"] == 26) & (cast["order"] == 1)]["castaway_id"].iloc[0]
    debut = cast[cast["castaway_id"] == first26].sort_values("season").iloc[0]
    assert debut["season"] < 26 and values(ask(unvoiced, "uv_returnee_first_boot")) == [int(debut["place"])]
    debut_age = {c: cast[cast["castaway_id"] == person(g, c)].sort_values("season")["age"].iloc[0]
                 for c in ("Danni Boatwright", "Nick Wilson")}
    assert ids(ask(unvoiced, "uv_debut_age_compare")) == [person(g, min(debut_age, key=debut_age.get))]
    alecia = cast[(cast["season"] == 32) & (cast["castaway_id"] == person(g, "Alecia Holden"))]["episode"].iloc[0]
    eps = episodes_table(g)
    title = eps[(eps["season"] == 32) & (eps["episode"] == alecia + 1)]["episode_title"]
    assert values(ask(unvoiced, "uv_episode_after_boot_title")) == list(title)


def test_vote_answers_equal_the_raw_tables(g, unvoiced):
    votes = votes_table(g)
    shots = votes[votes["vote_event"] == "Shot in the dark"].drop_duplicates(["season", "episode", "castaway_id"])
    counts = ask(unvoiced, "uv_shot_counts")
    saved = shots[shots["vote_event_outcome"] == "Safe"].sort_values(["season", "episode"])
    assert values(counts) == [len(shots)] and values(counts, 1) == [len(saved)]
    first = ask(unvoiced, "uv_first_shot_saved")
    assert values(first) == [int(saved["season"].iloc[0])] and ids(first, 1) == [saved["castaway_id"].iloc[0]]
    matt = person(g, "Matt Williams")
    split = votes[(votes["season"] == 49) & (votes["voted_out_id"] == matt)]["split_vote"].dropna().iloc[0]
    other = [n.strip() for n in split.split(",") if n.strip() != "Matt"]
    cast = cast_table(g)
    s49 = cast[cast["season"] == 49].set_index("castaway")["castaway_id"]
    assert ids(ask(unvoiced, "uv_split_vote_other")) == [s49[other[0]]]
    steal = votes[(votes["season"] == 43) & (votes["vote_event"] == "Steal a vote")]
    asked = ask(unvoiced, "uv_steal_a_vote")
    assert ids(asked) == list(steal[steal["vote_event_outcome"] == "Lost vote"]["castaway_id"])
    assert ids(asked, 1) == list(steal["voted_out_id"].unique())
    cast_votes = votes.dropna(subset=["vote_id"])
    christian = cast_votes[(cast_votes["vote_id"] == person(g, "Christian Hubicki")) & flag(cast_votes, "nullified")]
    assert values(ask(unvoiced, "uv_votes_nullified_against")) == [len(christian)]
    wrote = {c: int((cast_votes["castaway_id"] == person(g, c)).sum()) for c in ("Monica Culpepper", "Laura Morett")}
    assert len(set(wrote.values())) == 2
    assert ids(ask(unvoiced, "uv_votes_cast_compare")) == [person(g, max(wrote, key=wrote.get))]
    merge18 = merge_episode(g, 18)
    boots = cast[(cast["season"] == 18) & (cast["episode"] < merge18)
                 & cast["result"].str.contains("voted out", na=False)]
    split_boots = []
    for cid in boots["castaway_id"]:
        v = cast_votes[(cast_votes["season"] == 18) & (cast_votes["voted_out_id"] == cid)]
        last = v[v["vote_order"] == v["vote_order"].max()]
        if ((last["castaway_id"] != cid) & (last["vote_id"] != cid)).any():
            split_boots.append(cid)
    assert ids(ask(unvoiced, "uv_not_unanimous")) == sorted(split_boots)
    summary = summary_table(g)
    never = [summary.loc[s, "winner_id"] for s in range(1, 50)
             if votes[(votes["season"] == s) & (votes["castaway_id"] == summary.loc[s, "winner_id"])
                      & (votes["episode"] < merge_episode(g, s))].empty]
    assert ids(ask(unvoiced, "uv_winners_no_premerge_tribal")) == sorted(never)


def test_challenge_and_confessional_answers_equal_the_raw_tables(g, unvoiced):
    desc = raw(g, "challenge_description")
    car = desc[(desc["season"] == 7) & desc["reward"].str.contains(r"\(car\)", na=False)]
    cr = raw(g, "challenge_results")
    won = cr[(cr["season"] == 7) & (cr["challenge_id"] == car["challenge_id"].iloc[0])
             & (cr["won_individual_reward"] == 1)]
    assert ids(ask(unvoiced, "uv_car_winner")) == list(won["castaway_id"])
    assert values(ask(unvoiced, "uv_swim_challenges")) == [int(flag(desc[desc["season"] == 40], "water_swim").sum())]
    summary = raw(g, "challenge_summary")
    everything = summary[summary["category"] == "All"]
    wins19 = everything[everything["season"] == 19].groupby("castaway_id")["won"].sum()
    assert ids(ask(unvoiced, "uv_most_challenges_won")) == [top_one(wins19)]
    wins47 = everything[everything["season"] == 47].groupby("castaway_id")["won"].sum()
    rachel, kyle = person(g, "Rachel LaMont"), person(g, "Kyle Ostwald")
    assert wins47[rachel] != wins47[kyle]
    assert ids(ask(unvoiced, "uv_challenge_wins_compare")) == [rachel if wins47[rachel] > wins47[kyle] else kyle]
    rewards = cr[(cr["season"] == 44) & (cr["won_individual_reward"] == 1)].assign(episode=lambda d: num(d, "episode"))
    first = rewards.sort_values(["episode", "challenge_id"])["challenge_id"].iloc[0]
    picked = cr[(cr["season"] == 44) & (cr["challenge_id"] == first) & flag(cr, "chosen_for_reward")]
    assert ids(ask(unvoiced, "uv_first_reward_picks")) == sorted(set(picked["castaway_id"]))
    imm = cr[(cr["season"] == 48) & (cr["won_individual_immunity"] == 1)]
    cast = cast_table(g)
    s48 = cast[cast["season"] == 48]
    no_winner = [t for t, grp in s48.groupby("original_tribe") if not set(grp["castaway_id"]) & set(imm["castaway_id"])]
    assert values(ask(unvoiced, "uv_tribe_no_immunity_winner")) == no_winner
    conf = raw(g, "confessionals").assign(episode=lambda d: num(d, "episode"))
    premiere = conf[(conf["season"] == 38) & (conf["episode"] == 1) & (conf["confessional_count"] > 0)]
    assert ids(ask(unvoiced, "uv_no_premiere_confessional")) == sorted(
        set(cast[cast["season"] == 38]["castaway_id"]) - set(premiere["castaway_id"]))
    won_conf = {}
    for c in ("Todd Herzog", "Natalie White"):
        s = int(cast[(cast["castaway_id"] == person(g, c)) & flag(cast, "winner")]["season"].iloc[0])
        mine = conf[(conf["season"] == s) & (conf["castaway_id"] == person(g, c))]
        won_conf[c] = int(mine["confessional_count"].sum())
    assert len(set(won_conf.values())) == 2
    assert ids(ask(unvoiced, "uv_winning_confessionals_compare")) == [person(g, max(won_conf, key=won_conf.get))]


def test_journey_auction_and_advantage_answers_equal_the_raw_tables(g, unvoiced):
    journeys = raw(g, "journeys").assign(episode=lambda d: num(d, "episode"))
    eva = journeys[(journeys["season"] == 48) & (journeys["castaway_id"] == person(g, "Eva Erickson"))]
    assert values(ask(unvoiced, "uv_journey_game")) == list(eva["game_played"])
    s43 = journeys[journeys["season"] == 43]
    assert ids(ask(unvoiced, "uv_journey_no_risk")) == sorted(set(s43[s43["chose_to_play"].eq(False)]["castaway_id"]))
    s49 = journeys[journeys["season"] == 49]
    got = s49[(s49["episode"] == s49["episode"].min()) & (s49["reward"] == "Challenge advantage")]["castaway_id"]
    cast = cast_table(g).set_index(["season", "castaway_id"])
    journey = ask(unvoiced, "uv_journey_reward_place")
    assert ids(journey) == list(got) and values(journey, 1) == [int(cast.loc[(49, got.iloc[0]), "place"])]
    bought = raw(g, "auction_details").assign(cost=lambda d: num(d, "cost"))
    dee = bought[(bought["season"] == 45) & (bought["castaway_id"] == person(g, "Dee Valladares"))
                 & (bought["item_description"] == "Chocolate Milkshake")]
    assert values(ask(unvoiced, "uv_auction_price")) == [int(dee["cost"].iloc[0])]
    spent = bought[bought["season"] == 16].groupby("castaway_id")["cost"].sum()
    buyer = top_one(spent)
    spender = ask(unvoiced, "uv_top_spender_place")
    assert ids(spender) == [buyer] and values(spender, 1) == [int(cast.loc[(16, buyer), "place"])]
    moves = raw(g, "advantage_movement").assign(day=lambda d: num(d, "day"))
    details = raw(g, "advantage_details")
    kinds = details.set_index(["season", "advantage_id"])["advantage_type"]
    moves = moves.assign(kind=[str(kinds.get((s, a), "")) for s, a in zip(moves["season"], moves["advantage_id"])])
    found = moves[moves["event"].isin(["Found", "Found (beware)"]) & moves["kind"].str.contains("Hidden Immunity Idol")]
    found = found.drop_duplicates(["season", "advantage_id", "castaway_id"])
    s18 = found[found["season"] == 18].sort_values("day")
    idol = ask(unvoiced, "uv_first_idol_find")
    assert s18["day"].iloc[0] < s18["day"].iloc[1]
    assert values(idol) == [int(s18["day"].iloc[0])] and ids(idol, 1) == [s18["castaway_id"].iloc[0]]
    per_season = found.groupby("season").size()
    assert per_season[45] != per_season[46]
    assert values(ask(unvoiced, "uv_idols_found_compare")) == [45 if per_season[45] > per_season[46] else 46]
    others = details[~details["advantage_type"].str.lower().str.contains("idol")]
    assert values(ask(unvoiced, "uv_advantage_season")) == [top_one(others.groupby("season").size())]


def test_unanswerable_premises_hold(g, unvoiced):
    people = set(g.aliases["alias"].str.lower())
    assert "winifred castellanos" not in people
    summary = raw(g, "season_summary")
    text = " ".join(summary["season_name"]) + " ".join(summary["location"]) + " ".join(summary["country"])
    assert "norway" not in text.lower()
    assert max(summary["season"]) < ask(unvoiced, "uv_future_cast").args["future"]
    eps = raw(g, "episodes")
    assert num(eps[eps["season"] == 34], "episode").max() < 19
    s10 = cast_table(g).query("season == 10").set_index("castaway_id")
    assert s10.loc[person(g, "Ian Rosenberger"), "place"] == 3
    columns = set(raw(g, "castaways").columns) | set(g.data.raw("castaway_details").columns) | set(summary.columns)
    assert not [c for c in columns if any(w in c for w in ("food", "favo", "calor"))]
