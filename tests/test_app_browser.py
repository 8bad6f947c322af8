"""The page in a real browser: `streamlit run app.py` headless against the test stores, driven by Debian's
Chromium over the DevTools protocol (no driver, nothing downloaded). It types a question, clicks Run, waits
for the three columns, opens the agent's evidence graph and saves a screenshot under artifacts/ (its path is
printed in the log). Skipped, with the reason, where Chromium is not installed (`apt-get install -y chromium`).
"""

from __future__ import annotations

import time

import pytest
from test_app import JURY_QUESTION, text_db  # noqa: F401  (a fixture: a small real text index)

from survivorgraph.config import PROJECT_DIR
from survivorgraph.ui import headless

ARTIFACTS = PROJECT_DIR / "artifacts"
TITLES = ("Traditional RAG", "Graph RAG (text-to-Cypher)", "Agentic graph RAG")

pytestmark = pytest.mark.skipif(headless.find_chromium() is None,
                                reason="Chromium is not installed: `apt-get install -y chromium` (Debian)")


def test_three_columns_in_chromium(settings, text_db, capsys):  # noqa: F811
    env = {"SURVIVORGRAPH_STATE_DIR": str(settings.state_dir), "SURVIVOR_DATA_DIR": str(settings.survivor_data_dir),
           "SURVIVOR_SEASONS": settings.seasons, "FALKORDB_GRAPH": settings.falkordb_graph, "NEO4J_URI": "",
           "DATABASE_URL": text_db, "OPENAI_API_KEY": "", "LLM_BASE_URL": "", "LLM_MODEL": "", "LLM_MODEL_PATH": "",
           "EMBEDDING_MODEL": "", "HF_HUB_OFFLINE": "1"}
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "app-browser.png"
    with headless.serve_app(env, log_path=ARTIFACTS / "app-browser.log") as url, headless.Chromium() as browser:
        page = browser.open(url)
        headless.ask(page, JURY_QUESTION)
        done = headless.wait_for_columns(page, 3, timeout_s=300)
        assert set(done) == {"traditional", "graph", "agentic"}
        page.wait_for("document.querySelectorAll('[data-testid=\"stDataFrame\"]').length >= 2", timeout_s=30)
        # The comparison row is drawn after the last column finishes: wait for it before reading the text.
        page.wait_for("document.body.innerText.includes('Comparison at a glance')", timeout_s=30)
        text = page.evaluate("document.body.innerText")
        assert all(title in text for title in TITLES)
        assert "Comparison at a glance" in text and "Katurah Topps" in text
        assert page.evaluate(headless.PAGE_ERRORS) == []
        assert headless.open_tab(page, "agentic", "Graph")
        page.wait_for(headless.GRAPH_DRAWN, timeout_s=30)
        time.sleep(1.5)  # the layout animation settles
        path = page.screenshot(shot)
    assert path.stat().st_size > 10_000
    with capsys.disabled():
        print(f"\nscreenshot of the comparison page: {path}")
