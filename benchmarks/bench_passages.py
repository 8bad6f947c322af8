"""What the traditional strategy's answer prompt carries: its size in tokens and whether it still holds the answer.

    python benchmarks/bench_passages.py [--budgets 1200,1600,2000] [--k 6]

For every narrative question of every question set (their gold answers are groups of facts, one of each group
must be said), the k nearest passages are retrieved as the traditional strategy retrieves them, and the prompt's
passage text is built three ways: whole passages cut around the question's words (before), and the chosen
sentences (survivorgraph/retrievers/passages.py) at each budget, with and without embedding similarity. A prompt
"holds the answer" when every fact group has a word in it. No model runs; prints a table.
"""

from __future__ import annotations

import argparse
import statistics

from survivorgraph.core import SurvivorGraph
from survivorgraph.llm import tokens
from survivorgraph.retrievers.answering import format_passages
from survivorgraph.retrievers.passages import choose_excerpts, format_excerpts
from survivorgraph.retrievers.traditional import to_evidence


def narrative_questions() -> list[tuple[str, list[list[str]]]]:
    """(question, key-fact groups) of every narrative question of every set, answers computed from the data."""
    from evaluation.data import GoldData
    from evaluation.question_sets import build_question_set, set_names
    from ingest.survivor_data import open_survivor_data
    from survivorgraph.config import Settings

    g = GoldData(open_survivor_data(Settings.from_env()))
    found = []
    for name in set_names():
        for q in build_question_set(g, name):
            groups = [grp for p in q.parts if p["type"] == "facts" for grp in p["groups"]]
            if q.category == "narrative" and groups:
                found.append((q.question, groups))
    return found


def holds(text: str, groups: list[list[str]]) -> bool:
    low = text.lower()
    return all(any(word.lower() in low for word in group) for group in groups)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--budgets", default="1200,1600,2000")
    parser.add_argument("--k", type=int, default=6)
    args = parser.parse_args()
    core = SurvivorGraph(llm=None)
    embed = core.embedder.embed_documents
    questions = narrative_questions()
    ways = {"whole passages, cut around the question's words (before)":
            lambda chunks, q: format_passages(chunks, q)}
    for budget in map(int, args.budgets.split(",")):
        ways[f"chosen sentences, {budget} chars, embedding + words"] = (
            lambda chunks, q, b=budget: format_excerpts(choose_excerpts(chunks, q, embed, b)))
        ways[f"chosen sentences, {budget} chars, words only"] = (
            lambda chunks, q, b=budget: format_excerpts(choose_excerpts(chunks, q, None, b)))
    results: dict[str, list[tuple[int, bool]]] = {way: [] for way in ways}
    retrieved_holds = 0
    for question, groups in questions:
        chunks = [to_evidence(h) for h in core.text.search(question, k=args.k)]
        retrieved_holds += holds(" ".join(c.text for c in chunks), groups)
        for way, build in ways.items():
            text = build(chunks, question)
            results[way].append((tokens.count_text(text)[0], holds(text, groups)))
    core.close()
    print(f"{len(questions)} narrative questions from all sets; "
          f"the {args.k} retrieved passages hold the answer for {retrieved_holds}.\n")
    print("| passage text in the prompt | tokens (median) | holds the answer |")
    print("|---|---|---|")
    for way, rows in results.items():
        print(f"| {way} | {statistics.median(t for t, _ in rows):.0f} | {sum(h for _, h in rows)} |")


if __name__ == "__main__":
    main()
