"""Check generated Cypher against the live schema before it runs, with suggestions a repair prompt can use.

Finds unknown labels, relationship types and property keys (on variables whose label is known or can be
inferred from a relationship), relationships written against their direction, and string literals that
are not among an enum-like property's values. It reads patterns, not the whole grammar: what it cannot
follow it leaves alone, so silence is not proof of correctness (the database still validates).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from survivorgraph.cypher.bridges import find_bridge, flip_arrow
from survivorgraph.cypher.patterns import (
    NodePattern,
    PatternChain,
    PropertyEntry,
    RelPattern,
    bracket_context,
    find_chains,
)
from survivorgraph.cypher.tokens import STRING, CypherTokenError, Token, tokenize
from survivorgraph.graph.base import GraphSchema
from survivorgraph.graph.schema_discovery import HIDDEN_PROPERTIES

MAX_LISTED = 16


@dataclass(frozen=True)
class SchemaProblem:
    kind: str            # unknown_label, unknown_relationship_type, unknown_property, wrong_direction,
    #                      impossible_pattern, invalid_value, syntax
    message: str         # one sentence for a person or a repair prompt
    text: str = ""       # the offending fragment as written
    suggestions: tuple[str, ...] = ()
    rewrite: str = ""    # the fragment rewritten, when exactly one reading fixes it (see autofix)

    def __str__(self) -> str:
        return self.message


@dataclass
class _Scope:
    """What the query says about its variables: node labels and relationship types."""
    labels: dict[str, set[str]] = field(default_factory=dict)
    types: dict[str, set[str]] = field(default_factory=dict)


def check_against_schema(cypher: str, schema: GraphSchema) -> list[SchemaProblem]:
    try:
        tokens = tokenize(cypher)
    except CypherTokenError as exc:
        return [SchemaProblem("syntax", f"The query cannot be read: {exc}.")]
    return _Checker(cypher, tokens, schema).run()


def describe_problems(problems: list[SchemaProblem]) -> str:
    """A bullet list for a repair prompt."""
    return "\n".join(f"- {p.message}" for p in problems)


class _Checker:
    def __init__(self, cypher: str, tokens: list[Token], schema: GraphSchema):
        self.cypher, self.tokens, self.schema = cypher, tokens, schema
        self.problems: list[SchemaProblem] = []
        self.scope = _Scope()
        self.pairs: dict[str, set[tuple[str, str]]] = {}
        for start, rel, end in schema.patterns:
            self.pairs.setdefault(rel, set()).add((start, end))
        self.rel_types = set(schema.rel_properties) | set(self.pairs)

    def run(self) -> list[SchemaProblem]:
        chains = find_chains(self.tokens)
        for chain in chains:
            self._bind(chain)
        self._label_predicates(chains)
        self._infer_endpoint_labels(chains)
        self._follow_aliases()
        for chain in chains:
            self._check_chain(chain)
        self._check_property_accesses()
        self._check_comparisons()
        unique: dict[tuple[str, str], SchemaProblem] = {}
        for problem in self.problems:
            unique.setdefault((problem.kind, problem.message), problem)
        return list(unique.values())

    # -- what each variable is ----------------------------------------------------------------------
    def _bind(self, chain: PatternChain) -> None:
        for node in chain.nodes:
            known = [lab for lab in node.labels if self._label_known(lab)]
            if node.variable and known and not node.label_operators:
                self.scope.labels.setdefault(node.variable, set()).update(known)
        for rel in chain.rels:
            known = [t for t in rel.types if self._type_known(t)]
            if rel.variable and known:
                self.scope.types.setdefault(rel.variable, set()).update(known)

    def _label_predicates(self, chains: list[PatternChain]) -> None:
        """`WHERE n:Label` outside patterns (a colon inside a map literal is a key, not a label)."""
        covered = {i for chain in chains for i in range(chain.start, chain.end + 1)}
        context = bracket_context(self.tokens)
        for i in range(1, len(self.tokens) - 1):
            var, colon, label = self.tokens[i - 1], self.tokens[i], self.tokens[i + 1]
            if colon.is_punct(":") and i not in covered and context[i] != "map" and \
                    var.identifier is not None and label.identifier is not None:
                if label.identifier in self.schema.node_properties:
                    self.scope.labels.setdefault(var.identifier, set()).add(label.identifier)
                else:
                    self._unknown_label(label.identifier)

    def _infer_endpoint_labels(self, chains: list[PatternChain]) -> None:
        """`(p:Player)-[:PLAYED_IN]->(ps)`: ps can only be a PlayerSeason."""
        for chain in chains:
            for left, rel, right in zip(chain.nodes, chain.rels, chain.nodes[1:]):
                if rel.variable_length or not rel.types:
                    continue
                for known, unknown, forward in ((left, right, True), (right, left, False)):
                    if unknown.variable and unknown.variable not in self.scope.labels and \
                            known.variable in self.scope.labels:
                        inferred = self._other_ends(rel, self.scope.labels[known.variable], forward)
                        if inferred:
                            self.scope.labels[unknown.variable] = inferred

    def _other_ends(self, rel: RelPattern, labels: set[str], from_left: bool) -> set[str]:
        ends: set[str] = set()
        for rel_type in rel.types:
            for start, end in self.pairs.get(rel_type, ()):
                if rel.direction in ("out", "both") and (start in labels if from_left else end in labels):
                    ends.add(end if from_left else start)
                if rel.direction in ("in", "both") and (end in labels if from_left else start in labels):
                    ends.add(start if from_left else end)
        return ends

    def _follow_aliases(self) -> None:
        """`WITH p AS player` keeps what is known about p."""
        t = self.tokens
        for i in range(1, len(t) - 2):
            if t[i + 1].is_word("AS") and t[i].identifier and t[i + 2].identifier and not t[i - 1].is_punct("."):
                for table in (self.scope.labels, self.scope.types):
                    if t[i].identifier in table:
                        table.setdefault(t[i + 2].identifier, set()).update(table[t[i].identifier])

    # -- checks -------------------------------------------------------------------------------------
    def _label_known(self, label: str) -> bool:
        if label in self.schema.node_properties:
            return True
        self._unknown_label(label)
        return False

    def _unknown_label(self, label: str) -> None:
        close = _closest(label, self.schema.node_properties)
        hint = f" Did you mean {', '.join(close)}?" if close else ""
        self.problems.append(SchemaProblem(
            "unknown_label",
            f"Unknown node label :{label}.{hint} Labels: {', '.join(sorted(self.schema.node_properties))}.",
            f":{label}", close))

    def _type_known(self, rel_type: str) -> bool:
        if rel_type in self.rel_types:
            return True
        close = _closest(rel_type, self.rel_types)
        hint = f" Did you mean {', '.join(close)}?" if close else ""
        # "(ps)-[:WINNER]->()": what the model wanted is often a property ("ps.winner = true")
        holders = sorted(label for label, props in self.schema.node_properties.items() if rel_type.lower() in props)
        if holders:
            hint += (f" '{rel_type.lower()}' is a property of {', '.join(holders)}, not a relationship"
                     f" (e.g. WHERE x.{rel_type.lower()} = true).")
        self.problems.append(SchemaProblem(
            "unknown_relationship_type",
            f"Unknown relationship type :{rel_type}.{hint} Types: {', '.join(sorted(self.rel_types))}.",
            f":{rel_type}", close))
        return False

    def _check_chain(self, chain: PatternChain) -> None:
        for node in chain.nodes:
            labels = {lab for lab in node.labels if lab in self.schema.node_properties}
            self._check_inline(node.properties, labels, self.schema.node_properties, node.variable or "")
        for left, rel, right in zip(chain.nodes, chain.rels, chain.nodes[1:]):
            types = {t for t in rel.types if t in self.rel_types}
            self._check_inline(rel.properties, types, self.schema.rel_properties, rel.variable or "")
            if types and len(types) == len(rel.types) and not rel.variable_length:
                self._check_direction(left, rel, right, types)

    def _labels_of(self, node: NodePattern) -> set[str]:
        explicit = {lab for lab in node.labels if lab in self.schema.node_properties}
        return explicit or (self.scope.labels.get(node.variable, set()) if node.variable else set())

    def _check_direction(self, left: NodePattern, rel: RelPattern, right: NodePattern, types: set[str]) -> None:
        lefts, rights = self._labels_of(left), self._labels_of(right)
        if not lefts and not rights:
            return

        def fits(start_labels: set[str], end_labels: set[str]) -> bool:
            return any((not start_labels or s in start_labels) and (not end_labels or e in end_labels)
                       for t in types for s, e in self.pairs.get(t, ()))

        forward, backward = fits(lefts, rights), fits(rights, lefts)
        ok = {"out": forward, "in": backward, "both": forward or backward}[rel.direction]
        if ok:
            return
        text = self.cypher[self.tokens[left.start].start:self.tokens[right.end].end]
        shapes = "; ".join(f"(:{s})-[:{t}]->(:{e})" for t in sorted(types) for s, e in sorted(self.pairs.get(t, ())))
        name = "|".join(sorted(types))
        if (rel.direction == "out" and backward) or (rel.direction == "in" and forward):
            ends = sorted(self.pairs.get(next(iter(sorted(types))), ()))
            where = f"from {ends[0][0]} to {ends[0][1]}" if len(ends) == 1 else f"as {shapes}"
            self.problems.append(SchemaProblem(
                "wrong_direction", f"{name} goes {where}; {text} has it backwards. Write {shapes}.",
                text, (shapes,)))
        else:
            rewrite = self._bridged(left, rel, right, types)
            through = f" Through the node it skips: {rewrite}." if rewrite else ""
            self.problems.append(SchemaProblem(
                "impossible_pattern",
                f"No {name} relationship joins these nodes in {text}; the schema has {shapes}.{through}",
                text, (shapes,), rewrite))

    def _bridged(self, left: NodePattern, rel: RelPattern, right: NodePattern, types: set[str]) -> str:
        """`left-rel-right` with the one node the schema needs between them, or "" (none, or several)."""
        bridge = find_bridge(self.schema.patterns, self._labels_of(left), self._labels_of(right), types,
                             rel.direction)
        if bridge is None:
            return ""
        span = self.cypher[self.tokens[left.start].start:self.tokens[right.end].end]
        left_end = self.tokens[left.end].end - self.tokens[left.start].start
        right_start = self.tokens[right.start].start - self.tokens[left.start].start
        left_text, rel_text, right_text = span[:left_end], span[left_end:right_start], span[right_start:]
        if bridge.flipped:
            rel_text = flip_arrow(rel_text)
            if not rel_text:
                return ""
        node = f"(:{bridge.label})"
        if bridge.next_to == "left":
            return left_text + bridge.arrow + node + rel_text + right_text
        return left_text + rel_text + node + bridge.arrow + right_text

    def _check_inline(self, entries: list[PropertyEntry], owners: set[str], table: dict[str, dict[str, str]],
                      var: str) -> None:
        for entry in entries:
            text = f"{var}.{entry.key}" if var else entry.key
            if owners and self._property_ok(entry.key, owners, table, text) and \
                    entry.value is not None and entry.value.kind == STRING:
                self._check_value(owners, entry.key, entry.value.value, entry.value.text)

    def _property_ok(self, prop: str, owners: set[str], table: dict[str, dict[str, str]], text: str) -> bool:
        if prop in HIDDEN_PROPERTIES or any(prop in table.get(owner, {}) for owner in owners):
            return True
        owner_text = "/".join(sorted(owners))
        known = sorted({p for owner in owners for p in table.get(owner, {})})
        close = _closest(prop, known) + tuple(k for k in known if prop.lower() in k.lower().split("_") and k != prop)
        close = tuple(dict.fromkeys(close))
        message = f"{owner_text} has no property '{prop}' ({text})."
        if close:
            message += f" Closest: {', '.join(close)}."
        holders = [label for label, props in table.items() if prop in props and label not in owners]
        route = self._route(owners, holders)
        holders.sort(key=lambda label: (label != route[0], label) if route else label)
        if holders:
            via = f" (reach {route[0]} with {route[1]})" if route else ""
            message += f" {', '.join(holders[:4])} {'has' if len(holders) == 1 else 'have'} it{via}."
        message += f" {owner_text} properties: {', '.join(known)}."
        self.problems.append(SchemaProblem("unknown_property", message, text, close))
        return False

    def _route(self, owners: set[str], holders: list[str]) -> tuple[str, str] | None:
        """A one-hop pattern from the variable's label to a label that has the property."""
        for start, rel, end in sorted(self.schema.patterns):
            if start in owners and end in holders:
                return end, f"(:{start})-[:{rel}]->(:{end})"
            if end in owners and start in holders:
                return start, f"(:{start})-[:{rel}]->(:{end})"
        return None

    def _check_property_accesses(self) -> None:
        t = self.tokens
        for i in range(len(t) - 2):
            if t[i].identifier is None or not t[i + 1].is_punct(".") or t[i + 2].identifier is None:
                continue
            if (i > 0 and t[i - 1].is_punct(".")) or (i + 3 < len(t) and t[i + 3].is_punct("(")):
                continue  # a.b.c on a map, or a namespaced function such as date.truncate(
            var, prop = t[i].identifier, t[i + 2].identifier
            text = self.cypher[t[i].start:t[i + 2].end]
            if var in self.scope.labels:
                self._property_ok(prop, self.scope.labels[var], self.schema.node_properties, text)
            elif var in self.scope.types:
                self._property_ok(prop, self.scope.types[var], self.schema.rel_properties, text)

    def _check_comparisons(self) -> None:
        """`x.prop = 'literal'`, `'literal' = x.prop`, `x.prop IN ['a', 'b']` against enum-like values."""
        t = self.tokens
        for i in range(len(t) - 2):
            if t[i].identifier is None or not t[i + 1].is_punct(".") or t[i + 2].identifier is None:
                continue
            owners = self.scope.labels.get(t[i].identifier) or self.scope.types.get(t[i].identifier)
            if not owners:
                continue
            prop, literals = t[i + 2].identifier, []
            after = t[i + 3] if i + 3 < len(t) else None
            if after is not None and after.is_punct("=", "<>", "!=") and i + 4 < len(t) and t[i + 4].kind == STRING:
                literals = [t[i + 4]]
            elif after is not None and after.is_word("IN") and i + 4 < len(t) and t[i + 4].is_punct("["):
                k = i + 5
                while k < len(t) and t[k].kind == STRING:
                    literals.append(t[k])
                    if not (k + 1 < len(t) and t[k + 1].is_punct(",")):
                        break
                    k += 2
            elif i >= 2 and t[i - 1].is_punct("=", "<>", "!=") and t[i - 2].kind == STRING:
                literals = [t[i - 2]]
            for literal in literals:
                self._check_value(owners, prop, literal.value, literal.text)

    def _check_value(self, owners: set[str], prop: str, value: str, text: str) -> None:
        allowed_lists = [self.schema.enum_values[f"{owner}.{prop}"] for owner in sorted(owners)
                         if f"{owner}.{prop}" in self.schema.enum_values]
        if not allowed_lists:
            return
        allowed = sorted({v for values in allowed_lists for v in values}, key=str)
        if value in allowed:
            return
        same_case = [v for v in allowed if isinstance(v, str) and v.lower() == value.lower()]
        close = same_case or list(_closest(value, [str(v) for v in allowed], cutoff=0.5))
        close += [v for v in allowed if isinstance(v, str) and v[:3].lower() == value[:3].lower() and v not in close]
        owner = "/".join(sorted(owners))
        hint = f" Did you mean {', '.join(repr(v) for v in close)}?" if close else ""
        listed = ", ".join(str(v) for v in allowed[:MAX_LISTED])
        self.problems.append(SchemaProblem(
            "invalid_value", f"{owner}.{prop} is never {text}.{hint} Allowed: {listed}.", text, tuple(close)))


def _closest(word: str, candidates, cutoff: float = 0.6) -> tuple[str, ...]:
    by_lower = {c.lower(): c for c in candidates}
    if word.lower() in by_lower:
        return (by_lower[word.lower()],)
    return tuple(by_lower[m] for m in difflib.get_close_matches(word.lower(), list(by_lower), n=3, cutoff=cutoff))
