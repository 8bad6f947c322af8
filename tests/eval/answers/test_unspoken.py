"""The unspoken question set (evaluation.unspoken): it builds from the data, covers every category, repeats no gold,
held-out, fresh, unseen, novel, untried, unasked, untouched, unheard, unposed or unvoiced question or person,
recomputes to its snapshot, builds under viewer scopes, its narrative key facts are in the passages it cites, and
many of its answers equal an independent pandas computation on the raw survivoR tables."""

from __future__ import annotations

import pandas as pd
import pytest

from evaluation.answers.holdout import person
from evaluation.question_sets import build_question_set
from tests.eval import set_checks as checks
from tests.eval.set_checks import ask, flag, ids, num, raw, top_one, values


@pytest.fixture(scope="module")
def unspoken(g):
    return build_question_set(g, "blind-11")


def cast_table(g) -> pd.DataFrame:
    return raw(g, "castaways").assign(order=lambda d: num(d, "order"), place=lambda d: num(d, "place"),
                                      episode=lambda d: num(d, "episode"))


def episodes_table(g) -> pd.DataFrame:
    return raw(g, "episodes").assign(episode=lambda d: num(d, "episode"),
                                     overall=lambda d: num(d, "episode_number_overall"),
                                     n_ratings=lambda d: num(d, "n_ratings"))


def moves_table(g) -> pd.DataFrame:
    """advantage_movement with each advantage's type from advantage_details."""
    moves = raw(g, "advantage_movement").assign(episode=lambda d: num(d, "episode"))
    kinds = raw(g, "advantage_details").set_index(["season", "advantage_id"])["advantage_type"]
    return moves.assign(kind=[str(kinds.get((s, a), "")) for s, a in zip(moves["season"], moves["advantage_id"])])


def idols_for_others(g) -> pd.DataFrame:
    moves = moves_table(g)
    return moves[(moves["event"] == "Played") & moves["kind"].str.contains("Hidden Immunity Idol")
                 & moves["played_for_id"].notna() & (moves["played_for_id"] != moves["castaway_id"])]


def holding(g, season: int) -> pd.Series:
    t = raw(g, "advantage_timeline")
    t = t[(t["season"] == season) & (t["holding"] == 1)].drop_duplicates(["castaway_id", "episode"])
    return t.groupby("castaway_id").size()


def place(g, castaway_id: str, season: int) -> int:
    cast = cast_table(g)
    return int(cast[(cast["season"] == season) & (cast["castaway_id"] == castaway_id)]["place"].iloc[0])


# -- shape ---------------------------------------------------------------------------------------------------
def test_the_unspoken_set_has_every_category_and_non_empty_answers(unspoken):
    for q in unspoken:
        assert q.id.startswith(f"us-{q.category}-"), q.id
        assert "None" not in q.question and "nan" not in q.question.split(), q.question
        assert "the The " not in q.question, q.question


def test_the_wording_varies(unspoken):
    texts = [q.question for q in unspoken]
    assert sum(t[0].islower() for t in texts) >= 16  # typed casually
    assert sum(t.endswith("?") for t in texts) < len(texts)  # not every message ends in a question mark
    assert len({t.split()[0].lower() for t in texts}) >= 25  # many different openings
    assert sum(any(f"s{n}" in t.lower().split() or f"s{n}." in t.lower() or f"s{n}?" in t.lower()
                   for n in range(1, 60)) for t in texts) >= 5


def test_the_names_in_the_questions_name_the_people_the_answers_are_about(g, unspoken):
    for call in ("Angie Layton", "Mike Turner", "Jessica Lewis", "Terry Deitz", "Carolyn Wiger", "Carl Boudreaux",
                 "LJ McKanas", "Michael Yerger", "Becky Lee", "Kristina Kell", "Mikayla Wingle", "Sarita White"):
        asked = [q for q in unspoken if call in q.question]
        assert len(asked) == 1 and call in asked[0].question, call
        assert asked[0].args["castaway_id"] == person(g, call)
    assert g.name(person(g, "Becky Lee")) == "Rebekah Lee"  # the name the season used, not the full one
    pair = ask(unspoken, "us_born_first")
    assert pair.args["a"] == person(g, "Stacey Powell") and "Yve Rojas" in pair.question


def test_a_recomputed_answer_follows_the_data_not_the_stored_parts(g, unspoken):
    checks.recompute_follows_the_data(g, ask(unspoken, "us_boot_before_recap", season=2))


