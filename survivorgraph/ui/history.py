"""The session's questions: every finished run is kept (in session state) and can be shown again."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import streamlit as st

from survivorgraph.ui.compare import SHORT, pairwise
from survivorgraph.ui.runner import Outcome

MAX_RUNS = 30


def next_run_id() -> int:
    """Run numbers count this session's questions: 1, 2, 3 ..."""
    st.session_state["run_counter"] = st.session_state.get("run_counter", 0) + 1
    return st.session_state["run_counter"]


@dataclass
class RunRecord:
    question: str
    modes: list[str]
    outcomes: dict[str, Outcome] = field(default_factory=dict)
    scope: str = "unrestricted"
    stopped: list[str] = field(default_factory=list)  # modes cancelled before they finished
    started_at: float = field(default_factory=time.time)
    run_id: int = field(default_factory=next_run_id)

    @property
    def results(self):
        return {mode: self.outcomes[mode].result for mode in self.modes if mode in self.outcomes}


def runs() -> list[RunRecord]:
    return st.session_state.setdefault("history", [])


def add(record: RunRecord) -> None:
    history = runs()
    history.append(record)
    del history[:-MAX_RUNS]
    st.session_state["shown_run"] = record.run_id
    st.session_state["history_pick"] = record.run_id  # before the picker exists in this run: allowed


def shown() -> RunRecord | None:
    wanted = st.session_state.get("shown_run")
    return next((r for r in runs() if r.run_id == wanted), None)


def _picked() -> None:
    st.session_state["shown_run"] = st.session_state["history_pick"]


def table_rows(history: list[RunRecord]) -> list[dict]:
    rows = []
    for record in reversed(history):
        results = record.results
        row = {"#": record.run_id, "time": time.strftime("%H:%M:%S", time.localtime(record.started_at)),
               "question": record.question, "scope": record.scope}
        for mode in ("traditional", "graph", "agentic"):
            result = results.get(mode)
            row[SHORT[mode]] = (f"{result.answer_kind} \u00b7 {result.timings.get('total_ms', 0) / 1000:.1f} s"
                                if result else "stopped" if mode in record.stopped else "\u2014")
        row["agreement"] = "; ".join(f"{p['pair']}: {p['verdict']}" for p in pairwise(results)) or "\u2014"
        rows.append(row)
    return rows


def render_history() -> None:
    history = runs()
    if not history:
        return
    with st.expander(f"This session's questions ({len(history)})", expanded=len(history) > 1):
        st.dataframe(table_rows(history), hide_index=True, width="stretch")
        options = [r.run_id for r in reversed(history)]
        labels = {r.run_id: f"#{r.run_id}: {r.question}" for r in history}
        if st.session_state.get("history_pick") not in options:
            st.session_state["history_pick"] = options[0]
        st.selectbox("Show an earlier run", options, format_func=labels.get, key="history_pick", on_change=_picked)
