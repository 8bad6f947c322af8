"""An answer from passages is held to what it cites in both directions: the claim check catches what it makes up;
retrievers.cited_facts quotes the cited sentences whose names and numbers it left out."""

from __future__ import annotations

from types import SimpleNamespace

from survivorgraph.retrievers.base import Run
from survivorgraph.retrievers.cited_facts import QUOTED, left_out, with_cited_facts
from survivorgraph.retrievers.passages import Excerpt
from survivorgraph.retrievers.types import RetrievalResult

CHUNK = SimpleNamespace(season=13, episode=14, title="Cook Islands")
EXCERPTS = [Excerpt(1, CHUNK, ("Adam Gentry told Yul about the idol.", "The vote was unanimous on Day 38.")),
            Excerpt(2, CHUNK, ("Parvati Shallow won the reward.",))]
QUESTION = "what went wrong for Adam Gentry at the end?"


def test_the_facts_of_a_cited_passage_the_answer_leaves_out_are_named():
    assert left_out("Adam Gentry was voted out [1].", EXCERPTS, QUESTION) == {1: ["Yul", "38"]}
    # what the question names is no fact the answer must repeat; an uncited passage asks nothing
    assert left_out("He told Yul, and the vote was unanimous on day 38 [1].", EXCERPTS, QUESTION) == {}


def test_the_cited_sentences_are_quoted_under_an_answer_that_left_their_facts_out():
    run = Run(RetrievalResult(mode="agentic", question=QUESTION))
    answer = with_cited_facts("Adam Gentry was voted out [1].", EXCERPTS, QUESTION, run)
    assert answer == ("Adam Gentry was voted out [1].\n\n" + QUOTED + "\n[1] Adam Gentry told Yul about the idol. "
                      "The vote was unanimous on Day 38.")
    assert run.result.trace[-1].detail["missing"] == {"1": ["Yul", "38"]}
    complete = "Adam told Yul about the idol; the Day 38 vote was unanimous [1]."
    assert with_cited_facts(complete, EXCERPTS, QUESTION, run) == complete
    assert with_cited_facts("The passages do not say who won.", EXCERPTS, QUESTION, run).count(QUOTED) == 0
