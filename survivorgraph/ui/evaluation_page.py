"""The "Evaluation" page: one evaluation run (the latest by default) — its facts, the issue's targets, accuracy
per category x strategy, the full summary table and every answer with its stored evidence; or, in the
"Compare two runs" view (`survivorgraph.ui.run_comparison`), a baseline run against a candidate.

`app.py` registers this file as a page of `st.navigation` (URL `/evaluation`), which runs it as a script; the
data side (run folders, cached loading, tables) is `survivorgraph.ui.eval_runs`.
"""

from __future__ import annotations

import altair as alt
import pandas as pd
import streamlit as st

from survivorgraph.errors import SurvivorGraphError
from survivorgraph.retrievers.types import RetrievalResult
from survivorgraph.ui import eval_runs, run_comparison
from survivorgraph.ui.eval_runs import MODE_NOTES, RunInfo
from survivorgraph.ui.trace import md_escape

PERCENT = {"format": "percent", "width": "small"}
METRICS = {"Accuracy": "accuracy", "Evidence support": "evidence_support", "Answer support": "answer_support",
           "Cypher OK after repair": "cypher_final_ok",
           "Cypher OK first try": "cypher_first_ok", "Abstention": "abstention"}
OUTCOME_CHOICES = ["all", "correct", "incorrect", "not scored"]
MARK = {"correct": "\u2713", "incorrect": "\u2717", "not scored": "\u2013"}
ONE_RUN, TWO_RUNS = "One run", "Compare two runs"


def main() -> None:
    from survivorgraph.ui.resources import current_settings

    st.title("Evaluation")
    st.caption("The gold questions (computed from survivoR) run through every strategy and the retrieval "
               "baselines, scored for accuracy, evidence support, Cypher success, abstention and cost.")
    try:
        settings = current_settings()
    except SurvivorGraphError as exc:
        st.error(f"The settings are not valid: {exc}")
        return
    try:
        infos = eval_runs.run_infos(settings)
    except OSError as exc:
        st.error(f"The evaluation folder `{eval_runs.eval_root(settings)}` cannot be read ({exc}): check its "
                 "permissions, or point SURVIVORGRAPH_STATE_DIR at another state directory.", icon=":material/error:")
        return
    if not infos:
        st.info(eval_runs.no_run_message(settings), icon=":material/science:")
        return
    view = st.radio("View", [ONE_RUN, TWO_RUNS], horizontal=True, key="eval_view", label_visibility="collapsed",
                    help="Compare two runs: a baseline against a candidate, with the answers that changed.")
    if view == TWO_RUNS:
        run_comparison.render(infos)
        return
    info = pick_run(infos)
    if info.error:
        st.error(f"The run folder `{info.folder}` is unreadable: its meta.json could not be read ({info.error}). "
                 "Pick another run, or start a new one with `make eval` / `python -m evaluation run --no-llm`.",
                 icon=":material/error:")
        return
    report, error = eval_runs.open_report(info.folder)
    if error:
        st.error(f"The run folder `{info.folder}` is unreadable ({error}). Pick another run, or write its tables "
                 "again: `python -m evaluation run --resume` continues the latest run and rewrites them.",
                 icon=":material/error:")
        return
    render_facts(info, report)
    if report is None:
        st.info("This run has no scored answer yet: it has just started, or stopped before the first answer. "
                "Refresh in a moment, or continue it with `python -m evaluation run --resume`.",
                icon=":material/hourglass_top:")
        return
    render_targets(report)
    render_heatmap(report)
    render_summary(report)
    render_questions(report, info)


def pick_run(infos: list[RunInfo]) -> RunInfo:
    left, right = st.columns([6, 1], vertical_alignment="bottom")
    by_name = {info.name: info for info in infos}
    name = left.selectbox("Run", list(by_name), index=eval_runs.default_index(infos), key="eval_run",
                          format_func=lambda n: by_name[n].label,
                          help="Run folders under <state dir>/eval, newest first; the latest run is picked first.")
    right.button("Refresh", icon=":material/refresh:", width="stretch",
                 help="Read the run folder again (a run in progress shows its new answers).")
    return by_name[name]


