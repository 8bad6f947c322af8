"""The Evaluation page's "Compare two runs" view: a baseline run against a candidate, as
`python -m evaluation compare A B` prints it — the metrics of both with the change, coloured by whether it is
better, and the answers that went right -> wrong, wrong -> right or changed, filterable, with both answers.

The comparison itself is `evaluation.compare` (cached here per pair of folders and their files' modification
times); this module draws it. (Not `compare.py`: that is the one-question, three-strategy page.)
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import streamlit as st

from evaluation.compare import (
    ARROWS,
    BETTER,
    COMPARED,
    KINDS,
    RATES,
    RIGHT_TO_WRONG,
    WRONG_TO_RIGHT,
    RunComparison,
    RunNotFound,
    compare_runs,
    summary_line,
)
from survivorgraph.ui import eval_runs
from survivorgraph.ui.eval_runs import RunInfo
from survivorgraph.ui.trace import md_escape

METRIC_LABELS = {"accuracy": "Accuracy", "evidence_support": "Evidence support", "answer_support": "Answer support",
                 "withheld": "Withheld", "cypher_first_ok": "Cypher 1st try", "cypher_final_ok": "Cypher after repair",
                 "abstention": "Abstained", "errors": "Errors", "median_latency_ms": "Median latency",
                 "p95_latency_ms": "p95 latency", "llm_calls": "LLM calls", "tokens": "Tokens"}
DEFAULT_METRICS = ["accuracy", "evidence_support", "answer_support", "cypher_final_ok", "median_latency_ms",
                   "tokens"]
KIND_LABELS = {kind: ARROWS[kind] for kind in KINDS}
GOOD, BAD = "color: #1a7f37; font-weight: 600", "color: #cf222e; font-weight: 600"


def render(infos: list[RunInfo]) -> None:
    readable = [info for info in infos if not info.error]
    if len(readable) < 2:
        st.info("Comparing needs two runs, and there is one: run the evaluation again after a change "
                "(`python -m evaluation run --no-llm --out <state dir>/eval/NAME`), then compare it here.",
                icon=":material/compare_arrows:")
        return
    baseline, candidate = pick_pair(readable)
    cmp, error = open_comparison(baseline.folder, candidate.folder)
    if error:
        st.error(f"These runs cannot be compared: {error}", icon=":material/error:")
        return
    render_verdict(cmp)
    render_metric_deltas(cmp)
    render_flips(cmp)
    render_unmatched(cmp)


def default_pair(infos: list[RunInfo]) -> tuple[int, int]:
    """(baseline, candidate) indexes: the run before the latest, and the latest (the list is newest first)."""
    candidate = eval_runs.default_index(infos)
    baseline = candidate + 1 if candidate + 1 < len(infos) else max(candidate - 1, 0)
    return baseline, candidate


def pick_pair(infos: list[RunInfo]) -> tuple[RunInfo, RunInfo]:
    by_name = {info.name: info for info in infos}
    names = list(by_name)
    base_index, cand_index = default_pair(infos)
    left, right = st.columns(2)
    base = left.selectbox("Baseline (A)", names, index=base_index, key="eval_baseline",
                          format_func=lambda n: by_name[n].label, help="The run the candidate is judged against.")
    cand = right.selectbox("Candidate (B)", names, index=cand_index, key="eval_candidate",
                           format_func=lambda n: by_name[n].label, help="The run with the change: deltas are B - A.")
    return by_name[base], by_name[cand]


@st.cache_data(show_spinner="Comparing the runs\u2026", max_entries=8)
def _compare(folder_a: str, files_a: tuple, folder_b: str, files_b: tuple) -> RunComparison:
    return compare_runs(Path(folder_a), Path(folder_b))


def open_comparison(folder_a: Path, folder_b: Path) -> tuple[RunComparison | None, str | None]:
    try:
        return _compare(str(folder_a), eval_runs.stamp(folder_a), str(folder_b), eval_runs.stamp(folder_b)), None
    except RunNotFound as exc:
        return None, str(exc)
    except Exception as exc:  # noqa: BLE001 - the page shows what is wrong, never a traceback
        return None, f"{type(exc).__name__}: {exc}"


def render_verdict(cmp: RunComparison) -> None:
    a, b, c, d = st.columns(4)
    a.metric("Answers compared", cmp.compared)
    b.metric("Changed", cmp.changed_count)
    c.metric("Right \u2192 wrong", len(cmp.of_kind(RIGHT_TO_WRONG)))
    d.metric("Wrong \u2192 right", len(cmp.of_kind(WRONG_TO_RIGHT)))
    if cmp.identical:
        st.success(f"Identical: every answer is the same, word for word, with the same evidence. "
                   f"{summary_line(cmp)}.", icon=":material/check_circle:")
    else:
        st.caption(summary_line(cmp) + ". The metrics below are over the answers both runs hold.")


# -- metrics --------------------------------------------------------------------------------------------
def delta_table(cmp: RunComparison, metrics: list[str]) -> pd.DataFrame:
    """category, mode, n, then per metric its A, B and B - A columns (named <metric>_a/_b/_delta)."""
    columns = ["category", "mode", "n_a", "n_b"] + [f"{m}_{s}" for m in metrics for s in ("a", "b", "delta")]
    table = cmp.metrics[columns].copy()
    for column in columns[2:]:
        table[column] = pd.to_numeric(table[column], errors="coerce")
    return table


def delta_colour(metric: str, delta) -> str:
    """Green when the change is for the better (up for accuracy-like rates, down for latency, tokens, errors),
    red when for the worse; abstention and no change are not coloured."""
    if delta is None or pd.isna(delta) or delta == 0 or metric not in BETTER:
        return ""
    return GOOD if delta * BETTER[metric] > 0 else BAD


def styled(table: pd.DataFrame, metrics: list[str]):
    def colour(column: pd.Series) -> list[str]:
        metric = column.name.removesuffix("_delta")
        return [delta_colour(metric, v) for v in column]

    formats = {}
    for metric in metrics:
        rate = metric in RATES
        formats[f"{metric}_a"] = formats[f"{metric}_b"] = "{:.0%}" if rate else "{:,.0f}"
        # rates change in percentage points; the rest in their own unit
        formats[f"{metric}_delta"] = (lambda v: f"{v * 100:+.0f} pt") if rate else "{:+,.0f}"
    formats["n_a"] = formats["n_b"] = "{:.0f}"
    return table.style.format(formats, na_rep="\u2014").apply(colour, subset=[f"{m}_delta" for m in metrics])


def render_metric_deltas(cmp: RunComparison) -> None:
    st.subheader("Metrics, baseline \u2192 candidate")
    metrics = st.multiselect("Metrics", COMPARED, default=DEFAULT_METRICS, key="eval_cmp_metrics",
                             format_func=METRIC_LABELS.get, placeholder="Pick metrics")
    if not metrics:
        st.caption("Pick at least one metric.")
        return
    table = delta_table(cmp, metrics)
    config = {"category": "Category", "mode": "Strategy", "n_a": "n A", "n_b": "n B"}
    for metric in metrics:
        label = METRIC_LABELS[metric]
        config |= {f"{metric}_a": f"{label} A", f"{metric}_b": f"{label} B", f"{metric}_delta": f"{label} \u0394"}
    st.dataframe(styled(table, metrics), hide_index=True, width="stretch", key="eval_cmp_table",
                 column_config=config)
    st.caption("\u0394 is candidate \u2212 baseline (rates in percentage points): green is better, red worse "
               "(higher accuracy and support, lower latency, tokens, LLM calls and errors). The `all` rows pool "
               "every category.")


# -- the answers that changed -----------------------------------------------------------------------------
def filter_flips(frame: pd.DataFrame, kinds: list[str] | None = None, categories: list[str] | None = None,
                 modes: list[str] | None = None) -> pd.DataFrame:
    """Empty filters mean 'all'."""
    keep = pd.Series(True, index=frame.index)
    for column, chosen in (("kind", kinds), ("category", categories), ("mode", modes)):
        if chosen:
            keep &= frame[column].isin(chosen)
    return frame[keep].reset_index(drop=True)


def render_flips(cmp: RunComparison) -> None:
    st.subheader("Answers that changed")
    frame = cmp.flip_frame()
    if frame.empty:
        st.caption("No answer changed: the same verdicts, the same words, the same Cypher, rows and passages.")
        return
    frame["gold"] = [g if isinstance(g, str) else str(g) for g in frame["gold"]]
    a, b, c = st.columns(3)
    kinds = a.multiselect("Change", list(KINDS), key="eval_cmp_kinds", format_func=KIND_LABELS.get,
                          placeholder="All changes",
                          help="Changed: the same verdict, but other words or other evidence (Cypher, rows, passages).")
    categories = b.multiselect("Category", eval_runs.ordered_categories(frame["category"]), key="eval_cmp_categories",
                               placeholder="All categories")
    modes = c.multiselect("Strategy", list(dict.fromkeys(frame["mode"])), key="eval_cmp_modes",
                          placeholder="All strategies")
    shown = filter_flips(frame, kinds, categories, modes)
    st.caption(f"{len(shown)} of {len(frame)} changed answers.")
    shown = shown.assign(change=shown["kind"].map(KIND_LABELS))
    st.dataframe(shown[["change", "qid", "category", "mode", "question", "gold", "answer_a", "answer_b", "differs"]],
                 hide_index=True, width="stretch", key="eval_cmp_flips", column_config={
                     "change": "Change", "qid": "Id", "category": "Category", "mode": "Strategy",
                     "question": st.column_config.TextColumn("Question", width="medium"), "gold": "Gold",
                     "answer_a": st.column_config.TextColumn("Answer A", width="large"),
                     "answer_b": st.column_config.TextColumn("Answer B", width="large"),
                     "differs": st.column_config.TextColumn("Differs", help="What differs between the two answers")})
    if shown.empty:
        st.info("No changed answer matches these filters.")
        return
    keys = [f"{q} \u00b7 {m}" for q, m in zip(shown["qid"], shown["mode"])]
    pick = st.selectbox("Inspect a change", keys, key="eval_cmp_pick",
                        format_func=lambda k: f"{shown['change'].iloc[keys.index(k)]} \u00b7 {k}")
    with st.container(border=True):
        render_both_answers(cmp, shown.iloc[keys.index(pick)])


def render_both_answers(cmp: RunComparison, row: pd.Series) -> None:
    st.markdown(f"**Question:** {md_escape(row['question'])}  \n**Gold answer:** {md_escape(row['gold'])}  \n"
                f"**Differs:** {md_escape(row['differs'])}")
    for column, side, folder, correct in zip(st.columns(2), ("A (baseline)", "B (candidate)"),
                                             (cmp.folder_a, cmp.folder_b), (row["correct_a"], row["correct_b"])):
        with column:
            verdict = eval_runs.outcome_of(correct)
            st.markdown(f"**{side}** \u00b7 {verdict}")
            stored = eval_runs.stored_result(folder, str(row["qid"]), str(row["mode"])) or {}
            st.text(stored.get("answer") or "(no answer text)")
            for attempt in (stored.get("evidence") or {}).get("cypher") or []:
                st.code(attempt.get("cypher") or "", language="cypher")


def render_unmatched(cmp: RunComparison) -> None:
    if not (cmp.only_a or cmp.only_b or cmp.other_question):
        return
    with st.expander(f"Not compared: {len(cmp.only_a)} answers only in A, {len(cmp.only_b)} only in B, "
                     f"{len(cmp.other_question)} with another question under the same id"):
        for side, keys in (("A", cmp.only_a), ("B", cmp.only_b)):
            if keys:
                st.markdown(f"**Only in {side}:** " + ", ".join(f"`{q}` \u00b7 {md_escape(m)}" for q, m in keys))
        if cmp.other_question:
            st.dataframe(pd.DataFrame(cmp.other_question), hide_index=True, width="stretch", key="eval_cmp_other")
