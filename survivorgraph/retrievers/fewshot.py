"""The few-shot bank for text-to-Cypher, chosen by similarity: the hand-written pairs that teach the patterns
(queries/fewshot_examples.yaml) and the pairs built from every catalog query's labelled examples
(queries/cypher_examples.yaml, by benchmarks/build_cypher_examples.py).

With an embedder the examples are ranked by cosine similarity of question embeddings (computed once, cached on
disk); without one, by word overlap (IDF-weighted), which needs no model and is deterministic. A pair built from
a question set carries the set's name, so measuring that set can leave its own pairs out (`without_set`).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import cached_property
from pathlib import Path

import yaml

from survivorgraph.errors import ConfigError

QUERIES_DIR = Path(__file__).resolve().parents[2] / "queries"
BANK_PATH = QUERIES_DIR / "fewshot_examples.yaml"
CATALOG_BANK_PATH = QUERIES_DIR / "cypher_examples.yaml"
MAX_BUILT = 2  # catalog-built pairs among the examples shown
# The embedding cosine at which a catalog-built pair asks the same thing: where the example router, on the cosine
# alone, was calibrated to act on an example (docs/example-router.md).
MIN_BUILT_SIMILARITY = 0.85
_WORD = re.compile(r"[a-z0-9]+")
_STOP = {"the", "a", "an", "of", "in", "on", "and", "or", "to", "who", "what", "which", "how", "is", "was",
         "were", "did", "does", "do", "for", "with", "by", "has", "have", "had", "their", "they", "it", "s"}


def _words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if w not in _STOP]


class FewShotBank:
    def __init__(self, examples: list[dict[str, str]], embedder=None, cache_dir: Path | None = None):
        if not examples:
            raise ConfigError("The few-shot bank is empty.")
        self.examples = examples
        self.embedder = embedder
        self.cache_dir = cache_dir

    @classmethod
    def load(cls, paths: tuple[Path, ...] = (BANK_PATH, CATALOG_BANK_PATH), embedder=None,
             cache_dir: Path | None = None) -> FewShotBank:
        examples: list[dict] = []
        for path in paths:
            try:
                loaded = yaml.safe_load(path.read_text()) or []
            except (OSError, yaml.YAMLError) as exc:
                raise ConfigError(f"Cannot read the few-shot bank {path}: {exc}") from exc
            bad = [e for e in loaded if not isinstance(e, dict) or not {"question", "cypher"} <= set(e)]
            if bad:
                raise ConfigError(f"{path}: every example needs 'question' and 'cypher' ({bad[0]!r}).")
            examples += loaded
        return cls(examples, embedder, cache_dir)

    def without_set(self, name: str) -> FewShotBank:
        """The bank without the pairs built from question set `name` (to measure that set first-run)."""
        return FewShotBank([e for e in self.examples if e.get("set") != name], self.embedder, self.cache_dir)

    @cached_property
    def _idf(self) -> dict[str, float]:
        docs = [set(_words(e["question"] + " " + e["cypher"])) for e in self.examples]
        df = Counter(w for d in docs for w in d)
        return {w: math.log((1 + len(docs)) / (1 + n)) + 1 for w, n in df.items()}

    @cached_property
    def _vectors(self):
        from survivorgraph.text.vector_cache import cached_vectors

        return cached_vectors([e["question"] for e in self.examples], self.embedder, self.cache_dir, "fewshot")

    def select(self, question: str, k: int = 4) -> list[dict[str, str]]:
        """The k nearest pairs. A pair built from a catalog query (it names its `query`) is shown only when it
        asks the same thing: at MIN_BUILT_SIMILARITY or nearer, and nearer than every hand-written pair; at most
        MAX_BUILT of them. The catalog's queries are long and general, and the 1.5B model copies the shape it is
        shown (measured: pairs about the 100th episode's boot, at similarity 0.70, turned "who won season 21" into
        an episode query)."""
        if self.embedder is not None:
            scores = list(self._vectors @ self.embedder.embed_query(question))
        else:
            asked = set(_words(question))
            scores = [sum(self._idf.get(w, 0.0) for w in asked & set(_words(e["question"] + " " + e["cypher"])))
                      for e in self.examples]
        ranked = sorted(range(len(self.examples)), key=lambda i: -scores[i])
        best_written = max((scores[i] for i in ranked if "query" not in self.examples[i]), default=float("-inf"))
        chosen, built = [], 0
        for i in ranked:
            if "query" in self.examples[i]:
                if built >= MAX_BUILT or scores[i] <= best_written or (
                        self.embedder is not None and scores[i] < MIN_BUILT_SIMILARITY):
                    continue
                built += 1
            chosen.append(self.examples[i])
            if len(chosen) == k:
                break
        return chosen
