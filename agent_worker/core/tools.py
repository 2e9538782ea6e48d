"""The interviewer's three tools, defined once.

The LiveKit adapter and the text-mode LLM loop both build their tools from `TOOLS`
(`openai_tools()` gives the OpenAI `tools=[...]` format) and route each call to
`Engine.call_tool(name, arguments)`, which returns a `ToolResult` whose `message` is the text the
model reads back. The descriptions are product copy for the model: when to call, and when not to.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from agent_worker.core.events import QUESTION_KINDS

__all__ = [
    "TOOLS",
    "AskQuestionArguments",
    "AssessResponseArguments",
    "ToolResult",
    "ToolSpec",
    "TransitionStageArguments",
    "openai_tools",
    "tool_names",
]


class ToolArguments(BaseModel):
    """A tool's arguments: the schema the model is shown (`ToolSpec.parameters`) and the check of its call.

    Limits the model is told (`maxLength`, `maxItems`) are advice, not checks: the engine caps what is too
    long, so a long question is cut rather than refused. Unknown keys are ignored."""

    model_config = ConfigDict(json_schema_extra={"additionalProperties": False})


def _none_as(default: Any) -> BeforeValidator:
    return BeforeValidator(lambda value: default if value is None else value)


class AskQuestionArguments(ToolArguments):
    question: str = Field(
        description="The question exactly as you will ask it, one question, one sentence or two.",
        json_schema_extra={"maxLength": 400},
    )
    competency: str | None = Field(
        default=None,
        description="The competency this question targets, from the role's list; omit to use the stage's "
                    "(for a follow_up, the competency of the question it follows).",
    )
    kind: Annotated[str, _none_as("main")] = Field(
        default="main",
        description="follow_up when it digs into the candidate's last answer, otherwise main.",
        json_schema_extra={"enum": list(QUESTION_KINDS)},
    )


class AssessResponseArguments(ToolArguments):
    depth: int = Field(description="Depth of the answer, 1-5.", json_schema_extra={"minimum": 1, "maximum": 5})
    key_points: Annotated[list[str], _none_as([])] = Field(
        default_factory=list,
        description="The main points the candidate made, a few words each, in your own words.",
        json_schema_extra={"maxItems": 8, "items": {"type": "string", "maxLength": 200}},
    )


class TransitionStageArguments(ToolArguments):
    reason: Annotated[str, _none_as("")] = Field(
        default="", description="Why the stage is complete, briefly.", json_schema_extra={"maxLength": 200},
    )


def _model_facing(schema: Any) -> Any:
    """pydantic's JSON schema as the model reads it: no titles or defaults, an optional value as its type."""
    if isinstance(schema, list):
        return [_model_facing(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    options = schema.get("anyOf")
    if options and len(options) == 2 and {"type": "null"} in options:
        kept = next(option for option in options if option != {"type": "null"})
        schema = {**{k: v for k, v in schema.items() if k != "anyOf"}, **kept}
    return {key: _model_facing(value) for key, value in schema.items() if key not in ("title", "default")}


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    arguments: type[ToolArguments]

    @property
    def parameters(self) -> dict[str, Any]:
        """The arguments' JSON schema, as OpenAI's and LiveKit's tool definitions take it."""
        schema: dict[str, Any] = _model_facing(self.arguments.model_json_schema())
        schema.setdefault("required", [])
        return schema

    def read(self, arguments: dict[str, Any]) -> ToolArguments:
        """The call's arguments as the model; raise `ValueError` saying what is wrong."""
        try:
            return self.arguments.model_validate(arguments)
        except ValidationError as error:
            problems = [f"{'.'.join(str(part) for part in e['loc']) or 'arguments'}: {e['msg']}"
                        for e in error.errors(include_url=False)[:3]]
            raise ValueError("; ".join(problems)) from None

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
    arguments=AskQuestionArguments,
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
    arguments=AssessResponseArguments,
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
    arguments=TransitionStageArguments,
)

TOOLS: tuple[ToolSpec, ...] = (ASK_QUESTION, ASSESS_RESPONSE, TRANSITION_STAGE)
TOOLS_BY_NAME = {tool.name: tool for tool in TOOLS}


def tool_names() -> list[str]:
    return [tool.name for tool in TOOLS]


def openai_tools() -> list[dict[str, Any]]:
    """The tools in the OpenAI chat-completions `tools=[...]` format."""
    return [tool.openai() for tool in TOOLS]