def render_facts(info: RunInfo, report) -> None:
    meta = dict(info.meta)
    if report is not None:
        meta = {**meta, **{k: v for k, v in report.meta.items() if k not in meta}}
    questions = report.questions if report is not None else pd.DataFrame()
    modes = meta.get("modes") or []
    expected = (meta.get("questions") or 0) * len(modes)
    a, b, c, d = st.columns(4)
    a.metric("Questions", meta.get("questions", questions["qid"].nunique() if len(questions) else 0))
    b.metric("Answers scored", f"{len(questions)}" + (f" / {expected}" if expected else ""))
    c.metric("Strategies", len(modes))
    d.metric("Status", "finished" if info.finished else "not finished")
    lines = [f"**When:** {md_escape(eval_runs.when_text(meta))}",
             f"**Model:** {md_escape(eval_runs.model_text(meta))}",
             "**Modes:** " + ", ".join(md_escape(m) for m in modes),
             f"**Scope:** {md_escape(meta.get('scope') or 'n/a')} \u00b7 "
             f"**Dataset:** {md_escape(meta.get('dataset_version') or 'n/a')} \u00b7 "
             f"**Graph:** {md_escape(meta.get('graph_backend') or 'n/a')} \u00b7 "
             f"**Passages per baseline (k):** {md_escape(meta.get('k', 'n/a'))}",
             f"**Viewer (spoiler guard):** {md_escape(meta.get('viewer_scope_text') or 'unrestricted')}",
             f"**Folder:** `{info.folder}`"]
    st.markdown("  \n".join(lines))
    if not info.finished:
        st.warning("This run has not finished: it is still running, or it was interrupted (`python -m evaluation "
                   "run --resume` continues it). The tables below are rebuilt from the answers scored so far; "
                   "Refresh to read new ones.", icon=":material/pending:")


def render_targets(report) -> None:
    st.subheader("Targets (issue #6)")
    table = eval_runs.targets_table(report)
    if table.empty:
        st.caption("This run holds no targets.")
        return
    met = int((table["status"] == "\u2705 met").sum())
    st.markdown(f"**{met} of {len(table)} targets met.** A target without data needs that strategy in the run "
                "(text-to-Cypher runs only with a model).")
    st.dataframe(table, hide_index=True, width="stretch", placeholder="\u2014", key="eval_targets", column_config={
        "target": st.column_config.TextColumn("Target", width="large"), "mode": "Strategy", "metric": "Metric",
        "result": st.column_config.NumberColumn("Result", **PERCENT),
        "threshold": st.column_config.NumberColumn("Threshold", **PERCENT), "status": "Status"})


def render_heatmap(report) -> None:
    st.subheader("Per category and strategy")
    choice = st.radio("Metric", list(METRICS), horizontal=True, key="eval_metric",
                      help="Retrieval baselines (lexical, vector, hybrid) have no answer, so no accuracy: "
                           "see them under Evidence support.")
    metric = METRICS[choice]
    pivot = eval_runs.heatmap(report, metric)
    if pivot.empty:
        st.caption(f"No strategy in this run has a value for {choice.lower()}.")
        return
    chart_tab, table_tab, stored_tab = st.tabs(["Heatmap", "Table", "Stored chart"])
    with chart_tab:
        width = "stretch" if len(pivot.columns) > 4 else 260 + 150 * len(pivot.columns)  # no metre-wide cells
        st.altair_chart(heatmap_chart(pivot, choice), width=width)
    with table_tab:
        st.dataframe(pivot.reset_index(), hide_index=True, width="stretch", placeholder="\u2014",
                     key="eval_heatmap_table",
                     column_config={"category": "Category", **{
                         m: st.column_config.ProgressColumn(m, format="percent", min_value=0.0, max_value=1.0)
                         for m in pivot.columns}})
    with stored_tab:
        if report.chart_png is not None:
            st.image(str(report.chart_png), caption="accuracy.png, written by the evaluation run")
        else:
            st.caption("This run has no accuracy.png (it is written when the run finishes, with matplotlib).")
    st.caption(" \u00b7 ".join(f"**{md_escape(m)}**: {md_escape(MODE_NOTES.get(m, ''))}" for m in pivot.columns))


