"""Which asker's work is running in this thread, so deep code (the model client, the gate's queue) can stop
work nobody waits for any more without every function passing a token along.

`Retriever.ask` sets the current run's `Progress` (it has `cancelled` and `raise_if_cancelled`); the runner runs
each worker in its own context copy, so concurrent questions never see each other's state.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol


class Cancellable(Protocol):
    @property
    def cancelled(self) -> bool: ...

    def raise_if_cancelled(self) -> None: ...


_current: contextvars.ContextVar[Cancellable | None] = contextvars.ContextVar("sg_cancellable", default=None)


@contextmanager
def watching(work: Cancellable | None) -> Iterator[None]:
    token = _current.set(work)
    try:
        yield
    finally:
        _current.reset(token)


def current() -> Cancellable | None:
    """The work running here (a question's strategy), or None outside `Retriever.ask`."""
    return _current.get()


def cancelled() -> bool:
    work = _current.get()
    return work is not None and work.cancelled


def raise_if_cancelled() -> None:
    """Raise `CancelledError` when the asker of the work running here has stopped waiting for it."""
    work = _current.get()
    if work is not None:
        work.raise_if_cancelled()
