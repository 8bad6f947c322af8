"""Rules about seasons: a season's facts and cast, where seasons were filmed, seasons with or without returning
players, seasons with a given fact, the season a phrase names, and the list of seasons."""

from __future__ import annotations

import re

from survivorgraph.agent.operations import (
    AtLeast,
    Bound,
    ColumnDifference,
    Count,
    Extreme,
    Focus,
    Operation,
    Pick,
    Where,
    WhereNot,
)
from survivorgraph.agent.phrases import NEGATION, NUMBER_WORDS
from survivorgraph.agent.places import first_place
from survivorgraph.agent.plans import Plan, Slots, is_ref
from survivorgraph.agent.restrictions import gender_asked
from survivorgraph.agent.rules.base import end_pick, rule


@rule("seasons with or without returning players")
def _season_returnees(s: Slots):
    if s.season or not s.has(r"\bseasons?\b") or not s.has(
            r"\breturn\w*|\bveterans?\b|\bplayed before\b|\bbr(ing|ought) back\b"
            r"|\b(been|played|were) on (it |the show )?before\b"):
        return None
    if pick := end_pick(s.text):  # "the earliest season with returning players"
        return Plan("season_returnees", {"returnees": "with"}, operations=pick)
    if 2 <= len(s.seasons) <= 4 and s.has(r"\b(who|everyone|anyone|players?|castaways?|people)\b"):
        return None  # "everyone from season 1 who returned for season 8": people, not seasons
    if s.has(NEGATION) or s.has(r"\bonly (new|first[- ]time)"):
        return Plan("season_returnees", {"returnees": "without"})
    if s.has(r"\b(which|what) seasons\b|\bseasons (had|with|featured|featuring)\b"):
        return Plan("season_returnees", {"returnees": "with"})
    return Plan("season_returnees", {})


@rule("where a season named through a person was filmed")
def _season_place(s: Slots):
    if is_ref(s.season) and s.has(r"\b(what|which) country\b|\bwhere was .* filmed\b|\blocation\b|\bfilmed\b") \
            and not s.has(r"\bfrom\b"):
        return Plan("season_facts", {"season": s.season})


@rule("seasons filmed in a place")
def _seasons_by_location(s: Slots):
    place = first_place(s.text)
    if place and s.has(r"\bseasons?\b") and not any(is_ref(x) for x in s.seasons):
        return Plan("seasons_by_location", {"place": place})


@rule("the season a phrase names")
def _named_season(s: Slots):
    # "Sandra's second win: which season was that?" — the season is the answer (resolved by its ref).
    if is_ref(s.season) and s.has(r"\b(which|what) season\b") and not s.people:
        return Plan("season_facts", {"season": s.season})
    if s.season and s.has(r"^\s*(which|what) season is season \d+\W*$"):  # "which season came just before 39"
        return Plan("season_facts", {"season": s.season})
    if s.season and not s.people and s.has(r"\b(which|what) number\b|\bnumber season\b|\bseason number\b"
                                           r"|\bwhich season (number )?(was|is)\b"):
        return Plan("season_facts", {"season": s.season}, operations=(Focus("season"),))  # "which number was Gabon"


# A season fact asked by its own words: (pattern, the season_facts column that answers it)
_FACT_ASKED = [
    (r"\bhow many days\b|\bhow long\b.*\b(last|go|run|take)\b|\bnumber of days\b|\bdays (long|did it last)\b",
     "days"),
    (r"\btime ?slot\b|\b(what|which) (night|day of the week|nights)\b|\bwhat time\b", "timeslot"),
    (r"\b(how many|number of) (people|viewers)\b.*\b(watch\w*|tun\w* in)\b|\bviewers(hip)?\b|\baudience\b",
     "viewers_mean"),
]


_NIELSEN = r"\bnielsen\b|\brank\w*\b.{0,30}\b(tv|television) (season|shows?|programs?)\b"
# A season's dates as people name them: (words, season_facts column)
_DATES = [(r"\b(start\w* filming|filming (began|started|start\w*)|start of filming|began filming)\b",
           "filming_started"),
          (r"\b(filming (ended|wrapped|finished|end\w*)|finish\w* filming|wrapped|end of filming)\b",
           "filming_ended"),
          (r"\bpremiere\w*\b|\bfirst episode\b", "premiered"),
          (r"\bfinale\b|\blast episode\b|\bseason ended\b|\bended on tv\b", "ended")]


