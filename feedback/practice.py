"""One answer at a time: what the practice page and `manage.py score_answers` share.

Both go through `assess_answer`, as the report does, so one answer gets one score everywhere.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, Field, StrictStr, ValidationError

from feedback.analysis import round_half_up
from feedback.scoring import Assessment, JobContext, assess_answer, highlight_segments
from feedback.scoring.rubrics import TYPE_LABELS

PRACTICE_ANSWER_MAX_CHARS = 8_000
PRACTICE_QUESTION_MAX_CHARS = 500


class InputError(ValueError):
    """The input is not the documented shape; the message says what is wrong."""


def assess_one(question: str, answer: str, *, stage: str | None = None, job: JobContext | None = None) -> Assessment:
    """One typed answer, scored as the report scores it (a typed answer has no speech measures)."""
    return assess_answer(question, " ".join(answer.split()), stage=stage, job=job)


def _not_blank(text: str) -> str:
    if not text.strip():
        raise ValueError("blank")
    return text  # scored as given, so every quote is a verbatim substring of the file's answer


NonBlank = Annotated[StrictStr, AfterValidator(_not_blank)]


class AnswerToScore(BaseModel):
    question: NonBlank
    answer: NonBlank
    competency: StrictStr | None = None


class ScoreRequest(BaseModel):
    """`manage.py score_answers`'s input: `{"role", "job_description", "questions": [{"question", "answer",
    "competency"}]}`."""

    role: StrictStr | None = None
    job_description: StrictStr | None = None
    questions: list[AnswerToScore] = Field(min_length=1)


def _input_error(error: ValidationError) -> InputError:
    """The first problem in the words the command has always used."""
    detail = error.errors(include_url=False)[0]
    loc, kind = detail["loc"], detail["type"]
    if not loc:
        return InputError('expected a JSON object like {"questions": [{"question": "...", "answer": "..."}]}')
    if loc[0] in ("role", "job_description"):
        return InputError(f'"{loc[0]}" must be a string when given')
    if len(loc) == 1:
        if kind == "too_short":
            return InputError('"questions" is empty: give at least one question with its answer')
        return InputError('"questions" must be a list of {"question": str, "answer": str}')
    where = f"questions[{loc[1]}]"
    if len(loc) == 2:
        return InputError(f"{where} must be an object with \"question\" and \"answer\"")
    if loc[2] == "competency":
        return InputError(f"{where}.competency must be a string when given")
    return InputError(f"{where}.{loc[2]} must be a non-empty string")


def score_document(data: Any) -> dict[str, Any]:
    """Score every answer of a {"role", "questions": [...]} document; raise InputError on a bad shape."""
    try:
        request = ScoreRequest.model_validate(data)
    except ValidationError as error:
        raise _input_error(error) from None
    job = JobContext.from_posting(request.job_description, role=request.role) if request.job_description else None
    answers = [assess_answer(item.question, item.answer, job=job).to_contract(item.answer) for item in request.questions]
    overall = round_half_up(sum(a["score"] for a in answers) / len(answers))
    used = {"title": job.title, "duties": list(job.duties), "must_haves": list(job.must_haves)} if job else None
    return {"role": request.role, "job": used, "overall": overall, "answers": answers}


def practice_result(question: str, answer: str, *, stage: str | None = None, job: JobContext | None = None
                    ) -> dict[str, Any]:
    """What the practice page shows for one answer: the assessment and its highlighted text."""
    text = " ".join(answer.split())
    assessment = assess_one(question, text, stage=stage, job=job)
    return {
        "question": question,
        "job": job,
        "text": text,
        "assessment": assessment,
        "segments": highlight_segments(text, assessment.star),
        "type_label": TYPE_LABELS.get(assessment.question_type, "an answer"),
        "star_present": [(part, bool(spans)) for part, spans in assessment.star.items()]
        if assessment.question_type == "story" else [],
    }
