"""The deterministic router: question shapes + entity slots -> a catalog query, with no graph and no model.

The cases of each rule alone (a question it takes, a near miss it must not) are data beside the rules,
survivorgraph/agent/rules/cases/, run by tests/agent/rules/test_rule_cases.py. Here: what the router adds around the
rules (refs, negations, leads, answer shapes). None of these questions is, or contains, one of the evaluation sets'
(tests/test_no_eval_copies.py). Slots are given as the linker would fill them: season numbers, castaway_ids in
the order the question names them, (tribe, season) pairs.
"""

from __future__ import annotations

import pytest

from survivorgraph.agent.intents import Slots, derive, is_ref, route
from survivorgraph.agent.operations import (
    Aggregate,
    At,
    AtLeast,
    Between,
    Bound,
    ColumnDifference,
    ColumnLess,
    Count,
    Difference,
    Extreme,
    Focus,
    Gender,
    GroupsOfAtLeast,
    InYear,
    LargestGroup,
    NextTo,
    Pick,
    Range,
    Rank,
    Ratio,
    Sort,
    Span,
    Where,
    WhereNot,
    apply_operations,
)
from survivorgraph.agent.plans import Plan, Source

ROB, AMBER, PARVATI, SANDRA, TONY = "US0055", "US0027", "US0197", "US0112", "US0424"


def op(chosen, kind, /, **fields):
    """The plan's one operation of this type (with these field values: `column="season"` for a Span), or None."""
    found = [o for o in chosen.operations if isinstance(o, kind) and all(getattr(o, f) == v for f, v in fields.items())]
    assert len(found) <= 1, f"more than one {kind.__name__}: {found}"
    return found[0] if found else None


def plan(text, seasons=(), people=(), tribes=()):
    return route(Slots(text, list(seasons), list(people), list(tribes)))


# -- multi-hop slots ------------------------------------------------------------------------------------
def test_the_winner_of_a_season_becomes_a_person_ref():
    chosen = plan("Which seasons has the winner of season 20 competed in?", [20])
    assert chosen.tool == "player_career"
    ref = chosen.params["castaway_id"]
    assert is_ref(ref) and ref["$ref"] == "season_winner" and ref["params"] == {"season": 20}
    assert "that person" in chosen.reason and chosen.part.startswith("Which seasons has the winner")


def test_a_winner_question_itself_is_not_rewritten():
    for text in ("Who was the winner of season 20?", "Name the sole survivor of season 12"):
        assert plan(text, [int(text.split()[-1].rstrip("?"))]).tool == "season_winner"


def test_the_season_a_person_won_becomes_a_season_ref():
    chosen = plan("Who was the second person voted out in the season Tony won?", [], [TONY])
    assert chosen.tool == "boot_order" and chosen.params["position"] == 2
    ref = chosen.params["season"]
    assert ref["$ref"] == "player_career" and ref["where"] == {"winner": True} and ref["params"]["castaway_id"] == TONY


def test_the_season_filmed_somewhere_becomes_a_season_ref():
    chosen = plan("Who was the sole survivor of the season that was shot in Palau?")
    assert chosen.tool == "season_winner" and chosen.params["season"]["params"] == {"place": "Palau"}
    slots = derive(Slots("Who won the season filmed in the Pearl Islands, Panama?", [12], [], []))
    assert slots.seasons[0]["params"] == {"place": "Pearl Islands, Panama"}  # "Panama" there is a place


def _named(text, people, names, seasons=()):
    from survivorgraph.agent.lexicon import Mention

    return route(Slots(text, list(seasons), list(people), [], [Mention(n, "person") for n in names]))


@pytest.mark.parametrize("text, name, where, pick, tool, keeps_person", [
    ("How old was Sandra when she won?", "Sandra", {"winner": True}, None, "player_career", True),
    ("Who came second the first time Tony won?", "Tony", {"winner": True}, 0, "season_finalists", False),
    ("Parvati's last season: which season was that?", "Parvati", {}, -1, "season_facts", False),
    ("What place did Rob finish in his third season?", "Rob", {}, 2, "player_career", True),
    ("Which tribe was Tony on back when he won the title?", "Tony", {"winner": True}, None, "tribe_members", True),
])
def test_one_of_a_persons_seasons_becomes_a_season_ref(text, name, where, pick, tool, keeps_person):
    chosen = _named(text, [TONY], [name])
    assert chosen.tool == tool, chosen
    ref = chosen.params["season"]
    assert is_ref(ref) and ref["$ref"] == "player_career" and ref["params"] == {"castaway_id": TONY}
    assert ref["where"] == where and ref.get("pick") == pick
    assert (chosen.params.get("castaway_id") == TONY) == keeps_person


def test_a_season_relative_to_a_persons_season_is_not_that_season():
    chosen = _named("Who won the season after Tony's first win?", [TONY], ["Tony"])
    assert chosen is None or not is_ref(chosen.params.get("season"))


KENZIE = "US0687"


def test_a_negation_the_rules_read_past_becomes_a_set_difference():
    # The rule for "jurors who voted for Kenzie" fires on both wordings: the negated one must not get its rows.
    chosen = _named("On season 46, which jurors didn't vote for Kenzie?", [KENZIE], ["Kenzie"], [46])
    assert chosen.tool == "season_jury" and chosen.params == {"season": 46}
    (left_out,) = chosen.sets(False)
    assert left_out["tool"] == "final_jury_votes" and left_out["params"]["castaway_id"] == KENZIE
    assert left_out["key"] == "juror_id" and left_out["on"] == "castaway_id"
    assert "complement" in chosen.reason and chosen.source == Source.COMPLEMENT


def test_who_went_home_leaves_out_the_finalists_too():
    chosen = plan("Who on season 18 went home without making the jury?", [18])
    assert chosen.tool == "season_cast"
    assert [x["tool"] for x in chosen.sets(False)] == ["season_jury", "season_finalists"]


@pytest.mark.parametrize("text, seasons", [
    ("Which castaways in season 30 did not make the merge?", [30]),      # castaways_without reads it
    ("In season 4, which jurors did not vote for the winner?", [4]),       # for_winner: false
    ("Which seasons did nobody quit in?", []),                           # seasons_with_exit_type absent
])
def test_a_negation_a_rule_understands_is_left_to_it(text, seasons):
    chosen = plan(text, seasons)
    assert chosen is not None and not chosen.sets(False) and "complement" not in chosen.reason
    assert chosen.source == Source.RULE


@pytest.mark.parametrize("said, meant", [
    ("Which jurors didn't vote for P1?", "Which jurors did vote for P1?"),
    ("Who never received a vote?", "Who received a vote?"),
    ("Who went home without making the jury?", "Who went home by making the jury?"),
    ("Which seasons had no returning players?", "Which seasons had a returning players?"),
    ("Who was the winner of season 4?", None),
])
def test_positive_wording(said, meant):
    from survivorgraph.agent.complements import positive_wording

    assert positive_wording(said) == meant


@pytest.mark.parametrize("text", [
    "Would Amber have won season 8 if Rob had been voted out first?",
    "What would the final vote have been in season 20?",
    "What if Parvati had played an idol for herself in season 20?",
])
def test_a_what_if_is_abstained_on(text):
    chosen = plan(text, [20])
    assert chosen.tool == "abstain" and "what would have" in chosen.params["missing"]


def test_pay_is_not_in_the_data():
    chosen = plan("How much was Sandra paid for Winners at War?", [40], [SANDRA])
    assert chosen.tool == "abstain" and chosen.params["missing"] == "the data holds no pay for castaways"


@pytest.mark.parametrize("text, flag", [
    ("Which seasons was Rob on the jury?", "jury"),
    ("Rob, in which seasons did he make the final tribal council?", "finalist"),
])
def test_the_seasons_a_person_had_a_role(text, flag):
    chosen = plan(text, [], [ROB])
    assert chosen.tool == "player_career" and op(chosen, Where) == Where({flag: True})


@pytest.mark.parametrize("text, pick", [
    ("Rob played for the first time in which season?", "first"),
    ("When did Rob last compete?", "last"),
    ("Which season was Rob's debut?", "first"),
    ("Which seasons did Rob play?", None),
])
def test_one_end_of_a_career(text, pick):
    chosen = plan(text, [], [ROB])
    assert chosen.tool == "player_career" and op(chosen, Pick) == (Pick(pick) if pick is not None else None)


def test_how_many_idols_a_person_found_counts_the_found_idols():
    chosen = plan("How many hidden immunity idols did Rob find?", [], [ROB])
    assert chosen.tool == "player_advantages" and op(chosen, Count) == Count("advantage_id")
    assert op(chosen, Where) == Where({"event": ["found", "found_beware"], "advantage_type": "Hidden Immunity Idol"})


def test_a_person_named_by_a_clause_becomes_a_ref_to_the_clauses_own_query():
    chosen = plan("Which tribe did the person who won the last immunity challenge of season 30 start on?", [30])
    assert chosen.tool == "tribe_members" and chosen.params["phase"] == "original"
    ref = chosen.params["castaway_id"]
    assert ref["$ref"] == "season_challenge_winners" and ref["params"]["pick"] == "last"
    chosen = plan("How many seasons has the castaway who was voted out first in season 20 played?", [20])
    assert chosen.tool == "player_career" and chosen.params["castaway_id"]["$ref"] == "boot_order"
    # the clause is the whole question: answered by its own query, not rewritten
    assert plan("Who was the player who won the last immunity challenge in season 30?", [30]).tool == \
        "season_challenge_winners"


def test_a_question_after_a_colon_is_its_own_part_and_other_seasons_leave_the_named_one_out():
    from survivorgraph.agent.parts import split_parts

    parts = split_parts("The winner of season 20: what other seasons did she play?")
    assert [p.text for p in parts] == ["The winner of season 20", "what other seasons did she play"]
    assert parts[1].refers_to_person
    assert plan("The winner of season 20", [20]).tool == "season_winner", "a bare phrase asks for the winner"
    chosen = plan("Which seasons besides season 20 did Rob play?", [20], [ROB])
    assert chosen.tool == "player_career" and op(chosen, WhereNot) == WhereNot({"season": [20]})


def test_a_single_season_record_counts_each_season_apart_and_keeps_the_ties():
    chosen = plan("Who holds the record for most individual immunity wins in a single season?")
    assert chosen.tool == "individual_immunity_ranking"
    assert chosen.params["per_season"] is True and chosen.params["leaders_only"] is True
    assert "per_season" not in plan("Who has won the most individual immunities?").params


@pytest.mark.parametrize("text", ["Which season 40 players had also been on season 20?",
                                  "Who from season 40 had played in season 20 too?"])
def test_players_of_one_season_also_in_another(text):
    chosen = plan(text, [20, 40])
    assert chosen.tool == "players_in_seasons" and chosen.params == {"seasons": [20, 40]}


@pytest.mark.parametrize("text, where, count", [
    ("Which seasons had a final two?", {"n_finalists": 2}, False),
    ("How many seasons had 18 castaways?", {"cast_size": 18}, True),
    ("In which seasons was there a jury of ten?", {"jury_size": 10}, False),
    ("Which seasons started with three tribes?", {"n_tribes": 3}, False),
])
def test_seasons_with_a_given_fact(text, where, count):
    chosen = plan(text)
    assert chosen.tool == "season_facts" and chosen.params == {} and op(chosen, Where) == Where(where)
    assert chosen.has(Count) == count


def test_seasons_without_a_fact_are_the_others():
    chosen = plan("Which seasons of the show didn't have a final three?")
    assert chosen.tool == "season_list"
    (left_out,) = chosen.sets(False)
    assert left_out["tool"] == "season_facts" and left_out["operations"] == (Where({"n_finalists": 3}),)


@pytest.mark.parametrize("text, missing", [
    ("Who is the best Survivor player of all time?", "opinions"),
    ("Is Rob the GOAT?", "opinions"),
    ("Was season 20 won by the right person?", "opinions"),
    ("is P1 the nicest person to ever play survivor?", "opinions"),
    ("who was the meanest castaway on season 20?", "opinions"),
    ("What was the budget for season 20?", "how the show was made"),
    ("How many crew members worked on season 3?", "how the show was made"),
    ("How much did CBS spend making season 1?", "how the show was made"),
])
def test_opinions_and_production_facts_are_abstained_on(text, missing):
    chosen = plan(text, [20], [ROB] if "Rob" in text else [])
    assert chosen.tool == "abstain" and missing in chosen.params["missing"]


