"""Build queries/examples/<query>.yaml, the example router's labelled questions, by a mechanism (no hand-typing):

1. question sets: every single-part question of each no-model run that the agent answered right, where a rule
   chose a catalog query (not a set difference) or the example router took the question's own example; the plan
   is routed again from the linked question (the same plan, or the question is skipped; the recorded plan when no
   rule reads it) and its linked values are replaced by placeholders
2. router cases (survivorgraph/agent/rules/cases/*.yaml): each case (not xfail) whose text, linked by the real
   linker, the rules route to the case's rule, query and params; and each of the files' `examples`, questions no
   rule reads, labelled with their plan (query, params, operations) in the file itself
3. paraphrases, for a query with fewer than --min examples: framings of its examples' questions ("tell me …",
   "do you know …", a lower-case question with no mark, another word for a player …), kept only when the rules
   route the reworded question to the very same plan — the rules label them, nobody does by hand

    python -m evaluation run --no-llm --set gold --modes agentic_nollm --out .survivorgraph/eval/h22-base-gold
    … (each set)
    python benchmarks/build_examples.py --runs '.survivorgraph/eval/h22-base-{set}'

The newest set of evaluation/sets/index.yaml gives no examples (--hold-out to name others): it stays a first-run
measure of wording nobody built the examples from.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from evaluation.question_sets import set_names  # noqa: E402
from survivorgraph.agent import intents  # noqa: E402
from survivorgraph.agent.examples import (  # noqa: E402
    EXAMPLES_DIR,
    check_operations,
    check_plan,
    slot_values,
    templated_text,
    to_template,
)
from survivorgraph.agent.lexicon import reading  # noqa: E402
from survivorgraph.agent.operations import CARRIED, described, from_described  # noqa: E402
from survivorgraph.agent.parts import split_parts  # noqa: E402
from survivorgraph.agent.plans import ABSTAIN, Slots, Source  # noqa: E402
from survivorgraph.agent.rules.base import rule_named  # noqa: E402
from survivorgraph.agent.shapes import answer_shape  # noqa: E402
from survivorgraph.errors import ConfigError  # noqa: E402

CASES_DIR = ROOT / "survivorgraph" / "agent" / "rules" / "cases"
CASE_PEOPLE = {"ROB": "US0055", "AMBER": "US0027", "PARVATI": "US0197", "SANDRA": "US0112", "TONY": "US0424"}
NOT_A_QUERY = {ABSTAIN, "chunk_search", "text_to_cypher"}
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")

# Reframings that keep a question's meaning: (pattern on the question, replacement). Applied one at a time.
FRAMES = [
    (r"^(who|what|which|how|when|where)\b(.*?)\??$", lambda m: f"Do you know {m.group(1).lower()}{m.group(2)}?"),
    (r"^(who|what|which|how|when|where)\b(.*?)\??$", lambda m: f"Tell me {m.group(1).lower()}{m.group(2)}."),
    (r"^(who|what|which|how|when|where)\b(.*?)\??$", lambda m: f"I'd like to know {m.group(1).lower()}{m.group(2)}"),
    (r"^(who|what|which|how|when|where)\b(.*?)\??$", lambda m: f"Quick question: {m.group(1).lower()}{m.group(2)}?"),
    (r"^(.*?)\??$", lambda m: m.group(1).lower()),
    (r"^(.*?)\??$", lambda m: f"{m.group(1)}, on Survivor?"),
    (r"\b(castaway|contestant)\b", "player"),
    (r"\bplayer\b", "castaway"),
    (r"\bpeople\b", "players"),
    (r"\bplayers\b", "castaways"),
    (r"\bdid not\b", "didn't"),
    (r"\bdidn't\b", "did not"),
    (r"\bwho was\b", "who's"),
    (r"^(List|Name|Give)\b", "Tell me"),
    (r"^How many\b", "What's the number of"),
]


def agent_slots(core, question: str):
    """The linked question and the one part's slots, exactly as the agent builds them."""
    from survivorgraph.retrievers.agentic import _EPISODE_CODE, AgenticRetriever

    question = _EPISODE_CODE.sub(r"season \1 episode \2", question)
    linked = core.linker.link(question)
    parts = split_parts(question)
    if len(parts) != 1:
        return None
    return AgenticRetriever._slots(None, parts[0], linked, [])


