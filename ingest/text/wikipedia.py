"""Fetch the US Survivor season articles through the MediaWiki API, politely, into a local cache.

Politeness: a descriptive User-Agent, at most one request per `min_interval` seconds, `maxlag`, and
retries with exponential backoff (honouring Retry-After) on 429/5xx and network errors. The cache
(<cache>/wikipedia) keeps each article's raw HTML, its cleaned sections and a manifest (title, revision
id, URL, fetch time, sha256); an article is downloaded again only when its latest revision id changed.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ingest.survivor_data import SurvivorData
from ingest.text.documents import WIKIPEDIA_LICENSE, Corpus, Document, Section, Source
from ingest.text.wikipedia_html import ParsedSection, parse_article
from survivorgraph.errors import BackendUnavailableError

API_URL = "https://en.wikipedia.org/w/api.php"
SEASONS_CATEGORY = "Category:Survivor (American TV series) seasons"
USER_AGENT = ("survivorgraph/0.1 (Graph-RAG comparison workbench; fetches the Survivor season articles "
              "once and caches them) python-urllib")
_RETRY_STATUS = {429, 500, 502, 503, 504}


class WikipediaUnavailableError(BackendUnavailableError):
    """The MediaWiki API could not be reached or kept failing after the retries."""


class WikipediaClient:
    def __init__(self, api_url: str = API_URL, *, user_agent: str = USER_AGENT, min_interval: float = 1.0,
                 max_retries: int = 4, backoff: float = 1.0, timeout: float = 20.0,
                 sleep: Callable[[float], None] = time.sleep):
        self.api_url = api_url
        self.user_agent = user_agent
        self.min_interval = min_interval
        self.max_retries = max_retries
        self.backoff = backoff
        self.timeout = timeout
        self.sleep = sleep
        self.requests_made = 0
        self._last_request = float("-inf")

    def article_url(self, title: str, revid: int | None = None) -> str:
        base = self.api_url.rsplit("/w/api.php", 1)[0] if "/w/api.php" in self.api_url else self.api_url
        if revid:
            return f"{base}/w/index.php?{urllib.parse.urlencode({'title': title, 'oldid': revid})}"
        return f"{base}/wiki/{urllib.parse.quote(title.replace(' ', '_'))}"

    def is_reachable(self, timeout: float = 3.0) -> tuple[bool, str]:
        """One quick request, no retries: is the API there at all?"""
        try:
            self.get({"action": "query", "meta": "siteinfo"}, retries=0, timeout=timeout)
            return True, ""
        except WikipediaUnavailableError as exc:
            return False, str(exc.__cause__ or exc)

    def get(self, params: dict, *, retries: int | None = None, timeout: float | None = None) -> dict:
        query = {**params, "format": "json", "formatversion": "2", "maxlag": "5"}
        url = f"{self.api_url}?{urllib.parse.urlencode(query)}"
        retries = self.max_retries if retries is None else retries
        last: Exception | None = None
        for attempt in range(retries + 1):
            delay = self.backoff * (2 ** attempt)
            try:
                data = self._request(url, timeout or self.timeout)
                error = data.get("error")
                if not error:
                    return data
                if error.get("code") != "maxlag":
                    raise WikipediaUnavailableError(f"MediaWiki API error {error.get('code')}: {error.get('info')}")
                last = RuntimeError("server lagged (maxlag)")
            except urllib.error.HTTPError as exc:
                if exc.code not in _RETRY_STATUS:
                    raise WikipediaUnavailableError(f"{url} answered HTTP {exc.code}") from exc
                last, delay = exc, _retry_after(exc.headers.get("Retry-After"), delay)
            except (urllib.error.URLError, TimeoutError, ConnectionError, json.JSONDecodeError) as exc:
                last = exc
            if attempt < retries:
                self.sleep(delay)
        raise WikipediaUnavailableError(f"{self.api_url} failed after {retries + 1} attempt(s): {last}") from last

    def _request(self, url: str, timeout: float) -> dict:
        wait = self._last_request + self.min_interval - time.monotonic()
        if wait > 0:
            self.sleep(wait)
        self._last_request = time.monotonic()
        self.requests_made += 1
        request = urllib.request.Request(url, headers={"User-Agent": self.user_agent, "Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request, timeout=timeout) as response:
            body = response.read()
            if response.headers.get("Content-Encoding") == "gzip":
                body = gzip.decompress(body)
        return json.loads(body)

    def category_members(self, category: str = SEASONS_CATEGORY) -> list[str]:
        titles, cont = [], {}
        while True:
            data = self.get({"action": "query", "list": "categorymembers", "cmtitle": category,
                             "cmnamespace": "0", "cmlimit": "500", **cont})
            titles += [m["title"] for m in data.get("query", {}).get("categorymembers", [])]
            if "continue" not in data:
                return titles
            cont = {k: v for k, v in data["continue"].items()}

    def latest_revisions(self, titles: list[str]) -> dict[str, int]:
        revisions = {}
        for i in range(0, len(titles), 50):  # the API takes 50 titles per request
            data = self.get({"action": "query", "prop": "revisions", "rvprop": "ids",
                             "titles": "|".join(titles[i:i + 50])})
            for page in data.get("query", {}).get("pages", []):
                if page.get("revisions"):
                    revisions[page["title"]] = int(page["revisions"][0]["revid"])
        return revisions

    def parse(self, title: str) -> tuple[int, str]:
        """(revision id, HTML) of an article's current revision."""
        data = self.get({"action": "parse", "page": title, "prop": "text|revid", "redirects": "1",
                         "disableeditsection": "1"})
        parsed = data.get("parse") or {}
        if "text" not in parsed:
            raise WikipediaUnavailableError(f"The API returned no text for {title!r}.")
        text = parsed["text"]
        return int(parsed.get("revid") or 0), text["*"] if isinstance(text, dict) else text


