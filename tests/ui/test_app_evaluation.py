"""The app's Evaluation page, through `streamlit.testing.v1.AppTest`, over real evaluation runs.

The runs are made here by the evaluation runner itself (`run_eval`, no model) on a few gold questions against
the session's real graph and a small real text index, and written with its own writer (`write_outputs`), so
the page reads exactly the files `make eval` leaves. A second run is left the way an interrupted one is (the
runner's meta.json and results.jsonl, no summary), and broken folders are made by damaging copies.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import replace

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest
from test_app import APP, RUN_TIMEOUT_S, page_env, text_db, texts  # noqa: F401  (fixtures)

from evaluation.runner import EvalOptions, Harness, run_eval
from evaluation.summary import accuracy_pivot, aggregate, question_frame, targets, write_outputs
from survivorgraph.retrievers.types import ChunkEvidence, CypherAttempt, RetrievalResult, TraceStep
from survivorgraph.ui.trace import md_escape

PAGE = "survivorgraph/ui/evaluation_page.py"
FINISHED, INTERRUPTED = "20260101-120000", "20251231-090000"
CATEGORIES = ["single_fact", "aggregation", "narrative", "unanswerable"]
MODES = ["traditional", "agentic", "lexical"]


# -- runs made by the runner ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def eval_state(tmp_path_factory, settings, graph, text_db):  # noqa: F811
    """A state dir whose eval/ holds a finished run (all files, `latest` points at it) and an older one that
    stopped before writing its tables."""
    state = tmp_path_factory.mktemp("eval-state")
    runner_settings = replace(settings, database_url=text_db)  # the session's graph, the small text index
    harness = Harness(runner_settings, no_llm=True)
    try:
        run = run_eval(runner_settings, EvalOptions(categories=CATEGORIES, limit=8, modes=MODES, no_llm=True,
                                                    workers=2, out=state / "eval" / FINISHED),
                       harness=harness, progress=False, log=lambda _: None)
        write_outputs(run.folder, run.records, run.modes, run.meta)
        partial = run_eval(runner_settings, EvalOptions(categories=["single_fact"], limit=3, modes=["agentic"],
                                                        no_llm=True, out=state / "eval" / INTERRUPTED),
                           harness=harness, progress=False, log=lambda _: None)
    finally:
        harness.close()
    meta = json.loads((partial.folder / "meta.json").read_text())
    meta.pop("finished")  # as the runner leaves it until the last answer is scored
    (partial.folder / "meta.json").write_text(json.dumps(meta, indent=1))
    return state


@pytest.fixture(scope="module")
def finished_records(eval_state) -> list[dict]:
    lines = (eval_state / "eval" / FINISHED / "results.jsonl").read_text().splitlines()
    return list({(r["qid"], r["mode"]): r for r in map(json.loads, lines)}.values())


def open_evaluation(at: AppTest | None = None) -> AppTest:
    at = at or AppTest.from_file(APP, default_timeout=RUN_TIMEOUT_S)
    at.run()  # the root URL opens the Compare page (the default); st.navigation registers both pages
    assert at.title[0].value.startswith("survivorgraph: one question")
    at.switch_page(PAGE).run()
    assert not at.exception, [e.value for e in at.exception]
    assert [t.value for t in at.title] == ["Evaluation"]
    return at


def frame_with(at: AppTest, *columns: str) -> pd.DataFrame:
    return next(df.value for df in at.dataframe if set(columns) <= set(df.value.columns))


def rerun(widget) -> AppTest:
    at = widget.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


# -- the page ------------------------------------------------------------------------------------------
def test_latest_run_with_facts_targets_and_tables(page_env, eval_state, finished_records):  # noqa: F811
    page_env(state_dir=eval_state)
    at = open_evaluation()
    run = at.selectbox(key="eval_run")
    assert run.value == FINISHED and run.options[0].startswith(FINISHED)  # newest first, picked first
    assert "latest" in run.options[0] and "no model" in run.options[0] and "US:1-49" in run.options[0]
    assert "not finished" in run.options[1]
    meta = json.loads((eval_state / "eval" / FINISHED / "meta.json").read_text())
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Questions"] == str(meta["questions"]) == "8"
    assert metrics["Answers scored"] == f"{len(finished_records)} / {8 * len(MODES)}"
    assert metrics["Status"] == "finished" and metrics["Strategies"] == "3"
    facts = " ".join(texts(at.markdown))
    assert "no model" in facts and "traditional, agentic, lexical" in facts
    assert "Viewer (spoiler guard):** unrestricted" in facts
    assert meta["dataset_version"].split("-")[0] in facts and FINISHED in facts
    assert not at.warning  # a finished run

    table = aggregate(question_frame(finished_records), MODES)
    expected = targets(table)
    shown = frame_with(at, "target", "status")
    assert list(shown["target"]) == [t["target"] for t in expected]
    assert list(shown["status"]) == [("\u2705 met" if t["met"] else "\u274c not met" if t["met"] is False
                                      else "\u2014 no data") for t in expected]
    assert shown["status"].iloc[4] == "\u2014 no data"  # text-to-Cypher did not run without a model
    assert any(f"of {len(expected)} targets met" in t for t in texts(at.markdown))

    heat = frame_with(at, "category", "agentic").set_index("category")
    pivot = accuracy_pivot(table)
    assert list(heat.columns) == ["traditional", "agentic"]  # the baseline has no accuracy
    assert list(heat.index) == [c for c in CATEGORIES if c in pivot.index] + ["all"]
    for category in pivot.index:
        for mode in heat.columns:
            assert heat.loc[category, mode] == pytest.approx(pivot.loc[category, mode])
    summary = frame_with(at, "median_latency_ms", "cypher_final_ok", "tokens")
    assert len(summary) == len(table) and set(summary["mode"]) == set(MODES)
    questions = frame_with(at, "qid", "outcome", "gold", "answer")
    assert len(questions) == len(finished_records)


def test_heatmap_metric_shows_the_baselines_evidence_support(page_env, eval_state):  # noqa: F811
    page_env(state_dir=eval_state)
    at = open_evaluation()
    at = rerun(at.radio(key="eval_metric").set_value("Evidence support"))
    heat = frame_with(at, "category", "lexical")
    assert list(heat.columns) == ["category", *MODES]
    assert heat["lexical"].between(0, 1).all()


def test_filters_and_the_stored_evidence_of_an_answer(page_env, eval_state, finished_records):  # noqa: F811
    page_env(state_dir=eval_state)
    at = open_evaluation()
    at.multiselect(key="eval_modes").set_value(["agentic"])
    at = rerun(at.radio(key="eval_outcome").set_value("correct"))
    right = [r for r in finished_records if r["mode"] == "agentic" and r["score"]["correct"] is True]
    assert right, "the agent answers some of these questions from the graph"
    shown = frame_with(at, "qid", "outcome")
    assert len(shown) == len(right) and set(shown["mode"]) == {"agentic"} and set(shown["outcome"]) == {"correct"}
    pick = at.selectbox(key="eval_pick")
    assert len(pick.options) == len(right)
    first = next(r for r in right if r["qid"] == shown["qid"].iloc[0])
    assert any("Correct" in s for s in texts(at.success))
    assert any("**Gold answer:**" in t and first["question"].split()[0] in t for t in texts(at.markdown))
    stored = [c["cypher"].strip() for c in first["result"]["evidence"]["cypher"]]
    assert stored and [c.value for c in at.code if c.language == "cypher"][:len(stored)] == stored

    # Incorrect traditional answers: the passages it retrieved are shown.
    at.multiselect(key="eval_modes").set_value(["traditional"])
    at = rerun(at.radio(key="eval_outcome").set_value("incorrect"))
    wrong = [r for r in finished_records if r["mode"] == "traditional" and r["score"]["correct"] is False]
    assert len(frame_with(at, "qid", "outcome")) == len(wrong) and wrong
    assert any("Incorrect" in e for e in texts(at.error))
    chunks = next(r for r in wrong if r["qid"] == frame_with(at, "qid", "outcome")["qid"].iloc[0])
    chunks = chunks["result"]["evidence"]["chunks"]
    assert chunks and sum(e.label.startswith("[") and "score" in e.label for e in at.expander) == len(chunks)

    # Retrieval baseline: not scored; picking another answer shows that one.
    at.multiselect(key="eval_modes").set_value(["lexical"])
    at = rerun(at.radio(key="eval_outcome").set_value("not scored"))
    shown = frame_with(at, "qid", "outcome")
    assert len(shown) == sum(r["mode"] == "lexical" for r in finished_records)
    at = rerun(at.selectbox(key="eval_pick").set_value(f"{shown['qid'].iloc[1]} \u00b7 lexical"))
    assert any(t.startswith(f"##### {md_escape(shown['qid'].iloc[1])}") for t in texts(at.markdown))
    assert any("Not scored" in i for i in texts(at.info))

    # No match: a message, no drill-down.
    at = rerun(at.text_input(key="eval_search").input("no such words anywhere"))
    assert frame_with(at, "qid", "outcome").empty and any("No answer matches" in i for i in texts(at.info))
    assert "eval_pick" not in [s.key for s in at.selectbox]


def test_unfinished_run_is_rebuilt_from_its_answers(page_env, eval_state):  # noqa: F811
    page_env(state_dir=eval_state)
    at = rerun(open_evaluation().selectbox(key="eval_run").set_value(INTERRUPTED))
    assert any("has not finished" in w and "--resume" in w for w in texts(at.warning))
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Status"] == "not finished" and metrics["Answers scored"] == "3 / 3"
    assert set(frame_with(at, "qid", "outcome")["mode"]) == {"agentic"}
    assert not (eval_state / "eval" / INTERRUPTED / "summary.json").exists()


def test_no_run_yet_is_a_message(page_env, tmp_path):  # noqa: F811
    page_env(state_dir=tmp_path / "fresh")
    at = open_evaluation()
    message = " ".join(texts(at.info))
    assert "No evaluation run yet" in message and "make eval" in message
    assert "python -m evaluation run --no-llm" in message
    assert not at.dataframe and not at.error


def test_unreadable_runs_are_messages_not_tracebacks(page_env, eval_state, tmp_path):  # noqa: F811
    state = tmp_path / "state"
    good = eval_state / "eval" / FINISHED
    shutil.copytree(good, state / "eval" / "20260103-000000")  # the newest: summary.json cut short
    summary = state / "eval" / "20260103-000000" / "summary.json"
    summary.write_text(summary.read_text()[:500])
    shutil.copytree(good, state / "eval" / "20260102-000000")  # meta.json unreadable
    (state / "eval" / "20260102-000000" / "meta.json").write_text("{not json")
    page_env(state_dir=state)
    at = open_evaluation()
    assert any("20260103-000000" in e and "unreadable" in e and "--resume" in e for e in texts(at.error))
    at = rerun(at.selectbox(key="eval_run").set_value("20260102-000000"))
    assert "unreadable" in at.selectbox(key="eval_run").options[1]
    assert any("meta.json could not be read" in e and "make eval" in e for e in texts(at.error))
    assert not at.dataframe


# -- the data side -------------------------------------------------------------------------------------
def test_a_run_in_progress_refreshes(eval_state, tmp_path):
    from survivorgraph.ui import eval_runs

    good = eval_state / "eval" / FINISHED
    folder = tmp_path / "eval" / "20260104-000000"
    folder.mkdir(parents=True)
    shutil.copy(good / "meta.json", folder / "meta.json")
    lines = (good / "results.jsonl").read_text().splitlines(keepends=True)
    (folder / "results.jsonl").write_text("".join(lines[:5]))
    report, error = eval_runs.open_report(folder)
    assert error is None and len(report.questions) == 5
    with (folder / "results.jsonl").open("a") as fh:  # the runner appends as answers are scored
        fh.write("".join(lines[5:]))
    report, error = eval_runs.open_report(folder)
    assert error is None and len(report.questions) == len(lines)


def test_stored_results_become_results_again():
    result = RetrievalResult(
        "agentic", "Season 45's winner?", answer="Dee Valladares", answer_kind="extractive",
        rows=[{"winner": "Dee Valladares"}], columns=["winner"],
        cypher=[CypherAttempt("MATCH (n) RETURN n", {"season": 45}, stage="catalog", source="season_winner",
                              row_count=1, rewrites=["x"], elapsed_ms=1.5)],
        chunks=[ChunkEvidence("c1", "text", 0.5, title="t", season=45, episode=2, source="s", license="l")],
        trace=[TraceStep("route", {"tool": "season_winner"}, 0.2)], timings={"total_ms": 3.0},
        llm_calls=[{"label": "answer", "prompt_tokens": 10, "completion_tokens": 2}], errors=["e"], model="m",
        support={"claims": 2, "unsupported": ["Rob"], "retried": True, "withheld": True})
    stored = json.loads(result.to_json())
    assert RetrievalResult.from_dict(stored).to_dict() == stored
    stored["evidence"]["cypher"][0]["added_later"] = True  # a field this page does not know yet
    assert RetrievalResult.from_dict(stored).cypher[0].source == "season_winner"
    assert RetrievalResult.from_dict({"mode": "lexical"}).to_dict()["evidence"] == {
        "rows": [], "columns": [], "cypher": [], "chunks": []}


def test_question_filters():
    from survivorgraph.ui.eval_runs import filter_questions, outcome_of

    frame = pd.DataFrame({"category": ["a", "a", "b"], "mode": ["x", "y", "x"], "question": ["Q1", "Q2", "Q3"],
                          "gold": ["Dee", "Rob", "Tony"], "answer": ["dee won", "", "Sandra"],
                          "outcome": [outcome_of(True), outcome_of(None), outcome_of(False)]})
    assert list(frame["outcome"]) == ["correct", "not scored", "incorrect"]
    assert list(filter_questions(frame)["question"]) == ["Q1", "Q2", "Q3"]
    assert list(filter_questions(frame, ["a"], ["x"])["question"]) == ["Q1"]
    assert list(filter_questions(frame, outcome="incorrect")["question"]) == ["Q3"]
    assert list(filter_questions(frame, text="ROB")["question"]) == ["Q2"]
    assert list(filter_questions(frame, text="sandra", outcome="all")["question"]) == ["Q3"]


# -- in a real browser -----------------------------------------------------------------------------------
def test_evaluation_url_in_chromium(settings, eval_state, capsys):
    """`/evaluation` opens the page in Chromium; the heatmap (Vega, which AppTest does not draw) renders."""
    from survivorgraph.config import PROJECT_DIR
    from survivorgraph.ui import headless

    if headless.find_chromium() is None:
        pytest.skip("Chromium is not installed: `apt-get install -y chromium` (Debian)")
    env = {"SURVIVORGRAPH_STATE_DIR": str(eval_state), "SURVIVOR_DATA_DIR": str(settings.survivor_data_dir),
           "SURVIVOR_SEASONS": settings.seasons, "FALKORDB_GRAPH": settings.falkordb_graph, "NEO4J_URI": "",
           "DATABASE_URL": "", "OPENAI_API_KEY": "", "LLM_BASE_URL": "", "LLM_MODEL": "", "LLM_MODEL_PATH": "",
           "EMBEDDING_MODEL": "", "HF_HUB_OFFLINE": "1"}
    artifacts = PROJECT_DIR / "artifacts"
    artifacts.mkdir(exist_ok=True)
    with headless.serve_app(env, log_path=artifacts / "app-evaluation.log") as url, headless.Chromium() as browser:
        page = browser.open(f"{url}/evaluation")
        # the page draws top to bottom: under load the chart can be up before the targets and the drill-down are
        page.wait_for("!!(document.body && ['All metrics', 'Targets (issue #6)', 'Inspect an answer'].every("
                      "t => document.body.innerText.includes(t)))", timeout_s=60)
        page.wait_for("document.querySelectorAll('[data-testid=\"stVegaLiteChart\"] canvas, "
                      "[data-testid=\"stVegaLiteChart\"] svg').length > 0", timeout_s=30)
        text = page.evaluate("document.body.innerText")
        assert "Targets (issue #6)" in text and FINISHED in text and "Inspect an answer" in text
        assert page.evaluate(headless.PAGE_ERRORS) == []
        path = page.screenshot(artifacts / "app-evaluation.png")
    with capsys.disabled():
        print(f"\nscreenshot of the evaluation page: {path}")


# -- two runs compared -----------------------------------------------------------------------------------
@pytest.fixture
def two_runs(tmp_path):
    """A state dir holding the baseline and the candidate of tests/compare_runs.py (the candidate is latest)."""
    from compare_runs import write_pair

    write_pair(tmp_path / "state" / "eval")
    return tmp_path / "state"


def open_comparison() -> AppTest:
    at = rerun(open_evaluation().radio(key="eval_view").set_value("Compare two runs"))
    assert "eval_run" not in [s.key for s in at.selectbox]  # the one-run view is not drawn under it
    return at


def test_two_runs_compared_metrics_and_flipped_answers(page_env, two_runs):  # noqa: F811
    from compare_runs import BASELINE, CANDIDATE

    page_env(state_dir=two_runs)
    at = open_comparison()
    assert at.selectbox(key="eval_baseline").value == BASELINE  # the previous run against the latest
    assert at.selectbox(key="eval_candidate").value == CANDIDATE
    metrics = {m.label: m.value for m in at.metric}
    assert metrics == {"Answers compared": "6", "Changed": "5", "Right \u2192 wrong": "1", "Wrong \u2192 right": "1"}
    deltas = frame_with(at, "accuracy_a", "accuracy_b", "accuracy_delta").set_index(["category", "mode"])
    assert tuple(deltas.loc[("single_fact", "agentic"), ["accuracy_a", "accuracy_b", "accuracy_delta"]]) == (
        1.0, 0.5, -0.5)
    assert deltas.loc[("all", "agentic"), "median_latency_ms_delta"] == -40.0
    flips = frame_with(at, "answer_a", "answer_b", "change")
    assert list(flips["qid"]) == ["sf-1", "ag-1", "sf-2", "ag-2", "mh-1"]

    at.multiselect(key="eval_cmp_kinds").set_value(["right-to-wrong"])
    at = rerun(at.multiselect(key="eval_cmp_categories").set_value([]))
    flips = frame_with(at, "answer_a", "answer_b", "change")
    assert flips[["qid", "answer_a", "answer_b"]].values.tolist() == [
        ["sf-1", "Dee Valladares won.", "Austin Li Coon won."]]
    assert [t.value for t in at.text] == ["Dee Valladares won.", "Austin Li Coon won."]  # both answers, side by side

    at.multiselect(key="eval_cmp_kinds").set_value([])
    at = rerun(at.multiselect(key="eval_cmp_categories").set_value(["aggregation"]))
    assert list(frame_with(at, "answer_a", "answer_b", "change")["qid"]) == ["ag-1", "ag-2"]
    at = rerun(at.selectbox(key="eval_cmp_pick").set_value("ag-2 \u00b7 agentic"))
    cypher = [c.value for c in at.code if c.language == "cypher"]
    assert len(cypher) == 2 and cypher[0] != cypher[1] and "TribalCouncil" in cypher[1]  # what differs: the query
    assert any("**Differs:** cypher" in t for t in texts(at.markdown))
    at = rerun(at.multiselect(key="eval_cmp_modes").set_value(["lexical"]))
    assert frame_with(at, "answer_a", "answer_b", "change").empty
    assert any("No changed answer matches" in i for i in texts(at.info))
    assert any("only in A" in e.label and "another question" in e.label for e in at.expander)


def test_a_run_compared_with_itself_is_identical(page_env, two_runs):  # noqa: F811
    from compare_runs import CANDIDATE

    page_env(state_dir=two_runs)
    at = rerun(open_comparison().selectbox(key="eval_baseline").set_value(CANDIDATE))
    assert any(s.startswith("Identical") and "0 changed" in s for s in texts(at.success))
    assert {m.label: m.value for m in at.metric}["Changed"] == "0"
    assert not [df for df in at.dataframe if "answer_a" in df.value.columns]
    assert any("No answer changed" in c for c in texts(at.caption))


def test_comparing_needs_two_runs(page_env, two_runs):  # noqa: F811
    from compare_runs import BASELINE

    shutil.rmtree(two_runs / "eval" / BASELINE)
    page_env(state_dir=two_runs)
    at = open_comparison()
    assert any("Comparing needs two runs" in i for i in texts(at.info)) and not at.dataframe


def test_deltas_are_coloured_by_which_way_is_better():
    from survivorgraph.ui.run_comparison import BAD, GOOD, delta_colour, styled

    assert delta_colour("accuracy", 0.1) == GOOD and delta_colour("accuracy", -0.1) == BAD
    assert delta_colour("median_latency_ms", -40.0) == GOOD and delta_colour("tokens", 12.0) == BAD
    assert delta_colour("abstention", 0.2) == "" and delta_colour("accuracy", 0.0) == ""
    assert delta_colour("accuracy", float("nan")) == ""
    table = pd.DataFrame([{"category": "all", "mode": "agentic", "n_a": 2, "n_b": 2, "accuracy_a": 1.0,
                           "accuracy_b": 0.5, "accuracy_delta": -0.5}])
    html = styled(table, ["accuracy"]).to_html()
    assert "-50 pt" in html and "50%" in html and "#cf222e" in html and "#1a7f37" not in html
