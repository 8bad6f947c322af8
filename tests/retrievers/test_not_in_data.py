"""'Not in the data' before any model call (retrievers.not_in_data): the linker finds no castaway or season by a name
the question uses, or the router's abstain rules recognise what the data never holds; traditional and
text-to-Cypher then answer so without retrieving or calling the model. The wordings here are this test's own."""

from __future__ import annotations

import pytest

from survivorgraph.linking.linker import EntityLinker
from survivorgraph.retrievers.not_in_data import data_lacks
from survivorgraph.retrievers.text_to_cypher import TextToCypherRetriever
from survivorgraph.retrievers.traditional import TraditionalRetriever
from tests.fake_openai_server import Reply, completion


@pytest.fixture(scope="module")
def linker(graph):
    return EntityLinker.from_store(graph)


@pytest.mark.parametrize("question, says", [
    ("Which tribe was Bartholomew Quincefield on?", "Bartholomew Quincefield"),      # nobody by that name
    ("Who was the first person voted out of season 71?", "season 71"),               # beyond the seasons held
    ("What does Parvati Shallow do for a living these days, and is she married?", "marital status"),
    ("How much money did Tony Vlachos get paid to appear on the show?", "pay"),
    ("If Russell Hantz had won the jury vote, would he have played again?", "what would have happened"),
])
def test_questions_about_what_the_data_lacks_are_recognised(linker, question, says):
    lack = data_lacks(question, linker.link(question))
    assert lack is not None and says in lack.answer, (question, lack)


@pytest.mark.parametrize("question", [
    "Which tribe was Parvati Shallow on in season 13?",
    "Who paid the most money for food at the season 6 auction?",   # paying at an auction is in the data
    "How did the merge go in season 20?",
    "Who was the winner of season 45, and who came second?",
])
def test_near_misses_are_left_to_the_strategy(linker, question):
    assert data_lacks(question, linker.link(question)) is None


def test_traditional_abstains_without_retrieving_or_calling_the_model(linker, fake, llm):
    class NoStore:
        def __getattr__(self, name):
            raise AssertionError(f"the text store was used ({name})")

    result = TraditionalRetriever(NoStore(), llm, linker=linker).ask("Which tribe was Bartholomew Quincefield on?")
    assert result.answer_kind == "abstained" and "Bartholomew Quincefield" in result.answer
    assert result.chunks == [] and fake.chat_requests == []
    assert [s.name for s in result.trace] == ["check the data holds what is asked"]


def test_text_to_cypher_abstains_without_writing_a_query(graph, linker, fake, llm):
    result = TextToCypherRetriever(graph, llm, linker=linker).ask("How much money did Tony Vlachos get paid to "
                                                                  "appear on the show?")
    assert result.answer_kind == "abstained" and "pay" in result.answer
    assert result.cypher == [] and fake.chat_requests == []


def test_an_answerable_question_still_reaches_the_model(graph, linker, fake, llm):
    winner = "MATCH (ps:PlayerSeason {winner: true})-[:IN_SEASON]->(s:Season {number: 45}) RETURN ps.name AS winner"
    fake.script(*(Reply(body=completion(c)) for c in (winner, "Dee Valladares won season 45.")))
    TextToCypherRetriever(graph, llm, linker=linker).ask("Who was the winner of season 45?")
    assert fake.chat_requests
