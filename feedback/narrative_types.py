"""The written feedback's shape (`Narrative` and its parts), shared by the rules and the LLM path."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from feedback.analysis import Answer, InterviewAnalysis


def _construct(cls, data: dict[str, Any]):
    names = {f.name for f in fields(cls)}
    return cls(**{k: v for k, v in data.items() if k in names})


@dataclass
class EvidenceItem:
    """A strength or an improvement, with the candidate's own words as evidence."""

    title: str
    detail: str
    quote: str | None  # None: an improvement about something the answer leaves out
    question_id: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> EvidenceItem:
        return _construct(cls, data)


@dataclass
class QuestionPointer:
    question_id: str | None
    question: str | None
    pointer: str
    quote: str | None
    score: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> QuestionPointer:
        return _construct(cls, data)


@dataclass
class ExamplePart:
    """One part of an example answer (kept so reports stored before version 2 still load)."""

    part: str
    text: str
    from_candidate: bool

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ExamplePart:
        return _construct(cls, data)


@dataclass
class ExampleAnswer:
    question_id: str | None
    question: str | None
    answer: str
    notes: str
    parts: list[ExamplePart] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["parts"] = [p.to_dict() for p in self.parts]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ExampleAnswer:
        data = dict(data)
        data["parts"] = [ExamplePart.from_dict(p) for p in data.get("parts", [])]
        return _construct(cls, data)


@dataclass
class Narrative:
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

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "has_answers": self.has_answers,
            "summary": self.summary,
            "strengths": [s.to_dict() for s in self.strengths],
            "improvements": [i.to_dict() for i in self.improvements],
            "question_pointers": [p.to_dict() for p in self.question_pointers],
            "example_answer": self.example_answer.to_dict() if self.example_answer else None,
            "practice_next": list(self.practice_next),
            "fallback_reason": self.fallback_reason,
            "sceptic_reviewed": self.sceptic_reviewed,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Narrative:
        data = dict(data)
        data["strengths"] = [EvidenceItem.from_dict(s) for s in data.get("strengths", [])]
        data["improvements"] = [EvidenceItem.from_dict(i) for i in data.get("improvements", [])]
        data["question_pointers"] = [QuestionPointer.from_dict(p) for p in data.get("question_pointers", [])]
        if data.get("example_answer"):
            data["example_answer"] = ExampleAnswer.from_dict(data["example_answer"])
        return _construct(cls, data)

    def quotes(self) -> list[str]:
        return [item.quote for item in (*self.strengths, *self.improvements, *self.question_pointers) if item.quote]


def scored_answers(analysis: InterviewAnalysis) -> list[Answer]:
    """The answers coaching draws on: those scored on the role's competencies, else any interview answer."""
    counted = [a for a in analysis.answers if a.counts_for_competency]
    return counted or analysis.interview_answers()


def weakest_answer(analysis: InterviewAnalysis) -> Answer | None:
    """The lowest-scoring answer that counts (the earliest on a tie), or None with no answers."""
    answers = [a for a in scored_answers(analysis) if a.is_answered]  # a question asked back has nothing to improve
    return min(answers, key=lambda a: a.score) if answers else None
