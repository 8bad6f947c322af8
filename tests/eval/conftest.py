"""Fixtures the evaluation tests share."""

from __future__ import annotations

import pytest

from evaluation.data import GoldData


@pytest.fixture(scope="module")
def g(settings) -> GoldData:
    """The survivoR tables as the gold templates read them; one per test module, as each module had its own."""
    from ingest.survivor_data import open_survivor_data

    return GoldData(open_survivor_data(settings))
