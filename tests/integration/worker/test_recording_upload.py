"""The worker keeps each answer's audio and sends it through the real worker API: a scripted voice interview whose
candidate agreed ends with one recording per answer, each as long as its utterance (within half a second)."""

from __future__ import annotations

import asyncio
import time

import numpy as np
import pytest
from asgiref.sync import sync_to_async

from agent_worker.adapters.backend import BackendClient
from agent_worker.adapters.driver import VoiceDriver
from agent_worker.adapters.recording import AnswerRecordings, HeardWord
from interviews.models import Interview, Recording
from tests.fakes.speech import speech_samples
from tests.integration.live.conftest import WORKER_TOKEN
from tests.integration.worker.test_worker_client import ANSWER, Transport, build, settle

SPOKEN = "At Acme I led the move to Kubernetes, and deploys went from sixty minutes to eight."


@pytest.fixture(autouse=True)
def _media_in_tmp(tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def consenting(interview):
    Interview.objects.filter(pk=interview.pk).update(recording_consent=True)
    return interview


def speak(recordings: AnswerRecordings, samples: np.ndarray, rate: int) -> tuple[float, float]:
    """The candidate says `samples` (frames as the room delivers them, just now) between seconds of silence."""
    step = rate // 50
    quiet = np.zeros(rate, dtype=np.int16)
    padded = np.concatenate([quiet, samples, quiet])
    at = time.time() - len(padded) / rate
    started = at + 1.0
    for index in range(0, len(padded), step):
        frame = padded[index : index + step]
        at += len(frame) / rate
        recordings.recorder.push(frame, rate, at)
    recordings.heard([HeardWord("At", 3.0, 3.2), HeardWord("Acme", 3.3, 3.8)])
    return started, started + len(samples) / rate


async def test_each_answer_of_a_consenting_candidate_is_stored_as_long_as_it_was_said(worker_api, consenting):
    samples, rate = speech_samples(SPOKEN)
    async with BackendClient(worker_api, WORKER_TOKEN, str(consenting.id)) as backend:
        context = await backend.fetch_context()
        assert context["interview"]["recording"] is True
        engine, stored = build(context)
        recordings = AnswerRecordings(backend)
        transport = Transport()
        driver = VoiceDriver(engine, transport, backend, stored_events=stored, answers=recordings)
        transport.driver = driver
        runner = asyncio.create_task(driver.run())
        driver.start()
        spans = {}
        for n in range(10):
            await settle()
            if engine.is_over:
                break
            driver.user_state("speaking")
            started, ended = speak(recordings, samples, rate)
            driver.user_turn(f"m{n}", ANSWER, started_at=started, ended_at=ended)
            said = [e for e in engine.events if e.type == "candidate.said"][-1]
            spans[said.seq] = ended - started
        await asyncio.wait_for(runner, 30)
    assert driver.completed
    answers = [e for e in engine.events if e.type == "candidate.said" and e.data.get("question_id")]
    rows = await sync_to_async(lambda: list(Recording.objects.filter(interview=consenting)))()
    assert sorted(r.seq for r in rows) == sorted(e.seq for e in answers) and rows
    for row in rows:
        assert row.duration_seconds == pytest.approx(spans[row.seq], abs=0.5)
        assert [w["word"] for w in row.words] == ["At", "Acme"]
        assert row.words[0]["start"] == pytest.approx(0.2, abs=0.01)


async def test_without_consent_the_context_says_so_and_the_worker_keeps_nothing(worker_api, interview):
    async with BackendClient(worker_api, WORKER_TOKEN, str(interview.id)) as backend:
        context = await backend.fetch_context()
    assert context["interview"]["recording"] is False
