"""Answer one question with several strategies at once, each in a worker thread.

Workers make no Streamlit calls: each reports into its own `Progress` (steps, streamed answer text), and the
page's script thread polls those and the futures, drawing each column's live state and rendering it in full
as soon as its future is done, so a slow strategy never holds back the others. Each worker runs inside a copy
of the caller's context (`contextvars.copy_context()`), which the LLM call log needs to attribute calls.
"""

from __future__ import annotations

import contextvars
import logging
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass

from survivorgraph.redact import redact
from survivorgraph.retrievers.progress import Progress
from survivorgraph.retrievers.types import RetrievalResult
from survivorgraph.ui.evidence_graph import EvidenceGraph, build_evidence_graph

logger = logging.getLogger(__name__)
GRAPH_MODES = ("graph", "agentic")


@dataclass
class Outcome:
    """One strategy's finished work: its result, and the evidence graph behind its rows."""

    mode: str
    result: RetrievalResult
    graph: EvidenceGraph | None = None
    graph_error: str | None = None
    wall_ms: float = 0.0


def make_reentrant(core) -> None:
    """`SurvivorGraph.retriever()` builds the agentic retriever while holding its lock, and that build asks
    for the graph retriever (when a model is configured): with a plain Lock that deadlocks. An RLock lets the
    same thread re-enter. Harmless once core.py uses an RLock itself."""
    if not isinstance(core.__dict__.get("_lock"), type(threading.RLock())):
        core._lock = threading.RLock()


def answer(core, question: str, mode: str, progress: Progress | None = None) -> Outcome:
    """Ask one strategy; never raises (an unexpected failure becomes an error result with its message)."""
    started = time.perf_counter()
    try:
        result = core.ask(question, mode, progress)
    except Exception as exc:  # a backend library's own error must not take the page down
        logger.exception("%s failed", mode)
        message = f"{type(exc).__name__}: {redact(exc)}"
        result = RetrievalResult(mode=mode, question=question, answer=message, answer_kind="error",
                                 errors=[message])
    outcome = Outcome(mode, result)
    if mode in GRAPH_MODES and result.rows:
        try:
            outcome.graph = build_evidence_graph(core.graph, result)
        except Exception as exc:
            logger.exception("evidence graph for %s failed", mode)
            outcome.graph_error = f"The evidence graph could not be built ({type(exc).__name__}: {redact(exc)})."
    outcome.wall_ms = round((time.perf_counter() - started) * 1000, 1)
    return outcome


def outcome_of(future: Future, mode: str, question: str) -> Outcome:
    """The worker's outcome; `answer` never raises, but a worker killed another way still ends as an error."""
    error = future.exception()
    if error is None:
        return future.result()
    message = f"The {mode} worker stopped unexpectedly ({type(error).__name__}: {error})."
    return Outcome(mode, RetrievalResult(mode=mode, question=question, answer=message, answer_kind="error",
                                         errors=[message]))


@dataclass
class Job:
    """One strategy at work: its future (an `Outcome` when done) and its live progress."""

    future: Future
    progress: Progress


def cancel(jobs: dict[str, Job], reason: str = "a new question was asked") -> list[str]:
    """Ask every unfinished job to stop at its next step or streamed piece; returns the modes still running."""
    running = [mode for mode, job in jobs.items() if not job.future.done()]
    for mode in running:
        jobs[mode].progress.cancel(reason)
    return running


def wait_stopped(jobs: dict[str, Job], timeout_s: float) -> bool:
    """Wait for cancelled jobs to end (a model call in flight finishes first); True when all have."""
    return not wait([job.future for job in jobs.values()], timeout=timeout_s).not_done


def start(executor: ThreadPoolExecutor, core, question: str, modes: list[str]) -> dict[str, Job]:
    """Submit one worker per mode; each runs in its own copy of the current context."""
    make_reentrant(core)
    jobs = {}
    for mode in modes:
        progress = Progress()
        future = executor.submit(contextvars.copy_context().run, answer, core, question, mode, progress)
        jobs[mode] = Job(future, progress)
    return jobs
