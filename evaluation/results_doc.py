"""docs/evaluation.md and the README's results table, generated from the runs recorded in docs/runs/.

    python -m evaluation doc                         # rewrite docs/evaluation.md and the README's results block
    python -m evaluation doc --check                 # exit 1 when either differs from what it would write
    python -m evaluation doc --add RUN_FOLDER [--as NAME] [--commit HASH]   # record a run, then rewrite

A recorded run (docs/runs/<name>.json) is the run's meta (when, code, model, question set, modes, viewer
scope) and its summary table (per category x mode: the metrics of evaluation/summary.py), not its answers;
run folders stay in <state>/eval. Everything written here depends only on those files, so `--check` in
`make test` (tests/test_results_doc.py) keeps the docs and the runs in step.

    record_run(folder, name=None, commit=None, root=REPO) -> Path
    render_doc(runs) -> str ; render_headline(runs) -> str ; write(root) -> list[Path] ; stale(root) -> list[str]
"""

from __future__ import annotations

import json
import math
import subprocess
from pathlib import Path
from typing import Any

from evaluation.question_sets import question_sets, set_names
from evaluation.summary import CATEGORY_ORDER, METRICS

REPO = Path(__file__).resolve().parent.parent
RUNS = Path("docs/runs")
DOC = Path("docs/evaluation.md")
README = Path("README.md")
BEGIN, END = "<!-- results:begin -->", "<!-- results:end -->"
COMMAND = "python -m evaluation doc"

# The mapping of the renamed sets: the name a run recorded -> the set's name now (in the order written).
# the sets' former names (evaluation/sets/index.yaml), for runs recorded before the sets were renamed
RENAMED_SETS = {s.was: s.name for s in question_sets().values() if s.was}
SET_ORDER = set_names()
META_KEYS = ["started", "finished", "rescored", "commit", "llm", "no_llm", "question_set", "questions", "modes",
             "categories", "limit", "viewer_scope", "viewer_scope_text", "dataset_version", "scope",
             "graph_backend", "k"]
STRATEGIES = [  # (label, mode, run without a model?) in the order the tables list them
    ("traditional (vector RAG)", "traditional", False),
    ("traditional, no model (extractive)", "traditional", True),
    ("graph (text-to-Cypher)", "graph", False),
    ("agentic", "agentic", False),
    ("agentic, no model (deterministic routing)", "agentic", True),
    ("lexical retrieval only", "lexical", None),
    ("vector retrieval only", "vector", None),
    ("hybrid retrieval only", "hybrid", None),
]
AGENTIC_NO_MODEL = STRATEGIES[4][0]
COLUMNS = [  # per-run tables: (header, metric, percent?)
    ("n", "n", False), ("acc", "accuracy", True), ("evid", "evidence_support", True),
    ("ans", "answer_support", True), ("cy1st", "cypher_first_ok", True), ("cyfix", "cypher_final_ok", True),
    ("abst", "abstention", True), ("err", "errors", False), ("median", "median_latency_ms", None),
    ("llm calls", "llm_calls", False), ("tokens", "tokens", False)]


# -- recording a run ---------------------------------------------------------------------------------------
def record_run(folder: Path, name: str | None = None, commit: str | None = None, root: Path = REPO) -> Path:
    """Write docs/runs/<name>.json from a run folder (default name: the folder's); return its path."""
    from evaluation.report import load_run

    folder = Path(folder)
    report = load_run(folder) if folder.is_dir() else None
    if report is None or report.summary.empty:
        raise ValueError(f"{folder} is not an evaluation run with answers (no meta.json / results.jsonl)")
    meta = {k: report.meta.get(k) for k in META_KEYS if k in report.meta}
    meta["commit"] = commit or meta.get("commit")
    if not meta["commit"]:
        raise ValueError(f"{folder}/meta.json records no commit: give --commit HASH (the code the run ran)")
    named = meta.get("question_set") or "gold"
    meta["question_set"] = RENAMED_SETS.get(named, named)
    if named in RENAMED_SETS:
        meta["question_set_when_run"] = named
    # a metric the run predates (answer support before the claim check) is recorded as not measured
    table = json.loads(report.summary.reindex(columns=["category", "mode", *METRICS]).to_json(orient="records"))
    out = root / RUNS / f"{name or folder.name}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"name": out.stem, "meta": meta, "table": table}, indent=1) + "\n")
    return out


