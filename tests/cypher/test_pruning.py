"""The schema pruned to a question (cypher.pruning): the labels it names and its nearest examples use, their
one-hop neighbours and what joins them, and a grammar built from that part alone."""

from __future__ import annotations

import pytest

from survivorgraph.cypher import grammar
from survivorgraph.cypher.pruning import labels_in, prune


def test_labels_are_read_from_cypher_and_hint_lines(graph):
    schema = graph.schema()
    text = "MATCH (p:Player)-[:PLAYED_IN]->(ps :PlayerSeason)-[:IN_SEASON]->(:Season) RETURN p.name"
    assert labels_in(text, schema) == {"Player", "PlayerSeason", "Season"}
    assert labels_in("(:Nonsense {x: 1}) and -[:PLAYED_IN]->", schema) == set()
    hints = ["\"Ozzy\": (:Player {castaway_id: 'US0201'}) Oscar 'Ozzy' Lusth", '"Fiji": (:Season {number: 14}) Fiji']
    assert labels_in("\n".join(hints), schema) == {"Player", "Season"}


def test_the_pruned_schema_keeps_the_seeds_their_neighbours_and_what_joins_them(graph):
    schema = graph.schema()
    pruned = prune(schema, {"Tribe"})
    neighbours = {a for a, _, b in schema.patterns if b == "Tribe"} | {b for a, _, b in schema.patterns if a == "Tribe"}
    assert set(pruned.node_properties) == {"Tribe"} | neighbours
    assert set(pruned.node_properties) < set(schema.node_properties)
    assert all(a in pruned.node_properties and b in pruned.node_properties for a, _, b in pruned.patterns)
    assert set(pruned.patterns) == {p for p in schema.patterns if {p[0], p[2]} <= set(pruned.node_properties)}
    assert set(pruned.rel_properties) == {rel for _, rel, _ in pruned.patterns}
    assert all(key.split(".")[0] in set(pruned.node_properties) | set(pruned.rel_properties)
               for key in pruned.enum_values)
    assert pruned.node_properties["Tribe"] == schema.node_properties["Tribe"]
    assert len(pruned.as_text()) < len(schema.as_text())


def test_no_seed_means_the_whole_schema(graph):
    schema = graph.schema()
    assert prune(schema, set()) is schema
    assert prune(schema, {"NotALabel"}) is schema


def test_the_grammar_of_a_pruned_schema_forbids_the_labels_it_left_out(graph):
    pruned = prune(graph.schema(), {"Tribe"})
    left_out = sorted(set(graph.schema().node_properties) - set(pruned.node_properties))
    assert left_out
    under = grammar.for_model(pruned)
    assert under.mismatch("MATCH (t:Tribe {season: 7}) RETURN t.name AS tribe") is None
    assert under.mismatch(f"MATCH (x:{left_out[0]}) RETURN count(x) AS n") is not None


@pytest.mark.parametrize("seeds", [{"Player"}, {"Season"}, {"Challenge"}])
def test_a_grammar_builds_for_every_pruned_schema_even_one_without_enum_values(graph, seeds):
    pruned = prune(graph.schema(), seeds)
    bare = type(pruned)(node_properties=pruned.node_properties, rel_properties=pruned.rel_properties,
                        patterns=pruned.patterns, enum_values={})
    for schema in (pruned, bare):
        label = sorted(seeds)[0]
        assert grammar.for_model(schema).mismatch(f"MATCH (n:{label}) RETURN count(n) AS n") is None


# -- the query writer with a pruned schema (control flow with the SCRIPTED fake server) ------------------------
def _writer(graph, llm):
    """One example, about tribes: the seeds are Tribe (the example) and Season (the question's "season 1")."""
    from survivorgraph.linking import EntityLinker
    from survivorgraph.retrievers.fewshot import FewShotBank
    from survivorgraph.retrievers.text_to_cypher import TextToCypherRetriever

    llm.supports_grammar = True
    bank = FewShotBank([{"question": "Name the tribes of season 5.",
                         "cypher": "MATCH (t:Tribe {season: 5}) RETURN t.name AS tribe"}])
    return TextToCypherRetriever(graph, llm, bank, linker=EntityLinker.from_store(graph), schema_scope="pruned")


def test_a_pruned_prompt_carries_the_part_of_the_schema_and_its_grammar(graph, fake, llm):
    from survivorgraph.retrievers import prompts
    from tests.fake_openai_server import Reply, completion

    fake.script(Reply(body=completion("MATCH (t:Tribe {season: 1}) RETURN t.name AS tribe")),
                Reply(body=completion("Pagong and Tagi.")))
    result = _writer(graph, llm).ask("Which tribes were there in season 1?")
    system, user = fake.chat_requests[0]["messages"]
    assert system["content"] == prompts.CYPHER_RULES.format() and "Schema" not in system["content"]
    step = next(s for s in result.trace if s.name == "prune schema")
    assert len(step.detail["labels"]) < step.detail["of_labels"]
    shown = prune(graph.schema(), {"Tribe", "Season"})
    assert step.detail["labels"] == sorted(shown.node_properties) and shown.as_text() in user["content"]
    assert fake.chat_requests[0]["grammar"] == grammar.for_model(shown).gbnf
    assert result.cypher[0].schema == "pruned" and result.cypher[0].row_count > 0


def test_a_failed_pruned_attempt_is_repaired_with_the_whole_schema(graph, fake, llm):
    from survivorgraph.retrievers import prompts
    from tests.fake_openai_server import Reply, completion

    fake.script(Reply(body=completion("MATCH (t:Tribe {season: 1}) RETURN t.nonexistent_key AS x, count(*) AS n "
                                      "ORDER BY missing_variable")),
                Reply(body=completion("MATCH (t:Tribe {season: 1}) RETURN t.name AS tribe")),
                Reply(body=completion("Pagong and Tagi.")))
    result = _writer(graph, llm).ask("Which tribes were there in season 1?")
    first, repair = fake.chat_requests[0], fake.chat_requests[1]
    assert repair["messages"][0]["content"] == prompts.CYPHER_SYSTEM.format(schema=graph.schema().as_text())
    assert "the part of it this question needs" not in repair["messages"][1]["content"]
    assert repair["grammar"] == grammar.for_model(graph.schema()).gbnf != first["grammar"]
    assert [a.schema for a in result.cypher if a.stage != "auto_fix"] == ["pruned", "full"]
    assert result.cypher[-1].row_count > 0


def test_an_unknown_schema_scope_is_a_clear_error(graph, llm):
    from survivorgraph.errors import ConfigError
    from survivorgraph.retrievers.text_to_cypher import TextToCypherRetriever

    with pytest.raises(ConfigError, match="CYPHER_SCHEMA must be one of full, pruned"):
        TextToCypherRetriever(graph, llm, schema_scope="tiny")
