"""Rules about episodes: what happened in one, its own facts (title, air date, viewers, rating, length), and
eliminations per episode number."""

from __future__ import annotations

import re

from survivorgraph.agent.operations import (
    Aggregate,
    AtLeast,
    Bound,
    ColumnDifference,
    ColumnLess,
    Extreme,
    Focus,
    Operation,
    Ratio,
    Span,
    Where,
)
from survivorgraph.agent.phrases import NEGATION, WENT_HOME
from survivorgraph.agent.plans import Plan, Ref, Slots
from survivorgraph.agent.rules.base import exit_episode, rule
from survivorgraph.agent.season_span import season_span

_QUOTED_TITLE = re.compile(r"[\"“”]([^\"“”]{2,60})[\"“”]|(?<!\w)'([^']{2,60})'(?!\w)")


_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_DATE = re.compile(rf"\b(?:(?P<m1>{'|'.join(_MONTHS)}) (?P<d1>\d{{1,2}})(?:st|nd|rd|th)?,? (?P<y1>(?:19|20)\d\d)"
                   rf"|(?P<d2>\d{{1,2}})(?:st|nd|rd|th)? (?P<m2>{'|'.join(_MONTHS)}),? (?P<y2>(?:19|20)\d\d)"
                   r"|(?P<iso>(?:19|20)\d\d-\d\d-\d\d))\b", re.I)


def aired_on(text: str) -> str | None:
    """The ISO date a part names ("October 24, 2002", "24 October 2002", "2002-10-24"), or None."""
    m = _DATE.search(text)
    if not m:
        return None
    if m.group("iso"):
        return m.group("iso")
    month = _MONTHS.index((m.group("m1") or m.group("m2")).lower()) + 1
    return f"{int(m.group('y1') or m.group('y2')):04d}-{month:02d}-{int(m.group('d1') or m.group('d2')):02d}"


# "the 100th episode ever", "survivor's 400th episode", "episode 250 overall": an episode counted across the show
_OVERALL = re.compile(r"\b(?P<n>\d{1,3})(?:st|nd|rd|th) (?:episode|ep)\b"
                      r"|\bepisode (?:number |no\.? |#)?(?P<m>\d{1,3})"
                      r"(?= (?:overall|ever|of (?:all time|the (?:whole )?(?:show|series))))", re.I)
_SHOW_WIDE = (r"\b(ever|overall|all[- ]time|in (survivor|the show'?s?|show) history|of (the )?(whole )?(show|series))\b"
              r"|\bsurvivor'?s \d|\bof survivor\b")
_SEASON_MOST_EPISODES = 20  # no season has more: a larger number counts across the show


@rule("an episode by its number across the show")
def _episode_overall(s: Slots):
    """ "What was survivor's 400th episode?", "in the show's 100th episode overall, who got voted out?" """
    m = _OVERALL.search(s.text)
    if not m:
        return None
    number = int(m.group("n") or m.group("m"))
    if number <= _SEASON_MOST_EPISODES and (s.season is not None or not s.has(_SHOW_WIDE)):
        return None
    focus = "left_game" if s.has(WENT_HOME) or s.has(r"\b(voted (out|off)|eliminated|evacuated|quit)\b") else \
        "title" if s.has(r"\b(called|title|titled|named|name)\b") and not s.has(r"\bseason\b") else None
    return Plan("episode_overall", {"overall": number}, operations=(Focus(focus),) if focus else ())


