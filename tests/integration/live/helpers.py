"""Helpers of the live tests: an ASGI app like the site's (with an injectable clock and brain), socket
reading, the stored interview, and a small scripted model for the fake OpenAI server."""

from __future__ import annotations

import asyncio
import json

from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.urls import path

from interviews.consumers import InterviewConsumer
from interviews.live.auth import SessionMiddlewareStack
from interviews.models import Event, Interview
from mockflow_site.websocket import SameOriginValidator

ORIGIN = (b"origin", b"http://testserver")
HOST = (b"host", b"testserver")


def make_app(**initkwargs):
    return SameOriginValidator(SessionMiddlewareStack(URLRouter([
        path("ws/interviews/<uuid:interview_id>/", InterviewConsumer.as_asgi(**initkwargs)),
    ])))


def session_cookie(client, user) -> bytes:
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


def communicator(app, interview, cookie: bytes | None, origin=ORIGIN) -> WebsocketCommunicator:
    headers = [HOST, origin] if origin else [HOST]
    if cookie:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(app, f"/ws/interviews/{interview.id}/", headers=headers)


async def connected(app, interview, cookie) -> WebsocketCommunicator:
    comm = communicator(app, interview, cookie)
    ok, _ = await comm.connect()
    assert ok
    return comm


async def send(comm, **message):
    await comm.send_to(text_data=json.dumps(message))


async def receive(comm, timeout=5.0) -> dict:
    return json.loads(await comm.receive_from(timeout=timeout))


async def read_until(comm, predicate, *, timeout=10.0, into: list | None = None) -> dict:
    """Read messages until one matches `predicate`; every message read lands in `into`."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        left = deadline - asyncio.get_running_loop().time()
        if left <= 0:
            raise AssertionError(f"no matching message in {timeout}s; got {[m.get('type') for m in (into or [])]}")
        message = await receive(comm, timeout=left)
        if into is not None:
            into.append(message)
        if predicate(message):
            return message


def is_event(kind):
    return lambda m: m.get("type") == kind and "seq" in m


def is_session(m):
    return m.get("type") == "session"


def asks_question(m):
    return m.get("type") == "agent.said" and bool((m.get("data") or {}).get("question_id"))


async def answer_until_end(comm, answers, *, into: list, timeout=15.0, pending=False) -> dict:
    """Answer every question with the next of `answers` until the interview ends; return the end event.

    `pending`: a question is already waiting for an answer (asked before this call).
    """
    answers = list(answers)
    if pending:
        await send(comm, type="answer", text=answers.pop(0))
    while True:
        message = await read_until(comm, lambda m: asks_question(m) or is_event("interview.ended")(m),
                                   timeout=timeout, into=into)
        if message["type"] == "interview.ended":
            return message
        text = answers.pop(0) if len(answers) > 1 else answers[0]
        await send(comm, type="answer", text=text)


def assert_gapless(messages):
    seqs = [m["seq"] for m in messages if "seq" in m]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), seqs
    return seqs


GOOD_ANSWERS = [
    "Yes, I'm ready to begin.",
    "I'm a backend engineer at Acme where I led the payments team of 5 engineers; I built our billing API "
    "and I care about reliable systems.",
    "At my last company the problem was slow checkout. My goal was to cut latency. I profiled the service, "
    "I rewrote the pricing queries and I added caching, which reduced p95 latency from 900 ms to 200 ms "
    "and increased conversion by 3%.",
    "No questions from me, thank you.",
]


def stored_interview(interview):
    """The interview as stored now (awaitable)."""
    return sync_to_async(lambda: Interview.objects.get(pk=interview.pk))()


def stored_events(interview):
    """Every stored event of the interview as a socket message, in `seq` order (awaitable)."""
    return sync_to_async(lambda: [e.as_message() for e in Event.objects.filter(interview=interview).order_by("seq")])()


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
    """A tiny model for the fake server: asks through ask_question, assesses answers, follows the engine."""

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
