"""The untried question set (evaluation.untried): it builds from the data, covers every category, repeats no gold,
held-out, fresh, unseen or novel question or person, recomputes to its snapshot, builds under viewer scopes, its
narrative key facts are in the passages it cites, and many of its answers equal an independent pandas
computation on the raw survivoR tables."""

from __future__ import annotations

import pandas as pd
import pytest

from evaluation.answers.holdout import person
from evaluation.question_sets import build_question_set
from tests.eval import set_checks as checks
from tests.eval.set_checks import ask, flag, ids, raw, values


@pytest.fixture(scope="module")
def untried(g):
    return build_question_set(g, "blind-05")


# -- shape ---------------------------------------------------------------------------------------------------
def test_the_untried_set_has_every_category_and_non_empty_answers(untried):
    for q in untried:
        assert q.id.startswith(f"ut-{q.category}-"), q.id
        assert "None" not in q.question and "nan" not in q.question.split(), q.question
        assert "the The " not in q.question, q.question


def test_the_wording_varies(untried):
    texts = [q.question for q in untried]
    assert sum(t[0].islower() for t in texts) >= 12  # typed casually
    assert sum(t.endswith("?") for t in texts) < len(texts)  # not every message ends in a question mark
    assert len({t.split()[0].lower() for t in texts}) >= 20  # many different openings


def test_nicknames_and_short_names_name_the_person_the_answer_is_about(g, untried):
    for call, full in (("Sugar", "Jessica Kiper"), ("Peih-Gee", "Peih-Gee Law"), ("Vytas", "Vytas Baskauskas"),
                       ("Hali", "Hali Ford"), ("Paschal", "Paschal English")):
        assert g.name(person(g, call)) == full
    sugar = ask(untried, "ut_real_name")
    assert sugar.args["castaway_id"] == person(g, "Sugar") and "Sugar" in sugar.question


def test_a_recomputed_answer_follows_the_data_not_the_stored_parts(g, untried):
    checks.recompute_follows_the_data(g, ask(untried, "ut_tribe_winner", tribe="Kucha"))


def test_the_untried_set_builds_under_viewer_scopes(g, untried):
    from evaluation.scoped import ScopedGoldData
    from ingest.viewer_scope import ViewerScope
    mid = {q.gold + str(q.args.get("season")): q
           for q in build_question_set(ScopedGoldData(g.data, ViewerScope(30, 5), g), "blind-05")}
    assert mid["ut_why_left32"].parts[0].get("beyond_scope")  # Neal's medevac had not aired yet
    assert values(mid["ut_swap_tribe30"]) == values(ask(untried, "ut_swap_tribe"))  # the swap aired in episode 5
    assert not mid["ut_jury_split5"].parts[0].get("beyond_scope")  # Thailand had finished
    before_swap = {q.gold: q for q in build_question_set(ScopedGoldData(g.data, ViewerScope(30, 4), g), "blind-05")}
    assert before_swap["ut_swap_tribe"].parts[0].get("beyond_scope")  # one episode earlier it had not
    assert values(mid["ut_last_final_twoNone"]) == [28]  # Cagayan's final two had aired
    early = {q.gold: q for q in build_question_set(ScopedGoldData(g.data, ViewerScope(16, 3), g), "blind-05")}
    assert values(early["ut_last_final_two"]) == [12]  # Micronesia's final two had not aired yet


