"""The worker's job entrypoint as LiveKit calls it, in a fake job (`livekit.agents.testing.fake_job_context`,
no server): the job's metadata names the interview, the fake worker API serves it, and the fake OpenAI
server is the model and the voice."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import pytest
from livekit.agents.testing import fake_job_context

from agent_worker.adapters.livekit_session import entrypoint
from agent_worker.core import FakeClock
from agent_worker.core.factory import engine_for
from tests.unit.adapters.fake_worker_api import TOKEN

READY = "Are you ready to begin?"

# Under heavy load a run once hung here for good: a hang fails the test rather than the whole suite.
pytestmark = pytest.mark.usefixtures("hard_timeout")


@pytest.fixture
def worker_env(api, fake_openai, monkeypatch):
    """The worker's settings: the fake worker API, and the fake OpenAI server for the model and speech."""
    monkeypatch.setenv("WORKER_API_URL", api.url)
    monkeypatch.setenv("WORKER_API_TOKEN", TOKEN)
    monkeypatch.setenv("OPENAI_API_KEY", "any")
    monkeypatch.setenv("OPENAI_BASE_URL", fake_openai.base_url)
    monkeypatch.setenv("OPENAI_MODEL", "fake-gpt")
    for name in ("SPEECH_BASE_URL", "SPEECH_API_KEY", "DEEPGRAM_API_KEY"):
        monkeypatch.delenv(name, raising=False)


async def until(predicate: Callable[[], object], timeout: float = 30.0) -> None:
    async def poll() -> None:
        while not predicate():
            await asyncio.sleep(0.02)
    await asyncio.wait_for(poll(), timeout)


def types(api) -> list[str]:
    return [e["type"] for e in api.events]


async def test_a_job_runs_its_interview_through_the_worker_api_until_the_candidate_leaves(api, fake_openai,
                                                                                           worker_env):
    fake_openai.queue(tool_calls=[{"name": "ask_question", "arguments": {"question": READY}}])
    fake_openai.queue(text=READY)
    with fake_job_context(job_metadata=json.dumps({"interview_id": api.interview_id})) as ctx:
        job = asyncio.create_task(entrypoint(ctx))
        await until(lambda: fake_openai.speech_requests and types(api)[:2] == ["interview.started", "stage.entered"])
        assert api.requests[0][:2] == ("GET", "context") and api.lease is not None  # the job took the lease
        started = api.events[0]
        assert started["data"]["brain"] == "llm" and started["data"]["seed"] == api.seed
        assert fake_openai.speech_requests[0].startswith("Hi Alice")  # the engine's greeting, to the TTS
        await ctx.primary_session.aclose()  # the room closes: the candidate has gone
        await asyncio.wait_for(job, 10)
    assert api.events[-1]["type"] == "interview.ended" and api.events[-1]["data"]["reason"] == "disconnected"
    assert api.status == "abandoned"
    assert api.completion is not None and api.completion["lease_token"] == api.lease
    assert api.completion["transcript"]["entries"]


async def test_a_job_for_an_interview_already_over_only_completes_it(api, fake_openai, worker_env):
    engine = engine_for({"plan": api.plan, "candidate": api.candidate, "seed": api.seed}, clock=FakeClock())
    engine.start()
    engine.disconnected()
    api.events = engine.event_dicts()
    api.status = "live"
    with fake_job_context(job_metadata=api.interview_id) as ctx:
        await asyncio.wait_for(entrypoint(ctx), 10)
    assert [(method, path) for method, path, _ in api.requests] == [("GET", "context"), ("POST", "complete")]
    assert api.status == "abandoned" and api.completion["transcript"] == engine.transcript()
    assert fake_openai.requests == []  # no session was built


async def test_a_job_for_a_closed_interview_does_nothing(api, fake_openai, worker_env):
    api.status = "completed"
    with fake_job_context(job_metadata=api.interview_id) as ctx:
        await asyncio.wait_for(entrypoint(ctx), 10)
    assert [(method, path) for method, path, _ in api.requests] == [("GET", "context")]
    assert api.events == [] and fake_openai.requests == []


async def test_a_job_without_an_interview_id_asks_nothing_of_the_worker_api(api, worker_env):
    with fake_job_context(job_metadata="not an interview") as ctx:
        await asyncio.wait_for(entrypoint(ctx), 10)
    assert api.requests == []
