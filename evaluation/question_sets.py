"""The question sets: data files listed in evaluation/sets/index.yaml, built into questions with gold answers.

    question_sets() -> dict[str, QuestionSet]     # the index, in the order the sets were written
    find_set(name) -> QuestionSet                  # by name or former name; ValueError naming the choices
    build_question_set(g, name) -> list[Question]  # answers computed by the gold-answer functions on g

A line of a set names a gold-answer function and its arguments (evaluation/answers), so its answer is computed
from the survivoR tables each time and follows the data when survivoR changes; under a viewer scope
(evaluation.scoped.ScopedGoldData) the same questions are answered for that viewer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import yaml

from evaluation.data import GoldData
from evaluation.gold import CATEGORIES, Question, describe, make_question

SETS_DIR = Path(__file__).with_name("sets")
INDEX = SETS_DIR / "index.yaml"


@dataclass(frozen=True)
class QuestionSet:
    name: str
    file: Path
    purpose: str
    written: str
    was: str = ""  # its name before the sets were renamed, still accepted
    promises: dict = field(default_factory=dict)  # what tests/eval/test_question_sets.py holds a blind set to

    def lines(self) -> list[dict]:
        rows = [json.loads(line) for line in self.file.read_text().splitlines() if line.strip()]
        for n, row in enumerate(rows, 1):
            if not {"id", "category", "question"} <= set(row) or ("gold" in row) == ("parts" in row):
                raise ValueError(f"{self.file.name} line {n}: needs id, category, question and either gold (+ args) "
                                 "or parts")
            if row["category"] not in CATEGORIES:
                raise ValueError(f"{self.file.name} line {n}: unknown category {row['category']!r}")
        return rows


@cache
def question_sets() -> dict[str, QuestionSet]:
    entries = yaml.safe_load(INDEX.read_text())
    return {e["name"]: QuestionSet(e["name"], SETS_DIR / e["file"], e["purpose"], str(e["written"]), e.get("was", ""),
                                   e.get("promises") or {}) for e in entries}


def set_names() -> list[str]:
    return list(question_sets())


def find_set(name: str) -> QuestionSet:
    sets = question_sets()
    found = sets.get(name) or next((s for s in sets.values() if s.was and s.was == name), None)
    if found is None:
        raise ValueError(f"unknown question set {name!r}: choose from {', '.join(sets)}")
    return found


def build_question_set(g: GoldData, name: str = "gold") -> list[Question]:
    """The set's questions, their answers computed on g."""
    questions = []
    for row in find_set(name).lines():
        if "parts" in row:
            questions.append(Question(row["id"], row["category"], row["question"], row["parts"],
                                      answer=describe(row["parts"])))
        else:
            questions.append(make_question(g, row["id"], row["category"], row["question"], row["gold"],
                                           row.get("args") or {}))
    return questions