def own_operations(tool: str, operations, slots) -> list[dict] | None:
    """The operations the rule read beyond the part's generic shape words (those the example router applies to
    any plan it takes), as an example holds them: described, linked values as placeholders. None when one of them
    is a lookup of another plan (a set to keep or leave out, a gender), which an example cannot carry: without it
    the example would teach a plan that drops what the question asked ("… and never sat on a jury")."""
    derived = intents.derive(Slots(reading(slots.text, slots.mentions), slots.seasons, slots.people, slots.tribes,
                                   slots.mentions))
    generic = list(answer_shape(derived.text, tool))  # as agent.intents applies them to a rule's plan
    own = [op for op in operations if op not in generic]
    if any(type(op).__name__ not in CARRIED for op in own):
        return None
    return to_template(described(own), slot_values(slots))


def labelled(core, catalog, question: str, where: str):
    """(slots, plan, template text, template params, template operations) when a rule routes the question to a
    catalog query."""
    slots = agent_slots(core, question)
    if slots is None:
        return None
    plan = intents.route(slots)
    if plan is None or plan.tool in NOT_A_QUERY or plan.source != Source.RULE:
        return None
    found = templated(catalog, slots, plan.tool, plan.params, plan.operations, where)
    return (slots, plan, *found) if found else None


def templated(catalog, slots, tool: str, params: dict, operations, where: str):
    """(template text, template params, template operations) of a part's plan, or None when the plan copies
    free words of the part or needs a value the part does not name."""
    params = to_template(params, slot_values(slots))
    if _copies_words(params, slots.text):
        return None  # a value copied from the question ("filmed in Shaba, Kenya") refills no other question
    if _implied_season(params, slots.text):
        return None  # "the season after {season}" → 23, "the season with the {tribe} tribe" → 2: right once only
    if _holds_date(params):
        return None  # "the episode that aired October {n}, {n}" → 2002-10-24, which no placeholder refills
    text = templated_text(slots)
    operations = own_operations(tool, operations, slots)
    if operations is None or _holds_date(operations):
        return None
    try:
        check_plan(catalog, tool, params, where)
        check_operations(catalog, tool, operations, where)
        from survivorgraph.agent.examples import _in_text, placeholders

        if (placeholders(params) | placeholders(operations)) - _in_text(text):
            return None  # a value the part only implies (a season span's last season): no example of its words
    except ConfigError:
        return None
    return text, params, operations


def from_trace(core, catalog, record: dict, route: dict, where: str):
    """A right answer's plan as its run recorded it (query, params, the operations its answer shape applied), for a
    question whose rule has since been removed: the example keeps what the rule knew."""
    slots = agent_slots(core, record["question"])
    if slots is None:
        return None
    shape = [s["detail"] for s in record["result"]["trace"] if s["name"] == "answer shape"]
    operations = [from_described(d) for d in (shape[0].get("operations", []) if shape else []) if d["op"] in CARRIED]
    found = templated(catalog, slots, route["tool"], route.get("params") or {}, operations, where)
    return (slots, *found) if found else None


def _own_example(route: dict, name: str) -> bool:
    """The example router took the question's own example (same words, from this set): a question whose rule was
    removed in an earlier build, which must stay an example or the next build forgets it."""
    candidates = (route.get("examples") or {}).get("candidates") or []
    return bool(candidates) and candidates[0].get("origin") == name and candidates[0].get("similarity", 0) >= 0.999


def _implied_season(params: dict, question: str) -> bool:
    """A season the plan holds as a number the part does not say: the linker derived it from another name, and an
    example would propose that one season for every question of its words."""
    season = params.get("season")
    return isinstance(season, int) and not re.search(rf"\b{season}\b", question)


def _holds_date(value) -> bool:
    """A date the plan holds (an episode's air date read from "October 24, 2002"): no placeholder carries it."""
    if isinstance(value, dict):
        return any(_holds_date(v) for k, v in value.items() if k != "label")
    if isinstance(value, list):
        return any(_holds_date(v) for v in value)
    return isinstance(value, str) and DATE.fullmatch(value) is not None


def _copies_words(value, question: str) -> bool:
    if isinstance(value, dict):
        return any(_copies_words(v, question) for k, v in value.items() if k not in ("label", "$ref", "column"))
    if isinstance(value, list):
        return any(_copies_words(v, question) for v in value)
    return isinstance(value, str) and not value.startswith("{") and (" " in value or value != value.lower()) \
        and value.lower() in question.lower()


