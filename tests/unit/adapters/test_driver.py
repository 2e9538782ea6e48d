"""The voice driver: transport events into the engine, the engine's lines and events out."""

from __future__ import annotations

import asyncio
import copy
from typing import Any

import pytest

from agent_worker.adapters.backend import LeaseLost
from agent_worker.adapters.driver import LLM_FAILURES_BEFORE_SCRIPTED, Spoken, VoiceDriver
from agent_worker.core import Engine, FakeClock
from agent_worker.core.factory import engine_for
from agent_worker.core.plans import QUICK_PLAN

ALICE = {"name": "Alice Example", "role": "Backend Engineer", "level": "mid",
         "competencies": ["system_design", "communication"]}
ANSWER = ("At Acme in 2022 I led the move of 40 services to Kubernetes. I designed the plan and I built the "
          "Helm charts; as a result deploys went from 60 minutes to 8 minutes.")


def quick_plan(**changes: Any) -> dict[str, Any]:
    plan = copy.deepcopy(QUICK_PLAN)
    for stage in plan["stages"]:
        stage.update(changes.get(stage["name"], {}))
    return plan


class FakeTransport:
    def __init__(self) -> None:
        self.said: list[Any] = []
        self.replies = 0
        self.ended = False

    def say(self, line):
        self.said.append(line)

    def generate_reply(self):
        self.replies += 1

    def end(self):
        self.ended = True


class FakeBackend:
    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []
        self.completions: list[dict[str, Any]] = []
        self.refuse: BaseException | None = None

    async def send_events(self, events):
        if self.refuse is not None:
            raise self.refuse
        self.events.extend(events)

    async def complete(self, *, transcript, metrics):
        self.completions.append({"transcript": transcript, "metrics": metrics})
        return {"status": "completed", "replay": False}


class Rig:
    """An engine on a fake clock, a driver, a transport that records and a backend that stores."""

    def __init__(self, *, use_llm: bool = True, plan: dict[str, Any] | None = None, engine: Engine | None = None,
                 clock: FakeClock | None = None, stored: int | None = None) -> None:
        self.clock = clock or FakeClock("2026-01-06T09:00:00Z")
        self.engine = engine or engine_for({"plan": plan or quick_plan(), "candidate": ALICE, "seed": "s1"},
                                           clock=self.clock, brain="llm" if use_llm else "scripted")
        self.transport = FakeTransport()
        self.backend = FakeBackend()
        self.driver = VoiceDriver(self.engine, self.transport, self.backend, clock=self.clock,
                                  stored_events=stored)
        self.sender: asyncio.Task | None = None

    async def __aenter__(self) -> Rig:
        self.sender = asyncio.create_task(self.driver.outbox.run())
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self.sender is not None
        self.sender.cancel()
        await asyncio.gather(self.sender, return_exceptions=True)

    def types(self) -> list[str]:
        return [e.type for e in self.engine.events]

    def play_all(self, seconds: float = 2.0) -> None:
        """Play every line handed to the transport, in order, each taking `seconds`."""
        while self.transport.said:
            line = self.transport.said.pop(0)
            start = self.clock.now()
            self.clock.advance(seconds)
            self.driver.line_played(line.id, started_at=start, ended_at=self.clock.now())

    def model_asks(self, question: str) -> str:
        """One model reply: ask_question, then the words."""
        self.driver.llm_reply_started("r")
        message = self.driver.call_tool("ask_question", {"question": question})
        start = self.clock.now()
        self.clock.advance(2)
        self.driver.llm_reply_done("r", [Spoken("Great. " + question, start, self.clock.now())])
        return message

    def candidate_answers(self, text: str, seconds: float = 6.0, message_id: str = "m1") -> bool:
        self.clock.advance(1)
        self.driver.user_state("speaking")
        self.clock.advance(seconds)
        self.driver.user_state("listening")
        self.clock.advance(0.5)
        return self.driver.user_turn(message_id, text)


async def test_the_engine_speaks_first_and_its_greeting_goes_to_the_transport():
    async with Rig() as rig:
        rig.driver.start()
        assert rig.types() == ["interview.started", "stage.entered"]
        assert [line.kind for line in rig.transport.said] == ["bridge"]
        assert rig.transport.replies == 0  # nothing for the model before the greeting has played


