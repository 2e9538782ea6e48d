"""The agent worker's client of the Django worker API.

Events are buffered and posted in order; network errors and 5xx answers are retried with backoff,
so an event is never dropped. A 409 is final: `LeaseLost` means another driver took the interview,
`InterviewClosed` that it already ended. Contract: DESIGN.md, "Worker API".
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp

from agent_worker.core.backoff import backoff_delay, jittered

log = logging.getLogger(__name__)

Sleep = Callable[[float], Awaitable[None]]


class BackendError(Exception):
    """The worker API refused a request for good (a 4xx other than 409)."""


class LeaseLost(BackendError):
    """Another driver holds the interview's lease: stop driving it."""


class InterviewClosed(BackendError):
    """The interview already ended; new writes are refused."""


class SeqConflict(BackendError):
    """The API expected another `seq`: events were lost on this side, and the interview cannot go on."""

    def __init__(self, message: str, expected: int | None = None) -> None:
        super().__init__(message)
        self.expected = expected


# The API takes at most 500 events a request.
MAX_BATCH = 200
# Fetching the context gives up after this many failed attempts (a job without it cannot start);
# events and the completion are retried until they are stored.
CONTEXT_ATTEMPTS = 8
# A recording is worth a few retries, not the interview: it gives up after this many.
RECORDING_ATTEMPTS = 4


class BackendClient:
    def __init__(
        self,
        base_url: str,
        token: str,
        interview_id: str,
        *,
        session: aiohttp.ClientSession | None = None,
        timeout: float = 10.0,
        max_backoff: float = 30.0,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self._base = base_url.rstrip("/") + f"/api/worker/interviews/{interview_id}"
        self._headers = {"Authorization": f"Bearer {token}"}
        self._session = session
        self._owns_session = session is None
        self._timeout = aiohttp.ClientTimeout(total=timeout)
        self._max_backoff = max_backoff
        self._sleep = sleep
        self.lease: str | None = None
        self._pending: list[dict[str, Any]] = []
        self._lock = asyncio.Lock()

    async def __aenter__(self) -> BackendClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        if self._owns_session and self._session is not None:
            await self._session.close()
            self._session = None

    def _http(self) -> aiohttp.ClientSession:
        if self._session is None:
            self._session = aiohttp.ClientSession(timeout=self._timeout)
        return self._session

    async def fetch_context(self) -> dict[str, Any]:
        """Fetch what the engine needs and take the lease that every later write carries."""
        body = await self._request("GET", "/context?take_lease=1", max_attempts=CONTEXT_ATTEMPTS)
        self.lease = body.get("lease_token")
        return body

    @property
    def pending(self) -> int:
        return len(self._pending)

    async def send_events(self, events: list[dict[str, Any]]) -> None:
        """Queue events and post everything pending, in order, until the API has them all."""
        async with self._lock:
            self._pending.extend(events)
            await self._flush()

    async def _flush(self) -> None:
        while self._pending:
            batch = self._pending[:MAX_BATCH]
            # A batch the API stored but whose answer was lost is sent again: stored ids are skipped.
            await self._request("POST", "/events", {"lease_token": self.lease, "events": batch})
            del self._pending[: len(batch)]

    async def complete(
        self, *, transcript: list[dict[str, Any]] | dict[str, Any], metrics: dict[str, Any], reason: str | None = None
    ) -> dict[str, Any]:
        """Store the transcript and metrics (after every pending event); the status follows the end reason."""
        async with self._lock:
            await self._flush()
            payload: dict[str, Any] = {"lease_token": self.lease, "transcript": transcript, "metrics": metrics}
            if reason is not None:
                payload["reason"] = reason
            return await self._request("POST", "/complete", payload)

    async def send_recording(self, *, question_id: str, seq: int, audio: bytes, content_type: str,
                             words: list[dict[str, Any]]) -> dict[str, Any]:
        """Store the candidate's audio of the answer with that seq (sent once its events are: see the caller)."""

        def form() -> aiohttp.FormData:
            data = aiohttp.FormData()
            data.add_field("lease_token", self.lease or "")
            data.add_field("words", json.dumps(words))
            data.add_field("audio", audio, filename=f"{seq}", content_type=content_type)
            return data

        return await self._request("PUT", f"/recordings/{question_id}/{seq}", form=form,
                                   max_attempts=RECORDING_ATTEMPTS)

    async def _request(
        self, method: str, path: str, payload: dict[str, Any] | None = None, *, max_attempts: int | None = None,
        form: Callable[[], aiohttp.FormData] | None = None,
    ) -> dict[str, Any]:
        attempt = 0
        while True:
            attempt += 1
            body: dict[str, Any] = {"json": payload} if form is None else {"data": form()}
            try:
                async with self._http().request(
                    method, self._base + path, headers=self._headers, timeout=self._timeout, **body
                ) as response:
                    body = await _json_or_empty(response)
                    if response.status < 300:
                        return body
                    if response.status == 409:
                        raise _conflict(body)
                    if response.status < 500 and response.status != 429:
                        raise BackendError(f"{method} {path} refused ({response.status}): {body}")
                    reason = f"HTTP {response.status}"
            except (aiohttp.ClientError, TimeoutError) as error:
                reason = f"{error.__class__.__name__}: {error}"
            if max_attempts is not None and attempt >= max_attempts:
                raise BackendError(f"{method} {path} failed {attempt} times; last: {reason}")
            delay = jittered(backoff_delay(attempt, first=0.5, most=self._max_backoff))
            log.warning("Worker API %s %s failed (%s); retry %d in %.1fs", method, path, reason, attempt, delay)
            await self._sleep(delay)


async def _json_or_empty(response: aiohttp.ClientResponse) -> dict[str, Any]:
    try:
        body = await response.json(content_type=None)
    except (ValueError, aiohttp.ContentTypeError):
        return {}
    return body if isinstance(body, dict) else {"data": body}


def _conflict(body: dict[str, Any]) -> BackendError:
    """Map a 409 to what the worker does next (codes: interviews/services/events.py)."""
    code = str(body.get("error") or "")
    detail = str(body.get("detail") or code)
    if code == "lease_lost":
        return LeaseLost(detail)
    if code == "seq_conflict":
        expected = body.get("expected")
        return SeqConflict(detail, expected if isinstance(expected, int) else None)
    if code == "not_ready":
        return BackendError(detail)
    return InterviewClosed(detail or "the interview has ended")
