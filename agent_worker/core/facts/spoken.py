"""Spoken phrasing: the short factual summary the interviewer's instructions carry."""

from __future__ import annotations

import re

from agent_worker.core.facts.cleanup import _SENTENCE_SPLIT, _is_addressed_to_reader, _shorten
from agent_worker.core.facts.matching import match_resume_to_job
from agent_worker.core.facts.models import JobRequirements, ResumeFacts


def _fit(sentences: list[str], budget: int) -> str:
    """Join whole sentences while they fit the budget; shorten the first one if nothing fits."""
    out = ""
    for sentence in sentences:
        candidate = f"{out} {sentence}".strip()
        if len(candidate) <= budget:
            out = candidate
        elif not out and budget > 20:
            out = _shorten(sentence, budget)
    return out


def summarise_for_interview(
    facts: ResumeFacts | None, reqs: JobRequirements | None, max_chars: int = 600
) -> str:
    """A short factual summary of the resume and the job, for the engine's stage instructions. Facts read with
    little confidence and not confirmed by the candidate are left out: the interviewer never says them."""
    facts = facts.trusted() if facts is not None else None
    reqs = reqs.trusted() if reqs is not None else None
    parts: list[str] = []
    if facts is not None:
        resume: list[str] = []
        if facts.positions:
            resume.append("Recent roles: " + "; ".join(p.describe() for p in facts.positions[:2]) + ".")
        if facts.skills:
            resume.append("Skills: " + ", ".join(facts.skills[:8]) + ".")
        if facts.projects:
            resume.append("Projects: " + "; ".join(_shorten(p, 50) for p in facts.projects[:2]) + ".")
        if facts.results:
            resume.append("Results: " + "; ".join(_shorten(r, 70) for r in facts.results[:2]) + ".")
        if facts.education:
            resume.append("Education: " + _shorten(facts.education[0], 70) + ".")
        # Leave room for the job: the resume gets about half the budget when both are given.
        budget = max_chars // 2 if reqs is not None else max_chars
        parts.append(_fit(resume, budget))
    if reqs is not None:
        role = reqs.title or "the role"
        if reqs.company:
            role += f" at {reqs.company}"
        job = [f"Job: {role}."]
        if reqs.must_haves:
            job.append("Must-haves: " + "; ".join(_shorten(m, 60) for m in reqs.must_haves[:3]) + ".")
        level = ", ".join(reqs.seniority_signals[:2])
        years = reqs.experience_years
        if level and years and years not in level:
            job.append(f"Seniority: {level}; {years} of experience.")
        elif level:
            job.append(f"Seniority: {level}.")
        elif years:
            job.append(f"Experience: {years}.")
        if facts is not None:
            match = match_resume_to_job(facts, reqs)
            if match["matched_skills"]:
                job.append("Matching skills: " + ", ".join(match["matched_skills"][:5]) + ".")
            if match["missing_skills"]:
                job.append("Skills to probe: " + ", ".join(match["missing_skills"][:4]) + ".")
        elif reqs.skills:
            job.append("Skills: " + ", ".join(reqs.skills[:8]) + ".")
        if reqs.nice_to_haves:
            job.append("Nice-to-haves: " + "; ".join(_shorten(n, 50) for n in reqs.nice_to_haves[:2]) + ".")
        parts.append(_fit(job, max_chars - len(" ".join(p for p in parts if p)) - 1))
    summary = " ".join(p for p in parts if p)
    # The summary goes into instructions: it must not carry anything that reads as one.
    summary = " ".join(s for s in _SENTENCE_SPLIT.split(summary) if not _is_addressed_to_reader(s))
    summary = re.sub(r"\s+", " ", summary).strip()
    if len(summary) <= max_chars:
        return summary
    cut = summary[: max(0, max_chars - 1)]
    boundary = max(cut.rfind(". "), cut.rfind("; "))
    if boundary > max_chars // 2:
        cut = cut[: boundary + 1]
    else:
        cut = cut.rsplit(" ", 1)[0] if " " in cut else cut
    return (cut.rstrip() + "…")[:max_chars] if not cut.endswith(".") else cut
