"""Rules about episodes: what happened in one, its own facts (title, air date, viewers, rating, length), and
eliminations per episode number."""

from __future__ import annotations

import re

from survivorgraph.agent.plans import Plan, Slots
from survivorgraph.agent.rules.base import rule


@rule("what happened in an episode")
def _episode_events(s: Slots):
    m = re.search(r"\bepisode (\d{1,2})\b", s.text, re.I)
    if s.season and m and s.has(r"\b(left\b|leave|eliminat|voted (out|off)|went home|sent home|evacuat|quit|"
                                r"immunit|reward|happened)") and not s.has(r"\b(most|every|all|across)\b"):
        exits = s.has(r"\b(left|leave|eliminat|voted (out|off)|went home|sent home|evacuat|quit)") and not s.has(
            r"\bimmunit|\breward|\bhappened")
        return Plan("episode_events", {"season": s.season, "episode": int(m.group(1)),
                                       **({"about": "exits"} if exits else {})})


@rule("eliminations per episode number")
def _eliminations_by_episode(s: Slots):
    if s.has(r"\bepisode\b") and s.has(r"\b(most|fewest|how many)\b.*\b(eliminat|voted out|boots?|exits?)"):
        return Plan("eliminations_by_episode_number", {"limit": 5})


_EPISODE_FACTS = [
    (r"\btitle\b|\bcalled\b|\bnamed\b|\bname of\b", "title"),
    (r"\bair(ed)?\b|\bair ?date\b|\bbroadcast\b|\bwhen (was|did)\b", "air_date"),
    (r"\bviewers?\b|\bwatched\b|\baudience\b", "viewers"),
    (r"\brating\b|\bimdb\b|\brated\b", "imdb_rating"),
    (r"\bhow long\b|\bminutes\b|\blength\b|\brun ?time\b", "length_minutes"),
]


_QUOTED_TITLE = re.compile(r"[\"“”]([^\"“”]{2,60})[\"“”]|(?<!\w)'([^']{2,60})'(?!\w)")


@rule("facts about an episode")
def _episode_facts(s: Slots):
    if not isinstance(s.season, int):
        return None
    quoted = _QUOTED_TITLE.search(s.text)
    if quoted and s.has(r"\bepisode\b"):  # 'which episode of season 48 was "Icarus Time"?': its row, by title
        title = (quoted.group(1) or quoted.group(2)).strip()
        asked = next((column for pattern, column in _EPISODE_FACTS if column != "title" and s.has(pattern)),
                     "episode")
        return Plan("episode_facts", {"season": s.season}, shape={"where": {"title": title}, "focus": asked})
    m = re.search(r"\bepisode (\d{1,2})\b", s.text, re.I)
    end = re.search(r"\b(finale|premiere|first episode|last episode|final episode|reunion)\b", s.text, re.I)
    if not m and not end:
        return None
    for pattern, column in _EPISODE_FACTS:
        if s.has(pattern):
            if m:
                return Plan("episode_facts", {"season": s.season, "episode": int(m.group(1))}, shape={"focus": column})
            if column == "air_date":
                return None  # when the premiere / finale aired: the season's own dates (season_facts)
            word = end.group(1).lower()
            label = {"premiere": "Ep 1", "first episode": "Ep 1", "reunion": "Reunion"}.get(word, "Finale")
            return Plan("episode_facts", {"season": s.season}, shape={"where": {"label": label}, "focus": column})
    return None
