"""Structural bounds on generated Cypher: refuse, before the database sees it, a query whose cost no timeout
would stop.

Measured on the embedded FalkorDB (4.16, 2 cores): its compiler's time doubles with every level of nesting —
brackets, CASE and chains of NOT or unary minus all count (depth 12: 30 ms, 16: 0.4 s, 20: 5 s, 50: over 20 s),
and neither GRAPH.EXPLAIN nor the query timeout interrupts it; an expression (`range()`, a list comprehension,
`reduce()`) is evaluated inside one record, so the server's timeout is never looked at while it runs:
`reduce(s = '', x IN range(1, 2000000) | s + 'aaaaaaaaaa')` kept a worker busy for minutes after its 1 s
deadline, and `reduce(s = 'a', x IN range(1, 40) | s + s)` doubles a string forty times. Long inputs cost
seconds in the checks themselves (a 5 MB literal: 17 s in Python). So: the length is checked first, on the raw
text, and everything else in a few linear passes over the tokens.

Every catalog query and few-shot example stays far inside these bounds (tests/cypher/test_cypher_safety.py proves
it); what a bound cannot see (a range over data, a comprehension over `collect()`) is left to the server's
timeout and memory cap and to the store's watchdog.
"""

from __future__ import annotations

from dataclasses import dataclass

from survivorgraph.cypher.tokens import NAME, NUMBER, PARAM, PUNCT, STRING, WORD, Token, tokenize
from survivorgraph.errors import QueryTooComplexError


@dataclass(frozen=True)
class QueryBounds:
    """The one place the bounds are declared. [In brackets: the most any catalog query or few-shot example uses.]"""

    # The LLM writes at most ~320 tokens (~1,500 characters); the longest catalog query has 2,795 with
    # comments. Checked before anything else reads the text, so a 5 MB reply costs microseconds.
    max_chars: int = 8_000
    # Compile time doubles per level (brackets, CASE, NOT / unary-minus chains): 8 levels compile in ~2 ms,
    # and even 8,000 characters of 8-deep expressions in under a second. [catalog: 4]
    max_depth: int = 8
    # Names, places and phrases are short; a long literal is a payload, not a question. [catalog: 89]
    max_string_chars: int = 500
    # Items in one list, map or argument list: an IN-list of every season (50) fits five times. [catalog: 9]
    max_items: int = 256
    # AND / OR / XOR operators in the whole query: the planner's cost grows with each term. [catalog: 10]
    max_boolean_operators: int = 64
    # Values one literal range() may build: the list is built eagerly, inside one record, with no timeout
    # check; the data never needs more (50 seasons, ~40 days, ~800 people). [catalog: none literal]
    max_range_elements: int = 1_000
    # Iterations of ranges nested inside a comprehension / reduce / quantifier over another range (the
    # product of their spans), for the same reason. [catalog: none]
    max_nested_iterations: int = 10_000
    # Uses of a reduce()'s accumulator in one step (outside CASE tests; CASE branches count once): two uses
    # (`s + s`, `[acc, acc]`) double the value at every step. [catalog: 1]
    max_accumulator_uses: int = 1


DEFAULT_BOUNDS = QueryBounds()
FLATTER_HELP = "Write a simpler query: name intermediate values with WITH instead of nesting them"

_OPENERS = {"(": ")", "[": "]", "{": "}", "CASE": "END"}
# After these a '-' or '+' is a sign, not arithmetic, and a NOT starts a new operand.
_EXPRESSION_KEYWORDS = frozenset({
    "RETURN", "WITH", "WHERE", "AND", "OR", "XOR", "NOT", "WHEN", "THEN", "ELSE", "IN", "CASE", "UNWIND",
    "DISTINCT", "SKIP", "LIMIT", "BY", "YIELD", "CONTAINS", "STARTS", "ENDS"})
