"""The Streamlit comparison page, through `streamlit.testing.v1.AppTest`, against the real stores.

The page reads its settings from the environment like the CLI, so each test points the environment at the
session's embedded FalkorDB (the real Survivor graph, from conftest) and at a Postgres database of its own
(a small real text index, or an empty one). No model is configured unless a test says otherwise; the one
LLM path uses the SCRIPTED fake OpenAI server (tests/fake_openai_server.py): it runs no model, it only
replays queued replies, so those tests check plumbing and rendering, never answer quality.
"""

from __future__ import annotations

import sys
import uuid
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest
import streamlit as st
from psycopg.conninfo import conninfo_to_dict, make_conninfo
from streamlit.testing.v1 import AppTest

from survivorgraph.config import PROJECT_DIR
from survivorgraph.retrievers.types import ChunkEvidence, CypherAttempt, RetrievalResult
from survivorgraph.ui.examples import DEFAULT_QUESTION, EXAMPLES

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from fake_openai_server import FakeOpenAIServer, Reply, completion, stream_chunks  # noqa: E402

APP = str(PROJECT_DIR / "app.py")
RUN_TIMEOUT_S = 300  # a cap for a hung run, not a performance assertion
JURY_QUESTION = DEFAULT_QUESTION  # the question the page opens with, one of the sidebar's examples
WINNER_EXAMPLE = EXAMPLES["Single fact"][1]  # a sidebar example: a season's winner, by number
TEXT_SCOPE = "US:2,US:45"


# -- fixtures -----------------------------------------------------------------------------------------
def _database(settings, name: str) -> tuple[str, str]:
    """Create a database on the session's embedded Postgres; return (its conninfo, the admin conninfo)."""
    from survivorgraph.servers.postgres_server import database_url

    admin = database_url(settings)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return make_conninfo(**(conninfo_to_dict(admin) | {"dbname": name})), admin


def _drop(admin: str, name: str) -> None:
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="module")
def text_db(graph, settings):
    """A database holding a small real text index (seasons 2 and 45), built with the local embedder."""
    pytest.importorskip("survivorgraph.text.store", reason="the text store is not available")
    build = pytest.importorskip("ingest.text.build", reason="the text index builder is not available")
    name = f"app_text_{uuid.uuid4().hex[:8]}"
    url, admin = _database(settings, name)
    try:
        build.build_text_index(replace(settings, database_url=url, seasons=TEXT_SCOPE, embedding_model=""),
                               corpus="survivor", log=lambda _: None)
        yield url
    finally:
        st.cache_resource.clear()  # closes the page's cores (on_release), so the drop finds no session
        _drop(admin, name)


@pytest.fixture(scope="module")
def empty_db(graph, settings):
    """A database with no text index: what the page sees before `make setup` built one."""
    name = f"app_empty_{uuid.uuid4().hex[:8]}"
    url, admin = _database(settings, name)
    yield url
    st.cache_resource.clear()
    _drop(admin, name)


@pytest.fixture
def page_env(monkeypatch, settings):
    """Point the page's settings (read from the environment) at the test stores."""

    def configure(*, database_url: str = "", llm_base_url: str = "", state_dir: Path | None = None) -> None:
        env = {"SURVIVORGRAPH_STATE_DIR": str(state_dir or settings.state_dir),
               "SURVIVOR_DATA_DIR": str(settings.survivor_data_dir), "SURVIVOR_SEASONS": settings.seasons,
               "FALKORDB_GRAPH": settings.falkordb_graph, "NEO4J_URI": "", "DATABASE_URL": database_url,
               "OPENAI_API_KEY": "", "LLM_BASE_URL": llm_base_url, "LLM_MODEL": "fake-model" if llm_base_url else "",
               "LLM_MODEL_PATH": "", "EMBEDDING_MODEL": "", "LLM_MAX_RETRIES": "0", "HF_HUB_OFFLINE": "1"}
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        st.cache_data.clear()  # the status panel is cached for 30 s per settings

    return configure


@pytest.fixture
def fake_llm():
    """The scripted fake OpenAI server on loopback; stopped after the test."""
    server = FakeOpenAIServer().start()
    try:
        yield server
    finally:
        server.stop()


