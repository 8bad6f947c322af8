"""Load an evaluation run into dataframes — for the app's "Evaluation" page and `python -m evaluation show`.

    from evaluation.report import load_latest
    report = load_latest(settings)          # None when no run exists yet
    report.summary      # long table: category, mode, n, accuracy, evidence_support, cypher_first_ok,
                        #   cypher_final_ok, abstention, errors, median_latency_ms, p95_latency_ms, llm_calls, tokens
    report.accuracy     # pivot: category x mode -> accuracy (0..1), for a heatmap or bar chart
    report.questions    # one row per question x mode: qid, category, mode, question, gold, answer, correct, ...
    report.targets      # the issue's targets with value and met
    report.meta         # started, finished, llm, modes, dataset_version, scope ...
    report.chart_png    # Path of accuracy.png or None; report.chart_html likewise
    report.result(qid, mode)   # the full stored RetrievalResult dict, for a drill-down
    read_records(folder)       # every scored record of results.jsonl (the last of each question x mode)

Reads summary.json when present, else rebuilds the tables from results.jsonl (a run still in progress).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from evaluation.summary import accuracy_pivot, aggregate, question_frame, targets


@dataclass
class EvalReport:
    folder: Path
    meta: dict[str, Any]
    summary: pd.DataFrame
    questions: pd.DataFrame
    targets: list[dict] = field(default_factory=list)

    @property
    def accuracy(self) -> pd.DataFrame:
        return accuracy_pivot(self.summary)

    @property
    def chart_png(self) -> Path | None:
        path = self.folder / "accuracy.png"
        return path if path.is_file() else None

    @property
    def chart_html(self) -> Path | None:
        path = self.folder / "accuracy.html"
        return path if path.is_file() else None

    def result(self, qid: str, mode: str) -> dict | None:
        path = self.folder / "results.jsonl"
        if not path.is_file():
            return None
        found = None
        for line in path.read_text().splitlines():
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue
            if rec.get("qid") == qid and rec.get("mode") == mode:
                found = rec["result"]  # the last line wins (a re-run of that pair)
        return found


def eval_root(settings) -> Path:
    return Path(settings.state_dir) / "eval"


def list_runs(settings) -> list[Path]:
    """Run folders, newest first."""
    root = eval_root(settings)
    if not root.is_dir():
        return []
    runs = [p for p in root.iterdir() if p.is_dir() and not p.is_symlink() and (p / "meta.json").is_file()]
    return sorted(runs, key=lambda p: p.name, reverse=True)


def latest_folder(settings) -> Path | None:
    root = eval_root(settings)
    link = root / "latest"
    if link.exists():
        return link.resolve()
    pointer = root / "LATEST"
    if pointer.is_file():
        return root / pointer.read_text().strip()
    runs = list_runs(settings)
    return runs[0] if runs else None


def load_latest(settings) -> EvalReport | None:
    folder = latest_folder(settings)
    return load_run(folder) if folder is not None else None


def load_run(folder: Path) -> EvalReport | None:
    folder = Path(folder)
    meta_path = folder / "meta.json"
    meta = json.loads(meta_path.read_text()) if meta_path.is_file() else {}
    summary_path = folder / "summary.json"
    if summary_path.is_file():
        data = json.loads(summary_path.read_text())
        return EvalReport(folder, data.get("meta", meta), pd.DataFrame(data["table"]),
                          pd.DataFrame(data["questions"]), data.get("targets", []))
    records = read_records(folder)
    if not records:
        return None
    frame = question_frame(records)
    modes = meta.get("modes") or list(dict.fromkeys(frame["mode"]))
    table = aggregate(frame, modes)
    return EvalReport(folder, meta, table, frame, targets(table))


def read_records(folder: Path) -> list[dict]:
    """The scored records of results.jsonl, one per (question, mode): the last line of a pair wins (a re-run
    of it); unreadable lines (a run killed mid-write) are skipped. [] when there is no results.jsonl."""
    results = Path(folder) / "results.jsonl"
    if not results.is_file():
        return []
    latest: dict[tuple[str, str], dict] = {}
    for line in results.read_text().splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        latest[(record["qid"], record["mode"])] = record
    return list(latest.values())
