"""Text-to-Cypher A/B: today's prompt against the grammar, the catalog's examples and the pruned schema, in one run.

    python benchmarks/bench_cypher.py [--sets gold,blind-12] [--limit 16] [--arms before,grammar,...]
                                      [--out FOLDER] [--doc docs/cypher-grammar.md]

Each question of each set is asked of every arm in turn (the same model, graph and linker; arms interleaved
so drift in the machine's speed falls on all of them alike) and scored by the evaluation's scorer. Arms:

  before          no grammar, the whole schema, the hand-written few-shot pairs (the product before #23)
  grammar         the GBNF grammar of the live schema, otherwise as before
  examples        grammar + the pairs built from the catalog's labelled examples
  pruned          grammar + the schema pruned to the question (whole schema on a failure), hand-written pairs

The catalog pairs built from the set being measured are left out (leave one set out), so no arm is shown
Cypher written for the very question it is asked. Prints per set and arm: answer accuracy, queries valid on
the first try and after repair, repairs per question, queries naming a label/type/property the schema lacks,
prompt and completion tokens, median and p90 latency. One JSON line per (set, question, arm) goes to
FOLDER/results.jsonl as it finishes, so an interrupted run resumes; `--doc` writes the table into the doc
between its markers. Timings on 2 cores are noisy: compare the arms of one run, not runs.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evaluation.matching import Matcher  # noqa: E402
from evaluation.runner import EvalOptions, gold_questions  # noqa: E402
from evaluation.scoring import Scorer  # noqa: E402
from survivorgraph.core import SurvivorGraph  # noqa: E402
from survivorgraph.cypher.schema_check import check_against_schema  # noqa: E402
from survivorgraph.retrievers.fewshot import BANK_PATH, FewShotBank  # noqa: E402
from survivorgraph.retrievers.text_to_cypher import TextToCypherRetriever  # noqa: E402


@dataclass(frozen=True)
class Arm:
    name: str
    grammar: bool
    schema: str          # full | pruned
    catalog_pairs: bool  # the few-shot bank includes the pairs built from the catalog's examples


ARMS = {a.name: a for a in (Arm("before", False, "full", False), Arm("grammar", True, "full", False),
                            Arm("examples", True, "full", True), Arm("pruned", True, "pruned", False))}
DOC_START, DOC_END = "<!-- bench_cypher:start -->", "<!-- bench_cypher:end -->"


def retriever_for(core, arm: Arm, banks: dict[bool, FewShotBank], question_set: str) -> TextToCypherRetriever:
    bank = banks[arm.catalog_pairs].without_set(question_set) if arm.catalog_pairs else banks[False]
    return TextToCypherRetriever(core.graph, core.llm, bank, linker=core.linker, scope=core.scope,
                                 use_grammar=None if arm.grammar else False, schema_scope=arm.schema)


def attempt_facts(result: dict, schema) -> dict:
    attempts = [a for a in (result.get("evidence") or {}).get("cypher") or [] if a.get("source") == "llm"]
    written = [a for a in attempts if a.get("stage") != "auto_fix"]
    # A label, type, property, direction or enum value the graph lacks (a syntax error is not "off-schema").
    off_schema = sum(any(p.kind != "syntax" for p in check_against_schema(a.get("cypher") or "", schema))
                     for a in written)
    return {"generated": len(written), "first_ok": bool(attempts) and attempts[0].get("error") is None,
            "final_ok": any(a.get("error") is None for a in attempts),
            "repairs": max(0, len(written) - 1), "off_schema": off_schema}


def run(args) -> Path:
    core = SurvivorGraph()
    llm = core.llm  # fails clearly when no model is configured
    folder = args.out or core.settings.state_dir / "bench" / f"cypher-ab-{dt.datetime.now():%Y%m%d-%H%M%S}"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "results.jsonl"
    done = {(r["set"], r["qid"], r["arm"]) for r in _records(path)}
    banks = {False: FewShotBank.load((BANK_PATH,), core.embedder, core.settings.cache_dir),
             True: FewShotBank.load(embedder=core.embedder, cache_dir=core.settings.cache_dir)}
    schema = core.graph.schema()
    arms = [ARMS[name] for name in args.arms]
    print(f"bench_cypher: {', '.join(args.sets)} x {len(arms)} arms -> {folder}; LLM: {llm.describe()}", flush=True)
    for question_set in args.sets:
        questions, g = gold_questions(core.settings, EvalOptions(question_set=question_set, limit=args.limit))
        scorer = Scorer(Matcher(getattr(g, "full", g)))
        retrievers = {arm.name: retriever_for(core, arm, banks, question_set) for arm in arms}
        for q in questions:
            for arm in arms:
                if (question_set, q.id, arm.name) in done:
                    continue
                result = retrievers[arm.name].ask(q.question).to_dict()
                score = scorer.score(q, result)
                usage, timings = result.get("usage") or {}, result.get("timings") or {}
                record = {"set": question_set, "qid": q.id, "arm": arm.name, "category": q.category,
                          "question": q.question, "correct": bool(score.correct), "answer": result.get("answer"),
                          "prompt_tokens": usage.get("prompt_tokens", 0),
                          "completion_tokens": usage.get("completion_tokens", 0),
                          "total_ms": timings.get("total_ms", 0.0), **attempt_facts(result, schema),
                          "cypher": [a.get("cypher") for a in result["evidence"]["cypher"]]}
                with path.open("a") as fh:
                    fh.write(json.dumps(record, default=str) + "\n")
                print(f"  {question_set} {q.id} {arm.name}: {'right' if record['correct'] else 'wrong'}, "
                      f"{record['total_ms'] / 1000:.0f} s", flush=True)
    core.close()
    return folder


def _records(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _p(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def table(records: list[dict]) -> str:
    """Markdown: one row per set and arm, over the questions every arm of the run answered."""
    arms = [a for a in ARMS if any(r["arm"] == a for r in records)]
    complete = {(r["set"], r["qid"]) for r in records}
    for arm in arms:
        complete &= {(r["set"], r["qid"]) for r in records if r["arm"] == arm}
    lines = ["| set | arm | questions | accuracy | valid first try | valid after repair | repairs / question | "
             "off-schema queries | prompt tokens / question | completion tokens / question | p50 s | p90 s |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for question_set in sorted({s for s, _ in complete}):
        for arm in arms:
            rows = [r for r in records if r["arm"] == arm and (r["set"], r["qid"]) in complete
                    and r["set"] == question_set]
            if not rows:
                continue
            n, wrote = len(rows), [r for r in rows if r["generated"]]
            seconds = [r["total_ms"] / 1000 for r in rows]
            lines.append(
                f"| {question_set} | {arm} | {n} | {sum(r['correct'] for r in rows) / n:.0%} | "
                f"{sum(r['first_ok'] for r in wrote) / max(1, len(wrote)):.0%} | "
                f"{sum(r['final_ok'] for r in wrote) / max(1, len(wrote)):.0%} | "
                f"{statistics.mean(r['repairs'] for r in rows):.2f} | {sum(r['off_schema'] for r in rows)} | "
                f"{statistics.mean(r['prompt_tokens'] for r in rows):,.0f} | "
                f"{statistics.mean(r['completion_tokens'] for r in rows):,.0f} | "
                f"{statistics.median(seconds):.0f} | {_p(seconds, 0.9):.0f} |")
    return "\n".join(lines)


def write_doc(doc: Path, text: str, folder: Path) -> None:
    body = doc.read_text()
    if DOC_START not in body or DOC_END not in body:
        raise SystemExit(f"{doc} has no {DOC_START} ... {DOC_END} markers to write the table between.")
    head, rest = body.split(DOC_START, 1)
    _, tail = rest.split(DOC_END, 1)
    note = f"\n_Generated by `python benchmarks/bench_cypher.py --doc` from the run {folder.name}._\n\n"
    doc.write_text(head + DOC_START + note + text + "\n" + DOC_END + tail)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=lambda s: s.split(","), default=["gold", "blind-12"])
    parser.add_argument("--limit", type=int, default=16, help="questions per set, spread over the categories")
    parser.add_argument("--arms", type=lambda s: s.split(","), default=list(ARMS))
    parser.add_argument("--out", type=Path, default=None, help="run folder (an existing one resumes)")
    parser.add_argument("--table-only", action="store_true", help="print the table of --out without running")
    parser.add_argument("--doc", type=Path, default=None, help="write the table into this doc")
    args = parser.parse_args(argv)
    unknown = [a for a in args.arms if a not in ARMS]
    if unknown:
        parser.error(f"unknown arm(s) {unknown}: choose from {', '.join(ARMS)}")
    if args.table_only and args.out is None:
        parser.error("--table-only needs --out")
    folder = args.out if args.table_only else run(args)
    text = table(_records(folder / "results.jsonl"))
    print(text)
    if args.doc:
        write_doc(args.doc, text, folder)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
