"""Rules about what people did and are: castaways who never did something, two people compared on a count,
idols and advantages, confessionals, a person's own facts and age."""

from __future__ import annotations

import re

from survivorgraph.agent.operations import (
    AtLeast,
    Bound,
    Count,
    Difference,
    Extreme,
    Focus,
    GroupsOfAtLeast,
    InSet,
    LargestGroup,
    Operation,
    Pick,
    Range,
    Rank,
    Sort,
    Where,
    WhereNot,
)
from survivorgraph.agent.phrases import NEGATION, min_seasons, seasons_played, times
from survivorgraph.agent.plans import Plan, Slots, is_ref
from survivorgraph.agent.rules.base import ONE_SEASON, SEASON_RANKED, plural_group, rule

# What a castaway never did: (the words for it, castaways_without's `without`, the plan of everyone who ever did
# it in a career — for "played 4 or more times and never …" — or None where no catalog query lists them)
_NEVER_DID = [
    # "made the merge without ever going to tribal council": none before the merge (after it, everyone goes)
    (r"\bmerge\b.*\b(without|never)\b.*\btribal\b|\b(without|never)\b.*\btribal\b.*\bbefore the merge\b",
     "pre_merge_tribal", None),
    (r"\b(went|go|goes|gone|going|been|attend\w*|sat|sit|sitting|visit\w*) (to |at |through )?(a |any |one )?tribal\b",
     "tribal_council", None),
    (r"\b(receiv\w*|got|get|gotten|cast against)\b[\w ]{0,20}\bvotes?\b|\bvoted (for|against)\b|\bvotes? against\b",
     "votes_received", {"tool": "most_votes_received", "params": {"limit": 1000}}),
    (r"\b(won|win|winning)\b[\w ]{0,25}\bimmunit", "individual_immunity",
     {"tool": "individual_immunity_ranking", "params": {"scope": "individual", "limit": 1000}}),
    (r"\b(won|win|winning)\b[\w ]{0,25}\brewards?\b", "individual_reward",
     {"tool": "individual_reward_ranking", "params": {"scope": "individual", "limit": 1000}}),
    (r"\bwinning side\b|\b(won|win|winning)\b[\w ]{0,25}\b(any|a single|a|one) (challenge|reward or immunity|"
     r"immunity or reward)\b", "challenge_win", None),
    (r"\b(on|make|made|join\w*|reach\w*|sit on|sat on) (the|a) jury\b", "jury",
     {"tool": "jury_appearances", "params": {}}),
    (r"\b(make|made|reach\w*) (it to )?(the|a) merge\b|\bmissed the merge\b", "merge",
     {"tool": "career_milestones", "params": {}, "operations": (WhereNot({"merges": [0]}),)}),
    # (no castaways_without list: only over a career, "played 3 or more times and never made final tribal")
    (r"\b(make|made|reach\w*|got|get|sat at|sit at)( it)? (to )?(the |a )?final (tribal council|tribal|three|two)\b",
     None, {"tool": "career_milestones", "params": {}, "operations": (WhereNot({"finals": [0]}),)}),
]
_JURY_VOTES = r"\bjury votes?\b|\bvotes? (from|of) the jury\b|\bunanimous"


@rule("castaways who never did something")
def _castaways_without(s: Slots):
    if s.people or not s.has(NEGATION) or s.has(r"\b(which|what) (\w+ )?tribes?\b"):  # tribes, not castaways
        return None
    for pattern, without, career in _NEVER_DID:
        if not s.has(pattern) or (without == "votes_received" and s.has(_JURY_VOTES)) \
                or (without in ("jury", "merge") and s.tribes):
            continue
        if not s.season and career and (n := min_seasons(s.text)):
            # "played 4 or more times and never won individual immunity": in no season, not in each one apart
            return Plan("players_with_min_seasons", {"min_seasons": n, "limit": 1000},
                        operations=(InSet({**career, "key": "castaway_id", "on": "castaway_id"}, keep=False),))
        if without is None:
            continue
        return Plan("castaways_without", {"without": without, "group": plural_group(s), **s.season_filter})
    return None


