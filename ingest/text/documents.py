"""The one shape every corpus produces: a document per season, split into titled sections.

A section is the unit of provenance: it carries its own source (table + row key or URL) and licence,
and a chunk never crosses a section, so every chunk inherits exactly one source.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from functools import cached_property

WIKIPEDIA_LICENSE = "CC BY-SA 4.0"
SURVIVOR_REPO_URL = "https://github.com/doehm/survivoR"


@dataclass(frozen=True)
class Source:
    """Where a piece of text came from, kept on every chunk."""

    url: str                 # article URL (with revision) or the dataset's repository
    table: str = ""          # survivoR table, e.g. "episodes"; empty for fetched articles
    key: str = ""            # row key inside the table, e.g. "US28/E06"
    license: str = WIKIPEDIA_LICENSE
    attribution: str = ""    # the credit line to show next to the text


@dataclass(frozen=True)
class Section:
    title: str               # "Overview", "Episode 6: Trial by Fire"
    text: str
    source: Source
    episode: int | None = None


@dataclass(frozen=True)
class Document:
    doc_id: str              # stable across runs: "survivoR:US28", "wikipedia:Survivor: Cagayan"
    title: str               # "Survivor: Cagayan"
    corpus: str              # "survivor" | "wikipedia"
    version: str             # survivoR version code of the show, e.g. "US"
    season: int
    sections: tuple[Section, ...]
    url: str = ""
    revision: str = ""       # MediaWiki revision id, or the survivoR dataset version
    extra: dict = field(default_factory=dict, hash=False, compare=False)

    # Sections are joined with a blank line; offsets of chunks point into this text.
    SEPARATOR = "\n\n"

    @cached_property
    def text(self) -> str:
        return self.SEPARATOR.join(s.text for s in self.sections)

    @cached_property
    def section_starts(self) -> tuple[int, ...]:
        starts, pos = [], 0
        for s in self.sections:
            starts.append(pos)
            pos += len(s.text) + len(self.SEPARATOR)
        return tuple(starts)

    @cached_property
    def content_hash(self) -> str:
        """Digest of everything that ends up in the index; unchanged hash = nothing to re-embed."""
        payload = {
            "title": self.title, "version": self.version, "season": self.season, "url": self.url,
            "sections": [asdict(s) for s in self.sections],
        }
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


def season_code(version: str, season: int) -> str:
    """survivoR's version_season spelling: US + two digits."""
    return f"{version}{season:02d}"


@dataclass(frozen=True)
class Corpus:
    name: str                                   # "survivor" | "wikipedia"
    version: str                                # changes whenever the source text can have changed
    documents: tuple[Document, ...]
    seasons_without_episodes: tuple[int, ...] = ()   # seasons in scope with no episode text
    notes: tuple[str, ...] = ()                 # one-line remarks for the build log