def load_page() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=RUN_TIMEOUT_S)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def ask(at: AppTest, question: str, strategies: str | None = None) -> AppTest:
    at.text_input(key="question").input(question)
    if strategies:
        at.radio(key="strategies").set_value(strategies)
    next(b for b in at.button if b.label == "Run").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def texts(elements) -> list[str]:
    return [e.value for e in elements]


def cypher_blocks(at: AppTest) -> list[str]:
    return [c.value for c in at.code if c.language == "cypher"]


def frames(at: AppTest):
    return [df.value for df in at.dataframe]


# -- the page ---------------------------------------------------------------------------------------
def test_page_loads_with_status_and_examples_and_runs_nothing(page_env, text_db):
    page_env(database_url=text_db)
    at = load_page()
    assert at.title[0].value.startswith("survivorgraph")
    sidebar = " ".join(texts(at.sidebar.markdown))
    assert "FalkorDB" in sidebar and "Postgres" in sidebar and "pgvector" in sidebar
    assert "Text index" in sidebar and "passages" in sidebar
    assert "no model" in sidebar
    assert any("OPENAI_API_KEY" in i and "make model" in i for i in texts(at.sidebar.info))
    assert any(c.startswith("Dataset survivoR") for c in texts(at.sidebar.caption))  # the dataset version
    counts = next(df for df in frames(at) if "label" in df.columns)
    assert {"Season", "Player", "PlayerSeason"} <= set(counts["label"])
    labels = [b.label for b in at.sidebar.button]
    assert {q for qs in EXAMPLES.values() for q in qs} <= set(labels)  # every example is a button
    assert len(at.sidebar.expander) >= 4  # example categories
    assert not at.status  # loading the page answers nothing


def test_three_columns_fill_in_with_evidence(page_env, text_db):
    page_env(database_url=text_db)
    at = ask(load_page(), JURY_QUESTION)

    statuses = list(at.status)
    assert len(statuses) == 3
    assert all(s.state in ("complete", "error") for s in statuses), [(s.label, s.state) for s in statuses]
    assert [h.value for h in at.subheader][:3] == ["Traditional RAG", "Graph RAG (text-to-Cypher)",
                                                    "Agentic graph RAG"]
    # Traditional: real passages with season, episode and score.
    assert statuses[0].state == "complete"
    passages = [e.label for e in at.expander if e.label.startswith("[")]
    assert passages and all("score" in p for p in passages)
    assert any("S45" in p or "S2" in p for p in passages)
    # Graph RAG without a model: a clear, labelled message, not a failure.
    assert any("No LLM is configured" in i and "OPENAI_API_KEY" in i for i in texts(at.info))
    # Agentic: the catalog queries, shown as Cypher, and their rows as a dataframe.
    cypher = cypher_blocks(at)
    assert any("JURY_VOTE_FOR" in c for c in cypher)
    jury = next(df for df in frames(at) if "juror" in df.columns)
    assert "Katurah Topps" in set(jury["juror"])
    # Metrics per column, the comparison row and the history.
    assert [m.label for m in at.metric][:3] == ["Latency", "LLM calls", "Tokens"]
    assert len(at.metric) == 9
    comparison = next(df for df in frames(at) if "Strategy" in df.columns)
    assert len(comparison) == 3 and {"Latency (s)", "Tokens", "Evidence", "Agrees with"} <= set(comparison.columns)
    history = at.session_state["history"]
    assert len(history) == 1 and history[0].question == JURY_QUESTION
    graph = history[0].outcomes["agentic"].graph
    assert graph is not None and {"Player", "PlayerSeason", "Season"} <= graph.labels()
    assert "JURY_VOTE_FOR" in graph.edge_types()


def test_trace_shows_the_agents_steps(page_env, text_db):
    page_env(database_url=text_db)
    at = ask(load_page(), "Who has won the most individual immunities, and how many seasons did they play?",
             strategies="Agentic graph RAG")
    assert len(at.status) == 1 and at.status[0].state == "complete"
    trace = " ".join(texts(at.markdown))
    for expected in ("link entities", "route", "Tool:", "critic round", "covered"):
        assert expected in trace, expected
    assert any("individual_immunity_ranking" in t or "immunity" in t for t in texts(at.markdown))
    assert cypher_blocks(at)
    wins = next(df for df in frames(at) if "wins" in df.columns)
    assert "Rob Mariano" in " ".join(map(str, wins.to_numpy().ravel()))


