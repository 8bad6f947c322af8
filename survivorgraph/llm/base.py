"""The narrow interface every retriever talks to: `LLM.complete()` / `LLM.stream()` and a call log.

Retrievers only need "messages in, text (or JSON, or tool calls) out" plus an account of what it cost,
so providers stay swappable and the evaluation can report LLM calls, tokens and time per question.
"""

from __future__ import annotations

import contextvars
import threading
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from survivorgraph.errors import SurvivorGraphError
from survivorgraph.llm.json_text import first_json_object

Message = Mapping[str, Any]  # OpenAI chat format: {"role": ..., "content": ...}
TokenSource = Literal["api", "tiktoken", "estimate"]
DEFAULT_MAX_TOKENS = 512


class LLMRequestError(SurvivorGraphError):
    """The provider rejected a request (bad parameters, unknown model, refused key): retrying won't help."""


@dataclass(frozen=True)
class ToolCall:
    name: str
    arguments: dict[str, Any]
    id: str = ""
    # True when the provider did not return native `tool_calls` and the call was parsed from the text.
    from_content: bool = False


@dataclass(frozen=True)
class LLMResponse:
    content: str
    tool_calls: tuple[ToolCall, ...]
    model: str
    latency_s: float
    prompt_tokens: int
    completion_tokens: int
    token_source: TokenSource = "api"
    finish_reason: str | None = None

    @property
    def tokens_counted_locally(self) -> bool:
        return self.token_source != "api"

    def json(self) -> dict[str, Any] | None:
        """The reply as a JSON object (for json_schema calls), tolerating fences or prose around it."""
        return first_json_object(self.content)


@dataclass(frozen=True)
class LLMCall:
    """One request as the trace shows it: failed requests are recorded too (ok=False, error set)."""

    provider: str
    model: str
    kind: Literal["complete", "stream"]
    label: str
    started_at: float  # unix time
    latency_s: float
    prompt_tokens: int
    completion_tokens: int
    token_source: TokenSource
    attempts: int
    ok: bool
    error: str = ""
    json_schema: bool = False
    tools: bool = False
    grammar: bool = False  # the reply was constrained by a GBNF grammar (llama.cpp)
    queued_s: float = 0.0  # of latency_s, the time spent waiting for the server's turn (llm.gate)
    cached_tokens: int = 0  # of prompt_tokens, those the server took from its prompt cache (not read again)

    @property
    def tokens_counted_locally(self) -> bool:
        return self.token_source != "api"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self) | {"tokens_counted_locally": self.tokens_counted_locally}


@dataclass(frozen=True)
class CallSummary:
    calls: int
    prompt_tokens: int
    completion_tokens: int
    llm_time_s: float
    failed: int


def summarize(calls: Sequence[LLMCall]) -> CallSummary:
    return CallSummary(
        calls=len(calls),
        prompt_tokens=sum(c.prompt_tokens for c in calls),
        completion_tokens=sum(c.completion_tokens for c in calls),
        llm_time_s=round(sum(c.latency_s for c in calls), 3),
        failed=sum(not c.ok for c in calls),
    )


_capture: contextvars.ContextVar[tuple[list[LLMCall], ...]] = contextvars.ContextVar("llm_capture", default=())


class CallLog:
    """Every call an LLM made, in order; thread-safe.

    `capture()` collects the calls of one block (one question, one retriever). It uses a context
    variable so two questions answered concurrently in different threads (Streamlit) do not mix.
    Work handed to other threads must run inside `contextvars.copy_context()` to be captured."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._calls: list[LLMCall] = []

    def record(self, call: LLMCall) -> None:
        with self._lock:
            self._calls.append(call)
        for sink in _capture.get():
            sink.append(call)

    @property
    def calls(self) -> list[LLMCall]:
        with self._lock:
            return list(self._calls)

    def since(self, index: int) -> list[LLMCall]:
        with self._lock:
            return self._calls[index:]

    def __len__(self) -> int:
        with self._lock:
            return len(self._calls)

    @contextmanager
    def capture(self) -> Iterator[list[LLMCall]]:
        sink: list[LLMCall] = []
        token = _capture.set(_capture.get() + (sink,))
        try:
            yield sink
        finally:
            _capture.reset(token)


@dataclass(eq=False)  # identity semantics: an LLM is a connection, usable as a cache key
class LLM(ABC):
    """A chat model reachable through one provider.

    `supports_tools`: the provider returns parsed OpenAI `tool_calls` (else route with json_schema).
    `supports_json_schema`: `response_format` json_schema is enforced by the provider.
    `supports_grammar`: the provider enforces a GBNF `grammar` while the model writes (llama.cpp's server)."""

    provider: str
    supports_tools: bool = False
    supports_json_schema: bool = True
    supports_grammar: bool = False
    call_log: CallLog = field(default_factory=CallLog)

    @property
    @abstractmethod
    def model(self) -> str: ...

    @abstractmethod
    def complete(self, messages: Sequence[Message], *, json_schema: Mapping[str, Any] | None = None,
                 tools: Sequence[Mapping[str, Any]] | None = None, temperature: float = 0.0,
                 max_tokens: int = DEFAULT_MAX_TOKENS, label: str = "",
                 grammar: str | None = None) -> LLMResponse:
        """One chat completion. `json_schema` is a plain JSON schema (an object schema); `tools` are
        OpenAI tool definitions; `grammar` is GBNF text, sent only where `supports_grammar`.
        Tool calls come back parsed in `LLMResponse.tool_calls`, natively or
        recovered from the text. `label` names the step in the call log ("route", "cypher", ...)."""

    @abstractmethod
    def stream(self, messages: Sequence[Message], *, temperature: float = 0.0,
               max_tokens: int = DEFAULT_MAX_TOKENS, label: str = "", grammar: str | None = None) -> Iterator[str]:
        """Yield the answer in text pieces; the call (with usage) is logged when the stream ends. `grammar`: as
        for `complete`."""

    def describe(self) -> str:
        return f"{self.provider}: {self.model}"
