"""Run the demo questions through each mode and print, per question and mode: the answer, whether it
matches the listed answer, whether the deterministic router served it, and the time. No assertions.

    python benchmarks/demo_questions.py [--modes agentic,graph,traditional] [--no-llm] [--only 1,5]

The expected facts are the answers listed with the product's demo questions (computed from survivoR);
an answer matches when it contains every expected fact (names, numbers).
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
from collections import defaultdict

from survivorgraph.core import SurvivorGraph

DEMO = [  # (category, question, facts that a correct answer contains)
    ("narrative", "Why did Michael Skupin have to leave Survivor: The Australian Outback?", ["fire", "burn"]),
    ("narrative", "Describe how the merge played out in Survivor: Cagayan.", ["merge"]),
    ("narrative", "How was the final tribal council of Survivor: Borneo decided?", ["Richard", "4"]),
    ("single fact", "Who won Survivor 41?", ["Erika"]),
    ("single fact", "Who won season 45?", ["Dee"]),
    ("single fact", "Which tribes were in Survivor 41?", ["Luvu", "Ua", "Yase"]),
    ("aggregation", "Who has played the most seasons?", ["Rob", "5"]),
    ("aggregation", "How many tribal councils have there been across the 49 seasons?", ["737|720|706|643|640"]),
    ("aggregation", "List every winner with the number of jury votes they received.", ["Richard Hatch", "Tony"]),
    ("aggregation", "Who was on the jury of Survivor: The Australian Outback?",
     ["Keith", "Elisabeth", "Rodger", "Amber", "Nick", "Jerri", "Alicia"]),
    ("aggregation", "Which players competed in three or more seasons?", ["30"]),
    ("aggregation", "Which seasons had a medical evacuation?",
     ["2", "12", "16", "18", "19", "24", "26", "32", "37", "42", "44", "46", "49"]),
    ("aggregation", "Who has the most individual immunity wins?", ["Rob", "9"]),
    ("aggregation", "Which episode number sees the most eliminations across all seasons?", ["13"]),
    ("multi-hop", "Who has the most individual immunity wins, and how many seasons did they play?",
     ["Rob", "9", "5"]),
    ("multi-hop", "Who won Survivor 45 and who sat on that season's jury?",
     ["Dee", "Katurah", "Julie", "Drew", "Emily", "Bruce", "Kendra", "Kellie", "Kaleb"]),
    ("multi-hop", "Among players with four or more seasons, who won the most individual reward challenges?",
     ["Rupert", "3"]),
    ("multi-hop", "Find players who voted against someone who later voted them out in the same season.", []),
]


def matches(answer: str, facts: list[str]) -> bool:
    """Every fact appears as a whole word; "a|b" accepts either (a count that depends on a definition)."""
    text = answer.lower()
    return all(any(re.search(rf"(?<![0-9a-z]){re.escape(alt.lower())}(?![0-9a-z])", text) for alt in f.split("|"))
               for f in facts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--modes", default="agentic,graph,traditional")
    parser.add_argument("--no-llm", action="store_true")
    parser.add_argument("--only", help="1-based question numbers, e.g. 1,5,15")
    args = parser.parse_args()
    modes = args.modes.split(",")
    picked = [DEMO[int(i) - 1] for i in args.only.split(",")] if args.only else DEMO
    core = SurvivorGraph(llm=None if args.no_llm else "auto")
    print(f"model: {core.llm.describe() if core.llm else 'none (retrieval and deterministic routing only)'}")
    stats: dict[str, list] = defaultdict(list)
    router_hits = 0
    for n, (category, question, facts) in enumerate(picked, 1):
        print(f"\n[{n}] ({category}) {question}")
        for mode in modes:
            started = time.perf_counter()
            result = core.ask(question, mode)
            seconds = time.perf_counter() - started
            ok = result.answer_kind not in ("error", "no_model") and matches(result.answer, facts)
            deterministic = mode == "agentic" and any(
                s.name == "route" and str(s.detail.get("how", "")).startswith("deterministic") for s in result.trace)
            router_hits += deterministic
            stats[mode].append((ok, seconds, result.usage["llm_calls"]))
            answer = " ".join(result.answer.split())[:220]
            print(f"  {mode:<11} {'MATCH' if ok else 'miss '} {seconds:6.1f} s  llm calls {result.usage['llm_calls']}"
                  f"{'  [router]' if deterministic else ''}  {result.answer_kind}: {answer}")
    print("\nmode         correct   median s   LLM calls")
    for mode in modes:
        rows = stats[mode]
        print(f"{mode:<12} {sum(r[0] for r in rows):>3}/{len(rows):<4} {statistics.median(r[1] for r in rows):9.1f}"
              f" {sum(r[2] for r in rows):>10}")
    if "agentic" in modes:
        print(f"deterministic-router hit rate (agentic): {router_hits}/{len(picked)}")
    core.close()


if __name__ == "__main__":
    main()
