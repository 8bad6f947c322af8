"""The deterministic router: question patterns + linked entities -> a catalog query, with no LLM.

Each rule names the words that signal an intent and the entity slots it needs (a season, a person …).
A rule fires only when its slots are filled; the first rule that fires wins. When none fires the agent
asks the LLM router. Rules are about question *shapes*, not about particular questions.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from survivorgraph.agent.chains import derive, relative_person
from survivorgraph.agent.complements import complement
from survivorgraph.agent.lexicon import reading
from survivorgraph.agent.phrases import (
    BOOT_AFTER,
    BOOT_POSITION,
    HYPOTHETICAL,
    LEFT,
    MODIFIERS,
    NARRATIVE,
    NEGATION,
    NOT_IN_DATA,
    NOT_RECORDED,
    NUMBER_WORDS,
    OPINION,
    ORDINAL,
    exactly,
    exit_type_in,
    min_seasons,
    ordinal,
    times,
)
from survivorgraph.agent.plans import ABSTAIN, Plan, Ref, Slots, is_ref
from survivorgraph.agent.shapes import answer_shape

# Plan, Slots and derive are used with `route` by callers; they live in plans.py and chains.py.
__all__ = ["ABSTAIN", "Plan", "Slots", "Ref", "is_ref", "derive", "route", "is_narrative", "RULES"]


def plural_group(s: Slots) -> str:
    if s.has(r"\bwinners?\b|\bsole survivors?\b|\bchampions?\b"):
        return "winners"
    if s.has(r"\bfinalists?\b"):
        return "finalists"
    if s.has(r"\bjurors?\b|\bjury members?\b"):
        return "jurors"
    return "all"


Rule = Callable[[Slots], "Plan | None"]
RULES: list[tuple[str, Rule]] = []


def rule(name: str):
    def register(fn: Rule) -> Rule:
        RULES.append((name, fn))
        return fn
    return register


# -- rules, most specific first ------------------------------------------------------------------------
@rule("a what-if")
def _hypothetical(s: Slots):
    if HYPOTHETICAL.search(s.text):
        return Plan(ABSTAIN, {"missing": "the data records what happened, not what would have happened otherwise"})


@rule("an opinion")
def _opinion(s: Slots):
    if OPINION.search(s.text):
        return Plan(ABSTAIN, {"missing": "the data records what happened, not opinions of who was best"})


@rule("a fact about the show the data does not record")
def _not_recorded(s: Slots):
    if NOT_RECORDED.search(s.text):
        return Plan(ABSTAIN, {"missing": "the data records the game, not what making the show cost"})


@rule("a person's place in the boot order")
def _which_boot(s: Slots):
    if s.person and s.has(r"\b(which|what) (boot|number boot)\b|\bboot (number|#)\b|\bhow (early|late) .* (out|boot)"):
        return Plan("player_exit", {"castaway_ids": [s.person], **s.season_filter}, shape={"focus": "boot_order"})


@rule("an attribute the data does not hold")
def _not_in_data(s: Slots):
    m = NOT_IN_DATA.search(s.text)
    if m and (s.people or s.has(r"\b(his|her|their)\b|'s\b")) and not s.has(r"\bfans?'? favou?rite\b"):
        word = m.group(0).lower()
        for pattern, noun in ((r"paid|pay|earn\w*|appearance fee", "pay"), (r"married|spouse", "marital status"),
                              (r"kids|children", "children"),
                              (r"instagram|twitter|tiktok|facebook|social media|handle", "social media accounts")):
            word = noun if re.fullmatch(pattern, word) else word
        return Plan(ABSTAIN, {"missing": f"the data holds no {word} for castaways"})


@rule("people who reached the final tribal council N times")
def _finalist_appearances(s: Slots):
    if s.season or s.people or not s.has(r"\bfinal tribal council\b|\bfinalists?\b|\bfinal (two|three|2|3)\b"
                                          r"|\bmade it to the end\b|\bthe end\b"):
        return None
    n = times(s.text)
    if n is None or s.has(r"\bjur(y|or)|\bvotes?\b"):
        return None
    won = {"won": False} if s.has(NEGATION) and s.has(r"\b(won|win|winning)\b") else {}
    return Plan("finalist_appearances", {"min_finals": n, **won})


@rule("winners who played again, or never did")
def _winners_returned(s: Slots):
    if s.people or s.season or plural_group(s) != "winners":
        return None
    if s.has(r"\breturn\w*|\bplay(ed)? again\b|\bcome back\b|\bback (to play|for more)\b|\bcompeted again\b"
             r"|\bplay(ed)? (another|a second) season\b"):
        return Plan("winners_returned", {"returned": not s.has(NEGATION)})


@rule("voted against someone who later voted them out")
def _vote_revenge(s: Slots):
    if s.has(r"voted (against|for) (someone|a player|the person|people|players?)\b.*\b(later|then|after\w*)\b"
             r".*\bvot\w* (them|him|her) (out|off)"):
        return Plan("vote_revenge", s.season_filter)


@rule("castaways who never did something")
def _castaways_without(s: Slots):
    if s.people or not s.has(NEGATION):
        return None
    params = {"group": plural_group(s), **s.season_filter}
    if s.has(r"\b(receiv\w*|got|get|gotten|cast against)\b[\w ]{0,20}\bvotes?\b|\bvoted (for|against)\b"
             r"|\bvotes? against\b") and not s.has(r"\bjury votes?\b|\bvotes? (from|of) the jury\b|\bunanimous"):
        return Plan("castaways_without", {"without": "votes_received", **params})
    if s.has(r"\b(won|win|winning)\b[\w ]{0,25}\bimmunit"):
        return Plan("castaways_without", {"without": "individual_immunity", **params})
    if s.has(r"\b(won|win|winning)\b[\w ]{0,25}\brewards?\b"):
        return Plan("castaways_without", {"without": "individual_reward", **params})
    if s.has(r"\b(on|make|made|join\w*|reach\w*|sit on|sat on) the jury\b") and not s.tribes:
        return Plan("castaways_without", {"without": "jury", **params})
    if s.has(r"\b(make|made|reach\w*) (it to )?the merge\b|\bmissed the merge\b") and not s.tribes:
        return Plan("castaways_without", {"without": "merge", **params})


@rule("seasons with or without returning players")
def _season_returnees(s: Slots):
    if s.season or not s.has(r"\bseasons?\b") or not s.has(r"\breturn\w*|\bveterans?\b|\bplayed before\b"):
        return None
    if 2 <= len(s.seasons) <= 4 and s.has(r"\b(who|everyone|anyone|players?|castaways?|people)\b"):
        return None  # "everyone from season 1 who returned for season 8": people, not seasons
    if s.has(NEGATION) or s.has(r"\bonly (new|first[- ]time)"):
        return Plan("season_returnees", {"returnees": "without"})
    if s.has(r"\b(which|what) seasons\b|\bseasons (had|with|featured|featuring)\b"):
        return Plan("season_returnees", {"returnees": "with"})
    return Plan("season_returnees", {})


@rule("who won a challenge in an episode, or the first / last challenge")
def _challenge_in_episode(s: Slots):
    if not s.season or not s.has(r"\b(won|win|wins|winners?|took|take|takes|claimed|captured)\b") \
            or s.has(r"\b(most|how many|top)\b"):
        return None
    kind = "reward" if s.has(r"\brewards?\b") else "immunity" if s.has(r"\bimmunit") else None
    if kind is None:
        return None
    params = {"season": s.season, "kind": kind, "scope": "tribal" if s.has(r"\btrib(e|al)\b") else "individual"}
    m = re.search(r"\bepisode (\d{1,2})\b", s.text, re.I)
    if m and params["scope"] == "individual":
        return Plan("episode_events", {"season": s.season, "episode": int(m.group(1)), "about": kind})
    if m:
        return Plan("season_challenge_winners", {**params, "episode": int(m.group(1))})
    if s.has(r"\b(first|opening)\b"):
        return Plan("season_challenge_winners", {**params, "pick": "first"})
    if s.has(r"\b(last|final)\b"):
        return Plan("season_challenge_winners", {**params, "pick": "last"})


@rule("what happened in an episode")
def _episode_events(s: Slots):
    m = re.search(r"\bepisode (\d{1,2})\b", s.text, re.I)
    if s.season and m and s.has(r"\b(left\b|leave|eliminat|voted (out|off)|went home|sent home|evacuat|quit|"
                                r"immunit|reward|happened)") and not s.has(r"\b(most|every|all|across)\b"):
        exits = s.has(r"\b(left|leave|eliminat|voted (out|off)|went home|sent home|evacuat|quit)") and not s.has(
            r"\bimmunit|\breward|\bhappened")
        return Plan("episode_events", {"season": s.season, "episode": int(m.group(1)),
                                       **({"about": "exits"} if exits else {})})


@rule("winners with their jury votes")
def _winners_jury_votes(s: Slots):
    seasons = {"seasons": s.seasons} if len(s.seasons) > 1 else {}
    if s.has(r"\bunanimous"):
        split = s.has(r"\bnot unanimous|\bsplit\b") or (s.has(NEGATION) and not s.has(r"\bunanimous\w* without\b"))
        return Plan("winners_with_jury_votes", {"unanimous": not split, **seasons})
    if not s.season and s.has(r"\b(won|winners?|sole survivors?)\b") and s.has(r"\bjury votes?\b|\bfinal votes?\b"):
        if s.has(r"\b(fewest|least|lowest|smallest|narrowest|closest)\b"):
            return Plan("winners_with_jury_votes", {"order": "fewest", **seasons})
        if s.has(r"\b(most|highest|largest|biggest)\b"):
            return Plan("winners_with_jury_votes", {"order": "most", **seasons})
    if s.has(r"\b(every|all|each|list)\b.*\bwinners?\b") and s.has(r"\b(jury )?votes?\b"):
        return Plan("winners_with_jury_votes", {"seasons": s.seasons} if s.seasons else {})


@rule("people who won more than once")
def _repeat_winners(s: Slots):
    m = re.search(r"\bwon(?: survivor| the game| the title| it)? (?P<n>twice|two times|three times|more than once|"
                  r"multiple times|\d+ times)\b|\b(?P<m>two|three|2|3|multi(?:ple)?)[- ]time "
                  r"(?:winners?|sole survivors?|"
                  r"champions?)", s.text, re.I)
    if not m or s.has(r"\b(immunit|rewards?|challenges?)"):
        return None
    raw = (m.group("n") or m.group("m")).lower().split()[0]
    n = int(raw) if raw.isdigit() else NUMBER_WORDS.get(raw, 2)
    return Plan("repeat_winners", {"min_wins": max(n, 2)})


@rule("how many people have won")
def _winners_count(s: Slots):
    if not s.season and not s.people and s.has(
            r"\bhow many (different |distinct |unique |individual |separate )?(people|players|castaways|contestants|"
            r"winners|sole survivors|persons)\b") and s.has(r"\b(won|winners?|sole survivors?)\b") and not s.has(
            r"\b(immunit\w*|rewards?|challenges?|idols?|advantages?|jury|unanimous\w*|votes?)\b"):
        return Plan("repeat_winners", {"min_wins": 1}, shape={"count": "castaway_id"})


@rule("most votes cast")
def _most_votes_cast(s: Slots):
    if not s.people and s.has(r"\bcast (the )?most votes\b|\bmost votes cast\b(?! against)|\bvoted the most\b"
                              r"|\bmost (tribal council )?votes as a voter\b"):
        return Plan("most_votes_cast", {"limit": 5, **s.season_filter})


@rule("most votes received")
def _most_votes_received(s: Slots):
    if s.has(r"\b(most|received the most|got the most)\b.*\bvotes?\b") and s.has(
            r"\bvotes? (against|cast against)|\breceiv|\bgot\b|\bvoted for the most|\bmost votes\b") and not s.has(
            r"\bjury votes?\b|\bcast the most\b|\bmost votes cast\b(?! against)"):
        leader = s.has(r"^\s*(who|which (player|castaway|person|contestant))\b") and not s.has(
            r"\btop\b|\branking\b|\blist\b")
        leaders = {"leaders_only": True} if leader else {}
        return Plan("most_votes_received", {"limit": 5, **s.season_filter, **leaders})


# What two people can be compared on: (the words for it, the ranking query that counts it, its fixed params)
_COMPARED_ON = [
    (r"\bimmunit", "individual_immunity_ranking", {"scope": "individual"}),
    (r"\brewards?\b", "individual_reward_ranking", {"scope": "individual"}),
    (r"\bconfessionals?\b", "confessional_leaders", {}),
    (r"\bvotes? (against|cast against)|\breceiv\w* .*votes?|\bvotes? received\b", "most_votes_received", {}),
    (r"\bidols?\b|\badvantages?\b", "advantages_found_ranking", {}),
]


@rule("two people compared on a count")
def _two_compared(s: Slots):
    # "who won more individual immunities, A or B?", "did A or B get more confessionals?"
    if len(s.people) != 2 or any(is_ref(p) for p in s.people) or not s.has(r"\b(more|fewer|less|most)\b"):
        return None
    for pattern, query, fixed in _COMPARED_ON:
        if s.has(pattern):
            scope = {"scope": "tribal"} if fixed and s.has(r"\btribal?\b (immunity|reward|challenge)") else {}
            return Plan(query, {"limit": 1000, **fixed, **scope, **s.season_filter},
                        shape={"where": {"castaway_id": list(s.people)}})
    return None


@rule("ranking of challenge wins")
def _challenge_ranking(s: Slots):
    if not s.has(r"\b(most|top|leader|record|ranking|highest|greatest)\b") or s.has(r"\bidols?\b|\badvantages?\b"):
        return None
    params: dict = {"limit": 5, **s.season_filter}
    if n := min_seasons(s.text):
        params["min_seasons"] = n
    scope = "tribal" if s.has(r"\btribal?\b (immunity|reward|challenge)") else "individual"
    if s.has(r"\bimmunit"):
        if not s.season and s.has(r"\b(in a|in one|in any|a) single season\b|\bin one season\b|\bper season\b"):
            params["per_season"] = True  # "the record in a single season": each season counted apart
        if s.has(r"\brecord\b|\bwho holds\b"):
            params.update(leaders_only=True, limit=20)
        return Plan("individual_immunity_ranking", {**params, "scope": scope})
    if s.has(r"\breward"):
        return Plan("individual_reward_ranking", {**params, "scope": scope})


@rule("players with N or more seasons")
def _min_seasons(s: Slots):
    if (k := exactly(s.text)) and not s.people and s.has(r"\b(play\w*|compet\w*|appear\w*|been on)\b") \
            and not s.has(r"\b(won|win|idols?|advantages?|confessionals?|immunit\w*|jury|votes?)\b"):
        return Plan("players_with_min_seasons", {"min_seasons": k, "max_seasons": k, "limit": 1000})
    n = min_seasons(s.text)
    if n and s.has(r"\b(play\w*|compet\w*|appear\w*|return\w*|been on|castaways?|players?|people|who)\b") and not s.has(
            r"\bidols?\b|\badvantages?\b|\bconfessionals?\b"):
        return Plan("players_with_min_seasons", {"min_seasons": n})


@rule("most seasons played")
def _most_seasons(s: Slots):
    if s.has(r"\bmost (seasons|times|appearances)\b|played the most\b|most returning|record for (seasons|appearances)"):
        return Plan("most_seasons_played", {"limit": 5})


@rule("eliminations per episode number")
def _eliminations_by_episode(s: Slots):
    if s.has(r"\bepisode\b") and s.has(r"\b(most|fewest|how many)\b.*\b(eliminat|voted out|boots?|exits?)"):
        return Plan("eliminations_by_episode_number", {"limit": 5})


@rule("tribal council counts")
def _tribal_counts(s: Slots):
    if s.has(r"\bhow many tribal councils?\b|\bnumber of tribal councils?\b"
             r"|\btribal councils? (have there been|total)"):
        return Plan("tribal_council_counts", s.season_filter)


@rule("seasons or players with an exit type")
def _exits(s: Slots):
    exit_type = exit_type_in(s.text)
    if not exit_type:
        return None
    if s.has(r"\b(which|what|how many) seasons?\b|\bseasons? (had|with|where|saw|did)\b|\bin which season"):
        return Plan("seasons_with_exit_type", {"exit_type": exit_type, **({"absent": True} if s.has(NEGATION) else {})})
    if s.person and not NARRATIVE.search(s.text):
        return Plan("player_career", {"castaway_id": s.person, **s.season_filter})  # "Was Joe evacuated?"
    if s.people:
        return None
    if s.has(r"\b(who|which (players?|castaways?|contestants?)|list|name|how many (times|castaways|players|people|"
             r"contestants))\b") and not NARRATIVE.search(s.text):
        return Plan("exits_by_type", {"exit_type": exit_type, **s.season_filter})


@rule("when people left the game, or who left first")
def _player_exit(s: Slots):
    if not s.people or len(s.people) > 4:
        return None
    ids = {"castaway_ids": s.people, **s.season_filter}
    if len(s.people) >= 2 and s.has(r"\b(first|earlier|sooner|before|last|longer|later|further|outlast\w*)\b") \
            and s.has(
            rf"\b{LEFT}|\blast\w*\b|\boutlast\w*|\bfurther\b|\bgo home\b"):
        latest = s.has(r"\b(longer|later|further|outlast\w*|lasted)\b") or (
            s.has(r"\blast\b") and not s.has(r"\b(last|lasted) longer\b"))
        return Plan("player_exit", {**ids, "latest_first": latest})
    if s.has(r"\b(which|what) (episode|day)\b|\bwhen (was|did)\b|\bon (what|which) day\b|\bhow (long|many days)\b") \
            and s.has(
            rf"\b{LEFT}|\blast\b(?! (play|compet|appear|time|season))|\bsurviv"):
        return Plan("player_exit", ids)


@rule("who voted a person out")
def _voters_at_elimination(s: Slots):
    if s.person and s.has(r"\b(who|which \w+|what \w+)\b.*\b(voted|sent|blindsided) [\w'’.-]+( [\w'’.-]+){0,3} "
                          r"(out|off|home)\b|\bvoted out by\b|\bwho voted for .*\bout\b"
                          r"|\bvotes? that (sent|eliminated)"):
        return Plan("voters_at_elimination", {"castaway_id": s.person, **s.season_filter})


@rule("seasons two people played together")
def _seasons_together(s: Slots):
    if len(s.people) == 2 and not s.has(r"\bvot") and s.has(
            r"\btogether\b|\bboth\b|\bsame seasons?\b|\bwith each other\b|\b(play\w*|compet\w*) (with|alongside)\b"
            r"|\bin common\b|\bshare\w*\b|\bever (meet|met)\b"):
        return Plan("seasons_together", {"castaway_id": s.people[0], "other_castaway_id": s.people[1]})


@rule("people who played in all of several seasons")
def _players_in_seasons(s: Slots):
    if 2 <= len(s.seasons) <= 4 and not s.people \
            and s.has(r"\bboth\b|\ball of\b|\beach of\b|\bevery one of\b|\band\b|\balso\b|\btoo\b|\bas well\b"
                      r"|\b(had|have|has) (been|played|competed) (on|in)\b|\bpreviously\b"
                      r"|\b(returned|came back|come back|went back) (for|to|in|on)\b") \
            and s.has(r"\b(play\w*|compet\w*|appear\w*|castaways?|players?|people|contestants?|who)\b") \
            and not s.has(r"\b(won|win|winners?|jury|jurors?|tribes?|votes?)\b"):
        return Plan("players_in_seasons", {"seasons": s.seasons})


@rule("head-to-head votes between two people")
def _head_to_head(s: Slots):
    if len(s.people) == 2 and s.has(r"\bvot"):
        one_way = s.has(r"\bvot\w* (for|against|out)\b") and not s.has(r"\beach other\b|\bone another\b|\bbetween\b")
        return Plan("head_to_head_votes", {"castaway_id": s.people[0], "other_castaway_id": s.people[1],
                                           **({"one_way": True} if one_way else {})})


@rule("a juror's final vote, or the jurors who voted for a finalist")
def _final_jury_votes(s: Slots):
    final = s.has(r"\bjur(y|or|ors)\b|\bfinal (tribal|vote)|\bto win\b|\bfor the win\b")
    if s.person and final and s.has(r"\bvot") and not s.has(r"\bhow many (jury )?votes\b"):
        return Plan("final_jury_votes", {"castaway_id": s.person, **s.season_filter})
    if s.season and s.has(r"\bjurors?\b") and s.has(
            r"\bvot\w* for the (winner|sole survivor)|\bvot\w* for (him|her)\b"):
        return Plan("final_jury_votes", {"season": s.season, "for_winner": not s.has(NEGATION)})


@rule("votes a person received or cast")
def _person_votes(s: Slots):
    if not s.person or not s.has(r"\bvot"):
        return None
    season = s.season_filter
    if s.has(r"\bvotes? (against|received|cast against)|receiv\w* .*votes?|voted (for|against) (him|her|them)\b"
             r"|\bcast against (him|her|them)\b"):
        return Plan("votes_received_by_player", {"castaway_id": s.person, **season})
    if s.has(r"\b(who|whom) did .* vote|votes? (cast )?by\b|\bvoted for\b|\bhow did .* vote"):
        return Plan("votes_cast_by_player", {"castaway_id": s.person, **season})


@rule("season winner")
def _season_winner(s: Slots):
    if s.season and s.has(r"\b(who )?(won|winner|sole survivor|win)\b") \
            and not s.has(r"\bfinalists?\b|\brunners?[- ]up\b") and not s.has(
            r"\b(immunit\w*|rewards?|challenges?|most|idols?|advantages?|jury votes? did)\b"):
        return Plan("season_winner", {"season": s.season})


@rule("finalists or runners-up of a season")
def _finalists(s: Slots):
    if not s.season or s.has(r"\bjur(y|or|ors)\b|\bwho voted\b|\bhow (was|were|did)\b"):
        return None
    if s.has(r"\brunners?[- ]up\b|\bsecond place\b|\bcame (in )?second\b|\blost the final (vote|tribal)") or (
            s.has(r"\b(lost|losers?|losing|fell short)\b")
            and s.has(r"\bfinal (tribal council|vote)\b|\bfinalists?\b")):
        return Plan("season_finalists", {"season": s.season, "winner": False})
    if s.has(r"\bfinalists?\b|\bfinal (two|three|2|3)\b|\b(sat|sit|were|made it) (at|to) the final tribal"
             r"|\bmade it to the end\b"):
        return Plan("season_finalists", {"season": s.season, **({"winner": False} if s.has(
            r"\b(did not|didn't|not|never) win|\blost\b|\bnon-?winning\b") else {})})


@rule("jury of a season")
def _jury(s: Slots):
    if s.season and s.has(r"\bjur(y|or|ors)\b"):
        pick = re.search(r"\b(?P<end>first|last|final)\b[\w ]{0,25}\b(join\w*|make|made|added|go to|went to|"
                         r"sent to|become|became|sit on|sat on|on) the jury\b|\b(?P<end2>first|last|final) juror\b",
                         s.text, re.I)
        if pick and not s.has(r"\bfinal (jury )?(tribal|vote)"):
            end = (pick.group("end") or pick.group("end2")).lower()
            return Plan("season_jury", {"season": s.season}, shape={"pick": "first" if end == "first" else "last"})
        nth = re.search(rf"\b{ORDINAL} (?:person|member|one|juror|castaway|player)\b[\w ]{{0,20}}\bjury\b"
                        rf"|\b{ORDINAL.replace('ord', 'ord2')} juror\b", s.text, re.I)
        if nth and not s.has(r"\bfinal (jury )?(tribal|vote)"):
            n = ordinal(nth.group("ord") or nth.group("ord2"))  # "the 2nd person on the jury"
            if n:
                return Plan("season_jury", {"season": s.season}, shape={"pick": n - 1})
        if s.has(r"\bfinal (jury )?(tribal|vote)|\bvote count\b|\bhow many (jury )?votes\b|\bjury vote\b"):
            return Plan("final_tribal_council", {"season": s.season})
        return Plan("season_jury", {"season": s.season})


@rule("final tribal council")
def _final_tribal(s: Slots):
    if s.season and not BOOT_POSITION.search(s.text) and s.has(
            r"\bfinal (tribal|vote|three|two|council)|\bfinalists?\b|\brunners?[- ]up\b"):
        return Plan("final_tribal_council", {"season": s.season})


@rule("a person's tribemates")
def _tribemates(s: Slots):
    if not isinstance(s.person, str) or not s.season or is_ref(s.season) \
            or not s.has(r"\btribe ?mates?\b|\b(on|in) (his|her|their) (original |starting |first )?tribe\b"):
        return None
    phase = {"phase": "original"} if s.has(r"\b(original|start\w*|first|initial)\b") else {}
    tribe = Ref("tribe_members", {"season": s.season, "castaway_id": s.person, **phase}, "tribe",
                "the person's tribe")
    return Plan("tribe_members", {"season": s.season, "tribe": tribe, **phase},
                shape={"where_not": {"castaway_id": [s.person]}})


@rule("a person's tribe")
def _person_tribe(s: Slots):
    if not s.person or s.tribes or not s.has(r"\btribes?\b") or s.has(r"\bmembers\b|\btribe ?mates\b"):
        return None
    original = {"phase": "original"} if s.has(r"\b(start\w*|original\w*|begin\w*|began|first|initial\w*)\b") else {}
    if s.season:
        return Plan("tribe_members", {"season": s.season, "castaway_id": s.person, **original})
    return Plan("player_career", {"castaway_id": s.person})


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


@rule("tribes of a season")
def _season_tribes(s: Slots):
    if s.season and s.has(r"\btribes?\b"):
        if s.has(r"\bmerged?\b") and s.has(r"\bwho\b"):
            return Plan("tribe_members", {"season": s.season, "phase": "merged"})
        if s.has(r"\b(start\w*|original\w*|began|begin\w*|initial\w*|first)\b"):
            return Plan("season_tribes", {"season": s.season}, shape={"where": {"phase": "original"}})
        return Plan("season_tribes", {"season": s.season})


@rule("boot order, or the Nth person out")
def _boot_order(s: Slots):
    if not s.season:
        return None
    m = re.search(r"\b(right|immediately|just|directly) (?P<rel>after|before)\b"
                  r"|\b(?P<rel2>after|before) (?=\S+ \S+ (was|left|went))", s.text, re.I)
    if m and s.person and s.has(LEFT):
        rel = (m.group("rel") or m.group("rel2")).lower()
        return Plan("boot_order", {"season": s.season, rel: s.person})
    m = BOOT_POSITION.search(s.text) or BOOT_AFTER.search(s.text)
    # (counted from the merge or the jury, the position is another list's: not this rule's to answer)
    if m and not s.has(r"\bjur(y|or)|\b(after|before|since|post|pre)[- ]?(the )?merge"):
        word = m.group("ord").lower()
        if word in ("last", "final") or s.has(r"\bto[- ]last\b"):
            n = ordinal(word) if word not in ("last", "final") else 1
            return Plan("boot_order", {"season": s.season, "position": n, "from_end": True})
        return Plan("boot_order", {"season": s.season, "position": ordinal(word)})
    if s.has(r"\bboot order\b|\border (in which|that) .* (voted out|eliminated)"
             r"|\border of (exits|eliminations|boots)\b"):
        return Plan("boot_order", {"season": s.season})


@rule("idols and advantages")
def _advantages(s: Slots):
    if not s.has(r"\bidols?\b|\badvantages?\b"):
        return None
    kind = {"advantage_type": "Hidden Immunity Idol"} if s.has(r"\bidols?\b") else {}
    if s.has(r"\bmost\b"):
        n = min_seasons(s.text)
        return Plan("advantages_found_ranking", {**kind, **s.season_filter, **({"min_seasons": n} if n else {})})
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
                    shape={"where": where} if where else {})
    if s.season:
        return Plan("season_advantages", {"season": s.season, **kind})


@rule("confessionals")
def _confessionals(s: Slots):
    if isinstance(s.person, str) and s.has(r"\bconfessionals?\b"):
        # one person's confessionals (summed over their seasons unless one is named)
        return Plan("confessional_leaders", {"limit": 1000, **s.season_filter},
                    shape={"where": {"castaway_id": s.person}})
    if s.has(r"\bconfessionals?\b"):
        return Plan("confessional_leaders", s.season_filter)


@rule("a person's challenge wins")
def _person_challenges(s: Slots):
    if s.person and s.has(r"\b(challenges?|immunit\w*|rewards?)\b") and s.has(r"\b(how many|win|won|wins)\b"):
        return Plan("player_challenge_wins", {"castaway_id": s.person, **s.season_filter})


# A person's own facts, by the words people use for them -> player_profile's column.
_PROFILE = [
    (r"\bfor a living\b|\bjob\b|\boccupation\b|\bprofession\b|\bwork(s|ed)? as\b|\bday job\b", "occupation"),
    (r"\bborn\b|\bbirth ?day\b|\bdate of birth\b|\bbirth ?date\b", "date_of_birth"),
    (r"\b(what|which) state\b", "state"),
    (r"\bhome ?town\b|\bwhere (is|was|does|did) .* (from|live|grow up|grew up)\b|\b(what|which) city\b"
     r"|\bwhere['’]s .*\bfrom\b"
     r"|\bwhere .* (from|live[sd]?|grew up)\b", "city"),
    (r"\bgender\b|\bmale or female\b", "gender"),
    (r"\bpersonality\b|\bmbti\b|\bmyers", "personality_type"),
    (r"\b(died|death|pass(ed)? away)\b", "date_of_death"),
]


@rule("where a season named through a person was filmed")
def _season_place(s: Slots):
    if is_ref(s.season) and s.has(r"\b(what|which) country\b|\bwhere was .* filmed\b|\blocation\b|\bfilmed\b") \
            and not s.has(r"\bfrom\b"):
        return Plan("season_facts", {"season": s.season})


@rule("a person's own facts")
def _profile(s: Slots):
    if not s.person:
        return None
    for pattern, column in _PROFILE:
        if s.has(pattern):
            return Plan("player_profile", {"castaway_id": s.person, **s.season_filter}, shape={"focus": column})


_EPISODE_FACTS = [
    (r"\btitle\b|\bcalled\b|\bnamed\b|\bname of\b", "title"),
    (r"\bair(ed)?\b|\bair ?date\b|\bbroadcast\b|\bwhen (was|did)\b", "air_date"),
    (r"\bviewers?\b|\bwatched\b|\baudience\b", "viewers"),
    (r"\brating\b|\bimdb\b|\brated\b", "imdb_rating"),
    (r"\bhow long\b|\bminutes\b|\blength\b|\brun ?time\b", "length_minutes"),
]


@rule("facts about an episode")
def _episode_facts(s: Slots):
    if not isinstance(s.season, int):
        return None
    m = re.search(r"\bepisode (\d{1,2})\b", s.text, re.I)
    end = re.search(r"\b(finale|premiere|first episode|last episode|final episode|reunion)\b", s.text, re.I)
    if not m and not end:
        return None
    for pattern, column in _EPISODE_FACTS:
        if s.has(pattern):
            if m:
                return Plan("episode_facts", {"season": s.season, "episode": int(m.group(1))}, shape={"focus": column})
            if column == "air_date":
                return None  # when the premiere / finale aired: the season's own dates (season_facts)
            word = end.group(1).lower()
            label = {"premiere": "Ep 1", "first episode": "Ep 1", "reunion": "Reunion"}.get(word, "Finale")
            return Plan("episode_facts", {"season": s.season}, shape={"where": {"label": label}, "focus": column})
    return None


@rule("a person's age")
def _age(s: Slots):
    if s.person and s.has(r"\bhow old\b|\bage\b|\bbirth"):
        return Plan("player_career", {"castaway_id": s.person, **s.season_filter})


@rule("seasons filmed in a place")
def _seasons_by_location(s: Slots):
    m = re.search(r"\b(?:filmed|shot|held|set|located|take place|took place) in (?:the )?"
                  r"(?P<place>[^?;]+?)\s*(?:[?;.]|$)", s.text, re.I)
    if m and s.has(r"\bseasons?\b") and not any(is_ref(x) for x in s.seasons) \
            and not re.match(r"(which|what|where)\b", m.group("place"), re.I):  # "filmed in which country"
        return Plan("seasons_by_location", {"place": m.group("place").strip(" ,")})


@rule("the season a person won")
def _season_person_won(s: Slots):
    if s.person and not s.season and s.has(r"\b(which|what) season\b|\bwhen did\b|\bwhat year\b|— when$") \
            and s.has(r"\b(won|win|winning)\b") \
            and not s.has(r"\b(immunit\w*|rewards?|challenges?|idols?|advantages?)"):
        return Plan("player_career", {"castaway_id": s.person}, shape={"where": {"winner": True}})


@rule("the seasons a person sat on the jury or in the final")
def _person_role_seasons(s: Slots):
    if not s.person or s.season or not s.has(r"\b(which|what|how many) seasons?\b|\bwhen\b|\bin which\b"):
        return None
    if s.has(r"\bjur(y|or|ors)\b") and not s.has(r"\bvot"):
        return Plan("player_career", {"castaway_id": s.person}, shape={"where": {"jury": True}})
    if s.has(r"\bfinalists?\b|\bfinal (tribal|two|three|2|3)\b|\bmade it to the end\b") and not s.has(r"\bvot"):
        return Plan("player_career", {"castaway_id": s.person}, shape={"where": {"finalist": True}})


@rule("a person's career")
def _career(s: Slots):
    if s.person and s.has(r"\bseasons?\b|\bcareer\b|\bplayed\b|\bcompet\w*|\bfinish|\bplaced?\b|\bhow many times\b"
                          r"|\breturn"):
        # "Coach first played in which season?", "when did Rob last compete?": one end of the career
        end = re.search(r"\b(?P<end>first|last|debut\w*)\b[\w ]{0,12}\b(play\w*|compet\w*|appear\w*|season|time)\b"
                        r"|\b(play\w*|compet\w*|appear\w*) (?P<end2>first|last)\b|\bdebut\w*", s.text, re.I)
        word = ((end.group("end") or end.group("end2") or "first") if end else "").lower()
        pick = {"pick": "last" if word == "last" else "first"} if end and not s.has(r"\bhow many\b") else {}
        named = [x for x in s.seasons if not is_ref(x)]
        if named and s.has(r"\bother seasons?\b|\bbesides\b|\bapart from\b|\bexcept\b|\baside from\b"
                           r"|\bother than\b|\bbefore or after\b"):
            pick["where_not"] = {"season": named}  # "what other season did they play"
        elif len(named) == 1 and s.has(r"\bwhere did .* (place|finish)\b|\bwhat place\b|\bhow did .* (do|finish)\b"):
            return Plan("player_career", {"castaway_id": s.person, "season": named[0]}, shape=pick)
        return Plan("player_career", {"castaway_id": s.person}, shape=pick)


@rule("the season a phrase names")
def _named_season(s: Slots):
    # "Sandra's second win: which season was that?" — the season is the answer (resolved by its ref).
    if is_ref(s.season) and s.has(r"\b(which|what) season\b") and not s.people:
        return Plan("season_facts", {"season": s.season})
    if s.season and s.has(r"^\s*(which|what) season is season \d+\W*$"):  # "which season came just before 39"
        return Plan("season_facts", {"season": s.season})


@rule("season facts")
def _season_facts(s: Slots):
    if s.season and s.has(r"\bwhere\b|\blocation\b|\bfilmed\b|\bwhen did\b|\baired?\b|\bpremiere|\bhow many "
                          r"(castaways|players|contestants|people|episodes)\b|\bcountry\b|\bfacts\b") \
            and not s.has(_RETURNEES):
        return Plan("season_facts", {"season": s.season})


_RETURNEES = r"\breturn\w*|\b(had )?played before\b|\bveterans?\b|\bprevious(ly)? (played|seasons?)\b"


@rule("cast of a season")
def _cast(s: Slots):
    if s.season and s.has(r"\bcast\b|\bcontestants\b|\bcastaways\b|\bwho (played|competed) (in|on)\b"
                          r"|\bhow many (people|players)\b|\b(youngest|oldest)\b"):
        returnees = {"returnees_only": True} if s.has(_RETURNEES) else {}
        if m := re.search(r"\b(youngest|oldest)\b", s.text, re.I):  # the cast's youngest / oldest
            return Plan("season_cast", {"season": s.season, **returnees},
                        shape={"extreme": {"column": "age", "max": m.group(1).lower() == "oldest"}})
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


@rule("seasons with a given fact")
def _seasons_with_fact(s: Slots):
    # "Which seasons had a final two?", "How many seasons had 18 castaways?", "seasons with a jury of ten"
    if s.season or s.people or not s.has(r"\b(which|what|how many|list|name)\b[\w ]{0,12}\bseasons\b"
                                         r"|\bseasons (had|with|where|that had|featured)\b|\bin which seasons?\b"):
        return None
    for pattern, column in _SEASON_FACTS:
        m = re.search(pattern, s.text, re.I)
        if not m:
            continue
        raw = next(g for g in m.groups() if g).lower()
        n = int(raw) if raw.isdigit() else NUMBER_WORDS.get(raw) or _TEENS.get(raw)
        if n:  # (season_facts counts nothing by itself: with one season, "how many castaways" is a column)
            count = {"count": "season"} if s.has(r"\b(how many|number of) seasons\b") else {}
            return Plan("season_facts", {}, shape={"where": {column: n}, **count})
    return None


@rule("list of seasons")
def _season_list(s: Slots):
    if s.has(r"\b(list|all) (of )?(the )?seasons\b|\bhow many seasons (are there|have there been)\b"):
        return Plan("season_list", {})


def route(slots: Slots) -> Plan | None:
    """The first rule that fires, named in the plan's reason; None when no rule is confident. A negated part
    the rules read as if it were positive becomes a set difference (see agent.complements); a modifier the plan
    does not apply is named on it (Plan.unread)."""
    plan = _route(slots)
    if plan is not None and plan.tool != ABSTAIN:
        plan.unread = _unread_modifiers(slots, plan)
    return plan


_EXCLUDING = re.compile(r"except(?: for)?|other than|apart from|besides|without", re.I)


def _unread_modifiers(slots: Slots, plan: Plan) -> list[str]:
    """ "Who was voted out right after Rob?" routed exactly as "who was voted out Rob?": "right after" was not
    applied. Each modifier is removed in turn and the part routed again; the same plan means it was ignored."""
    unread = []
    excludes = bool({"where_not", "except"} & set(plan.shape))
    for m in MODIFIERS.finditer(slots.text):
        if excludes and _EXCLUDING.fullmatch(m.group(0)):
            continue  # "besides Rob, who else …": the plan leaves someone out; "who else" said it too
        without = " ".join((slots.text[:m.start()] + slots.text[m.end():]).split())
        other = _route(Slots(without, slots.seasons, slots.people, slots.tribes, slots.mentions))
        if other is not None and (other.tool, other.params, other.shape) == (plan.tool, plan.params, plan.shape):
            unread.append(m.group(0).lower())
    return unread


def _route(slots: Slots) -> Plan | None:
    plan = _first_rule(slots)
    if plan is not None and plan.tool == ABSTAIN or not re.search(NEGATION, slots.text, re.I):
        return plan
    difference = complement(slots, plan, _first_rule)
    if difference is None:
        return plan
    left_out = difference.shape["except"]
    difference.reason = (f"deterministic rule: complement — {difference.tool} minus "
                         + " minus ".join(f"{x['tool']} ({x['reading']})" for x in left_out))
    difference.part = slots.text
    difference.shape = {**answer_shape(reading(slots.text, slots.mentions), difference.tool), **difference.shape}
    return difference


def _first_rule(slots: Slots) -> Plan | None:
    derived = derive(Slots(reading(slots.text, slots.mentions), slots.seasons, slots.people, slots.tribes))
    if not derived.people:
        # "which tribe did the person who won … start on": the clause first; the whole part when its rest
        # does not route ("who was the person who won …" is the clause's own question).
        relative = relative_person(derived, _first_rule, _person_tools())
        if relative is not derived and (plan := _apply_rules(relative, slots)) is not None:
            return plan
    return _apply_rules(derived, slots)


def _apply_rules(derived: Slots, slots: Slots) -> Plan | None:
    for name, fn in RULES:
        plan = fn(derived)
        if plan is not None:
            read = f" (reading: {derived.text})" if derived.text != slots.text else ""
            plan.reason = f"deterministic rule: {name}{read}"
            plan.part = slots.text
            if plan.tool != ABSTAIN:
                plan.shape = {**answer_shape(derived.text, plan.tool), **plan.shape}
                _keep_derived_season(plan, derived)
                _leave_out_the_person(plan, derived)
            return plan
    return None


@lru_cache(maxsize=1)
def _person_tools() -> frozenset[str]:
    """Catalog queries whose rows name people by castaway_id (a relative clause can stand for one; "with her"
    can leave one out). Read once: routing asks on every rule pass."""
    from queries.catalog import load_catalog

    catalog = load_catalog()
    return frozenset(name for name in catalog.names() if "castaway_id" in catalog.get(name).columns)


@lru_cache(maxsize=1)
def _season_filtered_tools() -> frozenset[str]:
    """Catalog queries that take a `season` parameter."""
    from queries.catalog import load_catalog

    catalog = load_catalog()
    return frozenset(name for name in catalog.names() if any(p.name == "season" for p in catalog.get(name).params))


_OTHERS = re.compile(r"\b(?:with|besides|beside|alongside|other than|except|apart from|next to) (?:him|her|them)\b"
                     r"|\b(?:besides|other than|except(?: for)?|apart from|aside from) P\d\b|\bwho else\b", re.I)


def _leave_out_the_person(plan: Plan, derived: Slots) -> None:
    """ "Courtney sat at final tribal; who was up there with her?": the others, not Courtney again."""
    person = derived.person
    if isinstance(person, str) and _OTHERS.search(derived.text) and "where_not" not in plan.shape \
            and plan.tool in _person_tools():
        plan.shape["where_not"] = {"castaway_id": [person]}


def _keep_derived_season(plan: Plan, derived: Slots) -> None:
    """A season the part names through a person ("when he won", "in her last season") filters whatever query
    the rule chose, when that query takes a season: a rule about a person's age or place need not know."""
    season = derived.season
    if is_ref(season) and "season" not in plan.params and plan.tool in _season_filtered_tools():
        plan.params["season"] = season


def is_narrative(text: str) -> bool:
    return NARRATIVE.search(text) is not None
