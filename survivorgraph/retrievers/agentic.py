"""Agentic graph RAG: link entities, split the question into parts, route each part (deterministic rules
first, then the LLM router), run the tools, let the critic fire follow-up lookups for uncovered parts
(at most `max_rounds`), and write one answer from all the evidence.

Works without a model: linking, deterministic routing, catalog queries and chunk search need none; the
answer is then composed from the rows by the queries' answer templates (agent.templates) where they fit, else
extractive, and labelled so. With a model, a one-part answer the template composed skips the answer call.
"""

from __future__ import annotations

import re

from survivorgraph.agent import intents
from survivorgraph.agent.candidate_choice import CandidateChooser
from survivorgraph.agent.chains import names_one_of_their_seasons
from survivorgraph.agent.critic import deterministic_verdicts, follow_up, llm_verdict
from survivorgraph.agent.episode_focus import search_text
from survivorgraph.agent.example_router import Candidate
from survivorgraph.agent.lexicon import Mention, reading
from survivorgraph.agent.llm_router import LLMRouter, grounded
from survivorgraph.agent.operations import Focus, yielding
from survivorgraph.agent.parts import Part, split_parts
from survivorgraph.agent.plans import ABSTAIN, Plan, Slots, Source
from survivorgraph.agent.shapes import answer_shape
from survivorgraph.agent.templates import compose
from survivorgraph.agent.tools import CHUNK_SEARCH, TEXT_TO_CYPHER, Evidence, Toolbox
from survivorgraph.errors import SurvivorGraphError
from survivorgraph.retrievers import prompts
from survivorgraph.retrievers.answering import (
    data_summary,
    extractive_chunks,
    extractive_rows,
    is_ranking,
    key_facts,
    missing_facts,
)
from survivorgraph.retrievers.base import Retriever, Run
from survivorgraph.retrievers.claims import Evidence as AnswerEvidence
from survivorgraph.retrievers.claims import passage_text
from survivorgraph.retrievers.grounding import answer_from_passages, answer_or_evidence, sentence_embedder
from survivorgraph.retrievers.not_in_data import unknown_in, unknown_message

# What is left of "and Tevin?", "what about Soda?", "(… voted for Wendell) and which for Domenick?" once the
# person is taken out: the same question, for them
_FOLLOW_UP = re.compile(r"^(?:and|or|what about|how about|plus|also|same for|same question for|then)?\s*(?:him|her)?$"
                        r"|^(?:and\s+)?(?:which|who)(?: ones?)?(?: did)?\s+(?:for|against|with|about)$", re.I)


def _follow_ups_asked_again(parts: list[Part], linked) -> list[Part]:
    """ "On season 45, which finalist got Katurah's jury vote? And Kaleb's?": a part that is only another person is
    the previous part asked of them (its one person swapped for theirs)."""
    people = [l for l in linked.links if l.kind == "person"]
    out: list[Part] = []
    for part in parts:
        mine = [l for l in people if l.text in part.text]
        before = [l for l in people if out and l.text in out[-1].text]
        if out and len(mine) == 1 and len(before) == 1 \
                and _FOLLOW_UP.match(part.text.replace(mine[0].text, "").strip(" ,.?!")):
            part = Part(out[-1].text.replace(before[0].text, mine[0].text), False, False)
        out.append(part)
    return out


# A season and episode written as one code, the way episode guides do ("s14e5", "S40E13")
_EPISODE_CODE = re.compile(r"\b[sS](\d{1,2}) ?[eE](\d{1,2})\b")