@pytest.mark.parametrize("text, tool", [
    ("Who had the greatest number of individual immunity wins?", "individual_immunity_ranking"),
    ("Who was the best finisher among the season 13 cast?", "season_cast"),
])
def test_superlatives_about_results_are_not_opinions(text, tool):
    assert plan(text, [13] if "13" in text else []).tool == tool


def test_the_nth_juror_and_a_persons_boot_number():
    assert plan("Who was the 2nd person on the season 19 jury?", [19]).operations == (Pick(1),)
    chosen = plan("Which boot was Rob in season 8?", [8], [ROB])
    assert chosen.tool == "player_exit" and op(chosen, Focus) == Focus("boot_order")


def test_the_most_recent_season_is_the_last_the_data_holds():
    chosen = plan("Who won the latest season?")
    assert chosen.tool == "season_winner"
    ref = chosen.params["season"]
    assert ref["$ref"] == "season_list" and ref["pick"] == -1


def test_an_occurrence_with_a_pronoun_keeps_the_person():
    chosen = _named("Rob's second season: which episode did he leave the game in?", [ROB], ["Rob"])
    assert chosen.tool == "player_exit" and chosen.params["castaway_ids"] == [ROB]
    assert chosen.params["season"]["pick"] == 1


def test_the_end_of_a_list_and_the_others_beside_a_person():
    assert op(plan("The last time someone quit, who was it?"), Pick) == Pick("last")
    chosen = plan("Name the last season not filmed in Fiji.")
    assert chosen.tool == "season_list" and op(chosen, Pick) == Pick("last")
    assert chosen.sets(False)[0]["params"] == {"place": "Fiji"}
    chosen = plan("Rob sat at final tribal in season 8. Who was up there with him?", [8], [ROB])
    assert op(chosen, WhereNot) == WhereNot({"castaway_id": [ROB]})


def test_how_many_votes_a_person_received_counts_the_votes():
    chosen = plan("How many votes has Rob had cast against him over his career?", [], [ROB])
    assert chosen.tool == "votes_received_by_player" and chosen.operations == (Count("*"),)


def test_tribemates_confessionals_and_two_people_compared():
    chosen = plan("Who were Rob's original tribemates in season 8?", [8], [ROB])
    assert chosen.tool == "tribe_members" and chosen.params["tribe"]["$ref"] == "tribe_members"
    assert op(chosen, WhereNot) == WhereNot({"castaway_id": [ROB]})
    chosen = plan("How many confessionals did Rob get in total?", [], [ROB])
    assert chosen.tool == "confessional_leaders" and chosen.params["castaway_id"] == ROB
    winner = plan("How many confessionals did the winner of season 19 get?", [19])  # a ref: a param, not a where
    assert winner.tool == "confessional_leaders" and winner.params["castaway_id"]["$ref"] == "season_winner"
    chosen = plan("Who won more individual immunities in season 20, Sandra or Parvati?", [20], [SANDRA, PARVATI])
    assert chosen.tool == "individual_immunity_ranking"
    assert op(chosen, Where) == Where({"castaway_id": [SANDRA, PARVATI]})
    chosen = _named("Who won the season in which Rob got voted out first?", [ROB], ["Rob"])
    assert chosen.tool == "season_winner" and chosen.params["season"]["$ref"] == "player_career"


@pytest.mark.parametrize("text, seasons, people, tool, focus", [
    ("What is Tony's occupation?", [], [TONY], "player_profile", "occupation"),
    ("Where is Rob from?", [], [ROB], "player_profile", "city"),
    ("When was Rob born?", [], [ROB], "player_profile", "date_of_birth"),
    ("What was episode 3 of season 20 called?", [20], [], "episode_facts", "title"),
    ("What was the season 40 finale called?", [40], [], "episode_facts", "title"),
    ("How many viewers watched episode 2 of season 45?", [45], [], "episode_facts", "viewers"),
])
def test_own_facts_of_people_and_episodes(text, seasons, people, tool, focus):
    chosen = plan(text, seasons, people)
    assert chosen.tool == tool and op(chosen, Focus) == Focus(focus)


def test_a_season_next_to_another_and_a_person_by_description():
    assert plan("Who won the season right after season 22?", [22]).params == {"season": 23}
    assert plan("Which season came just before season 39?", [39]).params == {"season": 38}
    chosen = plan("How old was the castaway who was voted out first on season 41?", [41])
    assert chosen.tool == "player_career" and chosen.params["castaway_id"]["$ref"] == "boot_order"
    assert plan("Who was the first person voted out of season 41?", [41]).tool == "boot_order"
    chosen = plan("Which state did the runner-up of season 12 come from?", [12])
    assert chosen.tool == "player_profile" and chosen.params["castaway_id"]["$ref"] == "season_finalists"


@pytest.mark.parametrize("text, missing", [
    ("Is Rob married?", "marital status"), ("Does Rob have an instagram account?", "social media accounts"),
    ("In your opinion, which season was the most fun?", "opinions")])
def test_more_that_the_data_does_not_hold(text, missing):
    chosen = plan(text, [], [ROB])
    assert chosen.tool == "abstain" and missing in chosen.params["missing"]


def test_refs_extremes_counts_and_person_lists_combine_in_one_plan():
    chosen = plan("Whoever found the most idols on season 29, what place did they end up in?", [29])
    assert chosen.tool == "player_career" and chosen.params["castaway_id"]["pick"] == 0
    assert op(plan("Who was the youngest in the cast of season 42?", [42]), Extreme) == Extreme("age", False)
    chosen = plan("How many seasons had only two people at final tribal?")
    assert chosen.tool == "season_facts" and chosen.operations == (Where({"n_finalists": 2}), Count("season"))
    chosen = plan("On season 20, did Sandra or Parvati get more confessionals?", [20], [SANDRA, PARVATI])
    assert chosen.tool == "confessional_leaders" and op(chosen, Where) == Where({"castaway_id": [SANDRA, PARVATI]})
    chosen = _named("Which country was Sandra playing in when she won?", [SANDRA], ["Sandra"])
    assert chosen.tool == "season_facts" and chosen.params["season"]["where"] == {"winner": True}
    from survivorgraph.agent.parts import split_parts

    assert len(split_parts("The season 12 runner-up - which state did they come from?")) == 2


def test_a_modifier_the_plan_ignores_is_named_on_it():
    assert plan("Who won individual immunity before the merge in season 20?", [20]).unread == ["before the merge"]
    after_swap = plan("Which tribe was Rob on right after the swap in season 8?", [8], [ROB])  # applied now
    assert after_swap.unread == [] and after_swap.params["phase"] == "swapped"
    chosen = _named("Besides Rob, who else sat on the season 8 jury?", [ROB], ["Rob"], [8])
    assert op(chosen, WhereNot) == WhereNot({"castaway_id": [ROB]}) and chosen.unread == []
    # modifiers a plan applies are not named ("without ever winning" leaves the winners out)
    assert plan("Who has played 3 or more seasons without ever winning?").unread == []
    assert plan("Who won the season right after season 22?", [22]).unread == []
    assert plan("Which castaways in season 30 did not make the merge?", [30]).unread == []
    assert plan("Which seasons besides season 20 did Rob play?", [20], [ROB]).unread == []


def test_a_bare_follow_up_asks_more_of_the_same_part():
    from survivorgraph.agent.parts import split_parts

    assert [p.text for p in split_parts("Did Rob ever serve on a jury? Which seasons?")] == [
        "Did Rob ever serve on a jury — Which seasons"]
    assert [p.text for p in split_parts("Did Tony win? When?")] == ["Did Tony win — When"]
    assert len(split_parts("Who was season 28's winner? Who came second?")) == 2, "a question of its own stays apart"
    assert [p.text for p in split_parts("where does P1 rank as a strategic threat? top x% or bottom?")] == [
        "where does P1 rank as a strategic threat — top x% or bottom"], "the choices offered belong to the question"
    assert len(split_parts("who won s20? and who won or lost the final vote?")) == 2
    chosen = plan("Did Tony win — When", [], [TONY])
    assert chosen.tool == "player_career" and op(chosen, Where) == Where({"winner": True})


def test_refs_combine_with_a_season_filter():
    chosen = plan("How many reward challenges did the winner of season 9 win that season?", [9])
    assert chosen.tool == "player_challenge_wins" and chosen.params["season"] == 9
    assert chosen.params["castaway_id"]["params"] == {"season": 9}


def test_every_rule_is_in_the_order_once():
    # every module of agent.rules imported (one the package forgot would register its rules unordered)
    import importlib
    import pkgutil

    from survivorgraph.agent import rules
    from survivorgraph.agent.rules.base import REGISTERED
    for module in pkgutil.iter_modules(rules.__path__):
        importlib.import_module(f"{rules.__name__}.{module.name}")
    assert len(rules.ORDER) == len(set(rules.ORDER)), "a rule named twice in ORDER"
    assert set(rules.ORDER) - set(REGISTERED) == set(), "ORDER names a rule no module registers"
    assert set(REGISTERED) - set(rules.ORDER) == set(), "a registered rule is missing from ORDER"
    assert [name for name, _ in rules.RULES] == rules.ORDER

# -- generalisation: masked names, the show's synonyms, answer shapes, chained lookups -----------
from queries.catalog import RowFacts  # noqa: E402
from survivorgraph.agent.lexicon import Mention, canonical, mask  # noqa: E402
from survivorgraph.agent.shapes import answer_shape  # noqa: E402


def masked_plan(text, seasons=(), people=(), mentions=()):
    return route(Slots(text, list(seasons), list(people), [], list(mentions)))


def test_mask_tokens():
    assert mask("Did Boston Rob play Heroes vs. Villains?", [Mention("Boston Rob", "person"),
                Mention("Heroes vs. Villains", "season", 20)]) == "Did P1 play season 20?"
    assert mask("Who was the winner of season 20?", [Mention("season 20", "season", 20)]) == \
        "Who was the winner of season 20?"
    place = "Who won the season filmed in the Pearl Islands, Panama?"  # a name after "filmed in" is the place
    assert mask(place, [Mention("Pearl Islands", "season", 7), Mention("Panama", "season", 12)]) == place


@pytest.mark.parametrize("said, meant", [
    ("who took the title in season 12", "who won in season 12"),
    ("how often did P1 write P2's name down", "how often did P1 vote for P2"),
    ("did P1 ever write down P2", "did P1 ever vote for P2"),
    ("whose votes sent P1 home in season 20", "who voted P1 out in season 20"),
    ("so who ended up winning on season 33", "so who won on season 33"),
    ("who was crowned Sole Survivor in season 30", "who won in season 30"),
    ("who came out on top in season 7", "who won in season 7"),
    ("who got the boot in episode 3 of season 9", "who was voted out in episode 3 of season 9"),
    ("whose name was written down the most in season 5", "who received the most votes in season 5"),
    ("what happened in the sixth episode of season 14", "what happened in episode 6 of season 14"),
    ("recap episode two of season 14", "recap episode 2 of season 14"),
    ("which jurors backed P1", "which jurors voted for P1"),
    ("the first season 14 boot", "the first boot of season 14"),
])
def test_lexicon_says_it_in_the_rules_words(said, meant):
    assert canonical(said) == meant


def test_answer_shapes():
    assert answer_shape("How many seasons were filmed in Fiji?", "seasons_by_location") == (Count("season"),)
    assert Count("castaway_id") in answer_shape("How many people sat on the jury?", "season_jury")
    assert answer_shape("How many times has someone quit?", "exits_by_type") == (Count("*"),)
    assert not any(isinstance(o, Count) for o in answer_shape("How many jury votes did she get?", "final_jury_votes"))
    assert answer_shape("On what day did Rob leave?", "player_exit") == (Focus("day"),)
    assert answer_shape("Who was the winner of season 20?", "season_winner") == ()
    # A number per item is not a count of the rows.
    assert answer_shape("List every winner with the number of jury votes they received.",
                        "winners_with_jury_votes") == ()
    assert answer_shape("Name each juror and the number of votes they cast", "season_jury") == ()
    assert answer_shape("What is the number of winners who played again?", "winners_returned") == \
        (Count("castaway_id"),)
    rows = [{"season": 33, "season_name": "A"}, {"season": 34, "season_name": "B"}]
    [row], _ = apply_operations((Count("season"),), rows, ["season", "season_name"], facts=RowFacts(name="season_name"))
    assert row["count"] == 2 and row["items"] == ["A", "B"]
    assert apply_operations((Pick("last"),), rows, ["season", "season_name"])[0] == rows[-1:]
    assert apply_operations((Where({"winner": True}),), [{"winner": False}, {"winner": True, "season": 8}],
                  ["winner", "season"])[0] == [{"winner": True, "season": 8}]
    day = apply_operations((Focus("day"),), [{"player": "X", "day": 3}], ["player", "day"])
    assert list(day[0][0]) == ["day", "player"] and day[1] == ["day", "player"]


