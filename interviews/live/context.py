"""What the engine needs to run an interview, read once from the database.

The worker API sends it as JSON (`GET .../context`) and the text-mode driver builds its engine from
the same dict, so both drivers tailor an interview identically. `candidate` is what
`agent_worker.core.tailoring.Candidate` reads.
"""

from __future__ import annotations

import logging
from typing import Any

from pydantic import ValidationError

from interviews.models import CompanyResearch, Interview, Question
from interviews.research import SECTIONS, CompanyBrief
from mockflow_site.validation import explain

logger = logging.getLogger(__name__)


def company_brief_text(research: CompanyResearch | None) -> str:
    """The ready brief's sentences as plain text (the engine fences it off as data)."""
    if research is None or research.status != CompanyResearch.Status.READY:
        return ""
    try:
        brief = CompanyBrief.model_validate(research.brief or {})
    except ValidationError as error:
        logger.error("research %s holds a brief of the wrong shape: %s", research.pk, explain(error))
        return ""
    return "\n".join(sentence.text for name in SECTIONS for sentence in brief.section(name))[:5_000]


def question_bank(interview: Interview) -> list[dict[str, Any]]:
    questions = Question.objects.filter(role=interview.role, active=True)
    return [q.to_engine_dict() for q in questions if q.fits_level(interview.level)]


def _plan_and_bank(interview: Interview) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The frozen plan for `load_plan` and the question bank (frozen with it at setup, when it was)."""
    if not interview.plan_snapshot:
        return interview.plan.to_engine_dict(), question_bank(interview)
    snapshot = dict(interview.plan_snapshot)
    if "question_bank" in snapshot:
        bank = snapshot.pop("question_bank") or []
        return snapshot, list(bank)
    return snapshot, question_bank(interview)


def _facts(document) -> dict[str, Any] | None:
    return document.facts if document is not None and isinstance(document.facts, dict) and document.facts else None


def _focus_areas(interview: Interview) -> list[str]:
    """What the interview digs into: a recruiter's role's focus areas; for a role from the job description, the
    posting's competencies (its duties are in the bank already)."""
    if interview.role.is_from_posting:
        return list(interview.competencies or [])
    return list(interview.role.focus_areas or [])


def engine_context(interview: Interview) -> dict[str, Any]:
    """The plan snapshot, who is interviewed for what, the summary, the brief and the seed."""
    role = interview.role
    owner = interview.owner
    # A role from the job description is named and scored as its posting (frozen at setup); a recruiter's role
    # as itself.
    candidate: dict[str, Any] = {
        "name": getattr(owner, "display_name", "") or "",
        "role": interview.title if role.is_from_posting else role.title,
        "level": interview.level,
        "company": interview.company,
        "focus_areas": _focus_areas(interview),
        "competencies": interview.scored_competencies,
        "resume_text": interview.resume.text if interview.resume else "",
        "job_description": interview.job_description.text if interview.job_description else "",
        "company_brief": company_brief_text(interview.research),
    }
    if facts := _facts(interview.resume):
        candidate["highlights"] = facts
    if facts := _facts(interview.job_description):
        candidate["job_requirements"] = facts
    plan, bank = _plan_and_bank(interview)
    candidate["question_bank"] = bank
    return {
        "interview": {"id": str(interview.id), "status": interview.status, "mode": interview.mode,
                      "recording": interview.recording_consent},
        "plan": plan,
        "candidate": candidate,
        "summary": interview.summary,
        "seed": str(interview.seed),
    }


def load_interview(interview_id) -> Interview:
    return Interview.objects.select_related("role", "owner", "plan", "resume", "job_description", "research").get(
        pk=interview_id
    )
