"""Stage plans: data a recruiter can edit, validated with messages a recruiter understands.

`DEFAULT_PLAN` and `QUICK_PLAN` are plain dicts; the database seeds its rows from them, so their
numbers live here only. `load_plan` turns a dict into a `StagePlan` (or raises
`PlanValidationError` listing every problem); `validate_plan` only lists the problems.

A plan has any number of stages; the last one is the closing (the interview ends after it, and a
whole-interview ceiling jumps to it).
"""

from __future__ import annotations

import copy
import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import ErrorDetails, InitErrorDetails, PydanticCustomError

__all__ = [
    "DEFAULT_PLAN",
    "PLACEHOLDERS",
    "PLANS",
    "QUICK_PLAN",
    "ROLE_FIRST_COMPETENCY",
    "PlanError",
    "PlanValidationError",
    "Stage",
    "StagePlan",
    "load_plan",
    "validate_plan",
]

# What a short stage (a greeting's "ready?", the closing's "any questions?") takes, at most, for the
# length the greeting announces.
SHORT_STAGE_SECONDS = 40
# A stage competency that means "the first competency of the role" (the default past_experience stage).
ROLE_FIRST_COMPETENCY = "role:first"

# Placeholders a stage's instructions may use, each filled by the engine (untrusted ones as data blocks).
PLACEHOLDERS = {
    "name": "the candidate's first name",
    "role": "the role applied for",
    "level": "the level applied for",
    "company": "the company's name",
    "focus_areas": "the role's focus areas",
    "competencies": "the role's competencies",
    "resume_highlights": "a short summary of the resume (as data)",
    "job_requirements": "a short summary of the job description (as data)",
    "company_brief": "the company research brief (as data)",
}
# Bridges are spoken aloud, so they may only use the short, safe values.
BRIDGE_PLACEHOLDERS = ("name", "role", "company", "minutes")

_PLACEHOLDER_RE = re.compile(r"\{([a-zA-Z_]+)\}")
_STAGE_NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,39}$")


def _stage(
    name: str,
    title: str,
    questions: tuple[int, int],
    seconds: tuple[int, int],
    inactivity: int,
    target_depth: int | None,
    competency: str | None,
    instructions: str,
    bridges: list[str],
) -> dict[str, Any]:
    return {
        "name": name,
        "title": title,
        "min_questions": questions[0],
        "max_questions": questions[1],
        "min_seconds": seconds[0],
        "max_seconds": seconds[1],
        "inactivity_seconds": inactivity,
        "overrun_seconds": 60,
        "thinking_seconds": 30,
        "target_depth": target_depth,
        "competency": competency,
        "instructions": instructions,
        "bridges": bridges,
    }


_GREETING_INSTRUCTIONS = (
    "Welcome {name} to a mock interview for the {role} role ({level} level). Check they are ready to "
    "begin with one short question. Do not ask about their background yet."
)
_SELF_INTRO_INSTRUCTIONS = (
    "Ask {name} to introduce themselves: current role, background, strengths and what draws them to "
    "this {role} role. One question at a time, short and conversational. Focus areas of the role: "
    "{focus_areas}.\n\nResume highlights:\n{resume_highlights}"
)
_PAST_EXPERIENCE_INSTRUCTIONS = (
    "Explore one or two real projects in depth. Ask for a specific example, then follow the STAR "
    "ladder: situation and task, their own role and the challenges, implementation detail, then "
    "impact and results with numbers. Connect to the job's requirements where the resume shows "
    "relevant experience. Level: {level}.\n\nResume highlights:\n{resume_highlights}\n\n"
    "Job requirements:\n{job_requirements}"
)
_CLOSING_INSTRUCTIONS = (
    "Invite {name} to ask a question about the role or the process, answer briefly and honestly that "
    "the real hiring team knows the specifics, and do not start new topics."
)

