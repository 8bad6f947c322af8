"""Checks and fixes for LLM-written Cypher, run in this order before a query reaches the store:

1. `check_read_only(text)`   -> one cleaned read statement within the structural bounds (`bounds.QueryBounds`),
                                or UnsafeQueryError with the reason (QueryTooComplexError naming the bound);
2. `normalise_for_backend(q, b)`  -> the query rewritten for FalkorDB/Neo4j (+ the rewrites, for the trace),
                                or DialectError when no exact rewrite exists;
3. `check_against_schema(q, schema)` -> problems (unknown names, wrong direction, impossible values)
                                with suggestions for the repair prompt;
then the store's own `validate()` and a read-only `query()`, each with a deadline, and a row cap.
"""

from survivorgraph.cypher.bounds import DEFAULT_BOUNDS, QueryBounds, check_bounds
from survivorgraph.cypher.dialect import DialectError, DialectResult, normalise_for_backend
from survivorgraph.cypher.safety import check_read_only, extract_cypher, is_read_only
from survivorgraph.cypher.schema_check import SchemaProblem, check_against_schema, describe_problems

__all__ = ["DEFAULT_BOUNDS", "DialectError", "DialectResult", "QueryBounds", "SchemaProblem", "check_against_schema",
           "check_bounds", "check_read_only", "describe_problems", "extract_cypher", "is_read_only",
           "normalise_for_backend"]
