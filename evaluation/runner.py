"""Run a question set through every mode and the retrieval baselines; score; write a resumable JSONL.

Modes: traditional, graph (text-to-Cypher), agentic — as the product runs them — and the baselines the
comparison needs: lexical, vector and hybrid chunk retrieval (evidence support only), and agentic_nollm
(the agent's retrieval with deterministic routing and no model). One line per (question, mode) is appended
to results.jsonl as soon as it is scored, so an interrupted run continues where it stopped.
"""

from __future__ import annotations

import contextvars
import datetime as dt
import hashlib
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from evaluation.gold import GOLD_ANSWERS, Question, filter_questions, load, load_gold_answers, recompute
from evaluation.question_sets import build_question_set, find_set
from evaluation.scoring import Scorer
from survivorgraph.retrievers.traditional import scope_filter, to_evidence

ANSWER_MODES = ("traditional", "graph", "agentic")
BASELINES = ("agentic_nollm", "lexical", "vector", "hybrid")
ALL_MODES = ANSWER_MODES + BASELINES
RETRIEVAL_ONLY = ("lexical", "vector", "hybrid")
MAX_ROWS_KEPT = 200


@dataclass
class EvalOptions:
    questions: Path | None = None      # None: generate `question_set` from the data
    question_set: str = "gold"         # a set of evaluation/sets/index.yaml (by name or former name)
    modes: list[str] | None = None     # None: every mode that can run
    categories: list[str] | None = None
    limit: int | None = None
    no_llm: bool = False
    workers: int | None = None         # None: 4 without a model or with a remote one; 1 with the local model
    out: Path | None = None
    resume: bool = False
    k: int = 6                         # chunks per retrieval baseline
    recompute: bool = True             # recompute gold answers of template questions from the data
    watched: Any = None                # ingest.viewer_scope.ViewerScope: every mode and the gold answers
                                       # for a viewer who has seen only that far; None: everything


@dataclass
class EvalRun:
    folder: Path
    questions: list[Question]
    modes: list[str]
    records: list[dict] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)


def question_hash(q: Question) -> str:
    payload = json.dumps([q.question, q.parts], sort_keys=True, default=str)
    return hashlib.sha1(payload.encode()).hexdigest()[:12]


def eval_root(settings) -> Path:
    return settings.state_dir / "eval"


def resolve_folder(settings, opts: EvalOptions) -> Path:
    if opts.out is not None:
        return Path(opts.out)
    latest = eval_root(settings) / "latest"
    if opts.resume and latest.exists():
        return latest.resolve()
    return eval_root(settings) / dt.datetime.now().strftime("%Y%m%d-%H%M%S")


def gold_questions(settings, opts: EvalOptions) -> tuple[list[Question], Any]:
    from evaluation.data import GoldData
    from ingest.survivor_data import open_survivor_data

    data = open_survivor_data(settings)
    if opts.watched is None:
        g = GoldData(data)
    else:
        from evaluation.scoped import ScopedGoldData

        g = ScopedGoldData(data, opts.watched)
    if opts.questions is None:
        questions = build_question_set(g, opts.question_set)
    else:
        questions = load(Path(opts.questions))
        if opts.watched is not None:
            _check_rescopable(questions, opts)
        if opts.recompute:
            questions = recompute(g, questions)
    return filter_questions(questions, opts.categories, opts.limit), g


def _check_rescopable(questions: list[Question], opts: EvalOptions) -> None:
    """Stored answers are unscoped: under --watched every answer must be recomputed by a gold-answer function."""
    load_gold_answers()
    fixed = [q.id for q in questions if q.parts and (not opts.recompute or q.gold not in GOLD_ANSWERS)]
    if fixed:
        raise ValueError(f"{len(fixed)} question(s) ({', '.join(fixed[:5])}) carry stored answers that cannot be "
                         f"recomputed for {opts.watched.describe()}; drop --stored-answers, or give those "
                         "questions a gold-answer function (\"gold\"), or run without --watched.")