@rule("recap or reunion episodes")
def _labelled_episodes(s: Slots):
    """ "How many recap / clip show episodes has survivor done?", "from s2 to s23, which seasons had no
    recap episode?", "gabon had a recap episode - what was it called?": each season's episodes of that label."""
    label = "Recap" if s.has(r"\brecap (episode|show|ep)s?\b(?! ?\d)|\bclip[- ]shows?\b|\brecaps\b") else \
        "Reunion" if s.has(r"\breunion (episode|show|special)s?\b") else None
    if label is None or s.people or \
            s.has(r"\b(not counting|excluding|except|other than|besides|apart from|leaving out)\b"):
        return None  # "not counting recaps, which season had the most episodes": the episodes, not the recaps
    params = {"label": label, **s.season_filter}
    if s.has(NEGATION):
        ops: list[Operation] = [Where({"n_episodes": 0})]
    elif s.has(r"\bhow many\b") and not s.season:
        ops = [Aggregate("total", "n_episodes")]
    else:
        ops = [AtLeast({"n_episodes": 1})]
        if s.has(r"\b(called|title|titled|named)\b"):
            ops.append(Focus("titles"))
        elif s.has(r"\b(which|what) episode\b|\bepisode (number|no)\b"):
            ops.append(Focus("episodes"))
    return Plan("episodes_by_label", params, operations=ops)


def _end_metric(s: Slots) -> str:
    """What a question measures a premiere or finale by: its audience, its IMDb rating or its length."""
    if s.has(r"\b(long|longer|longest|short|shorter|shortest|length|minutes|ran|run(ning)? ?time)\b"):
        return "minutes"
    return "rating" if s.has(r"\brat(ing|ed|ings)\b|\bimdb\b") else "viewers"


_MOST = r"\b(most|biggest|largest|highest|best|top|peak)\b"
_LEAST = r"\b(least|fewest|smallest|lowest|worst)\b"
_SMALLER = r"\b(fewer|less|lower|worse|shorter|smaller)\b"
_COMPARED = r"\b(more|fewer|less|higher|lower|better|worse|longer|shorter|bigger|smaller)\b"


_TIMES = r"\bhow many times (more|as many|bigger|larger|higher|over)\b|\bratio\b|\btimes as (many|much|big)\b"


@rule("premieres and finales")
def _premieres_and_finales(s: Slots):
    """A season's premiere and finale (season_ratings: their audiences, IMDb ratings and lengths): "how many more
    viewers did the season 8 premiere draw than its finale?", "from s30 to s48, which seasons' finales drew fewer
    people than their premieres?", "was the Gabon or the Samoa finale longer?", "which finales since s40 were
    rated under 8.0 on imdb?", "which season had the longest premiere?" """
    ends = [e.lower() for e in re.findall(r"\b(premiere|finale)s?\b", s.text, re.I)]
    if not ends or s.people or s.has(r"\bepisodes\b"):
        return None
    metric = _end_metric(s)
    both = [f"{e}_{metric}" for e in dict.fromkeys(ends)]
    if len(both) == 2 and isinstance(s.season, int) and s.has(_COMPARED + r"|\b(difference|drop\w*|gap)\b"):
        return Plan("season_ratings", {}, operations=(Where({"season": s.season}), ColumnDifference(*both)))
    if len(both) == 2 and not isinstance(s.season, int) and s.has(_COMPARED) and s.has(r"\bthan\b"):
        low, high = both if s.has(_SMALLER) else both[::-1]
        span = season_span(s.text)
        return Plan("season_ratings", {},
                    operations=(ColumnLess(low, high), *([Span("season", *span)] if span else [])))
    column = both[0]
    if len(s.seasons) == 2 and all(isinstance(x, int) for x in s.seasons) and s.has(_TIMES):
        # "how many times bigger was the s1 finale's audience than the s41 finale's?": the larger over the smaller
        return Plan("season_ratings", {}, operations=(Where({"season": list(s.seasons)}), Ratio(column)))
    if len(s.seasons) == 2 and all(isinstance(x, int) for x in s.seasons) and s.has(_COMPARED):
        return Plan("season_ratings", {},
                    operations=(Where({"season": list(s.seasons)}), Extreme(column, not s.has(_SMALLER))))
    if metric != "viewers" and (m := re.search(r"\b(\d{1,2}(?:\.\d)?)\b",
                                               re.sub(r"\b(s|season |episode )\d+\b", "", s.text))):
        how = "below" if s.has(NEGATION) or s.has(r"\b(under|below|less than|lower than|worse than)\b") else \
            "above" if s.has(r"\b(above|over|more than|higher than|better than)\b") else "at_least"
        bound = {column: float(m.group(1))}
        return Plan("season_ratings", {},
                    operations=(AtLeast(bound) if how == "at_least" else Bound(how, bound), Focus(column)))
    if not isinstance(s.season, int) and (s.has(_MOST) or s.has(_LEAST) or s.has(r"\b(longest|shortest)\b")):
        most = not (s.has(_LEAST) or s.has(r"\bshortest\b"))
        return Plan("season_ratings", {}, operations=(Extreme(column, most),))
    return None


