"""Tailoring: who is interviewed for what, and the stage instructions built from it.

Everything the candidate or the web supplied (resume, job description, company research, and the
candidate's own words) is untrusted. It is never pasted into instructions as prose: lines addressed
to a reader are dropped, facts are extracted as short phrases, and what reaches a model sits in a
delimited, length-capped block marked as data. Spoken lines only ever use the short, cleaned values
(first name, role, company).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from agent_worker.core import facts as facts_module
from agent_worker.core.asks import word_stems
from agent_worker.core.facts import JobRequirements, ResumeFacts
from agent_worker.core.plans import PLACEHOLDERS, ROLE_FIRST_COMPETENCY, Stage, StagePlan
from agent_worker.core.text import cap, cap_lines, data_block

__all__ = ["DEFAULT_ROLE_COMPETENCY", "Candidate", "InterviewContext", "safe_phrase", "setup_summary"]

# The competency a "role's first competency" stage targets when the role lists none.
DEFAULT_ROLE_COMPETENCY = "problem_solving"

RESUME_TEXT_LIMIT = 20_000
SUMMARY_LIMIT = 700
BRIEF_LIMIT = 900
ANSWER_IN_PROMPT_CHARS = 1_500  # how much of the current answer the brain's prompt quotes

_UNSAFE_PHRASE_RE = re.compile(
    r"\b(ignore|disregard|instruction|instructions|prompt|system|assistant|pretend|override|"
    r"you are|you must|say|tell|repeat|hire|hired)\b|[<>{}\[\]`|\\]",
    re.IGNORECASE,
)


def safe_phrase(text: str | None, limit: int = 60) -> str:
    """Return a short fact fit to be spoken, or "" if it is long or reads like an instruction."""
    if not text:
        return ""
    clean = cap(facts_module.strip_instructions(str(text)), limit + 40)
    if not clean or len(clean) > limit or _UNSAFE_PHRASE_RE.search(clean) or not in_latin_script(clean):
        return ""
    return clean.strip(" .;:,-")


def in_latin_script(text: str) -> bool:
    """Whether every letter is a Latin one, accents and all ("José", "Zürich"): the interviewer speaks English,
    and a Chinese title said back ("Your resume lists your role as 研发工程师") is unreadable to its voice and
    out of place in the text."""
    return all(not ch.isalpha() or unicodedata.name(ch, "").startswith("LATIN") for ch in text)


def _first_name(name: str) -> str:
    for token in re.split(r"\s+", name.strip()):
        letters = re.sub(r"[^A-Za-zÀ-ÖØ-öø-ÿ'’-]", "", token)
        if letters and len(letters) <= 30:
            return letters[:1].upper() + letters[1:]
    return ""


def _str_list(value: list[str] | str, limit: int = 12) -> list[str]:
    items = re.split(r"[,;\n]", value) if isinstance(value, str) else value
    return [cap(v, 60) for v in items if v.strip()][:limit]


# Fields the sender may leave out or send as null; a list may come as one comma-separated string.
Text = Annotated[str, BeforeValidator(lambda value: "" if value is None else value)]
Items = Annotated[list[str] | str, BeforeValidator(lambda value: [] if value is None else value)]


class Candidate(BaseModel):
    """Who is interviewed for what, as the worker API and the simulate script send it (`candidate`).

    `highlights` (the resume's facts, as `parse_document` and the worker API name them) and
    `job_requirements`, when given, skip the extraction from the texts.
    """

    model_config = ConfigDict(extra="ignore")

    name: Text = ""
    role: Text = ""
    level: Text = ""
    company: Text = ""
    focus_areas: Items = Field(default_factory=list)
    competencies: Items = Field(default_factory=list)
    resume_text: Text = ""
    job_description: Text = ""
    company_brief: Text = ""
    question_bank: list[dict[str, Any]] | None = None
    highlights: ResumeFacts | None = None
    job_requirements: JobRequirements | None = None


@dataclass
class InterviewContext:
    """The facts an interview is tailored to, prepared once at setup."""

    name: str = ""
    role: str = ""
    level: str = ""
    company: str = ""
    focus_areas: list[str] = field(default_factory=list)
    competencies: list[str] = field(default_factory=list)
    resume_text: str = ""
    job_description: str = ""
    company_brief: str = ""
    question_bank: list[dict[str, Any]] | None = None
    resume_facts: ResumeFacts = field(default_factory=ResumeFacts)
    job_requirements: JobRequirements = field(default_factory=JobRequirements)

    @classmethod
    def from_candidate(cls, data: Candidate | Mapping[str, Any]) -> InterviewContext:
        """Build a context from a `Candidate` (or its dict), extracting the facts the sender did not give;
        raise pydantic's `ValidationError` on a candidate of the wrong shape."""
        candidate = data if isinstance(data, Candidate) else Candidate.model_validate(data)
        resume_text = cap_lines(candidate.resume_text, RESUME_TEXT_LIMIT)
        job_description = cap_lines(candidate.job_description, RESUME_TEXT_LIMIT)
        # Only facts read with confidence, or confirmed by the candidate, reach what the interviewer says.
        resume_facts = (candidate.highlights or facts_module.extract_resume_facts(resume_text)).trusted()
        job_requirements = (
            candidate.job_requirements or facts_module.extract_job_requirements(job_description)
        ).trusted()
        return cls(
            name=cap(candidate.name, 80),
            role=cap(facts_module.strip_instructions(candidate.role), 80),
            level=cap(candidate.level, 30),
            company=cap(facts_module.strip_instructions(candidate.company), 60) or (job_requirements.company or ""),
            focus_areas=_str_list(candidate.focus_areas),
            competencies=_str_list(candidate.competencies),
            resume_text=resume_text,
            job_description=job_description,
            company_brief=cap(candidate.company_brief, 5_000),
            question_bank=candidate.question_bank,
            resume_facts=resume_facts,
            job_requirements=job_requirements,
        )

    # -- short values that may be spoken --------------------------------------------------------

    @cached_property
    def job_words(self) -> frozenset[str]:
        """The words of the posting's title and duties (worked out once: every motivation answer is read
        against them)."""
        job = self.job_requirements
        return frozenset(word_stems(" ".join([job.title or "", self.role, *job.responsibilities, *job.must_haves])))

    @cached_property
    def known_terms(self) -> tuple[str, ...]:
        """The resume's and the posting's skills fit to be spoken, in order, once each (worked out once:
        the listening reads every answer against them)."""
        terms = [*self.resume_facts.skills, *self.job_requirements.skills]
        return tuple(t for t in dict.fromkeys(safe_phrase(t, 30) for t in terms) if t)

    @property
    def first_name(self) -> str:
        return _first_name(self.name) if safe_phrase(self.name, 80) else ""

    @property
    def spoken_role(self) -> str:
        return safe_phrase(self.role, 60) or "this"

    @property
    def spoken_company(self) -> str:
        return safe_phrase(self.company, 40)

    def bridge_values(self, plan: StagePlan) -> dict[str, str]:
        return {
            "name": self.first_name or "there",
            "role": self.spoken_role,
            "company": self.spoken_company or "the company",
            "minutes": str(plan.expected_minutes),
        }

    def competency_for(self, stage: Stage) -> str | None:
        if stage.competency == ROLE_FIRST_COMPETENCY:
            return self.competencies[0] if self.competencies else DEFAULT_ROLE_COMPETENCY
        return stage.competency

    # -- summaries made once at setup (data, never instructions) --------------------------------

    def resume_summary(self) -> str:
        f = self.resume_facts
        lines = []
        if f.positions:
            lines.append("Roles: " + "; ".join(p.describe() for p in f.positions[:3]))
        if f.skills:
            lines.append("Skills: " + ", ".join(f.skills[:10]))
        if f.projects:
            lines.append("Projects: " + "; ".join(cap(p, 60) for p in f.projects[:3]))
        if f.results:
            lines.append("Results: " + "; ".join(cap(r, 90) for r in f.results[:3]))
        return "\n".join(lines) or "(no resume facts)"

    def job_summary(self) -> str:
        r = self.job_requirements
        lines = []
        if r.title:
            lines.append("Title: " + cap(r.title, 80))
        if r.must_haves:
            lines.append("Must-haves: " + "; ".join(cap(m, 80) for m in r.must_haves[:5]))
        if r.nice_to_haves:
            lines.append("Nice-to-haves: " + "; ".join(cap(m, 60) for m in r.nice_to_haves[:3]))
        if r.skills:
            lines.append("Skills: " + ", ".join(r.skills[:10]))
        return "\n".join(lines) or "(no job description)"

    def placeholder_values(self) -> dict[str, str]:
        brief = facts_module.strip_instructions(self.company_brief) if self.company_brief else ""
        return {
            "name": self.first_name or "the candidate",
            "role": self.spoken_role if self.spoken_role != "this" else "the",
            "level": cap(self.level, 30) or "unspecified",
            "company": self.spoken_company or "the company",
            "focus_areas": ", ".join(self.focus_areas) or "general",
            "competencies": ", ".join(self.competencies) or "general",
            "resume_highlights": data_block("RESUME HIGHLIGHTS", self.resume_summary(), SUMMARY_LIMIT),
            "job_requirements": data_block("JOB REQUIREMENTS", self.job_summary(), SUMMARY_LIMIT),
            "company_brief": data_block("COMPANY BRIEF", brief or "(no research)", BRIEF_LIMIT),
        }

    def instructions_for(self, stage: Stage) -> str:
        """Fill a stage's instruction template; each stage gets only the placeholders it names."""
        values = self.placeholder_values()

        def fill(match: re.Match[str]) -> str:
            key = match.group(1)
            return values[key] if key in PLACEHOLDERS else match.group(0)

        return re.sub(r"\{([a-zA-Z_]+)\}", fill, stage.instructions)


def setup_summary(context: InterviewContext) -> str:
    """What the interview was set up with: role, level, company and the documents' facts, in short."""
    head = f"Role: {context.spoken_role if context.spoken_role != 'this' else 'not given'}; level: " \
           f"{cap(context.level, 30) or 'not given'}; company: {context.spoken_company or 'not given'}."
    documents = facts_module.summarise_for_interview(
        context.resume_facts if not context.resume_facts.is_empty() else None,
        context.job_requirements if not context.job_requirements.is_empty() else None, max_chars=600)
    return f"{head} {documents}".strip()
