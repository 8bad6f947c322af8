"""Prompt texts. The system prompts form a stable prefix (instructions + schema) so llama.cpp's prompt
cache reuses it across questions; anything question-specific comes after it."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

CYPHER_RULES = """You translate questions about the TV show Survivor into one read-only Cypher query.
Rules:
- Use only the labels, relationship types, directions and properties in the schema below.
- A person is a Player (keyed by castaway_id); one appearance in one season is a PlayerSeason.
  Count people with Player, appearances with PlayerSeason. Find a person by name with
  `WHERE 'Name' IN p.aliases` on Player, or `ps.name = 'Full Name'` on PlayerSeason.
- Seasons are (:Season {{number}}); PlayerSeason, Episode and Tribe also carry `season` (a number).
- Use the allowed enum values exactly (e.g. exit_type 'medevac', scope 'individual').
- Return named columns (AS ...), order results, and add LIMIT 50 for lists.
- One statement. Never CREATE, MERGE, SET, DELETE, REMOVE, DROP, LOAD CSV or CALL.
- Reply with the Cypher only, no explanation."""
CYPHER_SYSTEM = CYPHER_RULES + """

Schema:
{schema}"""

# The pruned schema (cypher.pruning) travels with the question: it changes from question to question.
PRUNED_SCHEMA = """Schema (the part of it this question needs):
{schema}

"""

CYPHER_USER = """{schema}Examples:
{examples}
{hints}
Question: {question}
Cypher:"""

REPAIR_USER = """The query failed.
Query:
{cypher}
Error: {error}
Write a corrected query for the same question: {question}
Reply with the Cypher only."""

AVOID_NOTE = """
An earlier query for this question failed: {error}
Write a different query that avoids this.
"""

EMPTY_USER = """The query ran but returned no rows:
{cypher}
Maybe a name, value or relationship direction is wrong (check the enum values and use
`'Name' IN p.aliases` for people). Write a different query for: {question}
Reply with the Cypher only."""

ANSWER_SYSTEM = """You answer questions about the TV show Survivor using only the evidence given.
Be concise: one or two sentences, or a short list. Use the numbers and names exactly as they appear in
the evidence. If the evidence does not contain the answer, say that the data does not show it."""

ROWS_USER = """Question: {question}
Query used:
{cypher}
Result rows ({count}{truncated}):
{rows}
Answer:"""

CHUNKS_USER = """Question: {question}
Passages (cite them as [1], [2] ... with their season/episode):
{passages}
Answer only from the passages, with the number of the passage each fact comes from after it; if they do not \
contain the answer, say so.
Answer:"""


def format_rows(rows: Sequence[dict[str, Any]], limit: int = 25, max_chars: int = 2500) -> str:
    """Rows as compact JSON lines, bounded: a small model's context is precious."""
    lines: list[str] = []
    used = 0
    for row in rows[:limit]:
        line = json.dumps(row, default=str, ensure_ascii=False)
        if used + len(line) > max_chars:
            lines.append("…")
            break
        lines.append(line)
        used += len(line)
    if len(rows) > limit and lines[-1] != "…":
        lines.append(f"… ({len(rows) - limit} more rows)")
    return "\n".join(lines) if lines else "(no rows)"


def format_hints(lines: Sequence[str] | str) -> str:
    """The graph's own values for what the question names (from entity linking), or nothing."""
    if isinstance(lines, str):
        lines = [lines] if lines else []
    if not lines:
        return ""
    return "\nIn this graph, the question's names are:\n" + "\n".join(f"- {line}" for line in lines) + "\n"


def format_examples(examples: Sequence[dict[str, str]]) -> str:
    return "\n\n".join(f"Question: {ex['question']}\nCypher:\n{ex['cypher'].strip()}" for ex in examples)

AGENT_USER = """Question: {question}
Evidence, part by part:
{evidence}
Answer every part of the question from this evidence only; name people and numbers exactly as shown.
Answer:"""


AGENT_ROWS = 15        # rows shown per part
AGENT_LIST_ROWS = 3    # rows shown before the complete list of a longer one


def format_agent_evidence(items) -> str:
    """items: (part, source, rows, chunks) tuples, grouped per part: graph rows first, then the best
    passage cut to what the part asks (measured: a 1.5B model given a second passage often answered from
    it instead of the better first one)."""
    from survivorgraph.retrievers.answering import data_summary, format_passages, is_ranking

    parts: dict[str, list] = {}
    for part, source, rows, chunks in items:
        parts.setdefault(part, []).append((source, rows, chunks))
    blocks = []
    for i, (part, found) in enumerate(parts.items(), 1):
        lines = [f"Part {i}: {part}"]
        for source, rows, chunks in found:
            if len(rows) > AGENT_ROWS and not is_ranking(rows, part):
                # A long list: a few rows show its shape, the complete list follows in one line (measured:
                # shown only the first 15 rows of 36, the 1.5B model answered with those 15).
                lines.append(f"Rows from {source} (first {AGENT_LIST_ROWS} of {len(rows)}):\n"
                             f"{format_rows(rows, limit=AGENT_LIST_ROWS, max_chars=800)}\n"
                             f"Complete list: {data_summary(rows, question=part)}")
            elif rows:
                lines.append(f"Rows from {source}:\n{format_rows(rows, limit=AGENT_ROWS, max_chars=1500)}")
            elif chunks:
                lines.append(f"Passage:\n{format_passages(chunks[:1], part, max_chars=450)}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) or "(nothing found)"
