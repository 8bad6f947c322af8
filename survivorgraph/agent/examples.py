"""Labelled example questions for the catalog queries (queries/examples/<query>.yaml): data the example router
(agent.example_router) generalises from, instead of one more regex.

An example is a question part with its linked names replaced by typed placeholders ("who won {season}?"), the
plan it must produce (the catalog query and its params, the same placeholders standing for the linked values:
{"season": "{season}"}), and where it came from: a question set (its id and question id), a router case, or a
paraphrase of one of those. The files are generated (benchmarks/build_examples.py), never typed by hand.

Placeholders: {person}, {person2} … the people the part names, in order; {season}, {season2} … its seasons
({seasons}: all of them, for a list param); {tribe}, {tribe2} … its tribes; {feature}, {feature2} … what the
challenges it asks about involved ("a {feature} challenge": maze, puzzle …, agent.challenge_features); {place}
… where it says a season was filmed ("filmed in {place}", agent.places); {n}, {n2} … the other numbers written in
it ("top {n}"). The text uses the kind only ({person}), the params say which one.

    from survivorgraph.agent.examples import load_examples
    examples = load_examples()          # every file, each plan checked against queries/catalog.yaml
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from survivorgraph.agent.challenge_features import feature_spans
from survivorgraph.agent.lexicon import canonical
from survivorgraph.agent.operations import from_described
from survivorgraph.agent.places import place_spans
from survivorgraph.agent.plans import Slots, is_ref
from survivorgraph.errors import ConfigError, QueryParameterError

EXAMPLES_DIR = Path(__file__).resolve().parents[2] / "queries" / "examples"
ORIGINS = ("router-case", "paraphrase")  # besides a question set's name
KINDS = ("person", "season", "tribe", "feature", "place", "n")  # the placeholders' kinds (docstring above)
PLACEHOLDER = re.compile(rf"\{{({'|'.join(KINDS)})(\d*)\}}|\{{seasons\}}")
_NUMBER = re.compile(r"(?<![\w{])\d{1,4}(?![\w}])")
_EXAMPLE_KEYS = {"text", "question", "params", "operations", "origin", "set", "qid"}
# The fields of an operation that name a column of its query's rows (a Focus may also ask for the year of a date)
_COLUMN_FIELDS = ("column", "low", "high", "by", "key")
_COLUMN_KEYS = ("match", "bounds")


@dataclass(frozen=True)
class Example:
    text: str            # the part with its names as placeholders: what is embedded
    tool: str            # the catalog query
    params: dict         # its params, placeholders for the linked values
    question: str = ""   # the part as it was asked (names and all)
    origin: str = ""     # a question set's name, "router-case" or "paraphrase"
    set: str = ""        # the question set it came from, also for a paraphrase of one ("" for a router case)
    qid: str = ""        # the question's id in that set
    # what the plan does to its rows (agent.operations, as `described` writes them: {"op": "Extreme", "column":
    # "merges", "max": true}), placeholders in their values as in params; the part's shape words add to them
    operations: tuple = ()

    @property
    def plan_key(self) -> str:
        """The plan as one comparable string: two examples with the same key propose the same plan (a ref's label
        is what the trace calls it, not part of the plan)."""
        return f"{self.tool}{_canonical(self.params)}{_canonical(list(self.operations)) if self.operations else ''}"

    def plan_operations(self, values: dict[str, Any]) -> tuple:
        """The operations filled with the part's values (Unfilled when one is missing)."""
        return tuple(from_described(fill(spec, values)) for spec in self.operations)


