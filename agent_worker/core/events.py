"""Engine events: `{id, seq, type, stage, at, data}`, the one record of what happened.

The engine's state is a fold over these events, Django stores them, the page renders them and
feedback reads them. Types and their data are DESIGN.md's event table.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

__all__ = [
    "AGENT_SAID",
    "CANDIDATE_REPROMPTED",
    "CANDIDATE_REQUESTS",
    "OWN_QUESTION",
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
    "QUESTION_KINDS",
    "RESUME_REASONS",
    "QUESTION_ASKED",
    "QUESTION_REJECTED",
    "RESPONSE_ASSESSED",
    "STAGE_ENTERED",
    "STAGE_EXITED",
    "STATUS_BY_END_REASON",
    "TRANSITION_REFUSED",
    "AgentSaid",
    "CandidateReprompted",
    "CandidateSaid",
    "DATA_BY_TYPE",
    "Event",
    "EventData",
    "InterviewEnded",
    "InterviewPaused",
    "InterviewResumed",
    "InterviewStarted",
    "QuestionAsked",
    "QuestionRejected",
    "ResponseAssessed",
    "StageEntered",
    "StageExited",
    "TransitionRefused",
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
# "own_question": a question of their own about the job in the middle of the interview ("What does the team use
# for scheduling?"): the interviewer answers it and asks its question again, once.
CANDIDATE_REQUESTS = ("repeat", "rephrase", "clarify", "own_question")
OWN_QUESTION = "own_question"

# A question is a main question or follows one up (`question.asked` data `kind`).
QUESTION_KINDS = ("main", "follow_up")

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


# -- The data of each event type (DESIGN.md's event table) ----------------------------------------------
#
# What the engine writes in `Event.data`, per type. The worker API checks a worker's events against
# these (`interviews.services.wire`), and a reader may take an event's data as its model
# (`DATA_BY_TYPE[event.type].model_validate(event.data)`). Keys a model does not name are kept (a
# newer engine may write more), and the fields an older row may lack have defaults, so every stored
# row still reads.



def _one_of(names: tuple[str, ...] | frozenset[str]) -> AfterValidator:
    listed = ", ".join(names)

    def check(value: str) -> str:
        if value not in names:
            raise ValueError(f"must be one of {listed}")
        return value

    return AfterValidator(check)


ExitReason = Annotated[str, _one_of(EXIT_REASONS)]
EndReason = Annotated[str, _one_of(END_REASONS)]
PauseReason = Annotated[str, _one_of(PAUSE_REASONS)]
CandidateRequest = Annotated[str, _one_of(CANDIDATE_REQUESTS)]
QuestionKind = Annotated[str, _one_of(QUESTION_KINDS)]


class EventData(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)


class PlanName(EventData):
    name: str
    version: int


class InterviewStarted(EventData):
    plan: PlanName
    brain: str = ""
    seed: str | int


class StageEntered(EventData):
    index: int = Field(ge=0)
    count: int = Field(ge=1)


class StageExited(EventData):
    reason: ExitReason
    questions: int = Field(default=0, ge=0)
    seconds: float = Field(default=0.0, ge=0)


class QuestionAsked(EventData):
    question_id: str
    text: str
    kind: QuestionKind = "main"
    competency: str | None = None


class QuestionRejected(EventData):
    text: str
    reason: str


class ResponseAssessed(EventData):
    question_id: str | None = None
    depth: int = Field(ge=1, le=5)
    key_points: list[str] = Field(default_factory=list)


class CandidateReprompted(EventData):
    question_id: str | None = None
    text: str


class TransitionRefused(EventData):
    reason: str


class AgentSaid(EventData):
    text: str
    question_id: str | None = None
    restated: bool = False  # the same question said again (the candidate asked, or was brought back)
    redirected: bool = False  # brought back to it after an answer about something else
    repeat_of: str | None = None  # asked again after an answer already given to this earlier question
    started_at: str | None = None
    ended_at: str | None = None


class CandidateSaid(EventData):
    text: str
    question_id: str | None = None
    source: Literal["voice", "text"] = "text"
    started_at: str | None = None
    ended_at: str | None = None
    words: list[dict[str, Any]] | None = None  # word timings, when the STT gives them
    request: CandidateRequest | None = None
    thinking: bool = False
    client_id: str | None = None


class InterviewEnded(EventData):
    reason: EndReason


class InterviewPaused(EventData):
    reason: PauseReason


class InterviewResumed(EventData):
    reason: str


DATA_BY_TYPE: dict[str, type[EventData]] = {
    INTERVIEW_STARTED: InterviewStarted,
    STAGE_ENTERED: StageEntered,
    STAGE_EXITED: StageExited,
    QUESTION_ASKED: QuestionAsked,
    QUESTION_REJECTED: QuestionRejected,
    RESPONSE_ASSESSED: ResponseAssessed,
    CANDIDATE_REPROMPTED: CandidateReprompted,
    TRANSITION_REFUSED: TransitionRefused,
    AGENT_SAID: AgentSaid,
    CANDIDATE_SAID: CandidateSaid,
    INTERVIEW_ENDED: InterviewEnded,
    INTERVIEW_PAUSED: InterviewPaused,
    INTERVIEW_RESUMED: InterviewResumed,
}
