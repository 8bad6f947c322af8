"""Staging graphs of FalkorDB loads, and removing the ones whose load died.

A load writes '<graph>__staging_<ms>' and RENAMEs it over the live graph when it is complete; a load killed
before that (SIGKILL, out of memory, power loss) leaves its staging key behind, thousands of nodes that nothing
reads. So each load holds an exclusive lock file named after its staging key for as long as the key can exist.
The kernel drops the lock when the process dies, however it dies: a staging key whose lock can be taken belongs
to a dead load, and the next load and `db up` remove it; a key whose lock is held is a load running in another
process, and is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import redis
from filelock import FileLock, Timeout

from survivorgraph.errors import LoadError
from survivorgraph.servers.falkordb_server import EmbeddedFalkorDB

STAGING_INFIX = "__staging_"  # FalkorDBStore.begin_load names its staging key '<graph>__staging_<ms>'


def _lock_path(server: EmbeddedFalkorDB, staging_name: str) -> Path:
    return server.paths.root / "loads" / f"{staging_name}.lock"


def is_staging_of(name: str, graph_name: str) -> bool:
    """True for the staging keys of loads of `graph_name` only (not 'survivor2__staging_1' for 'survivor')."""
    return re.fullmatch(re.escape(graph_name + STAGING_INFIX) + r"\d+", name) is not None


@contextmanager
def staging_lock(server: EmbeddedFalkorDB, staging_name: str) -> Iterator[None]:
    """Mark `staging_name` as the key of a running load while the block runs (take it before the key exists)."""
    lock = _take_lock(server, staging_name)
    if lock is None:
        raise LoadError(f"Another load holds {_lock_path(server, staging_name)}, the lock of this load's staging "
                        "graph; wait for it to end and run the load again.")
    try:
        yield
    finally:
        lock.release()
        Path(lock.lock_file).unlink(missing_ok=True)


def _take_lock(server: EmbeddedFalkorDB, staging_name: str) -> FileLock | None:
    """The staging graph's load lock, taken now; None when a running load holds it."""
    path = _lock_path(server, staging_name)
    path.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(path), timeout=0)
    try:
        lock.acquire()
    except Timeout:
        return None
    return lock


def remove_dead_staging_graphs(server: EmbeddedFalkorDB, graph_name: str) -> list[str]:
    """Delete the staging keys of `graph_name` whose load is not running; return their names."""
    client = server.client()
    try:
        removed = []
        for name in sorted(client.execute_command("GRAPH.LIST")):
            if is_staging_of(name, graph_name) and _remove_if_dead(client, server, name):
                removed.append(name)
        return removed
    finally:
        client.close()


def _remove_if_dead(client: redis.Redis, server: EmbeddedFalkorDB, name: str) -> bool:
    lock = _take_lock(server, name)
    if lock is None:
        return False  # its load is running in another process
    try:
        client.execute_command("GRAPH.DELETE", name)
        return True
    except redis.exceptions.ResponseError:
        return False  # gone meanwhile: its load committed (renamed it) between the listing and the lock
    finally:
        lock.release()
        Path(lock.lock_file).unlink(missing_ok=True)
