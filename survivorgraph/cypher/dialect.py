"""Fit LLM-written Cypher to the backend: mechanical rewrites where they are exact, a clear refusal
where they are not (the reason goes back to the model in the repair prompt).

FalkorDB lacks `elementId`, `=~`, `COUNT {}` / `EXISTS {}` / `COLLECT {}` subqueries, label
expressions such as `(n:A|B)`, `duration.between`, and `shortestPath` outside WITH/RETURN or undirected;
its full-text procedures are `db.idx.fulltext.*` where Neo4j has `db.index.fulltext.*`. Neo4j 5 dropped
`exists(n.prop)`. Neither takes `!=` (written `<>`). Run this on the text `check_read_only` returned; every
rewrite stays a read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

from survivorgraph.cypher.patterns import bracket_context, find_chains
from survivorgraph.cypher.tokens import (
    NAME,
    STRING,
    WORD,
    CypherTokenError,
    Token,
    matching_close,
    splice,
    tokenize,
)
from survivorgraph.errors import UnsupportedCypherError

BACKENDS = ("falkordb", "neo4j")


# Kept as the module's name for it; the error class lives with the others.
DialectError = UnsupportedCypherError


class DialectResult(NamedTuple):
    cypher: str
    rewrites: list[str]   # one human-readable line per change, for the trace


@dataclass
class _Rewriting:
    """The query as the steps rewrite it, and what they did."""
    cypher: str
    rewrites: list[str] = field(default_factory=list)


def normalise_for_backend(cypher: str, backend: str) -> DialectResult:
    """Rewrite `cypher` for `backend` ("falkordb" or "neo4j"); raise DialectError when it cannot run there.
    `cypher, rewrites = normalise_for_backend(...)` works as well as `.cypher` / `.rewrites`."""
    if backend not in BACKENDS:
        raise ValueError(f"Unknown graph backend {backend!r}; expected one of {BACKENDS}")
    result = _Rewriting(cypher)
    steps = _FALKORDB_STEPS if backend == "falkordb" else _NEO4J_STEPS
    for step in steps:
        try:
            tokens = tokenize(result.cypher)
        except CypherTokenError as exc:
            raise DialectError(f"The query cannot be read: {exc}", query=cypher) from exc
        step(result, tokens)
    return DialectResult(result.cypher, result.rewrites)


def _refuse(result: _Rewriting, message: str) -> DialectError:
    return DialectError(message, db_message=message, query=result.cypher)


# -- simple renames ------------------------------------------------------------------------------------
def _not_equal(result: _Rewriting, tokens: list[Token]) -> None:
    """`a != b` -> `a <> b`: Cypher's inequality; both backends reject `!=`, which models often write."""
    edits = [(t.start, t.end, "<>") for t in tokens if t.is_punct("!=")]
    if edits:
        result.cypher = splice(result.cypher, edits)
        result.rewrites.append("!= -> <> (Cypher's not-equal)")


def _element_id_to_id(result: _Rewriting, tokens: list[Token]) -> None:
    edits = [(t.start, t.end, "id") for i, t in enumerate(tokens)
             if t.is_word("ELEMENTID") and _next_is(tokens, i, "(") and not _prev_is(tokens, i, ".")]
    if edits:
        result.cypher = splice(result.cypher, edits)
        result.rewrites.append("elementId(x) -> id(x) (FalkorDB has no elementId)")


def _fulltext_namespace(source: str, target: str):
    def step(result: _Rewriting, tokens: list[Token]) -> None:
        edits = []
        for i in range(len(tokens) - 4):
            if tokens[i].is_word("DB") and tokens[i + 1].is_punct(".") and tokens[i + 2].is_word(source.upper()) \
                    and tokens[i + 3].is_punct(".") and tokens[i + 4].is_word("FULLTEXT"):
                edits.append((tokens[i + 2].start, tokens[i + 2].end, target))
        if edits:
            result.cypher = splice(result.cypher, edits)
            note = " (Neo4j's first argument is an index name, not a label)" if target == "index" else ""
            result.rewrites.append(f"db.{source}.fulltext.* -> db.{target}.fulltext.*{note}")
    return step