async def test_a_played_line_is_stamped_and_then_the_model_is_asked_for_the_first_question():
    async with Rig() as rig:
        rig.driver.start()
        rig.play_all()
        said = rig.engine.events[-1]
        assert said.type == "agent.said"
        assert said.data["started_at"] == "2026-01-06T09:00:00.000Z"
        assert said.data["ended_at"] == "2026-01-06T09:00:02.000Z"
        assert rig.transport.replies == 1


async def test_the_models_question_is_filed_with_its_id_when_its_words_have_played():
    async with Rig() as rig:
        rig.driver.start()
        rig.play_all()
        message = rig.model_asks("Are you ready to begin?")
        assert message.startswith("Approved")
        said = rig.engine.events[-1]
        assert said.type == "agent.said" and said.data["text"] == "Great. Are you ready to begin?"
        asked = next(e for e in rig.engine.events if e.type == "question.asked")
        assert said.data["question_id"] == asked.data["question_id"]
        assert rig.transport.said == []  # the model's words are not said twice


async def test_a_user_turn_becomes_one_candidate_said_with_its_speaking_times():
    async with Rig() as rig:
        rig.driver.start()
        rig.play_all()
        rig.model_asks("Are you ready to begin?")
        assert rig.candidate_answers("Yes, I'm ready.", seconds=3)
        said = rig.engine.events[-1]
        assert said.type == "candidate.said"
        assert said.data["source"] == "voice"
        assert said.data["started_at"] == "2026-01-06T09:00:05.000Z"
        assert said.data["ended_at"] == "2026-01-06T09:00:08.000Z"
        assert rig.driver.user_turn("m1", "Yes, I'm ready.")  # the same turn again is filed once
        assert rig.types().count("candidate.said") == 1


async def test_the_engine_rejects_a_repeated_question_from_the_model():
    async with Rig() as rig:
        rig.driver.start()
        rig.play_all()
        rig.model_asks("Are you ready to begin?")
        rig.candidate_answers("Yes, I'm ready.")
        rig.driver.llm_reply_started("r2")
        message = rig.driver.call_tool("ask_question", {"question": "Are you ready to begin?"})
        assert message.startswith("Rejected")
        assert rig.engine.events[-1].type == "question.rejected"


async def test_a_transition_is_refused_before_the_gates():
    plan = quick_plan(self_intro={"min_seconds": 30, "min_questions": 1})
    async with Rig(plan=plan) as rig:
        rig.driver.start()
        rig.play_all()
        rig.model_asks("Are you ready to begin?")
        rig.candidate_answers("Yes.")
        rig.driver.llm_reply_started("r2")
        assert rig.driver.call_tool("transition_stage", {"reason": "done"}).startswith("Moved on")
        rig.driver.llm_reply_done("r2", [])
        rig.play_all()  # the bridge
        rig.driver.llm_reply_started("r3")
        message = rig.driver.call_tool("transition_stage", {"reason": "enough"})
        assert message.startswith("Not yet")
        assert rig.engine.events[-1].type == "transition.refused"


async def test_the_bridge_waits_for_the_models_words_and_is_said_by_the_engine():
    async with Rig() as rig:
        rig.driver.start()
        rig.play_all()
        rig.model_asks("Are you ready to begin?")
        rig.candidate_answers("Yes.")
        rig.driver.llm_reply_started("r2")
        rig.driver.call_tool("transition_stage", {})
        assert rig.transport.said == []  # not while the model's reply is playing
        rig.driver.llm_reply_done("r2", [])
        assert [line.kind for line in rig.transport.said] == ["bridge"]
        assert rig.types()[-2:] == ["stage.exited", "stage.entered"]
        rig.play_all()
        assert rig.engine.events[-1].type == "agent.said"
        assert rig.transport.replies == 2  # the model is asked for the new stage's first question


