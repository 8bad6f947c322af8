"""Refuse generated Cypher that is not one read-only statement, with a reason a person (or a repair
prompt) can act on.

Defence in depth: the stores already run generated Cypher read-only (FalkorDB GRAPH.RO_QUERY, a Neo4j
READ transaction), but a refusal here is clearer than a server error, and it also stops what a
read-only server still allows: FalkorDB runs `LOAD CSV FROM 'file:///…'` under RO_QUERY, and `EXPLAIN`
executes the query on FalkorDB.

The check works on tokens, so keywords inside string literals (`WHERE p.name = 'Create'`) and backtick
names pass, while comments cannot hide or split a keyword. The caller must run the text this returns:
it is exactly the text that was checked (unicode-normalised, comments removed, one statement).

A read can still be too costly for any timeout to stop (deep nesting, a huge range(), a long literal):
`cypher.bounds` refuses those too — the length first, before anything else reads the text.
"""

from __future__ import annotations

import json
import re
import unicodedata

from survivorgraph.cypher.bounds import DEFAULT_BOUNDS, check_bounds, check_length
from survivorgraph.cypher.tokens import (
    NAME,
    STRING,
    WORD,
    CypherTokenError,
    Token,
    dotted_name,
    matching_close,
    splice,
    tokenize,
)
from survivorgraph.errors import UnsafeQueryError

READ_ONLY_HELP = "Only one read query may run: MATCH / OPTIONAL MATCH / WITH / UNWIND / CALL … RETURN."

# Clauses and commands that change data, schema, users or files. None of them can appear in a read.
WRITE_KEYWORDS = {
    "CREATE": "CREATE writes to the graph", "MERGE": "MERGE writes to the graph",
    "SET": "SET changes properties or labels", "DELETE": "DELETE removes data", "DETACH": "DETACH DELETE removes data",
    "REMOVE": "REMOVE deletes properties or labels", "DROP": "DROP removes an index, constraint or database",
    "FOREACH": "FOREACH exists only to run updates", "INSERT": "INSERT writes to the graph",
    "LOAD": "LOAD CSV reads files or URLs from the server",
    "PERIODIC": "USING PERIODIC COMMIT is for batched writes",
    "TRANSACTIONS": "CALL { … } IN TRANSACTIONS is for batched writes",
    "GRANT": "GRANT is an administration command", "REVOKE": "REVOKE is an administration command",
    "DENY": "DENY is an administration command", "ALTER": "ALTER is an administration command",
    "RENAME": "RENAME is an administration command", "TERMINATE": "TERMINATE is an administration command",
    "EXPLAIN": "EXPLAIN executes the query on FalkorDB; validation uses the store's own explain",
    "PROFILE": "PROFILE executes the query",
}
STATEMENT_STARTS = {"MATCH", "OPTIONAL", "WITH", "UNWIND", "RETURN", "CALL"}

# Procedures that only read. Anything else (db.idx.fulltext.createNodeIndex, apoc.*, dbms.*, gds.*) is refused.
READ_PROCEDURE_NAMES = (
    "db.labels", "db.relationshipTypes", "db.propertyKeys", "db.indexes", "db.constraints",
    "db.idx.fulltext.queryNodes", "db.idx.fulltext.queryRelationships", "db.idx.vector.queryNodes",
    "db.index.fulltext.queryNodes", "db.index.fulltext.queryRelationships", "db.index.vector.queryNodes",
    "db.schema.visualization", "db.schema.nodeTypeProperties", "db.schema.relTypeProperties")
READ_PROCEDURES = frozenset(name.lower() for name in READ_PROCEDURE_NAMES)
# Namespaced functions that are pure computations. apoc.* and friends can run Cypher held in a string
# (past this check) or read files and URLs, so only these namespaces may be called.
PURE_FUNCTION_NAMESPACES = frozenset({
    "date", "datetime", "localdatetime", "localtime", "time", "duration", "point", "vector", "string", "list",
    "math"})