def _exists_property_to_is_not_null(result: _Rewriting, tokens: list[Token]) -> None:
    """exists(n.prop) -> n.prop IS NOT NULL (Neo4j 5 removed the function form)."""
    edits = []
    for i, t in enumerate(tokens[:-5]):
        if t.is_word("EXISTS") and tokens[i + 1].is_punct("(") and tokens[i + 2].identifier is not None \
                and tokens[i + 3].is_punct(".") and tokens[i + 4].identifier is not None \
                and tokens[i + 5].is_punct(")"):
            inner = result.cypher[tokens[i + 2].start:tokens[i + 4].end]
            edits.append((t.start, tokens[i + 5].end, f"{inner} IS NOT NULL"))
    if edits:
        result.cypher = splice(result.cypher, edits)
        result.rewrites.append("exists(n.prop) -> n.prop IS NOT NULL")


# -- refusals ----------------------------------------------------------------------------------------
def _refuse_label_expressions(result: _Rewriting, tokens: list[Token]) -> None:
    for chain in find_chains(tokens):
        for node in chain.nodes:
            if node.label_operators:
                text = result.cypher[tokens[node.start].start:tokens[node.end].end]
                raise _refuse(result, f"FalkorDB does not support label expressions like {text}: match one label "
                                      "per pattern and combine with UNION, or use WHERE n:A OR n:B.")


def _refuse_unsupported_functions(result: _Rewriting, tokens: list[Token]) -> None:
    for i in range(len(tokens) - 3):
        if tokens[i].is_word("DURATION") and tokens[i + 1].is_punct(".") and tokens[i + 2].is_word("BETWEEN"):
            raise _refuse(result, "FalkorDB has no duration.between(): dates are stored as ISO strings "
                                  "('2001-01-28'); compare them as strings or use date(...).year etc.")


def _check_shortest_path(result: _Rewriting, tokens: list[Token]) -> None:
    for i, t in enumerate(tokens):
        if not (t.is_word("SHORTESTPATH", "ALLSHORTESTPATHS") and _next_is(tokens, i, "(")):
            continue
        clause = _enclosing_clause(tokens, i)
        if clause in ("MATCH", "OPTIONAL"):
            raise _refuse(result, f"FalkorDB allows {t.text}() only in WITH or RETURN, not in MATCH: "
                                  f"MATCH the end nodes, then WITH a, b RETURN {t.text}((a)-[*]->(b)).")
        close = matching_close(tokens, i + 1)
        inner = tokens[i + 2:close]
        if not any(tok.is_punct(">") for tok in inner) and not any(
                tok.is_punct("<") and inner[k + 1].is_punct("-") for k, tok in enumerate(inner[:-1])):
            raise _refuse(result, f"FalkorDB supports only directed {t.text}() traversals: give the "
                                  "relationship a direction, e.g. (a)-[*]->(b).")


def _enclosing_clause(tokens: list[Token], index: int) -> str | None:
    return _enclosing_clause_at(tokens, index)[0]


def _enclosing_clause_at(tokens: list[Token], index: int) -> tuple[str | None, int]:
    """The clause keyword (and its index) that tokens[index] belongs to, skipping nested brackets."""
    clauses = ("MATCH", "OPTIONAL", "WITH", "RETURN", "WHERE", "UNWIND", "ORDER")
    depth = 0
    for j in range(index - 1, -1, -1):
        depth += tokens[j].is_punct(")", "]", "}") - tokens[j].is_punct("(", "[", "{")
        if depth <= 0 and tokens[j].is_word(*clauses):
            if tokens[j].value == "MATCH" and j > 0 and tokens[j - 1].is_word("OPTIONAL"):
                return "OPTIONAL", j - 1
            return tokens[j].value, j
    return None, -1


# -- =~ --------------------------------------------------------------------------------------------
_LITERAL_REGEX = re.compile(r"(?P<ci>\(\?i\))?(?P<lead>\.\*)?(?P<body>[A-Za-z0-9 _'\-]+)(?P<trail>\.\*)?")


