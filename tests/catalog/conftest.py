"""survivoR, read independently: the tables the catalog tests compare the graph's answers with.

The pandas side reads the survivoR tables directly (not the loader's transforms), so a loader or query bug
shows up as a disagreement.
"""

from __future__ import annotations

import pandas as pd
import pytest


@pytest.fixture(scope="session")
def survivor(settings):
    from ingest.survivor_data import open_survivor_data

    return open_survivor_data(settings)


@pytest.fixture(scope="session")
def castaways(survivor) -> pd.DataFrame:
    df = survivor.table("castaways").copy()
    df["season"] = df["season"].astype(int)
    # The loader turns survivoR's non-breaking spaces in names into plain ones; compare like with like.
    for column in ("full_name", "castaway"):
        df[column] = df[column].str.replace("\xa0", " ").str.strip()
    return df


@pytest.fixture(scope="session")
def votes(survivor) -> pd.DataFrame:
    """vote_history rows that are a vote for someone."""
    df = survivor.table("vote_history")
    df = df[df["vote_id"].notna()].copy()
    for col in ("season", "episode", "order", "vote_order"):
        df[col] = df[col].astype(int)
    return df


@pytest.fixture(scope="session")
def jury(survivor) -> pd.DataFrame:
    df = survivor.table("jury_votes")
    return df[df["vote"] == 1].assign(season=lambda d: d["season"].astype(int))


@pytest.fixture(scope="session")
def wins(survivor) -> pd.DataFrame:
    """challenge_results rows that are wins: any won_<scope>_<kind> flag set (the flags say which kind;
    the generic `won` column disagrees with them on a few rows, and the loader trusts the flags)."""
    df = survivor.table("challenge_results")
    flags = [f"won_{s}_{k}" for s in ("individual", "tribal", "team") for k in ("immunity", "reward")]
    return df[(df[flags] == 1).any(axis=1)].assign(season=lambda d: d["season"].astype(int),
                                     episode=lambda d: d["episode"].astype(int))
