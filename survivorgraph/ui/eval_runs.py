"""The data behind the Evaluation page: the run folders with their facts, one run loaded through
`evaluation.report` (cached per folder and its files' modification times, so a run still writing shows its
new answers on the next rerun), a stored result read back, and the tables the page shows. Nothing here draws a widget.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
import streamlit as st

from evaluation.report import EvalReport, eval_root, latest_folder, list_runs, load_run
from evaluation.summary import CATEGORY_ORDER

RUN_FILES = ("meta.json", "results.jsonl", "summary.json")
RATES = ("accuracy", "evidence_support", "answer_support", "withheld", "cypher_first_ok", "cypher_final_ok",
         "abstention")
OUTCOMES = {"correct": True, "incorrect": False, "not scored": None}
MODE_NOTES = {
    "traditional": "vector RAG: nearest passages, answer from them",
    "graph": "text-to-Cypher graph RAG",
    "agentic": "agentic graph RAG",
    "agentic_nollm": "the agent's retrieval with deterministic routing and no model",
    "lexical": "baseline: full-text passage search (evidence support only)",
    "vector": "baseline: embedding passage search (evidence support only)",
    "hybrid": "baseline: full text + embeddings, fused (evidence support only)",
}


@dataclass(frozen=True)
class RunInfo:
    folder: Path
    meta: dict[str, Any]
    latest: bool = False
    error: str | None = None     # meta.json could not be read

    @property
    def name(self) -> str:
        return self.folder.name

    @property
    def finished(self) -> bool:
        return bool(self.meta.get("finished"))

    @property
    def label(self) -> str:
        if self.error:
            return f"{self.name} \u00b7 unreadable"
        parts = [self.name, model_text(self.meta, short=True), self.meta.get("scope") or "scope n/a",
                 f"{self.meta.get('questions', '?')} questions"]
        if self.meta.get("viewer_scope"):
            parts.insert(3, f"spoiler guard {self.meta['viewer_scope']}")
        if self.latest:
            parts.append("latest")
        if not self.finished:
            parts.append("not finished")
        return " \u00b7 ".join(str(p) for p in parts)


def model_text(meta: dict[str, Any], short: bool = False) -> str:
    llm = str(meta.get("llm") or "none")
    if meta.get("no_llm") or llm == "none":
        return "no model"
    return llm if not short or len(llm) <= 48 else llm[:47] + "\u2026"


def run_infos(settings) -> list[RunInfo]:
    """Every run folder under `<state dir>/eval`, newest first, with its meta.json (or why it is unreadable)."""
    try:
        latest = latest_folder(settings)
        latest = latest.resolve() if latest is not None else None
    except OSError:
        latest = None
    infos = []
    for folder in list_runs(settings):
        is_latest = latest is not None and folder.resolve() == latest
        try:
            meta = json.loads((folder / "meta.json").read_text())
            if not isinstance(meta, dict):
                raise ValueError("meta.json does not hold an object")
        except (OSError, ValueError) as exc:
            infos.append(RunInfo(folder, {}, is_latest, f"{type(exc).__name__}: {exc}"))
        else:
            infos.append(RunInfo(folder, meta, is_latest))
    return infos


def default_index(infos: list[RunInfo]) -> int:
    return next((i for i, info in enumerate(infos) if info.latest), 0)


def stamp(folder: Path) -> tuple:
    """What changes when the runner writes: each run file's modification time and size."""
    out = []
    for name in RUN_FILES:
        try:
            stat = (folder / name).stat()
        except OSError:
            continue
        out.append((name, stat.st_mtime_ns, stat.st_size))
    return tuple(out)


@st.cache_data(show_spinner="Loading the evaluation run\u2026", max_entries=8)
def _load(folder: str, files: tuple) -> EvalReport | None:
    return load_run(Path(folder))


@st.cache_data(show_spinner=False, max_entries=64)
def _result(folder: str, files: tuple, qid: str, mode: str) -> dict | None:
    return EvalReport(Path(folder), {}, pd.DataFrame(), pd.DataFrame()).result(qid, mode)


def open_report(folder: Path) -> tuple[EvalReport | None, str | None]:
    """(the report, None); (None, None) when the run has no scored answer yet; (None, why) when unreadable."""
    try:
        report = _load(str(folder), stamp(folder))
        if report is not None:
            check(report)
        return report, None
    except Exception as exc:  # noqa: BLE001 - the page shows what is wrong, never a traceback
        return None, f"{type(exc).__name__}: {exc}"


def check(report: EvalReport) -> None:
    needed = {"summary": {"category", "mode", "accuracy"}, "questions": {"qid", "category", "mode", "question"}}
    for name, columns in needed.items():
        missing = columns - set(getattr(report, name).columns)
        if missing:
            raise ValueError(f"the {name} table lacks {', '.join(sorted(missing))}")


