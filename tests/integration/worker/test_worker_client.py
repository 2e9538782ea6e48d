"""The agent worker's client and driver against the real worker API (Django on a live server)."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import sync_to_async

from agent_worker.adapters.backend import BackendClient, InterviewClosed, LeaseLost
from agent_worker.adapters.driver import VoiceDriver
from agent_worker.core.clock import SystemClock
from agent_worker.core.factory import engine_for
from tests.integration.live.conftest import WORKER_TOKEN

ANSWER = ("At Acme in 2022 I led the move of 40 services to Kubernetes. I designed the plan and I built the "
          "Helm charts; as a result deploys went from 60 minutes to 8 minutes.")


class Transport:
    """Plays every line at once, as soon as it is handed over."""

    def __init__(self) -> None:
        self.driver: VoiceDriver | None = None
        self.ended = False

    def say(self, line):
        asyncio.get_running_loop().call_soon(lambda: self.driver.line_played(line.id))

    def generate_reply(self):
        raise AssertionError("the scripted interviewer needs no model")

    def end(self):
        self.ended = True


def build(context):
    """The engine the worker's job builds from the context the API sent, and how many events were stored."""
    return engine_for(context, events=context["events"], clock=SystemClock()), len(context["events"])


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def test_a_scripted_voice_interview_is_stored_and_completed_through_the_api(worker_api, interview):
    async with BackendClient(worker_api, WORKER_TOKEN, str(interview.id)) as backend:
        context = await backend.fetch_context()
        assert context["events"] == [] and backend.lease == context["lease_token"]
        engine, stored = build(context)
        transport = Transport()
        driver = VoiceDriver(engine, transport, backend, stored_events=stored)
        transport.driver = driver
        runner = asyncio.create_task(driver.run())
        driver.start()
        for n in range(10):
            await settle()
            if engine.is_over:
                break
            driver.user_state("speaking")
            driver.user_turn(f"m{n}", ANSWER)
        await asyncio.wait_for(runner, 20)
    assert driver.completed and engine.end_reason == "completed"
    await sync_to_async(interview.refresh_from_db)()
    assert interview.status == "completed"
    count = await sync_to_async(interview.events.count)()
    assert count == len(engine.events)


async def test_a_second_worker_takes_the_lease_and_the_first_stops(worker_api, interview):
    async with BackendClient(worker_api, WORKER_TOKEN, str(interview.id)) as first:
        context = await first.fetch_context()
        engine, stored = build(context)
        engine.start()
        await first.send_events(engine.event_dicts())
        async with BackendClient(worker_api, WORKER_TOKEN, str(interview.id)) as second:
            again = await second.fetch_context()
            restored, stored = build(again)
            assert stored == 2 and restored.started
        engine.tick()
        line = engine.take_lines()[0]
        engine.agent_line_played(line.id)
        with pytest.raises(LeaseLost):
            await first.send_events([engine.event_dicts()[-1]])


async def test_a_completed_interview_is_closed_to_a_new_job(worker_api, interview):
    async with BackendClient(worker_api, WORKER_TOKEN, str(interview.id)) as backend:
        context = await backend.fetch_context()
        engine, _ = build(context)
        engine.start()
        engine.disconnected()
        await backend.send_events(engine.event_dicts())
        await backend.complete(transcript=engine.transcript(), metrics=engine.metrics())
        await backend.send_events(engine.event_dicts())  # a replay of stored events is fine
    async with BackendClient(worker_api, WORKER_TOKEN, str(interview.id)) as backend:
        with pytest.raises(InterviewClosed):
            await backend.fetch_context()