async def test_a_model_reply_without_a_question_is_followed_by_the_scripted_interviewer():
    async with Rig() as rig:
        rig.driver.start()
        rig.play_all()
        rig.driver.llm_reply_started("r")
        rig.driver.llm_reply_done("r", [Spoken("Hello there!")])
        kinds = [e.type for e in rig.engine.events[-3:]]
        assert "question.asked" in kinds
        assert [line.kind for line in rig.transport.said] == ["question"]


async def test_a_failing_model_falls_back_and_then_hands_over_to_the_scripted_interviewer():
    async with Rig() as rig:
        rig.driver.start()
        rig.play_all()
        for n in range(LLM_FAILURES_BEFORE_SCRIPTED):
            rig.driver.llm_reply_started(f"r{n}")
            rig.driver.llm_reply_done(f"r{n}", [], failed=True)
            assert rig.transport.said, "the scripted interviewer asks in the model's place"
            rig.play_all()
            if n + 1 < LLM_FAILURES_BEFORE_SCRIPTED:
                rig.candidate_answers("Yes, ready.", message_id=f"m{n}")
        assert rig.driver.use_llm is False
        assert not rig.candidate_answers(ANSWER, message_id="last")  # no model reply any more
        assert rig.transport.said  # the scripted interviewer answered


async def test_without_a_model_the_scripted_interviewer_runs_the_interview():
    async with Rig(use_llm=False) as rig:
        rig.driver.start()
        rig.play_all()
        assert rig.engine.events[-1].type == "agent.said"
        assert rig.engine.events[-1].data.get("question_id")
        assert rig.candidate_answers("Yes, ready.") is False
        assert rig.transport.said and rig.transport.replies == 0


async def test_silence_gets_one_gentle_reprompt_from_the_timer():
    async with Rig(use_llm=False) as rig:
        rig.driver.start()
        rig.play_all()
        deadline = rig.driver.next_wake()
        assert deadline is not None
        rig.clock.set(deadline)
        rig.driver.tick()
        assert rig.engine.events[-1].type == "candidate.reprompted"
        assert [line.kind for line in rig.transport.said] == ["reprompt"]


async def test_the_run_loop_fires_the_timers_on_the_injected_clock():
    async with Rig(use_llm=False) as rig:
        async def wait(event, timeout):
            if timeout is None or rig.engine.events[-1].type == "candidate.reprompted":
                rig.driver.stop()
                return True
            rig.clock.advance(timeout)
            return False

        rig.driver._wait = wait
        rig.driver.start()
        rig.play_all()
        await asyncio.wait_for(rig.driver.run(), 5)
        assert "candidate.reprompted" in rig.types()


async def test_a_speaking_candidate_holds_the_timers():
    async with Rig(use_llm=False) as rig:
        rig.driver.start()
        rig.play_all()
        rig.driver.user_state("speaking")
        rig.clock.advance(60)
        rig.driver.tick()
        assert "candidate.reprompted" not in rig.types()


async def test_every_event_reaches_the_backend_in_order():
    async with Rig(use_llm=False) as rig:
        rig.driver.start()
        rig.play_all()
        rig.candidate_answers("Yes, ready.")
        await rig.driver.outbox.flush()
        assert [e["seq"] for e in rig.backend.events] == list(range(1, len(rig.engine.events) + 1))


async def test_a_lost_lease_stops_the_driving():
    async with Rig(use_llm=False) as rig:
        rig.backend.refuse = LeaseLost("Another driver holds it.")
        rig.driver.start()
        await rig.driver.outbox.flush()
        assert rig.driver.stopped and rig.transport.ended
        before = len(rig.engine.events)
        rig.play_all()
        rig.driver.tick()
        assert len(rig.engine.events) == before
        assert rig.backend.completions == []


async def test_the_end_stores_every_event_then_completes_and_leaves():
    async with Rig(use_llm=False) as rig:
        rig.driver.start()
        rig.play_all()
        rig.driver.disconnected()
        assert rig.engine.is_over
        await asyncio.wait_for(rig.driver._finish_task, 5)
        assert rig.backend.events[-1]["type"] == "interview.ended"
        assert rig.backend.events[-1]["data"]["reason"] == "disconnected"
        assert rig.backend.completions and "turns" in rig.backend.completions[0]["metrics"]
        assert rig.transport.ended and rig.driver.completed


