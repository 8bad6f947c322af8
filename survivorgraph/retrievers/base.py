"""The retriever base: subclasses implement `_answer`; `ask` adds timing, LLM accounting and error wrapping.

No subclass can forget the uniform wrapper: every result has its mode, total / LLM / database time,
the LLM calls it made, and a clear error message instead of an exception when something fails.
"""

from __future__ import annotations

import logging
import re
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from survivorgraph import cancellation
from survivorgraph.errors import NoModelError, SurvivorGraphError
from survivorgraph.redact import redact
from survivorgraph.retrievers.progress import Progress
from survivorgraph.retrievers.types import RetrievalResult, TraceStep

MAX_QUESTION_CHARS = 2000
logger = logging.getLogger(__name__)


class Run:
    """What one `ask` accumulates while it works: trace steps and database time, and (when a page watches)
    the live progress those steps and the streamed answer are reported to."""

    def __init__(self, result: RetrievalResult, progress: Progress | None = None):
        self.result = result
        self.db_ms = 0.0
        self.embed_ms = 0.0
        self.progress = progress

    @contextmanager
    def step(self, name: str, **detail: Any) -> Iterator[TraceStep]:
        step = TraceStep(name=name, detail=dict(detail))
        live = self.progress.step_started(name) if self.progress is not None else None
        started = time.perf_counter()
        try:
            yield step
        except Exception as exc:
            step.status = "error"
            step.detail["error"] = redact(exc)
            raise
        finally:
            step.elapsed_ms = round((time.perf_counter() - started) * 1000, 2)
            self.result.trace.append(step)
            if live is not None:
                self.progress.step_ended(live, step.status, step.elapsed_ms)

    def answer_sink(self) -> Callable[[str], None] | None:
        """Where a model streams the answer text, or None: then the answer is fetched in one piece. Each call
        starts a new answer (text streamed by an earlier attempt is dropped)."""
        if self.progress is None:
            return None
        self.progress.restart_answer()
        return self.progress.answer_text

    def add_db_time(self, ms: float) -> None:
        self.db_ms += ms

    def add_embed_time(self, ms: float) -> None:
        self.embed_ms += ms


_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def check_question(question: str) -> str:
    """Reject input no retriever can use, with a message a user understands."""
    if not isinstance(question, str):
        raise SurvivorGraphError("The question must be text.")
    without_escapes = _ANSI.sub("", question)
    cleaned = "".join(ch for ch in without_escapes if ch.isprintable() or ch in "\n\t").strip()
    if not cleaned and without_escapes == question:
        raise SurvivorGraphError("The question is empty: type a question about Survivor.")
    dropped = len(question) - len(cleaned) - (len(question) - len(question.strip()))
    visible = [ch for ch in cleaned if not ch.isspace()]
    letters = sum(ch.isalpha() for ch in visible)
    if dropped > max(2, len(question) // 50):
        raise SurvivorGraphError("This is not a question: it looks like binary data or control codes. Type a "
                                 "question in words, e.g. 'Who won season 45?'.")
    if letters < 2 or (len(visible) >= 8 and letters < 0.3 * len(visible)):
        raise SurvivorGraphError("That does not look like a question: use words, e.g. 'Who won season 45?'.")
    if len(cleaned) > MAX_QUESTION_CHARS:
        raise SurvivorGraphError(f"The question is {len(cleaned)} characters long; keep it under "
                                 f"{MAX_QUESTION_CHARS}.")
    return cleaned


class Retriever(ABC):
    mode: str = "?"

    def __init__(self, llm=None):
        self.llm = llm

    def stable_prompts(self) -> list[tuple[str, list[dict[str, str]]]]:
        """(call label, messages) of the prompt prefixes every question of this retriever starts with, for
        `SurvivorGraph.warm_model` to read into the model server's cache ahead of the first question."""
        return []

    @abstractmethod
    def _answer(self, question: str, run: Run) -> None:
        """Fill run.result (answer, evidence, trace). Raise SurvivorGraphError for expected failures."""

    def ask(self, question: str, progress: Progress | None = None) -> RetrievalResult:
        """Answer `question`; with `progress`, report each step as it starts and ends and stream the answer."""
        result = RetrievalResult(mode=self.mode, question=question if isinstance(question, str) else "",
                                 model=self.llm.model if self.llm is not None else None)
        run = Run(result, progress)
        started = time.perf_counter()
        calls: list = []
        try:
            result.question = check_question(question)
            with cancellation.watching(progress):
                if self.llm is not None:
                    with self.llm.call_log.capture() as calls:
                        self._answer(result.question, run)
                else:
                    self._answer(result.question, run)
        except NoModelError as exc:
            result.answer_kind = "no_model"
            result.errors.append(str(exc))
            result.answer = str(exc)
        except SurvivorGraphError as exc:
            result.answer_kind = "error"
            result.errors.append(str(exc))
            result.answer = result.answer or str(exc)
        except Exception as exc:  # a bug must not take down the page's other columns; keep it visible
            logger.exception("%s retriever failed", self.mode)
            result.answer_kind = "error"
            result.errors.append(f"internal error ({type(exc).__name__}: {redact(exc)}); see the log")
        total = (time.perf_counter() - started) * 1000
        result.llm_calls = [c.to_dict() for c in calls]
        llm_ms = sum(c.latency_s for c in calls) * 1000
        result.timings = {"total_ms": round(total, 1), "llm_ms": round(llm_ms, 1), "db_ms": round(run.db_ms, 1)}
        if run.embed_ms:
            result.timings["embed_ms"] = round(run.embed_ms, 1)
        return result
