"""Leave one set out: how the example router does on a question set whose examples it was not built from.

    python benchmarks/loso.py calibrate          # routing level: each set's examples routed by the other sets'
    python benchmarks/loso.py run                # the evaluation, no model: each set scored by a router without it
    python benchmarks/loso.py run --sets blind-03,blind-07 --orders only
    python benchmarks/loso.py latency            # one part routed, p50 / p90 (the embedder warm)
    python benchmarks/loso.py choose --n 100     # with the model: its pick among the candidates
    python benchmarks/loso.py choose --top 1     # with the model: it accepts or refuses the nearest

`run` scores every set three ways with the harness's own scorer (python -m evaluation run --no-llm): the rules
alone (the example router off), the example stage alone (`only`: the rules off, the best candidate when clearly
ahead, else the text), and the rules with the example stage (`after_rules`: the examples when no rule reads a
part; `first`: the examples first when clearly ahead). Each run folder is <state>/eval/loso-<order>-<set>; the
table goes to stdout (Markdown) and --json.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ORDERS = ("rules", "only", "after_rules", "first")


def _router(core):
    from survivorgraph.agent.example_router import ExampleRouter

    return ExampleRouter.load(core.embedder, cache_dir=core.settings.cache_dir)


def calibrate(core, precision: float, embedding_weight: float | None = None) -> dict:
    """Each set's own examples (not paraphrases or router cases) routed by a router without that set; the best
    candidate is right when it proposes the example's plan. The (similarity, margin) grid point accepting the most
    at `precision` or better is printed with the curve."""
    import numpy as np

    from survivorgraph.agent.example_router import MIN_CANDIDATE
    from survivorgraph.agent.examples import _in_text

    full = _router(core)
    if embedding_weight is not None:
        full.embedding_weight = embedding_weight
    rows = []  # (similarity, margin, right)
    right_candidates, wrong_candidates = [], []  # the similarity of each top-k candidate, by whether it is right
    per_set = defaultdict(lambda: [0, 0])
    query_right = 0  # the nearest candidate's query is the example's, whatever its params and operations
    # A plan only its own set (and that set's paraphrases) teaches cannot be proposed with the set left out: the
    # ceiling of the example stage on these sets, whatever the similarity.
    taught_by = defaultdict(set)
    for example in full.examples:
        taught_by[example.plan_key].add(example.set)
    reachable = reachable_right = 0
    for i, example in enumerate(full.examples):
        if example.origin != example.set or not example.set:
            continue
        taught_elsewhere = bool(taught_by[example.plan_key] - {example.set})
        reachable += taught_elsewhere
        router = full.without_set(example.set)
        values = {p: 1 for p in _in_text(example.text)} | {"{seasons}": [1]}
        found = router.nearest(example.text, full.vectors[i], values)
        if not found:
            rows.append((0.0, 0.0, False))
            continue
        margin = found[0].similarity - (found[1].similarity if len(found) > 1 else 0.0)
        right = found[0].example.plan_key == example.plan_key
        reachable_right += right
        query_right += found[0].tool == example.tool
        for c in found:  # every candidate the model may be offered: where the right ones stop (MIN_CANDIDATE)
            (right_candidates if c.example.plan_key == example.plan_key else wrong_candidates).append(c.similarity)
        rows.append((found[0].similarity, margin, right))
        per_set[example.set][0] += right
        per_set[example.set][1] += 1
    sims, margins, rights = (np.array(x) for x in zip(*rows, strict=True))
    best = None
    curve = []
    for s in np.arange(0.5, 0.96, 0.025):
        for m in (0.0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.1, 0.15):
            taken = (sims >= s) & (margins >= m)
            if not taken.any():
                continue
            p = rights[taken].mean()
            curve.append((round(float(s), 3), m, int(taken.sum()), round(float(p), 3)))
            if p >= precision and (best is None or taken.sum() > best[2]):
                best = (round(float(s), 3), m, int(taken.sum()), round(float(p), 3))
    top1 = float(rights.mean())
    floor = min(right_candidates, default=0.0)
    print(f"candidates: the least similar right one {floor:.3f}; below MIN_CANDIDATE ({MIN_CANDIDATE}): "
          f"{sum(x < MIN_CANDIDATE for x in right_candidates)} right, "
          f"{sum(x < MIN_CANDIDATE for x in wrong_candidates)} wrong")
    print(f"{len(rows)} set examples; best candidate right (top-1, no threshold): {int(rights.sum())} = {top1:.1%}; "
          f"its query right: {query_right}")
    print(f"taught by another set or by no set (reachable left one set out): {reachable} of {len(rows)} "
          f"({reachable / len(rows):.0%}); the nearest plan right on {reachable_right} of them "
          f"({reachable_right / max(reachable, 1):.0%})")
    print("per set top-1: " + ", ".join(f"{k} {a}/{n}" for k, (a, n) in sorted(per_set.items())))
    if best:
        print(f"at precision >= {precision:.0%}: similarity >= {best[0]}, margin >= {best[1]}: takes {best[2]} of "
              f"{len(rows)} ({best[2] / len(rows):.0%}), {best[3]:.1%} right")
    return {"examples": len(rows), "top1": top1, "query_right": query_right, "best": best, "curve": curve,
            "reachable": reachable, "reachable_right": reachable_right,
            "least_right_candidate": floor,
            "per_set": {k: v for k, v in per_set.items()}}


def run(core_settings, sets: list[str], orders: list[str], prefix: str, thresholds: dict) -> dict:
    from evaluation.runner import EvalOptions, Harness, eval_root, run_eval

    harness = Harness(core_settings, no_llm=True)
    agent = harness.plain.retriever("agentic")
    full = agent.examples
    for name, value in thresholds.items():
        if value is not None:
            setattr(full, name, value)
    table: dict[str, dict[str, dict]] = defaultdict(dict)
    for name in sets:
        for order in orders:
            agent.examples = None if order == "rules" else full.without_set(name)
            agent.example_order = "after_rules" if order == "rules" else order
            folder = eval_root(core_settings) / f"{prefix}-{order}-{name}"
            if folder.exists():
                for stale in folder.glob("*"):
                    stale.unlink()
            done = run_eval(core_settings, EvalOptions(question_set=name, modes=["agentic_nollm"], no_llm=True,
                                                       out=folder), harness=harness, progress=False,
                            log=lambda *_: None)
            right = sum(1 for r in done.records if r["score"].get("correct"))
            scored = sum(1 for r in done.records if r["score"].get("applicable", True))
            chose = sum(1 for r in done.records for s in r["result"]["trace"]
                        if s["name"] == "route" and s["detail"].get("stage") == "example router")
            table[name][order] = {"right": right, "of": scored, "example_routes": chose, "folder": str(folder)}
            print(f"{name} {order}: {right}/{scored} right, {chose} parts routed by examples", file=sys.stderr)
    agent.examples, agent.example_order = full, "after_rules"
    return table


def markdown(table: dict, orders: list[str]) -> str:
    names = {"rules": "rules alone", "only": "example stage alone", "after_rules": "rules, then examples",
             "first": "examples first, then rules"}
    head = "| set | " + " | ".join(names[o] for o in orders) + " |"
    lines = [head, "|---|" + "---|" * len(orders)]
    totals = defaultdict(lambda: [0, 0])
    for name, cells in table.items():
        out = []
        for o in orders:
            c = cells.get(o)
            if c is None:
                out.append("—")
                continue
            totals[o][0] += c["right"]
            totals[o][1] += c["of"]
            extra = f" ({c['example_routes']} by examples)" if o != "rules" else ""
            out.append(f"{c['right']}/{c['of']} = {c['right'] / c['of']:.0%}{extra}")
        lines.append(f"| {name} | " + " | ".join(out) + " |")
    cells = [f"**{totals[o][0]}/{totals[o][1]} = {totals[o][0] / max(totals[o][1], 1):.0%}**" for o in orders]
    lines.append("| **all** | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def choose(core, n: int, top: int = 5) -> dict:
    """With the model: `n` of the sets' own examples, spread over the sets, each routed by a router without its
    set; the model picks among the top candidates (agent.candidate_choice). Right when the pick is the example's
    own plan; beside it, how often the nearest candidate is (no model) and how often the plan is among the
    candidates at all (the most the model can get)."""
    from queries.catalog import load_catalog
    from survivorgraph.agent.candidate_choice import CandidateChooser
    from survivorgraph.agent.examples import _in_text
    from survivorgraph.agent.tools import CHUNK_SEARCH, TEXT_TO_CYPHER

    full = _router(core)
    catalog = load_catalog()
    chooser = CandidateChooser(core.llm, catalog, [*catalog.names(), TEXT_TO_CYPHER, CHUNK_SEARCH], top=top)
    own = [i for i, e in enumerate(full.examples) if e.set and e.origin == e.set]
    step = max(1, len(own) // n)
    counts = defaultdict(int)
    times = []
    for i in own[::step][:n]:
        example = full.examples[i]
        values = {p: 1 for p in _in_text(example.text)} | {"{seasons}": [1]}
        found = full.without_set(example.set).nearest(example.text, full.vectors[i], values)
        counts["examples"] += 1
        if not found:
            continue
        keys = [c.example.plan_key for c in found]
        started = time.perf_counter()
        option, _ = chooser.pick(example.question or example.text, example.text, chooser.options(found))
        times.append(time.perf_counter() - started)
        picked = "unreadable" if option is None else \
            option.candidate.example.plan_key if option.candidate else option.plan["tool"]
        counts["nearest right"] += keys[0] == example.plan_key
        counts["among candidates"] += example.plan_key in keys
        counts["model right"] += picked == example.plan_key
        counts["model fell back"] += picked in (TEXT_TO_CYPHER, CHUNK_SEARCH)
        counts["model took the nearest"] += picked == keys[0]
        counts["nearest right and taken"] += picked == keys[0] == example.plan_key
        counts["nearest wrong and refused"] += picked in (TEXT_TO_CYPHER, CHUNK_SEARCH) and keys[0] != example.plan_key
    result = {"top": top, **counts, "median_s": round(statistics.median(times), 2) if times else None}
    print(json.dumps(result))
    return result


def latency(core, n: int) -> dict:
    """One part routed by the example router (embedding included), warm, over the question sets' wording."""
    from survivorgraph.agent.examples import load_examples
    from survivorgraph.agent.plans import Slots

    router = _router(core)
    router.embedder.embed_query("warm up")
    times = []
    for example in load_examples()[:n]:
        slots = Slots(example.question or example.text, [1], ["US0055"], [], [])
        started = time.perf_counter()
        router.route(slots)
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    result = {"parts": len(times), "p50_ms": round(statistics.median(times), 2),
              "p90_ms": round(times[int(len(times) * 0.9)], 2), "examples": len(router.examples)}
    print(json.dumps(result))
    return result


