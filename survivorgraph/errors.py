"""One root error with specific subclasses; every message says how to fix the problem."""

from __future__ import annotations


class SurvivorGraphError(Exception):
    """Root of every error the product raises on purpose. The CLI and the app show the message."""


class ConfigError(SurvivorGraphError):
    """A setting is missing or malformed."""


class DataNotFoundError(SurvivorGraphError):
    """The survivoR tables (or another input file) cannot be found or read."""


class BackendUnavailableError(SurvivorGraphError):
    """A graph, Postgres or LLM server cannot be reached or started."""


class BackendBusyError(BackendUnavailableError):
    """The server's process is up but it did not answer in time (it is busy with a long query)."""


class NotLoadedError(SurvivorGraphError):
    """The store is up but holds no data yet: `make setup` has not run."""


class QueryError(SurvivorGraphError):
    """A query failed in the database; `.db_message` keeps the server's own text for repair loops."""

    def __init__(self, message: str, *, db_message: str = "", query: str = ""):
        super().__init__(message)
        self.db_message = db_message or message
        self.query = query


class QueryTimeoutError(QueryError):
    """A query ran past its time limit and was stopped by the server. `restart_reason`: why the watchdog
    restarted the embedded server meanwhile (None when it did not)."""

    restart_reason: str | None = None


class UnsafeQueryError(QueryError):
    """Generated Cypher was refused before it ran (writes, procedures, several statements ...)."""


class QueryTooComplexError(UnsafeQueryError):
    """Generated Cypher breaks a structural bound (length, nesting, literal size, range span ...) whose work no
    database timeout would stop; `.bound` names the bound (a field of `cypher.bounds.QueryBounds`)."""

    def __init__(self, message: str, *, bound: str, query: str = ""):
        super().__init__(message, db_message=message, query=query)
        self.bound = bound


class UnsupportedCypherError(QueryError):
    """Generated Cypher uses a construct this backend lacks and no exact rewrite exists."""


class QueryParameterError(QueryError):
    """Arguments for a catalog query were refused before it ran (unknown, missing or of the wrong type)."""

    def __init__(self, message: str, *, query_name: str = "", param: str = "", query: str = ""):
        super().__init__(message, query=query)
        self.query_name = query_name
        self.param = param


class UnknownQueryError(QueryParameterError):
    """A catalog query was asked for by a name the catalog does not hold."""


class CatalogError(SurvivorGraphError):
    """The query catalog's files disagree or break its rules; the message names the file and the fix."""


class LoadError(SurvivorGraphError):
    """A load failed; the previous graph or index is still in place."""


class NoModelError(SurvivorGraphError):
    """A step needs an LLM and none is configured."""


class CancelledError(SurvivorGraphError):
    """The asker stopped waiting for this answer (a new question was asked); the work ends at its next step."""