DEFAULT_PLAN: dict[str, Any] = {
    "name": "default",
    "title": "Standard interview",
    "version": 1,
    "stages": [
        _stage(
            "greeting", "Welcome", (1, 1), (0, 90), 20, None, None, _GREETING_INSTRUCTIONS,
            [
                "Hi {name}, thanks for joining. I'll be your interviewer today for the {role} role. "
                "We'll spend about {minutes} minutes on your background and some of your past work.",
                "Hello {name}, welcome! This is a practice interview for the {role} role, about {minutes} "
                "minutes long: first a little about you, then some of the work you've done.",
                "Hi {name}, good to meet you. Over the next {minutes} minutes or so we'll talk about your "
                "background and your experience, with the {role} role in mind.",
            ],
        ),
        _stage(
            "self_intro", "About you", (2, 4), (30, 180), 30, 3, "communication", _SELF_INTRO_INSTRUCTIONS,
            [
                "Let's start with you.",
                "To begin, I'd like to hear a bit about you.",
                "First, let's get to know you a little.",
            ],
        ),
        _stage(
            "past_experience", "Past experience", (3, 6), (45, 300), 45, 4, ROLE_FIRST_COMPETENCY,
            _PAST_EXPERIENCE_INSTRUCTIONS,
            [
                "Let's talk about a piece of work you're proud of.",
                "Now I'd like to go deeper into some of your past work.",
                "Let's move on to your experience, and dig into a piece of work in some detail.",
            ],
        ),
        _stage(
            "closing", "Closing", (0, 1), (0, 60), 15, None, None, _CLOSING_INSTRUCTIONS,
            [
                "We're coming to the end of our time.",
                "That brings us nearly to the end.",
                "We're almost out of time, so let's wrap up.",
            ],
        ),
    ],
}

QUICK_PLAN: dict[str, Any] = copy.deepcopy(DEFAULT_PLAN)
QUICK_PLAN.update({"name": "quick", "title": "Quick practice"})
for _data, (_min_q, _max_q), _max_s in zip(
    QUICK_PLAN["stages"], [(1, 1), (1, 2), (2, 3), (0, 1)], [60, 90, 150, 45], strict=True
):
    _data.update(min_questions=_min_q, max_questions=_max_q, min_seconds=0, max_seconds=_max_s)

PLANS: dict[str, dict[str, Any]] = {"default": DEFAULT_PLAN, "quick": QUICK_PLAN}


# A number of seconds as the plan gives it: 90 stays 90 (events and messages show it as written).
Seconds = int | float


class Stage(BaseModel):
    """One stage of a plan, built by `load_plan` once `validate_plan` found nothing wrong."""

    model_config = ConfigDict(frozen=True)

    name: str
    title: str
    min_questions: int
    max_questions: int
    min_seconds: Seconds
    max_seconds: Seconds
    inactivity_seconds: Seconds = 30
    overrun_seconds: Seconds = 60
    thinking_seconds: Seconds = 30
    target_depth: int | None = None
    competency: str | None = None
    instructions: str = ""
    bridges: tuple[str, ...] = ()


class StagePlan(BaseModel):
    """A plan as the engine runs it; `model_dump(mode="json")` is the plain data `load_plan` reads back."""

    model_config = ConfigDict(frozen=True)

    name: str
    version: int
    stages: tuple[Stage, ...]
    title: str = ""

    @property
    def closing(self) -> Stage:
        return self.stages[-1]

    @property
    def expected_minutes(self) -> int:
        """How long an interview on this plan lasts when the candidate keeps answering, in whole minutes:
        the caps of the stages that go on while answers are substantive (a target depth and room for
        more than one question), and at most 40 s for the others (a "ready?", a "any questions?")."""
        seconds = sum(s.max_seconds if s.target_depth is not None and s.max_questions > 1
                      else min(s.max_seconds, SHORT_STAGE_SECONDS) for s in self.stages)
        return max(1, int(seconds / 60 + 0.5))

    def index_of(self, name: str) -> int:
        for index, stage in enumerate(self.stages):
            if stage.name == name:
                return index
        raise KeyError(name)


@dataclass(frozen=True)
class PlanError:
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class PlanValidationError(ValueError):
    """A plan with problems; `errors` lists each one with its path and a message."""

    def __init__(self, errors: list[PlanError]) -> None:
        self.errors = list(errors)
        super().__init__("The stage plan is not valid:\n" + "\n".join(f"- {e}" for e in self.errors))


_LABELS = {
    "min_questions": "Minimum questions",
    "max_questions": "Maximum questions",
    "min_seconds": "Minimum time",
    "max_seconds": "Time limit",
    "inactivity_seconds": "Silence allowed",
    "overrun_seconds": "Overrun allowed",
    "thinking_seconds": "Thinking time",
}


def _label(key: str) -> str:
    return _LABELS.get(key, key.replace("_", " ").capitalize())


# -- Validation: a plan as it comes (admin forms, JSON), checked by pydantic with a recruiter's words -----
#
# Each field's rule raises its own sentence (`_problem`); the rules across fields (a minimum above its
# maximum, placeholders the interviewer cannot fill, two stages of one name) are checked on the raw data
# beside them, so one pass lists every problem, each with its path (`stages[2].max_questions`).


def _problem(message: str) -> PydanticCustomError:
    return PydanticCustomError("plan", "{message}", {"message": message})


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _rule(check: Callable[[Any], bool], message: str) -> PlainValidator:
    def validate(value: Any) -> Any:
        if not check(value):
            raise _problem(message)
        return value

    return PlainValidator(validate)


