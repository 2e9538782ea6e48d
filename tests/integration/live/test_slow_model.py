"""A slow model does not hold the interview up: the candidate's messages, the timers and the lease go on
while it thinks, and its late reply is dropped when the interview has moved on (the fake OpenAI server
delays chosen replies)."""

import asyncio
import datetime
import threading
import time

import pytest

from interviews.models import Status
from interviews.textmode.clock import ScaledClock
from tests.integration.live.conftest import tiny_plan
from tests.integration.live.helpers import (
    GOOD_ANSWERS,
    QUESTIONS,
    ModelInterviewer,
    answer_until_end,
    asks_question,
    assert_gapless,
    connected,
    is_event,
    is_session,
    make_app,
    read_until,
    send,
    stored_events,
    stored_interview,
)

pytestmark = pytest.mark.django_db(transaction=True)

SLOW = 30.0  # seconds the model takes over a slow reply: longer than any test waits


class SlowAfterAnswers(ModelInterviewer):
    """The tiny model, taking `delay` seconds over its first `times` turns after an answer.

    `thinking` is set when such a request reaches the server, so a test acts while the model thinks.
    """

    def __init__(self, delay=SLOW, *, times=1):
        super().__init__()
        self.delay = delay
        self.left = times
        self.thinking = threading.Event()

    def __call__(self, body):
        reply = super().__call__(body)
        last = body["messages"][-1]
        if self.left and last["role"] == "user" and "finished answering" in last["content"]:
            self.left -= 1
            self.thinking.set()
            return {**reply, "delay": self.delay}
        return reply

    async def wait_thinking(self, timeout=5.0):
        assert await asyncio.to_thread(self.thinking.wait, timeout), "the model was never asked about an answer"
        self.thinking.clear()


def plan_with_greeting(**greeting):
    plan = tiny_plan()
    plan["stages"][0].update(greeting)
    return plan


async def start_and_answer_the_greeting(app, interview, cookie, messages):
    comm = await connected(app, interview, cookie)
    await send(comm, type="start")
    await read_until(comm, asks_question, into=messages)
    await send(comm, type="answer", text=GOOD_ANSWERS[0])
    return comm


async def test_leave_while_the_model_thinks_ends_the_interview_at_once(
        quick_interview, alice_cookie, llm_settings, in_memory_layer, completions):
    model = SlowAfterAnswers()
    llm_settings.respond_with(model)
    messages = []
    comm = await start_and_answer_the_greeting(make_app(), quick_interview, alice_cookie, messages)
    await model.wait_thinking()

    sent = time.monotonic()
    await send(comm, type="answer", text="And one more thing: I also mentor two juniors.")
    said = await read_until(comm, lambda m: is_event("candidate.said")(m) and "mentor" in m["data"]["text"],
                            into=messages, timeout=2)
    assert time.monotonic() - sent < 1.0  # taken while the model thinks, not after
    assert said["stage"] == "greeting"

    left = time.monotonic()
    await send(comm, type="leave")
    ended = await read_until(comm, is_event("interview.ended"), into=messages, timeout=2)
    took = time.monotonic() - left
    assert took < 1.0, f"leave took {took:.2f}s"
    assert ended["data"]["reason"] == "candidate_ended"
    session = await read_until(comm, is_session, into=messages, timeout=2)
    assert session["status"] == "completed" and session["end_reason"] == "candidate_ended"
    assert await comm.receive_nothing(0.3)  # the model's reply never comes
    await comm.disconnect()

    interview = await stored_interview(quick_interview)
    assert interview.status == Status.COMPLETED and interview.end_reason == "candidate_ended"
    assert interview.lease_expires_at is None
    assert [e["text"] for e in interview.transcript["entries"] if e.get("speaker") == "candidate"] == [
        GOOD_ANSWERS[0], "And one more thing: I also mentor two juniors."]
    events = await stored_events(quick_interview)
    assert_gapless(events)
    assert [e["type"] for e in events].count("interview.ended") == 1
    assert events[-1]["type"] == "interview.ended"
    assert [e["seq"] for e in events] == [m["seq"] for m in messages if "seq" in m]
    assert not any(e["type"] in ("response.assessed", "question.asked") for e in events if e["seq"] > said["seq"])
    assert completions == [quick_interview.pk]


