"""The one LLM implementation: the `openai` package, pointed at OpenAI, any OpenAI-compatible server, or
the embedded llama.cpp server. Providers differ only in base URL, key, model and capability flags.

Retries are done here rather than by the SDK so that each call's attempts, total time and failure are
visible in the call log; the SDK's own retries are switched off.
"""

from __future__ import annotations

import json
import logging
import random
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack, nullcontext
from typing import Any

import openai

from survivorgraph import cancellation
from survivorgraph.errors import BackendUnavailableError, ConfigError
from survivorgraph.llm import tokens
from survivorgraph.llm.base import (
    DEFAULT_MAX_TOKENS,
    LLM,
    CallLog,
    LLMCall,
    LLMRequestError,
    LLMResponse,
    Message,
    ToolCall,
)
from survivorgraph.llm.gate import PromptMemory, RequestGate
from survivorgraph.llm.tool_parsing import parse_tool_calls_from_content
from survivorgraph.redact import redact

log = logging.getLogger(__name__)

Endpoint = str | Callable[[], str] | None  # a callable is re-resolved after a connection error


def is_transient(exc: BaseException) -> bool:
    """Connection errors and timeouts, 408, 429 and 5xx are worth retrying; other 4xx are not."""
    if isinstance(exc, openai.APIConnectionError):  # includes APITimeoutError
        return True
    return isinstance(exc, openai.APIStatusError) and (exc.status_code in (408, 429) or exc.status_code >= 500)


def _strict_ok(schema: Any) -> bool:
    """OpenAI's strict mode needs every object closed and every property required; else send non-strict."""
    if isinstance(schema, dict):
        if schema.get("type") == "object" or "properties" in schema:
            props = schema.get("properties", {})
            if schema.get("additionalProperties") is not False or set(schema.get("required", [])) != set(props):
                return False
        return all(_strict_ok(v) for v in schema.values())
    if isinstance(schema, list):
        return all(_strict_ok(v) for v in schema)
    return True


def response_format(schema: Mapping[str, Any], name: str = "response") -> dict[str, Any]:
    return {"type": "json_schema", "json_schema": {"name": name, "schema": dict(schema), "strict": _strict_ok(schema)}}


def schema_instruction(schema: Mapping[str, Any]) -> dict[str, str]:
    # Appended last, so the stable prefix (system prompt + schema) stays cacheable.
    return {"role": "system", "content": "Reply with only a JSON object (no prose, no code fence) that matches "
                                         "this JSON schema:\n" + json.dumps(schema, separators=(",", ":"))}


