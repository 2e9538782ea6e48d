"""Writes of the retake page: one more attempt at an interview's question, scored as the report scores answers."""

from __future__ import annotations

from feedback.analysis_types import Answer
from feedback.models import Attempt
from feedback.practice import assess_one
from feedback.retakes import summary_of_assessment
from feedback.selectors import job_context_of
from interviews.models import Interview


def attempt_create(*, interview: Interview, original: Answer, answer: str) -> Attempt:
    """Score `answer` to `original`'s question, against the interview's job, and keep it beside the others."""
    text = " ".join(answer.split())
    question = original.question or ""
    assessment = assess_one(question, text, stage=original.stage, job=job_context_of(interview))
    return Attempt.objects.create(
        interview=interview,
        question_id=original.question_id or "",
        question=question,
        competency=original.competency or "",
        answer=text,
        score=assessment.score,
        assessment=assessment.to_contract(text),
        summary=summary_of_assessment(assessment, text).as_dict(),
    )
