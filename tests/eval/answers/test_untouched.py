"""The untouched question set (evaluation.untouched): it builds from the data, covers every category, repeats no
gold, held-out, fresh, unseen, novel, untried or unasked question or person, recomputes to its snapshot, builds
under viewer scopes, its narrative key facts are in the passages it cites, and many of its answers equal an
independent pandas computation on the raw survivoR tables."""

from __future__ import annotations

import pandas as pd
import pytest

from evaluation.answers.holdout import person
from evaluation.question_sets import build_question_set
from tests.eval import set_checks as checks
from tests.eval.set_checks import ask, flag, ids, num, raw, top_one, values


@pytest.fixture(scope="module")
def untouched(g):
    return build_question_set(g, "blind-07")


# -- shape ---------------------------------------------------------------------------------------------------
def test_the_untouched_set_has_every_category_and_non_empty_answers(untouched):
    for q in untouched:
        assert q.id.startswith(f"utc-{q.category}-"), q.id
        assert "None" not in q.question and "nan" not in q.question.split(), q.question
        assert "the The " not in q.question, q.question


def test_the_wording_varies(untouched):
    texts = [q.question for q in untouched]
    assert sum(t[0].islower() for t in texts) >= 16  # typed casually
    assert sum(t.endswith("?") for t in texts) < len(texts)  # not every message ends in a question mark
    assert len({t.split()[0].lower() for t in texts}) >= 25  # many different openings
    assert sum(any(f"s{n}" in t.lower().split() or f"s{n}'s" in t.lower() for n in range(1, 60)) for t in texts) >= 5


def test_short_names_name_the_person_the_answer_is_about(g, untouched):
    for call, full in (("Michaela", "Michaela Bradshaw"), ("Ciera", "Ciera Eastin"), ("Wendell", "Wendell Holland"),
                       ("Domenick", "Domenick Abbate"), ("Susan Hawk", "Susan Hawk"),
                       ("Jimmy Johnson", "Jimmy Johnson")):
        assert g.name(person(g, call)) == full
    split = ask(untouched, "utc_jury_split")
    assert split.args["a"] == person(g, "Wendell") and "Wendell" in split.question


def test_a_recomputed_answer_follows_the_data_not_the_stored_parts(g, untouched):
    checks.recompute_follows_the_data(g, ask(untouched, "utc_last_boot_before_swap", season=21))


def test_the_untouched_set_builds_under_viewer_scopes(g, untouched):
    from evaluation.scoped import ScopedGoldData
    from ingest.viewer_scope import ViewerScope

    def at(season: int, episode: int) -> dict:
        return {q.gold + str(q.args.get("season")): q
                for q in build_question_set(ScopedGoldData(g.data, ViewerScope(season, episode), g), "blind-07")}

    early = at(2, 5)
    assert early["utc_first_swap_seasonNone"].parts[0].get("beyond_scope")  # no swap had aired yet
    assert early["utc_biggest_finaleNone"].parts == ask(untouched, "utc_biggest_finale").parts  # Borneo's had
    fiji = at(14, 4)
    assert fiji["utc_didnt_vote_boot14"].parts[0].get("beyond_scope")  # Edgardo's boot had not aired
    samoa = at(19, 2)
    assert not samoa["utc_why_left19"].parts[0].get("beyond_scope")  # Mike Borassi's medevac aired in episode 2
    assert at(19, 1)["utc_why_left19"].parts[0].get("beyond_scope")  # one episode earlier it had not
    assert early["utc_first_idol_seasonNone"].parts[0].get("beyond_scope")  # nor any idol
    assert early["utc_biggest_juryNone"].parts[0]["type"] == "season"  # Borneo's jury was whole by then
    assert values(early["utc_biggest_juryNone"]) == [1]
    assert at(3, 5)["utc_first_swap_seasonNone"].parts == ask(untouched, "utc_first_swap_season").parts  # Africa's
    assert at(12, 3)["utc_first_idol_seasonNone"].parts == ask(untouched, "utc_first_idol_season").parts
    cagayan = at(28, 5)
    assert cagayan["utc_left_at_merge28"].parts[0].get("beyond_scope")  # the merge came in episode 6
    assert at(28, 6)["utc_left_at_merge28"].parts == ask(untouched, "utc_left_at_merge").parts


