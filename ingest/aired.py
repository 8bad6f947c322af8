"""When each fact became known on air: an `aired` position on every node and relationship.

Position = season * 1000 + episode (e.g. season 44 episode 6 -> 44006), so "watched through S44E6" is
one integer comparison. A missing position means *restricted*, never *allowed*.

Per label (node.aired):
  Season         its premiere (S, 1); finale facts (winner_name, final_vote, n_finalists, n_jury, ended,
                 viewers_mean) are known at `finale_known_at`
  Episode        (S, E)
  Player         the premiere of their first season; each name (`name`, `short_name`, every alias) at the
                 premiere of the first season it was used in (`name_known_at`, `short_name_known_at`,
                 `alias_known_at`), a name used in no season after the finale of their last; `date_of_death` at
                 `death_known_at`, the first episode aired on or after that day; the bio castaway_details keeps
                 (occupation, hobbies ...: their latest) at `bio_known_at`, the premiere of their last season
  PlayerSeason   their season's premiere; outcome properties (place, result, exit_type, also_quit,
                 exit_episode, exit_day, boot_order, jury, jury_status, juror_number, finalist, winner) are
                 known at `outcome_known_at`: when they left the game (the finale for finalists); the
                 season-final scores at `finale_known_at`
Which property is known when is declared in ingest.property_classes; this module computes the positions.
  Tribe          the first episode anyone was on it
  TribalCouncil  (S, E) of the council
  Advantage      the first episode it moved (found, received ...); else the finale
  Challenge, Journey, Auction   (S, E) of the episode it happened in
Per relationship type (rel.aired): the later of its two end nodes and its own event:
  CAST_VOTE, ATTENDED_TRIBAL, VOTED_OUT, ELIMINATED, IMMUNITY_WON_BY, REWARD_WON_BY, CONFESSIONALS_IN,
  FOUND_ADVANTAGE, RECEIVED_ADVANTAGE, PLAYED_ADVANTAGE, ADVANTAGE_EVENT, IN_CHALLENGE, WENT_ON_JOURNEY,
  AT_AUCTION, BOUGHT: the episode it happened in
  MEMBER_OF      the first episode on that tribe (last_episode known at `finale_known_at`)
  JURY_VOTE_FOR  the finale
  PLAYED_IN, IN_SEASON, HAS_EPISODE, HAS_TRIBE, HAS_TRIBAL, HAS_ADVANTAGE, HAS_CHALLENGE, HAS_JOURNEY,
  HAS_AUCTION: their end nodes
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from typing import Any

from ingest.graph_model import ALIAS_SEASONS, GraphBuilder
from ingest.property_classes import hidden_groups

# Properties known later than their entity: (label or type, the property holding when) -> properties, from the
# one classification table (ingest.property_classes). A per-scope graph removes them where that position is
# missing or after the viewer's point.
HIDDEN_GROUPS = hidden_groups()

# The survivoR table columns that hold the same facts, for readers of the tables themselves (the evaluation's
# scoped gold answers): hidden on the same rows and until the same position as the properties above.
HIDDEN_SOURCE_COLUMNS = {
    ("season_summary", "finale_known_at"): {
        "winner_name": ("full_name", "winner_id", "winner", "runner_ups"), "final_vote": ("final_vote",),
        "n_finalists": ("n_finalists",), "n_jury": ("n_jury",), "ended": ("ended",),
        "viewers_mean": ("viewers_mean", "viewers_finale", "viewers_reunion"), "nielsen_rank": ("rank",)},
    ("castaways", "outcome_known_at"): {
        "place": ("place",), "result": ("result",), "exit_type": ("result",), "also_quit": ("result",),
        "exit_episode": ("episode",), "exit_day": ("day",), "boot_order": ("order",), "jury": ("jury",),
        "jury_status": ("jury_status",), "juror_number": ("jury_status",), "finalist": ("finalist",),
        "winner": ("winner",)},
    ("castaway_scores", "finale_known_at"): {
        **{name: (name,) for name in ("score_overall", "score_outwit", "score_outplay", "score_outlast")},
        "challenge_threat": ("threat_challenge",), "challenge_threat_band": ("threat_challenge_cat",),
        "strategic_threat": ("threat_strategic",), "strategic_threat_band": ("threat_strategic_cat",)},
    ("advantage_timeline", "finale_known_at"): {"advantage_episodes": ("holding",)},
}
FINALIST_EXITS = ("winner", "runner_up")
_NEVER = 10**9  # a position no viewer reaches: lists cannot hold a missing value

EVENT_TYPES = {"CAST_VOTE", "ATTENDED_TRIBAL", "VOTED_OUT", "ELIMINATED", "IMMUNITY_WON_BY", "REWARD_WON_BY",
               "CONFESSIONALS_IN", "FOUND_ADVANTAGE", "RECEIVED_ADVANTAGE", "PLAYED_ADVANTAGE", "ADVANTAGE_EVENT",
               "MEMBER_OF", "IN_CHALLENGE", "WENT_ON_JOURNEY", "AT_AUCTION", "BOUGHT"}
EPISODE_EVENT_NODES = ("TribalCouncil", "Challenge", "Journey", "Auction")  # their season and episode place them


def position(season: Any, episode: Any) -> int | None:
    if not isinstance(season, int) or not isinstance(episode, int):
        return None
    return season * 1000 + episode


def last_episodes(episodes: Iterable[tuple[str, Any]]) -> dict[str, int]:
    """(version_season, episode number) pairs -> each season's last (finale) episode number."""
    last: dict[str, int] = {}
    for vs, number in episodes:
        last[vs] = max(last.get(vs, 0), number or 0)
    return last


