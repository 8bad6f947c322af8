"""Restrictions a part puts on whatever list of people its rule chose: "with her" (not her again), "apart from
the winner", "returning players", "women", "before the merge". Each is a filter the toolbox applies to the
rows (a where / where_not, or another catalog query's set to keep or leave out, run as its own traced step),
so one rule per question shape serves every restriction instead of a rule per combination.

    restrict_people(plan, derived)   # called by the router for plans whose query lists people (castaway_id)
    keep_the_named_tribe(plan, derived)   # also for lists of voters or jurors
"""

from __future__ import annotations

import re

from survivorgraph.agent.operations import Gender, InSet, Pick, WhereNot
from survivorgraph.agent.plans import Plan, Ref, Slots
from survivorgraph.agent.query_facts import person_column


def restrict_people(plan: Plan, derived: Slots) -> None:
    for restriction in (_leave_out_the_person, _leave_out_winners, _keep_returnees, _keep_one_gender,
                        _keep_one_side_of_the_merge, _keep_the_same_tribe, keep_the_named_tribe):
        restriction(plan, derived)


_SAME_TRIBE = re.compile(r"\bsame (?:(?P<phase>original|starting|first|swapped|new) )?tribe as (?:P\d|him|her|them|"
                         r"that person)\b", re.I)


def _keep_the_same_tribe(plan: Plan, derived: Slots) -> None:
    """ "Which jurors had started on the same tribe as the winner?": the rule's people, kept to those on the
    named person's tribe (that person's tribe is looked up first, the person perhaps by a ref)."""
    m = _SAME_TRIBE.search(derived.text)
    season, person = derived.season, derived.people[-1] if derived.people else None
    if not m or not isinstance(season, int) or person is None or plan.tool == "tribe_members":
        return
    word = (m.group("phase") or "").lower()
    swapped = word in ("swapped", "new") or re.search(r"\bafter the swap\b|\bswapped\b", derived.text, re.I)
    phase = {"phase": "swapped" if swapped else "original"}  # the merged tribe holds everyone: not a "same tribe"
    tribe = Ref("tribe_members", {"season": season, "castaway_id": person, **phase}, "tribe", "their tribe")
    plan.add(InSet({"tool": "tribe_members", "params": {"season": season, "tribe": tribe, **phase},
                    "key": "castaway_id", "on": "castaway_id"}, keep=True))


_OTHERS = re.compile(r"\b(?:with|besides|beside|alongside|other than|except|apart from|next to) (?:him|her|them)\b"
                     r"|\b(?:besides|other than|except(?: for)?|apart from|aside from) P\d\b|\bwho else\b", re.I)


def _leave_out_the_person(plan: Plan, derived: Slots) -> None:
    """ "Courtney sat at final tribal; who was up there with her?": the others, not Courtney again."""
    person = derived.person
    if isinstance(person, str) and _OTHERS.search(derived.text) and not plan.has(WhereNot):
        plan.add(WhereNot({"castaway_id": [person]}))


_BUT_THE_WINNER = re.compile(r"\b(?:apart from|besides|other than|except(?: for)?|aside from|not counting|excluding) "
                             r"the (?:winner|sole survivor)\b", re.I)
_NEVER_WON = re.compile(r"\b(?:of|among) (?:anyone|those|the players|people|players|castaways|everyone) (?:who|that) "
                        r"(?:never|didn't|did not|hasn't|has not|haven't) (?:won|win)\b|\bnon-?winners?\b"
                        r"|\bwithout (?:ever )?winning\b", re.I)


def _leave_out_winners(plan: Plan, derived: Slots) -> None:
    """ "Other than the winner, who won individual immunity on Gabon?" leaves out that season's winner;
    "the most immunity wins of anyone who never won" every winner — from any query that lists people."""
    if plan.sets(keep=False):
        return
    season = derived.season
    if isinstance(season, int) and _BUT_THE_WINNER.search(derived.text):
        winners = {"tool": "season_winner", "params": {"season": season}}
    elif _NEVER_WON.search(derived.text):
        winners = {"tool": "winners_with_jury_votes", "params": {}}
    else:
        return
    plan.add(InSet({**winners, "key": "castaway_id", "on": "castaway_id"}, keep=False))
    if "limit" in plan.params:  # a ranking's leaders may all be winners: rank everyone, then leave them out
        plan.params["limit"] = 1000


_RETURNING = re.compile(r"\b(?:returning|returnees?|veterans?|returned)\b(?! (?:to|for|home|from)\b)", re.I)
# "first-timers", "first time players" — not "the winner's first time playing" (that person's first season)
_FIRST_TIMERS = re.compile(r"\b(?:hadn't|had not|haven't|have not|never|hasn't|has not) (?:played|been on|competed)"
                           r"(?: \w+)? before\b|\bfirst[- ]timers?\b"
                           r"|\bfirst[- ]time (?:players?|castaways?|contestants?)\b"
                           r"|\bplaying for the first time\b|\bnew(?:comers?| players| castaways)\b"
                           r"|\bnewbies?\b|\brookies?\b", re.I)


# "came back for another season later", "played again" (the lexicon reads "came back" as "returned")
_PLAYED_LATER = re.compile(r"\breturned\b(?: \w+){0,4} (?:later|again|afterwards?)\b|\breturned for (?:another|a later|"
                           r"a second|more)\b|\b(?:later|again) returned\b|\bplay(?:ed)? again\b", re.I)


