"""The comparison page: question box, strategy choice, three columns filled as each strategy finishes,
the comparison row and the session's history. `app.py` calls `main()`.

Deep links: `?q=<question>` fills the box, `&run=1` also runs it, `&mode=graph` picks one strategy,
`&llm=off` starts with the model switched off (retrieval only), `&watched=44:6` turns the spoiler guard on (a
`watched` that is not S:E, empty included, answers nothing until the sidebar's guard is set or turned off).
"""

from __future__ import annotations

import time
from concurrent.futures import FIRST_COMPLETED, wait

import streamlit as st

from survivorgraph.errors import SurvivorGraphError
from survivorgraph.render import TITLES
from survivorgraph.retrievers.types import MODES
from survivorgraph.ui import history, resources, runner
from survivorgraph.ui.columns import ColumnView
from survivorgraph.ui.compare import render_comparison
from survivorgraph.ui.examples import DEFAULT_QUESTION
from survivorgraph.ui.sidebar import SCOPE_ERROR, render_sidebar
from survivorgraph.ui.trace import md_escape

ALL = "All three"
CHOICES = {ALL: list(MODES), **{TITLES[m]: [m] for m in MODES}}
TICK_S = 0.4
# The question whose workers are at work: (its record, its jobs). Kept across reruns so that the next question
# first stops this one: one question at a time per page, never two competing for the model.
ACTIVE = "active_run"
STOP_WAIT_S = 180  # a cancelled worker ends after the model call it is in; that call is bounded by its timeout
INTERRUPTED = "a new question was asked, or the page was changed, while it ran"


def main() -> None:
    try:
        settings = resources.current_settings()
    except SurvivorGraphError as exc:
        st.error(f"The settings are not valid: {exc}")
        st.stop()
    apply_query_params()  # before any widget it fills exists
    report = resources.status(settings)
    schema = resources.schema_text(settings) if report["graph"]["state"] == "up" else None
    use_model, watched = render_sidebar(report, schema)
    if use_model and report["graph"]["state"] == "up" and report["llm"].startswith("embedded llama.cpp"):
        resources.warm_model(settings)  # a local server's prompt cache; a hosted API would bill the warm-up
    st.title("survivorgraph: one question, three retrieval strategies")
    st.caption("Traditional vector RAG \u00b7 text-to-Cypher graph RAG \u00b7 agentic graph RAG, side by side over "
               "the Survivor knowledge graph (survivoR, MIT) and narrative text (Wikipedia, CC BY-SA 4.0).")
    backend_banners(report)
    question, modes, submitted = ask_form()
    if scope_error := st.session_state.get(SCOPE_ERROR):
        # fail closed: a watched point that cannot be read answers nothing until it is fixed or turned off
        st.error(f"The spoiler guard's watched point is not valid: {md_escape(scope_error)} Nothing is answered "
                 "until it is fixed: set the season and episode under Spoiler guard in the sidebar, or turn the "
                 "guard off there.", icon=":material/visibility_off:")
        st.session_state.pop("run_requested", None)
    elif submitted or st.session_state.pop("run_requested", False):
        if question.strip():
            run_live(resources.core_for(settings, use_model, watched), question.strip(), modes)
        else:
            st.warning("Type a question first, or pick an example in the sidebar.")
    elif (record := history.shown()) is not None:
        show_record(record)
    else:
        st.info("Ask a question, or pick an example in the sidebar. Each strategy fills its column as soon as "
                "it finishes.", icon=":material/lightbulb:")
    history.render_history()


def backend_banners(report: dict) -> None:
    graph, postgres = report["graph"], report["postgres"]
    if graph["state"] == "down":
        st.error(f"The graph is not reachable, so Graph RAG and the agent will fail: {graph.get('message', '')}",
                 icon=":material/cloud_off:")
    elif graph["state"] == "empty":
        st.warning(f"The graph holds no data: {graph.get('message', 'run `make setup`.')}", icon=":material/warning:")
    elif graph["state"] in ("busy", "error"):
        st.warning(f"The graph server is not answering: {graph.get('message', '')}", icon=":material/hourglass_top:")
    if postgres["state"] == "down":
        st.warning(f"Postgres is not reachable, so traditional RAG will fail: {postgres.get('message', '')}",
                   icon=":material/cloud_off:")