async def test_the_stage_cap_moves_on_while_the_model_thinks_and_its_late_reply_is_dropped(
        make_interview, alice, alice_cookie, llm_settings, in_memory_layer):
    interview = await asyncio.to_thread(make_interview, alice, plan=plan_with_greeting(max_seconds=20))
    model = SlowAfterAnswers()
    llm_settings.respond_with(model)
    messages = []
    comm = await start_and_answer_the_greeting(make_app(clock=ScaledClock(rate=5)), interview, alice_cookie, messages)
    await model.wait_thinking()
    exited = await read_until(comm, is_event("stage.exited"), into=messages, timeout=6)
    assert exited["stage"] == "greeting" and exited["data"]["reason"] == "max_time"
    assert 20 <= exited["data"]["seconds"] < 24
    question = await read_until(comm, asks_question, into=messages, timeout=3)
    assert question["stage"] == "self_intro" and question["data"]["text"].removeprefix("Thank you. ") in QUESTIONS
    await send(comm, type="leave")
    await read_until(comm, is_event("interview.ended"), into=messages)
    await comm.disconnect()

    events = await stored_events(interview)
    assert [e["stage"] for e in events if e["type"] == "stage.entered"] == ["greeting", "self_intro"]
    greeting = [e for e in events if e["stage"] == "greeting"]
    assert [e["type"] for e in greeting].count("question.asked") == 1  # the late reply asked nothing
    assert not any(e["type"] == "response.assessed" for e in greeting)


async def test_typing_while_the_model_thinks_holds_the_floor_past_the_cap(
        make_interview, alice, alice_cookie, llm_settings, in_memory_layer):
    # 5x real time: the greeting's 20 s cap passes 4 s after it starts; typing holds the floor 10 s (2 s).
    interview = await asyncio.to_thread(make_interview, alice, plan=plan_with_greeting(max_seconds=20))
    model = SlowAfterAnswers()
    llm_settings.respond_with(model)
    messages = []
    comm = await connected(make_app(clock=ScaledClock(rate=5)), interview, alice_cookie)
    await send(comm, type="start")
    await read_until(comm, asks_question, into=messages)
    begun = time.monotonic()  # the greeting's question comes as its stage starts (not before connecting: a loaded
    # machine took long enough to connect that the typing came 10 s into the stage, and its hold ended at the cap)
    await send(comm, type="answer", text=GOOD_ANSWERS[0])
    await model.wait_thinking()
    await asyncio.sleep(max(0.0, begun + 2.8 - time.monotonic()))  # about 14 s into the stage
    await send(comm, type="typing")
    exited = await read_until(comm, is_event("stage.exited"), into=messages, timeout=6)
    assert exited["data"]["reason"] == "max_time"
    # Held until the typing's 10 s ran out (about 24 s), not cut at the 20 s cap. The typing is sent
    # about 14 s into the stage, a little more when the question reached the test late: hence the margin.
    assert exited["data"]["seconds"] >= 21.5
    await send(comm, type="leave")
    await read_until(comm, is_event("interview.ended"), into=messages)
    await comm.disconnect()


async def test_silence_while_the_model_thinks_is_not_the_candidates(
        make_interview, alice, alice_cookie, llm_settings, in_memory_layer):
    # 10x real time: the model takes 30 s over the answer, past the greeting's 20 s silence budget.
    interview = await asyncio.to_thread(make_interview, alice, plan=plan_with_greeting(max_seconds=90))
    model = SlowAfterAnswers(delay=3.0)
    llm_settings.respond_with(model)
    messages = []
    comm = await start_and_answer_the_greeting(make_app(clock=ScaledClock(rate=10)), interview, alice_cookie, messages)
    exited = await read_until(comm, is_event("stage.exited"), into=messages, timeout=8)
    assert exited["data"]["reason"] == "natural" and exited["data"]["seconds"] >= 25
    assert any(m.get("type") == "response.assessed" for m in messages)
    assert not any(m.get("type") == "candidate.reprompted" for m in messages)
    await send(comm, type="leave")
    await read_until(comm, is_event("interview.ended"), into=messages)
    await comm.disconnect()


async def test_the_driver_keeps_its_lease_while_the_model_thinks(
        quick_interview, alice_cookie, llm_settings, in_memory_layer, settings):
    settings.TEXT_DRIVER_LEASE_SECONDS = 0.6  # renewed every 0.2 s; a watcher looks every 0.2 s
    model = SlowAfterAnswers(delay=2.0)
    llm_settings.respond_with(model)
    app = make_app()
    first_messages, second_messages = [], []
    first = await start_and_answer_the_greeting(app, quick_interview, alice_cookie, first_messages)
    second = await connected(app, quick_interview, alice_cookie)
    await send(second, type="resume", last_seq=0)
    assert (await read_until(second, is_session, into=second_messages))["driving"] is False
    await model.wait_thinking()

    question = await read_until(first, lambda m: asks_question(m) and m["stage"] == "self_intro",
                                into=first_messages, timeout=5)
    ended = await answer_until_end(first, GOOD_ANSWERS[1:], into=first_messages, pending=True)
    assert ended["data"]["reason"] == "completed"
    assert not any(m.get("type") == "error" for m in first_messages)
    await read_until(second, is_event("interview.ended"), into=second_messages)
    assert not any(is_session(m) and m["driving"] for m in second_messages), [(m.get("type"), m.get("seq"), m.get("driving")) for m in second_messages if "seq" not in m]
    assert question["data"]["text"].removeprefix("Thank you. ") in QUESTIONS
    for comm in (first, second):
        await comm.disconnect()
    events = await stored_events(quick_interview)
    assert [e["stage"] for e in events if e["type"] == "stage.entered"] == [
        "greeting", "self_intro", "past_experience", "closing"]


