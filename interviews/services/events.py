"""The event store: leases, appending engine events in order, completing an interview.

The worker API and the text-mode driver both write through these functions, so the rules (one
driver at a time, idempotent event ids, `seq` without gaps, terminal interviews final) hold for
both. Every stored batch is announced to the interview's channel-layer group; the message only says
that new events are stored, and sockets read the events themselves from the database.
"""

from __future__ import annotations

import datetime
import logging
import secrets
import uuid
from dataclasses import dataclass, field
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import IntegrityError, transaction
from django.db.models import OuterRef, QuerySet, Subquery
from django.utils import timezone

from interviews.models import END_REASON_STATUS, TERMINAL_STATUSES, Event, Interview, Status
from interviews.services import wire
from interviews.services.status import interview_set_status
from interviews.services.wire import EventIn
from interviews.signals import interview_completed

logger = logging.getLogger(__name__)

WORKER_LEASE_SECONDS = 120


# -- errors ------------------------------------------------------------------------------------------


class EventStoreError(Exception):
    code = "error"
    status = 400

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra

    def as_dict(self) -> dict[str, Any]:
        return {"error": self.code, "detail": self.message, **self.extra}


class InvalidEvents(EventStoreError):
    code = "invalid"


class LeaseLost(EventStoreError):
    code = "lease_lost"
    status = 409


class SeqConflict(EventStoreError):
    code = "seq_conflict"
    status = 409


class InterviewTerminal(EventStoreError):
    code = "terminal"
    status = 409


class InterviewNotReady(EventStoreError):
    code = "not_ready"
    status = 409


# -- the channel-layer group -------------------------------------------------------------------------


InterviewId = uuid.UUID | str


def interview_group(interview_id: InterviewId) -> str:
    return f"interview.{uuid.UUID(str(interview_id)).hex}"


ANNOUNCED_EVENTS_MAX_CHARS = 32_000  # larger batches are announced by seq only; sockets read them back