def test_example_button_runs_that_question_and_history_grows(page_env, text_db):
    page_env(database_url=text_db)
    at = load_page()
    at.radio(key="strategies").set_value("Agentic graph RAG")
    next(b for b in at.sidebar.button if b.label == WINNER_EXAMPLE).click().run()
    assert not at.exception
    assert at.text_input(key="question").value == WINNER_EXAMPLE
    assert at.status[0].state == "complete"
    assert any("Dee Valladares" in t for t in texts(at.markdown))
    ask(at, "Who has been on the most seasons?", strategies="Agentic graph RAG")
    history = at.session_state["history"]
    assert [r.question for r in history] == [WINNER_EXAMPLE, "Who has been on the most seasons?"]
    assert next(df for df in frames(at) if "question" in df.columns).shape[0] == 2
    # Showing an earlier run again renders it from the session, without asking again.
    at.selectbox(key="history_pick").set_value(history[0].run_id).run()
    assert not at.exception
    assert any(WINNER_EXAMPLE in t for t in texts(at.markdown))


def test_missing_text_index_is_an_actionable_message(page_env, empty_db):
    page_env(database_url=empty_db)
    at = load_page()
    assert any("make setup" in w for w in texts(at.sidebar.warning))
    ask(at, "What forced Michael Skupin out of Survivor: The Australian Outback?", strategies="Traditional RAG")
    assert len(at.status) == 1 and at.status[0].state == "error"
    assert any("text index is empty" in e and "make setup" in e for e in texts(at.error))


def test_backends_down_are_messages_not_tracebacks(page_env, tmp_path):
    state = tmp_path / "nothing-running"
    page_env(state_dir=state)
    at = load_page()
    errors = " ".join(texts(at.error))
    assert "make db-up" in errors or "make setup" in errors
    assert any("graph" in e.lower() for e in texts(at.error))
    assert not (state / "falkordb").exists()  # the status check started nothing


def test_graph_column_with_a_scripted_model(page_env, text_db, fake_llm):
    cypher = ("MATCH (ps:PlayerSeason)-[:IN_SEASON]->(s:Season {number: 45}) WHERE ps.winner = true "
              "RETURN ps.name AS winner, ps.castaway_id AS castaway_id, s.number AS season")
    fake_llm.script(Reply(body=completion(f"```cypher\n{cypher}\n```", usage=(120, 30))),
                    Reply(stream=stream_chunks(["Dee Valladares ", "won Survivor 45."], usage=(80, 9))))
    page_env(database_url=text_db, llm_base_url=fake_llm.url)
    at = load_page()
    assert any("compatible server at" in m for m in texts(at.sidebar.markdown))
    ask(at, "Who was the winner of season 45?", strategies="Graph RAG (text-to-Cypher)")
    assert len(fake_llm.chat_requests) == 2
    assert at.status[0].state == "complete"
    assert any("Dee Valladares won Survivor 45." in t for t in texts(at.markdown))
    assert cypher_blocks(at) == [cypher]
    rows = next(df for df in frames(at) if "winner" in df.columns)
    assert list(rows["winner"]) == ["Dee Valladares"]
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["LLM calls"] == "2" and metrics["Tokens"] == "239"
    calls = next(df for df in frames(at) if "step" in df.columns)
    assert len(calls) == 2
    graph = at.session_state["history"][0].outcomes["graph"].graph
    assert graph is not None and "p:US0666" in {n["data"]["id"] for n in graph.nodes}


