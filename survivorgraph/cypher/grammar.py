"""The read-only Cypher the product accepts, as a grammar built from the live schema.

Under it (llama.cpp `grammar`) a small model cannot write a label, relationship type or property key the graph
lacks, a relationship between labels it does not join or against its direction, a value of an enum-like
property the data does not hold, or anything that writes. The clauses are MATCH / OPTIONAL MATCH / WHERE /
WITH / UNWIND / RETURN / ORDER BY / SKIP / LIMIT, with aggregations, CASE, list and pattern comprehensions,
quantifiers, `reduce` and the functions both backends run (../shared/DESIGN.md "Cypher dialect": no `=~`, no
`EXISTS {}` / `COUNT {}`, no `(n:A|B)`).

How the direction is enforced: a pattern is read left to right with the set of labels its current node may
have (its "state"). A labelled node fixes the state; a relationship step is offered only for the types that
leave (or, `<-[...]-`, enter) a label of the state, and the next node's state is the other end of those types.
A pattern that starts at an unlabelled node starts from every label, so the checker after it
(cypher.schema_check, which knows what each variable was bound to) still has work; the grammar does not track
variables.

Two flavours from one builder: `for_model` (what the model may write: no parameters — none are passed to the
queries it writes — and only the schema's property keys) and `for_catalog` (what the product's own queries use
besides: `$parameters`, and the keys of the maps they build and read back, e.g. `collect({player: ps.name})`).
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache

from survivorgraph.cypher.gbnf import Grammar, choice, literal
from survivorgraph.graph.base import GraphSchema

AGGREGATES = ("count", "collect", "sum", "min", "max", "avg", "stDev", "percentileCont")
FUNCTIONS = ("size", "toLower", "toUpper", "coalesce", "toInteger", "toFloat", "toString", "round", "abs",
             "ceil", "floor", "sqrt", "head", "last", "tail", "reverse", "range", "split", "substring", "left",
             "right", "trim", "ltrim", "rtrim", "replace", "type", "startNode", "endNode", "keys", "labels",
             "length", "properties", "nodes", "relationships")
QUANTIFIERS = ("any", "all", "none", "single")
WS_MAX = 40          # the longest run of white space (the catalog aligns continuation lines)
IDENT_MAX = 40
STRING_MAX = 120
DIRECTIONS = {"out": ('"-[" ', ' "]->"'), "in": ('"<-[" ', ' "]-"'), "both": ('"-[" ', ' "]-"')}

TERMINALS = {
    "sp": rf"[ \t\n]{{1,{WS_MAX}}}",
    "ident": rf"[A-Za-z_][A-Za-z0-9_]{{0,{IDENT_MAX}}}",
    "string": rf"'[^'\\\n]{{0,{STRING_MAX}}}'|\"[^\"\\\n]{{0,{STRING_MAX}}}\"",
    "number": r"[0-9]{1,9}(\.[0-9]{1,6})?",
    "count-int": r"[1-9][0-9]{0,3}",
}


@dataclass(frozen=True)
class CypherGrammar:
    grammar: Grammar
    version: str  # a digest of the schema and flavour it was built from

    @property
    def gbnf(self) -> str:
        return self.grammar.gbnf

    def mismatch(self, cypher: str) -> str | None:
        return self.grammar.mismatch(cypher.strip())


def for_model(schema: GraphSchema) -> CypherGrammar:
    """The grammar the model writes under (cached per schema: built once per schema version)."""
    return _cached(_schema_key(schema), False, ())


def for_catalog(schema: GraphSchema, map_keys: tuple[str, ...]) -> CypherGrammar:
    """The model's grammar plus `$parameters` and `map_keys`: what the product's own queries are written in."""
    return _cached(_schema_key(schema), True, tuple(sorted(set(map_keys))))


_SCHEMAS: dict[str, GraphSchema] = {}


def _schema_key(schema: GraphSchema) -> str:
    text = json.dumps([schema.node_properties, schema.rel_properties, sorted(schema.patterns),
                       schema.enum_values], sort_keys=True, default=str)
    key = hashlib.sha256(text.encode()).hexdigest()[:16]
    _SCHEMAS.setdefault(key, schema)
    return key


@lru_cache(maxsize=16)
def _cached(key: str, parameters: bool, map_keys: tuple[str, ...]) -> CypherGrammar:
    rules = _Builder(_SCHEMAS[key], parameters=parameters, map_keys=map_keys).build()
    version = hashlib.sha256(f"{key}|{parameters}|{map_keys}".encode()).hexdigest()[:12]
    return CypherGrammar(Grammar(rules, dict(TERMINALS)), version)


def _name(*parts: str) -> str:
    """A rule name both engines accept (GBNF: letters, digits, dashes; Lark: lower case)."""
    return "-".join(parts).lower().replace("_", "-")


class _Builder:
    def __init__(self, schema: GraphSchema, *, parameters: bool, map_keys: tuple[str, ...]):
        self.schema = schema
        self.parameters = parameters
        self.labels = sorted(schema.node_properties)
        self.patterns = sorted({p for p in schema.patterns if p[0] in schema.node_properties
                                and p[2] in schema.node_properties})
        self.rules: dict[str, str] = {}
        self.enums = self._enum_keys()
        owners = [*schema.node_properties.values(), *schema.rel_properties.values()]
        schema_keys = {k for props in owners for k in props}
        self.plain_keys = sorted((schema_keys | set(map_keys)) - set(self.enums))
        self.states: dict[frozenset, str] = {}
        self.stuck: set[str] = set()  # states no relationship leaves or enters

    # -- what the schema allows -----------------------------------------------------------------------
    def _enum_keys(self) -> dict[str, list[str]]:
        """Keys whose every owner lists its values (a key some owner leaves free stays free)."""
        owners: dict[str, list[str]] = defaultdict(list)
        for label, props in self.schema.node_properties.items():
            for key in props:
                owners[key].append(f"{label}.{key}")
        for rel, props in self.schema.rel_properties.items():
            for key in props:
                owners[key].append(f"{rel}.{key}")
        enums = {}
        for key, names in owners.items():
            lists = [self.schema.enum_values.get(name) for name in names]
            if all(values and all(isinstance(v, str) for v in values) for values in lists):
                enums[key] = sorted({v for values in lists for v in values})
        return enums

    def _targets(self, state: frozenset, direction: str, rel: str | None) -> frozenset:
        """The labels the other end may have; more than one is read as "any" (keeps the states few)."""
        ends = set()
        for a, t, b in self.patterns:
            if rel is not None and t != rel:
                continue
            if direction in ("out", "both") and a in state:
                ends.add(b)
            if direction in ("in", "both") and b in state:
                ends.add(a)
        return frozenset(ends) if len(ends) <= 1 else frozenset(self.labels)

    # -- rule helpers ----------------------------------------------------------------------------------
    def rule(self, name: str, body: str) -> str:
        self.rules.setdefault(name, body)
        return name

    def state(self, labels: frozenset) -> str:
        """The rule-name stem of a pattern state, building its rules on first use."""
        if labels in self.states:
            return self.states[labels]
        name = _name(next(iter(labels))) if len(labels) == 1 else "any"
        self.states[labels] = name
        self.rules[f"after-{name}"] = self.rules[f"steps-{name}"] = ""  # placeholders: a step may loop back here
        steps = []
        for direction, (opening, closing) in DIRECTIONS.items():
            by_target: dict[frozenset, list[str]] = defaultdict(list)
            for rel in sorted(self.schema.rel_properties):
                target = self._targets(labels, direction, rel)
                if target:
                    by_target[target].append(rel)
            for target, rels in sorted(by_target.items(), key=lambda kv: sorted(kv[0])):
                types = self.rule(_name("types", *rels), choice(literal(r) for r in rels))
                props = self.props(tuple(rels), rel=True)
                typed = (f'ws (ident ws)? ":" ws {types} (ws "|" ":"? ws {types})* '
                         + (f'(ws {props})? ws' if props else "ws"))
                steps.append(f"{opening}{typed}{closing} ws {self.node(target)}")
            untyped = self._targets(labels, direction, None)
            if untyped:
                steps.append(f'{opening}ws ident ws{closing} ws {self.node(untyped)}')
        if steps:
            step = self.rule(f"step-{name}", choice(steps))
            self.rules[f"after-{name}"] = f"(ws {step})?"
            self.rules[f"steps-{name}"] = f"ws {step}"
        else:
            del self.rules[f"after-{name}"], self.rules[f"steps-{name}"]
            self.stuck.add(name)
        return name

    def node(self, labels: frozenset) -> str:
        """A node whose label (if written) is one of `labels`, then the rest of the path from it."""
        return self.rule(f"node-{self.state(labels)}", f'"(" ws (ident ws)? {self.node_rest(labels, "after")}')

    def node_rest(self, labels: frozenset, then: str) -> str:
        """After `(var`: an optional label of `labels`, optional properties, `)`, then the path (`after`: zero
        or more steps; `steps`: at least one, for a pattern used as a predicate)."""
        name = f"{then}-rest-{self.state(labels)}"
        if name in self.rules:
            return name
        self.rules[name] = ""
        options = []
        for label, owners in [(None, tuple(sorted(labels))), *((lab, (lab,)) for lab in sorted(labels))]:
            state = self.state(frozenset(owners)) if label else self.state(labels)
            if then == "steps" and state in self.stuck:
                continue
            rest = "" if state in self.stuck else f" {then}-{state}"
            written = f'":" ws {literal(label)} ws ' if label else ""
            props = self.props(owners)
            options.append(f'{written}{f"({props} ws)? " if props else ""}")"{rest}')
        self.rules[name] = choice(options)
        return name

    def props(self, owners: tuple[str, ...], rel: bool = False) -> str:
        """`{key: value, ...}` with the owners' keys; an enum-like key takes only its listed values. "" when the
        owners have no properties: no map at all (an empty one invited the model to read keys off it)."""
        table = self.schema.rel_properties if rel else self.schema.node_properties
        keys = sorted({k for o in owners for k in table.get(o, {})})
        name = _name("props", *owners)
        if name in self.rules:
            return name
        entries = []
        for key in keys:
            value = self.enum_value(key) if key in self.enums else "expr"
            entries.append(f'{literal(key)} ws ":" ws {value}')
        if not entries:
            return ""
        entry = self.rule(_name("entry", *owners), choice(entries))
        return self.rule(name, f'"{{" ws {entry} (ws "," ws {entry})* ws "}}"')

    def enum_value(self, key: str) -> str:
        values = []
        for v in self.enums[key]:
            if "'" not in v:
                values.append(literal(f"'{v}'"))
            if '"' not in v:
                values.append(literal(f'"{v}"'))
        if self.parameters:
            values.append("param")
        return self.rule(_name("value", key), choice(values))

    # -- the grammar -----------------------------------------------------------------------------------
    def build(self) -> dict[str, str]:
        r = self.rules
        r["root"] = 'ws query (ws ";")? ws'
        r["query"] = '(clause sp)* return'
        r["clause"] = "match | unwind | with"
        r["match"] = '("OPTIONAL" sp)? "MATCH" sp pattern (ws "," ws pattern)* (sp where)?'
        r["unwind"] = '"UNWIND" sp expr sp "AS" sp ident'
        r["with"] = '"WITH" sp ("DISTINCT" sp)? items (sp order)? (sp skip)? (sp limit)? (sp where)?'
        r["return"] = '"RETURN" sp ("DISTINCT" sp)? items (sp order)? (sp skip)? (sp limit)?'
        r["items"] = 'item (ws "," ws item)*'
        r["item"] = 'expr (sp "AS" sp ident)?'
        r["order"] = '"ORDER" sp "BY" sp sort (ws "," ws sort)*'
        r["sort"] = 'expr (sp ("DESC" | "ASC" | "DESCENDING" | "ASCENDING"))?'
        r["skip"] = '"SKIP" sp (count-int | "0"' + (" | param" if self.parameters else "") + ")"
        r["limit"] = '"LIMIT" sp (count-int' + (" | param" if self.parameters else "") + ")"
        r["where"] = '"WHERE" sp expr'
        everything = frozenset(self.labels)
        r["pattern"] = '"(" ws (ident ws)? pattern-rest'
        r["predicate"] = '"(" ws (ident ws)? predicate-rest'
        r["pattern-rest"] = self.node_rest(everything, "after")
        r["predicate-rest"] = self.node_rest(everything, "steps")
        r["expr"] = 'and-expr (sp ("OR" | "XOR") sp and-expr)*'
        r["and-expr"] = 'not-expr (sp "AND" sp not-expr)*'
        r["not-expr"] = '("NOT" sp)* comparison'
        enum_refs = [f'ident "." {literal(key)} {_name("enum-tail", key)}' for key in self.enums]
        for key in self.enums:
            r[_name("enum-tail", key)] = (
                f'(ws ("=" | "<>") ws ({self.enum_value(key)} | enum-ref | ident) '
                f'| sp "IN" sp "[" ws {self.enum_value(key)} '
                f'(ws "," ws {self.enum_value(key)})* ws "]" | sp "IS" sp ("NOT" sp)? "NULL" '
                f'| sp text-op sp (string{" | param" if self.parameters else ""}))?')
        if self.enums:
            r["enum-ref"] = 'ident "." ' + choice(literal(key) for key in self.enums)
        r["comparison"] = choice([*enum_refs, "operand comparison-tail?"])
        r["comparison-tail"] = ('(ws compare-op ws operand)+ | sp "IS" sp ("NOT" sp)? "NULL" | sp "IN" sp operand '
                                '| sp text-op sp operand | ":" ws label')
        r["compare-op"] = '"<>" | "<=" | ">=" | "=" | "<" | ">"'
        r["text-op"] = '"STARTS" sp "WITH" | "ENDS" sp "WITH" | "CONTAINS"'
        # An enum-like property joins text after a "+" (never first: then it could be compared with any text).
        r["operand"] = 'product (ws ("+" | "-") ws ' + ("(product | enum-ref))*" if self.enums else "product)*")
        r["product"] = 'unary (ws ("*" | "/" | "%") ws unary)*'
        r["unary"] = '("-" ws)? postfix'
        r["postfix"] = 'atom (ws "[" ws index ws "]" | "." key)*'
        r["index"] = 'expr | expr? ws ".." ws expr?'
        atoms = ['number', 'string', '"true"', '"false"', '"TRUE"', '"FALSE"', '"NULL"', '"null"',
                 '"count" ws "(" ws "*" ws ")"',
                 'aggregate ws "(" ws ("DISTINCT" sp)? expr ws ")"',
                 'function ws "(" ws (expr (ws "," ws expr)*)? ws ")"',
                 '"CASE" sp (expr sp)? ("WHEN" sp expr sp "THEN" sp expr sp)+ ("ELSE" sp expr sp)? "END"',
                 '"[" ws ident sp "IN" sp expr (sp "WHERE" sp expr)? (ws "|" ws expr)? ws "]"',
                 '"[" ws predicate (sp "WHERE" sp expr)? ws "|" ws expr ws "]"',
                 '"[" ws (expr (ws "," ws expr)*)? ws "]"',
                 '"{" ws (ident ws ":" ws expr (ws "," ws ident ws ":" ws expr)*)? ws "}"',
                 'quantifier ws "(" ws ident sp "IN" sp expr sp "WHERE" sp expr ws ")"',
                 '"reduce" ws "(" ws ident ws "=" ws expr ws "," ws ident sp "IN" sp expr ws "|" ws expr ws ")"',
                 'predicate', '"(" ws expr ws ")"', 'ident']
        if self.parameters:
            atoms.append("param")
            r["param"] = '"$" ident'
        r["atom"] = " | ".join(atoms)
        r["aggregate"] = choice(literal(f) for f in AGGREGATES)
        r["function"] = choice(literal(f) for f in FUNCTIONS)
        r["quantifier"] = choice(literal(f) for f in QUANTIFIERS)
        r["key"] = choice(literal(k) for k in self.plain_keys)
        r["label"] = choice(literal(label) for label in self.labels)
        r["ws"] = "sp?"
        r["sp"] = f"[ \\t\\n]{{1,{WS_MAX}}}"
        r["ident"] = f"[A-Za-z_] [A-Za-z0-9_]{{0,{IDENT_MAX}}}"
        r["string"] = (f"\"'\" [^'\\\\\\n]{{0,{STRING_MAX}}} \"'\" | "
                       f"\"\\\"\" [^\"\\\\\\n]{{0,{STRING_MAX}}} \"\\\"\"")
        r["number"] = '[0-9]{1,9} ("." [0-9]{1,6})?'
        r["count-int"] = "[1-9] [0-9]{0,3}"
        return {"root": r.pop("root"), **r}
