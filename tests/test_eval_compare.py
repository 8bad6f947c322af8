"""Comparing two evaluation runs (evaluation/compare.py and `python -m evaluation compare`), on two small run
folders written with the runner's writers: tests/compare_runs.py lists what differs between them."""

from __future__ import annotations

import json
import shutil

import pandas as pd
import pytest
from compare_runs import BASELINE, CANDIDATE, write_pair

from evaluation.cli import main
from evaluation.compare import (
    CHANGED,
    RIGHT_TO_WRONG,
    WRONG_TO_RIGHT,
    RunNotFound,
    compare_runs,
    format_comparison,
    resolve_run,
)


@pytest.fixture
def runs(tmp_path, monkeypatch):
    """The pair under <state>/eval, with the CLI's settings pointed at that state dir."""
    monkeypatch.setenv("SURVIVORGRAPH_STATE_DIR", str(tmp_path / "state"))
    return write_pair(tmp_path / "state" / "eval")


def metric(cmp, category: str, mode: str, name: str) -> tuple:
    row = cmp.metrics.set_index(["category", "mode"]).loc[(category, mode)]
    return row[f"{name}_a"], row[f"{name}_b"], row[f"{name}_delta"]


def test_metrics_of_both_runs_and_the_delta_over_the_shared_answers(runs):
    cmp = compare_runs(*runs)
    assert cmp.compared == 6  # sf-3 and ag-3 are in one run each, mh-2 asks another question in B
    assert metric(cmp, "single_fact", "agentic", "accuracy") == (1.0, 0.5, -0.5)  # sf-3 (wrong) left out
    assert metric(cmp, "aggregation", "agentic", "accuracy") == (0.5, 1.0, 0.5)
    assert metric(cmp, "all", "agentic", "accuracy") == pytest.approx((0.8, 0.8, 0.0))
    assert metric(cmp, "all", "agentic", "median_latency_ms") == (100.0, 60.0, -40.0)
    assert pd.isna(list(metric(cmp, "multi_hop", "lexical", "accuracy"))).all()  # a baseline has no accuracy
    assert metric(cmp, "multi_hop", "lexical", "evidence_support") == (1.0, 1.0, 0.0)
    by_key = cmp.metrics.set_index(["category", "mode"])
    assert list(by_key.index) == [("single_fact", "agentic"), ("aggregation", "agentic"), ("multi_hop", "agentic"),
                                  ("multi_hop", "lexical"), ("all", "agentic"), ("all", "lexical")]
    assert by_key.loc[("all", "agentic"), "n_a"] == by_key.loc[("all", "agentic"), "n_b"] == 5


def test_flips_and_changed_answers_with_both_answers(runs):
    cmp = compare_runs(*runs)
    assert [(f.qid, f.mode) for f in cmp.of_kind(RIGHT_TO_WRONG)] == [("sf-1", "agentic")]
    assert [(f.qid, f.mode) for f in cmp.of_kind(WRONG_TO_RIGHT)] == [("ag-1", "agentic")]
    changed = {(f.qid, f.mode): f.differs for f in cmp.of_kind(CHANGED)}
    assert changed == {("sf-2", "agentic"): ("answer",), ("ag-2", "agentic"): ("cypher",),
                       ("mh-1", "lexical"): ("passages",)}
    lost = cmp.of_kind(RIGHT_TO_WRONG)[0]
    assert (lost.answer_a, lost.answer_b, lost.gold) == ("Dee Valladares won.", "Austin Li Coon won.",
                                                         "Dee Valladares")
    assert (lost.category, lost.question, lost.correct_a, lost.correct_b) == (
        "single_fact", "Season 45's winner?", True, False)
    assert cmp.changed_count == 5 and not cmp.identical
    assert cmp.only_a == [("sf-3", "agentic")] and cmp.only_b == [("ag-3", "agentic")]
    assert [(o["qid"], o["question_b"]) for o in cmp.other_question] == [
        ("mh-2", "Whom did Parvati vote for at the final?")]
    frame = cmp.flip_frame()
    assert list(frame["kind"]) == [RIGHT_TO_WRONG, WRONG_TO_RIGHT, CHANGED, CHANGED, CHANGED]


def test_a_run_against_itself_is_identical(runs):
    cmp = compare_runs(runs[0], runs[0])
    assert cmp.identical and cmp.changed_count == 0 and not cmp.flips
    assert set(cmp.metrics["accuracy_delta"].dropna()) == {0.0}
    assert format_comparison(cmp).splitlines()[-1] == (
        "8 answers compared, 0 changed (0 right \u2192 wrong, 0 wrong \u2192 right, 0 changed); "
        "0 only in A, 0 only in B")