_OPERATOR_PUNCT = frozenset({"(", "[", "{", ",", "|", ":", "+", "-", "*", "/", "%", "^", "=", "<>", "!=", "<=",
                             ">=", ">", "..", "+="})


def check_length(text: str, bounds: QueryBounds = DEFAULT_BOUNDS, *, original: str | None = None) -> None:
    if len(text) > bounds.max_chars:
        _refuse("max_chars", f"the query is {len(text):,} characters long; at most {bounds.max_chars:,} are "
                "allowed. Send one short query, without data pasted into it", original if original is not None
                else text[:200])


def check_bounds(cypher: str, bounds: QueryBounds = DEFAULT_BOUNDS, *, tokens: list[Token] | None = None,
                 original: str | None = None) -> None:
    """Raise QueryTooComplexError naming the first bound the query breaks. `tokens` may be passed when the
    caller has already tokenized `cypher` (comments removed)."""
    original = cypher if original is None else original
    check_length(cypher, bounds, original=original)
    tokens = tokenize(cypher) if tokens is None else tokens
    shape = _check_shape(tokens, bounds, original)
    _check_ranges(tokens, shape, bounds, original)
    _check_reduce_steps(tokens, shape.closers, bounds, original)


# -- shape: depth, items, literals, boolean chains (one pass) --------------------------------------------
@dataclass
class _Frame:
    opener: str
    index: int
    weight: int       # levels this frame adds: 1, plus any NOT / sign directly in front of it
    items: int = 1


@dataclass
class _Shape:
    closers: dict[int, int]        # index of an opening bracket (or CASE) -> index of the token closing it
    range_parents: dict[int, int]  # index of a `range` word -> index of the bracket it sits directly in


def _check_shape(tokens: list[Token], bounds: QueryBounds, original: str) -> _Shape:
    """One pass: nesting depth, items per bracket, literal sizes, boolean operators; it also records where the
    brackets close and where each range() sits, for the later passes."""
    frames: list[_Frame] = []
    closers: dict[int, int] = {}
    range_parents: dict[int, int] = {}
    depth = pending = booleans = 0
    previous: Token | None = None
    previous_kind = ""  # of the previous '-' / '+' / NOT: 'sign', 'arrow' or 'operator'
    for i, token in enumerate(tokens):
        if token.kind == WORD and previous is not None and previous.is_punct("."):
            token = Token(NAME, token.text, token.start, token.end, token.text)  # `r.end`: a key, not END
        kind = ""
        if token.is_punct("-", "+"):
            kind = _minus_kind(token, previous, previous_kind)
        elif token.is_word("NOT") and not (previous is not None and previous.is_word("IS")):
            kind = "sign"  # NOT, but not IS NOT
        if token.kind in (STRING, NAME) and len(token.value) > bounds.max_string_chars:
            what = "string literal" if token.kind == STRING else "`quoted name`"
            _refuse("max_string_chars", f"a {what} of {len(token.value):,} characters; at most "
                    f"{bounds.max_string_chars} are allowed. Match on a short, distinctive part of it", original)
        opener = token.text if token.kind == PUNCT else token.value if token.is_word("CASE") else ""
        if opener in _OPENERS:
            weight, pending = 1 + pending, 0
            depth += weight
            _check_depth(depth, bounds, original)
            frames.append(_Frame(opener, i, weight))
        elif token.is_punct(")", "]", "}") or token.is_word("END"):
            depth -= _close(frames, token, i, closers, bounds, original)
            pending = 0
        elif kind == "sign":
            pending += 1
            _check_depth(depth + pending, bounds, original)
        else:
            if token.is_punct(",") and frames:
                frames[-1].items += 1
            elif token.is_word("AND", "OR", "XOR"):
                booleans += 1
                if booleans > bounds.max_boolean_operators:
                    _refuse("max_boolean_operators", f"more than {bounds.max_boolean_operators} AND / OR / XOR "
                            "operators; long boolean chains make planning slow. Use `x IN [...]` for a list of "
                            "alternatives", original)
            if token.kind in (WORD, NAME, NUMBER, STRING, PARAM) and not token.is_word(*_EXPRESSION_KEYWORDS):
                pending = 0
        if token.is_word("RANGE") and frames:
            range_parents[i] = frames[-1].index
        previous, previous_kind = token, kind
    return _Shape(closers, range_parents)


