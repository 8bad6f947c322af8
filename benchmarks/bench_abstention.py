"""Where the model's "the passages do not say" is overruled: how like the question the passages' best sentence is.

    python benchmarks/bench_abstention.py --runs '<state>/eval/t21-nmu-{set}' [--leave-out blind-12,blind-13]

Reads no-model runs of the traditional strategy over the narrative and unanswerable questions (`python -m
evaluation run --no-llm --modes traditional --category unanswerable,narrative`). For each question that reached
retrieval (not answered "not in the data" before it), the answer prompt's sentences are chosen as the product
chooses them (retrievers.passages) and the best sentence's embedding cosine with the question is read. Printed per
threshold: how many narrative questions whose passages hold the answer reach it, how many narrative questions
whose passages do not, and how many unanswerable ones — the questions on which an abstention of the model would be
overruled (retrievers.grounding.OVERRULE_SIMILARITY). The sets left out are the ones the threshold is then measured
on. No model runs.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from survivorgraph.core import SurvivorGraph
from survivorgraph.retrievers.passages import choose_excerpts
from survivorgraph.retrievers.types import RetrievalResult

THRESHOLDS = (0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6)


def reached_retrieval(run: Path):
    """(category, passages hold the answer, question, chunks) of each answer that came from passages."""
    for line in (run / "results.jsonl").open():
        record = json.loads(line)
        result = RetrievalResult.from_dict(record["result"])
        if result.answer_kind == "extractive" and result.chunks:
            yield record["category"], bool(record["score"].get("supported")), record["question"], result.chunks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", required=True, help="run folder pattern with {set}")
    parser.add_argument("--sets", default="gold," + ",".join(f"blind-{n:02d}" for n in range(1, 14)))
    parser.add_argument("--leave-out", default="blind-12,blind-13")
    args = parser.parse_args()
    left_out = set(args.leave_out.split(",")) if args.leave_out else set()
    core = SurvivorGraph(llm=None)
    embed = core.embedder.embed_documents
    groups: dict[str, list[float]] = {"narrative, passages hold the answer": [],
                                      "narrative, passages do not": [], "unanswerable": []}
    for name in args.sets.split(","):
        if name in left_out:
            continue
        run = Path(args.runs.format(set=name))
        for category, holds, question, chunks in reached_retrieval(run):
            best = max((e.similarity or 0.0 for e in choose_excerpts(chunks, question, embed)), default=0.0)
            key = "unanswerable" if category == "unanswerable" else (
                "narrative, passages hold the answer" if holds else "narrative, passages do not")
            groups[key].append(best)
    core.close()
    print(f"sets: {args.sets} less {sorted(left_out)}\n")
    print("| best sentence ≥ | " + " | ".join(f"{k} (of {len(v)})" for k, v in groups.items()) + " |")
    print("|---|" + "---|" * len(groups))
    for t in THRESHOLDS:
        print(f"| {t} | " + " | ".join(str(sum(s >= t for s in v)) for v in groups.values()) + " |")


if __name__ == "__main__":
    main()
