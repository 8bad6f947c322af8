"""Answers from passages cite them (retrievers.citations): under llama.cpp the answer is written under a grammar
that requires a citation of a shown passage (or the abstention); everywhere, an answer that states facts but cites
nothing is unsupported and asked again for citations."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from survivorgraph.retrievers.citations import ABSTAIN, citation_grammar
from survivorgraph.retrievers.cited_facts import QUOTED
from survivorgraph.retrievers.claims import UNCITED, Evidence, unsupported_claims
from survivorgraph.retrievers.grounding import RETRY_UNCITED, withheld_note
from survivorgraph.retrievers.traditional import TraditionalRetriever
from tests.fake_openai_server import Reply, completion

PASSAGES = ["Tina Wesson outlasted Colby Donaldson at the final tribal council.",
            "Kimmi Kappenberg was voted out on day 3."]


@pytest.mark.parametrize("answer", ["Tina Wesson won [1].", "Tina beat Colby [1] and Kimmi left on day 3 [2].",
                                    "Tina won [1][2]", f"{ABSTAIN} who won the reward.", "[1] says Tina won."])
def test_the_grammar_admits_cited_answers_and_the_abstention(answer):
    assert citation_grammar(2).mismatch(answer) is None


@pytest.mark.parametrize("answer, why", [("Tina Wesson won.", "no citation"), ("Tina won [3].", "no passage 3"),
                                         ("Tina won [0].", "no passage 0"), ("", "nothing")])
def test_the_grammar_refuses_an_answer_without_a_shown_passage(answer, why):
    assert citation_grammar(2).mismatch(answer), why


def test_an_answer_stating_facts_without_a_citation_is_unsupported():
    evidence = Evidence(passages=PASSAGES, cited=2, requires_citation=True)
    assert unsupported_claims("Tina Wesson won the season.", evidence) == [UNCITED]
    assert unsupported_claims("Tina Wesson won the season [1].", evidence) == []
    assert [c.text for c in unsupported_claims("Tina Wesson won [5].", evidence)] == ["[5]"]
    assert unsupported_claims(f"{ABSTAIN} who won the reward, only that Tina won.", evidence) == []
    assert unsupported_claims("the passages do not answer this.", evidence) == []  # states nothing to cite
    assert unsupported_claims("Tina Wesson won.", Evidence(passages=PASSAGES, cited=2)) == []  # no citation asked


def test_stored_traditional_results_are_held_to_citations_and_others_are_not():
    result = {"mode": "traditional", "question": "Who won?", "evidence": {"chunks": [{"text": PASSAGES[0]}]}}
    assert Evidence.of_result(result).requires_citation
    assert not Evidence.of_result({**result, "mode": "agentic"}).requires_citation


def test_the_note_of_a_withheld_answer_says_it_cited_nothing():
    note = withheld_note({"unsupported": [UNCITED.text]}, "the passages")
    assert "cited none of the passages" in note and "stated" not in note
    both = withheld_note({"unsupported": ["Rob", UNCITED.text]}, "the passages")
    assert "stated 'Rob', which the passages do not hold and cited none of the passages" in both


class ScriptedPassages:
    """A SCRIPTED text store (control flow only): the same two passages for every search."""

    def search(self, question, *, k, mode, query_vector=None, **scope):
        return [SimpleNamespace(chunk_id=f"c{i}", text=text, score=1.0 - i / 10, heading="", title="Borneo",
                                season=2, episode=14, section="", source="test", license="")
                for i, text in enumerate(PASSAGES)]


def test_the_answer_is_written_under_the_citation_grammar_and_asked_again_for_citations(fake, llm):
    llm.supports_grammar = True
    fake.script(Reply(body=completion("Tina Wesson won.")),
                Reply(body=completion("Tina Wesson beat Colby Donaldson [1].")))
    result = TraditionalRetriever(ScriptedPassages(), llm, search_mode="lexical").ask("Who won Australia?")
    first, second = fake.chat_requests
    assert first["grammar"] == second["grammar"] == citation_grammar(2).gbnf
    assert second["messages"][-1]["content"] == RETRY_UNCITED
    assert result.answer == "Tina Wesson beat Colby Donaldson [1]." and result.support["retried"]
    assert result.support["first_unsupported"] == [UNCITED.text]


def test_no_grammar_goes_to_a_provider_that_takes_none(fake, llm):
    fake.script(Reply(body=completion("Tina Wesson won [1].")))
    result = TraditionalRetriever(ScriptedPassages(), llm, search_mode="lexical").ask("Who won Australia?")
    assert "grammar" not in fake.chat_requests[0] and result.answer.startswith("Tina Wesson won [1].")


def test_a_cited_passage_whose_facts_the_answer_dropped_is_quoted_under_it(fake, llm):
    fake.script(Reply(body=completion("Tina Wesson won [1].")))
    result = TraditionalRetriever(ScriptedPassages(), llm, search_mode="lexical").ask("Who won Australia?")
    assert result.answer == (f"Tina Wesson won [1].\n\n{QUOTED}\n[1] {PASSAGES[0]}")
    assert next(s for s in result.trace if s.name.startswith("check the answer against the passages")).detail[
        "missing"] == {"1": ["Colby Donaldson"]}
