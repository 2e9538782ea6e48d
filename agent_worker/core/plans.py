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
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict

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
                "minutes long: first a little about you, then a project or two you've worked on.",
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
                "Let's talk about a project you're proud of.",
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


# field name -> (kind, required, default)
_FIELDS: dict[str, tuple[str, bool, Any]] = {
    "name": ("name", True, None),
    "title": ("text", False, None),
    "min_questions": ("count", True, None),
    "max_questions": ("count", True, None),
    "min_seconds": ("seconds", True, None),
    "max_seconds": ("seconds", True, None),
    "inactivity_seconds": ("seconds", False, 30),
    "overrun_seconds": ("seconds", False, 60),
    "thinking_seconds": ("seconds", False, 30),
    "target_depth": ("depth", False, None),
    "competency": ("optional_text", False, None),
    "instructions": ("text", False, ""),
    "bridges": ("lines", False, []),
}
_LABELS = {
    "min_questions": "Minimum questions",
    "max_questions": "Maximum questions",
    "min_seconds": "Minimum time",
    "max_seconds": "Time limit",
    "inactivity_seconds": "Silence allowed",
    "overrun_seconds": "Overrun allowed",
    "thinking_seconds": "Thinking time",
}


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _unknown_field_message(key: str, known: list[str]) -> str:
    close = difflib.get_close_matches(key, known, n=1)
    hint = f" Did you mean “{close[0]}”?" if close else ""
    return f"“{key}” is not a setting a stage has.{hint}"


def _check_field(path: str, key: str, kind: str, value: Any, errors: list[PlanError]) -> None:
    label = _LABELS.get(key, key.replace("_", " ").capitalize())
    if kind == "name":
        if not isinstance(value, str) or not _STAGE_NAME_RE.match(value):
            errors.append(PlanError(path, "A stage name is a short identifier in lower case, "
                                          "letters, digits and underscores, such as “past_experience”."))
    elif kind == "text":
        if not isinstance(value, str):
            errors.append(PlanError(path, f"{label} must be text."))
    elif kind == "optional_text":
        if value is not None and not (isinstance(value, str) and value.strip()):
            errors.append(PlanError(path, f"{label} must be a name such as “communication”, or left empty."))
    elif kind == "count":
        if not isinstance(value, int) or isinstance(value, bool) or value < 0 or value > 50:
            errors.append(PlanError(path, f"{label} must be a whole number from 0 to 50."))
    elif kind == "seconds":
        if not _is_number(value) or value < 0 or value > 3600:
            errors.append(PlanError(path, f"{label} must be a number of seconds from 0 to 3600."))
    elif kind == "depth":
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 5):
            errors.append(PlanError(path, "Target depth must be a whole number from 1 (vague) to 5 "
                                          "(specific, with results), or left empty."))
    elif kind == "lines":
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            errors.append(PlanError(path, "Bridges must be a list of lines to say, none of them empty."))


def _check_placeholders(path: str, text: str, allowed: tuple[str, ...], errors: list[PlanError]) -> None:
    for found in _PLACEHOLDER_RE.findall(text):
        if found not in allowed:
            known = ", ".join("{" + a + "}" for a in allowed)
            errors.append(PlanError(path, f"“{{{found}}}” is not something the interviewer can fill in. "
                                          f"Use one of: {known}."))