def main(argv: list[str] | None = None) -> int:
    from evaluation.question_sets import set_names
    from survivorgraph.config import Settings
    from survivorgraph.core import SurvivorGraph

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    cal = sub.add_parser("calibrate")
    cal.add_argument("--precision", type=float, default=0.9)
    cal.add_argument("--embedding-weight", type=float, default=None, help="instead of the router's")
    r = sub.add_parser("run")
    r.add_argument("--sets", default=",".join(set_names()))
    r.add_argument("--orders", default="rules,only,after_rules,first")
    r.add_argument("--prefix", default="loso")
    r.add_argument("--json", type=Path, default=None)
    r.add_argument("--min-similarity", type=float, default=None, help="instead of the calibrated one")
    r.add_argument("--min-margin", type=float, default=None)
    r.add_argument("--embedding-weight", type=float, default=None)
    ch = sub.add_parser("choose", help="with the model: its pick among the candidates, left one set out")
    ch.add_argument("--n", type=int, default=100)
    ch.add_argument("--top", type=int, default=5, help="candidates shown (1: accept or refuse the nearest)")
    lat = sub.add_parser("latency")
    lat.add_argument("--n", type=int, default=300)
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    if args.command == "run":
        orders = [o for o in args.orders.split(",") if o]
        table = run(settings, [s for s in args.sets.split(",") if s], orders, args.prefix,
                    {"min_similarity": args.min_similarity, "min_margin": args.min_margin,
                     "embedding_weight": args.embedding_weight})
        print(markdown(table, orders))
        if args.json:
            args.json.write_text(json.dumps(table, indent=1))
        return 0
    if args.command == "choose":
        choose(SurvivorGraph(settings), args.n, args.top)
        return 0
    core = SurvivorGraph(settings, llm=None)
    if args.command == "calibrate":
        calibrate(core, args.precision, args.embedding_weight)
    else:
        latency(core, args.n)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
