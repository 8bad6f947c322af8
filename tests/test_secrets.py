"""No secret is ever shown: fake secrets go in EVERY secret-bearing setting of the settings table (passwords,
keys, URIs with userinfo and secret query parameters); then every CLI command that prints, and the page, run
against unreachable backends (and an LLM server whose errors echo the key and the URL). Their stdout, stderr,
the page's elements and every log record are searched for the secrets, and for tracebacks.

The stores are real: the session's embedded FalkorDB where a configuration uses it, closed loopback ports
where a backend must be unreachable; the LLM that answers is the SCRIPTED fake server (control flow only).
"""

from __future__ import annotations

import logging
import socket
import sys
from pathlib import Path

import pytest
import streamlit as st
from click.testing import CliRunner
from streamlit.testing.v1 import AppTest

from survivorgraph.cli import main
from survivorgraph.config import PROJECT_DIR, SETTINGS
from survivorgraph.redact import redact

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fake_openai_server import FakeOpenAIServer, Reply  # noqa: E402

APP = str(PROJECT_DIR / "app.py")
QUESTION = "Who was the winner of season 45?"
MODES = ("traditional", "graph", "agentic", "all")

# How each URI setting carries credentials: userinfo and a secret query parameter. A new URI setting in the
# table must be added here (checked below), so that it too is tested.
URI_SHAPES = {
    "NEO4J_URI": "bolt://{user}:{password}@127.0.0.1:{port}?auth_token={param}",
    "DATABASE_URL": "postgresql://{user}:{password}@127.0.0.1:{port}/survivor?sslpassword={param}",
    "LLM_BASE_URL": "http://{user}:{password}@127.0.0.1:{port}/v1?api_key={param}",
}


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fake_secrets() -> tuple[dict[str, str], list[str]]:
    """(environment, the secret texts it holds) with a distinct fake secret in every secret-bearing setting."""
    assert set(URI_SHAPES) == {s.env for s in SETTINGS if s.uri}, "add the new URI setting to URI_SHAPES"
    env, secrets = {}, []
    for setting in SETTINGS:
        tag = setting.env.replace("_", "").lower()
        if setting.secret:
            env[setting.env] = f"sk-fake-{tag}-Pw0rd"
            secrets.append(env[setting.env])
        elif setting.uri:
            parts = {"user": f"user{tag}", "password": f"pass-{tag}-Pw0rd", "param": f"param-{tag}-Tok3n"}
            env[setting.env] = URI_SHAPES[setting.env].format(port=closed_port(), **parts)
            secrets += parts.values()
    assert {s.env for s in SETTINGS if s.secret or s.uri} <= set(env)
    return env, secrets


def base_env(state_dir: Path, data_dir: Path) -> dict[str, str]:
    return {"SURVIVORGRAPH_STATE_DIR": str(state_dir), "SURVIVOR_DATA_DIR": str(data_dir),
            "SURVIVOR_SEASONS": "US:1-49", "LLM_MODEL": "", "LLM_MODEL_PATH": "", "EMBEDDING_MODEL": "",
            "LLM_MAX_RETRIES": "0", "LLM_TIMEOUT_S": "20", "HF_HUB_OFFLINE": "1", "FALKORDB_GRAPH": "survivor"}