@rule("what happened in an episode")
def _episode_events(s: Slots):
    if not isinstance(s.season, int) or not s.has(r"\b(left\b|leave|eliminat|voted (out|off)|went home|sent home|"
                                                  r"evacuat|quit|immunit|reward|happened|recap|summar|rundown|"
                                                  r"run-down|went down|catch me up|go over)") \
            or s.has(r"\b(most|every|all|across)\b"):
        return None
    if m := re.search(r"\bepisode (\d{1,2})\b", s.text, re.I):
        episode = int(m.group(1))
    elif quoted := _QUOTED_TITLE.search(s.text):  # 'who went home in the "Sumo at Sea" episode': its number
        title = (quoted.group(1) or quoted.group(2)).strip()
        episode = Ref("episode_facts", {"season": s.season}, "episode", f'the episode titled "{title}"',
                      where={"title": title})
    elif day := aired_on(s.text):  # "the episode that aired October 24, 2002": the one with that air date
        episode = Ref("episode_facts", {"season": s.season}, "episode", f"the episode that aired {day}",
                      where={"air_date": day})
    else:
        return None
    exits = s.has(r"\b(left|leave|eliminat|voted (out|off)|went home|sent home|evacuat|quit)") and not s.has(
        r"\bimmunit|\breward|\bhappened|\brecap|\bsummar|\brundown|\bwent down")
    return Plan("episode_events", {"season": s.season, "episode": episode, **({"about": "exits"} if exits else {})})


@rule("eliminations per episode number")
def _eliminations_by_episode(s: Slots):
    if s.has(r"\bepisode\b") and s.has(r"\b(most|fewest|how many)\b.*\b(eliminat|voted out|boots?|exits?)") \
            and not s.has(r"\b(most|fewest|how many)\b (\w+ ){0,2}(confessionals?|viewers|votes|ratings?)\b"):
        return Plan("eliminations_by_episode_number", {"limit": 5})


_EPISODE_FACTS = [
    (r"\btitle\b|\bcalled\b|\bnamed\b|\bname of\b", "title"),
    (r"\bair(ed)?\b|\bair ?date\b|\bbroadcast\b|\bwhen (was|did)\b", "air_date"),
    (r"\bviewers?\b|\bwatched\b|\baudience\b", "viewers"),
    (r"\brating\b|\bimdb\b|\brated\b", "imdb_rating"),
    (r"\bhow long\b|\bminutes\b|\blength\b|\brun ?time\b", "length_minutes"),
]






@rule("the episode next to the one a person left in")
def _episode_next_to_an_exit(s: Slots):
    """ "What was the episode right after Alecia got voted out called?": that episode's facts (its number is the
    exit episode's, plus or minus one)."""
    near = re.search(r"\bepisode (?:right |just |immediately |directly )?(after|before)\b", s.text, re.I)
    if not near or not isinstance(s.person, str) or not isinstance(s.season, int) \
            or s.has(r"\bimmun\w*|\brewards?\b|\bchallenges?\b|\bvot\w* (for|against)\b") \
            or not s.has(rf"\b[\w'’.-]+ {WENT_HOME}"):
        return None
    step = 1 if near.group(1).lower() == "after" else -1
    episode = exit_episode(s.person, s.season, step)
    focus = "title" if s.has(r"\b(called|title|name)\b") else "viewers" if s.has(r"\bviewers|watched\b") \
        else "air_date" if s.has(r"\bair(ed)?\b|\bwhen\b") else "imdb_rating" if s.has(r"\brat(ed|ing)\b") else None
    return Plan("episode_facts", {"season": s.season, "episode": episode}, operations=(Focus(focus),) if focus else ())


