"""No test, router case or docstring copies an evaluation question: tests ask in their own words, so the question
sets (evaluation/sets/) stay a measure of how the agent generalises, not a fixture it was tuned on (issue #22).

Every question of every set, read through the evaluation's own loader, is looked for in every file under tests/
and survivorgraph/ (.py, .yaml, .yml, .json, .jsonl, .md): word for word, with case, spacing and punctuation
aside — so a copy wrapped over two lines of a docstring, split into two string literals, quoted in a comment or
with its question mark dropped is still a copy. A question inside a longer text counts too ("<question> and …").

queries/examples/*.yaml is built from the sets on purpose (examples as data) and is not looked in. What may hold a
question, and why, is listed below: nothing else.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from evaluation.question_sets import question_sets

ROOT = Path(__file__).resolve().parents[1]
SEARCHED = ("tests", "survivorgraph")
SUFFIXES = {".py", ".yaml", ".yml", ".json", ".jsonl", ".md"}

# Recorded model outputs, not fixtures: a recording keeps the question it answered.
RECORDED = {
    # answers the real model wrote in evaluation runs (gold, blind-13), with their evidence, re-checked offline by
    # tests/retrievers/test_grounding_recorded.py
    "tests/data/recorded_answers.jsonl",
}
# The product's own example questions: gold's demo-* questions were taken from the page's examples (they check
# that the demo works), so these files may hold a demo-* question, and only those.
PRODUCT_EXAMPLES = {
    "survivorgraph/ui/examples.py",  # the page's example questions and its default question
    "survivorgraph/retrievers/base.py",  # the refusal of a non-question names one of them as the example to type
}

_WORD = re.compile(r"[a-z0-9]+")


def said(text: str) -> str:
    """The words of a text, lowercased, one space apart: what is compared."""
    return " ".join(_WORD.findall(text.lower()))


def is_demo(set_name: str, qid: str) -> bool:
    return set_name == "gold" and qid.startswith("demo-")


@pytest.fixture(scope="module")
def asked() -> dict[str, tuple[str, str, str]]:
    """Every evaluation question, as `said`, -> (set, id, the question as written)."""
    found = {}
    for name, qs in question_sets().items():
        for row in qs.lines():
            found.setdefault(said(row["question"]), (name, row["id"], row["question"]))
    assert len(found) > 900, "the question sets were not read"
    return found


def searched_files() -> list[Path]:
    return sorted(p for top in SEARCHED for p in (ROOT / top).rglob("*")
                  if p.suffix in SUFFIXES and p.is_file() and "__pycache__" not in p.parts)


def copies_in(text: str, asked: dict) -> list[str]:
    """The questions of `asked` that `text` holds, word for word."""
    words = f" {said(text)} "
    return [q for q in asked if f" {q} " in words]


def line_of(text: str, question: str) -> int:
    """The line a copy starts on (it may run over the next few)."""
    lines = text.splitlines()
    return next((i + 1 for i in range(len(lines)) if question.split()[0] in said(lines[i])
                 and f" {question} " in f" {said(' '.join(lines[i:i + 6]))} "), 0)


def test_the_matcher_sees_through_case_spacing_punctuation_and_wrapping(asked):
    question, (_, _, written) = max(asked.items(), key=lambda item: len(item[0]))
    words = written.split()
    half = len(words) // 2
    wrapped = f'x = ("{" ".join(words[:half])} "\n     "{" ".join(words[half:]).upper()}")'
    assert question in copies_in(wrapped, asked)
    assert question in copies_in(f"# {written.rstrip('?.!')}, and who else?", asked)
    assert question not in copies_in(" ".join(words[:-1]), asked)  # cut short, it is not that question
    assert line_of(f"first line\n{wrapped}\n", question) == 2


def test_no_file_copies_an_evaluation_question(asked):
    files = searched_files()
    assert len(files) > 150, "tests/ and survivorgraph/ were not read"
    copies = []
    for path in files:
        name = path.relative_to(ROOT).as_posix()
        if name in RECORDED or name == Path(__file__).relative_to(ROOT).as_posix():
            continue
        text = path.read_text(errors="replace")
        for q in copies_in(text, asked):
            set_name, qid, written = asked[q]
            if name in PRODUCT_EXAMPLES and is_demo(set_name, qid):
                continue
            copies.append(f"{name}:{line_of(text, q)}: {set_name} {qid} {written!r}")
    assert copies == [], "evaluation questions copied word for word (reword them in the test's own words):\n" + \
        "\n".join(copies)


def test_the_exemptions_still_exist():
    assert all((ROOT / name).is_file() for name in RECORDED | PRODUCT_EXAMPLES)
