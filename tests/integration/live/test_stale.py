"""The maintenance process abandons interviews that nobody drives any more."""

import datetime

from django.utils import timezone

from agent_worker.core.clock import FakeClock
from agent_worker.core.factory import engine_for
from interviews.models import Event, Interview, Status
from interviews.services.events import events_append, lease_acquire
from interviews.services.stale import interviews_abandon_stale
from tests.integration.live.conftest import tiny_plan

HOUR = datetime.timedelta(hours=1)


def half_done(interview):
    """Store a started interview's first events, driven by a lease that has since expired."""
    token = lease_acquire(interview=interview, seconds=60)
    engine = engine_for({"plan": tiny_plan(), "candidate": {"name": "Alice"}, "seed": "7"}, clock=FakeClock())
    engine.start()
    engine.play_lines_at_once()
    events_append(interview=interview, events=engine.event_dicts(), lease_token=token)
    Interview.objects.filter(pk=interview.pk).update(
        lease_expires_at=timezone.now() - HOUR, last_activity_at=timezone.now() - 2 * HOUR)


def test_it_ends_a_stale_interview_as_disconnected(quick_interview):
    half_done(quick_interview)
    assert interviews_abandon_stale(now=timezone.now(), older_than=HOUR) == 1
    quick_interview.refresh_from_db()
    assert quick_interview.status == Status.ABANDONED
    assert quick_interview.end_reason == "disconnected"
    last = Event.objects.filter(interview=quick_interview).order_by("-seq").first()
    assert last.type == "interview.ended" and last.data == {"reason": "disconnected"}
    assert quick_interview.transcript["entries"]


def test_it_leaves_driven_and_recent_interviews_alone(quick_interview, make_interview, alice):
    half_done(quick_interview)
    Interview.objects.filter(pk=quick_interview.pk).update(lease_expires_at=timezone.now() + HOUR)
    recent = make_interview(alice, plan=tiny_plan())
    half_done(recent)
    Interview.objects.filter(pk=recent.pk).update(last_activity_at=timezone.now())
    ready = make_interview(alice, plan=tiny_plan())
    assert interviews_abandon_stale(now=timezone.now(), older_than=HOUR) == 0
    assert {i.status for i in Interview.objects.filter(pk__in=[quick_interview.pk, recent.pk])} == {Status.LIVE}
    ready.refresh_from_db()
    assert ready.status == Status.READY


def test_a_live_interview_without_events_is_abandoned_by_status(quick_interview):
    lease_acquire(interview=quick_interview, seconds=60)
    Interview.objects.filter(pk=quick_interview.pk).update(
        lease_expires_at=timezone.now() - HOUR, last_activity_at=timezone.now() - 2 * HOUR)
    assert interviews_abandon_stale(now=timezone.now(), older_than=HOUR) == 1
    quick_interview.refresh_from_db()
    assert quick_interview.status == Status.ABANDONED and quick_interview.end_reason == "disconnected"


def test_maintenance_runs_it(quick_interview):
    from interviews.maintenance import run_maintenance

    half_done(quick_interview)
    report = run_maintenance(now=timezone.now() + HOUR, only=["abandon_stale_interviews"])
    assert report == {"abandon_stale_interviews": "1 stale interview(s) abandoned"}


def test_a_ready_voice_interview_whose_worker_never_started_fails(make_interview, alice):
    waited = make_interview(alice, plan=tiny_plan(), mode="voice")
    just_asked = make_interview(alice, plan=tiny_plan(), mode="voice")
    never_joined = make_interview(alice, plan=tiny_plan(), mode="voice")
    Interview.objects.filter(pk=waited.pk).update(last_activity_at=timezone.now() - 2 * HOUR)
    Interview.objects.filter(pk=just_asked.pk).update(last_activity_at=timezone.now())
    assert interviews_abandon_stale(now=timezone.now(), older_than=HOUR) == 1
    statuses = dict(Interview.objects.filter(pk__in=[waited.pk, just_asked.pk, never_joined.pk])
                    .values_list("pk", "status"))
    assert statuses == {waited.pk: Status.FAILED, just_asked.pk: Status.READY, never_joined.pk: Status.READY}
    waited.refresh_from_db()
    assert waited.end_reason == "failed"
    assert waited.status_changes.get().reason == "no voice worker started the job"
