"""The voice worker going away: the page reports the agent leaving, the interview pauses (worker_lost);
a worker that rejoins resumes it (worker_joined); the candidate may go on in text (switched_to_text)."""

import asyncio

import pytest
from asgiref.sync import sync_to_async

from agent_worker.adapters.driver import VoiceDriver
from agent_worker.core.clock import SystemClock
from agent_worker.core.factory import engine_for
from interviews.live.context import engine_context
from interviews.models import Event, Interview, Status
from interviews.services.events import events_after, events_append, lease_acquire
from mockflow_site.asgi import application
from tests.integration.live.conftest import tiny_plan
from tests.integration.live.helpers import connected, is_event, is_session, read_until, send

pytestmark = pytest.mark.django_db(transaction=True)


def voice_started(interview) -> str:
    """A worker took the job and the interviewer has spoken its first question; returns its lease."""
    token = lease_acquire(interview=interview, seconds=120, force=True)
    engine = engine_for({**engine_context(interview), "seed": "9"}, clock=SystemClock())
    engine.start()
    engine.play_lines_at_once()
    events_append(interview=interview, events=engine.event_dicts(), lease_token=token)
    return token


@pytest.fixture
def voice_interview(make_interview, alice):
    interview = make_interview(alice, plan=tiny_plan(), mode="voice")
    voice_started(interview)
    interview.refresh_from_db()
    assert interview.status == Status.LIVE
    return interview


class Backend:
    def __init__(self):
        self.events = []

    async def send_events(self, events):
        self.events.extend(events)

    async def complete(self, *, transcript, metrics):
        return {}


class Transport:
    def say(self, line):
        pass

    def generate_reply(self):
        pass

    def end(self):
        pass


async def test_the_agent_leaving_pauses_the_interview_and_frees_it_for_another_worker(
        voice_interview, alice_cookie, in_memory_layer):
    comm = await connected(application, voice_interview, alice_cookie)
    await send(comm, type="resume", last_seq=0)
    await read_until(comm, is_session)
    await send(comm, type="agent_left")
    paused = await read_until(comm, is_event("interview.paused"))
    assert paused["data"] == {"reason": "worker_lost"}
    await send(comm, type="agent_left")  # said again (two tabs): one pause
    await comm.disconnect()
    interview = await sync_to_async(Interview.objects.get)(pk=voice_interview.pk)
    assert interview.status == Status.LIVE and interview.lease_expires_at is None  # free for the next driver
    types = await sync_to_async(lambda: list(Event.objects.filter(interview=interview).values_list("type", flat=True)))()
    assert types.count("interview.paused") == 1

    # LiveKit restarts the failed job on another worker: it rebuilds the engine and goes on.
    stored = await sync_to_async(events_after)(interview_id=interview.pk, after_seq=0)
    engine = engine_for(await sync_to_async(engine_context)(interview), events=stored, clock=SystemClock())
    assert engine.paused_reason == "worker_lost"
    backend = Backend()
    driver = VoiceDriver(engine, Transport(), backend, stored_events=len(stored))
    sender = asyncio.create_task(driver.outbox.run())
    driver.start()
    await driver.outbox.flush()
    sender.cancel()
    assert backend.events[0]["type"] == "interview.resumed"
    assert backend.events[0]["data"] == {"reason": "worker_joined"}
    assert engine.paused_reason is None


async def test_the_candidate_goes_on_in_text_and_the_event_log_says_so(voice_interview, alice_cookie, in_memory_layer):
    comm = await connected(application, voice_interview, alice_cookie)
    await send(comm, type="resume", last_seq=0)
    await read_until(comm, is_session)
    await send(comm, type="agent_left")
    await read_until(comm, is_event("interview.paused"))
    await send(comm, type="switch_to_text")
    resumed = await read_until(comm, is_event("interview.resumed"))
    assert resumed["data"] == {"reason": "switched_to_text"}
    session = await read_until(comm, is_session)
    assert session["mode"] == "text" and session["status"] == "live"
    await comm.disconnect()

    # The text page (reloaded) drives the interview from here.
    text = await connected(application, voice_interview, alice_cookie)
    await send(text, type="resume", last_seq=0)
    session = await read_until(text, lambda m: is_session(m) and m["driving"], timeout=10)
    assert session["mode"] == "text"
    await send(text, type="answer", text="Yes, I am ready to go on in text.")
    said = await read_until(text, is_event("candidate.said"))
    assert said["data"]["source"] == "text"
    await text.disconnect()


async def test_a_ready_voice_interview_can_start_in_text_instead(make_interview, alice, alice_cookie, in_memory_layer):
    interview = await sync_to_async(make_interview)(alice, plan=tiny_plan(), mode="voice")
    comm = await connected(application, interview, alice_cookie)
    await send(comm, type="resume", last_seq=0)
    await read_until(comm, is_session)
    await send(comm, type="switch_to_text")
    session = await read_until(comm, is_session)
    assert session["mode"] == "text" and session["status"] == "ready"
    await comm.disconnect()


async def test_a_text_interview_cannot_be_switched_or_paused_for_a_worker(quick_interview, alice_cookie,
                                                                         in_memory_layer):
    comm = await connected(application, quick_interview, alice_cookie)
    await send(comm, type="resume", last_seq=0)
    await read_until(comm, is_session)
    await send(comm, type="switch_to_text")
    error = await read_until(comm, lambda m: m.get("type") == "error")
    assert error["code"] == "not_voice"
    await send(comm, type="agent_left")
    await asyncio.sleep(0.2)
    count = await sync_to_async(Event.objects.filter(interview=quick_interview, type="interview.paused").count)()
    assert count == 0
    await comm.disconnect()