# -- answers against pandas on the raw tables ---------------------------------------------------------------
def test_season_answers_equal_the_raw_season_summary(g, untried):
    summary = raw(g, "season_summary").set_index("season")
    assert "Game Changers" in values(ask(untried, "ut_season_called"))
    assert values(ask(untried, "ut_season_number")) == [int(summary[summary["season_name"] == "Survivor: Gabon"]
                                                            .index[0])]
    assert float(summary.loc[6, "viewers_finale"]) in values(ask(untried, "ut_finale_viewers"))
    assert pd.Timestamp(summary.loc[25, "filming_started"]).date().isoformat() in values(
        ask(untried, "ut_filming_started"))
    premiered = pd.to_datetime(summary["premiered"])
    assert values(ask(untried, "ut_premiered_in")) == sorted(int(s) for s in summary.index[premiered.dt.year == 2009])
    assert values(ask(untried, "ut_last_final_two")) == [int(max(summary[summary["n_finalists"] == 2].index))]
    thursday = [int(s) for s, slot in summary["timeslot"].items() if "Wednesday" not in str(slot)]
    assert values(ask(untried, "ut_not_wednesday")) == sorted(thursday) and 1 not in thursday
    winners = summary["winner_id"]
    played = raw(g, "castaways").groupby("castaway_id")["season"].min()
    assert ids(ask(untried, "ut_winners_not_first_time")) == sorted(w for s, w in winners.items() if played[w] < s)
    details = g.data.raw("castaway_details").set_index("castaway_id")
    assert details.loc[winners[39], "occupation"] in values(ask(untried, "ut_winner_job"))
    tribes = raw(g, "tribe_mapping")
    kucha = tribes[tribes["tribe"] == "Kucha"]["season"].unique()
    assert len(kucha) == 1 and ids(ask(untried, "ut_tribe_winner")) == [winners[kucha[0]]]


def test_castaway_answers_equal_the_raw_castaways_table(g, untried):
    cast = raw(g, "castaways")
    order = pd.to_numeric(cast["order"])
    peih_gee = cast[(cast["castaway_id"] == person(g, "Peih-Gee")) & (cast["season"] == 15)]
    assert values(ask(untried, "ut_place")) == [int(peih_gee["place"].iloc[0])]
    details = g.data.raw("castaway_details")
    women = set(details[details["gender"] == "Female"]["castaway_id"])
    caramoan = cast[cast["season"] == 26]
    assert values(ask(untried, "ut_women_in_cast")) == [int(caramoan["castaway_id"].isin(women).sum())]
    people = cast.drop_duplicates("castaway_id")
    states = people[people["state"] != "California"]["state"].value_counts()
    by_appearance = cast[cast["state"] != "California"]["state"].value_counts()
    assert states.iloc[0] > states.iloc[1] and states.index[0] == by_appearance.index[0]  # one state either way
    assert values(ask(untried, "ut_state_besides")) == [states.index[0]]
    gc = cast[cast["season"] == 34]["age"]
    assert round(float(gc.mean()), 1) in values(ask(untried, "ut_average_age"))
    finals = cast[flag(cast, "finalist")].groupby("castaway_id").size()
    assert values(ask(untried, "ut_repeat_finalists")) == [int((finals > 1).sum())]
    tocantins = cast[(cast["season"] == 18) & flag(cast, "finalist") & ~flag(cast, "winner")]
    assert values(ask(untried, "ut_runner_up_age")) == list(tocantins["age"].astype(int))
    panama = cast[(cast["season"] == 12) & ~flag(cast, "finalist")]
    last = panama.loc[pd.to_numeric(panama["order"]).idxmax(), "castaway_id"]
    assert values(ask(untried, "ut_last_boot_seasons")) == [int((cast["castaway_id"] == last).sum())]
    s23 = cast[(cast["season"] == 23) & (pd.to_numeric(cast["day"]) == 16)]
    assert ids(ask(untried, "ut_day_boot")) == list(s23["castaway_id"])
    s42 = cast[(cast["season"] == 42) & cast["castaway_id"].isin(women)].assign(order=order)
    assert ids(ask(untried, "ut_first_woman_out")) == [s42.sort_values("order")["castaway_id"].iloc[0]]
    s16 = cast[(cast["season"] == 16) & ~flag(cast, "finalist")]
    assert ids(ask(untried, "ut_not_voted_out")) == sorted(
        s16[~s16["result"].str.contains("voted out", na=False)]["castaway_id"])
    pearl = cast[(cast["season"] == 7) & flag(cast, "jury")].assign(order=order).sort_values("order")
    nth = list(pearl["castaway_id"]).index(person(g, "Christa Hastie")) + 1
    assert f"{nth}th" in values(ask(untried, "ut_juror_number"))
    vytas = person(g, "Vytas")
    mates = set(cast[cast["season"].isin(cast[cast["castaway_id"] == vytas]["season"])]["castaway_id"]) - {vytas}
    winners = set(cast[flag(cast, "winner")]["castaway_id"])
    assert ids(ask(untried, "ut_winners_met")) == sorted(mates & winners)
    erik = cast[(cast["castaway_id"] == person(g, "Erik Reichenbach")) & (cast["result"] == "Medically evacuated")]
    where = raw(g, "season_summary").set_index("season").loc[int(erik["season"].iloc[0]), "location"]
    assert where in values(ask(untried, "ut_medevac_location"))


