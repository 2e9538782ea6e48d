# ruff: noqa: F811 - test arguments name the fixtures imported below
"""LiveKit's OpenAI plugin streams a tool call from the fake server through its base URL."""

from __future__ import annotations

import json

import pytest
from livekit.agents import APIStatusError, llm
from livekit.agents.types import APIConnectOptions
from livekit.plugins import openai as lk_openai

from tests.fakes.fixtures import fake_openai  # noqa: F401 - pytest finds the fixture here


@llm.function_tool
async def ask_question(question: str, competency: str) -> str:
    """Ask the candidate one new question. Do not repeat an earlier one."""
    return "approved"


def chat_context() -> llm.ChatContext:
    ctx = llm.ChatContext.empty()
    ctx.add_message(role="system", content="You are a calm interviewer.")
    ctx.add_message(role="user", content="I'm ready.")
    return ctx


async def test_the_livekit_plugin_streams_a_tool_call(fake_openai):
    arguments = {"question": "Tell me about a project you're proud of.", "competency": "communication"}
    fake_openai.queue(tool_calls=[{"name": "ask_question", "arguments": arguments}])
    model = lk_openai.LLM(model="gpt-test", base_url=fake_openai.base_url, api_key="any")

    calls, text = [], ""
    try:
        async with model.chat(chat_ctx=chat_context(), tools=[ask_question]) as stream:
            async for chunk in stream:
                if chunk.delta is not None:
                    text += chunk.delta.content or ""
                    calls.extend(chunk.delta.tool_calls or [])
    finally:
        await model.aclose()

    assert [c.name for c in calls] == ["ask_question"]
    assert json.loads(calls[0].arguments) == arguments
    assert calls[0].call_id.startswith("call_")
    sent = fake_openai.last_chat
    assert sent.stream is True
    assert sent.tool_names == ["ask_question"]
    assert sent.messages[0]["role"] in ("system", "developer")
    assert sent.messages[-1] == {"role": "user", "content": "I'm ready."}


async def test_the_livekit_plugin_streams_plain_text(fake_openai):
    fake_openai.queue(text="Hello, and welcome. Are you ready to begin?")
    model = lk_openai.LLM(model="gpt-test", base_url=fake_openai.base_url, api_key="any")

    try:
        async with model.chat(chat_ctx=chat_context()) as stream:
            text = "".join([piece async for piece in stream.to_str_iterable()])
    finally:
        await model.aclose()

    assert text == "Hello, and welcome. Are you ready to begin?"


async def test_the_livekit_plugin_reports_a_server_error(fake_openai):
    fake_openai.queue(status=500, error="upstream exploded")
    model = lk_openai.LLM(model="gpt-test", base_url=fake_openai.base_url, api_key="any")

    try:
        with pytest.raises(APIStatusError) as caught:
            async with model.chat(
                chat_ctx=chat_context(), conn_options=APIConnectOptions(max_retry=0, timeout=5)
            ) as stream:
                async for _ in stream:
                    pass
    finally:
        await model.aclose()

    assert caught.value.status_code == 500
