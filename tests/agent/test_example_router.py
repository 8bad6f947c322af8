"""The example router: examples as data (checked on load), placeholders filled from the part, the real embedder's
nearest plan taken only when clearly ahead, and the agent's trace naming the stage that chose."""

from __future__ import annotations

import pytest

from survivorgraph.agent.example_router import ExampleRouter
from survivorgraph.agent.examples import (
    Example,
    Unfilled,
    fill,
    load_examples,
    slot_values,
    templated_text,
    to_template,
)
from survivorgraph.agent.lexicon import Mention
from survivorgraph.agent.operations import Extreme, Focus, Where
from survivorgraph.agent.plans import Slots, Source
from survivorgraph.errors import ConfigError


def test_every_example_file_loads_and_most_queries_have_eight():
    examples = load_examples()
    per_query = {}
    for e in examples:
        per_query[e.tool] = per_query.get(e.tool, 0) + 1
    assert len(per_query) >= 75
    assert sorted(per_query.values())[len(per_query) // 2] >= 8
    assert {e.origin for e in examples} >= {"gold", "router-case", "paraphrase"}


def test_no_example_holds_a_season_its_words_do_not_say():
    """A season the linker derived from another name ("the season after {season}" → 23) would be proposed for every
    question worded like the example: benchmarks/build_examples.py builds no such example."""
    import re

    implied = [e.text for e in load_examples() if isinstance(e.params.get("season"), int)
               and not re.search(rf"\b{e.params['season']}\b", e.text)]
    assert implied == []


def test_no_example_holds_a_date_no_placeholder_refills():
    """"the episode that aired October {n}, {n}" had held 2002-10-24 as its episode's air date, proposed for every
    question in those words."""
    import re

    dated = [e.text for e in load_examples()
             if re.search(r"\d{4}-\d{2}-\d{2}", str([e.params, list(e.operations)]))]
    assert dated == []


def test_a_plan_the_catalog_does_not_accept_is_a_config_error(tmp_path):
    (tmp_path / "season_winner.yaml").write_text(
        "query: season_winner\nexamples:\n  - text: who took it all in {season}\n    params: {seasn: '{season}'}\n"
        "    origin: paraphrase\n")
    with pytest.raises(ConfigError, match="season_winner has no parameter 'seasn'"):
        load_examples(tmp_path)
    (tmp_path / "season_winner.yaml").write_text(
        "query: season_winner\nexamples:\n  - text: who took it all\n    params: {season: '{season}'}\n"
        "    origin: paraphrase\n")
    with pytest.raises(ConfigError, match="text does not hold"):
        load_examples(tmp_path)


def test_an_examples_operations_are_checked_on_load(tmp_path):
    def write(operations: str) -> None:
        (tmp_path / "career_milestones.yaml").write_text(
            "query: career_milestones\nexamples:\n  - text: who got to the merge more often than anyone\n"
            f"    operations: {operations}\n    origin: paraphrase\n")

    write("[{op: Extreme, column: merges, max: true}, {op: Focus, column: merges}]")
    (example,) = load_examples(tmp_path)
    assert example.plan_operations({}) == (Extreme("merges", True), Focus("merges"))
    assert example.plan_key != Example(example.text, example.tool, {}).plan_key  # the operations tell plans apart
    for operations, message in [("[{op: Extreme, column: mergers, max: true}]", "'mergers', not a column"),
                                ("[{op: Shuffle}]", "an operation is one of"),
                                ("[{op: Extreme, column: merges, most: true}]", "Extreme has no field most"),
                                ("[{op: InSet, spec: {}, keep: true}]", "an operation is one of"),
                                ("[{op: Where, match: {castaway_id: '{person}'}}]", "text does not hold")]:
        write(operations)
        with pytest.raises(ConfigError, match=message):
            load_examples(tmp_path)


def test_an_examples_operations_are_filled_from_the_part_and_go_with_its_plan(embedder):
    example = Example("how many times did {person} make the merge", "career_milestones", {},
                      operations=({"op": "Where", "match": {"castaway_id": "{person}"}},
                                  {"op": "Focus", "column": "merges"}))
    router = ExampleRouter([example], embedder)
    slots = Slots("how many times did Cirie make the merge", [], ["US0076"], [], [Mention("Cirie", "person")])
    routed = router.route(slots)
    assert routed.plan.operations == (Where({"castaway_id": "US0076"}), Focus("merges"))
    assert routed.candidates[0].describe()["operations"][0] == {"op": "Where", "match": {"castaway_id": "US0076"}}
    # a part that names nobody cannot fill the operation: no candidate
    assert router.route(Slots("how many times did they make the merge", [], [], [], [])).candidates == []


def test_linked_values_become_placeholders_and_are_filled_back():
    slots = Slots("How many confessionals did Boston Rob have in season 20, top 3?", [20], ["US0055"], [],
                  [Mention("Boston Rob", "person"), Mention("season 20", "season", 20)])
    assert templated_text(slots) == "How many confessionals did {person} have in {season}, top {n}?"
    values = slot_values(slots)
    template = to_template({"castaway_id": "US0055", "season": 20, "limit": 3}, values)
    assert template == {"castaway_id": "{person}", "season": "{season}", "limit": "{n}"}
    assert fill(template, values) == {"castaway_id": "US0055", "season": 20, "limit": 3}
    with pytest.raises(Unfilled):
        fill({"castaway_id": "{person2}"}, values)


def test_what_a_challenge_involved_is_a_placeholder_too():
    """"a maze" and "a slide puzzle" are one question's wording with another feature: the example of one refills
    the other. The fire-making duel and throwing a challenge are not what a challenge involved."""
    slots = Slots("How many reward challenges in season 20 had a maze?", [20], [], [],
                  [Mention("season 20", "season", 20)])
    assert templated_text(slots) == "How many reward challenges in {season} had a {feature}?"
    template = to_template({"season": 20, "kind": "reward", "feature": "maze"}, slot_values(slots))
    assert template == {"season": "{season}", "kind": "reward", "feature": "{feature}"}
    other = Slots("How many reward challenges in season 7 had a slide puzzle and a swim?", [7], [], [],
                  [Mention("season 7", "season", 7)])
    assert templated_text(other) == "How many reward challenges in {season} had a {feature} and a {feature}?"
    assert fill(template, slot_values(other)) == {"season": 7, "kind": "reward", "feature": "puzzle_slide"}
    assert slot_values(other)["{feature2}"] == "water_swim"
    for text in ("who won the fire-making challenge on season 40", "did anyone throw the immunity challenge",
                 "which boats did they use"):  # the last: no challenge asked about
        assert "{feature}" not in templated_text(Slots(text, [], [], [], []))
    with pytest.raises(Unfilled):
        fill(template, slot_values(Slots("how many reward challenges were there", [], [], [], [])))


def test_where_a_season_was_filmed_is_a_placeholder():
    """The place after a filming phrase is free text the query matches: an example worded for one place refills
    another. A place asked for ("filmed in which country") or a season the linker found is no place."""
    slots = Slots("count the seasons that were shot in Samoa", [], [], [], [])
    assert templated_text(slots) == "count the seasons that were shot in {place}"
    template = to_template({"place": "Samoa"}, slot_values(slots))
    assert template == {"place": "{place}"}
    other = Slots("list every season held in the Pearl Islands, Panama?", [], [], [], [])
    assert fill(template, slot_values(other)) == {"place": "Pearl Islands, Panama"}
    for text in ("the seasons filmed in which country came first", "how many seasons were filmed"):
        assert "{place}" not in templated_text(Slots(text, [], [], [], []))
    named = Slots("who won the season filmed in Borneo", [1], [], [], [Mention("Borneo", "season", 1)])
    assert "{place}" not in templated_text(named) and "{place}" not in slot_values(named)


def test_a_refs_label_names_the_routed_parts_season_not_the_examples():
    """"the champion of season 12" templated, then filled for season 31: the resolve step and the answer call it
    the winner of season 31, and two examples differing only in that label propose one plan."""
    from survivorgraph.agent.plans import Ref

    slots = Slots("how many jury votes did the champion of season 12 get", [12], [], [],
                  [Mention("season 12", "season", 12)])
    ref = Ref("season_winner", {"season": 12}, "castaway_id", "the winner of season 12")
    template = to_template({"season": 12, "castaway_id": ref}, slot_values(slots))
    assert template["castaway_id"]["label"] == "the winner of season {season}"
    filled = fill(template, {"{season}": 31, "{seasons}": [31]})
    assert filled["castaway_id"]["label"] == "the winner of season 31"
    assert filled["castaway_id"]["params"] == {"season": 31}
    other = Ref("season_winner", {"season": "{season}"}, "castaway_id", "the Sole Survivor of s12")
    assert Example("a", "final_tribal_council", template).plan_key == \
        Example("b", "final_tribal_council", {"season": "{season}", "castaway_id": other}).plan_key
    import re

    def refs(value):
        if isinstance(value, dict):
            yield from ([value] if "$ref" in value else [])
            for v in value.values():
                yield from refs(v)
        elif isinstance(value, list):
            for v in value:
                yield from refs(v)

    stale = [r["label"] for e in load_examples() for r in refs([e.params, list(e.operations)])
             if str(r["params"].get("season", "")).startswith("{") and re.search(r"\b(season |s)\d", r["label"])]
    assert stale == []


@pytest.fixture(scope="module")
def embedder():
    from survivorgraph.text.embeddings import local_embedder

    return local_embedder()


def test_the_nearest_example_routes_new_wording_and_a_far_one_is_left_to_the_rules(embedder):
    examples = [Example("who was the sole survivor of {season}", "season_winner", {"season": "{season}"},
                        origin="paraphrase"),
                Example("who sat on the jury in {season}", "season_jury", {"season": "{season}"}, origin="paraphrase"),
                Example("how many seasons has {person} played", "player_career", {"castaway_id": "{person}"},
                        origin="paraphrase")]
    router = ExampleRouter(examples, embedder)
    part = Slots("who ended up as the sole survivor in Pearl Islands", [7], [], [],
                 [Mention("Pearl Islands", "season", 7)])
    routed = router.route(part)
    assert routed.plan is not None and routed.plan.tool == "season_winner" and routed.plan.params == {"season": 7}
    assert routed.plan.source == Source.EXAMPLE and "example router" in routed.plan.reason
    # no person in the part: the person's plan is no candidate at all
    assert all(c.tool != "player_career" for c in routed.candidates)
    far = router.route(Slots("what colour were the buffs in season 7", [7], [], [], [Mention("season 7", "season", 7)]))
    assert far.plan is None and "not clearly ahead" in far.why


def test_the_opposite_of_the_nearest_example_takes_its_plan_turned(embedder):
    """The only example of a frame says yes, the part says no: the example's plan, its yes/no turned, and the trace
    says so."""
    router = ExampleRouter([Example("which winners returned for another season", "winners_returned",
                                    {"returned": True}, origin="paraphrase"),
                            Example("who sat on the jury in {season}", "season_jury", {"season": "{season}"},
                                    origin="paraphrase")], embedder)
    routed = router.route(Slots("did any winners never come back for another season", [], [], [], []))
    best = routed.candidates[0]
    assert best.tool == "winners_returned" and best.params == {"returned": False} and best.turned == ("polarity",)
    assert "turned to the part's side of: polarity" in routed.why
    assert router.route(Slots("did any winners come back for another season", [], [], [], [])) \
        .candidates[0].params == {"returned": True}


def test_an_example_routed_part_gets_the_shape_its_words_ask_for(graph, embedder):
    """A plan from an example carries the part's shape words ("how many") like a rule's plan: the rows are
    counted, not listed."""
    from queries.catalog import load_catalog
    from survivorgraph.agent.tools import Toolbox
    from survivorgraph.linking import EntityLinker
    from survivorgraph.retrievers.agentic import AgenticRetriever

    router = ExampleRouter([Example("which castaways walked away from the game in {season}", "exits_by_type",
                                    {"exit_type": "quit", "season": "{season}"}, origin="paraphrase")], embedder)
    agent = AgenticRetriever(linker=EntityLinker.from_store(graph),
                             toolbox=Toolbox(store=graph, catalog=load_catalog()), examples=router,
                             example_order="only")
    result = agent.ask("how many castaways walked away from the game in Survivor: All-Stars?")
    route = next(s for s in result.trace if s.name == "route")
    assert route.detail["stage"] == Source.EXAMPLE.value and route.detail["tool"] == "exits_by_type"
    ran = next(s for s in result.trace if s.name == "tool: exits_by_type")
    assert ran.detail["operations"] == [{"op": "Count", "key": "castaway_id"}]
    assert "count: 2" in result.answer  # Jenna Morasca and Susan Hawk quit season 8