# What two people can be compared on: (the words for it, the ranking query that counts it, its fixed params)
_COMPARED_ON = [  # (what the part compares, the query that has it for everyone, its fixed params)
    (r"\bimmunit(?!y idols?)", "individual_immunity_ranking", {"scope": "individual", "limit": 1000}),
    (r"\brewards?\b", "individual_reward_ranking", {"scope": "individual", "limit": 1000}),
    (r"\bconfessionals?\b|\bscreen ?time\b", "confessional_leaders", {"limit": 1000}),
    (r"\bjury votes?\b|\bvotes? (?:at|in) the final\b", "season_finalists", {}),  # the finalists' jury votes
    (r"\bvotes? cast\b|\bcast (?:more|fewer) votes\b|\bvoted more\b|\b(?:more|fewer) names\b", "most_votes_cast",
     {"limit": 1000}),
    (r"\bvotes? (against|cast against)|\breceiv\w* .*votes?|\bvotes? received\b|\bvotes? (?:thrown|cast|sent|"
     r"directed) (?:their|his|her|my) way\b", "most_votes_received", {"limit": 1000}),
    (r"\bidols?\b|\badvantages?\b", "advantages_found_ranking", {"limit": 1000}),
    (r"\btribal councils?\b|\btribals\b", "tribal_councils_attended", {"limit": 5000}),
]


_ON_A_JURY = r"\b(on|sat on|sit on|been on|served on) (a|the)( \w+)? jury\b|\bjurors?\b|\bjury (appearances|duty)\b"


@rule("people by how many juries they sat on")
def _jury_appearances(s: Slots):
    """ "Who has sat on a jury the most times?", "how many different people have been on a jury?", "who has
    been a juror three times?": everyone's juries, across seasons."""
    if s.season or s.people or s.has(NEGATION) or not s.has(_ON_A_JURY) or seasons_played(s.text):
        return None  # "played 3 or more seasons and sat on a jury": the 3 are seasons, not juries
    if s.has(r"\bmost\b"):
        return Plan("jury_appearances", {}, operations=(Rank(1),))
    if n := min_seasons(s.text) or (s.has(r"\b(twice|two times)\b") and 2) or (
            s.has(r"\b(three|3) times\b") and 3):
        return Plan("jury_appearances", {"min_juries": n})
    if s.has(r"\b(how many|number of) (different |distinct |unique )?(people|players|castaways|jurors)\b"):
        return Plan("jury_appearances", {})
    return None


@rule("two people compared on a count")
def _two_compared(s: Slots):
    # "who won more individual immunities, A or B?", "did A or B get more confessionals?"
    if len(s.people) == 2 and not any(is_ref(p) for p in s.people) and (
            m := re.search(r"\b(older|younger|oldest|youngest|born (?:first|earlier|later|last))\b", s.text, re.I)):
        # "which of Rob and Sandra is older?": by date of birth, not by the age each had in some season
        younger = m.group(1).lower() in ("younger", "youngest", "born later", "born last")
        if s.has(r"\bwhen (they|he|she|each) won\b|\bat the time of (their|the|his|her) (win|victory)\b"
                 r"|\bwhen (winning|they were crowned)\b|\bat their wins?\b"):
            # "who was older when they won": the age each had in the season they won, not the date of birth
            return Plan("winners_with_jury_votes", {},
                        operations=(Where({"castaway_id": list(s.people)}), Extreme("age", not younger)))
        if s.has(r"\bhow (many years|much)\b"):  # "how many years older was A than B": the gap between the two
            return Plan("people_facts", {"castaway_ids": list(s.people)}, operations=(Difference("date_of_birth"),))
        return Plan("people_facts", {"castaway_ids": list(s.people)},
                    operations=(Extreme("date_of_birth", younger),))
    if len(s.people) != 2 or any(is_ref(p) for p in s.people) or not s.has(r"\b(more|fewer|less|most)\b"
                                                                            r"|\bcompared (to|with)\b|\bversus\b"):
        return None
    for pattern, query, fixed in _COMPARED_ON:
        if s.has(pattern):
            tribal = "scope" in fixed and s.has(r"\btribal?\b (immunity|reward|challenge)")
            scope = {"scope": "tribal"} if tribal else {}
            where: dict = {"castaway_id": list(s.people)}
            if query == "season_finalists" and len(s.seasons) > 1:  # "A on Marquesas vs B on Africa": their finals
                where["season"] = list(s.seasons)
            return Plan(query, {**fixed, **scope, **s.season_filter},
                        operations=(Where(where), *([Sort("jury_votes")] if query == "season_finalists" else [])))
    return None


