"""Question -> Cypher pairs for the text-to-Cypher few-shot bank, from the catalog's labelled examples.

    python benchmarks/build_cypher_examples.py [--per-query 12] [--max-chars 600] [--out queries/cypher_examples.yaml]

Each labelled example (queries/examples/<query>.yaml: a question and the plan it must produce) is linked the
way the agent links it, its placeholders are refilled, and the catalog query is written out with those values
as literals (cypher.inline). A pair is kept only when the written-out query returns the same rows as the
catalog query with its parameters and parses under the grammar the model writes in, so the bank never shows
the model Cypher it could not write or that answers differently. Only queries of at most `--max-chars` are
kept: the model copies the shape it is shown, writes at most 320 tokens, and reads every example token before
it writes (~40 tokens/s here). Prints what was kept and why the rest was not.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.build_examples import agent_slots  # noqa: E402
from queries.catalog import load_catalog  # noqa: E402
from survivorgraph.agent.examples import Unfilled, fill, load_examples, slot_values  # noqa: E402
from survivorgraph.core import SurvivorGraph  # noqa: E402
from survivorgraph.cypher import grammar as cypher_grammar  # noqa: E402
from survivorgraph.cypher.inline import inline_params  # noqa: E402
from survivorgraph.errors import SurvivorGraphError  # noqa: E402
from survivorgraph.retrievers.fewshot import CATALOG_BANK_PATH  # noqa: E402

HEADER = """\
# Question -> Cypher pairs built from the catalog's labelled examples (queries/examples/) by
# benchmarks/build_cypher_examples.py: each catalog query written out with the example's values as literals,
# kept only when it returns the catalog query's rows and parses under the model's grammar. Regenerate, do
# not edit. set: the question set an example came from (left out when that set is measured).
"""


def _rows(result) -> list:
    return sorted(repr(sorted(row.items())) for row in result.rows)


def build(core, per_query: int, max_chars: int) -> tuple[list[dict], Counter]:
    catalog = load_catalog()
    store = core.graph
    model_grammar = cypher_grammar.for_model(store.schema())
    kept: dict[str, list[dict]] = defaultdict(list)
    seen: set[str] = set()
    why = Counter()
    for example in load_examples(catalog=catalog):
        if len(kept[example.tool]) >= per_query:
            why["over the per-query cap"] += 1
            continue
        if example.question in seen:
            why["question already kept"] += 1
            continue
        slots = agent_slots(core, example.question)
        if slots is None:
            why["not one part"] += 1
            continue
        try:
            params = fill(example.params, slot_values(slots))
        except Unfilled:
            why["a placeholder the question does not fill"] += 1
            continue
        query = catalog.get(example.tool)
        try:
            bound = query.bind(params)
            cypher = inline_params(query.cypher, bound)
            if len(cypher) > max_chars:
                why["longer than --max-chars"] += 1
                continue
            expected = store.query(query.cypher, bound)
            written = store.query(cypher)
        except (SurvivorGraphError, KeyError, ValueError) as exc:
            why[f"does not run ({type(exc).__name__})"] += 1
            continue
        if _rows(expected) != _rows(written):
            why["other rows than the catalog query"] += 1
            continue
        if not expected.rows:
            why["no rows"] += 1
            continue
        if model_grammar.mismatch(cypher):
            why["outside the model's grammar"] += 1
            continue
        seen.add(example.question)
        kept[example.tool].append({"question": example.question, "cypher": cypher + "\n", "query": example.tool,
                                   "set": example.set, "origin": example.origin})
        why["kept"] += 1
    return [pair for name in sorted(kept) for pair in kept[name]], why


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-query", type=int, default=12, help="at most this many pairs per catalog query")
    parser.add_argument("--max-chars", type=int, default=600, help="the longest query kept, in characters")
    parser.add_argument("--out", type=Path, default=CATALOG_BANK_PATH)
    args = parser.parse_args(argv)
    core = SurvivorGraph(llm=None)
    try:
        pairs, why = build(core, args.per_query, args.max_chars)
    finally:
        core.close()
    args.out.write_text(HEADER + yaml.safe_dump(pairs, sort_keys=False, allow_unicode=True, width=120))
    print(f"{len(pairs)} pairs over {len({p['query'] for p in pairs})} queries -> {args.out}")
    for reason, n in why.most_common():
        print(f"  {n:4d}  {reason}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