def test_the_unspoken_set_builds_under_viewer_scopes(g, unspoken):
    from evaluation.scoped import ScopedGoldData
    from ingest.viewer_scope import ViewerScope

    def at(season: int, episode: int) -> dict:
        return {q.gold + str(q.args.get("season")): q
                for q in build_question_set(ScopedGoldData(g.data, ViewerScope(season, episode), g), "blind-11")}

    early = at(5, 3)
    assert early["us_first_played_forNone"].parts[0].get("beyond_scope")  # nobody had played an idol yet
    assert early["us_nth_episodeNone"].parts[0].get("beyond_scope")  # the 400th episode had not aired
    assert not early["us_recap_countNone"].parts[0].get("beyond_scope")  # a count of what had aired
    assert early["us_recap_countNone"].parts[0]["values"] == [3]  # seasons 2, 3 and 4 had a recap
    assert at(17, 12)["us_first_played_forNone"].parts == ask(unspoken, "us_first_played_for").parts
    assert at(17, 11)["us_first_played_forNone"].parts[0].get("beyond_scope")
    ri = ask(unspoken, "us_ri_return_story")
    back = ri.parts[0]["support"]["episode"]
    assert at(23, back - 1)["us_ri_return_story23"].parts[0].get("beyond_scope")
    assert at(23, back)["us_ri_return_story23"].parts == ri.parts
    assert at(47, 7)["us_auction_richest47"].parts[0].get("beyond_scope")  # the auction is in episode 8
    assert at(47, 8)["us_auction_richest47"].parts == ask(unspoken, "us_auction_richest").parts


def test_narrative_stories_cite_the_episode_the_tables_place_the_event_in(g, unspoken):
    plays = idols_for_others(g)
    lj = plays[(plays["season"] == 28) & (plays["castaway_id"] == person(g, "LJ McKanas"))]
    story = ask(unspoken, "us_idol_trade_story").parts[0]["support"]
    assert story["episode"] == int(lj["episode"].iloc[0]) and lj["played_for_id"].iloc[0] in story["castaway_ids"]
    michael = plays[(plays["season"] == 36) & (plays["castaway_id"] == person(g, "Michael Yerger"))]
    assert ask(unspoken, "us_idol_for_story").parts[0]["support"]["episode"] == int(michael["episode"].iloc[0])
    duels = raw(g, "challenge_results").assign(episode=lambda d: num(d, "episode"))
    duels = duels[(duels["season"] == 22) & (duels["challenge_type"] == "Duel")]
    assert ask(unspoken, "us_first_duel_story").parts[0]["support"]["episode"] == int(duels["episode"].min())
    present = raw(g, "survivor_auction")
    assert ask(unspoken, "us_auction_power_story").parts[0]["support"]["episode"] == int(
        num(present[present["season"] == 13], "episode").iloc[0])


# -- answers against pandas on the raw tables ---------------------------------------------------------------
def test_episode_and_season_answers_equal_the_raw_tables(g, unspoken):
    eps = episodes_table(g)
    recaps = eps[eps["episode_label"] == "Recap"]
    assert values(ask(unspoken, "us_recap_count")) == [len(recaps)]
    assert values(ask(unspoken, "us_seasons_no_recap")) == sorted(set(range(2, 24)) - set(recaps["season"]))
    s17 = recaps[recaps["season"] == 17]
    assert values(ask(unspoken, "us_recap_title")) == [int(s17["episode"].iloc[0])]
    assert values(ask(unspoken, "us_recap_title"), 1) == list(s17["episode_title"])
    n400 = eps[eps["overall"] == 400]
    assert values(ask(unspoken, "us_nth_episode")) == [int(n400["season"].iloc[0])]
    assert values(ask(unspoken, "us_nth_episode"), 1) == list(n400["episode_title"])
    n100 = eps[eps["overall"] == 100].iloc[0]
    cast = cast_table(g)
    out = cast[(cast["season"] == n100["season"]) & (cast["episode"] == n100["episode"])
               & cast["result"].str.contains("voted out", na=False)]
    assert ids(ask(unspoken, "us_nth_episode_boot")) == list(out["castaway_id"])
    most = eps.loc[eps["n_ratings"].idxmax()]
    assert (eps["n_ratings"] == most["n_ratings"]).sum() == 1
    assert values(ask(unspoken, "us_most_imdb_votes")) == [int(most["season"])]
    finales = eps[eps["episode_label"] == "Finale"].set_index("season")
    assert values(ask(unspoken, "us_finale_votes_compare")) == [top_one(finales.loc[[6, 8], "n_ratings"])]
    assert values(ask(unspoken, "us_finales_under")) == sorted(
        s for s in finales.index if s >= 40 and finales.loc[s, "imdb_rating"] < 8)
    premieres = eps[eps["episode_label"] == "Ep 1"].set_index("season")
    longest = top_one(premieres["episode_length"])
    record = ask(unspoken, "us_longest_premiere_boot")
    first = cast[(cast["season"] == longest) & (cast["order"] == 1)]["castaway_id"]
    assert values(record) == [longest] and ids(record, 1) == list(first)
    assert values(ask(unspoken, "us_premiere_length_compare")) == [top_one(premieres.loc[[37, 38], "episode_length"])]
    dates = {label: eps[eps["episode_label"] == label].set_index("season")["episode_date"].map(pd.Timestamp)
             for label in ("Ep 1", "Finale")}
    assert (dates["Ep 1"][3] - dates["Finale"][2]).days == values(ask(unspoken, "us_season_gap"))[0]
    summary = raw(g, "season_summary").set_index("season")
    gap = float(summary.loc[8, "viewers_premiere"]) - float(summary.loc[8, "viewers_finale"])
    assert gap > 0 and round(gap) in values(ask(unspoken, "us_premiere_finale_gap"))
    s2 = cast[(cast["season"] == 2) & (cast["episode"] < int(recaps[recaps["season"] == 2]["episode"].iloc[0]))
              & cast["result"].str.contains("voted out", na=False)]
    assert ids(ask(unspoken, "us_boot_before_recap")) == [s2.sort_values("order")["castaway_id"].iloc[-1]]


