"""The critic: does the evidence cover every part of the question? If not, which follow-up lookups?

The deterministic check is always made (a part with no rows and no chunks is not covered). With a model,
the LLM also judges parts that *have* evidence but may not answer them (wrong query, wrong entity),
as schema-constrained JSON so a small model's verdict stays parseable.
"""

from __future__ import annotations

from dataclasses import dataclass

from survivorgraph.agent.intents import is_narrative
from survivorgraph.agent.plans import Plan, Source
from survivorgraph.agent.tools import CHUNK_SEARCH, TEXT_TO_CYPHER, Evidence
from survivorgraph.retrievers import prompts

CRITIC_SYSTEM = """You check whether evidence answers a question about Survivor. Reply with JSON:
{"covered": true|false, "missing": "what is still needed, as a short question, or empty"}"""

CRITIC_USER = """Question part: {part}
Evidence ({kind}):
{evidence}"""

VERDICT = {"type": "object", "required": ["covered", "missing"], "additionalProperties": False,
           "properties": {"covered": {"type": "boolean"}, "missing": {"type": "string"}}}


@dataclass
class Verdict:
    part: str
    covered: bool
    missing: str = ""
    judged_by: str = "rule"   # rule | llm


def deterministic_verdicts(parts: list[str], evidence: list[Evidence]) -> list[Verdict]:
    verdicts = []
    for part in parts:
        mine = [e for e in evidence if e.part == part]
        # An entity the question names that the data lacks ("the season filmed in Antarctica") is an answer:
        # no follow-up lookup should dress a guess up as one.
        covered = any(not e.empty or e.absent for e in mine)
        verdicts.append(Verdict(part, covered, "" if covered else part))
    return verdicts


def llm_verdict(llm, part: str, evidence: list[Evidence]) -> Verdict:
    rows = [row for e in evidence if e.part == part for row in e.rows]
    chunks = [c for e in evidence if e.part == part for c in e.chunks]
    text = prompts.format_rows(rows, limit=10, max_chars=1200) if rows else "\n".join(
        c.text[:400] for c in chunks[:3])
    reply = llm.complete([{"role": "system", "content": CRITIC_SYSTEM},
                          {"role": "user", "content": CRITIC_USER.format(
                              part=part, kind="rows" if rows else "passages", evidence=text or "(none)")}],
                         json_schema=VERDICT, max_tokens=80, label="critic")
    verdict = reply.json() or {}
    covered = bool(verdict.get("covered", True))
    return Verdict(part, covered, str(verdict.get("missing") or "") if not covered else "", "llm")


def follow_up(verdict: Verdict, tried: set[str], tools: list[str], seasons: list[int],
              people: list[str]) -> Plan | None:
    """The next lookup for an uncovered part, never repeating a tool already tried for it."""
    question = verdict.missing or verdict.part
    order = [CHUNK_SEARCH, TEXT_TO_CYPHER] if is_narrative(verdict.part) else [TEXT_TO_CYPHER, CHUNK_SEARCH]
    for tool in order:
        if tool in tools and tool not in tried:
            params = ({"question": question} if tool == TEXT_TO_CYPHER else
                      {"query": question, "seasons": seasons, "castaway_ids": people})
            return Plan(tool, params, reason=f"critic follow-up ({verdict.judged_by}): {question}",
                        part=verdict.part, source=Source.CRITIC)
    return None