@pytest.fixture
def configurations(tmp_path, settings, graph):
    """name -> (environment, secrets). `unreachable`: every backend down, Neo4j's URI with userinfo (the driver
    refuses it); `neo4j-down`: a plain Neo4j URI (the driver connects and fails) and a libpq key=value DSN;
    `graph-up`: the session's real graph, a malformed DATABASE_URL (libpq quotes it in its error) and an LLM
    that cannot be reached; `llm-echoes`: a reachable LLM whose every error body echoes the key and the URL."""
    fake = FakeOpenAIServer().start()
    env, secrets = fake_secrets()
    nothing = base_env(tmp_path / "nothing-running", settings.survivor_data_dir)
    session = base_env(settings.state_dir, settings.survivor_data_dir)
    dsn = f"host=127.0.0.1 port={closed_port()} user=pguser password=dsn-pass-Pw0rd dbname=survivor"
    malformed = "postgresql//pguser:malformed-pass-Pw0rd@127.0.0.1/survivor"
    echoing = f"http://llmuser:echo-pass-Pw0rd@127.0.0.1:{fake.url.rsplit(':', 1)[1]}?api_key=echo-param-Tok3n"
    fake.script(*[Reply(status=400, body={"error": {"message": f"bad request for key {env['OPENAI_API_KEY']} "
                                                                f"at {echoing}"}}) for _ in range(40)])
    yield {
        "unreachable": ({**nothing, **env}, secrets),
        "neo4j-down": ({**nothing, **env, "NEO4J_URI": f"bolt://127.0.0.1:{closed_port()}", "DATABASE_URL": dsn},
                       [*secrets, "dsn-pass-Pw0rd"]),
        "graph-up": ({**session, **env, "NEO4J_URI": "", "DATABASE_URL": malformed, "LLM_MODEL": "fake-model"},
                     [*secrets, "malformed-pass-Pw0rd"]),
        "llm-echoes": ({**session, **env, "NEO4J_URI": "", "DATABASE_URL": malformed, "LLM_BASE_URL": echoing,
                        "LLM_MODEL": "fake-model"},
                       [*secrets, "malformed-pass-Pw0rd", "echo-pass-Pw0rd", "echo-param-Tok3n"]),
    }
    fake.stop()


def commands(name: str) -> list[list[str]]:
    asks = [["ask", QUESTION, "--mode", m, *json] for m in MODES for json in ([], ["--json"])]
    if name in ("graph-up", "llm-echoes"):  # each question runs the real retrievers: the three modes at once
        asks = [["ask", QUESTION, "--mode", "all"], ["ask", QUESTION, "--mode", "all", "--json"]]
    printing = [["status"], ["status", "--json"], *asks, ["env-example"]]
    if name in ("unreachable", "neo4j-down"):  # a load and `db up` against a Neo4j that is not there
        printing += [["load-graph", "--seasons", "US:45"], ["db", "up"]]
    return printing


def assert_clean(text: str, secrets: list[str], where: str) -> None:
    leaked = [s for s in secrets if s in text]
    assert not leaked, f"{where} shows {leaked}:\n{text[:3000]}"


@pytest.mark.parametrize("name", ["unreachable", "neo4j-down", "graph-up", "llm-echoes"])
def test_the_cli_never_prints_a_secret_or_a_traceback(configurations, caplog, name):
    env, secrets = configurations[name]
    caplog.set_level(logging.DEBUG)
    runner = CliRunner()
    for args in commands(name):
        result = runner.invoke(main, args, env=env)
        where = f"`survivorgraph {' '.join(args)}` ({name})"
        assert result.exception is None or isinstance(result.exception, SystemExit), \
            f"{where} raised {result.exception!r}"
        for stream, text in (("stdout", result.stdout), ("stderr", result.stderr)):
            assert_clean(text, secrets, f"{where} {stream}")
            assert "Traceback" not in text, f"{where} {stream}:\n{text}"
        expected = 0 if args[0] in ("status", "env-example", "db") else 1
        assert result.exit_code == expected, f"{where} exited {result.exit_code}:\n{result.output}"
    assert_clean(caplog.text, secrets, f"the log ({name})")
    for record in caplog.records:
        assert_clean(record.getMessage(), secrets, f"log record {record.name} ({name})")


def test_the_cli_states_the_fix_with_the_uri_redacted(configurations):
    env, _ = configurations["unreachable"]
    result = CliRunner().invoke(main, ["status", "--json"], env=env)
    assert "NEO4J_URI=bolt://***@127.0.0.1:" in result.stdout and "NEO4J_USER / NEO4J_PASSWORD" in result.stdout
    assert "DATABASE_URL=postgresql://***@127.0.0.1:" in result.stdout and "sslpassword=***" in result.stdout
    assert "OpenAI-compatible server at http://***@127.0.0.1:" in result.stdout and "api_key=***" in result.stdout


