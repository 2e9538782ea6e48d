"""Turn-taking rules of the voice driver: one question a turn, fair silence clocks, backchannels."""

from __future__ import annotations

import pytest

from agent_worker.adapters.driver import Spoken
from agent_worker.adapters.turns import OverlapTracker, is_backchannel, is_noise, spoken_question
from tests.unit.adapters.test_driver import Rig, quick_plan


def questions_said(rig: Rig) -> list[str]:
    return [e.data["text"] for e in rig.engine.events if e.type == "agent.said" and e.data.get("question_id")]


async def test_a_question_spoken_without_the_tool_is_the_turns_question_and_no_fallback_follows():
    async with Rig() as rig:
        rig.driver.start()
        rig.play_all()
        rig.driver.llm_reply_started("r")
        rig.driver.llm_reply_done("r", [Spoken("Welcome, Alice! Are you ready to begin?", 1.0, 3.0)])
        asked = [e for e in rig.engine.events if e.type == "question.asked"]
        assert [e.data["text"] for e in asked] == ["Are you ready to begin?"]
        said = rig.engine.events[-1]
        assert said.type == "agent.said" and said.data["question_id"] == asked[0].data["question_id"]
        assert rig.transport.said == []  # nothing more from the scripted interviewer
        rig.candidate_answers("Yes, I'm ready.")
        answer = rig.engine.events[-1]
        assert answer.type == "candidate.said" and answer.data["question_id"] == asked[0].data["question_id"]


async def test_a_refused_spoken_question_is_still_the_only_question_of_the_turn():
    async with Rig() as rig:
        rig.driver.start()
        rig.play_all()
        rig.model_asks("Are you ready to begin?")
        rig.candidate_answers("Yes.")
        rig.driver.llm_reply_started("r2")
        # The greeting allows one question; the model asks a second one aloud.
        rig.driver.llm_reply_done("r2", [Spoken("Great. How are you feeling today?")])
        assert rig.engine.events[-2].type == "question.rejected"
        assert rig.transport.said == []
        assert len(questions_said(rig)) == 1


async def test_at_the_close_the_models_answer_is_followed_by_the_closing_line_only():
    plan = quick_plan(self_intro={"min_questions": 0}, past_experience={"min_questions": 0})
    async with Rig(plan=plan) as rig:
        rig.driver.start()
        rig.play_all()
        while rig.engine.current_stage.name != "closing":
            rig.driver.llm_reply_started("t")
            rig.driver.call_tool("transition_stage", {"reason": "skip"})
            rig.driver.llm_reply_done("t", [])
            rig.play_all()
        rig.model_asks("What would you like to ask me about the role?")
        rig.candidate_answers("What does the team work on day to day?", message_id="q")
        rig.driver.llm_reply_started("a")
        rig.driver.llm_reply_done("a", [Spoken("Day to day the team builds and runs the backend services.")])
        assert [line.kind for line in rig.transport.said] == ["closing"]
        rig.play_all()
        assert rig.engine.is_over
        said = [e.data["text"] for e in rig.engine.events if e.type == "agent.said"][-2:]
        assert said[0].startswith("Day to day")


async def test_a_slow_model_is_not_silence_the_clock_starts_when_the_agent_stops_speaking():
    plan = quick_plan(greeting={"inactivity_seconds": 5, "max_questions": 2})
    async with Rig(plan=plan) as rig:
        rig.driver.start()
        rig.play_all()
        rig.model_asks("Are you ready to begin?")
        rig.driver.agent_state("listening")
        rig.candidate_answers("Yes, I am ready.")
        rig.driver.agent_state("thinking")
        rig.clock.advance(7)  # the model takes 7 s, longer than the stage's 5 s of silence
        rig.driver.tick()
        assert rig.driver.next_wake() is None or rig.driver.next_wake() > rig.clock.now()
        types = [e.type for e in rig.engine.events]
        assert "candidate.reprompted" not in types and "stage.exited" not in types
        rig.driver.llm_reply_started("r2")
        rig.driver.agent_state("speaking")
        rig.clock.advance(3)
        rig.driver.llm_reply_done("r2", [Spoken("Thanks! What would you like to practise today?",
                                                rig.clock.now() - 3, rig.clock.now())])
        rig.clock.advance(0.2)  # the audio's tail
        rig.driver.agent_state("listening")
        freed = rig.clock.now()
        types = [e.type for e in rig.engine.events]
        assert "stage.exited" not in types and types[-1] == "agent.said"
        assert rig.driver.next_wake() == pytest.approx(freed + 5)


async def test_without_agent_states_the_silence_clock_still_runs():
    async with Rig(use_llm=False) as rig:
        rig.driver.start()
        rig.play_all()
        assert rig.driver.next_wake() is not None


@pytest.mark.parametrize("text", ["Okay.", "Mm-hm.", "Yeah, okay.", "Right, I see.", "uh-huh", "Got it."])
def test_backchannels(text):
    assert is_backchannel(text)


@pytest.mark.parametrize("text", ["Sorry, could you repeat that?", "Okay so I led the migration.",
                                  "Wait, I have a question", "No."])
def test_not_backchannels(text):
    assert not is_backchannel(text)


@pytest.mark.parametrize("text", ["[door slams]", "(coughing)", "*cough*", "♪♪", " ... "])
def test_noise(text):
    assert is_noise(text)


def test_a_backchannel_is_dropped_only_when_it_began_over_the_agent():
    tracker = OverlapTracker()
    tracker.user_started(agent_speaking=True)
    assert not tracker.keep("Yeah, okay.")
    assert tracker.keep("Sorry, can you say that again?")
    tracker.user_started(agent_speaking=False)
    assert tracker.keep("Okay.")  # an answer ("Shall we begin?" "Okay.")
    assert not tracker.keep("[cough]")
    assert tracker.keep("")


def test_the_spoken_question_is_the_last_sentence_that_asks():
    assert spoken_question("Thanks. That helps! What did you build next? Take your time.") == \
        "What did you build next?"
    assert spoken_question("Thanks, that's all.") is None
