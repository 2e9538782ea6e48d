"""The LLM brain for text mode: an OpenAI-compatible model calling the engine's three tools.

Tools come from `agent_worker.core.tools.openai_tools()` (the single definition); each call goes to
`turn.call_tool`, and the result's message is what the model reads back. The model proposes, the
engine decides. Any error or timeout raises `LLMUnavailable`; the driver then closes the turn
with `engine.finish_brain_turn`, which hands it to the scripted brain.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import cast

from openai import AsyncOpenAI
from openai.types.chat import (
    ChatCompletionMessageFunctionToolCall,
    ChatCompletionMessageParam,
    ChatCompletionToolParam,
)

from agent_worker.core.brain import BrainTurn
from agent_worker.core.tools import openai_tools

logger = logging.getLogger(__name__)

MAX_ROUNDS = 5

TURN_PROMPTS = {
    "stage_started": "A new stage has begun and its bridge has been said. Ask its first question: call "
                     "ask_question, then say the approved question.",
    "answered": "The candidate has finished answering. Call assess_response, then follow its guidance: ask "
                "the next question (ask_question first, then say it with at most one short acknowledgement) "
                "or call transition_stage.",
    "request": "The candidate asked about the current question instead of answering (see the instructions): "
               "say it again in other words, or answer what they asked about it in one sentence. Do not call "
               "ask_question for a new question unless the instructions say to move on.",
}


class LLMUnavailable(Exception):
    """The model failed or timed out; the scripted brain takes the turn."""


class LLMBrain:
    name = "llm"

    def __init__(self, *, api_key: str, base_url: str | None, model: str, timeout: float = 20.0,
                 client: AsyncOpenAI | None = None) -> None:
        self.model = model
        self.timeout = timeout
        self.client = client or AsyncOpenAI(api_key=api_key, base_url=base_url, timeout=timeout, max_retries=0)

    async def close(self) -> None:
        await self.client.close()

    async def take_turn(self, turn: BrainTurn) -> None:
        """Run the model on one decision point until it has said something or moved the interview on."""
        try:
            await asyncio.wait_for(self._run(turn), timeout=self.timeout * 2)
        except LLMUnavailable:
            raise
        except Exception as error:  # SDK errors, timeouts, malformed replies: all fall back
            raise LLMUnavailable(f"{error.__class__.__name__}: {error}") from error

    async def _run(self, turn: BrainTurn) -> None:
        messages: list[ChatCompletionMessageParam] = [
            {"role": "system", "content": turn.instructions},
            {"role": "user", "content": TURN_PROMPTS.get(turn.reason, TURN_PROMPTS["answered"])},
        ]
        tools = cast(list[ChatCompletionToolParam], openai_tools())  # the core writes OpenAI's tool shape
        for _ in range(MAX_ROUNDS):
            response = await self.client.chat.completions.create(
                model=self.model, messages=messages, tools=tools, tool_choice="auto", temperature=0.4,
            )
            if not response.choices:
                raise LLMUnavailable("the model returned no choices")
            message = response.choices[0].message
            # Only function tools are offered, so only function calls come back.
            calls = [c for c in message.tool_calls or [] if isinstance(c, ChatCompletionMessageFunctionToolCall)]
            if not calls:
                # Words without a tool call are not said beside the question the fallback asks: they
                # become its lead-in (their own question, if any, is dropped: one question per turn).
                if message.content and message.content.strip() and turn.engine.restatable_question() is not None:
                    turn.say(message.content.strip())  # the same question again, as the candidate asked
                elif message.content and message.content.strip() and not turn.progressed:
                    turn.preface = message.content.strip()
                elif message.content and message.content.strip():
                    turn.say(message.content.strip())
                return
            messages.append({
                "role": "assistant", "content": message.content or None,
                "tool_calls": [{"id": c.id, "type": "function",
                                "function": {"name": c.function.name, "arguments": c.function.arguments or "{}"}}
                               for c in calls],
            })
            for call in calls:
                try:
                    arguments = json.loads(call.function.arguments or "{}")
                    if not isinstance(arguments, dict):
                        raise ValueError("arguments must be an object")
                except ValueError as error:
                    content = f"Bad arguments: {error}. Send a JSON object."
                else:
                    result = turn.call_tool(call.function.name, arguments)
                    content = result.message
                messages.append({"role": "tool", "tool_call_id": call.id, "content": content})
            if turn.stale or turn.engine.is_over:
                return
            if turn.progressed and _moved_on(turn):
                return  # the engine says the bridge; the model is asked again for the next stage


def _moved_on(turn: BrainTurn) -> bool:
    return turn.engine.stage_index != turn.stage_index or turn.engine.is_over or bool(
        turn.results and turn.results[-1].code in ("moved", "closing"))