def test_tribe_answers_equal_the_raw_tribe_mapping(g, untried):
    tribes = raw(g, "tribe_mapping")
    start = raw(g, "castaways").set_index(["season", "castaway_id"])["original_tribe"]

    def first_swap(s: int) -> pd.Series:
        swap = tribes[(tribes["season"] == s) & (tribes["tribe_status"] == "Swapped")]
        swap = swap.assign(episode=pd.to_numeric(swap["episode"])).sort_values("episode")
        return swap.drop_duplicates("castaway_id").set_index("castaway_id")["tribe"]

    s44 = first_swap(44)
    assert ids(ask(untried, "ut_swap_movers")) == sorted(c for c, t in s44.items() if t != start[(44, c)])
    s30 = first_swap(30)
    assert ids(ask(untried, "ut_kept_tribe_at_swap")) == sorted(c for c, t in s30.items() if t == start[(30, c)])
    assert values(ask(untried, "ut_swap_tribe")) == [s30[person(g, "Carolyn Rivera")]]
    s45 = tribes[(tribes["season"] == 45) & (tribes["tribe_status"] == "Swapped")]
    assert values(ask(untried, "ut_swap_episode")) == [int(pd.to_numeric(s45["episode"]).min())]
    vanuatu = tribes[tribes["season"] == 9]
    lopevi = set(vanuatu[(vanuatu["tribe"] == "Lopevi") & (vanuatu["tribe_status"] == "Original")]["castaway_id"])
    merged = set(vanuatu[vanuatu["tribe_status"] == "Merged"]["castaway_id"])
    assert ids(ask(untried, "ut_tribe_made_merge")) == sorted(lopevi & merged)
    caramoan = raw(g, "castaways").query("season == 26")["castaway_id"]
    earlier = set(raw(g, "castaways").query("season < 26")["castaway_id"])
    merged26 = set(tribes[(tribes["season"] == 26) & (tribes["tribe_status"] == "Merged")]["castaway_id"])
    assert ids(ask(untried, "ut_returnees_missed_merge")) == sorted(
        c for c in caramoan if c in earlier and c not in merged26)
    pre = tribes[tribes["tribe_status"].isin(["Original", "Swapped", "Swapped_2"])]
    hali = pre[pre["castaway_id"] == person(g, "Hali")][["season", "tribe"]].drop_duplicates()
    sierra = pre[pre["castaway_id"] == person(g, "Sierra Dawn Thomas")][["season", "tribe"]].drop_duplicates()
    assert values(ask(untried, "ut_same_tribe_seasons")) == sorted(int(s) for s in hali.merge(sierra)["season"])
    cast = raw(g, "castaways")
    monica = cast[cast["castaway_id"] == person(g, "Monica Padilla")]["season"].min()
    merged_name = tribes[(tribes["season"] == monica) & (tribes["tribe_status"] == "Merged")]["tribe"].unique()
    assert values(ask(untried, "ut_debut_merge_name")) == list(merged_name)


def test_vote_and_jury_answers_equal_the_raw_vote_tables(g, untried):
    votes = raw(g, "vote_history").dropna(subset=["vote_id"])
    brenda = votes[(votes["season"] == 21) & (votes["vote_id"] == person(g, "Brenda Lowe"))]
    assert len(brenda) in values(ask(untried, "ut_votes_against"))
    winner24 = raw(g, "season_summary").set_index("season").loc[24, "winner_id"]
    assert int(((votes["season"] == 24) & (votes["vote_id"] == winner24)).sum()) in values(
        ask(untried, "ut_winner_votes_against"))
    s36 = votes[votes["season"] == 36]["vote_id"].value_counts()
    donathan, libby = person(g, "Donathan Hurley"), person(g, "Libby Vincek")
    assert ids(ask(untried, "ut_more_votes_against")) == [donathan if s36[donathan] > s36[libby] else libby]
    night = votes[(votes["season"] == 27) & (votes["voted_out_id"] == person(g, "Caleb Bankston"))
                  & (votes["castaway_id"] == person(g, "Hayden Moss"))]
    assert ids(ask(untried, "ut_vote_at_boot")) == list(night["vote_id"])
    jury = raw(g, "jury_votes")
    jury = jury[jury["vote"] == 1]
    thailand = jury[jury["season"] == 5]["finalist_id"].value_counts()
    split = ask(untried, "ut_jury_split")
    assert [values(split, 0), values(split, 1)] == [[int(thailand[person(g, "Brian Heidik")])],
                                                    [int(thailand[person(g, "Clay Jordan")])]]
    marquesas = jury[jury["season"] == 4].set_index("castaway_id")["finalist_id"]
    paschal = person(g, "Paschal")
    assert ids(ask(untried, "ut_jurors_same_vote")) == sorted(
        c for c, f in marquesas.items() if f == marquesas[paschal] and c != paschal)