class AgenticRetriever(Retriever):
    mode = "agentic"

    def __init__(self, *, linker, toolbox: Toolbox, llm=None, max_rounds: int = 2, scope=None, examples=None,
                 example_order: str = "after_rules"):
        super().__init__(llm)
        self.linker = linker
        self.toolbox = toolbox
        self.max_rounds = max_rounds
        self.scope = scope
        # The example router (agent.example_router) and where it stands: "after_rules" (a part no rule reads),
        # "first" (before the rules, when clearly ahead), "only" (instead of the rules: to measure it alone).
        self.examples = examples
        self.example_order = example_order
        self.router = LLMRouter(llm, toolbox.catalog, toolbox.available()) if llm is not None else None
        # With a model and examples: the model picks among the example router's candidates (agent.candidate_choice)
        self.chooser = CandidateChooser(llm, toolbox.catalog, toolbox.available()) \
            if llm is not None and examples is not None else None

    def stable_prompts(self) -> list[tuple[str, list[dict[str, str]]]]:
        prompts = [("route-warm", self.router.stable_prompt())] if self.router is not None else []
        return prompts + ([("choose-warm", self.chooser.stable_prompt())] if self.chooser is not None else [])

    @classmethod
    def build(cls, core) -> AgenticRetriever:
        from queries.catalog import load_catalog
        from survivorgraph.errors import SurvivorGraphError

        text_store = None
        try:
            text_store = core.text
        except SurvivorGraphError:
            pass  # no text index: the agent routes to graph tools only
        cypher_writer = None
        if core.llm is not None:
            cypher_writer = core.retriever("graph")
        toolbox = Toolbox(store=core.graph, catalog=load_catalog(), text_store=text_store,
                          cypher_writer=cypher_writer, scope=core.scope)
        return cls(linker=core.linker, toolbox=toolbox, llm=core.llm, scope=core.scope,
                   examples=_example_router(core))

    # -- the loop ---------------------------------------------------------------------------------
    def _answer(self, question: str, run: Run) -> None:
        question = _EPISODE_CODE.sub(r"season \1 episode \2", question)  # "recap s14e5" names season 14, episode 5
        with run.step("link entities") as step:
            linked = self.linker.link(question)
            rewritten = self.linker.rewrite(question, linked)
            step.detail.update(rewritten=rewritten, links=[f"{l.text} -> {l.name} ({l.entity_id})"
                                                           for l in linked.links],
                               ambiguous=[l.text for l in linked.ambiguous], unresolved=linked.unresolved)
        if linked.unresolved and not linked.links:
            run.result.answer_kind = "abstained"
            run.result.answer = self._unknown_message(linked.unresolved)
            return
        with run.step("split into parts") as step:
            parts = split_parts(question)
            unknown = {p.text: unknown_in(p.text, linked.unresolved, single=len(parts) == 1) for p in parts}
            step.detail["parts"] = [p.text for p in parts]
            if any(unknown.values()):
                step.detail["not answered"] = {part: names for part, names in unknown.items() if names}
        # A part that names someone or something the data lacks is not answered about something else.
        skipped = [name for names in unknown.values() for name in names]
        parts = _follow_ups_asked_again(_without_unknown(parts, unknown, linked), linked)
        if not parts:
            run.result.answer_kind = "abstained"
            run.result.answer = self._unknown_message(skipped)
            return
        evidence: list[Evidence] = []
        tried: dict[str, set[str]] = {p.text: set() for p in parts}
        before: tuple[Slots, list[Plan]] | None = None
        for part in parts:
            slots = self._slots(part, linked, evidence)
            plans = self._plans(part, slots, linked, run, evidence, before)
            for plan in plans:
                tried[part.text].add(plan.tool)
                evidence.append(self.toolbox.run(plan, run))
            before = (slots, plans)
        self._critic_rounds(parts, linked, evidence, tried, run)
        self._compose(question, parts, evidence, run)
        if skipped:
            run.result.answer += "\n\nNot answered: " + self._unknown_message(skipped)

    def _unknown_message(self, unresolved: list[str]) -> str:
        return unknown_message(unresolved, self.scope)

    def _slots(self, part: Part, linked, evidence: list[Evidence]) -> Slots:
        inside = [l for l in linked.links if not l.ambiguous and l.text in part.text]
        seasons = sorted({l.season for l in inside if l.kind == "season" and l.season is not None})
        people = list(dict.fromkeys(l.entity_id for l in inside if l.kind == "person"))
        tribes = [(l.name.split(" (")[0], l.season) for l in inside if l.kind == "tribe" and l.season]
        if not seasons and (part.refers_to_season or (len(linked.season_numbers) == 1
                                                        and not names_one_of_their_seasons(part.text))):
            seasons = list(linked.season_numbers)  # "that season's jury" -> the season named earlier
        if not seasons and part.refers_to_season:
            seasons = _top_season(evidence)  # "which season was filmed in X, and who won it?"
        if not people and part.refers_to_person:
            people = _top_person(evidence)
        # The names in the part, masked before the rules read it (a word of a name never triggers a rule).
        mentions = [Mention(l.text, l.kind, l.season if l.kind == "season" else None) for l in linked.links
                    if l.text in part.text and (not l.ambiguous or l.kind == "person")]
        return Slots(part.text, seasons, people, tribes, mentions)

    def _plans(self, part: Part, slots: Slots, linked, run: Run, earlier: list[Evidence] = (),
               before: tuple[Slots, list[Plan]] | None = None) -> list[Plan]:
        plans: list[Plan] = []
        if _lost_subject(part, slots, list(earlier)):
            # "… and who won it?" after a part that found nothing: "it" is not in the data either.
            with run.step("route", part=part.text) as step:
                step.detail.update(tool=ABSTAIN, how="deterministic: the earlier part this one refers to found nothing")
            return [Plan(ABSTAIN, {"missing": "what the earlier part asks about"}, part=part.text,
                         reason="deterministic: the part refers back to an earlier part that found nothing",
                         source=Source.AGENT)]
        narrative = intents.is_narrative(part.text)
        candidates: list[Candidate] = []
        by_example, example_detail = None, None
        if self.examples is not None and self.example_order in ("first", "only"):
            by_example, example_detail, candidates = self._by_example(part, slots, linked, earlier, narrative)
        plan = by_example or (intents.route(slots) if self.example_order != "only" or self.examples is None else None)
        if plan is None and self.examples is not None and self.example_order == "after_rules":
            plan, example_detail, candidates = self._by_example(part, slots, linked, earlier, narrative)
        if plan is None and (episode := _that_night(part, linked, list(earlier))):
            # "a steal-a-vote was played on s40 - who played it, and who left the game that night?"
            plan = Plan("episode_events", {**episode, "about": "exits"}, part=part.text,
                        reason="deterministic: who left in the episode the part before found", source=Source.AGENT)
        # (not a part about someone found before: "how far did they get" is the rules' to read with that person)
        if plan is None and before is not None and not _names_anything(part, linked) and not slots.people \
                and not intents.is_narrative(part.text):
            plan = _with_the_part_before(part, before)
        with run.step("route", part=part.text) as step:
            if example_detail is not None:  # the example router's candidates and why, whichever stage chose
                step.detail["examples"] = example_detail
            if plan is not None:
                step.detail.update(tool=plan.tool, params=plan.params, how=plan.reason, stage=plan.source.value)
                if plan.unread:
                    step.detail["unread"] = plan.unread
                plans.append(plan)
            elif narrative and CHUNK_SEARCH in self.toolbox.available():
                # "Why / describe / how did …" is a text question: no LLM call is needed to route it.
                step.detail.update(tool=CHUNK_SEARCH, how="deterministic rule: narrative question -> text search")
            elif self.router is not None and earlier and not _names_anything(part, linked):
                # "… - who was it and how far did they get?": a later part that names nothing of its own asks more
                # of what the parts before it found. The 1.5B router sent such parts to queries of its own choosing
                # (the season's first boot, the show's 17th episode; unspoken, session 8), while the rows already
                # found and the text answer them.
                step.detail["how"] = ("deterministic: a follow-up no rule reads is answered from what the parts "
                                      "before it found, and the text")
            elif self.chooser is not None and candidates:
                try:
                    chosen = self.chooser.choose(slots, candidates)
                except SurvivorGraphError as exc:
                    _routing_failed(run, step, exc, "the model could not pick a plan: searching the text")
                else:
                    step.detail.update(tool=chosen.tool, params=chosen.params, stage="model among examples",
                                       how=f"LLM (candidates): {chosen.reason}")
                    plans.append(chosen)
            elif self.router is not None:
                entities = self.linker.rewrite(part.text, linked) if linked.links else ""
                try:
                    chosen, how = self.router.route(part.text, _entity_note(slots))
                except SurvivorGraphError as exc:
                    _routing_failed(run, step, exc, "LLM router failed: searching the text")
                else:
                    named_seasons = sorted({*[x for x in slots.seasons if isinstance(x, int)],
                                            *(season for _, season in slots.tribes)})
                    guess = chosen
                    chosen, fixed = grounded(chosen, named_seasons, [p for p in slots.people if isinstance(p, str)],
                                             anyone_named=bool(slots.people))
                    if chosen is None:  # a person the question never names: the text instead of a made-up id
                        step.detail.update(tool=guess.tool, params=guess.params, entities=entities,
                                           how=f"LLM ({how}) not run: {fixed[0]}; searching the text")
                    else:
                        step.detail.update(tool=chosen.tool, params=chosen.params,
                                           how=f"LLM ({how}): {chosen.reason}", entities=entities)
                        plans.append(chosen)
            else:
                step.detail["how"] = "no rule fits and no model is configured: searching the text"
        # Passages beside the graph's rows for a story, for a part no rule read, and for a part the LLM routed: a
        # small model's choice of query is a guess (measured on the unasked set: 2 of its 20 were right, while the
        # text alone answered 4 of the same 20), so the answer also sees the text. Not for a part the data cannot
        # answer: passages would read as an answer.
        guessed = any(p.source == Source.LLM_ROUTER for p in plans)
        if CHUNK_SEARCH in self.toolbox.available() and (narrative or not plans or guessed) and not any(
                p.tool in (CHUNK_SEARCH, ABSTAIN) for p in plans):
            season_names = [l.text for l in linked.links if l.kind == "season" and l.season in slots.seasons]
            why = "deterministic: narrative question" if narrative else "beside the LLM's route: text search" \
                if guessed else "fallback: text search"
            plans.append(Plan(CHUNK_SEARCH, {"query": search_text(part.text, season_names), "seasons": slots.seasons,
                                             "castaway_ids": slots.people}, reason=why, part=part.text,
                              source=Source.NARRATIVE if narrative else Source.TEXT_SEARCH))
        return plans

    def _by_example(self, part: Part, slots: Slots, linked, earlier, narrative: bool
                    ) -> tuple[Plan | None, dict | None, list[Candidate]]:
        """The example router's plan for the part when its best candidate is clearly ahead; its candidates and
        why are kept for the route step. Not for a story question (the text answers it), nor for a later part
        that names nothing of its own (what it asks is what the parts before found: measured, nearest examples
        sent such parts to unrelated lookups, as the LLM router did)."""
        if narrative or (earlier and not _names_anything(part, linked) and not slots.people and not slots.seasons):
            return None, None, []
        routed = self.examples.route(slots)
        detail = {"why": routed.why, "ms": round(routed.elapsed_ms, 1),
                  "candidates": [c.describe() for c in routed.candidates]}
        if routed.plan is not None:  # the shape words of the part ("how many", "on what day"), as for a rule's plan
            shape = answer_shape(reading(slots.text, slots.mentions), routed.plan.tool)
            routed.plan.operations = yielding(routed.plan.operations, *shape)
        return routed.plan, detail, routed.candidates

    def _critic_rounds(self, parts: list[Part], linked, evidence: list[Evidence], tried: dict[str, set[str]],
                       run: Run) -> None:
        for round_no in range(1, self.max_rounds + 1):
            with run.step(f"critic round {round_no}") as step:
                verdicts = deterministic_verdicts([p.text for p in parts], evidence)
                if self.llm is not None:
                    verdicts = [self._llm_check(v, evidence) for v in verdicts]
                step.detail["verdicts"] = [{"part": v.part, "covered": v.covered, "missing": v.missing,
                                            "by": v.judged_by} for v in verdicts]
                todo = [v for v in verdicts if not v.covered]
            if not todo:
                return
            fired = False
            for verdict in todo:
                slots = self._slots(next(p for p in parts if p.text == verdict.part), linked, evidence)
                plan = follow_up(verdict, tried[verdict.part], self.toolbox.available(), slots.seasons, slots.people)
                if plan is not None:
                    tried[verdict.part].add(plan.tool)
                    evidence.append(self.toolbox.run(plan, run, stage="follow_up"))
                    fired = True
            if not fired:
                return

    def _llm_check(self, verdict, evidence: list[Evidence]):
        """Ask the model only about parts whose evidence came from an uncertain source."""
        mine = [e for e in evidence if e.part == verdict.part]
        # A rule's evidence, or a lookup that established the entity is not in the data, needs no second opinion
        # (asked anyway, a small model calls "absent" uncovered and a follow-up dresses up a guess).
        trusted = any((not e.empty and e.plan.source.deterministic) or e.absent for e in mine)
        if not verdict.covered or trusted:
            return verdict
        try:
            return llm_verdict(self.llm, verdict.part, evidence)
        except SurvivorGraphError:
            return verdict  # no second opinion; the rule's verdict stands

    def _compose(self, question: str, parts: list[Part], evidence: list[Evidence], run: Run) -> None:
        result = run.result
        useful = [e for e in evidence if not e.empty]
        result.chunks = [c for e in useful for c in e.chunks]
        with_rows = [e for e in useful if e.rows]
        if len(with_rows) == 1:
            result.rows, result.columns = with_rows[0].rows, with_rows[0].columns
        elif with_rows:
            result.rows = [{"part": e.part, **row} for e in with_rows for row in e.rows]
            result.columns = ["part"] + list(dict.fromkeys(c for e in with_rows for c in e.columns))
        if not useful:
            result.answer_kind = "abstained"
            absent = list(dict.fromkeys(e.absent for e in evidence if e.absent))
            reason = "; ".join(absent)
            result.answer = (f"{reason[:1].upper()}{reason[1:]}, so there is no answer." if absent else
                             "No tool found evidence for this question, so the data does not show an answer.")
            return
        # the part asked first, then a description it was about ("the Redemption Island winner"): who "they" are
        leads = {p.text for p in parts if p.lead}
        useful = sorted(useful, key=lambda e: e.part in leads)
        items = [(f"{e.part}{LEAD_NOTE}" if e.part in leads else e.part, _source(e), e.rows,
                  e.chunks) for e in useful]
        # Each part's rows as a sentence, where its query's answer templates fit them (agent.templates)
        # A description the question was about reads, as before, as the name(s) it found in the evidence below (its
        # own sentence would repeat the question's words and add facts the question did not ask): nothing to compose
        sentences = ["" if e.part in leads else self._composed(e) for e in useful]
        if self.llm is None:
            self._without_model(result, items, sentences, useful)
            return
        if len(parts) == 1 and len(useful) == 1 and sentences[0] and not useful[0].chunks \
                and useful[0].plan.source != Source.LLM_ROUTER:
            # One part, one template that read its rows: the answer is complete without a model's phrasing
            with run.step("write the answer") as step:
                step.detail.update(skipped=True, how="the model call was skipped: the answer composed from the "
                                                      "rows by the query's template is complete (one part)")
            self._without_model(result, items, sentences, useful)
            return
        try:
            if not any(e.rows for e in useful):
                # Passages only (a story): written as traditional RAG writes it — the sentences that bear on the
                # question, numbered, every fact cited — not from the mixed rows-and-passages prompt, whose answers
                # kept a fifth to two fifths of a passage's facts (docs/grounding.md)
                result.answer = answer_from_passages(self.llm, question, result.chunks, run,
                                                     embed=sentence_embedder(self.toolbox.text_store)) \
                    + _unread_note(useful)
                return
            messages = [{"role": "system", "content": prompts.ANSWER_SYSTEM},
                        {"role": "user", "content": prompts.AGENT_USER.format(
                            question=question, evidence=prompts.format_agent_evidence(items))}]
            evidence = AnswerEvidence(rows=[row for *_, rows, _ in items for row in rows],
                                passages=[passage_text(c) for *_, chunks in items for c in chunks],
                                question=question,
                                cited=max((len(chunks) for *_, chunks in items), default=0))
            result.answer = answer_or_evidence(
                self.llm, messages, evidence, run, what="the rows and passages found", parts=len(parts),
                found=len(useful), shown_instead=lambda: "\n\n".join(
                    _extractive_part(part, rows, chunks) for part, _, rows, chunks in items))
            if result.answer_kind != "extractive" and self._guard_facts(result, items, useful, run):
                # The model answered something else: the answer is the one written without it, every part (its
                # passages too) — not only the part the model got wrong
                self._without_model(result, items, sentences, useful, header=REBUILT_EVIDENCE)
                return
            result.answer += _unread_note(useful)
        except SurvivorGraphError as exc:
            # The evidence was found; a model that fails at the last step should not hide it.
            result.errors.append(f"the model could not write the answer ({exc}); showing the evidence")
            # the parts its templates read, as sentences above it
            self._without_model(result, items, sentences, useful, header=COMPOSED_EVIDENCE)


    def _composed(self, e: Evidence) -> str | None:
        """The evidence's rows as a sentence by its catalog query's answer templates; None when none fits."""
        if not e.rows or e.plan.tool not in self.toolbox.catalog:
            return None
        query = self.toolbox.catalog.get(e.plan.tool)
        return compose(e.rows, e.columns, e.plan.operations, query.answer, e.truncated, question=e.part,
                       own=query.rows.name)

    @staticmethod
    def _without_model(result, items, sentences: list[str | None], useful: list[Evidence], *,
                       header: str | None = None) -> None:
        """The answer without a model's writing: the composed sentences first (answer_kind "composed" when
        every part composed), then the evidence part by part under `header` (default: no model is configured; a
        model that failed at the answer step is not "no model"), and the note on what no plan applied."""
        evidence = "\n\n".join(_extractive_part(part, rows, chunks) for part, _, rows, chunks in items)
        composed = [s for s in dict.fromkeys(sentences) if s]  # "": a part with nothing to compose (a lead)
        if composed and all(s is not None for s in sentences):
            result.answer_kind = "composed"
            result.answer = "\n".join(composed) + f"\n\n{COMPOSED_EVIDENCE}\n\n" + evidence
        else:
            result.answer_kind = "extractive"
            lead = "\n".join(composed) + "\n\n" if composed else ""
            result.answer = f"{lead}{header or NO_MODEL_EVIDENCE}\n\n{evidence}"
        result.answer += _unread_note(useful)

    @staticmethod
    def _guard_facts(result, items, useful: list[Evidence], run: Run) -> bool:
        """A small model may drop or contradict what the rows hold. Missing list items are given exactly (before
        the model's answer for one part, after it for several); a missing *leading* fact (the one name or number a
        single row or a ranking is about) means the model answered something else: True, the answer is to be
        rebuilt without it."""
        with run.step("check the answer against the rows") as step:
            added, wrong = [], False
            for (part, _, rows, _), e in zip(items, useful, strict=True):
                if not rows:
                    continue
                asked = next((op.column for op in e.plan.operations if isinstance(op, Focus)), None)
                facts = key_facts(rows, question=part, asked=asked)
                # what the part is about: the one row's name or number, the ranking's leader, and the value asked
                leading = set(facts[:1]) | set(key_facts(rows, question=part)[:1])
                missing = missing_facts(result.answer, facts)
                if missing:
                    step.detail.setdefault("missing", {})[part] = missing[:10]
                    added.append(f"{part}: {data_summary(rows, question=part)}")
                    wrong = wrong or (bool(leading & set(missing))
                                      and (len(rows) == 1 or is_ranking(rows, question=part)))
            if wrong:
                step.detail["model_answer"] = result.answer
                step.status = "error"
                result.errors.append("the model's answer did not match the rows; "
                                     "the answer is the evidence without it")
                return True
            if added and len({part for part, *_ in items}) == 1:
                # The exact list first: the model's answer, kept below it, reads as complete when it is not.
                step.detail["model_answer"] = result.answer
                result.answer = ("From the data — " + "\n".join(added)
                                 + "\n\nThe model's answer (it left some of these out): " + result.answer)
            elif added:  # several parts: the model's answer covers the others; the exact lists follow it
                result.answer += "\n\nFrom the data, in full — " + "\n".join(added)
        return False


