"""One strategy's column: a status box with its steps, then the answer, the metrics and the evidence tabs.

`ColumnView` is created while the strategy runs (status "running" with the live elapsed time, the steps as
they start and end, the answer as the model streams it) and finished with its `Outcome`; re-showing a
finished run from the history goes through the same `finish`.
"""

from __future__ import annotations

import json
from typing import Any

import streamlit as st

from survivorgraph.render import TITLES
from survivorgraph.retrievers.grounding import claim_faults
from survivorgraph.retrievers.progress import Snapshot
from survivorgraph.retrievers.types import ChunkEvidence, RetrievalResult
from survivorgraph.ui.evidence_graph import render_evidence_graph
from survivorgraph.ui.runner import Outcome
from survivorgraph.ui.trace import md_escape, render_trace, step_line

SUBTITLES = {
    "traditional": "Nearest text passages from pgvector, answer from them",
    "graph": "The model writes Cypher from the live schema; validated, run read-only, repaired",
    "agentic": "Link entities, route to tested queries / Cypher / text, critic follow-ups",
}
RUNNING_STEPS = {
    "traditional": "embed the question \u2192 nearest passages \u2192 answer",
    "graph": "choose examples \u2192 write Cypher \u2192 check and run (repair) \u2192 answer",
    "agentic": "link entities \u2192 route parts \u2192 run tools \u2192 critic \u2192 answer",
}
KIND_LABEL = {"generated": "Answered", "composed": "Composed from the rows (no model writing)",
              "extractive": "Retrieval only (no model)", "abstained": "Abstained",
              "no_model": "Needs a model", "error": "Failed",
              # extractive although a model answered: its answer was withheld or its abstention overruled
              "extractive_over_model": "Evidence shown instead of the model's answer"}
CHUNK_PREVIEW = 900
LONG_ANSWER, ANSWER_HEIGHT = 700, 300


def kind_label(result) -> str:
    kind = result.answer_kind
    if kind == "extractive" and result.llm_calls:
        kind = "extractive_over_model"
    return KIND_LABEL.get(kind, kind)


class ColumnView:
    def __init__(self, container, mode: str, key: str):
        self.mode, self.key = mode, key
        with container:
            st.subheader(TITLES.get(mode, mode))
            st.caption(SUBTITLES.get(mode, ""))
            self.status = st.status("Waiting\u2026", state="running", expanded=False)
            with self.status:
                self.steps = st.empty()
                self.steps.caption(RUNNING_STEPS.get(mode, ""))
            self.body = st.empty()
        self._drawn = -1  # the progress version on screen: redraw only when the worker reported more
        self._streamed = None  # the element the streamed answer is written into, made on the first text

    def _stream_box(self):
        """The streaming area, made once per script run: an element key may be used only once per run, so
        every later tick only rewrites the text inside it."""
        if self._streamed is None:
            with self.body.container(key=f"streaming-{self.mode}-{self.key}"):
                st.caption("Writing the answer\u2026")
                self._streamed = st.empty()
        return self._streamed

    def tick(self, elapsed_s: float, progress: Snapshot | None = None) -> None:
        """The live state while the strategy works: time, current step, steps so far, streamed answer."""
        current = f" \u00b7 {progress.current}" if progress is not None and progress.current else ""
        self.status.update(label=f"Running\u2026 {elapsed_s:.1f} s{current}", state="running")
        if progress is None or progress.version == self._drawn:
            return
        self._drawn = progress.version
        if progress.steps:
            self.steps.markdown("\n".join(step_line(i, s) for i, s in enumerate(progress.steps, 1)))
        if progress.answer:
            self._stream_box().markdown(progress.answer + " \u258c")

    def stopped(self, reason: str) -> None:
        """A strategy cancelled before it finished (shown again from the history)."""
        self.status.update(label="Stopped", state="error", expanded=False)
        self.body.warning(f"Stopped before it finished: {reason}. Ask again to see this strategy's answer.",
                          icon=":material/stop_circle:")

    def finish(self, outcome: Outcome) -> None:
        result = outcome.result
        state = "error" if result.answer_kind == "error" else "complete"
        seconds = result.timings.get("total_ms", outcome.wall_ms) / 1000
        with self.steps.container():
            if result.trace:
                st.markdown("\n".join(step_line(i, s) for i, s in enumerate(result.trace, 1)))
            else:
                st.caption("No steps ran.")
        self.status.update(label=f"{kind_label(result)} in {seconds:.2f} s",
                           state=state, expanded=False)
        with self.body.container(key=f"done-{self.mode}-{self.key}"):
            render_metrics(result)  # first, so the three columns' numbers line up
            render_answer(result)
            render_evidence(outcome, self.key)


