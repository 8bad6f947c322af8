"""Live progress of one running `ask`, for a page that shows it while the retriever works.

The retriever's worker thread writes (a step started, a step ended, a piece of streamed answer text); the
page's script thread reads a consistent `Snapshot` every tick. Nothing here touches Streamlit, so the same
object serves any front end (or a test). A retriever asked without a `Progress` streams nothing and behaves
exactly as before.

The reader can also `cancel` the run (a new question replaces it): the worker then stops at its next step or
streamed piece with `CancelledError`, so an abandoned question does not keep the model busy.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from survivorgraph.errors import CancelledError


@dataclass(frozen=True)
class StepState:
    name: str
    status: str          # "running", "ok", "error"
    elapsed_ms: float = 0.0


@dataclass(frozen=True)
class Snapshot:
    version: int                     # grows with every change: a reader redraws only when it moved
    steps: tuple[StepState, ...]
    answer: str                      # the answer text streamed so far ("" until the model writes)

    @property
    def current(self) -> str | None:
        """The step running now (the innermost one), if any."""
        running = [s.name for s in self.steps if s.status == "running"]
        return running[-1] if running else None


class Progress:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._steps: list[StepState] = []
        self._answer: list[str] = []
        self._version = 0
        self._cancelled = threading.Event()
        self._cancel_reason = ""

    def cancel(self, reason: str = "a new question was asked") -> None:
        self._cancel_reason = reason
        self._cancelled.set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def raise_if_cancelled(self) -> None:
        if self._cancelled.is_set():
            raise CancelledError(f"Stopped before it finished: {self._cancel_reason}.")

    def step_started(self, name: str) -> int:
        """Record a running step; the returned index identifies it for `step_ended`. A cancelled run stops here."""
        self.raise_if_cancelled()
        with self._lock:
            self._steps.append(StepState(name, "running"))
            self._version += 1
            return len(self._steps) - 1

    def step_ended(self, index: int, status: str, elapsed_ms: float) -> None:
        with self._lock:
            self._steps[index] = StepState(self._steps[index].name, status, elapsed_ms)
            self._version += 1

    def answer_text(self, delta: str) -> None:
        """A piece of the answer as the model streams it (raising here closes the stream of a cancelled run)."""
        self.raise_if_cancelled()
        if delta:
            with self._lock:
                self._answer.append(delta)
                self._version += 1

    def restart_answer(self) -> None:
        """Forget streamed text (a second answer attempt replaces the first, it does not extend it)."""
        with self._lock:
            self._answer.clear()
            self._version += 1

    def snapshot(self) -> Snapshot:
        with self._lock:
            return Snapshot(self._version, tuple(self._steps), "".join(self._answer))
