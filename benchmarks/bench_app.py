"""Time the three-column flow. Prints a table; no assertions.

    python benchmarks/bench_app.py                        # the page's own path (run_live's workers), demo questions
    python benchmarks/bench_app.py --only 1,4,16 --json artifacts/bench-app/after.json
    python benchmarks/bench_app.py --markdown docs/latency.md   # also write the table as the docs show it
    python benchmarks/bench_app.py --variants "LLM_CONCURRENCY=4;LLM_CONCURRENCY=1"   # an A/B in one run
    python benchmarks/bench_app.py --browser --runs 3     # the page itself in headless Chromium, one question
    python benchmarks/bench_app.py --compare before.json after.json   # two stored runs side by side

Default (`live`): every demo question (benchmarks/demo_questions.py) is asked of all three strategies at once,
exactly as the page does (`survivorgraph.ui.runner.start`: one worker per strategy, live `Progress`), with the
configured model. Per strategy it reports the time to the first streamed word, to the finished answer, LLM
calls, prompt and completion tokens and whether the answer holds the demo answer's facts; per question, the
time to the first words on the page (the first column to show text) and until all three are done — medians
and p90. The stores, the model server and the embedder are started and warmed first and that cold start is
reported on its own, as a user's first question pays it once.

`--variants`: settings to compare, `;` between variants, `,` between the settings of one (environment
assignments). Each variant runs all the questions in a block of its own, in the same order, starting from a
freshly started model server (an empty prompt cache) warmed by the same first question, so the blocks differ
only by their settings; a table of the variants side by side follows.

`--browser`: the page in headless Chromium (`?q=...&run=1`), from page load to each column complete.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from survivorgraph.config import PROJECT_DIR, Settings
from survivorgraph.llm.provider import describe_llm
from survivorgraph.retrievers.types import MODES

sys.path.insert(0, str(Path(__file__).resolve().parent))
from demo_questions import DEMO, matches  # noqa: E402

POLL_S = 0.05
LABEL = {"traditional": "traditional", "graph": "text-to-Cypher", "agentic": "agentic"}


WARM_UP_QUESTION = "Who won the first season?"  # not a demo question: it only fills the caches a session has


def warm_up(core, executor) -> float:
    """Open the stores, start the model server, load the embedder and ask one question that is not measured:
    the cost of a user's first question, after which the server holds the prompts' stable prefixes."""
    started = time.perf_counter()
    core.graph.schema()
    core.text.embed_query("warm up")
    for mode in MODES:
        core.retriever(mode)
    if core.llm is not None:
        ask_live(executor, core, WARM_UP_QUESTION)
    return time.perf_counter() - started


def ask_live(executor, core, question: str) -> dict:
    """One question in all three columns, polled like the page polls them."""
    from survivorgraph.ui import runner

    started = time.monotonic()
    jobs = runner.start(executor, core, question, list(MODES))
    first: dict[str, float] = {}
    done: dict[str, float] = {}
    while len(done) < len(jobs):
        now = time.monotonic() - started
        for mode, job in jobs.items():
            if mode not in first and job.progress.snapshot().answer:
                first[mode] = now
            if mode not in done and job.future.done():
                done[mode] = now
        time.sleep(POLL_S)
    columns = {}
    for mode, job in jobs.items():
        result = runner.outcome_of(job.future, mode, question).result
        columns[mode] = {"first_s": round(first.get(mode, done[mode]), 2), "streamed": mode in first,
                         "done_s": round(done[mode], 2), "llm_calls": result.usage["llm_calls"],
                         "prompt_tokens": result.usage["prompt_tokens"],
                         "read_tokens": result.usage["prompt_tokens"] - result.usage.get("cached_tokens", 0),
                         "completion_tokens": result.usage["completion_tokens"], "kind": result.answer_kind,
                         "calls": [{k: c.get(k) for k in ("label", "latency_s", "queued_s", "prompt_tokens",
                                                          "cached_tokens", "completion_tokens")}
                                   for c in result.llm_calls],
                         "answer": result.answer}
    return {"question": question, "columns": columns,
            "first_words_s": min(c["first_s"] for c in columns.values()),
            "all_done_s": max(c["done_s"] for c in columns.values())}


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]


def table(runs: list[dict], facts: dict[str, list[str]]) -> list[str]:
    def cell(values: list[float], digits: int = 1) -> str:
        return f"{statistics.median(values):.{digits}f} / {p90(values):.{digits}f}"

    lines = ["| strategy | first streamed word, s | answer finished, s | LLM calls | prompt tokens | prompt tokens "
             "read (not from cache) | completion tokens | holds the demo answer |", "|---|---|---|---|---|---|---|---|"]
    for mode in MODES:
        cols = [r["columns"][mode] for r in runs]
        right = sum(matches(c["answer"], facts[r["question"]]) and c["kind"] not in ("error", "no_model")
                    for c, r in zip(cols, runs))
        lines.append(f"| {LABEL[mode]} | {cell([c['first_s'] for c in cols])} | {cell([c['done_s'] for c in cols])} | "
                     f"{cell([c['llm_calls'] for c in cols], 0)} | {cell([c['prompt_tokens'] for c in cols], 0)} | "
                     f"{cell([c.get('read_tokens', c['prompt_tokens']) for c in cols], 0)} | "
                     f"{cell([c['completion_tokens'] for c in cols], 0)} | {right}/{len(runs)} |")
    lines.append(f"| **first words on the page** | {cell([r['first_words_s'] for r in runs])} | | | | | | |")
    lines.append(f"| **all three columns done** | | {cell([r['all_done_s'] for r in runs])} | | | | | |")
    return lines


def parse_variants(text: str | None) -> list[dict[str, str]]:
    if not text:
        return [{}]
    return [dict(item.strip().split("=", 1) for item in variant.split(",") if item.strip())
            for variant in text.split(";")]


def variant_name(variant: dict[str, str]) -> str:
    return ", ".join(f"{k}={v}" for k, v in variant.items()) or "as configured"


def live(args) -> None:
    picked = [DEMO[int(i) - 1] for i in args.only.split(",")] if args.only else DEMO
    facts = {question: expected for _, question, expected in picked}
    variants = parse_variants(args.variants)
    blocks = []
    for variant in variants:
        if len(variants) > 1:
            print(f"\n== variant: {variant_name(variant)}", flush=True)
        blocks.append(run_block(picked, variant, fresh_server=len(variants) > 1 or args.fresh_server))
        print("\n" + blocks[-1]["header"] + "\n\n" + "\n".join(table(blocks[-1]["runs"], facts)), flush=True)
    lines = []
    for block in blocks:
        if len(blocks) > 1:
            lines += ["", f"**{variant_name(block['variant'])}**", ""]
        lines += [block["header"], "", *table(block["runs"], facts)]
    if len(blocks) > 1:
        lines += ["", "Variants side by side (medians):", "", *compare(blocks)]
        print("\n" + "\n".join(compare(blocks)))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(blocks, indent=1))
    if args.markdown:
        args.markdown.parent.mkdir(parents=True, exist_ok=True)
        args.markdown.write_text("\n".join([*lines, ""]))


def compare(blocks: list[dict]) -> list[str]:
    med = statistics.median
    lines = ["| variant | first words on the page | all three done | " + " | ".join(
        f"{LABEL[m]} first word / done / tokens read" for m in MODES) + " |", "|---" * (3 + len(MODES)) + "|"]
    for block in blocks:
        runs = block["runs"]
        cells = [f"{med(r['first_words_s'] for r in runs):.1f}", f"{med(r['all_done_s'] for r in runs):.1f}"]
        for mode in MODES:
            cols = [r["columns"][mode] for r in runs]
            cells.append(f"{med(c['first_s'] for c in cols):.1f} / {med(c['done_s'] for c in cols):.1f} / "
                         f"{med(c.get('read_tokens', c['prompt_tokens']) for c in cols):.0f}")
        lines.append(f"| {variant_name(block['variant'])} | " + " | ".join(cells) + " |")
    return lines


def run_block(picked, variant: dict[str, str], fresh_server: bool) -> dict:
    """All the questions under one variant's settings; returns its runs and a header line."""
    import os

    from survivorgraph.core import SurvivorGraph
    from survivorgraph.llm import llama_server

    saved = {key: os.environ.get(key) for key in variant}
    os.environ.update(variant)
    try:
        settings = Settings.from_env()
        if fresh_server:
            llama_server.stop(settings)
        core = SurvivorGraph(settings)
        with ThreadPoolExecutor(max_workers=len(MODES), thread_name_prefix="bench") as executor:
            cold = warm_up(core, executor)
            print(f"model: {describe_llm(settings)}\ncold start (stores, model server, embedder, one question): "
                  f"{cold:.1f} s", flush=True)
            runs = ask_all(executor, core, picked)
        core.close()
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    header = (f"{len(runs)} demo questions, all three strategies at once (the page's path), "
              f"{describe_llm(settings).split(' (')[0]}; medians / p90, one run; first question "
              f"{cold:.1f} s (cold start, not included).")
    return {"variant": variant, "header": header, "cold_start_s": round(cold, 1), "runs": runs}


