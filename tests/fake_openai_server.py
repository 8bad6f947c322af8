"""A SCRIPTED fake OpenAI-compatible server on loopback — for control-flow tests only.

It runs no model and understands nothing: each POST to /v1/chat/completions pops the next reply the
test queued (a status, a JSON body or a list of stream chunks, an optional delay) and every request is
recorded so the test can check what the client sent. Use it to test retries, timeouts, parsing and
bookkeeping; never to claim anything about answer quality. GET /v1/models lists `models`.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    status: int = 200
    body: Any = None  # dict -> JSON; None with status 200 -> an empty completion
    stream: list[dict] | None = None  # SSE chunks, sent as `data: {...}` then `data: [DONE]`
    delay_s: float = 0.0  # sleep before answering (timeout tests)
    headers: dict[str, str] = field(default_factory=dict)


def completion(content: str | None = "", *, tool_calls: list[dict] | None = None,
               usage: tuple[int, int] | None = (11, 7), model: str = "fake-model",
               finish_reason: str = "stop") -> dict:
    """A chat.completion body as OpenAI returns it. usage=None omits the usage block."""
    body = {"id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": model,
            "choices": [{"index": 0, "finish_reason": finish_reason,
                         "message": {"role": "assistant", "content": content, "tool_calls": tool_calls}}]}
    if usage is not None:
        body["usage"] = {"prompt_tokens": usage[0], "completion_tokens": usage[1], "total_tokens": sum(usage)}
    return body


def stream_chunks(pieces: list[str], *, usage: tuple[int, int] | None = (9, 3),
                  model: str = "fake-model") -> list[dict]:
    base = {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 0, "model": model}
    chunks = [base | {"choices": [{"index": 0, "delta": {"role": "assistant", "content": p}, "finish_reason": None}]}
              for p in pieces]
    chunks.append(base | {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    if usage is not None:
        chunks.append(base | {"choices": [], "usage": {"prompt_tokens": usage[0], "completion_tokens": usage[1],
                                                        "total_tokens": sum(usage)}})
    return chunks


def tool_call(name: str, arguments: dict, call_id: str = "call_1") -> dict:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}


class FakeOpenAIServer:
    def __init__(self, models: tuple[str, ...] = ("fake-model",)):
        self.models = list(models)
        self.replies: deque[Reply] = deque()
        self.requests: list[dict] = []  # {"method", "path", "headers", "json"}
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        name="fake-openai", daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def start(self) -> FakeOpenAIServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def script(self, *replies: Reply) -> None:
        with self._lock:
            self.replies.extend(replies)

    @property
    def chat_requests(self) -> list[dict]:
        return [r["json"] for r in self.requests if r["path"].endswith("/chat/completions")]

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output clean
                pass

            def _send(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                with fake._lock:
                    fake.requests.append({"method": "GET", "path": self.path, "headers": dict(self.headers),
                                          "json": None})
                if self.path.rstrip("/").endswith("/models"):
                    self._send(200, {"object": "list", "data": [{"id": m, "object": "model"} for m in fake.models]})
                else:
                    self._send(404, {"error": {"message": "not found"}})

            def do_POST(self):
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with fake._lock:
                    fake.requests.append({"method": "POST", "path": self.path, "headers": dict(self.headers),
                                          "json": json.loads(raw or b"null")})
                    reply = fake.replies.popleft() if fake.replies else None
                if reply is None:
                    self._send(599, {"error": {"message": "fake server: no scripted reply left"}})
                    return
                time.sleep(reply.delay_s)
                try:
                    if reply.stream is not None:
                        self.send_response(reply.status)
                        self.send_header("Content-Type", "text/event-stream")
                        self.end_headers()
                        for chunk in reply.stream:
                            self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                        self.wfile.write(b"data: [DONE]\n\n")
                        self.close_connection = True
                    else:
                        body = reply.body if reply.body is not None else (
                            completion("") if reply.status == 200
                            else {"error": {"message": f"scripted {reply.status}"}})
                        self._send(reply.status, body, reply.headers)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout tests)

        return Handler