_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[ \t]*\n(.*?)(?:```|\Z)", re.DOTALL)
_CYPHER_KEYWORDS = (
    r"^\s*(MATCH|OPTIONAL\s+MATCH|WITH|UNWIND|RETURN|CALL|CREATE|MERGE|DETACH|DELETE|SET|REMOVE|DROP|LOAD|"
    r"USING|FOREACH|EXPLAIN|PROFILE|WHERE|ORDER|LIMIT|SKIP|UNION|SHOW|GRANT|REVOKE|DENY|ALTER|USE)\b")
_CYPHER_LINE = re.compile(_CYPHER_KEYWORDS, re.IGNORECASE)
_CYPHER_LINE_UPPER = re.compile(_CYPHER_KEYWORDS)
_PREFIXED_QUERY = re.compile(r"[:>]\s*(MATCH|OPTIONAL\s+MATCH|WITH|UNWIND|RETURN|CALL)\b", re.IGNORECASE)


def extract_cypher(text: str) -> str:
    """The Cypher inside an LLM reply: a fenced block, a JSON {"cypher": …}, or the text from the first
    line that starts with a clause, up to trailing prose after a blank line. A reply far longer than any query
    is returned as it is, unread (the length check refuses it): reading it line by line would cost seconds."""
    if len(text) > 4 * DEFAULT_BOUNDS.max_chars:
        return text
    text = text.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        if isinstance(data, dict):
            for key in ("cypher", "query", "statement"):
                if isinstance(data.get(key), str):
                    return data[key].strip()
    fences = _FENCE.findall(text)
    if fences:
        preferred = [body for lang, body in fences if lang.lower() in ("cypher", "sql", "opencypher", "")]
        return (preferred or [fences[0][1]])[0].strip()
    if len(text) > 2 and text[0] == "`" and text[-1] == "`" and _CYPHER_LINE.match(text.strip("`")):
        text = text.strip("`").strip()
    lines = text.splitlines()
    start = _first_query_line(lines)
    if start is None:
        return text
    kept: list[str] = []
    for i in range(start, len(lines)):
        line = lines[i]
        if not line.strip():
            following = next((rest for rest in lines[i + 1:] if rest.strip()), "")
            if following and not _CYPHER_LINE.match(following):
                break  # prose after the query ("This query finds …")
        kept.append(line)
    return "\n".join(kept).strip()


def _first_query_line(lines: list[str]) -> int | None:
    """Index of the line where the query starts; a prose prefix on that line ("Query: MATCH …") is cut."""
    for pattern in (_CYPHER_LINE_UPPER, _CYPHER_LINE):  # upper-case keywords first: "With pleasure:" is prose
        for i, line in enumerate(lines):
            if pattern.match(line):
                return i
    for i, line in enumerate(lines):
        m = _PREFIXED_QUERY.search(line)
        if m:
            lines[i] = line[m.start(1):]
            return i
    return None


def check_read_only(cypher: str) -> str:
    """Return the cleaned single read statement, or raise UnsafeQueryError saying why it was refused."""
    original = cypher
    check_length(cypher, original=original[:200])  # first: every step below reads the whole text
    text = extract_cypher(cypher).lstrip("\ufeff")
    if not text.strip():
        raise _refuse("The query is empty.", original)
    _refuse_invisible_characters(text, original)
    text = unicodedata.normalize("NFKC", text)
    try:
        with_comments = tokenize(text, keep_comments=True)
    except CypherTokenError as exc:
        raise _refuse(f"The query cannot be read safely: {exc}.", original) from exc
    comments = [t for t in with_comments if t.kind == "comment"]
    _refuse_comment_split_keywords(text, comments, original)
    # Comments go before anything else is looked at; they become a space, as the database reads them.
    text = splice(text, [(t.start, t.end, " ") for t in comments]).strip()
    tokens = tokenize(text)
    _refuse_non_ascii_outside_literals(text, tokens, original)
    tokens, text = _single_statement(tokens, text, original)
    if not tokens:
        raise _refuse("The query is empty once comments are removed.", original)
    first = tokens[0]
    if not first.is_word(*STATEMENT_STARTS):
        keyword = first.value if first.kind == WORD else first.text
        reason = WRITE_KEYWORDS.get(keyword, f"'{first.text}' does not start a read query")
        raise _refuse(f"Refused: {reason}. {READ_ONLY_HELP}", original)
    _check_calls(tokens, text, original)  # first: it names the procedure ("db.idx.fulltext.drop")
    for token in tokens:
        if token.kind == WORD and token.value in WRITE_KEYWORDS:
            raise _refuse(f"Refused: {WRITE_KEYWORDS[token.value]} ('{token.text}' at {_where(text, token)}). "
                          f"{READ_ONLY_HELP}", original)
    check_bounds(text, tokens=tokens, original=original)
    return text


def is_read_only(cypher: str) -> bool:
    try:
        check_read_only(cypher)
    except UnsafeQueryError:
        return False
    return True


def _refuse(message: str, query: str) -> UnsafeQueryError:
    return UnsafeQueryError(message, db_message=message, query=query)


def _where(text: str, token: Token) -> str:
    line = text.count("\n", 0, token.start) + 1
    column = token.start - (text.rfind("\n", 0, token.start) + 1) + 1
    return f"line {line}, column {column}"


def _refuse_invisible_characters(text: str, original: str) -> None:
    for offset, ch in enumerate(text):
        category = unicodedata.category(ch)
        if category == "Cf" or (category == "Cc" and ch not in "\t\n\r"):
            name = unicodedata.name(ch, f"U+{ord(ch):04X}")
            raise _refuse(f"Refused: the query contains an invisible control character ({name}, U+{ord(ch):04X}) "
                          f"at offset {offset}; such characters can disguise what a query does.", original)


def _refuse_comment_split_keywords(text: str, comments: list[Token], original: str) -> None:
    """`CRE/**/ATE`: harmless where a comment separates tokens (FalkorDB, Neo4j), but a parser that drops
    comments would read CREATE. Refused, so running the original text instead of ours is safe too."""
    if not comments:
        return
    try:
        joined = tokenize(splice(text, [(t.start, t.end, "") for t in comments]))
    except CypherTokenError:
        return  # gluing can merge quotes oddly; the real check below reads the spaced text
    hidden = [t.value for t in joined if t.kind == WORD and t.value in WRITE_KEYWORDS]
    if hidden:
        raise _refuse(f"Refused: removing the comments would form the keyword {hidden[0]} "
                      f"({WRITE_KEYWORDS[hidden[0]]}); comments may not split keywords.", original)


def _refuse_non_ascii_outside_literals(text: str, tokens: list[Token], original: str) -> None:
    """Letters that look like ASCII (Cyrillic 'С', Greek 'Ε') are refused outside strings and `names`."""
    literal = [(t.start, t.end) for t in tokens if t.kind in (STRING, NAME)]
    inside, k = False, 0
    for offset, ch in enumerate(text):
        while k < len(literal) and literal[k][1] <= offset:
            k += 1
        inside = k < len(literal) and literal[k][0] <= offset < literal[k][1]
        if ord(ch) > 127 and not inside:
            name = unicodedata.name(ch, f"U+{ord(ch):04X}")
            raise _refuse(f"Refused: non-ASCII character '{ch}' ({name}) outside a string literal at offset {offset}; "
                          "keywords and names must be plain ASCII (lookalike letters are a known trick).", original)


def _single_statement(tokens: list[Token], text: str, original: str) -> tuple[list[Token], str]:
    semicolons = [i for i, t in enumerate(tokens) if t.is_punct(";")]
    if not semicolons:
        return tokens, text
    if semicolons == [len(tokens) - 1]:
        last = tokens[-1]
        return tokens[:-1], text[:last.start].rstrip()
    raise _refuse("Refused: more than one statement (a ';' separates them). Send exactly one query.", original)


def _check_calls(tokens: list[Token], text: str, original: str) -> None:
    for i, token in enumerate(tokens):
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if token.is_word("CALL") and nxt is not None:
            if nxt.is_punct("{"):
                continue  # a subquery: its clauses are checked like the rest of the query
            if nxt.is_punct("("):  # CALL (x, y) { … }: a subquery with an importing scope
                close = matching_close(tokens, i + 1)
                if close > 0 and close + 1 < len(tokens) and tokens[close + 1].is_punct("{"):
                    continue
            name, _ = dotted_name(tokens, i + 1)
            if name.lower() not in READ_PROCEDURES:
                raise _refuse(f"Refused: procedure '{name or nxt.text}' is not on the list of read-only procedures "
                              f"({_where(text, token)}); allowed: {', '.join(READ_PROCEDURE_NAMES)}.", original)
        elif token.identifier is not None and nxt is not None and nxt.is_punct(".") and \
                (i == 0 or not tokens[i - 1].is_punct(".")) and not (i > 0 and tokens[i - 1].is_word("CALL")):
            name, after = dotted_name(tokens, i)
            if after < len(tokens) and tokens[after].is_punct("(") and "." in name:
                namespace = name.split(".")[0].lower()
                if namespace not in PURE_FUNCTION_NAMESPACES:
                    raise _refuse(f"Refused: function '{name}' is not a built-in pure function "
                                  f"({_where(text, token)}); only {', '.join(sorted(PURE_FUNCTION_NAMESPACES))}.* "
                                  "namespaces may be called.", original)
