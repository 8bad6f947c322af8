"""Predefined, tested Cypher queries (one `.cypher` file each, declared in `catalog.yaml`).

    from queries import load_catalog
    result = load_catalog().get("season_winner").run(store, {"season": 45})
"""

from queries.catalog import (
    Catalog,
    CatalogError,
    CatalogQuery,
    Param,
    QueryParameterError,
    RowFacts,
    UnknownQueryError,
    load_catalog,
)

__all__ = ["Catalog", "CatalogError", "CatalogQuery", "Param", "QueryParameterError", "RowFacts", "UnknownQueryError",
           "load_catalog"]
