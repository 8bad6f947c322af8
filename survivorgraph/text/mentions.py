"""Link chunks to the people and seasons they mention, by alias matching against the graph's names.

Short names are where the care goes: "Rob", "Kelly" or "Russell" name many people, so
- multi-word names ("Jeff Varner", "Boston Rob", "Parvati Shallow") are matched in any document, when
  exactly one person carries them;
- one-word names (short name, nickname, last name, first name) are matched only inside a document of a
  season that person played, and only when no one else in that season's cast carries the same word;
- the host's names ("Jeff", "Probst") are never a castaway alias, since "Jeff" in a recap is the host.
Season names match as "Survivor: Cagayan", "Cagayan", "Survivor 41", "season 28"; a subtitle that is also
a filming place ("Fiji", "Philippines", "Samoa" ...) or a twist ("Redemption Island") only counts in its
"Survivor: X" form.
Matching is case-sensitive on word boundaries ("Sugar" the castaway, not "sugar").
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

import pandas as pd

HOST_NAMES = frozenset({"Jeff", "Probst", "Jeff Probst"})
# Season subtitles that are also the names of twists or tribes used in other seasons ("sent to Redemption
# Island" in season 23 is no mention of season 22): only their "Survivor: X" form counts.
TWIST_NAMES = frozenset({"Redemption Island", "Edge of Extinction", "Island of the Idols", "Ghost Island",
                         "One World", "Blood vs. Water"})
_INITIAL_AT_END = re.compile(r"\b[A-Z]\.?$")  # "Laura B.", "Mikey B": only unique inside a season
_WORD_START = re.compile(r"(?<!\w)\w")
_NAMED_SEASON = re.compile(r"(?i)^(survivor\b|season\s+\d|s\d+$)")


@dataclass(frozen=True)
class PersonMention:
    castaway_id: str
    alias: str       # the first alias seen in the text
    count: int


@dataclass(frozen=True)
class SeasonMention:
    version: str
    season: int
    kind: str        # "document" (the chunk's own season) or "mention"


class AliasMatcher:
    """Exact, case-sensitive, non-overlapping matches of many aliases, longest first, on word boundaries."""

    def __init__(self, aliases: dict[str, object]):
        self._by_prefix: dict[str, list[tuple[str, object]]] = defaultdict(list)
        for alias, value in aliases.items():
            self._by_prefix[alias[:3]].append((alias, value))
        for candidates in self._by_prefix.values():
            candidates.sort(key=lambda item: -len(item[0]))

    def find(self, text: str) -> list[tuple[str, object]]:
        found, resume = [], 0
        for m in _WORD_START.finditer(text):
            start = m.start()
            if start < resume:
                continue
            for alias, value in self._by_prefix.get(text[start:start + 3], ()):
                end = start + len(alias)
                if text.startswith(alias, start) and not (end < len(text) and _is_word(text[end], alias)):
                    found.append((alias, value))
                    resume = end
                    break
        return found


def _is_word(char: str, alias: str) -> bool:
    # "J.T." ends in a dot: the next character may be anything but a letter/digit.
    return char.isalnum() or (char == "_" and not alias.endswith("."))


class MentionLinker:
    """Built from alias tables (see ingest/aliases.py); pure and deterministic."""

    def __init__(self, person_aliases: pd.DataFrame, cast: pd.DataFrame, season_aliases: pd.DataFrame,
                 places: Iterable[str] = ()):
        """person_aliases: castaway_id, alias, kind; cast: version, season, castaway_id, full_name;
        season_aliases: version, season, alias; places: filming locations and countries."""
        aliases = person_aliases[~person_aliases["alias"].isin(HOST_NAMES)]
        self._global = self._global_aliases(aliases)
        self._season_matchers: dict[tuple[str, int], AliasMatcher] = {}
        self._season_local: dict[tuple[str, int], dict[str, str]] = {}
        words_by_person = self._one_word_aliases(aliases, cast)
        for (version, season), ids in cast.groupby(["version", "season"])["castaway_id"]:
            self._season_local[(str(version), int(season))] = _unique_owner(
                (word, cid) for cid in set(ids) for word in words_by_person.get(cid, ()))
        self._season_aliases = self._season_name_aliases(season_aliases, places)

    @staticmethod
    def _global_aliases(aliases: pd.DataFrame) -> dict[str, str]:
        multi = aliases[aliases["alias"].str.contains(" ") & ~aliases["alias"].str.contains(_INITIAL_AT_END)]
        return _unique_owner(zip(multi["alias"], multi["castaway_id"]))

    @staticmethod
    def _one_word_aliases(aliases: pd.DataFrame, cast: pd.DataFrame) -> dict[str, set[str]]:
        words: dict[str, set[str]] = defaultdict(set)
        for alias, cid in zip(aliases["alias"], aliases["castaway_id"]):
            if " " not in alias or _INITIAL_AT_END.search(alias):
                words[cid].add(alias)
        for full_name, cid in zip(cast["full_name"], cast["castaway_id"]):
            if isinstance(full_name, str) and full_name.split():
                words[cid].add(full_name.split()[0])  # first name: "Russell" in a season with one Russell
        return {cid: {w for w in ws if len(w) >= 2 and w not in HOST_NAMES} for cid, ws in words.items()}

    @staticmethod
    def _season_name_aliases(season_aliases: pd.DataFrame, places: Iterable[str]) -> dict[str, tuple[str, int]]:
        return season_name_table(season_aliases, places)

    def _matcher(self, version: str, season: int) -> AliasMatcher:
        key = (version, season)
        if key not in self._season_matchers:
            aliases: dict[str, object] = {alias: ("person", cid) for alias, cid in self._global.items()}
            aliases.update({alias: ("person", cid) for alias, cid in self._season_local.get(key, {}).items()})
            aliases.update({alias: ("season", vs) for alias, vs in self._season_aliases.items()})
            self._season_matchers[key] = AliasMatcher(aliases)
        return self._season_matchers[key]

    def link(self, text: str, version: str, season: int) -> tuple[list[PersonMention], list[SeasonMention]]:
        """People and seasons a chunk of (version, season)'s document mentions."""
        counts: Counter[str] = Counter()
        first_alias: dict[str, str] = {}
        seasons = {(version, season): "document"}
        for alias, (kind, value) in self._matcher(version, season).find(text):
            if kind == "person":
                counts[value] += 1
                first_alias.setdefault(value, alias)
            else:
                seasons.setdefault(value, "mention")
        people = [PersonMention(cid, first_alias[cid], n) for cid, n in sorted(counts.items())]
        return people, [SeasonMention(v, s, kind) for (v, s), kind in sorted(seasons.items())]