@rule("episodes or seasons ranked by viewers or rating")
def _ranked_by_audience(s: Slots):
    """ "Which episode of season 37 drew the biggest audience?", "the lowest rated season on IMDb": one season's
    episodes (episode_facts), or every season on average (season_ratings), at the top or the bottom."""
    column = "viewers" if s.has(r"\bviewers?\b|\baudience\b|\bwatch(ed|ing)?\b|\bviewership\b|\btuned in\b") \
        else "imdb_rating" if s.has(r"\brat(ing|ed|ings)\b|\bimdb\b") else None
    if column is None and not s.season and s.has(r"\b(most|fewest|least) episodes\b"):
        # "leaving out recaps and reunions, which season had the most episodes"
        column = "regular_episodes" if s.has(r"\b(recaps?|reunions?|specials?|regular)\b") else "episodes"
        return Plan("season_ratings", {}, operations=(Extreme(column, s.has(r"\bmost\b")),))
    if column is not None and len(s.seasons) == 2 and all(isinstance(x, int) for x in s.seasons) \
            and s.has(r"\b(more|fewer|less|higher|lower|better|worse|bigger|smaller)\b"):
        # "did Palau or Guatemala have more viewers on average?": the two seasons compared
        fewer = s.has(r"\b(fewer|less|lower|worse|smaller)\b")
        if column == "viewers" and (end := re.search(r"\b(finale|premiere)s?\b", s.text, re.I)):
            column = f"{end.group(1).lower()}_viewers"  # "did more people watch the premiere of A or of B"
        return Plan("season_ratings", {}, operations=(Where({"season": list(s.seasons)}),
                                                      Extreme(column, not fewer)))
    if column is None or s.people or not (s.has(_MOST) or s.has(_LEAST)):
        return None
    if column == "viewers" and not s.has(r"\bepisodes?\b") and (end := re.search(r"\b(finale|premiere)s?\b", s.text,
                                                                                re.I)):
        column = f"{end.group(1).lower()}_viewers"  # "which season had the most-watched finale"
        return Plan("season_ratings", {}, operations=(Extreme(column, not s.has(_LEAST)),))
    extreme = (Extreme(column, not s.has(_LEAST)),)
    if s.has(r"\bepisodes?\b") and isinstance(s.season, int):
        return Plan("episode_facts", {"season": s.season}, operations=extreme)
    if s.has(r"\bseasons?\b") and not s.season:
        return Plan("season_ratings", {}, operations=extreme)
    return None


@rule("facts about an episode")
def _episode_facts(s: Slots):
    if not isinstance(s.season, int):
        return None
    quoted = _QUOTED_TITLE.search(s.text)
    asked = next((column for pattern, column in _EPISODE_FACTS if column != "title" and s.has(pattern)), None)
    if quoted and (s.has(r"\bepisode\b") or asked):  # 'in season 12, which episode was titled "…"?'
        title = (quoted.group(1) or quoted.group(2)).strip()
        return Plan("episode_facts", {"season": s.season},
                    operations=(Where({"title": title}), Focus(asked or "episode")))
    m = re.search(r"\bepisode (\d{1,2})\b", s.text, re.I)
    end = re.search(r"\b(finale|premiere|first episode|last episode|final episode|reunion)\b", s.text, re.I)
    if not m and not end:
        return None
    for pattern, column in _EPISODE_FACTS:
        if s.has(pattern):
            if m:
                return Plan("episode_facts", {"season": s.season, "episode": int(m.group(1))},
                            operations=(Focus(column),))
            if column == "air_date" and not end.group(1).lower().endswith(("finale", "episode")):
                return None  # when the premiere aired: the season's own dates (season_facts)
            word = end.group(1).lower()
            label = {"premiere": "Ep 1", "first episode": "Ep 1", "reunion": "Reunion"}.get(word, "Finale")
            return Plan("episode_facts", {"season": s.season}, operations=(Where({"label": label}), Focus(column)))
    return None
