"""Admission to a model server that has a few CPU cores for everyone: one request at a time, the shortest first.

The embedded llama.cpp server batches concurrent requests: each step decodes one token for every request
that is writing, plus a chunk of any prompt still being read. On 2 cores that chunk takes seconds, so a short
request next to a long prompt writes one token per chunk: measured here with Qwen2.5-Coder-1.5B, three
requests of ~200, ~1,000 and ~4,000 prompt tokens sent together all finished after ~140 s, the short one
included, while its own work is ~7 s. The total work is the same either way (prompt reading is
compute-bound), so the gate lets one request in at a time and, of those waiting, the one with the shortest
prompt: the short answers come back in seconds and the long one finishes about when it would have anyway.
Streamed answers go first of all: their words are what the page's reader is waiting for.

A request's length is what the server must read: its prompt less the prefix the server still holds from the
last prompt of the same kind (`PromptMemory`; the Cypher prompt's ~3,400-token schema is read once, then its
calls cost their ~300-token question part). A request that finds the gate idle waits `window_s` first, so
requests sent together (the page's three columns) are ordered by length, not by which thread came first.
"""

from __future__ import annotations

import heapq
import itertools
import os
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from survivorgraph import cancellation

CHARS_PER_TOKEN = 4  # a prompt's length in tokens, near enough to order requests by
CANCEL_CHECK_S = 0.25  # how often a waiting request looks whether its asker still waits for it


def prompt_text(messages: Sequence[Mapping[str, Any]]) -> str:
    return "\n".join(str(m.get("content") or "") for m in messages)


def prompt_cost(messages: Sequence[Mapping[str, Any]]) -> int:
    """About how many tokens these messages are."""
    return len(prompt_text(messages)) // CHARS_PER_TOKEN


class PromptMemory:
    """The last prompt of each kind of call, to tell how much of a new one the server's cache already holds."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._last: dict[Any, str] = {}

    def unread_cost(self, kind: Any, messages: Sequence[Mapping[str, Any]]) -> int:
        """About how many tokens of these messages the server must read; remembers them as the kind's last."""
        text = prompt_text(messages)
        with self._lock:
            last = self._last.get(kind, "")
            self._last[kind] = text
        shared = len(os.path.commonprefix([last, text]))
        return (len(text) - shared) // CHARS_PER_TOKEN


class RequestGate:
    # window_s: the page's columns reach the model 0.1-0.5 s after the question (linking, routing, embedding)
    def __init__(self, concurrency: int = 1, window_s: float = 0.5):
        if concurrency < 1:
            raise ValueError("concurrency must be at least 1")
        self.concurrency, self.window_s = concurrency, window_s
        self._cond = threading.Condition()
        self._waiting: list[tuple[int, int, int]] = []  # (rank, cost, ticket): a heap, the first to go on top
        self._tickets = itertools.count()
        self._running = 0
        self._last_owner: object = None  # whose request had the last turn

    @contextmanager
    def turn(self, cost: int, *, watched: bool = False) -> Iterator[float]:
        """Hold one of the server's places for the request inside; yields the seconds spent waiting. A `watched`
        request (an answer streamed to the page) goes before any other: its words are what the asker waits for,
        while a Cypher or routing call only prepares an answer."""
        started = time.monotonic()
        owner = cancellation.current() or threading.get_ident()  # the asking work (kept, so never a reused id)
        with self._cond:
            entry = (0 if watched else 1, cost, next(self._tickets))
            heapq.heappush(self._waiting, entry)
            if self._running == 0 and self._last_owner != owner:
                # Idle, and not the next call of the work that just had its turn (a Cypher repair right after
                # its query): let requests sent at the same moment arrive, so the shortest goes first.
                self._cond.wait_for(lambda: False, timeout=self.window_s)
            while not self._cond.wait_for(lambda: self._running < self.concurrency and self._waiting[0] == entry,
                                          timeout=CANCEL_CHECK_S):
                if cancellation.cancelled():  # nobody waits for this answer any more: leave the line
                    self._waiting.remove(entry)
                    heapq.heapify(self._waiting)
                    self._cond.notify_all()
                    cancellation.raise_if_cancelled()
            heapq.heappop(self._waiting)
            self._running += 1
            self._cond.notify_all()
        try:
            yield time.monotonic() - started
        finally:
            with self._cond:
                self._running -= 1
                self._last_owner = owner
                self._cond.notify_all()
