"""The sidebar: what is up (graph, Postgres, text index, model, dataset, counts) and example questions."""

from __future__ import annotations

from typing import Any

import streamlit as st

from survivorgraph.ui.examples import EXAMPLES
from survivorgraph.ui.trace import md_escape

UP, DOWN, WARN = ":green[:material/check_circle:]", ":red[:material/cancel:]", ":orange[:material/warning:]"
NO_MODEL_HELP = ("No model: retrieval only. Traditional RAG shows the best passages and the agent answers from "
                 "its tested queries; text-to-Cypher needs a model. To configure one: `OPENAI_API_KEY=...`, or "
                 "`LLM_BASE_URL=http://host:port/v1` (Ollama, vLLM, LM Studio, llama.cpp), or `make model` for "
                 "the local Qwen2.5-Coder-1.5B; then reload the page.")


def ask_example(question: str) -> None:
    """Button callback: put the example in the question box and run it."""
    st.session_state["question"] = question
    st.session_state["run_requested"] = True


def render_sidebar(report: dict[str, Any], schema: str | None) -> tuple[bool, str]:
    """Draw the sidebar; returns whether to use the model (the toggle, when a model exists) and the spoiler
    guard's watched point ("44:6", or "" for everything)."""
    with st.sidebar:
        st.header("Example questions")
        for category, questions in EXAMPLES.items():
            with st.expander(category, expanded=category.startswith("Multi-hop")):
                for i, question in enumerate(questions):
                    st.button(question, key=f"example-{category[:12]}-{i}", on_click=ask_example, args=(question,),
                              type="tertiary", width="stretch")
        watched = render_spoiler_guard(report["graph"].get("backend", ""))
        st.divider()
        use_model = render_status(report)
        if schema:
            with st.expander("Graph schema (what text-to-Cypher sees)"):
                st.code(schema, language="text")
        if st.button("Refresh status", icon=":material/refresh:"):
            from survivorgraph.ui import resources

            resources.status.clear()
            resources.schema_text.clear()
            st.rerun()
    return use_model, watched


SCOPE_ERROR = "scope_error"  # a watched point from the link that could not be read: the page answers nothing


def _scope_set_by_hand() -> None:
    """The guard's toggle or numbers were changed: the viewer has fixed the watched point, or turned it off."""
    st.session_state.pop(SCOPE_ERROR, None)


def render_spoiler_guard(backend: str) -> str:
    """The viewer scope: answer as for someone who has watched up to a season and episode."""
    st.session_state.setdefault("watched_season", 45)
    st.session_state.setdefault("watched_episode", 1)
    on = st.session_state.get("spoiler_on", False)
    with st.expander("Spoiler guard" + (" (on)" if on else ""), expanded=on, icon=":material/visibility_off:"):
        if st.session_state.get(SCOPE_ERROR):
            st.error(f"The link's watched point is not valid: {st.session_state[SCOPE_ERROR]}")
        on = st.toggle("Only what had aired", key="spoiler_on", on_change=_scope_set_by_hand,
                       help="All three strategies answer from a copy of the graph (and the text) cut at that "
                            "episode: nothing that aired later can reach an answer, counts included.")
        left, right = st.columns(2)
        season = left.number_input("Watched through season", min_value=1, max_value=99, step=1,
                                   key="watched_season", disabled=not on, on_change=_scope_set_by_hand)
        episode = right.number_input("episode", min_value=1, max_value=40, step=1, key="watched_episode",
                                     disabled=not on, on_change=_scope_set_by_hand)
        if st.session_state.get(SCOPE_ERROR) and on:
            st.button(f"Use season {int(season)}, episode {int(episode)}", key="use_watched_point",
                      on_click=_scope_set_by_hand, icon=":material/check:")
        if backend and backend != "falkordb":
            st.caption("Needs the embedded FalkorDB (per-viewer graphs); Neo4j Community holds one database.")
    return f"{int(season)}:{int(episode)}" if on else ""


def render_status(report: dict[str, Any]) -> bool:
    st.header("Status")
    graph, postgres, text = report["graph"], report["postgres"], report.get("text", {})
    if graph["state"] == "up":
        st.markdown(f"{UP} **Graph**: {md_escape(graph.get('where', graph['backend']))}")
        st.caption(f"Dataset {md_escape(graph.get('dataset', '?'))}")
    else:
        st.markdown(f"{DOWN if graph['state'] == 'down' else WARN} **Graph** ({md_escape(graph['backend'])})")
        st.error(graph.get("message", "The graph is not available."))
    if postgres["state"] == "up":
        st.markdown(f"{UP} **Postgres** {md_escape(postgres.get('postgres', ''))} + pgvector "
                    f"{md_escape(postgres.get('pgvector', ''))} ({md_escape(postgres['backend'])})")
    else:
        st.markdown(f"{DOWN} **Postgres** ({md_escape(postgres['backend'])})")
        st.error(postgres.get("message", "Postgres is not available."))
    if text.get("state") == "up":
        st.markdown(f"{UP} **Text index**: {text['chunks']:,} passages from {text['documents']} documents "
                    f"({md_escape(text['corpus'])}, {md_escape(text['embedding_model'])})")
    elif text:
        st.markdown(f"{WARN} **Text index**")
        st.warning(text.get("message", "The text index is not available."))
    use_model = render_model(report)
    if graph.get("nodes"):
        with st.expander("Counts per label"):
            st.dataframe({"label": list(graph["nodes"]), "nodes": list(graph["nodes"].values())}, hide_index=True,
                         width="stretch")
    return use_model


def render_model(report: dict[str, Any]) -> bool:
    line = report.get("llm", "")
    if report.get("model_configured"):
        st.markdown(f"{UP} **LLM**: {md_escape(line)}")
        return st.toggle("Use the model", value=st.query_params.get("llm") != "off", key="use_model",
                         help="Off: retrieval only, to compare what each strategy finds without generation.")
    if line.startswith("LLM misconfigured"):
        st.markdown(f"{DOWN} **LLM**")
        st.error(line)
    else:
        st.markdown(f"{WARN} **LLM**: no model \u2014 retrieval only")
        st.info(NO_MODEL_HELP)
    return False
