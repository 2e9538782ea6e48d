"""The worker API's JSON bodies as pydantic models: a batch of events and a completion.

Strict, because they come from another process: a seq of `"3"` or `true` is refused, not coerced.
Each event's data must fit its type's model (`agent_worker.core.events.DATA_BY_TYPE`).
Unknown keys are ignored, so a newer worker can send more than this web process reads. A bad body
raises InvalidEvents with one plain sentence per problem (`events[0].seq must be greater than 0.`),
which the API answers as a 400.
"""

from __future__ import annotations

import datetime
import uuid
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
)

from agent_worker.core import events as ev
from mockflow_site.validation import explain

MAX_BATCH = 500
MAX_EVENT_DATA_CHARS = 64_000
MAX_STAGE_CHARS = 40
EVENT_TYPES = frozenset(ev.EVENT_TYPES)


class InvalidBody(ValueError):
    """A body that does not fit its model; `message` says where and why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _uuid(value: object) -> object:
    if isinstance(value, uuid.UUID):
        return value
    try:
        return uuid.UUID(str(value))
    except ValueError:
        raise ValueError("must be a UUID") from None


def _event_type(value: str) -> str:
    if value not in EVENT_TYPES:
        raise ValueError(f"{value!r} is not an event type")
    return value


def _time(value: object) -> datetime.datetime:
    try:
        moment = datetime.datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None:
        raise ValueError("must be an ISO 8601 time")
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=datetime.UTC)


def _small(data: dict[str, Any]) -> dict[str, Any]:
    if len(str(data)) > MAX_EVENT_DATA_CHARS:
        raise ValueError(f"is too large (at most {MAX_EVENT_DATA_CHARS:,} characters)")
    return data


class EventIn(BaseModel):
    """One `{id, seq, type, stage, at, data}` event as the store takes it (`at` parsed, `stage` never None)."""

    model_config = ConfigDict(strict=True, frozen=True)

    id: Annotated[uuid.UUID, BeforeValidator(_uuid)]
    seq: int = Field(gt=0)
    type: Annotated[str, AfterValidator(_event_type)]
    stage: Annotated[str, BeforeValidator(lambda v: v or "")] = Field(default="", max_length=MAX_STAGE_CHARS)
    at: Annotated[datetime.datetime, BeforeValidator(_time)]
    data: Annotated[dict[str, Any], AfterValidator(_small)] = Field(default_factory=dict, validate_default=True)

    @field_validator("data")
    @classmethod
    def _fits_its_type(cls, data: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
        """The data the engine writes for the event's type (`events.DATA_BY_TYPE`); kept as sent."""
        model = ev.DATA_BY_TYPE.get(info.data.get("type", ""))
        if model is not None:
            model.model_validate(data, strict=True)  # its errors name the field: events[0].data.depth
        return data


class _Leased(BaseModel):
    model_config = ConfigDict(strict=True)

    lease_token: str | None = None
    lease: str | None = None  # the worker's client names it so

    @property
    def token(self) -> str | None:
        """The lease token the write carries."""
        return self.lease_token or self.lease or None


class EventsBody(_Leased):
    events: list[EventIn] = Field(max_length=MAX_BATCH)


class CompleteBody(_Leased):
    transcript: Any = Field(default_factory=list)
    metrics: dict[str, Any] = Field(default_factory=dict)
    reason: ev.EndReason | None = None

    @field_validator("transcript")
    @classmethod
    def _list_or_object(cls, value: Any) -> Any:
        if not isinstance(value, (list, dict)):
            raise ValueError("must be a list or an object")
        return value


MAX_WORDS = 5_000  # about half an hour of speech: more than any one answer


class WordTiming(BaseModel):
    """One word of an answer and when it is heard, in seconds from the start of its recording."""

    model_config = ConfigDict(strict=True)

    word: str = Field(max_length=100)
    start: float = Field(ge=0, allow_inf_nan=False)
    end: float = Field(ge=0, allow_inf_nan=False)


class RecordingBody(_Leased):
    """A recording's fields beside its audio: the lease and the answer's word timings."""

    words: list[WordTiming] = Field(default_factory=list, max_length=MAX_WORDS)


def parse[M: BaseModel](model: type[M], raw: object, root: str = "") -> M:
    """`raw` as `model`, or InvalidBody saying what is wrong with it."""
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        raise InvalidBody(explain(error, root)) from None


def parse_events(raw: object) -> list[EventIn]:
    """A list of event objects (the text driver's, a maintenance job's) as EventIn, or InvalidBody."""
    return parse(EventsBody, {"events": raw}).events
