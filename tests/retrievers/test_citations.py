"""Answers from passages cite them (retrievers.citations): under llama.cpp the answer is written under a grammar
that requires a citation of a shown passage (or the abstention); everywhere, an answer that states facts but cites
nothing is unsupported and asked again for citations."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from survivorgraph.retrievers.answering import without_repeats
from survivorgraph.retrievers.citations import ABSTAIN, TEXT_WORDS, alphabet, citation_grammar, without_forced_ends
from survivorgraph.retrievers.cited_facts import QUOTED
from survivorgraph.retrievers.claims import UNCITED, Evidence, unsupported_claims
from survivorgraph.retrievers.grounding import RETRY_UNCITED, tidied, withheld_note
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


def test_the_grammar_spells_words_in_the_evidence_alphabet():
    """A recorded drift of the real writer ("…,导致chaos") is refused; the passages' own accents, dashes and curly
    quotes are not, nor a character outside the base alphabet that a passage uses."""
    grammar = citation_grammar(2)
    assert grammar.mismatch("Danny told his allies about his idol, but Heidi leaked this,导致chaos [1].")
    assert grammar.mismatch("Nakúm won immunity — “barely” … on day 12 [2].") is None
    assert alphabet("The prize was €5,000 — in cash.", "Nakúm") == "€"
    assert citation_grammar(2).mismatch("a prize of €5,000 [1].")
    assert citation_grammar(2, alphabet("The prize was €5,000.")).mismatch("a prize of €5,000 [1].") is None


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


def test_the_grammar_bounds_words_so_a_citation_never_cuts_one():
    grammar = citation_grammar(2)
    words = " ".join(["word"] * TEXT_WORDS)
    assert grammar.mismatch(f"{words} [1].") is None
    assert grammar.mismatch(f"{words} more [1].")  # past the bound the model must cite: after a whole word


def test_the_sentence_a_bound_cut_off_is_dropped_and_the_rest_kept():
    """Shaped like the 1.5B model's replies under the grammar: a loop, then two words glued at the bound."""
    looped = "They believed that Bolton was not willing to work with them. " * 9
    answer = (f"Natalie, the last Fan, was voted out. {looped}The alliance believed that Bolton was not "
              f"willingto\n[1] At the final Tribal Council, Amanda emphasized her loyalty [2].")
    kept, dropped = without_forced_ends(answer)
    assert dropped == ["The alliance believed that Bolton was not willingto"]
    assert "willingto" not in kept and kept.endswith("with them. [1] At the final Tribal Council, Amanda "
                                                     "emphasized her loyalty [2].")
    short = "Tina won, then she thanked Colby [1]"  # under every bound: nothing is cut, full stop or not
    assert without_forced_ends(short) == (short, [])


def test_a_bound_reached_in_a_loop_is_cut_before_the_loop_is_dropped():
    """Shaped like a recorded 1.5B reply (blind-13): a sentence looped up to the bound, the next words glued there.
    Counted after the repeats were dropped, the stretch was under the bound and the glued word stood as a name."""
    loop = "The information provided only discusses the voting process and the final Tribal Council. "
    looped = loop * (TEXT_WORDS // len(loop.split()))
    last = ["The", "passage", "does"][: TEXT_WORDS - len(looped.split()) - 1] + ["notprovideanyinformation"]
    last = ["it"] * (TEXT_WORDS - len(looped.split()) - len(last)) + last
    reply = looped + " ".join(last) + "\n[1]"
    assert len(reply.split()) == TEXT_WORDS + 1  # the stretch at its bound, then the citation
    detail = {}
    assert tidied(reply, True, detail) == loop.strip() + " [1]"
    assert detail == {"cut off by the grammar's bound": [" ".join(last)],
                      "repeated sentences dropped": TEXT_WORDS // len(loop.split()) - 1}
    assert "notprovideanyinformation" in tidied(reply, False, {})  # no grammar, no bound: nothing is cut


def test_a_sentence_the_model_repeats_in_a_loop_is_kept_once():
    """Shaped like a recorded 1.5B reply (blind-13, season 48): one sentence written six times."""
    loop = "The boot was given to him by Vecepia, who was the first to run out of moves. "
    answer, dropped = without_repeats(f"David Kinne was eliminated [1].\n{loop * 6}Then the jury met [2].")
    assert dropped == 5
    assert answer == f"David Kinne was eliminated [1].\n{loop}Then the jury met [2]."
    assert without_repeats("Tina won [1]. Tina won [2].") == ("Tina won [1].", 1)  # the same words, cited again
    assert without_repeats("Tina won. Colby lost.") == ("Tina won. Colby lost.", 0)
