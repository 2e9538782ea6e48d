"""The LiveKit adapter through LiveKit's own testing API (no room, no server): `run_interview` on an
AgentSession with a scripted model, and once with the real OpenAI plugin against the fake OpenAI server."""

from __future__ import annotations

import asyncio
import copy
import json
from collections.abc import Callable
from contextlib import asynccontextmanager
from typing import Any

from livekit.plugins import openai

from agent_worker.adapters.driver import VoiceDriver
from agent_worker.adapters.livekit_session import (
    InterviewerAgent,
    SessionTransport,
    build_session,
    livekit_tools,
    run_interview,
)
from agent_worker.adapters.voice_settings import interview_id_from_metadata
from agent_worker.core import Engine, SystemClock
from agent_worker.core.factory import engine_for
from agent_worker.core.plans import QUICK_PLAN
from agent_worker.core.records import Line
from agent_worker.core.tools import TOOLS
from tests.unit.adapters.scripted_llm import ScriptedLLM, call, fail, say

ALICE = {"name": "Alice Example", "role": "Backend Engineer", "level": "mid",
         "competencies": ["system_design", "communication"]}
READY = "Are you ready to begin?"
INTRO = "Could you walk me through your background?"


def quick_plan(**changes: Any) -> dict[str, Any]:
    plan = copy.deepcopy(QUICK_PLAN)
    for stage in plan["stages"]:
        stage.update(changes.get(stage["name"], {}))
    return plan


class RecordingBackend:
    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []
        self.completions: list[dict[str, Any]] = []

    async def send_events(self, events):
        self.events.extend(events)

    async def complete(self, *, transcript, metrics):
        self.completions.append({"transcript": transcript, "metrics": metrics})
        return {"status": "completed", "replay": False}


class Rig:
    def __init__(self, engine: Engine, driver: VoiceDriver, backend: RecordingBackend, session: Any) -> None:
        self.engine, self.driver, self.backend, self.session = engine, driver, backend, session

    def events(self, type_: str) -> list[Any]:
        return [e for e in self.engine.events if e.type == type_]

    def said(self) -> list[str]:
        return [e.data["text"] for e in self.events("agent.said")]

    async def until(self, predicate: Callable[[], bool], timeout: float = 5.0) -> None:
        async def poll() -> None:
            while not predicate():
                await asyncio.sleep(0.01)
        await asyncio.wait_for(poll(), timeout)

    async def asked(self, text: str) -> None:
        """Wait until the question has been said (an agent.said carrying its id)."""
        def done() -> bool:
            ids = {e.data["question_id"] for e in self.events("question.asked") if e.data["text"] == text}
            return any(e.data.get("question_id") in ids for e in self.events("agent.said"))
        await self.until(done)


@asynccontextmanager
async def interview(model: Any, plan: dict[str, Any] | None = None):
    """An interview run by `run_interview` on a session with no room, as the worker's job runs it."""
    engine = engine_for({"plan": plan or quick_plan(), "candidate": ALICE, "seed": "lk"}, clock=SystemClock(),
                        brain="llm")
    backend = RecordingBackend()
    async with build_session(llm_model=model, llm_retries=0) as session:
        agents: list[InterviewerAgent] = []

        async def start(agent: InterviewerAgent) -> None:
            agents.append(agent)
            await session.start(agent)

        runner = asyncio.create_task(run_interview(session, engine, backend, stored_events=0,
                                                   start=start))
        while not engine.started:
            await asyncio.sleep(0.01)
        driver = agents[0].driver
        try:
            yield Rig(engine, driver, backend, session)
        finally:
            driver.stop()
            assert await asyncio.wait_for(runner, 5) is driver


def test_the_tools_are_built_from_the_cores_one_definition():
    tools = livekit_tools(driver=None)  # type: ignore[arg-type]
    assert [t.info.raw_schema for t in tools] == [
        {"name": s.name, "description": s.description, "parameters": s.parameters} for s in TOOLS]


def test_the_job_metadata_names_the_interview():
    interview_id = "6f1c1f43-2a4e-4a3f-9c55-3f7d1c0e9a11"
    assert interview_id_from_metadata(interview_id) == interview_id
    assert interview_id_from_metadata(json.dumps({"interview_id": interview_id})) == interview_id


async def test_the_engine_greets_first_then_the_models_question_is_said_and_filed():
    model = ScriptedLLM([call("ask_question", question=READY), say(READY)])
    async with interview(model) as rig:
        await rig.asked(READY)
        greeting = rig.events("agent.said")[0]
        assert "question_id" not in greeting.data  # the engine's own bridge, spoken with no input
        assert rig.said()[1].strip() == READY
        assert "Stage 1 of 4" in model.instructions_seen[0]  # the engine's instructions, not static ones


