# ruff: noqa: F811 - test arguments name the fixtures imported below
"""The fake OpenAI server speaks the chat completions API as the real SDKs read it."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import httpx
import openai
import pytest
from pydantic import BaseModel

from tests.fakes.fixtures import fake_openai  # noqa: F401 - pytest finds the fixture here
from tests.fakes.openai_server import FakeOpenAI

ASK_QUESTION = {
    "type": "function",
    "function": {
        "name": "ask_question",
        "description": "Ask the candidate one new question.",
        "parameters": {
            "type": "object",
            "properties": {"question": {"type": "string"}, "competency": {"type": "string"}},
            "required": ["question", "competency"],
        },
    },
}


def client_for(server, **kwargs) -> openai.OpenAI:
    return openai.OpenAI(base_url=server.base_url, api_key="sk-test", max_retries=0, timeout=5, **kwargs)


def test_it_answers_a_plain_completion(fake_openai):
    fake_openai.queue(text="Hello, I'm your interviewer today.")

    completion = client_for(fake_openai).chat.completions.create(
        model="gpt-test", messages=[{"role": "system", "content": "Be kind."}, {"role": "user", "content": "Hi"}]
    )

    assert completion.choices[0].message.content == "Hello, I'm your interviewer today."
    assert completion.choices[0].finish_reason == "stop"
    assert completion.model == "gpt-test"
    assert completion.usage.total_tokens > 0
    sent = fake_openai.last_chat
    assert sent.messages[1] == {"role": "user", "content": "Hi"}
    assert sent.raw.authorization == "Bearer sk-test"


def test_it_answers_a_non_streaming_tool_call(fake_openai):
    fake_openai.queue(tool_calls=[{"name": "ask_question", "arguments": {"question": "Why?", "competency": "x"}}])

    completion = client_for(fake_openai).chat.completions.create(
        model="m", messages=[{"role": "user", "content": "Hi"}], tools=[ASK_QUESTION]
    )

    call = completion.choices[0].message.tool_calls[0]
    assert completion.choices[0].finish_reason == "tool_calls"
    assert call.function.name == "ask_question"
    assert json.loads(call.function.arguments) == {"question": "Why?", "competency": "x"}
    assert fake_openai.last_chat.tool_names == ["ask_question"]


def test_it_streams_text_in_pieces(fake_openai):
    fake_openai.queue(text="Tell me about a project you are proud of.")

    stream = client_for(fake_openai).chat.completions.create(
        model="m", messages=[{"role": "user", "content": "Hi"}], stream=True
    )
    deltas = [chunk.choices[0].delta.content for chunk in stream if chunk.choices]

    assert len([d for d in deltas if d]) > 3
    assert "".join(d or "" for d in deltas) == "Tell me about a project you are proud of."


def test_it_streams_tool_calls_that_the_client_reassembles(fake_openai):
    arguments = {"question": "What did you build at Acme?", "competency": "technical_depth"}
    fake_openai.queue(
        text="Thanks.",
        tool_calls=[
            {"name": "assess_response", "arguments": {"depth": 3, "key_points": ["led a migration"]}},
            {"name": "ask_question", "arguments": arguments},
        ],
    )

    stream = client_for(fake_openai).chat.completions.create(
        model="m",
        messages=[{"role": "user", "content": "I led a migration."}],
        tools=[ASK_QUESTION],
        stream=True,
        stream_options={"include_usage": True},
    )
    calls: dict[int, dict] = {}
    content, finish_reason, usage = "", None, None
    for chunk in stream:
        usage = chunk.usage or usage
        for choice in chunk.choices:
            content += choice.delta.content or ""
            finish_reason = choice.finish_reason or finish_reason
            for part in choice.delta.tool_calls or []:
                call = calls.setdefault(part.index, {"id": None, "name": None, "arguments": "", "fragments": 0})
                if part.id:
                    call["id"], call["name"] = part.id, part.function.name
                else:
                    call["fragments"] += 1
                call["arguments"] += part.function.arguments or ""

    assert content == "Thanks."
    assert finish_reason == "tool_calls"
    assert usage is not None and usage.total_tokens > 0
    assert [calls[i]["name"] for i in sorted(calls)] == ["assess_response", "ask_question"]
    assert all(c["id"] and c["fragments"] > 1 for c in calls.values())
    assert json.loads(calls[1]["arguments"]) == arguments


def test_the_sdk_stream_helper_reassembles_a_tool_call(fake_openai):
    fake_openai.queue(tool_calls=[{"name": "ask_question", "arguments": {"question": "Why?", "competency": "x"}}])

    with client_for(fake_openai).chat.completions.stream(
        model="m", messages=[{"role": "user", "content": "Hi"}], tools=[ASK_QUESTION]
    ) as stream:
        final = stream.get_final_completion()

    call = final.choices[0].message.tool_calls[0]
    assert call.function.name == "ask_question"
    assert json.loads(call.function.arguments) == {"question": "Why?", "competency": "x"}


def test_an_error_status_reaches_the_client(fake_openai):
    fake_openai.queue(status=500, error="the model is overloaded")

    with pytest.raises(openai.InternalServerError) as caught:
        client_for(fake_openai).chat.completions.create(model="m", messages=[{"role": "user", "content": "Hi"}])

    assert caught.value.status_code == 500
    assert "the model is overloaded" in str(caught.value)


def test_the_sdk_retries_a_server_error_then_succeeds(fake_openai):
    fake_openai.queue(status=503)
    fake_openai.queue(text="Recovered.")
    client = openai.OpenAI(base_url=fake_openai.base_url, api_key="k", max_retries=1, timeout=5)

    completion = client.chat.completions.create(model="m", messages=[{"role": "user", "content": "Hi"}])

    assert completion.choices[0].message.content == "Recovered."
    assert len(fake_openai.chat_requests) == 2


def test_a_rate_limit_is_seen_as_such(fake_openai):
    fake_openai.queue(status=429, error="slow down", headers={"retry-after": "0"})

    with pytest.raises(openai.RateLimitError):
        client_for(fake_openai).chat.completions.create(model="m", messages=[{"role": "user", "content": "Hi"}])


def test_a_hanging_server_times_the_client_out(fake_openai):
    fake_openai.queue(error="timeout", delay=30)
    client = openai.OpenAI(base_url=fake_openai.base_url, api_key="k", max_retries=0, timeout=0.3)

    started = time.monotonic()
    with pytest.raises(openai.APITimeoutError):
        client.chat.completions.create(model="m", messages=[{"role": "user", "content": "Hi"}])

    assert time.monotonic() - started < 5


def test_a_stream_cut_in_the_middle_is_an_error(fake_openai):
    fake_openai.queue(text="one two three four five six seven eight", error="disconnect_mid_stream")

    with pytest.raises((openai.APIError, httpx.HTTPError)):
        stream = client_for(fake_openai).chat.completions.create(
            model="m", messages=[{"role": "user", "content": "Hi"}], stream=True
        )
        list(stream)


def test_it_answers_a_json_response_format(fake_openai):
    fake_openai.queue(json={"strengths": ["clear structure"], "score": 4})

    completion = client_for(fake_openai).chat.completions.create(
        model="m",
        messages=[{"role": "user", "content": "Assess this."}],
        response_format={"type": "json_object"},
    )

    assert json.loads(completion.choices[0].message.content) == {"strengths": ["clear structure"], "score": 4}
    assert fake_openai.last_chat.json["response_format"] == {"type": "json_object"}


def test_the_sdk_parses_a_json_schema_reply(fake_openai):
    class Narrative(BaseModel):
        strengths: list[str]
        score: int

    fake_openai.queue(json={"strengths": ["clear structure"], "score": 4})

    completion = client_for(fake_openai).chat.completions.parse(
        model="m", messages=[{"role": "user", "content": "Assess this."}], response_format=Narrative
    )

    assert completion.choices[0].message.parsed == Narrative(strengths=["clear structure"], score=4)
    assert fake_openai.last_chat.json["response_format"]["type"] == "json_schema"


def test_a_responder_scripts_an_interviewer(fake_openai):
    def interviewer(request):
        if request["messages"][-1]["role"] == "tool":
            return {"text": "Great, let's continue."}
        return {"tool_calls": [{"name": "ask_question", "arguments": {"question": "Why?", "competency": "x"}}]}

    fake_openai.responder = interviewer
    client = client_for(fake_openai)
    messages = [{"role": "user", "content": "Hi"}]

    first = client.chat.completions.create(model="m", messages=messages, tools=[ASK_QUESTION])
    call = first.choices[0].message.tool_calls[0]
    messages += [
        first.choices[0].message.model_dump(exclude_none=True),
        {"role": "tool", "tool_call_id": call.id, "content": "approved"},
    ]
    second = client.chat.completions.create(model="m", messages=messages, tools=[ASK_QUESTION])

    assert second.choices[0].message.content == "Great, let's continue."
    assert fake_openai.last_chat.messages[-1]["tool_call_id"] == call.id


def test_queued_replies_come_before_the_responder(fake_openai):
    fake_openai.queue(text="queued")
    fake_openai.responder = lambda request: {"text": "responded"}
    client = client_for(fake_openai)

    replies = [
        client.chat.completions.create(model="m", messages=[{"role": "user", "content": "Hi"}])
        .choices[0]
        .message.content
        for _ in range(2)
    ]

    assert replies == ["queued", "responded"]


def test_an_unscripted_request_fails_loudly(fake_openai):
    with pytest.raises(openai.BadRequestError, match="no reply scripted"):
        client_for(fake_openai).chat.completions.create(model="m", messages=[{"role": "user", "content": "Hi"}])


def test_it_lists_models(fake_openai):
    assert [m.id for m in client_for(fake_openai).models.list()] == ["fake-gpt"]


def test_a_wrong_api_key_gets_a_401_when_a_key_is_required(fake_openai):
    fake_openai.api_key = "sk-right"

    with pytest.raises(openai.AuthenticationError):
        client_for(fake_openai).models.list()


async def test_it_serves_the_async_client(fake_openai):
    fake_openai.queue(text="async hello")
    client = openai.AsyncOpenAI(base_url=fake_openai.base_url, api_key="k", max_retries=0)

    completion = await client.chat.completions.create(model="m", messages=[{"role": "user", "content": "Hi"}])
    await client.close()

    assert completion.choices[0].message.content == "async hello"


def test_it_runs_standalone_and_is_scripted_over_http():
    probe = FakeOpenAI().start()
    port = probe.port
    probe.stop()
    with subprocess.Popen(
        [sys.executable, "-m", "tests.fakes.openai_server", "--port", str(port)], stdout=subprocess.PIPE, text=True
    ) as process:
        try:
            assert "fake OpenAI server" in process.stdout.readline()
            base = f"http://127.0.0.1:{port}"
            httpx.post(f"{base}/_fake/queue", json={"text": "from another process"}).raise_for_status()

            client = openai.OpenAI(base_url=f"{base}/v1", api_key="k", max_retries=0)
            completion = client.chat.completions.create(model="m", messages=[{"role": "user", "content": "Hi"}])

            assert completion.choices[0].message.content == "from another process"
            logged = httpx.get(f"{base}/_fake/requests").json()
            assert logged[0]["messages"] == [{"role": "user", "content": "Hi"}]
        finally:
            process.terminate()
