"""Compare two evaluation runs: a baseline (A) against a candidate (B), as `python -m evaluation compare A B`
and the Evaluation page show them.

    from evaluation.compare import compare_runs, resolve_run
    cmp = compare_runs(resolve_run("s12-nomodel-gold", settings), resolve_run("/path/to/run", settings))
    cmp.metrics          # long table: category, mode, then <metric>_a, <metric>_b, <metric>_delta (B - A)
    cmp.flips            # right-to-wrong, wrong-to-right and changed answers, each with both answers
    cmp.changed_count    # answers that differ in any way (0: the runs answered identically)
    format_comparison(cmp)   # the text the CLI prints; cmp.to_dict() its JSON form

Records are matched by (question id, mode). A pair whose question text differs is not compared (it is
another question under the same id) but listed, as are the answers only one run holds. The metrics are
`evaluation.summary.aggregate` over the matched pairs only, so a delta never comes from a different question
mix. An answer is "changed" when its correctness is the same but its text or evidence (Cypher, rows,
passages) is not: that is what "the refactor changed nothing" has to rule out, word for word. More in
docs/evaluation-compare.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from evaluation.report import eval_root, read_records
from evaluation.summary import CATEGORY_ORDER, aggregate, question_frame

RIGHT_TO_WRONG, WRONG_TO_RIGHT, CHANGED = "right-to-wrong", "wrong-to-right", "changed"
KINDS = (RIGHT_TO_WRONG, WRONG_TO_RIGHT, CHANGED)
ARROWS = {RIGHT_TO_WRONG: "right \u2192 wrong", WRONG_TO_RIGHT: "wrong \u2192 right", CHANGED: "changed"}
COMPARED = ["accuracy", "evidence_support", "answer_support", "withheld", "cypher_first_ok", "cypher_final_ok",
            "abstention", "errors", "median_latency_ms", "p95_latency_ms", "llm_calls", "tokens"]
RATES = {"accuracy", "evidence_support", "answer_support", "withheld", "cypher_first_ok", "cypher_final_ok",
         "abstention"}
# Which way is better, for colouring a delta: +1 up, -1 down; abstention is neither (right only when unanswerable).
BETTER = {"accuracy": 1, "evidence_support": 1, "answer_support": 1, "cypher_first_ok": 1, "cypher_final_ok": 1,
          "withheld": -1, "errors": -1, "median_latency_ms": -1, "p95_latency_ms": -1, "llm_calls": -1,
          "tokens": -1}


class RunNotFound(ValueError):
    """A run named on the command line is missing or not a run folder; the message says how to fix it."""


@dataclass(frozen=True)
class Flip:
    kind: str                 # one of KINDS
    qid: str
    category: str
    mode: str
    question: str
    gold: Any
    answer_a: str
    answer_b: str
    correct_a: bool | None
    correct_b: bool | None
    differs: tuple[str, ...]  # what differs: answer, cypher, rows, passages, correct, gold

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "qid": self.qid, "category": self.category, "mode": self.mode,
                "question": self.question, "gold": self.gold, "answer_a": self.answer_a, "answer_b": self.answer_b,
                "correct_a": self.correct_a, "correct_b": self.correct_b, "differs": list(self.differs)}


@dataclass
class RunComparison:
    folder_a: Path
    folder_b: Path
    meta_a: dict[str, Any]
    meta_b: dict[str, Any]
    compared: int                                 # matched (question, mode) pairs
    metrics: pd.DataFrame                         # category, mode, n_a, n_b, <metric>_a/_b/_delta
    flips: list[Flip] = field(default_factory=list)
    only_a: list[tuple[str, str]] = field(default_factory=list)    # (qid, mode) only the baseline holds
    only_b: list[tuple[str, str]] = field(default_factory=list)
    other_question: list[dict] = field(default_factory=list)       # same id, different question text

    def of_kind(self, kind: str) -> list[Flip]:
        return [f for f in self.flips if f.kind == kind]

    @property
    def changed_count(self) -> int:
        """Answers that differ in any way: flipped, or the same verdict with other words or evidence."""
        return len(self.flips)

    @property
    def identical(self) -> bool:
        """The same answers, word for word, to the same questions: what a refactor must leave."""
        return not (self.flips or self.only_a or self.only_b or self.other_question)

    def flip_frame(self) -> pd.DataFrame:
        columns = ["kind", "qid", "category", "mode", "question", "gold", "answer_a", "answer_b", "correct_a",
                   "correct_b", "differs"]
        rows = [{**f.to_dict(), "differs": ", ".join(f.differs)} for f in self.flips]
        return pd.DataFrame(rows, columns=columns)

    def to_dict(self) -> dict[str, Any]:
        return {"a": str(self.folder_a), "b": str(self.folder_b), "compared": self.compared,
                "changed": self.changed_count, "identical": self.identical,
                "counts": {kind: len(self.of_kind(kind)) for kind in KINDS},
                "metrics": json.loads(self.metrics.to_json(orient="records")),
                "flips": [f.to_dict() for f in self.flips],
                "only_a": [list(p) for p in self.only_a], "only_b": [list(p) for p in self.only_b],
                "other_question": self.other_question}


# -- finding and loading the two runs ------------------------------------------------------------------------
def resolve_run(name: str | Path, settings=None) -> Path:
    """A run folder from a path, or from a run's name under <state dir>/eval; RunNotFound says what to fix."""
    given = Path(name)
    root = eval_root(settings) if settings is not None else None
    candidates = [given] + ([root / given] if root is not None and not given.is_absolute() else [])
    folder = next((c for c in candidates if c.is_dir()), None)
    if folder is None:
        looked = " or ".join(f"`{c}`" for c in candidates)
        known = _run_names(root)
        listed = ", ".join(known[:12]) + (f" and {len(known) - 12} more" if len(known) > 12 else "")
        hint = f" Runs under `{root}`: {listed}." if known else ""
        raise RunNotFound(f"no run folder {looked}. Name a run folder, or a run under <state dir>/eval.{hint}")
    if not (folder / "results.jsonl").is_file():
        raise RunNotFound(f"`{folder}` is not an evaluation run: it has no results.jsonl. A run folder is what "
                          "`python -m evaluation run --out FOLDER` writes (meta.json, results.jsonl).")
    return folder


