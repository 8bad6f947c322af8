"""The embedded Postgres + pgvector: start, connect, health, status."""

from survivorgraph.servers.postgres_server import EmbeddedPostgres, connect, health
from survivorgraph.status import collect_status


def test_embedded_postgres_has_pgvector(embedded_servers):
    with connect(embedded_servers) as conn:
        assert conn.execute("SELECT '[1,2,3]'::vector <=> '[1,2,3]'::vector").fetchone()[0] == 0
    info = health(embedded_servers)
    assert info["pgvector"] >= "0.7" and int(info["postgres"].split(".")[0]) >= 16
    assert EmbeddedPostgres(embedded_servers.state_dir).uri_if_running() is not None


def test_status_reports_both_stores(embedded_servers, graph):
    report = collect_status(embedded_servers)
    assert report["graph"]["state"] == "up" and report["graph"]["nodes"]["Season"] == 49
    assert report["postgres"]["state"] == "up"
