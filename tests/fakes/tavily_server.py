"""A scripted Tavily search server for tests.

tavily-python's ``TavilyClient(api_key=..., api_base_url=server.url)`` posts JSON to
``{api_base_url}/search`` with ``Authorization: Bearer <key>``; it does not retry, and a
``timeout=`` on ``search()`` becomes the requests timeout (a hang past it raises tavily's
``TimeoutError``). Status mapping in the client: 401 ``InvalidAPIKeyError``, 400
``BadRequestError``, 403/432/433 ``ForbiddenError``, 429 ``UsageLimitExceededError``, anything
else ``requests.HTTPError``; the message comes from the body's ``detail.error``.

    server.add_results("news", [{"title": ..., "url": ..., "content": ...}])  # query contains "news"
    server.add_results(lambda q: q.startswith("Acme"), [...])
    server.queue_failure(status=500)            # the next search fails once
    server.queue_failure(error="timeout")       # the next search hangs (default 60 s), then drops
    server.failure = {"status": 401}            # every search fails until reset
    server.api_key = "tvly-good"                # other keys get a 401

Every request is in ``server.requests``; ``server.queries`` lists the search queries in order.
Run it alone with ``python -m tests.fakes.tavily_server --port 8766``.
"""

from __future__ import annotations

import argparse
import itertools
import threading
import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.fakes._http import CONTROL_PREFIX, FakeHTTPServer, RecordedRequest, Response, _Writer

Matcher = str | Callable[[str], bool]

DETAIL_BY_STATUS = {
    400: "Bad request: invalid parameters.",
    401: "Unauthorized: missing or invalid API key.",
    403: "Forbidden.",
    429: "Usage limit exceeded.",
    432: "Plan limit exceeded.",
    500: "Internal server error.",
    502: "Bad gateway.",
    503: "Service unavailable.",
}


@dataclass
class Failure:
    """How a search fails: an error status, or "timeout"/"disconnect"."""

    status: int = 500
    error: str | None = None
    delay: float = 0.0
    message: str | None = None

    @classmethod
    def coerce(cls, spec: Failure | dict[str, Any]) -> Failure:
        return spec if isinstance(spec, Failure) else cls(**spec)


def result(title: str, url: str, content: str, score: float = 0.8, **extra: Any) -> dict[str, Any]:
    """One search result as the Tavily API returns it."""
    return {"title": title, "url": url, "content": content, "score": score, "raw_content": None, **extra}


class FakeTavily(FakeHTTPServer):
    """The scripted Tavily server. See the module docstring."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0):
        super().__init__(host, port)
        self.api_key: str | None = None
        self.failure: Failure | dict[str, Any] | None = None
        self.delay: float = 0.0
        self.default_results: list[dict[str, Any]] = []
        self._rules: list[tuple[Matcher, list[dict[str, Any]]]] = []
        self._failures: deque[Failure] = deque()
        self._script_lock = threading.Lock()
        self._ids = itertools.count(1)

    # scripting -----------------------------------------------------------------------------
    def add_results(self, match: Matcher, results: list[dict[str, Any]]) -> None:
        """Answer queries that contain ``match`` (case-insensitive) or satisfy it, first rule first."""
        with self._script_lock:
            self._rules.append((match, [dict(r) for r in results]))

    def queue_failure(self, spec: Failure | dict[str, Any] | None = None, **kwargs: Any) -> None:
        """Make the next search fail once (several calls queue several failures)."""
        with self._script_lock:
            self._failures.append(Failure.coerce(spec) if spec is not None else Failure(**kwargs))

    def reset(self) -> None:
        with self._script_lock:
            self._rules.clear()
            self._failures.clear()
        with self._lock:
            self.requests.clear()
        self.failure = None
        self.api_key = None
        self.delay = 0.0
        self.default_results = []

    def results_for(self, query: str) -> list[dict[str, Any]]:
        with self._script_lock:
            rules = list(self._rules)
        for match, results in rules:
            hit = match(query) if callable(match) else match.casefold() in query.casefold()
            if hit:
                return [dict(r) for r in results]
        return [dict(r) for r in self.default_results]

    @property
    def searches(self) -> list[dict[str, Any]]:
        with self._lock:
            recorded = list(self.requests)
        return [r.json for r in recorded if r.path.rstrip("/").endswith("/search") and isinstance(r.json, dict)]

    @property
    def queries(self) -> list[str]:
        return [s.get("query", "") for s in self.searches]

    # serving -------------------------------------------------------------------------------
    def handle(self, request: RecordedRequest, writer: _Writer) -> None:
        path = request.path.split("?", 1)[0].rstrip("/")
        if path.startswith(CONTROL_PREFIX.rstrip("/")):
            return self._control(request, path, writer)
        if request.method != "POST" or path != "/search":
            return writer.send(_detail(404, f"fake-tavily: no route for {request.method} {path}"))
        with self._script_lock:
            failure = self._failures.popleft() if self._failures else None
        if failure is None and self.failure is not None:
            failure = Failure.coerce(self.failure)
        if failure is not None:
            return self._fail(failure, writer)
        if self.api_key is not None and request.authorization != f"Bearer {self.api_key}":
            return writer.send(_detail(401, DETAIL_BY_STATUS[401]))
        body = request.json
        if not isinstance(body, dict) or not isinstance(body.get("query"), str) or not body["query"].strip():
            return writer.send(_detail(400, "Bad request: query is required."))
        if self.sleep(self.delay):
            return writer.drop()
        results = self.results_for(body["query"])
        max_results = body.get("max_results")
        if isinstance(max_results, int) and max_results > 0:
            results = results[:max_results]
        writer.send(
            Response(
                body={
                    "query": body["query"],
                    "follow_up_questions": None,
                    "answer": None,
                    "images": [],
                    "results": results,
                    "response_time": 0.01,
                    "request_id": str(uuid.uuid4()),
                }
            )
        )

    def _fail(self, failure: Failure, writer: _Writer) -> None:
        if failure.error == "timeout":
            self.sleep(failure.delay or 60.0)
            return writer.drop()
        if failure.error == "disconnect":
            return writer.drop()
        if self.sleep(failure.delay):
            return writer.drop()
        message = failure.message or DETAIL_BY_STATUS.get(failure.status, f"Error {failure.status}.")
        writer.send(_detail(failure.status, message))

    def _control(self, request: RecordedRequest, path: str, writer: _Writer) -> None:
        action = path[len(CONTROL_PREFIX) :]
        body = request.json if isinstance(request.json, dict) else {}
        if action == "results" and request.method == "POST":
            self.add_results(str(body.get("match", "")), list(body.get("results", [])))
            return writer.send(Response(body={"ok": True}))
        if action == "failure" and request.method == "POST":
            try:
                self.queue_failure(body)
            except TypeError as exc:
                return writer.send(Response(status=400, body={"error": str(exc)}))
            return writer.send(Response(body={"ok": True}))
        if action == "requests" and request.method == "GET":
            return writer.send(Response(body=self.searches))
        if action == "reset" and request.method == "POST":
            self.reset()
            return writer.send(Response(body={"ok": True}))
        writer.send(Response(status=404, body={"error": f"no control action {action!r}"}))


def _detail(status: int, message: str) -> Response:
    return Response(status=status, body={"detail": {"error": message}})


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Run the fake Tavily server.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8766)
    args = parser.parse_args(argv)
    server = FakeTavily(args.host, args.port).start()
    print(f"fake Tavily server on {server.url}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