class Harness:
    """Holds the cores (with and without a model) and runs one (question, mode) at a time, thread-safely."""

    def __init__(self, settings, *, no_llm: bool = False, k: int = 6, core=None, scope=None):
        from survivorgraph.core import SurvivorGraph

        self.settings = settings
        self.k = k
        self.scope = scope  # the viewer scope every mode runs under (server side, never in the question)
        self.core = core or SurvivorGraph(settings, llm=None if no_llm else "auto", scope=scope)
        if self.core.scope != scope:
            self.core = self.core.for_scope(scope)
        self.plain = (self.core if self.core._llm_choice is None
                      else SurvivorGraph(settings, llm=None, scope=scope))
        if self.plain is not self.core:  # share the stores (and the embedding model) with the main core
            for name in ("graph", "text"):
                try:
                    self.plain.__dict__[name] = getattr(self.core, name)
                except Exception:  # noqa: BLE001 - a store that cannot open becomes an error result later
                    pass

    @property
    def llm(self):
        from survivorgraph.errors import SurvivorGraphError

        try:
            return self.core.llm
        except SurvivorGraphError:
            return None

    def uses_llm(self, mode: str) -> bool:
        return mode in ANSWER_MODES and self.llm is not None

    def default_workers(self, mode: str) -> int:
        if not self.uses_llm(mode):
            return 4
        return 1 if "embedded" in getattr(self.llm, "provider", "") else 4

    def run(self, q: Question, mode: str) -> dict:
        started = time.perf_counter()
        try:
            if mode in RETRIEVAL_ONLY:
                hits = self.core.text.search(q.question, k=self.k, mode=mode, **scope_filter(self.scope))
                return {"mode": mode, "question": q.question, "answer": "", "answer_kind": "retrieval",
                        "evidence": {"rows": [], "columns": [], "cypher": [],
                                     "chunks": [asdict(to_evidence(h)) for h in hits]},
                        "timings": {"total_ms": round((time.perf_counter() - started) * 1000, 1)},
                        "usage": {"llm_calls": 0, "prompt_tokens": 0, "completion_tokens": 0}, "errors": []}
            core = self.plain if mode == "agentic_nollm" else self.core
            result = core.ask(q.question, "agentic" if mode == "agentic_nollm" else mode).to_dict()
            result["mode"] = mode
            return result
        except Exception as exc:  # noqa: BLE001 - the harness records failures and carries on
            message = f"{type(exc).__name__}: {exc}"
            return {"mode": mode, "question": q.question, "answer": message, "answer_kind": "error",
                    "evidence": {"rows": [], "chunks": [], "cypher": []}, "errors": [message],
                    "timings": {"total_ms": round((time.perf_counter() - started) * 1000, 1)},
                    "usage": {"llm_calls": 0, "prompt_tokens": 0, "completion_tokens": 0}}

    def close(self) -> None:
        self.core.close()


def default_modes(harness: Harness, no_llm: bool) -> list[str]:
    if no_llm or harness.llm is None:
        return ["traditional", "agentic", "lexical", "vector", "hybrid"]
    return list(ALL_MODES)


def read_done(path: Path) -> dict[tuple[str, str], dict]:
    done: dict[tuple[str, str], dict] = {}
    if path.is_file():
        for line in path.read_text().splitlines():
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut by an interrupted write: run that pair again
            done[(rec["qid"], rec["mode"])] = rec
    return done


def check_same_scope(folder: Path, done: dict[tuple[str, str], dict], watched: str | None) -> None:
    """A run folder holds one viewer scope: continuing it under another would mix answers."""
    meta_path = folder / "meta.json"
    before: set = set()
    if meta_path.is_file():
        try:
            before.add(json.loads(meta_path.read_text()).get("viewer_scope"))
        except json.JSONDecodeError:
            pass
    before |= {rec.get("viewer_scope") for rec in done.values()}
    mixed = sorted(str(s) for s in before - {watched})
    if mixed and (done or meta_path.is_file()):
        def name(s):
            return f"--watched {s}" if s not in (None, "None") else "no --watched (unscoped)"
        raise ValueError(f"{folder} holds a run with {' and '.join(name(s) for s in mixed)}; this one has "
                         f"{name(watched)}. Scopes cannot be mixed in one run: continue it with the same option, "
                         "or start a new run (no --resume, or another --out).")


def _trim(result: dict) -> dict:
    ev = result.get("evidence") or {}
    if len(ev.get("rows") or []) > MAX_ROWS_KEPT:
        ev["rows_total"] = len(ev["rows"])
        ev["rows"] = ev["rows"][:MAX_ROWS_KEPT]
    return result


