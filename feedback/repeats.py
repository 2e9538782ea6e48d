"""An answer given again to a later question, as the report reads it.

`assess_answer` scores each answer on its own (the same answer scores the same alone or among others), so a story
pasted under ten questions earned ten times the same praise. Across an interview, the second telling of the same
answer is not a new answer to the new question: it is capped, says so, and quotes nothing as a strength.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from agent_worker.core.text import same_answer
from feedback.scoring import Evidence

if TYPE_CHECKING:
    from feedback.analysis_types import Answer

REPEATED = "repeated"
REPEAT_CAP = 1.5


def repeated_answers(answers: list[Answer]) -> list[Answer]:
    """The answers with each later telling of an earlier answer capped and explained."""
    out: list[Answer] = []
    for answer in answers:
        # The test the interviewer uses live (`text.same_answer`): the report and the room agree on what a repeat is.
        earlier = next((a for a in out if a.question and a.question != answer.question
                        and same_answer(a.text, answer.text)), None)
        if earlier is None or answer.question is None:
            out.append(answer)
            continue
        asked = " ".join(answer.question.split())
        advice = (f"This is the answer you already gave to “{_short(earlier.question or '')}”. Each question asks "
                  f"for something different: answer this one (“{_short(asked)}”), with another example if you have "
                  "one, or say in a line that your earlier story is the one you have and what it shows here.")
        out.append(replace(
            answer,
            score=min(answer.score, REPEAT_CAP),
            strengths=[],
            improvements=[Evidence(REPEATED, None, advice)],
            example_answer=None,
            explanation=[*answer.explanation, f"capped at {REPEAT_CAP:g}: the same answer as to an earlier question"],
        ))
    return out


def _short(question: str, limit: int = 90) -> str:
    return question if len(question) <= limit else question[:limit].rsplit(" ", 1)[0] + "…"