def test_castaway_and_tribe_answers_equal_the_raw_tables(g, unspoken):
    details = g.data.raw("castaway_details").set_index("castaway_id")
    peeves = details.loc[person(g, "Jill Behm"), "pet_peeves"].lower()
    assert all(p in peeves for p in values(ask(unspoken, "us_pet_peeve")))
    summary = raw(g, "season_summary").set_index("season")
    winner31 = details.loc[summary.loc[31, "winner_id"], "pet_peeves"].lower()
    assert len(values(ask(unspoken, "us_winner_pet_peeves"))) >= 2
    assert all(p in winner31 for p in values(ask(unspoken, "us_winner_pet_peeves")))
    born = pd.to_datetime(details.loc[[person(g, "Stacey Powell"), person(g, "Yve Rojas")], "date_of_birth"])
    assert ids(ask(unspoken, "us_born_first")) == [born.idxmin()]
    colours = raw(g, "tribe_colours")
    cast = cast_table(g)
    angie = cast[(cast["season"] == 25) & (cast["castaway_id"] == person(g, "Angie Layton"))]["original_tribe"]
    code = colours[(colours["season"] == 25) & (colours["tribe"] == angie.iloc[0])]["tribe_colour"].iloc[0]
    assert code in values(ask(unspoken, "us_buff_colour"))
    winner34 = cast[(cast["season"] == 34) & (cast["castaway_id"] == summary.loc[34, "winner_id"])]["original_tribe"]
    code = colours[(colours["season"] == 34) & (colours["tribe"] == winner34.iloc[0])]["tribe_colour"].iloc[0]
    assert code in values(ask(unspoken, "us_winner_buff_colour"))
    scores = raw(g, "castaway_scores")
    assert ids(ask(unspoken, "us_top_score")) == [top_one(scores[scores["season"] == 14]
                                                          .set_index("castaway_id")["score_overall"])]
    conf = raw(g, "confessionals").assign(episode=lambda d: num(d, "episode"))
    albert = conf[(conf["season"] == 23) & (conf["castaway_id"] == person(g, "Albert Destrade"))
                  & (conf["confessional_count"] > 0)]
    assert values(ask(unspoken, "us_first_confessional")) == [int(albert["episode"].min())]
    tribes = raw(g, "tribe_mapping").dropna(subset=["tribe"]).assign(episode=lambda d: num(d, "episode"))
    s38 = tribes[tribes["season"] == 38]
    edge = set(s38[s38["tribe_status"] == "Edge of Extinction"]["castaway_id"])
    back = {c for c in edge
            if (s38[(s38["castaway_id"] == c) & (s38["episode"] > s38[(s38["castaway_id"] == c)
                    & (s38["tribe_status"] == "Edge of Extinction")]["episode"].min())]["tribe_status"]
                != "Edge of Extinction").any()}
    assert back and ids(ask(unspoken, "us_edge_never_back")) == sorted(edge - back)
    wins = raw(g, "challenge_results")
    s6 = wins[wins["season"] == 6]
    reward = set(s6[s6["won_individual_reward"] == 1]["castaway_id"])
    immune = set(s6[s6["won_individual_immunity"] == 1]["castaway_id"])
    assert ids(ask(unspoken, "us_reward_not_immunity")) == sorted(reward - immune)


