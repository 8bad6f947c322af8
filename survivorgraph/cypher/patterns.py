"""Find the graph patterns in a tokenized query: `(a:Label {k: v})-[r:TYPE*1..2]->(b)` chains.

Enough structure for the dialect rewrites and the schema check (labels, types, direction, inline
properties, variables); not a full Cypher parser. Anything it cannot read as a pattern it skips.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from survivorgraph.cypher.tokens import NUMBER, STRING, Token, matching_close

# A `{` after these words opens a subquery block, not a map literal.
BLOCK_OPENERS = ("CALL", "EXISTS", "COUNT", "COLLECT")


@dataclass
class PropertyEntry:
    key: str
    key_index: int                  # token index of the key
    value: Token | None             # the value when it is a single string or number literal


@dataclass
class NodePattern:
    variable: str | None
    labels: list[str]
    label_operators: set[str]       # '|', '&', '!', '%' from a label expression (Neo4j 5 only)
    properties: list[PropertyEntry]
    start: int                      # token index of '('
    end: int                        # token index of ')'


@dataclass
class RelPattern:
    variable: str | None
    types: list[str]
    direction: str                  # "out" (left to right), "in" (right to left) or "both"
    variable_length: bool
    properties: list[PropertyEntry]
    start: int
    end: int


@dataclass
class PatternChain:
    nodes: list[NodePattern] = field(default_factory=list)
    rels: list[RelPattern] = field(default_factory=list)   # rels[i] joins nodes[i] and nodes[i + 1]

    @property
    def start(self) -> int:
        return self.nodes[0].start

    @property
    def end(self) -> int:
        return self.nodes[-1].end


def find_chains(tokens: list[Token]) -> list[PatternChain]:
    """Every pattern chain: one with a relationship, or a single node with a label or properties."""
    chains, i = [], 0
    while i < len(tokens):
        node = parse_node(tokens, i) if tokens[i].is_punct("(") else None
        if node is None:
            i += 1
            continue
        chain = PatternChain([node])
        while True:
            rel = parse_rel(tokens, chain.nodes[-1].end + 1)
            following = parse_node(tokens, rel.end + 1) if rel else None
            if rel is None or following is None:
                break
            chain.rels.append(rel)
            chain.nodes.append(following)
        if chain.rels or node.labels or node.properties:
            chains.append(chain)
            i = chain.end + 1
        else:
            i += 1  # "(x)" alone may be an expression in parentheses; look inside it
    return chains


def parse_node(tokens: list[Token], i: int) -> NodePattern | None:
    if i >= len(tokens) or not tokens[i].is_punct("("):
        return None
    close = matching_close(tokens, i)
    if close < 0:
        return None
    j, variable = i + 1, None
    if tokens[j].identifier is not None and (tokens[j + 1].is_punct(":", "{", ")") or tokens[j + 1].is_word("WHERE")):
        variable, j = tokens[j].identifier, j + 1
    labels, operators, j = _label_expression(tokens, j, close)
    if j is None:
        return None
    properties: list[PropertyEntry] = []
    if tokens[j].is_punct("{"):
        map_close = matching_close(tokens, j)
        if map_close < 0 or map_close > close:
            return None
        properties = parse_map(tokens, j, map_close)
        j = map_close + 1
    if tokens[j].is_word("WHERE"):
        j = close
    if j != close:
        return None
    return NodePattern(variable, labels, operators, properties, i, close)


def parse_rel(tokens: list[Token], k: int) -> RelPattern | None:
    """`-[...]->`, `<-[...]-`, `-[...]-`, `-->`, `<--`, `--` starting at token k."""
    start = k
    left = k < len(tokens) and tokens[k].is_punct("<")
    k += 1 if left else 0
    if k >= len(tokens) or not tokens[k].is_punct("-"):
        return None
    k += 1
    variable, types, varlen, properties = None, [], False, []
    if k < len(tokens) and tokens[k].is_punct("["):
        close = matching_close(tokens, k)
        if close < 0:
            return None
        parsed = _rel_details(tokens, k + 1, close)
        if parsed is None:
            return None
        variable, types, varlen, properties = parsed
        k = close + 1
        if k >= len(tokens) or not tokens[k].is_punct("-"):
            return None
        k += 1
    elif k < len(tokens) and tokens[k].is_punct("-"):
        k += 1
    else:
        return None
    right = k < len(tokens) and tokens[k].is_punct(">")
    k += 1 if right else 0
    if k >= len(tokens) or not tokens[k].is_punct("("):
        return None
    direction = "out" if right and not left else "in" if left and not right else "both"
    return RelPattern(variable, types, direction, varlen, properties, start, k - 1)


def _rel_details(tokens: list[Token], j: int, close: int):
    variable = None
    if tokens[j].identifier is not None and not tokens[j + 1].is_punct("."):
        variable, j = tokens[j].identifier, j + 1
    types, _, j = _label_expression(tokens, j, close)
    if j is None:
        return None
    varlen = False
    if tokens[j].is_punct("*"):
        varlen, j = True, j + 1
        while tokens[j].kind == NUMBER or tokens[j].is_punct(".."):
            j += 1
    properties = []
    if tokens[j].is_punct("{"):
        map_close = matching_close(tokens, j)
        if map_close < 0 or map_close > close:
            return None
        properties, j = parse_map(tokens, j, map_close), map_close + 1
    if tokens[j].is_word("WHERE"):
        j = close
    return (variable, types, varlen, properties) if j == close else None


def _label_expression(tokens: list[Token], j: int, close: int) -> tuple[list[str], set[str], int | None]:
    """`:A:B`, `:A|B`, `:A|:B`, `:A&B`, `:!A`, `:%`; returns (names, operators, next index)."""
    names: list[str] = []
    operators: set[str] = set()
    if not tokens[j].is_punct(":"):
        return names, operators, j
    while j < close and (tokens[j].is_punct(":", "|", "&", "!", "%", "(", ")") or tokens[j].identifier is not None):
        token = tokens[j]
        if token.identifier is not None:
            if tokens[j - 1].identifier is not None:
                break  # "a:B c" – the word after the label is not part of the expression
            names.append(token.identifier)
        elif token.text != ":":
            operators.add(token.text)
        j += 1
    return names, operators, j


def parse_map(tokens: list[Token], open_index: int, close: int) -> list[PropertyEntry]:
    """Top-level `key: value` pairs of a map literal between tokens[open_index] and tokens[close]."""
    entries, j = [], open_index + 1
    while j < close:
        key = tokens[j].identifier
        if key is None or not tokens[j + 1].is_punct(":"):
            return entries
        value_start, depth, k = j + 2, 0, j + 2
        while k < close and not (depth == 0 and tokens[k].is_punct(",")):
            depth += tokens[k].is_punct("(", "[", "{") - tokens[k].is_punct(")", "]", "}")
            k += 1
        single = tokens[value_start] if k == value_start + 1 and tokens[value_start].kind in (STRING, NUMBER) else None
        entries.append(PropertyEntry(key, j, single))
        j = k + 1
    return entries


def bracket_context(tokens: list[Token]) -> list[str | None]:
    """For each token, the innermost enclosing bracket: '(', '[', 'map', 'block' or None (top level)."""
    stack: list[str] = []
    context: list[str | None] = []
    for i, token in enumerate(tokens):
        context.append(stack[-1] if stack else None)
        if token.is_punct("(", "["):
            stack.append(token.text)
        elif token.is_punct("{"):
            previous = tokens[i - 1] if i else None
            block = previous is not None and (previous.is_word(*BLOCK_OPENERS) or (
                previous.is_punct(")") and _call_scope(tokens, i - 1)))
            stack.append("block" if block else "map")
        elif token.is_punct(")", "]", "}") and stack:
            stack.pop()
    return context


def _call_scope(tokens: list[Token], close_index: int) -> bool:
    """True when tokens[close_index] closes `CALL (x, y)` (a scoped subquery)."""
    depth = 0
    for j in range(close_index, -1, -1):
        depth += tokens[j].is_punct(")") - tokens[j].is_punct("(")
        if depth == 0:
            return j > 0 and tokens[j - 1].is_word("CALL")
    return False