def _keep_returnees(plan: Plan, derived: Slots) -> None:
    """ "Which returnees on season 16 missed the merge?": whatever list of that season's people the
    rule chose, kept to those who had played before (the season's cast, returnees only); "which season 16
    jurors had never played before?": the same set left out."""
    season = derived.season
    if not isinstance(season, int) or plan.tool == "season_cast":
        return
    returnees = {"tool": "season_cast", "params": {"season": season, "returnees_only": True},
                 "key": "castaway_id", "on": "castaway_id"}
    if _PLAYED_LATER.search(derived.text) and plan.tool != "season_cast":
        # "which of her tribemates came back for another season later": those with a later season
        played_later = {"tool": "season_cast", "params": {"season": season}, "key": "castaway_id",
                        "on": "castaway_id", "operations": (WhereNot({"later_seasons": [[], None]}),),
                        "reading": "played a later season"}
        plan.add(InSet(played_later, keep=True))
    elif _FIRST_TIMERS.search(derived.text) and not plan.sets(keep=False):
        plan.add(InSet(returnees, keep=False))
    elif _RETURNING.search(derived.text) and not plan.sets(keep=True):
        plan.add(InSet(returnees, keep=True))


# "the last person voted out before the merge", "the first boot after the jury started", "before the swap": the
# season's people on that side of the line — those who never made the merge (the jury, the swap), or everyone else.
_BEFORE = r"(?:before|pre|prior to|ahead of|until)[- ]?"
_AFTER = r"(?:after|post|since|once|following)[- ]?"
_PHASE = r"(?:the )?(?P<phase>merge|(?:first )?(?:tribe )?swap|jury(?: (?:phase|stage|started|began))?)\b"
SIDE = re.compile(rf"\b(?:(?P<before>{_BEFORE})|(?P<after>{_AFTER})){_PHASE}", re.I)
# Lists with a row per person and the person's exit, where "out before the merge" is a set of people; not
# events such as challenge wins, where "won before the merge" is about when, and the plan says it did not apply.
_EXITS = {"boot_order", "exits_by_type", "season_cast", "player_exit"}
_FINALISTS = ["Sole Survivor", "Runner-up", "2nd runner-up"]  # never on the jury, yet not out before it


def _keep_one_side_of_the_merge(plan: Plan, derived: Slots) -> None:
    """Each line the part names counts: "after the swap but before the merge" is both sides' people."""
    season = derived.season
    if not isinstance(season, int) or plan.tool not in _EXITS \
            or any(spec["tool"] in ("castaways_without", "tribe_swap") for spec in plan.sets(keep=True)):
        return
    for m in SIDE.finditer(derived.text):
        _keep_one_side(plan, season, m)


def _keep_one_side(plan: Plan, season: int, m: re.Match) -> None:
    if m.group("phase").lower().endswith("swap"):  # "the last boot before the swap": not among those swapped
        swapped = {"tool": "tribe_swap", "params": {"season": season}, "key": "castaway_id", "on": "castaway_id"}
        plan.add(InSet(swapped, keep=not m.group("before")))
        return
    without = "merge" if m.group("phase").lower() == "merge" else "jury"
    before = {"tool": "castaways_without", "params": {"season": season, "without": without, "limit": 1000},
              "key": "castaway_id", "on": "castaway_id",
              **({"operations": (WhereNot({"result": _FINALISTS}),)} if without == "jury" else {})}
    if m.group("before"):
        plan.add(InSet(before, keep=True))
    else:
        plan.add(InSet(before, keep=False))


_NAMED_TRIBE = re.compile(r"\b(?:(?P<phase>original|starting|first|swapped|new) )?T\d (?:tribe ?mates|tribe members|"
                          r"members|players|castaways|people)\b|\b(?:members|players) of (?:the )?T\d\b", re.I)


def keep_the_named_tribe(plan: Plan, derived: Slots) -> None:
    """ "Which of his original Masaya tribemates voted against him?": the rule's people (the voters here), kept to
    the members of the tribe the part names."""
    m = _NAMED_TRIBE.search(derived.text)
    column = person_column(plan.tool)
    if not m or len(derived.tribes) != 1 or column is None or plan.tool == "tribe_members":
        return
    name, season = derived.tribes[0]
    word = (m.group("phase") or "").lower()
    phase = {"phase": "swapped"} if word in ("swapped", "new") else {"phase": "original"} if word else {}
    plan.add(InSet({"tool": "tribe_members", "params": {"season": season, "tribe": name, **phase},
                    "key": "castaway_id", "on": column, "reading": f"the {name} tribe"}, keep=True))


# "How many of the cast were women?", "the first man voted out": any list of people, kept to one gender
# (recorded per person in survivoR). Not "the last man standing", which names the winner of anyone.
_GENDERS = [(re.compile(r"\b(women|woman|females?|girls|ladies)\b", re.I), "Female"),
            (re.compile(r"\b(men|man|males?|guys)\b(?! standing)", re.I), "Male")]


def gender_asked(text: str) -> str | None:
    """The one gender the part restricts people to, or None ("men and women" restricts nothing)."""
    found = {gender for pattern, gender in _GENDERS if pattern.search(text)}
    return found.pop() if len(found) == 1 else None


def _keep_one_gender(plan: Plan, derived: Slots) -> None:
    """ "How many of the season 26 castaways were women?", "the first woman voted out": the query's people, kept to
    one gender by the toolbox; a position the query would pick itself becomes a pick among those kept."""
    gender = gender_asked(derived.text)
    if not gender or plan.has(Gender):
        return
    plan.add(Gender(gender))
    position = plan.params.get("position")
    if isinstance(position, int) and not plan.params.get("from_end") and not plan.has(Pick):
        del plan.params["position"]
        plan.add(Pick("first" if position == 1 else position - 1))