def _run_names(root: Path | None) -> list[str]:
    if root is None or not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if p.is_dir() and (p / "results.jsonl").is_file())


def _meta(folder: Path) -> dict[str, Any]:
    try:
        meta = json.loads((folder / "meta.json").read_text())
    except (OSError, ValueError):
        return {}
    return meta if isinstance(meta, dict) else {}


# -- comparing ---------------------------------------------------------------------------------------------
def compare_runs(folder_a: Path, folder_b: Path, *, modes: list[str] | None = None,
                 categories: list[str] | None = None) -> RunComparison:
    """Compare run B (the candidate) with run A (the baseline), optionally only some modes and categories."""
    meta_a, meta_b = _meta(Path(folder_a)), _meta(Path(folder_b))

    def keep(record: dict) -> bool:
        return (not modes or record["mode"] in modes) and (not categories or record["category"] in categories)

    a = {(r["qid"], r["mode"]): r for r in read_records(folder_a) if keep(r)}
    b = {(r["qid"], r["mode"]): r for r in read_records(folder_b) if keep(r)}
    if not a or not b:
        empty = folder_a if not a else folder_b
        raise RunNotFound(f"`{empty}` holds no scored answer" + (" of the chosen modes / categories" if modes or
                                                                  categories else "") + ".")
    pairs, other_question = [], []
    for key in (k for k in a if k in b):
        if a[key]["question"] != b[key]["question"]:
            other_question.append({"qid": key[0], "mode": key[1], "question_a": a[key]["question"],
                                   "question_b": b[key]["question"]})
        else:
            pairs.append(key)
    order = _mode_order(meta_a, meta_b, [m for _, m in pairs])
    pairs.sort(key=lambda k: (_category_rank(a[k]["category"]), order.index(k[1]), k[0]))
    flips = [f for f in (flip_of(a[k], b[k]) for k in pairs) if f is not None]
    flips.sort(key=lambda f: KINDS.index(f.kind))  # stable: within a kind, the pairs' order
    return RunComparison(
        Path(folder_a), Path(folder_b), meta_a, meta_b, len(pairs),
        metric_deltas([a[k] for k in pairs], [b[k] for k in pairs], order), flips,
        only_a=[k for k in a if k not in b], only_b=[k for k in b if k not in a], other_question=other_question)


