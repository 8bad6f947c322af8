"""The agent's tools: predefined catalog queries, freeform text-to-Cypher, and chunk search.

Each tool turns a Plan into Evidence and records what it ran (Cypher + params, or the search) on the run,
so the answer stays traceable to rows and chunks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from survivorgraph.agent.episode_focus import Focus, focus_episodes
from survivorgraph.agent.operations import CHOOSING, Extreme, Gender, InSet, Where, apply_operations, described
from survivorgraph.agent.plans import ABSTAIN, Plan, Source, is_ref
from survivorgraph.agent.query_facts import row_facts
from survivorgraph.agent.rows import pick_one, row_matches
from survivorgraph.errors import (
    BackendUnavailableError,
    NoModelError,
    NotLoadedError,
    QueryError,
    SurvivorGraphError,
)
from survivorgraph.retrievers.base import Run
from survivorgraph.retrievers.traditional import scope_filter, to_evidence
from survivorgraph.retrievers.types import ChunkEvidence, CypherAttempt

TEXT_TO_CYPHER = "text_to_cypher"
CHUNK_SEARCH = "chunk_search"
TIMELINE = "season_timeline"  # the catalog query episode focus reads
FOCUS_POOL = 12  # passages of the focused episode(s) considered (an episode is 2-8 passages)
SET_ROW_CAP = 2000  # a set to subtract or intersect is compared, not shown: all of it, not the first rows
MAX_FAN_OUT = 6  # a ref that resolves to several values (seasons filmed in Fiji) runs the query once per value


@dataclass
class Evidence:
    part: str
    plan: Plan
    rows: list[dict[str, Any]] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    chunks: list[ChunkEvidence] = field(default_factory=list)
    truncated: bool = False
    error: str | None = None
    absent: str | None = None   # "the season filmed in Antarctica is not in the data": what the question names

    @property
    def empty(self) -> bool:
        return not self.rows and not self.chunks


class Toolbox:
    def __init__(self, *, store, catalog, text_store=None, cypher_writer=None, chunk_k: int = 4,
                 row_cap: int = 60, scope=None):
        self.store = store
        self.catalog = catalog
        self.text_store = text_store
        self.cypher_writer = cypher_writer  # a TextToCypherRetriever, or None without a model
        self.chunk_k = chunk_k
        self.row_cap = row_cap
        self.scope = scope  # chunk search stays inside the viewer's watched point

    def available(self) -> list[str]:
        tools = list(self.catalog.names())
        if self.cypher_writer is not None:
            tools.append(TEXT_TO_CYPHER)
        if self.text_store is not None:
            tools.append(CHUNK_SEARCH)
        return tools

    def run(self, plan: Plan, run: Run, stage: str = "catalog", row_cap: int | None = None) -> Evidence:
        """The plan's evidence; `row_cap` (default: the toolbox's) bounds a catalog query's rows."""
        evidence = Evidence(part=plan.part, plan=plan)
        if plan.tool == ABSTAIN:  # the rules know the data cannot answer this ("Parvati's shoe size")
            with run.step("abstain", reason=plan.reason, part=plan.part) as step:
                evidence.absent = plan.params.get("missing") or "the data does not hold what this asks"
                step.detail["absent"] = evidence.absent
            return evidence
        if any(is_ref(v) or (isinstance(v, list) and any(is_ref(x) for x in v)) for v in plan.params.values()):
            return self._run_with_refs(plan, run, stage, evidence)
        with run.step(f"tool: {plan.tool}", params=plan.params, reason=plan.reason, part=plan.part) as step:
            try:
                if plan.tool == CHUNK_SEARCH:
                    step.detail.update(self._chunks(plan, evidence, run))
                elif plan.tool == TEXT_TO_CYPHER:
                    self._text_to_cypher(plan, evidence, run)
                else:
                    self._catalog(plan, evidence, run, stage, row_cap or _cap_for(plan))
                    if plan.operations:
                        self._restrict_and_shape(plan, evidence, run, stage, step)
                    if not evidence.rows and plan.source.deterministic:
                        # A confident rule's query ran and matched nothing: that is the data's answer ("no
                        # season was filmed there"), not a gap for a model's freeform Cypher to fill.
                        evidence.absent = f"the graph holds nothing that matches ({_call(plan)})"
                        step.detail["absent"] = evidence.absent
            except (BackendUnavailableError, NotLoadedError, NoModelError):
                raise  # a store or model that is down is the answer's problem, not "no evidence"
            except SurvivorGraphError as exc:
                evidence.error = str(exc)
                step.status = "error"
                step.detail["error"] = str(exc)
            step.detail.update(rows=len(evidence.rows), chunks=len(evidence.chunks))
        return evidence

    # -- multi-hop: params another catalog query supplies --------------------------------------------
    def _run_with_refs(self, plan: Plan, run: Run, stage: str, evidence: Evidence) -> Evidence:
        """Resolve each ref ("the winner of season 27" -> US0274) with its own catalog query, then run the plan
        once per resolved value (a few at most). A ref that resolves to nothing means the entity the question
        names is not in the data: the evidence says so and stays empty, so the answer abstains."""
        resolved: dict[str, list] = {}
        for name, value in plan.params.items():
            refs = [value] if is_ref(value) else [x for x in value if is_ref(x)] if isinstance(value, list) else []
            if not refs:
                continue
            values: list = []
            for ref in refs:
                found = self._resolve(ref, plan, run, stage)
                if found is None:  # the lookup itself failed: say so, do not claim absence
                    evidence.error = f"could not resolve {ref['label']}"
                    return evidence
                if not found:
                    evidence.absent = f"{ref['label']} is not in the data"
                    return evidence
                values += [v for v in found if v not in values]
            resolved[name] = values
        combos: list[dict] = [{}]
        for name, values in resolved.items():
            scalar = not isinstance(plan.params[name], list)
            combos = [{**c, name: v} for c in combos for v in (values if scalar else [values])][:MAX_FAN_OUT]
        for combo in combos:
            sub = Plan(plan.tool, {**plan.params, **combo}, plan.reason, plan.confidence, plan.part,
                       source=plan.source)
            one = self.run(sub, run, stage, row_cap=_cap_for(plan))
            evidence.rows += one.rows
            evidence.columns = evidence.columns or one.columns
            evidence.truncated = evidence.truncated or one.truncated
            evidence.error = evidence.error or one.error
        if plan.operations and evidence.rows:
            with run.step("answer shape", operations=described(plan.operations), part=plan.part) as step:
                self._restrict_and_shape(plan, evidence, run, stage, step)
        return evidence

    def _restrict_and_shape(self, plan: Plan, evidence: Evidence, run: Run, stage: str, step) -> None:
        """The rows the part's restrictions keep (see agent.restrictions), then the answer shape. A complement
        ("jurors who didn't vote for Kenzie") leaves out the items another plan finds ("except"); an
        intersection ("returning players who didn't make the merge") keeps only those ("within"); a gender
        keeps the people recorded so ("how many women …"). Each other plan runs as its own traced step."""
        rows = evidence.rows
        sets = [op for op in plan.operations if isinstance(op, InSet)]
        for op in sets:
            spec = op.spec
            found = self._set_of(Plan(spec["tool"], spec["params"], reason=op.purpose, part=plan.part,
                                      operations=spec.get("operations", ())), spec["key"], run, stage)
            rows = op.keep_rows(rows, found)
        if sets:
            step.detail["left_out"] = len(evidence.rows) - len(rows)
        for op in (op for op in plan.operations if isinstance(op, Gender)):
            if ids := sorted({r["castaway_id"] for r in rows if r.get("castaway_id")}):
                found = self._set_of(Plan("people_facts", {"castaway_ids": ids}, reason=f"keep the people "
                                          f"recorded {op.gender}", part=plan.part,
                                          operations=(Where({"gender": op.gender}),)), "castaway_id", run, stage)
                kept = op.keep_rows(rows, found)
                step.detail["kept"] = f"{len(kept)} of {len(rows)} rows: {op.gender}"
                rows = kept
        evidence.rows = rows
        self._shape(plan, evidence, step)

    def _set_of(self, plan: Plan, key: str, run: Run, stage: str) -> set:
        """The `key` values of every row another plan finds: read whole (it is compared, not shown)."""
        other = self.run(plan, run, stage, row_cap=SET_ROW_CAP)
        if other.error or other.truncated:
            raise QueryError(f"could not find {plan.reason} ({other.error or 'too many rows'})")
        return {row.get(key) for row in other.rows} - {None}

    @staticmethod
    def _shape(plan: Plan, evidence: Evidence, step) -> None:
        """How many / which day …: the rows as the question's shape asks (see agent.shapes)."""
        evidence.rows, evidence.columns = apply_operations(plan.operations, evidence.rows, evidence.columns,
                                                           evidence.truncated, row_facts(plan.tool))
        step.detail["operations"] = described(plan.operations)

    def _resolve(self, ref, plan: Plan, run: Run, stage: str) -> list | None:
        inner = {name: value for name, value in ref["params"].items() if is_ref(value)}
        if inner:  # "the tribe the winner started on": the winner first, then their tribe
            params = dict(ref["params"])
            for name, value in inner.items():
                found = self._resolve(value, plan, run, stage)
                if not found:
                    return found
                params[name] = found[0]
            ref = {**ref, "params": params}
        with run.step(f"resolve: {ref['label']}", query=ref["$ref"], params=ref["params"], part=plan.part) as step:
            query = self.catalog.get(ref["$ref"])
            attempt = CypherAttempt(cypher=query.cypher, stage=stage, source=query.name)
            run.result.cypher.append(attempt)
            try:
                attempt.params = query.bind(ref["params"])
                result = query.run(self.store, ref["params"], row_cap=self.row_cap)
            except SurvivorGraphError as exc:
                attempt.error = getattr(exc, "db_message", None) or str(exc)
                step.status = "error"
                step.detail["error"] = str(exc)
                return None
            attempt.row_count, attempt.elapsed_ms = len(result.rows), result.elapsed_ms
            run.add_db_time(result.elapsed_ms)
            rows = [r for r in result.rows if row_matches(r, ref["where"])]
            if extreme := ref.get("extreme"):  # "the oldest player on s29"
                rows, _ = apply_operations((Extreme(extreme["column"], bool(extreme.get("max"))),), rows,
                                           list(rows[0]) if rows else [])
            values = list(dict.fromkeys(r[ref["column"]] for r in rows if r.get(ref["column"]) is not None))
            if (pick := ref.get("pick")) is not None:  # "his second win": one of them, or none when too few
                values = pick_one(values, pick)
            if step_by := ref.get("step"):  # "the episode after she went home": the next one
                values = [v + step_by for v in values if isinstance(v, int) and not isinstance(v, bool)]
            step.detail["values"] = values
            return values

    def _catalog(self, plan: Plan, evidence: Evidence, run: Run, stage: str, row_cap: int | None = None) -> None:
        query = self.catalog.get(plan.tool)
        attempt = CypherAttempt(cypher=query.cypher, stage=stage, source=query.name)
        run.result.cypher.append(attempt)
        try:
            attempt.params = query.bind(plan.params)
            result = query.run(self.store, plan.params, row_cap=row_cap or self.row_cap)
        except QueryError as exc:
            attempt.error = exc.db_message
            raise
        attempt.row_count, attempt.truncated, attempt.elapsed_ms = len(result.rows), result.truncated, result.elapsed_ms
        run.add_db_time(result.elapsed_ms)
        evidence.rows, evidence.columns, evidence.truncated = result.rows, result.columns, result.truncated

    def _episode_focus(self, question: str, season: int, people: list[str] | None, run: Run) -> Focus | None:
        """The season's episodes the question is about, from the graph's timeline (see episode_focus)."""
        timeline = Evidence(part=question, plan=Plan(TIMELINE, {"season": season}))
        try:
            self._catalog(timeline.plan, timeline, run, stage="episode focus")
        except SurvivorGraphError:
            return None  # a missing timeline only costs the focus, never the search
        return focus_episodes(question, people or [], timeline.rows)

    def _text_to_cypher(self, plan: Plan, evidence: Evidence, run: Run) -> None:
        if self.cypher_writer is None:
            raise SurvivorGraphError("freeform text-to-Cypher needs a model")
        outcome = self.cypher_writer.generate_and_run(plan.params.get("question") or plan.part, run,
                                                      stage="follow_up" if plan.source == Source.CRITIC else
                                                      "generate")
        if outcome is not None:
            _, result = outcome
            evidence.rows, evidence.columns, evidence.truncated = result.rows, result.columns, result.truncated

    def _chunks(self, plan: Plan, evidence: Evidence, run: Run) -> dict[str, Any]:
        """Hybrid search in the question's season/people; returns what the trace should show about it."""
        if self.text_store is None:
            raise SurvivorGraphError("chunk search needs the text index: run `make setup`")
        params = plan.params
        scoped = scope_filter(self.scope)
        query, k = params.get("query") or plan.part, params.get("k", self.chunk_k)
        seasons, people = params.get("seasons") or None, params.get("castaway_ids") or None
        focused, focus = [], None
        if seasons and len(seasons) == 1:
            focus = self._episode_focus(query, seasons[0], people, run)
        if focus is not None and focus.episodes:
            # The episode the graph points to is read first, the passages that tell the event itself first
            # of all; the rest of the season still fills up.
            in_episode = self.text_store.search(query, k=FOCUS_POOL, mode="hybrid", seasons=seasons,
                                                episodes=focus.episodes, **scoped)
            if not focus.tells(in_episode) and focus.nearby != focus.episodes:
                in_episode = self.text_store.search(query, k=FOCUS_POOL, mode="hybrid", seasons=seasons,
                                                    episodes=focus.nearby, **scoped)
            focused = focus.prefer(in_episode)[:max(1, k - 1)]
        hits = self.text_store.search(query, k=k, mode="hybrid", seasons=seasons, castaway_ids=people, **scoped)
        if not hits and (seasons or people):
            # A filter can be too narrow (a person's chunk may not name them); widen once, keep the season.
            hits = self.text_store.search(query, k=k, mode="hybrid", seasons=seasons, **scoped)
        seen = {h.chunk_id for h in focused}
        hits = (focused + [h for h in hits if h.chunk_id not in seen])[:k]
        evidence.chunks = [to_evidence(h) for h in hits]
        return {"episode_focus": focus.reasons} if focus is not None and focus.episodes else {}


def _cap_for(plan: Plan) -> int | None:
    """Rows a restriction or a shape chooses among are all read first: a count, a pick or the nullified votes of a
    list must not come from its first 60 rows. None: the toolbox's own cap."""
    return SET_ROW_CAP if any(isinstance(op, CHOOSING) for op in plan.operations) else None


def _call(plan: Plan) -> str:
    return f"{plan.tool}({', '.join(f'{k}={v}' for k, v in plan.params.items())})"
