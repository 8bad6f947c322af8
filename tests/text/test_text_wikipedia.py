"""The Wikipedia fetcher against a loopback fake of the MediaWiki API: parsing, retries, cache."""

from __future__ import annotations

import json
import socket

import pytest

from ingest.text.build import load_corpus
from ingest.text.wikipedia import (
    ArticleCache,
    WikipediaClient,
    WikipediaUnavailableError,
    fetch_articles,
    wikipedia_corpus,
)
from ingest.text.wikipedia_html import parse_article
from tests.text.wiki_fixture import ARTICLE_HTML, FakeWiki


@pytest.fixture
def wiki():
    with FakeWiki({"Survivor: Borneo": 1001, "Survivor: The Australian Outback": 2001, "Survivor (franchise)": 5}) as w:
        yield w


def client_for(wiki: FakeWiki, **kwargs) -> tuple[WikipediaClient, list[float]]:
    sleeps: list[float] = []
    options = {"min_interval": 0.0, "backoff": 0.5, "max_retries": 3, "sleep": sleeps.append, **kwargs}
    return WikipediaClient(wiki.api_url, **options), sleeps


def test_parse_keeps_prose_and_episode_summaries_and_drops_the_rest():
    sections = parse_article(ARTICLE_HTML.format(title="Survivor: Test", lead="Lead text."))
    titles = [s.title for s in sections]
    assert titles == ["Introduction", "Production", "Production / Casting", "Episode 1: Arrival Day",
                      "Episode 2: Second Day"]
    text = "\n".join(s.text for s in sections)
    for dropped in ("INFOBOX-CELL", "VOTING-TABLE-CELL", "REFERENCE-TEXT", "NAVBOX-CELL", "[1]", "[2]", "[5]",
                    "edit", "Season of a show", "border"):
        assert dropped not in text
    assert sections[0].text == "Survivor: Test is a made-up season for tests. Lead text."
    assert sections[2].text == "Casting opened early.\nRed tribe\nBlue tribe"
    assert [s.episode for s in sections[3:]] == [1, 2]
    assert sections[4].text == "Bob found an idol.\nCid was voted out."


def test_fetch_is_polite_and_caches_by_revision(wiki, tmp_path):
    client, _ = client_for(wiki)
    cache = ArticleCache(tmp_path / "wikipedia")
    articles = fetch_articles(client, cache)
    assert sorted(a.title for a in articles) == sorted(wiki.articles)
    assert len(wiki.actions("parse")) == 3
    assert all("survivorgraph" in h.get("User-Agent", "") for h in wiki.headers)
    assert all(r.get("maxlag") == "5" and r.get("format") == "json" for r in wiki.requests)

    manifest = json.loads((tmp_path / "wikipedia" / "manifest.json").read_text())["articles"]
    entry = manifest["Survivor: Borneo"]
    assert entry["revid"] == 1001 and len(entry["sha256"]) == 64 and entry["fetched_at"]
    assert "oldid=1001" in entry["url"]
    assert (tmp_path / "wikipedia" / entry["html_file"]).read_text().startswith("<div")

    # Same revisions: nothing is downloaded again.
    again = fetch_articles(client, cache)
    assert len(wiki.actions("parse")) == 3 and [a.sections for a in again] == [a.sections for a in articles]

    # One article edited: only that one is fetched.
    wiki.articles["Survivor: Borneo"] = 1002
    wiki.lead = "An edit."
    fetch_articles(client, cache)
    assert [r["page"] for r in wiki.actions("parse")][3:] == ["Survivor: Borneo"]
    assert "An edit." in cache.get("Survivor: Borneo").sections[0].text


def test_retries_with_backoff_and_retry_after(wiki):
    client, sleeps = client_for(wiki)
    wiki.fail_next(503, times=2)
    assert client.category_members()
    assert sleeps == [0.5, 1.0]  # exponential backoff
    wiki.fail_next(429, headers={"Retry-After": "7"})
    client.latest_revisions(["Survivor: Borneo"])
    assert sleeps[-1] == 7.0


def test_gives_up_after_the_retries(wiki):
    client, sleeps = client_for(wiki, max_retries=2)
    wiki.fail_next(500, times=5)
    with pytest.raises(WikipediaUnavailableError, match="3 attempt"):
        client.category_members()
    assert len(sleeps) == 2


def test_client_errors_are_not_retried(wiki):
    client, sleeps = client_for(wiki)
    wiki.fail_next(404)
    with pytest.raises(WikipediaUnavailableError, match="HTTP 404"):
        client.category_members()
    assert sleeps == []


def test_rate_limit_spaces_requests(wiki):
    client, sleeps = client_for(wiki, min_interval=5.0)
    client.category_members()
    client.category_members()
    assert sleeps and 4.0 < sleeps[0] <= 5.0


def test_articles_become_season_documents(wiki, tmp_path, survivor_data):
    client, _ = client_for(wiki)
    corpus = wikipedia_corpus(fetch_articles(client, ArticleCache(tmp_path)), survivor_data)
    assert [(d.season, d.title) for d in corpus.documents] == [(1, "Survivor: Borneo"),
                                                                 (2, "Survivor: The Australian Outback")]
    assert any("Survivor (franchise)" in n for n in corpus.notes)  # no season: skipped, and said so
    doc = corpus.documents[0]
    assert doc.sections[3].episode == 1 and doc.revision == "1001"
    assert all(s.source.license == "CC BY-SA 4.0" and "oldid=1001" in s.source.url for s in doc.sections)
    assert corpus.version.startswith("wikipedia-")


def test_auto_falls_back_to_the_offline_corpus_in_one_line(settings, survivor_data):
    with socket.socket() as s:  # a loopback port with nothing listening: refused at once
        s.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{s.getsockname()[1]}/w/api.php"
    lines: list[str] = []
    corpus = load_corpus(settings, survivor_data, "auto", WikipediaClient(dead, sleep=lambda _: None), lines.append)
    assert corpus.name == "survivor"
    assert len(lines) == 1 and "offline survivoR corpus" in lines[0] and "CC BY-SA 4.0" in lines[0]


def test_auto_uses_wikipedia_when_it_answers(wiki, settings, survivor_data):
    client, _ = client_for(wiki)
    corpus = load_corpus(settings, survivor_data, "auto", client, lambda _: None)
    assert corpus.name == "wikipedia" and len(corpus.documents) == 2