def test_agentic_column_with_a_scripted_model(page_env, text_db, fake_llm):
    # The agent routes a season's winner by rule and trusts a rule's evidence: the model only writes the
    # answer, here joining two parts (one part its template reads needs no model). Spare replies cover a change in
    # how many calls the agent makes; the test checks plumbing.
    # The page streams the answer, so the scripted replies are server-sent events.
    fake_llm.script(*[Reply(stream=stream_chunks(["Dee Valladares won ", "Survivor 45 (5-3-0)."])) for _ in range(4)])
    page_env(database_url=text_db, llm_base_url=fake_llm.url)
    at = ask(load_page(), "Who was the winner of season 45 and who was the winner of season 44?",
             strategies="Agentic graph RAG")
    assert at.status[0].state == "complete", at.status[0].label
    assert fake_llm.chat_requests
    assert any("Dee Valladares won Survivor 45" in t for t in texts(at.markdown))
    assert int(next(m.value for m in at.metric if m.label == "LLM calls")) >= 1

    asked = len(fake_llm.chat_requests)
    # one part: composed, no model call
    at = ask(load_page(), "Who was the winner of season 45?", strategies="Agentic graph RAG")
    assert at.status[0].label.startswith("Composed from the rows"), at.status[0].label
    assert any(t.startswith("Dee Valladares won Survivor: 45 (season 45)") for t in texts(at.markdown))
    assert len(fake_llm.chat_requests) == asked


def test_spoiler_guard_answers_for_a_viewer(page_env, text_db):
    page_env(database_url=text_db)
    at = load_page()
    at.toggle(key="spoiler_on").set_value(True).run()  # the season and episode inputs are enabled by it
    at.number_input(key="watched_season").set_value(45)
    at.number_input(key="watched_episode").set_value(1)
    ask(at, "Who was the winner of season 45?", strategies="Agentic graph RAG")
    assert at.status[0].state == "complete"
    assert any("spoiler guard" in t and "season 45, episode 1" in t for t in texts(at.markdown))
    result = at.session_state["history"][0].outcomes["agentic"].result
    assert result.scope == "watched through season 45, episode 1"
    assert not any(row.get("winner") == "Dee Valladares" for row in result.rows)  # not known after episode 1


def test_question_from_the_url_runs_on_load(page_env, text_db):
    page_env(database_url=text_db)
    at = AppTest.from_file(APP, default_timeout=RUN_TIMEOUT_S)
    at.query_params["q"] = "Who was the winner of season 45?"
    at.query_params["run"] = "1"
    at.query_params["mode"] = "agentic"
    at.run()
    assert not at.exception
    assert len(at.status) == 1 and at.status[0].state == "complete"


# -- the helpers behind the page ---------------------------------------------------------------------
def test_evidence_graph_is_bounded_and_escaped(graph):
    from survivorgraph.ui.evidence_graph import MAX_NODES, build_evidence_graph, find_anchors, safe_text

    assert safe_text('<img src=x onerror="alert(1)">&') == '\u2039img src=x onerror="alert(1)"\u203a\uff06'
    ids = [f"US{n:04d}" for n in range(1, 200)]
    result = RetrievalResult(mode="graph", question="q", rows=[{"castaway_id": i, "season": 45} for i in ids],
                             cypher=[CypherAttempt("MATCH (a)-[:CAST_VOTE]->(b) RETURN a", params={"season": 45})])
    anchors = find_anchors(result)
    assert anchors.seasons == [45] and len(anchors.castaway_ids) == len(ids)
    view = build_evidence_graph(graph, result)
    assert len(view.nodes) <= MAX_NODES and view.truncated and "Bounded" in view.note
    for element in view.nodes + view.edges:
        assert not any(ch in str(v) for v in element["data"].values() for ch in "<>&")


