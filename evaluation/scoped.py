"""Gold answers for a viewer's scope ("watched through season 44, episode 6"): the survivoR tables cut to what
had aired by then, with the rules the graph loader uses (`ingest.aired`), and the questions re-answered on them.

    g = ScopedGoldData(open_survivor_data(settings), ViewerScope(44, 6))
    build_question_set(g, "gold")  # the same questions as unscoped; answers computed on the scoped tables

Which rows a viewer has seen (the loader's `aired` positions, position = season * 1000 + episode):
  season_summary   seasons whose premiere (episode 1) aired; the finale facts (`HIDDEN_SOURCE_COLUMNS`) only
                   when the season's last episode aired
  castaways        rows of aired seasons; the outcome columns (place, result, episode, day, order, jury,
                   finalist, winner ...) only once the player left (the finale for finalists)
  episodes, vote_history, challenge_results, tribe_mapping, confessionals, advantage_movement
                   rows of an aired (season, episode); a row without an episode is left out (fail closed)
  jury_votes       rows of seasons whose finale aired
  castaway_scores  rows of seasons whose finale aired (season-final figures)
  castaway_details a person's bio columns (their latest) once their last season premiered (`require_bio`)

A question's scoped answer (`scoped_question`):
  * beyond the viewer's point -> an abstention question (part {"type": "abstain", "beyond_scope": true,
    "reason", "hidden": the unscoped answer parts, so an answer that leaks them scores wrong}) when
      - a season or person the question names had not appeared yet;
      - the template's declared need (`NEEDS`) had not aired: a season's finale for season totals and outcomes
        ("finale"), an episode ("episode"), a player's exit ("exit");
      - the scoped tables cannot compute it (a lookup of a row that is not in scope), or the answer is empty
        (or not a number) where the unscoped one is not: what it asks about had not happened yet;
      - the passage a narrative answer rests on is from a later episode;
  * otherwise the answer computed on the scoped tables (counts and rankings over what had aired).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cached_property
from typing import Any

import numpy as np
import pandas as pd

from evaluation.data import GoldData
from ingest.aired import FINALIST_EXITS, HIDDEN_SOURCE_COLUMNS, last_episodes, outcome_known_at, position
from ingest.enums import exit_type
from ingest.survivor_data import SurvivorData
from ingest.viewer_scope import ViewerScope


class BeyondScope(Exception):
    """A gold answer needs data the viewer has not seen yet."""


def _hidden_columns(table: str) -> list[str]:
    cols = [c for (t, _), props in HIDDEN_SOURCE_COLUMNS.items() if t == table for cs in props.values() for c in cs]
    return list(dict.fromkeys(cols))


def _int(value) -> int | None:
    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return None
    return int(value)


class ScopedGoldData(GoldData):
    """GoldData cut to what had aired by `scope`'s cutoff. `full` is the unscoped view of the same data."""

    def __init__(self, data: SurvivorData, scope: ViewerScope, full: GoldData | None = None):
        super().__init__(data)
        self.viewer_scope = scope
        self.full = full or GoldData(data)

    # -- positions (ingest.aired) ------------------------------------------------------------------
    @cached_property
    def _finale(self) -> dict[int, int | None]:
        eps = self.full.episodes
        last = last_episodes(zip(eps["version_season"], (_int(e) for e in eps["episode"])))
        season_of = dict(zip(eps["version_season"], eps["season"]))
        return {int(season_of[vs]): position(int(season_of[vs]), n) for vs, n in last.items()}

    def premiere(self, season: int) -> int | None:
        return position(int(season), 1) if int(season) in self._finale else None

    def finale(self, season: int) -> int | None:
        return self._finale.get(int(season))

    def allows(self, at: int | None) -> bool:
        return self.viewer_scope.allows(at)

    def _aired_rows(self, df: pd.DataFrame) -> pd.DataFrame:
        """Rows of an event table whose (season, episode) had aired; no episode -> left out."""
        keep = [self.allows(position(_int(s), _int(e))) for s, e in zip(df["season"], df["episode"])]
        return df[np.array(keep, dtype=bool)] if len(df) else df

    # -- tables ---------------------------------------------------------------------------------
    @cached_property
    def summary(self) -> pd.DataFrame:
        df = self.full.summary
        df = df[[self.allows(self.premiere(s)) for s in df["season"]]].copy()
        unfinished = np.array([not self.allows(self.finale(s)) for s in df["season"]], dtype=bool)
        for column in _hidden_columns("season_summary"):
            if column in df.columns and unfinished.any():
                df[column] = df[column].astype(object)
                df.loc[unfinished, column] = None
        return df

    @cached_property
    def _outcome_known(self) -> pd.Series:
        """Per castaways row of an aired season: had the player's outcome aired (ingest.aired)?"""
        df = self.full.cast
        df = df[[self.allows(self.premiere(s)) for s in df["season"]]]
        return pd.Series([self.allows(outcome_known_at(_int(s), _int(e), exit_type(r) in FINALIST_EXITS,
                                                       self.finale(s)))
                          for s, e, r in zip(df["season"], df["episode"], df["result"])], index=df.index, dtype=bool)

    @cached_property
    def cast(self) -> pd.DataFrame:
        known = self._outcome_known
        df = self.full.cast.loc[known.index].copy()
        for column in _hidden_columns("castaways"):
            kind = df[column].dtype
            if pd.api.types.is_bool_dtype(kind):
                df[column] = df[column] & known  # not known to be a finalist / juror / winner yet
            elif pd.api.types.is_numeric_dtype(kind):
                df[column] = df[column].astype("float64").where(known)  # NaN: no comparison matches
            else:
                df[column] = df[column].where(known)
        return df

    @cached_property
    def episodes(self) -> pd.DataFrame:
        return self._aired_rows(self.full.episodes)

    @cached_property
    def votes(self) -> pd.DataFrame:
        return self._aired_rows(self.full.votes)

    @cached_property
    def vote_history(self) -> pd.DataFrame:
        return self._aired_rows(self.full.vote_history)

    @cached_property
    def jury(self) -> pd.DataFrame:
        df = self.full.jury
        return df[[self.allows(self.finale(s)) for s in df["season"]]]

    @cached_property
    def wins(self) -> pd.DataFrame:
        return self._aired_rows(self.full.wins)

    @cached_property
    def tribes(self) -> pd.DataFrame:
        return self._aired_rows(self.full.tribes)

    @cached_property
    def confessionals(self) -> pd.DataFrame:
        return self._aired_rows(self.full.confessionals)

    @cached_property
    def advantages(self) -> pd.DataFrame:
        return self._aired_rows(self.full.advantages)

    @cached_property
    def scores(self) -> pd.DataFrame:
        """castaway_scores sum up a whole season: only seasons whose finale had aired (ingest.property_classes)."""
        df = self.full.scores
        return df[[self.allows(self.finale(s)) for s in df["season"]]]

    @cached_property
    def aliases(self) -> pd.DataFrame:
        return self.full.aliases

    @cached_property
    def season_aliases(self) -> pd.DataFrame:
        return self.full.season_aliases

    # -- lookups --------------------------------------------------------------------------------
    @property
    def finished_seasons(self) -> list[int]:
        return [s for s in self.seasons if self.allows(self.finale(s))]

    def require_started(self, season: int) -> None:
        if not self.allows(self.premiere(season)):
            raise BeyondScope(f"season {season} had not started")

    def require_finale(self, season: int) -> None:
        self.require_started(season)
        if not self.allows(self.finale(season)):
            raise BeyondScope(f"the finale of season {season} had not aired")

    def require_episode(self, season: int, episode: int) -> None:
        if not self.allows(position(int(season), int(episode))):
            raise BeyondScope(f"season {season} episode {episode} had not aired")

    def require_person(self, castaway_id: str) -> None:
        if castaway_id not in set(self.cast["castaway_id"]):
            raise BeyondScope(f"{castaway_id} had not appeared yet")

    def require_exit(self, castaway_id: str, season: int) -> None:
        self.require_started(season)
        rows = self.cast[(self.cast["castaway_id"] == castaway_id) & (self.cast["season"] == season)]
        if rows.empty or not self._outcome_known[rows.index].all():
            raise BeyondScope(f"how {castaway_id} left season {season} had not aired")

    def require_bio(self, castaway_id: str) -> None:
        """castaway_details keeps a person's latest bio: known once their last season had premiered."""
        self.require_person(castaway_id)
        last = int(self.full.cast[self.full.cast["castaway_id"] == castaway_id]["season"].max())
        if not self.allows(self.premiere(last)):
            raise BeyondScope(f"{castaway_id}'s bio is that of season {last}, which had not started")

    def season_name(self, season: int) -> str:
        self.require_started(season)
        return super().season_name(season)

    def winner(self, season: int) -> str:
        self.require_finale(season)
        return super().winner(season)


