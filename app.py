"""Streamlit entry point (`make app`): one question, three retrieval strategies side by side.

The page lives in `survivorgraph/ui/` (small modules); this file only configures Streamlit and calls it.
Settings come from the environment and `.env`, exactly as for the CLI.
"""

import streamlit as st

st.set_page_config(page_title="survivorgraph \u00b7 Graph RAG comparison", page_icon=":material/hub:", layout="wide")

from survivorgraph.ui.page import main  # noqa: E402  (set_page_config must come first)

main()