# -- answers against pandas on the raw tables ---------------------------------------------------------------
def test_castaway_answers_equal_the_raw_castaways_table(g, untouched):
    cast = raw(g, "castaways").assign(order=lambda d: num(d, "order"), age=lambda d: num(d, "age"),
                                      place=lambda d: num(d, "place"), day=lambda d: num(d, "day"),
                                      episode=lambda d: num(d, "episode"))
    row = cast.set_index(["season", "castaway_id"])
    assert values(ask(untouched, "utc_finish_place")) == [int(row.loc[(31, person(g, "Andrew Savage")), "place"])]
    assert values(ask(untouched, "utc_age_then")) == [int(row.loc[(25, person(g, "Denise Stapley")), "age"])]
    assert row.loc[(39, person(g, "Dan Spilo")), "result"] == "Ejected"
    ciera = cast[cast["castaway_id"] == person(g, "Ciera")]
    assert len(ciera) == 3 and values(ask(untouched, "utc_career_days")) == [int(ciera["day"].sum())]
    days = cast.groupby("castaway_id")["day"].sum()
    corinne, alicia = person(g, "Corinne Kaplan"), person(g, "Alicia Calaway")
    assert days[corinne] != days[alicia]
    assert ids(ask(untouched, "utc_career_days_compare")) == [corinne if days[corinne] > days[alicia] else alicia]
    people = cast.drop_duplicates("castaway_id")
    assert values(ask(untouched, "utc_state_count")) == [int((people["state"] == "Florida").sum()),
                                                         int((cast["state"] == "Florida").sum())]
    jurors = flag(cast, "jury").groupby(cast["season"]).sum()
    assert values(ask(untouched, "utc_biggest_jury")) == [int(top_one(jurors))]
    nicaragua = cast[cast["season"] == 21]
    first = nicaragua[nicaragua["order"] == 1].iloc[0]
    assert f"{first['city']}, {first['state']}" in values(ask(untouched, "utc_first_boot_hometown"))
    ages = nicaragua.set_index("castaway_id")["age"]
    assert values(ask(untouched, "utc_age_gap")) == [int(ages[person(g, "Dan Lembo")] - ages[person(g, "Ben Henry")])]
    swap = raw(g, "tribe_mapping").query("season == 21 and tribe_status == 'Swapped'")
    before = nicaragua[nicaragua["episode"] < num(swap, "episode").min()].sort_values("order")
    assert ids(ask(untouched, "utc_last_boot_before_swap")) == [before["castaway_id"].iloc[-1]]
    summary = raw(g, "season_summary").set_index("season")
    cochran = summary.loc[26, "winner_id"]
    debut = cast[cast["castaway_id"] == cochran]["season"].min()
    assert debut < 26 and values(ask(untouched, "utc_winner_debut_place")) == [int(row.loc[(debut, cochran), "place"])]
    sophie = cast[(cast["castaway_id"] == person(g, "Sophie Clarke")) & flag(cast, "winner")]["season"].iloc[0]
    debuts = cast.groupby("castaway_id")["season"].min()
    won_cast = cast[cast["season"] == sophie]
    assert values(ask(untouched, "utc_won_season_returnees")) == [
        int(sum(debuts[c] < sophie for c in won_cast["castaway_id"]))]
    tom, kathy = person(g, "Tom Buchanan"), person(g, "Kathy Vavrick-O'Brien")
    first_place = {c: row.loc[(debuts[c], c), "place"] for c in (tom, kathy)}
    assert ids(ask(untouched, "utc_debut_compare")) == [min(first_place, key=first_place.get)]
    salani = cast[(cast["season"] == 24) & (cast["original_tribe"] == "Salani")]
    last = cast.groupby("castaway_id")["season"].max()
    kat = person(g, "Kat Edorsson")
    assert ids(ask(untouched, "utc_tribemates_returned")) == sorted(
        c for c in salani["castaway_id"] if c != kat and last[c] > 24)
    s43 = cast[(cast["season"] == 43) & cast["episode"].between(3, 6) & ~flag(cast, "finalist")]
    assert ids(ask(untouched, "utc_boots_between")) == sorted(s43["castaway_id"])
    kele = cast[(cast["season"] == 49) & (cast["original_tribe"] == "Kele")]
    assert ids(ask(untouched, "utc_tribe_missed_jury")) == sorted(
        kele[~flag(kele, "jury") & ~flag(kele, "finalist")]["castaway_id"])
    micronesia = cast[cast["season"] == 16]
    back = micronesia[[debuts[c] < 16 for c in micronesia["castaway_id"]]]
    assert ids(ask(untouched, "utc_returnees_before_jury")) == sorted(
        back[~flag(back, "jury") & ~flag(back, "finalist")]["castaway_id"])
    no_ftc = []
    for s in sorted(summary.index):
        here = cast[cast["season"] == s]
        back = here[[debuts[c] < s for c in here["castaway_id"]]]
        if len(back) and not flag(back, "finalist").any():
            no_ftc.append(int(s))
    assert values(ask(untouched, "utc_seasons_returnees_no_ftc")) == no_ftc
    women = set(raw_details(g).query("gender == 'Female'").index)
    merged = set(raw(g, "tribe_mapping").query("season == 47 and tribe_status == 'Merged'")["castaway_id"])
    s47 = cast[cast["season"] == 47]["castaway_id"]
    assert ids(ask(untouched, "utc_women_missed_merge")) == sorted(c for c in s47 if c in women and c not in merged)


