"""The interview engine: every rule of an interview, on an injected clock, as a fold over events.

Drivers (the text-mode consumer, the LiveKit adapter, `simulate`) report what happens and play
what the engine says; a brain proposes questions and moves through the three tools; the engine
decides and records each decision as an `Event`. See `agent_worker/core/README.md` for the driver
and brain interfaces.

State changes only by applying events (`_apply`), so `Engine.restore(events, ...)` rebuilds the
same state a live engine had, and every choice (ids, wordings) is hashed from the seed and that
state, so the rebuilt engine continues with the same events an uninterrupted one would have made.

This module is the state machine (driver API, timers, transitions, the fold); the tools live in
`engine_tools.py`, the brain's side of a turn in `engine_brain.py`, the records in `records.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agent_worker.core import events as ev
from agent_worker.core.brain import Brain, BrainTurn
from agent_worker.core.clock import Clock, iso, parse_iso
from agent_worker.core.engine_brain import EngineBrainSide
from agent_worker.core.engine_lines import EngineLines
from agent_worker.core.engine_restore import EngineRestore
from agent_worker.core.engine_tools import EngineTools
from agent_worker.core.events import Event
from agent_worker.core.followups import own_question
from agent_worker.core.listening import Reading
from agent_worker.core.phrases import reprompt_line
from agent_worker.core.plans import Stage, StagePlan
from agent_worker.core.records import (
    ANSWERED,
    MAX_DURATION_SECONDS,
    MAX_TURNS,
    REQUEST,
    Line,
    QuestionRecord,
    StageState,
)
from agent_worker.core.seeding import derive_uuid
from agent_worker.core.tailoring import InterviewContext
from agent_worker.core.text import candidate_request, cap, is_thinking, words

__all__ = ["ANSWER_MAX_CHARS", "MAX_DURATION_SECONDS", "MAX_TURNS", "TYPING_GRACE_SECONDS", "Engine", "Line", "QuestionRecord"]

TYPING_GRACE_SECONDS = 10.0
# The longest answer kept (typed or spoken): the rest of a longer one is cut. The room page's answer box
# takes no more, and the text driver cuts what it receives to it.
ANSWER_MAX_CHARS = 5_000


class Engine(EngineTools, EngineBrainSide, EngineLines, EngineRestore):
    """One interview. Not thread-safe: one driver at a time (the lease decides which)."""

    def __init__(
        self,
        plan: StagePlan,
        context: InterviewContext,
        *,
        seed: str | int,
        clock: Clock,
        brain: Brain | None = None,
        fallback_brain: Brain | None = None,
        brain_name: str | None = None,
        max_duration_seconds: float = MAX_DURATION_SECONDS,
        max_turns: int = MAX_TURNS,
    ) -> None:
        self.plan = plan
        self.context = context
        self.seed = str(seed)
        self.clock = clock
        self.brain = brain
        self.fallback_brain = fallback_brain
        self.brain_name = brain_name or (brain.name if brain is not None else "external")
        self.max_duration_seconds = max_duration_seconds
        self.max_turns = max_turns
        self.events: list[Event] = []
        self.on_event: Callable[[Event], None] | None = None
        # Folded from events.
        self.started = False
        self.started_at = 0.0
        self.ended = False
        self.end_reason: str | None = None
        self.stage_index = -1
        self._stages: dict[int, StageState] = {}
        self._questions: dict[str, QuestionRecord] = {}
        self._order: list[str] = []
        self._last_spoken_qid: str | None = None
        self._answer_turn = 0
        self._assessed_turn = 0
        self._last_depth: int | None = None
        self._last_activity = 0.0
        self._last_agent_end = 0.0
        self._thinking_since: float | None = None
        self._turns = 0
        self._candidate_utterances = 0
        self._closing_said = False
        self._said_words: set[str] = set()  # every word of every answer so far, kept as answers come
        self._tone_readings: dict[str, tuple[int, Reading]] = {}  # per question: (answers read, its reading)
        self._last_exit_reason = "natural"
        self.brain_due: str | None = None
        self.paused_reason: str | None = None  # set while nobody drives (interview.paused)
        self._paused_at: float | None = None
        # Transient (not in events): what the transport says right now, and speech in flight.
        self._speaking = False
        self._agent_busy = False
        self._agent_free_at = 0.0
        self._typing_until = 0.0
        self._speech_qid: str | None = None
        self._queue: list[Line] = []
        self._handed_out = 0
        self._line_counter = 0
        self._ending: tuple[str, str] | None = None
        self._open_turn: BrainTurn | None = None
        self.stage_changes = 0
        self._unspoken_qid: str | None = None
        self._bridge_due: str | None = None
        self._closing_waits = False  # a bridge waiting for its stage's first question (its lead reason)
        self._limit_hit_seq = 0
        self._restoring = False

    # ============================================================================================
    # Driver API
    # ============================================================================================

    def start(self) -> list[Event]:
        """Begin the interview: the engine speaks first, with no candidate input."""
        return self._run(self._start)

    def tick(self) -> list[Event]:
        """Fire whatever timers are due now. Call it at `next_deadline()` (and whenever convenient)."""
        return self._run(lambda: None)

    def candidate_started_speaking(self) -> list[Event]:
        """The transport heard the candidate start speaking (voice: VAD)."""
        def act() -> None:
            now = self.clock.now()
            if not self._speaking and now >= self._typing_until:
                self._speech_qid = self._last_spoken_qid
            self._speaking = True
            self._last_activity = max(self._last_activity, now)
        return self._run(act)

    def candidate_stopped_speaking(self) -> list[Event]:
        def act() -> None:
            self._speaking = False
            self._last_activity = max(self._last_activity, self.clock.now())
        return self._run(act)

    def agent_busy(self, busy: bool) -> list[Event]:
        """Voice: the agent holds the floor (its model or speech synthesis is working, or it speaks).

        The candidate's silence counts from when the agent lets go of the floor, never during its work.
        """
        def act() -> None:
            if self._agent_busy and not busy:
                self._agent_free_at = self.clock.now()
            self._agent_busy = busy
        return self._run(act)

    def candidate_typing(self) -> list[Event]:
        """The candidate is typing (text mode): it counts as speaking for 10 seconds."""
        def act() -> None:
            now = self.clock.now()
            if not self._speaking and now >= self._typing_until:
                self._speech_qid = self._last_spoken_qid
            self._typing_until = now + TYPING_GRACE_SECONDS
            self._last_activity = max(self._last_activity, now)
        return self._run(act)

    def candidate_said(
        self,
        text: str,
        *,
        started_at: float | None = None,
        ended_at: float | None = None,
        source: str = "text",
        words: list[dict[str, Any]] | None = None,
        client_id: str | None = None,
    ) -> list[Event]:
        """One finished utterance (voice: a final transcript; text: a sent answer, with the page's
        `client_id` when it gave one, so that a resent answer is known as the same one)."""
        def act() -> None:
            if not self.started or self.ended:
                return
            end = ended_at if ended_at is not None else self.clock.now()
            begin = started_at if started_at is not None else end
            qid = self._speech_qid if (self._speaking or self._typing_until > begin) else None
            qid = qid or self._last_spoken_qid
            self._speaking = False
            self._typing_until = 0.0
            self._speech_qid = None
            clean = cap(text, ANSWER_MAX_CHARS)
            if not clean:
                self._last_activity = max(self._last_activity, end)
                return
            data: dict[str, Any] = {"text": clean, "question_id": qid, "source": source,
                                    "started_at": iso(begin), "ended_at": iso(end)}
            if words:
                data["words"] = words
            request = candidate_request(clean) or (ev.OWN_QUESTION if self._asks_their_own(clean, qid) else None)
            if request is not None:  # about the question (or the job), not an answer: the interviewer says it again
                data["request"] = request
            elif is_thinking(clean):  # the engine now holds the floor: the page says it is listening
                data["thinking"] = True
            if client_id:
                data["client_id"] = client_id
            self._emit(ev.CANDIDATE_SAID, data, at=end)
        return self._run(act)

    def _asks_their_own(self, text: str, qid: str | None) -> bool:
        """A question of their own about the job instead of an answer, in the middle of the interview (the
        greeting's and the closing's questions are conversation: there it is simply answered)."""
        question = self._questions.get(qid or "")
        current = self.current_question()
        return (question is not None and question is current and not question.answered
                and 0 < question.stage_index < len(self.plan.stages) - 1 and own_question(text))

    def take_lines(self) -> list[Line]:
        """Lines queued since the last call, to be played in order. Each line is handed out once."""
        fresh = self._queue[self._handed_out:]
        self._handed_out = len(self._queue)
        return list(fresh)

    @property
    def pending_lines(self) -> list[Line]:
        """Every line queued and not yet reported as played."""
        return list(self._queue)

    def lines_said(self) -> list[str]:
        """The interviewer's words so far, in order: every line played, then every line queued."""
        played = [str(e.data["text"]) for e in self.events if e.type == ev.AGENT_SAID]
        return played + [line.text for line in self._queue]

    def agent_line_played(
        self, line_id: str, *, started_at: float | None = None, ended_at: float | None = None
    ) -> list[Event]:
        """A line has played out (text mode: at once). Lines queued before it and not played are dropped."""
        def act() -> None:
            position = next((i for i, line in enumerate(self._queue) if line.id == line_id), None)
            if position is None:
                return
            line = self._queue[position]
            del self._queue[: position + 1]
            self._handed_out = max(0, self._handed_out - position - 1)
            end = ended_at if ended_at is not None else self.clock.now()
            begin = started_at if started_at is not None else end
            data: dict[str, Any] = {"text": line.text}
            if line.question_id:
                data["question_id"] = line.question_id
            if line.kind in ("restatement", "redirect", "repeat"):
                data["restated"] = True
            if line.kind == "redirect":
                data["redirected"] = True
            if line.kind == "repeat":
                data["repeat_of"] = line.repeat_of
            data.update(started_at=iso(begin), ended_at=iso(end))
            self._emit(ev.AGENT_SAID, data, at=end, stage=line.stage)
            if line.kind == "closing" and self._ending is not None:
                self._finish(*self._ending)
        return self._run(act)

    def play_lines_at_once(self) -> list[Event]:
        """Text mode: play every queued line now, and whatever the brain says next, until the floor is free."""
        produced: list[Event] = []
        while self._queue and not self.ended:
            produced += self.agent_line_played(self._queue[0].id)
        self._handed_out = len(self._queue)
        return produced

    def candidate_left(self) -> list[Event]:
        """The candidate ended the interview themselves."""
        return self._run(lambda: self._abort("candidate_ended", "candidate_ended"))

    def disconnected(self) -> list[Event]:
        """The candidate is gone (the room closed, the socket did not come back)."""
        return self._run(lambda: self._abort("disconnected", "disconnected"))

    def paused(self, reason: str) -> list[Event]:
        """Nobody drives the interview for now (the candidate's connection went, a worker died):
        one `interview.paused`; no timer fires until `resumed()`, and the pause does not count."""
        if reason not in ev.PAUSE_REASONS:
            raise ValueError(f"unknown pause reason {reason!r}")
        def act() -> None:
            if self.started and not self.ended and self.paused_reason is None:
                self._emit(ev.INTERVIEW_PAUSED, {"reason": reason})
                self._queue.clear()  # unplayed lines are queued again on resume
                self._handed_out = 0
        return self._run(act)

    def resumed(self, reason: str) -> list[Event]:
        """The pause is over (the candidate or a worker is attached again): clocks go on where they stopped."""
        if self.paused_reason is None or self.ended:
            return []
        gap = self.clock.now() - (self._paused_at or self.clock.now())
        if gap > 0:
            self._shift_clocks(gap)
        def act() -> None:
            self._emit(ev.INTERVIEW_RESUMED, {"reason": reason})
            self._requeue()
        return self._run(act)

    def fail(self) -> list[Event]:
        """The interview cannot go on (an internal error): end it as failed."""
        def act() -> None:
            if self.started and not self.ended:
                self._emit(ev.INTERVIEW_ENDED, {"reason": "failed"})
        return self._run(act)

    @property
    def is_over(self) -> bool:
        return self.ended

    @property
    def current_stage(self) -> Stage | None:
        return self.plan.stages[self.stage_index] if 0 <= self.stage_index < len(self.plan.stages) else None

    def next_deadline(self) -> float | None:
        """When `tick()` next has something to do if nothing else happens (None: nothing scheduled)."""
        if not self.started or self.ended or self._queue or self.paused_reason is not None:
            return None
        now = self.clock.now()
        stage = self.current_stage
        if stage is None:
            return None
        times: list[float] = []
        if self._ending is None:
            ceiling = self.started_at + self.max_duration_seconds
            times.append(ceiling if now < ceiling else self._hold_release(now, ceiling))
        state = self._stages[self.stage_index]
        cap_at = state.entered_at + stage.max_seconds
        times.append(cap_at if now < cap_at else self._hold_release(now, cap_at))
        if not self._speaking and not self._agent_busy:
            times.append(max(self._inactivity_deadline(stage), self._typing_until))
        return min(times)

    # -- reading ----------------------------------------------------------------------------------

    def current_question(self) -> QuestionRecord | None:
        """The last spoken question of the current stage."""
        qid = self._last_spoken_qid
        if qid is None:
            return None
        question = self._questions[qid]
        return question if question.stage_index == self.stage_index else None

    def current_answer(self) -> str:
        question = self.current_question()
        return " ".join(question.answers) if question else ""

    def questions(self) -> list[QuestionRecord]:
        return [self._questions[qid] for qid in self._order]

    def stage_progress(self) -> dict[str, Any]:
        stage = self.current_stage
        if stage is None:
            return {}
        state = self._stages[self.stage_index]
        return {"stage": stage.name, "approved": len(state.approved), "spoken": len(state.spoken),
                "best_depth": state.best_depth, "elapsed": self.clock.now() - state.entered_at}

    def event_dicts(self) -> list[dict[str, Any]]:
        return [e.model_dump() for e in self.events]

    def metrics(self) -> dict[str, Any]:
        from agent_worker.core.report import metrics

        return metrics(self.event_dicts())

    def transcript(self) -> dict[str, Any]:
        from agent_worker.core.report import transcript

        return transcript(self.event_dicts())

    # ============================================================================================
    # Internals
    # ============================================================================================

    def _run(self, action: Callable[[], None]) -> list[Event]:
        before = len(self.events)
        action()
        self._settle()
        return self.events[before:]

    def _settle(self) -> None:
        for _ in range(20):
            if self.ended or not self.started or self.paused_reason is not None:
                return
            before = len(self.events), len(self._queue)
            now = self.clock.now()
            self._check_timers(now)
            self._bring_back()
            self._consult_brain()
            if (len(self.events), len(self._queue)) == before:
                return

    def _start(self) -> None:
        if self.started:
            return
        self._emit(ev.INTERVIEW_STARTED, {
            "plan": {"name": self.plan.name, "version": self.plan.version},
            "brain": self.brain_name,
            "seed": self.seed,
        })
        self._enter(0, "first")

    def _emit(self, type_: str, data: dict[str, Any], *, at: float | None = None, stage: str | None = None) -> Event:
        seq = len(self.events) + 1
        when = at if at is not None else self.clock.now()
        if stage is None:
            current = self.current_stage
            stage = current.name if current is not None else None
            if type_ == ev.STAGE_ENTERED:
                stage = self.plan.stages[data["index"]].name
        event = Event(id=derive_uuid(self.seed, "event", seq), seq=seq, type=type_, stage=stage,
                      at=iso(when), data=data)
        self.events.append(event)
        self._apply(event)
        if self.on_event is not None:
            self.on_event(event)
        return event

    def _apply(self, event: Event) -> None:
        """Fold one event into the state. The only place state that survives a restart changes."""
        data = event.data
        at = parse_iso(event.at)
        kind = event.type
        if kind == ev.INTERVIEW_STARTED:
            self.started, self.started_at = True, at
            self._last_activity = self._last_agent_end = at
        elif kind == ev.STAGE_ENTERED:
            self.stage_index = int(data["index"])
            self._stages[self.stage_index] = StageState(entered_at=at)
            self._last_activity = max(self._last_activity, at)
            self._thinking_since = None
            self._answer_turn = self._assessed_turn = 0
            self._last_depth = None
            self.stage_changes += 1
            self.brain_due = "stage_started"
        elif kind == ev.STAGE_EXITED:
            self._stages[self.stage_index].exited = True
            self._last_exit_reason = str(data.get("reason") or "natural")
            self.brain_due = None
        elif kind == ev.QUESTION_ASKED:
            qid = data["question_id"]
            kind_ = data.get("kind", "main")
            self._questions[qid] = QuestionRecord(
                question_id=qid, stage_index=self.stage_index, stage=event.stage or "", text=data["text"],
                kind=kind_, competency=data.get("competency"), thread=self._thread_of_next(kind_) or qid)
            self._order.append(qid)
            self._stages[self.stage_index].approved.append(qid)
            self.brain_due = None
        elif kind == ev.RESPONSE_ASSESSED:
            depth = int(data["depth"])
            self._assessed_turn, self._last_depth = self._answer_turn, depth
            question = self._questions.get(data.get("question_id") or "")
            if question is not None:
                question.depth = depth
            state = self._stages[self.stage_index]
            state.best_depth = max(state.best_depth, depth)
        elif kind == ev.CANDIDATE_REPROMPTED:
            question = self._questions.get(data.get("question_id") or "")
            if question is not None:
                question.reprompted = True
        elif kind == ev.AGENT_SAID:
            self._turns += 1
            self._last_agent_end = max(self._last_agent_end, parse_iso(data.get("ended_at", event.at)))
            if 0 <= self.stage_index and event.stage == self.plan.stages[self.stage_index].name:
                self._stages[self.stage_index].has_spoken = True
            qid = data.get("question_id")
            if qid in self._questions and data.get("restated") and self.brain_due == REQUEST:
                self._questions[qid].restatements += 1
                self.brain_due = None  # the request is met: the candidate answers the same question now
            if qid in self._questions and (data.get("redirected") or data.get("repeat_of")):
                again = self._questions[qid]
                again.redirected = again.redirected or bool(data.get("redirected"))
                again.repeat_noted = again.repeat_noted or bool(data.get("repeat_of"))
                # Asked again: it waits for an answer (a request to hear it again is met, silence re-prompted).
                again.answered = False
                again.asked_again_at = len(again.answers)
                self.brain_due = None  # brought back to it: the candidate answers the same question again
            if qid in self._questions:
                question = self._questions[qid]
                if not question.spoken:
                    question.spoken = True
                    self._stages[question.stage_index].spoken.append(qid)
                self._last_spoken_qid = qid
            if self.stage_index == len(self.plan.stages) - 1 and data.get("text") == self._closing_text():
                self._closing_said = True
        elif kind == ev.CANDIDATE_SAID:
            self._turns += 1
            self._candidate_utterances += 1
            self._last_activity = max(self._last_activity, at)
            text = str(data.get("text") or "")
            qid = data.get("question_id")
            current = self.current_question()
            if data.get("request"):
                # Not an answer: the question stays unanswered, and the interviewer says it again.
                self._thinking_since = None
                if data["request"] == ev.OWN_QUESTION and qid in self._questions:
                    self._questions[qid].asked_back += 1
                if current is not None and qid == current.question_id and self.brain_due is None:
                    self.brain_due = REQUEST
            elif is_thinking(text):
                self._thinking_since = at
                if qid in self._questions:
                    self._questions[qid].answers.append(text)
                    self._said_words.update(words(text))
            else:
                self._thinking_since = None
                if qid in self._questions:
                    question = self._questions[qid]
                    question.answers.append(text)
                    self._said_words.update(words(text))
                    question.answered = True
                    if current is not None and qid == current.question_id:
                        self._answer_turn += 1
                        if self.brain_due is None:
                            self.brain_due = ANSWERED
        elif kind == ev.INTERVIEW_PAUSED:
            self.paused_reason, self._paused_at = str(data.get("reason") or "connection_lost"), at
        elif kind == ev.INTERVIEW_RESUMED:
            self.paused_reason, self._paused_at = None, None
        elif kind == ev.INTERVIEW_ENDED:
            self.paused_reason = None
            self.ended = True
            self.end_reason = data.get("reason")
            self.brain_due = None

    # -- timers -----------------------------------------------------------------------------------

    def _candidate_holding(self, now: float) -> bool:
        """Speaking (voice), typing within the grace (text), or within a thinking hold."""
        if self._speaking or now < self._typing_until:
            return True
        stage = self.current_stage
        if self._thinking_since is not None and stage is not None:
            return now < self._thinking_since + stage.inactivity_seconds + stage.thinking_seconds
        return False

    def _hold_release(self, now: float, cap_at: float) -> float:
        """When a passed cap acts: once the candidate lets go of the floor, or at the end of the overrun."""
        stage = self.current_stage
        assert stage is not None
        overrun_end = cap_at + stage.overrun_seconds
        if not self._candidate_holding(now):
            return now
        release = overrun_end
        if not self._speaking:
            ends = [self._typing_until]
            if self._thinking_since is not None:
                ends.append(self._thinking_since + stage.inactivity_seconds + stage.thinking_seconds)
            release = min(release, max(ends))
        return max(now, release) if release > now else now

    def _inactivity_deadline(self, stage: Stage) -> float:
        budget = stage.inactivity_seconds
        if self._thinking_since is not None:
            budget += stage.thinking_seconds
        return max(self._last_activity, self._last_agent_end, self._agent_free_at) + budget

    def _check_timers(self, now: float) -> None:
        stage = self.current_stage
        if stage is None or self.ended or self._queue:
            return
        if self._closing_waits and not self._candidate_holding_now_speaking():
            self._closing_waits = False
            self._queue_line(self._closing_text(), "closing")
            return
        holding = self._candidate_holding(now)
        if self._ending is None:
            ceiling = self.started_at + self.max_duration_seconds
            if self._turns >= self.max_turns or (
                now >= ceiling and (not holding or now >= ceiling + stage.overrun_seconds)
            ):
                self._go_to_closing()
                return
        state = self._stages[self.stage_index]
        cap_at = state.entered_at + stage.max_seconds
        if now >= cap_at:
            if not holding:
                self._advance(self.stage_index, "max_time")
                return
            if now >= cap_at + stage.overrun_seconds:
                self._advance(self.stage_index, "max_time", interject=True)
                return
        if self._speaking or self._agent_busy or now < self._typing_until or now < self._inactivity_deadline(stage):
            return
        question = self.current_question()
        if question is not None and not question.answered and not question.reprompted:
            text = reprompt_line(question.text, self.seed, question.question_id)
            self._emit(ev.CANDIDATE_REPROMPTED, {"question_id": question.question_id, "text": text})
            self._queue_line(text, "reprompt", question.question_id)
            return
        self._advance(self.stage_index, "inactivity")

    # -- transitions ------------------------------------------------------------------------------

    def _gate(self, stage: Stage) -> str | None:
        state = self._stages[self.stage_index]
        if len(state.approved) >= stage.max_questions:
            return None  # reaching max_questions always allows moving on
        elapsed = self.clock.now() - state.entered_at
        if elapsed < stage.min_seconds:
            return (f"min_seconds: this stage lasts at least {stage.min_seconds:g} s "
                    f"({max(1, round(stage.min_seconds - elapsed))} s to go)")
        if len(state.spoken) < stage.min_questions:
            missing = stage.min_questions - len(state.spoken)
            return (f"min_questions: ask {missing} more question{'s' if missing > 1 else ''} first "
                    f"({len(state.spoken)} of at least {stage.min_questions} asked)")
        return None

    def _advance(self, from_index: int, reason: str, *, interject: bool = False) -> bool:
        """Leave stage `from_index` exactly once: a second attempt for the same stage is a no-op."""
        if self.ended or from_index != self.stage_index or self._stages[from_index].exited:
            return False
        if self._ending is not None:
            return False
        if from_index == len(self.plan.stages) - 1:
            self._close(reason)
            return True
        self._exit_stage(reason)
        self._enter(from_index + 1, "interjection" if interject else reason)
        return True

    def _exit_stage(self, reason: str) -> None:
        state = self._stages[self.stage_index]
        seconds = round(self.clock.now() - state.entered_at, 3)
        self._emit(ev.STAGE_EXITED, {"reason": reason, "questions": len(state.spoken), "seconds": seconds})
        self._unspoken_qid = None
        self._bridge_due = None
        # Words queued for the old stage and not yet handed to the driver are not said: the bridge
        # (with its lead-in) is what follows a stage's end. A reply to the candidate's own question is
        # said all the same.
        kept = [line for line in self._queue[self._handed_out:] if line.kind in ("bridge", "closing", "reply")]
        self._queue = self._queue[: self._handed_out] + kept

    def _enter(self, index: int, lead_reason: str) -> None:
        self._emit(ev.STAGE_ENTERED, {"index": index, "count": len(self.plan.stages)})
        if self._defer_bridge(index, lead_reason):
            self._bridge_due = lead_reason  # said with the stage's first question, to fit its topic
        else:
            self._queue_line(self._bridge_text(index, lead_reason), "bridge")

    def _go_to_closing(self) -> None:
        last = len(self.plan.stages) - 1
        if self.stage_index != last:
            self._exit_stage("max_duration")
            self._enter(last, "max_duration")
        self._close("max_duration", "max_duration")

    def _default_end_reason(self) -> str:
        return "completed" if self._candidate_utterances else "no_answers"

    def _close(self, exit_reason: str, end_reason: str | None = None) -> None:
        """Say the closing line once; the interview ends when it has played out."""
        if self._ending is not None or self.ended:
            return
        self._ending = (exit_reason, end_reason or self._default_end_reason())
        self.brain_due = None
        self._say_due_bridge("")
        if self._closing_said:
            self._finish(*self._ending)
        elif exit_reason == "natural" and self._candidate_holding_now_speaking():
            self._closing_waits = True  # the goodbye waits for the candidate's last words
        else:
            self._queue_line(self._closing_text(), "closing")

    def _finish(self, exit_reason: str, end_reason: str) -> None:
        if self.ended:
            return
        if self.stage_index >= 0 and not self._stages[self.stage_index].exited:
            self._exit_stage(exit_reason)
        self._emit(ev.INTERVIEW_ENDED, {"reason": end_reason})
        self._queue.clear()
        self._handed_out = 0

    def _abort(self, exit_reason: str, end_reason: str) -> None:
        if not self.started or self.ended:
            return
        self._finish(exit_reason, end_reason)

    # -- speech and the brain ---------------------------------------------------------------------

    def _queue_line(self, text: str, kind: str, question_id: str | None = None, *, repeat_of: str | None = None) -> Line:
        self._line_counter += 1
        stage = self.current_stage
        line = Line(id=derive_uuid(self.seed, "line", len(self.events), self._line_counter), text=text,
                    stage=stage.name if stage else "", kind=kind, question_id=question_id, repeat_of=repeat_of)
        self._queue.append(line)
        return line