def test_challenge_confessional_and_idol_answers_equal_the_raw_tables(g, untried):
    results = raw(g, "challenge_results")
    immunity = results[results["won_individual_immunity"] == 1]
    winners = set(raw(g, "season_summary")["winner_id"])
    non_winners = immunity[~immunity["castaway_id"].isin(winners)]["castaway_id"].value_counts()
    assert non_winners.iloc[0] > non_winners.iloc[1]  # no tie
    assert ids(ask(untried, "ut_best_non_winner_immunity")) == [non_winners.index[0]]
    s21 = set(immunity[immunity["season"] == 21]["castaway_id"])
    winner21 = raw(g, "season_summary").set_index("season").loc[21, "winner_id"]
    assert ids(ask(untried, "ut_immunity_except_winner")) == sorted(s21 - {winner21})
    ken = immunity[(immunity["season"] == 33) & (immunity["castaway_id"] == person(g, "Ken McNickle"))]
    assert values(ask(untried, "ut_first_immunity_episode")) == [int(pd.to_numeric(ken["episode"]).min())]
    africa = immunity[immunity["season"] == 3]["castaway_id"].value_counts()
    cast = raw(g, "castaways").set_index(["season", "castaway_id"])
    assert values(ask(untried, "ut_immunity_leader_place")) == [int(cast.loc[(3, africa.index[0]), "place"])]
    rewards = results[(results["won_individual_reward"] == 1) & (results["season"] == 11)]["castaway_id"]
    assert ids(ask(untried, "ut_reward_leader")) == [rewards.value_counts().index[0]]
    conf = raw(g, "confessionals")
    s35 = conf[conf["season"] == 35].groupby("castaway_id")["confessional_count"].sum().sort_values()
    assert ids(ask(untried, "ut_second_confessionals")) == [s35.index[-2]] and s35.iloc[-2] > s35.iloc[-3]
    moves = raw(g, "advantage_movement")
    types = raw(g, "advantage_details").set_index(["season", "advantage_id"])["advantage_type"]
    moves = moves.assign(kind=[types.get((s, a), "") for s, a in zip(moves["season"], moves["advantage_id"])])
    idols = moves[moves["kind"].str.lower().str.contains("hidden immunity idol")]
    ben = idols[(idols["castaway_id"] == person(g, "Ben Driebergen")) & idols["event"].str.startswith("Played")]
    assert values(ask(untried, "ut_idols_played")) == [len(ben)]
    found = idols[(idols["season"] == 35) & idols["event"].isin(["Found", "Found (beware)"])]
    assert ids(ask(untried, "ut_first_idol")) == list(found[found["day"] == found["day"].min()]["castaway_id"])


def test_episode_answers_equal_the_raw_episodes(g, untried):
    episodes = raw(g, "episodes")
    titled = episodes[(episodes["season"] == 48) & (episodes["episode_title"] == "Icarus Time")]
    assert values(ask(untried, "ut_episode_by_title")) == [int(titled["episode"].iloc[0])]
    fire = ask(untried, "ut_fire_story").parts[0]["support"]
    cast = raw(g, "castaways")
    jesse = cast[(cast["season"] == 43) & cast["result"].str.contains("fire", na=False)]
    assert fire["castaway_ids"] == list(jesse["castaway_id"]) and fire["episode"] == int(jesse["episode"].iloc[0])
