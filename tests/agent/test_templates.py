"""Answer templates: the safe formatter and how a part's rows are composed into a sentence (agent.templates). The
pure functions here; tests/retrievers/test_retrievers.py runs the agent with the catalog's templates on the real
graph."""

from __future__ import annotations

import pytest

from queries.catalog import AnswerForms
from survivorgraph.agent.operations import Count, Difference, Extreme, Focus, Missing, Pick, Where
from survivorgraph.agent.templates import TemplateError, compose, render, template_fields, text_of

WINNER = {"season": 40, "season_name": "Survivor: Winners at War", "winner": "Tony Vlachos", "jury_votes": 12,
          "final_vote": "12-4-0", "age": 45}
FORMS = AnswerForms(one="{winner} won {season_name} (season {season})[ with {jury_votes} jury vote(s)]",
                    each="{winner} (season {season})", many="Winners: {items}",
                    count={"rows": "{count} winner(s): {items}"})
COLUMNS = list(WINNER)


# -- the formatter ------------------------------------------------------------------------------------------------
def test_a_template_is_filled_from_the_row():
    assert render(FORMS.one, WINNER) == "Tony Vlachos won Survivor: Winners at War (season 40) with 12 jury votes"


@pytest.mark.parametrize("template", ["{winner.__class__}", "{winner[0]}", "{winner!r}", "{winner:>30}", "{}",
                                      "{0}", "{winner.upper}"])
def test_only_plain_field_names_are_read(template):
    """No attribute access, indexing, conversions or formats: a template cannot reach into a value."""
    assert render(template, WINNER) is None
    with pytest.raises(TemplateError):
        template_fields(template)


def test_a_missing_field_means_the_template_does_not_fit():
    assert render("{winner} won with {votes} votes", WINNER) is None  # not a column of these rows
    assert render("{winner} won at {age}", {**WINNER, "age": None}) is None  # no value, outside brackets


def test_an_optional_part_without_a_value_is_left_out():
    assert render(FORMS.one, {**WINNER, "jury_votes": None}) == "Tony Vlachos won Survivor: Winners at War (season 40)"
    assert render("{winner}[ ({nickname})]", WINNER) is None  # a field the rows lack never fits, brackets or not


def test_lists_booleans_and_numbers_read_as_text():
    assert text_of(["Hali Ford", "Joe Anglim", None]) == "Hali Ford, Joe Anglim"
    assert text_of([]) is None and text_of("  ") is None and text_of(None) is None
    assert text_of(True) == "yes" and text_of(False) == "no"
    assert text_of(5.0) == "5" and text_of(8.42) == "8.42" and text_of(0) == "0"
    assert render("{player} made the merge: {made_merge}", {"player": "Ozzy", "made_merge": True}) == \
        "Ozzy made the merge: yes"


def test_a_word_agrees_with_the_number_beside_it():
    one = {"player": "Ken", "wins": 1, "seasons": [33]}
    many = {"player": "Rob", "wins": 9, "seasons": [8, 20, 22]}
    template = "{player} won {wins} immunity challenge(s) in season(s) {seasons}"
    assert render(template, one) == "Ken won 1 immunity challenge in season 33"
    assert render(template, many) == "Rob won 9 immunity challenges in seasons 8, 20, 22"


def test_values_are_not_read_as_templates():
    quote = {"winner": "Tony", "quote": "{winner} {0} [x]"}
    assert render("{winner} said [{quote}]", quote) == "Tony said {winner} {0} [x]"


def test_the_fields_a_template_names():
    assert template_fields("{player} ({n} season(s))[, {extra}]") == ["player", "n", "extra"]
    with pytest.raises(TemplateError):
        template_fields("[{a} [{b}]]")
    with pytest.raises(TemplateError):
        template_fields("{a")


# -- composing a part's rows -----------------------------------------------------------------------------------------
def test_one_row_reads_as_one_sentence():
    assert compose([WINNER], COLUMNS, (), FORMS) == \
        "Tony Vlachos won Survivor: Winners at War (season 40) with 12 jury votes."


def test_several_rows_are_joined_under_the_lead():
    rows = [WINNER, {**WINNER, "season": 28, "season_name": "Survivor: Cagayan"}]
    assert compose(rows, COLUMNS, (), FORMS) == "Winners: Tony Vlachos (season 40), Tony Vlachos (season 28)."
    items = AnswerForms(each="{winner} ({season_name}, season {season})")  # items with commas: joined with ;
    assert compose(rows, COLUMNS, (), items) == \
        "Tony Vlachos (Survivor: Winners at War, season 40); Tony Vlachos (Survivor: Cagayan, season 28)."


def test_a_lead_may_name_what_every_row_shares():
    rows = [{"juror": "A", "season": 45}, {"juror": "B", "season": 45}]
    forms = AnswerForms(each="{juror}", many="The season {season} jury ({n}): {items}")
    assert compose(rows, ["juror", "season"], (), forms) == "The season 45 jury (2): A, B."
    assert compose([*rows, {"juror": "C", "season": 46}], ["juror", "season"], (), forms) is None


