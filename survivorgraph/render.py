"""Plain-text rendering of a result for the terminal: answer, evidence summary, and the cost line."""

from __future__ import annotations

from survivorgraph.retrievers.types import RetrievalResult

TITLES = {"traditional": "Traditional RAG", "graph": "Graph RAG (text-to-Cypher)", "agentic": "Agentic graph RAG"}


def cost_line(result: RetrievalResult) -> str:
    usage, t = result.usage, result.timings
    return (f"{t.get('total_ms', 0) / 1000:.2f} s total · LLM {t.get('llm_ms', 0) / 1000:.2f} s in "
            f"{usage['llm_calls']} calls ({usage['prompt_tokens']}+{usage['completion_tokens']} tokens) · "
            f"database {t.get('db_ms', 0) / 1000:.2f} s")


def render_result(result: RetrievalResult, max_rows: int = 8) -> str:
    scope = "" if result.scope == "unrestricted" else f" · {result.scope}"
    lines = [f"== {TITLES.get(result.mode, result.mode)} [{result.answer_kind}]{scope}", result.answer.strip(), ""]
    for attempt in result.cypher:
        status = f"error: {attempt.error}" if attempt.error else f"{attempt.row_count} rows"
        lines.append(f"-- Cypher ({attempt.stage}{', ' + attempt.source if attempt.source else ''}; {status})")
        lines.append(attempt.cypher.strip())
        if attempt.params:
            lines.append(f"   params: {attempt.params}")
    if result.rows:
        lines.append(f"-- rows ({len(result.rows)}):")
        lines += [f"   {row}" for row in result.rows[:max_rows]]
        if len(result.rows) > max_rows:
            lines.append(f"   … {len(result.rows) - max_rows} more")
    for i, chunk in enumerate(result.chunks, 1):
        lines.append(f"-- [{i}] score {chunk.score} · {chunk.source or chunk.title}")
    for error in result.errors:
        lines.append(f"!! {error}")
    lines.append(f"-- {cost_line(result)}")
    return "\n".join(lines) + "\n"