# -- what each template needs to have aired ---------------------------------------------------------------
# "finale": the `season` param's finale (season totals, outcomes); "episode": (season, episode); "exit": the
# `castaway_id` param's exit from `season`; a function (full data, params) -> [(kind, season, detail)];
# "aired" (the default for templates not listed): nothing beyond the generic checks.
Need = tuple[str, int, Any]


def _demo(full: GoldData, p: dict) -> list[Need]:
    key = p["key"]
    finales = {"winner41": 41, "winner45": 45, "outback_jury": 2, "winner45_jury": 45}
    if key in finales:
        return [("finale", finales[key], None)]
    if key == "skupin":
        cid = full.cast[full.cast["full_name"] == "Michael Skupin"]["castaway_id"].iloc[0]
        return [("exit", 2, cid)]
    return []


def _won_season(full: GoldData, p: dict) -> list[Need]:
    won = full.cast[(full.cast["castaway_id"] == p["castaway_id"]) & full.cast["winner"]]["season"]
    return [("finale", int(s), None) for s in won]


def _location_season(full: GoldData, p: dict) -> list[Need]:
    return [("finale", int(s), None) for s in full.summary[full.summary["location"] == p["location"]]["season"]]


def _merge(full: GoldData, p: dict) -> list[Need]:
    merged = full.tribes[(full.tribes["season"] == p["season"]) & (full.tribes["tribe_status"] == "Merged")]
    return [("episode", p["season"], int(merged["episode"].min()))] if len(merged) else []


