"""Settings: one declared table of (environment variable, default, help), read once.

Values come from the process environment, then from a `.env` file in the project directory
(the environment wins). `.env.example` is generated from the same table (`survivorgraph env-example`),
so the documentation cannot drift from the code.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from pathlib import Path

from dotenv import dotenv_values

PROJECT_DIR = Path(__file__).resolve().parent.parent
LOOPBACK = "127.0.0.1"


@dataclass(frozen=True)
class Setting:
    env: str
    default: str
    help: str
    secret: bool = False  # a password or key: never shown
    uri: bool = False     # a URI/DSN that may carry credentials: shown redacted (survivorgraph.redact)

    @property
    def attribute(self) -> str:
        """The name of its Settings attribute (where Settings holds it)."""
        return _FIELD_OF.get(self.env, self.env.lower())


# The single source of truth for configuration. Order = order in .env.example.
SETTINGS: tuple[Setting, ...] = (
    Setting("SURVIVORGRAPH_STATE_DIR", ".survivorgraph",
            "State directory for the embedded servers, caches and downloaded models (relative to the project)."),
    Setting("SURVIVOR_DATA_DIR", "",
            "Folder holding the survivoR .rda tables. Empty: the local cache, else a download from GitHub."),
    Setting("SURVIVOR_SEASONS", "US:1-49",
            "Scope of the graph: VERSION:FROM-TO[,VERSION:FROM-TO...], e.g. 'US:1-50' or 'US:1-50,NZ:1-2'."),
    Setting("NEO4J_URI", "",
            "Bolt URI of a Neo4j 5 server (e.g. bolt://localhost:7687; the user and password go in "
            "NEO4J_USER / NEO4J_PASSWORD). Empty: the embedded FalkorDB.", uri=True),
    Setting("NEO4J_USER", "neo4j", "Neo4j user."),
    Setting("NEO4J_PASSWORD", "", "Neo4j password.", secret=True),
    Setting("NEO4J_DATABASE", "neo4j", "Neo4j database name."),
    Setting("FALKORDB_GRAPH", "survivor", "Graph (key) name inside FalkorDB."),
    Setting("DATABASE_URL", "",
            "Postgres URL with pgvector (e.g. postgresql://postgres:postgres@localhost:5432/survivor). "
            "Empty: the embedded pgserver.", uri=True),
    Setting("QUERY_TIMEOUT_MS", "5000", "Server-side timeout for one graph query, in milliseconds."),
    Setting("QUERY_ROW_CAP", "500", "Most rows a retriever may read from one graph query."),
    Setting("OPENAI_API_KEY", "", "OpenAI key; when set, OpenAI is the LLM provider.", secret=True),
    Setting("LLM_BASE_URL", "", "Any OpenAI-compatible server (Ollama, vLLM, LM Studio, llama.cpp).", uri=True),
    Setting("LLM_MODEL", "", "Model name for the provider (default per provider)."),
    Setting("LLM_MODEL_PATH", "", "Path of a GGUF model for the embedded llama.cpp server."),
    Setting("EMBEDDING_MODEL", "", "Embedding model (default: the local all-MiniLM-L6-v2)."),
    Setting("LLM_TIMEOUT_S", "180",
            "Seconds one LLM request may take (a local CPU model needs ~30-45 s for a 1,500-token prompt)."),
    Setting("LLM_MAX_RETRIES", "2", "Retries of an LLM request after a connection error, HTTP 429 or 5xx."),
    Setting("LLM_NATIVE_TOOLS", "auto",
            "Use OpenAI tool-calling: auto (OpenAI yes; LLM_BASE_URL and the embedded model no: "
            "schema-constrained JSON), on, or off."),
    Setting("LLM_CTX_SIZE", "6144", "Context window (tokens) of the embedded llama.cpp server, per request: the "
            "text-to-Cypher prompt (schema, examples, a failed attempt to repair) reaches about 4,000."),
    Setting("LLM_THREADS", "0", "CPU threads of the embedded llama.cpp server (0: all cores)."),
    Setting("LLM_CONCURRENCY", "1", "Requests the embedded llama.cpp server is sent at once; the others wait, the "
            "shortest prompt first (1 suits a few CPU cores: a short answer is not held back by a long prompt)."),
    Setting("LLM_PIN_SLOTS", "on", "Keep each kind of call (Cypher, answer, routing, critic) in its own slot of the "
            "embedded llama.cpp server, so its stable prompt prefix stays cached: on or off."),
    Setting("LLM_GRAMMAR", "auto", "Constrain what the model writes with GBNF grammars: the Cypher to the live "
            "schema, an answer from passages to citing them: auto (the embedded llama.cpp server yes, others no), "
            "on (LLM_BASE_URL is a llama.cpp server), or off."),
    Setting("CYPHER_SCHEMA", "full", "The schema text-to-Cypher shows the model: full (the whole schema, cached with "
            "the instructions) or pruned (the labels the question and its nearest examples use and their "
            "neighbours; the whole schema again once a pruned attempt fails)."),
    Setting("APP_ADDRESS", LOOPBACK,
            "Address `make app` serves the page on. 127.0.0.1: this machine only. The page has no "
            "authentication and spends the configured model's tokens: use 0.0.0.0 only behind your own access "
            "control."),
)

_FIELD_OF = {"SURVIVORGRAPH_STATE_DIR": "state_dir", "SURVIVOR_SEASONS": "seasons"}
_BY_ENV = {s.env: s for s in SETTINGS}
SECRET_FIELDS = tuple(s.attribute for s in SETTINGS if s.secret)
URI_FIELDS = tuple(s.attribute for s in SETTINGS if s.uri)


def raw_values(env_file: Path | None = PROJECT_DIR / ".env") -> dict[str, str]:
    """Every setting as text: defaults, then `.env`, then the environment."""
    values = {s.env: s.default for s in SETTINGS}
    if env_file is not None and env_file.is_file():
        values.update({k: v for k, v in dotenv_values(env_file).items() if k in _BY_ENV and v is not None})
    values.update({k: os.environ[k] for k in _BY_ENV if k in os.environ})
    return values


def _resolve(path: str) -> Path:
    p = Path(path).expanduser()
    return p if p.is_absolute() else (PROJECT_DIR / p)


@dataclass(frozen=True)
class Settings:
    state_dir: Path
    survivor_data_dir: Path | None
    seasons: str
    neo4j_uri: str
    neo4j_user: str
    neo4j_password: str = field(repr=False)
    neo4j_database: str
    falkordb_graph: str
    database_url: str = field(repr=False)
    query_timeout_ms: int
    query_row_cap: int
    openai_api_key: str = field(repr=False)
    llm_base_url: str
    llm_model: str
    llm_model_path: Path | None
    embedding_model: str
    app_address: str
    cypher_schema: str = "full"

    @classmethod
    def from_env(cls, env_file: Path | None = PROJECT_DIR / ".env", **overrides) -> Settings:
        v = raw_values(env_file)
        built = cls(
            state_dir=_resolve(v["SURVIVORGRAPH_STATE_DIR"]),
            survivor_data_dir=_resolve(v["SURVIVOR_DATA_DIR"]) if v["SURVIVOR_DATA_DIR"] else None,
            seasons=v["SURVIVOR_SEASONS"],
            neo4j_uri=v["NEO4J_URI"],
            neo4j_user=v["NEO4J_USER"],
            neo4j_password=v["NEO4J_PASSWORD"],
            neo4j_database=v["NEO4J_DATABASE"],
            falkordb_graph=v["FALKORDB_GRAPH"],
            database_url=v["DATABASE_URL"],
            query_timeout_ms=_positive_int("QUERY_TIMEOUT_MS", v["QUERY_TIMEOUT_MS"]),
            query_row_cap=_positive_int("QUERY_ROW_CAP", v["QUERY_ROW_CAP"]),
            openai_api_key=v["OPENAI_API_KEY"],
            llm_base_url=v["LLM_BASE_URL"],
            llm_model=v["LLM_MODEL"],
            llm_model_path=_resolve(v["LLM_MODEL_PATH"]) if v["LLM_MODEL_PATH"] else None,
            embedding_model=v["EMBEDDING_MODEL"],
            app_address=v["APP_ADDRESS"],
            cypher_schema=v["CYPHER_SCHEMA"].strip().lower(),
        )
        if overrides:
            from dataclasses import replace

            built = replace(built, **overrides)
        from survivorgraph.redact import register_secrets, secret_values

        register_secrets(secret_values(built))  # every later message, log record or page element masks them
        return built

    @property
    def graph_backend(self) -> str:
        return "neo4j" if self.neo4j_uri else "falkordb"

    @property
    def postgres_backend(self) -> str:
        return "external" if self.database_url else "pgserver"

    @property
    def cache_dir(self) -> Path:
        return self.state_dir / "cache"

    def describe(self) -> dict[str, str]:
        """Non-secret view for `status` and the app sidebar: no passwords or keys, URIs redacted."""
        from survivorgraph.redact import redact

        return {f.name: redact(getattr(self, f.name)) if f.name in URI_FIELDS else str(getattr(self, f.name))
                for f in fields(self) if f.name not in SECRET_FIELDS}


def _positive_int(name: str, raw: str) -> int:
    from survivorgraph.errors import ConfigError

    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{name}={raw!r} is not a whole number; set it in .env or the environment.") from None
    if value <= 0:
        raise ConfigError(f"{name} must be positive, got {value}.")
    return value


def env_example() -> str:
    """The text of .env.example, built from SETTINGS."""
    lines = ["# survivorgraph settings. Copy to .env and edit; the environment overrides this file.",
             "# Generated by `survivorgraph env-example` from survivorgraph/config.py.", ""]
    for s in SETTINGS:
        lines += [f"# {s.help}", f"{s.env}={s.default}", ""]
    return "\n".join(lines)