def test_the_order_people_left_in_is_their_place():
    # Among one season's listed people, the first to leave has the highest finishing place.
    assert answer_shape("and of that tribe, who was sent home first?", "tribe_members") == (Extreme("place", True),)
    assert answer_shape("the first of the jurors to go", "season_jury") == (Extreme("place", True),)
    members = [{"player": "Early", "castaway_id": "a", "place": 12}, {"player": "Late", "castaway_id": "b", "place": 3}]
    assert apply_operations(answer_shape("who got voted out first", "tribe_members"), members,
                            list(members[0]))[0] == members[:1]
    # Near misses: a first that is not an exit; rows that can span seasons, whose places do not compare.
    assert answer_shape("who was the first juror to vote", "season_jury") == ()
    assert answer_shape("which tribe won immunity first", "tribe_members") == ()
    assert answer_shape("who went home first, Parvati or Amanda?", "player_exit") == ()


def test_counting_a_chained_winner_and_the_winner_of_a_season_by_whoever():
    one = masked_plan("How many seasons has the Philippines winner played?", [25],
                      mentions=[Mention("Philippines", "season", 25)])
    assert one.tool == "player_career" and is_ref(one.params["castaway_id"])
    assert one.operations == (Focus("seasons_played"),)
    two = masked_plan("Which original tribe was whoever won Game Changers on?", [34],
                      mentions=[Mention("Game Changers", "season", 34)])
    assert two.tool == "tribe_members" and is_ref(two.params["castaway_id"]) and two.params["phase"] == "original"
    three = masked_plan("Who got voted out first in the season Rob won?", [], [ROB], [Mention("Rob", "person")])
    assert three.tool == "boot_order" and is_ref(three.params["season"]) and three.params["position"] == 1


def test_a_narrative_question_naming_an_episode_focuses_on_it():
    from survivorgraph.agent.episode_focus import focus_episodes
    timeline = [{"episode": e, "label": "", "left_castaway_ids": [], "left_the_game": []} for e in range(1, 9)]
    assert focus_episodes("Could you recap episode 2 of Fiji for me?", [], timeline).episodes == [2]
    assert focus_episodes("Summarise the sixth episode of Fiji", [], timeline).episodes == [6]
    assert focus_episodes("Summarise episode 12 of Fiji", [], timeline).episodes == []  # not in the season


@pytest.mark.parametrize("text, seasons, tool, params, asked", [
    ("How many women were in the season 26 cast?", [26], "season_cast", {"season": 26},
     (Gender("Female"), Count("castaway_id"))),
    ("Which woman was the first to be voted out of season 42?", [42], "boot_order", {"season": 42},
     (Gender("Female"), Pick("first"))),
    ("Who was the third man voted out of season 12?", [12], "boot_order", {"season": 12},
     (Gender("Male"), Pick(2))),
])
def test_a_gender_keeps_the_people_of_any_list_and_picks_among_them(text, seasons, tool, params, asked):
    p = plan(text, seasons)
    assert (p.tool, p.params) == (tool, params)
    assert [op(p, type(o)) for o in asked] == list(asked)


def test_no_gender_when_both_are_asked_or_an_idiom_names_no_one():
    from survivorgraph.agent.restrictions import gender_asked

    assert not plan("How many men and women were in the season 26 cast?", [26]).has(Gender)
    assert gender_asked("Who was the last man standing in season 26?") is None
    assert gender_asked("Which of the ladies won immunity?") == "Female"


def test_rank_year_and_average_shapes_apply_to_any_rows():
    ranking = [{"player": "Ben", "castaway_id": "a", "confessionals": 70},
               {"player": "Chrissy", "castaway_id": "b", "confessionals": 51},
               {"player": "Ryan", "castaway_id": "c", "confessionals": 51},
               {"player": "Devon", "castaway_id": "d", "confessionals": 40}]
    shape = answer_shape("who had the second-most confessionals on season 35?", "confessional_leaders")
    assert shape == (Rank(2),)
    rows, _ = apply_operations(shape, ranking, list(ranking[0]))
    assert [r["player"] for r in rows] == ["Chrissy", "Ryan"]  # tied on the second value: both
    assert apply_operations((Rank(5),), ranking, list(ranking[0]))[0] == []

    seasons = [{"season": 17, "premiered": "2008-09-25"}, {"season": 18, "premiered": "2009-02-12"},
               {"season": 19, "premiered": "2009-09-17"}, {"season": 20, "premiered": "2010-02-11"}]
    shape = answer_shape("which seasons of survivor premiered in 2009?", "season_list")
    assert InYear(2009) in shape
    assert [r["season"] for r in apply_operations(shape, seasons, ["season", "premiered"])[0]] == [18, 19]

    cast = [{"player": "A", "age": 30}, {"player": "B", "age": 41}, {"player": "C", "age": None}]
    shape = answer_shape("average age of the season 34 cast?", "season_cast")
    assert shape == (Aggregate("average", "age"),)
    assert apply_operations(shape, cast, ["player", "age"])[0] == [{"average_age": 35.5, "of": 2}]


def test_seasons_by_premiere_year_and_the_last_season_with_a_fact_route():
    assert plan("which seasons of survivor premiered in 2009?").tool == "season_list"
    last = plan("Which was the last season to end with a final two?")
    assert (last.tool, op(last, Where), op(last, Pick)) == ("season_facts", Where({"n_finalists": 2}), Pick("last"))


def test_the_season_of_a_tribe_is_that_season():
    chosen = route(Slots("Who was the winner of the season with the T1 tribe", [2], [], [("Kucha", 2)]))
    assert (chosen.tool, chosen.params) == ("season_winner", {"season": 2})


def test_two_people_compared_on_votes_received_or_jury_votes():
    votes = plan("Who had more votes thrown their way on season 36: P1 or P2?", [36], [ROB, SANDRA])
    assert (votes.tool, op(votes, Where)) == ("most_votes_received", Where({"castaway_id": [ROB, SANDRA]}))
    jury = plan("How many jury votes did P1 get compared to P2 at the end of season 5?", [5], [ROB, SANDRA])
    assert (jury.tool, jury.params, op(jury, Where)) == ("season_finalists", {"season": 5},
                                                         Where({"castaway_id": [ROB, SANDRA]}))


def test_which_juror_a_person_was_and_who_was_out_on_a_day():
    juror = plan("Which juror was P1 on season 7 - first, second, third...?", [7], [SANDRA])
    assert (juror.tool, juror.operations) == ("season_jury", (Where({"castaway_id": SANDRA}), Focus("juror_number")))
    day = plan("who got voted out on day 16 of season 23?", [23])
    assert (day.tool, day.params, op(day, At)) == ("boot_order", {"season": 23}, At({"day": 16}))


@pytest.mark.parametrize("text, seasons, left_out", [
    ("apart from the winner, who won individual immunity on season 20", [20],
     {"tool": "season_winner", "params": {"season": 20}}),
    ("Among players who never won the game, who won individual immunity the most times?", [],
     {"tool": "winners_with_jury_votes", "params": {}}),
])
def test_winners_are_left_out_of_any_list_of_people(text, seasons, left_out):
    chosen = plan(text, seasons)
    assert chosen.sets(False) == [{**left_out, "key": "castaway_id", "on": "castaway_id"}]
    assert chosen.params.get("limit") in (None, 1000)  # a ranking ranks everyone before winners leave


def test_every_challenge_winner_of_a_season_but_not_a_comparison():
    assert plan("who won individual immunity on season 20?", [20]).tool == "season_challenge_winners"
    assert plan("Who won more individual immunities on season 28, P1 or P2?", [28], [ROB, SANDRA]).tool \
        == "individual_immunity_ranking"


def test_an_episode_named_by_its_quoted_title():
    chosen = plan('"Icarus Time" was which episode of season 48?', [48])
    assert (chosen.tool, chosen.operations) == ("episode_facts", (Where({"title": "Icarus Time"}), Focus("episode")))
    aired = plan("When did 'Icarus Time' air in season 48? Which episode was that?", [48])
    assert op(aired, Focus) == Focus("air_date")


def test_a_career_negation_is_a_complement_and_returnees_keep_a_list():
    career = plan("Who has played 4 or more times but never won individual immunity?")
    assert (career.tool, career.params) == ("players_with_min_seasons", {"min_seasons": 4, "limit": 1000})
    assert career.sets(False)[0]["tool"] == "individual_immunity_ranking"
    returning = plan("Which returning players on season 26 didn't make the merge?", [26])
    assert returning.tool == "castaways_without" and returning.sets(True) == [
        {"tool": "season_cast", "params": {"season": 26, "returnees_only": True}, "key": "castaway_id",
         "on": "castaway_id"}]
    from survivorgraph.agent.restrictions import _RETURNING

    assert not _RETURNING.search("Who returned to camp after the vote?")
    left = plan("Who left season 16 without being voted out?", [16])
    assert (left.tool, op(left, WhereNot)) == ("boot_order",
                                               WhereNot({"exit_type": ["voted_out", "runner_up", "winner"]}))


@pytest.mark.parametrize("text, season, pick, side, without", [
    ("on season 46, who was the last person voted out before the merge?", 46, -1, "within", "merge"),
    ("Who was the first person voted out after the merge in season 20?", 20, "first", "except", "merge"),
    ("Who was the last person out of season 14 before the jury started?", 14, -1, "within", "jury"),
])
def test_a_pick_on_one_side_of_the_merge_or_the_jury(text, season, pick, side, without):
    chosen = plan(text, [season])
    assert (chosen.tool, chosen.params, op(chosen, Pick)) == ("boot_order", {"season": season}, Pick(pick))
    (spec,) = chosen.sets(keep=side == "within")
    assert (spec["tool"], spec["params"]["without"]) == ("castaways_without", without)


def test_first_timers_are_the_returnees_left_out():
    chosen = plan("Which season 16 jurors hadn't played before?", [16])
    assert chosen.tool == "season_jury" and chosen.sets(False)[0]["params"] == {"season": 16, "returnees_only": True}


def test_two_people_by_age_the_boots_between_two_and_winners_by_gender():
    older = plan("which of P1 and P2 is older?", [], [ROB, SANDRA])
    assert (older.tool, older.params, older.operations) == ("people_facts", {"castaway_ids": [ROB, SANDRA]},
                                                            (Extreme("date_of_birth", False),))
    between = plan("On season 19, who went home between P1 and P2?", [19], [ROB, SANDRA])
    assert (between.tool, op(between, Between)) == ("boot_order", Between("castaway_id", ROB, SANDRA))
    women = plan("How many women have taken the title of Sole Survivor?")
    assert women.tool == "repeat_winners" and op(women, Gender) == Gender("Female")
    not_men = plan("Which seasons of the show weren't won by a man?")
    assert not_men.tool == "season_list" and not_men.sets(False)[0]["operations"] == (Gender("Male"),)


def test_between_and_date_extremes_as_shapes():
    boots = [{"castaway_id": c} for c in "abcdef"]
    assert apply_operations((Between("castaway_id", "e", "b"),), boots, ["castaway_id"])[0] == boots[2:4]
    assert apply_operations((Between("castaway_id", "b", "z"),), boots, ["castaway_id"])[0] == []
    people = [{"player": "A", "date_of_birth": "1975-06-05"}, {"player": "B", "date_of_birth": "1968-02-01"}]
    oldest = apply_operations((Extreme("date_of_birth", False),), people, ["player", "date_of_birth"])
    assert [r["player"] for r in oldest[0]] == ["B"]


def test_a_tribe_after_the_swap_and_the_season_someone_was_evacuated_from():
    swapped = plan("After the swap on season 30, what tribe was P1 on?", [30], [ROB])
    assert swapped.params == {"season": 30, "castaway_id": ROB, "phase": "swapped"}
    medevac = plan("Where was the season P1 got medevaced from filmed?", [], ["US0246"])
    assert medevac.tool == "season_facts" and medevac.params["season"]["where"] == {"result": "Medically evacuated"}


