"""The step-by-step trace, readable: what each step decided (links, routes, tools with parameters, critic
verdicts) rather than a JSON dump. Text from the data or the model is escaped before it reaches Markdown."""

from __future__ import annotations

import json
import re
from typing import Any

from survivorgraph.retrievers.progress import StepState
from survivorgraph.retrievers.types import CypherAttempt, RetrievalResult, TraceStep

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:])")
STATUS_ICON = {"ok": ":material/check:", "error": ":material/error:", "skipped": ":material/skip_next:",
               "running": ":material/pending:"}


def md_escape(value: Any) -> str:
    """Plain text for st.markdown: every Markdown-significant character escaped, newlines kept as spaces."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(str(value).split()))


def compact(value: Any, limit: int = 160) -> str:
    text = value if isinstance(value, str) else json.dumps(value, default=str, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def step_line(index: int, step: TraceStep | StepState) -> str:
    """One line for the column's status box: number, name, time (or "running"), outcome."""
    icon = STATUS_ICON.get(step.status, "")
    took = "running\u2026" if step.status == "running" else f"{step.elapsed_ms:.0f} ms"
    return f"{index}. {icon} {md_escape(step.name)} \u00b7 {took}"


def _catalog_attempts(result: RetrievalResult) -> dict[str, list[CypherAttempt]]:
    by_source: dict[str, list[CypherAttempt]] = {}
    for attempt in result.cypher:
        by_source.setdefault(attempt.source, []).append(attempt)
    return by_source


def render_trace(result: RetrievalResult) -> None:
    """Every step with what it decided; catalog tool steps show the Cypher they ran."""
    import streamlit as st

    if not result.trace:
        st.caption("No steps were recorded.")
        return
    attempts = _catalog_attempts(result)
    for index, step in enumerate(result.trace, 1):
        detail = dict(step.detail)
        with st.container(border=True):
            error = detail.pop("error", None)
            st.markdown("  \n".join([f"**{step_line(index, step)}**", *_describe(step.name, detail)]))
            if step.name.startswith("tool: "):
                tool = step.name.removeprefix("tool: ")
                queue = attempts.get(tool) or []
                if queue:
                    attempt = queue.pop(0)
                    st.code(attempt.cypher.strip(), language="cypher")
            if error:
                st.error(str(error))


def _describe(name: str, d: dict[str, Any]) -> list[str]:
    if name == "link entities":
        lines = [f"Rewritten question: {md_escape(d.get('rewritten', ''))}"]
        if d.get("links"):
            lines.append("Linked: " + "; ".join(md_escape(link) for link in d["links"]))
        if d.get("ambiguous"):
            lines.append("Ambiguous: " + ", ".join(md_escape(a) for a in d["ambiguous"]))
        if d.get("unresolved"):
            lines.append("Not in the data: " + ", ".join(md_escape(u) for u in d["unresolved"]))
        return lines
    if name == "split into parts":
        return [f"Part {i}: {md_escape(p)}" for i, p in enumerate(d.get("parts", []), 1)]
    if name == "route":
        lines = [f"Part: {md_escape(d.get('part', ''))}"]
        if d.get("tool"):
            lines.append(f"Tool: **{md_escape(d['tool'])}** with {md_escape(compact(d.get('params', {})))}")
        if d.get("how"):
            lines.append(f"How: {md_escape(d['how'])}")
        if d.get("entities"):
            lines.append(f"Entities: {md_escape(d['entities'])}")
        return lines
    if name.startswith("tool: "):
        lines = [f"Parameters: {md_escape(compact(d.get('params', {})))}",
                 f"Found: {d.get('rows', 0)} rows, {d.get('chunks', 0)} passages"]
        if d.get("reason"):
            lines.append(f"Why: {md_escape(d['reason'])}")
        return lines
    if name.startswith("critic"):
        lines = []
        for v in d.get("verdicts", []):
            state = "covered" if v.get("covered") else f"missing: {md_escape(v.get('missing', ''))}"
            lines.append(f"{md_escape(v.get('part', ''))} \u2192 {state} (judged by {md_escape(v.get('by', ''))})")
        return lines or ["No verdicts."]
    return [f"{md_escape(k.replace('_', ' '))}: {md_escape(compact(v))}" for k, v in d.items()]