# The kinds of advantage survivoR names (its advantage_type), as people type them
_ADVANTAGE_KINDS = re.compile(r"\b(extra vote|steal a vote|block a vote|vote blocker|idol nullifier|knowledge is power"
                              r"|safety without power|bank your vote|control the vote|choose your champion"
                              r"|reward stealer|super idol|amulet|challenge advantage|goodwill advantage"
                              r"|inheritance advantage|advantage menu)s?\b".replace(" ", "[- ]"), re.I)


_FOR_SOMEONE_ELSE = (r"\b(for|on|to) (somebody|someone|anybody|anyone|another|other|others)( else| player| castaway)?\b"
                     r"|\b(to )?(save|saving|protect|protecting) (somebody|someone|another|an ally)\b")


@rule("idol and advantage events")
def _advantage_events(s: Slots):
    """ "Which s41 players were voted out holding an idol?", "who went home with an advantage in their pocket?",
    "which advantages expired?", "when did the extra vote first show up?": the season's (or every season's)
    events of that kind, whoever they were."""
    named_kind = _ADVANTAGE_KINDS.search(s.text)
    if s.people or not (named_kind or s.has(r"\bidols?\b|\badvantages?\b")):
        return None
    kind = {"advantage_type": named_kind.group(1).lower().replace("-", " ")} if named_kind else \
        {"advantage_type": "immunity idol"} if s.has(r"\bidols?\b") and not s.has(r"\badvantages?\b") else {}
    # (an idol is not the idol nullifier; "idols/advantages" are both)
    target = (Focus("played_for"),) if s.has(r"\b(go|goes|went|going) after\b|\btarget\w*|\bus(e|ed|ing) it on\b"
                                              r"|\bon whom\b|\bagainst whom\b|\bwho was it (used|played) on\b") else ()
    params = {**kind, **s.season_filter}
    first = re.search(r"\b(first|earliest|debut\w*|introduc\w*|last|latest|most recent)\b", s.text, re.I)
    if first and first.group(1).lower() in ("first", "earliest") and s.has(r"\b(found|find|finds|dug up)\b") \
            and not s.has(r"\b(which|what) season\b"):  # the first season with an idol: seasons ranked
        # "how many days into Tocantins did someone find the first idol, and who?": the first find (its day);
        # "whoever found the first idol of s49 - …" names that person for the rest of the question
        when = (Focus("day"),) if s.has(r"\bdays?\b|\bwhen\b") else ()
        return Plan("advantage_events", {**params, "event": "found"}, operations=(Pick("first"), *when))
    if named_kind and first and not s.season:
        # "which season did the idol nullifier first appear in?": the first (or last) event of that kind
        end = "last" if first.group(1).lower() in ("last", "latest", "most recent") else "first"
        event = {"event": "played"} if s.has(r"\b(play|played|used)\b") else \
            {"event": "found"} if s.has(r"\bfound\b") else {}
        return Plan("advantage_events", {**params, **event}, operations=(Pick(end), *(target or (Focus("season"),))))
    if s.has(r"\b(play|played|plays|playing|used|use|gave|give)\b") and s.has(_FOR_SOMEONE_ELSE):
        # "who has played an idol for somebody else at least twice?", "the first time anyone played one for
        # someone else": the plays for another player (played_for_id is not the player's own)
        plays = {**params, "event": "played", "for_others": True}
        if n := times(s.text):
            return Plan("advantage_events", plays, operations=(GroupsOfAtLeast("castaway_id", n),))
        if first and not s.season:
            end = "last" if first.group(1).lower() in ("last", "latest", "most recent") else "first"
            return Plan("advantage_events", plays, operations=(Pick(end),))
        return Plan("advantage_events", plays)
    holding = (r"(with|holding|still (had|holding|having)|in (their|his|her) (pocket|bag)"
               r"|without (ever )?(playing|using))")
    if s.has(rf"\b(voted out|blindsided|booted|sent home|went home|got the boot)\b.*\b{holding}\b"
             rf"|\b{holding}\b.*\b(voted out|blindsided|booted|sent home)\b"):
        return Plan("advantage_events", {"event": "voted_out", **params})
    # how a play came out (survivoR's success): "an idol that turned out not to be needed", "knowledge is power that
    # didn't work", "came away with nothing"
    if s.has(r"\bnot (to be |be |been )?needed\b|\b(wasn't|was not|weren't|were not) needed\b|\bunneeded\b"
             r"|\bunnecessar\w*|\bneedless\w*|\bwasted\b"):
        return Plan("advantage_events", {**params, "event": "played"}, operations=(Where({"success": "Not needed"}),))
    if s.has(r"\b(not|never|n't) (\w+ )?work\w*|\bfail\w*|\bunsuccessful\w*|\bbackfir\w*|\bcame away with nothing\b"
             r"|\bgot nothing\b|\bin vain\b|\bcame up empty\b"):
        return Plan("advantage_events", {**params, "event": "played"}, operations=(Where({"success": "No"}),))
    if named_kind and s.has(r"\b(worked|work|successful\w*|succeeded|paid off)\b"):
        return Plan("advantage_events", {**params, "event": "played"}, operations=(Where({"success": "Yes"}),))
    if s.has(r"\b(play|played|playing|used)\b") and s.has(r"\b(didn't|did not|never|no|not|without|zero)\b[\w ]{0,25}"
                                                          r"\b(cancel\w*|nullif\w*|negat\w*|void\w*|votes?)\b"):
        # "who played an idol that didn't cancel a single vote": the plays that nullified none
        return Plan("advantage_events", {"event": "played", **params},
                    operations=(Where({"votes_nullified": [0, None]}),))
    if s.has(r"\b(found|find|finds|finding)\b") and s.has(r"\b(never|without|didn't|did not|not)\b (\w+ )?"
                                                          r"(play|played|playing|use|used|using)\b"):
        # "who found an idol but never played one": the finders, less everyone who played one
        played = {"tool": "advantage_events", "params": {"event": "played", **params}, "key": "castaway_id",
                  "on": "castaway_id", "reading": "who played one"}
        return Plan("advantage_events", {"event": "found", **params}, operations=(InSet(played, keep=False),))
    if s.has(r"\bexpired?\b|\bwent unused\b|\bunplayed\b"):
        return Plan("advantage_events", {"event": "expired", **params})
    if s.has(r"\b(without|no) (a |any )?clues?\b|\bclueless\b"):
        # "in which season were the most idols found with no clue?": the finds survivoR marks clueless
        ops: list[Operation] = [Where({"clue": "Found without clue"})]
        if s.has(SEASON_RANKED):
            ops.append(LargestGroup("season", not s.has(r"\b(fewest|least)\b")))
        return Plan("advantage_events", {**params, "event": "found"}, operations=ops)
    if not named_kind:
        return None
    if s.has(r"\bhow many\b") and not target:
        # "how many extra vote advantages have been in play?": the advantages of that kind, counted
        return Plan("advantage_events", params, operations=(Count("advantage_id"),))
    if first:  # "first time anyone used knowledge is power - who did they go after?"
        end = "last" if first.group(1).lower() in ("last", "latest", "most recent") else "first"
        event = {"event": "played"} if s.has(r"\b(play|played|used|use)\b") else {}
        return Plan("advantage_events", {**params, **event}, operations=(Pick(end), *target))
    if s.has(_WHICH_SEASONS_HAD) or s.season:
        # "which seasons had an extra vote?" (the seasons of its events), "the reward stealer on s33 - who found it?"
        # (its story: found, played, by whom)
        return Plan("advantage_events", params, operations=target or ((Focus("season"),) if not s.season else ()))
    return None