def test_rows_cut_by_the_cap_say_so_and_are_not_counted():
    rows = [{"juror": "A"}, {"juror": "B"}]
    assert compose(rows, ["juror"], (), AnswerForms(each="{juror}", many="Jurors: {items}"), truncated=True) == \
        "Jurors: A, B (the first 2 found; there are more)."
    assert compose(rows, ["juror"], (), AnswerForms(each="{juror}", many="{n} jurors: {items}"), truncated=True) is None


def test_a_count_reads_by_what_it_counted():
    counted = [{"count": 2, "counted": "rows", "items": ["Sandra Diaz-Twine", "Tony Vlachos"]}]
    assert compose(counted, ["count", "counted", "items"], (Count("*"),), FORMS) == \
        "2 winners: Sandra Diaz-Twine, Tony Vlachos."
    seasons = [{"count": 2, "counted": "season", "items": ["x", "y"]}]
    assert compose(seasons, ["count", "counted", "items"], (Count("season"),), FORMS) is None  # no form for seasons


def test_operations_that_keep_or_choose_rows_still_read_as_the_querys_rows():
    assert compose([WINNER], COLUMNS, (Where({"season": 40}), Pick("last")), FORMS).startswith("Tony Vlachos won")


def test_rows_an_answer_operation_made_are_not_read_by_the_querys_templates():
    gap = [{"difference_jury_votes": 4, "between": ["Tony Vlachos", "Natalie Anderson"], "jury_votes": [12, 8]}]
    assert compose(gap, list(gap[0]), (Difference("jury_votes"),), FORMS) is None
    assert compose([WINNER], COLUMNS, (Missing("season", ("41",)),), FORMS) is None


def test_the_column_a_part_asks_for_must_be_in_the_sentence():
    """ "How old was the winner": a sentence without the age would not answer the part."""
    no_age = AnswerForms(one="{winner} won {season_name}")
    assert compose([WINNER], COLUMNS, (Focus("age"),), no_age) is None
    assert compose([WINNER], COLUMNS, (Extreme("age", True),), no_age) is None
    assert compose([WINNER], COLUMNS, (Focus("age"),), AnswerForms(one="{winner} was {age}")) == "Tony Vlachos was 45."


def test_the_person_a_part_asks_for_leads_the_sentence():
    """ "Who did they vote for": a sentence led by the voter would answer with the voter."""
    vote = {"juror": "Alex Moore", "voted_for": "Savannah Louie", "season": 49}
    forms = AnswerForms(one="{juror} voted for {voted_for} to win season {season}", each="{juror} (for {voted_for})")
    assert compose([vote], list(vote), (Focus("voted_for"),), forms) == \
        "Savannah Louie: Alex Moore voted for Savannah Louie to win season 49."
    assert compose([vote], list(vote), (), forms) == "Alex Moore voted for Savannah Louie to win season 49."
    assert compose([vote, {**vote, "juror": "Sophie Sandoval"}], list(vote), (Focus("voted_for"),), forms) == \
        "Savannah Louie: Alex Moore (for Savannah Louie), Savannah Louie: Sophie Sandoval (for Savannah Louie)."


def test_a_list_leaves_out_other_peoples_names_its_evidence_leaves_out():
    """A juror's vote is another person than the list's jurors: said only when the part asks about votes; the
    lead still states how many the list holds and a count the rows carry."""
    rows = [{"juror": "A", "juror_number": 1, "voted_for": "W", "n_jurors": 7},
            {"juror": "B", "juror_number": 2, "voted_for": "X", "n_jurors": 7}]
    forms = AnswerForms(each="{juror} (juror {juror_number}[, voted for {voted_for}])",
                        many="{n} of the season's {n_jurors} jurors: {items}")
    columns = list(rows[0])
    assert compose(rows, columns, (), forms, question="Which jurors were on the same tribe") == \
        "2 of the season's 7 jurors: A (juror 1), B (juror 2)."
    assert compose(rows, columns, (), forms, question="Which jurors voted for W") == \
        "2 of the season's 7 jurors: A (juror 1, voted for W); B (juror 2, voted for X)."
    assert compose(rows, columns, (), AnswerForms(each="{voted_for}: {juror}"), question="Which jurors") is None


def test_no_template_or_no_rows_composes_nothing():
    assert compose([WINNER], COLUMNS, (), None) is None
    assert compose([], COLUMNS, (), FORMS) is None
    assert compose([WINNER, WINNER], COLUMNS, (), AnswerForms(one="{winner}")) is None  # one row's form only


def test_a_plural_word_must_stand_next_to_its_number():
    with pytest.raises(TemplateError, match=r"\(s\)"):
        template_fields("Advantage(s) were found by {player}")