def run_eval(settings, opts: EvalOptions, *, harness: Harness | None = None, progress: bool = True,
             log=print) -> EvalRun:
    from evaluation.matching import Matcher
    from ingest.viewer_scope import describe_scope

    questions, g = gold_questions(settings, opts)
    harness = harness or Harness(settings, no_llm=opts.no_llm, k=opts.k, scope=opts.watched)
    if harness.scope != opts.watched:
        raise ValueError(f"the harness runs {describe_scope(harness.scope)} but the gold answers are for "
                         f"{describe_scope(opts.watched)}: build Harness(..., scope=opts.watched).")
    modes = opts.modes or default_modes(harness, opts.no_llm)
    unknown = [m for m in modes if m not in ALL_MODES]
    if unknown:
        raise ValueError(f"unknown mode(s) {unknown}: choose from {', '.join(ALL_MODES)}")
    folder = resolve_folder(settings, opts)
    folder.mkdir(parents=True, exist_ok=True)
    results_path = folder / "results.jsonl"
    done = read_done(results_path)
    watched = opts.watched.label if opts.watched is not None else None
    check_same_scope(folder, done, watched)
    hashes = {q.id: question_hash(q) for q in questions}
    todo = [(q, m) for q in questions for m in modes
            if (q.id, m) not in done or done[(q.id, m)].get("qhash") != hashes[q.id]]
    llm = harness.llm
    meta = {"started": dt.datetime.now().isoformat(timespec="seconds"), "modes": modes,
            "questions": len(questions), "question_set": str(opts.questions or find_set(opts.question_set).name),
            "llm": llm.describe() if llm is not None else "none",
            "no_llm": opts.no_llm or llm is None, "dataset_version": g.data.version, "scope": str(g.data.scope),
            "graph_backend": settings.graph_backend, "k": opts.k, "viewer_scope": watched,
            "limit": opts.limit, "categories": opts.categories,
            "viewer_scope_text": describe_scope(opts.watched)}
    from evaluation.results_doc import git_commit

    meta["commit"] = git_commit()  # the code that ran, for `python -m evaluation doc --add`
    (folder / "meta.json").write_text(json.dumps(meta, indent=1))
    log(f"evaluation: {len(questions)} questions x {len(modes)} modes -> {folder} "
        f"({len(todo)} to run, {len(questions) * len(modes) - len(todo)} already done); LLM: {meta['llm']}")
    scorer = Scorer(Matcher(getattr(g, "full", g)))  # everyone, so an answer naming a later player is seen
    lock = threading.Lock()
    bar = _progress(len(todo), progress)

    def one(q: Question, mode: str) -> None:
        result = _trim(harness.run(q, mode))
        score = scorer.score(q, result, answers=mode not in RETRIEVAL_ONLY)
        record = {"qid": q.id, "mode": mode, "category": q.category, "question": q.question, "qhash": hashes[q.id],
                  "gold": q.answer, "score": score.to_dict(), "result": result,
                  "finished_at": dt.datetime.now().isoformat(timespec="seconds")}
        if watched is not None:
            record["viewer_scope"] = watched
        with lock:
            with results_path.open("a") as fh:
                fh.write(json.dumps(record, default=str) + "\n")
            done[(q.id, mode)] = record
            bar.update(1)
            bar.set_postfix_str(f"{mode}: {q.id}")

    plain = [(q, m) for q, m in todo if not harness.uses_llm(m)]
    with_llm = [(q, m) for q, m in todo if harness.uses_llm(m)]
    for batch in (plain, with_llm):
        if not batch:
            continue
        workers = opts.workers or harness.default_workers(batch[0][1])
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="eval") as pool:
            # Each task in its own copy of the context: the LLM call capture (a context variable) stays per task.
            futures = [pool.submit(contextvars.copy_context().run, one, q, m) for q, m in batch]
            for future in as_completed(futures):
                future.result()
    bar.close()
    records = [done[(q.id, m)] for q in questions for m in modes if (q.id, m) in done]
    meta["finished"] = dt.datetime.now().isoformat(timespec="seconds")
    (folder / "meta.json").write_text(json.dumps(meta, indent=1))
    return EvalRun(folder, questions, modes, records, meta)


def is_question_set(name: str) -> bool:
    """A set's name or former name (a run's meta records either), not a question file's path."""
    try:
        find_set(name)
    except ValueError:
        return False
    return True


def rescore(settings, folder: Path) -> EvalRun:
    """Score a run's stored answers again, with today's scorer and gold answers and no model call: a scoring
    rule that changes need not cost the hours of model time the answers took. results.jsonl is replaced whole."""
    from evaluation.matching import Matcher
    from ingest.viewer_scope import ViewerScope

    meta_path, results_path = folder / "meta.json", folder / "results.jsonl"
    if not (meta_path.is_file() and results_path.is_file()):
        raise ValueError(f"{folder} is not an evaluation run (no meta.json / results.jsonl)")
    meta = json.loads(meta_path.read_text())
    named = meta.get("question_set") or "gold"
    known = is_question_set(named)
    opts = EvalOptions(question_set=named if known else "gold", questions=None if known else Path(named),
                       categories=meta.get("categories"), limit=meta.get("limit"),  # the run's own selection
                       watched=ViewerScope.parse(meta["viewer_scope"]) if meta.get("viewer_scope") else None)
    questions, g = gold_questions(settings, opts)
    by_id = {q.id: q for q in questions}
    scorer = Scorer(Matcher(getattr(g, "full", g)))
    stored = list(read_done(results_path).values())
    records = [r for r in stored if r["qid"] in by_id]
    for record in records:
        q = by_id[record["qid"]]
        record["score"] = scorer.score(q, record["result"], answers=record["mode"] not in RETRIEVAL_ONLY).to_dict()
        record["gold"], record["qhash"] = q.answer, question_hash(q)
    tmp = results_path.with_suffix(".rescored")
    # answers outside the run's selection (an earlier, wider run into the same folder) are kept as they were
    tmp.write_text("".join(json.dumps(r, default=str) + "\n" for r in stored))
    tmp.replace(results_path)  # a reader never sees half a file
    meta["rescored"] = dt.datetime.now().isoformat(timespec="seconds")
    meta_path.write_text(json.dumps(meta, indent=1))
    answered = {r["qid"] for r in records}
    asked = [q for q in questions if q.id in answered]
    return EvalRun(folder, asked, list(meta.get("modes") or []), records, meta)


def _progress(total: int, enabled: bool):
    from tqdm import tqdm

    return tqdm(total=total, disable=not enabled, unit="answer", dynamic_ncols=True)