async def test_a_whole_scripted_interview_ends_with_the_closing_line():
    async with Rig(use_llm=False) as rig:
        rig.driver.start()
        for n in range(30):  # substantive answers keep a stage going while time is left
            rig.play_all()
            if rig.engine.is_over:
                break
            rig.candidate_answers(ANSWER, message_id=f"m{n}")
        rig.play_all()
        assert rig.engine.is_over and rig.engine.end_reason == "completed"
        await asyncio.wait_for(rig.driver._finish_task, 5)
        assert rig.driver.completed


async def test_a_restored_engine_continues_and_posts_only_new_events():
    async with Rig(use_llm=False) as first:
        first.driver.start()
        first.play_all()
        stored = first.engine.event_dicts()
    clock = FakeClock("2026-01-06T09:05:00Z")
    engine = engine_for({"plan": quick_plan(), "candidate": ALICE, "seed": "s1"}, events=stored, clock=clock)
    async with Rig(use_llm=False, engine=engine, clock=clock, stored=len(stored)) as rig:
        rig.driver.start()
        rig.candidate_answers("Yes, ready.")
        await rig.driver.outbox.flush()
        assert rig.backend.events[0]["seq"] == len(stored) + 1
        assert rig.backend.events[0]["type"] == "candidate.said"


async def test_a_model_reply_cut_off_by_the_candidate_keeps_its_turn_for_the_next_reply():
    async with Rig() as rig:
        rig.driver.start()
        rig.play_all()
        rig.model_asks("Are you ready to begin?")
        rig.candidate_answers("Yes.")
        rig.driver.llm_reply_started("r2")
        rig.driver.call_tool("assess_response", {"depth": 2})
        rig.driver.llm_reply_done("r2", [Spoken("Thanks, and")], interrupted=True)
        assert rig.driver.turn is not None
        assert rig.transport.said == []  # no scripted question over the candidate
        rig.clock.advance(10)
        rig.driver.tick()  # nobody replied within the grace: the turn is closed, the engine moves on
        assert rig.driver.turn is None
        assert rig.transport.said


@pytest.mark.parametrize("state", ["listening", "away"])
async def test_not_speaking_states_end_the_candidates_speech(state):
    async with Rig(use_llm=False) as rig:
        rig.driver.start()
        rig.driver.user_state("speaking")
        rig.driver.user_state(state)
        assert rig.engine._speaking is False


async def test_the_models_words_after_a_request_to_repeat_are_the_same_question_not_a_new_one():
    async with Rig() as rig:
        rig.driver.start()
        rig.play_all()
        rig.model_asks("Are you ready to begin?")
        asked = [e for e in rig.engine.events if e.type == "question.asked"]
        assert rig.candidate_answers("Sorry, could you repeat the question?", seconds=2)
        assert rig.engine.events[-1].data["request"] == "repeat"
        rig.driver.llm_reply_started("r2")
        start = rig.clock.now()
        rig.clock.advance(2)
        rig.driver.llm_reply_done("r2", [Spoken("Of course: are you ready for us to start now?", start, rig.clock.now())])
        said = rig.engine.events[-1]
        assert said.type == "agent.said" and said.data["restated"] is True
        assert said.data["question_id"] == asked[0].data["question_id"]
        assert [e for e in rig.engine.events if e.type == "question.asked"] == asked  # no new question


async def test_a_turn_that_ends_before_the_cut_off_reply_is_done_gets_one_reply_not_two():
    """The candidate talks over a question; their final transcript can reach the driver before the cut-off
    reply's done callback. The turn's reply is LiveKit's (the hook said it is wanted), so the cut-off reply's
    end must not start another one: that second reply was made from a context without the candidate's words
    and answered something else (the voice test's "Thank you. What would you like to focus on today?" in
    place of the repeat the candidate asked for)."""
    async with Rig() as rig:
        rig.driver.start()
        rig.play_all()
        rig.driver.llm_reply_started("question")  # the reply the greeting asked for
        asked = rig.transport.replies
        rig.driver.call_tool("ask_question", {"question": "Are you ready to begin?"})
        assert rig.candidate_answers("Sorry, could you repeat the question please?", seconds=3)
        rig.driver.llm_reply_done("question", [Spoken("Before we begin, let me")], interrupted=True)
        assert rig.transport.replies == asked
        rig.driver.llm_reply_started("answer")  # LiveKit's reply to the turn
        assert rig.transport.replies == asked


