"""Text mode with the LLM brain, against the fake OpenAI-compatible server (tools from the one definition)."""

import json

import pytest
from asgiref.sync import sync_to_async

from agent_worker.core.tools import tool_names
from interviews.models import Event, Interview, Status
from tests.fakes.fixtures import fake_openai  # noqa: F401
from tests.integration.live.conftest import tiny_plan
from tests.integration.live.helpers import (
    GOOD_ANSWERS,
    answer_until_end,
    connected,
    is_session,
    make_app,
    read_until,
    send,
    session_cookie,
)

pytestmark = pytest.mark.django_db(transaction=True)

QUESTIONS = [
    "Are you comfortable starting the interview now?",
    "Walk me through your current role and what you enjoy most in it.",
    "Describe a project where you made a slow service dramatically faster.",
    "What would you like to know about the team or the hiring process?",
    "How do you review code written by brand new colleagues?",
    "Which database migration are you proudest of, and why?",
    "Tell me about a production incident you handled end to end.",
]


class ModelInterviewer:
    """A tiny model: asks through ask_question, assesses answers, follows the engine's guidance."""

    def __init__(self):
        self.next_question = 0

    def ask(self):
        question = QUESTIONS[self.next_question % len(QUESTIONS)]
        self.next_question += 1
        return {"tool_calls": [{"name": "ask_question", "arguments": {"question": question}}]}

    def __call__(self, body):
        messages = body["messages"]
        last = messages[-1]
        if last["role"] == "user":
            if "new stage" in last["content"]:
                return self.ask()
            return {"tool_calls": [{"name": "assess_response", "arguments": {"depth": 4, "key_points": ["latency"]}}]}
        result = last["content"]
        if result.startswith("Approved") or "Approved:" in result:
            call = messages[-2]["tool_calls"][-1]
            return {"text": "Thank you. " + json.loads(call["function"]["arguments"])["question"]}
        if "transition_stage" in result or "Move on" in result:
            return {"tool_calls": [{"name": "transition_stage", "arguments": {"reason": "done"}}]}
        return self.ask()


@pytest.fixture
def llm_settings(settings, fake_openai):  # noqa: F811
    settings.OPENAI_API_KEY = "test-key"
    settings.OPENAI_BASE_URL = fake_openai.base_url
    settings.OPENAI_MODEL = "fake-gpt"
    return fake_openai


@pytest.fixture
def quick_interview(make_interview, alice):
    return make_interview(alice, plan=tiny_plan())


def stored_events(interview):
    return sync_to_async(lambda: [e.as_message() for e in Event.objects.filter(interview=interview).order_by("seq")])()


@pytest.fixture
def alice_cookie(client, alice):
    return session_cookie(client, alice)


async def run_interview(interview, cookie):
    comm = await connected(make_app(), interview, cookie)
    await send(comm, type="start")
    assert (await read_until(comm, is_session))["driving"] is True
    messages = []
    ended = await answer_until_end(comm, GOOD_ANSWERS, into=messages)
    await read_until(comm, lambda m: is_session(m) and m["status"] != "live")
    await comm.disconnect()
    return ended


async def test_a_whole_text_interview_with_the_llm_brain(quick_interview, alice_cookie, llm_settings, in_memory_layer):
    llm_settings.respond_with(ModelInterviewer())
    ended = await run_interview(quick_interview, alice_cookie)
    assert ended["data"]["reason"] == "completed"
    events = await stored_events(quick_interview)
    assert events[0]["data"]["brain"] == "llm"
    asked = [e["data"]["text"] for e in events if e["type"] == "question.asked"]
    assert asked and all(text in QUESTIONS for text in asked)
    assert any(e["type"] == "response.assessed" and e["data"]["depth"] == 4 for e in events)
    said = [e["data"]["text"] for e in events if e["type"] == "agent.said"]
    assert "Thank you. " + asked[1] in said
    request = llm_settings.last_chat
    assert request.tool_names == tool_names()
    assert request.json["model"] == "fake-gpt"
    interview = await sync_to_async(Interview.objects.get)(pk=quick_interview.pk)
    assert interview.status == Status.COMPLETED


async def test_a_model_error_falls_back_to_the_scripted_brain(
        quick_interview, alice_cookie, llm_settings, in_memory_layer):
    llm_settings.queue(status=500, error="the model is down")
    llm_settings.respond_with(ModelInterviewer())
    ended = await run_interview(quick_interview, alice_cookie)
    assert ended["data"]["reason"] == "completed"
    events = await stored_events(quick_interview)
    asked = [e["data"]["text"] for e in events if e["type"] == "question.asked"]
    assert asked[0] not in QUESTIONS  # the greeting's question came from the scripted brain
    assert any(text in QUESTIONS for text in asked[1:])  # the model took the next turns
    assert len(llm_settings.chat_requests) >= 2


async def test_a_dropped_connection_falls_back_too(quick_interview, alice_cookie, llm_settings, in_memory_layer):
    llm_settings.default = None
    llm_settings.responder = lambda body: {"error": "disconnect"}
    ended = await run_interview(quick_interview, alice_cookie)
    assert ended["data"]["reason"] == "completed"
    events = await stored_events(quick_interview)
    assert not any(e["data"].get("text") in QUESTIONS for e in events if e["type"] == "question.asked")
