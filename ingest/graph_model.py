"""survivoR tables -> the property graph, as declarative node and relationship sets.

The model (direction matters):
  (:Player)-[:PLAYED_IN]->(:PlayerSeason)-[:IN_SEASON]->(:Season)
  (:PlayerSeason)-[:MEMBER_OF {phase}]->(:Tribe)<-[:HAS_TRIBE]-(:Season)
  (:Season)-[:HAS_EPISODE]->(:Episode)-[:HAS_TRIBAL]->(:TribalCouncil)
  (:PlayerSeason)-[:ATTENDED_TRIBAL]->(:TribalCouncil)-[:VOTED_OUT]->(:PlayerSeason)
  (:PlayerSeason)-[:CAST_VOTE {episode, order, vote_order, ...}]->(:PlayerSeason)
  (:Episode)-[:IMMUNITY_WON_BY|REWARD_WON_BY {scope}]->(:PlayerSeason)
  (:Episode)-[:ELIMINATED {exit_type}]->(:PlayerSeason)
  (:PlayerSeason)-[:JURY_VOTE_FOR]->(:PlayerSeason)
  (:PlayerSeason)-[:FOUND_ADVANTAGE|RECEIVED_ADVANTAGE|PLAYED_ADVANTAGE|ADVANTAGE_EVENT]->(:Advantage)
  (:Season)-[:HAS_ADVANTAGE]->(:Advantage)
  (:PlayerSeason)-[:CONFESSIONALS_IN {count, seconds}]->(:Episode)
  (:Episode)-[:HAS_CHALLENGE]->(:Challenge)<-[:IN_CHALLENGE {won, won_alone, sat_out, result, ...}]-(:PlayerSeason)
  (:Episode)-[:HAS_JOURNEY]->(:Journey)<-[:WENT_ON_JOURNEY {reward, lost_vote, ...}]-(:PlayerSeason)
  (:Episode)-[:HAS_AUCTION]->(:Auction)<-[:AT_AUCTION {money}]-(:PlayerSeason)
  (:PlayerSeason)-[:BOUGHT {item, cost, money_remaining, ...}]->(:Auction)
PlayerSeason also carries survivoR's castaway_scores (score_overall …, the challenge and strategic threat ratings)
and advantage_episodes (advantage_timeline);
Tribe its buff's colour (hex) and colour_name ("blue").
Every node and relationship carries source_table, source_key and dataset_version. Keys: Player.castaway_id;
others `id` built from version_season (e.g. "US45", "US45:US0650", "US45:E3", "US45:E3:T4").
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ingest import enums
from ingest.aliases import alias_seasons
from ingest.colours import colour_name
from ingest.survivor_data import SurvivorData

# Player: the season each alias was first used in, parallel to `aliases`; ingest.aired replaces it by positions.
ALIAS_SEASONS = "alias_seasons"


@dataclass
class NodeSet:
    label: str
    key: str
    rows: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class RelSet:
    type: str
    start: tuple[str, str]  # (label, key property)
    end: tuple[str, str]
    rows: list[dict[str, Any]] = field(default_factory=list)  # {"start", "end", "props"}


def plain(value: Any) -> Any:
    """pandas/numpy values -> JSON-like Python values the drivers accept (NaN -> None)."""
    if value is None or value is pd.NA or value is pd.NaT:
        return None
    if isinstance(value, float):
        if math.isnan(value):
            return None
        return int(value) if value.is_integer() else value
    if hasattr(value, "item"):  # numpy scalar
        return plain(value.item())
    if isinstance(value, (pd.Timestamp, dt.datetime)):
        return value.date().isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, str):
        # survivoR has non-breaking spaces in some names ("Yam\xa0Yam"); exact matches need plain ones.
        return value.replace("\xa0", " ").strip()
    return value


def _num(value: Any) -> int | None:
    value = plain(value)
    return int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _score(row: Any, name: str) -> float | None:
    """One of a castaway_scores row's scores, rounded; None when the row or the score is missing."""
    value = None if row is None else getattr(row, name)
    return None if value is None or pd.isna(value) else round(float(value), 4)


