"""The model picks among the example router's candidates: its reply is constrained to exactly those plans (an
`anyOf` of constants), mapped back to a checked plan, and a reply that is none of them falls back to the nearest
candidate, said so. Control flow runs against the SCRIPTED fake OpenAI server (tests/fake_openai_server.py); the
grammar itself is proven on a real llama.cpp server in tests/llm/test_llama_server_slow.py."""

from __future__ import annotations

import json

import jsonschema
import pytest

from queries.catalog import load_catalog
from survivorgraph.agent.candidate_choice import CandidateChooser
from survivorgraph.agent.example_router import Candidate
from survivorgraph.agent.examples import Example
from survivorgraph.agent.lexicon import Mention
from survivorgraph.agent.plans import Slots, Source
from survivorgraph.agent.tools import CHUNK_SEARCH, TEXT_TO_CYPHER
from tests.fake_openai_server import Reply, completion

TOOLS = [*load_catalog().names(), TEXT_TO_CYPHER, CHUNK_SEARCH]


def _candidate(tool: str, params: dict, text: str, similarity: float) -> Candidate:
    return Candidate(tool, params, similarity, Example(text, tool, {}, origin="router-case"))


CANDIDATES = [
    _candidate("season_winner", {"season": 28}, "who came out on top in {season}", 0.81),
    _candidate("season_finalists", {"season": 28}, "who sat at the end of {season}", 0.78),
]
SLOTS = Slots("Who took the crown on Cagayan?", [28], [], [], [Mention("Cagayan", "season", 28)])


def chooser(llm) -> CandidateChooser:
    return CandidateChooser(llm, load_catalog(), TOOLS)


def test_the_reply_schema_admits_the_candidates_and_the_fallbacks_only():
    c = CandidateChooser(None, load_catalog(), TOOLS)
    schema = c.schema(c.options(CANDIDATES))
    jsonschema.validate({"tool": "season_finalists", "params": {"season": 28}}, schema)
    jsonschema.validate({"tool": TEXT_TO_CYPHER, "params": {}}, schema)
    for wrong in ({"tool": "season_winner", "params": {"season": 27}},      # a season nobody named
                  {"tool": "season_cast", "params": {"season": 28}},        # a query no example proposed
                  {"tool": "season_winner", "params": {"season": 28, "version": "AU"}}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(wrong, schema)


def test_the_prompt_shows_each_candidate_with_its_solved_example_and_the_pattern():
    c = CandidateChooser(None, load_catalog(), TOOLS)
    user = c.messages(SLOTS.text, "Who took the crown on {season}?", c.options(CANDIDATES))[-1]["content"]
    assert '"who came out on top in {season}"' in user and '{"tool": "season_finalists"' in user
    assert "Who took the crown on {season}?" in user and TEXT_TO_CYPHER in user


def test_the_models_pick_becomes_the_plan_it_named(fake, llm):
    fake.script(Reply(body=completion(json.dumps({"tool": "season_finalists", "params": {"season": 28}}))))
    plan = chooser(llm).choose(SLOTS, CANDIDATES)
    assert (plan.tool, plan.params, plan.source) == ("season_finalists", {"season": 28}, Source.LLM_ROUTER)
    assert "who sat at the end of {season}" in plan.reason
    sent = fake.chat_requests[-1]
    assert sent["response_format"]["json_schema"]["schema"]["anyOf"]


def test_none_of_the_above_writes_cypher_for_the_part(fake, llm):
    fake.script(Reply(body=completion(json.dumps({"tool": TEXT_TO_CYPHER, "params": {}}))))
    plan = chooser(llm).choose(SLOTS, CANDIDATES)
    assert (plan.tool, plan.params) == (TEXT_TO_CYPHER, {"question": SLOTS.text})


def test_a_reply_that_is_none_of_the_options_falls_back_to_the_nearest_and_says_so(fake, llm):
    fake.script(Reply(body=completion('{"tool": "season_winner", "params": {"season": 99}}')))
    plan = chooser(llm).choose(SLOTS, CANDIDATES)
    assert (plan.tool, plan.params) == ("season_winner", {"season": 28})
    assert "none of the candidates" in plan.reason


def test_a_candidate_farther_than_the_calibrated_floor_is_not_offered():
    """Below MIN_CANDIDATE no candidate proposed a set example's own plan (left one set out): offered, it is only a
    wrong plan a small model may pick. With none left, the model chooses between Cypher and the text."""
    from survivorgraph.agent.example_router import MIN_CANDIDATE

    far = _candidate("player_career", {"castaway_id": "US0198"}, "what place did {person} finish",
                     MIN_CANDIDATE - 0.06)
    c = CandidateChooser(None, load_catalog(), TOOLS)
    assert [o.plan["tool"] for o in c.options([*CANDIDATES, far])] == [
        "season_winner", "season_finalists", TEXT_TO_CYPHER, CHUNK_SEARCH]
    assert [o.plan["tool"] for o in c.options([far])] == [TEXT_TO_CYPHER, CHUNK_SEARCH]


def test_with_every_candidate_too_far_the_model_may_search_the_text(fake, llm):
    fake.script(Reply(body=completion(json.dumps({"tool": CHUNK_SEARCH, "params": {}}))))
    far = _candidate("player_career", {"castaway_id": "US0198"}, "what place did {person} finish", 0.3)
    plan = chooser(llm).choose(SLOTS, [far])
    assert plan.tool == CHUNK_SEARCH and plan.params["seasons"] == [28]
    schema = fake.chat_requests[-1]["response_format"]["json_schema"]["schema"]
    assert [b["properties"]["tool"]["const"] for b in schema["anyOf"]] == [TEXT_TO_CYPHER, CHUNK_SEARCH]