def test_a_persons_first_win_a_final_two_or_three_and_work():
    first = plan("When did P1 win his first individual immunity on season 33 - which episode?", [33], [ROB])
    assert (first.tool, first.operations) == ("season_challenge_winners",
                                              (Where({"castaway_id": ROB}), Pick("first"), Focus("episode")))
    assert "pick" not in first.params
    finalists = plan("season 6 - was that a final two or a final three?", [6])
    assert (finalists.tool, finalists.operations) == ("season_facts", (Focus("n_finalists"),))
    assert plan("what do they do for work?", [], [ROB]).operations == (Focus("occupation"),)


def test_the_tribe_swap_who_moved_from_where_to_where_and_when():
    moved = plan("At the season 44 swap, who ended up on a different tribe?", [44])
    assert (moved.tool, moved.params, moved.operations) == ("tribe_swap", {"season": 44},
                                                            (Where({"changed_tribe": True}),))
    stayed = plan("Who on season 30 didn't change tribes at the swap?", [30])
    assert stayed.operations == (Where({"changed_tribe": False}),)  # the rule reads its negation: no set difference
    from_to = plan("who went from T1 to T2 when the tribes were swapped on season 14?", [14], [], [("Ravu", 14),
                                                                                                  ("Moto", 14)])
    assert op(from_to, Where) == Where({"tribe_before": "Ravu", "tribe_after": "Moto", "changed_tribe": True})
    joined = plan("who got switched to T1 in the season 14 tribe swap?", [14], [], [("Moto", 14)])
    assert op(joined, Where) == Where({"tribe_after": "Moto", "changed_tribe": True})
    when = plan("which episode had the tribe swap in season 45?", [45])
    assert (when.tool, when.operations) == ("tribe_swap", (Pick("first"), Focus("episode")))
    assert op(plan("how many players switched tribes in the season 45 swap?", [45]), Count) == Count("castaway_id")
    assert plan("second swap of season 46: who moved?", [46]).params == {"season": 46, "swap_number": 2}
    assert plan("After the swap on season 30, what tribe was P1 on?", [30], [ROB]).tool == "tribe_members"


def test_when_the_tribes_merged_and_what_the_merged_tribe_was_called():
    for text, focus in (("when did the tribes merge on season 11?", "episode"),
                        ("what episode was the merge in season 11", "episode"),
                        ("on which day did season 28 merge?", "first_day"),
                        ("what was the merge tribe called in season 28", "tribe")):
        merged = plan(text, [int(text.split("season ")[1][:2])])
        assert (merged.tool, merged.operations) == ("season_tribes", (Where({"phase": "merged"}), Focus(focus))), text
    assert "merge of a season" not in plan("what happened when the tribes merged on season 28?", [28]).reason


def test_people_from_a_place_and_places_ranked_by_castaways():
    from survivorgraph.agent.rules.hometowns import place_readings

    assert place_readings("how many players came from new york city and won?") == ["new york city", "new york", "new"]
    assert place_readings("which castaways are from Ohio?") == ["Ohio"]
    assert place_readings("who hails from the state of New Mexico") == ["New Mexico", "New"]
    assert place_readings("which castaways from season 40 won immunity?") == []  # a season, not a place
    hawaii = plan("How many players on the show hail from Hawaii?")
    assert (hawaii.tool, hawaii.params, hawaii.operations) == ("castaways_from", {"places": ["Hawaii"]},
                                                               (Count("castaway_id"),))
    assert plan("who on season 40 was from Texas?", [40]).params == {"places": ["Texas"], "season": 40}
    assert plan("where is P1 from?", [], [ROB]).tool != "castaways_from"  # a person's own hometown
    ranked = plan("Other than California, which state has produced the most players?")
    assert (ranked.tool, ranked.params) == ("home_place_ranking", {"by": "state"})
    assert ranked.operations == (WhereNot({"place": ["California"]}), Extreme("n_players", True))
    assert op(plan("which city do the fewest castaways come from"), Extreme).max is False
    assert plan("which city do the fewest castaways come from").params == {"by": "city"}


def test_how_long_a_season_lasted_and_when_it_aired():
    for text, column in (("season 47 lasted how many days?", "days"), ("how long did season 1 last", "days"),
                         ("what night of the week did season 12 air? what timeslot", "timeslot")):
        asked = plan(text, [int(text.split("season ")[1].split()[0])])
        assert (asked.tool, asked.operations) == ("season_facts", (Focus(column),)), text
    assert plan("how many days did P1 last on season 20", [20], [ROB]).tool != "season_facts"


def test_a_lead_clause_names_the_people_a_negated_clause_is_about():
    from survivorgraph.agent.complements import split_at_negation

    assert split_at_negation("Who made the merge on season 29 but didn't end up on the jury?") == (
        "Who made the merge on season 29", "didn't end up on the jury?")
    assert split_at_negation("who never won?") is None  # no lead of its own
    # the rule reads the negated clause (never on the jury); the lead keeps it to those who made the merge
    merged = plan("Who made the merge on season 29 but didn't end up on the jury?", [29])
    assert (merged.tool, merged.params["without"]) == ("castaways_without", "jury")
    assert [(w["tool"], w["params"]) for w in merged.sets(True)] == [("tribe_members",
                                                                            {"season": 29, "phase": "merged"})]
    # no subject word names the universe: the lead's people are it, minus the clause worded positively
    winners = plan("Which individual immunity winners on season 39 didn't make it to final tribal?", [39])
    assert (winners.tool, winners.params) == ("season_challenge_winners",
                                              {"season": 39, "kind": "immunity", "scope": "individual"})
    assert [x["tool"] for x in winners.sets(False)] == ["final_tribal_council"]
    never = plan("season 44: which merged players got through the whole game without an individual immunity win?", [44])
    assert never.tool == "tribe_members" and never.sets(False)[0]["tool"] == "season_challenge_winners"
    # a lead that names the same people as the plan adds nothing
    assert not plan("On season 46, which members of the jury did not vote for P1?", [46], ["US0687"]).sets(True)


def test_the_final_tribal_council_is_not_the_last_challenge_nor_a_tribe_win():
    winners = plan("who won individual immunity on season 39 and made final tribal council?", [39])
    assert winners.params == {"season": 39, "kind": "immunity", "scope": "individual"}
    assert plan("who won the final immunity of season 39?", [39]).params["pick"] == "last"
    assert plan("which tribe won immunity in episode 3 of season 39?", [39]).params["scope"] == "tribal"


def test_episodes_and_seasons_ranked_by_audience_or_rating():
    biggest = plan("which episode of season 35 pulled the biggest audience?", [35])
    assert (biggest.tool, biggest.operations) == ("episode_facts", (Extreme("viewers", True), Focus("episode")))
    lowest = plan("Which season is the lowest rated, going by the average IMDb rating of its episodes?")
    assert (lowest.tool, lowest.operations) == ("season_ratings", (Extreme("imdb_rating", False),))
    viewers = plan('How many viewers tuned in for "Kindergarten Camp" (season 32)?', [32])
    assert viewers.operations == (Where({"title": "Kindergarten Camp"}), Focus("viewers"))
    titled = plan('Who was sent home in the "Sumo at Sea" episode of season 10?', [10])
    assert titled.tool == "episode_events" and titled.params["episode"]["where"] == {"title": "Sumo at Sea"}


def test_among_a_lead_the_rest_is_asked_of_its_people():
    jury = plan("Of the people on the season 49 jury, who got the most confessionals?", [49])
    assert jury.tool == "confessional_leaders" and jury.params["limit"] == 1000
    assert [w["tool"] for w in jury.sets(True)] == ["season_jury"] and op(jury, Rank) == Rank(1)
    # "the third one voted out after the merge" is a pick among the post-merge boots, not a person ref
    third = plan("season 9: who was the third one voted out after the merge?", [9])
    assert third.tool == "boot_order" and op(third, Pick) == Pick(2) and "position" not in third.params
    assert third.sets(False)[0]["params"]["without"] == "merge"


def test_a_tribes_challenge_wins():
    baka = plan("On season 43, T1 won how many immunity challenges as a tribe?", [43], [], [("Baka", 43)])
    assert (baka.tool, baka.params, baka.operations) == ("tribe_challenge_wins", {"season": 43, "kind": "immunity",
                                                                                  "tribe": "Baka"}, (Focus("wins"),))
    never = plan("Which starting tribe on season 25 never won a single immunity challenge?", [25])
    assert never.params["phase"] == "original" and op(never, Where) == Where({"wins": 0})
    assert op(plan("which tribe won the most rewards on season 44", [44]), Extreme).column == "wins"
    assert plan("which tribe won immunity in episode 3 of season 39?", [39]).tool == "season_challenge_winners"


@pytest.mark.parametrize("text", ["How many people applied to be on season 30?",
                                  "Which blindside on season 34 was the most shocking?",
                                  "how much does Jeff Probst get paid for a season", "which season had the best cast"])
def test_applicants_judgements_of_moments_and_the_hosts_pay_are_not_in_the_data(text):
    assert plan(text, [30]).tool == "abstain"


def test_where_someone_was_living_is_their_hometown_that_season():
    assert plan("By the time of season 8, where was P1 living?", [8], [ROB]).operations == (Focus("city"),)
    assert plan("who applied the idol for P1 on season 40", [40], [ROB]).tool != "abstain"


def test_people_found_for_both_of_two_people():
    both = plan("On season 11, who voted against both P1 and P2 at some point?", [11], ["US0161", "US0152"])
    assert (both.tool, both.params) == ("votes_received_by_player", {"castaway_id": "US0161", "season": 11})
    [second] = both.sets(True)
    assert (second["params"]["castaway_id"], second["key"], second["on"]) == ("US0152", "voter_id", "voter_id")
    alongside = plan("Name everyone who has played alongside both P1 and P2.", [], ["US0460", "US0032"])
    assert (alongside.tool, alongside.sets(True)[0]["params"]) == ("castmates", {"castaway_id": "US0032"})
    # a person's own rows (their career) are not a list of other people to intersect: no rule reads it (the
    # seasons two people shared are the example router's)
    shared = plan("how many seasons have both P1 and P2 played?", [], ["US0460", "US0032"])
    assert shared is None or not shared.sets(True)


def test_the_juror_beside_a_person_the_first_idol_played_and_seasons_without_a_swap():
    after = plan("Who joined the season 4 jury right after P1?", [4], ["US0058"])
    assert (after.tool, after.operations) == ("season_jury", (NextTo("castaway_id", "US0058", 1),))
    idol = plan("First hidden immunity idol played on season 36 - who played it?", [36])
    assert op(idol, Extreme) == Extreme("played_episode", False)
    assert op(plan("who found the last idol on season 40", [40]), Extreme) == Extreme("found_episode", True)
    assert plan("Which seasons never had a tribe swap of any kind?").operations == (Where({"swaps": 0}),)
    assert plan("how many seasons had a tribe swap").operations == (WhereNot({"swaps": [0]}), Count("season"))


def test_next_to_takes_the_row_beside_a_value():
    rows = [{"castaway_id": c} for c in "abc"]
    assert apply_operations((NextTo("castaway_id", "b", 1),), rows, ["castaway_id"])[0] == [{"castaway_id": "c"}]
    assert apply_operations((NextTo("castaway_id", "a", -1),), rows, ["castaway_id"])[0] == []


def test_juries_across_careers_and_n_time_players():
    from survivorgraph.agent.phrases import min_seasons

    assert plan("Which players have been on a jury the most often?").operations == (Rank(1),)
    assert plan("In total, how many different castaways have served on a jury?").operations == (Count("castaway_id"),)
    assert plan("who has been a juror three times").params == {"min_juries": 3}
    never = plan("Which 3-time (or more) castaways were never on a jury?")
    assert (never.tool, never.params["min_seasons"]) == ("players_with_min_seasons", 3)
    assert never.sets(False)[0]["tool"] == "jury_appearances"
    assert plan("In season 4, which jurors did not vote for the winner?", [4]).tool != "castaways_without"
    assert [min_seasons(t) for t in ("three-time players", "4+ seasons", "played more than once", "3 time winners",
                                     "a three-time visit")] == [3, 4, 2, 3, None]


def test_a_recap_of_an_episode_reads_what_happened_in_it():
    recap = plan("Can you recap episode 2 of season 14?", [14])
    assert (recap.tool, recap.params) == ("episode_events", {"season": 14, "episode": 2})


