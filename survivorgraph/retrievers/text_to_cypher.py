"""Graph RAG, text-to-Cypher: the LLM writes Cypher from the live schema, similar examples and the graph's
values for the names the question mentions (entity linking, no model); the query is checked (read-only,
dialect, schema), compiled, run read-only with a timeout and a row cap. A query the schema checker can
correct unambiguously (a misspelt label, a reversed arrow) is corrected without the model; otherwise it is
repaired from the database's own error text (at most `max_repairs` times, never re-running an identical
query; after the model repeats itself it starts afresh from the question with a note on what failed,
sampling instead of decoding greedily). An empty result gets one distinct retry prompt. The answer is
written from the rows only. Where the provider takes a GBNF grammar (llama.cpp), every query and repair is
written under the grammar of the live schema (cypher.grammar): a label, type, property, direction or enum value
the graph lacks cannot be written at all; the checks after it stay, for what a grammar cannot see.
"""

from __future__ import annotations

from collections.abc import Sequence

from survivorgraph.cypher import grammar as cypher_grammar
from survivorgraph.cypher.autofix import autofix
from survivorgraph.cypher.dialect import normalise_for_backend
from survivorgraph.cypher.pruning import labels_in, prune
from survivorgraph.cypher.safety import check_read_only, extract_cypher
from survivorgraph.cypher.schema_check import SchemaProblem, check_against_schema
from survivorgraph.errors import ConfigError, NoModelError, QueryError, UnsafeQueryError
from survivorgraph.graph.base import GraphStore, QueryResult
from survivorgraph.linking import LinkedEntities, graph_values
from survivorgraph.retrievers import prompts
from survivorgraph.retrievers.answering import NO_ROWS, extractive_rows, rows_messages
from survivorgraph.retrievers.base import Retriever, Run
from survivorgraph.retrievers.claims import Evidence, ranked_by
from survivorgraph.retrievers.fewshot import FewShotBank
from survivorgraph.retrievers.grounding import answer_or_evidence
from survivorgraph.retrievers.not_in_data import answered_not_in_data
from survivorgraph.retrievers.types import CypherAttempt

CYPHER_MAX_TOKENS = 320
REPEAT_TEMPERATURE = 0.7
SCHEMA_SCOPES = ("full", "pruned")


