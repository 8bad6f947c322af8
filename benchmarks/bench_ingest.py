"""Time the graph load (embedded server start included) and print entity counts. No assertions.

    make bench-ingest      # or: python benchmarks/bench_ingest.py [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from ingest.graph_loader import load_graph
from survivorgraph.config import Settings
from survivorgraph.servers.falkordb_server import EmbeddedFalkorDB


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seasons", default=None)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="sg-bench-") as tmp:
        overrides = {"state_dir": Path(tmp), "neo4j_uri": ""}
        if args.seasons:
            overrides["seasons"] = args.seasons
        settings = Settings.from_env(**overrides)
        try:
            for run in range(args.runs):
                # Cold: the first run starts the server; later runs reuse it and replace the graph.
                started = time.perf_counter()
                report = load_graph(settings)
                rows.append((run + 1, time.perf_counter() - started, report))
        finally:
            EmbeddedFalkorDB(settings.state_dir).stop()
    last = rows[-1][2]
    print(f"dataset {last.dataset_version}  scope {last.scope}")
    print(f"entities: {sum(last.nodes.values())} nodes, {sum(last.relationships.values())} relationships")
    print(f"{'run':>3}  {'total s':>8}  " + "  ".join(f"{k:>14}" for k in last.seconds if k != "total"))
    for run, total, report in rows:
        print(f"{run:>3}  {total:8.2f}  " + "  ".join(f"{v:14.2f}" for k, v in report.seconds.items() if k != "total"))
    print(f"median total {statistics.median(r[1] for r in rows):.2f} s (goal < 5 s; the published system: ~45 s)")
    print("nodes:", ", ".join(f"{k} {v}" for k, v in sorted(last.nodes.items())))
    print("relationships:", ", ".join(f"{k} {v}" for k, v in sorted(last.relationships.items())))


if __name__ == "__main__":
    main()
