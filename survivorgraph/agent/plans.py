"""What the router works with: the slots of one question part, the plan it makes, and refs (a slot value
that another catalog query supplies)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from survivorgraph.agent.lexicon import Mention
from survivorgraph.agent.operations import InSet, Operation, kind_of, planned, with_ops

ABSTAIN = "abstain"  # a plan that says the data cannot answer the part


class Source(StrEnum):
    """Where a plan came from, for the code to act on; `reason` says it for people."""

    RULE = "rule"                # a deterministic rule (agent.rules)
    COMPLEMENT = "complement"    # a negated part read as a set difference (agent.complements)
    AGENT = "agent"              # the agent's own reading of a part that refers back to an earlier one
    NARRATIVE = "narrative"      # a story question: text search, no routing needed
    LLM_ROUTER = "llm router"    # the model chose the tool (or wrote Cypher when its choice did not check out)
    EXAMPLE = "example router"   # the nearest labelled examples' plan, clearly ahead (agent.example_router)
    TEXT_SEARCH = "text search"  # passages when nothing routed the part, or beside the model's route
    CRITIC = "critic"            # a follow-up lookup for a part the critic found uncovered
    LOOKUP = "lookup"            # a set or a timeline another plan reads

    @property
    def deterministic(self) -> bool:
        """Chosen without a model: a confident reading whose empty result is the data's answer."""
        return self in (Source.RULE, Source.COMPLEMENT, Source.AGENT, Source.NARRATIVE)


@dataclass
class Plan:
    tool: str                       # a catalog query name, "text_to_cypher" or "chunk_search"
    params: dict = field(default_factory=dict)
    reason: str = ""                # why, in words (the trace shows it)
    confidence: float = 1.0
    part: str = ""
    # What the plan does to its query's rows (how many / which day / first / last …: agent.operations), in the
    # order they apply: any iterable given is held in that order (agent.operations.planned)
    operations: tuple[Operation, ...] = ()
    unread: list[str] = field(default_factory=list)  # modifiers of the part the plan does not apply ("right after")
    source: Source = Source.LOOKUP

    def __setattr__(self, name, value):
        super().__setattr__(name, planned(value) if name == "operations" else value)

    def add(self, *ops: Operation) -> None:
        """More operations, each in its place."""
        self.operations = with_ops(self.operations, *ops)

    def put(self, op: Operation) -> None:
        """The operation, instead of any the plan has of its kind ("since s36" over a span the rule read)."""
        self.operations = (*(o for o in self.operations if kind_of(o) != kind_of(op)), op)

    def has(self, *kinds: type) -> bool:
        """Whether the plan does any operation of these types ("a pick", "a count")."""
        return any(isinstance(op, kinds) for op in self.operations)

    def first(self, kind: type) -> Operation | None:
        """The plan's first operation of this type, if any."""
        return next((op for op in self.operations if isinstance(op, kind)), None)

    def sets(self, keep: bool) -> list[dict]:
        """The other plans' sets its rows are kept to (keep) or left out of (not keep)."""
        return [op.spec for op in self.operations if isinstance(op, InSet) and op.keep == keep]


@dataclass
class Slots:
    """What the router knows about one part of the question."""

    text: str
    seasons: list[int]
    people: list[str]               # castaway_ids
    tribes: list[tuple[str, int]]   # (tribe name, season)
    mentions: list[Mention] = field(default_factory=list)  # the linked names in `text`, masked before the rules

    @property
    def season(self) -> int | None:
        return self.seasons[0] if len(self.seasons) == 1 else None

    @property
    def season_filter(self) -> dict:
        """{"season": n} when one season is named, else {}: the optional filter many queries take."""
        return {"season": self.season} if self.season else {}

    @property
    def person(self) -> str | None:
        return self.people[0] if len(self.people) == 1 else None

    def has(self, pattern: str) -> bool:
        return re.search(pattern, self.text, re.I) is not None


def Ref(query: str, params: dict, column: str, label: str, where: dict | None = None,  # noqa: N802
        pick: int | None = None, step: int = 0, extreme: dict | None = None) -> dict:
    """A slot value that another catalog query supplies: "the winner of season 27" is the castaway_id column of
    season_winner(season=27). The toolbox resolves it before the plan runs (no rows: the entity is not in the
    data). `pick` takes one of the values in the query's order ("Sandra's second win": 1; the last: -1).
    A plain dict, so plans with refs stay JSON in the trace."""
    ref = {"$ref": query, "params": params, "column": column, "label": label, "where": where or {}}
    if step:  # a number next to the one found: "the episode after" is its episode + 1
        ref["step"] = step
    if extreme:  # "the oldest player on s29": the rows at the top (or bottom) of a column
        ref["extreme"] = extreme
    return ref if pick is None else {**ref, "pick": pick}


def is_ref(value) -> bool:
    return isinstance(value, dict) and "$ref" in value
