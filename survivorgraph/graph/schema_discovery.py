"""Discover the schema from the live graph with Cypher that runs on both FalkorDB and Neo4j."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from survivorgraph.graph.base import META_LABEL, GraphSchema

if TYPE_CHECKING:
    from survivorgraph.graph.base import GraphStore

# Provenance and air-date bookkeeping are on every entity; the LLM gains nothing from seeing them.
HIDDEN_PROPERTIES = {"source_table", "source_key", "dataset_version", "aired", "finale_known_at",
                     "outcome_known_at"}
ENUM_MAX_VALUES = 16
SAMPLE = 400


def _type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "float"
    if isinstance(value, list):
        return "list"
    return "string"


def discover_schema(store: GraphStore) -> GraphSchema:
    schema = GraphSchema()
    labels = [lab for lab in store.query("CALL db.labels() YIELD label RETURN label").values() if lab != META_LABEL]
    for label in labels:
        sample = store.query(f"MATCH (n:`{label}`) RETURN properties(n) AS p LIMIT {SAMPLE}").values()
        schema.node_properties[label] = _merge_types(sample)
        _collect_enums(store, schema, f"MATCH (n:`{label}`)", "n", label, schema.node_properties[label])

    types = store.query("CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType").values()
    for rel in types:
        ends = store.query(
            f"MATCH (a)-[r:`{rel}`]->(b) RETURN DISTINCT labels(a)[0] AS a, labels(b)[0] AS b LIMIT 20")
        schema.patterns += [(row["a"], rel, row["b"]) for row in ends.rows]
        sample = store.query(f"MATCH ()-[r:`{rel}`]->() RETURN properties(r) AS p LIMIT {SAMPLE}").values()
        schema.rel_properties[rel] = _merge_types(sample)
        _collect_enums(store, schema, f"MATCH ()-[r:`{rel}`]->()", "r", rel, schema.rel_properties[rel])
    return schema


def _merge_types(samples: list[dict[str, Any]]) -> dict[str, str]:
    merged: dict[str, str] = {}
    for props in samples:
        for key, value in props.items():
            if key not in HIDDEN_PROPERTIES and value is not None:
                merged.setdefault(key, _type_name(value))
    return merged


def _collect_enums(store: GraphStore, schema: GraphSchema, match: str, var: str, owner: str,
                   props: dict[str, str]) -> None:
    """Record the values of low-cardinality string properties (exit_type, phase, ...)."""
    for prop, kind in props.items():
        if kind != "string" or prop in ("id", "name", "castaway_id", "version_season"):
            continue
        result = store.query(
            f"{match} WHERE {var}.`{prop}` IS NOT NULL RETURN DISTINCT {var}.`{prop}` AS v LIMIT {ENUM_MAX_VALUES + 1}")
        values = result.values()
        if 0 < len(values) <= ENUM_MAX_VALUES:
            schema.enum_values[f"{owner}.{prop}"] = sorted(values, key=str)