class OpenAICompatibleLLM(LLM):
    def __init__(self, *, provider: str, base_url: Endpoint, api_key: str = "", model: str | None = None,
                 supports_tools: bool = False, supports_json_schema: bool = True, timeout_s: float = 180.0,
                 max_retries: int = 2, backoff_s: float = 0.5, max_backoff_s: float = 8.0,
                 call_log: CallLog | None = None, gate: RequestGate | None = None,
                 slot_for: Callable[[str], int | None] | None = None, supports_grammar: bool = False):
        super().__init__(provider=provider, supports_tools=supports_tools, supports_json_schema=supports_json_schema,
                         supports_grammar=supports_grammar,
                         call_log=call_log if call_log is not None else CallLog())  # an empty log is falsy
        self._endpoint, self._api_key, self._model = base_url, api_key, model
        self.timeout_s, self.max_retries = timeout_s, max_retries
        self.backoff_s, self.max_backoff_s = backoff_s, max_backoff_s
        self.gate = gate  # admission to a server with few cores (the embedded one); None: send at once
        self.slot_for = slot_for  # llama.cpp: the server slot a call's label is kept in (its prompt cache)
        self._prompts = PromptMemory()
        self._lock = threading.Lock()
        self._client_obj: openai.OpenAI | None = None
        self._url: str | None = None

    # -- connection ---------------------------------------------------------------------------------
    def _client(self, refresh: bool = False) -> openai.OpenAI:
        with self._lock:
            if self._client_obj is None or (refresh and callable(self._endpoint)):
                url = self._endpoint() if callable(self._endpoint) else self._endpoint
                self._url = url
                # A placeholder key: local servers ignore it, but the SDK refuses to run without one.
                self._client_obj = openai.OpenAI(base_url=url, api_key=self._api_key or "not-needed",
                                                 timeout=self.timeout_s, max_retries=0)
            return self._client_obj

    @property
    def base_url(self) -> str:
        return str(self._client().base_url)

    def _redact(self, text: Any) -> str:
        """`text` fit to show: the server's URL without its userinfo or key parameters, the key masked."""
        return redact(text, [self._api_key])

    @property
    def model(self) -> str:
        if self._model is None:
            # No model configured: use the first one the server lists (one-model servers, llama.cpp).
            try:
                listed = [m.id for m in self._client().models.list().data]
            except openai.OpenAIError as exc:
                raise BackendUnavailableError(
                    f"{self.provider}: cannot list models at {self._redact(self._url)} ({self._redact(exc)}); "
                    "check the server is running and LLM_BASE_URL is right, or set LLM_MODEL.") from exc
            if not listed:
                raise ConfigError(f"{self.provider}: the server at {self._redact(self._url)} lists no models; "
                                  "set LLM_MODEL.")
            self._model = listed[0]
        return self._model

    def _prepare(self) -> str:
        # Start/find the endpoint and the model name before the clock starts: starting the embedded
        # server is not time spent in the LLM.
        self._client()
        return self.model

    # -- requests -----------------------------------------------------------------------------------
    def _backoff(self, attempt: int, exc: BaseException) -> float:
        retry_after = None
        if isinstance(exc, openai.APIStatusError):
            try:
                retry_after = float(exc.response.headers.get("retry-after", ""))
            except ValueError:
                pass
        delay = retry_after if retry_after is not None else self.backoff_s * 2 ** (attempt - 1)
        return min(delay, self.max_backoff_s) * (1 if retry_after is not None else random.uniform(0.5, 1.0))

    def _create(self, params: dict[str, Any]) -> tuple[Any, int]:
        """Send with bounded retries; returns (SDK result, attempts). The final error is re-raised with
        `.attempts` set; callers translate it."""
        attempt = 0
        while True:
            attempt += 1
            try:
                return self._client(refresh=attempt > 1).chat.completions.create(**params), attempt
            except openai.OpenAIError as exc:
                if is_transient(exc) and attempt <= self.max_retries:
                    delay = self._backoff(attempt, exc)
                    log.info("%s: transient error (%s); retry %d/%d in %.1f s", self.provider, self._redact(exc),
                             attempt, self.max_retries, delay)
                    time.sleep(delay)
                    continue
                exc.attempts = attempt  # type: ignore[attr-defined]
                raise

    def _translate(self, exc: openai.OpenAIError, attempts: int) -> Exception:
        where = f"{self.provider} ({self._redact(self._url or 'api.openai.com')})"
        if isinstance(exc, openai.APITimeoutError):
            return BackendUnavailableError(f"{where} did not answer within {self.timeout_s:.0f} s "
                                           f"({attempts} attempts). Raise LLM_TIMEOUT_S or send a shorter prompt.")
        if isinstance(exc, openai.APIConnectionError):
            return BackendUnavailableError(f"{where} cannot be reached ({self._redact(exc)}; {attempts} attempts). "
                                           "Check the server is running and LLM_BASE_URL is right.")
        if isinstance(exc, (openai.AuthenticationError, openai.PermissionDeniedError)):
            return ConfigError(f"{where} refused the credentials (HTTP {exc.status_code}); check OPENAI_API_KEY.")
        if isinstance(exc, openai.NotFoundError):
            return ConfigError(f"{where}: model {self._model!r} or endpoint not found (HTTP 404); check LLM_MODEL.")
        if isinstance(exc, openai.APIStatusError) and is_transient(exc):
            return BackendUnavailableError(f"{where} kept failing with HTTP {exc.status_code} after {attempts} "
                                           f"attempts: {self._redact(exc.message)}. Try again later.")
        return LLMRequestError(f"{where} rejected the request: {self._redact(exc)}")

    def _usage(self, usage: Any, messages: Sequence[Message], text: str) -> tuple[int, int, str, int]:
        """(prompt, completion, where the counts come from, prompt tokens served from the server's cache)."""
        if usage is not None and (usage.prompt_tokens or usage.completion_tokens):
            details = getattr(usage, "prompt_tokens_details", None)
            cached = getattr(details, "cached_tokens", 0) or 0
            return usage.prompt_tokens or 0, usage.completion_tokens or 0, "api", cached
        prompt, source = tokens.count_messages(messages)
        completion, _ = tokens.count_text(text)
        return prompt, completion, source, 0

    def _pinned(self, params: dict[str, Any], label: str) -> dict[str, Any]:
        """The request, sent to the slot that holds this kind of call's stable prefix (llama.cpp `id_slot`)."""
        slot = self.slot_for(label) if self.slot_for is not None else None
        return params if slot is None else params | {"extra_body": {**params.get("extra_body", {}), "id_slot": slot}}

    def _turn(self, messages: Sequence[Message], label: str, *, streamed: bool = False):
        """The server's turn for this prompt (yields the seconds waited for it); its place in the line: a streamed
        answer first, then what the server must read of it, given the last prompt of the same kind."""
        cancellation.raise_if_cancelled()  # a stopped question sends nothing more to the model
        if self.gate is None:
            return nullcontext(0.0)
        kind = self.slot_for(label) if self.slot_for is not None else None
        cost = self._prompts.unread_cost(label.split("-", 1)[0] if kind is None else kind, messages)
        return self.gate.turn(cost, watched=streamed)

    def _record(self, kind, label, started, t0, model, usage=(0, 0, "api", 0), attempts=1, error="",
                json_schema=False, tools=False, queued_s=0.0, grammar=False) -> LLMCall:
        call = LLMCall(provider=self.provider, model=model, kind=kind, label=label, started_at=started,
                       latency_s=round(time.monotonic() - t0, 4), prompt_tokens=usage[0],
                       completion_tokens=usage[1], token_source=usage[2], attempts=attempts, ok=not error,
                       error=self._redact(error) if error else "", json_schema=json_schema, tools=tools,
                       grammar=grammar, queued_s=round(queued_s, 4), cached_tokens=usage[3])
        self.call_log.record(call)
        return call

    def complete(self, messages: Sequence[Message], *, json_schema: Mapping[str, Any] | None = None,
                 tools: Sequence[Mapping[str, Any]] | None = None, temperature: float = 0.0,
                 max_tokens: int = DEFAULT_MAX_TOKENS, label: str = "", grammar: str | None = None) -> LLMResponse:
        model = self._prepare()
        started, t0 = time.time(), time.monotonic()
        sent = list(messages)
        params: dict[str, Any] = {"model": model, "temperature": temperature, "max_tokens": max_tokens}
        if json_schema is not None and self.supports_json_schema:
            params["response_format"] = response_format(json_schema)
        elif json_schema is not None:
            sent.append(schema_instruction(json_schema))
        if tools:
            # Sent even without native parsing: the chat template shows them to the model, and the
            # call it writes as text is recovered below.
            params["tools"] = [dict(t) for t in tools]
        grammar = grammar if self.supports_grammar else None
        flags = {"json_schema": json_schema is not None, "tools": bool(tools), "grammar": grammar is not None}
        try:
            with self._turn(sent, label) as queued_s:
                flags["queued_s"] = queued_s
                request = self._pinned(params | {"messages": sent}, label)
                if grammar is not None:  # llama.cpp reads a GBNF `grammar` beside the OpenAI fields
                    request["extra_body"] = {**request.get("extra_body", {}), "grammar": grammar}
                resp, attempts = self._create(request)
        except openai.BadRequestError as exc:
            if "response_format" in params and "response_format" in str(exc).lower() + str(exc.body).lower():
                # The server does not do json_schema: remember, and fall back to a prompt instruction.
                log.warning("%s rejected response_format json_schema; using a prompt instruction", self.provider)
                self._record("complete", label, started, t0, params["model"], error=str(exc), **flags)
                self.supports_json_schema = False
                return self.complete(messages, json_schema=json_schema, tools=tools, temperature=temperature,
                                     max_tokens=max_tokens, label=label, grammar=grammar)
            self._record("complete", label, started, t0, params["model"], error=str(exc), **flags)
            raise self._translate(exc, getattr(exc, "attempts", 1)) from exc
        except openai.OpenAIError as exc:
            attempts = getattr(exc, "attempts", 1)
            self._record("complete", label, started, t0, params["model"], attempts=attempts, error=str(exc), **flags)
            raise self._translate(exc, attempts) from exc
        choice = resp.choices[0]
        content = choice.message.content or ""
        calls = _native_tool_calls(choice.message.tool_calls)
        if tools and not calls and content:
            calls = parse_tool_calls_from_content(content, tools)
        usage = self._usage(resp.usage, sent, content)
        call = self._record("complete", label, started, t0, resp.model or params["model"], usage, attempts, **flags)
        return LLMResponse(content=content, tool_calls=calls, model=call.model, latency_s=call.latency_s,
                           prompt_tokens=usage[0], completion_tokens=usage[1], token_source=usage[2],
                           finish_reason=choice.finish_reason)

    def stream(self, messages: Sequence[Message], *, temperature: float = 0.0,
               max_tokens: int = DEFAULT_MAX_TOKENS, label: str = "", grammar: str | None = None) -> Iterator[str]:
        model = self._prepare()
        started, t0 = time.time(), time.monotonic()
        params = {"model": model, "messages": list(messages), "temperature": temperature,
                  "max_tokens": max_tokens, "stream": True, "stream_options": {"include_usage": True}}
        grammar = grammar if self.supports_grammar else None  # as for complete(): sent only where enforced
        if grammar is not None:
            params["extra_body"] = {"grammar": grammar}
        turn = ExitStack()  # the server's turn is held until the stream is read to its end or closed
        queued_s = turn.enter_context(self._turn(params["messages"], label, streamed=True))
        try:
            # Retries cover opening the stream only: once text was yielded, a retry would repeat it.
            stream, attempts = self._create(self._pinned(params, label))
        except openai.OpenAIError as exc:
            turn.close()
            attempts = getattr(exc, "attempts", 1)
            self._record("stream", label, started, t0, params["model"], attempts=attempts, error=str(exc),
                         queued_s=queued_s)
            raise self._translate(exc, attempts) from exc
        except BaseException:
            turn.close()
            raise
        pieces: list[str] = []
        usage_obj, model, error = None, params["model"], ""
        try:
            for chunk in stream:
                model = chunk.model or model
                usage_obj = chunk.usage or usage_obj
                if chunk.choices and chunk.choices[0].delta.content:
                    pieces.append(chunk.choices[0].delta.content)
                    yield chunk.choices[0].delta.content
        except Exception as exc:  # the connection can also drop mid-stream (raw transport errors)
            error = str(exc) or type(exc).__name__
            if isinstance(exc, openai.OpenAIError):
                raise self._translate(exc, attempts) from exc
            raise
        finally:
            stream.close()  # also when the reader stopped early
            turn.close()
            usage = self._usage(usage_obj, params["messages"], "".join(pieces))
            self._record("stream", label, started, t0, model, usage, attempts, error=error, queued_s=queued_s,
                         grammar=grammar is not None)


def _native_tool_calls(raw: Any) -> tuple[ToolCall, ...]:
    calls = []
    for tc in raw or []:
        try:
            args = json.loads(tc.function.arguments or "{}")
        except json.JSONDecodeError:
            log.warning("dropping tool call %s with malformed arguments: %.200s", tc.function.name,
                        tc.function.arguments)
            continue
        calls.append(ToolCall(tc.function.name, args if isinstance(args, dict) else {}, tc.id or ""))
    return tuple(calls)
