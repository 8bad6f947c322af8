"""Rules about tribes: a season's tribes, a tribe's members, a person's tribe and tribemates, the tribe swap."""

from __future__ import annotations

from survivorgraph.agent.operations import Focus, InSet, Operation, Pick, Where, WhereNot
from survivorgraph.agent.phrases import LEFT, NEGATION
from survivorgraph.agent.plans import Plan, Ref, Slots, is_ref
from survivorgraph.agent.rules.base import rule

_TRIBE_NAME = r"\bcalled\b|\bname\w*\b|\bwhat was the merged? tribe\b"
_SWAP = r"\bswap\w*|\bswitch\w* tribes\b|\bchang\w* tribes\b|\bshuffl\w*|\bnew tribes\b"
_MOVED = (r"\bchang\w*|\bswitch\w*|\bmov\w*|\bdifferent tribe\b|\bnew tribe\b|\bend\w* up\b|\bwent (from|to|over)\b"
          r"|\bflipp\w*|\bstay\w*|\bsame tribe\b|\bkept\b|\bremain\w*")
_STAYED = r"\bstay\w*|\bsame tribe\b|\bkept\b|\bremain\w*"


@rule("a season's starting tribes that never reached a stage")
def _tribes_that_never(s: Slots):
    """ "Which original tribe on season 12 had nobody on the jury?", "which original tribe
    had nobody make the merge?": the season's starting tribes, less those one of whose people did."""
    if not isinstance(s.season, int) or s.people or not s.has(NEGATION) \
            or not s.has(r"\b(starting|original|first|initial|opening) tribes?\b|\btribes? (they|people) started\b"):
        return None
    if s.has(r"\bjury\b|\bjurors?\b"):
        reached = {"tool": "season_jury", "params": {"season": s.season}, "key": "original_tribe", "on": "tribe",
                   "reading": "the tribes the jurors started on"}
    elif s.has(r"\bmerge\b"):
        reached = {"tool": "tribe_members", "params": {"season": s.season, "phase": "original", "made_merge": True},
                   "key": "tribe", "on": "tribe", "reading": "the starting tribes of those who made the merge"}
    else:
        return None
    return Plan("season_tribes", {"season": s.season},
                operations=(Where({"phase": "original"}), InSet(reached, keep=False)))


@rule("the merge of a season")
def _merge(s: Slots):
    """When the tribes merged (episode or day) and what the merged tribe was called: its season_tribes row; the
    merge episode's own facts (its title, viewers) are that episode's."""
    if isinstance(s.season, int) and not s.person and s.has(r"\bmerge episode\b|\bepisode (where|when|in which) "
                                                            r"(the tribes|they|everyone) merged\b"):
        episode = Ref("season_tribes", {"season": s.season}, "episode", "the merge episode", {"phase": "merged"})
        focus = "title" if s.has(r"\b(name|title|called)\b") else "viewers" if s.has(r"\bviewers|watched\b") \
            else "air_date" if s.has(r"\bair(ed)?\b|\bwhen\b") else None
        return Plan("episode_facts", {"season": s.season, "episode": episode},
                    operations=(Focus(focus),) if focus else ())
    if not s.season or is_ref(s.season) or s.person or not s.has(r"\bmerg\w*") \
            or s.has(r"\bwho\b|\bhow many\b|\bwhat happened\b|\b(before|after|pre|post)[- ]?(the )?merge") \
            or not s.has(rf"\bwhen\b|\b(what|which) (episode|day)\b|{_TRIBE_NAME}"):
        return None
    focus = "first_day" if s.has(r"\bday\b") else "tribe" if s.has(_TRIBE_NAME) else "episode"
    return Plan("season_tribes", {"season": s.season}, operations=(Where({"phase": "merged"}), Focus(focus)))


@rule("a season's tribe swap")
def _tribe_swap(s: Slots):
    """Who moved at the swap, from which tribe to which, and in which episode: one row a person (tribe_swap)."""
    if not s.season or is_ref(s.season) or s.person or not s.has(_SWAP):
        return None
    if s.has(rf"\b{LEFT}\b") and s.has(r"\b(before|after|since|prior to|post)[- ]?(the )?(first )?(tribe )?swap"):
        return None  # "the last person voted out before the swap": the boot order on one side of it
    params = {"season": s.season, **({"swap_number": 2} if s.has(r"\bsecond swap\b|\b2nd swap\b") else {})}
    if s.has(r"\b(what|which) episode\b|\bwhen\b|\bepisode number\b") and not s.has(r"\bwho\b"):
        return Plan("tribe_swap", params, operations=(Focus("episode"), Pick("first")))
    where: dict = {}
    named = [name for name, season in s.tribes if season == s.season]
    if named:  # "from Ravu to Moto", "who went to Moto", "who left Ravu"
        before = s.has(r"\b(from|left|leav\w*|out of) T\d\b") or len(named) > 1  # tribes are masked T1, T2
        where["tribe_before" if before else "tribe_after"] = named[0]
        if len(named) > 1:
            where["tribe_after"] = named[1]
    if s.has(_MOVED) or named:
        where["changed_tribe"] = not (s.has(_STAYED) or s.has(NEGATION))
    return Plan("tribe_swap", params, operations=(Where(where),) if where else ())


