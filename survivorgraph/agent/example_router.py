"""The example router: a question part routed by its nearest labelled examples (agent.examples), not by a regex.

The part, its linked names replaced by typed placeholders ("how many votes did {person} get in {season}"), is
compared with every example two ways — the cosine of the product's embedder (the local MiniLM ONNX model; the
examples' vectors are computed once and cached on disk) and the cosine of their words and word pairs (TF-IDF,
text.word_similarity) — and the examples nearest on the two mixed propose their plans, each with its similarity;
a plan's placeholders are refilled from the part's linked values, and a plan the part cannot fill
(it needs a person the part does not name) is no candidate. Without a model the best candidate is taken only when
it is clearly ahead — similar enough, and ahead of the next different plan by a margin — both calibrated on the
examples themselves, each question set's examples scored by a router built without them
(benchmarks/loso.py calibrate). Otherwise the part is left to what the agent does when nothing routes it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from survivorgraph.agent.contrasts import opposed_axes, sides, turned
from survivorgraph.agent.examples import (
    Example,
    Unfilled,
    fill,
    load_examples,
    placeholders,
    slot_values,
    templated_text,
)
from survivorgraph.agent.operations import described
from survivorgraph.agent.plans import Plan, Slots, Source
from survivorgraph.text.vector_cache import cached_vectors
from survivorgraph.text.word_similarity import WordIndex

# The embedding's share of the mixed similarity (the rest is the words'). Left one set out, the nearest plan of the
# sets' 510 own examples is right on 164 with the embedding alone (1.0), 180 at 0.65, 185 at 0.55, 183 at 0.45;
# words alone 148 (docs/example-router.md).
EMBEDDING_WEIGHT = 0.55
# Calibrated on the mixed similarity (`python benchmarks/loso.py calibrate`: each set's examples routed by a router
# without that set). The best candidate is taken at >= 0.625 and a margin >= 0.02 over the next plan: 232 of the
# 510 are taken, 57% of them with the example's own plan. The cosine alone at its 0.85 / 0.02 took 215, 53% right.
MIN_SIMILARITY = 0.625
MIN_MARGIN = 0.02
TOP_K = 5
# The least similarity at which a candidate is offered to the model to choose (candidate_choice). Left one set out,
# 1 of the 261 candidates that proposed a set example's own plan was below 0.35, and 140 of the 2289 that did not
# (below 0.4: 4 and 329): one below it only gives a small model a wrong plan to pick ("what went wrong for
# {person} at the end of {season}" had it pick a career lookup over searching the text).
MIN_CANDIDATE = 0.35
# Taken off a plan's similarity for each person the part names that the plan leaves out: "have Tony and Sandra been
# on a season together" is no question about Tony alone. Left one set out, the nearest plan of the sets' own
# examples: 43.1% right at 0, 43.5% at 0.05, the same at 0.1; two of the case files' examples are won back.
UNUSED_PERSON = 0.05


@dataclass(frozen=True)
class Candidate:
    tool: str
    params: dict          # filled with the part's values
    similarity: float     # the mixed similarity of the part to the nearest example proposing this plan
    example: Example
    operations: tuple = ()  # the example's own operations, filled (agent.operations)
    embedding: float = 0.0  # the two similarities mixed, to that example
    words: float = 0.0
    turned: tuple = ()      # the contrasts the example's plan was turned on to the part's side (agent.contrasts)

    def describe(self) -> dict:
        return {"tool": self.tool, "params": self.params, "similarity": round(self.similarity, 3),
                "embedding": round(self.embedding, 3), "words": round(self.words, 3),
                "example": self.example.text, "origin": self.example.origin,
                **({"operations": described(self.operations)} if self.operations else {}),
                **({"turned": list(self.turned)} if self.turned else {})}


@dataclass
class Routed:
    """The router's answer for one part: the plan it chose (None: not clearly ahead), the candidates, and why."""

    plan: Plan | None
    candidates: list[Candidate]
    why: str
    elapsed_ms: float = 0.0