def _example_router(core):
    """The example router over queries/examples/, on the product's embedder (its example vectors cached in the
    state dir); None when the embedder cannot load: the agent then routes as it did without one."""
    from survivorgraph.agent.example_router import ExampleRouter
    from survivorgraph.errors import NoModelError

    try:
        return ExampleRouter.load(core.embedder, cache_dir=core.settings.cache_dir)
    except NoModelError:
        return None


def _unread_note(evidence: list[Evidence]) -> str:
    """A caveat for each part whose lookup did not apply one of its modifiers ("right after", "without"): the
    rows may answer a wider question than the one asked, and the reader should know which word was left out."""
    notes = []
    for e in evidence:
        if e.plan.unread:
            words = ", ".join(f"'{w}'" for w in e.plan.unread)
            notes.append(f"the lookup for '{e.part}' did not apply {words}")
    notes = list(dict.fromkeys(notes))
    return ("\n\nNote: " + "; ".join(notes) + " — the rows may include what the question leaves out.") if notes else ""


def _top_person(evidence: list[Evidence]) -> list[str]:
    """The person an earlier part found ("… and how many seasons did *they* play?")."""
    for e in evidence:
        for row in e.rows[:1]:
            asked = next(iter(row), "")  # the column the part asked for leads: "played_for" -> played_for_id
            for key in (f"{asked}_id", "castaway_id", "winner_id", "player_id"):
                if isinstance(row.get(key), str):
                    return [row[key]]
    return []