def _juror_number(status_word: str | None) -> int | None:
    """'3rd' (from '3rd jury member') -> 3; None for no jury status or one without a number ('Removed')."""
    digits = "".join(ch for ch in status_word or "" if ch.isdigit())
    return int(digits) if digits else None


def _bool(value: Any) -> bool | None:
    value = plain(value)
    return None if value is None else bool(value)


class GraphBuilder:
    def __init__(self, data: SurvivorData):
        self.data = data
        self.version = data.version
        self.nodes: dict[str, NodeSet] = {}
        self.rels: list[RelSet] = []

    # -- helpers ----------------------------------------------------------------------------------
    def _prov(self, table: str, key: str) -> dict[str, Any]:
        return {"source_table": table, "source_key": key, "dataset_version": self.version}

    def node(self, label: str, key: str, table: str, props: dict[str, Any]) -> None:
        nodes = self.nodes.setdefault(label, NodeSet(label, key))
        clean = {k: plain(v) for k, v in props.items()}
        nodes.rows.append({**clean, **self._prov(table, str(clean[key]))})

    def rel(self, rtype: str, start: tuple[str, str], end: tuple[str, str], table: str,
            rows: Iterable[tuple[Any, Any, str, dict[str, Any]]]) -> None:
        out = RelSet(rtype, start, end)
        for s, e, source_key, props in rows:
            clean = {k: plain(v) for k, v in props.items()}
            out.rows.append({"start": s, "end": e, "props": {**clean, **self._prov(table, source_key)}})
        self.rels.append(out)

    # -- the model --------------------------------------------------------------------------------
    def build(self) -> GraphBuilder:
        self._seasons()
        self._players()
        self._episodes()
        self._tribes()
        self._tribals_and_votes()
        self._challenges()
        self._jury()
        self._advantages()
        self._confessionals()
        self._challenge_entries()
        self._journeys()
        self._auctions()
        return self

    def _seasons(self) -> None:
        # survivoR's season_summary.ended is the next season's finale for seasons 1-41 (e.g. season 40 "ended"
        # 2021-12-15, the night season 41's finale aired): a season ends the night its last episode airs.
        episodes = self.data.table("episodes")
        last_aired = pd.to_datetime(episodes["episode_date"], errors="coerce").groupby(
            episodes["version_season"]).max().dropna().dt.date.to_dict()
        for r in self.data.table("season_summary").itertuples(index=False):
            self.node("Season", "id", "season_summary", {
                "id": r.version_season, "version": r.version, "number": r.season, "name": r.season_name,
                "location": r.location, "country": r.country, "tribe_setup": r.tribe_setup,
                "n_cast": r.n_cast, "n_tribes": r.n_tribes, "n_finalists": r.n_finalists, "n_jury": r.n_jury,
                "winner_name": r.full_name, "final_vote": r.final_vote, "premiered": r.premiered,
                "ended": last_aired.get(r.version_season, r.ended), "filming_started": r.filming_started,
                "filming_ended": r.filming_ended,
                "viewers_mean": r.viewers_mean, "timeslot": r.timeslot,
                # where the show ranked among all TV programmes of its broadcast season (Nielsen)
                "nielsen_rank": _num(r.rank)})

    def _players(self) -> None:
        castaways = self.data.table("castaways")
        # each alias with the season it was first in use (ingest.aired turns that into when a viewer knows it)
        aliases = {cid: sorted(zip(group["alias"], group["version_season"]))
                   for cid, group in alias_seasons(self.data).groupby("castaway_id")}
        details = self.data.raw("castaway_details").drop_duplicates("castaway_id").set_index("castaway_id")
        details = details.to_dict("index")
        latest_rows = castaways.sort_values("season").groupby("castaway_id").last().to_dict("index")
        for cid in sorted(latest_rows):
            d, latest = details.get(cid), latest_rows[cid]
            self.node("Player", "castaway_id", "castaway_details", {
                "castaway_id": cid, "name": d["full_name"] if d is not None else latest["full_name"],
                "short_name": d["castaway"] if d is not None else latest["castaway"],
                "aliases": [alias for alias, _ in aliases.get(cid, [])],
                ALIAS_SEASONS: [since for _, since in aliases.get(cid, [])],
                "gender": None if d is None else d["gender"],
                "date_of_birth": None if d is None else d["date_of_birth"],
                "date_of_death": None if d is None else d["date_of_death"],
                "occupation": None if d is None else d["occupation"],
                "personality_type": None if d is None else d["personality_type"],
                # how they described themselves when cast
                "three_words": None if d is None else d.get("three_words"),
                "hobbies": None if d is None else d.get("hobbies"),
                "pet_peeves": None if d is None else d.get("pet_peeves")})
        played, in_season = [], []
        scores = self.data.table("castaway_scores").drop_duplicates(["version_season", "castaway_id"])
        score_of = {(r.version_season, r.castaway_id): r for r in scores.itertuples(index=False)}
        timeline = self.data.table("advantage_timeline")
        holding = timeline[timeline["holding"] == 1].drop_duplicates(["version_season", "castaway_id", "episode"])
        held_episodes = holding.groupby(["version_season", "castaway_id"]).size().to_dict()
        held_seasons = set(timeline["version_season"])  # seasons the timeline covers: 0 there means none held
        for r in castaways.itertuples(index=False):
            ps_id = f"{r.version_season}:{r.castaway_id}"
            score = score_of.get((r.version_season, r.castaway_id))
            juror = str(r.jury_status).split()[0] if isinstance(r.jury_status, str) else None
            self.node("PlayerSeason", "id", "castaways", {
                "id": ps_id, "castaway_id": r.castaway_id, "version": r.version, "version_season": r.version_season,
                "season": r.season, "name": r.full_name, "short_name": r.castaway, "age": r.age, "city": r.city,
                "state": r.state, "original_tribe": r.original_tribe, "place": _num(r.place),
                "result": r.result, "exit_type": enums.exit_type(r.result), "also_quit": enums.also_quit(r.result),
                "exit_episode": _num(r.episode), "exit_day": _num(r.day), "boot_order": _num(r.order),
                "jury": _bool(r.jury), "jury_status": r.jury_status,
                "juror_number": _juror_number(juror),
                "finalist": _bool(r.finalist), "winner": _bool(r.winner),
                # survivoR's castaway_scores (0-1, higher is better) and the episodes they held an advantage in
                **{name: _score(score, name) for name in ("score_overall", "score_outwit", "score_outplay",
                                                          "score_outlast")},
                # its threat ratings: a number and the band it falls in ("Top 1%" … "Bottom 1%")
                "challenge_threat": _score(score, "threat_challenge"),
                "challenge_threat_band": None if score is None else plain(score.threat_challenge_cat),
                "strategic_threat": _score(score, "threat_strategic"),
                "strategic_threat_band": None if score is None else plain(score.threat_strategic_cat),
                "advantage_episodes": held_episodes.get((r.version_season, r.castaway_id),
                                                        0 if r.version_season in held_seasons else None)})
            played.append((r.castaway_id, ps_id, ps_id, {"season": r.season}))
            in_season.append((ps_id, r.version_season, ps_id, {}))
        self.rel("PLAYED_IN", ("Player", "castaway_id"), ("PlayerSeason", "id"), "castaways", played)
        self.rel("IN_SEASON", ("PlayerSeason", "id"), ("Season", "id"), "castaways", in_season)

        eliminated = []
        for r in castaways.itertuples(index=False):
            if enums.exit_type(r.result) in (None, "winner", "runner_up") or _num(r.episode) is None:
                continue
            ep_id = f"{r.version_season}:E{_num(r.episode)}"
            eliminated.append((ep_id, f"{r.version_season}:{r.castaway_id}", f"{r.version_season}:{r.castaway_id}",
                               {"season": r.season, "episode": r.episode, "order": _num(r.order), "day": r.day,
                                "result": r.result, "exit_type": enums.exit_type(r.result)}))
        self.rel("ELIMINATED", ("Episode", "id"), ("PlayerSeason", "id"), "castaways", eliminated)

    def _episodes(self) -> None:
        has = []
        for r in self.data.table("episodes").itertuples(index=False):
            ep_id = f"{r.version_season}:E{_num(r.episode)}"
            self.node("Episode", "id", "episodes", {
                "id": ep_id, "version_season": r.version_season, "season": r.season, "number": r.episode,
                "number_overall": r.episode_number_overall, "title": r.episode_title, "label": r.episode_label,
                "air_date": r.episode_date, "length_minutes": r.episode_length, "viewers": r.viewers,
                "imdb_rating": r.imdb_rating, "imdb_votes": _num(r.n_ratings)})
            has.append((r.version_season, ep_id, ep_id, {}))
        self.rel("HAS_EPISODE", ("Season", "id"), ("Episode", "id"), "episodes", has)

    def _tribes(self) -> None:
        mapping = self.data.table("tribe_mapping")
        mapping = mapping[mapping["tribe"].notna()]
        colours = self.data.table("tribe_colours")
        colour_of = {(r.version_season, r.tribe): r for r in colours.itertuples(index=False)}
        member = (mapping.groupby(["version_season", "season", "castaway_id", "tribe", "tribe_status"])
                  .agg(first_episode=("episode", "min"), last_episode=("episode", "max"), first_day=("day", "min"))
                  .reset_index())
        first_status = member.sort_values("first_day").groupby(["version_season", "tribe"])["tribe_status"].first()
        has_tribe = []
        for (vs, tribe), status in first_status.items():
            tribe_id = f"{vs}:{tribe}"
            known = colour_of.get((vs, tribe))
            ph, swap = enums.phase(known.tribe_status if known is not None else status)
            season = int(vs[2:]) if vs[2:].isdigit() else None
            self.node("Tribe", "id", "tribe_mapping", {"id": tribe_id, "name": tribe, "version_season": vs,
                                                       "season": season, "phase": ph, "swap_number": swap,
                                                       "colour": None if known is None else known.tribe_colour,
                                                       "colour_name": None if known is None else
                                                       colour_name(known.tribe_colour)})
            has_tribe.append((vs, tribe_id, tribe_id, {}))
        self.rel("HAS_TRIBE", ("Season", "id"), ("Tribe", "id"), "tribe_mapping", has_tribe)
        rows = []
        for r in member.itertuples(index=False):
            ph, swap = enums.phase(r.tribe_status)
            ps_id = f"{r.version_season}:{r.castaway_id}"
            rows.append((ps_id, f"{r.version_season}:{r.tribe}", f"{ps_id}:{r.tribe}:{r.tribe_status}", {
                "phase": ph, "swap_number": swap, "status": r.tribe_status, "season": r.season,
                "first_episode": r.first_episode, "last_episode": r.last_episode, "first_day": r.first_day}))
        self.rel("MEMBER_OF", ("PlayerSeason", "id"), ("Tribe", "id"), "tribe_mapping", rows)

    def _tribals_and_votes(self) -> None:
        votes = self.data.table("vote_history").copy()
        # One tribal council per (season, episode, boot order); revotes (vote_order 2+) belong to it.
        votes["ep"] = votes["episode"].astype(int)
        votes["od"] = votes["order"].astype(int)
        votes["tc_id"] = votes["version_season"] + ":E" + votes["ep"].astype(str) + ":T" + votes["od"].astype(str)
        # "first" skips missing values; a joint tribal keeps its first voter's tribe.
        tribals = votes.groupby("tc_id", sort=True).agg(
            version_season=("version_season", "first"), season=("season", "first"), episode=("ep", "first"),
            order=("od", "first"), day=("day", "min"), tribe=("tribe", "first"), status=("tribe_status", "first"),
            voted_out_id=("voted_out_id", "first"), voted_out=("voted_out", "first"),
            max_vote_order=("vote_order", "max"))
        voters = votes[votes["vote"].notna()].groupby("tc_id")["castaway_id"].nunique()
        has_tribal, voted_out = [], []
        for tc_id, r in zip(tribals.index, tribals.itertuples(index=False)):
            self.node("TribalCouncil", "id", "vote_history", {
                "id": tc_id, "version_season": r.version_season, "season": r.season, "episode": r.episode,
                "order": r.order, "day": r.day, "tribe": r.tribe, "phase": enums.phase(r.status)[0],
                "voted_out_id": r.voted_out_id, "voted_out": r.voted_out, "n_voters": int(voters.get(tc_id, 0)),
                "revote": bool(plain(r.max_vote_order) and r.max_vote_order > 1)})
            has_tribal.append((f"{r.version_season}:E{r.episode}", tc_id, tc_id, {}))
        for r in votes[["tc_id", "version_season", "voted_out_id", "od"]].dropna().drop_duplicates(
                ["tc_id", "voted_out_id"]).itertuples(index=False):
            voted_out.append((r.tc_id, f"{r.version_season}:{r.voted_out_id}", f"{r.tc_id}:{r.voted_out_id}",
                              {"order": r.od}))
        # A person's rows at one council (a revote, a rock draw after a deadlock) each name their own event: the
        # edge keeps them all, in order ("Deadlock; Rock draw"), and the last outcome.
        events = votes.groupby(["tc_id", "castaway_id"], sort=False).agg(
            vote_event=("vote_event", lambda e: "; ".join(dict.fromkeys(x for x in e if isinstance(x, str))) or None),
            vote_event_outcome=("vote_event_outcome", lambda o: next((x for x in reversed(list(o))
                                                                      if isinstance(x, str)), None)))
        attended = [(f"{r.version_season}:{r.castaway_id}", r.tc_id, f"{r.tc_id}:{r.castaway_id}", {
            "immunity": r.immunity, **events.loc[(r.tc_id, r.castaway_id)].to_dict()})
            for r in votes.drop_duplicates(["tc_id", "castaway_id"]).itertuples(index=False)]
        # A player can cast two votes in one round (extra vote): the row position keeps the keys unique.
        cast = [(f"{r.version_season}:{r.castaway_id}", f"{r.version_season}:{r.vote_id}",
                 f"{r.tc_id}:{r.castaway_id}:V{_num(r.vote_order)}:R{r.Index}", {
                     "season": r.season, "episode": r.ep, "order": r.od, "vote_order": _num(r.vote_order),
                     "day": r.day, "tribal_id": r.tc_id, "nullified": _bool(r.nullified), "tie": _bool(r.tie),
                     "split_vote": r.split_vote, "vote_event": r.vote_event, "voted_out": r.vote_id == r.voted_out_id,
                     "phase": enums.phase(r.tribe_status)[0]})  # before / after the merge: "merged" or not
                for r in votes[votes["vote_id"].notna()].itertuples(index=True)]
        self.rel("HAS_TRIBAL", ("Episode", "id"), ("TribalCouncil", "id"), "vote_history", has_tribal)
        self.rel("VOTED_OUT", ("TribalCouncil", "id"), ("PlayerSeason", "id"), "vote_history", voted_out)
        self.rel("ATTENDED_TRIBAL", ("PlayerSeason", "id"), ("TribalCouncil", "id"), "vote_history", attended)
        self.rel("CAST_VOTE", ("PlayerSeason", "id"), ("PlayerSeason", "id"), "vote_history", cast)

    def _challenges(self) -> None:
        results = self.data.table("challenge_results")
        # The won_<scope>_<kind> flags say what was won; `won` disagrees with them on a few rows
        # (e.g. Ozzy, S23 challenge 15: won_individual_immunity = 1, won = 0), so the flags decide.
        flags = [f"won_{scope}_{kind}" for scope in ("individual", "tribal", "team") for kind in ("immunity", "reward")]
        results = results[(results[flags] == 1).any(axis=1)]
        names = self.data.table("challenge_description").set_index(["version_season", "challenge_id"])["name"]
        names = names[~names.index.duplicated()].to_dict()
        by_kind: dict[str, list] = {"immunity": [], "reward": []}
        for r in results.itertuples(index=False):
            ep, cid = _num(r.episode), _num(r.challenge_id)
            for kind in ("immunity", "reward"):
                for scope in ("individual", "tribal", "team"):
                    if plain(getattr(r, f"won_{scope}_{kind}")) == 1:
                        key = f"{r.version_season}:C{cid}:{r.castaway_id}:{kind}:{scope}"
                        by_kind[kind].append((f"{r.version_season}:E{ep}", f"{r.version_season}:{r.castaway_id}", key, {
                            "season": r.season, "episode": ep, "challenge_id": cid, "scope": scope,
                            "challenge_type": r.challenge_type, "tribe": r.tribe,
                            "challenge_name": names.get((r.version_season, r.challenge_id))}))
        self.rel("IMMUNITY_WON_BY", ("Episode", "id"), ("PlayerSeason", "id"), "challenge_results", by_kind["immunity"])
        self.rel("REWARD_WON_BY", ("Episode", "id"), ("PlayerSeason", "id"), "challenge_results", by_kind["reward"])

    def _jury(self) -> None:
        votes = self.data.table("jury_votes")
        votes = votes[votes["vote"] == 1]
        self.rel("JURY_VOTE_FOR", ("PlayerSeason", "id"), ("PlayerSeason", "id"), "jury_votes", [
            (f"{r.version_season}:{r.castaway_id}", f"{r.version_season}:{r.finalist_id}",
             f"{r.version_season}:{r.castaway_id}->{r.finalist_id}", {"season": r.season})
            for r in votes.itertuples(index=False)])

    def _advantages(self) -> None:
        details = self.data.table("advantage_details")
        has = []
        for r in details.itertuples(index=False):
            adv_id = f"{r.version_season}:A{_num(r.advantage_id)}"
            self.node("Advantage", "id", "advantage_details", {
                "id": adv_id, "version_season": r.version_season, "season": r.season, "type": r.advantage_type,
                "clue_details": r.clue_details, "location_found": r.location_found, "conditions": r.conditions})
            has.append((r.version_season, adv_id, adv_id, {}))
        self.rel("HAS_ADVANTAGE", ("Season", "id"), ("Advantage", "id"), "advantage_details", has)
        known = {row["id"] for row in self.nodes.get("Advantage", NodeSet("", "")).rows}  # none before US11
        grouped: dict[str, list] = {}
        for r in self.data.table("advantage_movement").itertuples(index=False):
            adv_id = f"{r.version_season}:A{_num(r.advantage_id)}"
            if adv_id not in known or not isinstance(r.castaway_id, str):
                continue
            rtype, event = enums.advantage_relationship(str(r.event))
            # A shared advantage lists its holders in one cell: "US0701, US0698, US0713".
            for holder in (c.strip() for c in r.castaway_id.split(",") if c.strip()):
                grouped.setdefault(rtype, []).append((
                    f"{r.version_season}:{holder}", adv_id, f"{adv_id}:S{_num(r.sequence_id)}:{holder}", {
                        "season": r.season, "episode": r.episode, "day": r.day, "event": event,
                        "raw_event": r.event, "sequence": r.sequence_id, "played_for": r.played_for,
                        "played_for_id": r.played_for_id, "success": r.success,
                        "votes_nullified": r.votes_nullified}))
        for rtype, rows in sorted(grouped.items()):
            self.rel(rtype, ("PlayerSeason", "id"), ("Advantage", "id"), "advantage_movement", rows)

    def _confessionals(self) -> None:
        conf = self.data.table("confessionals")
        self.rel("CONFESSIONALS_IN", ("PlayerSeason", "id"), ("Episode", "id"), "confessionals", [
            (f"{r.version_season}:{r.castaway_id}", f"{r.version_season}:E{_num(r.episode)}",
             f"{r.version_season}:E{_num(r.episode)}:{r.castaway_id}",
             {"season": r.season, "episode": r.episode, "count": r.confessional_count,
              "seconds": r.confessional_time})
            for r in conf.itertuples(index=False)])

    def _challenge_entries(self) -> None:
        """Every challenge and everyone in it: who sat out, who won, duels (challenge type "Duel": Redemption
        Island, Edge of Extinction). The win flags decide `won`, as for IMMUNITY_WON_BY."""
        results = self.data.table("challenge_results")
        described = self.data.table("challenge_description").drop_duplicates(["version_season", "challenge_id"])
        # what a challenge involved: survivoR's true/false columns from "balance" on (puzzle, water_swim, maze …)
        feature_columns = list(described.columns[list(described.columns).index("balance"):]) \
            if "balance" in described.columns else []
        described = described.set_index(["version_season", "challenge_id"]).to_dict("index")
        flags = [f"won_{scope}_{kind}" for scope in ("individual", "tribal", "team") for kind in ("immunity", "reward")]
        has = []
        firsts = results.drop_duplicates(["version_season", "challenge_id"])
        for r in firsts.itertuples(index=False):
            ch_id, ep = f"{r.version_season}:C{_num(r.challenge_id)}", _num(r.episode)
            d = described.get((r.version_season, r.challenge_id), {})
            self.node("Challenge", "id", "challenge_results", {
                "id": ch_id, "version_season": r.version_season, "season": r.season, "episode": ep,
                "challenge_id": _num(r.challenge_id), "type": r.challenge_type, "outcome_type": r.outcome_type,
                "name": d.get("name"), "description": d.get("description"),
                "recurring_name": d.get("recurring_name"), "described_type": d.get("challenge_type"),
                "features": [c for c in feature_columns if d.get(c) is True]})
            has.append((f"{r.version_season}:E{ep}", ch_id, ch_id, {}))
        self.rel("HAS_CHALLENGE", ("Episode", "id"), ("Challenge", "id"), "challenge_results", has)
        won = (results[flags] == 1).any(axis=1) | (results["won_duel"] == 1)
        # on their own: a "Team / Individual" challenge is won by a team, then by one of its members
        alone = (results[["won_individual_immunity", "won_individual_reward"]] == 1).any(axis=1) \
            | (results["won_duel"] == 1)
        self.rel("IN_CHALLENGE", ("PlayerSeason", "id"), ("Challenge", "id"), "challenge_results", [
            (f"{r.version_season}:{r.castaway_id}", f"{r.version_season}:C{_num(r.challenge_id)}",
             f"{r.version_season}:C{_num(r.challenge_id)}:{r.castaway_id}", {
                 "season": r.season, "episode": _num(r.episode), "tribe": r.tribe, "result": r.result,
                 "sat_out": _bool(r.sit_out), "won": bool(w), "won_alone": bool(a), "won_duel": plain(r.won_duel) == 1,
                 "chosen_for_reward": _bool(r.chosen_for_reward),
                 "order_of_finish": _num(r.order_of_finish)})
            for r, w, a in zip(results.itertuples(index=False), won, alone)])

    def _episode_event(self, label: str, table: str, node_id: str, vs: str, first: Any, extra: dict[str, Any]
                       ) -> tuple[str, str, str, dict]:
        """A node for something that happened in one episode (a journey, an auction), and the row of its
        HAS_<label> edge from that episode."""
        episode = _num(first["episode"])
        self.node(label, "id", table, {"id": node_id, "version_season": vs, "season": first["season"],
                                       "episode": episode, **extra})
        return f"{vs}:E{episode}", node_id, node_id, {}

    def _journeys(self) -> None:
        """Journeys (seasons 41 on): who went together (one sog_id), what they came back with."""
        journeys = self.data.table("journeys")
        journeys = journeys[journeys["castaway_id"].notna()]
        has, went = [], []
        for (vs, sog), group in journeys.groupby(["version_season", "sog_id"], sort=True):
            j_id, first = f"{vs}:J{_num(sog)}", group.iloc[0]
            has.append(self._episode_event("Journey", "journeys", j_id, vs, first,
                                            {"game_played": first["game_played"]}))
            for r in group.itertuples(index=False):
                went.append((f"{vs}:{r.castaway_id}", j_id, f"{j_id}:{r.castaway_id}", {
                    "season": r.season, "episode": _num(r.episode), "reward": r.reward,
                    "lost_vote": _bool(r.lost_vote), "chose_to_play": _bool(r.chose_to_play),
                    "game_played": r.game_played, "event": r.event}))
        self.rel("HAS_JOURNEY", ("Episode", "id"), ("Journey", "id"), "journeys", has)
        self.rel("WENT_ON_JOURNEY", ("PlayerSeason", "id"), ("Journey", "id"), "journeys", went)

    def _auctions(self) -> None:
        """The Survivor auction: who took part with how much money, and what each person bought. Items a whole
        tribe bought (season 5) name no castaway and are left out."""
        money = self.data.table("survivor_auction")
        items = self.data.table("auction_details")
        has, present = [], []
        for vs, group in money.groupby("version_season", sort=True):
            a_id, first = f"{vs}:AUCTION", group.iloc[0]
            has.append(self._episode_event("Auction", "survivor_auction", a_id, vs, first,
                                            {"currency": first["currency"]}))
            for r in group.itertuples(index=False):
                present.append((f"{vs}:{r.castaway_id}", a_id, f"{a_id}:{r.castaway_id}", {
                    "season": r.season, "episode": _num(r.episode), "money": _num(r.total), "tribe": r.tribe}))
        self.rel("HAS_AUCTION", ("Episode", "id"), ("Auction", "id"), "survivor_auction", has)
        self.rel("AT_AUCTION", ("PlayerSeason", "id"), ("Auction", "id"), "survivor_auction", present)
        episode_of = {row["version_season"]: row["episode"] for row in self.nodes.get("Auction", NodeSet("", "")).rows}
        self.rel("BOUGHT", ("PlayerSeason", "id"), ("Auction", "id"), "auction_details", [
            (f"{r.version_season}:{r.castaway_id}", f"{r.version_season}:AUCTION",
             f"{r.version_season}:AUCTION:I{_num(r.item)}:{r.castaway_id}", {
                 "season": r.season, "episode": episode_of.get(r.version_season), "item": r.item_description,
                 "category": r.category, "cost": _num(r.cost), "covered": _bool(r.covered), "notes": r.notes,
                 "item_order": _num(r.item), "money_remaining": _num(r.money_remaining),
                 # a covered item's buyer may be offered something else for it instead
                 "alternative_offered": _bool(r.alternative_offered),
                 "alternative_accepted": _bool(r.alternative_accepted), "other_item": plain(r.other_item)})
            for r in items[items["castaway_id"].notna()].itertuples(index=False)])


def build_graph(data: SurvivorData) -> GraphBuilder:
    return GraphBuilder(data).build()