def heatmap_chart(pivot: pd.DataFrame, title: str) -> alt.LayerChart:
    long = pivot.reset_index().melt(id_vars="category", var_name="mode", value_name="value").dropna()
    x = alt.X("mode:N", sort=list(pivot.columns), title=None, axis=alt.Axis(labelAngle=0, orient="top"))
    y = alt.Y("category:N", sort=list(pivot.index), title=None)
    base = alt.Chart(long).encode(x=x, y=y)
    cells = base.mark_rect(stroke="white").encode(
        color=alt.Color("value:Q", title=title, scale=alt.Scale(domain=[0, 1], scheme="redyellowgreen"),
                        legend=alt.Legend(format="%")),
        tooltip=[alt.Tooltip("category:N"), alt.Tooltip("mode:N"), alt.Tooltip("value:Q", format=".1%", title=title)])
    labels = base.mark_text(fontSize=13).encode(text=alt.Text("value:Q", format=".0%"))
    return (cells + labels).properties(height=34 * len(pivot.index) + 40)


def render_summary(report) -> None:
    st.subheader("All metrics")
    table = eval_runs.rates(report.summary)
    st.dataframe(table, hide_index=True, width="stretch", placeholder="\u2014", key="eval_summary", column_config={
        "category": "Category", "mode": "Strategy", "n": st.column_config.NumberColumn("n", width="small"),
        "accuracy": st.column_config.NumberColumn("Accuracy", **PERCENT),
        "evidence_support": st.column_config.NumberColumn("Evidence support", **PERCENT,
                                                          help="Share whose evidence holds the gold answer"),
        "answer_support": st.column_config.NumberColumn(
            "Answer support", **PERCENT, help="Share of model answers whose every number and name is in the evidence"),
        "withheld": st.column_config.NumberColumn("Withheld", **PERCENT,
                                                  help="Model answers not shown: they stated what the evidence lacks"),
        "cypher_first_ok": st.column_config.NumberColumn("Cypher 1st try", **PERCENT,
                                                         help="Generated Cypher that ran on the first try"),
        "cypher_final_ok": st.column_config.NumberColumn("Cypher after repair", **PERCENT),
        "abstention": st.column_config.NumberColumn("Abstained", **PERCENT),
        "errors": st.column_config.NumberColumn("Errors", width="small"),
        "median_latency_ms": st.column_config.NumberColumn("Median latency", format="%.0f ms"),
        "p95_latency_ms": st.column_config.NumberColumn("p95 latency", format="%.0f ms"),
        "llm_calls": st.column_config.NumberColumn("LLM calls", format="%.2f", help="Mean per question"),
        "tokens": st.column_config.NumberColumn("Tokens", format="%.0f", help="Mean per question")})
    st.caption("Rates are over the questions a strategy applies to; the `all` rows pool every category. "
               "Latency medians and p95 in milliseconds; LLM calls and tokens are means per question.")


def render_questions(report, info: RunInfo) -> None:
    st.subheader("Questions")
    frame = eval_runs.question_table(report)
    a, b, c = st.columns([3, 3, 2])
    categories = a.multiselect("Category", eval_runs.ordered_categories(frame["category"]), key="eval_categories",
                               placeholder="All categories")
    modes = b.multiselect("Strategy", eval_runs.ordered_modes(report, frame["mode"]), key="eval_modes",
                          placeholder="All strategies")
    outcome = c.radio("Outcome", OUTCOME_CHOICES, horizontal=True, key="eval_outcome",
                      help="Not scored: retrieval baselines, which return passages and no answer.")
    text = st.text_input("Search", key="eval_search", placeholder="Words in the question, gold answer or answer")
    shown = eval_runs.filter_questions(frame, categories, modes, outcome, text)
    st.caption(f"{len(shown)} of {len(frame)} answers. Select a row (or pick below) to see its stored evidence.")
    columns = ["qid", "category", "mode", "outcome", "question", "gold", "answer", "supported", "latency_ms",
               "llm_calls", "tokens"]
    event = st.dataframe(shown[columns], hide_index=True, width="stretch", placeholder="\u2014", key="eval_questions",
                         on_select="rerun", selection_mode="single-row", column_config={
                             "qid": "Id", "category": "Category", "mode": "Strategy", "outcome": "Outcome",
                             "question": st.column_config.TextColumn("Question", width="large"),
                             "gold": "Gold", "answer": st.column_config.TextColumn("Answer", width="large"),
                             "supported": st.column_config.CheckboxColumn("Evidence holds gold"),
                             "latency_ms": st.column_config.NumberColumn("Latency", format="%.0f ms"),
                             "llm_calls": "LLM calls", "tokens": "Tokens"})
    if shown.empty:
        st.info("No answer matches these filters.")
        return
    keys = [f"{q} \u00b7 {m}" for q, m in zip(shown["qid"], shown["mode"])]
    follow_table_selection(event, keys)
    labels = {k: f"{MARK[o]} {k} \u00b7 {q[:80]}" for k, o, q in zip(keys, shown["outcome"], shown["question"])}
    pick = st.selectbox("Inspect an answer", keys, key="eval_pick", format_func=labels.get)
    row = shown.iloc[keys.index(pick)]
    with st.container(border=True):
        render_drilldown(row, info)


