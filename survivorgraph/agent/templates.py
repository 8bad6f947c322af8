"""Answers composed from rows without a model: each catalog query's `answer` templates (queries/catalog.yaml)
read its rows as a sentence.

The forms, by what the plan's operations left of the query's rows (agent.operations):

  one     a single row of the query's columns          "{winner} won {season_name} (season {season})"
  each    one row of several, the items joined         "{player} (season {season})"
  many    the lead of a list: {items} is the joined `each`, {n} the number of rows, and a column the rows all
          agree on may be named too                     "The jury of {season_name}: {items}"
  count   a Count's answer row ({count}, {items}), by what it counted: "rows" or the counted column

A template's fields are plain names (no attribute access, indexing, conversion or format spec); a part in
square brackets is left out when a field in it has no value ("[, {jury_votes} jury votes]"); a word ending
"(s)" next to a field agrees with its number ("{wins} time(s)", "season(s) {seasons}"). Lists read joined with
commas, booleans as yes / no. `compose` returns None when no form fits the rows (a field the rows lack, a
value missing outside brackets, an answer operation that made other rows): the part is then shown as before.

What the composed sentence says follows what the evidence shows: a list's items leave out the names of other
people or places than its own (a juror's vote, an idol's finder) unless the part asks about them, as the evidence
rows do (retrievers.answering.unshown_columns); a focused column of names (the person the part asks about) leads
the sentence.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from typing import Any

from survivorgraph.retrievers.answering import holds_names, unshown_columns

_FIELD = re.compile(r"[a-z_][a-z0-9_]*")
_SEGMENTS = re.compile(r"\[([^\[\]]*)\]")
_WORDS = re.compile(r"[A-Za-z][A-Za-z'’]+")
_INDEXED = re.compile(r"\{[^{}]*[\[\]][^{}]*\}")  # "{player[0]}": brackets inside a field are an index
_PLURAL_AFTER = re.compile(r"\{([a-z_][a-z0-9_]*)\}((?:\s+[\w-]+){1,3})\(s\)")  # "{n} jury vote(s)"
_PLURAL_BEFORE = re.compile(r"([\w-]+)\(s\)(\s+)\{([a-z_][a-z0-9_]*)\}")
COUNT_FIELDS = ("count", "items")
LIST_FIELDS = ("items", "n")
# The answer operations that make rows of their own (a gap, a ratio, groups, an average): the query's templates
# do not read them (Focus only reorders the columns; a Count's row is read by the `count` form)
_OWN_ROWS = {"Difference", "Ratio", "Range", "ColumnDifference", "LargestGroup", "GroupsOfAtLeast", "Count",
             "Aggregate", "Missing"}


# The operations whose column is what the part asks ("on what day", "the youngest", "who got more"): a sentence
# that does not name it does not answer the part
_ASKED = {"Focus", "Extreme", "Sort"}


class TemplateError(ValueError):
    """A template that is not plain fields in text."""


def template_fields(template: str) -> list[str]:
    """The fields a template names, in order; raises TemplateError for anything but plain field names."""
    if not isinstance(template, str) or not template.strip():
        raise TemplateError("a template is non-empty text")
    if m := _INDEXED.search(template):
        raise TemplateError(f"{m.group(0)} is not a plain field name (no attributes, indexes, conversions or formats)")
    outside = _SEGMENTS.sub("", template)
    if "[" in outside or "]" in outside:
        raise TemplateError("square brackets mark an optional part and come in pairs, not nested")
    if "(s)" in _numbered(template, {}):
        raise TemplateError("a word ending (s) agrees with the number of the field right next to it (\"{n} vote(s)\", "
                            "\"season(s) {seasons}\"); this one stands apart from any field")
    fields: list[str] = []
    try:
        parsed = list(string.Formatter().parse(template.replace("[", "").replace("]", "")))
    except ValueError as exc:
        raise TemplateError(str(exc)) from None
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        if not _FIELD.fullmatch(name) or spec or conversion:
            raise TemplateError(f"{{{name}{'!' + conversion if conversion else ''}{':' + spec if spec else ''}}} "
                                "is not a plain field name (no attributes, indexes, conversions or formats)")
        fields.append(name)
    return fields


def template_words(template: str) -> list[str]:
    """The words a template writes around its fields ("IMDb rating {imdb_rating}" -> ["IMDb", "rating"])."""
    literal = " ".join(text for text, *_ in string.Formatter().parse(template.replace("[", " ").replace("]", " ")))
    return _WORDS.findall(literal)


def text_of(value: Any) -> str | None:
    """A value as an answer reads it; None for no value (None, an empty list or text)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (list, tuple)):
        items = [t for t in (text_of(v) for v in value) if t is not None]
        return ", ".join(items) if items else None
    text = str(value).strip()
    return text or None


class _Missing(Exception):
    """A field outside brackets has no value: the template does not fit the row."""


class SafeFormatter(string.Formatter):
    """str.format for templates from the catalog: plain field names only, looked up in one mapping, rendered by
    `text_of`; a field the mapping lacks raises KeyError, one without a value raises _Missing."""

    def get_field(self, field_name, args, kwargs):
        if not _FIELD.fullmatch(field_name):
            raise TemplateError(f"{field_name!r} is not a plain field name")
        return kwargs[field_name], field_name

    def convert_field(self, value, conversion):
        if conversion:
            raise TemplateError("conversions are not allowed")
        return value

    def format_field(self, value, format_spec):
        if format_spec:
            raise TemplateError("format specs are not allowed")
        text = text_of(value)
        if text is None:
            raise _Missing
        return text