_WHICH_SEASONS_HAD = r"\b(which|what) seasons?\b.*\b(had|have|has|saw|featured|included|with)\b"


_HELD = r"\b(held|holding|hold|sitting on|sat on|sit on|kept|keeping|hung on to|hanging on to|had|carried|carrying)\b"


@rule("how long people held an advantage")
def _advantage_holding(s: Slots):
    """ "On HHH, who spent the most episodes sitting on an advantage?", "whoever held onto an advantage the longest
    on s41", "which finalists from s41 on never held an idol at any point?": the episodes each castaway held one
    (survivoR's advantage_timeline)."""
    if not s.has(r"\bidols?\b|\badvantages?\b") or not s.has(_HELD) or s.has(r"\b(found|find|play\w*|used?)\b"):
        return None
    if s.has(r"\bfinalists?\b|\bfinal (three|two|3|2)\b") and s.has(NEGATION):
        return Plan("season_finalists", s.season_filter, operations=(Where({"advantage_episodes": 0}),))
    if isinstance(s.season, int) and (s.has(r"\b(most|fewest|least)\b.*\bepisodes?\b|\b(longest|shortest)\b")):
        most = not s.has(r"\b(fewest|least|shortest)\b")
        return Plan("season_cast", {"season": s.season},
                    operations=(Extreme("advantage_episodes", most), Focus("advantage_episodes")))
    return None


