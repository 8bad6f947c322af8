"""A loopback stand-in for the MediaWiki API: answers shaped like the real API, text made up by the tests.

Failures can be queued (`fail_next(503, n)`), and every request is logged, so the tests can check retries,
politeness headers and the cache.
"""

from __future__ import annotations

import json
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Self

ARTICLE_HTML = """<div class="mw-content-ltr mw-parser-output" lang="en" dir="ltr">
<div class="shortdescription nomobile noexcerpt noprint searchaux" style="display:none">Season of a show</div>
<style>.mw-parser-output .infobox{{border:1px}}</style>
<table class="infobox vevent"><tr><th>Filming location</th><td>INFOBOX-CELL</td></tr></table>
<p><i><b>{title}</b></i> is a made-up season for tests.<sup id="cite_ref-1" class="reference"
><a href="#cite_note-1">[1]</a></sup> {lead}[2]</p>
<div class="mw-heading mw-heading2"><h2 id="Production">Production</h2>
<span class="mw-editsection">[<a href="#">edit</a>]</span></div>
<p>Filming took place on an invented island.</p>
<div class="mw-heading mw-heading3"><h3 id="Casting">Casting</h3></div>
<p>Casting opened early.</p>
<ul><li>Red tribe</li><li>Blue tribe</li></ul>
<div class="mw-heading mw-heading2"><h2 id="Season_summary">Season summary</h2></div>
<table class="wikitable"><tr><td>VOTING-TABLE-CELL</td></tr></table>
<div class="mw-heading mw-heading2"><h2 id="Episodes">Episodes</h2></div>
<table class="wikitable plainrowheaders wikiepisodetable">
<tr><th>No. overall</th><th>No. in season</th><th>Title</th><th>Original air date</th></tr>
<tr class="vevent module-episode-list-row"><th scope="row">101</th><td>1</td>
<td class="summary">"Arrival Day"</td><td>Jan 1</td></tr>
<tr class="expand-child"><td colspan="4" class="description">
<p>The tribes arrived by boat. Ann was voted out.<sup class="reference">[5]</sup></p></td></tr>
<tr class="vevent module-episode-list-row"><th scope="row">102</th><td>2</td>
<td class="summary">"Second Day"</td><td>Jan 8</td></tr>
<tr class="expand-child"><td colspan="4" class="description">
<p>Bob found an idol.</p><p>Cid was voted out.</p></td></tr>
</table>
<div class="mw-heading mw-heading2"><h2 id="References">References</h2></div>
<div class="reflist"><ol class="references"><li>REFERENCE-TEXT</li></ol></div>
<div role="navigation" class="navbox"><table><tr><td>NAVBOX-CELL</td></tr></table></div>
</div>"""


class FakeWiki:
    def __init__(self, articles: dict[str, int]):
        self.articles = dict(articles)        # title -> current revision id
        self.lead = "Everyone had fun."
        self.requests: list[dict] = []
        self.headers: list[dict] = []
        self._failures: list[tuple[int, dict]] = []
        self._lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/w/api.php"

    def fail_next(self, status: int, times: int = 1, headers: dict | None = None) -> None:
        self._failures += [(status, headers or {})] * times

    def actions(self, action: str) -> list[dict]:
        return [r for r in self.requests if r.get("action") == action]

    def answer(self, params: dict) -> dict:
        if params.get("list") == "categorymembers":
            return {"batchcomplete": True, "query": {"categorymembers": [
                {"pageid": i, "ns": 0, "title": t} for i, t in enumerate(sorted(self.articles))]}}
        if params.get("prop") == "revisions":
            pages = [{"title": t, "revisions": [{"revid": self.articles[t]}]}
                     for t in params["titles"].split("|") if t in self.articles]
            return {"batchcomplete": True, "query": {"pages": pages}}
        if params.get("action") == "parse":
            title = params["page"]
            return {"parse": {"title": title, "pageid": 1, "revid": self.articles[title],
                              "text": ARTICLE_HTML.format(title=title, lead=self.lead)}}
        if params.get("meta") == "siteinfo":
            return {"query": {"general": {"sitename": "FakeWiki"}}}
        return {"error": {"code": "badvalue", "info": "unknown request"}}

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                params = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query))
                with fake._lock:
                    fake.requests.append(params)
                    fake.headers.append(dict(self.headers))
                    failure = fake._failures.pop(0) if fake._failures else None
                if failure:
                    self.send_response(failure[0])
                    for key, value in failure[1].items():
                        self.send_header(key, value)
                    self.end_headers()
                    return
                body = json.dumps(fake.answer(params)).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):  # keep pytest output clean
                pass

        return Handler

    def __enter__(self) -> Self:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
