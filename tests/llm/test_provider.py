"""Provider choice from settings; "no model" is a labelled state, never a fake model."""

from __future__ import annotations

from dataclasses import replace

import pytest

from survivorgraph.errors import NoModelError
from survivorgraph.llm import provider
from survivorgraph.llm.openai_client import OpenAICompatibleLLM


def test_no_model_is_a_supported_state(settings):
    assert provider.build_llm(settings) is None
    line = provider.describe_llm(settings)
    assert line.startswith("no model") and "OPENAI_API_KEY" in line and "make model" in line
    with pytest.raises(NoModelError, match="LLM_BASE_URL"):
        provider.require_llm(settings)


def test_openai(settings):
    llm = provider.build_llm(replace(settings, openai_api_key="sk-test"))
    assert isinstance(llm, OpenAICompatibleLLM)
    assert (llm.provider, llm.model, llm.supports_tools, llm.supports_json_schema) == (
        "openai", "gpt-4o-mini", True, True)
    assert "api.openai.com" in llm.base_url
    assert provider.describe_llm(replace(settings, openai_api_key="sk-test")) == "OpenAI (model: gpt-4o-mini)"


def test_compatible_server(settings, fake_server, monkeypatch):
    s = replace(settings, llm_base_url=fake_server.url)
    llm = provider.build_llm(s)
    assert (llm.provider, llm.model, llm.supports_tools) == ("openai-compatible", "fake-model", False)
    monkeypatch.setenv("LLM_NATIVE_TOOLS", "on")
    assert provider.build_llm(replace(s, llm_model="m1")).supports_tools is True
    assert provider.build_llm(replace(s, llm_model="m1")).model == "m1"


def test_embedded_model_is_chosen_without_starting_a_server(settings, tmp_path):
    gguf = tmp_path / "tiny-model.gguf"
    gguf.write_bytes(b"GGUF")
    s = replace(settings, llm_model_path=gguf)
    llm = provider.build_llm(s)
    assert (llm.provider, llm.model, llm.supports_tools) == ("embedded llama.cpp", "tiny-model", False)
    assert provider.describe_llm(s) == "embedded llama.cpp: tiny-model.gguf (starts on first use)"
    assert not (settings.state_dir / "llm" / "server.json").exists()


def test_describe_never_raises(settings, tmp_path):
    line = provider.describe_llm(replace(settings, llm_model_path=tmp_path / "missing.gguf"))
    assert line.startswith("LLM misconfigured") and "LLM_MODEL_PATH" in line
