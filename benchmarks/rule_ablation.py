"""Which rules the example router makes redundant, measured rule by rule and left one set out.

    python benchmarks/rule_ablation.py                     # every rule, every question set
    python benchmarks/rule_ablation.py --json out.json

Each question set is run once without a model (the harness's own run, `python -m evaluation run --no-llm`), and
every part the agent routes is recorded with what it was routed from (its slots, links and the evidence before
it). Then each rule is removed in turn and every recorded part routed again, the example router built without
the part's own set (its questions and their paraphrases: left one set out, as `benchmarks/loso.py run` does). A
rule whose removal leaves every part's plans the same (query, params, operations) is redundant: the rules after
it or the examples make the same plans on sets they were not built from. The baseline is routed the same way,
with the rule, so a difference is the rule's alone.

Not exact: a part after one whose plan changed is replayed with the evidence the product found, not with what
the changed plan would find. The router cases (agent/rules/cases/) stay in every fold: they were written with
the rules, so a rule they stand in for is redundant only as far as its cases are examples.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


@dataclass
class RoutedPart:
    """One call of the agent's routing step, as the product made it."""
    set: str
    question: str
    args: tuple  # AgenticRetriever._plans(part, slots, linked, run, earlier, before) without `run`


def _plan_key(plans) -> tuple:
    return tuple((p.tool, json.dumps(p.params, sort_keys=True, default=str), repr(p.operations)) for p in plans)


def record(settings, sets: list[str]) -> tuple[object, list[RoutedPart]]:
    """Every set run once, no model; each routing call of the agent recorded."""
    from evaluation.runner import EvalOptions, Harness, eval_root, run_eval

    harness = Harness(settings, no_llm=True)
    agent = harness.plain.retriever("agentic")
    original = agent._plans
    calls: list[RoutedPart] = []
    current = {"set": ""}

    def recording(part, slots, linked, run, earlier=(), before=None):
        calls.append(RoutedPart(current["set"], run.result.question, (part, slots, linked, list(earlier), before)))
        return original(part, slots, linked, run, earlier, before)

    agent._plans = recording
    try:
        for name in sets:
            current["set"] = name
            folder = eval_root(settings) / f"ablation-{name}"
            for stale in folder.glob("*"):
                stale.unlink()  # a folder left from an earlier run would be resumed, not routed again
            run_eval(settings, EvalOptions(question_set=name, modes=["agentic_nollm"], no_llm=True,
                                           out=folder),
                     harness=harness, progress=False, log=lambda *_: None)
    finally:
        agent._plans = original
    return agent, calls


def replay(agent, calls: list[RoutedPart], folds: dict) -> list[tuple]:
    from survivorgraph.retrievers.base import Run
    from survivorgraph.retrievers.types import RetrievalResult

    keys = []
    for call in calls:
        agent.examples = folds[call.set]
        part, slots, linked, earlier, before = call.args
        run = Run(RetrievalResult(mode="agentic", question=call.question))
        keys.append(_plan_key(agent._plans(part, slots, linked, run, earlier, before)))
    return keys


def ablate(settings, sets: list[str]) -> dict:
    from survivorgraph.agent import rules

    agent, calls = record(settings, sets)
    full = agent.examples
    folds = {name: full.without_set(name) for name in sets}
    started = time.perf_counter()
    baseline = replay(agent, calls, folds)
    per_rule = {}
    for index, (name, fn) in enumerate(list(rules.RULES)):
        del rules.RULES[index]
        try:
            keys = replay(agent, calls, folds)
        finally:
            rules.RULES.insert(index, (name, fn))
        changed = defaultdict(list)
        for call, before, after in zip(calls, baseline, keys, strict=True):
            if before != after:
                changed[call.set].append(call.question)
        per_rule[name] = {"changed_parts": sum(len(v) for v in changed.values()),
                          "sets": {k: sorted(set(v)) for k, v in changed.items()}}
        print(f"{name}: {per_rule[name]['changed_parts']} parts change", file=sys.stderr)
    agent.examples = full
    redundant = [name for name, r in per_rule.items() if r["changed_parts"] == 0]
    return {"parts": len(calls), "sets": sets, "rules": len(per_rule), "redundant": redundant,
            "per_rule": per_rule, "seconds": round(time.perf_counter() - started, 1)}


def main(argv: list[str] | None = None) -> int:
    from evaluation.question_sets import set_names
    from survivorgraph.config import Settings

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default=",".join(set_names()))
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    result = ablate(Settings.from_env(), [s for s in args.sets.split(",") if s])
    print(f"{result['parts']} parts of {len(result['sets'])} sets; {len(result['redundant'])} of {result['rules']} "
          f"rules change no plan when removed:")
    for name in result["redundant"]:
        print(f"  - {name}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
