"""Rules about careers across seasons: a person's seasons (first / last, the one they won, those they sat on
the jury or in the final), players with N or more seasons, the most seasons played, and castmates. The seasons
two people played together are the example router's: cases/careers.yaml `examples`."""

from __future__ import annotations

import re

from survivorgraph.agent.operations import AtLeast, Extreme, Focus, Operation, Pick, Where, WhereNot
from survivorgraph.agent.phrases import NEGATION, exactly, min_seasons
from survivorgraph.agent.plans import Plan, Slots, is_ref
from survivorgraph.agent.rules.base import plural_group, rule


@rule("players with N or more seasons")
def _min_seasons(s: Slots):
    if (k := exactly(s.text)) and not s.people and s.has(r"\b(play\w*|compet\w*|appear\w*|been on)\b") \
            and not s.has(r"\b(won|win|idols?|advantages?|confessionals?|immunit\w*|jury|votes?)\b"):
        return Plan("players_with_min_seasons", {"min_seasons": k, "max_seasons": k, "limit": 1000})
    n = min_seasons(s.text)
    if s.people and s.has(r"\b(with|alongside)\b"):
        return None  # "who has Rob played alongside on more than one season": his castmates
    if n and s.has(r"\b(play\w*|compet\w*|appear\w*|return\w*|been on|castaways?|players?|people|who)\b") and not s.has(
            r"\bidols?\b|\badvantages?\b|\bconfessionals?\b"):
        if column := _never_reached(s.text):
            # "3 or more seasons but never won", "… without ever making a merge": the careers that never did
            return Plan("career_milestones", {"min_seasons": n}, operations=(Where({column: 0}),))
        if column := _reached(s.text):
            # "played at least 3 seasons and was a finalist": the careers that did, at least once
            return Plan("career_milestones", {"min_seasons": n}, operations=(WhereNot({column: [0]}),))
        return Plan("players_with_min_seasons", {"min_seasons": n})


# A milestone a career never reached: (the words for it after a negation, career_milestones' column)
_NEVER = r"\b(?:never|not once|without(?: ever)?|didn't ever|did not ever|haven't ever|have not ever)\b"
_NEVER_REACHED = [
    (r"\b(won|win|winning)\b", "wins"),
    (r"\b(made|make|making|reached|reach|reaching|got to|get to|getting to) (it to )?(the|a) merge\b|\bmerged?\b",
     "merges"),
    (r"\bfinal (tribal council|three|two|tribal)\b|\bthe final\b|\bfinalists?\b|\bthe end\b", "finals"),
    (r"\bjury\b|\bjurors?\b", "juries"),
]


def _reached(text: str) -> str | None:
    """The career_milestones column a part says was reached, without a negation ("and made the merge": merges);
    a win is left out — "won" there is as often a challenge's as the season's."""
    if re.search(NEGATION, text, re.I):
        return None
    return next((column for pattern, column in _NEVER_REACHED if column != "wins" and re.search(pattern, text, re.I)),
                None)


def _never_reached(text: str) -> str | None:
    """The career_milestones column a part says was never reached ("but never won": wins), else None."""
    for pattern, column in _NEVER_REACHED:
        if re.search(rf"{_NEVER}[\w' ]{{0,24}}?(?:{pattern})", text, re.I):
            return column
    return None


# A milestone of a season counted over a career: (the words for it, career_milestones' column)
_MILESTONES = [
    (r"\b(made|make|reached|reach|got to|get to) (it to )?(the|a) merge\b|\bmerges\b", "merges"),
    (r"\b(made|make|reached|reach|got to|get to|sat at|been at|been to) (it to )?(the )?final "
     r"(tribal council|three|two)?|\bfinalist\b", "finals"),
]


@rule("careers counted by a milestone")
def _milestones(s: Slots):
    """ "Who has made the merge the most times?", "how many times has Cirie made the merge?": each person's
    seasons counted by the milestone they reached (career_milestones)."""
    if s.season or s.has(r"\bnever\b|\bnot\b|n't\b") or not s.has(r"\bmost\b|\bhow many times\b|\bhow often\b"):
        return None
    column = next((c for pattern, c in _MILESTONES if s.has(pattern)), None)
    if column is None:
        return None
    if isinstance(s.person, str):
        return Plan("career_milestones", {}, operations=(Where({"castaway_id": s.person}), Focus(column)))
    if s.people or not s.has(r"\bmost\b"):
        return None
    return Plan("career_milestones", {}, operations=(Extreme(column, True), Focus(column)))


@rule("a season's castaways who played again, or never did")
def _played_again(s: Slots):
    """ "Which season 28 castaways never returned after it?", "who from season 28 came back later?": the cast,
    by the seasons each played after this one."""
    if not isinstance(s.season, int) or s.people or not s.has(
            r"\b(play\w*|compet\w*|return\w*|came back|come back|been back|back)\b[\w ]{0,12}\b(again|later|after)\b"
            r"|\bone and done\b|\bnever (returned|came back|played again)\b"):
        return None
    never = s.has(NEGATION) or s.has(r"\bone and done\b")
    return Plan("season_cast", {"season": s.season},
                operations=(Where({"later_seasons": []}),) if never else (WhereNot({"later_seasons": [[]]}),))


