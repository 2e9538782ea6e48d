"""The interview engine: every rule of an interview, on an injected clock, as a fold over events.

Drivers (the text-mode consumer, the LiveKit adapter, `simulate`) report what happens and play
what the engine says; a brain proposes questions and moves through the three tools; the engine
decides and records each decision as an `Event`. See `agent_worker/core/README.md` for the driver
and brain interfaces.

The interview's state (`state.InterviewState`) changes only by applying events, so `Engine.restore(events, ...)`
(the fold over the stored events) rebuilds the same state a live engine had, and every choice (ids, wordings) is
hashed from the seed and that state, so the rebuilt engine continues with the same events an uninterrupted one
would have made. The rules a brain's proposals are checked against are functions over the state that return
decisions (`rules.py`); so are the bridges (`lines.py`) and a model's instructions (`instructions.py`). This
module keeps the rest: what the transport says right now (who holds the floor, lines queued and handed out), the
driver API, timers and transitions, and carrying decisions out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Self

from agent_worker.core import events as ev
from agent_worker.core import lines, rules
from agent_worker.core.brain import Brain, BrainTurn
from agent_worker.core.clock import Clock, iso, parse_iso
from agent_worker.core.events import Event
from agent_worker.core.followups import own_question
from agent_worker.core.instructions import brain_context
from agent_worker.core.listening import Reading
from agent_worker.core.phrases import reprompt_line
from agent_worker.core.plans import Stage, StagePlan
from agent_worker.core.records import (
    ANSWERED,
    MAX_DURATION_SECONDS,
    MAX_TURNS,
    Line,
    QuestionRecord,
)
from agent_worker.core.repeating import NotAnAnswer
from agent_worker.core.seeding import derive_uuid
from agent_worker.core.state import InterviewState
from agent_worker.core.tailoring import InterviewContext
from agent_worker.core.text import candidate_request, cap, is_thinking
from agent_worker.core.tools import (
    TOOLS_BY_NAME,
    AskQuestionArguments,
    AssessResponseArguments,
    ToolResult,
    TransitionStageArguments,
    tool_names,
)

__all__ = ["ANSWER_MAX_CHARS", "MAX_DURATION_SECONDS", "MAX_TURNS", "TYPING_GRACE_SECONDS", "Engine", "Line", "QuestionRecord"]

TYPING_GRACE_SECONDS = 10.0
# The longest answer kept (typed or spoken): the rest of a longer one is cut. The room page's answer box
# takes no more, and the text driver cuts what it receives to it.
ANSWER_MAX_CHARS = 5_000


class Engine:
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
        state: InterviewState | None = None,
    ) -> None:
        self.state = state if state is not None else InterviewState(plan, context, str(seed))
        self.clock = clock
        self.brain = brain
        self.fallback_brain = fallback_brain
        self.brain_name = brain_name or (brain.name if brain is not None else "external")
        self.max_duration_seconds = max_duration_seconds
        self.max_turns = max_turns
        self.on_event: Callable[[Event], None] | None = None
        # Not in events: what the transport says right now, speech in flight, and the turn under way.
        self._speaking = False
        self._agent_busy = False
        self._agent_free_at = 0.0
        self._typing_until = 0.0
        self._speech_qid: str | None = None
        self._queue: list[Line] = []
        self._handed_out = 0
        self._line_counter = 0
        self._ending: tuple[str, str] | None = None  # closing: (exit reason, end reason)
        self._open_turn: BrainTurn | None = None
        self._unspoken_qid: str | None = None
        self._bridge_due: str | None = None  # a bridge waiting for its stage's first question (its lead reason)
        self._closing_waits = False  # the goodbye waits for the candidate's last words
        self._limit_hit_seq = 0

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
        """Rebuild an engine from its stored events (the fold); both clocks resume where the last event left them
        (time with no driver does not count), and what the candidate has not seen yet is queued again."""
        stored = [e if isinstance(e, Event) else Event.model_validate(e) for e in events]
        stored.sort(key=lambda e: e.seq)
        if seed is None:
            started = next((e for e in stored if e.type == ev.INTERVIEW_STARTED), None)
            if started is None:
                raise ValueError("cannot restore an interview without its interview.started event")
            seed = started.data["seed"]
        state = InterviewState.fold(stored, plan, context, str(seed))
        engine = cls(plan, context, seed=seed, clock=clock, brain=brain, fallback_brain=fallback_brain,
                     max_duration_seconds=max_duration_seconds, max_turns=max_turns, state=state)
        if stored:
            engine._resume(parse_iso(stored[-1].at))
        return engine

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
                self._speech_qid = self.state.last_spoken_qid
            self._speaking = True
            self.state.last_activity = max(self.state.last_activity, now)
        return self._run(act)

    def candidate_stopped_speaking(self) -> list[Event]:
        def act() -> None:
            self._speaking = False
            self.state.last_activity = max(self.state.last_activity, self.clock.now())
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
                self._speech_qid = self.state.last_spoken_qid
            self._typing_until = now + TYPING_GRACE_SECONDS
            self.state.last_activity = max(self.state.last_activity, now)
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
            if not self.state.started or self.state.ended:
                return
            end = ended_at if ended_at is not None else self.clock.now()
            begin = started_at if started_at is not None else end
            qid = self._speech_qid if (self._speaking or self._typing_until > begin) else None
            qid = qid or self.state.last_spoken_qid
            self._speaking = False
            self._typing_until = 0.0
            self._speech_qid = None
            clean = cap(text, ANSWER_MAX_CHARS)
            if not clean:
                self.state.last_activity = max(self.state.last_activity, end)
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
        question = self.state.by_id.get(qid or "")
        current = self.state.current_question()
        return (question is not None and question is current and not question.answered
                and 0 < question.stage_index < len(self.state.plan.stages) - 1 and own_question(text))

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
        return self.state.said + [line.text for line in self._queue]

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
        while self._queue and not self.state.ended:
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
            if self.state.started and not self.state.ended and self.state.paused_reason is None:
                self._emit(ev.INTERVIEW_PAUSED, {"reason": reason})
                self._queue.clear()  # unplayed lines are queued again on resume
                self._handed_out = 0
        return self._run(act)

    def resumed(self, reason: str) -> list[Event]:
        """The pause is over (the candidate or a worker is attached again): clocks go on where they stopped."""
        if self.state.paused_reason is None or self.state.ended:
            return []
        gap = self.clock.now() - (self.state.paused_at or self.clock.now())
        if gap > 0:
            self.state.shift_clocks(gap)
        def act() -> None:
            self._emit(ev.INTERVIEW_RESUMED, {"reason": reason})
            self._requeue()
        return self._run(act)

    def fail(self) -> list[Event]:
        """The interview cannot go on (an internal error): end it as failed."""
        def act() -> None:
            if self.state.started and not self.state.ended:
                self._emit(ev.INTERVIEW_ENDED, {"reason": "failed"})
        return self._run(act)

    @property
    def is_over(self) -> bool:
        return self.state.ended

    def next_deadline(self) -> float | None:
        """When `tick()` next has something to do if nothing else happens (None: nothing scheduled)."""
        if not self.state.started or self.state.ended or self._queue or self.state.paused_reason is not None:
            return None
        now = self.clock.now()
        stage = self.state.current_stage
        if stage is None:
            return None
        times: list[float] = []
        if self._ending is None:
            ceiling = self.state.started_at + self.max_duration_seconds
            times.append(ceiling if now < ceiling else self._hold_release(now, ceiling))
        state = self.state.stages[self.state.stage_index]
        cap_at = state.entered_at + stage.max_seconds
        times.append(cap_at if now < cap_at else self._hold_release(now, cap_at))
        if not self._speaking and not self._agent_busy:
            times.append(max(self._inactivity_deadline(stage), self._typing_until))
        return min(times)

    # -- reading ----------------------------------------------------------------------------------

    @property
    def plan(self) -> StagePlan:
        return self.state.plan

    @property
    def context(self) -> InterviewContext:
        return self.state.context

    @property
    def seed(self) -> str:
        return self.state.seed

    @property
    def events(self) -> list[Event]:
        return self.state.events

    @property
    def started(self) -> bool:
        return self.state.started

    @property
    def started_at(self) -> float:
        return self.state.started_at

    @property
    def ended(self) -> bool:
        return self.state.ended

    @property
    def end_reason(self) -> str | None:
        return self.state.end_reason

    @property
    def stage_index(self) -> int:
        return self.state.stage_index

    @property
    def stage_changes(self) -> int:
        return self.state.stage_changes

    @property
    def brain_due(self) -> str | None:
        return self.state.brain_due

    @property
    def paused_reason(self) -> str | None:
        return self.state.paused_reason

    @property
    def current_stage(self) -> Stage | None:
        return self.state.current_stage

    def current_question(self) -> QuestionRecord | None:
        """The last spoken question of the current stage."""
        return self.state.current_question()

    def current_answer(self) -> str:
        return self.state.current_answer()

    def reading(self, answer: str) -> Reading:
        """The interview's one reading of `answer` (`InterviewState.reading`)."""
        return self.state.reading(answer)

    def questions(self) -> list[QuestionRecord]:
        return self.state.questions()

    def last_request(self) -> tuple[str, str] | None:
        """The candidate's last words, if they asked about the question rather than answering: (kind, text)."""
        return self.state.last_request()

    def restatable_question(self) -> QuestionRecord | None:
        """The question to say again now, at the candidate's request (`rules.restatable_question`)."""
        return rules.restatable_question(self.state, closing=self._ending is not None)

    def earlier_same_ask(self, text: str, kind: str = "main") -> QuestionRecord | None:
        """An earlier question asking what `text` asks (`rules.earlier_same_ask`)."""
        return rules.earlier_same_ask(self.state, text, kind)

    def not_an_answer(self) -> NotAnAnswer | None:
        """Whether the current answer answers another question (`rules.not_an_answer`)."""
        return rules.not_an_answer(self.state)

    def brain_context(self) -> str:
        """Instructions for a model at this point (`instructions.brain_context`)."""
        return brain_context(self.state, self.clock.now(), closing=self._ending is not None)

    def stage_progress(self) -> dict[str, Any]:
        stage = self.state.current_stage
        if stage is None:
            return {}
        state = self.state.stages[self.state.stage_index]
        return {"stage": stage.name, "approved": len(state.approved), "spoken": len(state.spoken),
                "best_depth": state.best_depth, "elapsed": self.clock.now() - state.entered_at}

    def event_dicts(self) -> list[dict[str, Any]]:
        return [e.model_dump() for e in self.state.events]

    def metrics(self) -> dict[str, Any]:
        from agent_worker.core.report import metrics

        return metrics(self.event_dicts())

    def transcript(self) -> dict[str, Any]:
        from agent_worker.core.report import transcript

        return transcript(self.event_dicts())

    # ============================================================================================
    # Tools (for brains, and for models through `call_tool`): the rules decide, the engine carries out
    # ============================================================================================

    def ask_question(self, question: str, competency: str | None = None, kind: str = "main") -> ToolResult:
        """Approve a question before it is said, or reject it as a duplicate or over the limit."""
        return self._carry_out(rules.ask_question(self.state, self.clock.now(), question, competency, kind,
                                                  closing=self._ending is not None))

    def assess_response(self, depth: int, key_points: Iterable[str] = ()) -> ToolResult:
        """Record the depth of the candidate's last answer (once per answer) and say what to do next."""
        return self._carry_out(rules.assess_response(self.state, self.clock.now(), depth, key_points,
                                                     closing=self._ending is not None))

    def transition_stage(self, reason: str = "", *, stage_name: str | None = None) -> ToolResult:
        """Move to the next stage if the gates allow it; say why not otherwise (`stage_name`: the stage being
        left; a call for a stage already left is a no-op)."""
        return self._carry_out(rules.transition_stage(self.state, self.clock.now(), stage_name,
                                                      closing=self._ending is not None))

    def restate_question(self, text: str) -> ToolResult:
        """Say the current question again (in other words, or with what it means) at the candidate's request."""
        return self._carry_out(rules.restate_question(self.state, text, closing=self._ending is not None))

    def call_tool(self, name: str, arguments: dict[str, Any]) -> ToolResult:
        """Route a model's tool call by name; bad arguments get a message the model can act on."""
        spec = TOOLS_BY_NAME.get(name)
        if spec is None:
            return ToolResult(False, "unknown_tool", f"There is no tool called {name}; use one of {tool_names()}.")
        try:
            call = spec.read(arguments)
        except ValueError as error:
            return ToolResult(False, "invalid", f"Bad arguments for {name}: {error}.")
        if isinstance(call, AskQuestionArguments):
            return self.ask_question(call.question, call.competency, call.kind)
        if isinstance(call, AssessResponseArguments):
            return self.assess_response(call.depth, call.key_points)
        assert isinstance(call, TransitionStageArguments)
        return self.transition_stage(call.reason)

    def _carry_out(self, decision: rules.Decision) -> ToolResult:
        """Record what a rule decided, in order, and do what follows from it."""
        for type_, data in decision.record:
            self._emit(type_, data)
        if decision.limit_hit:
            self._limit_hit_seq = len(self.state.events)
        if decision.approved is not None:
            self._unspoken_qid = decision.approved
        if decision.move is not None:
            self._advance(self.state.stage_index, decision.move)
        if decision.restate is not None:
            self._queue_line(decision.restate[0], "restatement", decision.restate[1])
        return decision.result

    # ============================================================================================
    # Brain turns
    # ============================================================================================

    def say(self, text: str, question_id: str | None = None, *, reply: bool = False) -> Line | None:
        """Queue words for the agent to say; an approved, unsaid question is attached when none is named.

        `reply`: the answer to the candidate's own question, said even if the stage ends this turn.
        """
        stage = self.state.current_stage
        clean = cap(text, 1_000)
        if stage is None or self.state.ended or not clean:
            return None
        if question_id is None and self._unspoken_qid is not None:
            question_id = self._unspoken_qid
        if question_id is not None and question_id == self._unspoken_qid:
            self._unspoken_qid = None
        restating = self.restatable_question() if question_id is None and not reply else None
        if restating is not None:
            # Words after the candidate asked about the question are that question again (or what it
            # means), not a new one: the answer that follows is filed under it.
            return self._queue_line(clean, "restatement", restating.question_id)
        kind = "question" if question_id else ("reply" if reply else "say")
        asked = self.state.by_id[question_id].text if question_id in self.state.by_id else clean
        self._say_due_bridge(asked)
        return self._queue_line(clean, kind, question_id)

    def pending_brain_turn(self) -> BrainTurn | None:
        """For a driver running an async brain: the decision point to act on now, if any."""
        if self.brain is not None or self._open_turn is not None or not self._floor_free():
            return None
        if self.state.ended or self._ending is not None:
            return None
        if self.state.brain_due is None:
            return None
        return self._open(self.state.brain_due)

    def finish_brain_turn(self, turn: BrainTurn) -> list[Event]:
        """Close an async brain's turn: fall back if it neither asked a question nor moved on."""
        return self._run(lambda: self._close_turn(turn))

    def turn_progressed(self, turn: BrainTurn) -> bool:
        if self.state.ended or self._ending is not None or self.state.stage_changes != turn._start_stage_changes:
            return True
        if any(line.kind in ("restatement", "redirect", "repeat") for line in self._queue):
            return True  # the same question said again: the turn ends waiting for its answer
        return any(e.type == ev.QUESTION_ASKED or (e.type == ev.AGENT_SAID and e.data.get("restated"))
                   for e in self.state.events[turn._start_seq:])

    def _floor_free(self) -> bool:
        return not self._queue and not self._candidate_holding_now_speaking()

    def _candidate_holding_now_speaking(self) -> bool:
        return self._speaking or self.clock.now() < self._typing_until

    def _open(self, reason: str) -> BrainTurn:
        turn = BrainTurn(engine=self, reason=reason, stage_index=self.state.stage_index)
        turn._start_seq = len(self.state.events)
        turn._start_stage_changes = self.state.stage_changes
        self._open_turn = turn
        return turn

    def _consult_brain(self) -> None:
        if self.brain is None or self._open_turn is not None or self.state.brain_due is None:
            return
        if self.state.ended or self._ending is not None or not self._floor_free():
            return
        turn = self._open(self.state.brain_due)
        self.brain.take_turn(turn)
        self._close_turn(turn)

    def _close_turn(self, turn: BrainTurn) -> None:
        if self._open_turn is not turn:
            return
        try:
            if not turn.progressed and self.fallback_brain is not None and self.fallback_brain is not self.brain:
                self.fallback_brain.take_turn(turn)
            if not turn.progressed and self.state.stage_index == turn.stage_index:
                # The engine never idles: a turn that neither asked nor moved on moves on.
                hit_limit = self._limit_hit_seq > turn._start_seq
                self._advance(self.state.stage_index, "max_questions" if hit_limit else "natural")
            if self._unspoken_qid is not None and self._unspoken_qid in self.state.by_id:
                # Approved but never said: say the question alone rather than lose it.
                question = self.state.by_id[self._unspoken_qid]
                self._unspoken_qid = None
                self._say_due_bridge(question.text)
                self._queue_line(question.text, "question", question.question_id)
            if self.state.stage_index == turn.stage_index:
                self._say_due_bridge("")
        finally:
            self._open_turn = None

    def _bring_back(self) -> None:
        """An answer to another question, in a middle stage: say so kindly, once per question, and ask the question
        again (a restatement: nothing counted). A second such answer is the brain's to move on from."""
        question = self.state.current_question()
        if (self.state.brain_due != ANSWERED or self._open_turn is not None or not self._floor_free() or self.state.ended
                or self._ending is not None or question is None or question.brought_back
                or not 0 < question.stage_index < len(self.state.plan.stages) - 1):
            return
        miss = rules.not_an_answer(self.state)
        if miss is not None:
            self._queue_line(miss.text, miss.kind, question.question_id, repeat_of=miss.repeat_of)

    # ============================================================================================
    # Internals
    # ============================================================================================

    def _run(self, action: Callable[[], None]) -> list[Event]:
        before = len(self.state.events)
        action()
        self._settle()
        return self.state.events[before:]

    def _settle(self) -> None:
        for _ in range(20):
            if self.state.ended or not self.state.started or self.state.paused_reason is not None:
                return
            before = len(self.state.events), len(self._queue)
            now = self.clock.now()
            self._check_timers(now)
            self._bring_back()
            self._consult_brain()
            if (len(self.state.events), len(self._queue)) == before:
                return

    def _start(self) -> None:
        if self.state.started:
            return
        self._emit(ev.INTERVIEW_STARTED, {
            "plan": {"name": self.state.plan.name, "version": self.state.plan.version},
            "brain": self.brain_name,
            "seed": self.state.seed,
        })
        self._enter(0, "first")

    def _emit(self, type_: str, data: dict[str, Any], *, at: float | None = None, stage: str | None = None) -> Event:
        seq = len(self.state.events) + 1
        when = at if at is not None else self.clock.now()
        if stage is None:
            current = self.state.current_stage
            stage = current.name if current is not None else None
            if type_ == ev.STAGE_ENTERED:
                stage = self.state.plan.stages[data["index"]].name
        event = Event(id=derive_uuid(self.state.seed, "event", seq), seq=seq, type=type_, stage=stage,
                      at=iso(when), data=data)
        self.state.apply(event)
        if self.on_event is not None:
            self.on_event(event)
        return event

    # -- timers -----------------------------------------------------------------------------------

    def _candidate_holding(self, now: float) -> bool:
        """Speaking (voice), typing within the grace (text), or within a thinking hold."""
        if self._speaking or now < self._typing_until:
            return True
        stage = self.state.current_stage
        if self.state.thinking_since is not None and stage is not None:
            return now < self.state.thinking_since + stage.inactivity_seconds + stage.thinking_seconds
        return False

    def _hold_release(self, now: float, cap_at: float) -> float:
        """When a passed cap acts: once the candidate lets go of the floor, or at the end of the overrun."""
        stage = self.state.current_stage
        assert stage is not None
        overrun_end = cap_at + stage.overrun_seconds
        if not self._candidate_holding(now):
            return now
        release = overrun_end
        if not self._speaking:
            ends = [self._typing_until]
            if self.state.thinking_since is not None:
                ends.append(self.state.thinking_since + stage.inactivity_seconds + stage.thinking_seconds)
            release = min(release, max(ends))
        return max(now, release) if release > now else now

    def _inactivity_deadline(self, stage: Stage) -> float:
        budget = stage.inactivity_seconds
        if self.state.thinking_since is not None:
            budget += stage.thinking_seconds
        return max(self.state.last_activity, self.state.last_agent_end, self._agent_free_at) + budget

    def _check_timers(self, now: float) -> None:
        stage = self.state.current_stage
        if stage is None or self.state.ended or self._queue:
            return
        if self._closing_waits and not self._candidate_holding_now_speaking():
            self._closing_waits = False
            self._queue_line(self.state.closing_text(), "closing")
            return
        holding = self._candidate_holding(now)
        if self._ending is None:
            ceiling = self.state.started_at + self.max_duration_seconds
            if self.state.turns >= self.max_turns or (
                now >= ceiling and (not holding or now >= ceiling + stage.overrun_seconds)
            ):
                self._go_to_closing()
                return
        state = self.state.stages[self.state.stage_index]
        cap_at = state.entered_at + stage.max_seconds
        if now >= cap_at:
            if not holding:
                self._advance(self.state.stage_index, "max_time")
                return
            if now >= cap_at + stage.overrun_seconds:
                self._advance(self.state.stage_index, "max_time", interject=True)
                return
        if self._speaking or self._agent_busy or now < self._typing_until or now < self._inactivity_deadline(stage):
            return
        question = self.state.current_question()
        if question is not None and not question.answered and not question.reprompted:
            text = reprompt_line(question.text, self.state.seed, question.question_id)
            self._emit(ev.CANDIDATE_REPROMPTED, {"question_id": question.question_id, "text": text})
            self._queue_line(text, "reprompt", question.question_id)
            return
        self._advance(self.state.stage_index, "inactivity")

    # -- transitions ------------------------------------------------------------------------------

    def _advance(self, from_index: int, reason: str, *, interject: bool = False) -> bool:
        """Leave stage `from_index` exactly once: a second attempt for the same stage is a no-op."""
        if self.state.ended or from_index != self.state.stage_index or self.state.stages[from_index].exited:
            return False
        if self._ending is not None:
            return False
        if from_index == len(self.state.plan.stages) - 1:
            self._close(reason)
            return True
        self._exit_stage(reason)
        self._enter(from_index + 1, "interjection" if interject else reason)
        return True

    def _exit_stage(self, reason: str) -> None:
        state = self.state.stages[self.state.stage_index]
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
        self._emit(ev.STAGE_ENTERED, {"index": index, "count": len(self.state.plan.stages)})
        if lines.defer_bridge(self.state.plan, index, lead_reason, own_brain=self.brain is not None):
            self._bridge_due = lead_reason  # said with the stage's first question, to fit its topic
        else:
            self._queue_line(self._bridge_text(index, lead_reason), "bridge")

    def _go_to_closing(self) -> None:
        last = len(self.state.plan.stages) - 1
        if self.state.stage_index != last:
            self._exit_stage("max_duration")
            self._enter(last, "max_duration")
        self._close("max_duration", "max_duration")

    def _default_end_reason(self) -> str:
        return "completed" if self.state.candidate_utterances else "no_answers"

    def _close(self, exit_reason: str, end_reason: str | None = None) -> None:
        """Say the closing line once; the interview ends when it has played out."""
        if self._ending is not None or self.state.ended:
            return
        self._ending = (exit_reason, end_reason or self._default_end_reason())
        self.state.brain_due = None
        self._say_due_bridge("")
        if self.state.closing_said:
            self._finish(*self._ending)
        elif exit_reason == "natural" and self._candidate_holding_now_speaking():
            self._closing_waits = True  # the goodbye waits for the candidate's last words
        else:
            self._queue_line(self.state.closing_text(), "closing")

    def _finish(self, exit_reason: str, end_reason: str) -> None:
        if self.state.ended:
            return
        if self.state.stage_index >= 0 and not self.state.stages[self.state.stage_index].exited:
            self._exit_stage(exit_reason)
        self._emit(ev.INTERVIEW_ENDED, {"reason": end_reason})
        self._queue.clear()
        self._handed_out = 0

    def _abort(self, exit_reason: str, end_reason: str) -> None:
        if not self.state.started or self.state.ended:
            return
        self._finish(exit_reason, end_reason)

    # -- speech -----------------------------------------------------------------------------------

    def _queue_line(self, text: str, kind: str, question_id: str | None = None, *, repeat_of: str | None = None) -> Line:
        self._line_counter += 1
        stage = self.state.current_stage
        line = Line(id=derive_uuid(self.state.seed, "line", len(self.state.events), self._line_counter), text=text,
                    stage=stage.name if stage else "", kind=kind, question_id=question_id, repeat_of=repeat_of)
        self._queue.append(line)
        return line

    def _say_due_bridge(self, question: str) -> None:
        """Queue the bridge that waited for the stage's first question, chosen to fit `question`."""
        if self._bridge_due is None or self.state.stage_index < 0:
            return
        reason, self._bridge_due = self._bridge_due, None
        self._queue_line(self._bridge_text(self.state.stage_index, reason, question), "bridge")

    def _bridge_text(self, index: int, lead_reason: str, question: str = "") -> str:
        return lines.bridge_text(self.state, index, lead_reason, question, self.lines_said())

    # -- after a restore or a pause ----------------------------------------------------------------

    def _resume(self, last_at: float) -> None:
        gap = self.clock.now() - last_at
        if gap > 0:
            self.state.shift_clocks(gap)
        if self.state.paused_reason is None:
            self._requeue()

    def _requeue(self) -> None:
        """After a restore or a pause: say again what the candidate has not seen yet."""
        if self.state.ended or self.state.stage_index < 0:
            return
        state = self.state.stages[self.state.stage_index]
        unsaid = self.state.by_id[state.approved[-1]] if state.approved and state.approved[-1] not in state.spoken \
            else None
        if not state.has_spoken:
            self._bridge_due = self.state.last_exit_reason
            if unsaid is not None or not lines.defer_bridge(self.state.plan, self.state.stage_index, self.state.last_exit_reason, own_brain=self.brain is not None):
                self._say_due_bridge(unsaid.text if unsaid is not None else "")
        if unsaid is not None:
            self._queue_line(unsaid.text, "question", unsaid.question_id)
        if self.state.closing_said:
            self._finish("natural", self._default_end_reason())
