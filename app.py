"""Streamlit entry point (`make app`): two pages.

- Compare (the default, at the root URL, so `?q=...&run=1` deep links keep working): one question, three
  retrieval strategies side by side — `survivorgraph.ui.page.main`.
- Evaluation (`/evaluation`): the latest evaluation run — `survivorgraph/ui/evaluation_page.py`.

The pages live in `survivorgraph/ui/` (small modules); this file only configures Streamlit and navigates.
Settings come from the environment and `.env`, exactly as for the CLI.
"""

from pathlib import Path

import streamlit as st

st.set_page_config(page_title="survivorgraph \u00b7 Graph RAG comparison", page_icon=":material/hub:", layout="wide")

from survivorgraph.ui.page import main as compare  # noqa: E402  (set_page_config must come first)

UI = Path(__file__).resolve().parent / "survivorgraph" / "ui"

st.navigation([
    st.Page(compare, title="Compare", icon=":material/compare_arrows:", default=True),
    st.Page(UI / "evaluation_page.py", title="Evaluation", icon=":material/analytics:", url_path="evaluation"),
]).run()
