"""Cost of the spoiler guard: per-scope graph build and reuse, and query latency with and without a scope.
No model is used (retrieval and deterministic routing), so the numbers are the guard's own. No assertions.

    python benchmarks/bench_scope.py [--scope 44:6] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

from ingest.viewer_scope import ViewerScope
from survivorgraph.config import Settings
from survivorgraph.core import SurvivorGraph
from survivorgraph.graph import open_graph_store
from survivorgraph.graph.scopes import build_scoped_graph, open_scoped_store, scoped_graph_name

QUESTIONS = ["Who has played the most seasons?", "Who has the most individual immunity wins?",
             "Which seasons had a medical evacuation?", "Who was on the jury of Survivor: The Australian Outback?",
             "Why did Michael Skupin have to leave Survivor: The Australian Outback?"]


def median_ms(core: SurvivorGraph, mode: str, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        for question in QUESTIONS:
            started = time.perf_counter()
            core.ask(question, mode)
            times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scope", default="44:6")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    settings = Settings.from_env()
    scope = ViewerScope.parse(args.scope)

    main_store = open_graph_store(settings)
    builds = [build_scoped_graph(main_store, scoped_graph_name(settings, scope), scope) for _ in range(3)]
    started = time.perf_counter()
    open_scoped_store(settings, scope).close()
    reuse_ms = (time.perf_counter() - started) * 1000
    main_store.close()
    print(f"per-scope graph {scope.label}: build median {statistics.median(builds):.2f} s (of 3), "
          f"reuse {reuse_ms:.1f} ms")

    full = SurvivorGraph(settings, llm=None)
    scoped = full.for_scope(scope)
    for core in (full, scoped):  # warm: open stores, load the linker and the embedding model
        for mode in ("traditional", "agentic"):
            core.ask(QUESTIONS[0], mode)
    print(f"{'mode':<12} {'unrestricted ms':>16} {'scoped ms':>10} {'ratio':>6}")
    for mode in ("traditional", "agentic"):
        base, guarded = median_ms(full, mode, args.repeat), median_ms(scoped, mode, args.repeat)
        print(f"{mode:<12} {base:16.1f} {guarded:10.1f} {guarded / base:6.2f}")
    full.close()
    scoped.close()


if __name__ == "__main__":
    main()