@rule("a person's tribemates")
def _tribemates(s: Slots):
    if not isinstance(s.person, str) or not s.season or is_ref(s.season) \
            or not s.has(r"\btribe ?mates?\b|\b(on|in) (his|her|their) (original |starting |first |new |swapped )?"
                         r"tribe\b|\bP\d['’]s (original |starting |first |new |swapped )?tribe\b"):
        return None
    phase = {"phase": "original"} if s.has(r"\b(original|start\w*|first|initial)\b") else {}
    if s.has(r"\bnew tribe\b|\bswap\w*"):  # "who ended up on Mike's new tribe at the swap"
        phase = {"phase": "swapped"}
    tribe = Ref("tribe_members", {"season": s.season, "castaway_id": s.person, **phase}, "tribe",
                "the person's tribe")
    return Plan("tribe_members", {"season": s.season, "tribe": tribe, **phase},
                operations=(WhereNot({"castaway_id": [s.person]}),))


@rule("the tribes two people shared")
def _shared_tribes(s: Slots):
    """ "Before the merge on s33, which tribes were Will and Hannah on together?": the first person's tribes, kept
    to those the second was on too (before the merge: the merged tribe left out)."""
    if len(s.people) != 2 or not all(isinstance(p, str) for p in s.people) or not isinstance(s.season, int) \
            or not s.has(r"\btribes?\b") or not s.has(r"\btogether\b|\bboth\b|\bsame tribes?\b|\bshared?\b"):
        return None
    first, second = s.people
    ops: list[Operation] = [InSet({"tool": "tribe_members", "params": {"season": s.season, "castaway_id": second},
                                   "key": "tribe", "on": "tribe", "reading": "the other person's tribes"}, keep=True)]
    if s.has(r"\b(before|pre|prior to)[- ]?(the )?merge\b"):
        ops.append(WhereNot({"phase": ["merged"]}))
    return Plan("tribe_members", {"season": s.season, "castaway_id": first}, operations=ops)


@rule("a person's tribe")
def _person_tribe(s: Slots):
    if not s.person or s.tribes or not s.has(r"\btribes?\b|\bbuffs?\b") or s.has(r"\bmembers\b|\btribe ?mates\b"):
        return None
    colour = (Focus("buff_colour"),) if s.has(r"\bcolou?rs?\b|\bbuffs?\b") else ()  # "what colour buff did she wear"
    phase = {"phase": "original"} if s.has(r"\b(start\w*|original\w*|begin\w*|began|first|initial\w*)\b") else {}
    if s.has(r"\b(after|post)[- ]?(the )?(tribe )?swap|\bswapped\b|\bnew tribe\b"):
        phase = {"phase": "swapped"}  # "after the swap, what tribe was Carolyn on?"
    elif s.has(r"\b(after|post)[- ]?(the )?merge|\bmerged tribe\b"):
        phase = {"phase": "merged"}
    if s.season:
        return Plan("tribe_members", {"season": s.season, "castaway_id": s.person, **phase}, operations=colour)
    return Plan("player_career", {"castaway_id": s.person})


@rule("the season of a tribe")
def _tribe_season(s: Slots):
    """ "the Kucha tribe, what season did it come from?": the season the tribe was on."""
    seasons = {season for _, season in s.tribes}
    if len(seasons) == 1 and not s.people and s.has(r"\b(which|what) season\b|\bseason number\b"):
        return Plan("season_facts", {"season": seasons.pop()})


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


@rule("who made the merge")
def _made_merge(s: Slots):
    """ "Who made the merge on season 29": the season's people on the merged tribe."""
    if s.season and not is_ref(s.season) and not s.person and not s.has(NEGATION) \
            and s.has(r"\b(made|make|reached|reach|got to|get to|were in|was in|at) (it to )?the merge\b"
                      r"|\bmerged players\b"):
        return Plan("tribe_members", {"season": s.season, "phase": "merged"})


@rule("tribes of a season")
def _season_tribes(s: Slots):
    if s.has(r"\btribe swap\b") and s.has(rf"\b{LEFT}\b"):
        return None  # "the last person voted out before the tribe swap": a boot, not the tribes
    if s.season and s.has(r"\btribes?\b"):
        if s.has(r"\bmerged?\b") and s.has(r"\bwho\b"):
            return Plan("tribe_members", {"season": s.season, "phase": "merged"})
        if s.has(r"\b(start\w*|original\w*|began|begin\w*|initial\w*|first)\b"):
            return Plan("season_tribes", {"season": s.season}, operations=(Where({"phase": "original"}),))
        return Plan("season_tribes", {"season": s.season})
