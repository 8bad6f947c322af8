"""The claim checker (retrievers/claims.py): which numbers, names and citations an answer states, and which of them
its evidence holds. Cases in this file's own wording; the answers recorded from the real model are in
test_grounding_recorded.py."""

from __future__ import annotations

import pytest

from survivorgraph.retrievers.claims import Claim, Evidence, claims_in, passage_text, ranked_by, unsupported_claims
from survivorgraph.retrievers.grounding import retry_prompt, shown_as_fact, withheld_note
from survivorgraph.retrievers.types import ChunkEvidence


def texts(claims) -> list[str]:
    return [c.text for c in claims]


def test_numbers_names_and_citations_are_the_claims():
    claims = claims_in("Tony Vlachos won Survivor: Winners at War (season 40) with 12 of 16 votes [2].")
    assert {("40", "number"), ("12", "number"), ("16", "number"), ("Tony Vlachos", "name"), ("[2]", "citation")} \
        <= {(c.text, c.kind) for c in claims}
    assert "2" not in texts(claims), "a citation's number is not a count"


@pytest.mark.parametrize("answer", ["The tribe lost the challenge.", "He was voted out at Tribal Council.",
                                    "Yes. She won the Final Tribal Council vote.", "Unfortunately, no one did."])
def test_a_sentence_start_and_the_show_words_are_no_claims(answer):
    assert claims_in(answer) == []


def test_the_words_an_answer_template_writes_are_no_claims():
    # A composed answer's own phrasing ("IMDb rating {imdb_rating}", catalog.yaml) names nothing the rows must hold.
    evidence = Evidence(rows=[{"season": 23, "episode": 15, "imdb_rating": 7.2}], question="q")
    assert unsupported_claims("Season 23 episode 15 aired with IMDb rating 7.2.", evidence) == []
    assert texts(unsupported_claims("Season 23 episode 15 aired with Netflix rating 7.2.", evidence)) == ["Netflix"]


def test_a_number_the_rows_lack_is_unsupported():
    evidence = Evidence(rows=[{"player": "Kim Spradlin", "idols_found": 1}],
                        question="How many idols did Kim Spradlin find?")
    assert texts(unsupported_claims("Kim Spradlin found 3 idols.", evidence)) == ["3"]
    assert unsupported_claims("Kim Spradlin found 1 idol.", evidence) == []


def test_a_single_aggregate_row_does_not_vouch_for_the_number_one():
    # "There was 1 …" is not supported by the rows being one row: only a list's length counts.
    evidence = Evidence(rows=[{"n_seasons": 27}], question="How many seasons had a final three?")
    assert texts(unsupported_claims("There was 1 season with a final three.", evidence)) == ["1"]
    assert unsupported_claims("27 seasons had a final three.", evidence) == []


def test_a_list_vouches_for_its_length_and_its_distinct_items():
    rows = [{"player": p, "season": s} for p, s in (("Ann A", 1), ("Bob B", 1), ("Cid C", 2))]
    evidence = Evidence(rows=rows, question="Who played in seasons 1 and 2?")
    assert unsupported_claims("3 castaways: Ann A, Bob B and Cid C, over 2 seasons.", evidence) == []


def test_a_list_in_a_row_vouches_for_its_length():
    evidence = Evidence(rows=[{"tribe": "Kele", "members": ["Ann A", "Bob B", "Cid C"]}],
                        question="Who was on the Kele tribe?")
    assert unsupported_claims("Kele had 3 members: Ann A, Bob B and Cid C.", evidence) == []
    assert texts(unsupported_claims("Kele had 4 members.", evidence)) == ["4"]


def test_number_words_rounding_and_percentages():
    evidence = Evidence(rows=[{"share": 0.6667, "age": 38.6, "votes": 4}], question="q")
    assert unsupported_claims("Four votes, 67% of the jury; she was 39.", evidence) == []
    assert texts(unsupported_claims("Five votes.", evidence)) == ["Five"]


def test_a_made_up_name_is_unsupported_and_a_partial_name_is_not():
    evidence = Evidence(rows=[{"player": "Rudy Boesch", "age": 72}], question="Who was the oldest castaway?")
    assert texts(unsupported_claims("Rudy Boesch, aged 72.", evidence)) == []
    assert texts(unsupported_claims("Rudy was 72.", evidence)) == []
    assert set(texts(unsupported_claims("It was Phillip Sheppard, aged 65.", evidence))) == {"Phillip Sheppard",
                                                                                             "65"}


