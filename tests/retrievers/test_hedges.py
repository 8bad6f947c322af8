"""An answer's "the data does not show …" sentences (retrievers.hedges): dropped beside what it does say, and an
answer made of nothing else is an abstention, overruled where the passages bear closely on the question.

The answers below are replies the embedded Qwen2.5-Coder-1.5B wrote in evaluation runs, recorded as written (the
runs' questions are not repeated here)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from survivorgraph.retrievers.citations import ABSTAIN
from survivorgraph.retrievers.grounding import OVERRULED_NOTE
from survivorgraph.retrievers.hedges import abstains, is_hedge, without_hedges
from survivorgraph.retrievers.traditional import TraditionalRetriever
from tests.fake_openai_server import Reply, completion

# recorded: facts, cited, with two hedges that contradict them
HEDGED = ("In season 41, episode 10, Brad Reese was left holding something after the reward challenge. The data does "
          "not show what he held. The passage states that Brad lost his vote due to Luvu’s idol being undiscovered. "
          "The data does not show what Brad held. The passage states that Shan was the swing vote; at Tribal Council, "
          "she sided with JD and Ricard to blindside Brad with two advantages.\n  [1], [3], [5], [6]")
# recorded: nothing but hedges
ALL_HEDGES = ("The data does not show it. The passage does not mention Jolanda Jones winning immunity right at the "
              "start of Palau but still going home first. The passage only mentions that Jolanda Jones won individual "
              "immunity, but does not provide information about her going home first. [4]")


@pytest.mark.parametrize("sentence", [
    "The data does not show what he held.",
    "There is no information about him going wrong or failing.",
    "The passage does not provide any details about Adam's actions or performance at the end of the episode.",
    "The question is not supported by the given evidence.",
    "The passage only describes the first immunity challenge and the voting process for that challenge. [1]",
    f"{ABSTAIN} who went home.",
])
def test_recorded_hedges_are_recognised(sentence):
    assert is_hedge(sentence)


@pytest.mark.parametrize("sentence", [
    "Natalie Bolton was voted out on Micronesia in season 16, episode 14.",
    "She did not show up to the challenge and was not voted out [2].",  # a negation of the story, not the evidence
    "The passage states that Shan was the swing vote [3].",
    "He had no idol left when the votes were read [1].",
    # recorded: the story stated after a hedge's opening words
    'The passage only mentions that Fei Long opted to kidnap Jaime as she was seen as a "spot of sunshine" and '
    "thought her being gone from Zhan Hu would be demoralizing.",
])
def test_sentences_about_the_story_are_not_hedges(sentence):
    assert not is_hedge(sentence)


def test_hedges_beside_facts_are_dropped_and_the_facts_kept():
    kept, dropped = without_hedges(HEDGED)
    assert dropped == ["The data does not show what he held.", "The data does not show what Brad held."]
    assert "does not show" not in kept and "Shan was the swing vote" in kept and kept.endswith("[1], [3], [5], [6]")
    assert not abstains(HEDGED)


def test_an_answer_of_hedges_only_is_an_abstention_and_kept_whole():
    assert abstains(ALL_HEDGES)
    assert without_hedges(ALL_HEDGES) == (ALL_HEDGES, [])
    assert without_hedges("Tina Wesson won [1].") == ("Tina Wesson won [1].", [])


def test_what_the_passage_only_mentions_is_kept_when_it_states_the_story():
    recorded = ('The data does not show that Jaime Dugan got kidnapped on China. The passage only mentions that Fei '
                'Long opted to kidnap Jaime as she was seen as a "spot of sunshine" and thought her being gone from '
                "Zhan Hu would be demoralizing. The passage does not provide any information about Jaime being "
                "kidnapped on China. The\n[1]")
    assert not abstains(recorded)
    kept, dropped = without_hedges(recorded)
    assert kept.startswith("The passage only mentions that Fei Long opted to kidnap Jaime") and len(dropped) == 2
    assert is_hedge("The passage only mentions that the castaways competed.")  # names nothing: about the evidence


def test_the_questions_own_names_are_no_fact_beside_only_mentions():
    question = "Did Jeff Probst ever compete as a castaway?"
    sentence = "The passage only mentions that Jeff Probst is the host."
    assert not is_hedge(sentence) and is_hedge(sentence, question)
    assert abstains(sentence + " The data does not show it.", question)
    assert not is_hedge("The passage only mentions that Jeff Probst replaced Lisa Whelchel.", question)
    # beside a hedge, a sentence that only repeats the question's names keeps the answer whole
    answer = "Jeff Probst is the host [1]. The data does not show him playing."
    assert without_hedges(answer, question) == (answer, [])


def test_an_initial_does_not_end_a_sentence():
    kept, dropped = without_hedges("He betrayed J. P. and Nate [1]. The data does not show why.")
    assert kept == "He betrayed J. P. and Nate [1]." and dropped == ["The data does not show why."]


PASSAGES = ["Jolanda Jones won immunity for Ulong but was voted out at the first tribal council for being too "
            "domineering.", "Koror won the supplies."]


class ScriptedPassages:
    """A SCRIPTED text store and embedder (control flow only): two passages, and embeddings that make every
    sentence `like` the question (1.0: the same vector; 0.0: orthogonal)."""

    def __init__(self, like: float):
        self.like = like
        self.embedder = SimpleNamespace(embed_documents=self._embed)

    def _embed(self, texts):
        other = np.sqrt(max(0.0, 1.0 - self.like ** 2))
        return np.array([[1.0, 0.0]] + [[self.like, other]] * (len(texts) - 1))

    def search(self, question, *, k, mode, query_vector=None, **scope):
        return [SimpleNamespace(chunk_id=f"c{i}", text=text, score=1.0 - i / 10, heading="", title="Palau",
                                season=10, episode=1, section="", source="test", license="")
                for i, text in enumerate(PASSAGES)]


ABSTAINED = ALL_HEDGES.replace("[4]", "[1]")  # its citation renumbered for the two passages shown here


def test_an_abstention_over_passages_that_bear_on_the_question_gives_way_to_them(fake, llm):
    fake.script(Reply(body=completion(ABSTAINED)))
    result = TraditionalRetriever(ScriptedPassages(like=0.9), llm, search_mode="lexical").ask(
        "Why did the first castaway of Palau leave despite immunity?")
    assert result.answer_kind == "extractive" and result.answer.startswith(OVERRULED_NOTE)
    assert "domineering" in result.answer and result.support["overruled_abstention"] == ABSTAINED
    step = next(s for s in result.trace if s.name.startswith("weigh the model's abstention"))
    assert step.detail["similarity"] == pytest.approx(0.9)


def test_an_abstention_over_passages_about_something_else_stands(fake, llm):
    fake.script(Reply(body=completion(ABSTAINED)))
    result = TraditionalRetriever(ScriptedPassages(like=0.1), llm, search_mode="lexical").ask(
        "Why did the first castaway of Palau leave despite immunity?")
    assert result.answer_kind != "extractive" and result.answer.startswith("The data does not show it.")
    assert "overruled_abstention" not in result.support


def test_the_hedges_of_a_written_answer_are_dropped_and_traced(fake, llm):
    fake.script(Reply(body=completion("Jolanda Jones was voted out for being domineering [1]. The data does not "
                                      "show who voted for her.")))
    result = TraditionalRetriever(ScriptedPassages(like=0.9), llm, search_mode="lexical").ask(
        "Why did the first castaway of Palau leave despite immunity?")
    assert result.answer.startswith("Jolanda Jones was voted out for being domineering [1].")
    assert "does not show" not in result.answer
    step = next(s for s in result.trace if s.name == "write answer")
    assert step.detail["'not shown' sentences dropped beside what it does say"] == [
        "The data does not show who voted for her."]


def test_a_sentence_that_only_says_what_the_evidence_is_about_is_a_hedge():
    recorded = ("The information provided is about the first immunity challenge and the subsequent events in the show "
                "Survivor. The information provided is about the first immunity challenge and the subsequentevents.   "
                "[1]")
    assert abstains(recorded)
    assert not is_hedge("The tribe provided is about to lose its shelter [2].")


def test_passages_of_another_season_than_the_question_names_do_not_overrule_an_abstention(fake, llm):
    """The store's passages are of season 10; a question that names season 20 keeps the model's abstention."""
    fake.script(Reply(body=completion(ABSTAINED)))
    retriever = TraditionalRetriever(ScriptedPassages(like=0.9), llm, search_mode="lexical")
    retriever.linker = SimpleNamespace(link=lambda q: SimpleNamespace(
        links=[SimpleNamespace(kind="season", season=20, text="Heroes vs. Villains", entity_id="s20",
                               ambiguous=False)], unresolved=[]))
    result = retriever.ask("Why did the first castaway of Heroes vs. Villains leave despite immunity?")
    assert result.answer_kind != "extractive" and "overruled_abstention" not in result.support
    step = next(s for s in result.trace if s.name.startswith("weigh the model's abstention"))
    assert step.detail["seasons named"] == [20] and step.detail["similarity"] == 0.0


def test_hedges_beside_sentences_that_state_no_fact_are_kept():
    """Recorded (an unanswerable question): filler around the hedges, no name or number of its own."""
    recorded = ("The average temperature while filming Worlds Apart was not provided in the given passages. The data "
                "does not show it. The temperature was not recorded or measured during the filming of the show. [1]")
    assert without_hedges(recorded) == (recorded, [])