def git_commit(root: Path = REPO) -> str | None:
    """The checkout's short commit ('-dirty' when tracked files differ from it); None outside git."""
    try:
        head = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, timeout=10, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(root), "diff", "--quiet", "HEAD"], timeout=10).returncode != 0
    except (OSError, subprocess.SubprocessError):
        return None
    return head + ("-dirty" if dirty else "") if head else None


def load_runs(root: Path = REPO) -> list[dict]:
    """The recorded runs, by set (gold, blind-01 …) and then by when they started."""
    runs = [json.loads(p.read_text()) for p in sorted((root / RUNS).glob("*.json"))]
    return sorted(runs, key=lambda r: (_set_rank(r["meta"].get("question_set")), r["meta"].get("started") or "",
                                       r["name"]))


def _set_rank(name: str | None) -> tuple[int, str]:
    return (SET_ORDER.index(name), "") if name in SET_ORDER else (len(SET_ORDER), str(name))


# -- reading the tables ------------------------------------------------------------------------------------
def _row(run: dict, mode: str, category: str = "all") -> dict | None:
    return next((r for r in run["table"] if r["mode"] == mode and r["category"] == category), None)


def _strategy_mode(run: dict, label: str) -> str | None:
    """The mode that ran `label` in this run, or None."""
    no_llm = bool(run["meta"].get("no_llm"))
    for name, mode, without in STRATEGIES:
        if name != label:
            continue
        if mode == "agentic" and without and _row(run, "agentic_nollm"):
            return "agentic_nollm"
        if _row(run, mode) and (without is None or without == no_llm):
            return mode
    return None


def latest_run(runs: list[dict], label: str, question_set: str) -> dict | None:
    found = [r for r in runs if r["meta"].get("question_set") == question_set and _strategy_mode(r, label)]
    return max(found, key=lambda r: r["meta"].get("started") or "", default=None)


def _pct(v: Any) -> str:
    return "—" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{v * 100:.0f}%"


def _ms(v: Any) -> str:
    if v is None:
        return "—"
    return f"{v:.0f} ms" if v < 1000 else f"{v / 1000:.1f} s"


def _num(v: Any) -> str:
    if v is None:
        return "—"
    return f"{v:.0f}" if isinstance(v, float) and (v >= 100 or v == int(v)) else str(v)


def _cell(row: dict | None, metric: str, pct: bool | None) -> str:
    if row is None:
        return "—"
    return _pct(row[metric]) if pct else _ms(row[metric]) if pct is None else _num(row[metric])


def _pair(first: str, second: str) -> str:
    return "—" if first == second == "—" else f"{first} / {second}"


def _questions(run: dict) -> str:
    meta = run["meta"]
    cats = meta.get("categories")
    return f"{meta.get('questions')}" + (f" ({', '.join(cats)})" if cats else "")


def _model(run: dict) -> str:
    meta = run["meta"]
    return "none" if meta.get("no_llm") else str(meta.get("llm"))


# -- rendering ---------------------------------------------------------------------------------------------
def _table(headers: list[str], rows: list[list[str]]) -> list[str]:
    return ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers),
            *("| " + " | ".join(r) + " |" for r in rows)]


def render_headline(runs: list[dict], question_set: str = "gold") -> str:
    """Per strategy, its latest recorded run on the set: accuracy over every category it applies to."""
    rows = []
    for label, _, _ in STRATEGIES:
        run = latest_run(runs, label, question_set)
        if run is None:
            continue
        mode = _strategy_mode(run, label)
        total, unanswerable = _row(run, mode), _row(run, mode, "unanswerable")
        rows.append([label, f"`{run['name']}` ({run['meta']['commit']})", _questions(run),
                     _cell(total, "accuracy", True), _cell(total, "evidence_support", True),
                     _cell(total, "answer_support", True),
                     _pair(_cell(total, "cypher_first_ok", True), _cell(total, "cypher_final_ok", True)),
                     _cell(unanswerable, "accuracy", True) if total["accuracy"] is not None else "—",
                     _cell(total, "median_latency_ms", None),
                     _pair(_num(total["llm_calls"]), _num(total["tokens"]))])
    headers = ["strategy", "run (code)", "questions", "correct", "evidence has the answer", "answer support",
               "Cypher ran first try / after repair", "abstained on the unanswerable", "median",
               "model calls / tokens"]
    return "\n".join(_table(headers, rows))


