"""Normalised enum values stored next to survivoR's raw text.

Questions such as "which seasons had a medical evacuation" must map to one value, whatever the raw
wording ("Medically evacuated"); the raw text stays on the entity for display and audit.

exit_type (PlayerSeason.exit_type, ELIMINATED.exit_type), from castaways.result:
    winner          "Sole Survivor"
    runner_up       "Runner-up", "2nd runner-up"
    voted_out       "1st voted out" ... "18th voted out" (also when a quit follows: see `quit` flag)
    medevac         "Medically evacuated"
    quit            "Quit"
    fire_challenge  "Lost final 4 fire challenge", "Lost fire challenge"
    eliminated      "Eliminated" (lost a duel / twist, not a vote)
    ejected         "Ejected"
    withdrew        "Withdrew"
    switched        "Switched" (left the cast by a twist, S27)
    evacuated       "Evacuated" (not medical; outside the US seasons)
    tied_destiny    "Tied destiny" (out with a partner; outside the US seasons)
phase (MEMBER_OF.phase, Tribe.phase, TribalCouncil.phase), from tribe_status:
    original, swapped (Swapped, Swapped_2 — swap_number keeps which), merged, edge_of_extinction,
    redemption_island, mergatory
scope of a challenge win (IMMUNITY_WON_BY.scope, REWARD_WON_BY.scope): individual, tribal, team
advantage events: FOUND_ADVANTAGE ("Found", "Found (beware)"), RECEIVED_ADVANTAGE ("Received"),
PLAYED_ADVANTAGE ("Played"), ADVANTAGE_EVENT {event: snake_case of the raw text} for the rest.
"""

from __future__ import annotations

import re

EXIT_TYPES = ("winner", "runner_up", "voted_out", "medevac", "quit", "fire_challenge", "eliminated",
              "ejected", "withdrew", "switched", "evacuated", "tied_destiny")
PHASES = ("original", "swapped", "merged", "edge_of_extinction", "redemption_island", "mergatory")


class UnknownValueError(ValueError):
    """survivoR holds a text this model does not map yet (new seasons or versions bring new ones)."""


def exit_type(result: str | None) -> str | None:
    """Normalise castaways.result; None for a missing result (e.g. a season still airing)."""
    if not result:
        return None
    text = result.strip().lower()
    first = re.split(r"[;(]", text)[0].strip()
    if first == "sole survivor":
        return "winner"
    if "runner-up" in first:
        return "runner_up"
    if first.endswith("voted out"):
        return "voted_out"
    if first.startswith("medically evacuated"):
        return "medevac"
    if first.startswith("quit"):
        return "quit"
    if "fire challenge" in first:
        return "fire_challenge"
    for word in ("eliminated", "ejected", "withdrew", "switched", "evacuated"):
        if first.startswith(word):
            return word
    if first == "tied destiny":
        return "tied_destiny"
    raise UnknownValueError(f"Unknown survivoR result {result!r}: add it to ingest/enums.py")


def also_quit(result: str | None) -> bool:
    """True when a player voted out also quit (e.g. 'Quit EoE' on the Edge of Extinction)."""
    return bool(result) and "quit" in result.lower() and exit_type(result) != "quit"


def phase(tribe_status: str | None) -> tuple[str | None, int | None]:
    """(phase, swap_number) from survivoR's tribe_status."""
    if not tribe_status:
        return None, None
    text = tribe_status.strip().lower()
    if text.startswith("swapped"):
        number = text.split("_")[1] if "_" in text else "1"
        return "swapped", int(number)
    value = re.sub(r"\W+", "_", text).strip("_")
    if value not in PHASES:
        raise UnknownValueError(f"Unknown survivoR tribe_status {tribe_status!r}: add it to ingest/enums.py")
    return value, None


ADVANTAGE_RELATIONSHIPS = {"found": "FOUND_ADVANTAGE", "found (beware)": "FOUND_ADVANTAGE",
                           "received": "RECEIVED_ADVANTAGE", "recieved": "RECEIVED_ADVANTAGE",
                           "played": "PLAYED_ADVANTAGE"}


def advantage_relationship(event: str) -> tuple[str, str]:
    """(relationship type, normalised event) for an advantage_movement event."""
    key = event.strip().lower()
    normalised = re.sub(r"\W+", "_", key.replace("recieved", "received")).strip("_")
    return ADVANTAGE_RELATIONSHIPS.get(key, "ADVANTAGE_EVENT"), normalised