def _check_depth(depth: int, bounds: QueryBounds, original: str) -> None:
    if depth > bounds.max_depth:
        _refuse("max_depth", f"the query nests more than {bounds.max_depth} levels deep (brackets, CASE, NOT or "
                f"minus signs inside one another); the database's compile time doubles with every level. "
                f"{FLATTER_HELP}", original)


def _close(frames: list[_Frame], token: Token, index: int, closers: dict[int, int], bounds: QueryBounds,
           original: str) -> int:
    """Pop the frame `token` closes (and any left open inside it); returns the depth they added."""
    closing = token.value if token.kind == WORD else token.text
    if not any(_OPENERS[f.opener] == closing for f in frames):
        return 0  # unbalanced: the database reports it; nothing to pop
    released = 0
    while frames:
        frame = frames.pop()
        released += frame.weight
        if _OPENERS[frame.opener] == closing:
            closers[frame.index] = index
            if frame.items > bounds.max_items:
                _refuse("max_items", f"{frame.items:,} items in one list, map or argument list; at most "
                        f"{bounds.max_items} are allowed. Filter in the query (WHERE) instead of listing "
                        "values", original)
            break
    return released


def _minus_kind(token: Token, previous: Token | None, previous_kind: str) -> str:
    """What a '-' or '+' is, from what precedes it: a 'sign' (nests its operand one level deeper), part of a
    pattern 'arrow' (`)-->(`, `<-[`), or a binary 'operator'."""
    if previous is None or previous_kind == "sign":
        return "sign"
    if previous.kind == WORD:
        return "sign" if previous.value in _EXPRESSION_KEYWORDS else "operator"
    if previous.is_punct(")", "]", "}", "<"):
        return "arrow"
    if previous.is_punct("-", "+"):
        return "arrow" if previous_kind == "arrow" else "sign"
    return "sign" if previous.kind == PUNCT and previous.text in _OPERATOR_PUNCT else "operator"


# -- range(): literal spans and nested products ----------------------------------------------------------
def _check_ranges(tokens: list[Token], shape: _Shape, bounds: QueryBounds, original: str) -> None:
    """A literal range() may build at most max_range_elements values; ranges iterated inside an iteration over
    another range multiply, up to max_nested_iterations. Spans computed from data or parameters are unknown
    here and left to the server's limits."""
    multipliers: list[tuple[int, int]] = []  # (index of the closing token, iterations of that scope)
    for i, token in enumerate(tokens):
        while multipliers and multipliers[-1][0] < i:
            multipliers.pop()
        if not (token.is_word("RANGE") and i + 1 < len(tokens) and tokens[i + 1].is_punct("(")):
            continue
        if i > 0 and tokens[i - 1].is_punct("."):
            continue  # a property or a namespaced function called range
        close = shape.closers.get(i + 1)
        span = _range_span(tokens[i + 2:close]) if close is not None else None
        if span is None:
            continue
        if span > bounds.max_range_elements:
            _refuse("max_range_elements", f"range() would build {_count(span)} values; at most "
                    f"{bounds.max_range_elements:,} are allowed (the list is built in memory, where no timeout "
                    "reaches). Iterate over the graph's own values instead", original)
        outer = multipliers[-1][1] if multipliers else 1
        total = outer * span
        if total > bounds.max_nested_iterations:
            _refuse("max_nested_iterations", f"ranges iterated inside one another would run {_count(total)} "
                    f"steps in one expression; at most {bounds.max_nested_iterations:,} are allowed. "
                    f"{FLATTER_HELP}, or UNWIND the ranges as rows", original)
        scope = _iteration_scope(tokens, i, shape)
        if scope is not None:
            multipliers.append((scope, total))


