"""Abandon interviews nobody drives any more (called by the periodic maintenance process)."""

from __future__ import annotations

import datetime
import logging
import uuid

from django.conf import settings
from django.db import transaction
from django.db.models import Q

from agent_worker.core.clock import FakeClock
from agent_worker.core.factory import engine_for
from interviews.live.context import engine_context, load_interview
from interviews.models import Event, Interview, Status
from interviews.services import events as store
from interviews.services.status import InvalidStatusTransition, interview_set_status

logger = logging.getLogger(__name__)


def stale_after() -> datetime.timedelta:
    """A live interview with no driver (no lease) and no event for this long is abandoned."""
    return datetime.timedelta(minutes=settings.ABANDON_AFTER_MINUTES)


def interviews_abandon_stale(*, now: datetime.datetime, older_than: datetime.timedelta) -> int:
    """Mark live interviews with no driver and no activity for `older_than` as abandoned, and ready
    voice interviews whose worker never started within it as failed; return how many.

    Where the stored events allow it, the engine is rebuilt and ends the interview as `disconnected`
    (its stage.exited and interview.ended events are appended, with the transcript and metrics);
    otherwise only the status changes.
    """
    cutoff = now - older_than
    stale = Interview.objects.filter(status=Status.LIVE).filter(
        Q(last_activity_at__lt=cutoff) | Q(last_activity_at__isnull=True, started_at__lt=cutoff)
    ).filter(Q(lease_expires_at__isnull=True) | Q(lease_expires_at__lt=now))
    count = _fail_unstarted_voice(cutoff, now)
    for interview_id in stale.values_list("pk", flat=True):
        try:
            if _abandon(interview_id, now):
                count += 1
        except Exception:
            logger.exception("Could not abandon stale interview %s", interview_id)
    return count


def _fail_unstarted_voice(cutoff: datetime.datetime, now: datetime.datetime) -> int:
    """Ready voice interviews whose candidate asked to join (a token was issued, `last_activity_at`)
    and whose worker never started the job: failed, as the interview could not run."""
    count = 0
    waiting = Interview.objects.filter(status=Status.READY, mode=Interview.Mode.VOICE, last_activity_at__lt=cutoff)
    for interview in waiting.filter(Q(lease_expires_at__isnull=True) | Q(lease_expires_at__lt=now)):
        with transaction.atomic():
            locked = Interview.objects.select_for_update().get(pk=interview.pk)
            if locked.status != Status.READY or (locked.lease_expires_at and locked.lease_expires_at >= now):
                continue  # a worker took it meanwhile
            interview_set_status(interview=locked, status=Status.FAILED, reason="no voice worker started the job")
            Interview.objects.filter(pk=locked.pk, end_reason="").update(end_reason="failed")
        count += 1
    return count


def _abandon(interview_id: uuid.UUID | str, now: datetime.datetime) -> bool:
    interview = load_interview(interview_id)
    try:
        token = store.lease_acquire(interview=interview, seconds=60, force=False, now=now)
    except store.EventStoreError:
        return False
    if token is None:
        return False  # someone started driving it meanwhile
    try:
        if _end_with_engine(interview, token, now):
            return True
    except Exception:
        logger.warning("Interview %s: ending through the engine failed; setting the status only", interview_id,
                       exc_info=True)
    interview.refresh_from_db()
    if interview.is_terminal:
        return True
    try:
        interview_set_status(interview=interview, status=Status.ABANDONED, reason="no driver: disconnected")
    except InvalidStatusTransition:
        return False
    Interview.objects.filter(pk=interview.pk, end_reason="").update(end_reason="disconnected")
    return True


def _end_with_engine(interview: Interview, token: str, now: datetime.datetime) -> bool:
    """End the interview as its engine would; False if it stored no events (nothing to rebuild)."""
    events = [e.as_message() for e in Event.objects.filter(interview=interview).order_by("seq")]
    if not events:
        return False
    engine = engine_for(engine_context(interview), events=events, clock=FakeClock(now.timestamp()), brain=None)
    if not engine.is_over:
        engine.disconnected()
    fresh = engine.event_dicts()[len(events):]
    if fresh:
        store.events_append(interview=interview, events=fresh, lease_token=token)
    store.interview_complete(interview=interview, transcript=engine.transcript(), metrics=engine.metrics(),
                             reason=engine.end_reason or "disconnected", lease_token=token)
    return True


def abandon_stale_job(now: datetime.datetime) -> str:
    """Abandoning stale interviews as a maintenance job (`interviews.maintenance.JOBS`)."""
    return f"{interviews_abandon_stale(now=now, older_than=stale_after())} stale interview(s) abandoned"
