"""A small aiohttp fake of the Django worker API (DESIGN.md, "Worker API"), with injectable faults.

It follows the real API's rules: the context takes a fresh lease; events are idempotent on their
id and the first new one must carry the next `seq`; a stale lease gets 409 `lease_lost`; a terminal
interview answers replays with 200 and new writes with 409 `terminal`. `faults` holds what the next
requests get instead: an HTTP status, or "drop" (the connection closes with no answer), or
"store_then_drop" (the events are stored, then the answer is lost).
"""

from __future__ import annotations

import copy
import uuid
from typing import Any

from aiohttp import web

from agent_worker.core.plans import QUICK_PLAN

TOKEN = "worker-token"


class FakeWorkerAPI:
    def __init__(self, *, plan: dict[str, Any] | None = None, seed: str = "1234") -> None:
        self.interview_id = str(uuid.uuid4())
        self.plan = copy.deepcopy(plan or QUICK_PLAN)
        self.seed = seed
        self.candidate: dict[str, Any] = {"name": "Alice Example", "role": "Backend Engineer", "level": "mid",
                                          "company": "Acme", "competencies": ["system_design", "communication"]}
        self.events: list[dict[str, Any]] = []
        self.lease: str | None = None
        self.status = "ready"
        self.completion: dict[str, Any] | None = None
        self.faults: list[int | str] = []
        self.requests: list[tuple[str, str, Any]] = []
        self.runner: web.AppRunner | None = None
        self.url = ""

    # -- lifecycle -------------------------------------------------------------------------------

    async def start(self) -> FakeWorkerAPI:
        app = web.Application()
        base = f"/api/worker/interviews/{self.interview_id}"
        app.router.add_get(base + "/context", self._context)
        app.router.add_post(base + "/events", self._events)
        app.router.add_post(base + "/complete", self._complete)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}"
        return self

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()

    def take_lease(self) -> str:
        """Another driver takes over (a job dispatched again)."""
        self.lease = uuid.uuid4().hex
        return self.lease

    # -- handlers --------------------------------------------------------------------------------

    async def _fault(self, request: web.Request) -> web.StreamResponse | str | None:
        if not self.faults:
            return None
        fault = self.faults.pop(0)
        if fault == "drop":
            assert request.transport is not None
            request.transport.close()
            raise ConnectionResetError("dropped by the fake")
        if fault == "store_then_drop":
            return "store_then_drop"
        return web.json_response({"error": "fake", "detail": f"fake {fault}"}, status=int(fault))

    def _auth(self, request: web.Request) -> web.Response | None:
        if request.headers.get("Authorization") != f"Bearer {TOKEN}":
            return web.json_response({"detail": "A valid worker bearer token is required."}, status=401)
        return None

    async def _context(self, request: web.Request) -> web.StreamResponse:
        self.requests.append(("GET", "context", None))
        if (denied := self._auth(request)) is not None:
            return denied
        fault = await self._fault(request)
        if isinstance(fault, web.StreamResponse):
            return fault
        if self.status in ("completed", "abandoned", "failed"):
            return web.json_response({"error": "terminal", "detail": f"The interview is {self.status}."}, status=409)
        if request.query.get("take_lease") == "1":  # as the real API: a plain read takes no lease
            self.take_lease()
            self.status = "live"
        return web.json_response({
            "interview": {"id": self.interview_id, "status": self.status, "mode": "voice"},
            "plan": self.plan, "candidate": self.candidate, "summary": "", "seed": self.seed,
            "events": list(self.events), "lease_token": self.lease, "lease_expires_at": "2030-01-01T00:00:00Z",
        })

    async def _events(self, request: web.Request) -> web.StreamResponse:
        body = await request.json()
        self.requests.append(("POST", "events", body))
        if (denied := self._auth(request)) is not None:
            return denied
        fault = await self._fault(request)
        if isinstance(fault, web.StreamResponse):
            return fault
        known = {e["id"] for e in self.events}
        fresh = [e for e in body["events"] if e["id"] not in known]
        if fresh:
            if self.status in ("completed", "abandoned", "failed"):
                return web.json_response({"error": "terminal", "detail": "It takes no new events."}, status=409)
            if body.get("lease_token") != self.lease:
                return web.json_response({"error": "lease_lost", "detail": "Another driver holds it."}, status=409)
            expected = len(self.events) + 1
            for event in fresh:
                if event["seq"] != expected:
                    return web.json_response({"error": "seq_conflict", "detail": f"Expected seq {len(self.events) + 1}.",
                                              "expected": len(self.events) + 1}, status=409)
                expected += 1
            self.events.extend(fresh)
        if fault == "store_then_drop":
            assert request.transport is not None
            request.transport.close()
            raise ConnectionResetError("stored, then dropped by the fake")
        return web.json_response({"stored": len(fresh), "skipped": len(body["events"]) - len(fresh),
                                  "last_seq": len(self.events)})

    async def _complete(self, request: web.Request) -> web.StreamResponse:
        body = await request.json()
        self.requests.append(("POST", "complete", body))
        if (denied := self._auth(request)) is not None:
            return denied
        fault = await self._fault(request)
        if isinstance(fault, web.StreamResponse):
            return fault
        if self.status in ("completed", "abandoned", "failed"):
            if self.completion is not None and self.completion["transcript"] == body.get("transcript"):
                return web.json_response({"status": self.status, "replay": True})
            return web.json_response({"error": "terminal", "detail": "Already ended."}, status=409)
        if body.get("lease_token") != self.lease:
            return web.json_response({"error": "lease_lost", "detail": "Another driver holds it."}, status=409)
        ended = [e for e in self.events if e["type"] == "interview.ended"]
        reason = ended[-1]["data"]["reason"] if ended else body.get("reason")
        self.status = {"disconnected": "abandoned", "failed": "failed"}.get(reason, "completed")
        self.completion = body
        return web.json_response({"status": self.status, "replay": False})

    # -- reading ---------------------------------------------------------------------------------

    def posts(self, kind: str) -> list[Any]:
        return [body for method, path, body in self.requests if path == kind]
