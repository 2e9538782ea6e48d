"""Rebuilding an engine from its stored events, and saying again what the candidate has not seen.

A mixin of `Engine`: `Engine.restore(events, plan, context, clock=...)` folds the events into a new
engine; both clocks resume where the last event left them (time with no driver does not count).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Self

from agent_worker.core import events as ev
from agent_worker.core.brain import Brain
from agent_worker.core.clock import Clock, parse_iso
from agent_worker.core.engine_state import EngineState
from agent_worker.core.events import Event
from agent_worker.core.plans import StagePlan
from agent_worker.core.records import MAX_DURATION_SECONDS, MAX_TURNS
from agent_worker.core.tailoring import InterviewContext

__all__ = ["EngineRestore"]



class EngineRestore(EngineState):
    """`restore` and the re-queueing after a restore or a pause, as methods of the engine."""

    @classmethod
    def restore(
        cls,
        events: Iterable[Event | dict[str, Any]],
        plan: StagePlan,
        context: InterviewContext,
        *,
        clock: Clock,
        brain: Brain | None = None,
        fallback_brain: Brain | None = None,
        seed: str | int | None = None,
        max_duration_seconds: float = MAX_DURATION_SECONDS,
        max_turns: int = MAX_TURNS,
    ) -> Self:
        """Rebuild an engine from its stored events; both clocks resume where the last event left them."""
        stored = [e if isinstance(e, Event) else Event.model_validate(e) for e in events]
        stored.sort(key=lambda e: e.seq)
        if seed is None:
            started = next((e for e in stored if e.type == ev.INTERVIEW_STARTED), None)
            if started is None:
                raise ValueError("cannot restore an interview without its interview.started event")
            seed = started.data["seed"]
        engine = cls(plan, context, seed=seed, clock=clock, brain=brain, fallback_brain=fallback_brain,
                     max_duration_seconds=max_duration_seconds, max_turns=max_turns)
        engine._restoring = True
        for expected, event in enumerate(stored, start=1):
            if event.seq != expected:
                raise ValueError(f"events must run from seq 1 without gaps (missing seq {expected})")
            engine.events.append(event)
            engine._apply(event)
        engine._restoring = False
        if stored:
            engine._resume(parse_iso(stored[-1].at))
        return engine

    def _shift_clocks(self, gap: float) -> None:
        """Time with no driver does not count: shift both clocks (and the ceiling) by the gap."""
        self.started_at += gap
        for state in self._stages.values():
            state.entered_at += gap
        self._last_activity += gap
        self._last_agent_end += gap
        if self._thinking_since is not None:
            self._thinking_since += gap
        if self._paused_at is not None:
            self._paused_at += gap

    def _resume(self, last_at: float) -> None:
        gap = self.clock.now() - last_at
        if gap > 0:
            self._shift_clocks(gap)
        if self.paused_reason is None:
            self._requeue()

    def _requeue(self) -> None:
        """After a restore or a pause: say again what the candidate has not seen yet."""
        if self.ended or self.stage_index < 0:
            return
        state = self._stages[self.stage_index]
        unsaid = self._questions[state.approved[-1]] if state.approved and state.approved[-1] not in state.spoken \
            else None
        if not state.has_spoken:
            self._bridge_due = self._last_exit_reason
            if unsaid is not None or not self._defer_bridge(self.stage_index, self._last_exit_reason):
                self._say_due_bridge(unsaid.text if unsaid is not None else "")
        if unsaid is not None:
            self._queue_line(unsaid.text, "question", unsaid.question_id)
        if self._closing_said:
            self._finish("natural", self._default_end_reason())
