"""The column a query ranks its result by: the first sort key of its final ORDER BY, named as a column of its rows.

`ORDER BY votes DESC` ranks by the `votes` column; `ORDER BY p.votes` does when the RETURN has `p.votes AS votes`;
an expression (`ORDER BY count(*)`, `ORDER BY a + b`) or a key the RETURN does not show ranks by no column.
"""

from __future__ import annotations

from collections.abc import Sequence

from survivorgraph.cypher.tokens import CypherTokenError, Token, dotted_name, tokenize

_AFTER_KEY = ("ASC", "ASCENDING", "DESC", "DESCENDING", "LIMIT", "SKIP", "UNION")


def ranking_column(cypher: str, columns: Sequence[str]) -> str | None:
    """The column of `columns` the final RETURN's ORDER BY sorts by first, or None."""
    try:
        tokens = tokenize(cypher)
    except CypherTokenError:
        return None
    returns = [i for i, t in enumerate(tokens) if t.is_word("RETURN")]
    if not returns:
        return None
    order = next((i for i in range(returns[-1], len(tokens) - 2)
                  if tokens[i].is_word("ORDER") and tokens[i + 1].is_word("BY")), None)
    if order is None:
        return None
    key, after = dotted_name(tokens, order + 2)
    if not key or (after < len(tokens) and not (tokens[after].is_word(*_AFTER_KEY)
                                                or tokens[after].is_punct(",", ";"))):
        return None
    if key in columns:
        return key
    alias = _alias_of(tokens[returns[-1] + 1:order], key)
    return alias if alias in columns else None


def _alias_of(tokens: list[Token], expression: str) -> str | None:
    """The alias a RETURN gives `expression` (`p.votes AS votes`), when it returns it bare."""
    i = 0
    while i < len(tokens):
        name, after = dotted_name(tokens, i)
        if name == expression and after + 1 < len(tokens) and tokens[after].is_word("AS"):
            return tokens[after + 1].identifier
        i = max(after, i + 1)
    return None