def _category_rank(category: str) -> int:
    return CATEGORY_ORDER.index(category) if category in CATEGORY_ORDER else len(CATEGORY_ORDER)


def _mode_order(meta_a: dict, meta_b: dict, present: list[str]) -> list[str]:
    declared = list(dict.fromkeys([*(meta_a.get("modes") or []), *(meta_b.get("modes") or [])]))
    seen = set(present)
    return [m for m in declared if m in seen] + [m for m in dict.fromkeys(present) if m not in declared]


def metric_deltas(records_a: list[dict], records_b: list[dict], modes: list[str]) -> pd.DataFrame:
    """summary.aggregate of each side, joined on (category, mode), with B - A per metric."""
    columns = ["category", "mode", "n_a", "n_b"] + [f"{m}_{s}" for m in COMPARED for s in ("a", "b", "delta")]
    if not records_a:
        return pd.DataFrame(columns=columns)
    table_a = aggregate(question_frame(records_a), modes).set_index(["category", "mode"])
    table_b = aggregate(question_frame(records_b), modes).set_index(["category", "mode"])
    rows = []
    # The same pairs on both sides give the same rows, unless a question moved category between the runs.
    keys = list(table_a.index) + [k for k in table_b.index if k not in table_a.index]
    for key in keys:
        row_a = table_a.loc[key] if key in table_a.index else {}
        row_b = table_b.loc[key] if key in table_b.index else {}
        row = {"category": key[0], "mode": key[1], "n_a": int(row_a.get("n", 0)), "n_b": int(row_b.get("n", 0))}
        for metric in COMPARED:
            va, vb = _number(row_a.get(metric)), _number(row_b.get(metric))
            row |= {f"{metric}_a": va, f"{metric}_b": vb,
                    f"{metric}_delta": None if va is None or vb is None else round(vb - va, 3)}
        rows.append(row)
    return pd.DataFrame(rows, columns=columns)


def _number(value) -> float | None:
    return None if value is None or pd.isna(value) else float(value)


def flip_of(rec_a: dict, rec_b: dict) -> Flip | None:
    """How B's answer to one question differs from A's, or None when it is the same word for word."""
    ca, cb = rec_a["score"].get("correct"), rec_b["score"].get("correct")
    differs = [name for name, part in EVIDENCE_PARTS.items() if part(rec_a) != part(rec_b)]
    if ca != cb:
        differs.append("correct")
    if rec_a.get("gold") != rec_b.get("gold"):
        differs.append("gold")  # a changed gold answer can flip a verdict with the same words
    if not differs:
        return None
    kind = RIGHT_TO_WRONG if ca is True and cb is False else WRONG_TO_RIGHT if ca is False and cb is True else CHANGED
    return Flip(kind, rec_a["qid"], rec_a["category"], rec_a["mode"], rec_a["question"], rec_b.get("gold"),
                _answer(rec_a), _answer(rec_b), ca, cb, tuple(differs))


def _answer(record: dict) -> str:
    return (record.get("result") or {}).get("answer") or ""


def _evidence(record: dict) -> dict:
    return (record.get("result") or {}).get("evidence") or {}


# What an answer is made of besides its text; timings, tokens and trace are not (they vary run to run).
EVIDENCE_PARTS = {
    "answer": _answer,
    "cypher": lambda r: [(c.get("cypher"), json.dumps(c.get("params"), sort_keys=True, default=str))
                         for c in _evidence(r).get("cypher") or []],
    "rows": lambda r: (json.dumps(_evidence(r).get("rows") or [], sort_keys=True, default=str),
                       _evidence(r).get("rows_total")),
    "passages": lambda r: [c.get("chunk_id") for c in _evidence(r).get("chunks") or []],
}


# -- text ---------------------------------------------------------------------------------------------------
TEXT_COLUMNS = [("acc", "accuracy"), ("evid", "evidence_support"), ("ans", "answer_support"),
                ("cyfix", "cypher_final_ok"), ("med ms", "median_latency_ms"), ("tok", "tokens")]