def _text(key: str) -> PlainValidator:
    return _rule(lambda v: isinstance(v, str), f"{_label(key)} must be text.")


def _count(key: str) -> PlainValidator:
    return _rule(lambda v: _is_whole(v, 0, 50), f"{_label(key)} must be a whole number from 0 to 50.")


def _seconds(key: str) -> PlainValidator:
    return _rule(lambda v: _is_number(v) and 0 <= v <= 3600, f"{_label(key)} must be a number of seconds from 0 to 3600.")


_STAGE_NAME = _rule(lambda v: isinstance(v, str) and bool(_STAGE_NAME_RE.match(v)),
                    "A stage name is a short identifier in lower case, letters, digits and underscores, such as "
                    "“past_experience”.")
_DEPTH = _rule(lambda v: v is None or _is_whole(v, 1, 5),
               "Target depth must be a whole number from 1 (vague) to 5 (specific, with results), or left empty.")
_COMPETENCY = _rule(lambda v: v is None or (isinstance(v, str) and bool(v.strip())),
                    f"{_label('competency')} must be a name such as “communication”, or left empty.")
_BRIDGES = _rule(lambda v: isinstance(v, list) and all(isinstance(line, str) and line.strip() for line in v),
                 "Bridges must be a list of lines to say, none of them empty.")


def _placeholders(path: tuple[str | int, ...], text: Any, allowed: tuple[str, ...]) -> list[InitErrorDetails]:
    found = _PLACEHOLDER_RE.findall(text) if isinstance(text, str) else []
    known = ", ".join("{" + a + "}" for a in allowed)
    return [_detail(path, text, f"“{{{name}}}” is not something the interviewer can fill in. Use one of: {known}.")
            for name in found if name not in allowed]


def _detail(loc: tuple[str | int, ...], value: Any, message: str) -> InitErrorDetails:
    return InitErrorDetails(type=_problem(message), loc=loc, input=value)


def _again(error: ValidationError) -> list[InitErrorDetails]:
    """`error`'s problems, to be raised again with more beside them."""
    again: list[InitErrorDetails] = []
    for detail in error.errors(include_url=False):
        kind = _problem(detail["msg"]) if detail["type"] == "plan" else detail["type"]
        extra = {"ctx": detail["ctx"]} if "ctx" in detail and detail["type"] != "plan" else {}
        again.append(InitErrorDetails(type=kind, loc=detail["loc"], input=detail["input"], **extra))  # type: ignore[typeddict-item]
    return again


def _with(handler: Callable[[Any], Any], value: Any, more: list[InitErrorDetails], title: str) -> Any:
    """`handler(value)`, raising its problems and `more` together."""
    try:
        result = handler(value)
    except ValidationError as error:
        more = [*_again(error), *more]
        result = None
    if more:
        raise ValidationError.from_exception_data(title, more)
    return result


class _StageIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: Annotated[str, _STAGE_NAME]
    title: Annotated[str | None, _text("title")] = None
    min_questions: Annotated[int, _count("min_questions")]
    max_questions: Annotated[int, _count("max_questions")]
    min_seconds: Annotated[Seconds, _seconds("min_seconds")]
    max_seconds: Annotated[Seconds, _seconds("max_seconds")]
    inactivity_seconds: Annotated[Seconds, _seconds("inactivity_seconds")] = 30
    overrun_seconds: Annotated[Seconds, _seconds("overrun_seconds")] = 60
    thinking_seconds: Annotated[Seconds, _seconds("thinking_seconds")] = 30
    target_depth: Annotated[int | None, _DEPTH] = None
    competency: Annotated[str | None, _COMPETENCY] = None
    instructions: Annotated[str, _text("instructions")] = ""
    bridges: Annotated[list[str], _BRIDGES] = Field(default_factory=list)

    @model_validator(mode="wrap")
    @classmethod
    def _rules_across_fields(cls, data: Any, handler: Callable[[Any], Any]) -> Any:
        return _with(handler, data, _stage_rules(data) if isinstance(data, dict) else [], "Stage")


