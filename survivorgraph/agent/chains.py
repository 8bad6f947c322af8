"""Multi-hop slots: an entity the question names through another ("the winner of season 27", "the season
Maryanne won", "the season filmed in Kenya") becomes a Ref that the toolbox resolves first."""

from __future__ import annotations

import re

from survivorgraph.agent.operations import Extreme, Pick, Where
from survivorgraph.agent.plans import Ref, Slots, is_ref

_CAPS = r"[A-Z0-9][\w.'’-]*(?: (?:vs\.?|of|the|at|del|de|la|[A-Z0-9][\w.'’-]*))*"
_SEASON_WORDS = rf"(?:(?i:season) \d{{1,2}}|(?i:survivor):? ?{_CAPS}|{_CAPS}|(?i:that|the same|this) (?i:season))"
_WINNER_OF = re.compile(r"\b(?i:(?:the (?:winner|sole survivor|champion) of (?:the )?|whoever won (?:the )?|"
                        r"(?:the )?(?:person|player|castaway|one|woman|man|guy) (?:who|that) won (?:the )?))"
                        + _SEASON_WORDS)
# The phrase is the ask itself: "who was the winner of …", or a bare "the winner of …:" before a follow-up.
_ASKS_WINNER = re.compile(r"^\s*(?:(?:who|name|tell me|which (?:castaway|player|person|contestant))\b[\w ]{0,20})?$",
                          re.I)
_SEASON_OF_PERSON = re.compile(
    r"\b(?:in |of |during )?the season (?:that |in which |where |when )?(?P<who>.+?) "
    r"(?P<verb>won|played(?: in)?|competed(?: in)?|was on|was voted out|was eliminated|quit|debuted"
    r"|(?:got|was) (?:medevaced|medically evacuated|evacuated|pulled)(?: from| out of)?"
    r"|was (?:the )?(?:first|last|\w+(?:st|nd|rd|th)) (?:one |person |player )?(?:voted out|voted off|eliminated|"
    r"booted|out|to go|to leave))\b", re.I)
_SEASON_AT_PLACE = re.compile(
    r"\b(?:in |of )?the seasons? (?:of survivor )?(?:that (?:was|were) |which (?:was|were) |that )?"
    r"(?:filmed|shot|held|set|located|played) in (?P<place>[^?;]+?)\s*(?:[?;.]|$)", re.I)


# Occurrences of one person's seasons: "the first time P1 won", "P1's second win", "in her last season",
# "when he won". The person is P1 (masked) or a pronoun for the one person the part names.
_NTH = r"(?P<nth>first|second|third|fourth|fifth|last|final|latest|most recent|1st|2nd|3rd|4th|5th)"
_NTH_INDEX = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
              "fifth": 4, "5th": 4, "last": -1, "final": -1, "latest": -1, "most recent": -1}
_WON_NOUNS = r"(?:win|victory|title|crown)"
_OCCURRENCES = [
    re.compile(rf"\b(?:the )?{_NTH} (?:time|season) (?:that |in which |when )?(?P<who>P\d|he|she|they) "
               rf"(?P<verb>won|played|competed|was on|were on|came back|returned|appeared)\b", re.I),
    re.compile(rf"\b(?:the season of |during |in )?(?P<who>P\d|his|her|their)(?:['’]s)? {_NTH} "
               rf"(?P<noun>{_WON_NOUNS}|season|appearance|game|time (?:playing|on the show|out))\b", re.I),
    re.compile(r"\b(?:(?:back )?when |the (?:season|year) (?:that )?)(?P<who>P\d|he|she|they) "
               r"(?P<verb>won)(?: (?:it|the (?:game|title|season)|survivor))?\b", re.I),
]


def names_one_of_their_seasons(text: str) -> bool:
    """ "… in their first season", "the last time she played": the part says which of a person's seasons it means."""
    return any(pattern.search(text) for pattern in _OCCURRENCES)


def _occurrence(text: str, people: list) -> tuple[dict, int, int, bool] | None:
    """A season named by one of a person's seasons: (Ref, start, end, names_the_person_there). Only with one
    person in the part, so "he" and P1 cannot be someone else."""
    if len(people) != 1 or is_ref(people[0]):
        return None
    for pattern in _OCCURRENCES:
        m = pattern.search(text)
        if not m or re.search(r"\b(after|before|following|prior to|preceding)\s+(the season of\s+)?$",
                              text[:m.start()], re.I):
            continue  # "the season after P1's first win" is another season: not read here
        groups = m.groupdict()
        won = groups.get("verb", "").lower() == "won" or re.fullmatch(_WON_NOUNS, (groups.get("noun") or ""), re.I)
        pick = _NTH_INDEX.get((groups.get("nth") or "").lower())
        label = " ".join(m.group(0).split())
        ref = Ref("player_career", {"castaway_id": people[0]}, "season", label,
                  {"winner": True} if won else None, pick)
        return ref, m.start(), m.end(), bool(re.fullmatch(r"P\d", groups["who"]))
    return None


