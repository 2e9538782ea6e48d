"""The candidate confirms or corrects what setup read with little confidence ("We read: Desktop Support
Manager at Meyer Tech — correct?"). Corrections are stored in the documents' facts, so the interview (its
summary, the interviewer's context) and any later practice with the same documents use them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from agent_worker.core.facts import JobRequirements, ResumeFacts, strip_instructions
from agent_worker.core.facts.models import UNSURE_JOB_FACTS
from interviews.models import Interview, Status
from interviews.services.setup import summary_heuristic, summary_refined

ACTIONS = ("confirm", "correct", "remove")
FACT_LIMIT = 80


class FactsLocked(Exception):
    """The interview has started (or ended): what it was told can no longer change."""


@dataclass(frozen=True)
class Correction:
    fact: str  # "position" or one of UNSURE_JOB_FACTS
    action: str  # "confirm", "correct" or "remove"
    index: int | None = None  # which position
    title: str = ""
    employer: str = ""
    value: str = ""


def clean_fact(text: str) -> str:
    """A corrected fact as typed: one line, no instructions to a reader, at most FACT_LIMIT characters."""
    return " ".join(strip_instructions(" ".join(str(text or "").split())).split())[:FACT_LIMIT].strip()


def _apply_to_resume(facts: ResumeFacts, correction: Correction) -> None:
    index = correction.index
    if index is None or not 0 <= index < len(facts.positions):
        raise ValueError("no such position")
    position = facts.positions[index]
    title, employer = clean_fact(correction.title), clean_fact(correction.employer)
    if correction.action == "remove" or (correction.action == "correct" and not (title or employer)):
        del facts.positions[index]
        return
    if correction.action == "correct":
        position.title, position.employer = title, employer or None
    position.confirmed = True


def _apply_to_job(reqs: JobRequirements, correction: Correction) -> None:
    fact = correction.fact
    if correction.action == "remove":
        setattr(reqs, fact, None)
    elif correction.action == "correct":
        setattr(reqs, fact, clean_fact(correction.value) or None)
    if fact not in reqs.confirmed:
        reqs.confirmed.append(fact)


def facts_correct(*, interview: Interview, correction: Correction) -> None:
    """Apply one confirmation or correction, then tell the interview again what it is about."""
    if correction.action not in ACTIONS:
        raise ValueError("unknown action")
    if correction.fact != "position" and correction.fact not in UNSURE_JOB_FACTS:
        raise ValueError("unknown fact")
    with transaction.atomic():
        interview = Interview.objects.select_for_update().get(pk=interview.pk)
        if interview.status != Status.READY:
            raise FactsLocked("The interview has started; what it uses can no longer be changed.")
        resume_doc, jd_doc = interview.resume, interview.job_description
        resume = ResumeFacts.model_validate((resume_doc.facts or {}) if resume_doc else {})
        reqs = JobRequirements.model_validate((jd_doc.facts or {}) if jd_doc else {})
        if correction.fact == "position":
            if resume_doc is None:
                raise ValueError("no resume")
            _apply_to_resume(resume, correction)
            resume_doc.facts = resume.model_dump()
            resume_doc.save(update_fields=["facts"])
        else:
            if jd_doc is None:
                raise ValueError("no job description")
            before = reqs.company
            _apply_to_job(reqs, correction)
            jd_doc.facts = reqs.model_dump()
            jd_doc.save(update_fields=["facts"])
            # The company the posting named (the candidate typed none) follows the correction.
            if correction.fact == "company" and interview.company in ("", before or ""):
                interview.company = reqs.company or ""
        interview.summary = summary_heuristic(resume, reqs)
        interview.save(update_fields=["summary", "company"])
    # A refined summary is a network call: outside the transaction, and only if it is still unchanged.
    refined = summary_refined(resume, reqs, interview.summary)
    if refined != interview.summary:
        Interview.objects.filter(pk=interview.pk, status=Status.READY, summary=interview.summary).update(summary=refined)
