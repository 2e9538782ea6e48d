"""When the voice worker goes away: pause the interview, and let the candidate go on in text.

The page sees the agent leave the LiveKit room (or never arrive, or report that it could not start)
and says so over its socket. A live voice interview is then paused (`interview.paused`, reason
`worker_lost`) and its lease freed: LiveKit restarts a failed job on another worker by default
(`JobRestartPolicy.JRP_ON_FAILURE`), and that worker resumes it (`interview.resumed`,
`worker_joined`). If the candidate chooses to go on in text instead, the interview switches to text
mode (`interview.resumed`, `switched_to_text`) and the page's socket drives it from there; a worker
still holding it loses its lease and stops.
"""

from __future__ import annotations

from agent_worker.core.clock import SystemClock
from agent_worker.core.engine import Engine
from agent_worker.core.factory import engine_for
from interviews.live.context import engine_context, load_interview
from interviews.models import Event, Interview, Status
from interviews.services import events as store

__all__ = ["voice_switch_to_text", "voice_worker_lost"]

_LEASE_SECONDS = 30


def _engine(interview: Interview) -> tuple[Engine, int]:
    events = [e.as_message() for e in Event.objects.filter(interview=interview).order_by("seq")]
    return engine_for(engine_context(interview), events=events, clock=SystemClock(), brain=None), len(events)


def _with_engine(interview: Interview, act) -> bool:
    """Take the lease (from a worker that is gone), let `act(engine)` add events, store them, let go."""
    token = store.lease_acquire(interview=interview, seconds=_LEASE_SECONDS, force=True)
    if token is None:
        return False
    try:
        engine, stored = _engine(interview)
        act(engine)
        fresh = engine.event_dicts()[stored:]
        if fresh:
            store.events_append(interview=interview, events=fresh, lease_token=token)
        return bool(fresh)
    finally:
        store.lease_release(interview=interview, lease_token=token)


def voice_worker_lost(interview_id) -> bool:
    """The voice agent left the room mid-interview: pause it (`worker_lost`). True if it paused now."""
    interview = load_interview(interview_id)
    if interview.status != Status.LIVE or interview.mode != Interview.Mode.VOICE:
        return False
    if not Event.objects.filter(interview=interview).exists():
        return False

    def pause(engine: Engine) -> None:
        if not engine.is_over and engine.paused_reason is None:
            engine.paused("worker_lost")

    return _with_engine(interview, pause)


def voice_switch_to_text(interview_id) -> bool:
    """The candidate goes on in text: a ready interview simply becomes a text one; a live one is
    resumed (`switched_to_text`) and its socket drives it. False if it is not a voice interview."""
    interview = load_interview(interview_id)
    if interview.mode != Interview.Mode.VOICE or interview.status not in (Status.READY, Status.LIVE):
        return False
    if interview.status == Status.LIVE and Event.objects.filter(interview=interview).exists():
        def resume(engine: Engine) -> None:
            if engine.is_over:
                return
            if engine.paused_reason is None:
                engine.paused("worker_lost")  # the page only offers text once the agent is gone
            engine.resumed("switched_to_text")

        _with_engine(interview, resume)
    Interview.objects.filter(pk=interview.pk, mode=Interview.Mode.VOICE).update(mode=Interview.Mode.TEXT)
    return True
