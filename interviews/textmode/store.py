"""The driver's and the socket's database calls, as async helpers (the ORM runs in a thread)."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from interviews.live.context import engine_context, load_interview
from interviews.models import TERMINAL_STATUSES, Event, Interview
from interviews.services import events as store


def driver_lease_seconds() -> float:
    """How long a driving socket's lease lasts between renewals (`TEXT_DRIVER_LEASE_SECONDS`)."""
    return float(settings.TEXT_DRIVER_LEASE_SECONDS)


@database_sync_to_async
def interview_for_owner(*, user, interview_id) -> Interview | None:
    if not getattr(user, "is_authenticated", False):
        return None
    try:
        return Interview.objects.only("id", "owner_id", "status", "mode").get(pk=interview_id, owner=user)
    except (Interview.DoesNotExist, ValueError):
        return None


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
def append(interview_id, events: list[dict[str, Any]], lease_token: str) -> store.AppendResult:
    return store.events_append(interview=Interview(pk=interview_id), events=events, lease_token=lease_token)


@database_sync_to_async
def complete(interview_id, *, transcript, metrics, reason: str | None, lease_token: str) -> store.CompleteResult:
    return store.interview_complete(interview=Interview(pk=interview_id), transcript=transcript, metrics=metrics,
                                    reason=reason, lease_token=lease_token)