def season_name_table(season_aliases: pd.DataFrame, places: Iterable[str]) -> dict[str, tuple[str, int]]:
    """alias -> (version, season) of the names that mention a season in text: "Survivor: Cagayan", "Cagayan",
    "season 28", "Season 28", "Survivor 28"; a bare subtitle that is also a filming place or a twist is left
    out (only its "Survivor: X" form counts), and so is any alias two seasons share."""
    place_text = " | ".join(str(p) for p in places if isinstance(p, str))
    pairs = []
    for version, season, alias in season_aliases[["version", "season", "alias"]].itertuples(index=False):
        alias = str(alias)
        bare_subtitle = not _NAMED_SEASON.match(alias)
        # A bare subtitle ("Cagayan") counts only when no season was filmed in a place of that name.
        if bare_subtitle and alias in TWIST_NAMES:
            continue
        if bare_subtitle and re.search(rf"(?<!\w){re.escape(alias)}(?!\w)", place_text):
            continue
        pairs.append((alias, (str(version), int(season))))
        if alias.startswith("season "):
            pairs.append(("Season" + alias[6:], (str(version), int(season))))
    return _unique_owner(pairs)


def _unique_owner(pairs: Iterable[tuple[str, object]]) -> dict[str, object]:
    """alias -> owner, keeping only aliases that exactly one owner carries."""
    owners: dict[str, set] = defaultdict(set)
    for alias, owner in pairs:
        if isinstance(alias, str) and alias.strip():
            owners[alias.strip()].add(owner)
    return {alias: next(iter(o)) for alias, o in owners.items() if len(o) == 1}