def test_careers_counted_by_a_milestone():
    most = plan("Who has made the merge the most times?")
    assert (most.tool, most.operations) == ("career_milestones", (Extreme("merges", True), Focus("merges")))
    assert plan("how many times has P1 made the merge?", [], [ROB]).operations == (Where({"castaway_id": ROB}),
                                                                                    Focus("merges"))
    never = plan("who has been on the show more than once but never made a merge?")
    assert never.tool == "players_with_min_seasons" and never.sets(False)[0]["tool"] == "career_milestones"


def test_the_oldest_winner_and_who_had_the_most():
    oldest = plan("Oldest person ever to win Survivor?")
    assert (oldest.tool, op(oldest, Extreme)) == ("winners_with_jury_votes", Extreme("age", True))
    assert op(plan("who is the youngest winner"), Extreme).max is False
    assert op(plan("Who had the most confessionals on season 43?", [43]), Rank) == Rank(1)  # the top, ties kept
    assert not plan("who were the top 5 players with the most confessionals on season 43?", [43]).has(Rank)


def test_nullified_votes_and_a_persons_new_tribe():
    nullified = plan("Total votes that got nullified in season 45 - how many?", [45])
    assert (nullified.tool, nullified.params, nullified.operations) == ("tribal_council_votes", {"season": 45},
                                                                        (Where({"nullified": True}), Count("*")))
    new = plan("once the tribes swapped in season 37, who ended up on P1's new tribe?", [37], ["US0555"])
    assert (new.tool, new.params["phase"], new.params["tribe"]["params"]["phase"]) == ("tribe_members", "swapped",
                                                                                       "swapped")


def test_a_challenge_asked_by_its_name():
    last = plan("What was the very last individual immunity challenge on season 14 called?", [14])
    assert (last.params, last.operations) == ({"season": 14, "kind": "immunity", "scope": "individual", "pick": "last"},
                                              (Focus("challenge_name"),))
    assert plan("what was the first reward challenge of season 40 called", [40]).params["scope"] == "any"


def test_a_persons_vote_the_night_another_went_home():
    night = plan("The night P1 went home on season 27, who did P2 vote for?", [27], ["US0395", "US0394"])
    assert (night.tool, night.operations) == ("tribal_council_votes", (Where({"voter_id": "US0394"}),
                                                                       Focus("voted_for")))
    assert night.params["episode"]["params"] == {"castaway_ids": ["US0395"], "season": 27}


def test_people_on_the_same_tribe_as_someone():
    same = plan("Which season 23 jurors had started on the same tribe as P1?", [23], ["US0353"])
    [within] = same.sets(True)
    assert within["params"]["phase"] == "original" and within["params"]["tribe"]["params"]["castaway_id"] == "US0353"
    winner = plan("Which season 23 jurors had started on the same tribe as the winner?", [23])
    assert winner.tool == "season_jury"  # "the winner" is the person the tribe is looked up for, by a ref
    assert winner.sets(True)[0]["params"]["tribe"]["params"]["castaway_id"]["$ref"] == "season_winner"


def test_the_season_a_tribe_was_on():
    assert plan("the T1 tribe, what season did it come from?", [], [], [("Jalapao", 18)]).params == {"season": 18}

    finishing = plan("Whoever won the most duels on season 22 - where did they end up finishing?", [22])
    assert finishing is None or finishing.tool != "season_facts"  # a placing, not the season's location


def test_when_a_finale_or_a_season_aired():
    finale = plan("What date did the season 22 finale air?", [22])
    assert (finale.tool, finale.operations) == ("episode_facts", (Where({"label": "Finale"}), Focus("air_date")))
    assert plan("when did season 22 air?", [22]).tool == "season_facts"  # "air", not only "aired"


def test_a_seasons_castaways_who_played_again_or_never_did():
    never = plan("which season 28 castaways never played again after it?", [28])
    assert (never.tool, never.operations) == ("season_cast", (Where({"later_seasons": []}),))
    again = plan("who from season 28 came back to play again later?", [28])
    assert again.operations == (WhereNot({"later_seasons": [[]]}),)


def test_the_same_place_as_someone_and_a_lead_after_a_scene_setting_sentence():
    same = plan("was anyone else on season 39 from the same state as P1?", [39], ["US0582"])
    assert (same.tool, same.operations) == ("castaways_from", (WhereNot({"castaway_id": ["US0582"]}),))
    assert same.params["places"][0]["params"] == {"castaway_id": "US0582", "season": 39}
    scene = plan("P1 was the first boot of season 7. Of the people on her starting tribe, how many made the jury?",
                 [7], ["US0097"])
    assert (scene.tool, op(scene, Count)) == ("season_jury", Count("castaway_id"))
    assert scene.sets(True)[0]["tool"] == "tribe_members"


def test_never_on_the_winning_side_of_any_challenge():
    never = plan("Who on season 3 was never on the winning side of a challenge, reward or immunity?", [3])
    assert (never.tool, never.params["without"]) == ("castaways_without", "challenge_win")


def test_winners_on_their_first_season_or_not():
    assert plan("Which winners were not on their debut season when they won?").operations == (
        WhereNot({"seasons_before": [0]}),)
    assert plan("which winners won on their first try").operations == (Where({"seasons_before": 0}),)


def test_a_seasons_number_a_real_name_votes_against_a_ref_and_who_played_an_idol():
    assert plan("Which number season was season 17?", [17]).operations == (Focus("season"),)
    assert plan("P1's real name - what is it?", [], ["US0263"]).operations == (Focus("player"),)
    against = plan("How many tribal council votes were cast against the winner of season 24 over the game?", [24])
    assert (against.tool, against.operations) == ("votes_received_by_player", (Count("*"),))
    assert plan("how many tribal councils were there on season 24?", [24]).tool == "tribal_council_counts"
    played = plan("Who played a hidden immunity idol on season 20?", [20])
    assert played.operations == (WhereNot({"played_by": [None]}), Focus("played_by"))


def test_seasons_with_or_without_idols():
    assert plan("Which seasons had no hidden immunity idol found in them at all?").operations == (Where({"idols": 0}),)
    assert plan("how many seasons had idols").operations == (WhereNot({"idols": [0]}), Count("season"))


def test_seasons_by_the_women_in_their_final():
    assert plan("in which seasons did no woman make it to the final tribal council?").operations == (
        Where({"women_finalists": 0}),)
    assert plan("how many seasons had an all-male final three").operations == (Where({"women_finalists": 0}),
                                                                               Count("season"))
    assert plan("which seasons had a woman in the final").operations == (WhereNot({"women_finalists": [0]}),)


def test_jurors_who_voted_the_same_way_as_a_juror():
    same = plan("Who else on the season 4 jury voted the same way as P1?", [4], ["US0061"])
    assert (same.tool, same.operations) == ("final_jury_votes", (WhereNot({"juror_id": ["US0061"]}),))
    assert same.params["castaway_id"]["where"] == {"juror_id": "US0061"}


def test_everyone_who_played_a_season_with_a_person():
    winners = plan("Which winners has P1 played alongside?", [], ["US0402"])
    assert (winners.tool, winners.operations) == ("castmates", (Where({"ever_won": True}),))
    assert plan("how many people has P1 played with", [], [ROB]).operations == (Count("castaway_id"),)


def test_side_games_sit_outs_duels_journeys_and_the_auction():
    benched = plan("which castaway was benched the most often on season 20", [20])
    assert (benched.tool, benched.params) == ("challenge_sit_outs", {"season": 20})
    assert op(benched, Extreme) == Extreme("sat_out", True)
    assert plan("how many challenges did P1 sit out", [], ["US0593"]).operations == (Focus("sat_out"),)
    never = plan("who on season 41 never sat out of a challenge", [41])  # the cast minus the sit-outs
    assert never.tool == "season_cast" and never.sets(False)[0]["tool"] == "challenge_sit_outs"
    # duels: a named arena without a season keeps that arena's seasons; whom someone faced
    arena = plan("who lost the most duels at the edge of extinction")
    assert (arena.tool, arena.params) == ("duels", {"arena": "edge_of_extinction"})
    assert op(arena, Extreme) == Extreme("losses", True)
    faced = plan("P1 on season 27: who did he battle in duels?", [27], ["US0400"])
    assert (faced.params, faced.operations) == ({"season": 27, "castaway_id": "US0400"}, (Focus("faced"),))
    assert plan("how many duels did P1 win", [], ["US0323"]).operations == (Focus("wins"),)
    # journeys: companions, what they came back with, who kept their vote
    trip = plan("who else went on P1's journey", [], ["US0659"])
    assert op(trip, Focus) == Focus("went_with") and op(trip, WhereNot) == WhereNot({})
    assert plan("season 43 journey: what did P1 get", [43], ["US0625"]).operations == (Focus("reward"),)
    kept = plan("who went on a journey in season 46 and did not lose their vote", [46])
    assert (kept.tool, kept.operations) == ("journeys", (Where({"lost_vote": False}),))
    assert plan("who lost their vote on a journey in season 46", [46]).operations == (Where({"lost_vote": True}),)
    # the auction: what someone bought, who bought nothing, who spent the most
    assert plan("what did P1 purchase at the auction on season 26", [26], ["US0346"]).operations == (Focus("bought"),)
    assert plan("who left the season 10 auction empty-handed", [10]).operations == (Where({"items": 0}),)
    spent = plan("who spent the most at the season 45 auction", [45])
    assert op(spent, Extreme) == Extreme("spent", True)
    from survivorgraph.agent.parts import split_parts

    assert len(split_parts("S46: who went on a journey and did not lose their vote there?")) == 1
    assert len(split_parts("who won season 20 and did Rob play in it?")) == 2


def test_totals_spans_groups_and_differences_as_answer_shapes():
    assert answer_shape("adding up all of her seasons, how many days has P1 spent playing", "player_exit") == \
        (Aggregate("total", "day"),)
    assert Span("episode", 3, 6) in answer_shape("in season 43, who went home in episodes 3 through 6, in order",
                                                 "boot_order")
    assert LargestGroup("original_tribe", True) in answer_shape("which original tribe had the most members on the jury",
                                                                "season_jury")
    exits = [{"player": "C", "day": 37}, {"player": "C", "day": 26}, {"player": "C", "day": 3}]
    assert apply_operations((Aggregate("total", "day"),), exits, ["player", "day"])[0] == [{"total_day": 66, "of": 3}]
    jurors = [{"juror": "A", "original_tribe": "X"}, {"juror": "B", "original_tribe": "Y"},
              {"juror": "C", "original_tribe": "Y"}]
    assert apply_operations((LargestGroup("original_tribe", True),), jurors, ["juror", "original_tribe"],
                  facts=RowFacts(name="juror"))[0] == [{"original_tribe": "Y", "count": 2, "items": ["B", "C"]}]
    pair = [{"player": "Dan", "date_of_birth": "1946-11-05"}, {"player": "Ben", "date_of_birth": "1986-06-25"}]
    (gap,), _ = apply_operations((Difference("date_of_birth"),), pair, ["player", "date_of_birth"])
    assert gap["difference_years"] == 39
    spans = [{"season": 20, "episode": 2}, {"season": 36, "episode": 5}, {"season": 44, "episode": 9}]
    assert apply_operations((Span("season", 36, 10_000),), spans, ["season", "episode"])[0] == spans[1:]
    assert apply_operations((Span("episode", 3, 6),), spans, ["season", "episode"])[0] == spans[1:2]


def test_spans_of_seasons_named_around_one_season():
    from survivorgraph.agent.season_span import season_span

    assert season_span("since s36, which winners") == (36, 10_000)
    assert season_span("from season 35 on") == (35, 10_000)
    assert season_span("before season 8") == (1, 7)
    assert season_span("between season 20 and season 30") == (20, 30)
    assert season_span("season 43, episodes 3 through 6") is None
    since = plan("since s36, which winners didn't win a single individual reward in the season they won?", [36])
    assert (since.tool, op(since, Span, column="season")) == ("castaways_without", Span("season", 36, 10_000))
    assert "season" not in since.params
    ranked = plan("who won the most individual immunities from season 30 onwards", [30])
    assert op(ranked, Span, column="season") is None  # a ranking sums over seasons: it cannot be cut afterwards