# (not "the last season NOT filmed in Fiji" / "the last season with …": a restriction makes it a list's end)
_NEXT_SEASON = re.compile(r"\b(?:the )?season (?:that )?(?:came |aired |was )?(?:right |just |immediately |directly )?"
                          r"(?P<dir>after|before|following|preceding) season \d{1,2}\b", re.I)
_LATEST_SEASON = re.compile(r"\b(?:the )?(?:most recent|latest|newest|current|last) season\b"
                            r"(?! (?:before|after|of|in|not|filmed|shot|held|set|with|without|where|that|to|when|"
                            r"which|whose))", re.I)


def derive(slots: Slots) -> Slots:
    """Multi-hop slots: entities the question names through another ("the winner of season 27", "the season
    Maryanne won", "the season filmed in Kenya") become refs; the phrase is replaced by "that person" / "that
    season" in the text the rules read, so a rule about the *outer* question fires."""
    text, people, seasons = slots.text, list(slots.people), list(slots.seasons)
    m = _WINNER_OF.search(text)
    if m and not people and len(seasons) == 1 and not _ASKS_WINNER.match(text[:m.start()]):
        season = seasons[0]
        people = [Ref("season_winner", {"season": season}, "castaway_id", f"the winner of season {season}")]
        text = text[:m.start()] + "that person" + text[m.end():]
        text = re.sub(r"\b(the )?that person\b", "that person", text)
    m = _SEASON_OF_PERSON.search(text)
    if m and len(slots.people) >= 1 and not is_ref(people[0] if people else None):
        who = slots.people[-1]
        verb = m.group("verb").lower()
        where = {"winner": True} if verb == "won" else {"result": "Quit"} if verb == "quit" else \
            {"result": "Medically evacuated"} if re.search(r"medevac|evacuated|pulled", verb) else {}
        nth = re.search(rf"\b{_NTH}$", m.group("who"), re.I)  # "the season they first played": the first one
        seasons = [Ref("player_career", {"castaway_id": who}, "season", f"the season {m.group('who')} "
                       f"{m.group('verb')}", where, _NTH_INDEX[nth.group("nth").lower()] if nth else None)]
        people = [p for p in people if p != who]
        text = text[:m.start()] + " in that season" + text[m.end():]
    anchor = _occurrence(text, people) if not seasons else None
    if anchor is not None:
        ref, start, end, named_there = anchor
        seasons = [ref]
        text = text[:start] + " in that season " + text[end:]
        if named_there and not re.search(r"\bP\d\b|\b(he|she|him|his|her|they|them|their)\b", text, re.I):
            people = []  # "who was runner-up the first time P1 won": the part asks about someone else
    m = _NEXT_SEASON.search(text)
    if m and len(seasons) == 1 and isinstance(seasons[0], int):
        # "the season right after season 22" -> season 23 (seasons are numbered in airing order)
        step = 1 if m.group("dir").lower() in ("after", "following") else -1
        seasons = [seasons[0] + step]
        asked = re.search(r"\b(which|what)\s*$", text[:m.start()], re.I)  # "which season came just before …"
        text = text[:m.start()] + ("season is " if asked else "") + f"season {seasons[0]}" + text[m.end():]
    m = _LATEST_SEASON.search(text)
    if m and not seasons and not people and not re.search(r"\b(his|her|their|P\d)\b", text):
        # "the most recent season": the last season the data holds (under a viewer scope, the last aired)
        seasons = [Ref("season_list", {}, "season", "the most recent season", pick=-1)]
        text = text[:m.start()] + "that season" + text[m.end():]
    m = _SEASON_AT_PLACE.search(text)
    if m and not any(is_ref(x) for x in seasons):
        # a season name inside the place ("the Pearl Islands, Panama") is the place, not another season
        place = re.sub(r"^the ", "", m.group("place").strip(" ,"), flags=re.I)
        seasons = [Ref("seasons_by_location", {"place": place}, "season", f"the season filmed in {place}")]
        text = text[:m.start()] + " that season " + text[m.end():]
    tribes = slots.tribes
    for name, season in slots.tribes:  # "the season that had the Kucha tribe" is season 2
        m = re.search(rf"\bthe season (?:that had|that featured|with|featuring|of) (?:the |a )?"
                      rf"(?:{re.escape(name)}|T\d)(?: tribe)?\b", text, re.I)  # the rules read T1 for a tribe
        if m and not any(is_ref(x) for x in seasons):
            text = text[:m.start()] + f"season {season}" + text[m.end():]
            seasons, tribes = [season], [t for t in tribes if t != (name, season)]
            break
    if text == slots.text:
        return slots
    return Slots(" ".join(text.split()), seasons, people, tribes, slots.mentions)


