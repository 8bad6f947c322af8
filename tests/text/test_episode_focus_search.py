"""The agent's chunk search reads the episode the graph points to: real graph, real text index, no model."""

from __future__ import annotations

import pytest

from queries.catalog import load_catalog
from survivorgraph.agent.plans import Plan
from survivorgraph.agent.tools import CHUNK_SEARCH, Toolbox
from survivorgraph.retrievers.base import Run
from survivorgraph.retrievers.types import RetrievalResult

CASES = [  # (question as the agent searches it, season, people, the episode, words its first passage holds)
    ("Describe how the merge played out", 28, [], 6, "merge"),
    ("How was the final tribal council decided?", 1, [], 13, "final Tribal Council"),
    ("Why did Michael Skupin have to leave?", 2, ["US0022"], 6, "fire"),
]


@pytest.fixture(scope="module")
def toolbox(graph, store):
    return Toolbox(store=graph, catalog=load_catalog(), text_store=store)


@pytest.mark.parametrize(("query", "season", "people", "episode", "words"), CASES)
def test_the_focused_episode_is_read_first(toolbox, query, season, people, episode, words):
    run = Run(RetrievalResult(mode="agentic", question=query))
    plan = Plan(CHUNK_SEARCH, {"query": query, "seasons": [season], "castaway_ids": people}, part=query)
    evidence = toolbox.run(plan, run)
    first = evidence.chunks[0]
    assert (first.season, first.episode) == (season, episode)
    assert words.lower() in first.text.lower()
    step = run.result.trace[-1]
    assert step.detail["episode_focus"], "the trace says why this episode was read"
    assert [a.source for a in run.result.cypher] == ["season_timeline"], "the timeline query is in the evidence"


def test_without_an_event_the_search_is_unchanged(toolbox):
    run = Run(RetrievalResult(mode="agentic", question="q"))
    plan = Plan(CHUNK_SEARCH, {"query": "Describe Tony's strategy", "seasons": [28], "castaway_ids": []})
    evidence = toolbox.run(plan, run)
    assert evidence.chunks and "episode_focus" not in run.result.trace[-1].detail


def test_a_part_the_data_cannot_answer_reads_no_passages(graph, store):
    """An opinion worded like a story ("the most shocking blindside") abstains; passages would read as an answer."""
    from survivorgraph.linking.linker import EntityLinker
    from survivorgraph.retrievers.agentic import AgenticRetriever

    agent = AgenticRetriever(linker=EntityLinker.from_store(graph),
                             toolbox=Toolbox(store=graph, catalog=load_catalog(), text_store=store))
    result = agent.ask("On Game Changers, what was the single most shocking blindside?")
    assert result.answer_kind == "abstained" and result.chunks == []


def test_a_part_the_llm_routed_also_reads_passages(graph, store, fake, llm):
    """Scripted (control flow only): the model routes a part no rule reads; the text is searched beside it."""
    import json

    from survivorgraph.linking.linker import EntityLinker
    from survivorgraph.retrievers.agentic import AgenticRetriever
    from tests.fake_openai_server import Reply, completion

    fake.script(Reply(body=completion(json.dumps({"tool": "season_tribes", "params": {"season": 18}}))),
                Reply(body=completion(json.dumps({"covered": True, "missing": ""}))),
                Reply(body=completion("Jalapao wore yellow.")))
    agent = AgenticRetriever(linker=EntityLinker.from_store(graph), llm=llm,
                             toolbox=Toolbox(store=graph, catalog=load_catalog(), text_store=store))
    result = agent.ask("what colour was the jalapao buff")
    steps = {s.name: s for s in result.trace}
    assert "tool: season_tribes" in steps and result.rows
    assert steps["tool: chunk_search"].detail["reason"] == "beside the LLM's route: text search" and result.chunks