def raw_details(g) -> pd.DataFrame:
    return g.data.raw("castaway_details").set_index("castaway_id")


def test_season_episode_and_tribe_answers_equal_the_raw_tables(g, untouched):
    summary = raw(g, "season_summary").set_index("season")
    episodes = raw(g, "episodes").assign(episode=lambda d: num(d, "episode"))
    counted = episodes[~episodes["episode_label"].isin(["Recap", "Reunion"])].groupby("season")["episode"].nunique()
    assert values(ask(untouched, "utc_most_episodes")) == [int(top_one(counted))]
    assert values(ask(untouched, "utc_biggest_finale")) == [int(top_one(num(summary, "viewers_finale")))]
    assert values(ask(untouched, "utc_debut_year")) == [
        pd.Timestamp(summary.loc[10, "premiered"]).year]  # Tom Westman's one first season: Palau
    tribes = raw(g, "tribe_mapping").assign(episode=lambda d: num(d, "episode"), day=lambda d: num(d, "day"))
    tambaqui = set(tribes[tribes["tribe"] == "Tambaqui"]["season"])
    assert len(tambaqui) == 1
    assert summary.loc[tambaqui.pop(), "location"] in values(ask(untouched, "utc_tribe_location"))
    assert values(ask(untouched, "utc_first_swap_season")) == [
        int(tribes[tribes["tribe_status"].isin(["Swapped", "Swapped_2"])]["season"].min())]
    merged = tribes[(tribes["season"] == 28) & (tribes["tribe_status"] == "Merged")]
    first = merged[merged["episode"] == merged["episode"].min()]
    assert values(ask(untouched, "utc_left_at_merge")) == [first["castaway_id"].nunique()]
    caramoan = tribes[(tribes["season"] == 26) & (tribes["tribe_status"] == "Merged")]
    assert values(ask(untouched, "utc_merge_day")) == sorted(
        set(caramoan[caramoan["episode"] == caramoan["episode"].min()]["day"]))
    michaela = person(g, "Michaela")
    swapped = tribes[(tribes["season"] == 33) & (tribes["tribe_status"] == "Swapped")
                     & (tribes["castaway_id"] == michaela)].sort_values("episode")
    assert values(ask(untouched, "utc_swap_to")) == [swapped["tribe"].iloc[0]]
    will, hannah = person(g, "Will Wahl"), person(g, "Hannah Shapiro")
    pre = tribes[(tribes["season"] == 33) & tribes["tribe_status"].isin(["Original", "Swapped", "Swapped_2"])]
    spells = {c: set(zip(pre[pre["castaway_id"] == c]["episode"], pre[pre["castaway_id"] == c]["tribe"]))
              for c in (will, hannah)}
    assert values(ask(untouched, "utc_shared_tribes")) == sorted({t for _, t in spells[will] & spells[hannah]})
    cast = raw(g, "castaways")
    brandon = cast[(cast["season"] == 23) & (cast["castaway_id"] == person(g, "Brandon Hantz"))]
    ep = episodes[(episodes["season"] == 23) & (episodes["episode"] == num(brandon, "episode").iloc[0])]
    assert values(ask(untouched, "utc_boot_episode_title")) == list(ep["episode_title"])


