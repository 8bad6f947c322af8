"""Record what the configured model answers, with the evidence it answered from, for the claim checker's tests.

    python benchmarks/record_answers.py --modes traditional,graph --out tests/data/recorded_answers.jsonl

Each line: mode, question, the model's first answer (before any check), the rows and passages it was given
(passages cut to the excerpts the model saw is not attempted: the full passages are the evidence the page
shows), and what the checker found. The questions are this script's own wording, not an evaluation set's.
Labels are added by hand after reading each answer against its evidence (`label`: which claims are truly
absent from it).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

QUESTIONS = [
    "What did Richard Hatch do on the last day of Borneo that shocked viewers?",
    "Which castaway quit early in Survivor: Samoa, and why?",
    "How did Jonny Fairplay use his grandmother in Pearl Islands?",
    "How many jury votes did Natalie White get at the end of Samoa?",
    "Who was the winner of Survivor: Marquesas?",
    "How many seasons has Cirie Fields appeared in?",
    "What twist did Survivor: Thailand open with?",
    "Why was Dan Spilo removed from Island of the Idols?",
    "Which tribe was Colby Donaldson on in the Outback?",
    "How many people sat on the jury in Survivor: Panama?",
    "How old was Rudy Boesch when he first played?",
    "Who was the first person voted out of Survivor: Africa?",
]


def main() -> None:
    from survivorgraph.core import SurvivorGraph

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modes", default="traditional,graph")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    graph = SurvivorGraph()
    with args.out.open("w") as out:
        for question in QUESTIONS:
            for mode in args.modes.split(","):
                result = graph.ask(question, mode=mode)
                support = result.support
                first = support.get("first_answer") or (support.get("model_answer") if not support.get("retried")
                                                        else None) or result.answer
                if not support:  # no model answer to record (no rows, an error)
                    continue
                line = {"mode": mode, "question": question, "answer": first,
                        "rows": result.rows[:25], "passages": [c.text for c in result.chunks],
                        "checker": support.get("first_unsupported", support.get("unsupported", []))}
                out.write(json.dumps(line, ensure_ascii=False, default=str) + "\n")
                print(f"[{mode}] {question}\n  {first[:200]!r}\n  unsupported: {line['checker']}", flush=True)


if __name__ == "__main__":
    main()