def _iteration_scope(tokens: list[Token], index: int, shape: _Shape) -> int | None:
    """When the range at `index` is the source of `x IN range(...)` directly inside a bracket (a comprehension,
    reduce, any/all/none/single), the index of that bracket's closing token: what follows in it runs once per
    value. None for a range at the top of a clause (UNWIND range(...): rows, which the timeout does stop)."""
    if index < 2 or not tokens[index - 1].is_word("IN") or tokens[index - 2].identifier is None:
        return None
    parent = shape.range_parents.get(index)
    if parent is None or not tokens[parent].is_punct("(", "["):
        return None
    return shape.closers.get(parent)


def _range_span(args: list[Token]) -> float | None:
    """Number of values range(start, end[, step]) yields, when every argument is constant arithmetic."""
    parts = _split_arguments(args)
    if len(parts) not in (2, 3):
        return None
    values = [_constant(part) for part in parts]
    if any(v is None for v in values):
        return None
    start, end = values[0], values[1]
    step = values[2] if len(values) == 3 else 1
    if step == 0:
        return None  # the database refuses it
    span = (end - start) / step + 1
    return max(0.0, float(span))


def _split_arguments(args: list[Token]) -> list[list[Token]]:
    parts: list[list[Token]] = [[]]
    depth = 0
    for token in args:
        if token.is_punct("(", "[", "{"):
            depth += 1
        elif token.is_punct(")", "]", "}"):
            depth -= 1
        if depth == 0 and token.is_punct(","):
            parts.append([])
        else:
            parts[-1].append(token)
    return parts


_FOLDABLE_FUNCTIONS = frozenset({"TOINTEGER", "TOFLOAT", "ABS", "ROUND", "FLOOR", "CEIL"})


def _constant(tokens: list[Token]) -> float | None:
    """Fold integer/float arithmetic (+ - * / % ^, signs, parentheses, toInteger() and friends); None when
    anything else (a variable, a parameter, a property) is involved. Huge values fold to infinity."""
    parser = _ConstantParser(tokens)
    try:
        value = parser.expression()
    except _NotConstant:
        return None
    return value if parser.done() else None


class _NotConstant(Exception):
    pass


class _ConstantParser:
    def __init__(self, tokens: list[Token]):
        self.tokens, self.at = tokens, 0

    def done(self) -> bool:
        return self.at == len(self.tokens)

    def _peek(self, *symbols: str) -> bool:
        return self.at < len(self.tokens) and self.tokens[self.at].is_punct(*symbols)

    def _take(self) -> Token:
        if self.at >= len(self.tokens):
            raise _NotConstant
        self.at += 1
        return self.tokens[self.at - 1]

    def expression(self) -> float:
        value = self.term()
        while self._peek("+", "-"):
            op = self._take().text
            value = _arith(value, self.term(), op)
        return value

    def term(self) -> float:
        value = self.power()
        while self._peek("*", "/", "%"):
            op = self._take().text
            value = _arith(value, self.power(), op)
        return value

    def power(self) -> float:
        value = self.unary()
        if self._peek("^"):
            self._take()
            value = _arith(value, self.power(), "^")
        return value

    def unary(self) -> float:
        if self._peek("-", "+"):
            sign = -1.0 if self._take().text == "-" else 1.0
            return sign * self.unary()
        return self.atom()

    def atom(self) -> float:
        token = self._take()
        if token.kind == NUMBER:
            try:
                return float(int(token.text, 16)) if token.text.lower().startswith("0x") else float(token.text)
            except (ValueError, OverflowError):
                return float("inf")
        if token.is_word(*_FOLDABLE_FUNCTIONS) and self._peek("("):
            self._take()
        elif not token.is_punct("("):
            raise _NotConstant
        value = self.expression()
        if not self._peek(")"):
            raise _NotConstant
        self._take()
        return value


