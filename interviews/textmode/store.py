"""The driver's and the socket's database calls, as async helpers (the ORM runs in a thread).

Each call is a short transaction of its own, so the calls of unrelated interviews need not queue on
one thread: they run on a pool of DATABASE_POOL_SIZE threads (each taking a pooled connection for
the call), while one interview's calls still come one after the other (its driver awaits each).
Announcing stored events to the channel layer happens here, on the event loop, after the database
call returns: no database thread waits on Redis.
"""

from __future__ import annotations

import functools
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from channels.auth import get_user
from channels.db import DatabaseSyncToAsync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection, connections

from interviews.live.context import engine_context, load_interview
from interviews.models import TERMINAL_STATUSES, Event, Interview
from interviews.services import events as store

_threads: ThreadPoolExecutor | None = None


def _executor() -> ThreadPoolExecutor:
    global _threads
    if _threads is None:
        _threads = ThreadPoolExecutor(max_workers=settings.DATABASE_POOL_SIZE, thread_name_prefix="interview-db")
    return _threads


def close_database_threads() -> None:
    """Wait for the database calls in flight, then stop the threads (the next call starts new ones)."""
    global _threads
    threads, _threads = _threads, None
    if threads is not None:
        threads.shutdown(wait=True)


def _returning_connection(func):
    """`func`, then the thread's connection closed (a pooled one goes back to the pool) whatever happens."""

    def call(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        finally:
            connections.close_all()

    return call


def database_sync_to_async(func):
    """Run `func` on the interview database threads; on SQLite, which takes one writer at a time (and
    whose shared in-memory databases lock whole tables across threads), on the one thread-sensitive thread."""

    @functools.wraps(func)
    async def call(*args, **kwargs):
        if connection.vendor == "sqlite":
            return await DatabaseSyncToAsync(func, thread_sensitive=True)(*args, **kwargs)
        return await DatabaseSyncToAsync(_returning_connection(func), thread_sensitive=False,
                                         executor=_executor())(*args, **kwargs)

    return call


def driver_lease_seconds() -> float:
    """How long a driving socket's lease lasts between renewals (`TEXT_DRIVER_LEASE_SECONDS`)."""
    return float(settings.TEXT_DRIVER_LEASE_SECONDS)


@database_sync_to_async
def socket_user_and_interview(scope, interview_id) -> tuple[Any, Interview | None]:
    """The socket's user (from its session) and the interview if that user owns it, in one database call:
    when many candidates open their interviews in the same second, each handshake waits for one free
    database thread, not two."""
    user = get_user.func(scope)
    if not getattr(user, "is_authenticated", False):
        return user, None
    try:
        return user, Interview.objects.only("id", "owner_id", "status", "mode").get(pk=interview_id, owner=user)
    except (Interview.DoesNotExist, ValueError):
        return user, None


@database_sync_to_async
def interview_state(interview_id) -> dict[str, Any]:
    row = Interview.objects.values("status", "end_reason", "mode").get(pk=interview_id)
    last = Event.objects.filter(interview_id=interview_id).order_by("-seq").values_list("seq", flat=True).first()
    return {**row, "last_seq": last or 0, "terminal": row["status"] in TERMINAL_STATUSES}


@database_sync_to_async
def events_after(interview_id, after_seq: int, limit: int = 500) -> list[dict[str, Any]]:
    return store.events_after(interview_id=interview_id, after_seq=after_seq, limit=limit)


@database_sync_to_async
def driver_setup(interview_id) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The engine context and every stored event, to build or rebuild the engine."""
    interview = load_interview(interview_id)
    events = store.events_after(interview_id=interview_id, after_seq=0, limit=100_000)
    return engine_context(interview), events


@database_sync_to_async
def lease_try(interview_id, seconds: float | None = None, *, take_over: bool = False) -> str | None:
    """Take the lease if nobody holds it (or, `take_over`, even if held: its driver did not answer,
    it died with its process); None if another driver holds it or the interview is over."""
    seconds = seconds or driver_lease_seconds()
    interview = Interview.objects.get(pk=interview_id)
    try:
        return store.lease_acquire(interview=interview, seconds=seconds, force=take_over)
    except (store.InterviewTerminal, store.InterviewNotReady):
        return None


@database_sync_to_async
def lease_renew(interview_id, lease_token: str, seconds: float | None = None) -> bool:
    seconds = seconds or driver_lease_seconds()
    return store.lease_renew(interview=Interview(pk=interview_id), lease_token=lease_token, seconds=seconds)


@database_sync_to_async
def lease_release(interview_id, lease_token: str) -> bool:
    return store.lease_release(interview=Interview(pk=interview_id), lease_token=lease_token)


@database_sync_to_async
def _append(interview_id, events: list[dict[str, Any]], lease_token: str) -> store.AppendResult:
    return store.events_append(interview=Interview(pk=interview_id), events=events, lease_token=lease_token,
                               announce=False)


async def append(interview_id, events: list[dict[str, Any]], lease_token: str, *,
                 announce: bool = True) -> store.AppendResult:
    """Store the driver's new events in one transaction, then announce them (carrying them) to the sockets."""
    result = await _append(interview_id, events, lease_token)
    if result.stored and announce:
        await announce_stored(interview_id, result.last_seq, result.messages)
    return result


async def announce_stored(interview_id, last_seq: int, messages: list[dict[str, Any]]) -> None:
    """Tell the interview's sockets (in every process) that events up to `last_seq` are stored."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        await layer.group_send(store.interview_group(interview_id), store.stored_message(last_seq, messages))
    except Exception:  # a lost announcement loses nothing: sockets catch up from the database
        store.logger.warning("Could not announce events of interview %s", interview_id, exc_info=True)


@database_sync_to_async
def complete(interview_id, *, transcript, metrics, reason: str | None, lease_token: str) -> store.CompleteResult:
    return store.interview_complete(interview=Interview(pk=interview_id), transcript=transcript, metrics=metrics,
                                    reason=reason, lease_token=lease_token)