_AGE_RANGE = r"\b(gap|difference|range|spread|span|between)\b.*\boldest\b.*\byoungest\b" \
             r"|\b(gap|difference|range|spread|span|between)\b.*\byoungest\b.*\boldest\b|\bage (range|spread|gap)\b"


@rule("the age gap between a season's oldest and youngest")
def _age_range(s: Slots):
    """ "On s3, what was the age gap between the oldest and youngest castaways?": the cast's top age minus its
    bottom one."""
    if isinstance(s.season, int) and not s.people and s.has(_AGE_RANGE):
        return Plan("season_cast", {"season": s.season}, operations=(Range("age"),))


# survivoR's castaway scores as people name them: (words, column); the overall score otherwise
_SCORES = ((r"\bchallenge threat|\bthreat\b.{0,25}\bchallenges?\b|\bchallenges?\b.{0,25}\bthreat", "challenge_threat"),
           (r"\bstrategic threat|\bstrateg\w* threat|\bthreat\b.{0,25}\bstrateg|\bstrateg\w*\b.{0,25}\bthreat",
            "strategic_threat"),
           (r"\boutwit", "score_outwit"), (r"\boutplay", "score_outplay"), (r"\boutlast", "score_outlast"))
_SCORE_WORDS = r"\bscores?\b|\bsurvivoR\b|\brat(e|es|ed|ing|ings)\b|\branks?\b|\bnumbers\b|\bstats\b"
_BAND = re.compile(r"\b(top|bottom) (\d{1,2}) ?(%|percent)", re.I)
_BANDS = ("1%", "2%", "5%", "10%", "20%", "50%")
_HALF = re.compile(r"\b(top|bottom|upper|lower) half\b", re.I)
# "0.9 or more", "at least 0.9", "above 0.9", "under 0.5": a bound on the score
_SCORE_BOUND = re.compile(r"\b(?:(?P<least>at least|above|over|more than|higher than|below|under|less than|lower than) "
                          r"(?P<n1>0?\.\d+|1(?:\.0+)?)|(?P<n2>0?\.\d+|1(?:\.0+)?) (?P<more>or (?:more|higher|above|"
                          r"better|over)|\+))", re.I)


