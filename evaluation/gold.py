"""The gold question set: questions whose answers are computed from the survivoR tables by code.

A question stores its template name and parameters, so its answer is *recomputed* from the data at run time
(`recompute`) and stays right when the survivoR version changes; `evaluation/gold_questions.json` is a
snapshot for reading and for other tools (`python -m evaluation gold` rewrites it).

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
import random
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from evaluation.data import GoldData

CATEGORIES = ("single_fact", "aggregation", "multi_hop", "cross_entity", "temporal", "negation", "narrative",
              "unanswerable", "demo")
GOLD_FILE = Path(__file__).with_name("gold_questions.json")
# The question sets a run can use: the gold set (the default), the held-out set (evaluation.holdout) and the
# fresh set (evaluation.fresh), blind to the router after the other two had tuned it, the unseen set
# (evaluation.unseen), blind after all three, the novel set (evaluation.novel), blind after all four, the
# untried set (evaluation.untried), blind after all five, the unasked set (evaluation.unasked), blind after
# all six, the untouched set (evaluation.untouched), blind after all seven, the unheard set
# (evaluation.unheard), blind after all eight, the unposed set (evaluation.unposed), blind after all nine, the
# unvoiced set (evaluation.unvoiced), blind after all ten, the unspoken set (evaluation.unspoken), blind after
# all eleven, and the unraised set (evaluation.unraised), blind after all twelve.
QUESTION_SETS = {"gold": GOLD_FILE, "holdout": Path(__file__).with_name("holdout_questions.json"),
                 "fresh": Path(__file__).with_name("fresh_questions.json"),
                 "unseen": Path(__file__).with_name("unseen_questions.json"),
                 "novel": Path(__file__).with_name("novel_questions.json"),
                 "untried": Path(__file__).with_name("untried_questions.json"),
                 "unasked": Path(__file__).with_name("unasked_questions.json"),
                 "untouched": Path(__file__).with_name("untouched_questions.json"),
                 "unheard": Path(__file__).with_name("unheard_questions.json"),
                 "unposed": Path(__file__).with_name("unposed_questions.json"),
                 "unvoiced": Path(__file__).with_name("unvoiced_questions.json"),
                 "unspoken": Path(__file__).with_name("unspoken_questions.json"),
                 "unraised": Path(__file__).with_name("unraised_questions.json")}

Template = Callable[..., tuple[str, list[dict]]]
TEMPLATES: dict[str, tuple[str, Template]] = {}


def template(name: str, category: str):
    """Register a question template: fn(g: GoldData, **params) -> (question text, answer parts)."""
    assert category in CATEGORIES, category

    def register(fn: Template) -> Template:
        TEMPLATES[name] = (category, fn)
        return fn
    return register


@dataclass
class Question:
    id: str
    category: str
    question: str
    parts: list[dict]
    template: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    answer: str = ""  # the gold answer for people to read

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Question:
        return cls(**{k: d[k] for k in ("id", "category", "question", "parts") if k in d},
                   template=d.get("template", ""), params=d.get("params") or {}, answer=d.get("answer", ""))


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
def _load_templates() -> None:
    # they register templates
    from evaluation import (  # noqa: F401
        fresh,
        gold_facts,
        gold_multi,
        holdout,
        leaks,
        novel,
        unasked,
        unheard,
        unposed,
        unraised,
        unseen,
        unspoken,
        untouched,
        untried,
        unvoiced,
    )


def make_question(g: GoldData, qid: str, name: str, params: dict) -> Question:
    _load_templates()
    category, fn = TEMPLATES[name]
    if getattr(g, "viewer_scope", None) is not None:  # evaluation.scoped.ScopedGoldData
        from evaluation.scoped import scoped_answer

        full_text, full_parts = fn(g.full, **params)
        text, parts = scoped_answer(g, name, fn, params, full_text, _plain(full_parts))
    else:
        text, parts = fn(g, **params)
    return Question(qid, category, text, _plain(parts), name, _plain(dict(params)), describe(parts))


def _plain(value):
    """numpy scalars (from pandas) as plain Python values, so questions serialise to JSON."""
    def convert(o):
        if hasattr(o, "item"):
            return o.item()
        raise TypeError(f"{type(o).__name__} is not JSON serialisable")
    return json.loads(json.dumps(value, default=convert))


def build_gold_set(g: GoldData, seed: int = 7) -> list[Question]:
    """The whole set: each templates module plans (template, params) pairs from the data."""
    from evaluation import gold_facts, gold_multi

    rng = random.Random(seed)
    return build_planned(g, "", lambda data: gold_facts.plan(data, rng) + gold_multi.plan(data, rng))


def build_planned(g: GoldData, prefix: str, plan: Callable[[GoldData], list[tuple[str, dict]]]) -> list[Question]:
    """Questions for the (template, params) pairs plan(data) picks, with ids "<prefix>-<category>-NN" (without a
    prefix, "<category>-NN"). Under a viewer scope the plan sees the full data: the same questions, answered for
    that viewer."""
    _load_templates()
    questions, counters = [], {c: 0 for c in CATEGORIES}
    for name, params in plan(getattr(g, "full", g)):
        category = TEMPLATES[name][0]
        counters[category] += 1
        qid = f"{category}-{counters[category]:02d}"
        questions.append(make_question(g, f"{prefix}-{qid}" if prefix else qid, name, params))
    return questions


def build_question_set(g: GoldData, name: str = "gold") -> list[Question]:
    """One of QUESTION_SETS, generated from the data."""
    if name not in QUESTION_SETS:
        raise ValueError(f"unknown question set {name!r}: choose from {', '.join(QUESTION_SETS)}")
    if name == "holdout":
        from evaluation.holdout import build_holdout_set

        return build_holdout_set(g)
    if name == "fresh":
        from evaluation.fresh import build_fresh_set

        return build_fresh_set(g)
    if name == "unseen":
        from evaluation.unseen import build_unseen_set

        return build_unseen_set(g)
    if name == "novel":
        from evaluation.novel import build_novel_set

        return build_novel_set(g)
    if name == "untried":
        from evaluation.untried import build_untried_set

        return build_untried_set(g)
    if name == "unasked":
        from evaluation.unasked import build_unasked_set

        return build_unasked_set(g)
    if name == "untouched":
        from evaluation.untouched import build_untouched_set

        return build_untouched_set(g)
    if name == "unheard":
        from evaluation.unheard import build_unheard_set

        return build_unheard_set(g)
    if name == "unposed":
        from evaluation.unposed import build_unposed_set

        return build_unposed_set(g)
    if name == "unvoiced":
        from evaluation.unvoiced import build_unvoiced_set

        return build_unvoiced_set(g)
    if name == "unspoken":
        from evaluation.unspoken import build_unspoken_set

        return build_unspoken_set(g)
    if name == "unraised":
        from evaluation.unraised import build_unraised_set

        return build_unraised_set(g)
    return build_gold_set(g)


def recompute(g: GoldData, questions: list[Question]) -> list[Question]:
    """Fresh answers from the data for questions that name a template; others keep their stored answers."""
    _load_templates()
    fresh = []
    for q in questions:
        if q.template in TEMPLATES:
            new = make_question(g, q.id, q.template, q.params)
            new.question = q.question if q.question else new.question
            fresh.append(new)
        else:
            fresh.append(q)
    return fresh


def save(questions: list[Question], path: Path = GOLD_FILE, *, dataset_version: str = "") -> Path:
    payload = {"dataset_version": dataset_version, "count": len(questions),
               "categories": {c: sum(q.category == c for q in questions) for c in CATEGORIES},
               "questions": [q.to_dict() for q in questions]}
    path.write_text(json.dumps(payload, indent=1, ensure_ascii=False) + "\n")
    return path


def load(path: Path = GOLD_FILE) -> list[Question]:
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
