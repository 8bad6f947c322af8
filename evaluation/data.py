"""The survivoR tables as the gold generator reads them: cleaned once, cut to the season scope.

Everything here is read straight from survivoR (pandas), never from the graph or the text index, so the
gold answers stay independent of the system they judge.
"""

from __future__ import annotations

from functools import cached_property

import pandas as pd

from ingest.survivor_data import SurvivorData

_WIN_FLAGS = [f"won_{s}_{k}" for s in ("individual", "tribal", "team") for k in ("immunity", "reward")]


def _clean_names(df: pd.DataFrame, columns=("full_name", "castaway")) -> pd.DataFrame:
    df = df.copy()
    for column in columns:
        if column in df.columns:
            df[column] = df[column].astype("string").str.replace("\xa0", " ").str.strip()
    return df


def _ints(df: pd.DataFrame, *columns: str) -> pd.DataFrame:
    df = df.copy()
    for column in columns:
        df[column] = pd.to_numeric(df[column], errors="coerce").astype("Int64")
    return df


class GoldData:
    """Cached, cleaned views of the survivoR tables of one scope (US seasons 1-49 by default)."""

    def __init__(self, data: SurvivorData):
        self.data = data

    # -- tables ---------------------------------------------------------------------------------
    @cached_property
    def cast(self) -> pd.DataFrame:
        """castaways: one row per person per season."""
        return _ints(_clean_names(self.data.table("castaways")), "season", "episode", "day", "order", "place")

    @cached_property
    def summary(self) -> pd.DataFrame:
        df = _ints(_clean_names(self.data.table("season_summary")), "season", "n_cast", "n_jury", "n_finalists")
        return df.sort_values("season").set_index("season", drop=False)

    @cached_property
    def episodes(self) -> pd.DataFrame:
        return _ints(self.data.table("episodes"), "season", "episode")

    @cached_property
    def votes(self) -> pd.DataFrame:
        """vote_history rows that are a vote for someone."""
        df = self.data.table("vote_history")
        df = df[df["vote_id"].notna()]
        return _ints(df, "season", "episode", "order", "vote_order")

    @cached_property
    def vote_history(self) -> pd.DataFrame:
        return _ints(self.data.table("vote_history"), "season", "episode", "order")

    @cached_property
    def jury(self) -> pd.DataFrame:
        df = self.data.table("jury_votes")
        return _ints(df[df["vote"] == 1], "season")

    @cached_property
    def wins(self) -> pd.DataFrame:
        """challenge_results rows that are a win of any kind (the won_* flags decide, as in the loader)."""
        df = self.data.table("challenge_results")
        return _ints(df[(df[_WIN_FLAGS] == 1).any(axis=1)], "season", "episode")

    @cached_property
    def tribes(self) -> pd.DataFrame:
        df = self.data.table("tribe_mapping")
        return _ints(df[df["tribe"].notna()], "season", "episode")

    @cached_property
    def confessionals(self) -> pd.DataFrame:
        return _ints(self.data.table("confessionals"), "season")

    @cached_property
    def advantages(self) -> pd.DataFrame:
        """advantage_movement, one row per holder (a shared advantage names several in one cell), with type."""
        moves = self.data.table("advantage_movement").dropna(subset=["castaway_id"])
        moves = moves.assign(castaway_id=moves["castaway_id"].str.split(r",\s*")).explode("castaway_id")
        types = self.data.table("advantage_details").set_index(["version_season", "advantage_id"])["advantage_type"]
        moves = moves.assign(advantage_type=[types.get(k, "") for k in zip(moves["version_season"],
                                                                             moves["advantage_id"])])
        return _ints(moves, "season")

    @cached_property
    def details(self) -> pd.DataFrame:
        """castaway_details by castaway_id: one bio per person, that of their last season."""
        return self.data.table("castaway_details").drop_duplicates("castaway_id").set_index("castaway_id")

    @cached_property
    def scores(self) -> pd.DataFrame:
        """castaway_scores: survivoR's season-final scores and threat ratings, one row per person per season."""
        return _ints(self.data.table("castaway_scores").drop_duplicates(["version_season", "castaway_id"]), "season")

    @cached_property
    def aliases(self) -> pd.DataFrame:
        from ingest.aliases import person_aliases

        df = person_aliases(self.data)
        df["alias"] = df["alias"].str.replace("\xa0", " ")
        return df

    @cached_property
    def season_aliases(self) -> pd.DataFrame:
        from ingest.aliases import season_aliases

        return season_aliases(self.data)

    # -- lookups --------------------------------------------------------------------------------
    @property
    def seasons(self) -> list[int]:
        return sorted(int(s) for s in self.summary["season"])

    @property
    def finished_seasons(self) -> list[int]:
        """Seasons whose finale the reader has seen: all of them (a viewer scope has fewer)."""
        return self.seasons

    @cached_property
    def _latest_names(self) -> dict[str, str]:
        latest = self.cast.sort_values("season").drop_duplicates("castaway_id", keep="last")
        return dict(zip(latest["castaway_id"], latest["full_name"]))

    def name(self, castaway_id: str) -> str:
        """A person's name as they were last known (Amber Brkich -> Amber Mariano)."""
        return self._latest_names.get(castaway_id, castaway_id)

    def names(self, ids) -> list[str]:
        return [self.name(i) for i in ids]

    def season_name(self, season: int) -> str:
        return str(self.summary.loc[season, "season_name"])

    def subtitle(self, season: int) -> str | None:
        """'Cagayan' for 'Survivor: Cagayan'; None for numbered seasons ('Survivor: 45')."""
        title = self.season_name(season).split(":", 1)[-1].strip()
        return None if title.isdigit() else title

    def season_cast(self, season: int) -> pd.DataFrame:
        return self.cast[self.cast["season"] == season]

    def winner(self, season: int) -> str:
        return str(self.summary.loc[season, "winner_id"])

    def seasons_played(self) -> pd.Series:
        return self.cast.groupby("castaway_id")["season"].nunique()

    def seasons_of(self, castaway_id: str) -> list[int]:
        return sorted(int(s) for s in self.cast[self.cast["castaway_id"] == castaway_id]["season"])

    def person_exists(self, name: str) -> bool:
        return name.lower() in set(self.aliases["alias"].str.lower())