LEAD_NOTE = " (what the question is about)"
NO_MODEL_EVIDENCE = "No model is configured; the evidence, part by part:"
COMPOSED_EVIDENCE = "The evidence, part by part:"
REBUILT_EVIDENCE = "The model's answer did not match the rows (it is in the trace); the evidence, part by part:"


def _extractive_part(part: str, rows: list[dict], chunks) -> str:
    """One part's evidence as text; a description the question was about is the name(s) it found, its rows stay in
    the evidence table."""
    if part.endswith(LEAD_NOTE) and rows and (names := key_facts(rows, question=part)):
        return f"{part}: {', '.join(names)}"
    return f"{part}:\n{extractive_rows(rows, question=part) if rows else extractive_chunks(chunks, question=part)}"


def _top_season(evidence: list[Evidence]) -> list[int]:
    """The season an earlier part found ("which season was filmed in Kenya, and who won *it*?")."""
    for e in evidence:
        for row in e.rows[:1]:
            if isinstance(row.get("season"), int):
                return [row["season"]]
    return []


def _with_the_part_before(part: Part, before: tuple[Slots, list[Plan]]) -> Plan | None:
    """ "how often has an idol nullifier been played? and how often did it work?":
    a later part that names nothing asks about the subject of the part before; read together, the rules may route
    it — to a plan of its own, not the one the part before already ran."""
    slots, plans = before
    if not plans or any(p.tool in (ABSTAIN, CHUNK_SEARCH) for p in plans):
        return None
    joined = Slots(f"{slots.text} — {part.text}", slots.seasons, slots.people, slots.tribes, slots.mentions)
    plan = intents.route(joined)
    if plan is None or plan.tool == ABSTAIN or any(
            (plan.tool, plan.params, plan.operations) == (p.tool, p.params, p.operations) for p in plans):
        return None
    plan.part = part.text
    plan.reason = f"{plan.reason} (read with the part before: {slots.text})"
    return plan