def test_vote_jury_and_confessional_answers_equal_the_raw_tables(g, untouched):
    votes = raw(g, "vote_history").dropna(subset=["vote_id"])
    phillip = person(g, "Phillip Sheppard")
    assert values(ask(untouched, "utc_career_votes_cast")) == [int((votes["castaway_id"] == phillip).sum())]
    edgardo = person(g, "Edgardo Rivera")
    night = votes[(votes["season"] == 14) & (votes["voted_out_id"] == edgardo)]
    assert night["vote_order"].nunique() == 1
    assert ids(ask(untouched, "utc_didnt_vote_boot")) == sorted(
        night[(night["vote_id"] != edgardo) & (night["castaway_id"] != edgardo)]["castaway_id"])
    max_ = person(g, "Max Dawson")
    start = raw(g, "castaways").query("season == 30").set_index("castaway_id")["original_tribe"]
    against = votes[(votes["season"] == 30) & (votes["voted_out_id"] == max_) & (votes["vote_id"] == max_)]
    assert ids(ask(untouched, "utc_tribemates_against")) == sorted(
        c for c in against["castaway_id"] if start[c] == start[max_])
    vh = raw(g, "vote_history").assign(episode=lambda d: num(d, "episode"))
    tribes = raw(g, "tribe_mapping").assign(episode=lambda d: num(d, "episode"))
    merge41 = tribes[(tribes["season"] == 41) & (tribes["tribe_status"] == "Merged")]["episode"].min()
    start41 = set(tribes[(tribes["season"] == 41) & (tribes["tribe_status"] == "Original")]["tribe"])
    went = set(vh[(vh["season"] == 41) & (vh["episode"] < merge41)]["tribe"])
    assert values(ask(untouched, "utc_tribe_skipped_tribal")) == sorted(start41 - went)
    jury = raw(g, "jury_votes")
    jury = jury[jury["vote"] == 1]
    ghost = jury[jury["season"] == 36]
    split = ask(untouched, "utc_jury_split")
    assert ids(split, 0) == sorted(ghost[ghost["finalist_id"] == person(g, "Wendell")]["castaway_id"])
    assert ids(split, 1) == sorted(ghost[ghost["finalist_id"] == person(g, "Domenick")]["castaway_id"])
    cast = raw(g, "castaways").assign(order=lambda d: num(d, "order"))
    cagayan = cast[(cast["season"] == 28) & flag(cast, "jury")]
    assert values(ask(untouched, "utc_tribe_most_jurors")) == [top_one(cagayan["original_tribe"].value_counts())]
    s43 = cast[(cast["season"] == 43) & flag(cast, "jury")].sort_values("order")["castaway_id"].iloc[0]
    against43 = votes[(votes["season"] == 43) & (votes["vote_id"] == s43)]
    assert len(against43) in values(ask(untouched, "utc_first_juror_votes_against"))
    conf = raw(g, "confessionals")
    sabrina = conf[(conf["season"] == 24) & (conf["castaway_id"] == person(g, "Sabrina Thompson"))]
    assert values(ask(untouched, "utc_season_confessionals")) == [int(sabrina["confessional_count"].sum())]
    career = conf.groupby("castaway_id")["confessional_count"].sum()
    hatch, hawk = person(g, "Richard Hatch"), person(g, "Susan Hawk")
    assert career[hatch] != career[hawk]
    assert ids(ask(untouched, "utc_career_confessionals_compare")) == [hatch if career[hatch] > career[hawk] else hawk]