def test_evidence_graph_follows_the_relationships_the_query_touched(graph):
    from survivorgraph.ui.evidence_graph import build_evidence_graph, touched_types

    rows = [{"juror": "Kaleb Gebrewold", "castaway_id": "US0673", "voted_for": "Dee Valladares"},
            {"winner": "Dee Valladares", "castaway_id": "US0666", "season": 45}]
    query = "MATCH (s:Season {number: $season})<-[:IN_SEASON]-(j:PlayerSeason)-[v:JURY_VOTE_FOR]->(f) RETURN j"
    result = RetrievalResult(mode="agentic", question="q", rows=rows, cypher=[CypherAttempt(query, {"season": 45})])
    assert touched_types(result) == ["IN_SEASON", "JURY_VOTE_FOR"]
    view = build_evidence_graph(graph, result)
    assert {"p:US0673", "p:US0666", "s:US45", "ps:US45:US0673"} <= {n["data"]["id"] for n in view.nodes}
    jury_votes = [e["data"] for e in view.edges if e["data"]["label"] == "JURY_VOTE_FOR"]
    assert jury_votes == [{"id": "ps:US45:US0673|JURY_VOTE_FOR|ps:US45:US0666", "label": "JURY_VOTE_FOR",
                           "source": "ps:US45:US0673", "target": "ps:US45:US0666"}]
    assert "CAST_VOTE" not in view.edge_types()  # not touched by the query: not drawn


def test_agreement_heuristic():
    from survivorgraph.ui.compare import agreement, salient_terms, summary_rows, verdict

    q = "Who won the title on Survivor 45?"
    a = RetrievalResult("graph", q, answer="Dee Valladares won Survivor 45 with 5 jury votes.")
    b = RetrievalResult("agentic", q, answer="The winner was Dee Valladares (5-3-0).", answer_kind="extractive")
    c = RetrievalResult("traditional", q, answer="Austin Li Coon was runner-up.")
    d = RetrievalResult("traditional", q, answer="boom", answer_kind="error")
    assert salient_terms(a.answer, q) == {"dee", "valladares", "5"}
    assert verdict(agreement(a, b)) == "agree"
    assert verdict(agreement(a, c)) == "differ"
    assert agreement(a, d) is None and verdict(None) == "not comparable"
    rows = summary_rows({"graph": a, "agentic": b})
    assert rows[0]["Agrees with"] == "Agentic" and rows[0]["Strategy"] == "Graph RAG (text-to-Cypher)"


def test_markdown_from_data_is_escaped_and_chunks_are_labelled():
    from survivorgraph.ui.columns import chunk_label
    from survivorgraph.ui.trace import md_escape

    assert md_escape("[x](javascript:alert(1)) *b* <i>") == r"\[x\]\(javascript\:alert\(1\)\) \*b\* \<i\>"
    chunk = ChunkEvidence("c1", "text", 0.81234, title="Survivor: Cagayan \u2014 Episode 6", season=28, episode=6)
    assert chunk_label(2, chunk) == "[2] Survivor: Cagayan \u2014 Episode 6 \u00b7 S28 E6 \u00b7 score 0.812"


@pytest.mark.parametrize("watched", ["", "44", "x:y"])
def test_a_malformed_watched_point_in_the_link_answers_nothing_until_it_is_fixed(page_env, text_db, watched):
    """Fail closed: `?watched=` that is not S:E never runs a question unguarded; the sidebar fixes it."""
    page_env(database_url=text_db)
    at = AppTest.from_file(APP, default_timeout=RUN_TIMEOUT_S)
    at.query_params.update(watched=watched, q="Who was the winner of season 45?", run="1", mode="agentic")
    at.run()
    assert not at.exception and len(at.status) == 0, "nothing was asked"
    assert any("S:E, e.g. 44:6" in e.value for e in at.error), [e.value for e in at.error]
    ask(at, "Who was the winner of season 45?", strategies="Agentic graph RAG")
    assert len(at.status) == 0, "Run answers nothing while the watched point is not valid"
    at.button(key="use_watched_point").click().run()  # the viewer takes the sidebar's season 45, episode 1
    assert not any("S:E" in e.value for e in at.error)
    ask(at, "Who was the winner of season 45?", strategies="Agentic graph RAG")
    result = at.session_state["history"][0].outcomes["agentic"].result
    assert result.scope == "watched through season 45, episode 1"


def test_a_latency_reads_in_milliseconds_below_a_tenth_of_a_second():
    """An answer composed from rows takes milliseconds: shown so, never as "0.00 s"."""
    from survivorgraph.ui.columns import seconds

    assert [seconds(v) for v in (0.0042, 0.038, 0.31, 19.34, 214.2)] == ["4.2 ms", "38 ms", "0.31 s", "19.3 s", "214 s"]
