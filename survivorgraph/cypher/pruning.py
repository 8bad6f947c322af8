"""The part of the schema a question needs: the labels it names, the labels its nearest examples use, and
their one-hop neighbourhood.

A 1.5B model reads ~40 prompt tokens a second and leans on what it read last; the full schema is ~3,100
tokens of which a question touches a few labels. What is kept: the seed labels, every label one relationship
away from a seed, the relationships between kept labels (in their real direction), the kept owners'
properties and enum values. The retriever falls back to the full schema when a pruned attempt fails.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from survivorgraph.graph.base import GraphSchema

_LABEL = re.compile(r"\(\s*\w*\s*:\s*([A-Za-z_]\w*)")


def labels_in(cypher: str, schema: GraphSchema) -> set[str]:
    """The node labels a Cypher text (a query, or a hint line such as `(:Player {...})`) names."""
    return {label for label in _LABEL.findall(cypher) if label in schema.node_properties}


def prune(schema: GraphSchema, seeds: Iterable[str]) -> GraphSchema:
    """The seeds and their one-hop neighbours, with what joins them. No seeds: the full schema."""
    seeds = {label for label in seeds if label in schema.node_properties}
    if not seeds:
        return schema
    kept = set(seeds)
    for a, _rel, b in schema.patterns:
        if a in seeds:
            kept.add(b)
        if b in seeds:
            kept.add(a)
    patterns = [p for p in schema.patterns if p[0] in kept and p[2] in kept]
    rels = {rel for _a, rel, _b in patterns}
    return GraphSchema(
        node_properties={label: props for label, props in schema.node_properties.items() if label in kept},
        rel_properties={rel: props for rel, props in schema.rel_properties.items() if rel in rels},
        patterns=patterns,
        enum_values={key: values for key, values in schema.enum_values.items()
                     if key.split(".", 1)[0] in kept | rels})