async def test_a_turn_after_the_cut_off_reply_is_done_gets_its_reply_from_livekit_too():
    async with Rig() as rig:
        rig.driver.start()
        rig.play_all()
        rig.driver.llm_reply_started("question")  # the reply the greeting asked for
        asked = rig.transport.replies
        rig.driver.call_tool("ask_question", {"question": "Are you ready to begin?"})
        rig.driver.user_state("speaking")
        rig.driver.llm_reply_done("question", [Spoken("Before we begin, let me")], interrupted=True)
        rig.clock.advance(3)
        rig.driver.user_state("listening")
        assert rig.driver.user_turn("m1", "Sorry, could you repeat the question please?")
        assert rig.transport.replies == asked


@pytest.mark.parametrize("order", ["cut_off_then_stopped", "stopped_then_cut_off"])
async def test_a_question_said_without_the_tool_and_cut_off_waits_for_the_candidates_turn(order):
    """Seen in the voice test under load: whisper took 4.5 s, so the paused question resumed, and the final
    transcript cut it off just before the turn was committed. The cut-off reply (no tool call: no turn
    kept) ended with a decision still due, and the driver asked the model again from a context without
    the candidate's words ("Thank you. What would you like to focus on today?") before LiveKit's reply
    to the repeat request."""
    async with Rig() as rig:
        rig.driver.start()
        rig.play_all()
        rig.driver.llm_reply_started("question")  # the reply the greeting asked for: words, no tool
        asked = rig.transport.replies
        rig.driver.user_state("speaking")
        rig.clock.advance(3)
        if order == "cut_off_then_stopped":
            rig.driver.llm_reply_done("question", [Spoken("Before we begin, let me explain")], interrupted=True)
            rig.driver.user_state("listening")
        else:
            rig.driver.user_state("listening")
            rig.driver.llm_reply_done("question", [Spoken("Before we begin, let me explain")], interrupted=True)
        assert rig.transport.replies == asked
        rig.clock.advance(0.6)
        rig.driver.tick()
        assert rig.driver.user_turn("m1", "Sorry, could you repeat the question please?")
        assert rig.transport.replies == asked  # LiveKit replies to the turn


async def test_a_cut_off_reply_with_no_turn_after_it_gets_a_reply_after_the_grace():
    async with Rig() as rig:
        rig.driver.start()
        rig.play_all()
        rig.driver.llm_reply_started("question")
        asked = rig.transport.replies
        rig.driver.user_state("speaking")
        rig.clock.advance(1)
        rig.driver.user_state("listening")
        rig.driver.llm_reply_done("question", [Spoken("Before we begin")], interrupted=True)
        assert rig.transport.replies == asked
        rig.clock.advance(5)  # the words were noise: no turn comes
        rig.driver.tick()
        assert rig.transport.replies == asked + 1


class AnswerAudio:
    def __init__(self) -> None:
        self.filed: list[dict[str, Any]] = []
        self.flushed = 0

    def answer_filed(self, **answer: Any) -> None:
        self.filed.append(answer)

    async def flush(self) -> None:
        self.flushed += 1


async def test_each_answer_filed_is_handed_on_for_its_recording_with_its_seq_question_and_span():
    async with Rig() as rig:
        rig.driver.answers = audio = AnswerAudio()
        rig.driver.start()
        rig.play_all()
        rig.model_asks("Are you ready to begin?")
        rig.candidate_answers("Yes, I'm ready.", seconds=3)
        said = rig.engine.events[-1]
        assert len(audio.filed) == 1
        filed = audio.filed[0]
        assert (filed["seq"], filed["question_id"]) == (said.seq, said.data["question_id"])
        assert filed["ended_at"] - filed["started_at"] == 3
        assert filed["stored"] == rig.driver.outbox.flush
