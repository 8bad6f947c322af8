"""The spoiler-leak set (evaluation.leaks): every case asked by its own viewer on the real stores (the session's
graph, a real text index of seasons 18 and 45 in a database of its own), without a model. Each leak that was
measured has a near miss beside it that must still be answered. Prints the leak total; it must be 0."""

from __future__ import annotations

import uuid
from dataclasses import replace

import psycopg
import pytest
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from evaluation.leaks import LEAK_CASES, check_leaks, leak_question
from ingest.viewer_scope import ViewerScope


@pytest.fixture(scope="module")
def leak_settings(graph, settings):
    """The session's settings with a text index of its own: seasons 18 (the Heroes vs. Villains passage) and 45."""
    from ingest.text.build import build_text_index
    from survivorgraph.servers.postgres_server import database_url

    admin = database_url(settings)
    name = f"leaks_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = make_conninfo(**(conninfo_to_dict(admin) | {"dbname": name}))
    try:
        scoped = replace(settings, database_url=url, embedding_model="")
        build_text_index(replace(scoped, seasons="US:18,US:45"), corpus="survivor", log=lambda _: None)
        yield scoped
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="module")
def data(settings):
    from ingest.survivor_data import open_survivor_data

    return open_survivor_data(settings)


def test_each_leak_has_its_gold_for_that_viewer(data):
    by_key = {case.key: leak_question(data, case) for case in LEAK_CASES if not case.refused}
    outlast = by_key["outlast-in-progress"]
    assert outlast.parts[0]["beyond_scope"], "at 44:6 no season-44 score is known: abstain"
    hidden = outlast.parts[0]["hidden"][0]["names"]
    assert len(hidden) == 3, hidden  # the final three share the top outlast score
    assert by_key["outlast-finished"].parts[0]["names"] == hidden, "once season 44 ended, the same three"
    early = by_key["married-name-early"]
    assert early.question == "Which tribe did Amber Brkich start on in season 2?"
    assert early.parts == [{"type": "phrase", "values": ["Ogakor"]}] and "Mariano" not in early.answer
    assert "Amber Mariano" in by_key["married-name-in-use"].question
    story = by_key["later-title-in-a-passage"]
    assert story.parts[0]["type"] == "facts" and story.parts[0]["support"] == {
        "season": 18, "episode": 3, "castaway_ids": story.parts[0]["support"]["castaway_ids"]}
    with pytest.raises(Exception, match="S:E, e.g. 44:6"):
        ViewerScope.parse("")


def test_no_scoped_question_leaks(leak_settings, capsys):
    lines = []
    report = check_leaks(leak_settings, log=lines.append)
    with capsys.disabled():
        print("\n" + "\n".join(lines) + "\n" + report.summary())
    assert report.tried >= len(LEAK_CASES)
    assert report.leaks == [], report.leaks
    assert report.answered_near_misses == sum(len(c.modes) for c in LEAK_CASES if c.near_miss)
