"""The command line through click's CliRunner, in-process, against the session's real embedded graph."""

from __future__ import annotations

import json
import socket

import pytest
from click.testing import CliRunner

from survivorgraph.cli import main

QUESTION = "Who was the winner of season 45?"


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def cli_env(settings, graph):
    """The CLI's environment: the session's graph, no model; Postgres unreachable (the traditional column
    errors, the agentic one answers from the graph)."""
    return {"SURVIVORGRAPH_STATE_DIR": str(settings.state_dir), "SURVIVOR_DATA_DIR": str(settings.survivor_data_dir),
            "SURVIVOR_SEASONS": settings.seasons, "FALKORDB_GRAPH": settings.falkordb_graph, "NEO4J_URI": "",
            "DATABASE_URL": f"postgresql://postgres@127.0.0.1:{closed_port()}/survivor", "OPENAI_API_KEY": "",
            "LLM_BASE_URL": "", "LLM_MODEL_PATH": "", "EMBEDDING_MODEL": "", "HF_HUB_OFFLINE": "1"}


@pytest.mark.parametrize(("mode", "error"), [("agentic", False), ("traditional", True), ("all", True)])
def test_ask_exits_non_zero_exactly_when_an_answer_is_an_error_with_or_without_json(cli_env, mode, error):
    runner = CliRunner()
    plain = runner.invoke(main, ["ask", QUESTION, "--mode", mode, "--no-llm"], env=cli_env)
    as_json = runner.invoke(main, ["ask", QUESTION, "--mode", mode, "--no-llm", "--json"], env=cli_env)
    payload = json.loads(as_json.stdout)
    kinds = [r["answer_kind"] for r in (payload if isinstance(payload, list) else [payload])]
    assert ("error" in kinds) is error, kinds
    assert plain.exit_code == as_json.exit_code == (1 if error else 0), (plain.output, as_json.output)
    if not error:
        assert "Dee Valladares" in plain.stdout and "Dee Valladares" in as_json.stdout


@pytest.mark.parametrize(("args", "seasons"), [(["--seasons", "US:60-61"], None), (["--seasons", "US:0-0"], None),
                                               (["--seasons", "XX:1-2"], None), ([], "US:1-4x")])
def test_load_graph_with_a_scope_that_selects_no_season_says_what_exists(cli_env, graph, args, seasons):
    before = graph.dataset_info(), graph.label_counts()
    env = {**cli_env, **({"SURVIVOR_SEASONS": seasons} if seasons else {})}
    result = CliRunner().invoke(main, ["load-graph", *args], env=env)
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert "SURVIVOR_SEASONS" in result.stderr and "holds US:1-50, AU:1-12, SA:1-9, UK:1-3, NZ:1-2" in result.stderr
    assert (graph.dataset_info(), graph.label_counts()) == before
    assert graph.query("MATCH (s:Season {number: 45}) RETURN s.winner_name AS w").single() == "Dee Valladares"
