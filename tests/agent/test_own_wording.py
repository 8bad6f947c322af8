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


def router_test_strings() -> list[str]:
    """Every string constant of tests/test_router.py."""
    tree = ast.parse(ROUTER_TESTS.read_text())
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def test_no_rule_case_is_an_evaluation_question(asked):
    texts = case_texts()
    assert len(texts) > 200, "the rule cases were not read"
    assert [(t, asked[said(t)]) for t in texts if said(t) in asked] == []


def test_no_router_test_asks_an_evaluation_question(asked):
    strings = router_test_strings()
    assert len(strings) > 500, "the router tests were not read"
    assert [(t, asked[said(t)]) for t in strings if said(t) in asked] == []
