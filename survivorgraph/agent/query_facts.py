"""What the routing needs to know about the catalog's queries, read once from it: which list people, by which
column, which take a season, how many rows a ranking may return, what their rows mean (RowFacts)."""

from __future__ import annotations

from functools import cache

from queries.catalog import NO_ROW_FACTS, RowFacts


def _catalog():
    from queries.catalog import load_catalog  # the catalog loads its YAML once; imported late (queries → agent)

    return load_catalog()


@cache
def person_tools() -> frozenset[str]:
    """Queries whose rows name people by castaway_id (a relative clause can stand for one; "with her" can leave
    one out)."""
    catalog = _catalog()
    return frozenset(name for name in catalog.names() if "castaway_id" in catalog.get(name).columns)


@cache
def person_column(tool: str) -> str | None:
    """The column naming the people a query's rows are about (castaway_id, or the voter, the juror)."""
    catalog = _catalog()
    if tool not in catalog.names():
        return None
    columns = catalog.get(tool).columns
    return next((c for c in ("castaway_id", "voter_id", "juror_id") if c in columns), None)


@cache
def limit_of(tool: str) -> int | None:
    """The most rows a query's `limit` parameter allows, or None when it has none."""
    catalog = _catalog()
    if tool not in catalog.names():
        return None
    return next((p.maximum for p in catalog.get(tool).params if p.name == "limit"), None)


@cache
def season_filtered_tools() -> frozenset[str]:
    """Queries that take a `season` parameter."""
    catalog = _catalog()
    return frozenset(name for name in catalog.names() if any(p.name == "season" for p in catalog.get(name).params))


@cache
def one_season_tools() -> frozenset[str]:
    """Queries whose rows are always one season's: their `season` parameter is required."""
    catalog = _catalog()
    return frozenset(name for name in catalog.names()
                     if any(p.name == "season" and p.required for p in catalog.get(name).params))


@cache
def columns_of(tool: str) -> tuple[str, ...]:
    """A catalog query's result columns (none for a tool that is not a catalog query)."""
    catalog = _catalog()
    return tuple(catalog.get(tool).columns) if tool in catalog.names() else ()


@cache
def season_spannable_tools() -> frozenset[str]:
    """Queries whose rows name their season and whose season parameter, if any, is an optional filter: their rows
    can be cut to a span of seasons afterwards. Not a ranking that sums over seasons (per_season, min_seasons)."""
    catalog = _catalog()
    spannable = set()
    for name in catalog.names():
        query = catalog.get(name)
        params = {p.name: p for p in query.params}
        if "season" in query.columns and not {"per_season", "min_seasons"} & set(params) \
                and not (params.get("season") and params["season"].required):
            spannable.add(name)
    return frozenset(spannable)


@cache
def row_facts(tool: str) -> RowFacts:
    """What a catalog query's rows mean (its `rows` block: the name column, what "how many" counts); empty for a
    tool that is not a catalog query."""
    catalog = _catalog()
    return catalog.get(tool).rows if tool in catalog.names() else NO_ROW_FACTS