def apply_query_params() -> None:
    """Fill the form from the URL once per session (before its widgets exist)."""
    if st.session_state.get("query_params_applied"):
        return
    st.session_state["query_params_applied"] = True
    params = st.query_params
    if params.get("q"):
        st.session_state["question"] = params["q"][:2000]
        if params.get("run") in ("1", "true", "yes"):
            st.session_state["run_requested"] = True
    if params.get("mode") in MODES:
        st.session_state["strategies"] = TITLES[params["mode"]]
    if "watched" in params:  # given at all, even empty, it must read as S:E
        from ingest.viewer_scope import ViewerScope

        try:
            scope = ViewerScope.parse(params["watched"])
        except SurvivorGraphError as exc:
            st.session_state.update(spoiler_on=True, **{SCOPE_ERROR: str(exc)})
        else:
            st.session_state.update(spoiler_on=True, watched_season=scope.season, watched_episode=scope.episode)


def ask_form() -> tuple[str, list[str], bool]:
    st.session_state.setdefault("question", DEFAULT_QUESTION)
    with st.form("ask", border=False, enter_to_submit=True):
        left, right = st.columns([7, 1], vertical_alignment="bottom")
        question = left.text_input("Question", key="question", max_chars=2000,
                                   placeholder="Ask anything about Survivor (US seasons 1\u201349)")
        submitted = right.form_submit_button("Run", type="primary", icon=":material/play_arrow:", width="stretch")
        choice = st.radio("Strategies", list(CHOICES), horizontal=True, key="strategies",
                          help="All three run in parallel; pick one to run a single strategy.")
    return question, CHOICES[choice], submitted


def layout(record: history.RunRecord) -> tuple:
    scope = f" \u00b7 :orange[spoiler guard: {md_escape(record.scope)}]" if record.scope != "unrestricted" else ""
    st.markdown(f"##### Run #{record.run_id}: {md_escape(record.question)}{scope}")
    summary = st.empty()
    containers = st.columns(len(record.modes), border=True, gap="small")
    views = {mode: ColumnView(col, mode, key=str(record.run_id)) for mode, col in zip(record.modes, containers)}
    return summary, views


def stop_previous() -> None:
    """A question still at work from an interrupted run is cancelled, and waited for, before the next starts."""
    active = st.session_state.get(ACTIVE)
    if not active:
        return
    record, jobs = active
    running = runner.cancel(jobs, INTERRUPTED)
    if running:
        names = ", ".join(TITLES.get(m, m) for m in running)
        with st.status(f"Stopping run #{record.run_id} first ({names}); a model call in flight ends before it "
                       "stops\u2026", state="running") as stopping:
            runner.wait_stopped(jobs, STOP_WAIT_S)
            stopping.update(label=f"Run #{record.run_id} was stopped ({names}): {INTERRUPTED}. It is in this "
                                  "session's questions with what had finished.", state="complete")
    st.session_state.pop(ACTIVE, None)


def run_live(core, question: str, modes: list[str]) -> None:
    """Start every strategy at once; show each column's steps and streamed answer while it works, and fill
    it in full the moment its worker is done. A rerun while it works (another question, an example clicked,
    a sidebar setting changed) cancels what has not finished; the run is kept in the history as it stood."""
    stop_previous()
    record = history.RunRecord(question, modes, scope=core.scope_text)
    jobs = runner.start(resources.executor(), core, question, modes)
    st.session_state[ACTIVE] = (record, jobs)
    summary, views = layout(record)
    st.caption("Asking another question, or changing the sidebar, stops this one.")
    started = time.perf_counter()
    pending = dict(jobs)
    try:
        while pending:
            wait([job.future for job in pending.values()], timeout=TICK_S, return_when=FIRST_COMPLETED)
            for mode in list(pending):
                job = pending[mode]
                if job.future.done():
                    outcome = runner.outcome_of(job.future, mode, question)
                    record.outcomes[mode] = outcome
                    views[mode].finish(outcome)
                    del pending[mode]
                else:
                    views[mode].tick(time.perf_counter() - started, job.progress.snapshot())
    finally:
        if pending:  # interrupted by a rerun: no Streamlit call may run here, only state
            runner.cancel(jobs, INTERRUPTED)
            record.stopped = list(pending)
            history.add(record)
    st.session_state.pop(ACTIVE, None)
    history.add(record)
    if len(modes) > 1:
        with summary.container():
            render_comparison(record.results)


def show_record(record: history.RunRecord) -> None:
    if record.stopped:
        st.info(f"Run #{record.run_id} was stopped before {', '.join(TITLES.get(m, m) for m in record.stopped)} "
                f"finished: {INTERRUPTED}.", icon=":material/stop_circle:")
    summary, views = layout(record)
    for mode, view in views.items():
        if mode in record.outcomes:
            view.finish(record.outcomes[mode])
        elif mode in record.stopped:
            view.stopped(INTERRUPTED)
    if len(record.modes) > 1:
        with summary.container():
            render_comparison(record.results)
