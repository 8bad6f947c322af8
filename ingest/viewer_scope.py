"""A viewer's scope ("watched through season 44, episode 6") and the graph restricted to it.

The restricted graph holds only what had aired by then: entities and relationships whose `aired`
position is at or before the cutoff (a missing position is left out: fail closed), and none of the
properties known only later (a player's placement, a season's winner). Every query for that viewer —
catalog, LLM-written, entity linking — runs against it, so none, counts and aggregates included, can
reach past the viewer's point.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ingest.aired import HIDDEN_GROUPS
from survivorgraph.errors import ConfigError
from survivorgraph.graph.base import META_LABEL

_FORMS = (re.compile(r"s?(\d{1,2})\s*[:xe/ ]\s*e?(\d{1,2})", re.I),)


@dataclass(frozen=True)
class ViewerScope:
    season: int
    episode: int

    @classmethod
    def parse(cls, text: str) -> ViewerScope:
        """'44:6', 'S44E6', 's44e06', '44x6' -> ViewerScope(44, 6)."""
        raw = (text or "").strip()
        for form in _FORMS:
            m = form.fullmatch(raw)
            if m:
                season, episode = int(m.group(1)), int(m.group(2))
                if season >= 1 and episode >= 1:
                    return cls(season, episode)
        raise ConfigError(f"Watched point {text!r} is not SEASON:EPISODE (e.g. 44:6 or S44E6).")

    @property
    def cutoff(self) -> int:
        return self.season * 1000 + self.episode

    @property
    def label(self) -> str:
        return f"S{self.season:02d}E{self.episode:02d}"

    def describe(self) -> str:
        return f"watched through season {self.season}, episode {self.episode}"

    def allows(self, aired: Any) -> bool:
        return isinstance(aired, int) and aired <= self.cutoff


def describe_scope(scope: ViewerScope | None) -> str:
    return scope.describe() if scope is not None else "unrestricted"


def scoping_statements(scope: ViewerScope) -> list[tuple[str, dict[str, Any]]]:
    """Write statements that turn a copy of the full graph into the viewer's graph. Order matters:
    relationships first (one out of scope between two in-scope nodes goes), then nodes (taking their
    remaining relationships with them), then properties known only later."""
    c = {"cutoff": scope.cutoff}
    statements = [
        ("MATCH ()-[r]->() WHERE r.aired IS NULL OR r.aired > $cutoff DELETE r", c),
        (f"MATCH (n) WHERE NOT n:{META_LABEL} AND (n.aired IS NULL OR n.aired > $cutoff) DETACH DELETE n", c),
    ]
    for (owner, known_at), props in HIDDEN_GROUPS.items():
        cleared = ", ".join(f"x.{p} = NULL" for p in props)
        pattern = f"()-[x:{owner}]->()" if owner.isupper() else f"(x:{owner})"
        statements.append((f"MATCH {pattern} WHERE x.{known_at} IS NULL OR x.{known_at} > $cutoff SET {cleared}", c))
        # When a fact becomes known is itself a spoiler (when a player leaves): drop the marker too.
        statements.append((f"MATCH {pattern} SET x.{known_at} = NULL", {}))
    statements.append((f"MATCH (d:{META_LABEL}) SET d.viewer_scope = $label, d.cutoff = $cutoff",
                       {**c, "label": scope.describe()}))
    return statements