def _season_or_global(full: GoldData, p: dict) -> list[Need]:
    return [("finale", p["season"], None)] if p.get("season") is not None else []


def _last_or_first(full: GoldData, p: dict) -> list[Need]:
    return [("finale", p["season"], None)] if p.get("last") else []


NEEDS: dict[str, str | Callable[[GoldData, dict], list[Need]]] = {
    # single facts
    "winner_by_number": "finale", "winner_by_name": "finale", "jury_size": "finale", "final_vote": "finale",
    "runners_up": "finale", "episode_count": "finale", "winner_age": "finale", "season_won": _won_season,
    # aggregation: per-season totals need the finale; across seasons they count what had aired
    "most_votes_received": _season_or_global, "most_confessionals": _season_or_global,
    "season_immunity_leader": "finale", "tribal_count_season": "finale",
    # temporal
    "boot_in_episode": "episode", "immunity_in_episode": "episode", "exit_episode": "exit", "next_boot": "exit",
    "exit_day": "exit", "first_immunity": _last_or_first, "last_before_final": "finale",
    # negation
    "finalists_not_won": "finale", "never_received_vote": "finale", "jurors_not_for_winner": "finale",
    "tribe_missed_merge": _merge,
    # multi-hop
    "winner_jury_votes": "finale", "winner_by_location": _location_season, "winner_total_seasons": "finale",
    "winner_original_tribe": "finale", "jurors_for_runner_up": "finale", "winner_immunity_wins": "finale",
    "first_boot_of_winners_season": _won_season, "winner_career_seasons": "finale",
    "confessional_leader_tribe": "finale", "returning_jurors": "finale",
    # cross-entity
    "tribe_roster": "finale", "finalists": "finale", "voted_out_by": "exit", "juror_choice": "finale",
    "votes_against_in_season": "exit", "idol_players": "finale",
    # narrative
    "why_left": "exit", "final_tribal_story": "finale", "merge_story": _merge, "episode_story": "episode",
    "demo": _demo,
}
# Templates computed on the scoped tables as they are (what had aired), listed so a new template must choose.
AS_AIRED = {"location", "cast_size", "original_tribe", "premiere", "merged_tribe", "most_idols_found",
            "most_appearances", "count_min_seasons", "quitters", "unanimous_count", "fewest_jury_votes",
            "medevac_count", "two_time_winners", "nth_boot", "who_went_first", "first_juror", "veterans_never_won",
            "seasons_without_medevac", "winners_no_immunity", "seasons_without_returnees", "veteran_idol_leader",
            "most_votes_then_seasons", "shared_seasons", "votes_between", "cast_overlap", "season_tribes",
            "missing_season", "unknown_person", "unknown_location"}


