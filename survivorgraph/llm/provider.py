"""Pick the LLM from the settings: OpenAI, an OpenAI-compatible server, the embedded model, or none.

"No model" is a supported state (`build_llm` returns None): the retrievers that need no model still
work, and anything that does says how to configure one. There is deliberately no fake model to fall
back to: an answer on screen always comes from a real model.
"""

from __future__ import annotations

import importlib.util

from survivorgraph.config import Settings
from survivorgraph.errors import NoModelError, SurvivorGraphError
from survivorgraph.llm import llama_server, model_files
from survivorgraph.llm.base import LLM, CallLog
from survivorgraph.llm.gate import RequestGate
from survivorgraph.llm.openai_client import OpenAICompatibleLLM
from survivorgraph.llm.options import LLMOptions
from survivorgraph.redact import redact

DEFAULT_OPENAI_MODEL = "gpt-4o-mini"
NO_MODEL_MESSAGE = ("No LLM is configured. Set OPENAI_API_KEY (OpenAI) or LLM_BASE_URL (any OpenAI-compatible "
                    "server: Ollama, vLLM, LM Studio, llama.cpp), or run `make model` to install the local "
                    "model (Qwen2.5-Coder-1.5B-Instruct, ~1.1 GB).")


def _native_tools(options: LLMOptions, default: bool) -> bool:
    return {"on": True, "off": False}.get(options.native_tools, default)


def _grammar(options: LLMOptions, default: bool) -> bool:
    return {"on": True, "off": False}.get(options.grammar, default)


def build_llm(settings: Settings, *, options: LLMOptions | None = None,
              call_log: CallLog | None = None) -> LLM | None:
    """The configured LLM, or None when there is none. Starts nothing: the embedded server is started
    (or reused) on the first request. Raises NoModelError when LLM_MODEL_PATH names a missing file."""
    options = options or LLMOptions.from_env()
    common = {"timeout_s": options.timeout_s, "max_retries": options.max_retries, "call_log": call_log}
    if settings.llm_base_url:
        # With a key too, the key is for that server (vLLM/LiteLLM/hosted gateways), not for OpenAI.
        return OpenAICompatibleLLM(provider="openai-compatible", base_url=settings.llm_base_url,
                                   api_key=settings.openai_api_key, model=settings.llm_model or None,
                                   supports_tools=_native_tools(options, False),
                                   supports_grammar=_grammar(options, False), **common)
    if settings.openai_api_key:
        return OpenAICompatibleLLM(provider="openai", base_url=None, api_key=settings.openai_api_key,
                                   model=settings.llm_model or DEFAULT_OPENAI_MODEL,
                                   supports_tools=_native_tools(options, True), **common)
    path = model_files.find_model(settings)
    if path is None:
        return None
    if importlib.util.find_spec("xllamacpp") is None:
        raise NoModelError(f"A local model is installed ({path}) but xllamacpp is not: `pip install xllamacpp`, "
                           "or configure a remote model (OPENAI_API_KEY or LLM_BASE_URL).")

    def endpoint() -> str:
        return llama_server.ensure_running(settings, model_path=path, options=options).base_url

    # llama.cpp leaves Qwen2.5-Coder's tool calls in the text, so routing uses json_schema by default.
    return OpenAICompatibleLLM(provider="embedded llama.cpp", base_url=endpoint, model=path.stem,
                               supports_tools=_native_tools(options, False),
                               supports_grammar=_grammar(options, True),
                               gate=embedded_gate(settings, options.concurrency),
                               slot_for=llama_server.slot_for if options.pin_slots else None, **common)


_GATES: dict[tuple[str, int], RequestGate] = {}


def embedded_gate(settings: Settings, concurrency: int) -> RequestGate:
    """One gate per embedded server in this process: every client of it (each core, each viewer scope)
    waits in the same line."""
    key = (str(settings.state_dir), concurrency)
    return _GATES.setdefault(key, RequestGate(concurrency))


def require_llm(settings: Settings, **kwargs) -> LLM:
    """build_llm, for steps that cannot run without a model: raises NoModelError with the fix."""
    llm = build_llm(settings, **kwargs)
    if llm is None:
        raise NoModelError(NO_MODEL_MESSAGE)
    return llm


def describe_llm(settings: Settings) -> str:
    """One status line; never starts a server and never raises."""
    try:
        if settings.llm_base_url:
            model = settings.llm_model or "the first model the server lists"
            return f"OpenAI-compatible server at {redact(settings.llm_base_url)} (model: {model})"
        if settings.openai_api_key:
            return f"OpenAI (model: {settings.llm_model or DEFAULT_OPENAI_MODEL})"
        path = model_files.find_model(settings)
        if path is None:
            return "no model: " + NO_MODEL_MESSAGE
        state = llama_server.status(settings)
        if state and state.model_path == str(path.resolve()):
            where = f"running at {state.base_url}, pid {state.pid}"
        else:
            where = "starts on first use"
        return f"embedded llama.cpp: {path.name} ({where})"
    except SurvivorGraphError as exc:
        return f"LLM misconfigured: {redact(exc)}"
