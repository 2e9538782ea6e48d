"""Trying one question of an interview again: what an attempt is, measured the same way for the interview's own
answer and for a retake, and what changed between two of them.

An attempt's summary is small and plain (a score, whether a result and the candidate's own action are there, the
fillers, whether it was about something else), so a stored retake and the report's answer compare alike.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from feedback.textstats import filler_matches

if TYPE_CHECKING:
    from feedback.analysis_types import Answer
    from feedback.scoring import Assessment

OFF_TOPIC = "off_topic"


@dataclass(frozen=True)
class AttemptSummary:
    score: float
    has_result: bool
    has_action: bool
    fillers: int
    off_topic: bool
    words: int

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> AttemptSummary:
        return cls(**{name: data[name] for name in cls.__dataclass_fields__})


def summary_of_answer(answer: Answer) -> AttemptSummary:
    """The interview's own answer, from the report's analysis."""
    return AttemptSummary(
        score=answer.score,
        has_result=bool(answer.quantified) or "result" in answer.star_parts,
        has_action="action" in answer.star_parts,
        fillers=answer.filler_count,
        off_topic=any(e.key == OFF_TOPIC for e in answer.improvements),
        words=answer.words,
    )


def summary_of_assessment(assessment: Assessment, text: str) -> AttemptSummary:
    """A typed retake, scored by `feedback.practice.assess_one`."""
    return AttemptSummary(
        score=assessment.score,
        has_result=bool(assessment.results) or bool(assessment.star.get("result")),
        has_action=bool(assessment.star.get("action")),
        fillers=len(filler_matches(text)),
        off_topic=OFF_TOPIC in assessment.flags or any(e.key == OFF_TOPIC for e in assessment.improvements),
        words=len(text.split()),
    )


# (what is measured, said when it appears, said when it goes): most telling first. Off-topic is the one where
# appearing is worse.
_PRESENCE = (
    ("off_topic", "This one is about something other than the question asked.",
     "It answers the question asked now, not something else."),
    ("has_result", "A result is stated now: what came of it.", "The result you gave before is missing this time."),
    ("has_action", "Your own action is named now: what you did yourself.", "What you did yourself is no longer said."),
)


def what_changed(before: AttemptSummary, after: AttemptSummary) -> list[str]:
    """What is better or worse in `after` than in `before`, in the candidate's terms, most telling first."""
    changes = []
    for name, appeared, went in _PRESENCE:
        was, now = getattr(before, name), getattr(after, name)
        if now != was:
            changes.append(appeared if now else went)
    if after.fillers != before.fillers:
        changes.append(f"{'Fewer' if after.fillers < before.fillers else 'More'} filler words: "
                       f"{before.fillers} → {after.fillers}.")
    return changes