@rule("castaway scores")
def _castaway_scores(s: Slots):
    """ "Who has the highest overall castaway score on Palau, according to survivoR?", "who does survivoR rate the
    biggest challenge threat on Guatemala?", "where does Artis rank as a strategic threat on s25?", "who is in the
    top 1% as a challenge threat?", "winners since s30 not in the top half as challenge threats", "an overall score
    of 0.9 or more but never won": survivoR's scores and threat ratings (castaway_scores)."""
    column = next((c for pattern, c in _SCORES if s.has(pattern)), None)
    if s.has(r"\bvotes?\b|\bjury\b") or not (s.has(r"\bscores?\b") and (isinstance(s.season, int) or s.people)
                                              or s.has(r"\b(castaway|overall) scores?\b")
                                              or column and s.has(_SCORE_WORDS)):
        return None
    column = column or "score_overall"
    band = f"{column}_band" if column.endswith("threat") else None
    params = {**s.season_filter, **({"castaway_id": s.person} if len(s.people) == 1 else {})}
    where: dict = {}
    bound: tuple[Operation, ...] = ()
    if len(s.people) == 2:
        return Plan("castaway_scores", s.season_filter,
                    operations=(Where({"castaway_id": list(s.people)}), Sort(column), Focus(column)))
    if s.has(r"\bnever won|\b(did not|didn't|never|not) win|\bwithout winning|\bnon-?winners?\b|\blosers?\b"):
        where["winner"] = False
    elif s.has(r"\bwinners?\b|\bwho won\b|\bsole survivors?\b"):
        where["winner"] = True
    if band and (m := _BAND.search(s.text)):
        where[band] = f"{m.group(1).title()} {m.group(2)}%"
    elif band and (m := _HALF.search(s.text)):
        side = "Top" if m.group(1).lower() in ("top", "upper") else "Bottom"
        other = "Bottom" if side == "Top" else "Top"
        # "not in the top half" is every band of the bottom half
        wanted = other if s.has(NEGATION) else side
        where[band] = [f"{wanted} {b}" for b in _BANDS]
    if m := _SCORE_BOUND.search(s.text):
        n = float(m.group("n1") or m.group("n2"))
        low = (m.group("least") or "").lower() in ("below", "under", "less than", "lower than")
        bound = (Bound("below", {column: n}) if low else AtLeast({column: n}),)
    kept = (*([Where(where)] if where else []), *bound)
    if s.person:
        focus = band if band and s.has(r"\b(rank\w*|band|top|bottom|percent|%)") else column
        return Plan("castaway_scores", params, operations=(*kept, Focus(focus)))
    if not where and not bound \
            or s.has(r"\b(best|biggest|highest|top|most|greatest|worst|lowest|smallest|least|bottom)\b(?! \d| half)"):
        best = not s.has(r"\b(worst|lowest|smallest|least|bottom)\b(?! \d| half)")
        if not (band and _BAND.search(s.text)):
            kept = (*kept, Extreme(column, best))
    return Plan("castaway_scores", params, operations=(*kept, Focus(column)))


# What an advantage's conditions answer: when it could be played, until when, what was special about it
_CONDITIONS = (r"\b(catch|conditions?|restrict\w*|rules? (on|for|of)|different about|special about|unusual about"
               r"|valid (until|through|till)|expire[sd]? (when|after)|(could|can) (only |actually |first )?(be )?"
               r"(play|played|use|used)\b.*\b(day|when|until|after|before)|from what day|what day .* play)")


