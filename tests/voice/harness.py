"""A whole voice interview below the room: Piper speech in real time into silero VAD and whisper,
the engine through the LiveKit adapter (our turn handling), a scripted model, Piper out to a
speaker that plays in real time and can be paused. Tests talk to it through `VoiceRig`."""

from __future__ import annotations

import asyncio
import copy
import re
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from agent_worker.adapters.driver import VoiceDriver
from agent_worker.adapters.livekit_session import InterviewerAgent, build_session, run_interview
from agent_worker.core import SystemClock
from agent_worker.core.factory import engine_for
from agent_worker.core.plans import QUICK_PLAN
from tests.voice.offline import (
    PiperTTS,
    RealtimeAudioInput,
    RealtimeSpeaker,
    Segment,
    WhisperSTT,
    speech_16k,
    transcribe,
)

ALICE = {"name": "Alice Example", "role": "Backend Engineer", "level": "mid"}


def words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower()))


def last_user_text(chat_ctx: Any) -> str:
    for item in reversed(chat_ctx.items):
        if item.type == "message" and item.role == "user":
            return item.text_content or ""
    return ""


def short_plan(**changes: dict[str, Any]) -> dict[str, Any]:
    """The quick plan with a one-line greeting (the tests wait for it in real time)."""
    plan = copy.deepcopy(QUICK_PLAN)
    for stage in plan["stages"]:
        stage["bridges"] = ["Hello {name}."] if stage["name"] == "greeting" else ["Next, a new topic."]
        stage.update(changes.get(stage["name"], {}))
    return plan


class Backend:
    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    async def send_events(self, events: list[dict[str, Any]]) -> None:
        self.events.extend(events)

    async def complete(self, *, transcript: Any, metrics: dict[str, Any]) -> dict[str, Any]:
        return {"status": "completed", "replay": False}


class VoiceRig:
    def __init__(self, model: Any, vad: Any, *, plan: dict[str, Any] | None = None) -> None:
        self.model = model
        self.engine = engine_for({"plan": plan or short_plan(), "candidate": ALICE, "seed": "voice"},
                                 clock=SystemClock(), brain="llm")
        self.tts = PiperTTS()
        self.stt = WhisperSTT()
        self.mic = RealtimeAudioInput()
        self.speaker = RealtimeSpeaker(self.tts.sample_rate)
        self.session = build_session(llm_model=model, stt=self.stt, tts=self.tts, vad=vad, llm_retries=0)
        self.driver: VoiceDriver | None = None
        self._runner: asyncio.Task[VoiceDriver] | None = None

    async def __aenter__(self) -> VoiceRig:
        await self.session.__aenter__()
        self.session.input.audio = self.mic
        self.session.output.audio = self.speaker
        agents: list[InterviewerAgent] = []

        async def start(agent: InterviewerAgent) -> None:
            agents.append(agent)
            await self.session.start(agent)

        runner = asyncio.create_task(run_interview(self.session, self.engine, Backend(),
                                                   stored_events=0, start=start))
        self._runner = runner
        await self.until(lambda: self.engine.started or runner.done(), 30, "the interview to start")
        if runner.done():
            runner.result()  # it failed before the interview started: say why
        self.driver = agents[0].driver
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.mic.closed = True
        assert self.driver is not None and self._runner is not None
        self.driver.stop()
        await asyncio.wait_for(self._runner, 10)
        await self.session.__aexit__(None, None, None)

    # -- acting -----------------------------------------------------------------------------------

    def say(self, text: str, *, then_silence: float = 0.0) -> np.ndarray:
        samples = speech_16k(text)
        self.mic.feed(samples, trailing_silence=then_silence)
        return samples

    def play(self, samples: np.ndarray) -> None:
        self.mic.feed(samples)

    async def until(self, predicate: Callable[[], bool], timeout: float, what: str = "") -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise AssertionError(f"not within {timeout} s: {what}\nevents: {self.summary()}")
            await asyncio.sleep(0.02)

    async def speech_done(self, timeout: float = 30) -> float:
        """Wait until everything fed to the microphone has been 'spoken'; the wall time it ended."""
        await self.until(lambda: not self.mic.busy, timeout, "the candidate's speech to play")
        return self.mic.speech_ends[-1]

    async def agent_speaking(self, seconds: float, timeout: float = 30, *, at_least: float = 0.0) -> Segment:
        """Wait until a segment (of `at_least` seconds of audio) has been playing for `seconds`; return it."""
        def playing() -> Segment | None:
            current = self.speaker.segments[-1] if self.speaker.segments else None
            if (current is not None and current.ended_at is None and current.played_seconds >= seconds
                    and current.played_seconds + sum(f.duration for f in current.queued) >= at_least):
                return current
            return None
        await self.until(lambda: playing() is not None, timeout, f"agent audio playing for {seconds} s")
        segment = playing()
        assert segment is not None
        return segment

    # -- reading ----------------------------------------------------------------------------------

    def events(self, kind: str) -> list[Any]:
        return [e for e in self.engine.events if e.type == kind]

    def answers(self) -> list[str]:
        return [e.data["text"] for e in self.events("candidate.said")]

    def said_question(self, text: str) -> bool:
        ids = {e.data["question_id"] for e in self.events("question.asked") if e.data["text"] == text}
        return any(e.data.get("question_id") in ids for e in self.events("agent.said"))

    def heard(self, segment: Segment) -> str:
        return transcribe(segment.samples_16k())

    def summary(self) -> list[str]:
        return [f"{e.type} {e.data.get('text', e.data.get('reason', ''))!s:.60}" for e in self.engine.events]