def test_the_question_vouches_for_what_it_names():
    evidence = Evidence(rows=[{"n": 0}], question="How many times did Jeff Probst play as a castaway?")
    assert unsupported_claims("Jeff Probst played 0 times.", evidence) == []


def test_passages_vouch_for_their_words_and_a_citation_must_exist():
    evidence = Evidence(passages=["Michael Skupin fell into the fire on day 19 and was evacuated."],
                        question="Why did Skupin leave?", cited=1)
    assert unsupported_claims("Skupin fell into the fire on day nineteen [1].", evidence) == []
    assert texts(unsupported_claims("He burned his hands [3].", evidence)) == ["[3]"]
    assert texts(unsupported_claims("Skupin fell on day 19 in Kenya [1].", evidence)) == ["Kenya"]


def test_dates_are_checked_by_their_numbers():
    evidence = Evidence(rows=[{"premiered": "2001-01-28"}], question="When did it premiere?")
    assert unsupported_claims("It premiered on January 28, 2001.", evidence) == []
    assert texts(unsupported_claims("It premiered on March 3, 2001.", evidence)) == ["3"]


def test_a_passage_vouches_for_the_season_and_episode_it_is_labelled_with():
    """The prompt labels each passage "(season 11, episode 14)": the model may say so (a false alarm withheld such
    an answer in the first evaluation run)."""
    chunk = ChunkEvidence(chunk_id="c", text="Jenna fell ill and was taken off the island.", score=0.5,
                          title="Survivor: Guatemala", season=11, episode=14)
    evidence = Evidence(passages=[passage_text(chunk)], question="When was someone evacuated?", cited=1)
    assert unsupported_claims("It happened in season 11, episode 14 [1].", evidence) == []
    assert passage_text(chunk) == passage_text({"title": "Survivor: Guatemala", "season": 11, "episode": 14,
                                                "text": chunk.text})


def test_a_season_the_answer_places_something_in_must_be_a_season_of_the_evidence():
    """Recorded: the agent's writer turned the row's "14th voted out" of season 16 into "the 14th season" — the
    number is in the rows, the season is not."""
    rows = [{"player": "Natalie Bolton", "season": 16, "season_name": "Survivor: Micronesia",
             "result": "14th voted out", "place": 4}]
    evidence = Evidence(rows=rows, question="How was Natalie Bolton voted out on Micronesia?")
    answer = "Natalie Bolton was voted out on Micronesia in the 14th season of Survivor: Micronesia."
    assert [(c.text, c.kind) for c in unsupported_claims(answer, evidence)] == [("14th season", "season")]
    assert unsupported_claims("Natalie Bolton was voted out 14th, in season 16.", evidence) == []
    # a season the question names by number, or a passage is labelled with or names, is the evidence's
    assert unsupported_claims("In season 20 she lost.", Evidence(rows=rows, question="What about season 20?")) == []
    assert unsupported_claims("It was season 46 [1].", Evidence(passages=["Survivor 46: the merge came."],
                                                                cited=1)) == []
    assert unsupported_claims("Fiji was the 14th season [1].", Evidence(passages=["Fiji, the 14th season."],
                                                                        cited=1)) == []
    # a season held as text counts; a count of seasons names none
    assert unsupported_claims("It was in season 16.", Evidence(rows=[{"season": "16"}])) == []
    assert texts(unsupported_claims("She won in season 2.", Evidence(rows=[{"seasons_played": 2}]))) == ["season 2"]


def test_every_season_of_a_list_must_be_a_season_of_the_evidence():
    rows = [{"player": "Rob Mariano", "season": 4}, {"player": "Rob Mariano", "season": 8}]
    assert unsupported_claims("He played seasons 4 and 8.", Evidence(rows=rows)) == []
    listed = unsupported_claims("He played seasons 4, 8 and 20.", Evidence(rows=rows))
    assert texts(listed) == ["seasons 4, 8 and 20", "20"]  # the list as a season claim, 20 as a number
    # a passage's own list vouches for each season in it; a singular season takes no list ("season 4 and 8 votes")
    assert unsupported_claims("Seasons 20 & 40 [1].", Evidence(passages=["She was back for seasons 20 and 40."],
                                                                cited=1)) == []
    assert [c.text for c in claims_in("In season 4 and 8 votes") if c.kind == "season"] == ["season 4"]


def test_the_show_itself_is_no_claim():
    assert claims_in("The TV show Survivor had two such seasons.") == [claims_in("two")[0]]