def stored_message(last_seq: int, messages: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The channel-layer message saying events up to `last_seq` are stored, carrying them when small.

    Sockets whose cursor is right before the carried events send them as they are; any other socket
    (behind, or a batch too large to carry) reads from the database.
    """
    message: dict[str, Any] = {"type": "events.stored", "last_seq": last_seq}
    if messages and sum(len(str(m.get("data"))) for m in messages) <= ANNOUNCED_EVENTS_MAX_CHARS:
        message["events"] = messages
    return message


def announce_stored(interview_id: InterviewId, last_seq: int, messages: list[dict[str, Any]] | None = None) -> None:
    """Tell the interview's sockets that events up to `last_seq` are stored (from synchronous code).

    Async callers send `stored_message(...)` with `await layer.group_send` themselves, so that no
    database thread waits on Redis.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(interview_group(interview_id), stored_message(last_seq, messages))
    except Exception:  # a lost announcement loses nothing: sockets catch up from the database
        logger.warning("Could not announce events of interview %s", interview_id, exc_info=True)


def announce_lease_released(interview_id: InterviewId) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(interview_group(interview_id), {"type": "lease.released"})
    except Exception:
        logger.warning("Could not announce the lease release of interview %s", interview_id, exc_info=True)


# -- leases ------------------------------------------------------------------------------------------


# Fencing: every write by a lease holder is refused once its lease is another's. One rule, two forms:
# a row locked for the write is checked with `check_lease`; a single conditional UPDATE goes through
# `_fenced`. Neither lets an empty token through (a never-leased interview has an empty lease_token).


def _fenced(interview_pk: InterviewId, lease_token: str | None) -> QuerySet[Interview]:
    """The interview's row while `lease_token` is its lease (nothing for an empty token): update through it."""
    if not lease_token:
        return Interview.objects.none()
    return Interview.objects.filter(pk=interview_pk, lease_token=lease_token)


def _lease_held(interview: Interview, now: datetime.datetime) -> bool:
    return bool(interview.lease_token) and interview.lease_expires_at is not None and interview.lease_expires_at > now


def lease_acquire(
    *, interview: Interview, seconds: float, force: bool = False, now: datetime.datetime | None = None
) -> str | None:
    """Take the interview's lease and return its token; None if someone else holds it (unless `force`).

    A ready interview goes live. The worker forces (a job dispatched again takes over from a dead
    worker); a text-mode socket does not (a second tab watches instead).
    """
    now = now or timezone.now()
    with transaction.atomic():
        locked = Interview.objects.select_for_update().get(pk=interview.pk)
        if locked.status in TERMINAL_STATUSES:
            raise InterviewTerminal(f"The interview is {locked.status}.", status=locked.status)
        if locked.status == Status.DRAFT:
            raise InterviewNotReady("The interview is not ready yet.", status=locked.status)
        if not force and _lease_held(locked, now):
            return None
        token = secrets.token_hex(16)
        expires = now + datetime.timedelta(seconds=seconds)
        Interview.objects.filter(pk=locked.pk).update(lease_token=token, lease_expires_at=expires, last_activity_at=now)
        if locked.status == Status.READY:
            interview_set_status(interview=locked, status=Status.LIVE, reason="lease taken")
    interview.lease_token, interview.lease_expires_at = token, expires
    interview.status = Status.LIVE
    return token


def lease_renew(
    *, interview: Interview, lease_token: str | None, seconds: float, now: datetime.datetime | None = None
) -> bool:
    """Extend the lease; False if it is no longer ours (then stop driving)."""
    now = now or timezone.now()
    expires = now + datetime.timedelta(seconds=seconds)
    updated = _fenced(interview.pk, lease_token).exclude(status__in=TERMINAL_STATUSES).update(lease_expires_at=expires)
    return updated == 1


def lease_release(*, interview: Interview, lease_token: str | None) -> bool:
    """Give the lease up so another driver may take it at once."""
    released = _fenced(interview.pk, lease_token).update(lease_expires_at=None)
    if released:
        transaction.on_commit(lambda: announce_lease_released(interview.pk))
    return released == 1


def check_lease(locked: Interview, lease_token: str | None) -> None:
    """Refuse a write from a driver that no longer holds the interview's lease (events and recordings alike)."""
    if not lease_token or not secrets.compare_digest(str(lease_token), locked.lease_token or ""):
        raise LeaseLost("Another driver holds this interview's lease: stop driving it.")


# -- events ------------------------------------------------------------------------------------------


@dataclass
class AppendResult:
    stored: list[int] = field(default_factory=list)  # seqs stored by this call
    skipped: int = 0  # events already stored (replays)
    last_seq: int = 0
    messages: list[dict[str, Any]] = field(default_factory=list)  # the stored events, as socket messages

    def as_dict(self) -> dict[str, Any]:
        return {"stored": len(self.stored), "skipped": self.skipped, "last_seq": self.last_seq}


ACTIVITY_RESOLUTION = datetime.timedelta(seconds=30)  # last_activity_at is kept to this precision


def parse_events(raw: list[dict[str, Any]] | list[EventIn]) -> list[EventIn]:
    """A list of `{id, seq, type, stage, at, data}` objects as EventIn, or InvalidEvents saying what is wrong."""
    parsed = [e for e in raw if isinstance(e, EventIn)]
    if len(parsed) == len(raw):
        return parsed  # parsed by the caller (the worker API)
    try:
        return wire.parse_events(raw)
    except wire.InvalidBody as error:
        raise InvalidEvents(error.message) from None


def events_append(*, interview: Interview, events: list[dict[str, Any]] | list[EventIn], lease_token: str | None,
                  announce: bool = True) -> AppendResult:
    """Store a batch all or nothing: known ids are skipped, new ones must continue `seq` without gaps.

    One transaction: the interview row is locked and read together with its last `seq`, the new
    events go in with one INSERT, and `last_activity_at` is written only when it is older than
    ACTIVITY_RESOLUTION (the stale sweep counts in minutes). Stored ids are looked up only when the
    batch starts at or before the last stored `seq` (a replay). With `announce`, the batch is
    announced on commit; otherwise `result.messages` holds it for the caller to announce.

    Raises InvalidEvents, LeaseLost, SeqConflict (with `expected`) or InterviewTerminal.
    """
    batch = parse_events(events)
    result = AppendResult()
    with transaction.atomic():
        last_stored = Event.objects.filter(interview=OuterRef("pk")).order_by("-seq").values("seq")[:1]
        locked = (Interview.objects.select_for_update()
                  .only("id", "status", "lease_token", "last_activity_at")
                  .annotate(last_seq=Subquery(last_stored)).get(pk=interview.pk))
        last = locked.last_seq or 0
        fresh = batch
        if batch and batch[0].seq <= last:
            ids = [e.id for e in batch]
            known = set(Event.objects.filter(interview=locked, event_id__in=ids).values_list("event_id", flat=True))
            fresh = [e for e in batch if e.id not in known]
        result.skipped = len(batch) - len(fresh)
        result.last_seq = last
        if not fresh:
            return result  # a replay: fine whatever the lease or the status
        if locked.status in TERMINAL_STATUSES:
            raise InterviewTerminal(f"The interview is {locked.status}: it takes no new events.", status=locked.status)
        check_lease(locked, lease_token)
        expected = last + 1
        for event in fresh:
            if event.seq != expected:
                # The expected seq is where the store stands: the batch must start there, gap-free.
                raise SeqConflict(f"Expected seq {expected}, got {event.seq}: events must follow seq {last} "
                                  "without gaps.", expected=last + 1, expected_seq=last + 1)
            expected += 1
        rows = [Event(interview=locked, event_id=e.id, seq=e.seq, type=e.type, stage=e.stage, at=e.at,
                      data=e.data) for e in fresh]
        try:
            Event.objects.bulk_create(rows)
        except IntegrityError:
            # Raised inside the transaction, so all of it rolls back (no savepoint needed).
            raise SeqConflict("Events raced with another write.", expected=last + 1, expected_seq=last + 1) from None
        now = timezone.now()
        if locked.last_activity_at is None or now - locked.last_activity_at >= ACTIVITY_RESOLUTION:
            Interview.objects.filter(pk=locked.pk).update(last_activity_at=now)
        result.stored = [e.seq for e in fresh]
        result.last_seq = fresh[-1].seq
        result.messages = [row.as_message() for row in rows]
        if announce:
            last_seq, messages = result.last_seq, result.messages
            transaction.on_commit(lambda: announce_stored(locked.pk, last_seq, messages))
    return result


def events_after(*, interview_id: InterviewId, after_seq: int, limit: int = 500) -> list[dict[str, Any]]:
    """The stored events with a greater `seq`, as socket messages, in order."""
    rows = Event.objects.filter(interview_id=interview_id, seq__gt=after_seq).order_by("seq")[:limit]
    return [row.as_message() for row in rows]


# -- completion --------------------------------------------------------------------------------------


@dataclass
class CompleteResult:
    status: str
    replay: bool


def _stored_end_reason(interview: Interview) -> str | None:
    ended = Event.objects.filter(interview=interview, type="interview.ended").order_by("-seq").first()
    return (ended.data or {}).get("reason") if ended else None


def interview_complete(*, interview: Interview, transcript: list[Any] | dict[str, Any], metrics: dict[str, Any],
                       lease_token: str | None, reason: str | None = None) -> CompleteResult:
    """Store the transcript and metrics and set the status the end reason maps to; idempotent.

    The reason is the stored `interview.ended` event's, else `reason`. A repeated completion
    answers with what is stored; anything else on a terminal interview raises InterviewTerminal.
    """
    with transaction.atomic():
        locked = Interview.objects.select_for_update().get(pk=interview.pk)
        end_reason = _stored_end_reason(locked) or reason
        if locked.status in TERMINAL_STATUSES:
            if locked.end_reason and locked.end_reason == (end_reason or locked.end_reason) and (
                locked.transcript == transcript or not transcript
            ):
                return CompleteResult(status=locked.status, replay=True)
            raise InterviewTerminal(f"The interview is already {locked.status}.", status=locked.status)
        check_lease(locked, lease_token)
        if end_reason is None:
            raise InvalidEvents("No interview.ended event is stored and no `reason` was given.")
        status = END_REASON_STATUS[end_reason]
        Interview.objects.filter(pk=locked.pk).update(
            transcript=transcript, metrics=metrics, end_reason=end_reason, lease_expires_at=None,
            last_activity_at=timezone.now(),
        )
        interview_set_status(interview=locked, status=status, reason=f"ended: {end_reason}")
    interview.refresh_from_db()
    if status == Status.COMPLETED:
        for receiver, response in interview_completed.send_robust(sender=Interview, interview=interview):
            if isinstance(response, Exception):
                logger.error("interview_completed receiver %r failed", receiver, exc_info=response)
    return CompleteResult(status=status, replay=False)