def ask_all(executor, core, picked) -> list[dict]:
    runs = []
    for n, (category, question, _) in enumerate(picked, 1):
            run = ask_live(executor, core, question)
            runs.append(run)
            cols = run["columns"]
            print(f"[{n:2d}] {category:<11} first words {run['first_words_s']:5.1f} s, all done "
                  f"{run['all_done_s']:5.1f} s | " + " | ".join(
                      f"{LABEL[m]} {cols[m]['first_s']:.1f}/{cols[m]['done_s']:.1f} s {cols[m]['llm_calls']} calls "
                      f"{cols[m]['prompt_tokens']}({cols[m]['read_tokens']} read)+{cols[m]['completion_tokens']} tok"
                      for m in MODES), flush=True)
    return runs


def browser(args) -> None:
    from survivorgraph.ui import headless

    if headless.find_chromium() is None:
        sys.exit("Chromium is not installed: `apt-get install -y chromium`.")
    question = args.question or DEMO[-3][1]
    print(f"question: {question}\nmodel: {describe_llm(Settings.from_env())}")
    log = PROJECT_DIR / "artifacts" / "bench-app.log"
    log.parent.mkdir(exist_ok=True)
    rows = []
    with headless.serve_app(log_path=log) as url, headless.Chromium() as chrome:
        page = None
        for run in range(1, args.runs + 1):
            target = f"{url}/?{urllib.parse.urlencode({'q': question, 'run': '1'})}"
            if page is not None:  # leave the previous run's page first, so none of its columns is counted
                page.navigate("about:blank")
                page.wait_for("document.URL === 'about:blank' && document.readyState === 'complete'")
            started = time.monotonic()
            page = chrome.open(target) if page is None else page
            page.navigate(target)
            page.wait_for(headless.APP_READY, timeout_s=120)
            marks = {"ready": time.monotonic() - started,
                     **headless.wait_for_columns(page, len(MODES), timeout_s=args.timeout, since=started)}
            if errors := page.evaluate(headless.PAGE_ERRORS):
                print(f"  the page showed an exception: {errors[0][:200]}", file=sys.stderr)
            rows.append(marks)
            print(f"run {run}: ready {marks['ready']:.1f} s, " + ", ".join(f"{m} {marks[m]:.1f} s" for m in MODES),
                  flush=True)
    for label in ("ready", *MODES):
        values = [r[label] for r in rows]
        print(f"{label:<14} first {values[0]:7.1f} s   later median "
              f"{statistics.median(values[1:]) if len(values) > 1 else float('nan'):7.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="1-based demo question numbers, e.g. 1,5,15")
    parser.add_argument("--json", type=Path, help="write every run's figures and answers here")
    parser.add_argument("--markdown", type=Path, help="write the results table here (e.g. docs/latency.md)")
    parser.add_argument("--variants", help="settings to compare, e.g. 'LLM_CONCURRENCY=4;LLM_CONCURRENCY=1'")
    parser.add_argument("--fresh-server", action="store_true", help="restart the model server first (empty cache)")
    parser.add_argument("--compare", nargs="+", type=Path, metavar="RUN.json",
                        help="print stored runs (--json files) side by side, named by their file names")
    parser.add_argument("--browser", action="store_true", help="time the page itself in headless Chromium")
    parser.add_argument("--question", help="--browser: the question (default: a multi-hop demo question)")
    parser.add_argument("--runs", type=int, default=2, help="--browser: page loads")
    parser.add_argument("--timeout", type=float, default=900, help="--browser: seconds to wait for the columns")
    args = parser.parse_args()
    if args.compare:
        blocks = [block | {"variant": {"run": path.stem, **block["variant"]}} for path in args.compare
                  for block in json.loads(path.read_text())]
        print("\n".join(compare(blocks)))
        return
    (browser if args.browser else live)(args)


if __name__ == "__main__":
    main()
