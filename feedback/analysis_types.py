"""What the report's analysis of an interview is made of: its questions, answers, stages, competencies, speech
and transcript (`feedback.analysis` measures them from the events; `feedback.repeats` and the presenters read them).

Dataclasses that pydantic validates and dumps whole (`InterviewAnalysis.model_validate` / `model_dump`), so the
stored JSON needs no hand-written converter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pydantic import TypeAdapter

from feedback.scoring import ASKED_INSTEAD, Evidence, highlight_segments
from feedback.scoring.rubrics import NOTHING_TO_TELL, OFF_TOPIC_AGAIN
from feedback.textstats import Span

__all__ = ["Answer", "CompetencyScore", "InterviewAnalysis", "Question", "SpeechSummary", "StageSummary",
           "TranscriptLine", "format_transcript"]

# What an answer's evidence says when it answers nothing: counted as a question with no answer.
_NOT_ANSWERS = frozenset({ASKED_INSTEAD, NOTHING_TO_TELL, OFF_TOPIC_AGAIN})

# ---------------------------------------------------------------------------------------------
# Result types


@dataclass
class Question:
    """A question the interviewer asked, and whether it got an answer."""

    question_id: str
    stage: str
    text: str
    kind: str
    competency: str | None
    asked_at: str | None
    answered: bool = False


@dataclass
class Answer:
    """Everything the candidate said to one question, measured.

    Speech measures (speaking_seconds, words_per_minute, time_to_first_word_seconds, pauses,
    fillers_per_minute) are None for typed answers. The score, STAR parts, results (`quantified`),
    strengths, improvements and example answer come from `feedback.scoring.assess_answer`, the code
    the practice page and `manage.py score_answers` use, so all three agree on one answer.
    """

    question_id: str | None
    stage: str
    question: str | None
    kind: str | None
    competency: str | None
    counts_for_competency: bool
    text: str
    source: str  # voice, text, or mixed
    utterances: int
    started_at: str | None
    ended_at: str | None
    words: int
    speaking_seconds: float | None
    words_per_minute: float | None
    time_to_first_word_seconds: float | None
    pause_count: int | None
    longest_pause_seconds: float | None
    filler_count: int
    fillers: dict[str, int]
    fillers_per_minute: float | None
    hedge_count: int
    hedges: dict[str, int]
    sentences: list[Span]
    star: dict[str, list[Span]]
    star_parts: list[str]
    quantified: list[Span]
    depth: int
    depth_source: str  # interviewer or heuristic
    key_points: list[str]
    score: float
    explanation: list[str]
    question_type: str = "story"
    strengths: list[Evidence] = field(default_factory=list)
    improvements: list[Evidence] = field(default_factory=list)
    example_answer: str | None = None

    @property
    def is_answered(self) -> bool:
        """False when the candidate only asked a question of their own, or only said they had nothing for it
        ("I don't really know, I haven't done that."; the interviewer heard no answer either): the report and
        the room's end panel count it as unanswered. So is a question brought back to once after an answer about
        something else and answered with something else again."""
        return not any(e.key in _NOT_ANSWERS for e in self.improvements)

    @property
    def is_voice(self) -> bool:
        return self.speaking_seconds is not None

    def highlight_segments(self) -> list[tuple[str, str | None]]:
        """The answer as consecutive (text, STAR part or None) pieces, for highlighting on a page."""
        return highlight_segments(self.text, self.star)


@dataclass
class StageSummary:
    name: str
    index: int
    seconds: float | None
    questions_asked: int
    questions_answered: int
    exit_reason: str | None
    transition: str | None  # natural, forced, ended (the candidate left or the call dropped), or None


@dataclass
class CompetencyScore:
    name: str
    score: float | None
    asked: int
    answered: int
    question_ids: list[str]
    explanation: list[str]


@dataclass
class SpeechSummary:
    """Whole-interview speech measures over voice answers (None when every answer was typed)."""

    words: int
    speaking_seconds: float | None
    words_per_minute: float | None
    filler_count: int
    fillers: dict[str, int]
    fillers_per_minute: float | None
    hedge_count: int
    mean_time_to_first_word_seconds: float | None
    pause_count: int | None


@dataclass
class TranscriptLine:
    speaker: str  # interviewer or candidate
    stage: str
    text: str
    question_id: str | None
    at: str | None
    source: str | None = None


@dataclass
class InterviewAnalysis:
    version: int
    has_answers: bool
    started_at: str | None
    ended_at: str | None
    duration_seconds: float | None
    end_reason: str | None
    competency_list: list[str]
    questions: list[Question]
    answers: list[Answer]
    stages: list[StageSummary]
    transitions: dict[str, int]
    competencies: list[CompetencyScore]
    uncovered_competencies: list[str]
    other_competencies: list[str]
    overall_score: float | None
    overall_explanation: list[str]
    talk_ratio: float | None
    candidate_speaking_seconds: float | None
    agent_speaking_seconds: float | None
    speech: SpeechSummary
    transcript: list[TranscriptLine] = field(default_factory=list)

    @classmethod
    def model_validate(cls, data: Any) -> InterviewAnalysis:
        """An analysis as `Report.analysis` stores it (keys a newer version added are ignored)."""
        return _adapter().validate_python(data)

    def model_dump(self) -> dict[str, Any]:
        """The analysis as JSON-ready data, every nested record a plain dict."""
        data: dict[str, Any] = _adapter().dump_python(self, mode="json")
        return data

    def competency_scores(self) -> dict[str, float | None]:
        """Competency name → score (None without data), in the role's fixed order."""
        return {c.name: c.score for c in self.competencies}

    def interview_questions(self) -> list[Question]:
        """The questions that assess something. The welcome check-in ("ready to begin?") and the
        closing's "anything to ask me?" name no competency: conversation, not interview questions."""
        return [q for q in self.questions if q.competency]

    def interview_answers(self) -> list[Answer]:
        """Answers to interview questions (see `interview_questions`), in the order given."""
        return [a for a in self.answers if a.competency]

    def answered_interview_answers(self) -> list[Answer]:
        """Interview answers that count as answered (a question asked back does not)."""
        return [a for a in self.interview_answers() if a.is_answered]

    def counts(self) -> dict[str, Any]:
        """The numbers every place shows (report, email, the room's end panel): one set, from here."""
        return {"questions_asked": len(self.interview_questions()),
                "questions_answered": len(self.answered_interview_answers()), "duration_seconds": self.duration_seconds}

    def answer_for(self, question_id: str) -> Answer | None:
        return next((a for a in self.answers if a.question_id == question_id), None)

    def transcript_text(self) -> str:
        """The transcript as plain text, by stage: what the narrative's quotes are checked against."""
        return format_transcript(self.transcript)

    def candidate_text(self) -> str:
        return "\n".join(line.text for line in self.transcript if line.speaker == "candidate")


@cache
def _adapter() -> TypeAdapter[InterviewAnalysis]:  # noqa: N802 - built once, on first use
    return TypeAdapter(InterviewAnalysis)


def format_transcript(lines: list[TranscriptLine]) -> str:
    out: list[str] = []
    stage = None
    for line in lines:
        if line.stage != stage:
            stage = line.stage
            out.append(f"[{stage or 'interview'}]")
        who = "Interviewer" if line.speaker == "interviewer" else "Candidate"
        out.append(f"{who}: {line.text}")
    return "\n".join(out)
