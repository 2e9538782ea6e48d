"""The written feedback's shape (`Narrative` and its parts), shared by the rules and the LLM path."""

from __future__ import annotations

from pydantic import BaseModel, Field

from feedback.analysis import Answer, InterviewAnalysis


class EvidenceItem(BaseModel):
    """A strength or an improvement, with the candidate's own words as evidence."""

    title: str
    detail: str
    quote: str | None  # None: an improvement about something the answer leaves out
    question_id: str | None = None


class QuestionPointer(BaseModel):
    question_id: str | None
    question: str | None
    pointer: str
    quote: str | None
    score: float | None = None


class ExamplePart(BaseModel):
    """One part of an example answer (kept so reports stored before version 2 still load)."""

    part: str
    text: str
    from_candidate: bool


class ExampleAnswer(BaseModel):
    question_id: str | None
    question: str | None
    answer: str
    notes: str
    parts: list[ExamplePart] = Field(default_factory=list)


class Narrative(BaseModel):
    """The written feedback as `Report.narrative` stores it: `model_dump()` to store, `model_validate` to load."""

    source: str  # rules or llm
    has_answers: bool
    summary: str
    strengths: list[EvidenceItem]
    improvements: list[EvidenceItem]
    question_pointers: list[QuestionPointer]
    example_answer: ExampleAnswer | None
    practice_next: list[str]
    fallback_reason: str | None = None
    sceptic_reviewed: bool = False

    def quotes(self) -> list[str]:
        items: list[EvidenceItem | QuestionPointer] = [*self.strengths, *self.improvements, *self.question_pointers]
        return [item.quote for item in items if item.quote]


def scored_answers(analysis: InterviewAnalysis) -> list[Answer]:
    """The answers coaching draws on: those scored on the role's competencies, else any interview answer."""
    counted = [a for a in analysis.answers if a.counts_for_competency]
    return counted or analysis.interview_answers()


def weakest_answer(analysis: InterviewAnalysis) -> Answer | None:
    """The lowest-scoring answer that counts (the earliest on a tie), or None with no answers."""
    answers = [a for a in scored_answers(analysis) if a.is_answered]  # a question asked back has nothing to improve
    return min(answers, key=lambda a: a.score) if answers else None