def _retry_after(header: str | None, default: float) -> float:
    try:
        return max(0.0, float(header)) if header is not None else default
    except ValueError:
        return default


@dataclass(frozen=True)
class CachedArticle:
    title: str
    revid: int
    url: str
    fetched_at: str
    sha256: str
    sections: tuple[ParsedSection, ...]


class ArticleCache:
    """Raw HTML + cleaned sections per article, and manifest.json describing them."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.manifest_path = folder / "manifest.json"

    def manifest(self) -> dict:
        if not self.manifest_path.is_file():
            return {}
        return json.loads(self.manifest_path.read_text()).get("articles", {})

    def get(self, title: str) -> CachedArticle | None:
        entry = self.manifest().get(title)
        if entry is None or not (self.folder / entry["sections_file"]).is_file():
            return None
        sections = json.loads((self.folder / entry["sections_file"]).read_text())
        return CachedArticle(title, entry["revid"], entry["url"], entry["fetched_at"], entry["sha256"],
                             tuple(ParsedSection(**s) for s in sections))

    def put(self, title: str, revid: int, url: str, html: str) -> CachedArticle:
        self.folder.mkdir(parents=True, exist_ok=True)
        slug = re.sub(r"[^A-Za-z0-9]+", "_", title).strip("_")
        sections = parse_article(html)
        _write_atomic(self.folder / f"{slug}.html", html)
        _write_atomic(self.folder / f"{slug}.sections.json",
                      json.dumps([s.__dict__ for s in sections], ensure_ascii=False, indent=1))
        entry = {"revid": revid, "url": url, "fetched_at": datetime.now(UTC).isoformat(timespec="seconds"),
                 "sha256": hashlib.sha256(html.encode()).hexdigest(), "html_file": f"{slug}.html",
                 "sections_file": f"{slug}.sections.json"}
        manifest = self.manifest()
        manifest[title] = entry
        _write_atomic(self.manifest_path, json.dumps({"articles": manifest}, indent=1, sort_keys=True))
        return CachedArticle(title, revid, url, entry["fetched_at"], entry["sha256"], tuple(sections))


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_suffix(path.suffix + ".part")
    tmp.write_text(text)
    tmp.replace(path)


def fetch_articles(client: WikipediaClient, cache: ArticleCache, titles: list[str] | None = None,
                   log: Callable[[str], None] = lambda _: None) -> list[CachedArticle]:
    """The season articles, downloading only those whose revision differs from the cached one."""
    titles = titles if titles is not None else client.category_members()
    latest = client.latest_revisions(titles)
    articles = []
    for title in titles:
        cached = cache.get(title)
        if cached is not None and cached.revid == latest.get(title):
            articles.append(cached)
            continue
        revid, html = client.parse(title)
        articles.append(cache.put(title, revid, client.article_url(title, revid), html))
        log(f"fetched {title} (revision {revid})")
    return articles


def _season_key(name: str) -> str:
    """'Survivor: The Australian Outback' -> 'theaustralianoutback'; 'Survivor 41' / 'Survivor: 41' -> '41'."""
    return re.sub(r"[^a-z0-9]", "", re.sub(r"^survivor", "", name.strip().lower()))


def wikipedia_corpus(articles: list[CachedArticle], data: SurvivorData) -> Corpus:
    """Season articles as Documents, matched to survivoR seasons by name; unmatched articles are skipped."""
    summary = data.table("season_summary")
    seasons = {_season_key(str(r.season_name)): (str(r.version), int(r.season)) for r in summary.itertuples()}
    documents, skipped = [], []
    for article in articles:
        match = seasons.get(_season_key(article.title))
        if match is None:
            number = re.match(r"survivor:?\s*(\d+)\b", article.title.lower())
            match = next((v for v in seasons.values() if number and v[1] == int(number.group(1))), None)
        if match is None:
            skipped.append(article.title)
            continue
        source = Source(url=article.url, license=WIKIPEDIA_LICENSE,
                        attribution=f"From the Wikipedia article \u201c{article.title}\u201d "
                                    f"(revision {article.revid}), CC BY-SA 4.0")
        sections = tuple(Section(s.title, s.text, source, s.episode) for s in article.sections)
        if sections:
            documents.append(Document(doc_id=f"wikipedia:{article.title}", title=article.title, corpus="wikipedia",
                                      version=match[0], season=match[1], sections=sections, url=article.url,
                                      revision=str(article.revid)))
    covered = {d.season for d in documents}
    missing = sorted(int(s) for s in summary["season"] if int(s) not in covered)
    notes = []
    if skipped:
        notes.append(f"Skipped {len(skipped)} article(s) that match no season in scope: {', '.join(skipped[:5])}"
                     + (" ..." if len(skipped) > 5 else ""))
    if missing:
        notes.append(f"No Wikipedia article found for season(s) {', '.join(map(str, missing))}.")
    digest = hashlib.sha256(json.dumps(sorted((a.title, a.revid) for a in articles)).encode()).hexdigest()
    return Corpus("wikipedia", f"wikipedia-{digest[:12]}", tuple(sorted(documents, key=lambda d: d.season)),
                  tuple(missing), tuple(notes))
