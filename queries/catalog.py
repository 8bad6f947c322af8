"""The catalog of predefined, tested Cypher queries the agent routes to.

Queries are data: `catalog.yaml` declares each one (name, title, description, params, columns) and
`<name>.cypher` holds its text. Loading checks that the two agree — every `$name` in a file is a declared
param and every declared param is used (as datasette does for canned queries) — and that the text stays in
the Cypher both backends accept and only reads. Arguments are checked by `CatalogQuery.bind` before a query
runs: unknown, missing or ill-typed ones are refused with a message naming the query and the param.

    from queries.catalog import load_catalog
    catalog = load_catalog()
    result = catalog.get("season_winner").run(store, {"season": 45})
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from survivorgraph.agent.templates import COUNT_FIELDS, LIST_FIELDS, TemplateError, template_fields
from survivorgraph.errors import (
    CatalogError,
    QueryParameterError,
    UnknownQueryError,
)

QUERIES_DIR = Path(__file__).resolve().parent
CATALOG_FILE = "catalog.yaml"


# -- parameter types ------------------------------------------------------------------------------------
_INT_TYPES = {"int": None, "season": 1, "episode": 1}  # type -> implied minimum
_PATTERNS = {"castaway_id": re.compile(r"[A-Z]{2}[0-9]{4}"), "version": re.compile(r"[A-Z]{2}")}
TYPE_HELP = {
    "int": "integer", "season": "season number", "episode": "episode number", "string": "text",
    "castaway_id": "castaway_id like US0055", "version": "version code like US", "bool": "true/false",
    "list": "list",
}
_SHORT = {"int": "int", "season": "int", "episode": "int", "string": "str", "castaway_id": "id", "version": "code",
          "bool": "bool", "list": "list"}
_PARAM_KEYS = {"type", "required", "default", "description", "choices", "minimum", "maximum", "items",
               "min_length", "max_length"}
_QUERY_KEYS = {"name", "title", "description", "params", "columns", "rows", "answer"}
_ANSWER_KEYS = {"one", "each", "many", "count"}
_ROW_KEYS = {"name", "counts", "count_rows", "count_column", "totals"}
_COUNTED_KINDS = {"people", "seasons", "things"}
_NAME = re.compile(r"[a-z][a-z0-9_]*")
MAX_STRING = 200
MAX_LIST = 100
MAX_INLINE_CHOICES = 4  # longer choice lists are printed once under the query list
_LEGEND = ("* = required; =value is the default (null: no filter); id = a castaway_id like US0055; "
           "season-scoped queries also take version (default US).")


class _Invalid(ValueError):
    """A value does not fit a param; the message completes 'expected ...'."""


@dataclass(frozen=True)
class Param:
    name: str
    type: str
    required: bool = False
    default: Any = None
    description: str = ""
    choices: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    items: str | None = None  # item type of a list
    min_length: int = 1
    max_length: int = MAX_STRING

    def coerce(self, value: Any) -> Any:
        """The value as the query needs it; raise _Invalid. Lenient where the intent is plain ("45" -> 45)."""
        if self.type == "list":
            values = list(value) if isinstance(value, (list, tuple)) else [value]
            if not values or len(values) > MAX_LIST:
                raise _Invalid(f"a list of 1 to {MAX_LIST} {TYPE_HELP[self.items]}s")
            item = Param(self.name, self.items, choices=self.choices, minimum=self.minimum, maximum=self.maximum)
            return [item.coerce(v) for v in values]
        return _coerce_scalar(self, value)

    def json_schema(self) -> dict[str, Any]:
        schema = _scalar_schema(self) if self.type != "list" else {
            "type": "array", "minItems": 1, "maxItems": MAX_LIST,
            "items": _scalar_schema(Param(self.name, self.items, choices=self.choices, minimum=self.minimum,
                                          maximum=self.maximum))}
        if not self.required and self.default is None:
            schema["type"] = [schema["type"], "null"]
            if "enum" in schema:
                schema["enum"] = [*schema["enum"], None]
        if self.description:
            schema["description"] = self.description
        if not self.required:
            schema["default"] = self.default
        return schema

    def signature(self) -> str:
        """Compact form for prompts: `season*:int`, `limit=10`, `phase:original|swapped=null`."""
        kind = _SHORT[self.type]
        if self.choices:
            kind = "|".join(self.choices) if len(self.choices) <= MAX_INLINE_CHOICES else f"<{self.name}>"
        if self.type == "list":
            kind = f"[{_SHORT[self.items]}]"
        if self.required:
            return f"{self.name}*:{kind}"
        default = "null" if self.default is None else _literal(self.default)
        if self.default is not None and not self.choices:
            return f"{self.name}={default}"
        return f"{self.name}:{kind}={default}"


def _coerce_scalar(param: Param, value: Any) -> Any:
    kind = param.type
    if kind in _INT_TYPES:
        number = _as_int(value)
        if number is None:
            raise _Invalid(f"{_a(TYPE_HELP[kind])} (an integer)")
        low = param.minimum if param.minimum is not None else _INT_TYPES[kind]
        if (low is not None and number < low) or (param.maximum is not None and number > param.maximum):
            if low is not None and param.maximum is not None:
                bounds = f"from {low} to {param.maximum}"
            else:
                bounds = f"of at least {low}" if low is not None else f"of at most {param.maximum}"
            raise _Invalid(f"{_a(TYPE_HELP[kind])} {bounds}")
        return number
    if kind == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in ("true", "false"):
            return value.strip().lower() == "true"
        raise _Invalid("true or false")
    if not isinstance(value, str):
        raise _Invalid(f"{_a(TYPE_HELP[kind])} (a string)")
    text = " ".join(value.split())
    if kind in _PATTERNS:
        text = text.upper()
        if not _PATTERNS[kind].fullmatch(text):
            raise _Invalid(_a(TYPE_HELP[kind]))
        return text
    if param.choices:
        for choice in param.choices:
            if text.lower() == choice.lower():
                return choice
        raise _Invalid(f"one of {', '.join(param.choices)}")
    if not param.min_length <= len(text) <= param.max_length:
        raise _Invalid(f"text of {param.min_length} to {param.max_length} characters")
    return text


def _a(noun: str) -> str:
    return f"{'an' if noun[0] in 'aeiou' else 'a'} {noun}"


def _as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        return int(value)
    return None


def _scalar_schema(param: Param) -> dict[str, Any]:
    if param.type in _INT_TYPES:
        schema: dict[str, Any] = {"type": "integer"}
        low = param.minimum if param.minimum is not None else _INT_TYPES[param.type]
        if low is not None:
            schema["minimum"] = low
        if param.maximum is not None:
            schema["maximum"] = param.maximum
        return schema
    if param.type == "bool":
        return {"type": "boolean"}
    if param.type in _PATTERNS:
        return {"type": "string", "pattern": f"^{_PATTERNS[param.type].pattern}$"}
    if param.choices:
        return {"type": "string", "enum": list(param.choices)}
    return {"type": "string", "minLength": param.min_length, "maxLength": param.max_length}


def _literal(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


# -- what a query's rows mean ------------------------------------------------------------------------------
@dataclass(frozen=True)
class RowFacts:
    """What a query's rows mean, for answers shaped from them (the `rows` block of its catalog entry)."""

    name: str | None = None            # the column naming each row's item
    counts: Mapping[str, str] = field(default_factory=dict)  # people/seasons/things -> the column to count ("*": rows)
    count_rows: bool = False           # one row per event: "how many" counts the rows
    count_column: str | None = None    # a column holding the count in every row
    totals: Mapping[str, str] = field(default_factory=dict)  # counted column -> the query's own total column