def test_a_withheld_answer_states_as_fact_only_the_evidence_after_its_note():
    answer = withheld_note({"unsupported": ["Phil Keoghan", "7"]}, "the rows") + "\n- winner: Rob Mariano"
    assert "Phil Keoghan" in answer and shown_as_fact(answer) == "\n- winner: Rob Mariano"
    assert shown_as_fact("Rob Mariano won.") == "Rob Mariano won."


def test_the_column_says_how_the_answer_held_up():
    from survivorgraph.ui.columns import support_note

    assert support_note({}) == ""
    assert "All 3 numbers and names" in support_note({"claims": 3, "unsupported": [], "retried": False})
    assert "'7'" in support_note({"claims": 1, "retried": True, "first_unsupported": ["7"], "withheld": False})
    assert "evidence is shown instead" in support_note({"retried": True, "withheld": True})
    ranked = support_note({"claims": 2, "retried": True, "first_unsupported": ["Cy Moss", "7"],
                           "first_misranked": {"Cy Moss": "the rows put Ann Lee first"}})
    assert "stated '7', which the evidence lacks and put 'Cy Moss' first, where the rows put Ann Lee first" in ranked


RANKED_CYPHER = "MATCH (p)-[v:CAST_VOTE]->(t) WITH t, count(v) AS votes RETURN t.name AS player, votes " \
                "ORDER BY votes DESC, player"
VOTE_ROWS = [{"player": "Ann Lee", "votes": 5}, {"player": "Bo Tran", "votes": 5}, {"player": "Cy Moss", "votes": 2}]


def ranked_evidence(question: str, cypher: str = RANKED_CYPHER, rows=VOTE_ROWS) -> Evidence:
    return Evidence(rows=rows, question=question, ranked_by=ranked_by(question, cypher, rows))


def test_a_ranking_answer_must_name_one_of_the_top_rows():
    evidence = ranked_evidence("Which castaway drew the biggest number of votes against them?")
    assert evidence.ranked_by == "votes"
    (claim,) = unsupported_claims("Cy Moss had the most votes, with 2.", evidence)
    assert (claim.text, claim.kind) == ("Cy Moss", "rank")
    assert claim.note == "the rows, ordered by votes, put Ann Lee first (votes 5)"
    assert unsupported_claims("Bo Tran had the most votes, 5, tied with Ann Lee.", evidence) == []  # a tie
    assert unsupported_claims("Ann Lee led with 5; Cy Moss had 2.", evidence) == []  # the top, then the rest
    assert unsupported_claims("Five votes was the most anyone drew.", evidence) == []  # no name from the rows


@pytest.mark.parametrize("question, cypher", [
    ("Which castaways drew votes in that season?", RANKED_CYPHER),  # not a ranking question
    ("Who drew the most votes?", "MATCH (p) RETURN p.name AS player, p.votes AS votes ORDER BY player"),  # by name
    ("Who drew the most votes?", "MATCH (p) RETURN p.name AS player, p.votes AS votes"),  # not sorted
])
def test_the_order_is_not_checked_when_the_rows_do_not_rank_for_the_question(question, cypher):
    evidence = ranked_evidence(question, cypher)
    assert evidence.ranked_by is None
    assert unsupported_claims("Cy Moss had the most votes, with 2.", evidence) == []


def test_a_stored_text_to_cypher_result_is_checked_by_its_last_query_that_ran():
    result = {"mode": "graph", "question": "Who drew the most votes?", "evidence": {"rows": VOTE_ROWS, "cypher": [
        {"cypher": "MATCH (p) RETURN p.nam AS player", "error": "no property nam"}, {"cypher": RANKED_CYPHER}]}}
    assert Evidence.of_result(result).ranked_by == "votes"
    assert Evidence.of_result({**result, "mode": "agentic"}).ranked_by is None


def test_an_answer_put_first_against_the_order_is_named_so():
    note = withheld_note({"unsupported": ["Cy Moss"], "misranked": {"Cy Moss": "the rows put Ann Lee first"}},
                         "the rows")
    assert "put 'Cy Moss' first, where the rows put Ann Lee first" in note and "do not hold" not in note
    prompt = retry_prompt([Claim("Cy Moss", "rank", "the rows put Ann Lee first")])
    assert prompt.startswith("Your answer names 'Cy Moss' first, but the rows put Ann Lee first.")
    assert prompt.endswith("Answer:")
    assert "which the evidence above does not contain" in retry_prompt(
        [Claim("Cy Moss", "rank", "x"), Claim("7", "number")])