def from_runs(core, catalog, pattern: str, held_out: set[str]) -> list[dict]:
    out = []
    for name in (n for n in set_names() if n not in held_out):
        path = Path(pattern.format(set=name)) / "results.jsonl"
        if not path.exists():
            print(f"no run for {name} at {path}; skipped", file=sys.stderr)
            continue
        for line in path.read_text().splitlines():
            record = json.loads(line)
            if not record["score"].get("correct"):
                continue
            trace = record["result"]["trace"]
            routes = [s["detail"] for s in trace if s["name"] == "route"]
            split = [s["detail"].get("parts", []) for s in trace if s["name"] == "split into parts"]
            if len(routes) != 1 or not split or len(split[0]) != 1:
                continue
            how = routes[0].get("how", "")
            where = f"{name}/{record['qid']}"
            by_own_example = how.startswith("example router") and _own_example(routes[0], name)
            if not (how.startswith("deterministic rule") or by_own_example) or "complement" in how \
                    or routes[0].get("tool") in NOT_A_QUERY:
                continue
            if by_own_example or rule_named(how) is None:  # no rule reads it: the example router is to, from now on
                found = from_trace(core, catalog, record, routes[0], where)
                if found is not None:
                    slots, text, params, operations = found
                    out.append({"tool": routes[0]["tool"], "text": text, "question": slots.text, "params": params,
                                "operations": operations, "origin": name, "set": name, "qid": record["qid"]})
                continue
            found = labelled(core, catalog, record["question"], where)
            if found is None:
                continue
            slots, plan, text, params, operations = found
            if plan.tool != routes[0]["tool"] or json.dumps(plan.params, sort_keys=True, default=str) != \
                    json.dumps(routes[0].get("params"), sort_keys=True, default=str):
                continue  # routed otherwise now than in the run: not the plan that was scored right
            out.append({"tool": plan.tool, "text": text, "question": slots.text, "params": params,
                        "operations": operations, "origin": name, "set": name, "qid": record["qid"]})
    return out


def from_cases(core, catalog) -> list[dict]:
    out = []
    for path in sorted(CASES_DIR.glob("*.yaml")):
        for n, case in enumerate((yaml.safe_load(path.read_text()) or {}).get("cases") or [], 1):
            if "xfail" in case:
                continue
            found = labelled(core, catalog, case["text"], f"{path.name} case {n}")
            if found is None:
                continue
            slots, plan, text, params, operations = found
            want = {k: _with_ids(v) for k, v in (case.get("params") or {}).items()}
            if plan.tool != case["tool"] or any(plan.params.get(k) != v for k, v in want.items()):
                continue  # the real linker read it otherwise than the case's slots say
            out.append({"tool": plan.tool, "text": text, "question": slots.text, "params": params,
                        "operations": operations, "origin": "router-case", "set": "", "qid": f"{path.stem}:{n}"})
        for n, case in enumerate((yaml.safe_load(path.read_text()) or {}).get("examples") or [], 1):
            out.append(labelled_by_hand(core, catalog, case, f"{path.name} example {n}")
                       | {"qid": f"{path.stem}:example {n}"})
    return out


def labelled_by_hand(core, catalog, case: dict, where: str) -> dict:
    """A case file's example: its question linked by the real linker, its plan the one the file gives (the
    people as the cases name them), linked values as placeholders; ConfigError when the plan does not check."""
    slots = agent_slots(core, case["text"])
    if slots is None:
        raise ConfigError(f"{where}: {case['text']!r} splits into several parts; an example is one part")
    values = slot_values(slots)
    params = to_template(_with_ids(case.get("params") or {}), values)
    operations = to_template(_with_ids(case.get("operations") or []), values)
    check_plan(catalog, case["tool"], params, where)
    check_operations(catalog, case["tool"], operations, where)
    if unlinked := [v for v in _leaves([params, operations]) if isinstance(v, str) and re.fullmatch(r"US\d{4}", v)]:
        raise ConfigError(f"{where}: the linker does not find {', '.join(unlinked)} in {case['text']!r}; name them so "
                          "it does (a full name where a first name is ambiguous)")
    return {"tool": case["tool"], "text": templated_text(slots), "question": slots.text, "params": params,
            "operations": operations, "origin": "router-case", "set": ""}