NO_ROW_FACTS = RowFacts()


@dataclass(frozen=True)
class AnswerForms:
    """How a query's rows read as a sentence (the `answer` block of its catalog entry; agent.templates)."""

    one: str | None = None             # a single row
    each: str | None = None            # one row of several
    many: str | None = None            # the list's lead: {items} (the joined `each`), {n}, a column all rows share
    count: Mapping[str, str] = field(default_factory=dict)  # what a Count counted ("rows" or a column) -> template


# -- one query ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CatalogQuery:
    name: str
    title: str
    description: str
    cypher: str
    params: tuple[Param, ...]
    columns: tuple[str, ...]
    path: Path
    rows: RowFacts = NO_ROW_FACTS
    answer: AnswerForms | None = None

    def param(self, name: str) -> Param:
        for param in self.params:
            if param.name == name:
                return param
        raise KeyError(name)

    def bind(self, params: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Checked arguments with defaults filled: every declared param present, nothing else."""
        given = {} if params is None else params
        if not isinstance(given, Mapping):
            raise self._error(f"takes its arguments as a mapping of names to values, not {type(given).__name__}")
        declared = {p.name: p for p in self.params}
        unknown = sorted(set(given) - set(declared))
        if unknown:
            accepted = ", ".join(declared) or "no parameters"
            raise self._error(f"has no parameter {', '.join(map(repr, unknown))}; it accepts {accepted}",
                              param=unknown[0])
        bound: dict[str, Any] = {}
        for name, param in declared.items():
            value = given.get(name)
            if value is None:
                if param.required:
                    raise self._error(f"needs {param.name!r} ({param.description or TYPE_HELP[param.type]})",
                                      param=name)
                bound[name] = param.default
                continue
            try:
                bound[name] = param.coerce(value)
            except _Invalid as exc:
                raise self._error(f"parameter {name!r} got {value!r}: expected {exc}", param=name) from None
        return bound

    def run(self, store, params: Mapping[str, Any] | None = None, *, timeout_ms: int | None = None,
            row_cap: int | None = None):
        """Bind the arguments and run the query read-only on a GraphStore; returns its QueryResult."""
        return store.query(self.cypher, self.bind(params), timeout_ms=timeout_ms, row_cap=row_cap)

    def signature(self, hide: tuple[str, ...] = ()) -> str:
        return f"{self.name}({', '.join(p.signature() for p in self.params if p.name not in hide)})"

    def json_schema(self) -> dict[str, Any]:
        """JSON schema of the arguments (for a tool call or a schema-constrained routing choice)."""
        return {"type": "object", "properties": {p.name: p.json_schema() for p in self.params},
                "required": [p.name for p in self.params if p.required], "additionalProperties": False}

    def tool_spec(self) -> dict[str, Any]:
        """The query as an OpenAI-style function tool."""
        return {"type": "function", "function": {"name": self.name, "description": f"{self.title}. {self.description}",
                                                 "parameters": self.json_schema()}}

    def _error(self, message: str, *, param: str = "") -> QueryParameterError:
        return QueryParameterError(f"Catalog query {self.name!r} {message}.", query_name=self.name, param=param,
                                   query=self.cypher)


# -- the catalog ----------------------------------------------------------------------------------------
class Catalog:
    def __init__(self, queries: list[CatalogQuery]):
        self._queries = {q.name: q for q in queries}

    @classmethod
    def load(cls, folder: Path | str = QUERIES_DIR) -> Catalog:
        return cls(_load(Path(folder)))

    def get(self, name: str) -> CatalogQuery:
        try:
            return self._queries[name]
        except KeyError:
            raise UnknownQueryError(f"There is no catalog query {name!r}; known: {', '.join(self._queries)}.",
                                    query_name=str(name)) from None

    def all(self) -> list[CatalogQuery]:
        return list(self._queries.values())

    def names(self) -> list[str]:
        return list(self._queries)

    def __contains__(self, name: object) -> bool:
        return name in self._queries

    def __iter__(self) -> Iterator[CatalogQuery]:
        return iter(self._queries.values())

    def __len__(self) -> int:
        return len(self._queries)

    def run(self, name: str, store, params: Mapping[str, Any] | None = None, **options):
        return self.get(name).run(store, params, **options)

    def describe_for_llm(self, names: list[str] | None = None, *, brief: bool = False) -> str:
        """Compact text for a router prompt: one entry per query (signature, then what it answers).

        `*` marks a required param, `=value` a default (null: no filter). The `version` param every
        season-scoped query takes is left out of the text (it defaults to US) to save tokens; it stays in
        the JSON schemas. `brief` keeps only signature and title, for small context windows."""
        queries = [self.get(n) for n in names] if names is not None else self.all()
        lines = [f"Predefined graph queries: name(params) - what it answers. {_LEGEND}"]
        long_choices: dict[str, tuple[str, ...]] = {}
        for query in queries:
            head = f"- {query.signature(hide=('version',))} - {query.title}"
            lines.append(head if brief else f"{head}. {query.description} Columns: {', '.join(query.columns)}.")
            long_choices.update({p.name: p.choices for p in query.params
                                 if p.choices and len(p.choices) > MAX_INLINE_CHOICES})
        lines += [f"<{name}> is one of: {', '.join(values)}" for name, values in long_choices.items()]
        return "\n".join(lines)

    def tool_specs(self, names: list[str] | None = None) -> list[dict[str, Any]]:
        return [self.get(n).tool_spec() for n in (names if names is not None else self.names())]

    def routing_schema(self, names: list[str] | None = None) -> dict[str, Any]:
        """JSON schema of a routing choice {"query": name, "params": {...}} (for `response_format`)."""
        choices = [{"type": "object",
                    "properties": {"query": {"type": "string", "const": q.name}, "params": q.json_schema()},
                    "required": ["query", "params"], "additionalProperties": False}
                   for q in ((self.get(n) for n in names) if names is not None else self)]
        return {"anyOf": choices}


@lru_cache(maxsize=1)
def load_catalog() -> Catalog:
    """The project's catalog, loaded and checked once per process."""
    return Catalog.load(QUERIES_DIR)


# -- loading and checks ---------------------------------------------------------------------------------
def _load(folder: Path) -> list[CatalogQuery]:
    path = folder / CATALOG_FILE
    try:
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise CatalogError(f"Cannot read the query catalog {path}: {exc}") from exc
    if not isinstance(document, dict) or not isinstance(document.get("queries"), list):
        raise CatalogError(f"{path} must be a mapping with a 'queries' list.")
    extra = set(document) - {"queries", "common"}
    if extra:
        raise CatalogError(f"{path}: unknown top-level keys {sorted(extra)} (allowed: queries, common).")
    queries: list[CatalogQuery] = []
    for index, entry in enumerate(document["queries"]):
        query = _query(folder, path, index, entry)
        if any(q.name == query.name for q in queries):
            raise CatalogError(f"{path}: query {query.name!r} is declared twice.")
        queries.append(query)
    orphans = sorted(p.name for p in folder.glob("*.cypher") if p.stem not in {q.name for q in queries})
    if orphans:
        raise CatalogError(f"{folder}: {', '.join(orphans)} not declared in {CATALOG_FILE}; declare or delete them.")
    return queries


def _query(folder: Path, path: Path, index: int, entry: Any) -> CatalogQuery:
    where = f"{path} (query #{index + 1})"
    if not isinstance(entry, dict):
        raise CatalogError(f"{where}: each query is a mapping.")
    name = entry.get("name")
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise CatalogError(f"{where}: 'name' must be a snake_case identifier, got {name!r}.")
    where = f"{path} query {name!r}"
    unknown = set(entry) - _QUERY_KEYS
    missing = {"title", "description", "columns"} - set(entry)
    if unknown or missing:
        raise CatalogError(f"{where}: unknown keys {sorted(unknown)}, missing keys {sorted(missing)}.")
    columns = entry["columns"]
    if not (isinstance(columns, list) and columns and all(isinstance(c, str) for c in columns)
            and len(set(columns)) == len(columns)):
        raise CatalogError(f"{where}: 'columns' must be a non-empty list of distinct names.")
    raw_params = entry.get("params") or {}
    if not isinstance(raw_params, dict):
        raise CatalogError(f"{where}: 'params' must be a mapping of name to declaration.")
    params = tuple(_param(where, pname, spec) for pname, spec in raw_params.items())
    cypher_path = folder / f"{name}.cypher"
    if not cypher_path.is_file():
        raise CatalogError(f"{where}: its Cypher file {cypher_path} does not exist.")
    cypher = _strip_header(cypher_path.read_text(encoding="utf-8"))
    used = parameter_names(cypher)
    declared = {p.name for p in params}
    if used != declared:
        raise CatalogError(f"{cypher_path.name}: its $parameters do not match the declaration in {CATALOG_FILE}: "
                           f"used but not declared {sorted(used - declared)}, declared but not used "
                           f"{sorted(declared - used)}.")
    problems = dialect_problems(cypher)
    if problems:
        raise CatalogError(f"{cypher_path.name}: {'; '.join(problems)}.")
    return CatalogQuery(name, str(entry["title"]).strip(), " ".join(str(entry["description"]).split()), cypher,
                        params, tuple(columns), cypher_path, _row_facts(where, entry.get("rows"), columns),
                        _answer_forms(where, entry.get("answer"), columns))


def _answer_forms(where: str, spec: Any, columns: list[str]) -> AnswerForms | None:
    """The `answer` block, every field of every template checked against the query's columns."""
    if spec is None:
        return None
    if not isinstance(spec, dict) or not spec or set(spec) - _ANSWER_KEYS:
        raise CatalogError(f"{where}: 'answer' is a mapping with keys among {sorted(_ANSWER_KEYS)}.")
    counts = spec.get("count") or {}
    if not isinstance(counts, dict) or any(k != "rows" and k not in columns for k in counts):
        raise CatalogError(f"{where}: answer 'count' maps what a count counted ('rows' or a column of the query: "
                           f"{', '.join(columns)}) to a template.")
    if spec.get("many") is not None and spec.get("each") is None:
        raise CatalogError(f"{where}: answer 'many' leads a list of 'each' items; it needs 'each'.")
    forms = [(form, spec.get(form), columns) for form in ("one", "each")]
    forms.append(("many", spec.get("many"), [*columns, *LIST_FIELDS]))
    forms += [(f"count {counted}", template, list(COUNT_FIELDS)) for counted, template in counts.items()]
    for form, template, allowed in forms:
        if template is None:
            continue
        try:
            names = template_fields(template)
        except TemplateError as exc:
            raise CatalogError(f"{where}: answer {form!r} template {template!r}: {exc}.") from None
        unknown = [n for n in names if n not in allowed]
        if unknown:
            raise CatalogError(f"{where}: answer {form!r} template names {', '.join(map(repr, unknown))}, not "
                               f"{'a column of the query' if form in ('one', 'each') else 'a field it can use'} "
                               f"({', '.join(allowed)}).")
    return AnswerForms(spec.get("one"), spec.get("each"), spec.get("many"), dict(counts))


def _row_facts(where: str, spec: Any, columns: list[str]) -> RowFacts:
    """The `rows` block, every column it names checked against the query's columns."""
    if spec is None:
        return NO_ROW_FACTS
    if not isinstance(spec, dict) or set(spec) - _ROW_KEYS:
        raise CatalogError(f"{where}: 'rows' is a mapping with keys among {sorted(_ROW_KEYS)}.")
    counts, totals = spec.get("counts") or {}, spec.get("totals") or {}
    if not isinstance(counts, dict) or set(counts) - _COUNTED_KINDS or not isinstance(totals, dict):
        raise CatalogError(f"{where}: rows 'counts' maps {sorted(_COUNTED_KINDS)} to columns, 'totals' a column "
                           "to its total column.")
    if not isinstance(spec.get("count_rows", False), bool):
        raise CatalogError(f"{where}: rows 'count_rows' is true or false.")
    named = [spec.get("name"), spec.get("count_column"), *counts.values(), *totals, *totals.values()]
    unknown = [c for c in named if c is not None and c != "*" and c not in columns]
    if unknown or "*" in (spec.get("name"), spec.get("count_column"), *totals, *totals.values()):
        raise CatalogError(f"{where}: rows names {unknown or ['*']}, not columns of the query ({', '.join(columns)}).")
    return RowFacts(spec.get("name"), dict(counts), spec.get("count_rows", False), spec.get("count_column"),
                    dict(totals))


def _param(where: str, name: Any, spec: Any) -> Param:
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise CatalogError(f"{where}: parameter name {name!r} is not a snake_case identifier.")
    if not isinstance(spec, dict):
        raise CatalogError(f"{where}: parameter {name!r} must be a mapping (type, required or default ...).")
    unknown = set(spec) - _PARAM_KEYS
    kind, items = spec.get("type"), spec.get("items")
    if unknown:
        raise CatalogError(f"{where}: parameter {name!r} has unknown keys {sorted(unknown)}.")
    if kind not in TYPE_HELP or (kind == "list") != (items is not None) or items in ("list", "bool"):
        raise CatalogError(f"{where}: parameter {name!r} has type {kind!r} (items {items!r}); types are "
                           f"{', '.join(TYPE_HELP)}, and a list (only) names its scalar 'items' type.")
    if kind == "list" and items not in TYPE_HELP:
        raise CatalogError(f"{where}: parameter {name!r} has unknown item type {items!r}.")
    required = spec.get("required", False)
    if required is not True and required is not False:
        raise CatalogError(f"{where}: parameter {name!r}: 'required' is true or false.")
    if required == ("default" in spec):
        raise CatalogError(f"{where}: parameter {name!r} must be either required or have a default "
                           "(null for 'no filter').")
    choices = spec.get("choices")
    param = Param(name, kind, required, spec.get("default"), " ".join(str(spec.get("description", "")).split()),
                  tuple(choices) if choices else None, spec.get("minimum"), spec.get("maximum"), items,
                  spec.get("min_length", 1), spec.get("max_length", MAX_STRING))
    if param.default is not None:
        try:
            coerced = param.coerce(param.default)
        except _Invalid as exc:
            raise CatalogError(f"{where}: parameter {name!r} default {param.default!r} is not {exc}.") from None
        param = replace(param, default=coerced)
    return param


def _strip_header(text: str) -> str:
    """Drop the leading `//` comment lines (the file's title); keep the statement as written."""
    lines = text.strip().splitlines()
    while lines and lines[0].lstrip().startswith("//"):
        lines.pop(0)
    return "\n".join(lines).strip()


_STRING_OR_COMMENT = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|`[^`]*`|//[^\n]*|/\*.*?\*/", re.DOTALL)


def code_only(cypher: str) -> str:
    """The Cypher with string literals, quoted names and comments blanked (for lexical checks)."""
    return _STRING_OR_COMMENT.sub(lambda m: " " * len(m.group(0)), cypher)


def parameter_names(cypher: str) -> set[str]:
    return set(re.findall(r"\$([A-Za-z_][A-Za-z0-9_]*)", code_only(cypher)))


# Constructs that break the FalkorDB / Neo4j 5 intersection or would make a catalog query write.
_DIALECT_RULES = (
    (re.compile(r"=~"), "regex match =~ (FalkorDB has none: use STARTS WITH / CONTAINS / toLower)"),
    (re.compile(r"\b(?:COUNT|EXISTS|COLLECT|CALL)\s*\{", re.IGNORECASE),
     "a subquery block (FalkorDB has none: use size([(a)-->(b) | 1]) or a pattern predicate)"),
    (re.compile(r"\belementId\s*\(", re.IGNORECASE), "elementId() (FalkorDB has none)"),
    (re.compile(r"\bexists\s*\(", re.IGNORECASE),
     "exists() (Neo4j 5 dropped it for properties: use IS NOT NULL or a pattern)"),
    (re.compile(r"\bduration\.between\b", re.IGNORECASE), "duration.between (FalkorDB has none)"),
    (re.compile(r"\bapoc\.", re.IGNORECASE), "an APOC call (neither backend is assumed to have APOC)"),
    (re.compile(r"\(\s*[A-Za-z_]\w*\s*:\s*\w+\s*[|&]|\(\s*:\s*\w+\s*[|&]"),
     "a label expression (n:A|B) (FalkorDB has none: match each label)"),
    (re.compile(r"\b(?:shortestPath|allShortestPaths)\b", re.IGNORECASE),
     "shortestPath (its rules differ per backend)"),
    (re.compile(r"\b(?:CREATE|MERGE|SET|DELETE|DETACH|REMOVE|FOREACH|LOAD\s+CSV)\b", re.IGNORECASE),
     "a write clause (catalog queries only read)"),
    (re.compile(r";\s*\S"), "several statements"),
)


_CLAUSE = re.compile(r"\b(?:OPTIONAL\s+MATCH|MATCH|WHERE|WITH|RETURN|ORDER\s+BY|UNWIND|SKIP|LIMIT|UNION)\b",
                     re.IGNORECASE)


def dialect_problems(cypher: str) -> list[str]:
    """What in this text would not run unchanged on both backends (or would write); [] when fine."""
    code = code_only(cypher)
    problems = [message for pattern, message in _DIALECT_RULES if pattern.search(code)]
    starts = [m.start() for m in _CLAUSE.finditer(code)] + [len(code)]
    for start, end in itertools.pairwise(starts):
        clause = code[start:end]
        if re.match(r"(?:WITH|RETURN)\b", clause, re.IGNORECASE) and len(re.findall(r"\[\s*\(", clause)) > 1:
            problems.append("two pattern comprehensions in one WITH/RETURN (FalkorDB evaluates the later one as "
                            "empty, FalkorDB issue #2002): compute each in its own WITH")
            break
    return problems