@rule("idols and advantages")
def _advantages(s: Slots):
    if not (s.has(r"\bidols?\b|\badvantages?\b") or s.person and _ADVANTAGE_KINDS.search(s.text)) \
            or (not s.people and s.has(SEASON_RANKED)):
        return None
    kind = {"advantage_type": "Hidden Immunity Idol"} if s.has(r"\bidols?\b") else {}
    if s.has(r"\bmost\b"):
        n = min_seasons(s.text)
        return Plan("advantages_found_ranking", {**kind, **s.season_filter, **({"min_seasons": n} if n else {})})
    if s.person and s.has(_CONDITIONS):
        # "the idol Jessica found came with a catch - from what day could she play it?": its conditions, whatever
        # its kind (a Super Idol is an idol too)
        found = (Where({"event": ["found", "found_beware", "received"]}),) if s.has(r"\b(found|got|received)\b") \
            else ()
        return Plan("player_advantages", {"castaway_id": s.person, **s.season_filter},
                    operations=(*found, Focus("conditions")))
    if s.person and (s.has(_FOR_SOMEONE_ELSE) and s.has(r"\b(play|played|plays|playing|used|use)\b")
                     or s.has(r"\b(who|whom) did\b.*\b(use|play)\b.*\bon\b")):
        # "Carolyn used her idol on somebody else on s44 - who was it?": her plays for another player, whom first
        return Plan("player_advantages", {"castaway_id": s.person, **s.season_filter},
                    operations=(Where({"event": ["played"]}), WhereNot({"played_for_id": [None, s.person]}),
                                Focus("played_for")))
    if s.person and s.has(r"\bwhose vote\b|\b(took|take|taken|stole|steal|blocked|block)\b.{0,20}\bvotes?\b"
                          r"|\bvote did (he|she|they) (take|steal|block)\b"):
        # "Noelle used a steal-a-vote on s43. whose vote did she take?": whom she played it on
        return Plan("player_advantages", {"castaway_id": s.person, **s.season_filter},
                    operations=(Where({"event": ["played"]}), Focus("played_for")))
    if s.person:
        # "how many idols did Rick find": the events of that kind (a found idol is one row; played is another)
        where: dict = {}
        if s.has(r"\b(find|finds|found|finding|dug up|dig up|uncover\w*)\b"):
            where["event"] = ["found", "found_beware"]
        elif s.has(r"\b(play|plays|played|playing|use|used)\b"):
            where["event"] = ["played"]
        if kind and where:
            where["advantage_type"] = kind["advantage_type"]
        return Plan("player_advantages", {"castaway_id": s.person, **s.season_filter},
                    operations=(Where(where),) if where else ())
    if s.season and not s.has(r"\b(first|earliest|last|latest|final|most)\b") \
            and s.has(r"^\s*(who|which (players?|castaways?|people))\b"):
        # "who played an idol on season 20": the people who played (or found) one, not every advantage's row
        column = "played_by" if s.has(r"\b(play\w*|used?)\b") else "found_by"
        return Plan("season_advantages", {"season": s.season, **kind},
                    operations=(WhereNot({column: [None]}), Focus(column)))
    if s.season:
        # "the first idol played on season 36": the earliest (or latest) play of the season's advantages
        end = re.search(r"\b(first|earliest|last|latest|final)\b[\w ]{0,30}\b(play\w*|used|found|find)\b"
                        r"|\b(play\w*|used|found)\b[\w ]{0,20}\b(first|last)\b", s.text, re.I)
        if end:
            words = end.group(0).lower()
            column = "found_episode" if re.search(r"\bf(ou|i)nd", words) else "played_episode"
            return Plan("season_advantages", {"season": s.season, **kind},
                        operations=(Extreme(column, bool(re.search(r"last|latest|final", words))),
                                    Focus(column.split("_")[0] + "_by")))
        return Plan("season_advantages", {"season": s.season, **kind})


