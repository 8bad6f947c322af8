"""Comparison at a glance: per-strategy cost and evidence, and whether the answers agree.

Agreement is a heuristic, and labelled so on the page: each answer is reduced to its salient terms (numbers
and capitalised words, minus the question's own words and filler), and two answers agree by the share of
the smaller set found in the other (overlap coefficient). Answers that are errors or "no model" are not
compared.
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any

from survivorgraph.render import TITLES
from survivorgraph.retrievers.types import RetrievalResult

SHORT = {"traditional": "Traditional", "graph": "Graph", "agentic": "Agentic"}
AGREE, PARTLY = 0.6, 0.3
COMPARABLE = ("generated", "composed", "extractive", "abstained")
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.]*\w)")
_CAPITALISED = re.compile(r"\b[A-Z][\w'\u2019-]*[a-zA-Z]")
_FILLER = {
    "a", "an", "and", "answer", "based", "but", "data", "evidence", "from", "he", "her", "his", "however", "i", "in",
    "it", "no", "not", "of", "on", "or", "part", "passages", "rows", "she", "so", "survivor", "that", "the",
    "their", "there", "these", "they", "this", "to", "was", "were", "what", "when", "which", "who", "yes", "season",
    "seasons", "episode", "episodes", "model", "configured", "text", "sole", "tribal", "council", "us",
}


def salient_terms(text: str, question: str = "") -> set[str]:
    """Numbers and capitalised words of an answer, lower-cased, without the question's words and filler."""
    asked = {w.lower() for w in re.findall(r"[\w'\u2019-]+", question)}
    terms = {m.group(0) for m in _NUMBER.finditer(text)}
    terms |= {m.group(0).lower() for m in _CAPITALISED.finditer(text)}
    return {t for t in terms if t not in _FILLER and t not in asked}


def agreement(a: RetrievalResult, b: RetrievalResult) -> float | None:
    """Overlap coefficient of the two answers' salient terms; None when either cannot be compared."""
    if a.answer_kind not in COMPARABLE or b.answer_kind not in COMPARABLE:
        return None
    ta, tb = salient_terms(a.answer, a.question), salient_terms(b.answer, b.question)
    if not ta or not tb:
        return None
    return len(ta & tb) / min(len(ta), len(tb))


def verdict(score: float | None) -> str:
    if score is None:
        return "not comparable"
    if score >= AGREE:
        return "agree"
    if score >= PARTLY:
        return "partly agree"
    return "differ"


def pairwise(results: dict[str, RetrievalResult]) -> list[dict[str, Any]]:
    pairs = []
    for m1, m2 in combinations(results, 2):
        score = agreement(results[m1], results[m2])
        pairs.append({"pair": f"{SHORT.get(m1, m1)} \u2194 {SHORT.get(m2, m2)}", "overlap": score,
                      "verdict": verdict(score)})
    return pairs


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def evidence_count(result: RetrievalResult) -> str:
    bits = []
    if result.rows:
        bits.append(_count(len(result.rows), "row", "rows"))
    if result.chunks:
        bits.append(_count(len(result.chunks), "passage", "passages"))
    if result.cypher:
        bits.append(_count(len(result.cypher), "query", "queries"))
    return ", ".join(bits) or "none"


def summary_rows(results: dict[str, RetrievalResult]) -> list[dict[str, Any]]:
    """One row per strategy for the comparison table."""
    rows = []
    for mode, result in results.items():
        usage = result.usage
        others = [SHORT.get(m, m) for m, r in results.items()
                  if m != mode and verdict(agreement(result, r)) == "agree"]
        rows.append({
            "Strategy": TITLES.get(mode, mode),
            "Outcome": result.answer_kind,
            "Latency (s)": round(result.timings.get("total_ms", 0.0) / 1000, 2),
            "LLM calls": usage["llm_calls"],
            "Tokens": usage["prompt_tokens"] + usage["completion_tokens"],
            "Evidence": evidence_count(result),
            "Agrees with": ", ".join(others) or "\u2014",
        })
    return rows


def render_comparison(results: dict[str, RetrievalResult]) -> None:
    import streamlit as st

    with st.container(border=True, key="comparison"):
        st.markdown("**Comparison at a glance**")
        st.dataframe(summary_rows(results), hide_index=True, width="stretch")
        pairs = pairwise(results)
        if pairs:
            st.caption("Answer agreement (heuristic: shared names and numbers): " + " \u00b7 ".join(
                f"{p['pair']}: {p['verdict']}" + (f" ({p['overlap']:.0%})" if p["overlap"] is not None else "")
                for p in pairs))
