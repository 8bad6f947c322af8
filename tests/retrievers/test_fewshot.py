"""The text-to-Cypher few-shot bank (retrievers.fewshot): the hand-written pairs and the pairs built from the
catalog, chosen by similarity; a built pair only when it asks the same thing; a question set's own pairs left out
when that set is measured."""

from __future__ import annotations

import numpy as np
import pytest

from survivorgraph.errors import ConfigError
from survivorgraph.retrievers.fewshot import (
    BANK_PATH,
    CATALOG_BANK_PATH,
    MAX_BUILT,
    MIN_BUILT_SIMILARITY,
    FewShotBank,
)


class TableEmbedder:
    """A SCRIPTED embedder for control flow: each text's vector is given; the question is the unit vector e0."""

    name, dimension = "table", 2

    def __init__(self, similarity: dict[str, float]):
        self.similarity = similarity

    def embed_documents(self, texts):
        return np.array([[self.similarity[t], (1 - self.similarity[t] ** 2) ** 0.5] for t in texts], dtype=np.float32)

    def embed_query(self, text):
        return np.array([1.0, 0.0], dtype=np.float32)


def _bank(similarity: dict[str, float], built: set[str]) -> FewShotBank:
    examples = [{"question": q, "cypher": "RETURN 1", **({"query": "q", "set": "s1"} if q in built else {})}
                for q in similarity]
    return FewShotBank(examples, TableEmbedder(similarity))


def test_the_bank_holds_the_hand_written_and_the_built_pairs():
    bank = FewShotBank.load()
    built = [e for e in bank.examples if "query" in e]
    assert built and len(bank.examples) > len(built)
    assert len(FewShotBank.load((BANK_PATH,)).examples) == len(bank.examples) - len(built)
    assert len(FewShotBank.load((CATALOG_BANK_PATH,)).examples) == len(built)


def test_a_built_pair_is_shown_only_when_it_asks_the_same_thing():
    near, far = MIN_BUILT_SIMILARITY + 0.05, MIN_BUILT_SIMILARITY - 0.1
    bank = _bank({"built near": near, "built far": far, "written a": far - 0.05, "written b": far - 0.1},
                 built={"built near", "built far"})
    assert [e["question"] for e in bank.select("q", k=3)] == ["built near", "written a", "written b"]


def test_a_built_pair_must_beat_the_nearest_hand_written_one():
    bank = _bank({"written": 0.97, "built": 0.95}, built={"built"})
    assert [e["question"] for e in bank.select("q", k=2)] == ["written"]


def test_at_most_a_few_built_pairs_are_shown():
    similarity = {f"built {i}": 0.99 - i / 100 for i in range(5)} | {"written": 0.5}
    bank = _bank(similarity, built={q for q in similarity if q.startswith("built")})
    chosen = bank.select("q", k=4)
    assert sum("query" in e for e in chosen) == MAX_BUILT and chosen[-1]["question"] == "written"


def test_a_measured_set_leaves_its_own_pairs_out():
    bank = _bank({"built": 0.99, "written": 0.5}, built={"built"})
    assert [e["question"] for e in bank.without_set("s1").examples] == ["written"]
    assert len(bank.without_set("another set").examples) == 2


def test_an_unreadable_bank_is_a_clear_error(tmp_path):
    bad = tmp_path / "bank.yaml"
    bad.write_text("- question: no cypher here\n")
    with pytest.raises(ConfigError, match="needs 'question' and 'cypher'"):
        FewShotBank.load((bad,))
