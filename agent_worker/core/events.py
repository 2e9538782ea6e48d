"""Engine events: `{id, seq, type, stage, at, data}`, the one record of what happened.

The engine's state is a fold over these events, Django stores them, the page renders them and
feedback reads them. Types and their data are DESIGN.md's event table.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

__all__ = [
    "AGENT_SAID",
    "CANDIDATE_REPROMPTED",
    "CANDIDATE_REQUESTS",
    "CANDIDATE_SAID",
    "END_REASONS",
    "EVENT_TYPES",
    "EXIT_KIND",
    "EXIT_REASONS",
    "FORCED_EXIT_REASONS",
    "INTERVIEW_ENDED",
    "INTERVIEW_PAUSED",
    "INTERVIEW_RESUMED",
    "INTERVIEW_STARTED",
    "NATURAL_EXIT_REASONS",
    "PAUSE_REASONS",
    "RESUME_REASONS",
    "QUESTION_ASKED",
    "QUESTION_REJECTED",
    "RESPONSE_ASSESSED",
    "STAGE_ENTERED",
    "STAGE_EXITED",
    "STATUS_BY_END_REASON",
    "TRANSITION_REFUSED",
    "Event",
]

INTERVIEW_STARTED = "interview.started"
STAGE_ENTERED = "stage.entered"
STAGE_EXITED = "stage.exited"
QUESTION_ASKED = "question.asked"
QUESTION_REJECTED = "question.rejected"
RESPONSE_ASSESSED = "response.assessed"
CANDIDATE_REPROMPTED = "candidate.reprompted"
TRANSITION_REFUSED = "transition.refused"
AGENT_SAID = "agent.said"
CANDIDATE_SAID = "candidate.said"
INTERVIEW_ENDED = "interview.ended"
INTERVIEW_PAUSED = "interview.paused"
INTERVIEW_RESUMED = "interview.resumed"

EVENT_TYPES = (
    INTERVIEW_STARTED,
    STAGE_ENTERED,
    STAGE_EXITED,
    QUESTION_ASKED,
    QUESTION_REJECTED,
    RESPONSE_ASSESSED,
    CANDIDATE_REPROMPTED,
    TRANSITION_REFUSED,
    AGENT_SAID,
    CANDIDATE_SAID,
    INTERVIEW_ENDED,
    INTERVIEW_PAUSED,
    INTERVIEW_RESUMED,
)

# Why nobody drives a live interview for a while (`interview.paused`): the candidate's connection
# went (a socket closed, the channel layer failed), the candidate logged out, or the process that
# drove it died (a voice worker). No clock runs while paused and the status stays `live`;
# `interview.resumed` (its `reason` says what brought it back) ends the pause.
PAUSE_REASONS = ("connection_lost", "logged_out", "worker_lost")
RESUME_REASONS = ("reconnected", "worker_joined", "switched_to_text")

# What a candidate's words may ask of the interviewer instead of answering (`candidate.said` data
# `request`): to hear the question again, to hear it in other words, or what it means ("Do you mean
# one region or all of them?"). Such words answer nothing: the interviewer restates the same question
# (an `agent.said` with its `question_id` and `restated`), and the answer that follows is its answer.
CANDIDATE_REQUESTS = ("repeat", "rephrase", "clarify")

# What kind of transition each exit reason is: the candidate's answers or the question budget moved
# the interview on (natural), a clock did (forced), or the interview ended under the stage (ended).
EXIT_KIND = {
    "natural": "natural",
    "max_questions": "natural",
    "max_time": "forced",
    "inactivity": "forced",
    "max_duration": "forced",
    "candidate_ended": "ended",
    "disconnected": "ended",
}
EXIT_REASONS = tuple(EXIT_KIND)
NATURAL_EXIT_REASONS = frozenset(reason for reason, kind in EXIT_KIND.items() if kind == "natural")
FORCED_EXIT_REASONS = frozenset(reason for reason, kind in EXIT_KIND.items() if kind == "forced")
END_REASONS = ("completed", "candidate_ended", "disconnected", "max_duration", "no_answers", "failed")
STATUS_BY_END_REASON = {
    "completed": "completed",
    "candidate_ended": "completed",
    "max_duration": "completed",
    "no_answers": "completed",
    "disconnected": "abandoned",
    "failed": "failed",
}


class Event(BaseModel):
    """One event as the engine emits it and the store keeps it: `Event.model_validate(stored)` reads a
    stored one back (the web's checks of a worker's batch are in `interviews.services.wire`)."""

    model_config = ConfigDict(frozen=True)

    id: str
    seq: int
    type: str
    stage: str | None = None
    at: str
    data: Annotated[dict[str, Any], BeforeValidator(lambda v: v or {})] = Field(default_factory=dict)
