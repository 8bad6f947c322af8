"""Passages that name a later season, redacted for a viewer (the spoiler guard on the text side).

The episode summaries were written after the fact: a season-18 passage says a challenge "would later appear in
Survivor: Heroes vs. Villains" (season 20), so a viewer at season 18 would learn that title, and that the
challenge comes back. For a viewer, every sentence naming a season after the one they are watching — its
title ("Survivor: Heroes vs. Villains", "Heroes vs. Villains") or its number ("season 20", "Survivor 20") — is
replaced by REDACTED; earlier seasons and the passage's own stay.

The names are the text index's table `text_season_names`, written with each build from every season survivoR
knows (not only the indexed ones), by the same rules as the chunk links (`mentions.season_name_table`): a bare
subtitle that is also a filming place ("Panama", "Caramoan") or a twist ("Redemption Island") counts only in
its "Survivor: X" form.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

REDACTED = "[hidden: it names a later season]"
# A sentence ends at . ! ? followed by space and a capital, an opening quote or bracket; a paragraph at a newline.
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"”’)]*\s+(?=[A-Z\"“‘(\[])|\n")


@dataclass(frozen=True)
class SeasonName:
    alias: str
    version: str
    season: int


class LaterSeasonRedactor:
    """Finds season names in a passage (exact, case-sensitive, whole words, longest first) and redacts the
    sentences that name a season after the viewer's."""

    def __init__(self, names: Iterable[SeasonName]):
        self._season_of = {n.alias: (n.version, n.season) for n in names}
        aliases = sorted(self._season_of, key=len, reverse=True)
        self._pattern = (re.compile(r"(?<!\w)(?:" + "|".join(re.escape(a) for a in aliases) + r")(?!\w)")
                         if aliases else None)

    def __len__(self) -> int:
        return len(self._season_of)

    def later_mentions(self, text: str, version: str, watched_season: int) -> list[tuple[int, int]]:
        """Spans of `text` naming a season of `version` after `watched_season`."""
        if self._pattern is None:
            return []
        spans = []
        for m in self._pattern.finditer(text):
            named_version, season = self._season_of[m.group(0)]
            if named_version == version and season > watched_season:
                spans.append((m.start(), m.end()))
        return spans

    def redact(self, text: str, version: str, watched_season: int) -> str:
        """`text` with every sentence that names a later season replaced by REDACTED."""
        spans = self.later_mentions(text, version, watched_season)
        if not spans:
            return text
        names = self._pattern.finditer(text)
        inside = [(m.start(), m.end()) for m in names]  # "vs. Villains" inside a title ends no sentence
        ends = [m for m in _SENTENCE_END.finditer(text) if not any(s < m.start() < e for s, e in inside)]
        cuts: list[tuple[int, int]] = []
        for start, end in spans:
            left = max((m.end() for m in ends if m.end() <= start), default=0)
            right = min((m.start() for m in ends if m.start() >= end), default=len(text))
            if cuts and left <= cuts[-1][1]:
                cuts[-1] = (cuts[-1][0], max(cuts[-1][1], right))
            else:
                cuts.append((left, right))
        out, last = [], 0
        for left, right in cuts:
            out += [text[last:left], REDACTED]
            last = right
        return "".join(out + [text[last:]])