def _arith(a: float, b: float, op: str) -> float:
    try:
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        if op in "/%":
            if b == 0:
                raise _NotConstant
            return a / b if op == "/" else a % b
        return float(a) ** min(b, 4096.0)
    except OverflowError:
        return float("inf")


# -- reduce(): steps that double the accumulator ---------------------------------------------------------
def _check_reduce_steps(tokens: list[Token], closers: dict[int, int], bounds: QueryBounds, original: str) -> None:
    for i, token in enumerate(tokens):
        if not (token.is_word("REDUCE") and i + 3 < len(tokens) and tokens[i + 1].is_punct("(")):
            continue
        close = closers.get(i + 1)
        accumulator = tokens[i + 2].identifier
        if close is None or accumulator is None or not tokens[i + 3].is_punct("="):
            continue
        bar = _top_level_bar(tokens, i + 2, close)
        if bar is None:
            continue
        uses = _accumulator_uses(tokens[bar + 1:close], accumulator)
        if uses > bounds.max_accumulator_uses:
            _refuse("max_accumulator_uses", f"reduce() uses its accumulator '{accumulator}' {uses} times in each "
                    f"step (at most {bounds.max_accumulator_uses}), so the value can double at every step and no "
                    f"timeout stops that. Use the accumulator once per step, e.g. `{accumulator} + x`", original)


def _top_level_bar(tokens: list[Token], start: int, close: int) -> int | None:
    depth = 0
    for j in range(start, close):
        token = tokens[j]
        if token.is_punct("(", "[", "{"):
            depth += 1
        elif token.is_punct(")", "]", "}"):
            depth -= 1
        elif depth == 0 and token.is_punct("|"):
            return j
    return None


@dataclass
class _CaseUses:
    testing: bool = True   # between CASE/WHEN and THEN: a test, whose uses do not grow the value
    branch: int = 0        # uses in the branch being read
    best: int = 0          # the most uses of any branch read so far (only one branch is taken)


def _accumulator_uses(step: list[Token], accumulator: str) -> int:
    """Uses of `accumulator` in a reduce step that end up in the new value: CASE tests do not count, and of a
    CASE's branches only the one with the most uses counts."""
    total = 0
    cases: list[_CaseUses] = []
    for k, token in enumerate(step):
        if token.is_word("CASE"):
            cases.append(_CaseUses())
        elif cases and token.is_word("WHEN"):
            case = cases[-1]
            case.best, case.branch, case.testing = max(case.best, case.branch), 0, True
        elif cases and token.is_word("THEN", "ELSE"):
            case = cases[-1]
            case.best, case.branch, case.testing = max(case.best, case.branch), 0, False
        elif cases and token.is_word("END"):
            case = cases.pop()
            uses = max(case.best, case.branch)
            if not cases:
                total += uses
            elif not cases[-1].testing:
                cases[-1].branch += uses
        elif token.identifier == accumulator and _is_value_use(step, k):
            if not cases:
                total += 1
            elif not cases[-1].testing:
                cases[-1].branch += 1
    return total


def _is_value_use(step: list[Token], k: int) -> bool:
    """Not a property name (`x.s`), a map key (`{s: 1}`) or a label/variable in a pattern (`(s:Season)`)."""
    before = step[k - 1] if k > 0 else None
    after = step[k + 1] if k + 1 < len(step) else None
    return not (before is not None and before.is_punct(".")) and not (after is not None and after.is_punct(":"))


# -- helpers ---------------------------------------------------------------------------------------------
def _count(value: float) -> str:
    return "an unbounded number of" if value == float("inf") else f"{value:,.0f}"


def _refuse(bound: str, reason: str, original: str) -> None:
    raise QueryTooComplexError(f"Refused: {reason}.", bound=bound, query=original)
