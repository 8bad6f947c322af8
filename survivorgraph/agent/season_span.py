"""A span of seasons the part names around one season: "since s36", "from season 35 on", "season 41 onwards",
"before season 8", "seasons 10 through 20". The linker reads "s36" as season 36 and the rules filter on it; the
span turns that one season into a range over the rows, for queries whose season is an optional filter and
whose rows carry their season."""

from __future__ import annotations

import re

from survivorgraph.agent.operations import Span
from survivorgraph.agent.plans import Plan, Slots
from survivorgraph.agent.query_facts import limit_of, season_spannable_tools

_S0 = r"(?:seasons? |s|us|#)(\d{1,2})"  # "season 36", "s36": the linker leaves a number as typed
_S = _S0 + r"\b"
_FROM = re.compile(rf"\b(?:since|starting (?:with|from|in|at)|beginning (?:with|in)) {_S}"
                   rf"|\bfrom {_S} (?:on|onwards?|forward|and (?:later|after|beyond|up))\b"
                   rf"|\b{_S} (?:and|or) (?:later|after|beyond|up|on|onwards?)\b|\b{_S} onwards?\b"
                   # "s35 on, which …", not "the edge on s38" (a season's name read as "season 38 on s38")
                   rf"|\b{_S} on(?=\s*(?:[,?.!;:–-]|$|and\b|which\b|who\b|what\b|how\b|did\b|have\b|has\b))"
                   rf"|\b{_S0}\+", re.I)
_BEFORE = re.compile(rf"\b(?:before|prior to) {_S}", re.I)
_UP_TO = re.compile(rf"\b(?:up to|through|until|till) {_S}|\b{_S} (?:and|or) (?:earlier|before)\b", re.I)
_BETWEEN = re.compile(rf"\b{_S} (?:through|thru|to|-|–|and) (?:seasons? |s|us|#)?(\d{{1,2}})\b"
                      rf"|\bbetween {_S} and (?:seasons? |s|us|#)?(\d{{1,2}})\b", re.I)


def _number(m: re.Match) -> int:
    return int(next(g for g in m.groups() if g))


def season_span(text: str) -> tuple[int, int] | None:
    """(first, last) seasons the text spans, or None when it names no span."""
    if m := _BETWEEN.search(text):
        first, last = sorted(int(g) for g in m.groups() if g)
        return (first, last) if first != last and not re.search(r"\bepisodes?\b", text[:m.start()][-12:], re.I) \
            else None
    if m := _FROM.search(text):
        return _number(m), 10**4
    if m := _BEFORE.search(text):
        return 1, _number(m) - 1
    if m := _UP_TO.search(text):
        return 1, _number(m)
    return None


def apply_season_span(plan: Plan, derived: Slots) -> None:
    """ "Which winners from s35 on never found an idol": the rule filtered on season 35; the rows of every season
    in the span are asked for instead."""
    span = season_span(derived.text)
    if span is None or plan.tool not in season_spannable_tools():
        return
    if "season" not in plan.params or plan.params["season"] in span:  # the season the span starts or ends at
        plan.params.pop("season", None)
        plan.put(Span("season", *span))
        if limit := limit_of(plan.tool):  # every season's rows, then the span
            plan.params["limit"] = limit