_THAT_NIGHT = re.compile(r"\b(who|which \w+)\b.*\b(went home|was (voted|sent) (out|off|home)"
                         r"|got (voted|sent) (out|off|home)|left|was eliminated|got the boot|was booted)\b"
                         r".*\b(that|the same) (night|episode|week|tribal(?: council)?)\b", re.I)


def _that_night(part: Part, linked, evidence: list[Evidence]) -> dict | None:
    """The season and episode of the row the part before found, when this part asks who left "that night"."""
    if not _THAT_NIGHT.search(part.text) or _names_anything(part, linked):
        return None
    for e in evidence:
        for row in e.rows[:1]:
            if isinstance(row.get("season"), int) and isinstance(row.get("episode"), int):
                return {"season": row["season"], "episode": row["episode"]}
    return None


def _without_unknown(parts: list[Part], unknown: dict[str, list[str]], linked) -> list[Part]:
    """The parts to answer: not one that names what the data lacks, nor a later one that only refers back to it
    ("who hosts survivor 61? and who won it")."""
    kept: list[Part] = []
    dropped = False
    for part in parts:
        refers_back = (part.refers_to_season or part.refers_to_person) and not _names_anything(part, linked)
        dropped = bool(unknown[part.text]) or (dropped and refers_back)
        if not dropped:
            kept.append(part)
    return kept


