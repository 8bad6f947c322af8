"""The structural bounds on generated Cypher: how fast the issue's denial-of-service queries are refused, and
what a query sitting at each bound costs the real embedded FalkorDB to compile (GRAPH.EXPLAIN) and run. Its own
server in a temporary directory; no model, no assertions.

    python benchmarks/bench_bounds.py
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from survivorgraph.cypher.bounds import DEFAULT_BOUNDS as B
from survivorgraph.cypher.safety import check_read_only
from survivorgraph.errors import QueryTooComplexError, SurvivorGraphError
from survivorgraph.graph.falkordb_store import FalkorDBStore
from survivorgraph.servers.falkordb_server import EmbeddedFalkorDB

HOGS = {
    "reduce over range(1, 2000000)": "RETURN size(reduce(s = '', x IN range(1, 2000000) | s + 'aaaaaaaaaa')) AS n",
    "500 nested parentheses": "RETURN " + "(" * 500 + "1" + ")" * 500 + " AS n",
    "200k-item list literal": "RETURN [" + ",".join(["1"] * 200_000) + "] AS n",
    "3,000 nested lists": "RETURN " + "[" * 3000 + "1" + "]" * 3000 + " AS n",
    "50k-term OR chain": "MATCH (n:N) WHERE " + " OR ".join(["n.i = 1"] * 50_000) + " RETURN n",
    "5 MB string literal": "MATCH (n:N) WHERE n.name = '" + "a" * 5_000_000 + "' RETURN n",
    "doubling reduce (s + s)": "RETURN size(reduce(s = 'a', x IN range(1, 40) | s + s)) AS n",
}
DEEP = "(" * B.max_depth + "1" + ")" * B.max_depth
AT_THE_BOUNDS = {
    f"depth {B.max_depth}": f"RETURN {DEEP} AS n",
    f"depth {B.max_depth}, repeated to ~{B.max_chars:,} chars":
        "RETURN " + " + ".join([DEEP] * ((B.max_chars - 20) // (len(DEEP) + 3))) + " AS n",
    f"{B.max_items} list items": "RETURN [" + ", ".join(["1"] * B.max_items) + "] AS n",
    f"{B.max_boolean_operators} ORs": "MATCH (n:N) WHERE " + " OR ".join(["n.i = 1"] * (B.max_boolean_operators + 1))
                                      + " RETURN count(n)",
    f"reduce over range(1, {B.max_range_elements}) adding {B.max_string_chars} chars":
        f"RETURN size(reduce(s = '', x IN range(1, {B.max_range_elements}) | s + '{'a' * B.max_string_chars}')) AS n",
    f"nested ranges, {B.max_nested_iterations:,} steps":
        f"RETURN size([x IN range(1, {B.max_nested_iterations // 100}) | [y IN range(1, 100) | y]]) AS n",
}


def ms(started: float) -> str:
    return f"{(time.perf_counter() - started) * 1000:9.2f}"


def main() -> None:
    print(f"{'denial-of-service query':42} {'refused in ms':>13}  bound")
    for name, query in HOGS.items():
        started = time.perf_counter()
        try:
            check_read_only(query)
            verdict = "ACCEPTED"
        except QueryTooComplexError as exc:
            verdict = exc.bound
        print(f"{name:42} {ms(started):>13}  {verdict}")
    with tempfile.TemporaryDirectory(prefix="sg-bench-bounds-") as folder:
        server = EmbeddedFalkorDB(Path(folder), query_timeout_ms=5000)
        server.ensure_running()
        try:
            store = FalkorDBStore(server, "g", timeout_ms=5000, row_cap=10)
            store.query("UNWIND range(1, 1000) AS i CREATE (:N {i: i})", read_only=False)
            print(f"\n{'query at the bound':52} {'check ms':>9} {'EXPLAIN ms':>10} {'run ms':>9}")
            for name, query in AT_THE_BOUNDS.items():
                started = time.perf_counter()
                check_read_only(query)
                checked = ms(started)
                started = time.perf_counter()
                store.validate(query)
                explained = ms(started)
                started = time.perf_counter()
                try:
                    store.query(query)
                    ran = ms(started)
                except SurvivorGraphError as exc:
                    ran = f"{type(exc).__name__}"
                print(f"{name:52} {checked:>9} {explained:>10} {ran:>9}")
            store.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