def _regex_match(result: _Rewriting, tokens: list[Token]) -> None:
    edits = []
    for i, t in enumerate(tokens):
        if not t.is_punct("=~"):
            continue
        operand_start = _operand_start(tokens, i - 1) if i > 0 else None
        pattern = tokens[i + 1] if i + 1 < len(tokens) else None
        m = _LITERAL_REGEX.fullmatch(pattern.value) if pattern is not None and pattern.kind == STRING else None
        if operand_start is None or m is None:
            raise _refuse(result, "FalkorDB does not support regular expressions (=~). Use STARTS WITH, "
                                  "CONTAINS or ENDS WITH, with toLower(x) on both sides for a case-insensitive match.")
        operand = result.cypher[tokens[operand_start].start:tokens[i - 1].end]
        body = m.group("body")
        if m.group("ci"):
            operand, body = f"toLower({operand})", body.lower()
        operator = {(False, False): "=", (False, True): "STARTS WITH", (True, False): "ENDS WITH",
                    (True, True): "CONTAINS"}[(bool(m.group("lead")), bool(m.group("trail")))]
        literal = "'" + body.replace("\\", "\\\\").replace("'", "\\'") + "'"
        edits.append((tokens[operand_start].start, pattern.end, f"{operand} {operator} {literal}"))
    if edits:
        result.cypher = splice(result.cypher, edits)
        result.rewrites.append("x =~ 'literal.*' -> STARTS WITH / CONTAINS / ENDS WITH / = (FalkorDB has no regex)")


def _operand_start(tokens: list[Token], end: int) -> int | None:
    """Start index of the operand ending at tokens[end]: `a.b.c`, `f(...)` or `ns.f(...)`."""
    j = end
    if tokens[j].is_punct(")"):
        depth = 0
        while j >= 0:
            depth += tokens[j].is_punct(")") - tokens[j].is_punct("(")
            if depth == 0:
                break
            j -= 1
        j -= 1
        if j < 0 or tokens[j].kind != WORD:
            return None
    elif tokens[j].kind not in (WORD, NAME):
        return None
    while j >= 2 and tokens[j - 1].is_punct(".") and tokens[j - 2].kind in (WORD, NAME):
        j -= 2
    return j


# -- COUNT {} / EXISTS {} / COLLECT {} ------------------------------------------------------------------
# FalkorDB evaluates a pattern comprehension in WITH/RETURN but not inside WHERE ("Unable to resolve
# filtered alias"), so a subquery in a WHERE is computed in a `WITH *, … AS _sqN` just before it.
def _subqueries(result: _Rewriting, tokens: list[Token]) -> None:
    """One at a time, last first: each rewrite changes the offsets of the rest."""
    hoisted = 0
    while True:
        found = [i for i, t in enumerate(tokens)
                 if t.is_word("COUNT", "EXISTS", "COLLECT") and _next_is(tokens, i, "{")]
        if not found:
            return
        i = found[-1]  # the last to start has no subquery inside it
        close = matching_close(tokens, i + 1)
        if close < 0:
            raise _refuse(result, f"The {tokens[i].text} {{ … }} subquery is never closed.")
        if any(matching_close(tokens, j + 1) > i for j in found[:-1]):
            raise _refuse(result, "FalkorDB cannot nest COUNT/EXISTS/COLLECT subqueries (a pattern comprehension "
                                  "inside another's WHERE fails): MATCH the inner pattern and aggregate with WITH.")
        kind = tokens[i].value
        pattern, where, projection, has_rel = _subquery_parts(result, kind, tokens[i + 2:close])
        clause, where_index = _enclosing_clause_at(tokens, i)
        comprehension = f"[{pattern}{where} | {projection or '1'}]"
        # A pattern predicate after a `WITH *, size([...]) AS _sqN` fails on FalkorDB ("Type mismatch"), so an
        # EXISTS shares its WHERE with hoisted subqueries only as one of them.
        shared = clause == "WHERE" and (_hoisted_before(tokens, where_index) or any(
            _enclosing_clause_at(tokens, j) == (clause, where_index) for j in found[:-1]))
        if kind == "EXISTS" and clause == "WHERE" and not where and has_rel and not shared:
            edits, note = [(tokens[i].start, tokens[close].end, pattern)], "EXISTS { pattern } -> pattern predicate"
        else:
            value = comprehension if kind == "COLLECT" else f"size({comprehension})"
            note = {"COLLECT": "COLLECT { MATCH p RETURN x } -> [p | x]",
                    "COUNT": "COUNT { pattern } -> size([pattern | 1])",
                    "EXISTS": "EXISTS { pattern [WHERE …] } -> size([pattern [WHERE …] | 1]) > 0"}[kind]
            suffix = " > 0" if kind == "EXISTS" else ""
            if clause == "WHERE":
                hoisted += 1
                name = _fresh_name(tokens, hoisted)
                edits = [(tokens[where_index].start, tokens[where_index].start, f"WITH *, {value} AS {name} "),
                         (tokens[i].start, tokens[close].end, name + suffix)]
                _check_hoistable(result, tokens, where_index)
                note += " computed in WITH before the WHERE"
            else:
                edits = [(tokens[i].start, tokens[close].end, value + suffix)]
        result.cypher = splice(result.cypher, edits)
        if note not in result.rewrites:
            result.rewrites.append(note)
        tokens = tokenize(result.cypher)