def _validate_stage(index: int, data: Any, errors: list[PlanError]) -> None:
    base = f"stages[{index}]"
    if not isinstance(data, dict):
        errors.append(PlanError(base, "Each stage must be a set of settings (a JSON object)."))
        return
    for key in data:
        if key not in _FIELDS:
            errors.append(PlanError(f"{base}.{key}", _unknown_field_message(key, list(_FIELDS))))
    for key, (kind, required, _default) in _FIELDS.items():
        if key not in data:
            if required:
                label = _LABELS.get(key, key.replace("_", " ").capitalize())
                errors.append(PlanError(f"{base}.{key}", f"{label} is missing."))
            continue
        _check_field(f"{base}.{key}", key, kind, data[key], errors)
    title = data.get("title") or data.get("name") or f"Stage {index + 1}"

    def ints(key: str) -> Any:
        value = data.get(key)
        return value if _is_number(value) else None

    min_q, max_q = ints("min_questions"), ints("max_questions")
    if min_q is not None and max_q is not None and min_q > max_q:
        errors.append(PlanError(f"{base}.min_questions",
                                f"“{title}” asks at least {min_q} questions but at most {max_q}: "
                                "the minimum cannot be more than the maximum."))
    min_s, max_s = ints("min_seconds"), ints("max_seconds")
    if max_s is not None and max_s <= 0:
        errors.append(PlanError(f"{base}.max_seconds", f"“{title}” needs a time limit above 0 seconds."))
    if min_s is not None and max_s is not None and min_s > max_s:
        errors.append(PlanError(f"{base}.min_seconds",
                                f"“{title}” cannot move on before {min_s:g} seconds if it must end by "
                                f"{max_s:g} seconds."))
    inactivity = ints("inactivity_seconds")
    if inactivity is not None and inactivity < 5:
        errors.append(PlanError(f"{base}.inactivity_seconds",
                                "Allow at least 5 seconds of silence before the interviewer steps in."))
    if isinstance(data.get("instructions"), str):
        _check_placeholders(f"{base}.instructions", data["instructions"], tuple(PLACEHOLDERS), errors)
    if isinstance(data.get("bridges"), list):
        for n, line in enumerate(data["bridges"]):
            if isinstance(line, str):
                _check_placeholders(f"{base}.bridges[{n}]", line, BRIDGE_PLACEHOLDERS, errors)


def validate_plan(data: Any) -> list[PlanError]:
    """Return every problem with a plan, each with where it is and what to do about it."""
    errors: list[PlanError] = []
    if not isinstance(data, dict):
        return [PlanError("", "A stage plan must be a set of settings (a JSON object) with a name and stages.")]
    for key in data:
        if key not in ("name", "title", "version", "stages"):
            errors.append(PlanError(key, f"“{key}” is not a setting a plan has "
                                         "(a plan has a name, a title, a version and stages)."))
    if not isinstance(data.get("name"), str) or not data["name"].strip():
        errors.append(PlanError("name", "The plan needs a name."))
    if "title" in data and not isinstance(data["title"], str):
        errors.append(PlanError("title", "The plan's title must be text."))
    version = data.get("version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        errors.append(PlanError("version", "The version must be a whole number, 1 or more."))
    stages = data.get("stages")
    if not isinstance(stages, list) or not stages:
        errors.append(PlanError("stages", "The plan needs at least one stage."))
        return errors
    seen: dict[str, int] = {}
    for index, stage in enumerate(stages):
        _validate_stage(index, stage, errors)
        name = stage.get("name") if isinstance(stage, dict) else None
        if isinstance(name, str):
            if name in seen:
                errors.append(PlanError(f"stages[{index}].name",
                                        f"Two stages are called “{name}” (stages {seen[name] + 1} and "
                                        f"{index + 1}); each stage needs its own name."))
            seen.setdefault(name, index)
    return errors


def load_plan(data: dict[str, Any]) -> StagePlan:
    """Build a `StagePlan` from plain data, or raise `PlanValidationError` with every problem."""
    errors = validate_plan(data)
    if errors:
        raise PlanValidationError(errors)
    stages = []
    for raw in data["stages"]:
        values: dict[str, Any] = {}
        for key, (_kind, _required, default) in _FIELDS.items():
            values[key] = raw.get(key, copy.copy(default))
        values["title"] = values["title"] or values["name"].replace("_", " ").capitalize()
        values["bridges"] = tuple(line.strip() for line in values["bridges"])
        values["competency"] = values["competency"].strip() if values["competency"] else None
        stages.append(Stage(**values))
    return StagePlan(
        name=data["name"].strip(),
        version=int(data.get("version", 1)),
        stages=tuple(stages),
        title=data.get("title") or data["name"],
    )