def summary_line(cmp: RunComparison) -> str:
    counts = ", ".join(f"{len(cmp.of_kind(k))} {ARROWS[k]}" for k in KINDS)
    extra = [f"{len(cmp.only_a)} only in A", f"{len(cmp.only_b)} only in B"]
    if cmp.other_question:
        extra.append(f"{len(cmp.other_question)} with another question under the same id")
    return f"{cmp.compared} answers compared, {cmp.changed_count} changed ({counts}); {', '.join(extra)}"


def format_comparison(cmp: RunComparison, show: tuple[str, ...] = KINDS, width: int = 300) -> str:
    """The CLI's text: both runs, the metrics A -> B (delta) per category and mode, the chosen flip lists with
    both answers (cut at `width` characters; --json has them whole), and the summary line last."""
    lines = [f"A (baseline):  {cmp.folder_a}  ({_run_text(cmp.meta_a)})",
             f"B (candidate): {cmp.folder_b}  ({_run_text(cmp.meta_b)})", "", _metrics_text(cmp.metrics)]
    for kind in show:
        flips = cmp.of_kind(kind)
        lines += ["", f"{ARROWS[kind]}: {len(flips)}"]
        for f in flips:
            lines += [f"  {f.qid} \u00b7 {f.category} \u00b7 {f.mode} \u00b7 differs: {', '.join(f.differs)}",
                      f"    Q: {f.question}", f"    gold: {_gold_text(f.gold)}",
                      f"    A: {_cut(f.answer_a, width)}", f"    B: {_cut(f.answer_b, width)}"]
    if cmp.only_a or cmp.only_b:
        lines.append("")
        for side, keys in (("A", cmp.only_a), ("B", cmp.only_b)):
            if keys:
                lines.append(f"only in {side}: " + _cut(", ".join(f"{q} \u00b7 {m}" for q, m in keys), width))
    for other in cmp.other_question:
        lines += ["", f"same id, another question: {other['qid']} \u00b7 {other['mode']}",
                  f"    A: {other['question_a']}", f"    B: {other['question_b']}"]
    return "\n".join(lines + ["", summary_line(cmp)])


def _run_text(meta: dict) -> str:
    llm = "no model" if meta.get("no_llm") or meta.get("llm") in (None, "none") else meta.get("llm")
    return f"{meta.get('question_set', '?')} set, {meta.get('questions', '?')} questions, {llm}"


def _gold_text(gold: Any) -> str:
    return gold if isinstance(gold, str) else json.dumps(gold, default=str, ensure_ascii=False)


def _cut(text: str, width: int) -> str:
    text = " ".join(str(text).split())  # one line per answer; --json keeps the line breaks
    return text if len(text) <= width else text[:width - 1] + "\u2026"


def _cell(metric: str, row: dict) -> str:
    va, vb, delta = (_number(row[f"{metric}_{side}"]) for side in ("a", "b", "delta"))  # NaN in a frame: None
    if va is None and vb is None:
        return "-"
    pct = metric in RATES

    def show(v):
        return "-" if v is None else f"{v * 100:.0f}%" if pct else f"{v:.0f}"

    if delta is None:
        return f"{show(va)} \u2192 {show(vb)}"
    if delta == 0:
        return f"{show(va)} ="
    step = f"{delta * 100:+.0f}" if pct else f"{delta:+.0f}"
    return f"{show(va)} \u2192 {show(vb)} ({step})"


def _metrics_text(metrics: pd.DataFrame) -> str:
    headers = ["category", "mode", "n"] + [h for h, _ in TEXT_COLUMNS]
    lines: list[list[str] | None] = [headers]
    last = None
    for row in metrics.to_dict("records"):
        if last is not None and row["category"] != last:
            lines.append(None)
        n = str(row["n_a"]) if row["n_a"] == row["n_b"] else f"{row['n_a']}/{row['n_b']}"
        lines.append([row["category"] if row["category"] != last else "", row["mode"], n]
                     + [_cell(m, row) for _, m in TEXT_COLUMNS])
        last = row["category"]
    widths = [max(len(r[i]) for r in lines if r) for i in range(len(headers))]
    out = []
    for r in lines:
        out.append("-" * (sum(widths) + 2 * len(widths)) if r is None else "  ".join(
            c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip())
    return "(A \u2192 B (B \u2212 A); '=' the same; rates in %, deltas in points)\n" + "\n".join(out)