async def test_a_tab_closed_while_the_model_thinks_hands_the_turn_to_the_next_driver(
        quick_interview, alice_cookie, llm_settings, in_memory_layer):
    model = SlowAfterAnswers()
    llm_settings.respond_with(model)
    app = make_app()
    first = await start_and_answer_the_greeting(app, quick_interview, alice_cookie, [])
    second = await connected(app, quick_interview, alice_cookie)
    await send(second, type="resume", last_seq=0)
    watched = []
    assert (await read_until(second, is_session, into=watched))["driving"] is False
    await model.wait_thinking()

    closing = time.monotonic()
    await first.disconnect()
    assert time.monotonic() - closing < 1.0  # the model's call is cancelled, not waited for
    assert (await read_until(second, lambda m: is_session(m) and m["driving"], into=watched, timeout=3))
    # The rebuilt engine still owes the answer a reply: the model is asked again, and moves on.
    ended = await answer_until_end(second, GOOD_ANSWERS[1:], into=watched)
    assert ended["data"]["reason"] == "completed"
    await read_until(second, lambda m: is_session(m) and m["status"] == "completed", into=watched)
    await second.disconnect()

    events = await stored_events(quick_interview)
    assert_gapless(events)
    assert [e["stage"] for e in events if e["type"] == "stage.entered"] == [
        "greeting", "self_intro", "past_experience", "closing"]
    greeting = [e for e in events if e["stage"] == "greeting"]
    assert [e["type"] for e in greeting].count("response.assessed") == 1
    assert [e["type"] for e in events].count("interview.ended") == 1
    assert (await stored_interview(quick_interview)).status == Status.COMPLETED


async def test_a_question_waiting_for_the_candidate_to_stop_typing_is_asked_when_they_stop(
        quick_interview, alice_cookie, llm_settings, in_memory_layer):
    # 10x real time: typing holds the floor 10 s (1 s), the next stage's silence budget is 30 s (3 s).
    model = SlowAfterAnswers(delay=0.6)
    llm_settings.respond_with(model)
    messages = []
    comm = await start_and_answer_the_greeting(make_app(clock=ScaledClock(rate=10)), quick_interview, alice_cookie,
                                               messages)
    await model.wait_thinking()
    await send(comm, type="typing")  # still typing when the model moves on to the next stage
    question = await read_until(comm, asks_question, into=messages, timeout=5)
    assert question["stage"] == "self_intro"  # asked once the typing ran out, not skipped for silence
    assert not any(m.get("type") == "stage.exited" and m["stage"] == "self_intro" for m in messages)
    entered = next(m for m in messages if m.get("type") == "stage.entered" and m["stage"] == "self_intro")
    waited = (datetime.datetime.fromisoformat(question["at"]) - datetime.datetime.fromisoformat(entered["at"]))
    assert 3 <= waited.total_seconds() < 15
    await send(comm, type="leave")
    await read_until(comm, is_event("interview.ended"))
    await comm.disconnect()


async def test_a_rebuilt_engine_takes_the_decision_its_last_driver_left_unmade(
        quick_interview, alice_cookie, llm_settings, in_memory_layer, settings):
    model = SlowAfterAnswers()
    llm_settings.respond_with(model)
    first = await start_and_answer_the_greeting(make_app(), quick_interview, alice_cookie, [])
    await model.wait_thinking()
    await first.disconnect()  # the answer is stored; the model's reply to it never came
    settings.OPENAI_API_KEY = ""  # the next driver runs the scripted interviewer

    # 10x real time: the greeting's 20 s silence budget would pass in 2 s.
    second = await connected(make_app(clock=ScaledClock(rate=10)), quick_interview, alice_cookie)
    await send(second, type="resume", last_seq=0)
    messages = []
    exited = await read_until(second, is_event("stage.exited"), into=messages, timeout=5)
    assert exited["stage"] == "greeting" and exited["data"]["reason"] == "natural"
    await send(second, type="leave")
    await read_until(second, is_event("interview.ended"))
    await second.disconnect()