def stored_result(folder: Path, qid: str, mode: str) -> dict | None:
    try:
        return _result(str(folder), stamp(folder), qid, mode)
    except (OSError, ValueError, KeyError):
        return None


# -- tables ----------------------------------------------------------------------------------------------
def ordered_categories(values) -> list[str]:
    present = set(values)
    return [c for c in CATEGORY_ORDER if c in present] + sorted(present - set(CATEGORY_ORDER) - {"all"}) + (
        ["all"] if "all" in present else [])


def ordered_modes(report: EvalReport, values) -> list[str]:
    present = list(dict.fromkeys(values))
    declared = [m for m in report.meta.get("modes") or [] if m in present]
    return declared + [m for m in present if m not in declared]


def rates(table: pd.DataFrame) -> pd.DataFrame:
    """The summary with every rate as a float (None -> NaN), so column formats apply."""
    out = table.copy()
    for column in [*RATES, "median_latency_ms", "p95_latency_ms", "llm_calls", "tokens"]:
        if column in out.columns:
            out[column] = pd.to_numeric(out[column], errors="coerce")
    return out


def heatmap(report: EvalReport, metric: str = "accuracy") -> pd.DataFrame:
    """category x mode -> metric (0..1), categories in the gold set's order and 'all' last; modes that have no
    value for this metric (e.g. retrieval baselines for accuracy) are left out."""
    table = rates(report.summary)
    if metric not in table.columns:
        return pd.DataFrame()
    table = table[table[metric].notna()]
    if table.empty:
        return pd.DataFrame()
    pivot = table.pivot_table(index="category", columns="mode", values=metric, aggfunc="first")
    pivot = pivot.reindex(index=ordered_categories(pivot.index), columns=ordered_modes(report, pivot.columns))
    pivot.columns.name = None
    pivot.index.name = "category"
    return pivot


def targets_table(report: EvalReport) -> pd.DataFrame:
    rows = []
    for t in report.targets:
        met = t.get("met")
        rows.append({"target": t.get("target"), "mode": t.get("mode"), "metric": t.get("metric"),
                     "result": t.get("value"), "threshold": t.get("threshold"),
                     "status": "\u2705 met" if met else "\u274c not met" if met is False else "\u2014 no data"})
    return pd.DataFrame(rows, columns=["target", "mode", "metric", "result", "threshold", "status"])


def outcome_of(correct: Any) -> str:
    if correct is None or (isinstance(correct, float) and pd.isna(correct)):
        return "not scored"
    return "correct" if bool(correct) else "incorrect"


def question_table(report: EvalReport) -> pd.DataFrame:
    """One row per question x mode, with an `outcome` column and display-ready text."""
    frame = report.questions.copy()
    for column in ("gold", "answer", "answer_kind", "correct", "supported", "latency_ms", "llm_calls", "tokens"):
        if column not in frame.columns:
            frame[column] = None
    frame["outcome"] = [outcome_of(v) for v in frame["correct"]]
    frame["gold"] = [g if isinstance(g, str) else json.dumps(g, default=str, ensure_ascii=False)
                     for g in frame["gold"]]
    frame["answer"] = frame["answer"].fillna("").astype(str)
    return frame


def filter_questions(frame: pd.DataFrame, categories: list[str] | None = None, modes: list[str] | None = None,
                     outcome: str | None = None, text: str = "") -> pd.DataFrame:
    """Empty filters mean 'all'; `text` matches the question, gold or answer (case-insensitive)."""
    keep = pd.Series(True, index=frame.index)
    if categories:
        keep &= frame["category"].isin(categories)
    if modes:
        keep &= frame["mode"].isin(modes)
    if outcome in OUTCOMES:
        keep &= frame["outcome"] == outcome
    if text.strip():
        needle = text.strip().lower()
        keep &= (frame["question"].str.lower().str.contains(needle, regex=False)
                 | frame["gold"].str.lower().str.contains(needle, regex=False)
                 | frame["answer"].str.lower().str.contains(needle, regex=False))
    return frame[keep].reset_index(drop=True)


def when_text(meta: dict[str, Any]) -> str:
    started, finished = meta.get("started"), meta.get("finished")
    if not started:
        return "start time not recorded"
    text = f"started {str(started).replace('T', ' ')}"
    if finished:
        try:
            seconds = (dt.datetime.fromisoformat(finished) - dt.datetime.fromisoformat(started)).total_seconds()
            took = f" ({seconds:.0f} s)" if seconds < 120 else f" ({seconds / 60:.1f} min)"
        except (TypeError, ValueError):
            took = ""
        text += f", finished {str(finished).replace('T', ' ')}{took}"
    return text


def no_run_message(settings) -> str:
    return (f"No evaluation run yet (nothing under `{eval_root(settings)}`). Run `make eval`, or "
            "`python -m evaluation run --no-llm` for a run without a model (a few minutes), then reload this page.")
