"""What the engine keeps per line, question and stage (folded from events)."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["ANSWERED", "MAX_DURATION_SECONDS", "MAX_RESTATEMENTS", "MAX_TURNS", "REQUEST", "Line", "QuestionRecord", "StageState"]

MAX_DURATION_SECONDS = 25 * 60  # the whole interview's ceiling
MAX_TURNS = 80  # every candidate.said and agent.said
# How often one question is said again in other words when the candidate asks (then the interview moves on).
MAX_RESTATEMENTS = 2
# The brain's decision point after such a request (`BrainTurn.reason`; the others: stage_started, answered).
REQUEST = "request"
ANSWERED = "answered"


@dataclass(frozen=True)
class Line:
    """Something the agent is to say. The driver plays it and reports `agent_line_played(line.id, ...)`."""

    id: str
    text: str
    stage: str
    kind: str  # bridge, question, say, reply, reprompt, restatement, redirect, repeat, closing
    question_id: str | None = None
    repeat_of: str | None = None  # a `repeat` line: the earlier question the answer was already given to


@dataclass
class QuestionRecord:
    question_id: str
    stage_index: int
    stage: str
    text: str
    kind: str
    competency: str | None
    spoken: bool = False
    answered: bool = False
    reprompted: bool = False
    depth: int | None = None
    answers: list[str] = field(default_factory=list)
    restatements: int = 0  # said again in other words at the candidate's request
    redirected: bool = False  # brought back to it once after an answer about something else
    asked_back: int = 0  # the candidate's own questions instead of an answer to it
    repeat_noted: bool = False  # told once that its answer was one given to an earlier question, and asked again
    asked_again_at: int = 0  # its answers from here on came after it was last said again (a redirect, a repeat)
    thread: str = ""  # the main question this one follows up (its own id for a main question)

    @property
    def brought_back(self) -> bool:
        """Asked again once already after an answer to another question (something else, or an earlier story)."""
        return self.redirected or self.repeat_noted


@dataclass
class StageState:
    entered_at: float
    approved: list[str] = field(default_factory=list)
    spoken: list[str] = field(default_factory=list)
    best_depth: int = 0
    has_spoken: bool = False
    exited: bool = False
