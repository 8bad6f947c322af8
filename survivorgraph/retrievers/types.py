"""The one result type every retriever returns; the app, the CLI (`--json`) and the evaluation read it.

JSON shape (`RetrievalResult.to_dict()`), documented in docs/cli.md:
  mode, question, answer, answer_kind (generated | composed | extractive | abstained | no_model | error),
  evidence: {rows: [...], columns: [...], cypher: [CypherAttempt], chunks: [ChunkEvidence]},
  trace: [TraceStep], timings: {total_ms, llm_ms, db_ms}, usage: {llm_calls, prompt_tokens,
  completion_tokens}, llm_calls: [LLMCall], errors: [str], model, scope,
  support: {claims, unsupported: [str], retried, withheld} when a model's answer was checked (grounding.py)
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Literal

AnswerKind = Literal["generated", "composed", "extractive", "abstained", "no_model", "error"]
MODES = ("traditional", "graph", "agentic")


@dataclass
class CypherAttempt:
    """One query as it was run: generated, repaired or taken from the catalog."""

    cypher: str
    params: dict[str, Any] = field(default_factory=dict)
    stage: str = "generate"  # generate | auto_fix | repair | empty_retry | catalog | follow_up
    source: str = ""         # catalog query name, or "llm"
    error: str | None = None
    row_count: int = 0
    truncated: bool = False
    rewrites: list[str] = field(default_factory=list)
    fixes: list[str] = field(default_factory=list)   # schema corrections made without the model (auto_fix)
    elapsed_ms: float = 0.0
    grammar: bool = False  # written by the model under the schema's GBNF grammar (cypher.grammar)
    schema: str = ""       # the schema the model was shown: "full", or "pruned" to the question (cypher.pruning)


@dataclass
class ChunkEvidence:
    chunk_id: str
    text: str
    score: float
    title: str = ""
    season: int | None = None
    episode: int | None = None
    section: str = ""
    source: str = ""   # URL or table it came from
    license: str = ""


@dataclass
class TraceStep:
    name: str                      # e.g. "link entities", "route", "run catalog query", "critic"
    detail: dict[str, Any] = field(default_factory=dict)
    elapsed_ms: float = 0.0
    status: str = "ok"             # ok | error | skipped


@dataclass
class RetrievalResult:
    mode: str
    question: str
    answer: str = ""
    answer_kind: AnswerKind = "generated"
    rows: list[dict[str, Any]] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    cypher: list[CypherAttempt] = field(default_factory=list)
    chunks: list[ChunkEvidence] = field(default_factory=list)
    trace: list[TraceStep] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    llm_calls: list[dict[str, Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    model: str | None = None
    scope: str = "unrestricted"
    support: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.answer_kind != "error"

    @property
    def usage(self) -> dict[str, int]:
        return {"llm_calls": len(self.llm_calls),
                "prompt_tokens": sum(c.get("prompt_tokens", 0) for c in self.llm_calls),
                "completion_tokens": sum(c.get("completion_tokens", 0) for c in self.llm_calls),
                "cached_tokens": sum(c.get("cached_tokens", 0) for c in self.llm_calls)}

    def to_dict(self) -> dict[str, Any]:
        return {
            "mode": self.mode, "question": self.question, "answer": self.answer, "answer_kind": self.answer_kind,
            "evidence": {"rows": self.rows, "columns": self.columns,
                         "cypher": [asdict(c) for c in self.cypher], "chunks": [asdict(c) for c in self.chunks]},
            "trace": [asdict(t) for t in self.trace], "timings": self.timings, "usage": self.usage,
            "llm_calls": self.llm_calls, "errors": self.errors, "model": self.model, "scope": self.scope,
            "support": self.support,
        }

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), default=str, **kwargs)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RetrievalResult:
        """`to_dict()` (as the evaluation stored it) back into a result, for the renderers and the benchmarks; a
        field this code does not know yet is left out."""
        evidence = data.get("evidence") or {}
        return cls(
            mode=str(data.get("mode", "")), question=str(data.get("question", "")), answer=data.get("answer") or "",
            answer_kind=data.get("answer_kind") or "generated", rows=list(evidence.get("rows") or []),
            columns=list(evidence.get("columns") or []),
            cypher=[CypherAttempt(**{"cypher": "", **_known(CypherAttempt, c)}) for c in evidence.get("cypher") or []],
            chunks=[ChunkEvidence(**{"chunk_id": "", "text": "", "score": 0.0, **_known(ChunkEvidence, c)})
                    for c in evidence.get("chunks") or []],
            trace=[TraceStep(**{"name": "", **_known(TraceStep, t)}) for t in data.get("trace") or []],
            timings=dict(data.get("timings") or {}), llm_calls=list(data.get("llm_calls") or []),
            errors=[str(e) for e in data.get("errors") or []], model=data.get("model"),
            scope=data.get("scope") or "unrestricted", support=dict(data.get("support") or {}))


def _known(cls, data: Any) -> dict[str, Any]:
    """The items of `data` that are fields of the dataclass `cls`."""
    names = {f.name for f in fields(cls)}
    return {k: v for k, v in data.items() if k in names} if isinstance(data, dict) else {}
