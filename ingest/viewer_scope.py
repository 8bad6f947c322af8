"""A viewer's scope ("watched through season 44, episode 6") and the graph restricted to it.

The restricted graph holds only what had aired by then: entities and relationships whose `aired`
position is at or before the cutoff (a missing position is left out: fail closed), and of their properties
only what the classification table (ingest.property_classes) allows at the cutoff: nothing known only later
(a player's placement, a season's winner or scores), a person's names as they were then, and nothing the
table does not list. Every query for that viewer —
catalog, LLM-written, entity linking — runs against it, so none, counts and aggregates included, can
reach past the viewer's point.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ingest.property_classes import AIRED, KNOWN_AT, META, NAME, PROPERTY_CLASSES, is_relationship, props_of
from survivorgraph.errors import ConfigError
from survivorgraph.graph.base import META_LABEL

_FORMS = (re.compile(r"s?(\d{1,2})\s*[:xe/ ]\s*e?(\d{1,2})", re.I),)
EXPECTED_FORM = "S:E, e.g. 44:6 (season 44, episode 6; S44E6 works too)"


@dataclass(frozen=True)
class ViewerScope:
    season: int
    episode: int

    def __post_init__(self):
        # A scope that cannot be read must stop the question, never widen it to everything (fail closed).
        for part in (self.season, self.episode):
            if isinstance(part, bool) or not isinstance(part, int) or part < 1:
                raise ConfigError(f"Watched point season {self.season!r}, episode {self.episode!r} is not a "
                                  f"season and episode from 1 up: give {EXPECTED_FORM}.")

    @classmethod
    def parse(cls, text: str) -> ViewerScope:
        """'44:6', 'S44E6', 's44e06', '44x6' -> ViewerScope(44, 6); anything else (empty included) is an error."""
        raw = text.strip() if isinstance(text, str) else ""
        for form in _FORMS:
            m = form.fullmatch(raw)
            if m:
                season, episode = int(m.group(1)), int(m.group(2))
                if season >= 1 and episode >= 1:
                    return cls(season, episode)
        raise ConfigError(f"Watched point {text!r} is not a season and episode: give {EXPECTED_FORM}.")

    @classmethod
    def of(cls, value: ViewerScope | str | None) -> ViewerScope | None:
        """What an API caller passed as a scope: None (everything), a ViewerScope, or its text ('44:6').
        Any other value, an empty text included, is an error, so a malformed scope never means no scope."""
        if value is None or isinstance(value, ViewerScope):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        raise ConfigError(f"A viewer scope is a ViewerScope or its text, not {type(value).__name__} {value!r}: give "
                          f"{EXPECTED_FORM}, or None for no spoiler guard.")

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
    """Write statements that turn a copy of the full graph into the viewer's graph, following the one
    classification table (ingest.property_classes). Order matters: relationships first (one out of scope
    between two in-scope nodes goes), then nodes (taking their remaining relationships with them), then names
    (a person's later names), then each label's and type's properties cut to what the table allows at the
    cutoff: unclassified labels, types and properties are left out, and so is when anything becomes known."""
    c = {"cutoff": scope.cutoff}
    labels = [o for o in PROPERTY_CLASSES if not is_relationship(o)]
    types = [o for o in PROPERTY_CLASSES if is_relationship(o)]
    statements = [
        ("MATCH ()-[r]->() WHERE r.aired IS NULL OR r.aired > $cutoff OR NOT type(r) IN $types DELETE r",
         {**c, "types": types}),
        (f"MATCH (n) WHERE NOT n:{META_LABEL} AND (n.aired IS NULL OR n.aired > $cutoff "
         "OR NOT any(l IN labels(n) WHERE l IN $labels)) DETACH DELETE n", {**c, "labels": labels}),
        (NAMES_AT_CUTOFF, c),
    ]
    for owner in PROPERTY_CLASSES:
        if owner == META_LABEL:
            continue
        pattern = f"()-[x:{owner}]->()" if is_relationship(owner) else f"(x:{owner})"
        statements.append((f"MATCH {pattern} SET x = {_kept_properties(owner)}", c))
    statements.append((f"MATCH (d:{META_LABEL}) SET d.viewer_scope = $label, d.cutoff = $cutoff",
                       {**c, "label": scope.describe()}))
    return statements


# A person's names as a viewer at the cutoff knows them: each alias once it was in use, and for `name` and
# `short_name` not yet in use, the ones their latest season in scope used (Amber Brkich, not Amber Mariano,
# before season 40). A missing position means not known: the season's name, or none.
NAMES_AT_CUTOFF = (
    "MATCH (p:Player) OPTIONAL MATCH (p)-[:PLAYED_IN]->(ps:PlayerSeason) "
    "WITH p, ps ORDER BY ps.aired DESC WITH p, collect(ps) AS seasons WITH p, seasons[0] AS latest "
    "SET p.name = CASE WHEN p.name_known_at <= $cutoff THEN p.name ELSE latest.name END, "
    "p.short_name = CASE WHEN p.short_name_known_at <= $cutoff THEN p.short_name ELSE latest.short_name END, "
    "p.aliases = [i IN range(0, size(coalesce(p.aliases, [])) - 1) "
    "WHERE p.alias_known_at[i] <= $cutoff | p.aliases[i]]")


def _kept_properties(owner: str) -> str:
    """The map literal of what `owner` keeps: aired-time facts, names (already cut) and provenance as they are,
    a later-known property only where its position is at or before $cutoff, markers never."""
    kept = [f"{p}: x.{p}" for p in props_of(owner, AIRED, NAME, META)]
    for cls, known_at in KNOWN_AT.items():
        kept += [f"{p}: CASE WHEN x.{known_at} <= $cutoff THEN x.{p} END" for p in props_of(owner, cls)]
    return "{" + ", ".join(kept) + "}"
