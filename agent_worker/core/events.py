"""Engine events: `{id, seq, type, stage, at, data}`, the one record of what happened.

The engine's state is a fold over these events, Django stores them, the page renders them and
feedback reads them. Types and their data are DESIGN.md's event table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "AGENT_SAID",
    "CANDIDATE_REPROMPTED",
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


@dataclass(frozen=True)
class Event:
    id: str
    seq: int
    type: str
    stage: str | None
    at: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "seq": self.seq, "type": self.type, "stage": self.stage, "at": self.at,
                "data": dict(self.data)}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Event:
        return cls(
            id=str(raw["id"]),
            seq=int(raw["seq"]),
            type=str(raw["type"]),
            stage=raw.get("stage"),
            at=str(raw["at"]),
            data=dict(raw.get("data") or {}),
        )
