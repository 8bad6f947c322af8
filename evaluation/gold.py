"""Questions with gold answers computed from the survivoR tables by code: the question type, the answer parts, the
registry of gold-answer functions and reading/writing question files.

A question names its gold-answer function (evaluation/answers) and arguments, so its answer is *recomputed* from
the data at run time (`recompute`) and stays right when the survivoR version changes. The sets themselves are data
(evaluation/sets, built by evaluation.question_sets); `python -m evaluation gold --set NAME` writes one with its
answers for reading and for other tools.

Answer parts (all must match for a question to count as correct):
  entity    {"ids", "names"}  one person; any of `ids` when several tie
  entities  {"ids", "names"}  a set of people, scored by precision / recall
  number    {"values"}        any of the values (e.g. two definitions of a count)
  season    {"values"}        one season number (any of)
  seasons   {"values"}        a set of seasons, precision / recall
  phrase    {"values"}        any of these phrases (a place, a tribe, a vote like 5-2-1)
  phrases   {"values"}        all of these phrases (recall)
  facts     {"groups", "support"}  narrative: keyword groups (any word of a group counts) and where the
                              supporting passage is (season, episode)
  abstain   {}                the data cannot answer: the right answer says so
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from evaluation.data import GoldData

CATEGORIES = ("single_fact", "aggregation", "multi_hop", "cross_entity", "temporal", "negation", "narrative",
              "unanswerable", "demo")

GoldAnswer = Callable[..., list[dict]]
GOLD_ANSWERS: dict[str, GoldAnswer] = {}


def gold_answer(name: str):
    """Register a gold-answer function: fn(g: GoldData, **args) -> answer parts, computed from the tables."""
    def register(fn: GoldAnswer) -> GoldAnswer:
        assert name not in GOLD_ANSWERS or GOLD_ANSWERS[name] is fn, f"gold answer {name!r} registered twice"
        GOLD_ANSWERS[name] = fn
        return fn
    return register


@dataclass
class Question:
    id: str
    category: str
    question: str
    parts: list[dict]
    gold: str = ""  # the gold-answer function that computes `parts` from the data
    args: dict[str, Any] = field(default_factory=dict)
    answer: str = ""  # the gold answer for people to read

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Question:
        # "template"/"params": the keys of question files written before the gold answers were functions
        return cls(**{k: d[k] for k in ("id", "category", "question", "parts") if k in d},
                   gold=d.get("gold") or d.get("template", ""), args=d.get("args") or d.get("params") or {},
                   answer=d.get("answer", ""))


# -- answer parts ----------------------------------------------------------------------------------------
def entity(g: GoldData, ids: Iterable[str]) -> dict:
    ids = list(dict.fromkeys(ids))
    return {"type": "entity", "ids": ids, "names": g.names(ids)}


def entities(g: GoldData, ids: Iterable[str]) -> dict:
    ids = list(dict.fromkeys(ids))
    return {"type": "entities", "ids": ids, "names": g.names(ids)}


def number(*values) -> dict:
    return {"type": "number", "values": list(dict.fromkeys(_plain_number(v) for v in values))}


def season(*values) -> dict:
    return {"type": "season", "values": [int(v) for v in values]}


def seasons(values: Iterable[int]) -> dict:
    return {"type": "seasons", "values": sorted({int(v) for v in values})}


def phrase(*values: str) -> dict:
    return {"type": "phrase", "values": list(dict.fromkeys(str(v) for v in values if v))}


def phrases(values: Iterable[str]) -> dict:
    return {"type": "phrases", "values": list(dict.fromkeys(str(v) for v in values if v))}


def facts(groups: list[list[str]], support: dict | None = None) -> dict:
    return {"type": "facts", "groups": [list(dict.fromkeys(g)) for g in groups if g], "support": support or {}}


def abstain() -> dict:
    return {"type": "abstain"}


def _plain_number(v) -> int | float:
    f = float(v)
    return int(f) if f.is_integer() else f


def describe(parts: list[dict]) -> str:
    """The gold answer in words, for the JSON file and the report."""
    out = []
    for p in parts:
        kind = p["type"]
        if kind in ("entity", "entities"):
            names = p["names"]
            out.append((" or " if kind == "entity" else ", ").join(names) if len(names) <= 12
                       else ", ".join(names[:12]) + f" … ({len(names)} people)")
        elif kind in ("number", "season", "phrase"):
            out.append(" or ".join(str(v) for v in p["values"]))
        elif kind in ("seasons", "phrases"):
            out.append(", ".join(str(v) for v in p["values"]))
        elif kind == "facts":
            out.append("key facts: " + "; ".join("/".join(g) for g in p["groups"]))
        elif p.get("beyond_scope"):
            out.append(f"(beyond the viewer's point: {p.get('reason')}; abstain)")
        else:
            out.append("(the data cannot answer this: abstain)")
    return " | ".join(out)


# -- building --------------------------------------------------------------------------------------------
def load_gold_answers() -> None:
    """Import the library of gold-answer functions (importing registers them)."""
    import evaluation.answers  # noqa: F401


def make_question(g: GoldData, qid: str, category: str, text: str, gold: str, args: dict) -> Question:
    """The question with its answer parts computed by the gold-answer function `gold` on g (for g's viewer scope,
    when it has one)."""
    load_gold_answers()
    if gold not in GOLD_ANSWERS:
        raise ValueError(f"question {qid}: no gold-answer function {gold!r} (evaluation/answers)")
    assert category in CATEGORIES, (qid, category)
    fn = GOLD_ANSWERS[gold]
    if getattr(g, "viewer_scope", None) is not None:  # evaluation.scoped.ScopedGoldData
        from evaluation.scoped import scoped_answer

        parts = scoped_answer(g, gold, fn, args, _plain(fn(g.full, **args)))
    else:
        parts = fn(g, **args)
    return Question(qid, category, text, _plain(parts), gold, _plain(dict(args)), describe(parts))


def _plain(value):
    """numpy scalars (from pandas) as plain Python values, so questions serialise to JSON."""
    def convert(o):
        if hasattr(o, "item"):
            return o.item()
        raise TypeError(f"{type(o).__name__} is not JSON serialisable")
    return json.loads(json.dumps(value, default=convert))


def recompute(g: GoldData, questions: list[Question]) -> list[Question]:
    """Fresh answers from the data for questions that name a gold-answer function; others keep their stored
    answers."""
    load_gold_answers()
    return [make_question(g, q.id, q.category, q.question, q.gold, q.args) if q.gold in GOLD_ANSWERS else q
            for q in questions]


def save(questions: list[Question], path: Path, *, dataset_version: str = "") -> Path:
    payload = {"dataset_version": dataset_version, "count": len(questions),
               "categories": {c: sum(q.category == c for q in questions) for c in CATEGORIES},
               "questions": [q.to_dict() for q in questions]}
    path.write_text(json.dumps(payload, indent=1, ensure_ascii=False) + "\n")
    return path


def load(path: Path) -> list[Question]:
    """A question file: this module's JSON, or a JSON/JSONL list of {id?, category?, question, parts?}."""
    text = Path(path).read_text()
    if path.suffix == ".jsonl":
        items = [json.loads(line) for line in text.splitlines() if line.strip()]
    else:
        data = json.loads(text)
        items = data["questions"] if isinstance(data, dict) else data
    out = []
    for i, item in enumerate(items, 1):
        if isinstance(item, str):
            item = {"question": item}
        item.setdefault("id", f"q-{i:03d}")
        item.setdefault("category", "uncategorised")
        item.setdefault("parts", [])
        out.append(Question.from_dict(item))
    return out


def filter_questions(questions: list[Question], categories: list[str] | None = None,
                     limit: int | None = None) -> list[Question]:
    if categories:
        questions = [q for q in questions if q.category in categories]
    if limit is not None:
        # Spread a limit over the categories (round robin), so --limit 10 still samples every kind.
        by_cat: dict[str, list[Question]] = {}
        for q in questions:
            by_cat.setdefault(q.category, []).append(q)
        picked: list[Question] = []
        while len(picked) < min(limit, len(questions)):
            for cat in list(by_cat):
                if by_cat[cat] and len(picked) < limit:
                    picked.append(by_cat[cat].pop(0))
        order = {q.id: i for i, q in enumerate(questions)}
        questions = sorted(picked, key=lambda q: order[q.id])
    return questions