def test_more_wordings_of_votes_exits_merges_and_seasons():
    cast = plan("How many times has P1 voted at tribal council, counting both of his seasons?", [], ["US0337"])
    assert (cast.tool, cast.operations) == ("votes_cast_by_player", (Count("*"),))
    from survivorgraph.agent.lexicon import canonical

    assert canonical("how many times has P1 written someone's name down at tribal") == \
        "how many times has P1 voted at tribal"
    assert canonical("How many people were still in the game when season 28 merged?") == \
        "How many people made the merge on season 28?"
    title = plan("What was the name of the episode where P1 was voted out of season 23?", [23], ["US0350"])
    assert (title.tool, title.operations) == ("player_exit", (Focus("episode_title"),))
    in_order = plan("season 43, episodes 3 through 6: who was sent home, in order?", [43])
    assert (in_order.tool, in_order.operations) == ("boot_order", (Span("episode", 3, 6),))
    swap = plan("what was the earliest season with a tribe swap?")
    assert (swap.tool, swap.operations) == ("season_facts", (WhereNot({"swaps": [0]}), Pick("first")))
    idol = plan("which season was the first to have a hidden immunity idol found?")
    assert idol.operations == (WhereNot({"idols": [0]}), Pick("first"))
    finale = plan("Which season's finale drew the biggest audience on TV?")
    assert finale.operations == (Extreme("finale_viewers", True),)
    episodes = plan("which survivor season had the most episodes, not counting recap specials or reunions?")
    assert episodes.operations == (Extreme("regular_episodes", True),)
    older = plan("How many years older was P1 than P2?", [], ["US0317", "US0315"])
    assert older.operations == (Difference("date_of_birth"),)
    town = plan("what town was P1 from", [21], ["US0302"])
    assert (town.tool, town.operations) == ("player_profile", (Focus("city"),))
    night = plan("the night P1 was voted out of season 14, who didn't vote for him?", [14], ["US0213"])
    assert night.tool == "tribal_council_votes" and night.sets(False)[0]["tool"] == "voters_at_elimination"
    later = plan("which of P1's original T1 tribemates on season 24 returned for another season later?", [24],
                 ["US0365"], [("Salani", 24)])
    assert later.sets(True)[-1]["operations"] == (WhereNot({"later_seasons": [[], None]}),)
    first_season = plan("which of the people on season 26 was the winner's first time playing", [26])
    assert not first_season.sets(False)  # a person's first time playing is not "first-timers"
    for unanswerable in ("who is the composer of the show's theme song?", "What high school did P1 go to?"):
        assert plan(unanswerable, [], ["US0500"]).tool == "abstain"
    from survivorgraph.agent.parts import split_parts

    assert [p.text for p in split_parts("s46's top individual immunity winner - where did they finish?")] == \
        ["s46's top individual immunity winner", "where did they finish"]
    assert len(split_parts("Tony and Sarah: which seasons did they play together?")) == 1
    assert len(split_parts("what happened to P1 on s46? I heard he had to be taken out of the game")) == 1
    shared = plan("before the merge on s33, which tribes were P1 and P2 on together?", [33], ["US0491", "US0496"])
    assert (shared.tool, shared.params) == ("tribe_members", {"season": 33, "castaway_id": "US0491"})
    assert shared.sets(True)[0]["params"]["castaway_id"] == "US0496"
    assert op(shared, WhereNot) == WhereNot({"phase": ["merged"]})
    before_swap = plan("on s21, before the tribe swap, who was the last one voted out?", [21])
    assert before_swap.tool == "boot_order" and before_swap.sets(False)[0]["tool"] == "tribe_swap"
    after_swap = plan("who was the first person voted out after the swap in season 21", [21])
    assert after_swap.sets(True)[0]["tool"] == "tribe_swap" and op(after_swap, Pick) == Pick("first")
    assert plan("who switched tribes at the swap in season 21", [21]).tool == "tribe_swap"
    masaya = plan("When P1 went home on season 30, which of his original T1 tribemates voted against him?", [30],
                  ["US0447"], [("Masaya", 30)])
    assert masaya.sets(True) == [{"tool": "tribe_members", "params": {"season": 30, "tribe": "Masaya",
                                                                       "phase": "original"},
                                  "key": "castaway_id", "on": "voter_id", "reading": "the Masaya tribe"}]
    jury = plan("Which season's jury was the biggest?")
    assert (jury.tool, jury.operations) == ("season_facts", (Extreme("jury_size", True),))
    assert plan("which season had the fewest tribes").operations == (Extreme("n_tribes", False),)
    early = plan("Which of the returning players on season 16 went home before the jury started?", [16])
    assert early.tool == "boot_order" and early.sets(True)[0]["params"]["returnees_only"]
    assert early.sets(True)[1]["params"]["without"] == "jury"
    first_aired = plan("what year was P1's first season on tv?", [], ["US0150"])
    assert (first_aired.tool, first_aired.operations) == ("season_facts", (Focus("year"),))
    assert apply_operations((Focus("year"),), [{"season": 10, "premiered": "2005-02-03"}], ["season", "premiered"])[0] \
        == [{"year": 2005, "season": 10, "premiered": "2005-02-03"}]
    votes = plan("how many jury votes did P1 get in season 29", [29], ["US0441"])
    assert (votes.tool, votes.params, votes.operations) == ("final_tribal_council",
                                                            {"season": 29, "castaway_id": "US0441"},
                                                            (Focus("jury_votes"),))
    spilo = plan("P1 on s39 - was he voted out or did something else happen?", [39], ["US0585"])
    assert (spilo.tool, spilo.operations) == ("player_exit", (Focus("result"),))


def test_wordings_from_the_ninth_set():
    assert plan("what nickname did P1 go by on season 38?", [38], ["US0564"]).operations == (Focus("known_as"),)
    watched = plan("roughly how many people watched season 7 each week, on average?", [7])
    assert (watched.tool, watched.operations) == ("season_facts", (Focus("viewers_mean"),))
    two = plan("which got more viewers on average, season 1 or season 2?", [1, 2])
    assert (two.tool, two.operations) == ("season_ratings", (Where({"season": [1, 2]}), Extreme("viewers", True)))
    swapped = plan("Once the tribes were switched up on season 6, who was the first one voted out?", [6])
    assert swapped.tool == "boot_order" and swapped.sets(True)[0]["tool"] == "tribe_swap"
    first_returnees = plan("what was the first season that brought back players who had been on before?")
    assert (first_returnees.tool, first_returnees.operations) == ("season_returnees", (Pick("first"),))
    last_sweep = plan("When was the last time somebody won Survivor with every jury vote?")
    assert (last_sweep.params, last_sweep.operations) == ({"unanimous": True}, (Pick("last"),))
    assert plan("are P1 and P2 still friends after the show?", [], ["US0700", "US0701"]).tool == "abstain"
    assert getattr(plan("who won the first challenge after the show's first swap"), "tool", None) != "abstain"
    from survivorgraph.agent.parts import split_parts

    assert len(split_parts("When did someone last win with every single jury vote? who was it?")) == 1
    first_vote = plan("P1 went a long time without a vote on season 19. which episode did someone first write his "
                      "name down?", [19], ["US0299"])
    assert (first_vote.tool, op(first_vote, Pick)) == ("votes_received_by_player", Pick("first"))
    got = plan("how many votes did P1 receive in season 19", [19], ["US0299"])
    assert (got.tool, got.operations) == ("votes_received_by_player", (Count("*"),))


def test_seasons_ranked_by_what_they_added_up_to_and_single_season_records():
    for text, column in (
            ("In which season were there the most individual immunity challenges?", "individual_immunity_challenges"),
            ("in which season were the most hidden immunity idols played?", "idols_played"),
            ("Which season of Survivor had the most confessionals in total?", "confessionals")):
        ranked = plan(text)
        assert (ranked.tool, ranked.operations) == ("season_totals", (Extreme(column, True),)), text
    record = plan("Who has the record for the most confessionals in one season?")
    assert (record.tool, record.params) == ("confessional_leaders", {"per_season": True})
    names = plan("who has written down the most names at tribal council in a single season?")
    assert (names.tool, names.params["per_season"]) == ("most_votes_cast", True)
    assert plan("in season 20, who got the most confessionals", [20]).params == {"season": 20}
    from survivorgraph.agent.parts import split_parts

    assert len(split_parts("Who has the single-season record for confessionals, and how many did they get?")) == 1
    taj = plan("how many tribal councils did P1 sit through on season 18?", [18], ["US0278"])
    assert (taj.tool, taj.params) == ("tribal_council_counts", {"season": 18, "castaway_id": "US0278"})
    aired = plan("who got voted off in the season 5 episode that aired October 24, 2002?", [5])
    assert aired.tool == "episode_events" and aired.params["episode"]["where"] == {"air_date": "2002-10-24"}
    from survivorgraph.agent.rules.episodes import aired_on

    assert aired_on("on 3rd March 2010") == "2010-03-03" and aired_on("aired 2002-10-24") == "2002-10-24"
    assert aired_on("in episode 5") is None
    twice_with = plan("Who has P1 played with in more than one season?", [], ["US0048"])
    assert (twice_with.tool, twice_with.operations) == ("castmates", (AtLeast({"seasons_together": 2}),))
    mates = [{"player": "A", "seasons_together": [8, 40]}, {"player": "B", "seasons_together": [3]}]
    assert apply_operations((AtLeast({"seasons_together": 2}),), mates, ["player", "seasons_together"])[0] == mates[:1]
    never_final = plan("who has played three or more times and not once reached final tribal council?")
    assert never_final.tool == "players_with_min_seasons" and never_final.params["min_seasons"] == 3
    assert never_final.sets(False)[0]["operations"] == (WhereNot({"finals": [0]}),)
    assert plan("who made the final tribal council twice but never won").params == {"min_finals": 2, "won": False}
    found_day = plan("On what day did P1 find his idol on season 33?", [33], ["US0493"])
    assert (found_day.tool, op(found_day, Focus)) == ("player_advantages", Focus("day"))


def test_after_the_swap_adds_to_a_lists_other_restrictions():
    # "after the swap" once replaced the list's other sets to keep (here the returning players) instead of adding
    after = plan("which returning players were voted out after the swap in season 8", [8])
    assert [spec["tool"] for spec in after.sets(True)] == ["season_cast", "tribe_swap"]


def test_every_line_a_part_names_restricts_a_list():
    """ "After the swap but before the merge": the swapped people, less those who made the merge... both lines."""
    chosen = plan("who got voted out in season 15 after the swap but before the merge?", [15])
    assert chosen.tool == "boot_order"
    assert [spec["tool"] for spec in chosen.sets(True)] == ["tribe_swap", "castaways_without"]


def test_the_first_woman_to_win_keeps_the_women_then_picks():
    chosen = plan("what was the first season a woman won?")
    assert chosen.tool == "winners_with_jury_votes" and chosen.operations == (Gender("Female"), Pick("first"))


def test_the_episode_after_someone_left_is_one_more_than_theirs():
    chosen = plan("the episode after Rob got voted out of season 4, who won individual immunity?", [4], [ROB])
    assert chosen.params["episode"]["$ref"] == "player_exit" and chosen.params["episode"]["step"] == 1


def test_votes_before_the_merge_keep_that_side():
    before = plan("Before the merge in season 16, how many votes had been cast against Rob?", [16], [ROB])
    assert before.tool == "votes_received_by_player" and op(before, WhereNot) == WhereNot({"phase": ["merged"]})
    after = plan("whom did Rob vote for after the merge in season 20?", [20], [ROB])
    assert after.tool == "votes_cast_by_player" and op(after, Where) == Where({"phase": "merged"})


def test_a_described_person_or_season_is_the_lead_of_the_part_asked():
    from survivorgraph.agent.parts import split_parts

    season_first = split_parts("the most-watched season ever - who was the first one voted out of it?")
    assert [p.lead for p in season_first] == [True, False] and season_first[1].refers_to_season
    person_first = split_parts("The winner of Redemption Island - who won their first season?")
    assert [p.lead for p in person_first] == [True, False] and person_first[1].refers_to_person
    assert len(split_parts("s41 final four - who made it?")) == 1  # no season described: one part
    their_first = split_parts("The Samoa winner's first time playing - what place did they get?")
    assert their_first[0].text == "The Samoa winner" and their_first[1].text.endswith("in their first season")


