"""What the engine's mixins may use of the engine: its state and the methods defined elsewhere.

Annotations only (no values, no behaviour): `Engine.__init__` sets every attribute and `engine.py`
or a sibling mixin defines every method. It exists so that a type checker can check each mixin
(`engine_tools.py`, `engine_brain.py`, `engine_lines.py`, `engine_restore.py`) on its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agent_worker.core.brain import Brain, BrainTurn
    from agent_worker.core.clock import Clock
    from agent_worker.core.events import Event
    from agent_worker.core.listening import Reading
    from agent_worker.core.plans import Stage, StagePlan
    from agent_worker.core.records import Line, QuestionRecord, StageState
    from agent_worker.core.repeating import NotAnAnswer
    from agent_worker.core.tailoring import InterviewContext

__all__ = ["EngineState"]


class EngineState:
    """The engine's attributes and the methods the mixins call on one another (see `Engine`)."""

    plan: StagePlan
    context: InterviewContext
    seed: str
    clock: Clock
    brain: Brain | None
    fallback_brain: Brain | None
    brain_name: str
    max_duration_seconds: float
    max_turns: int
    events: list[Event]
    on_event: Callable[[Event], None] | None
    started: bool
    started_at: float
    ended: bool
    end_reason: str | None
    stage_index: int
    _stages: dict[int, StageState]
    _questions: dict[str, QuestionRecord]
    _order: list[str]
    _last_spoken_qid: str | None
    _answer_turn: int
    _assessed_turn: int
    _last_depth: int | None
    _last_activity: float
    _last_agent_end: float
    _thinking_since: float | None
    _turns: int
    _candidate_utterances: int
    _closing_said: bool
    _said_words: set[str]
    _tone_readings: dict[str, tuple[int, Reading]]
    _last_exit_reason: str
    brain_due: str | None
    paused_reason: str | None
    _paused_at: float | None
    _speaking: bool
    _agent_busy: bool
    _agent_free_at: float
    _typing_until: float
    _speech_qid: str | None
    _queue: list[Line]
    _handed_out: int
    _line_counter: int
    _ending: tuple[str, str] | None
    _open_turn: BrainTurn | None
    stage_changes: int
    _unspoken_qid: str | None
    _bridge_due: str | None
    _closing_waits: bool
    _limit_hit_seq: int
    _restoring: bool

    if TYPE_CHECKING:
        # Defined in engine.py (or a sibling mixin); declared here only for the type checker.
        def __init__(self, plan: StagePlan, context: InterviewContext, *, seed: str | int, clock: Clock,
                     brain: Brain | None = None, fallback_brain: Brain | None = None,
                     brain_name: str | None = None, max_duration_seconds: float = ...,
                     max_turns: int = ...) -> None: ...
        @property
        def current_stage(self) -> Stage | None: ...
        def current_question(self) -> QuestionRecord | None: ...
        def current_answer(self) -> str: ...
        def questions(self) -> list[QuestionRecord]: ...
        def lines_said(self) -> list[str]: ...
        def _run(self, action: Callable[[], None]) -> list[Event]: ...
        def _emit(self, type_: str, data: dict[str, Any], *, at: float | None = None,
                  stage: str | None = None) -> Event: ...
        def _apply(self, event: Event) -> None: ...
        def _gate(self, stage: Stage) -> str | None: ...
        def _advance(self, from_index: int, reason: str, *, interject: bool = False) -> bool: ...
        def _finish(self, exit_reason: str, end_reason: str) -> None: ...
        def _default_end_reason(self) -> str: ...
        def _queue_line(self, text: str, kind: str, question_id: str | None = None, *,
                        repeat_of: str | None = None) -> Line: ...
        def not_an_answer(self) -> NotAnAnswer | None: ...
        def _say_due_bridge(self, question: str) -> None: ...
        def restatable_question(self) -> QuestionRecord | None: ...
        def last_request(self) -> tuple[str, str] | None: ...
        def _defer_bridge(self, index: int, lead_reason: str) -> bool: ...
