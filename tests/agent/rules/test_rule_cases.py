"""The router's rules checked on their cases: survivorgraph/agent/rules/cases/<family>.yaml, one file a rules module.

A case is a question a rule must take (its `rule`, the catalog `tool` and `params` its plan must hold), a near
miss worded close to a rule that the rule must not take, or a question no rule should take. A case marked
`xfail: why` is one the router gets wrong today: strict, so the test fails once the router is fixed.

An `examples` entry is a question shape no rule reads, labelled with its plan: the example router's
(benchmarks/build_examples.py builds them into queries/examples/). No rule may take it, and the example router
without that entry's own examples (its text and paraphrases) must still propose its plan first: the other
examples generalise to it (`not_nearest: why` marks one they do not, strictly, as `xfail` does a case). An
`example_near_misses` entry is worded close to one but asks something else: the
product (the rules, then the example router) must not answer it with that plan.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from survivorgraph.agent import rules
from survivorgraph.agent.intents import Slots, route
from survivorgraph.agent.lexicon import Mention
from survivorgraph.agent.operations import described
from survivorgraph.agent.plans import Source
from survivorgraph.agent.rules.base import REGISTERED, rule_named

CASES_DIR = Path(rules.__file__).parent / "cases"
# The people the cases name, by the keys the YAML uses.
PEOPLE = {"ROB": "US0055", "AMBER": "US0027", "PARVATI": "US0197", "SANDRA": "US0112", "TONY": "US0424"}
KINDS = ("cases", "near_misses", "no_rule", "examples", "example_near_misses")


def load_cases() -> dict[str, dict[str, list[dict]]]:
    """family -> kind -> its cases, as the YAML files hold them."""
    return {path.stem: {kind: (yaml.safe_load(path.read_text()) or {}).get(kind) or [] for kind in KINDS}
            for path in sorted(CASES_DIR.glob("*.yaml"))}


CASES = load_cases()


def family_of(rule_name: str) -> str:
    return REGISTERED[rule_name].__module__.rsplit(".", 1)[1]


def params_of(kind: str, xfail: str = "xfail") -> list:
    label = {"cases": lambda c: c["rule"], "near_misses": lambda c: "not " + c["near_miss_of"],
             "no_rule": lambda c: "no rule", "examples": lambda c: c["tool"],
             "example_near_misses": lambda c: "not " + c["not_tool"]}[kind]
    found = []
    for family, kinds in CASES.items():
        for n, case in enumerate(kinds[kind], 1):
            marks = [pytest.mark.xfail(strict=True, reason=case[xfail])] if xfail in case else []
            found.append(pytest.param({**case, "qid": f"{family}:example {n}"} if kind == "examples" else case,
                                      id=f"{family}:{label(case)}:{n}", marks=marks))
    return found


def with_ids(value):
    """A value of the YAML with the people's keys read as their castaway_ids."""
    if isinstance(value, list):
        return [with_ids(v) for v in value]
    return PEOPLE.get(value, value) if isinstance(value, str) else value


def slots_of(case: dict) -> Slots:
    mentions = [Mention(**m) if isinstance(m, dict) else Mention(m, "person") for m in case.get("mentions", [])]
    return Slots(case["text"], list(case.get("seasons", [])), with_ids(case.get("people", [])),
                 [tuple(t) for t in case.get("tribes", [])], mentions)


def routed(case: dict):
    return route(slots_of(case))


def rule_that_fired(plan) -> str | None:
    """The rule a plan's reason names ("deterministic rule: <name>", then maybe " (reading: …)")."""
    if plan is None:
        return None
    return rule_named(plan.reason) or plan.reason.removeprefix("deterministic rule: ")


@pytest.mark.parametrize("case", params_of("cases"))
def test_the_rule_takes_its_case(case):
    chosen = routed(case)
    assert rule_that_fired(chosen) == case["rule"], chosen
    assert chosen.tool == case["tool"], chosen
    for key, value in case.get("params", {}).items():
        assert chosen.params.get(key) == with_ids(value), (key, chosen.params)
    if "operations" in case:  # as the trace describes them: [{op: WhereNot, match: {finals: [0]}}]
        assert described(chosen.operations) == case["operations"], chosen
    assert chosen.part == case["text"] and chosen.source == Source.RULE


@pytest.mark.parametrize("case", params_of("near_misses"))
def test_a_near_miss_is_left_to_another_rule(case):
    chosen = routed(case)
    assert rule_that_fired(chosen) != case["near_miss_of"], chosen
    if "not_tool" in case:
        assert chosen is None or chosen.tool != case["not_tool"], chosen
    if "tool" in case:
        assert chosen is not None and chosen.tool == case["tool"] and chosen.part == case["text"], chosen


@pytest.mark.parametrize("case", params_of("no_rule"))
def test_no_rule_takes_it(case):
    assert routed(case) is None


def test_every_rule_has_a_case_and_a_near_miss():
    def passing(kind, key):
        return {c[key] for kinds in CASES.values() for c in kinds[kind] if "xfail" not in c}
    assert [name for name in rules.ORDER if name not in passing("cases", "rule")] == [], "rules without a case"
    assert [name for name in rules.ORDER if name not in passing("near_misses", "near_miss_of")] == [], \
        "rules without a near miss"


def test_each_case_is_in_the_file_of_its_rules_module():
    modules = {path.stem for path in Path(rules.__file__).parent.glob("*.py")} - {"__init__", "base"}
    assert set(CASES) == modules, "one case file per rules module"
    misplaced = [(family, c["text"]) for family, kinds in CASES.items()
                 for kind, key in (("cases", "rule"), ("near_misses", "near_miss_of")) for c in kinds[kind]
                 if c[key] not in REGISTERED or family_of(c[key]) != family]
    assert misplaced == []


@pytest.mark.parametrize("case", params_of("examples"))
def test_no_rule_takes_an_example(case):
    assert routed(case) is None


@pytest.mark.parametrize("case", params_of("examples", xfail="not_nearest"))
def test_the_other_examples_propose_an_examples_plan(case, example_router):
    others = example_router.without(lambda e: e.qid == case["qid"])
    assert len(others.examples) < len(example_router.examples), "the example is not in queries/examples/: rebuild"
    best = others.candidates(slots_of(case))[0]
    assert best.tool == case["tool"], best.describe()
    assert best.params == {k: with_ids(v) for k, v in (case.get("params") or {}).items()}, best.describe()


@pytest.mark.parametrize("case", params_of("example_near_misses"))
def test_an_example_near_miss_is_not_answered_with_that_plan(case, example_router):
    plan = routed(case) or example_router.route(slots_of(case)).plan
    assert plan is None or plan.tool != case["not_tool"], plan
