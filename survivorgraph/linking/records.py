"""What entity linking returns, the graph records it links to, and the canonical restatement."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from survivorgraph.linking.words import split_words, word_key


@dataclass(frozen=True)
class Candidate:
    entity_id: str
    name: str
    detail: str = ""          # "seasons 4, 8, 20" / "season 1"


@dataclass(frozen=True)
class EntityLink:
    kind: str                 # "person", "season" or "tribe"
    text: str                 # as written in the question
    start: int
    end: int
    entity_id: str            # castaway_id, Season.id ("US28") or Tribe.id ("US01:Tagi")
    name: str                 # canonical name
    confidence: float
    alternatives: tuple[Candidate, ...] = ()   # the other readings of an ambiguous mention
    via: str = ""             # how it matched: name, nickname, last_name, first_name, number, subtitle, fuzzy …
    season: int | None = None                  # season number of a season or tribe link
    seasons: tuple[int, ...] = ()              # seasons a person played

    @property
    def ambiguous(self) -> bool:
        return bool(self.alternatives)


@dataclass
class LinkedEntities:
    question: str
    links: list[EntityLink] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)   # "season 60": shaped like an entity, not in the graph

    def of_kind(self, kind: str, *, include_ambiguous: bool = False) -> list[EntityLink]:
        return [l for l in self.links if l.kind == kind and (include_ambiguous or not l.ambiguous)]

    @property
    def people(self) -> list[EntityLink]:
        return self.of_kind("person")

    @property
    def seasons(self) -> list[EntityLink]:
        return self.of_kind("season")

    @property
    def tribes(self) -> list[EntityLink]:
        return self.of_kind("tribe")

    @property
    def ambiguous(self) -> list[EntityLink]:
        return [l for l in self.links if l.ambiguous]

    @property
    def castaway_ids(self) -> list[str]:
        return list(dict.fromkeys(l.entity_id for l in self.people))

    @property
    def season_numbers(self) -> list[int]:
        return sorted({l.season for l in self.seasons if l.season is not None})


@dataclass
class PersonRecord:
    castaway_id: str
    name: str
    short_name: str
    aliases: list[str]
    full_names: list[str]     # as survivoR spells them per season (changed names included)
    season_ids: set[str]
    seasons: tuple[int, ...]

    @property
    def display(self) -> str:
        """"Oscar 'Ozzy' Lusth", "Rob 'Boston Rob' Mariano", "Kim Spradlin-Wolfe" (no nickname)."""
        name_words = {w.lower().strip(".") for w in self.name.split()}
        short = self.short_name or ""
        first = short.split()[0].lower().strip(".") if short else ""
        if not short or first in name_words or re.fullmatch(r"\S+ [A-Z]\.?", short):
            return self.name
        parts = self.name.split(" ", 1)
        return f"{parts[0]} '{short}' {parts[1]}" if len(parts) == 2 else f"{self.name} ('{short}')"


@dataclass
class SeasonRecord:
    id: str
    number: int
    name: str
    version: str
    places: str


@dataclass
class TribeRecord:
    id: str
    name: str
    season: int
    season_id: str



def seasons_text(seasons: tuple[int, ...]) -> str:
    if not seasons:
        return ""
    return f"season{'s' if len(seasons) > 1 else ''} {', '.join(str(s) for s in seasons)}"



def rewrite(question: str, linked: LinkedEntities) -> str:
    """The question with canonical names and ids in place of what was written ("Ozzy" ->
    "Oscar 'Ozzy' Lusth (castaway_id US0201)", "Cagayan" -> "season 28 (Survivor: Cagayan)")."""
    edits: list[tuple[int, int, str]] = []
    taken: set[tuple[int, int]] = set()
    for link in sorted(linked.links, key=lambda l: l.start):
        if (link.start, link.end) in taken or any(s < link.end and link.start < e for s, e in taken):
            continue
        taken.add((link.start, link.end))
        replacement = _canonical(link)
        end = link.end
        if replacement and not link.ambiguous and link.kind == "person" and question[end:end + 2] in ("'s", "’s"):
            name, _, note = replacement.rpartition(" (")   # "Ozzy Lusth's (castaway_id US0201)", not "…)'s"
            replacement, end = f"{name}'s ({note}", end + 2
        if replacement and replacement != link.text:
            edits.append((link.start, end, replacement))
    out, last = [], 0
    for start, end, replacement in edits:
        out += [question[last:start], replacement]
        last = end
    return "".join(out + [question[last:]])


def _canonical(link: EntityLink) -> str | None:
    if link.ambiguous:
        options = _readings(link)
        more = ", …" if len(link.alternatives) > 4 else ""
        return f"{link.text} (ambiguous: {', '.join(f'{c.name} {c.entity_id}' for c in options)}{more})"
    if link.kind == "person":
        written = {word_key(w.text) for w in split_words(link.text)}
        named = {word_key(w.text) for w in split_words(link.name)}
        also = "" if written <= named or link.via.startswith("fuzzy") else f"also {link.text}; "
        return f"{link.name} ({also}castaway_id {link.entity_id})"
    if link.kind == "season":
        if link.via in ("range", "list"):
            return None
        subtitle = re.sub(r"^Survivor:?\s*", "", link.name)
        return f"season {link.season}" + ("" if subtitle.isdigit() or not subtitle else f" ({link.name})")
    return f"{link.name} (season {link.season})"


def _readings(link: EntityLink, most: int = 4) -> list[Candidate]:
    """An ambiguous link's first reading and up to `most` alternatives."""
    return [Candidate(link.entity_id, link.name)] + list(link.alternatives[:most])


def graph_values(linked: LinkedEntities) -> list[str]:
    """What the graph calls each thing the question names, as lines a Cypher-writing prompt can use:
    '"Ozzy": (:Player {castaway_id: 'US0201'}) Oscar 'Ozzy' Lusth, seasons 13, 16, 23, 34'."""
    lines = []
    spans: dict[str, list[int]] = {}   # "seasons 10 to 20": one line with every number
    for link in linked.links:
        if link.kind == "season" and link.via in ("range", "list") and link.season is not None:
            spans.setdefault(link.text, []).append(link.season)
    for link in sorted(linked.links, key=lambda l: l.start):
        if link.text in spans and link.kind == "season":
            numbers = sorted(set(spans.pop(link.text)))
            lines.append(f'"{link.text}": Season numbers {", ".join(map(str, numbers))}')
        elif link.text in spans or link.kind == "season" and link.via in ("range", "list"):
            continue
        elif link.ambiguous:
            lines.append(f'"{link.text}" could be any of: '
                         + "; ".join(f"(:Player {{castaway_id: '{c.entity_id}'}}) {c.name}" for c in _readings(link)))
        elif link.kind == "person":
            lines.append(f"\"{link.text}\": (:Player {{castaway_id: '{link.entity_id}'}}) {link.name}"
                         + (f", {seasons_text(link.seasons)}" if link.seasons else ""))
        elif link.kind == "season" and link.season is not None:
            lines.append(f'"{link.text}": (:Season {{number: {link.season}}}) {link.name}')
        elif link.kind == "tribe":
            lines.append(f"\"{link.text}\": (:Tribe {{name: '{link.name}', season: {link.season}}})")
    lines += [f"{text}: not in the graph" for text in linked.unresolved]
    return lines