def follow_table_selection(event, keys: list[str]) -> None:
    """A row selected in the table becomes the picked answer (once per new selection; the box stays free)."""
    rows = list(getattr(getattr(event, "selection", None), "rows", []) or [])
    selected = keys[rows[0]] if rows and rows[0] < len(keys) else None
    if selected is not None and st.session_state.get("eval_pick_from_table") != selected:
        st.session_state["eval_pick_from_table"] = selected
        st.session_state["eval_pick"] = selected
    if st.session_state.get("eval_pick") not in keys:
        st.session_state.pop("eval_pick", None)


def render_drilldown(row: pd.Series, info: RunInfo) -> None:
    from survivorgraph.ui.columns import render_answer, render_chunks, render_cypher, render_llm_calls
    from survivorgraph.ui.trace import render_trace

    st.markdown(f"##### {md_escape(row['qid'])} \u00b7 {md_escape(row['category'])} \u00b7 {md_escape(row['mode'])}")
    st.markdown(f"**Question:** {md_escape(row['question'])}  \n**Gold answer:** {md_escape(row['gold'])}")
    verdict = {"correct": st.success, "incorrect": st.error, "not scored": st.info}[row["outcome"]]
    verdict({"correct": "Correct", "incorrect": "Incorrect",
             "not scored": "Not scored: a retrieval baseline returns passages, no answer"}[row["outcome"]]
            + f" \u00b7 evidence {'holds' if row.get('supported') else 'does not hold'} the gold answer")
    stored = eval_runs.stored_result(info.folder, str(row["qid"]), str(row["mode"]))
    if stored is None:
        st.warning(f"The stored result of this answer is not in `{info.folder / 'results.jsonl'}`; the table row "
                   f"above is all this run keeps of it. Answer: {md_escape(row['answer'])}")
        return
    result = RetrievalResult.from_dict(stored)
    st.markdown("**Answer:**")
    render_answer(result)
    evidence = stored.get("evidence") or {}
    parts = [("Cypher", len(result.cypher), lambda: render_cypher(result)),
             ("Rows", len(result.rows), lambda: render_rows_kept(result, evidence)),
             ("Passages", len(result.chunks), lambda: render_chunks(result.chunks)),
             ("Trace", len(result.trace), lambda: render_trace(result))]
    if result.llm_calls:
        parts.append(("LLM calls", len(result.llm_calls), lambda: render_llm_calls(result)))
    parts.sort(key=lambda part: part[1] == 0)  # the evidence this answer has comes first
    tabs = {f"{name} ({count})": draw for name, count, draw in parts}
    for tab, draw in zip(st.tabs(list(tabs)), tabs.values()):
        with tab:
            draw()


def render_rows_kept(result, evidence: dict) -> None:
    from survivorgraph.ui.columns import render_rows

    render_rows(result)
    if evidence.get("rows_total"):
        st.caption(f"The evaluation keeps the first {len(result.rows)} of {evidence['rows_total']} rows.")


if __name__ == "__main__":  # run as a page script by st.navigation (see app.py)
    main()