def page_texts(at: AppTest) -> str:
    """Everything the page's element tree holds (each element's protobuf, sidebar included)."""
    def walk(node):
        yield node
        for child in getattr(node, "children", {}).values():
            yield from walk(child)

    return "\n".join(str(node.proto) for node in walk(at._tree) if getattr(node, "proto", None) is not None)


@pytest.mark.parametrize("name", ["unreachable", "graph-up"])
def test_the_page_never_shows_a_secret(configurations, monkeypatch, caplog, name):
    env, secrets = configurations[name]
    caplog.set_level(logging.DEBUG)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    st.cache_data.clear()
    try:
        at = AppTest.from_file(APP, default_timeout=300)
        at.run()
        at.text_input(key="question").input(QUESTION)
        next(b for b in at.button if b.label == "Run").click().run()
        assert not at.exception, [e.value for e in at.exception]
        shown = page_texts(at)
        assert "Graph" in shown and "Postgres" in shown  # the status panel is in what was searched
        assert_clean(shown, secrets, f"the page ({name})")
        assert "Traceback" not in shown
        assert_clean(caplog.text, secrets, f"the page's log ({name})")
    finally:
        st.cache_data.clear()
        st.cache_resource.clear()


def test_redact_masks_userinfo_secret_parameters_and_dsn_passwords():
    # Values never registered by a Settings object: this is the structural redaction alone.
    assert redact("bolt://neo4j:n0tregistered@127.0.0.1:7687") == "bolt://***@127.0.0.1:7687"
    assert redact("Given URI: 'neo4j+s://u:p@ss:w@db.example:7687'.") == "Given URI: 'neo4j+s://***@db.example:7687'."
    assert redact("http://h:1/v1?model=m&api_key=n0treg&access_token=x1") == \
        "http://h:1/v1?model=m&api_key=***&access_token=***"
    assert redact("host=h user=u password='two words' dbname=d") == "host=h user=u password=*** dbname=d"
    assert redact("https://github.com/doehm/survivoR (MIT)") == "https://github.com/doehm/survivoR (MIT)"
    assert redact("fix NEO4J_USER / NEO4J_PASSWORD.") == "fix NEO4J_USER / NEO4J_PASSWORD."
    assert redact("key abc-n0treg-123 here", ["abc-n0treg-123"]) == "key *** here"


def test_log_records_are_redacted_whichever_library_logs(caplog):
    caplog.set_level(logging.DEBUG)
    logging.getLogger("some.driver").debug("connecting to %s", "bolt://neo4j:l0gged-n0treg@h:7687")
    try:
        raise ConnectionError("refused: postgresql://pg:trace-n0treg@h/db")
    except ConnectionError:
        logging.getLogger("some.driver").exception("failed")
    assert caplog.records[0].getMessage() == "connecting to bolt://***@h:7687"
    assert "ConnectionError: refused: postgresql://***@h/db" in caplog.text
    assert "n0treg" not in caplog.text


def test_a_user_name_without_a_password_is_not_a_secret(monkeypatch):
    """A URI's bare user name ('postgresql://postgres@host') is not registered: masking it would mask the word
    wherever it appears ('***ql://'), in every later message of the process."""
    from survivorgraph.config import Settings
    from survivorgraph.redact import secret_values

    settings = Settings.from_env(env_file=None, database_url="postgresql://bareuser@127.0.0.1:1/survivor")
    assert "bareuser" not in secret_values(settings)
    assert redact("see bareuser's postgresql://x@h/db") == "see bareuser's postgresql://***@h/db"
    with_password = Settings.from_env(env_file=None, database_url="postgresql://u:pw-n0treg@127.0.0.1:1/s")
    assert {"u:pw-n0treg", "pw-n0treg"} <= set(secret_values(with_password))