def _stage_rules(data: dict[str, Any]) -> list[InitErrorDetails]:
    """The rules between a stage's fields, on its raw values (each field's own rule stands beside them)."""
    problems: list[InitErrorDetails] = []
    title = data.get("title") or data.get("name") or "This stage"

    def number(key: str) -> Any:
        value = data.get(key)
        return value if _is_number(value) else None

    min_q, max_q = number("min_questions"), number("max_questions")
    if min_q is not None and max_q is not None and min_q > max_q:
        problems.append(_detail(("min_questions",), min_q, f"“{title}” asks at least {min_q} questions but at most "
                                                           f"{max_q}: the minimum cannot be more than the maximum."))
    min_s, max_s = number("min_seconds"), number("max_seconds")
    if max_s is not None and max_s <= 0:
        problems.append(_detail(("max_seconds",), max_s, f"“{title}” needs a time limit above 0 seconds."))
    if min_s is not None and max_s is not None and min_s > max_s:
        problems.append(_detail(("min_seconds",), min_s, f"“{title}” cannot move on before {min_s:g} seconds if it "
                                                         f"must end by {max_s:g} seconds."))
    inactivity = number("inactivity_seconds")
    if inactivity is not None and inactivity < 5:
        problems.append(_detail(("inactivity_seconds",), inactivity,
                                "Allow at least 5 seconds of silence before the interviewer steps in."))
    problems += _placeholders(("instructions",), data.get("instructions"), tuple(PLACEHOLDERS))
    bridges = data.get("bridges")
    for n, line in enumerate(bridges if isinstance(bridges, list) else []):
        problems += _placeholders(("bridges", n), line, BRIDGE_PLACEHOLDERS)
    return problems


class _PlanIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: Annotated[str, _rule(lambda v: isinstance(v, str) and bool(v.strip()), "The plan needs a name.")]
    title: Annotated[str, _rule(lambda v: isinstance(v, str), "The plan's title must be text.")] = ""
    version: Annotated[int, _rule(lambda v: _is_whole(v, 1, 2**31 - 1),
                                  "The version must be a whole number, 1 or more.")] = 1
    stages: list[_StageIn]

    @field_validator("stages", mode="wrap")
    @classmethod
    def _named_once(cls, stages: Any, handler: Callable[[Any], Any]) -> Any:
        if not isinstance(stages, list) or not stages:
            raise _problem(_NO_STAGES)
        problems: list[InitErrorDetails] = []
        seen: dict[str, int] = {}
        for index, stage in enumerate(stages):
            name = stage.get("name") if isinstance(stage, dict) else None
            if isinstance(name, str) and name in seen:
                problems.append(_detail((index, "name"), name, f"Two stages are called “{name}” (stages "
                                                              f"{seen[name] + 1} and {index + 1}); each stage needs "
                                                              "its own name."))
            elif isinstance(name, str):
                seen[name] = index
        return _with(handler, stages, problems, "Stages")


_NO_STAGES = "The plan needs at least one stage."
_PLAN_KEYS = tuple(_PlanIn.model_fields)
_STAGE_KEYS = list(_StageIn.model_fields)


def _plan_error(detail: ErrorDetails) -> PlanError:
    """One of pydantic's problems with a plan, as the recruiter reads it."""
    loc = detail["loc"]
    path = ""
    for part in loc:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    key = str(loc[-1]) if loc else ""
    kind, at_stage = detail["type"], len(loc) > 1
    if kind == "missing":
        message = (f"{_label(key)} is missing." if at_stage else
                   _NO_STAGES if key == "stages" else "The plan needs a name.")
    elif kind == "extra_forbidden":
        message = (_unknown_field_message(key, _STAGE_KEYS) if at_stage else
                   f"“{key}” is not a setting a plan has (a plan has a name, a title, a version and stages).")
    elif kind in ("model_type", "model_attributes_type", "dict_type"):
        message = ("Each stage must be a set of settings (a JSON object)." if loc else
                   "A stage plan must be a set of settings (a JSON object) with a name and stages.")
    else:
        message = detail["msg"]
    return PlanError(path, message)


def _unknown_field_message(key: str, known: list[str]) -> str:
    close = difflib.get_close_matches(key, known, n=1)
    hint = f" Did you mean “{close[0]}”?" if close else ""
    return f"“{key}” is not a setting a stage has.{hint}"


def validate_plan(data: Any) -> list[PlanError]:
    """Return every problem with a plan, each with where it is and what to do about it."""
    try:
        _PlanIn.model_validate(data)
    except ValidationError as error:
        return [_plan_error(detail) for detail in error.errors(include_url=False)]
    return []


def load_plan(data: dict[str, Any]) -> StagePlan:
    """Build a `StagePlan` from plain data, or raise `PlanValidationError` with every problem."""
    try:
        plan = _PlanIn.model_validate(data)
    except ValidationError as error:
        raise PlanValidationError([_plan_error(detail) for detail in error.errors(include_url=False)]) from None
    stages = tuple(
        Stage(**{
            **stage.model_dump(),
            "title": stage.title or stage.name.replace("_", " ").capitalize(),
            "bridges": tuple(line.strip() for line in stage.bridges),
            "competency": stage.competency.strip() if stage.competency else None,
        })
        for stage in plan.stages
    )
    return StagePlan(name=plan.name.strip(), version=plan.version, stages=stages, title=plan.title or plan.name)
