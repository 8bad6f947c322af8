"""Time the comparison page in a real browser: from page load to the first column complete and to all
columns complete, for a demo question. Prints a table; no assertions.

    python benchmarks/bench_app.py                      # the configured stores and model (after `make setup`)
    python benchmarks/bench_app.py --llm off --runs 3   # retrieval only
    python benchmarks/bench_app.py --question "Who won season 45?" --screenshot artifacts/bench.png

The page is started with `streamlit run app.py` on a free port and loaded in headless Chromium with the
question in the URL (`?q=...&run=1`), so "page load" is the navigation itself. Each run is a fresh page load
(a new session); the first also pays for opening the stores and loading the embedding model. Needs Debian's
`chromium` (`apt-get install -y chromium`).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import urllib.parse
from pathlib import Path

from survivorgraph.config import PROJECT_DIR, Settings
from survivorgraph.llm.provider import describe_llm
from survivorgraph.retrievers.types import MODES
from survivorgraph.ui import headless

DEFAULT_QUESTION = "Who won Survivor 45 and who sat on that season's jury?"


def one_run(browser: headless.Chromium, url: str, question: str, modes: list[str], llm: str, timeout_s: float,
            page: headless.Page | None) -> tuple[headless.Page, dict[str, float]]:
    query = {"q": question, "run": "1"} | ({"mode": modes[0]} if len(modes) == 1 else {}) | (
        {"llm": "off"} if llm == "off" else {})
    target = f"{url}/?{urllib.parse.urlencode(query)}"
    if page is not None:  # leave the previous run's page first, so none of its columns is counted
        page.navigate("about:blank")
        page.wait_for("document.URL === 'about:blank' && document.readyState === 'complete'")
    started = time.monotonic()
    if page is None:
        page = browser.open(target)
    else:
        page.navigate(target)
    page.wait_for(headless.APP_READY, timeout_s=120)
    ready = time.monotonic() - started
    done = headless.wait_for_columns(page, len(modes), timeout_s=timeout_s, since=started)
    errors = page.evaluate(headless.PAGE_ERRORS)
    if errors:
        print(f"  the page showed an exception: {errors[0][:200]}", file=sys.stderr)
    return page, {"ready": ready, **done}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--question", default=DEFAULT_QUESTION)
    parser.add_argument("--mode", choices=["all", *MODES], default="all")
    parser.add_argument("--llm", choices=["on", "off"], default="on", help="off: retrieval only")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=900, help="seconds to wait for one run's columns")
    parser.add_argument("--screenshot", type=Path, help="save a PNG of the last run")
    args = parser.parse_args()
    if headless.find_chromium() is None:
        sys.exit("Chromium is not installed: `apt-get install -y chromium`.")
    modes = list(MODES) if args.mode == "all" else [args.mode]
    settings = Settings.from_env()
    print(f"question: {args.question}")
    print(f"model: {describe_llm(settings) if args.llm == 'on' else 'off (retrieval only)'}")
    rows = []
    log = PROJECT_DIR / "artifacts" / "bench-app.log"
    log.parent.mkdir(exist_ok=True)
    with headless.serve_app(log_path=log) as url, headless.Chromium() as browser:
        page = None
        for run in range(1, args.runs + 1):
            page, marks = one_run(browser, url, args.question, modes, args.llm, args.timeout, page)
            rows.append(marks)
            order = sorted(modes, key=marks.get)
            print(f"run {run}: ready {marks['ready']:.2f} s, first column ({order[0]}) {marks[order[0]]:.2f} s, "
                  f"all {max(marks[m] for m in modes):.2f} s  [" +
                  ", ".join(f"{m} {marks[m]:.2f}" for m in order) + "]", flush=True)
        if args.screenshot:
            print(f"screenshot: {page.screenshot(args.screenshot)}")
    print()
    print(f"{'seconds from page load':<28}{'run 1 (cold)':>14}{'later (median)':>16}")
    firsts = [min(r[m] for m in modes) for r in rows]
    alls = [max(r[m] for m in modes) for r in rows]
    for label, values in (("page ready", [r["ready"] for r in rows]), ("first column complete", firsts),
                          ("all columns complete", alls), *((f"  {m}", [r[m] for r in rows]) for m in modes)):
        later = f"{statistics.median(values[1:]):.2f}" if len(values) > 1 else "-"
        print(f"{label:<28}{values[0]:>14.2f}{later:>16}")


if __name__ == "__main__":
    main()