class ExampleRouter:
    def __init__(self, examples: list[Example], embedder, *, cache_dir: Path | None = None,
                 min_similarity: float = MIN_SIMILARITY, min_margin: float = MIN_MARGIN,
                 embedding_weight: float = EMBEDDING_WEIGHT, choices: dict | None = None):
        self.examples = examples
        self.choices = choices or {}  # (query, param) -> its declared choices, for a contrast's opposite choice
        self.embedder = embedder
        self.embedding_weight = embedding_weight
        self.min_similarity = min_similarity
        self.min_margin = min_margin
        # from the cache when the same texts were embedded by the same model before
        self.vectors = cached_vectors([e.text for e in examples], embedder, cache_dir, "example-router")
        self.words = WordIndex([e.text for e in examples])
        self.people_used = np.array([_people_in(e) for e in examples])
        self.sides = [sides(e.text) for e in examples]

    @classmethod
    def load(cls, embedder, *, cache_dir: Path | None = None, exclude_set: str | None = None, catalog=None,
             **thresholds) -> ExampleRouter:
        """The router over every example file; `exclude_set`: without the examples from that question set (its
        questions and their paraphrases), to score the set as unseen."""
        if catalog is None:
            from queries.catalog import load_catalog

            catalog = load_catalog()
        examples = load_examples(catalog=catalog)
        if exclude_set:
            examples = [e for e in examples if e.set != exclude_set]
        choices = {(name, p.name): tuple(p.choices) for name in catalog.names() for p in catalog.get(name).params
                   if p.choices}
        return cls(examples, embedder, cache_dir=cache_dir, choices=choices, **thresholds)

    def without_set(self, name: str) -> ExampleRouter:
        """The same router without one set's examples (their cached vectors reused)."""
        return self.without(lambda e: e.set == name)

    def without(self, leave_out) -> ExampleRouter:
        """The same router without the examples `leave_out(example)` is true of (their cached vectors reused)."""
        keep = [i for i, e in enumerate(self.examples) if not leave_out(e)]
        other = object.__new__(ExampleRouter)
        other.__dict__.update(self.__dict__)
        other.examples = [self.examples[i] for i in keep]
        other.vectors = self.vectors[keep]
        other.words = WordIndex([e.text for e in other.examples])  # the words' weights from the kept examples only
        other.people_used = self.people_used[keep]
        other.sides = [self.sides[i] for i in keep]
        return other

    def candidates(self, slots: Slots, k: int = TOP_K) -> list[Candidate]:
        """The nearest examples' distinct plans the part can fill, best first (≤ k)."""
        text = templated_text(slots)
        return self.nearest(text, self.embedder.embed_query(text), slot_values(slots), k)

    def nearest(self, text: str, vector: np.ndarray, values: dict, k: int = TOP_K) -> list[Candidate]:
        """The distinct plans of the examples nearest to a templated text (and its vector) that these placeholder
        values fill; a plan's similarity is less UNUSED_PERSON for each person the values name that it leaves
        out. An example on the other side of a contrast than the part proposes its plan turned to the part's."""
        named = sum(1 for token in values if token.startswith("{person"))
        embedding = self.vectors @ vector
        words = self.words.similarities(text)
        scores = (self.embedding_weight * embedding + (1 - self.embedding_weight) * words
                  - UNUSED_PERSON * np.maximum(0, named - self.people_used))
        part = sides(text)
        found: dict[str, Candidate] = {}
        for i in np.argsort(-scores):
            example, turned_on = turned(self.examples[i], opposed_axes(part, self.sides[i]), self.choices)
            if example.plan_key in found:
                continue
            try:
                params = fill(example.params, values)
                operations = example.plan_operations(values)
            except Unfilled:
                continue
            found[example.plan_key] = Candidate(example.tool, params, float(scores[i]), example, operations,
                                                float(embedding[i]), float(words[i]), turned_on)
            if len(found) >= k:
                break
        return list(found.values())

    def route(self, slots: Slots) -> Routed:
        started = time.perf_counter()
        found = self.candidates(slots)
        elapsed = (time.perf_counter() - started) * 1000
        if not found:
            return Routed(None, [], "no example's plan can be filled from this part", elapsed)
        best = found[0]
        margin = best.similarity - (found[1].similarity if len(found) > 1 else 0.0)
        said = (f"nearest example '{best.example.text}' ({best.example.origin}), similarity {best.similarity:.2f} "
                f"(embedding {best.embedding:.2f}, words {best.words:.2f}), {margin:.2f} ahead of the next plan"
                + (f"; its plan turned to the part's side of: {', '.join(best.turned)}" if best.turned else ""))
        if best.similarity < self.min_similarity or margin < self.min_margin:
            return Routed(None, found, f"not clearly ahead: {said} (needs {self.min_similarity:.2f} and "
                                       f"{self.min_margin:.2f})", elapsed)
        plan = Plan(best.tool, dict(best.params), reason=f"example router: {said}", confidence=best.similarity,
                    part=slots.text, operations=best.operations, source=Source.EXAMPLE)
        return Routed(plan, found, said, elapsed)


def _people_in(example: Example) -> int:
    """How many of the part's people an example's plan uses ({person}, {person2} …)."""
    return len({p for p in placeholders([example.params, list(example.operations)]) if p.startswith("{person")})
