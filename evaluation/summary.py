"""Aggregate scored records per category x mode; print the table; write JSON, CSV and a chart.

Files written into the run folder: summary.json (meta + the long table + per-question scores),
summary.csv (the long table), questions.csv (one row per question x mode), accuracy.png (matplotlib, when
installed) and accuracy.html (always; no dependencies). `<eval root>/latest` points at the newest run.
"""

from __future__ import annotations

import html
import json
import os
from pathlib import Path

import pandas as pd

METRICS = ["n", "accuracy", "evidence_support", "answer_support", "withheld", "cypher_first_ok", "cypher_final_ok",
           "abstention", "errors", "median_latency_ms", "p95_latency_ms", "llm_calls", "tokens"]
CATEGORY_ORDER = ["single_fact", "aggregation", "multi_hop", "cross_entity", "temporal", "negation", "narrative",
                  "unanswerable", "demo"]
TARGETS = [  # (what, mode, categories, metric, threshold) from the "targets to beat"
    ("agentic accuracy, single fact", "agentic", ["single_fact"], "accuracy", 0.90),
    ("agentic accuracy, aggregation", "agentic", ["aggregation"], "accuracy", 0.90),
    ("agentic accuracy, multi-hop", "agentic", ["multi_hop"], "accuracy", 0.90),
    ("agentic accuracy, cross-entity", "agentic", ["cross_entity"], "accuracy", 0.90),
    ("text-to-Cypher execution success", "graph", None, "cypher_final_ok", 0.80),
    ("agentic abstention on unanswerable", "agentic", ["unanswerable"], "accuracy", 0.95),
]


def question_frame(records: list[dict]) -> pd.DataFrame:
    rows = []
    for r in records:
        s = r["score"]
        rows.append({"qid": r["qid"], "category": r["category"], "mode": r["mode"], "question": r["question"],
                     "gold": r.get("gold", ""), "answer": (r["result"].get("answer") or "")[:500],
                     "answer_kind": r["result"].get("answer_kind"), **{k: s.get(k) for k in (
                         "applicable", "correct", "supported", "support", "abstained", "error", "precision",
                         "recall", "cypher_generated", "cypher_first_ok", "cypher_final_ok", "catalog_queries",
                         "answer_supported", "withheld",
                         "latency_ms", "llm_calls", "tokens")}})
    return pd.DataFrame(rows)


def _rate(series: pd.Series) -> float | None:
    values = series.dropna()
    return round(float(values.astype(float).mean()), 3) if len(values) else None


def _block(df: pd.DataFrame) -> dict:
    ok = df[df["applicable"] != False]  # noqa: E712 - pandas element-wise
    gen = ok[ok["cypher_generated"] > 0]
    latency = ok["latency_ms"].astype(float)
    return {"n": int(len(ok)), "accuracy": _rate(ok["correct"]), "evidence_support": _rate(ok["supported"]),
            "answer_support": _rate(ok["answer_supported"]), "withheld": _rate(ok["withheld"]),
            "cypher_first_ok": _rate(gen["cypher_first_ok"]), "cypher_final_ok": _rate(gen["cypher_final_ok"]),
            "abstention": _rate(ok["abstained"]), "errors": int(ok["error"].fillna(False).sum()),
            "median_latency_ms": round(float(latency.median()), 1) if len(ok) else None,
            "p95_latency_ms": round(float(latency.quantile(0.95)), 1) if len(ok) else None,
            "llm_calls": round(float(ok["llm_calls"].mean()), 2) if len(ok) else None,
            "tokens": round(float(ok["tokens"].mean()), 1) if len(ok) else None}


def aggregate(frame: pd.DataFrame, modes: list[str]) -> pd.DataFrame:
    """The long table: one row per (category, mode), plus category 'all' per mode."""
    rows = []
    categories = [c for c in CATEGORY_ORDER if c in set(frame["category"])] + sorted(
        set(frame["category"]) - set(CATEGORY_ORDER))
    for category in categories + ["all"]:
        for mode in modes:
            part = frame[(frame["mode"] == mode) & ((frame["category"] == category) | (category == "all"))]
            if len(part):
                rows.append({"category": category, "mode": mode, **_block(part)})
    return pd.DataFrame(rows, columns=["category", "mode", *METRICS])


def targets(table: pd.DataFrame) -> list[dict]:
    out = []
    for what, mode, cats, metric, threshold in TARGETS:
        rows = table[(table["mode"] == mode) & (table["category"].isin(cats) if cats else table["category"] == "all")]
        value = rows[metric].dropna()
        got = float(value.iloc[0]) if len(value) else None
        out.append({"target": what, "mode": mode, "metric": metric, "threshold": threshold, "value": got,
                    "met": None if got is None else got >= threshold})
    return out


# -- printing --------------------------------------------------------------------------------------------
def _fmt(v, pct: bool) -> str:
    if v is None or (isinstance(v, float) and pd.isna(v)):
        return "-"
    return f"{v * 100:.0f}%" if pct else (f"{v:.0f}" if isinstance(v, float) and v >= 100 else str(v))


def scope_header(meta: dict | None) -> str | None:
    """'viewer scope: S44E06 (watched through season 44, episode 6)' for a scoped run; None otherwise."""
    label = (meta or {}).get("viewer_scope")
    return f"viewer scope: {label} ({meta.get('viewer_scope_text')})" if label else None


def format_table(table: pd.DataFrame, meta: dict | None = None) -> str:
    """The long table as text; a scoped run's table starts with its viewer scope."""
    header = scope_header(meta)
    text = _format_rows(table)
    return f"{header}\n{text}" if header else text