async def test_tool_calls_reach_the_engine_and_its_bridge_is_spoken():
    model = ScriptedLLM([
        call("ask_question", question=READY), say(READY),
        call("assess_response", depth=2, key_points=["ready"]), call("transition_stage", reason="ready"),
        call("ask_question", question=INTRO), say(INTRO),
    ])
    async with interview(model) as rig:
        await rig.asked(READY)
        result = await rig.session.run(user_input="Yes, I'm ready.")
        result.expect.next_event().is_function_call(name="assess_response", arguments={"depth": 2})
        result.expect.next_event().is_function_call_output()
        result.expect.next_event().is_function_call(name="transition_stage")
        output = result.expect.next_event().is_function_call_output().event().item.output
        assert output.startswith("Moved on")
        await rig.asked(INTRO)
        types = [e.type for e in rig.engine.events]
        assert types.index("response.assessed") < types.index("stage.exited") < types.index("stage.entered", 2)
        answer = rig.events("candidate.said")[0]
        assert answer.data["text"] == "Yes, I'm ready." and answer.data["question_id"]
        bridge = rig.events("agent.said")[2]
        assert bridge.stage == "self_intro" and "question_id" not in bridge.data
        assert any(item.type == "message" and item.role == "assistant" and item.text_content == bridge.data["text"]
                   for item in rig.session.history.items)  # said by the session, as the engine's line
        assert "Stage 2 of 4" in model.instructions_seen[-1]


async def test_a_repeated_question_is_rejected_by_the_engine():
    model = ScriptedLLM([
        call("ask_question", question=READY), say(READY),
        call("ask_question", question=READY + " "),
        call("ask_question", question=INTRO), say(INTRO),
    ])
    plan = quick_plan(greeting={"max_questions": 2})
    async with interview(model, plan) as rig:
        await rig.asked(READY)
        result = await rig.session.run(user_input="Sure.")
        result.expect.next_event().is_function_call(name="ask_question")
        rejected = result.expect.next_event().is_function_call_output().event().item.output
        assert rejected.startswith("Rejected: that repeats an earlier question")
        result.expect.next_event().is_function_call(name="ask_question", arguments={"question": INTRO})
        assert rig.events("question.rejected")[0].data["reason"] == "duplicate"
        await rig.asked(INTRO)


async def test_a_transition_is_refused_before_the_gates():
    model = ScriptedLLM([
        call("ask_question", question=READY), say(READY),
        call("transition_stage", reason="too early"),
        call("ask_question", question=INTRO), say(INTRO),
    ])
    plan = quick_plan(greeting={"min_questions": 1, "max_questions": 2, "min_seconds": 50})
    async with interview(model, plan) as rig:
        await rig.asked(READY)
        result = await rig.session.run(user_input="Yes.")
        result.expect.next_event().is_function_call(name="transition_stage")
        refused = result.expect.next_event().is_function_call_output().event().item.output
        assert refused.startswith("Not yet: min_seconds")
        assert rig.events("transition.refused")
        assert rig.engine.current_stage.name == "greeting"
        await rig.asked(INTRO)


async def test_a_failing_model_is_replaced_by_the_scripted_interviewer():
    model = ScriptedLLM([fail()])
    async with interview(model) as rig:
        await rig.until(lambda: any(e.data.get("question_id") for e in rig.events("agent.said")))
        assert rig.driver.llm_failures == 1


async def test_the_openai_plugin_against_the_fake_server_drives_the_engine(fake_openai):
    fake_openai.queue(tool_calls=[{"name": "ask_question", "arguments": {"question": READY}}])
    fake_openai.queue(text=READY)
    fake_openai.queue(tool_calls=[{"name": "assess_response", "arguments": {"depth": 2}}])
    fake_openai.queue(tool_calls=[{"name": "ask_question", "arguments": {"question": READY}}])
    fake_openai.queue(tool_calls=[{"name": "transition_stage", "arguments": {"reason": "ready"}}])
    fake_openai.queue(tool_calls=[{"name": "ask_question", "arguments": {"question": INTRO}}])
    fake_openai.queue(text=INTRO)
    model = openai.LLM(base_url=fake_openai.base_url, api_key="any", model="fake-gpt")
    async with interview(model) as rig:
        await rig.asked(READY)
        first = fake_openai.chat_requests[0]
        assert sorted(first.tool_names) == sorted(spec.name for spec in TOOLS)
        assert "Stage 1 of 4" in first.messages[0]["content"]
        result = await rig.session.run(user_input="Yes, I'm ready.")
        result.expect.next_event().is_function_call(name="assess_response")
        result.expect.next_event().is_function_call_output()
        result.expect.next_event().is_function_call(name="ask_question")
        repeated = result.expect.next_event().is_function_call_output().event().item.output
        assert repeated.startswith("Rejected")  # the greeting's one question is used up
        result.expect.next_event().is_function_call(name="transition_stage")
        result.expect.next_event().is_function_call_output()
        await rig.asked(INTRO)
        assert rig.engine.current_stage.name == "self_intro"


class _ClosingSession:
    """An AgentSession as LiveKit has it once its close began: anything asked of it now is counted."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def _is_closing(self) -> bool:
        return True

    def generate_reply(self) -> None:
        self.asked.append("reply")

    def say(self, text: str) -> None:
        self.asked.append(text)


def test_a_closing_session_is_asked_for_no_reply_and_no_line():
    """The close interrupts the greeting; the greeting's end asks the driver for the model's reply. A speech made
    then is one the close's drain waits for: the entrypoint test hung at load 4-9 (3 runs in 9) until it was not
    asked for."""
    session = _ClosingSession()
    transport = SessionTransport(session)  # type: ignore[arg-type]
    transport.generate_reply()
    transport.say(Line(id="l1", text="Hello Alice.", stage="greeting", kind="bridge"))
    assert session.asked == []
