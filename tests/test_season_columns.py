"""The one rule for which result columns hold seasons (claims and the evidence graph share it)."""

from survivorgraph.retrievers.claims import Evidence, unsupported_claims
from survivorgraph.season_columns import holds_seasons, season_numbers


def test_a_column_that_lists_seasons_holds_them_and_one_that_counts_them_does_not():
    for lists in ("season", "seasons", "season_number", "seasons_won_in", "seasons_played_in", "won_season",
                  "earlier_seasons", "Season"):
        assert holds_seasons(lists), lists
    for counts in ("n_seasons", "n_seasons_together", "seasons_played", "seasons_won", "season_count",
                   "num_seasons", "number_of_seasons", "total_seasons", "player", "place"):
        assert not holds_seasons(counts), counts


def test_season_numbers_are_small_positive_integers_in_any_cell_form():
    assert season_numbers(45) == [45] and season_numbers(45.0) == [45] and season_numbers(" 7 ") == [7]
    assert season_numbers([16, "20", [40]]) == [16, 20, 40]
    assert season_numbers(True) == [] and season_numbers(0) == [] and season_numbers(2024) == []
    assert season_numbers("Survivor: Borneo") == [] and season_numbers(None) == [] and season_numbers(4.5) == []


def test_a_list_of_seasons_played_vouches_for_a_season_and_a_count_of_them_does_not():
    played_in = Evidence(rows=[{"player": "Parvati Shallow", "seasons_played_in": [13, 16, 20, 40]}])
    assert unsupported_claims("She played season 20.", played_in) == []
    counted = Evidence(rows=[{"player": "Parvati Shallow", "n_seasons": 4}])
    assert [c.text for c in unsupported_claims("She won season 4.", counted)] == ["season 4"]


def test_the_evidence_graph_anchors_on_the_same_columns():
    from survivorgraph.retrievers.types import RetrievalResult
    from survivorgraph.ui.evidence_graph import find_anchors

    result = RetrievalResult(mode="graph", question="q", answer="a",
                             rows=[{"player": "x", "seasons_won_in": [28, 40], "n_seasons": 3, "seasons_won": 2}])
    assert find_anchors(result).seasons == [28, 40]