def test_the_states_nobody_came_from_are_the_fifty_less_those_listed():
    chosen = plan("Which US states have never had a single castaway?")
    rows = [{"place": state, "n_players": 3} for state in ("California", "texas")]
    missing, columns = apply_operations(chosen.operations, rows, ["place", "n_players"])
    assert columns == ["place"] and len(missing) == 48 and {"place": "Alaska"} in missing
    assert {"place": "Texas"} not in missing  # whatever its case


def test_a_journey_without_the_risk_and_the_first_idol_found():
    journey = plan("which season 43 players went on a journey but didn't risk their vote?", [43])
    assert op(journey, Where) == Where({"chose_to_play": False})
    first = plan("whoever found season 49's first idol - who got their jury vote?", [49])
    assert first.tool == "final_jury_votes" and first.params["castaway_id"]["$ref"] == "advantage_events"
    assert first.params["castaway_id"]["pick"] == 0



def test_challenges_counted_per_season_and_an_episode_counted_across_the_show():
    most = plan("In which season were players blindfolded in the most challenges?")
    assert most.tool == "challenge_counts_by_season" and most.params == {"feature": "obstacle_blindfolded"}
    assert most.operations == (Extreme("challenges", True),)
    pair = plan("season 18 vs season 15 - which had more maze challenges?", [18, 15])
    assert op(pair, Where) == Where({"season": [18, 15]}) and op(pair, Extreme).max
    never = plan("from s35 onward, which seasons had no blindfolded challenges at all", [35])
    assert op(never, Where) == Where({"challenges": 0}) and "season" not in never.params
    assert plan("how many puzzle challenges were there in season 16?", [16]).tool == "challenges"  # one season
    hundredth = plan("in the show's 100th episode overall, who got voted out?")
    assert (hundredth.tool, hundredth.params, hundredth.operations) == ("episode_overall", {"overall": 100},
                                                                        (Focus("left_game"),))
    assert plan("what was the 20th episode ever called?").params == {"overall": 20}
    fifth = plan("who went home in the 5th episode of season 20", [20])  # within a season: not across the show
    assert fifth.tool == "episode_events" and fifth.params["episode"] == 5


def test_idols_played_for_someone_else_counted_per_person():
    twice = plan("which players have played an immunity idol for someone other than themselves at least twice?")
    assert twice.params == {"advantage_type": "immunity idol", "event": "played", "for_others": True}
    assert twice.operations == (GroupsOfAtLeast("castaway_id", 2),)
    rows = [{"castaway_id": "US0197", "player": "Parvati", "episode": 11}, {"castaway_id": "US0001", "player": "A",
                                                                             "episode": 3},
            {"castaway_id": "US0197", "player": "Parvati", "episode": 12}]
    kept, columns = apply_operations(twice.operations, rows, ["player", "castaway_id", "episode"])
    assert kept == [{"castaway_id": "US0197", "player": "Parvati", "count": 2}]  # the episodes differ: not shown
    assert columns == ["castaway_id", "player", "count"]
    first = plan("first time ever somebody played a hidden immunity idol for someone else - who played it?")
    assert first.params["for_others"] and first.operations == (Pick("first"),)


def test_redemption_island_and_the_edge_are_arenas_beside_a_duel_or_a_return():
    from survivorgraph.agent.lexicon import Mention
    from survivorgraph.agent.season_span import season_span

    arena, s22 = Mention("redemption island", "season", 22), Mention("s22", "season", 22)
    back = route(Slots("redemption island on s22: which castaways managed to win their way back in", [22], [], [],
                       [arena, s22]))
    assert (back.tool, back.params, back.operations) == ("arena_stays", {"season": 22}, (Where({"returned": True}),))
    bvw = Mention("blood vs. water", "season", 27)
    never = route(Slots("who was sent to redemption island on blood vs. water and never won a single duel?", [22, 27],
                        [], [], [arena, bvw]))
    assert (never.tool, never.params, never.operations) == ("duels", {"season": 27}, (Where({"wins": 0}),))
    edge = route(Slots("who came back from the edge of extinction?", [38], [], [],
                       [Mention("edge of extinction", "season", 38)]))
    assert edge.params == {"arena": "edge_of_extinction"} and edge.operations == (Where({"returned": True}),)
    pair = plan("on season 27: did P1 or P2 win more duels?", [27], [ROB, "US0300"])
    assert pair.operations == (Where({"castaway_id": [ROB, "US0300"]}), Sort("wins", True))
    assert season_span("season 22 on s22 - who came back") is None  # a name read as a season is not "on(wards)"
    assert season_span("from s35 on, which seasons") == (35, 10**4) and season_span("s41 on, who won") == (41, 10**4)


def test_an_advantages_conditions_money_at_the_auction_and_confessionals_per_episode():
    from survivorgraph.agent.parts import split_parts

    catch = plan("the idol P1 found on season 33 came with a catch - from what day on could she play it?", [33], [ROB])
    assert catch.tool == "player_advantages" and op(catch, Focus) == Focus("conditions")
    assert "advantage_type" not in getattr(op(catch, Where), "match", {})  # a Super Idol is an idol too
    broke = plan("was anyone at the season 47 auction with no money at all to bid?", [47])
    assert (broke.tool, broke.operations) == ("auction", (Where({"money": 0}),))
    first = plan("which episode did P1 get his first confessional in?", [], [ROB])
    assert first.tool == "confessionals_by_episode" and first.operations == (
        WhereNot({"confessionals": [0, None]}), Pick("first"), Focus("episode"))
    assert plan("how many confessionals did P1 get?", [], [ROB]).tool == "confessional_leaders"
    assert [p.text for p in split_parts("did anybody show up to the s47 auction without any money to bid? who")] == [
        "did anybody show up to the s47 auction without any money to bid — who"]  # a bare "who" asks more of the same


def test_a_seasons_premiere_and_finale_compared_thresholded_and_ranked():
    gap = plan("how many more people watched the season 8 premiere than its finale?", [8])
    assert op(gap, Where) == Where({"season": 8})
    assert op(gap, ColumnDifference) == ColumnDifference("premiere_viewers", "finale_viewers")
    row = {"season": 8, "season_name": "All-Stars", "premiere_viewers": 33270000, "finale_viewers": 24760000}
    (diff,), _ = apply_operations(gap.operations, [row], list(row))
    assert diff["premiere_viewers_minus_finale_viewers"] == 8510000
    under = plan("since s40, which finales didn't even get an 8.0 on imdb?", [40])
    assert op(under, Bound, kind="below") == Bound("below", {"finale_rating": 8.0})
    assert op(under, Span, column="season") == Span("season", 40, 10**4)
    rows = [{"season": 41, "finale_rating": 7.9}, {"season": 42, "finale_rating": 8.0}]
    below = (Bound("below", {"finale_rating": 8.0}),)
    assert apply_operations(below, rows, ["season", "finale_rating"])[0] == [rows[0]]
    assert op(plan("which premieres were rated above 8.5"), Bound, kind="above") == Bound("above",
                                                                                         {"premiere_rating": 8.5})
    longest = plan("which season had the longest premiere episode?")
    assert op(longest, Extreme) == Extreme("premiere_minutes", True)


def test_buff_colours_castaway_scores_and_how_long_an_advantage_was_held():
    buff = plan("what colour was P1's buff when season 25 started?", [25], [ROB])
    assert (buff.tool, buff.params["phase"], buff.operations) == ("tribe_members", "original", (Focus("buff_colour"),))
    score = plan("going by survivoR's castaway scores, who has the best overall score on season 14?", [14])
    assert score.tool == "castaway_scores" and op(score, Extreme) == Extreme("score_overall", True)
    held = plan("on season 35, who spent the most episodes sitting on an advantage or idol?", [35])
    assert op(held, Extreme) == Extreme("advantage_episodes", True)
    assert plan("whoever held onto an advantage the longest on season 41", [41]).tool == "season_cast"
    never = plan("which finalists from s41 on never held an idol or advantage at any point in their season?", [41])
    assert never.tool == "season_finalists" and op(never, Where) == Where({"advantage_episodes": 0})
    assert op(never, Span, column="season") == Span("season", 41, 10**4)


def test_survivors_threat_ratings_and_score_bounds():
    band = plan("in survivoR's numbers, where does P1 rank as a strategic threat on s25 — top x% or bottom", [25],
                [ROB])
    assert (band.tool, band.params) == ("castaway_scores", {"season": 25, "castaway_id": ROB})
    assert band.operations == (Focus("strategic_threat_band"),)
    top = plan("which castaways does survivoR put in its top 1% of challenge threats?")
    assert op(top, Where) == Where({"challenge_threat_band": "Top 1%"}) and not top.has(Extreme)
    biggest = plan("whoever survivoR rates the biggest challenge threat on season 11", [11])
    assert op(biggest, Extreme) == Extreme("challenge_threat", True)
    both = plan("P1 vs P2 on s5, who has the higher outplay score in survivoR?", [5], [ROB, TONY])
    assert op(both, Where) == Where({"castaway_id": [ROB, TONY]}) and op(both, Sort) == Sort("score_outplay")
    bound = plan("who has an overall castaway score of 0.9 or more in survivoR but never won the game?")
    assert op(bound, AtLeast) == AtLeast({"score_overall": 0.9}) and op(bound, Where) == Where({"winner": False})
    half = plan("since s30, which winners are NOT even in survivoR's top half as challenge threats?", [30])
    assert op(half, Where).match["winner"] is True and op(half, Span, column="season") == Span("season", 30, 10**4)
    assert op(half, Where).match["challenge_threat_band"] == [f"Bottom {b}" for b in ("1%", "2%", "5%", "10%",
                                                                                      "20%", "50%")]
    talk = plan("who was the biggest threat on season 20?", [20])
    assert talk is None or talk.tool != "castaway_scores", "a threat in talk, not survivoR's rating"


def test_who_a_tribal_twist_befell_and_who_went_home_on_it():
    summit = plan("on s44, who lost their vote after going on a summit?", [44])
    assert (summit.tool, summit.params) == ("tribal_event_players", {"event": "summit", "season": 44})
    exiled = plan("when was the last time someone got kept out of tribal council because they were on exile?")
    assert (exiled.tool, exiled.params["event"], exiled.operations) == ("tribal_event_players", "exiled",
                                                                        (Pick("last"),))
    countback = plan("who has been sent home on a countback?")
    assert (countback.tool, countback.operations) == ("tribal_events", (Focus("voted_out"),))
    exile_island = plan("who was sent to exile island the most on season 14?", [14])
    assert exile_island is None or exile_island.params.get("event") != "exiled"


def test_the_first_challenge_of_a_kind_and_a_span_of_seasons_without_one():
    first = plan("first ever slide puzzle challenge on survivor - what season")
    assert (first.tool, first.params, first.operations) == ("challenges", {"feature": "puzzle_slide"}, (Pick("first"),))
    borneo = plan("What was season 1's very first challenge called?", [1])
    assert (borneo.tool, borneo.operations) == ("challenges", (Pick("first"),))
    assert plan("which season had the show's first word puzzle challenge").params == {
        "feature": "puzzle_word"}
    span = plan("from s1 to s12, which seasons never had an eating challenge?", [1, 12])
    assert span.tool == "challenge_counts_by_season" and op(span, Where) == Where({"challenges": 0})
    assert op(span, Span, column="season") == Span("season", 1, 12)
    tribe = plan("which tribe won it", [2])
    assert tribe is None or tribe.tool != "season_winner", "a challenge's winner, not the season's"
    eating = plan("the season with the most eating challenges — which one was it")
    assert eating is None or eating.tool != "challenge_wins_ranking"


def test_how_an_advantage_play_came_out_its_target_and_its_kind_counted():
    needed = plan("on season 26, who played an idol that turned out not to be needed at all?", [26])
    assert (needed.tool, needed.params["event"], needed.operations) == ("advantage_events", "played",
                                                                        (Where({"success": "Not needed"}),))
    failed = plan("has knowledge is power ever not worked?")
    assert failed.operations == (Where({"success": "No"}),) and failed.params["advantage_type"] == "knowledge is power"
    target = plan("first time anyone used knowledge is power - who did they go after")
    assert target.operations == (Pick("first"), Focus("played_for"))
    counted = plan("across all the seasons, how many extra vote advantages have been in play?")
    assert counted.operations == (Count("advantage_id"),)
    clueless = plan("in which season were the most idols/advantages found with no clue?")
    assert "advantage_type" not in clueless.params and op(clueless, Where) == Where({"clue": "Found without clue"})
    assert op(clueless, LargestGroup) == LargestGroup("season", True)
    story = plan("the reward stealer on season 33 - who found it", [33])
    assert (story.params, story.operations) == ({"advantage_type": "reward stealer", "season": 33}, ())
    never = plan("which seasons from s36 through s48 didn't have an extra vote advantage", [36, 48])
    assert never.tool == "season_list" and never.sets(False)[0]["tool"] == "advantage_events"
    assert op(never, Span, column="season") == Span("season", 36, 48)