def test_filters_by_mode_and_category(runs):
    cmp = compare_runs(*runs, modes=["lexical"])
    assert cmp.compared == 1 and [f.qid for f in cmp.flips] == ["mh-1"] and not cmp.only_a
    cmp = compare_runs(*runs, categories=["aggregation"])
    assert [f.qid for f in cmp.flips] == ["ag-1", "ag-2"] and cmp.only_b == [("ag-3", "agentic")]
    with pytest.raises(RunNotFound, match="no scored answer of the chosen"):
        compare_runs(*runs, modes=["graph"])


def test_cli_prints_metrics_flips_and_the_summary(runs, capsys):
    assert main(["compare", BASELINE, CANDIDATE]) == 0  # named under <state>/eval
    out = capsys.readouterr().out
    assert "single_fact  agentic" in out and "100% \u2192 50% (-50)" in out
    assert "right \u2192 wrong: 1" in out and "A: Dee Valladares won." in out and "B: Austin Li Coon won." in out
    assert "sf-2 \u00b7 single_fact \u00b7 agentic \u00b7 differs: answer" in out
    assert "only in A: sf-3 \u00b7 agentic" in out and "same id, another question: mh-2" in out
    assert out.rstrip().splitlines()[-1] == (
        "6 answers compared, 5 changed (1 right \u2192 wrong, 1 wrong \u2192 right, 3 changed); "
        "1 only in A, 1 only in B, 1 with another question under the same id")

    assert main(["compare", str(runs[0]), str(runs[1]), "--show", "wrong-to-right", "--mode", "agentic"]) == 0
    out = capsys.readouterr().out
    assert "wrong \u2192 right: 1" in out and "right \u2192 wrong:" not in out and "changed:" not in out
    assert "ag-1 \u00b7 aggregation" in out and "sf-1 \u00b7" not in out


def test_cli_json_has_the_answers_in_full(runs, capsys):
    assert main(["compare", BASELINE, CANDIDATE, "--json", "--category", "single_fact"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["counts"] == {"right-to-wrong": 1, "wrong-to-right": 0, "changed": 1}
    assert data["identical"] is False and data["only_a"] == [["sf-3", "agentic"]]
    assert {f["qid"]: f["answer_b"] for f in data["flips"]} == {"sf-1": "Austin Li Coon won.",
                                                                "sf-2": "Erika Casupanan, 41."}


def test_fail_on_change_is_the_exit_status(runs, tmp_path, capsys):
    assert main(["compare", BASELINE, CANDIDATE, "--fail-on-change"]) == 1
    assert main(["compare", BASELINE, BASELINE, "--fail-on-change", "--show", "none"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("8 answers compared, 0 changed (0 right \u2192 wrong, "
                                                     "0 wrong \u2192 right, 0 changed); 0 only in A, 0 only in B")
    # A copy missing one answer is not identical, though no answer differs.
    copy = shutil.copytree(runs[0], tmp_path / "copy")
    lines = (copy / "results.jsonl").read_text().splitlines(keepends=True)
    (copy / "results.jsonl").write_text("".join(lines[:-1]))
    assert main(["compare", BASELINE, str(copy), "--fail-on-change"]) == 1
    assert "0 changed" in capsys.readouterr().out


def test_a_missing_folder_or_not_a_run_is_a_clear_error(runs, tmp_path, capsys):
    assert main(["compare", "no-such-run", CANDIDATE]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no run folder `no-such-run`") and "Traceback" not in err
    assert BASELINE in err and CANDIDATE in err  # the runs there are, to pick from
    (tmp_path / "empty").mkdir()
    assert main(["compare", BASELINE, str(tmp_path / "empty")]) == 2
    err = capsys.readouterr().err
    assert "is not an evaluation run: it has no results.jsonl" in err and "python -m evaluation run" in err
    assert main(["compare", BASELINE, CANDIDATE, "--show", "sideways"]) == 2
    assert "unknown --show" in capsys.readouterr().err
    with pytest.raises(RunNotFound):
        resolve_run(tmp_path / "nowhere")


def test_survivorgraph_eval_compare_passes_through(runs):
    from click.testing import CliRunner

    from survivorgraph.cli import main as survivorgraph_main

    result = CliRunner().invoke(survivorgraph_main, ["eval", "compare", BASELINE, CANDIDATE, "--fail-on-change",
                                                     "--show", "none"])
    assert result.exit_code == 1, result.output
    assert "6 answers compared, 5 changed" in result.output
