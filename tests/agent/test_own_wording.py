"""The router's tests ask in their own words: a test that copies a question of an evaluation set (evaluation/sets/)
measures nothing, since the rules may have been written to that very wording.

Checked: every case of survivorgraph/agent/rules/cases/ and every string in tests/test_router.py, against the
questions of all sets (case and spacing aside).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
import yaml

from evaluation.question_sets import question_sets
from survivorgraph.agent import rules

ROUTER_TESTS = Path(__file__).resolve().parents[1] / "test_router.py"
CASES_DIR = Path(rules.__file__).parent / "cases"


def said(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


@pytest.fixture(scope="module")
def asked() -> dict[str, str]:
    """Every evaluation question, as `said`, -> the set it is in."""
    found = {said(row["question"]): name for name, qs in question_sets().items() for row in qs.lines()}
    assert len(found) > 100, "the question sets were not read"
    return found


def case_texts() -> list[str]:
    texts = []
    for path in sorted(CASES_DIR.glob("*.yaml")):
        for cases in (yaml.safe_load(path.read_text()) or {}).values():
            texts += [case["text"] for case in cases or []]
    return texts


def router_test_strings(rewritten: bool) -> list[str]:
    """The strings of tests/test_router.py, from its top-level definitions being rewritten for the plan's typed
    answer shape (they read `.shape`, or take a `shape` column) or from the others. The former wait for that change
    to be reworded; they may not be edited until it lands."""
    source = ROUTER_TESTS.read_text()
    strings = []
    for node in ast.parse(source).body:
        text = "\n".join(ast.get_source_segment(source, d) for d in getattr(node, "decorator_list", [])) \
            + ast.get_source_segment(source, node)
        if (".shape" in text or re.search(r"parametrize\(\"[^\"]*\bshape\b", text) is not None) == rewritten:
            strings += [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return strings


def test_no_rule_case_is_an_evaluation_question(asked):
    texts = case_texts()
    assert len(texts) > 200, "the rule cases were not read"
    assert [(t, asked[said(t)]) for t in texts if said(t) in asked] == []


def test_no_router_test_asks_an_evaluation_question(asked):
    assert [(t, asked[said(t)]) for t in router_test_strings(rewritten=False) if said(t) in asked] == []


def test_no_router_test_of_answer_shapes_asks_an_evaluation_question(asked):
    assert [(t, asked[said(t)]) for t in router_test_strings(rewritten=True) if said(t) in asked] == []
