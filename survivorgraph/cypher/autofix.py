"""Apply the schema checker's unambiguous suggestions to a generated query before asking the model again.

A small model given "ELIMINATED goes from Episode to PlayerSeason … has it backwards" often sends the same
query back; the checker already knows the fix. Only fixes with one clear reading are made: a label, type,
property or enum value with a single suggestion, a one-hop relationship written against its direction, and a
relationship that skipped the one node the schema has between its two ends.
Everything else is left for the model's repair prompt. (The same idea as LangChain's CypherQueryCorrector,
which fixes directions; here it covers every problem kind the checker names with one suggestion.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from survivorgraph.cypher.bridges import flip_arrow
from survivorgraph.cypher.schema_check import SchemaProblem


@dataclass
class AutoFix:
    cypher: str
    notes: list[str] = field(default_factory=list)   # one line per change, shown with the attempt


def autofix(cypher: str, problems: list[SchemaProblem]) -> AutoFix | None:
    """The query with every single-reading fix applied, or None when none applies."""
    fixed = AutoFix(cypher)
    for problem in problems:
        apply = _FIXERS.get(problem.kind)
        if apply is not None:
            apply(fixed, problem)
    return fixed if fixed.cypher != cypher else None


def _only(problem: SchemaProblem) -> str | None:
    return problem.suggestions[0] if len(problem.suggestions) == 1 else None


def _rename_token(fixed: AutoFix, problem: SchemaProblem) -> None:
    """`:Plaer` -> `:Player`, `:TribeCouncil` -> `:TribalCouncil` (labels and relationship types)."""
    target = _only(problem)
    old = problem.text.lstrip(":")
    if target is None or not old:
        return
    pattern = re.compile(rf"(:\s*|\|\s*:?\s*)`?{re.escape(old)}`?(?![\w`])")
    new, n = pattern.subn(lambda m: m.group(1) + target, fixed.cypher)
    if n:
        fixed.cypher = new
        fixed.notes.append(f":{old} -> :{target}")


def _rename_property(fixed: AutoFix, problem: SchemaProblem) -> None:
    """`ps.episode` -> `ps.exit_episode`, in accesses and in the variable's inline map."""
    target = _only(problem)
    var, dot, prop = problem.text.partition(".")
    if target is None or not dot or not var or not prop:
        return
    new, n = re.subn(rf"(?<![\w.]){re.escape(var)}\s*\.\s*{re.escape(prop)}(?!\w)", f"{var}.{target}", fixed.cypher)
    # `(ps:PlayerSeason {episode: 3})`: the key inside the map that follows the variable.
    inline = re.compile(rf"(\(\s*{re.escape(var)}\b[^(){{}}]*\{{[^{{}}]*?)(?<![\w.]){re.escape(prop)}(\s*:)")
    new, m = inline.subn(lambda mt: f"{mt.group(1)}{target}{mt.group(2)}", new)
    if n or m:
        fixed.cypher = new
        fixed.notes.append(f"{var}.{prop} -> {var}.{target}")


def _flip_direction(fixed: AutoFix, problem: SchemaProblem) -> None:
    """`(a)-[:T]->(b)` written against the schema -> `(a)<-[:T]-(b)` (one hop only)."""
    text = problem.text
    if text not in fixed.cypher or text.count("[") != 1 or not (flipped := flip_arrow(text)):
        return
    fixed.cypher = fixed.cypher.replace(text, flipped)
    fixed.notes.append(f"direction: {text} -> {flipped}")


def _replace_value(fixed: AutoFix, problem: SchemaProblem) -> None:
    """`'Medevac'` -> `'medevac'`: a literal the enum holds in one spelling."""
    target = _only(problem)
    if target is None or not problem.text or problem.text not in fixed.cypher:
        return
    quote = problem.text[0] if problem.text[0] in "'\"" else "'"
    replacement = quote + str(target).replace(quote, "\\" + quote) + quote
    fixed.cypher = fixed.cypher.replace(problem.text, replacement)
    fixed.notes.append(f"{problem.text} -> {replacement}")


def _add_bridge(fixed: AutoFix, problem: SchemaProblem) -> None:
    """`(s:Season)-[:IMMUNITY_WON_BY]->(ps)` -> `(s:Season)-[:HAS_EPISODE]->(:Episode)-[:IMMUNITY_WON_BY]->(ps)`:
    the one node (and relationship) the schema has between two labels the query joined directly."""
    if problem.rewrite and problem.text in fixed.cypher:
        fixed.cypher = fixed.cypher.replace(problem.text, problem.rewrite, 1)
        fixed.notes.append(f"missing node: {problem.text} -> {problem.rewrite}")


_FIXERS = {
    "unknown_label": _rename_token,
    "unknown_relationship_type": _rename_token,
    "unknown_property": _rename_property,
    "wrong_direction": _flip_direction,
    "invalid_value": _replace_value,
    "impossible_pattern": _add_bridge,
}
