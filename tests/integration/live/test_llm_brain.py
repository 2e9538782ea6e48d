"""Text mode with the LLM brain, against the fake OpenAI-compatible server (tools from the one definition)."""

import pytest

from agent_worker.core.tools import tool_names
from interviews.models import Status
from tests.integration.live.helpers import (
    GOOD_ANSWERS,
    QUESTIONS,
    ModelInterviewer,
    answer_until_end,
    connected,
    is_session,
    make_app,
    read_until,
    send,
    stored_events,
    stored_interview,
)

pytestmark = pytest.mark.django_db(transaction=True)


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
    assert (await stored_interview(quick_interview)).status == Status.COMPLETED


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
