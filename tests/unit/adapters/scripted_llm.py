"""A scripted `livekit.agents.llm.LLM`: each chat request takes the next scripted reply.

    model = ScriptedLLM([call("ask_question", question="Ready?"), say("Are you ready to begin?")])

A reply is text, tool calls, or both; `fail()` makes the request raise an APIError; `delay`
makes the model wait before its first token and `pace` between words. A reply may also be a function of the request's chat
context (a model that answers what it heard). When the script runs out the model answers with
`then(chat_ctx)` if given, else with nothing. Every request's chat context is kept in
`model.requests` (to check what instructions the model got).
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from livekit.agents import APIConnectOptions, APIStatusError, llm
from livekit.agents.types import DEFAULT_API_CONNECT_OPTIONS

_ids = itertools.count(1)


@dataclass
class Reply:
    text: str | None = None
    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    error: bool = False
    delay: float = 0.0
    pace: float = 0.0  # seconds between words, as a model streams its tokens


def say(text: str) -> Reply:
    return Reply(text=text)


def call(name: str, text: str | None = None, **arguments: Any) -> Reply:
    return Reply(text=text, calls=[(name, arguments)])


def calls(*pairs: tuple[str, dict[str, Any]], text: str | None = None) -> Reply:
    return Reply(text=text, calls=list(pairs))


def fail() -> Reply:
    return Reply(error=True)


class ScriptedLLM(llm.LLM):
    def __init__(self, replies: list[Reply | Callable[[llm.ChatContext], Reply]] | None = None, *,
                 then: Callable[[llm.ChatContext], Reply] | None = None) -> None:
        super().__init__()
        self.replies = list(replies or [])
        self.then = then
        self.requests: list[llm.ChatContext] = []

    @property
    def model(self) -> str:
        return "scripted"

    @property
    def provider(self) -> str:
        return "tests"

    def chat(self, *, chat_ctx: llm.ChatContext, tools: list[llm.Tool] | None = None,
             conn_options: APIConnectOptions = DEFAULT_API_CONNECT_OPTIONS, **_: Any) -> llm.LLMStream:
        self.requests.append(chat_ctx.copy())
        if self.replies:
            reply = self.replies.pop(0)
        else:
            reply = self.then if self.then is not None else Reply(text="")
        if callable(reply):
            reply = reply(chat_ctx)
        return _Stream(self, reply, chat_ctx=chat_ctx, tools=tools or [], conn_options=conn_options)

    @property
    def instructions_seen(self) -> list[str]:
        texts = []
        for ctx in self.requests:
            for item in ctx.items:
                if item.type == "message" and item.role in ("system", "developer"):
                    texts.append(item.text_content or "")
                    break
        return texts


class _Stream(llm.LLMStream):
    def __init__(self, model: ScriptedLLM, reply: Reply, **kwargs: Any) -> None:
        super().__init__(model, **kwargs)
        self._reply = reply

    async def _run(self) -> None:
        if self._reply.delay:
            await asyncio.sleep(self._reply.delay)
        if self._reply.error:
            raise APIStatusError("scripted failure", status_code=500, retryable=False)
        chunk_id = f"scripted-{next(_ids)}"
        if self._reply.text:
            for n, word in enumerate(self._reply.text.split(" ")):
                if n and self._reply.pace:
                    await asyncio.sleep(self._reply.pace)
                self._event_ch.send_nowait(llm.ChatChunk(
                    id=chunk_id, delta=llm.ChoiceDelta(role="assistant", content=word + " ")))
        if self._reply.calls:
            tool_calls = [llm.FunctionToolCall(name=name, arguments=json.dumps(arguments),
                                               call_id=f"call-{next(_ids)}")
                          for name, arguments in self._reply.calls]
            self._event_ch.send_nowait(llm.ChatChunk(
                id=chunk_id, delta=llm.ChoiceDelta(role="assistant", tool_calls=tool_calls)))
