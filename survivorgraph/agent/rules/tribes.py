"""Rules about tribes: a season's tribes, a tribe's members, a person's tribe and tribemates."""

from __future__ import annotations

from survivorgraph.agent.phrases import NEGATION
from survivorgraph.agent.plans import Plan, Ref, Slots, is_ref
from survivorgraph.agent.rules.base import rule


@rule("a person's tribemates")
def _tribemates(s: Slots):
    if not isinstance(s.person, str) or not s.season or is_ref(s.season) \
            or not s.has(r"\btribe ?mates?\b|\b(on|in) (his|her|their) (original |starting |first )?tribe\b"):
        return None
    phase = {"phase": "original"} if s.has(r"\b(original|start\w*|first|initial)\b") else {}
    tribe = Ref("tribe_members", {"season": s.season, "castaway_id": s.person, **phase}, "tribe",
                "the person's tribe")
    return Plan("tribe_members", {"season": s.season, "tribe": tribe, **phase},
                shape={"where_not": {"castaway_id": [s.person]}})


@rule("a person's tribe")
def _person_tribe(s: Slots):
    if not s.person or s.tribes or not s.has(r"\btribes?\b") or s.has(r"\bmembers\b|\btribe ?mates\b"):
        return None
    phase = {"phase": "original"} if s.has(r"\b(start\w*|original\w*|begin\w*|began|first|initial\w*)\b") else {}
    if s.has(r"\b(after|post)[- ]?(the )?(tribe )?swap|\bswapped\b|\bnew tribe\b"):
        phase = {"phase": "swapped"}  # "after the swap, what tribe was Carolyn on?"
    elif s.has(r"\b(after|post)[- ]?(the )?merge|\bmerged tribe\b"):
        phase = {"phase": "merged"}
    if s.season:
        return Plan("tribe_members", {"season": s.season, "castaway_id": s.person, **phase})
    return Plan("player_career", {"castaway_id": s.person})


@rule("tribe members")
def _tribe_members(s: Slots):
    if s.tribes and s.has(r"\b(who|members?|on|in)\b"):
        name, season = s.tribes[0]
        params = {"season": season, "tribe": name}
        if s.has(r"\boriginal\w*|\bstart\w*"):
            params["phase"] = "original"
        if s.has(r"\bmerge"):
            missed = s.has(NEGATION) or s.has(r"\bbefore the merge\b|\bpre-?merge\b")
            params["made_merge"] = not missed
        return Plan("tribe_members", params)


@rule("tribes of a season")
def _season_tribes(s: Slots):
    if s.season and s.has(r"\btribes?\b"):
        if s.has(r"\bmerged?\b") and s.has(r"\bwho\b"):
            return Plan("tribe_members", {"season": s.season, "phase": "merged"})
        if s.has(r"\b(start\w*|original\w*|began|begin\w*|initial\w*|first)\b"):
            return Plan("season_tribes", {"season": s.season}, shape={"where": {"phase": "original"}})
        return Plan("season_tribes", {"season": s.season})
