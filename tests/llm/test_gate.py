"""The request gate of the embedded model server: one at a time, the shortest prompt first (no model needed)."""

from __future__ import annotations

import threading
import time

import pytest

from survivorgraph.llm.gate import RequestGate, prompt_cost


def test_prompt_cost_counts_the_text_of_every_message():
    assert prompt_cost([{"role": "system", "content": "x" * 400}, {"role": "user", "content": "y" * 40}]) == 110
    assert prompt_cost([{"role": "user", "content": None}]) == 0


def test_requests_sent_together_go_shortest_first():
    gate = RequestGate(concurrency=1, window_s=0.3)
    order: list[int] = []

    def ask(cost: int) -> None:
        with gate.turn(cost):
            order.append(cost)
            time.sleep(0.02)

    threads = [threading.Thread(target=ask, args=(cost,)) for cost in (4000, 1000, 200)]  # the longest first
    for thread in threads:
        thread.start()
        time.sleep(0.01)
    for thread in threads:
        thread.join()
    assert order == [200, 1000, 4000]


def test_a_request_waits_for_the_one_holding_the_server_and_says_how_long():
    gate = RequestGate(concurrency=1, window_s=0.0)
    inside = threading.Event()
    release = threading.Event()
    waited: list[float] = []

    def long_request() -> None:
        with gate.turn(5000):
            inside.set()
            release.wait(5)

    def short_request() -> None:
        with gate.turn(10) as queued_s:
            waited.append(queued_s)

    holder = threading.Thread(target=long_request)
    holder.start()
    inside.wait(5)
    waiter = threading.Thread(target=short_request)
    waiter.start()
    time.sleep(0.2)
    assert not waited, "the short request went in while the long one held the only place"
    release.set()
    holder.join()
    waiter.join()
    assert waited and waited[0] >= 0.15


def test_concurrency_bounds_how_many_are_inside_at_once():
    gate = RequestGate(concurrency=2, window_s=0.0)
    inside, peak = 0, 0
    lock = threading.Lock()

    def ask(cost: int) -> None:
        nonlocal inside, peak
        with gate.turn(cost):
            with lock:
                inside += 1
                peak = max(peak, inside)
            time.sleep(0.03)
            with lock:
                inside -= 1

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert peak == 2


def test_a_failing_request_gives_its_place_back():
    gate = RequestGate(concurrency=1, window_s=0.0)
    with pytest.raises(RuntimeError), gate.turn(1):
        raise RuntimeError("the server dropped the connection")
    done = threading.Event()
    threading.Thread(target=lambda: (gate.turn(1).__enter__(), done.set())).start()
    assert done.wait(2), "the place was not given back"


def test_concurrency_below_one_is_refused():
    with pytest.raises(ValueError):
        RequestGate(concurrency=0)


def test_what_the_server_already_holds_of_a_prompt_costs_nothing():
    from survivorgraph.llm.gate import PromptMemory

    memory = PromptMemory()
    schema = {"role": "system", "content": "s" * 4000}
    assert memory.unread_cost("cypher", [schema, {"role": "user", "content": "x" * 200}]) == 1050
    # the same schema again: only the new question part is read
    assert memory.unread_cost("cypher", [schema, {"role": "user", "content": "y" * 200}]) == 50
    # another kind of call keeps its own last prompt
    assert memory.unread_cost("answer", [{"role": "user", "content": "a" * 400}]) == 100


def test_a_request_whose_asker_stopped_waiting_leaves_the_line():
    from survivorgraph import cancellation
    from survivorgraph.errors import CancelledError
    from survivorgraph.retrievers.progress import Progress

    gate = RequestGate(concurrency=1, window_s=0.0)
    inside, release = threading.Event(), threading.Event()
    progress, outcome = Progress(), []

    def holder() -> None:
        with gate.turn(5000):
            inside.set()
            release.wait(5)

    def waiter() -> None:
        with cancellation.watching(progress):
            try:
                with gate.turn(10):
                    outcome.append("went in")
            except CancelledError as exc:
                outcome.append(str(exc))

    threading.Thread(target=holder).start()
    inside.wait(5)
    thread = threading.Thread(target=waiter)
    thread.start()
    progress.cancel("a new question was asked")
    thread.join(5)
    release.set()
    assert outcome and outcome[0].startswith("Stopped before it finished"), outcome
    with gate.turn(1):  # the line is clear again
        pass


def test_a_streamed_answer_goes_before_a_cheaper_call_that_only_prepares_one():
    gate = RequestGate(concurrency=1, window_s=0.3)
    order: list[str] = []

    def ask(name: str, cost: int, watched: bool) -> None:
        with gate.turn(cost, watched=watched):
            order.append(name)

    threads = [threading.Thread(target=ask, args=args) for args in
               (("cypher", 300, False), ("long answer", 700, True), ("short answer", 400, True))]
    for thread in threads:
        thread.start()
        time.sleep(0.01)
    for thread in threads:
        thread.join()
    assert order == ["short answer", "long answer", "cypher"]


def test_only_the_next_call_of_the_same_work_skips_the_wait_for_others():
    """A Cypher repair right after its query goes at once; the first call of another question waits the window,
    so the calls of the page's columns sent together are ordered."""
    from survivorgraph import cancellation
    from survivorgraph.retrievers.progress import Progress

    gate = RequestGate(concurrency=1, window_s=0.3)
    first, second = Progress(), Progress()
    with cancellation.watching(first):
        with gate.turn(10):
            pass
        with gate.turn(10) as waited:
            assert waited < 0.2, "the same work's next call waited for others"
    with cancellation.watching(second), gate.turn(10) as waited:
        assert waited >= 0.25, "another question's first call did not wait for the others"