def outcome_known_at(season: Any, exit_episode: Any, finalist: bool, finale: int | None) -> int | None:
    """When a player's outcome (place, result, jury ...) became known: the episode they left, the finale for
    finalists; the finale when the exit episode is missing."""
    left = finale if finalist else position(season, exit_episode)
    return left or finale


def _season_of(version_season: str) -> int | None:
    digits = version_season[2:]
    return int(digits) if digits.isdigit() else None


class AiredAnnotator:
    def __init__(self, builder: GraphBuilder):
        self.b = builder
        self.finale = last_episodes((row["version_season"], row["number"])
                                    for row in builder.nodes.get("Episode", _Empty()).rows)
        self.node_aired: dict[tuple[str, Any], int | None] = {}
        self.air_dates = sorted((row["air_date"], position(row["season"], row["number"]))
                                for row in builder.nodes.get("Episode", _Empty()).rows
                                if isinstance(row.get("air_date"), str) and position(row["season"], row["number"]))

    def finale_of(self, vs: str) -> int | None:
        return position(_season_of(vs), self.finale.get(vs))

    def premiere_of(self, vs: str) -> int | None:
        return position(_season_of(vs), 1) if vs in self.finale else None

    def annotate(self) -> None:
        nodes = self.b.nodes
        for row in nodes.get("Season", _Empty()).rows:
            self._set(row, "Season", "id", self.premiere_of(row["id"]))
            row["finale_known_at"] = self.finale_of(row["id"])
        for row in nodes.get("Episode", _Empty()).rows:
            self._set(row, "Episode", "id", position(row["season"], row["number"]))
        first_season: dict[str, int] = {}
        last_finale: dict[str, int] = {}
        last_premiere: dict[str, int] = {}  # castaway_details' bio is that of their last season
        for row in nodes.get("PlayerSeason", _Empty()).rows:
            vs = row["version_season"]
            finalist = row.get("exit_type") in FINALIST_EXITS
            self._set(row, "PlayerSeason", "id", self.premiere_of(vs))
            row["outcome_known_at"] = outcome_known_at(row["season"], row.get("exit_episode"), finalist,
                                                       self.finale_of(vs))
            row["finale_known_at"] = self.finale_of(vs)
            if self.premiere_of(vs) is not None:
                cid = row["castaway_id"]
                first_season[cid] = min(first_season.get(cid, 10**9), self.premiere_of(vs))
                last_finale[cid] = max(last_finale.get(cid, 0), self.finale_of(vs) or 0)
                last_premiere[cid] = max(last_premiere.get(cid, 0), self.premiere_of(vs))
        for row in nodes.get("Player", _Empty()).rows:
            self._set(row, "Player", "castaway_id", first_season.get(row["castaway_id"]))
            self._names(row, last_finale.get(row["castaway_id"]))
            row["death_known_at"] = self._known_on(row.get("date_of_death"))
            row["bio_known_at"] = last_premiere.get(row["castaway_id"])
        for label in EPISODE_EVENT_NODES:
            for row in nodes.get(label, _Empty()).rows:
                self._set(row, label, "id", position(row["season"], row["episode"]))
        self._first_event_nodes("Tribe", "MEMBER_OF", "first_episode")
        self._first_event_nodes("Advantage", None, "episode")
        for rel in self.b.rels:
            for row in rel.rows:
                self._rel(rel, row)

    def _names(self, row: dict[str, Any], last_finale: int | None) -> None:
        """When each of a person's names became known: the premiere of the season it was first used in; a name
        no season used (taken on later) after the finale of their last season. Missing: never (fail closed)."""
        seasons = row.pop(ALIAS_SEASONS, None) or []
        known = [self.premiere_of(vs) if vs else last_finale for vs in seasons]
        known_at = dict(zip(row.get("aliases") or [], known))
        row["alias_known_at"] = [k if k is not None else _NEVER for k in known]
        row["name_known_at"] = known_at.get(row.get("name"))
        row["short_name_known_at"] = known_at.get(row.get("short_name"))

    def _known_on(self, date: Any) -> int | None:
        """The first episode aired on or after `date` (ISO text); the last episode when none aired since."""
        if not isinstance(date, str) or not self.air_dates:
            return None
        at = bisect.bisect_left(self.air_dates, (date, 0))
        return self.air_dates[min(at, len(self.air_dates) - 1)][1]

    def _first_event_nodes(self, label: str, rtype: str | None, prop: str) -> None:
        """Tribes and advantages appear with their first event (membership, first move)."""
        first: dict[str, int] = {}
        for rel in self.b.rels:
            if rel.end[0] != label or (rtype is not None and rel.type != rtype):
                continue
            if rtype is None and rel.type == "HAS_ADVANTAGE":
                continue
            for row in rel.rows:
                at = position(row["props"].get("season"), row["props"].get(prop))
                if at is not None:
                    first[row["end"]] = min(first.get(row["end"], at), at)
        for row in self.b.nodes.get(label, _Empty()).rows:
            fallback = self.finale_of(row["version_season"]) if label == "Advantage" else None
            self._set(row, label, "id", first.get(row["id"], fallback))

    def _rel(self, rel, row: dict[str, Any]) -> None:
        props = row["props"]
        ends = [self.node_aired.get((rel.start[0], row["start"])), self.node_aired.get((rel.end[0], row["end"]))]
        own: int | None = 0
        if rel.type == "JURY_VOTE_FOR":
            own = self.finale_of(str(row["start"]).split(":")[0])
        elif rel.type in EVENT_TYPES:
            episode = props.get("first_episode") if rel.type == "MEMBER_OF" else props.get("episode")
            season = props.get("season")
            if season is None:  # ATTENDED_TRIBAL / VOTED_OUT: the council's own position decides
                own = 0
            else:
                own = position(season, episode)
        if rel.type == "MEMBER_OF":
            props["finale_known_at"] = self.finale_of(str(row["start"]).split(":")[0])
        parts = ends + [own]
        props["aired"] = None if any(p is None for p in parts) else max(parts)

    def _set(self, row: dict[str, Any], label: str, key: str, aired: int | None) -> None:
        row["aired"] = aired
        self.node_aired[(label, row[key])] = aired


class _Empty:
    rows: list = []


def annotate_aired(builder: GraphBuilder) -> GraphBuilder:
    AiredAnnotator(builder).annotate()
    return builder
