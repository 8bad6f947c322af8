"""Live progress: steps reported as they start and end, the answer streamed piece by piece.

The LLM is the SCRIPTED fake OpenAI-compatible server (tests/fake_openai_server.py) sending server-sent
events; the graph is the real store. These tests prove the plumbing from the model's stream to what the
page's column draws, nothing about answer quality.
"""

from __future__ import annotations

import threading

from streamlit.testing.v1 import AppTest

from survivorgraph.retrievers.progress import Progress
from survivorgraph.retrievers.text_to_cypher import TextToCypherRetriever
from tests.fake_openai_server import Reply, completion, stream_chunks

GOOD = "MATCH (ps:PlayerSeason {winner: true})-[:IN_SEASON]->(s:Season {number: 45}) RETURN ps.name AS winner"


class Recorder(Progress):
    """A Progress that also keeps every answer delta in arrival order."""

    def __init__(self):
        super().__init__()
        self.deltas: list[str] = []

    def answer_text(self, delta: str) -> None:
        self.deltas.append(delta)
        super().answer_text(delta)


def test_the_answer_streams_into_the_progress_and_the_result(graph, fake, llm):
    fake.script(Reply(body=completion(GOOD)), Reply(stream=stream_chunks(["Dee ", "Valladares ", "won 45."],
                                                                         usage=(50, 6))))
    progress = Recorder()
    result = TextToCypherRetriever(graph, llm).ask("Who was the winner of season 45?", progress)
    assert progress.deltas == ["Dee ", "Valladares ", "won 45."]
    assert result.answer == "Dee Valladares won 45." == progress.snapshot().answer
    assert fake.chat_requests[-1].get("stream") is True, "the answer call asked for a stream"
    answer_call = result.llm_calls[-1]
    assert answer_call["kind"] == "stream" and answer_call["label"] == "answer"
    assert (answer_call["prompt_tokens"], answer_call["completion_tokens"]) == (50, 6)


def test_every_step_is_reported_in_start_order_with_its_outcome(graph, fake, llm):
    fake.script(Reply(body=completion("MATCH (p:Plaer) RETURN p.name AS name")), Reply(body=completion(GOOD)),
                Reply(stream=stream_chunks(["Dee."])))
    progress = Progress()
    result = TextToCypherRetriever(graph, llm).ask("Who was the winner of season 45?", progress)
    live = progress.snapshot()
    assert {s.name for s in live.steps} == {s.name for s in result.trace}
    assert len(live.steps) == len(result.trace)
    assert all(s.status != "running" for s in live.steps) and live.current is None
    assert any(s.status == "error" for s in live.steps) == any(s.status == "error" for s in result.trace)
    assert [s.name for s in live.steps[-2:]] == ["write answer", "check the answer against its evidence"], \
        "steps are listed in the order they started"


def test_without_progress_nothing_streams(graph, fake, llm):
    fake.script(Reply(body=completion(GOOD)), Reply(body=completion("Dee Valladares.")))
    result = TextToCypherRetriever(graph, llm).ask("Who was the winner of season 45?")
    assert result.answer == "Dee Valladares."
    assert not any(r.get("stream") for r in fake.chat_requests)


def test_a_step_seen_mid_run_is_running():
    progress = Progress()
    outer = progress.step_started("route parts")
    progress.step_started("run tool")
    assert progress.snapshot().current == "run tool"
    version = progress.snapshot().version
    progress.step_ended(outer, "ok", 12.0)
    assert progress.snapshot().version > version
    assert [s.status for s in progress.snapshot().steps] == ["ok", "running"]


def test_progress_is_safe_to_read_while_a_worker_writes():
    progress = Progress()

    def work():
        for i in range(2000):
            progress.answer_text("x")
            if i % 100 == 0:
                progress.step_ended(progress.step_started(f"s{i}"), "ok", 1.0)

    worker = threading.Thread(target=work)
    worker.start()
    seen = 0
    while worker.is_alive():
        snap = progress.snapshot()
        assert len(snap.answer) >= seen
        seen = len(snap.answer)
    worker.join()
    assert progress.snapshot().answer == "x" * 2000 and len(progress.snapshot().steps) == 20


def _column_mid_run():
    """A column as the page draws it while its strategy still works (run by AppTest in its own script)."""
    import streamlit as st

    from survivorgraph.retrievers.progress import Progress
    from survivorgraph.ui.columns import ColumnView

    progress = Progress()
    progress.step_ended(progress.step_started("retrieve chunks"), "ok", 41.0)
    progress.step_started("write answer")
    for piece in ("Richard Hatch ", "won **Borneo**"):
        progress.answer_text(piece)
    view = ColumnView(st.container(), "traditional", key="t")
    view.tick(3.2, progress.snapshot())