_FORMATTER = SafeFormatter()


def _plural(value) -> bool:
    number = len(value) if isinstance(value, (list, tuple)) else value
    return not (isinstance(number, (int, float)) and not isinstance(number, bool) and number == 1)


def _numbered(template: str, values: Mapping[str, Any]) -> str:
    """ "{wins} time(s)", "season(s) {seasons}": the word singular or plural by the field's number (a list: its
    length)."""
    def after(m: re.Match) -> str:
        return f"{{{m.group(1)}}}{m.group(2)}{'s' if _plural(values.get(m.group(1))) else ''}"

    def before(m: re.Match) -> str:
        return f"{m.group(1)}{'s' if _plural(values.get(m.group(3))) else ''}{m.group(2)}{{{m.group(3)}}}"
    return _PLURAL_BEFORE.sub(before, _PLURAL_AFTER.sub(after, template))


def render(template: str, values: Mapping[str, Any]) -> str | None:
    """The template filled from `values`; None when a field is not among them or has no value outside an
    optional [part] (such a part is left out). A word ending "(s)" next to a field agrees with its number."""
    if _INDEXED.search(template):
        return None
    template = _numbered(template, values)
    try:
        def optional(m: re.Match) -> str:
            try:
                return _FORMATTER.vformat(m.group(1), (), values)
            except _Missing:
                return ""
        return _FORMATTER.vformat(_SEGMENTS.sub(lambda m: optional(m).replace("{", "{{").replace("}", "}}"),
                                                template), (), values).strip()
    except (_Missing, KeyError, TemplateError):
        return None


def _joined(items: list[str]) -> str:
    return ("; " if any(", " in item for item in items) else ", ").join(items)


def _sentence(text: str) -> str:
    text = text.strip().rstrip(";:,").rstrip()
    text = text[:1].upper() + text[1:]
    return text if text[-1:] in ".!?" else text + "."


def _asked(operations, columns: list[str]) -> set[str]:
    """The columns the part asks about (the focus, the extreme or the order): a sentence must say them."""
    return {op.column for op in operations if type(op).__name__ in _ASKED and getattr(op, "column", None) in columns}


def _says(asked: set[str], *templates: str | None) -> bool:
    named = {f for t in templates if t for f in template_fields(t)}
    return asked <= named


def _led(focused: list[str], template: str, row: Mapping[str, Any], text: str | None) -> str | None:
    """A focused column of names ("who did they vote for": voted_for) is the person the part asks about: the
    sentence leads with it, not with another name ("Alex Moore voted for Savannah Louie" answers "Alex Moore"),
    so a template that names someone else first reads after it ("Savannah Louie: Alex Moore voted for …")."""
    fields = template_fields(template)
    if text is None or not focused or (fields and fields[0] in focused):
        return text
    lead = text_of(row.get(focused[0]))
    return f"{lead}: {text}" if lead else None


def compose(rows: list[dict], columns: list[str], operations, forms, truncated: bool = False,
            question: str = "", own: str | None = None) -> str | None:
    """The rows as a sentence by the query's answer forms (catalog AnswerForms), or None when no form fits.

    Given the part's question, a list's items leave out what its evidence rows leave out (`unshown_columns`:
    names of other people or places than the items', a juror's vote, an idol's finder, unless asked); the lead
    may still name a value all the rows share; `own`, the column that names the rows' items (the catalog's
    `rows.name`), is never left out, whichever column the query returns first."""
    if forms is None or not rows:
        return None
    kinds = {type(op).__name__ for op in operations}
    if "Count" in kinds and "Missing" not in kinds and {"count", "counted"} <= set(columns) and len(rows) == 1:
        template = forms.count.get(str(rows[0].get("counted")))
        text = render(template, {"items": None, **rows[0]}) if template else None  # no names: [{items}] left out
        return _sentence(text) if text else None
    if kinds & _OWN_ROWS:
        return None
    asked = _asked(operations, columns)
    focused = [op.column for op in operations if type(op).__name__ == "Focus" and holds_names(op.column)]
    if len(rows) == 1 and forms.one and _says(asked, forms.one):
        text = _led(focused, forms.one, rows[0], render(forms.one, rows[0]))
        return _sentence(text) if text else None
    if not forms.each or not _says(asked, forms.each, forms.many):
        return None
    hidden = unshown_columns(rows, question) - {"season_name", own, *focused}
    shown = [{c: (None if c in hidden else v) for c, v in row.items()} for row in rows]
    items = [_led(focused, forms.each, row, render(forms.each, item)) for row, item in zip(rows, shown, strict=True)]
    if not all(items):
        return None  # a row the item form cannot read: its facts would be dropped
    joined = _joined(items)
    if not forms.many:
        text = joined
    else:
        if truncated and "{n}" in forms.many:
            return None  # the rows were cut: their number is not the answer's
        shared = {c: rows[0].get(c) for c in columns if all(r.get(c) == rows[0].get(c) for r in rows)}
        text = render(forms.many, {**shared, "items": joined, "n": len(rows)})
    if not text:
        return None
    if truncated:
        text += f" (the first {len(rows)} found; there are more)"
    return _sentence(text)
