"""The resume-to-job match: covered requirements and genuine gaps."""

from __future__ import annotations

import re

from agent_worker.core.facts.models import JobRequirements, ResumeFacts
from agent_worker.core.facts.patterns import _END
from agent_worker.core.facts.skills import _vocabulary_skills

_STOPWORDS = set(
    "a an and or the of to in on for with at by from as is are be been being this that these those your our "
    "you we they it its their will would should can could must may have has had do does did not no strong "
    "excellent good great solid proven ability able experience experienced knowledge understanding skills "
    "skill working work using use including etc such other years year plus least one more well team teams "
    "demonstrable demonstrated deep broad familiarity familiar proficiency proficient".split()
)


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z][a-z0-9+#.-]{2,}", text.lower()) if w not in _STOPWORDS}


_YEARS_RE = re.compile(r"(\d{1,2})\s*(?:\+|plus)?\s*(?:-|–|to)?\s*\d{0,2}\+?\s*(?:years?|yrs?)", re.I)


def _resume_years(facts: ResumeFacts, today_year: int | None = None) -> float | None:
    spans = []
    for position in facts.positions:
        start = re.search(r"(19[5-9]\d|20\d\d)", position.start or "")
        end = re.search(r"(19[5-9]\d|20\d\d)", position.end or "")
        if not start:
            continue
        end_year: int | None
        if end:
            end_year = int(end.group(1))
        elif position.end and re.match(_END, position.end, re.I):
            end_year = today_year
        else:
            end_year = None
        if end_year is None:
            continue
        spans.append((int(start.group(1)), end_year))
    if not spans:
        return None
    spans.sort()
    total, cur_start, cur_end = 0, spans[0][0], spans[0][1]
    for s, e in spans[1:]:
        if s <= cur_end:
            cur_end = max(cur_end, e)
        else:
            total += cur_end - cur_start
            cur_start, cur_end = s, e
    total += cur_end - cur_start
    return float(total)


def match_resume_to_job(facts: ResumeFacts, reqs: JobRequirements, *, today_year: int | None = None) -> dict:
    """Compare resume facts with job requirements: matched skills and requirements, and the gaps."""
    resume_skills = {s.lower(): s for s in facts.skills}
    job_skills = list(reqs.skills)
    matched_skills = [s for s in job_skills if s.lower() in resume_skills]
    missing_skills = [s for s in job_skills if s.lower() not in resume_skills]
    resume_text = " ".join(
        [*facts.skills, *(p.describe() for p in facts.positions), *facts.projects, *facts.results, *facts.education]
    )
    resume_words = _words(resume_text)
    if today_year is None:
        import datetime

        today_year = datetime.date.today().year
    years = _resume_years(facts, today_year)

    def judge(requirement: str) -> tuple[bool, str]:
        req_skills = _vocabulary_skills(requirement)
        years_match = _YEARS_RE.search(requirement)
        if years_match and years is not None:
            if years < int(years_match.group(1)):
                return False, f"asks for {years_match.group(0)}; the resume shows about {int(years)}"
            if not req_skills:
                return True, f"the resume shows about {int(years)} years"
        if req_skills:
            have = [s for s in req_skills if s.lower() in resume_skills]
            missing = [s for s in req_skills if s.lower() not in resume_skills]
            if have and len(have) * 2 >= len(req_skills):
                why = "resume lists " + ", ".join(have)
                return True, why + ("; not " + ", ".join(missing) if missing else "")
            return False, "resume does not mention " + ", ".join(missing)
        words = _words(requirement)
        common = words & resume_words
        if words and (len(common) >= 2 or len(common) / len(words) >= 0.4):
            return True, "resume mentions " + ", ".join(sorted(common)[:4])
        return False, "not evident in the resume"

    matched_requirements, gaps = [], []
    for requirement in reqs.must_haves:
        ok, why = judge(requirement)
        (matched_requirements if ok else gaps).append({"requirement": requirement, "why": why})
    nice_matched = [n for n in reqs.nice_to_haves if judge(n)[0]]
    total = len(reqs.must_haves)
    return {
        "matched_skills": matched_skills,
        "missing_skills": missing_skills,
        "extra_skills": [s for s in facts.skills if s.lower() not in {j.lower() for j in job_skills}][:15],
        "matched_requirements": matched_requirements,
        "gaps": gaps,
        "nice_to_haves_matched": nice_matched,
        "resume_years": years,
        "coverage": round(len(matched_requirements) / total, 2) if total else None,
    }