def _canonical(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ",".join(f"{k}:{_canonical(v)}" for k, v in sorted(value.items())
                              if not (k == "label" and is_ref(value))) + "}"
    if isinstance(value, list):
        return "[" + ",".join(_canonical(v) for v in value) + "]"
    return repr(value)


# -- placeholders -----------------------------------------------------------------------------------------------
def _token(kind: str, i: int) -> str:
    return f"{{{kind}}}" if i == 0 else f"{{{kind}{i + 1}}}"


def templated_text(slots: Slots) -> str:
    """The part with each linked name as its kind's placeholder and each other number as {n}: what two parts
    asking the same thing of different people or seasons share."""
    text = slots.text
    for m in sorted(slots.mentions, key=lambda m: -len(m.text)):
        if m.text.strip() and m.kind in ("person", "season", "tribe"):
            text = re.sub(rf"(?<![\w{{]){re.escape(m.text)}(?![\w}}])", f"{{{m.kind}}}", text)
    for kind, spans in (("feature", feature_spans), ("place", place_spans)):  # free words, read from the text
        for start, end, _ in reversed(spans(text)):
            text = text[:start] + f"{{{kind}}}" + text[end:]
    # The show's many ways of saying one thing in the rules' words ("took the title" -> "won", agent.lexicon):
    # measured on the examples, one set's routed by the others', 2 points more of the nearest plans right.
    return canonical(_NUMBER.sub("{n}", text))


def slot_values(slots: Slots) -> dict[str, Any]:
    """Placeholder -> the value it stands for in this part."""
    values: dict[str, Any] = {}
    for i, person in enumerate(p for p in slots.people if isinstance(p, str)):
        values[_token("person", i)] = person
    for i, (tribe, _) in enumerate(slots.tribes):
        values[_token("tribe", i)] = tribe
    seasons = [s for s in slots.seasons if isinstance(s, int)]
    for i, season in enumerate(seasons):
        values[_token("season", i)] = season
    if seasons:
        values["{seasons}"] = seasons
    masked = slots.text
    for m in slots.mentions:  # numbers inside a name ("Survivor 45", "season 45") are the name's
        masked = masked.replace(m.text, " ")
    features = list(dict.fromkeys(feature for _, _, feature in feature_spans(masked)))
    for i, feature in enumerate(features):
        values[_token("feature", i)] = feature
    for i, (_, _, place) in enumerate(place_spans(masked)):
        values[_token("place", i)] = place
    for i, number in enumerate(_NUMBER.findall(masked)):
        values[_token("n", i)] = int(number)
    return values


def to_template(value: Any, values: dict[str, Any]) -> Any:
    """A plan's params with each linked value as its placeholder (first match in `values`' order), refs too."""
    if isinstance(value, dict):
        templated = {k: to_template(v, values) for k, v in value.items()}
        season = (templated.get("params") or {}).get("season") if is_ref(templated) else None
        return templated_label(templated, values[season]) if isinstance(season, str) and season in values \
            else templated
    if isinstance(value, list):
        whole = next((token for token, v in values.items() if isinstance(v, list) and v == value), None)
        return whole if whole else [to_template(v, values) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    return next((token for token, v in values.items() if not isinstance(v, list) and v == value), value)


def templated_label(ref: dict, season: Any) -> dict:
    """The ref with the season its label names ("the winner of season 15", "… of s29") as the placeholder of its
    own season param: the label an example's plan shows is then the routed part's, not its first question's."""
    token, label = ref["params"].get("season"), ref.get("label")
    if not (isinstance(label, str) and isinstance(token, str) and PLACEHOLDER.fullmatch(token)):
        return ref
    return {**ref, "label": re.sub(rf"\b(season |s){season}\b", lambda m: m.group(1) + token, label)}


class Unfilled(LookupError):
    """A placeholder the part has no value for."""


def fill(value: Any, values: dict[str, Any]) -> Any:
    """The template with this part's values; Unfilled when one is missing."""
    if isinstance(value, dict):
        return {k: fill(v, values) for k, v in value.items()}
    if isinstance(value, list):
        return [fill(v, values) for v in value]
    if isinstance(value, str) and PLACEHOLDER.fullmatch(value):
        if value not in values:
            raise Unfilled(value)
        return values[value]
    if isinstance(value, str) and PLACEHOLDER.search(value):  # inside a label: "the winner of season {season}"
        return PLACEHOLDER.sub(lambda m: str(fill(m.group(0), values)), value)
    return value


def placeholders(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(placeholders(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(placeholders(v) for v in value)) if value else set()
    return {m.group(0) for m in PLACEHOLDER.finditer(value)} if isinstance(value, str) else set()


# -- loading and checking ---------------------------------------------------------------------------------------
def _stand_in(param) -> Any:
    """A value of the param's type, for checking a template whose value is a placeholder or a ref."""
    kind = param.items if param.type == "list" else param.type
    one = {"castaway_id": "US0001", "version": "US", "bool": True}.get(kind)
    if one is None:
        one = param.choices[0] if param.choices else \
            max(param.minimum or 1, 1) if kind in ("int", "season", "episode") else "x" * param.min_length
    return [one] if param.type == "list" else one


def check_plan(catalog, tool: str, params: dict, where: str) -> None:
    """ConfigError unless the catalog has the query and its declared params accept these (placeholders and
    refs stood in for by values of the right type; a ref's own query and params checked the same way)."""
    if tool not in catalog:
        raise ConfigError(f"{where}: no catalog query {tool!r} (queries/catalog.yaml)")
    if not isinstance(params, dict):
        raise ConfigError(f"{where}: params must be a mapping, not {type(params).__name__}")
    query = catalog.get(tool)
    declared = {p.name: p for p in query.params}
    bound = {}
    for name, value in params.items():
        if name not in declared:
            raise ConfigError(f"{where}: {tool} has no parameter {name!r}; it accepts {', '.join(declared) or 'none'}")
        refs = [value] if is_ref(value) else [v for v in value if is_ref(v)] if isinstance(value, list) else []
        for ref in refs:
            check_plan(catalog, ref["$ref"], ref.get("params") or {}, f"{where} (ref of {name})")
        stray = {s for s in re.findall(r"\{[^{}]*\}", value) if not PLACEHOLDER.fullmatch(s)} \
            if isinstance(value, str) else set()
        if stray:
            raise ConfigError(f"{where}: unknown placeholder {sorted(stray)[0]} in {name}")
        bound[name] = _stand_in(declared[name]) if refs or placeholders(value) else value
    try:
        query.bind(bound)
    except QueryParameterError as exc:
        raise ConfigError(f"{where}: {exc}") from None


def load_examples(directory: Path = EXAMPLES_DIR, catalog=None) -> list[Example]:
    """Every example file's examples, each plan checked against the catalog (ConfigError naming the file, the
    example and what is wrong)."""
    if catalog is None:
        from queries.catalog import load_catalog

        catalog = load_catalog()
    found: list[Example] = []
    for path in sorted(directory.glob("*.yaml")):
        try:
            data = yaml.safe_load(path.read_text()) or {}
        except (OSError, yaml.YAMLError) as exc:
            raise ConfigError(f"Cannot read the examples file {path}: {exc}") from exc
        tool = data.get("query")
        if tool != path.stem:
            raise ConfigError(f"{path}: 'query' must name the file's query ({path.stem!r}), not {tool!r}")
        for n, item in enumerate(data.get("examples") or [], 1):
            where = f"{path.name} example {n}"
            if not isinstance(item, dict) or not isinstance(item.get("text"), str) or not item["text"].strip():
                raise ConfigError(f"{where}: needs a 'text' (the question with placeholders)")
            if unknown := set(item) - _EXAMPLE_KEYS:
                raise ConfigError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
            origin = str(item.get("origin", ""))
            if not origin:
                raise ConfigError(f"{where}: needs an 'origin' (a question set, {' or '.join(ORIGINS)})")
            params = item.get("params") or {}
            check_plan(catalog, tool, params, where)
            operations = check_operations(catalog, tool, item.get("operations") or [], where)
            missing = (placeholders(params) | placeholders(list(operations))) - _in_text(item["text"])
            if missing:
                raise ConfigError(f"{where}: params use {', '.join(sorted(missing))}, which its text does not hold")
            found.append(Example(item["text"], tool, params, str(item.get("question", "")), origin,
                                 str(item.get("set", origin if origin not in ORIGINS else "")),
                                 str(item.get("qid", "")), operations))
    return found


def check_operations(catalog, tool: str, operations: Any, where: str) -> tuple:
    """The example's operations as a tuple of specs; ConfigError unless each is an operation an example may carry
    (agent.operations.from_described) whose columns are its query's."""
    if not isinstance(operations, list):
        raise ConfigError(f"{where}: operations must be a list, not {type(operations).__name__}")
    columns = set(catalog.get(tool).columns) if tool in catalog else set()
    for spec in operations:
        try:
            op = from_described(spec)
        except ValueError as exc:
            raise ConfigError(f"{where}: {exc}") from None
        named = [getattr(op, f) for f in _COLUMN_FIELDS if isinstance(getattr(op, f, None), str)]
        named += [k for f in _COLUMN_KEYS if isinstance(getattr(op, f, None), dict) for k in getattr(op, f)]
        if unknown := [c for c in named if c not in columns and not (spec["op"] == "Focus" and c == "year")
                       and c != "*"]:
            raise ConfigError(f"{where}: {spec['op']} names {', '.join(map(repr, unknown))}, not a column of "
                              f"{tool} ({', '.join(sorted(columns))})")
    return tuple(operations)


def _in_text(text: str) -> set[str]:
    """The placeholders a text can fill: its kinds, numbered as often as they occur ({person} twice: {person2})."""
    out: set[str] = set()
    for kind in KINDS:
        count = text.count(f"{{{kind}}}")
        out |= {_token(kind, i) for i in range(count)}
        if kind == "season" and count:
            out.add("{seasons}")
    return out