def render_sets(runs: list[dict], label: str = AGENTIC_NO_MODEL) -> str:
    """One strategy's accuracy on every set (its latest run on each), per category."""
    latest = [r for r in (latest_run(runs, label, s) for s in dict.fromkeys(r["meta"]["question_set"] for r in runs))
              if r is not None]
    cats = [c for c in CATEGORY_ORDER if any(_row(r, _strategy_mode(r, label), c) for r in latest)]
    rows = [[r["meta"]["question_set"], f"`{r['name']}`", str(r["meta"]["questions"]),
             *(_cell(_row(r, _strategy_mode(r, label), c), "accuracy", True) for c in ["all", *cats])]
            for r in latest]
    return "\n".join(_table(["set", "run", "questions", "all", *(c.replace("_", " ") for c in cats)], rows))


def render_run(run: dict) -> str:
    meta = run["meta"]
    when = (meta.get("started") or "").replace("T", " ")[:16]
    facts = [f"set `{meta.get('question_set')}`"
             + (f" (run as `{meta['question_set_when_run']}`)" if meta.get("question_set_when_run") else ""),
             f"{_questions(run)} questions", f"model: {_model(run)}", f"code {meta.get('commit')}", when,
             f"viewer scope: {meta.get('viewer_scope_text') or 'unrestricted'}",
             f"data {meta.get('dataset_version')} ({meta.get('scope')}, {meta.get('graph_backend')})"]
    if meta.get("rescored"):
        facts.append(f"rescored {meta['rescored'].replace('T', ' ')[:16]}")
    rows = [[r["category"].replace("_", " "), r["mode"], *(_cell(r, m, p) for _, m, p in COLUMNS)]
            for r in run["table"]]
    return "\n".join([f"### {run['name']}", "", "; ".join(facts) + ".", "",
                      *_table(["category", "mode", *(h for h, _, _ in COLUMNS)], rows)])


def render_doc(runs: list[dict]) -> str:
    parts = [
        "# Evaluation results",
        "",
        f"<!-- generated by `{COMMAND}` from docs/runs/; do not edit -->",
        f"Generated by `{COMMAND}` from the runs recorded in `docs/runs/` (`{COMMAND} --add RUN_FOLDER` records",
        "one); `make test` fails when this file is stale. How the harness scores: the README's *Evaluation*; what",
        "was tried and measured before these runs: [history.md](history.md).",
        "",
        "Columns: acc = answer correct; evid = the evidence holds the answer; ans = answer support (every number,",
        "name and citation of a model answer found in its evidence); cy1st / cyfix = the generated Cypher ran on",
        "the first try / after repair; abst = abstained; err = errors; median = median latency per question;",
        "llm calls and tokens per question. A run without a model answers agentic by deterministic routing and",
        "traditional extractively; lexical / vector / hybrid are retrieval only (evidence, no answer).",
        "",
        "## Headline (gold set)",
        "",
        "Per strategy, its latest recorded run on the gold set; accuracy over every category it applies to.",
        "",
        render_headline(runs),
        "",
        "## Agentic without a model, every set",
        "",
        "The gold set is the one the rules were written from; each blind set was written without reading the",
        "agent's code and has since been used to tune it (its first runs: [history.md](history.md)).",
        "",
        render_sets(runs),
        "",
        "## Runs",
        "",
    ]
    for run in runs:
        parts += [render_run(run), ""]
    return "\n".join(parts)


def readme_block(runs: list[dict]) -> str:
    return "\n".join([BEGIN, f"<!-- generated by `{COMMAND}` from docs/runs/; do not edit -->",
                      render_headline(runs), END])


def with_block(readme: str, block: str) -> str:
    start, end = readme.find(BEGIN), readme.find(END)
    if start < 0 or end < start:
        raise ValueError(f"README.md has no {BEGIN} … {END} block for the results table")
    return readme[:start] + block + readme[end + len(END):]


def expected(root: Path = REPO) -> dict[Path, str]:
    """What `doc` writes: {path: text} for docs/evaluation.md and README.md."""
    runs = load_runs(root)
    if not runs:
        raise ValueError(f"no recorded runs in {root / RUNS}: `{COMMAND} --add RUN_FOLDER` records one")
    readme = root / README
    return {root / DOC: render_doc(runs), readme: with_block(readme.read_text(), readme_block(runs))}


def write(root: Path = REPO) -> list[Path]:
    written = []
    for path, text in expected(root).items():
        if not path.is_file() or path.read_text() != text:
            path.write_text(text)
            written.append(path)
    return written


def stale(root: Path = REPO) -> list[str]:
    """The files that differ from what `doc` would write (repository-relative), [] when all are current."""
    return [str(path.relative_to(root)) for path, text in expected(root).items()
            if not path.is_file() or path.read_text() != text]
