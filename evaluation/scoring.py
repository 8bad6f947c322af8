"""Scores one result against one gold question: answer correctness, evidence support, abstention,
generated-Cypher execution, cost.

Short-answer extraction: the answer text without the no-model preamble and without the question parts the
extractive answers echo; numbers are read from its head (the first SHORT_ANSWER_CHARS characters), so a long
dump of rows does not score by containing every number. Correctness per answer part:
  entity    the first person named (not counting people named in the question) is the gold one
  entities  precision / recall of the people named; correct when recall >= LIST_MIN and precision >= LIST_MIN
            or at most IN_PASSING extra names, under half the list (whom the jurors voted for, said beside
            the jurors): a list missing a fifth of its names or a superset (every three-time player for
            "without winning") is wrong
  number    a gold value among the numbers of the head (one echo of each question number removed)
  season    the first season named (after removing the question's own) is the gold one
  seasons   precision / recall like entities
  phrase    any alternative appears; phrases: recall >= LIST_MIN
  facts     at least FACTS_MIN of the keyword groups appear
  abstain   the result abstained (answer_kind) or its text says the data cannot answer
A question is correct when every part is. An answerable question answered with an abstention or an error
is wrong.
"""

from __future__ import annotations

import math
import re
from dataclasses import asdict, dataclass, field
from typing import Any

from evaluation.gold import Question
from evaluation.matching import (
    Matcher,
    contains_phrase,
    contains_prefix,
    numbers_in,
    without_first,
)
from survivorgraph.retrievers.cited_facts import own_words
from survivorgraph.retrievers.claims import Evidence, unsupported_claims
from survivorgraph.retrievers.grounding import shown_as_fact

SHORT_ANSWER_CHARS = 300
LIST_MIN = 0.8
IN_PASSING = 2
FACTS_MIN = 0.5
SUPPORT_MIN = 0.8
ABSTAIN = re.compile(
    r"does not (show|contain|have|include|say|mention)|doesn't (show|contain|have|include|say|mention)|"
    r"do not (show|contain|have|know)|don't (show|contain|have|know)|cannot (answer|be answered|determine|find)|"
    r"can't (answer|determine|find|tell)|unable to|no (information|data|record|rows|evidence|such|season \d+)|"
    r"not (in|available in|found in|part of) the (data|graph|evidence|passages|dataset)|not (available|known|found)|"
    r"has not (aired|happened|been)|hasn't (aired|happened)|not yet|future|never (played|competed|appeared|been on)|"
    r"is not a (contestant|castaway|player)|there (is|was|are|were) no\b|the data has no|no tool found|"
    r"beyond (what you have watched|your watched point|the viewer's point)", re.I)
PREAMBLES = ("No model is configured; the evidence, part by part:", "The evidence, part by part:",
             "No model is configured, so these are the best-matching passages:")


@dataclass
class Score:
    applicable: bool = True          # False: the mode could not run (no model)
    correct: bool | None = None      # None for retrieval baselines (no answer)
    supported: bool | None = None    # None for unanswerable questions
    support: float | None = None     # fraction of gold facts found in rows / chunks
    abstained: bool = False
    error: bool = False
    precision: float | None = None
    recall: float | None = None
    parts: list[dict] = field(default_factory=list)
    cypher_generated: int = 0        # attempts written by the LLM
    cypher_first_ok: bool | None = None
    cypher_final_ok: bool | None = None
    catalog_queries: int = 0
    answer_supported: bool | None = None  # every number and name of a model's answer is in its evidence
    withheld: bool | None = None          # the product withheld the model's answer as unsupported
    latency_ms: float = 0.0
    llm_calls: int = 0
    tokens: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


_NUMBER_LIST = re.compile(r"\b\d{1,2}(?:\s*(?:,|, and|and|&)\s*\d{1,2}\b)+")


def season_list_in(text: str) -> list[int]:
    """The numbers of every run of two or more comma/and-separated numbers ("1, 3, 4 and 5")."""
    return [int(n) for m in _NUMBER_LIST.finditer(text) for n in re.findall(r"\d{1,2}", m.group(0))]


def short_answer(answer: str, question: str) -> str:
    text = answer or ""
    for pre in PREAMBLES:
        text = text.replace(pre, "")
    q = question.lower()
    kept = [line for line in text.splitlines()
            if not (line.rstrip().endswith(":") and line.rstrip(": ").lower() in q)]
    return "\n".join(kept).strip()


def is_abstention(result: dict) -> bool:
    if result.get("answer_kind") == "abstained":
        return True
    if result.get("answer_kind") in ("composed", "extractive", "error", "no_model"):
        return False
    # the passages quoted under an answer are evidence, not the model saying it has none ("had not found the idol")
    return bool(ABSTAIN.search(own_words(result.get("answer") or "")))