def _format_rows(table: pd.DataFrame) -> str:
    pct = {"accuracy", "evidence_support", "answer_support", "cypher_first_ok", "cypher_final_ok", "abstention"}
    headers = ["category", "mode", "n", "acc", "evid", "ans", "cy1st", "cyfix", "abst", "err", "med ms", "llm", "tok"]
    cols = ["category", "mode", "n", "accuracy", "evidence_support", "answer_support", "cypher_first_ok",
            "cypher_final_ok",
            "abstention", "errors", "median_latency_ms", "llm_calls", "tokens"]
    lines = [[h for h in headers]]
    last = None
    for row in table.to_dict("records"):
        cells = [row["category"] if row["category"] != last else "", row["mode"]]
        cells += [_fmt(row[c], c in pct) for c in cols[2:]]
        if last is not None and row["category"] != last:
            lines.append(None)
        last = row["category"]
        lines.append(cells)
    widths = [max(len(r[i]) for r in lines if r) for i in range(len(headers))]
    out = []
    for r in lines:
        if r is None:
            out.append("-" * (sum(widths) + 2 * len(widths)))
        else:
            out.append("  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
    return "\n".join(out)


def format_targets(rows: list[dict]) -> str:
    lines = ["Targets (issue #6):"]
    for t in rows:
        got = "-" if t["value"] is None else f"{t['value'] * 100:.0f}%"
        mark = "n/a" if t["met"] is None else ("met" if t["met"] else "NOT met")
        lines.append(f"  {t['target']:<38} {got:>5}  (target {t['threshold'] * 100:.0f}%)  {mark}")
    return "\n".join(lines)


# -- files ---------------------------------------------------------------------------------------------------
def write_outputs(folder: Path, records: list[dict], modes: list[str], meta: dict) -> dict[str, Path]:
    frame = question_frame(records)
    table = aggregate(frame, modes)
    files = {"summary_json": folder / "summary.json", "summary_csv": folder / "summary.csv",
             "questions_csv": folder / "questions.csv", "html": folder / "accuracy.html"}
    payload = {"meta": meta, "modes": modes, "table": json.loads(table.to_json(orient="records")),
               "targets": targets(table), "questions": json.loads(frame.to_json(orient="records"))}
    files["summary_json"].write_text(json.dumps(payload, indent=1))
    table.to_csv(files["summary_csv"], index=False)
    frame.to_csv(files["questions_csv"], index=False)
    files["html"].write_text(chart_html(table, meta))
    png = chart_png(table, folder / "accuracy.png", meta)
    if png is not None:
        files["png"] = png
    point_latest(folder)
    return files


def point_latest(folder: Path) -> None:
    latest = folder.parent / "latest"
    try:
        if latest.is_symlink() or latest.exists():
            latest.unlink()
        latest.symlink_to(folder.name)
    except OSError:  # no symlinks (some filesystems): a text pointer instead
        (folder.parent / "LATEST").write_text(folder.name)


def accuracy_pivot(table: pd.DataFrame) -> pd.DataFrame:
    answered = table[table["accuracy"].notna() & (table["category"] != "all")]
    if answered.empty:
        return pd.DataFrame()
    return answered.pivot(index="category", columns="mode", values="accuracy")


def chart_png(table: pd.DataFrame, path: Path, meta: dict | None = None) -> Path | None:
    try:
        os.environ.setdefault("MPLBACKEND", "Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    pivot = accuracy_pivot(table)
    if pivot.empty:
        return None
    pivot = pivot.reindex([c for c in CATEGORY_ORDER if c in pivot.index])
    ax = (pivot * 100).plot(kind="bar", figsize=(11, 5), width=0.8)
    ax.set_ylabel("accuracy (%)")
    ax.set_ylim(0, 100)
    header = scope_header(meta)
    ax.set_title("survivorgraph evaluation: accuracy per category and mode" + (f"\n{header}" if header else ""))
    ax.legend(title="mode", fontsize=8)
    plt.xticks(rotation=20, ha="right")
    plt.tight_layout()
    plt.savefig(path, dpi=110)
    plt.close("all")
    return path


def chart_html(table: pd.DataFrame, meta: dict) -> str:
    """A dependency-free chart: horizontal bars per category and mode, plus the full table."""
    colours = ["#4C72B0", "#DD8452", "#55A868", "#C44E52", "#8172B3", "#937860", "#DA8BC3"]
    pivot = accuracy_pivot(table)
    parts = ["<!doctype html><meta charset='utf-8'><title>survivorgraph evaluation</title>",
             "<style>body{font:14px sans-serif;margin:2em}td,th{padding:2px 8px;text-align:right}"
             ".bar{display:inline-block;height:12px}</style>",
             "<h1>Accuracy per category and mode</h1>"
             + (f"<h2>{html.escape(scope_header(meta))}</h2>" if scope_header(meta) else "")
             + f"<p>{html.escape(json.dumps(meta))}</p><table>"]
    if not pivot.empty:
        modes = list(pivot.columns)
        for category in pivot.index:
            parts.append(f"<tr><th colspan=3 style='text-align:left'>{html.escape(category)}</th></tr>")
            for i, mode in enumerate(modes):
                v = pivot.loc[category, mode]
                if pd.isna(v):
                    continue
                parts.append(f"<tr><td>{html.escape(mode)}</td><td style='text-align:left'><span class=bar "
                             f"style='width:{v * 300:.0f}px;background:{colours[i % len(colours)]}'></span></td>"
                             f"<td>{v * 100:.0f}%</td></tr>")
    parts.append("</table><h2>All metrics</h2>" + table.to_html(index=False, na_rep="-"))
    return "\n".join(parts)
