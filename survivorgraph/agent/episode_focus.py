"""Which episode of a season a narrative question is about — found in the graph, so text search reads it.

Text search alone ranks a season's overview above the one episode where an event happened ("how did the
merge play out in Cagayan?": the overview names Cagayan, the merge is told in episode 6). The graph knows
the episodes: when the merged tribe formed, which episode is the finale, when a person left the game. A
question about one season and one such event gets that episode; chunk search reads it first.

    focus_episodes(question, castaway_ids, timeline) -> Focus(episodes, reasons)
    search_text(part, season_mentions) -> the part without the season's name (the season filter covers it)

`timeline` is the rows of the catalog query `season_timeline` (one row per episode).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from survivorgraph.agent.lexicon import canonical

Row = dict[str, Any]

_LEAVING = re.compile(r"\b(leave|left|leaving|quit\w*|evacuat\w*|medevac\w*|removed|eject\w*|"
                      r"pull\w*\b[\w ]{0,30}\b(from|out)|"  # "why did production pull Jackson out"
                      r"voted (out|off)|eliminated|go(es)? home|went home|sent home|blindsid\w*|booted|exit\w*|"
                      r"lose|lost|out of the game|taken out|what happened to)\b", re.I)

# How the text tells that someone left (narrower than the question's words: "left out", "lost a challenge"
# are in many passages).
_EXIT_TEXT = re.compile(r"\b(evacuat\w*|medevac\w*|helicopter|hospital|quit\w*|withdr[ae]w\w*|pulled (from|out)|"
                        r"removed from|eject\w*|voted (out|off)|eliminated|sent home|blindsid\w*|left the game|"
                        r"exit\w*|pulled from the game|medical(ly)?)\b", re.I)


def _first_formed(phase: str) -> Callable[[Sequence[Row]], list[int]]:
    def pick(timeline: Sequence[Row]) -> list[int]:
        for row in timeline:
            if any(str(t).endswith(f"({phase})") for t in row.get("tribes_formed") or []):
                return [row["episode"]]
        return []
    return pick


def _labelled(label: str) -> Callable[[Sequence[Row]], list[int]]:
    def pick(timeline: Sequence[Row]) -> list[int]:
        return [row["episode"] for row in timeline if str(row.get("label") or "").lower() == label][-1:]
    return pick


def _first_episode(timeline: Sequence[Row]) -> list[int]:
    return [min(row["episode"] for row in timeline)] if timeline else []


_NAMED_EPISODE = re.compile(r"\bepisode (\d{1,2})\b", re.I)  # after the lexicon: "the sixth episode" -> "episode 6"

# (what the question says, which episode that is, a name for the trace)
EVENTS: list[tuple[re.Pattern, Callable[[Sequence[Row]], list[int]], str]] = [
    (re.compile(r"\bmerg(e|ed|es|ing)\b", re.I), _first_formed("merged"), "the merge"),
    (re.compile(r"\b(tribe )?swap(s|ped)?\b|\bswitch(ed)? tribes\b|\bshuffle[ds]?\b", re.I),
     _first_formed("swapped"), "the first tribe swap"),
    (re.compile(r"\bfinal (tribal|vote|immunity|two|three|four|2|3|4)\b|\bfinale\b|\bjury vot\w*|"
                r"\bsole survivor\b|\bwon (the )?(season|game|title|million)\b|\bwin (the )?(season|game|title)\b",
                re.I), _labelled("finale"), "the finale"),
    (re.compile(r"\bpremiere\b|\bfirst (episode|day|days|tribal|vote|boot)\b|\bmarooning\b|\bday (one|1)\b", re.I),
     _first_episode, "the first episode"),
]


@dataclass
class Focus:
    episodes: list[int] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    # What a passage telling the asked-about moment contains, with a weight: the event's own words, or the
    # name of the person who left and a word for leaving.
    signals: list[tuple[re.Pattern, int]] = field(default_factory=list)
    # The focused episodes and the ones either side: the graph's episode of an event and the episode whose
    # summary tells it can differ by one (a merge announced at the end of one episode, formed in the next).
    nearby: list[int] = field(default_factory=list)

    def tells(self, hits: Sequence[Any]) -> bool:
        """Whether any hit holds a signal of the asked-about moment."""
        return any(pattern.search(h.text) for h in hits for pattern, _ in self.signals)

    def prefer(self, hits: Sequence[Any]) -> list[Any]:
        """The passages that tell the event itself first (most signals first), each followed by the passage
        after it in reading order (an event often runs past a chunk boundary), then the rest in search order."""
        weight = {h.chunk_id: sum(w for pattern, w in self.signals if pattern.search(h.text)) for h in hits}
        telling = sorted((h for h in hits if weight[h.chunk_id] > 0), key=lambda h: -weight[h.chunk_id])
        reading = sorted(hits, key=lambda h: (h.doc_id, h.char_start))
        following = {a.chunk_id: b for a, b in zip(reading, reading[1:])
                     if (a.doc_id, a.section) == (b.doc_id, b.section)}
        ordered = [x for h in telling for x in (h, following.get(h.chunk_id)) if x is not None] + list(hits)
        firsts: dict[str, Any] = {}
        for hit in ordered:
            firsts.setdefault(hit.chunk_id, hit)
        return list(firsts.values())


def _name_pattern(*names: Any) -> re.Pattern | None:
    words = {w for name in names if isinstance(name, str) for w in re.findall(r"[A-Za-z][\w'-]{2,}", name)}
    return re.compile(r"\b(" + "|".join(sorted(map(re.escape, words))) + r")\b") if words else None


def focus_episodes(question: str, castaway_ids: Sequence[str], timeline: Sequence[Row]) -> Focus:
    """The episodes `question` is about (in episode order), each with why; empty when nothing points."""
    focus = Focus()
    if not timeline:
        return focus
    picked: dict[int, str] = {}
    if castaway_ids and _LEAVING.search(question):
        for row in timeline:
            gone = list(row.get("left_castaway_ids") or [])
            for castaway_id in castaway_ids:
                if castaway_id not in gone:
                    continue
                i = gone.index(castaway_id)
                name = (row.get("left_the_game") or [None] * len(gone))[i]
                short = (row.get("left_short_names") or [None] * len(gone))[i]
                picked.setdefault(row["episode"], f"{name or castaway_id} left the game in episode {row['episode']}")
                if (pattern := _name_pattern(name, short)) is not None:
                    focus.signals.append((pattern, 1))
                focus.signals.append((_EXIT_TEXT, 1))
    known = {row["episode"] for row in timeline}
    if (named := _NAMED_EPISODE.search(canonical(question))) and int(named.group(1)) in known:
        picked[int(named.group(1))] = f"the question names episode {named.group(1)}"  # "recap episode 2 of Fiji"
    for pattern, pick, name in EVENTS:
        if said := pattern.search(question):
            for episode in pick(timeline):
                picked.setdefault(episode, f"{name} is episode {episode}")
                focus.signals.append((re.compile(r"\b" + re.escape(said.group(0)), re.I), 2))  # the words asked
    for episode in sorted(picked):
        focus.episodes.append(episode)
        focus.reasons.append(picked[episode])
    focus.nearby = sorted({e + d for e in focus.episodes for d in (-1, 0, 1)} & known)
    return focus


_PREPOSITION = r"(?:\b(?:in|of|on|during|from|for|at)\s+(?:the\s+)?)?"


def search_text(part: str, season_mentions: Sequence[str]) -> str:
    """The part without the words that name its season: a season filter already keeps the search inside
    it, and the name only pulls the season's overview (the one passage that repeats it) to the top."""
    text = part
    for mention in sorted({m.strip().rstrip(".?!,;:") for m in season_mentions}, key=len, reverse=True):
        text = re.sub(_PREPOSITION + r"(?:\bSurvivor\s*:?\s*)?" + re.escape(mention), " ", text, flags=re.I)
    text = re.sub(r"\s+([?.!,;])", r"\1", " ".join(text.split())).strip()
    return text if len(re.findall(r"[A-Za-z]{3,}", text)) >= 2 else part
