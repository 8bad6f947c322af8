"""The column a query ranks its rows by (cypher/ordering.py): the final RETURN's first sort key, as a row column."""

from __future__ import annotations

import pytest

from survivorgraph.cypher.ordering import ranking_column


@pytest.mark.parametrize("cypher, columns, expected", [
    ("MATCH (p)-[v:CAST_VOTE]->(t) WITH t, count(v) AS n RETURN t.name AS who, n ORDER BY n DESC, who LIMIT 9",
     ["who", "n"], "n"),
    ("MATCH (p:PlayerSeason) RETURN p.name AS who, p.age AS years ORDER BY p.age", ["who", "years"], "years"),
    ("MATCH (p:PlayerSeason) RETURN p.name AS who, p.age AS years ORDER BY years ASC LIMIT 3", ["who", "years"],
     "years"),
    ("MATCH (p:PlayerSeason) RETURN p.name AS `the name`, p.day AS day ORDER BY `the name`", ["the name", "day"],
     "the name"),
])
def test_the_first_sort_key_of_the_final_return_is_the_column(cypher, columns, expected):
    assert ranking_column(cypher, columns) == expected


@pytest.mark.parametrize("cypher, columns", [
    ("MATCH (p:PlayerSeason) RETURN p.name AS who ORDER BY count(*) DESC", ["who"]),  # an expression
    ("MATCH (p:PlayerSeason) WITH p ORDER BY p.age RETURN p.name AS who", ["who"]),  # sorted before the RETURN
    ("MATCH (p:PlayerSeason) RETURN p.name AS who ORDER BY p.age DESC", ["who"]),  # a key the rows do not show
    ("MATCH (p:PlayerSeason) RETURN p.name AS who, p.age AS years", ["who", "years"]),  # not sorted
    ("MATCH (p {name: 'ORDER BY x'}) RETURN p.name AS x", ["x"]),  # the words inside a string
    ("MATCH (p {name: 'unterminated) RETURN p", ["p"]),
])
def test_no_column_when_the_rows_are_not_sorted_by_one(cypher, columns):
    assert ranking_column(cypher, columns) is None