def test_episode_confessionals_and_journey_votes_risked_and_kept():
    busiest = plan("who got voted out in the s38 episode with the most confessionals overall?", [38])
    assert (busiest.tool, busiest.operations) == ("episode_confessionals", (
        Extreme("confessionals", True), Focus("left_the_game")))
    kept = plan("on s43, who risked their vote on a journey and didn't lose it", [43])
    assert op(kept, Where) == Where({"lost_vote": False, "chose_to_play": True})
    assert op(plan("S42: who went on a journey and then did NOT lose their vote?", [42]), Where) == Where(
        {"lost_vote": False})


def test_days_between_two_of_a_seasons_dates_and_the_age_gap_of_a_cast():
    filming = plan("how long was it from the day they started filming season 40 to the night its finale aired?", [40])
    assert (filming.tool, op(filming, ColumnDifference)) == ("season_facts",
                                                             ColumnDifference("ended", "filming_started"))
    after = plan("how long after they finished filming season 27 did it premiere on tv?", [27])
    assert op(after, ColumnDifference) == ColumnDifference("premiered", "filming_ended")
    rows = [{"season": 40, "ended": "2020-05-13", "filming_started": "2019-05-22"}]
    assert apply_operations(filming.operations, rows, list(rows[0]))[0][0]["days_between"] == 357
    gap = plan("on s1, how big was the age gap between the oldest and youngest castaway?", [1])
    assert (gap.tool, op(gap, Range)) == ("season_cast", Range("age"))
    cast = [{"player": "A", "age": 72}, {"player": "B", "age": 22}, {"player": "C", "age": 40}]
    assert apply_operations(gap.operations, cast, ["player", "age"])[0][0]["difference_age"] == 50


def test_how_many_times_more_one_season_drew_than_another():
    ratio = plan("how many times bigger was the s1 finale's audience than the s41 finale's?", [1, 41])
    assert ratio.operations == (Where({"season": [1, 41]}), Ratio("finale_viewers"))
    rows = [{"season": 1, "season_name": "Borneo", "finale_viewers": 51690000},
            {"season": 41, "season_name": "41", "finale_viewers": 5820000}]
    assert apply_operations(ratio.operations, rows, list(rows[0]))[0][0]["finale_viewers_ratio"] == 8.88


def test_seasons_ranked_by_their_casts_average_age():
    young = plan("Going by average age, which season had the youngest cast?")
    assert (young.tool, op(young, Extreme)) == ("season_totals", Extreme("average_age", False))
    assert op(plan("which season had the oldest cast?"), Extreme) == Extreme("average_age", True)


def test_whose_vote_was_stolen_and_a_split_vote():
    stolen = plan("P1 used a steal-a-vote on s43. whose vote did she take", [43], [ROB])
    assert (stolen.tool, stolen.operations) == ("player_advantages", (Where({"event": ["played"]}),
                                                                      Focus("played_for")))
    split = plan("the night P1 got voted out of s49, the majority split their votes - between him and who?", [49],
                 [ROB])
    assert split.tool == "elimination_vote"


def test_whom_a_reward_winner_took_along():
    along = plan("on s44, who did the winner of the first individual reward take with them?", [44])
    assert (along.tool, along.params["pick"], along.operations) == ("season_challenge_winners", "first",
                                                                    (Focus("chosen"),))


def test_a_seasons_nielsen_rank():
    rank = plan("where did survivor rank in the nielsen ratings for the tv season season 18 aired in?", [18])
    assert (rank.tool, rank.operations) == ("season_facts", (Focus("nielsen_rank"),))


def test_the_oldest_or_youngest_of_a_cast_is_a_person_a_part_asks_about():
    buff = plan("what colour buff was the oldest player on season 29 wearing at the start?", [29])
    ref = buff.params["castaway_id"]
    assert buff.tool == "tribe_members" and ref["$ref"] == "season_cast"
    assert ref["extreme"] == {"column": "age", "max": True}


def test_money_left_covered_items_and_swaps_at_the_auction():
    left = plan("how much money did P1 have left over once the season 6 auction was done?", [6], [ROB])
    assert (left.tool, left.operations) == ("auction", (Focus("money_left"),))
    more = plan("who walked out of the s24 auction with more cash left, P1 or P2?", [24], [ROB, TONY])
    assert op(more, Sort) == Sort("money_left") and op(more, Where) == Where({"castaway_id": [ROB, TONY]})
    covered = plan("At the s25 auction, how many of the items were sold covered up?", [25])
    assert (covered.tool, op(covered, Where)) == ("auction_items", Where({"covered": True}))
    swap = plan("at the season 6 auction someone got offered a swap for the covered thing they bought - who", [6])
    assert swap.operations == (Where({"offered_instead": True}), Focus("other_item"))
    rows = [{"item": "Manioc", "covered": True}, {"item": "Cheesecake", "covered": False}]
    assert apply_operations((Where({"covered": True}), Count("*")), rows, ["item", "covered"])[0][0]["count"] == 1


def test_the_items_of_an_auction_in_the_order_they_were_sold():
    first = plan("what was the very first thing sold at the season 26 auction, and who got it?", [26])
    assert (first.tool, first.params, first.operations) == ("auction_items", {"season": 26}, (Pick("first"),))
    priciest = plan("what was the most expensive item ever bought at an auction?")
    assert priciest.operations == (Extreme("cost", True),)
    assert plan("what did P1 buy at the season 26 auction?", [26], [ROB]).tool == "auction"


def test_whom_a_person_played_an_advantage_on_leads_so_a_later_part_asks_about_them():
    from survivorgraph.agent.tools import Evidence
    from survivorgraph.retrievers.agentic import _top_person

    on = plan("P1 used her idol on somebody else on season 44. who was it", [44], [ROB])
    assert op(on, Focus) == Focus("played_for") and op(on, WhereNot) == WhereNot({"played_for_id": [None, ROB]})
    assert op(plan("who did P1 use his idol nullifier on in season 37", [37], [ROB]), Focus) == Focus("played_for")
    found = Evidence("who was it", on, rows=[{"played_for": "Carson", "castaway_id": ROB, "played_for_id": "US0659"}])
    assert _top_person([found]) == ["US0659"]  # the person the part asked for, not the one who played it
    assert _top_person([Evidence("who won", on, rows=[{"winner": "Rob", "castaway_id": ROB}])]) == [ROB]


def test_who_was_already_in_the_arena_when_someone_arrived():
    from survivorgraph.agent.lexicon import Mention

    text = "when P1 got sent to redemption island on s23, who was already there waiting for her?"
    waiting = route(Slots(text, [22, 23], [ROB], [], [Mention("redemption island", "season", 22),
                                                      Mention("s23", "season", 23)]))
    assert (waiting.tool, waiting.params) == ("arena_stays", {"season": 23})
    rows = [{"castaway_id": "A", "arrived_episode": 3, "last_episode_there": 8},
            {"castaway_id": "B", "arrived_episode": 6, "last_episode_there": 6},
            {"castaway_id": ROB, "arrived_episode": 7, "last_episode_there": 7},
            {"castaway_id": "C", "arrived_episode": 9, "last_episode_there": 10}]
    kept, _ = apply_operations(waiting.operations, rows, list(rows[0]))
    assert [r["castaway_id"] for r in kept] == ["A"]


def test_an_auction_item_someone_paid_for_names_the_buyer():
    river = plan("lol someone at the season 2 auction paid for a glass of river water. who was that", [2])
    assert (river.tool, river.operations) == ("auction", (Where({"bought": "glass of river water"}),))


def test_premieres_against_finales_a_premieres_confessionals_and_the_game_by_a_day():
    fewer = plan("which seasons between s30 and s48 had fewer people watching the finale than the premiere?",
                 [30, 48])
    assert fewer.tool == "season_ratings" and op(fewer, Span, column="season") == Span("season", 30, 48)
    assert op(fewer, ColumnLess) == ColumnLess("finale_viewers", "premiere_viewers")
    rows = [{"season": 31, "premiere_viewers": 9.7, "finale_viewers": 9.4},
            {"season": 32, "premiere_viewers": 8.0, "finale_viewers": 9.1}]
    assert apply_operations(fewer.operations, rows, list(rows[0]))[0] == [rows[0]]
    longer = plan("which finale ran longer, season 12 or season 13?", [12, 13])
    assert longer.operations == (Where({"season": [12, 13]}), Extreme("finale_minutes", True))
    none = plan("on s38, who didn't get a single confessional in the premiere?", [38])
    assert (none.tool, none.params, op(none, Where)) == ("confessionals_by_episode", {"season": 38, "episode": 1},
                                                         Where({"confessionals": 0}))
    gone = plan("by day 20 of season 21, how many people had already gone home?", [21])
    assert op(gone, Bound, kind="at_most") == Bound("at_most", {"day": 20}) and op(gone, Count) == Count("*")
    still = plan("on day 30 of s29, who was still in the game?", [29])
    assert op(still, AtLeast) == AtLeast({"day": 30}) and op(still, At) == At({})


def test_shots_in_the_dark_per_person_and_whether_they_worked():
    from survivorgraph.agent.parts import split_parts

    asked = "when did a shot in the dark actually work for the first time? what season, and who played it?"
    worked = plan(asked)
    assert (worked.tool, worked.params, worked.operations) == ("tribal_event_players",
                                                               {"event": "shot in the dark", "outcome": "Safe"},
                                                               (Pick("first"),))
    played = plan("how many times has somebody played their shot in the dark?")
    assert "outcome" not in played.params and op(played, Count) == Count("*")
    assert plan("which seasons had a deadlock?").tool == "tribal_events"
    assert len(split_parts(asked)) == 1


def test_where_a_plan_came_from_is_a_field():
    from survivorgraph.agent.critic import Verdict, follow_up

    later = follow_up(Verdict("who won?", False, "who won?"), set(), ["text_to_cypher"], [], [])
    assert later.source == Source.CRITIC and not later.source.deterministic
    assert Source.RULE.deterministic and Source.COMPLEMENT.deterministic and not Source.LLM_ROUTER.deterministic
    assert Plan("season_winner", {"season": 1}).source == Source.LOOKUP  # a set or a timeline another plan reads


def test_a_plans_shape_is_typed_operations_in_the_order_they_apply():
    from survivorgraph.agent.operations import (
        Count,
        Gender,
        InSet,
        Pick,
        Span,
        Where,
        WhereNot,
        in_order,
        with_ops,
    )

    ordered = (Span("season", 36, 48), Where({"winner": True}), WhereNot({"castaway_id": ["a"]}), Pick("last"),
               Count("castaway_id"))
    assert in_order(reversed(ordered)) == ordered  # each operation has its type's place, whoever adds it
    assert with_ops((Count("castaway_id"),), Pick("last"), Span("episode", 1, 3)) == (
        Span("episode", 1, 3), Pick("last"), Count("castaway_id"))
    leave_out, keep = InSet({"tool": "a"}, keep=False), InSet({"tool": "b"}, keep=True)
    assert in_order((Gender("Female"), keep, leave_out)) == (leave_out, keep, Gender("Female"))
    chosen = plan("How many seasons were filmed in Fiji?")
    assert chosen.operations == (Count("season"),)
    assert chosen.has(Count) and not chosen.has(Pick, Where) and chosen.first(Count) == Count("season")
    assert chosen.sets(keep=False) == [] and chosen.first(Pick) is None


def test_rows_are_read_whole_for_any_operation_that_chooses_among_them():
    from survivorgraph.agent.operations import CHOOSING, ColumnDifference, Count, Focus, GroupsOfAtLeast
    from survivorgraph.agent.tools import SET_ROW_CAP, _cap_for

    assert Count in CHOOSING and GroupsOfAtLeast in CHOOSING and not {Focus, ColumnDifference} & set(CHOOSING)
    assert _cap_for(plan("How many seasons were filmed in Fiji?")) == SET_ROW_CAP  # counted from all the rows
    assert _cap_for(plan("what do they do for work?", [], [ROB])) is None  # a column put first: the toolbox's cap