@rule("most seasons played")
def _most_seasons(s: Slots):
    if s.has(r"\bmost (seasons|times|appearances)\b|played the most\b|most returning|record for (seasons|appearances)"):
        return Plan("most_seasons_played", {"limit": 5})


@rule("everyone who played a season with a person")
def _castmates(s: Slots):
    """ "Which winners has Rob played alongside?", "who played alongside both Sandra and Parvati?" (asked of
    each, agent.leads): the person's castmates, winners only when the part asks for winners."""
    if not isinstance(s.person, str) or not s.has(r"\b(shared|share|sharing) (a |the )?seasons? with\b"
                                                  r"|\b(play\w*|compet\w*|been on a season|was on a season) "
                                                  r"(with|alongside)\b|\bcastmates?\b|\bcast ?mates?\b"):
        return None
    ops: list[Operation] = [Where({"ever_won": True})] if plural_group(s) == "winners" else []
    if n := min_seasons(s.text):  # "who has Rob played alongside on more than one season"
        ops.append(AtLeast({"seasons_together": n}))
    return Plan("castmates", {"castaway_id": s.person, **s.season_filter}, operations=ops)


@rule("people who played in all of several seasons")
def _players_in_seasons(s: Slots):
    if 2 <= len(s.seasons) <= 4 and not s.people \
            and s.has(r"\bboth\b|\ball of\b|\beach of\b|\bevery one of\b|\band\b|\balso\b|\btoo\b|\bas well\b"
                      r"|\b(had|have|has) (been|played|competed) (on|in)\b|\bpreviously\b"
                      r"|\b(returned|came back|come back|went back) (for|to|in|on)\b") \
            and s.has(r"\b(play\w*|compet\w*|appear\w*|castaways?|players?|people|contestants?|who)\b") \
            and not s.has(r"\b(won|win|winners?|jury|jurors?|tribes?|votes?)\b"):
        return Plan("players_in_seasons", {"seasons": s.seasons})


@rule("the season a person won")
def _season_person_won(s: Slots):
    if s.person and not s.season and s.has(r"\b(which|what) season\b|\bwhen did\b|\bwhat year\b|— when$") \
            and s.has(r"\b(won|win|winning)\b") \
            and not s.has(r"\b(immunit\w*|rewards?|challenges?|idols?|advantages?)"):
        return Plan("player_career", {"castaway_id": s.person}, operations=(Where({"winner": True}),))


@rule("the seasons a person sat on the jury or in the final")
def _person_role_seasons(s: Slots):
    if not s.person or s.season or not s.has(r"\b(which|what|how many) seasons?\b|\bwhen\b|\bin which\b"):
        return None
    if s.has(r"\bjur(y|or|ors)\b") and not s.has(r"\bvot"):
        return Plan("player_career", {"castaway_id": s.person}, operations=(Where({"jury": True}),))
    if s.has(r"\bfinalists?\b|\bfinal (tribal|two|three|2|3)\b|\bmade it to the end\b") and not s.has(r"\bvot"):
        return Plan("player_career", {"castaway_id": s.person}, operations=(Where({"finalist": True}),))


# "how far did they get", "where did she end up": where someone finished
_HOW_FAR = r"\bhow far did\b.*\b(get|go|make it|last)\b|\bwhere did\b.*\bend up\b"


@rule("a person's career")
def _career(s: Slots):
    if s.has(r"\bwhat was (that|it) about\b"):
        return None  # "X got kidnapped on China? what was that about?": a story, for the text
    if s.person and s.has(r"\bseasons?\b|\bcareer\b|\bplayed\b|\bcompet\w*|\bfinish|\bplaced?\b|\bhow many times\b"
                          r"|\breturn|" + _HOW_FAR):
        # "Rob played for the first time in which season?", "when did Rob last compete?": one end of the career
        end = re.search(r"\b(?P<end>first|last|debut\w*)\b[\w ]{0,12}\b(play\w*|compet\w*|appear\w*|season|time)\b"
                        r"|\b(play\w*|compet\w*|appear\w*) (?P<end2>first|last)\b|\bdebut\w*", s.text, re.I)
        word = ((end.group("end") or end.group("end2") or "first") if end else "").lower()
        ops: list[Operation] = [Pick("last" if word == "last" else "first")] \
            if end and not s.has(r"\bhow many\b") else []
        named = [x for x in s.seasons if not is_ref(x)]
        if named and s.has(r"\bother seasons?\b|\bbesides\b|\bapart from\b|\bexcept\b|\baside from\b"
                           r"|\bother than\b|\bbefore or after\b"):
            ops.append(WhereNot({"season": named}))  # "what other season did they play"
        elif len(named) == 1 and s.has(r"\bwhere did .* (place|finish)\b|\bwhat place\b|\bhow did .* (do|finish)\b|"
                                       + _HOW_FAR):
            return Plan("player_career", {"castaway_id": s.person, "season": named[0]}, operations=ops)
        return Plan("player_career", {"castaway_id": s.person}, operations=ops)
