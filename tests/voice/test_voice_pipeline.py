"""The offline audio pipeline end to end: Piper speech into silero VAD and whisper, the engine
through the LiveKit adapter with a scripted model, Piper out, captured. Transcripts match loosely."""

from __future__ import annotations

import asyncio
import copy
import re
from typing import Any

import pytest

from agent_worker.adapters.driver import VoiceDriver
from agent_worker.adapters.livekit_session import InterviewerAgent, SessionTransport, build_session
from agent_worker.core import Engine, InterviewContext, ScriptedBrain, SystemClock, load_plan
from agent_worker.core.plans import QUICK_PLAN
from tests.unit.adapters.scripted_llm import ScriptedLLM, call, say
from tests.voice.offline import (
    PiperTTS,
    RealtimeAudioInput,
    RealtimeSpeaker,
    WhisperSTT,
    speech_16k,
    transcribe,
)

pytestmark = pytest.mark.voice

ALICE = {"name": "Alice Example", "role": "Backend Engineer", "level": "mid"}
READY = "Are you ready to begin?"
INTRO = "Could you tell me about your background?"


class Backend:
    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    async def send_events(self, events):
        self.events.extend(events)

    async def complete(self, *, transcript, metrics):
        return {"status": "completed", "replay": False}


def words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower()))


async def until(predicate, timeout: float) -> None:
    async def poll():
        while not predicate():
            await asyncio.sleep(0.02)
    await asyncio.wait_for(poll(), timeout)


def said_question(engine: Engine, text: str) -> bool:
    ids = {e.data["question_id"] for e in engine.events if e.type == "question.asked" and e.data["text"] == text}
    return any(e.type == "agent.said" and e.data.get("question_id") in ids for e in engine.events)


async def test_a_spoken_answer_goes_through_the_pipeline_and_the_interview_moves_on(offline_models):
    model = ScriptedLLM([
        call("ask_question", question=READY), say(READY),
        call("assess_response", depth=2, key_points=["ready"]), call("transition_stage", reason="ready"),
        call("ask_question", question=INTRO), say(INTRO),
    ])
    plan = copy.deepcopy(QUICK_PLAN)
    engine = Engine(load_plan(plan), InterviewContext.from_dict(ALICE), seed="voice", clock=SystemClock(),
                    brain=None, fallback_brain=ScriptedBrain(), brain_name="llm")
    piper = PiperTTS()
    mic = RealtimeAudioInput()
    speaker = RealtimeSpeaker(piper.sample_rate)
    async with build_session(llm_model=model, stt=WhisperSTT(), tts=piper, vad=offline_models["vad"],
                             llm_retries=0) as session:
        session.input.audio = mic
        session.output.audio = speaker
        transport = SessionTransport(session)
        driver = VoiceDriver(engine, transport, Backend(), use_llm=True)
        transport.attach(driver)
        await session.start(InterviewerAgent(driver))
        runner = asyncio.create_task(driver.run())
        driver.start()
        try:
            await until(lambda: said_question(engine, READY), 20)
            greeting, question = speaker.segments[0], speaker.segments[-1]
            mic.feed(speech_16k("Yes, I am ready to start the interview."), trailing_silence=0.1)
            await until(lambda: said_question(engine, INTRO), 30)
        finally:
            mic.closed = True
            driver.stop()
            await asyncio.wait_for(runner, 10)

    answer = next(e for e in engine.events if e.type == "candidate.said")
    assert {"ready", "interview"} & words(answer.data["text"])
    assert answer.data["source"] == "voice"
    assert answer.data["started_at"] < answer.data["ended_at"]
    asked = [e for e in engine.events if e.type == "question.asked"]
    assert answer.data["question_id"] == asked[0].data["question_id"]
    assert [e.type for e in engine.events].count("stage.entered") == 2
    heard_greeting = words(transcribe(greeting.samples_16k()))
    assert {"alice", "interviewer", "backend", "engineer"} & heard_greeting
    assert {"ready", "begin"} & words(transcribe(question.samples_16k()))
    bridge = next(e for e in engine.events if e.type == "agent.said" and e.stage == "self_intro")
    assert "question_id" not in bridge.data  # the engine's own line, spoken through Piper
    assert {"background", "tell"} & words(transcribe(speaker.segments[-1].samples_16k()))