@rule("confessionals")
def _confessionals(s: Slots):
    if not s.people and s.has(r"\bconfessionals?\b") and s.has(r"\bepisodes?\b") \
            and s.has(r"\b(most|fewest|least)\b"):
        # "which s31 episode had the most confessionals in total?", "who went home in the s38 episode that had
        # the most confessionals?"
        gone = s.has(r"\b(voted (out|off)|went home|sent home|left|eliminated|booted)\b")
        return Plan("episode_confessionals", s.season_filter,
                    operations=(Extreme("confessionals", s.has(r"\bmost\b")),
                                *([Focus("left_the_game")] if gone else [])))
    if s.person and s.has(r"\bconfessionals?\b") and s.has(r"\b(which|what) episode|\bper episode\b|\beach episode\b"
                                                       r"|\bepisode by episode\b|\bin one episode\b"):
        # "which episode did Albert get his first confessional in?", "his most confessionals in one episode"
        params = {"castaway_id": s.person, **s.season_filter}
        if m := re.search(r"\b(first|last|most|fewest)\b", s.text, re.I):
            word = m.group(1).lower()
            chosen = (WhereNot({"confessionals": [0, None]}), Pick(word)) if word in ("first", "last") else \
                (Extreme("confessionals", word == "most"),)
            return Plan("confessionals_by_episode", params, operations=(*chosen, Focus("episode")))
        return Plan("confessionals_by_episode", params)
    if isinstance(s.season, int) and not s.people and s.has(r"\bconfessionals?\b") \
            and (m := re.search(r"\b(premiere|first episode|episode (\d{1,2}))\b", s.text, re.I)):
        # "on s30, who had no confessionals in the premiere?": everyone's count in that episode
        episode = int(m.group(2)) if m.group(2) else 1
        none = {"confessionals": 0} if s.has(NEGATION) else {}
        return Plan("confessionals_by_episode", {"season": s.season, "episode": episode},
                    operations=(Where(none),) if none else ())
    if s.person and s.has(r"\bconfessionals?\b"):
        # one person's confessionals (summed over their seasons unless one is named); the person may be a ref
        # ("the Samoa winner")
        return Plan("confessional_leaders", {"castaway_id": s.person, **s.season_filter})
    if s.has(r"\bconfessionals?\b") and not s.has(SEASON_RANKED):
        # "the most confessionals in one season": each person's seasons ranked apart
        return Plan("confessional_leaders", {**s.season_filter, **({"per_season": True} if s.has(ONE_SEASON) else {})})


# A person's own facts, by the words people use for them -> player_profile's column.
_PROFILE = [
    (r"\bfor a living\b|\bjob\b|\boccupation\b|\bprofession\b|\bwork(s|ed)? as\b|\bday job\b"
     r"|\bdo(es)? for work\b|\bcareer outside\b", "occupation"),
    (r"\bborn\b|\bbirth ?day\b|\bdate of birth\b|\bbirth ?date\b", "date_of_birth"),
    (r"\b(what|which) state\b", "state"),
    (r"\bhome ?town\b|\bwhere (is|was|does|did) .* (from|live|grow up|grew up)\b|\b(what|which) (city|town)\b"
     r"|\bwhere['’]s .*\bfrom\b"
     r"|\bwhere .* (from|live[sd]?|living|based|resid\w*|grew up)\b", "city"),
    (r"\bgender\b|\bmale or female\b", "gender"),
    (r"\bnick ?names?\b|\bgo(es)? by\b|\bwent by\b|\bknown as\b|\bcalled on the show\b", "known_as"),
    (r"\b(real|full|first|last|given|birth|legal) name\b|\bsurname\b|\bactual name\b", "player"),
    (r"\bpersonality\b|\bmbti\b|\bmyers", "personality_type"),
    (r"\b(died|death|pass(ed)? away)\b", "date_of_death"),
    (r"\bthree words\b|\bdescribe[sd]? (him|her|them)sel(f|ves)\b", "three_words"),
    (r"\bhobb(y|ies)\b|\bfor fun\b|\bfree time\b|\bspare time\b", "hobbies"),
    (r"\bpet peeves?\b|\bannoys? (him|her|them)\b|\bcan'?t stand\b", "pet_peeves"),
]


@rule("a person's own facts")
def _profile(s: Slots):
    if not s.person:
        return None
    for pattern, column in _PROFILE:
        if s.has(pattern):
            return Plan("player_profile", {"castaway_id": s.person, **s.season_filter}, operations=(Focus(column),))


@rule("a person's age")
def _age(s: Slots):
    if s.person and s.has(r"\bhow old\b|\bage\b|\bbirth"):
        return Plan("player_career", {"castaway_id": s.person, **s.season_filter})