@rule("the time between two of a season's dates")
def _between_dates(s: Slots):
    """ "How many days passed between the start of filming on season 40 and its finale airing?", "how
    many days between the premiere and the finale of season 20?": the days between two of its dates."""
    named = [column for pattern, column in _DATES if s.has(pattern)]
    if isinstance(s.season, int) and not s.person and len(named) == 2 \
            and s.has(r"\bhow (long|many (days|weeks|months))\b|\b(time|gap|wait) between\b"):
        order = ["filming_started", "filming_ended", "premiered", "ended"]
        first, last = sorted(named, key=order.index)
        return Plan("season_facts", {"season": s.season}, operations=(ColumnDifference(last, first),))


@rule("season facts")
def _season_facts(s: Slots):
    if isinstance(s.season, int) and not s.person and s.has(_NIELSEN):
        # "where did Survivor rank in the Nielsen ratings the year Tocantins aired?"
        return Plan("season_facts", {"season": s.season}, operations=(Focus("nielsen_rank"),))
    if not s.season or s.person or s.has(r"\bwhere did\b.*\b(finish\w*|place[ds]?|end(ed)? up|rank\w*)\b"):
        return None  # "where did they finish" asks a placing, not a place
    for pattern, column in _FACT_ASKED:
        if s.has(pattern):
            return Plan("season_facts", {"season": s.season}, operations=(Focus(column),))
    if s.has(r"\b(what|which) year\b"):  # "what year was P1's first season on tv": the premiere's year
        return Plan("season_facts", {"season": s.season}, operations=(Focus("year"),))
    if s.has(r"\bwhere\b|\blocation\b|\bfilmed\b|\bwhen did\b|\bair(ed|s|ing)?\b|\bpremiere|\bhow many "
             r"(castaways|players|contestants|people|episodes)\b|\bcountry\b|\bfacts\b") and not s.has(_RETURNEES):
        return Plan("season_facts", {"season": s.season})


_RETURNEES = r"\breturn\w*|\b(had )?played before\b|\bveterans?\b|\bprevious(ly)? (played|seasons?)\b"


@rule("cast of a season")
def _cast(s: Slots):
    if s.season and s.has(r"\bcast\b|\bcontestants\b|\bcastaways\b|\bwho (played|competed) (in|on)\b"
                          r"|\bhow many (people|players)\b|\b(youngest|oldest)\b"):
        returnees = {"returnees_only": True} if s.has(_RETURNEES) else {}
        if m := re.search(r"\b(youngest|oldest)\b", s.text, re.I):  # the cast's youngest / oldest
            return Plan("season_cast", {"season": s.season, **returnees},
                        operations=(Extreme("age", m.group(1).lower() == "oldest"),))
        return Plan("season_cast", {"season": s.season, **returnees})


_SEASON_FACTS = [  # (pattern with the number as <n>, season_facts column)
    (r"\bfinal (?P<n>two|three|four|2|3|4)\b|\b(?P<n2>two|three|2|3)[- ](?:person|player|way) final\b"
     r"|\b(?:only )?(?P<n3>two|three|2|3) (?:people|players|finalists|castaways) (?:at|in|sat at|made) (?:the )?final"
     r"(?: tribal)?\b", "n_finalists"),
    (r"\bjury of (?P<n>\w+)\b|\b(?P<n2>\w+)[- ](?:person|member|juror) jury\b|\b(?P<n3>\w+) jurors\b",
     "jury_size"),
    (r"\b(?P<n>\w+) (?:castaways|contestants|players|people)\b|\bcast of (?P<n2>\w+)\b", "cast_size"),
    (r"\b(?P<n>\w+) episodes\b", "episodes"),
    (r"\b(?P<n>\w+) (?:starting |original )?tribes\b", "n_tribes"),
]


