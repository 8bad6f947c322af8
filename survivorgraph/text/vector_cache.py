"""Embeddings of a fixed list of texts (labelled examples, few-shot questions), kept on disk by content.

Embedding ~900 short texts takes seconds on 2 cores; the same texts under the same model are read back instead.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np


def cached_vectors(texts: list[str], embedder, cache_dir: Path | None, kind: str) -> np.ndarray:
    """The texts' document vectors, from `<cache_dir>/<kind>-<digest>.npy` when the same texts were embedded by
    the same model before (written atomically, so a crash leaves no half file)."""
    if not texts:
        return np.zeros((0, getattr(embedder, "dimension", 1)), dtype=np.float32)
    digest = hashlib.sha256("\n".join([embedder.name, *texts]).encode()).hexdigest()[:16]
    path = cache_dir / f"{kind}-{digest}.npy" if cache_dir else None
    if path is not None and path.exists():
        vectors = np.load(path)
        if vectors.shape == (len(texts), embedder.dimension):
            return vectors
    vectors = embedder.embed_documents(texts)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp.npy")
        np.save(tmp, vectors)
        tmp.replace(path)
    return vectors
