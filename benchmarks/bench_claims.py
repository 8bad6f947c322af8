"""The claim checker over a stored evaluation run: which model answers state a number or a name their evidence
lacks, and whether those answers were scored right (a flagged right answer is a false alarm).

    python benchmarks/bench_claims.py .survivorgraph/eval/<run> [--show] [--unchecked-copy FOLDER]

Reads the run's results.jsonl (every result keeps its answer, rows and passages); runs no model.
`--unchecked-copy` writes the run as it would have been without the check (each retried or withheld answer
replaced by the model's first answer) for `python -m evaluation rescore FOLDER`: the same run, scored with and
without the check.
"""

from __future__ import annotations

import argparse
import json
import shutil
from collections import Counter
from pathlib import Path

from survivorgraph.retrievers.claims import Evidence, claims_in, unsupported_claims


def write_unchecked_copy(run: Path, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(run / "meta.json", folder / "meta.json")
    lines = []
    for line in (run / "results.jsonl").read_text().splitlines():
        item = json.loads(line)
        support = item["result"].get("support") or {}
        if support.get("retried"):
            item["result"].update(answer=support["first_answer"], answer_kind="generated", support={})
        lines.append(json.dumps(item, default=str) + "\n")
    (folder / "results.jsonl").write_text("".join(lines))
    print(f"unchecked copy: {folder} (score it: python -m evaluation rescore {folder})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", type=Path)
    parser.add_argument("--show", action="store_true", help="print every flagged answer")
    parser.add_argument("--unchecked-copy", type=Path, help="write the run with the model's first answers here")
    args = parser.parse_args()
    if args.unchecked_copy:
        write_unchecked_copy(args.run, args.unchecked_copy)
    counts: Counter = Counter()
    for line in (args.run / "results.jsonl").read_text().splitlines():
        item = json.loads(line)
        result, score = item["result"], item.get("score", {})
        if result.get("answer_kind") != "generated":
            continue
        key = (item["mode"], item["category"])
        counts[key + ("answers",)] += 1
        counts[key + ("claims",)] += len(claims_in(result["answer"]))
        bad = unsupported_claims(result["answer"], Evidence.of_result(result))
        if bad:
            right = bool(score.get("correct"))
            counts[key + ("flagged",)] += 1
            counts[key + ("flagged_right",)] += right
            if args.show:
                print(f"[{item['qid']}] {'RIGHT' if right else 'wrong'} {item['question']}\n  answer: "
                      f"{result['answer'][:300]!r}\n  unsupported: {[c.text for c in bad]}")
    print("| strategy | category | model answers | claims | flagged | of which scored right |")
    print("|---|---|---|---|---|---|")
    for mode, category in sorted({k[:2] for k in counts}):
        c = {name: counts[(mode, category, name)] for name in ("answers", "claims", "flagged", "flagged_right")}
        print(f"| {mode} | {category} | {c['answers']} | {c['claims']} | {c['flagged']} | {c['flagged_right']} |")
    total = {n: sum(v for k, v in counts.items() if k[2] == n) for n in ("answers", "flagged", "flagged_right")}
    print(f"\n{total['answers']} model answers, {total['flagged']} flagged, "
          f"{total['flagged_right']} of them scored right")


if __name__ == "__main__":
    main()
