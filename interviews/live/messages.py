"""What a page may send on the interview socket, as pydantic models (`interviews.consumers`).

`read_client_message` turns a decoded frame into one of the models, or raises `BadMessage` with the code and
the sentence the page shows (the same words for the same mistake, whichever field check caught it).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictInt, StrictStr, TypeAdapter, ValidationError, field_validator

__all__ = ["CLIENT_ID_MAX", "BadMessage", "ClientMessage", "read_client_message"]

CLIENT_ID_MAX = 64


class BadMessage(ValueError):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Resume(BaseModel):
    """Send every stored event after `last_seq`, then the session."""

    type: Literal["resume"]
    last_seq: StrictInt = Field(default=0, ge=0)


class Start(BaseModel):
    type: Literal["start"]


class Answer(BaseModel):
    """The candidate's answer; `client_id` names it so that a resend is stored once."""

    type: Literal["answer"]
    text: StrictStr
    client_id: StrictStr | None = Field(default=None, min_length=1, max_length=CLIENT_ID_MAX)

    @field_validator("text")
    @classmethod
    def _some_text(cls, text: str) -> str:
        if not text.strip():
            raise ValueError("empty")
        return text.strip()


class Typing(BaseModel):
    type: Literal["typing"]


class Leave(BaseModel):
    type: Literal["leave"]


class AgentLeft(BaseModel):
    """Voice: the page saw the voice agent leave the room."""

    type: Literal["agent_left"]


class SwitchToText(BaseModel):
    """Voice: the candidate goes on in text."""

    type: Literal["switch_to_text"]


ClientMessage = Annotated[
    Resume | Start | Answer | Typing | Leave | AgentLeft | SwitchToText, Field(discriminator="type")
]
_ADAPTER: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)

UNKNOWN_TYPE = "Unknown message type: use resume, start, answer, typing, leave, agent_left or switch_to_text."
# What the page is told about a bad field, by message type and field.
_FIELD_MESSAGES = {
    ("resume", "last_seq"): "last_seq must be a whole number, 0 or more.",
    ("answer", "text"): "An answer needs some text.",
    ("answer", "client_id"): f"client_id must be a string of 1 to {CLIENT_ID_MAX} characters.",
}


def read_client_message(message: dict[str, Any]) -> ClientMessage:
    """The message as its model; raise `BadMessage` (`unknown_type` or `bad_request`) otherwise."""
    try:
        return _ADAPTER.validate_python(message)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        if first["type"] in ("union_tag_invalid", "union_tag_not_found", "model_attributes_type"):
            raise BadMessage("unknown_type", UNKNOWN_TYPE) from None
        loc = first["loc"]
        field = str(loc[1]) if len(loc) > 1 else ""
        text = _FIELD_MESSAGES.get((str(loc[0]), field), f"{field or 'The message'} is not valid.")
        raise BadMessage("bad_request", text) from None