def test_a_running_column_shows_its_steps_and_the_answer_so_far():
    at = AppTest.from_function(_column_mid_run).run()
    assert not at.exception, [e.value for e in at.exception]
    assert "Running" in at.status[0].label and "write answer" in at.status[0].label
    markdown = [m.value for m in at.markdown]
    assert any("retrieve chunks" in m and "41 ms" in m and "write answer" in m and "running" in m
               for m in markdown)
    assert any(m.startswith("Richard Hatch won **Borneo**") for m in markdown)


def test_the_cli_names_each_step_on_stderr_as_it_starts(capsys):
    from survivorgraph.cli import TerminalProgress

    progress = TerminalProgress("graph")
    progress.step_ended(progress.step_started("write Cypher"), "ok", 5.0)
    captured = capsys.readouterr()
    assert "[graph] write Cypher" in captured.err and captured.out == ""
    assert progress.snapshot().steps[0].status == "ok"


def _column_streams_then_finishes():
    """A column ticked as the page ticks it while the answer grows, then finished (AppTest runs this)."""
    import streamlit as st

    from survivorgraph.retrievers.progress import Progress
    from survivorgraph.retrievers.types import RetrievalResult
    from survivorgraph.ui.columns import ColumnView
    from survivorgraph.ui.runner import Outcome

    progress = Progress()
    progress.step_started("write answer")
    view = ColumnView(st.container(), "traditional", key="1")
    for n, piece in enumerate(("Dee ", "Valladares ", "won."), 1):
        progress.answer_text(piece)
        view.tick(float(n), progress.snapshot())
    progress.restart_answer()  # a second attempt replaces the text in the same element
    progress.answer_text("Dee Valladares won season 45.")
    view.tick(4.0, progress.snapshot())
    view.finish(Outcome("traditional", RetrievalResult(mode="traditional", question="q",
                                                       answer="Dee Valladares won season 45.")))


def test_a_column_ticked_many_times_draws_each_element_once():
    """Every tick that brings more text rewrites the streamed answer; none may create a keyed element again
    (StreamlitDuplicateElementKey took the page down on the first question with a model)."""
    at = AppTest.from_function(_column_streams_then_finishes).run()
    assert not at.exception, [e.value for e in at.exception]
    assert "Dee Valladares won season 45." in [m.value for m in at.markdown]


class CancelAfterFirstPiece(Progress):
    """The reader gives up once the first piece has arrived, as the page does when a new question comes."""

    def __init__(self):
        super().__init__()
        self.pieces: list[str] = []

    def answer_text(self, delta: str) -> None:
        super().answer_text(delta)
        self.pieces.append(delta)
        self.cancel("a test cancelled it")


def test_a_cancelled_run_stops_mid_stream_and_says_so(graph, fake, llm):
    fake.script(Reply(body=completion(GOOD)), Reply(stream=stream_chunks(["Dee ", "Valladares ", "won 45."])))
    progress = CancelAfterFirstPiece()
    result = TextToCypherRetriever(graph, llm).ask("Who was the winner of season 45?", progress)
    assert progress.pieces == ["Dee "], "the stream was read on after the run was cancelled"
    assert result.answer_kind == "error" and "Stopped before it finished: a test cancelled it" in result.answer
    assert result.llm_calls[-1]["kind"] == "stream", "the stopped stream is still accounted for"


def test_a_run_cancelled_before_it_starts_sends_nothing_to_the_model(graph, fake, llm):
    progress = Progress()
    progress.cancel()
    result = TextToCypherRetriever(graph, llm).ask("Who was the winner of season 45?", progress)
    assert result.answer_kind == "error" and result.answer.startswith("Stopped before it finished")
    assert fake.chat_requests == []


def test_a_stream_that_fails_midway_fails_its_own_column_only(graph, fake, llm, settings):
    """The model server reports an error in the middle of the answer: that strategy ends as an error with
    the message; a strategy asked at the same time is unaffected."""
    from concurrent.futures import ThreadPoolExecutor

    from survivorgraph.core import SurvivorGraph
    from survivorgraph.ui import runner

    broken = stream_chunks(["Dee "])[:1] + [{"error": {"message": "the model server crashed"}}]
    fake.script(Reply(body=completion(GOOD)), Reply(stream=broken))
    with_model, without = SurvivorGraph(settings, llm=llm), SurvivorGraph(settings, llm=None)
    with ThreadPoolExecutor(2) as pool:  # the page's pool: both workers at once
        jobs = runner.start(pool, with_model, "Who was the winner of season 45?", ["graph"])
        jobs |= runner.start(pool, without, "Who was the winner of season 45?", ["agentic"])
        outcomes = {mode: runner.outcome_of(job.future, mode, "q") for mode, job in jobs.items()}
    with_model.close()
    without.close()
    failed = outcomes["graph"].result
    assert failed.answer_kind == "error" and any("crashed" in e for e in failed.errors), failed.errors
    assert outcomes["agentic"].result.answer_kind != "error"
    assert "Dee Valladares" in outcomes["agentic"].result.answer