class TextToCypherRetriever(Retriever):
    mode = "graph"

    def __init__(self, store: GraphStore, llm, bank: FewShotBank | None = None, *, max_repairs: int = 2,
                 n_examples: int = 4, linker=None, scope=None, use_grammar: bool | None = None,
                 schema_scope: str = "full"):
        super().__init__(llm)
        self.store = store
        self.linker = linker
        self.scope = scope  # the viewer's point, for how "not in the data" is worded
        self.bank = bank or FewShotBank.load()
        self.max_repairs = max_repairs
        self.n_examples = n_examples
        # None: wherever the provider can enforce one; False: never (the A/B's "before" arm).
        self.use_grammar = use_grammar
        if schema_scope not in SCHEMA_SCOPES:
            raise ConfigError(f"CYPHER_SCHEMA must be one of {', '.join(SCHEMA_SCOPES)}, not {schema_scope!r}.")
        # "full": the whole schema in the (cached) system prompt; "pruned": the part the question needs in the
        # user prompt (cypher.pruning), the whole schema again once a pruned attempt fails.
        self.schema_scope = schema_scope

    def stable_prompts(self) -> list[tuple[str, list[dict[str, str]]]]:
        return [("cypher-warm", [self._system_message(pruned=self.schema_scope == "pruned")])]

    def _system_message(self, pruned: bool = False) -> dict[str, str]:
        """Instructions and the live schema: ~3,400 tokens, the same for every question (kept in the cache);
        the instructions alone when the schema is pruned (it then travels with the question)."""
        if pruned:
            return {"role": "system", "content": prompts.CYPHER_RULES.format()}
        return {"role": "system", "content": prompts.CYPHER_SYSTEM.format(schema=self.store.schema().as_text())}

    def _answer(self, question: str, run: Run) -> None:
        if self.llm is None:
            from survivorgraph.llm.provider import NO_MODEL_MESSAGE

            run.result.answer_kind = "no_model"
            raise NoModelError("Text-to-Cypher needs a model. " + NO_MODEL_MESSAGE)
        linked, values = self._link(question, run)
        if answered_not_in_data(question, linked, self.scope, run):
            return
        outcome = self.generate_and_run(question, run, hints=values)
        result = run.result
        if outcome is None:
            result.answer_kind = "error"
            result.answer = "No valid query could be written for this question (see the attempts)."
            return
        attempt, rows = outcome
        result.rows, result.columns = rows.rows, rows.columns
        if not rows.rows:
            result.answer_kind = "abstained"
            result.answer = NO_ROWS
            return
        messages = rows_messages(question, rows.rows, attempt.cypher, rows.truncated)
        evidence = Evidence(rows=rows.rows, question=question, ranked_by=ranked_by(question, attempt.cypher, rows.rows))
        result.answer = answer_or_evidence(
            self.llm, messages, evidence, run, what="the rows", rows=len(rows.rows),
            shown_instead=lambda: extractive_rows(rows.rows, question=question))

    def _link(self, question: str, run: Run) -> tuple[LinkedEntities | None, list[str]]:
        """Entity linking (no model): what the question names that the data lacks, and the graph's ids and
        numbers for the rest, so the model need not guess how a person or season is spelled in the data."""
        if self.linker is None:
            return None, []
        with run.step("link entities") as step:
            linked = self.linker.link(question)
            step.detail["values"] = values = graph_values(linked)
        return linked, values

    def generate_and_run(self, question: str, run: Run, stage: str = "generate", hints: Sequence[str] = (),
                         ) -> tuple[CypherAttempt, QueryResult] | None:
        """Write, check, run and repair. Returns the successful attempt and its rows, or None.
        `hints` names the graph's values for what the question mentions (people, seasons, tribes)."""
        schema = self.store.schema()
        constrained = self.use_grammar is not False and self.llm.supports_grammar
        with run.step("choose examples") as step:
            examples = self.bank.select(question, self.n_examples)
            step.detail["examples"] = [e["question"] for e in examples]
        shown = schema
        if self.schema_scope == "pruned":
            with run.step("prune schema") as step:
                # the labels the chosen examples use and the hint lines name for the linked names
                shown = prune(schema, labels_in("\n".join([e["cypher"] for e in examples] + list(hints)), schema))
                step.detail.update(labels=sorted(shown.node_properties), relationships=len(shown.patterns),
                                   of_labels=len(schema.node_properties), of_relationships=len(schema.patterns))
        pruned = shown is not schema

        def grammar() -> str | None:
            return cypher_grammar.for_model(shown).gbnf if constrained else None

        def user(note: str = "") -> dict:
            return {"role": "user", "content": prompts.CYPHER_USER.format(
                schema=prompts.PRUNED_SCHEMA.format(schema=shown.as_text()) if pruned else "",
                examples=prompts.format_examples(examples), hints=prompts.format_hints(hints) + note,
                question=question)}

        def unpruned(history: list[dict]) -> list[dict]:
            """The conversation so far with the whole schema in place of the pruned part."""
            nonlocal shown, pruned, first
            shown, pruned = schema, False
            first = [self._system_message()]
            return first + [user()] + history[2:]

        gbnf = grammar()
        first = [self._system_message(pruned)]
        messages = first + [user()]
        last_error = ""
        tried: set[str] = set()
        empty_retried = False
        repairs = 0
        temperature = 0.0
        last_empty: tuple[CypherAttempt, QueryResult] | None = None
        while True:
            with run.step(f"LLM writes Cypher ({stage})"):
                reply = self.llm.complete(messages, max_tokens=CYPHER_MAX_TOKENS, temperature=temperature,
                                          label=f"cypher-{stage}", grammar=gbnf)
            written = extract_cypher(reply.content)
            attempt = CypherAttempt(cypher=written, stage=stage, source="llm", grammar=gbnf is not None,
                                    schema="pruned" if pruned else "full")
            run.result.cypher.append(attempt)
            # Greedy decoding answers the same prompt the same way: after a repeat, sample instead.
            temperature = REPEAT_TEMPERATURE if written in tried else 0.0
            if written in tried:
                attempt.error = "identical to an earlier attempt; not run again"
            else:
                tried.add(written)
                rows, problems = self._check_and_run(attempt, schema, run)
                if rows is None and problems:
                    attempt, rows = self._auto_fix(attempt, problems, schema, run, tried)
                if rows is not None and rows.rows:
                    return attempt, rows
                if rows is not None:  # ran fine, no rows
                    last_empty = (attempt, rows)
                    if empty_retried:
                        return last_empty
                    empty_retried, stage = True, "empty_retry"
                    if pruned:
                        messages, gbnf = unpruned(messages), grammar()
                    messages = messages + [{"role": "assistant", "content": written},
                                           {"role": "user", "content": prompts.EMPTY_USER.format(
                                               cypher=attempt.cypher, question=question)}]
                    continue
            if repairs >= self.max_repairs:
                return last_empty
            repairs += 1
            stage = "repair"
            if pruned:  # the part of the schema it was shown may lack what the question needs
                messages, gbnf = unpruned(messages), grammar()
            if written in tried and attempt.error.startswith("identical"):
                # A small model shown its own query sends it back: start afresh from the question, with what
                # went wrong as a note and without the query to copy.
                messages = first + [user(prompts.AVOID_NOTE.format(error=last_error or "it returned nothing"))]
                continue
            last_error = attempt.error
            feedback = prompts.REPAIR_USER.format(cypher=attempt.cypher, error=attempt.error, question=question)
            messages = messages + [{"role": "assistant", "content": written}, {"role": "user", "content": feedback}]

    def _auto_fix(self, attempt: CypherAttempt, problems: list[SchemaProblem], schema, run: Run,
                  tried: set[str]) -> tuple[CypherAttempt, QueryResult | None]:
        """The schema checker's single-reading fixes, run without asking the model. Returns the attempt the
        next step should build on (the fixed one when a fix applied) and its rows (None when it failed)."""
        fixed = autofix(attempt.cypher, problems)
        if fixed is None or fixed.cypher in tried:
            return attempt, None
        tried.add(fixed.cypher)
        repaired = CypherAttempt(cypher=fixed.cypher, stage="auto_fix", source="llm", fixes=fixed.notes)
        run.result.cypher.append(repaired)
        return repaired, self._check_and_run(repaired, schema, run)[0]

    def _check_and_run(self, attempt: CypherAttempt, schema, run: Run,
                       ) -> tuple[QueryResult | None, list[SchemaProblem]]:
        """Safety, dialect and schema checks, compile, then run read-only. Errors land on the attempt; the
        schema problems come back too, for the auto-fix."""
        problems: list[SchemaProblem] = []
        with run.step("check and run Cypher") as step:
            try:
                cypher = check_read_only(attempt.cypher)
                cypher, rewrites = normalise_for_backend(cypher, self.store.backend)
                attempt.cypher, attempt.rewrites = cypher, list(rewrites)
                problems = check_against_schema(cypher, schema)
                if problems:
                    raise QueryError("; ".join(str(p) for p in problems))
                self.store.validate(cypher)
                rows = self.store.query(cypher)
            except UnsafeQueryError as exc:
                attempt.error = f"refused: {exc}"
            except QueryError as exc:
                attempt.error = exc.db_message
            if attempt.error:
                step.status = "error"
                step.detail["error"] = attempt.error
                return None, problems
            attempt.row_count, attempt.truncated, attempt.elapsed_ms = len(rows.rows), rows.truncated, rows.elapsed_ms
            run.add_db_time(rows.elapsed_ms)
            step.detail.update(rows=len(rows.rows), truncated=rows.truncated)
            return rows, problems
