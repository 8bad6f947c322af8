"""Route a question part with the LLM: native tool-calling where the provider parses tool calls, else
schema-constrained JSON ({"tool": one of the tools, "params": {...}}). The choice is checked against the
catalog's declared parameters before anything runs; an invalid choice falls back to text-to-Cypher."""

from __future__ import annotations

from typing import Any

from survivorgraph.agent.plans import Plan, Source
from survivorgraph.agent.tools import CHUNK_SEARCH, TEXT_TO_CYPHER
from survivorgraph.errors import QueryParameterError

ROUTER_SYSTEM = """You choose the one tool that answers a question about the TV show Survivor.
{catalog}
- text_to_cypher(question) - anything the predefined queries cannot answer from the graph.
- chunk_search(query, seasons, castaway_ids) - narrative: why/how something happened, descriptions.
Use the castaway_id and season numbers given with the question. Reply with JSON: {{"tool": ..., "params": {{...}}}}."""

ROUTER_USER = """Known entities: {entities}
Question: {question}"""

EXTRA_TOOLS = [
    {"type": "function", "function": {
        "name": TEXT_TO_CYPHER, "description": "Write a Cypher query for questions no predefined query answers.",
        "parameters": {"type": "object", "properties": {"question": {"type": "string"}}, "required": ["question"]}}},
    {"type": "function", "function": {
        "name": CHUNK_SEARCH, "description": "Search narrative text: why/how something happened, descriptions.",
        "parameters": {"type": "object", "properties": {
            "query": {"type": "string"}, "seasons": {"type": "array", "items": {"type": "integer"}},
            "castaway_ids": {"type": "array", "items": {"type": "string"}}}, "required": ["query"]}}},
]


class LLMRouter:
    def __init__(self, llm, catalog, tools: list[str]):
        self.llm = llm
        self.catalog = catalog
        self.tools = tools
        names = [t for t in tools if t in catalog]
        self._system = ROUTER_SYSTEM.format(catalog=catalog.describe_for_llm(names, brief=True))
        self._schema = {"type": "object", "required": ["tool", "params"], "additionalProperties": False,
                        "properties": {"tool": {"type": "string", "enum": tools}, "params": {"type": "object"}}}
        self._tool_specs = catalog.tool_specs(names) + [t for t in EXTRA_TOOLS if t["function"]["name"] in tools]

    def stable_prompt(self) -> list[dict[str, str]]:
        return [{"role": "system", "content": self._system}]

    def route(self, question: str, entities: str) -> tuple[Plan, str]:
        """A checked plan and how it was chosen ("tool call" / "json")."""
        messages = [{"role": "system", "content": self._system},
                    {"role": "user", "content": ROUTER_USER.format(entities=entities or "none", question=question)}]
        if self.llm.supports_tools:
            reply = self.llm.complete(messages, tools=self._tool_specs, max_tokens=200, label="route")
            if reply.tool_calls:
                call = reply.tool_calls[0]
                return self._checked(call.name, call.arguments, question), "tool call"
        reply = self.llm.complete(messages, json_schema=self._schema, max_tokens=200, label="route")
        choice = reply.json() or {}
        return self._checked(str(choice.get("tool", "")), choice.get("params") or {}, question), "json"

    def _checked(self, tool: str, params: Any, question: str) -> Plan:
        params = params if isinstance(params, dict) else {}
        if tool == CHUNK_SEARCH and tool in self.tools:
            return Plan(CHUNK_SEARCH, {"query": params.get("query") or question,
                                       "seasons": _ints(params.get("seasons")),
                                       "castaway_ids": [str(c) for c in params.get("castaway_ids") or []]},
                        reason="LLM router", part=question, source=Source.LLM_ROUTER)
        if tool in self.catalog and tool in self.tools:
            try:
                self.catalog.get(tool).bind(params)
                return Plan(tool, params, reason="LLM router", part=question, source=Source.LLM_ROUTER)
            except QueryParameterError as exc:
                reason = f"LLM router chose {tool} with bad arguments ({exc}); writing Cypher instead"
        else:
            reason = f"LLM router chose {tool or 'nothing'}; writing Cypher instead"
        if TEXT_TO_CYPHER in self.tools:
            return Plan(TEXT_TO_CYPHER, {"question": question}, reason=reason, part=question,
                        source=Source.LLM_ROUTER)
        return Plan(CHUNK_SEARCH, {"query": question}, reason=reason, part=question, source=Source.LLM_ROUTER)


def _ints(values: Any) -> list[int]:
    out = []
    for value in values or []:
        try:
            out.append(int(value))
        except (TypeError, ValueError):
            continue
    return out


def grounded(plan: Plan, seasons: list[int], people: list[str], *, anyone_named: bool = True
             ) -> tuple[Plan | None, list[str]]:
    """The LLM's plan with its season and person arguments held to what the question names: a small model
    routing "the Jalapao tribe (season 18) … which season" to season 1 is corrected to the one season named, and
    an id the question does not name to its one person. When the question names no one (`anyone_named` false:
    no person, not even by a reference), a castaway id the model chose was made up — measured on the blind sets,
    it copied the catalog's example id (Rob Mariano's) into questions about others — and the plan is not run
    (None). Returns the plan and what was corrected."""
    chosen = [plan.params.get("castaway_id"), *(plan.params.get("castaway_ids") or [])]
    invented = [c for c in chosen if isinstance(c, str) and c not in people]
    if invented and not anyone_named:
        return None, [f"castaway id {', '.join(invented)} is named nowhere in the question"]
    fixed = []
    for name, allowed in (("season", seasons), ("castaway_id", people)):
        value = plan.params.get(name)
        if value is None or len(allowed) != 1 or value in allowed or str(value) == str(allowed[0]):
            continue
        plan.params[name] = allowed[0]
        fixed.append(f"{name} {value} -> {allowed[0]} (the one the question names)")
    if fixed:
        plan.reason += "; " + "; ".join(fixed)
    return plan, fixed
