"""Streamlit entry point (`make app`). The comparison page arrives with the retrievers; until then this
page shows what is loaded, so `make setup && make app` already proves the stores work."""

import streamlit as st

from survivorgraph.config import Settings
from survivorgraph.status import collect_status

st.set_page_config(page_title="survivorgraph", layout="wide")
st.title("survivorgraph — Graph RAG comparison workbench")


@st.cache_data(ttl=30)
def _status() -> dict:
    return collect_status(Settings.from_env())


report = _status()
graph, postgres = report["graph"], report["postgres"]
left, right = st.columns(2)
with left, st.container(border=True):
    st.subheader("Graph")
    st.write(f"Backend: **{graph['backend']}** — {graph.get('where', '')}")
    if graph["state"] == "up":
        st.write(f"Dataset: {graph['dataset']}")
        st.dataframe({"label": list(graph["nodes"]), "count": list(graph["nodes"].values())}, hide_index=True)
    else:
        st.error(graph.get("message", "The graph is not available."))
with right, st.container(border=True):
    st.subheader("Postgres + pgvector")
    if postgres["state"] == "up":
        st.write(f"Postgres {postgres['postgres']}, pgvector {postgres['pgvector']} ({postgres['backend']})")
    else:
        st.error(postgres.get("message", "Postgres is not available."))
st.info("The three-way comparison (traditional RAG · text-to-Cypher · agentic graph RAG) is being built; "
        "`survivorgraph status` shows the same information in the terminal.")
