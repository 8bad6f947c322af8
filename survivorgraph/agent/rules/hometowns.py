"""Rules about where castaways come from: the people from a place, and states or cities ranked by castaways.

survivoR records a hometown (city and state) for each season a person played. The place is read from the words
after "from" / "in" as typed, with its shorter readings ("from new york city who …" tries "new york city who",
"new york city", "new york", "new"), so the graph, not a list here, decides which one is a place.
"""

from __future__ import annotations

import re

from survivorgraph.agent.operations import Extreme, Missing, Operation, WhereNot
from survivorgraph.agent.phrases import US_STATES
from survivorgraph.agent.plans import Plan, Ref, Slots
from survivorgraph.agent.rules.base import rule

_HOME = re.compile(r"\b(?:come|came|comes|coming|hail\w*|originally|native\w*|live[sd]?|living|resid\w*|"
                   r"hometowns?|grew up)\b[^?]*?\b(?:from|in|of)\b|\b(?:are|is|were|was|be|been) from\b"
                   r"|\bfrom the (?:state|city) of\b|\b(?:castaways|players|contestants|people|survivors|ones|anyone"
                   r"|winners?|jurors?|women|men|who) from\b", re.I)
_PLACE_WORDS = re.compile(r"(?:the (?:state|city) of )?(?P<place>[a-z][\w.'-]*(?: [a-z][\w.'-]*){0,2})", re.I)
_NOT_A_PLACE = re.compile(r"^(?:season|seasons|episode|the|a|an|all|each|every|there|here|that|this|P\d|T\d|his|her"
                          r"|their|survivor|home|out|before|after|s?\d+\w*)\b", re.I)
_PLACE_RANKING = re.compile(r"\b(?:which|what) (?:state|states|city|cities|town|hometown)\b.*\b(?:most|fewest|least|"
                            r"more|biggest|largest|highest)\b|\b(?:most|top|fewest) (?:common )?(?:home ?)?(?:states?|"
                            r"cities|towns?|hometowns?)\b", re.I)
_LEFT_OUT = re.compile(r"\b(?:besides|other than|apart from|aside from|except(?: for)?|not counting|excluding|outside"
                       r"(?: of)?) (?P<place>[a-z][\w.'-]*(?: [a-z][\w.'-]*){0,2}?)(?=,|\?|$| which| what| who)", re.I)


def place_readings(text: str) -> list[str]:
    """The place a question names after its home words, longest reading first; [] when none is there."""
    homes = list(_HOME.finditer(text))  # the last one: "people who came back from Fiji and were from Ohio"
    if not homes:
        return []
    home = homes[-1]
    rest = text[home.end():].lstrip()
    m = _PLACE_WORDS.match(rest)
    if not m or _NOT_A_PLACE.match(m.group("place")):
        return []
    words = m.group("place").split()
    return [" ".join(words[:n]) for n in range(len(words), 0, -1)]


@rule("states nobody came from")
def _states_never(s: Slots):
    """ "Which US states have never had a single castaway?": the fifty states less those someone came from."""
    if s.person or not s.has(r"\bstates?\b") or s.has(r"\bwinners?\b|\bfinalists?\b|\bjurors?\b") \
            or not s.has(r"\b(never|not a single|not one|without|no)\b[\w ]{0,20}\b(castaways?|players?|contestants?|"
                         r"anyone|anybody|someone|people|survivors?)\b|\b(no one|nobody|none)\b[\w ]{0,30}\bfrom\b"):
        return None
    return Plan("home_place_ranking", {"by": "state", **s.season_filter},
                operations=(Missing("place", tuple(US_STATES)),))


@rule("states or cities ranked by castaways")
def _home_place_ranking(s: Slots):
    if s.person or not _PLACE_RANKING.search(s.text):
        return None
    by = "city" if s.has(r"\b(city|cities|town|towns)\b") else "state"
    ops: list[Operation] = []
    if left_out := _LEFT_OUT.search(s.text):  # "besides California, which state …"
        ops.append(WhereNot({"place": [left_out.group("place").title()]}))
    if not s.has(r"\btop \d+\b|\branking\b|\brank\b"):  # "which state has the most": the top one (ties kept)
        ops.append(Extreme("n_players", not s.has(r"\b(fewest|least)\b")))
    return Plan("home_place_ranking", {"by": by, **s.season_filter}, operations=ops)


@rule("castaways from the same place as someone")
def _same_place(s: Slots):
    """ "Was anyone else on season 39 from the same state as Elizabeth?": the place is the person's own (a ref
    to their hometown that season), the people are everyone else from it."""
    m = re.search(r"\b(?:same|very same) (state|city|hometown|home ?town|town)\b", s.text, re.I)
    if not m or not isinstance(s.person, str):
        return None
    column = "state" if m.group(1).lower() == "state" else "city"
    place = Ref("player_profile", {"castaway_id": s.person, **s.season_filter}, column, f"their {column}")
    return Plan("castaways_from", {"places": [place], **s.season_filter},
                operations=(WhereNot({"castaway_id": [s.person]}),))


@rule("castaways from a place")
def _castaways_from(s: Slots):
    if s.person or not (places := place_readings(s.text)):
        return None
    return Plan("castaways_from", {"places": places, **s.season_filter})