# "the person who won the final immunity challenge of season 47": a person named by a clause the rules can
# answer on its own. The clause is routed as its own question ("who won …"); its query becomes a Ref.
_RELATIVE = re.compile(r"\b(?:(?:the|that) (?:person|player|castaway|contestant|one|woman|man|guy|girl|juror) "
                       r"(?:who|that)|whoever) ", re.I)
# "the first person voted out of season 41", "the runner-up of season 12": a description the rules can answer
# as "who was …"
_DESCRIPTION = re.compile(r"\bthe (?=(?:(?:first|second|third|fourth|fifth|last|final|oldest|youngest"
                          r"|\d{1,2}(?:st|nd|rd|th)) (?:person|player|castaway|contestant|one|woman|man|juror|boot)"
                          r"|runner-up|runners-up|sole survivor|winner) )", re.I)
# "… on the same tribe as the winner?": the description ends the part
_AS_THE_END = re.compile(r"\bsame (?:\w+ )?tribe as (?P<the>the )(?=(?:winner|sole survivor|runner-up)\W*$)", re.I)
_OUTER_VERBS = re.compile(r"\s(?=(?:start|started|begin|began|play|played|compete|competed|finish|finished|get|got|"
                          r"receive|received|vote|voted|leave|left|go|went|make|made|have|had|return|returned|"
                          r"lasted|place|placed|end|ended|come|came|sit|sat|join|joined|find|found|win|won|lose|"
                          r"lost|do|did|is|was|were|are)\b)", re.I)
_PERSON_TOKEN = re.compile(r"\bP\d\b")


def relative_person(slots: Slots, route_clause, person_tools: set[str]) -> Slots:
    """Replace "the person who <clause>" by a Ref to the plan the rules make of "who <clause>", when that plan
    lists people (`person_tools`) and the rest of the part still routes. The clause ends before the outer
    question's verb ("… of season 47 | start on"), else at the end of the part. One person at most."""
    m = _RELATIVE.search(slots.text)
    asks = "who"
    if not m:
        m, asks = _DESCRIPTION.search(slots.text), "who was the"
        if not m and (end := _AS_THE_END.search(slots.text)):
            m = re.compile(r"the ").match(slots.text, end.start("the"))
        if m and (re.match(r"\s*(who|name|tell me)\b", slots.text[:m.start()], re.I)
                  or re.search(r"\b(who|name|tell me)( (was|is|were|are))?\s*$", slots.text[:m.start()], re.I)):
            return slots  # "(after the merge,) who was the first person voted out …" is the description's own question
    if not m or len(slots.people) > 1 or any(is_ref(p) for p in slots.people):
        return slots
    rest = slots.text[m.end():]
    # "whoever found the most idols, what place did they …": a comma (or a colon, a dash) closes the clause first
    commas = [i for i, ch in enumerate(rest) if i > 0 and (ch in ",:" or (ch in "-–—" and rest[i - 1] == " "))]
    ends = commas + [v.start() for v in _OUTER_VERBS.finditer(rest) if v.start() > 0][::-1] + [len(rest.rstrip(" ?.!"))]
    for end in ends:
        clause, after = rest[:end].strip(" ,"), rest[end:]
        if not clause or (asks != "who" and re.search(r"\b(never|not)\b|n't\b", clause, re.I)):
            continue  # "the winner never once | vote against": the negation is the outer question's
        inner_people = slots.people if _PERSON_TOKEN.search(clause) else []
        inner = route_clause(Slots(f"{asks} {clause}", slots.seasons, inner_people, slots.tribes))
        if inner is None or inner.tool not in person_tools or any(is_ref(v) for v in inner.params.values()):
            continue
        chosen, where, extreme = inner.first(Pick), inner.first(Where), inner.first(Extreme)
        pick = {"first": 0, "last": -1}.get(chosen.index) if chosen else None
        if pick is None and re.search(r"\b(most|least|fewest|top|highest|lowest)\b", clause, re.I):
            pick = 0  # "whoever found the most idols": the ranking's leader, not everyone ranked
        label = f"the person who {clause}" if asks == "who" else f"the {clause}"
        ref = Ref(inner.tool, inner.params, "castaway_id", label, where.match if where else None, pick,
                  extreme={"column": extreme.column, "max": extreme.max} if extreme else None)
        outer_people = [] if inner_people else list(slots.people)
        text = " ".join((slots.text[:m.start()] + "that person" + after).split())
        return Slots(text, slots.seasons, [ref] + outer_people, slots.tribes)
    return slots
