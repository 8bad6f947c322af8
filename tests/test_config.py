from pathlib import Path

import pytest

from survivorgraph.config import PROJECT_DIR, SETTINGS, Settings, env_example
from survivorgraph.errors import ConfigError


def test_env_example_is_generated_from_the_settings_table():
    assert (PROJECT_DIR / ".env.example").read_text() == env_example(), \
        "regenerate it: make env-example"
    for setting in SETTINGS:
        assert f"{setting.env}=" in env_example()


def test_environment_beats_env_file(tmp_path, monkeypatch):
    env_file = tmp_path / ".env"
    env_file.write_text("QUERY_ROW_CAP=7\nNEO4J_URI=bolt://from-file:7687\n")
    monkeypatch.setenv("QUERY_ROW_CAP", "9")
    monkeypatch.delenv("NEO4J_URI", raising=False)
    settings = Settings.from_env(env_file=env_file)
    assert settings.query_row_cap == 9
    assert settings.neo4j_uri == "bolt://from-file:7687"
    assert settings.graph_backend == "neo4j"


def test_defaults_pick_the_embedded_backends(monkeypatch):
    for name in ("NEO4J_URI", "DATABASE_URL", "SURVIVORGRAPH_STATE_DIR"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings.from_env(env_file=None)
    assert settings.graph_backend == "falkordb"
    assert settings.postgres_backend == "pgserver"
    assert settings.state_dir == PROJECT_DIR / ".survivorgraph"


def test_secrets_stay_out_of_descriptions(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret")
    monkeypatch.setenv("DATABASE_URL", "postgresql://u:pw@h/db")
    described = str(Settings.from_env(env_file=None).describe()) + repr(Settings.from_env(env_file=None))
    assert "sk-secret" not in described and "pw@" not in described


@pytest.mark.parametrize("raw", ["abc", "0", "-3"])
def test_bad_numbers_are_explained(monkeypatch, raw):
    monkeypatch.setenv("QUERY_TIMEOUT_MS", raw)
    with pytest.raises(ConfigError, match="QUERY_TIMEOUT_MS"):
        Settings.from_env(env_file=None)


def test_gitignore_keeps_state_and_data_out():
    ignored = (PROJECT_DIR / ".gitignore").read_text().split()
    assert ".survivorgraph/" in ignored and "*.rda" in ignored and ".env" in ignored
    assert isinstance(PROJECT_DIR, Path)


def test_docker_compose_neo4j_caps_time_and_memory_like_the_embedded_falkordb():
    """A user pointing at the compose Neo4j gets the server-side bounds the embedded FalkorDB has (Neo4j 5
    names: the 4.x dbms.* ones are refused by 5.x)."""
    import yaml

    from survivorgraph.servers.falkordb_server import QUERY_MEM_CAPACITY_BYTES

    env = yaml.safe_load((PROJECT_DIR / "docker-compose.yml").read_text())["services"]["neo4j"]["environment"]
    default_timeout_ms = int(next(s.default for s in SETTINGS if s.env == "QUERY_TIMEOUT_MS"))
    assert env["NEO4J_db_transaction_timeout"] == f"{default_timeout_ms * 4 // 1000}s"  # FalkorDB's TIMEOUT_MAX
    assert env["NEO4J_db_memory_transaction_max"] == f"{QUERY_MEM_CAPACITY_BYTES // 2**20}m"
    assert env["NEO4J_db_memory_transaction_total_max"]
    assert not any(key.startswith(("NEO4J_dbms_memory_transaction", "NEO4J_dbms_transaction")) for key in env)
