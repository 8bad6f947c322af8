"""Every question set of evaluation/sets/index.yaml: it loads, names gold-answer functions that exist with the
arguments they take, builds from the data, keeps what its index entry promises (shape, no question or person an
earlier set asked about), declares what a viewer scope needs, builds under viewer scopes, cites narrative facts
the episode summaries hold, and the CLI and runner select it by its name and its former name."""

from __future__ import annotations

import inspect
import json

import pytest

from evaluation.gold import GOLD_ANSWERS, load_gold_answers
from evaluation.question_sets import build_question_set, find_set, question_sets, set_names
from ingest.viewer_scope import ViewerScope
from tests.eval import set_checks as checks

SETS = set_names()
BLIND = [name for name in SETS if question_sets()[name].promises]
STORIES_FROM_SUMMARIES = [name for name in BLIND if question_sets()[name].promises.get("stories_from_summaries")]
SCOPES = (ViewerScope(1, 3), ViewerScope(16, 3), ViewerScope(30, 5), ViewerScope(44, 6))


@pytest.fixture(scope="module")
def built(g):
    return {name: build_question_set(g, name) for name in SETS}


def test_the_index_lists_every_set_file_once_and_names_are_unique():
    files = {s.file.name for s in question_sets().values()}
    on_disk = {p.name for p in next(iter(question_sets().values())).file.parent.glob("*.jsonl")}
    assert files == on_disk and len(files) == len(SETS)
    former = [s.was for s in question_sets().values() if s.was]
    assert len(set(former)) == len(former) and not set(former) & set(SETS)


@pytest.mark.parametrize("name", SETS)
def test_each_line_names_a_gold_answer_function_with_arguments_it_takes(name):
    load_gold_answers()
    for row in find_set(name).lines():
        fn = GOLD_ANSWERS.get(row["gold"])
        assert fn is not None, (row["id"], row["gold"])
        inspect.signature(fn).bind(None, **row.get("args", {}))  # raises on a missing or unknown argument


@pytest.mark.parametrize("name", BLIND)
def test_a_blind_set_keeps_its_promises(g, built, name):
    promises = question_sets()[name].promises
    checks.shape(built[name], promises["prefix"], size=tuple(promises["size"]),
                 per_category=tuple(promises["per_category"]), strict_values=promises.get("strict_values", True),
                 abstain_only_when_unanswerable=promises.get("abstain_only_when_unanswerable", True))
    earlier = [q for other in SETS[:SETS.index(name)] for q in built[other]]
    checks.no_repeats(g, built[name], earlier, min_people=promises["min_people"],
                      max_per_season=promises.get("max_per_season"))


@pytest.mark.parametrize("name", SETS)
def test_every_gold_answer_declares_what_a_viewer_scope_needs(built, name):
    checks.scope_needs_declared(built[name])


@pytest.mark.parametrize("name", BLIND)
def test_the_set_builds_under_viewer_scopes(g, built, name):
    checks.builds_under_viewer_scopes(g, built[name], name, SCOPES)


@pytest.mark.parametrize("name", STORIES_FROM_SUMMARIES)
def test_narrative_key_facts_are_in_the_cited_episode_summary(g, built, name):
    checks.narrative_facts_in_cited_summaries(g, built[name])


@pytest.mark.parametrize("name", BLIND)
def test_the_cli_writes_the_set_and_the_runner_selects_it_by_name_and_former_name(settings, tmp_path, built, name):
    from evaluation.cli import main
    from evaluation.runner import EvalOptions, gold_questions

    out = tmp_path / f"{name}.json"
    assert main(["gold", "--set", name, "--out", str(out)]) == 0
    written = json.loads(out.read_text())
    assert [q["parts"] for q in written["questions"]] == [q.parts for q in built[name]]
    category = built[name][-1].category
    prefix = question_sets()[name].promises["prefix"]
    for called in (name, question_sets()[name].was):
        chosen, _ = gold_questions(settings, EvalOptions(question_set=called, categories=[category]))
        assert chosen and all(q.id.startswith(f"{prefix}-{category}-") for q in chosen)


def test_an_unknown_set_is_refused_with_the_choices(settings, capsys):
    from evaluation.cli import main

    with pytest.raises(ValueError, match="unknown question set 'nope': choose from gold, blind-01"):
        find_set("nope")
    assert main(["run", "--no-llm", "--set", "nope"]) == 2
    assert "choose from gold" in capsys.readouterr().err
