"""The interviewer's three tools, defined once.

The LiveKit adapter and the text-mode LLM loop both build their tools from `TOOLS`
(`openai_tools()` gives the OpenAI `tools=[...]` format) and route each call to
`Engine.call_tool(name, arguments)`, which returns a `ToolResult` whose `message` is the text the
model reads back. The descriptions are product copy for the model: when to call, and when not to.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["TOOLS", "ToolResult", "ToolSpec", "openai_tools", "tool_names"]


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    parameters: dict[str, Any]

    def openai(self) -> dict[str, Any]:
        return {
            "type": "function",
            "function": {"name": self.name, "description": self.description, "parameters": self.parameters},
        }


@dataclass(frozen=True)
class ToolResult:
    """What a tool call did. `message` is written for the model; `code` for code."""

    ok: bool
    code: str
    message: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "code": self.code, "message": self.message, **self.data}

    def __str__(self) -> str:
        return self.message


ASK_QUESTION = ToolSpec(
    name="ask_question",
    description=(
        "Get approval for the next question before you say it. Call this every time you are about to "
        "ask the candidate a new question or a follow-up, with the question alone (no greeting or "
        "acknowledgement). If it is approved, say it in your next turn, after at most one short, "
        "natural sentence acknowledging the candidate's last answer; the result also tells you where "
        "the stage stands. If it is rejected as a duplicate, ask something genuinely different; if it "
        "is rejected because of the limit, call transition_stage instead. "
        "Do not call it for small talk, for repeating a question the candidate did not hear, or for "
        "answering the candidate's own questions."
    ),
    parameters={
        "type": "object",
        "properties": {
            "question": {
                "type": "string",
                "description": "The question exactly as you will ask it, one question, one sentence or two.",
                "maxLength": 400,
            },
            "competency": {
                "type": "string",
                "description": "The competency this question targets, from the role's list; omit to use the "
                               "stage's (for a follow_up, the competency of the question it follows).",
            },
            "kind": {
                "type": "string",
                "enum": ["main", "follow_up"],
                "description": "follow_up when it digs into the candidate's last answer, otherwise main.",
            },
        },
        "required": ["question"],
        "additionalProperties": False,
    },
)

ASSESS_RESPONSE = ToolSpec(
    name="assess_response",
    description=(
        "Record how deep the candidate's last answer was, once they have finished answering, and get "
        "your next move (a follow-up to ask, another question, or moving on). Call it once per "
        "candidate answer, after they have stopped speaking. Do not call it while they are still "
        "talking, after a short 'let me think', or twice for the same answer. "
        "Depth: 1 vague or off-topic; 2 general, no concrete example; 3 a concrete example with "
        "their own actions; 4 a clear story with decisions and trade-offs; 5 all of that with "
        "measured results."
    ),
    parameters={
        "type": "object",
        "properties": {
            "depth": {"type": "integer", "minimum": 1, "maximum": 5, "description": "Depth of the answer, 1-5."},
            "key_points": {
                "type": "array",
                "items": {"type": "string", "maxLength": 200},
                "maxItems": 8,
                "description": "The main points the candidate made, a few words each, in your own words.",
            },
        },
        "required": ["depth"],
        "additionalProperties": False,
    },
)

TRANSITION_STAGE = ToolSpec(
    name="transition_stage",
    description=(
        "Move the interview to its next stage when this stage's goal is met: call it when "
        "assess_response or ask_question tells you to move on, or when you have what the stage needs. "
        "Do not say the bridge to the next stage yourself: the interviewer system says it, and asks "
        "you for the next question. If the move is refused, ask another question instead; never wait "
        "in silence. Do not call it to end the interview early; in the last stage it closes the "
        "interview with a goodbye."
    ),
    parameters={
        "type": "object",
        "properties": {
            "reason": {"type": "string", "maxLength": 200, "description": "Why the stage is complete, briefly."},
        },
        "required": [],
        "additionalProperties": False,
    },
)

TOOLS: tuple[ToolSpec, ...] = (ASK_QUESTION, ASSESS_RESPONSE, TRANSITION_STAGE)


def tool_names() -> list[str]:
    return [tool.name for tool in TOOLS]


def openai_tools() -> list[dict[str, Any]]:
    """The tools in the OpenAI chat-completions `tools=[...]` format."""
    return [tool.openai() for tool in TOOLS]