def needs_of(name: str, full: GoldData, params: dict) -> list[Need]:
    rule = NEEDS.get(name)
    if rule is None:
        if name not in AS_AIRED:
            raise KeyError(f"template {name!r} declares no scope rule: add it to evaluation.scoped NEEDS or AS_AIRED")
        return []
    if callable(rule):
        return rule(full, params)
    if rule == "finale":
        return [("finale", params["season"], None)]
    if rule == "episode":
        return [("episode", params["season"], params["episode"])]
    return [("exit", params["season"], params["castaway_id"])]


def check_needs(g: ScopedGoldData, name: str, params: dict) -> None:
    """Raise BeyondScope when a season or person the question names, or its declared need, had not aired."""
    if name in ("missing_season", "unknown_person", "unknown_location"):
        return  # never answerable; they name nothing that exists
    for key, value in params.items():
        if key == "season" or (key in ("a", "b") and isinstance(value, int)):
            g.require_started(int(value))
        elif key == "castaway_id" or (key in ("a", "b") and isinstance(value, str)):
            g.require_person(value)
    for kind, season, detail in needs_of(name, g.full, params):
        if kind == "finale":
            g.require_finale(season)
        elif kind == "episode":
            g.require_episode(season, detail)
        else:
            g.require_exit(detail, season)


def _empty(part: dict) -> bool:
    kind = part["type"]
    if kind in ("entity", "entities"):
        return not part["ids"]
    if kind == "facts":
        return not part["groups"]
    if kind == "abstain":
        return False
    values = part.get("values") or []
    return not values or any(isinstance(v, float) and math.isnan(v) for v in values)


def beyond_reason(g: ScopedGoldData, parts: list[dict], full_parts: list[dict]) -> str | None:
    for part, whole in zip(parts, full_parts):
        if _empty(part) and not _empty(whole):
            return f"the {part['type']} asked about had not happened by {g.viewer_scope.label}"
        where = part.get("support") or {}
        if part["type"] == "facts" and where.get("season") and where.get("episode"):
            if not g.allows(position(int(where["season"]), int(where["episode"]))):
                return f"the story is told in season {where['season']} episode {where['episode']}"
    return None


def beyond_part(reason: str, hidden: list[dict]) -> dict:
    return {"type": "abstain", "beyond_scope": True, "reason": reason, "hidden": hidden}


def scoped_answer(g: ScopedGoldData, name: str, fn, args: dict, full_parts: list[dict]) -> list[dict]:
    """The answer parts for a viewer at g's scope; the unscoped answer is given for the comparison."""
    try:
        check_needs(g, name, args)
        parts = fn(g, **args)
    except BeyondScope as exc:
        return [beyond_part(str(exc), full_parts)]
    except (KeyError, IndexError) as exc:  # the unscoped data answered it: the row it needs is not in scope
        return [beyond_part(f"the data it needs had not aired ({type(exc).__name__}: {exc})", full_parts)]
    reason = beyond_reason(g, parts, full_parts)
    return [beyond_part(reason, full_parts)] if reason else parts