def test_advantage_answers_equal_the_raw_tables(g, unspoken):
    plays = idols_for_others(g)
    per = plays.drop_duplicates(["season", "advantage_id", "castaway_id", "episode"]).groupby("castaway_id").size()
    assert ids(ask(unspoken, "us_idols_for_others")) == sorted(per[per >= 2].index)
    first = plays.sort_values(["season", "episode"]).iloc[0]
    asked = ask(unspoken, "us_first_played_for")
    assert values(asked) == [int(first["season"])] and ids(asked, 1) == [first["castaway_id"]]
    assert ids(asked, 2) == [first["played_for_id"]]
    mike = plays[(plays["season"] == 42) & (plays["castaway_id"] == person(g, "Mike Turner"))]
    assert ids(ask(unspoken, "us_idol_played_on")) == list(mike["played_for_id"])
    carolyn = plays[(plays["season"] == 44) & (plays["castaway_id"] == person(g, "Carolyn Wiger"))]
    saved = carolyn["played_for_id"].iloc[0]
    assert ids(ask(unspoken, "us_idol_for_place")) == [saved]
    assert values(ask(unspoken, "us_idol_for_place"), 1) == [place(g, saved, 44)]
    moves = moves_table(g)
    carl = moves[(moves["season"] == 37) & (moves["castaway_id"] == person(g, "Carl Boudreaux"))
                 & (moves["kind"] == "Idol Nullifier") & (moves["event"] == "Played")]
    target = carl["played_for_id"].iloc[0]
    assert ids(ask(unspoken, "us_nullifier_place")) == [target]
    assert values(ask(unspoken, "us_nullifier_place"), 1) == [place(g, target, 37)]
    details = raw(g, "advantage_details")
    jessica = moves[(moves["season"] == 33) & (moves["castaway_id"] == person(g, "Jessica Lewis"))
                    & (moves["event"] == "Found")]
    condition = details[(details["season"] == 33) & (details["advantage_id"] == jessica["advantage_id"].iloc[0])]
    assert f"Day {values(ask(unspoken, 'us_idol_window'))[0]}" in condition["conditions"].iloc[0]
    kellyn = moves[(moves["season"] == 36) & (moves["castaway_id"] == person(g, "Kellyn Bechtold"))
                   & moves["event"].str.startswith("Found")]
    assert values(ask(unspoken, "us_first_advantage_episode")) == [int(kellyn["episode"].min())]
    s35 = holding(g, 35)
    assert ids(ask(unspoken, "us_longest_advantage")) == [top_one(s35)]
    s41 = holding(g, 41)
    xander = ask(unspoken, "us_advantage_holder_place")
    assert ids(xander) == [top_one(s41)] and values(xander, 1) == [place(g, top_one(s41), 41)]
    s46 = holding(g, 46)
    pair = {c: int(s46.get(person(g, c), 0)) for c in ("Tiffany Nicole Ervin", "Hunter McKnight")}
    assert len(set(pair.values())) == 2
    assert ids(ask(unspoken, "us_holding_compare")) == [person(g, max(pair, key=pair.get))]
    timeline = raw(g, "advantage_timeline")
    held = set(zip(timeline[timeline["holding"] == 1]["season"], timeline[timeline["holding"] == 1]["castaway_id"]))
    cast = cast_table(g)
    finalists = cast[flag(cast, "finalist") & (cast["season"] >= 41)]
    assert ids(ask(unspoken, "us_finalists_no_advantage")) == sorted(
        c for s, c in zip(finalists["season"], finalists["castaway_id"]) if (s, c) not in held)


