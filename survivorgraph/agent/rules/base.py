"""What the rule modules share: the rule type, the registry the `@rule(name)` decorator fills, and the group of
people a plural question asks about (winners, finalists, jurors, everyone)."""

from __future__ import annotations

import re
from collections.abc import Callable

from survivorgraph.agent.operations import Pick
from survivorgraph.agent.plans import Plan, Ref, Slots

Rule = Callable[[Slots], "Plan | None"]
REGISTERED: dict[str, Rule] = {}  # rule name -> rule; the order rules are tried in is rules.ORDER


def rule(name: str):
    """Register a rule under its name (the plan's reason names it); rules.ORDER places it among the others."""
    def register(fn: Rule) -> Rule:
        if name in REGISTERED:
            raise ValueError(f"two rules are named {name!r}")
        REGISTERED[name] = fn
        return fn
    return register


def rule_named(reason: str) -> str | None:
    """The registered rule a plan's reason names ("deterministic rule: <name>", maybe " (reading: …)" after it);
    None when it names none, or more than one."""
    reason = reason.removeprefix("deterministic rule: ")
    names = [name for name in REGISTERED if reason == name or reason.startswith(f"{name} (reading: ")]
    return names[0] if len(names) == 1 else None


def plural_group(s: Slots) -> str:
    if s.has(r"\bwinners?\b|\bsole survivors?\b|\bchampions?\b"):
        return "winners"
    if s.has(r"\bfinalists?\b"):
        return "finalists"
    if s.has(r"\bjurors?\b|\bjury members?\b"):
        return "jurors"
    return "all"


# "which season had the most confessionals", "what season saw the most idols played": seasons ranked, not people
SEASON_RANKED = (r"\b(which|what) season(?!s)\b[^?]*\b(most|fewest|least|largest|biggest)\b"
                 r"|\bthe season with the (most|fewest|least)\b")
ONE_SEASON = r"\bin (a|one) (single )?season\b|\bsingle[- ]season\b|\bin one season\b"

_END = r"(first|earliest|last|latest|most recent)"


def end_pick(text: str, *, after_the: bool = False) -> tuple[Pick, ...]:
    """(Pick("first" or "last"),) for the end of a list the part asks about ("the first season that brought back
    players", "the last unanimous winner"; with `after_the`, only after "the"), else ()."""
    m = re.search(rf"\b{'the ' if after_the else ''}{_END}\b", text, re.I)
    return (Pick("first" if m.group(1).lower() in ("first", "earliest") else "last"),) if m else ()


_EXIT_LABELS = {0: "the episode they went home", 1: "the episode after they went home",
                -1: "the episode before they went home"}


def exit_episode(person: str, season: int, step: int = 0) -> dict:
    """The episode a person left `season` in (a Ref to player_exit), or the one after (step 1) or before (-1) it:
    "the night Caleb went home", "the episode after Tijuana got voted out"."""
    return Ref("player_exit", {"castaway_ids": [person], "season": season}, "episode", _EXIT_LABELS[step], step=step)