def _subquery_parts(result: _Rewriting, kind: str, body: list[Token]) -> tuple[str, str, str, bool]:
    """(pattern, ' WHERE …' or '', projection or '', has a relationship) of a one-pattern subquery."""
    text = result.cypher
    if body and body[0].is_word("MATCH"):
        body = body[1:]
    ret_at = next((k for k, t in enumerate(body) if t.is_word("RETURN")), None)
    projection = body[ret_at + 1:] if ret_at is not None else []
    body = body[:ret_at] if ret_at is not None else body
    where_at = next((k for k, t in enumerate(body) if t.is_word("WHERE")), None)
    pattern = body[:where_at] if where_at is not None else body
    clause_words = ("MATCH", "OPTIONAL", "WITH", "UNWIND", "CALL", "UNION", "ORDER", "LIMIT", "SKIP", "DISTINCT")
    chains = find_chains(pattern)
    simple = (pattern and len(chains) == 1 and chains[0].start == 0 and chains[0].end == len(pattern) - 1
              and not any(t.is_word(*clause_words) for t in body + projection))
    if not simple or (kind == "COLLECT") != bool(projection):
        raise _refuse(result, f"FalkorDB has no {kind} {{ }} subqueries and this one is more than one pattern "
                              "with an optional WHERE: use a pattern comprehension, e.g. "
                              "size([(a)-[:R]->(b) WHERE b.x = 1 | 1]) in WITH, or MATCH … WITH count(…).")
    pattern_text = text[pattern[0].start:pattern[-1].end]
    where_text = f" WHERE {text[body[where_at + 1].start:body[-1].end]}" if where_at is not None else ""
    projection_text = text[projection[0].start:projection[-1].end] if projection else ""
    return pattern_text, where_text, projection_text, bool(chains[0].rels)


def _check_hoistable(result: _Rewriting, tokens: list[Token], where_index: int) -> None:
    owner, _ = _enclosing_clause_at(tokens, where_index)
    if owner == "OPTIONAL" or bracket_context(tokens)[where_index] not in (None, "block"):
        raise _refuse(result, "FalkorDB cannot evaluate this COUNT/EXISTS/COLLECT subquery where it stands "
                              "(inside OPTIONAL MATCH … WHERE or a list expression): compute it with "
                              "WITH …, size([(a)-[:R]->(b) | 1]) AS n first, then filter on n.")


def _hoisted_before(tokens: list[Token], where_index: int) -> bool:
    """True when `… AS _sqN` (an earlier hoist) stands right before this WHERE."""
    name = tokens[where_index - 1].identifier if where_index >= 2 else None
    return bool(name and name.startswith("_sq") and tokens[where_index - 2].is_word("AS"))


def _fresh_name(tokens: list[Token], n: int) -> str:
    used = {t.identifier for t in tokens if t.identifier}
    while f"_sq{n}" in used:
        n += 1
    return f"_sq{n}"


# -- helpers -----------------------------------------------------------------------------------------
def _next_is(tokens: list[Token], i: int, symbol: str) -> bool:
    return i + 1 < len(tokens) and tokens[i + 1].is_punct(symbol)


def _prev_is(tokens: list[Token], i: int, symbol: str) -> bool:
    return i > 0 and tokens[i - 1].is_punct(symbol)


_FALKORDB_STEPS = (_not_equal, _refuse_label_expressions, _refuse_unsupported_functions, _check_shortest_path,
                   _element_id_to_id, _fulltext_namespace("index", "idx"), _regex_match, _subqueries)
_NEO4J_STEPS = (_not_equal, _fulltext_namespace("idx", "index"), _exists_property_to_is_not_null)