def render_answer(result: RetrievalResult) -> None:
    if result.answer_kind == "error":
        st.error(result.answer or "This strategy failed.", icon=":material/error:")
    elif result.answer_kind == "no_model":
        st.info(result.answer, icon=":material/smart_toy:")
    elif result.answer_kind == "abstained":
        st.warning(result.answer or "No answer: the evidence does not show one.", icon=":material/help:")
    else:
        long = len(result.answer) > LONG_ANSWER or result.answer.count("\n") > 12
        with st.container(height=ANSWER_HEIGHT if long else "content", border=long):
            st.markdown(result.answer)
    if note := support_note(result.support):
        st.caption(note)
    for error in result.errors:
        if error.strip() != result.answer.strip():
            st.error(error)


def support_note(support: dict) -> str:
    """One line on how the model's answer held up against its evidence (retrievers/grounding.py)."""
    if not support:
        return ""
    if support.get("withheld"):
        return ":material/gpp_bad: The model's answers stated what the evidence lacks; the evidence is shown instead."
    if support.get("retried"):
        said = claim_faults(support.get("first_unsupported", []), support.get("first_misranked", {}),
                            "the evidence lacks")
        return (f":material/gpp_maybe: The first answer {' and '.join(said)}; this second answer's numbers and "
                "names are all in the evidence.")
    if support.get("claims"):
        return f":material/verified: All {support['claims']} numbers and names of this answer are in the evidence."
    return ""


def seconds(value: float) -> str:
    """Short enough for a third of a column: 4.2 ms, 38 ms, 0.31 s, 19.3 s, 214 s (an answer composed from rows
    takes milliseconds: "0.00 s" would read as no time at all)."""
    if value < 0.01:
        return f"{value * 1000:.1f} ms"
    if value < 0.1:
        return f"{value * 1000:.0f} ms"
    return f"{value:.2f} s" if value < 10 else f"{value:.1f} s" if value < 100 else f"{value:.0f} s"


def render_metrics(result: RetrievalResult) -> None:
    usage, timings = result.usage, result.timings
    tokens = usage["prompt_tokens"] + usage["completion_tokens"]
    a, b, c = st.columns(3)
    parts = [("LLM", "llm_ms"), ("database", "db_ms"), ("embedding", "embed_ms")]
    a.metric("Latency", seconds(timings.get("total_ms", 0) / 1000),
             help=" \u00b7 ".join(f"{name} {timings[key] / 1000:.2f} s" for name, key in parts if key in timings))
    b.metric("LLM calls", usage["llm_calls"], help=f"model: {result.model or 'none'}")
    c.metric("Tokens", f"{tokens:,}",
             help=f"prompt {usage['prompt_tokens']:,} ({usage['cached_tokens']:,} from the server's prompt cache) "
                  f"+ completion {usage['completion_tokens']:,}")


def render_evidence(outcome: Outcome, key: str) -> None:
    result = outcome.result
    tabs: list[tuple[str, Any]] = []
    if result.mode == "agentic":
        tabs.append((f"Trace ({len(result.trace)})", lambda: render_trace(result)))
    if result.chunks or result.mode == "traditional":
        tabs.append((f"Passages ({len(result.chunks)})", lambda: render_chunks(result.chunks)))
    if result.cypher or result.mode == "graph":
        tabs.append((f"Cypher ({len(result.cypher)})", lambda: render_cypher(result)))
    if result.rows or result.mode in ("graph", "agentic"):
        tabs.append((f"Rows ({len(result.rows)})", lambda: render_rows(result)))
    if result.mode in ("graph", "agentic") and (result.rows or outcome.graph_error):
        tabs.append(("Graph", lambda: render_graph(outcome, key)))
    if result.mode != "agentic":
        tabs.append((f"Steps ({len(result.trace)})", lambda: render_trace(result)))
    if result.llm_calls:
        tabs.append((f"LLM calls ({len(result.llm_calls)})", lambda: render_llm_calls(result)))
    for tab, (_, draw) in zip(st.tabs([label for label, _ in tabs]), tabs):
        with tab:
            draw()