def _leaves(value):
    if isinstance(value, dict):
        return [leaf for v in value.values() for leaf in _leaves(v)]
    if isinstance(value, list):
        return [leaf for v in value for leaf in _leaves(v)]
    return [value]


def _with_ids(value):
    """A case's value with the people's keys read as castaway_ids (as tests/agent/rules/test_rule_cases.py)."""
    if isinstance(value, dict):
        return {k: _with_ids(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_with_ids(v) for v in value]
    return CASE_PEOPLE.get(value, value) if isinstance(value, str) else value


def paraphrases(core, catalog, examples: list[dict], minimum: int) -> list[dict]:
    by_tool = defaultdict(list)
    for e in examples:
        by_tool[e["tool"]].append(e)
    out = []
    for tool, mine in sorted(by_tool.items()):
        texts = {e["text"] for e in mine}
        for source in list(mine):
            if len(texts) >= minimum:
                break
            for pattern, replacement in FRAMES:
                if len(texts) >= minimum:
                    break
                question = re.sub(pattern, replacement, source["question"], count=1, flags=re.I)
                if question == source["question"]:
                    continue
                found = labelled(core, catalog, question, f"paraphrase of {source['qid']}")
                if found is None:
                    continue
                slots, plan, text, params, operations = found
                if plan.tool != tool or params != source["params"] or operations != source["operations"] \
                        or text in texts:
                    continue  # the rules read the rewording otherwise: not a label to trust
                texts.add(text)
                out.append({"tool": tool, "text": text, "question": question, "params": params,
                            "operations": operations, "origin": "paraphrase", "set": source["set"],
                            "qid": source["qid"]})
    return out


HEADER = """# Labelled examples of {query} for the example router (survivorgraph/agent/example_router.py).
# Generated by benchmarks/build_examples.py from the no-model runs of the question sets, the router cases and
# paraphrases the rules route to the same plan; regenerate, do not edit. text: the question with placeholders
# ({{person}}, {{season}}, {{tribe}}, {{feature}}, {{place}}, {{n}}); params and operations: the plan's; origin: a
# question set, router-case or paraphrase (set/qid: the question it came from).
"""


def write(examples: list[dict], directory: Path) -> dict[str, int]:
    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.glob("*.yaml"):
        old.unlink()
    by_tool = defaultdict(list)
    seen = set()
    for e in examples:
        key = (e["tool"], e["text"], json.dumps([e["params"], e["operations"]], sort_keys=True))
        if key not in seen:
            seen.add(key)
            by_tool[e["tool"]].append({k: v for k, v in e.items() if k != "tool" and v not in ("", [])})
    for tool, items in sorted(by_tool.items()):
        body = yaml.safe_dump({"query": tool, "examples": items}, sort_keys=False, allow_unicode=True, width=120)
        (directory / f"{tool}.yaml").write_text(HEADER.format(query=tool) + body)
    return {tool: len(items) for tool, items in by_tool.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", required=True, help="the no-model run folder of each set, {set} for its name")
    parser.add_argument("--min", type=int, default=8, help="paraphrase a query with fewer examples than this")
    parser.add_argument("--out", type=Path, default=EXAMPLES_DIR)
    parser.add_argument("--hold-out", action="append", default=None, metavar="SET",
                        help="a set that gives no examples, kept as a measure (default: the newest set of the index)")
    args = parser.parse_args(argv)
    held_out = set(args.hold_out or set_names()[-1:])
    print(f"held out (no examples taken): {', '.join(sorted(held_out))}", file=sys.stderr)

    from queries.catalog import load_catalog
    from survivorgraph.config import Settings
    from survivorgraph.core import SurvivorGraph

    core = SurvivorGraph(Settings.from_env(), llm=None)
    catalog = load_catalog()
    found = from_runs(core, catalog, args.runs, held_out) + from_cases(core, catalog)
    found += paraphrases(core, catalog, found, args.min)
    counts = write(found, args.out)
    sizes = sorted(counts.values())
    print(f"{sum(sizes)} examples of {len(counts)} queries (min {sizes[0]}, median {sizes[len(sizes) // 2]}); "
          f"queries with none: {', '.join(sorted(set(catalog.names()) - set(counts))) or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