def _names_anything(part: Part, linked) -> bool:
    return any(l.text in part.text for l in linked.links)


def _lost_subject(part: Part, slots: Slots, evidence: list[Evidence]) -> bool:
    """A later part that refers back ("it", "they") when every earlier part found nothing has no subject."""
    refers = (part.refers_to_season and not slots.seasons) or (part.refers_to_person and not slots.people)
    return refers and bool(evidence) and all(e.empty for e in evidence)


def _routing_failed(run: Run, step, exc: Exception, how: str) -> None:
    """The model is down or slow: the part falls back to the text, and the answer and its trace say why."""
    run.result.errors.append(f"the model could not route this part ({exc})")
    step.status = "error"
    step.detail.update(how=how, error=str(exc))


def _entity_note(slots: Slots) -> str:
    bits = []
    if slots.people:
        bits.append("castaway_id " + ", ".join(slots.people))
    if slots.seasons:
        bits.append("season " + ", ".join(str(s) for s in slots.seasons))
    return "; ".join(bits)


def _source(e: Evidence) -> str:
    if e.plan.tool == CHUNK_SEARCH:
        return "text passages"
    if e.plan.tool == TEXT_TO_CYPHER:
        return "generated Cypher"
    return f"graph query {e.plan.tool}({', '.join(f'{k}={v}' for k, v in e.plan.params.items())})"
