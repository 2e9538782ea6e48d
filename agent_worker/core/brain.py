"""The brain protocol: a brain proposes, the engine decides.

The engine consults its brain at a *decision point*: a stage has started and its bridge has played
(`reason == "stage_started"`), the candidate has finished an answer (`reason == "answered"`), or they
asked to hear the question again or what it means (`reason == "request"`: `turn.restate(...)`, or
`turn.say(...)`, says the same question again; a new question or a stage change moves on). The
brain gets a `BrainTurn` and acts through the same three tools a model gets, plus `say`:

    turn.assess_response(depth, key_points)   # once per answer
    turn.ask_question(question, competency)   # approval first ...
    turn.say("Thanks. " + question)           # ... then the words (the approved question's id is attached)
    turn.transition_stage(reason)             # the engine says the bridge and consults the brain again

A turn must end with an approved question, a stage change or (after a request) a restatement; the engine falls back to its fallback
brain (the scripted interviewer), then to moving on, when it does not.

A sync brain (`ScriptedBrain`) is passed to `Engine(brain=...)` and called in-line. An async brain
(the LLM loop) is left out of the engine: the driver polls `engine.pending_brain_turn()`, awaits its
model with `turn.instructions` and `turn.answer`, routes tool calls to `turn.call_tool(...)`, says
the model's text with `turn.say(...)`, then calls `engine.finish_brain_turn(turn)`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from agent_worker.core.listening import Reading
from agent_worker.core.plans import Stage, StagePlan
from agent_worker.core.records import REQUEST, Line, QuestionRecord
from agent_worker.core.repeating import NotAnAnswer
from agent_worker.core.tailoring import InterviewContext
from agent_worker.core.tools import ToolResult

__all__ = ["Brain", "BrainTurn", "Interviewer"]

_STALE = ToolResult(False, "stale", "The interview has moved on since this turn began (a timer or the "
                                    "candidate). Say nothing; you will be asked again.")


class Brain(Protocol):
    name: str

    def take_turn(self, turn: BrainTurn) -> None:
        """Act on one decision point through `turn`'s tools."""
        ...


class Interviewer(Protocol):
    """What a brain's turn reaches of the engine (`engine.Engine` is one): what it may read, and the tools."""

    @property
    def plan(self) -> StagePlan: ...
    @property
    def context(self) -> InterviewContext: ...
    @property
    def seed(self) -> str: ...
    @property
    def stage_index(self) -> int: ...
    @property
    def stage_changes(self) -> int: ...
    @property
    def ended(self) -> bool: ...
    @property
    def is_over(self) -> bool: ...
    def brain_context(self) -> str: ...
    def current_question(self) -> QuestionRecord | None: ...
    def current_answer(self) -> str: ...
    def reading(self, answer: str) -> Reading: ...
    def questions(self) -> list[QuestionRecord]: ...
    def lines_said(self) -> list[str]: ...
    def last_request(self) -> tuple[str, str] | None: ...
    def restatable_question(self) -> QuestionRecord | None: ...
    def not_an_answer(self) -> NotAnAnswer | None: ...
    def earlier_same_ask(self, text: str, kind: str = "main") -> QuestionRecord | None: ...
    def turn_progressed(self, turn: BrainTurn) -> bool: ...
    def ask_question(self, question: str, competency: str | None = None, kind: str = "main") -> ToolResult: ...
    def assess_response(self, depth: int, key_points: Iterable[str] = ()) -> ToolResult: ...
    def transition_stage(self, reason: str = "", *, stage_name: str | None = None) -> ToolResult: ...
    def restate_question(self, text: str) -> ToolResult: ...
    def call_tool(self, name: str, arguments: dict[str, Any]) -> ToolResult: ...
    def say(self, text: str, question_id: str | None = None, *, reply: bool = False) -> Line | None: ...


@dataclass
class BrainTurn:
    """One decision point, with the engine's tools bound to it."""

    engine: Interviewer
    reason: str
    stage_index: int
    results: list[ToolResult] = field(default_factory=list)
    # Words a model offered without a tool call: the lead-in to the question the fallback asks, never
    # said beside a question of its own (one question per turn).
    preface: str = ""
    asked_aloud: bool = False  # a driver filed a question the model spoke without approval
    _start_seq: int = 0
    _start_stage_changes: int = 0

    # -- what the brain may read -----------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        return self.engine.plan.stages[self.stage_index]

    @property
    def seed(self) -> str:
        return self.engine.seed

    @property
    def instructions(self) -> str:
        """The model's instructions for this stage, untrusted material fenced off as data."""
        return self.engine.brain_context()

    @property
    def question(self) -> QuestionRecord | None:
        """The question the candidate is answering (None before the stage's first question)."""
        return self.engine.current_question()

    @property
    def answer(self) -> str:
        """The candidate's answer to the current question so far (untrusted text)."""
        return self.engine.current_answer()

    @property
    def reading(self) -> Reading:
        """The answer so far as the interview reads it, once for everyone (`InterviewState.reading`)."""
        return self.engine.reading(self.engine.current_answer())

    def questions(self) -> list[QuestionRecord]:
        """Every question approved so far in the interview, in order."""
        return self.engine.questions()

    @property
    def progressed(self) -> bool:
        """Whether the turn approved a question, changed the stage or is closing the interview."""
        return self.asked_aloud or self.engine.turn_progressed(self)

    # -- what the brain may do --------------------------------------------------------------------

    @property
    def stale(self) -> bool:
        """Whether the interview has moved on (a timer, the candidate leaving) since the turn began."""
        return (self.engine.ended or self.engine.stage_index != self.stage_index
                or self.engine.stage_changes != self._start_stage_changes)

    def ask_question(self, question: str, competency: str | None = None, kind: str = "main") -> ToolResult:
        if self.stale:
            return self._record(_STALE)
        return self._record(self.engine.ask_question(question, competency, kind))

    def assess_response(self, depth: int, key_points: list[str] | None = None) -> ToolResult:
        if self.stale:
            return self._record(_STALE)
        return self._record(self.engine.assess_response(depth, key_points or []))

    def transition_stage(self, reason: str = "") -> ToolResult:
        return self._record(self.engine.transition_stage(reason, stage_name=self.stage.name))

    def restate(self, text: str) -> ToolResult:
        """Say the current question again (or what it means) after the candidate asked about it."""
        if self.stale:
            return self._record(_STALE)
        return self._record(self.engine.restate_question(text))

    @property
    def request(self) -> tuple[str, str] | None:
        """What the candidate asked about the question instead of answering: (kind, their words), or None."""
        return self.engine.last_request() if self.reason == REQUEST else None

    def call_tool(self, name: str, arguments: dict[str, Any] | None = None) -> ToolResult:
        arguments = arguments or {}
        if name == "transition_stage":
            return self.transition_stage(str(arguments.get("reason") or ""))
        if self.stale:
            return self._record(_STALE)
        return self._record(self.engine.call_tool(name, arguments))

    def say(self, text: str, question_id: str | None = None, *, reply: bool = False) -> Line | None:
        """Queue words to say; dropped if the interview has moved on since the turn began. `reply`: the
        answer to the candidate's own question, kept even if the stage ends this turn."""
        if self.stale:
            return None
        return self.engine.say(text, question_id, reply=reply)

    def _record(self, result: ToolResult) -> ToolResult:
        self.results.append(result)
        return result