def test_challenge_and_advantage_answers_equal_the_raw_tables(g, untouched):
    cr = raw(g, "challenge_results").assign(episode=lambda d: num(d, "episode"))
    imm = cr[cr["won_individual_immunity"] == 1]
    cast = raw(g, "castaways").set_index(["season", "castaway_id"])
    leader46 = top_one(imm[imm["season"] == 46]["castaway_id"].value_counts())
    assert values(ask(untouched, "utc_immunity_leader_place")) == [int(cast.loc[(46, leader46), "place"])]
    women = set(raw_details(g).query("gender == 'Female'").index)
    hhh = imm[(imm["season"] == 35) & imm["castaway_id"].isin(women)]["castaway_id"].value_counts()
    assert ids(ask(untouched, "utc_top_woman_immunity")) == [top_one(hhh)]
    s29 = imm[imm["season"] == 29]
    last = s29[s29["challenge_id"] == s29["challenge_id"].max()]["castaway_id"]
    assert len(last) == 1
    jury = raw(g, "jury_votes")
    assert values(ask(untouched, "utc_final_immunity_jury_votes")) == [
        int(((jury["season"] == 29) & (jury["vote"] == 1) & (jury["finalist_id"] == last.iloc[0])).sum())]
    most = imm.groupby(["season", "castaway_id"]).size().groupby("season").max()
    assert values(ask(untouched, "utc_seasons_no_triple_immunity")) == sorted(int(s) for s, n in most.items() if n <= 2)
    rewards = cr[cr["won_individual_reward"] == 1]
    reward38 = rewards[rewards["season"] == 38].sort_values(["episode", "challenge_id"])
    first = reward38[reward38["challenge_id"] == reward38["challenge_id"].iloc[0]]
    assert ids(ask(untouched, "utc_first_reward")) == sorted(first["castaway_id"])
    winners = raw(g, "season_summary").set_index("season")["winner_id"]
    won_reward = set(zip(rewards["season"], rewards["castaway_id"]))
    assert ids(ask(untouched, "utc_winners_no_reward_since")) == sorted(
        w for s, w in winners.items() if s >= 36 and (s, w) not in won_reward)
    moves = raw(g, "advantage_movement")
    kinds = raw(g, "advantage_details").set_index(["season", "advantage_id"])["advantage_type"]
    moves = moves.assign(kind=[kinds.get((s, a), "") for s, a in zip(moves["season"], moves["advantage_id"])])
    idols = moves[moves["kind"].str.lower().str.contains("hidden immunity idol")]
    found = idols[idols["event"].isin(["Found", "Found (beware)"])]
    assert values(ask(untouched, "utc_first_idol_season")) == [int(found["season"].min())]
    plays = idols[(idols["season"] == 39) & idols["event"].str.startswith("Played")].assign(
        episode=lambda d: num(d, "episode"))
    assert ids(ask(untouched, "utc_last_idol_play")) == sorted(
        set(plays[plays["episode"] == plays["episode"].max()]["castaway_id"]))


def test_unanswerable_premises_hold(g, untouched):
    people = set(g.aliases["alias"].str.lower())
    assert "gideon blackwood" not in people
    assert "ravatoa" not in set(raw(g, "tribe_mapping")["tribe"].str.lower())
    assert max(raw(g, "season_summary")["season"]) < ask(untouched, "utc_future").args["future"]
    panama = raw(g, "castaways").query("season == 12").set_index("castaway_id")
    assert flag(panama, "finalist")[person(g, "Danielle DiLorenzo")] and not flag(panama, "finalist")[
        person(g, "Terry Deitz")]