def chunk_label(index: int, chunk: ChunkEvidence) -> str:
    where = [f"S{chunk.season}" if chunk.season is not None else "", f"E{chunk.episode}" if chunk.episode else ""]
    place = " ".join(w for w in where if w)
    return f"[{index}] {chunk.title or chunk.chunk_id} \u00b7 {place or 'season n/a'} \u00b7 score {chunk.score:.3f}"


def render_chunks(chunks: list[ChunkEvidence]) -> None:
    if not chunks:
        st.caption("No passages were retrieved.")
        return
    for index, chunk in enumerate(chunks, 1):
        with st.expander(chunk_label(index, chunk), expanded=index == 1):
            text = chunk.text if len(chunk.text) <= CHUNK_PREVIEW else chunk.text[:CHUNK_PREVIEW] + "\u2026"
            st.text(text)
            st.caption(f"Source: {md_escape(chunk.source)}" + (f" \u00b7 {md_escape(chunk.license)}"
                                                                   if chunk.license else ""))


def render_cypher(result: RetrievalResult) -> None:
    if not result.cypher:
        st.caption("No query was written or run.")
        return
    for index, attempt in enumerate(result.cypher, 1):
        outcome = "error" if attempt.error else f"{attempt.row_count} rows"
        if attempt.truncated:
            outcome += " (truncated)"
        source = f" \u00b7 {attempt.source}" if attempt.source else ""
        st.markdown(f"**Attempt {index}** \u00b7 {md_escape(attempt.stage)}{md_escape(source)} \u00b7 {outcome}"
                    f" \u00b7 {attempt.elapsed_ms:.1f} ms")
        st.code(attempt.cypher.strip() or "(empty)", language="cypher")
        if attempt.source == "llm" and attempt.stage != "auto_fix":
            st.caption("Written under the schema's grammar (labels, directions, properties and enum values "
                       "constrained while the model wrote)" if attempt.grammar else
                       "Written without a grammar (the provider takes none): checked after writing")
            if attempt.schema == "pruned":
                st.caption("Shown the part of the schema the question needs (its labels and their neighbours)")
        if attempt.params:
            st.caption("Parameters: " + md_escape(json.dumps(attempt.params, default=str, ensure_ascii=False)))
        if attempt.fixes:
            st.caption("Corrected from the schema (no model call): " + md_escape("; ".join(attempt.fixes)))
        if attempt.rewrites:
            st.caption("Rewritten for this backend: " + md_escape("; ".join(attempt.rewrites)))
        if attempt.error:
            st.error(attempt.error)


def _cell(value: Any) -> Any:
    if isinstance(value, list | tuple | dict | set):
        return json.dumps(value if not isinstance(value, set) else sorted(value), default=str, ensure_ascii=False)
    return value


def render_rows(result: RetrievalResult) -> None:
    if not result.rows:
        st.caption("No rows.")
        return
    columns = result.columns or list(dict.fromkeys(k for row in result.rows for k in row))
    table = {c: [_cell(row.get(c)) for row in result.rows] for c in columns}
    st.dataframe(table, hide_index=True, width="stretch", height=min(38 + 35 * len(result.rows), 380))
    if any(a.truncated for a in result.cypher):
        st.caption("The row cap cut this result short.")


def render_graph(outcome: Outcome, key: str) -> None:
    if outcome.graph_error:
        st.warning(outcome.graph_error)
    if outcome.graph is not None:
        render_evidence_graph(outcome.graph, key=f"graph-{outcome.mode}-{key}")


def render_llm_calls(result: RetrievalResult) -> None:
    rows = [{"step": c.get("label"), "seconds": round(c.get("latency_s", 0.0), 2),
             "waited for the model": round(c.get("queued_s", 0.0), 2), "prompt": c.get("prompt_tokens"),
             "from cache": c.get("cached_tokens", 0), "completion": c.get("completion_tokens"),
             "tokens from": c.get("token_source"), "ok": c.get("ok"), "error": c.get("error") or ""}
            for c in result.llm_calls]
    st.dataframe(rows, hide_index=True, width="stretch")
