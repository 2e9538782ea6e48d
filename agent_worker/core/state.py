"""An interview's state, and the fold that builds it from the interview's events.

`InterviewState.apply(event)` is the only place the state that survives a restart changes; a live engine applies
each event as it records it, and `InterviewState.fold(events, ...)` (a restore) applies the stored ones in order,
so both hold the same state. Everything else reads it: the rules a brain's proposals are checked against
(`rules.py`), the lines the engine says itself (`lines.py`), the model's instructions (`instructions.py`), and
the engine (`engine.py`), which adds only what the transport says right now (who holds the floor, lines queued).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from agent_worker.core import events as ev
from agent_worker.core.clock import parse_iso
from agent_worker.core.events import Event
from agent_worker.core.listening import Reading, read_answer
from agent_worker.core.phrases import closing_line, tone_of
from agent_worker.core.plans import Stage, StagePlan
from agent_worker.core.records import ANSWERED, REQUEST, QuestionRecord, StageState
from agent_worker.core.tailoring import InterviewContext
from agent_worker.core.text import is_thinking, words

__all__ = ["InterviewState"]

# Every tone `phrases.tone_of` gives the closing line.
CLOSING_TONES = ("warm", "plain", "neutral")


@dataclass
class InterviewState:
    """What the events of one interview add up to (with the plan, the context and the seed they were made with)."""

    plan: StagePlan
    context: InterviewContext
    seed: str
    events: list[Event] = field(default_factory=list)
    started: bool = False
    started_at: float = 0.0
    ended: bool = False
    end_reason: str | None = None
    stage_index: int = -1
    stages: dict[int, StageState] = field(default_factory=dict)
    by_id: dict[str, QuestionRecord] = field(default_factory=dict)  # every approved question, by its id
    order: list[str] = field(default_factory=list)  # their ids, in the order approved
    last_spoken_qid: str | None = None
    answer_turn: int = 0  # answers to the current stage's current question so far
    assessed_turn: int = 0  # the answer turn last assessed
    last_depth: int | None = None
    last_activity: float = 0.0
    last_agent_end: float = 0.0
    thinking_since: float | None = None
    turns: int = 0  # every candidate.said and agent.said, for the ceiling
    candidate_utterances: int = 0
    closing_said: bool = False
    said_words: set[str] = field(default_factory=set)  # every word of every answer so far, kept as answers come
    said: list[str] = field(default_factory=list)  # the interviewer's lines played so far, in order
    last_exit_reason: str = "natural"
    brain_due: str | None = None  # the decision point waiting for the brain: stage_started, answered, request
    paused_reason: str | None = None  # set while nobody drives (interview.paused)
    paused_at: float | None = None
    stage_changes: int = 0
    # Kept so as not to work them out again (not state: what the plan, the context and the answers give):
    # each answer's one reading, by its words (the brain's choice, the not-an-answer check, the lead-ins and the
    # closing tone all read it); the closing lines of every tone; the values a bridge fills in.
    _readings: dict[str, Reading] = field(default_factory=dict, repr=False)
    _closing_lines: frozenset[str] | None = field(default=None, repr=False)
    _bridge_values: dict[str, str] | None = field(default=None, repr=False)

    @classmethod
    def fold(cls, events: Iterable[Event], plan: StagePlan, context: InterviewContext, seed: str) -> InterviewState:
        """The state stored events add up to (`seq` from 1 without gaps)."""
        state = cls(plan, context, seed)
        for expected, event in enumerate(events, start=1):
            if event.seq != expected:
                raise ValueError(f"events must run from seq 1 without gaps (missing seq {expected})")
            state.apply(event)
        return state

    # -- the fold ---------------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Record one event and fold it into the state."""
        self.events.append(event)
        data = event.data
        at = parse_iso(event.at)
        kind = event.type
        if kind == ev.INTERVIEW_STARTED:
            self.started, self.started_at = True, at
            self.last_activity = self.last_agent_end = at
        elif kind == ev.STAGE_ENTERED:
            self.stage_index = int(data["index"])
            self.stages[self.stage_index] = StageState(entered_at=at)
            self.last_activity = max(self.last_activity, at)
            self.thinking_since = None
            self.answer_turn = self.assessed_turn = 0
            self.last_depth = None
            self.stage_changes += 1
            self.brain_due = "stage_started"
        elif kind == ev.STAGE_EXITED:
            self.stages[self.stage_index].exited = True
            self.last_exit_reason = str(data.get("reason") or "natural")
            self.brain_due = None
        elif kind == ev.QUESTION_ASKED:
            self._asked(event)
        elif kind == ev.RESPONSE_ASSESSED:
            depth = int(data["depth"])
            self.assessed_turn, self.last_depth = self.answer_turn, depth
            question = self.by_id.get(data.get("question_id") or "")
            if question is not None:
                question.depth = depth
            state = self.stages[self.stage_index]
            state.best_depth = max(state.best_depth, depth)
        elif kind == ev.CANDIDATE_REPROMPTED:
            question = self.by_id.get(data.get("question_id") or "")
            if question is not None:
                question.reprompted = True
        elif kind == ev.AGENT_SAID:
            self._agent_said(event, data)
        elif kind == ev.CANDIDATE_SAID:
            self._candidate_said(data, at)
        elif kind == ev.INTERVIEW_PAUSED:
            self.paused_reason, self.paused_at = str(data.get("reason") or "connection_lost"), at
        elif kind == ev.INTERVIEW_RESUMED:
            self.paused_reason, self.paused_at = None, None
        elif kind == ev.INTERVIEW_ENDED:
            self.paused_reason = None
            self.ended = True
            self.end_reason = data.get("reason")
            self.brain_due = None

    def _asked(self, event: Event) -> None:
        data = event.data
        qid = data["question_id"]
        kind = data.get("kind", "main")
        self.by_id[qid] = QuestionRecord(
            question_id=qid, stage_index=self.stage_index, stage=event.stage or "", text=data["text"],
            kind=kind, competency=data.get("competency"), thread=self.thread_of_next(kind) or qid)
        self.order.append(qid)
        self.stages[self.stage_index].approved.append(qid)
        self.brain_due = None

    def _agent_said(self, event: Event, data: dict[str, Any]) -> None:
        self.turns += 1
        self.last_agent_end = max(self.last_agent_end, parse_iso(data.get("ended_at", event.at)))
        if 0 <= self.stage_index and event.stage == self.plan.stages[self.stage_index].name:
            self.stages[self.stage_index].has_spoken = True
        qid = data.get("question_id")
        question = self.by_id.get(qid) if qid is not None else None
        if question is not None and data.get("restated") and self.brain_due == REQUEST:
            question.restatements += 1
            self.brain_due = None  # the request is met: the candidate answers the same question now
        if question is not None and (data.get("redirected") or data.get("repeat_of")):
            question.redirected = question.redirected or bool(data.get("redirected"))
            question.repeat_noted = question.repeat_noted or bool(data.get("repeat_of"))
            # Asked again: it waits for an answer (a request to hear it again is met, silence re-prompted).
            question.answered = False
            question.asked_again_at = len(question.answers)
            self.brain_due = None  # brought back to it: the candidate answers the same question again
        if question is not None:
            if not question.spoken:
                question.spoken = True
                self.stages[question.stage_index].spoken.append(question.question_id)
            self.last_spoken_qid = question.question_id
        text = data.get("text")
        self.said.append(str(text))
        # Only a line that is a closing line of some tone can be the closing line: reading every answer for the
        # tone is left for it.
        if self.stage_index == len(self.plan.stages) - 1 and text in self._closings() and text == self.closing_text():
            self.closing_said = True

    def _candidate_said(self, data: dict[str, Any], at: float) -> None:
        self.turns += 1
        self.candidate_utterances += 1
        self.last_activity = max(self.last_activity, at)
        text = str(data.get("text") or "")
        qid = data.get("question_id")
        question = self.by_id.get(qid) if qid is not None else None
        current = self.current_question()
        if data.get("request"):
            # Not an answer: the question stays unanswered, and the interviewer says it again.
            self.thinking_since = None
            if data["request"] == ev.OWN_QUESTION and question is not None:
                question.asked_back += 1
            if current is not None and qid == current.question_id and self.brain_due is None:
                self.brain_due = REQUEST
        elif is_thinking(text):
            self.thinking_since = at
            if question is not None:
                question.answers.append(text)
                self.said_words.update(words(text))
        else:
            self.thinking_since = None
            if question is not None:
                question.answers.append(text)
                self.said_words.update(words(text))
                question.answered = True
                if current is not None and qid == current.question_id:
                    self.answer_turn += 1
                    if self.brain_due is None:
                        self.brain_due = ANSWERED

    def shift_clocks(self, gap: float) -> None:
        """Time with no driver does not count: every time kept moves on by the gap (and so does the ceiling)."""
        self.started_at += gap
        for state in self.stages.values():
            state.entered_at += gap
        self.last_activity += gap
        self.last_agent_end += gap
        if self.thinking_since is not None:
            self.thinking_since += gap
        if self.paused_at is not None:
            self.paused_at += gap

    # -- reading ----------------------------------------------------------------------------------

    @property
    def current_stage(self) -> Stage | None:
        return self.plan.stages[self.stage_index] if 0 <= self.stage_index < len(self.plan.stages) else None

    @property
    def stage(self) -> StageState:
        """The current stage's record (only once a stage has been entered)."""
        return self.stages[self.stage_index]

    @property
    def is_last_stage(self) -> bool:
        return self.stage_index == len(self.plan.stages) - 1

    def current_question(self) -> QuestionRecord | None:
        """The last spoken question of the current stage."""
        qid = self.last_spoken_qid
        if qid is None:
            return None
        question = self.by_id[qid]
        return question if question.stage_index == self.stage_index else None

    def current_answer(self) -> str:
        question = self.current_question()
        return " ".join(question.answers) if question else ""

    def questions(self) -> list[QuestionRecord]:
        return [self.by_id[qid] for qid in self.order]

    def thread_of_next(self, kind: str) -> str | None:
        """The story a new question of `kind` belongs to: a follow-up joins the stage's last question's."""
        if kind != "follow_up" or self.stage_index < 0 or self.stage_index not in self.stages:
            return None
        approved = self.stages[self.stage_index].approved
        return self.by_id[approved[-1]].thread if approved else None

    def last_request(self) -> tuple[str, str] | None:
        """The candidate's last words, if they asked about the question rather than answering: (kind, text)."""
        said = next((e for e in reversed(self.events) if e.type == ev.CANDIDATE_SAID), None)
        if said is None or not said.data.get("request"):
            return None
        return str(said.data["request"]), str(said.data.get("text") or "")

    def closing_text(self) -> str:
        """The closing line, fit to the interview that happened: its answers before the closing stage (fixed once
        there). Part of the fold: the closing line said is how a restored interview knows it was said."""
        last = len(self.plan.stages) - 1
        readings = [self.reading(" ".join(q.answers)) for q in self.questions() if 0 < q.stage_index < last and q.answers]
        return closing_line(self.context.first_name, self.seed, tone_of(readings))

    def _closings(self) -> frozenset[str]:
        """The closing line for each tone the interview could have had."""
        if self._closing_lines is None:
            self._closing_lines = frozenset(closing_line(self.context.first_name, self.seed, tone)
                                            for tone in CLOSING_TONES)
        return self._closing_lines

    def bridge_values(self) -> dict[str, str]:
        """What a bridge's `{name}`, `{role}`, `{company}` and `{minutes}` say in this interview."""
        if self._bridge_values is None:
            self._bridge_values = self.context.bridge_values(self.plan)
        return self._bridge_values

    def reading(self, answer: str) -> Reading:
        """The one reading of `answer` in this interview: with its terms, the company never the candidate's own.
        Read the first time anyone asks and kept: the brain, the not-an-answer check and the closing tone share it."""
        kept = self._readings.get(answer)
        if kept is None:
            kept = read_answer(answer, list(self.context.known_terms), [self.context.company])
            self._readings[answer] = kept
        return kept
