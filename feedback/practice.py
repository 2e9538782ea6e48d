"""One answer at a time: what the practice page and `manage.py score_answers` share.

Both go through `assess_answer`, as the report does, so one answer gets one score everywhere.
"""

from __future__ import annotations

from typing import Any

from feedback.analysis import round_half_up
from feedback.scoring import Assessment, assess_answer

MAX_ANSWER_CHARS = 8_000
MAX_QUESTION_CHARS = 500


class InputError(ValueError):
    """The input is not the documented shape; the message says what is wrong."""


def assess_one(question: str, answer: str) -> Assessment:
    return assess_answer(question, answer)


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
        assessment = assess_answer(item["question"], item["answer"])
        answers.append(assessment.to_contract(item["answer"]))
    overall = round_half_up(sum(a["score"] for a in answers) / len(answers))
    return {"role": role, "overall": overall, "answers": answers}