_TEENS = {"eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
          "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20}


def _season_count(s: Slots) -> tuple[Operation, ...]:
    return (Count("season"),) if s.has(r"\b(how many|number of) seasons\b") else ()


def _with_or_without(s: Slots, column: str, without: bool) -> Plan:
    """The seasons whose count in `column` is 0 ("no idols", "no women at final tribal"), or is not."""
    kept = Where({column: 0}) if without else WhereNot({column: [0]})
    return Plan("season_facts", {}, operations=(kept, *_season_count(s)))


@rule("seasons with a given fact")
def _seasons_with_fact(s: Slots):
    # "Which seasons had a final two?", "How many seasons had 18 castaways?", "seasons with a jury of ten"
    if s.season or s.people or not s.has(r"\b(which|what|how many|list|name)\b[\w ]{0,12}\bseasons\b"
                                         r"|\bseasons (had|with|where|that had|featured)\b|\bin which seasons?\b"
                                         r"|\bthe (first|last|latest|most recent|earliest) season (of survivor )?"
                                         r"(that|to|with|where|in which)\b"
                                         r"|\b(which|what) season (was|is) the (first|last|latest|most recent|earliest)"
                                         r" (one )?(that|to|with|where)\b"):
        return None
    plan = _seasons_with_fact_plan(s)
    if plan is not None and not plan.has(Pick, Count):
        plan.add(*end_pick(s.text, after_the=True))
    return plan


def _seasons_with_fact_plan(s: Slots):
    all_men = s.has(r"\ball[- ](male|men|guys?)\b")
    if s.has(r"\bfinal (tribal|three|two|four)|\bfinalists?\b|\bin the final\b") \
            and (gender_asked(s.text) == "Female" or all_men):
        # "seasons with no women at final tribal council", "seasons with an all-male final"
        return _with_or_without(s, "women_finalists", all_men or s.has(NEGATION))
    if s.has(r"\bidols?\b") and not s.has(r"\b(most|fewest|how many idols)\b"):  # "seasons with no idol found"
        return _with_or_without(s, "idols", s.has(NEGATION))
    if s.has(r"\bswap"):  # "seasons without a tribe swap", "seasons with two swaps"
        m = re.search(r"\b(?P<n>\w+) (?:tribe )?swaps\b", s.text, re.I)
        n = m and (int(m.group("n")) if m.group("n").isdigit() else NUMBER_WORDS.get(m.group("n").lower()))
        if n:
            return Plan("season_facts", {}, operations=(Where({"swaps": n}), *_season_count(s)))
        return _with_or_without(s, "swaps", s.has(NEGATION))
    for pattern, column in _SEASON_FACTS:
        m = re.search(pattern, s.text, re.I)
        if not m:
            continue
        raw = next(g for g in m.groups() if g).lower()
        n = int(raw) if raw.isdigit() else NUMBER_WORDS.get(raw) or _TEENS.get(raw)
        if n:  # (season_facts counts nothing by itself: with one season, "how many castaways" is a column)
            return Plan("season_facts", {}, operations=(Where({column: n}), *_season_count(s)))
    return None


# "the season with the biggest jury": the season_facts column a superlative ranks seasons by
_RANKED_FACTS = [
    (r"\bjur(y|ies|ors)\b", "jury_size"), (r"\b(cast|castaways|players|contestants|people)\b", "cast_size"),
    (r"\bdays\b|\blongest\b|\bshortest\b", "days"), (r"\btribes\b", "n_tribes"), (r"\bfinalists\b", "n_finalists"),
    (r"\b(tribe )?swaps\b", "swaps"), (r"\bidols\b", "idols"),
]
_RANKED_TOTALS = [
    (r"\baverage age\b|\b(youngest|oldest)\b.*\b(cast|castaways|players|contestants|group)\b", "average_age"),
    (r"\bconfessionals?\b", "confessionals"), (r"\bidols?\b.*\bplayed\b|\bplayed\b.*\bidols?\b", "idols_played"),
    (r"\bimmunity challenges\b|\bimmunities\b", "individual_immunity_challenges"),
    (r"\btribal councils\b|\btribals\b", "tribal_councils"),
]
_SUPERLATIVE = r"\b(most|largest|biggest|longest|greatest|highest|fewest|smallest|shortest|least|lowest|youngest" \
               r"|oldest)\b"


_NOBODY = r"\b(no|not a single|not one|nobody|no one|none of the)\b"
_WOMEN, _MEN = r"\b(wom[ae]n|females?|girls?|ladies)\b", r"\b(m[ae]n|males?|guys?)\b"
_MORE_THAN = re.compile(r"\bmore than (\d|one|two|three|four|five)\b|\b(\d|two|three|four|five) or more\b", re.I)


@rule("seasons by who won individual immunity")
def _seasons_by_immunity_winners(s: Slots):
    """ "Seasons where no woman won individual immunity", "in which seasons did nobody win more than two
    immunities": the seasons whose immunity wins (by women, by men, the most by one person) say so."""
    if s.season or s.people or not s.has(r"\bseasons?\b") or not s.has(r"\bimmunit") \
            or not s.has(r"\b(won|win|wins|winning)\b"):
        return None
    more = _MORE_THAN.search(s.text)
    if more:
        raw = (more.group(1) or more.group(2)).lower()
        n = int(raw) if raw.isdigit() else NUMBER_WORDS[raw]
        n = n if more.group(1) else n - 1  # "more than two" is 3+; "three or more" is more than 2
        if s.has(_NOBODY):
            return Plan("season_totals", {}, operations=(Bound("at_most", {"most_immunity_wins_by_one": n}),))
        return Plan("season_totals", {}, operations=(AtLeast({"most_immunity_wins_by_one": n + 1}),))
    if s.has(_NOBODY) and (s.has(_WOMEN) or s.has(_MEN)):
        column = "immunity_wins_by_women" if s.has(_WOMEN) else "immunity_wins_by_men"
        return Plan("season_totals", {}, operations=(Where({column: 0}),))
    return None


@rule("two seasons compared on a fact")
def _two_seasons_compared(s: Slots):
    """ "Did s41 or s42 have more hidden immunity idols found?", "which had the bigger jury, Palau or Fiji?": the
    two seasons' facts (or totals), the larger (or smaller) first."""
    if len(s.seasons) != 2 or not all(isinstance(x, int) for x in s.seasons) or s.people \
            or not s.has(r"\b(more|fewer|less|larger|bigger|smaller|longer|shorter)\b") \
            or s.has(r"\bpremiere|\bfinale|\bviewers?\b|\bwatch\w*|\baudience\b|\brat(ed|ing)"):
        return None  # an audience or a rating: seasons ranked by viewers or rating
    fewer = s.has(r"\b(fewer|less|smaller|shorter)\b")
    for tool, table in (("season_totals", _RANKED_TOTALS), ("season_facts", _RANKED_FACTS)):
        for pattern, column in table:
            if s.has(pattern):
                return Plan(tool, {}, operations=(Where({"season": list(s.seasons)}), Extreme(column, not fewer)))
    return None


@rule("seasons ranked by a fact")
def _seasons_ranked(s: Slots):
    """ "Which season's jury was the biggest?", "which season was the longest in days?", "the season with the fewest
    tribes": every season's facts, at the top (or bottom) of one column, ties kept."""
    if s.season or s.people or not s.has(r"\b(which|what) season\b|\bthe season with\b") or not s.has(_SUPERLATIVE):
        return None
    most = not s.has(r"\b(fewest|smallest|shortest|least|lowest|youngest)\b")
    for pattern, column in _RANKED_TOTALS:  # what a season added up to (season_totals)
        if s.has(pattern):
            return Plan("season_totals", {}, operations=(Extreme(column, most),))
    for pattern, column in _RANKED_FACTS:
        if s.has(pattern):
            return Plan("season_facts", {}, operations=(Extreme(column, most),))
    return None


@rule("list of seasons")
def _season_list(s: Slots):
    if s.has(r"\b(list|all) (of )?(the )?seasons\b|\bhow many seasons (are there|have there been)\b") or (
            not s.season and s.has(r"\bseasons?\b.*\b(premiered|aired|debuted|began|started)\b.*\b(19|20)\d\d\b")):
        return Plan("season_list", {})