class Scorer:
    def __init__(self, matcher: Matcher):
        self.m = matcher

    # -- the whole result ------------------------------------------------------------------------
    def score(self, q: Question, result: dict, *, answers: bool = True) -> Score:
        """`result` is RetrievalResult.to_dict() (or a baseline's {"chunks": [...]}); answers=False scores
        evidence only (retrieval baselines)."""
        s = Score(latency_ms=float((result.get("timings") or {}).get("total_ms", 0.0)),
                  llm_calls=int((result.get("usage") or {}).get("llm_calls", 0)),
                  tokens=int((result.get("usage") or {}).get("prompt_tokens", 0))
                  + int((result.get("usage") or {}).get("completion_tokens", 0)))
        self._cypher(result, s)
        self._answer_support(result, s)
        kind = result.get("answer_kind")
        if kind == "no_model":
            s.applicable = False
            return s
        s.error = kind == "error"
        s.abstained = is_abstention(result) if answers else False
        gold_parts = q.parts or []
        evidence = self._evidence_text(result)
        unanswerable = any(p["type"] == "abstain" for p in gold_parts)
        if gold_parts and not unanswerable:
            supports = [self._support(p, result, evidence) for p in gold_parts]
            s.support = round(min(supports), 3)
            s.supported = s.support >= SUPPORT_MIN
        if not answers or not gold_parts:
            return s
        if unanswerable:
            s.correct = s.abstained
            hidden = [h for p in gold_parts if p.get("beyond_scope") for h in p.get("hidden") or []]
            if hidden:  # beyond the viewer's point: an answer that gives the real answer away is wrong
                leaks = self._leaks(hidden, short_answer(result.get("answer") or "", q.question), q.question)
                s.parts = [{"type": "abstain", "ok": s.abstained and not leaks, "leaked": leaks}]
                s.correct = s.abstained and not leaks
            return s
        text = short_answer(result.get("answer") or "", q.question)
        several = sum(p["type"] == "entity" for p in gold_parts) > 1  # "who did Soda vote for? and Tevin?"
        parts = [self._part(p, text, q.question, several) for p in gold_parts]
        s.parts = parts
        lists = [p for p in parts if p.get("precision") is not None]
        if lists:
            s.precision = round(sum(p["precision"] for p in lists) / len(lists), 3)
            s.recall = round(sum(p["recall"] for p in lists) / len(lists), 3)
        s.correct = not s.error and not s.abstained and all(p["ok"] for p in parts)
        return s

    def _leaks(self, hidden: list[dict], text: str, question: str) -> list[str]:
        """The out-of-scope answer's people and phrases that an answer names (beyond those in the question)."""
        out: list[str] = []
        asked = self.m.person_ids(question)
        named = self.m.person_ids(text) - asked
        for part in hidden:
            if part["type"] in ("entity", "entities"):
                out += sorted(set(part["ids"]) & named)
            elif part["type"] in ("phrase", "phrases"):
                out += [v for v in part["values"] if contains_phrase(text, v) and not contains_phrase(question, v)]
        return out

    @staticmethod
    def _answer_support(result: dict, s: Score) -> None:
        """Answer support (precision of the shown answer): checked on every answer a model took part in, by the
        product's claim checker, so runs made before the product checked its answers are measured the same way."""
        if not result.get("model") or result.get("answer_kind") not in ("generated", "extractive") or \
                not (result.get("usage") or {}).get("llm_calls"):
            return
        # the passages quoted under the answer are copied from the evidence, not claims of the model
        s.answer_supported = not unsupported_claims(own_words(shown_as_fact(result.get("answer") or "")),
                                                    Evidence.of_result(result))
        s.withheld = bool((result.get("support") or {}).get("withheld"))

    @staticmethod
    def _cypher(result: dict, s: Score) -> None:
        attempts = (result.get("evidence") or {}).get("cypher") or []
        generated = [a for a in attempts if a.get("source") == "llm"]
        s.catalog_queries = sum(a.get("source") not in ("llm", "") for a in attempts)
        s.cypher_generated = len(generated)
        if generated:
            s.cypher_first_ok = generated[0].get("error") is None
            s.cypher_final_ok = any(a.get("error") is None for a in generated)

    # -- answer parts ------------------------------------------------------------------------------
    def _part(self, part: dict, text: str, question: str, several: bool = False) -> dict:
        kind = part["type"]
        if kind in ("entity", "entities"):
            gold = set(part["ids"])
            echoed = self.m.person_ids(question) - gold
            mentions = [m for m in self.m.people_in(text) if not (m.ids <= echoed)]
            if kind == "entity" and several:  # one person per asked part: each is named, in some order
                named = {i for m in mentions for i in m.ids}
                return {"type": kind, "ok": bool(named & gold), "found": sorted(named & gold)}
            if kind == "entity":
                first = mentions[0].ids if mentions else frozenset()
                return {"type": kind, "ok": bool(first & gold), "found": sorted(first)}
            return self._set_part(kind, gold, {i for m in mentions for i in m.ids})
        if kind == "number":
            head = without_first(numbers_in(text[:SHORT_ANSWER_CHARS]), numbers_in(question))
            gold = {float(v) for v in part["values"]}
            # a long float printed with fewer digits (20977142.8571429 for 20977142.85714286) is the same number
            ok = any(math.isclose(g, h, rel_tol=1e-9) for g in gold for h in head)
            return {"type": kind, "ok": ok, "found": head[:8]}
        if kind in ("season", "seasons"):
            named = without_first(self.m.seasons_in(text), [s for s in self.m.seasons_in(question)
                                                            if s not in part["values"] or kind == "season"])
            if kind == "season":
                return {"type": kind, "ok": bool(named) and named[0] in part["values"], "found": named[:5]}
            if len(set(named)) < len(part["values"]) / 2:
                # "Which seasons …?" answered "The seasons that … were 1, 3, 4 and 5": a bare list of numbers
                # is the answer a reader accepts; precision still counts every number in it
                named = named + season_list_in(text)
            return self._set_part(kind, set(part["values"]), set(named))
        if kind == "phrase":
            return {"type": kind, "ok": any(contains_phrase(text, v) for v in part["values"])}
        if kind == "phrases":
            hits = [v for v in part["values"] if contains_phrase(text, v)]
            recall = len(hits) / max(1, len(part["values"]))
            return {"type": kind, "ok": recall >= LIST_MIN, "precision": None, "recall": round(recall, 3)}
        if kind == "facts":
            share = self._facts_share(part["groups"], text)
            return {"type": kind, "ok": share >= FACTS_MIN, "share": round(share, 3)}
        return {"type": kind, "ok": False}

    @staticmethod
    def _set_part(kind: str, gold: set, found: set) -> dict:
        hit = len(gold & found)
        precision = hit / len(found) if found else 0.0
        recall = hit / len(gold) if gold else 1.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        extra = len(found - gold)
        in_passing = extra <= IN_PASSING and extra < len(gold) / 2
        return {"type": kind, "ok": recall >= LIST_MIN and (precision >= LIST_MIN or in_passing),
                "precision": round(precision, 3), "recall": round(recall, 3), "f1": round(f1, 3),
                "missing": sorted(gold - found)[:10], "extra": sorted(found - gold)[:10]}

    @staticmethod
    def _facts_share(groups: list[list[str]], text: str) -> float:
        if not groups:
            return 0.0
        return sum(any(contains_prefix(text, w) for w in group) for group in groups) / len(groups)

    # -- evidence ------------------------------------------------------------------------------------
    @staticmethod
    def _evidence_text(result: dict) -> str:
        ev = result.get("evidence") or result
        rows = ev.get("rows") or []
        lines = ["; ".join(f"{k}: {_flat(v)}" for k, v in row.items()) for row in rows]
        lines += [c.get("text", "") for c in ev.get("chunks") or []]
        return "\n".join(lines)

    def _support(self, part: dict, result: dict, text: str) -> float:
        ev = result.get("evidence") or result
        rows, chunks = ev.get("rows") or [], ev.get("chunks") or []
        kind = part["type"]
        if kind in ("entity", "entities"):
            found = self.m.person_ids(text)
            gold = set(part["ids"])
            if kind == "entity":
                return 1.0 if gold & found else 0.0
            return len(gold & found) / max(1, len(gold))
        if kind == "number":
            values = set(numbers_in(text)) | {float(v) for r in rows for v in _numbers(r)}
            truncated = any(c.get("truncated") for c in ev.get("cypher") or [])
            if rows and not truncated:
                values.add(float(len(rows)))
            return 1.0 if values & {float(v) for v in part["values"]} else 0.0
        if kind in ("season", "seasons"):
            found = set(self.m.seasons_in(text)) | {c.get("season") for c in chunks}
            found |= {int(v) for r in rows for k, v in r.items() if "season" in k for v in _listify(v)
                      if isinstance(v, (int, float)) and not isinstance(v, bool)}
            gold = set(part["values"])
            share = len(gold & found) / max(1, len(gold))
            return share if kind == "seasons" else float(share > 0)
        if kind == "phrase":
            return 1.0 if any(contains_phrase(text, v) for v in part["values"]) else 0.0
        if kind == "phrases":
            return sum(contains_phrase(text, v) for v in part["values"]) / max(1, len(part["values"]))
        if kind == "facts":
            where = part.get("support") or {}
            if any(c.get("season") == where.get("season") and c.get("episode") == where.get("episode")
                   for c in chunks if where):
                return 1.0
            return 1.0 if self._facts_share(part["groups"], text) >= FACTS_MIN else 0.0
        return 0.0


def _listify(v):
    return v if isinstance(v, list) else [v]


def _flat(v) -> str:
    return ", ".join(str(x) for x in v) if isinstance(v, list) else str(v)


def _numbers(row: dict):
    for v in row.values():
        for x in _listify(v):
            if isinstance(x, (int, float)) and not isinstance(x, bool):
                yield x