def test_challenge_redemption_and_auction_answers_equal_the_raw_tables(g, unspoken):
    desc = raw(g, "challenge_description")
    blind = desc[flag(desc, "obstacle_blindfolded")].groupby("season").size()
    assert values(ask(unspoken, "us_blindfold_top")) == [top_one(blind)]
    assert values(ask(unspoken, "us_no_blindfold_since")) == [s for s in range(35, 50) if s not in blind.index]
    mazes = desc[flag(desc, "maze")].groupby("season").size()
    assert values(ask(unspoken, "us_maze_compare")) == [top_one(mazes.reindex([18, 15]).fillna(0))]
    results = raw(g, "challenge_results")
    duels = results[(results["season"] == 27) & (results["challenge_type"] == "Duel")]
    won = duels[duels["won_duel"] == 1].groupby("castaway_id")["challenge_id"].nunique()
    pair = {c: int(won.get(person(g, c), 0)) for c in ("John Cody", "Marissa Peterson")}
    assert ids(ask(unspoken, "us_duel_compare")) == [person(g, max(pair, key=pair.get))]
    boots = raw(g, "boot_mapping")
    ri27 = set(boots[(boots["season"] == 27) & (boots["game_status"] == "Redemption Island")]["castaway_id"])
    assert ids(ask(unspoken, "us_ri_never_won_duel")) == sorted(ri27 - set(won.index))
    returned = boots[(boots["season"] == 22) & (boots["game_status"] == "Returned")]
    assert ids(ask(unspoken, "us_ri_returnees")) == sorted(set(returned["castaway_id"]))
    s23 = boots[boots["season"] == 23].assign(episode=lambda d: num(d, "episode"))
    mikayla = s23[(s23["castaway_id"] == person(g, "Mikayla Wingle")) & (s23["game_status"] == "Redemption Island")]
    arrived = mikayla.sort_values(["episode", "sog_id"]).iloc[0]
    there = s23[(s23["episode"] == arrived["episode"]) & (s23["sog_id"] == arrived["sog_id"])
                & (s23["game_status"] == "Redemption Island") & (s23["castaway_id"] != arrived["castaway_id"])]
    assert ids(ask(unspoken, "us_ri_waiting")) == sorted(there["castaway_id"])
    present = raw(g, "survivor_auction")
    s3 = present[present["season"] == 3]
    assert values(ask(unspoken, "us_auction_currency"))[0] == s3["currency"].iloc[0]
    assert values(ask(unspoken, "us_auction_currency"), 1) == [int(s3["total"].iloc[0])]
    s47 = present[present["season"] == 47].set_index("castaway_id")["total"]
    richest = ask(unspoken, "us_auction_richest")
    assert ids(richest) == [top_one(s47)] and values(richest, 1) == [int(s47.max())]
    assert ids(ask(unspoken, "us_auction_no_money")) == sorted(s47[s47 == 0].index)
    bought = raw(g, "auction_details")
    s10 = bought[bought["season"] == 10].groupby("castaway_id")["cost"].sum()
    pair = {c: float(s10.get(person(g, c), 0)) for c in ("Gregg Carey", "Caryn Groedel")}
    assert ids(ask(unspoken, "us_auction_spent_compare")) == [person(g, max(pair, key=pair.get))]
    randy = bought[(bought["season"] == 17) & (bought["castaway_id"] == person(g, "Randy Bailey"))]
    assert values(ask(unspoken, "us_auction_spent")) == [int(num(randy, "cost").sum())]
    s26 = bought[bought["season"] == 26].sort_values("item")
    first = ask(unspoken, "us_first_auction_item")
    assert values(first) == [s26["item_description"].iloc[0]] and ids(first, 1) == [s26["castaway_id"].iloc[0]]
    river = bought[(bought["season"] == 2) & (bought["category"] == "Bad item")]
    bad = ask(unspoken, "us_bad_item_place")
    assert ids(bad) == list(river["castaway_id"]) and values(bad, 1) == [place(g, river["castaway_id"].iloc[0], 2)]


def test_unanswerable_premises_hold(g, unspoken):
    people = set(g.aliases["alias"].str.lower())
    assert "delphine marchetti" not in people
    summary = raw(g, "season_summary")
    text = " ".join(summary["season_name"]) + " ".join(summary["location"]) + " ".join(summary["country"])
    assert "greenland" not in text.lower()
    assert max(summary["season"]) < ask(unspoken, "us_future_return").args["future"]
    eps = raw(g, "episodes")
    assert not ((eps["season"] == 40) & (eps["episode_label"] == "Recap")).any()
    duels = raw(g, "challenge_results")
    kristina = duels[(duels["challenge_type"] == "Duel") & (duels["castaway_id"] == person(g, "Kristina Kell"))]
    assert len(kristina) == 1 and (kristina["won_duel"] == 0).all()
    columns = set(raw(g, "castaways").columns) | set(g.data.raw("castaway_details").columns)
    assert not [c for c in columns if any(w in c for w in ("salar", "height", "colour", "color", "favo"))]
