"""The few-shot bank for text-to-Cypher (queries/fewshot_examples.yaml), chosen by similarity.

With an embedder the examples are ranked by cosine similarity of question embeddings (computed once);
without one, by word overlap (IDF-weighted), which needs no model and is deterministic.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import cached_property
from pathlib import Path

import yaml

from survivorgraph.errors import ConfigError

BANK_PATH = Path(__file__).resolve().parents[2] / "queries" / "fewshot_examples.yaml"
_WORD = re.compile(r"[a-z0-9]+")
_STOP = {"the", "a", "an", "of", "in", "on", "and", "or", "to", "who", "what", "which", "how", "is", "was",
         "were", "did", "does", "do", "for", "with", "by", "has", "have", "had", "their", "they", "it", "s"}


def _words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if w not in _STOP]


class FewShotBank:
    def __init__(self, examples: list[dict[str, str]], embedder=None):
        if not examples:
            raise ConfigError("The few-shot bank is empty.")
        self.examples = examples
        self.embedder = embedder

    @classmethod
    def load(cls, path: Path = BANK_PATH, embedder=None) -> FewShotBank:
        try:
            examples = yaml.safe_load(path.read_text())
        except (OSError, yaml.YAMLError) as exc:
            raise ConfigError(f"Cannot read the few-shot bank {path}: {exc}") from exc
        bad = [e for e in examples if not {"question", "cypher"} <= set(e)]
        if bad:
            raise ConfigError(f"{path}: every example needs 'question' and 'cypher' ({bad[0]!r}).")
        return cls(examples, embedder)

    @cached_property
    def _idf(self) -> dict[str, float]:
        docs = [set(_words(e["question"] + " " + e["cypher"])) for e in self.examples]
        df = Counter(w for d in docs for w in d)
        return {w: math.log((1 + len(docs)) / (1 + n)) + 1 for w, n in df.items()}

    @cached_property
    def _vectors(self):
        return self.embedder.embed_documents([e["question"] for e in self.examples])

    def select(self, question: str, k: int = 4) -> list[dict[str, str]]:
        if self.embedder is not None:
            scores = list(self._vectors @ self.embedder.embed_query(question))
        else:
            asked = set(_words(question))
            scores = [sum(self._idf.get(w, 0.0) for w in asked & set(_words(e["question"] + " " + e["cypher"])))
                      for e in self.examples]
        ranked = sorted(range(len(self.examples)), key=lambda i: -scores[i])
        return [self.examples[i] for i in ranked[:k]]
