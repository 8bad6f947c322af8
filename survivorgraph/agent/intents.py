"""The deterministic router: question patterns + linked entities -> a catalog query, with no LLM.

Each rule names the words that signal an intent and the entity slots it needs (a season, a person …).
A rule fires only when its slots are filled; the first rule that fires wins. When none fires the agent
asks the LLM router. Rules are about question *shapes*, not about particular questions.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "once": 1, "twice": 2}
_MIN_SEASONS = re.compile(
    r"\b(?:(?P<n1>\d+|one|two|three|four|five|six|seven)\s*(?:\+|or more|and up|plus)\s*(?:seasons?|times)"
    r"|at least\s+(?P<n2>\d+|one|two|three|four|five|six|seven)\s+(?:seasons?|times)"
    r"|more than\s+(?P<n3>\d+|one|two|three|four|five|six)\s+(?:seasons?|times))", re.I)
NARRATIVE = re.compile(r"\b(why|describe|explain|what happened|tell me about|how did|story|storyline|"
                       r"played out|strategy|blindside|how was|how were)\b", re.I)
EXIT_WORDS = [  # (pattern, exit_type)
    (r"medical(ly)? evac|medevac|evacuated|injur", "medevac"),
    (r"\bquit|walked out|left the game voluntarily", "quit"),
    (r"\beject|removed from the game|kicked out", "ejected"),
    (r"fire[- ]?(making )?challenge|lost (at|the) fire|fire[- ]making", "fire_challenge"),
    (r"\bwithdr[ae]w", "withdrew"),
]


@dataclass
class Plan:
    tool: str                       # a catalog query name, "text_to_cypher" or "chunk_search"
    params: dict = field(default_factory=dict)
    reason: str = ""
    confidence: float = 1.0
    part: str = ""


@dataclass
class Slots:
    """What the router knows about one part of the question."""

    text: str
    seasons: list[int]
    people: list[str]               # castaway_ids
    tribes: list[tuple[str, int]]   # (tribe name, season)

    @property
    def season(self) -> int | None:
        return self.seasons[0] if len(self.seasons) == 1 else None

    @property
    def season_filter(self) -> dict:
        """{"season": n} when one season is named, else {}: the optional filter many queries take."""
        return {"season": self.season} if self.season else {}

    @property
    def person(self) -> str | None:
        return self.people[0] if len(self.people) == 1 else None

    def has(self, pattern: str) -> bool:
        return re.search(pattern, self.text, re.I) is not None


def min_seasons(text: str) -> int | None:
    m = _MIN_SEASONS.search(text)
    if not m:
        return None
    raw = (m.group("n1") or m.group("n2") or m.group("n3")).lower()
    n = int(raw) if raw.isdigit() else NUMBER_WORDS[raw]
    return n + 1 if m.group("n3") else n


def exit_type_in(text: str) -> str | None:
    for pattern, value in EXIT_WORDS:
        if re.search(pattern, text, re.I):
            return value
    return None


Rule = Callable[[Slots], "Plan | None"]
RULES: list[tuple[str, Rule]] = []


def rule(name: str):
    def register(fn: Rule) -> Rule:
        RULES.append((name, fn))
        return fn
    return register


# -- rules, most specific first ------------------------------------------------------------------------
@rule("voted against someone who later voted them out")
def _vote_revenge(s: Slots):
    if s.has(r"voted (against|for) (someone|a player|the person|people|players?)\b.*\b(later|then|after\w*)\b"
             r".*\bvot\w* (them|him|her) (out|off)"):
        return Plan("vote_revenge", s.season_filter)


@rule("what happened in an episode")
def _episode_events(s: Slots):
    m = re.search(r"\bepisode (\d{1,2})\b", s.text, re.I)
    if s.season and m and s.has(r"\b(left\b|leave|eliminat|voted (out|off)|went home|sent home|evacuat|quit|"
                                r"immunit|reward|happened)") and not s.has(r"\b(most|every|all|across)\b"):
        return Plan("episode_events", {"season": s.season, "episode": int(m.group(1))})


@rule("winners with their jury votes")
def _winners_jury_votes(s: Slots):
    if s.has(r"\b(every|all|each|list)\b.*\bwinners?\b") and s.has(r"\b(jury )?votes?\b"):
        return Plan("winners_with_jury_votes", {"seasons": s.seasons} if s.seasons else {})


@rule("most votes received")
def _most_votes_received(s: Slots):
    if s.has(r"\b(most|received the most|got the most)\b.*\bvotes?\b") and s.has(
            r"\bvotes? (against|cast against)|\breceiv|\bgot\b|\bvoted for the most|\bmost votes\b") and not s.has(
            r"\bjury votes?\b|\bcast the most\b|\bmost votes cast\b"):
        return Plan("most_votes_received", {"limit": 5, **s.season_filter})


@rule("ranking of challenge wins")
def _challenge_ranking(s: Slots):
    if not s.has(r"\b(most|top|leader|record|ranking|highest|greatest)\b") or s.has(r"\bidols?\b|\badvantages?\b"):
        return None
    params: dict = {"limit": 5, **s.season_filter}
    if n := min_seasons(s.text):
        params["min_seasons"] = n
    scope = "tribal" if s.has(r"\btribal?\b (immunity|reward|challenge)") else "individual"
    if s.has(r"\bimmunit"):
        return Plan("individual_immunity_ranking", {**params, "scope": scope})
    if s.has(r"\breward"):
        return Plan("individual_reward_ranking", {**params, "scope": scope})


@rule("players with N or more seasons")
def _min_seasons(s: Slots):
    n = min_seasons(s.text)
    if n and s.has(r"\b(play\w*|compet\w*|appear\w*|return\w*|been on|castaways?|players?|people|who)\b"):
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
    if s.has(r"\bhow many tribal councils?\b|\bnumber of tribal councils?\b|\btribal councils? (have there been|total)"):
        return Plan("tribal_council_counts", s.season_filter)


@rule("seasons or players with an exit type")
def _exits(s: Slots):
    exit_type = exit_type_in(s.text)
    if not exit_type:
        return None
    if s.has(r"\b(which|what|how many) seasons?\b|\bseasons? (had|with|where|saw)\b|\bin which season"):
        return Plan("seasons_with_exit_type", {"exit_type": exit_type})
    if s.has(r"\b(who|which (players?|castaways?|contestants?)|list|name)\b") and not NARRATIVE.search(s.text):
        return Plan("exits_by_type", {"exit_type": exit_type, **s.season_filter})


@rule("who voted a person out")
def _voters_at_elimination(s: Slots):
    if s.person and s.has(r"\bwho (voted|sent) \w+( \w+){0,3} (out|off|home)\b|\bvoted out by\b|\bwho voted for .*\bout\b"):
        return Plan("voters_at_elimination", {"castaway_id": s.person, **s.season_filter})


@rule("head-to-head votes between two people")
def _head_to_head(s: Slots):
    if len(s.people) == 2 and s.has(r"\bvot"):
        return Plan("head_to_head_votes", {"castaway_id": s.people[0], "other_castaway_id": s.people[1]})


@rule("votes a person received or cast")
def _person_votes(s: Slots):
    if not s.person or not s.has(r"\bvot"):
        return None
    season = s.season_filter
    if s.has(r"\bvotes? (against|received|cast against)|receiv\w* .*votes?|voted (for|against) (him|her|them)\b"):
        return Plan("votes_received_by_player", {"castaway_id": s.person, **season})
    if s.has(r"\b(who|whom) did .* vote|votes? (cast )?by\b|\bvoted for\b|\bhow did .* vote"):
        return Plan("votes_cast_by_player", {"castaway_id": s.person, **season})


@rule("season winner")
def _season_winner(s: Slots):
    if s.season and s.has(r"\b(who )?(won|winner|sole survivor|win)\b") and not s.has(
            r"\b(immunit\w*|rewards?|challenges?|most|idols?|advantages?|jury votes? did)\b"):
        return Plan("season_winner", {"season": s.season})


@rule("jury of a season")
def _jury(s: Slots):
    if s.season and s.has(r"\bjur(y|or|ors)\b"):
        if s.has(r"\bfinal (tribal|vote)|\bhow many (jury )?votes\b"):
            return Plan("final_tribal_council", {"season": s.season})
        return Plan("season_jury", {"season": s.season})


@rule("final tribal council")
def _final_tribal(s: Slots):
    if s.season and s.has(r"\bfinal (tribal|vote|three|two|council)|\bfinalists?\b|\brunners?[- ]up\b"):
        return Plan("final_tribal_council", {"season": s.season})


@rule("tribe members")
def _tribe_members(s: Slots):
    if s.tribes and s.has(r"\b(who|members?|on|in)\b"):
        name, season = s.tribes[0]
        return Plan("tribe_members", {"season": season, "tribe": name})


@rule("tribes of a season")
def _season_tribes(s: Slots):
    if s.season and s.has(r"\btribes?\b"):
        if s.has(r"\bmerged?\b") and s.has(r"\bwho\b"):
            return Plan("tribe_members", {"season": s.season, "phase": "merged"})
        return Plan("season_tribes", {"season": s.season})


@rule("boot order")
def _boot_order(s: Slots):
    if s.season and s.has(r"\bboot order\b|\border (in which|that) .* (voted out|eliminated)|\bfirst (person|player|one)? ?(voted out|eliminated|booted)\b"):
        return Plan("boot_order", {"season": s.season})


@rule("idols and advantages")
def _advantages(s: Slots):
    if not s.has(r"\bidols?\b|\badvantages?\b"):
        return None
    kind = {"advantage_type": "Hidden Immunity Idol"} if s.has(r"\bidols?\b") else {}
    if s.has(r"\bmost\b"):
        return Plan("advantages_found_ranking", {**kind, **s.season_filter})
    if s.person:
        return Plan("player_advantages", {"castaway_id": s.person, **s.season_filter})
    if s.season:
        return Plan("season_advantages", {"season": s.season, **kind})


@rule("confessionals")
def _confessionals(s: Slots):
    if s.has(r"\bconfessionals?\b"):
        return Plan("confessional_leaders", s.season_filter)


@rule("a person's challenge wins")
def _person_challenges(s: Slots):
    if s.person and s.has(r"\b(challenges?|immunit\w*|rewards?)\b") and s.has(r"\b(how many|win|won|wins)\b"):
        return Plan("player_challenge_wins", {"castaway_id": s.person, **s.season_filter})


@rule("a person's career")
def _career(s: Slots):
    if s.person and s.has(r"\bseasons?\b|\bcareer\b|\bplayed\b|\bcompeted\b|\bfinish|\bplaced?\b|\bhow many times\b"
                          r"|\breturn"):
        return Plan("player_career", {"castaway_id": s.person})


@rule("season facts")
def _season_facts(s: Slots):
    if s.season and s.has(r"\bwhere\b|\blocation\b|\bfilmed\b|\bwhen did\b|\baired?\b|\bpremiere|\bhow many "
                          r"(castaways|players|contestants|people|episodes)\b|\bcountry\b|\bfacts\b"):
        return Plan("season_facts", {"season": s.season})


@rule("cast of a season")
def _cast(s: Slots):
    if s.season and s.has(r"\bcast\b|\bcontestants\b|\bcastaways\b|\bwho (played|competed) (in|on)\b"):
        return Plan("season_cast", {"season": s.season, **({"returnees_only": True} if s.has(r"\breturn") else {})})


@rule("list of seasons")
def _season_list(s: Slots):
    if s.has(r"\b(list|all) (of )?(the )?seasons\b|\bhow many seasons (are there|have there been)\b"):
        return Plan("season_list", {})


def route(slots: Slots) -> Plan | None:
    """The first rule that fires, named in the plan's reason; None when no rule is confident."""
    for name, fn in RULES:
        plan = fn(slots)
        if plan is not None:
            plan.reason = f"deterministic rule: {name}"
            plan.part = slots.text
            return plan
    return None


def is_narrative(text: str) -> bool:
    return NARRATIVE.search(text) is not None
