"""One answer at a time: what the practice page and `manage.py score_answers` share.

Both go through `assess_answer`, as the report does, so one answer gets one score everywhere.
"""

from __future__ import annotations

from typing import Any

from feedback.analysis import round_half_up
from feedback.scoring import Assessment, assess_answer, highlight_segments
from feedback.scoring.rubrics import TYPE_LABELS

MAX_ANSWER_CHARS = 8_000
MAX_QUESTION_CHARS = 500


class InputError(ValueError):
    """The input is not the documented shape; the message says what is wrong."""


def assess_one(question: str, answer: str, *, stage: str | None = None) -> Assessment:
    """One typed answer, scored as the report scores it (a typed answer has no speech measures)."""
    return assess_answer(question, " ".join(answer.split()), stage=stage)


def score_document(data: Any) -> dict[str, Any]:
    """Score every answer of a {"role", "questions": [...]} document; raise InputError on a bad shape."""
    if not isinstance(data, dict):
        raise InputError('expected a JSON object like {"questions": [{"question": "...", "answer": "..."}]}')
    role = data.get("role")
    if role is not None and not isinstance(role, str):
        raise InputError('"role" must be a string when given')
    questions = data.get("questions")
    if not isinstance(questions, list):
        raise InputError('"questions" must be a list of {"question": str, "answer": str}')
    if not questions:
        raise InputError('"questions" is empty: give at least one question with its answer')
    answers = []
    for index, item in enumerate(questions):
        where = f"questions[{index}]"
        if not isinstance(item, dict):
            raise InputError(f"{where} must be an object with \"question\" and \"answer\"")
        for key in ("question", "answer"):
            if not isinstance(item.get(key), str) or not item[key].strip():
                raise InputError(f'{where}.{key} must be a non-empty string')
        if item.get("competency") is not None and not isinstance(item["competency"], str):
            raise InputError(f"{where}.competency must be a string when given")
        # Scored as given, so every quote is a verbatim substring of the file's answer.
        answers.append(assess_answer(item["question"], item["answer"]).to_contract(item["answer"]))
    overall = round_half_up(sum(a["score"] for a in answers) / len(answers))
    return {"role": role, "overall": overall, "answers": answers}


def practice_result(question: str, answer: str, *, stage: str | None = None) -> dict[str, Any]:
    """What the practice page shows for one answer: the assessment and its highlighted text."""
    text = " ".join(answer.split())
    assessment = assess_one(question, text, stage=stage)
    return {
        "question": question,
        "text": text,
        "assessment": assessment,
        "segments": highlight_segments(text, assessment.star),
        "type_label": TYPE_LABELS.get(assessment.question_type, "an answer"),
        "star_present": [(part, bool(spans)) for part, spans in assessment.star.items()]
        if assessment.question_type == "story" else [],
    }
