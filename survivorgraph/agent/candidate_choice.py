"""The model picks one of the example router's candidate plans for a part, instead of reading the whole catalog.

The example router proposes up to five distinct plans, each already filled from the part's linked names and each
shown with the solved example question that proposed it (few-shot). The model's reply is constrained by a JSON
schema that is an `anyOf` of exactly those plans — each candidate's tool and params as constants — plus "write a
graph query" and "search the text": it can only produce a plan that the catalog's checks already passed, and
never an id or a season the question does not name. The prompt is a few hundred tokens, not the catalog's
descriptions of every query.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from survivorgraph.agent.example_router import MIN_CANDIDATE, Candidate
from survivorgraph.agent.examples import templated_text
from survivorgraph.agent.plans import Plan, Slots, Source
from survivorgraph.agent.tools import CHUNK_SEARCH, TEXT_TO_CYPHER

CHOOSER_SYSTEM = """You pick the plan that answers a question about the TV show Survivor.
Each option is a graph query with a solved question it answered. Pick the option whose solved question asks
for the same thing as the question: the same fact, count, list or ranking about the same kind of thing.
If no option asks for that, pick text_to_cypher. For a why/how story question pick chunk_search.
Reply with the option's JSON exactly."""

CHOOSER_USER = """Options:
{options}
Question: {question}
The question with its names as placeholders: {pattern}"""

# The two fallbacks every part has besides the candidates.
FALLBACKS = ((TEXT_TO_CYPHER, "none of the above: write a graph query"),
             (CHUNK_SEARCH, "a story (why/how): search the text"))


@dataclass(frozen=True)
class Option:
    """One reply the model may give: a plan's JSON, what it is, and the candidate it is (None: a fallback)."""

    plan: dict
    what: str
    candidate: Candidate | None = None


class CandidateChooser:
    """`top`: how many of the nearest candidates the model sees (1: it accepts the nearest or refuses it for the
    two fallbacks)."""

    def __init__(self, llm, catalog, tools: list[str], top: int = 5):
        self.llm = llm
        self.catalog = catalog
        self.tools = tools
        self.top = top

    def stable_prompt(self) -> list[dict[str, str]]:
        return [{"role": "system", "content": CHOOSER_SYSTEM}]

    def options(self, candidates: list[Candidate]) -> list[Option]:
        """Each candidate the catalog offers here at MIN_CANDIDATE or nearer, then the fallbacks available."""
        out: list[Option] = []
        for c in candidates:
            if len(out) == self.top or c.similarity < MIN_CANDIDATE:
                break  # best first: the rest are farther still
            # one option a plan: candidates apart only in their operations would be one constant of the schema
            if c.tool in self.catalog and c.tool in self.tools \
                    and not any(o.plan == {"tool": c.tool, "params": c.params} for o in out):
                out.append(Option({"tool": c.tool, "params": c.params},
                                  f'{self.catalog.get(c.tool).title}. Solved: "{c.example.text}"', c))
        return out + [Option({"tool": tool, "params": {}}, what) for tool, what in FALLBACKS if tool in self.tools]

    def schema(self, options: list[Option]) -> dict:
        """One branch per option, its tool and params constants: the reply is one of the options, whole."""
        return {"anyOf": [{"type": "object", "required": ["tool", "params"], "additionalProperties": False,
                           "properties": {"tool": {"const": o.plan["tool"]}, "params": {"const": o.plan["params"]}}}
                          for o in options]}

    def messages(self, question: str, pattern: str, options: list[Option]) -> list[dict[str, str]]:
        listed = "\n".join(f"- {json.dumps(o.plan)} - {o.what}" for o in options)
        user = CHOOSER_USER.format(options=listed, question=question, pattern=pattern)
        return [*self.stable_prompt(), {"role": "user", "content": user}]

    def pick(self, question: str, pattern: str, options: list[Option]) -> tuple[Option | None, str]:
        """The option the model replied with (None: its reply is none of them) and the reply."""
        reply = self.llm.complete(self.messages(question, pattern, options), json_schema=self.schema(options),
                                  max_tokens=120, label="choose plan")
        picked = reply.json() or {}
        chosen = next((o for o in options if picked.get("tool") == o.plan["tool"]
                       and picked.get("params") == o.plan["params"]), None)
        return chosen, reply.content

    def choose(self, slots: Slots, candidates: list[Candidate]) -> Plan:
        """The plan the model picked among the candidates (an unreadable reply: the nearest example's, said so)."""
        options = self.options(candidates)
        option, reply = self.pick(slots.text, templated_text(slots), options)
        if option is not None:
            return self._plan(option, slots, "the model picked it among the example router's "
                                             f"{len(candidates)} candidates")
        nearest = next((o for o in options if o.candidate is not None), options[0])
        return self._plan(nearest, slots, f"the model's reply {reply[:80]!r} is none of the candidates: "
                                          "the nearest example's plan")

    def _plan(self, option: Option, slots: Slots, why: str) -> Plan:
        tool = option.plan["tool"]
        if tool == TEXT_TO_CYPHER:
            return Plan(TEXT_TO_CYPHER, {"question": slots.text}, reason=f"{why}: none fits, writing Cypher",
                        part=slots.text, source=Source.LLM_ROUTER)
        if tool == CHUNK_SEARCH:
            return Plan(CHUNK_SEARCH, {"query": slots.text, "seasons": list(slots.seasons),
                                       "castaway_ids": list(slots.people)},
                        reason=f"{why}: a story, searching the text", part=slots.text, source=Source.LLM_ROUTER)
        chosen = option.candidate
        return Plan(tool, dict(option.plan["params"]), part=slots.text, source=Source.LLM_ROUTER,
                    operations=chosen.operations,
                    reason=f"{why}; its example '{chosen.example.text}', similarity {chosen.similarity:.2f}")
