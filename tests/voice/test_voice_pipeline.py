"""The offline audio pipeline end to end: Piper speech into silero VAD and whisper, the engine
through the LiveKit adapter with a scripted model, Piper out, captured. Transcripts match loosely."""

from __future__ import annotations

import copy

import pytest

from agent_worker.core.plans import QUICK_PLAN
from tests.unit.adapters.scripted_llm import ScriptedLLM, call, say
from tests.voice.harness import VoiceRig, words
from tests.voice.offline import transcribe

pytestmark = pytest.mark.voice

READY = "Are you ready to begin?"
INTRO = "Could you tell me about your background?"


async def test_a_spoken_answer_goes_through_the_pipeline_and_the_interview_moves_on(offline_models):
    model = ScriptedLLM([
        call("ask_question", question=READY), say(READY),
        call("assess_response", depth=2, key_points=["ready"]), call("transition_stage", reason="ready"),
        call("ask_question", question=INTRO), say(INTRO),
    ])
    async with VoiceRig(model, offline_models["vad"], plan=copy.deepcopy(QUICK_PLAN)) as rig:
        await rig.until(lambda: rig.said_question(READY), 20, "the first question")
        greeting, question = rig.speaker.segments[0], rig.speaker.segments[-1]
        rig.say("Yes, I am ready to start the interview.", then_silence=0.1)
        await rig.until(lambda: rig.said_question(INTRO), 30, "the next stage's question")
    engine, speaker = rig.engine, rig.speaker

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
