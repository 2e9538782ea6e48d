"""Voice: end of the candidate's speech to the agent's first audio, in the offline pipeline.

Piper speech plays in real time into silero VAD and whisper tiny.en (non-streaming), the engine runs
through the LiveKit adapter with a scripted model (so the model costs nothing and what is measured is
the pipeline: VAD silence, end-of-turn wait, STT, the driver, TTS), and Piper speaks the reply. Each
turn measures from the last sample of the candidate's answer to the first frame of the agent's reply.
Writes bench/results/voice.json and prints a markdown table.
"""

from __future__ import annotations

import asyncio
import copy
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agent_worker.adapters.driver import VoiceDriver  # noqa: E402
from agent_worker.adapters.livekit_session import (  # noqa: E402
    TURN_HANDLING,
    InterviewerAgent,
    SessionTransport,
    build_session,
)
from agent_worker.core import Engine, InterviewContext, ScriptedBrain, SystemClock, load_plan  # noqa: E402
from agent_worker.core.plans import QUICK_PLAN  # noqa: E402
from tests.unit.adapters.scripted_llm import ScriptedLLM, call, say  # noqa: E402
from tests.voice import offline  # noqa: E402

TURNS = min(10, int(os.environ.get("VOICE_BENCH_TURNS", "8")))
ANSWERS = [
    "Yes, I am ready to start.",
    "I have been a backend engineer for six years, mostly on payments.",
    "I moved our billing service to Kubernetes and cut deploy time by half.",
    "The hardest part was the database migration, which we did in stages.",
    "I wrote the migration plan and I ran the rollout with two colleagues.",
    "We measured error rates every day and they went down by a third.",
    "I would split the service earlier next time and test the failover.",
    "Thank you, I enjoyed talking about it.",
]
QUESTIONS = [
    "Are you ready to begin?",
    "How long have you worked on backend systems?",
    "Which project are you proudest of?",
    "What made that migration difficult?",
    "Who did you work with on the rollout?",
    "How did you measure whether it worked?",
    "What would you change if you did it again?",
    "Is there anything you would like to ask me?",
    "Which database did your team rely on?",
    "How do you keep your on-call load manageable?",
    "Where do you see your career going next?",
]


class Backend:
    async def send_events(self, events: list[dict[str, Any]]) -> None:
        pass

    async def complete(self, *, transcript: Any, metrics: dict[str, Any]) -> dict[str, Any]:
        return {"status": "completed", "replay": False}


def plan() -> dict[str, Any]:
    data = copy.deepcopy(QUICK_PLAN)
    greeting = data["stages"][0]
    greeting.update(max_questions=TURNS + 2, max_seconds=600, inactivity_seconds=120)
    return data


def said_question(engine: Engine, text: str) -> bool:
    ids = {e.data["question_id"] for e in engine.events if e.type == "question.asked" and e.data["text"] == text}
    return any(e.type == "agent.said" and e.data.get("question_id") in ids for e in engine.events)


async def until(predicate: Any, timeout: float) -> None:
    async def poll() -> None:
        while not predicate():
            await asyncio.sleep(0.01)
    await asyncio.wait_for(poll(), timeout)


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"p50": round(statistics.median(ordered) * 1000), "p95": round(p95 * 1000),
            "min": round(ordered[0] * 1000), "max": round(ordered[-1] * 1000)}


async def run() -> dict[str, Any]:
    from livekit.plugins import silero

    loaded = time.perf_counter()
    offline.whisper_model()
    offline.piper_voice()
    vad = silero.VAD.load()
    load_seconds = time.perf_counter() - loaded
    speech = [offline.speech_16k(ANSWERS[n % len(ANSWERS)]) for n in range(TURNS)]

    replies = [call("ask_question", question=QUESTIONS[0]), say(QUESTIONS[0])]
    for n in range(1, TURNS + 1):
        replies += [call("ask_question", question=QUESTIONS[n]), say(QUESTIONS[n])]
    model = ScriptedLLM(replies)
    engine = Engine(load_plan(plan()), InterviewContext.from_dict({"name": "Alice Example", "role": "Backend Engineer"}),
                    seed="bench", clock=SystemClock(), brain=None, fallback_brain=ScriptedBrain(), brain_name="llm")
    stt = offline.WhisperSTT()
    piper = offline.PiperTTS()
    mic = offline.RealtimeAudioInput()
    speaker = offline.RealtimeSpeaker(piper.sample_rate)
    latencies: list[float] = []
    heard: list[str] = []
    async with build_session(llm_model=model, stt=stt, tts=piper, vad=vad, llm_retries=0) as session:
        session.input.audio = mic
        session.output.audio = speaker
        transport = SessionTransport(session)
        driver = VoiceDriver(engine, transport, Backend(), use_llm=True)
        transport.attach(driver)
        await session.start(InterviewerAgent(driver))
        runner = asyncio.create_task(driver.run())
        driver.start()
        try:
            await until(lambda: said_question(engine, QUESTIONS[0]), 30)
            for n in range(TURNS):
                await asyncio.sleep(0.3)
                segments_before = len(speaker.segments)
                mic.feed(speech[n])
                await until(lambda n=n: said_question(engine, QUESTIONS[n + 1]), 30)
                end = mic.speech_ends[-1]
                first = next(s for s in speaker.segments[segments_before:] if s.first_frame_at and s.first_frame_at >= end)
                latencies.append(first.first_frame_at - end)
            heard = [e.data["text"] for e in engine.events if e.type == "candidate.said"]
        finally:
            mic.closed = True
            driver.stop()
            await asyncio.wait_for(runner, 10)
    return {
        "benchmark": "voice",
        "what": "end of candidate speech to the agent's first audio frame, offline pipeline "
                "(silero VAD, whisper tiny.en, scripted model, Piper)",
        "turns": TURNS,
        "latency_ms": summary(latencies),
        "stt_ms": summary(stt.calls),
        "endpointing_min_delay_ms": round(TURN_HANDLING["endpointing"]["min_delay"] * 1000),
        "samples_ms": [round(v * 1000) for v in latencies],
        "model_load_seconds": round(load_seconds, 2),
        "transcripts": heard,
        "machine": {"cpu_count": os.cpu_count(), "python": platform.python_version(),
                    "machine": platform.machine()},
    }


def main() -> int:
    result = asyncio.run(run())
    out = ROOT / "bench" / "results" / "voice.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n")
    lat, stt = result["latency_ms"], result["stt_ms"]
    print(f"Offline voice pipeline, {result['turns']} turns ({os.cpu_count()} cores):\n")
    print("| measure | p50 | p95 | min | max |")
    print("|---|---|---|---|---|")
    print(f"| end of speech → first agent audio (ms) | {lat['p50']} | {lat['p95']} | {lat['min']} | {lat['max']} |")
    print(f"| of which whisper tiny.en STT (ms) | {stt['p50']} | {stt['p95']} | {stt['min']} | {stt['max']} |")
    print(f"| end-of-turn minimum wait (ms) | {result['endpointing_min_delay_ms']} | | | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
