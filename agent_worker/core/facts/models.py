"""The facts as data: a resume's facts, its positions, and a job's requirements.

Stored as JSON on the documents (`model_dump()`) and read back with `model_validate`, leniently: facts
stored by older versions (no confidence, a null list, a stray non-string) still load.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, Field

from agent_worker.core.facts.patterns import _OUTCOME_RE

# A fact read with less confidence than this is not spoken by the interviewer until the candidate confirms
# or corrects it on the setup page.
CONFIDENT = 0.6


def _str_list(value: Any) -> list[str]:
    if not isinstance(value, list | tuple):
        return []
    return [str(v) for v in value if v is not None and str(v).strip()]


def _opt_str(value: Any) -> str | None:
    if value is None:
        return None
    value = str(value).strip()
    return value or None


def _confidence(value: Any) -> float:
    try:
        return min(1.0, max(0.0, float(value)))
    except (TypeError, ValueError):
        return 1.0  # facts stored before confidence existed


def _confidences(value: Any) -> dict[str, float]:
    return {str(k): _confidence(v) for k, v in value.items()} if isinstance(value, dict) else {}


def _objects(value: Any) -> list[Any]:
    return [v for v in value if isinstance(v, dict | BaseModel)] if isinstance(value, list | tuple) else []


StrList = Annotated[list[str], BeforeValidator(_str_list)]
OptStr = Annotated[str | None, BeforeValidator(_opt_str)]
Confidence = Annotated[float, BeforeValidator(_confidence)]
Confidences = Annotated[dict[str, float], BeforeValidator(_confidences)]


class Position(BaseModel):
    title: Annotated[str, BeforeValidator(lambda v: str(v or ""))]
    employer: OptStr = None
    start: OptStr = None
    end: OptStr = None
    # How sure the reading of title and employer is (0..1), and whether the candidate confirmed or corrected
    # it; neither makes two readings of the same position different.
    confidence: Confidence = 1.0
    confirmed: Annotated[bool, BeforeValidator(bool)] = False

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self.title, self.employer, self.start, self.end) == (other.title, other.employer, other.start,
                                                                     other.end)

    @property
    def trusted(self) -> bool:
        return self.confirmed or self.confidence >= CONFIDENT

    def describe(self) -> str:
        text = self.title or "Role"
        if self.employer:
            text += f" at {self.employer}"
        if self.start or self.end:
            # "Summer 2013" alone is a date, not a range with a missing end ("Summer 2013 – ?")
            text += f" ({self.start} – {self.end})" if self.start and self.end else f" ({self.start or self.end})"
        return text


class ResumeFacts(BaseModel):
    name: OptStr = None
    skills: StrList = Field(default_factory=list)
    positions: Annotated[list[Position], BeforeValidator(_objects)] = Field(default_factory=list)
    projects: StrList = Field(default_factory=list)
    results: StrList = Field(default_factory=list)
    education: StrList = Field(default_factory=list)
    confidence: Confidences = Field(default_factory=dict)  # of the single facts: {"name": 0.9}
    # A template's placeholders left in the resume ("Job title at Employer", "XXX"): no facts, never spoken,
    # shown to the candidate as text still to replace.
    template_text: StrList = Field(default_factory=list)

    def trusted(self) -> ResumeFacts:
        """The facts the interviewer may speak: positions read with confidence or confirmed by the candidate."""
        name = self.name if self.confidence.get("name", 1.0) >= CONFIDENT else None
        return self.model_copy(update={"name": name, "positions": [p for p in self.positions if p.trusted]})

    def unsure_positions(self) -> list[tuple[int, Position]]:
        """(index, position) of the positions to show the candidate for confirmation."""
        return [(i, p) for i, p in enumerate(self.positions) if not p.trusted]

    def measured_results(self) -> list[str]:
        """The results that measure a change the candidate made (no-shows down 26%, $2,300 saved a year): what
        the setup page lists as results. A scope ("coordination for 13 executives") is a fact, not a result."""
        return [r for r in self.results if _OUTCOME_RE.search(r)]

    def is_empty(self) -> bool:
        return not (self.name or self.skills or self.positions or self.projects or self.results or self.education)


class JobRequirements(BaseModel):
    title: OptStr = None
    company: OptStr = None
    must_haves: StrList = Field(default_factory=list)
    nice_to_haves: StrList = Field(default_factory=list)
    skills: StrList = Field(default_factory=list)
    # The level the advert is for ("Senior"; two for "Senior/Staff"), from its title or a sentence that states
    # it; when it states none, the experience it asks for ("3+ years of experience").
    seniority_signals: StrList = Field(default_factory=list)
    responsibilities: StrList = Field(default_factory=list)
    # Conditions of employment (relocation, the right to work, travel, shifts, where or when one works): the
    # candidate accepts them or not; no resume shows them, so they are never a gap.
    conditions: StrList = Field(default_factory=list)
    experience_years: OptStr = None  # the experience asked for: "5+ years", "1-3 years"
    location: OptStr = None
    confidence: Confidences = Field(default_factory=dict)  # of company, title, location
    confirmed: StrList = Field(default_factory=list)  # of those, the ones the candidate confirmed or corrected

    def is_trusted(self, fact: str) -> bool:
        return fact in self.confirmed or self.confidence.get(fact, 1.0) >= CONFIDENT

    def trusted(self) -> JobRequirements:
        """The requirements the interviewer may speak: a company, title or location read with little
        confidence is left out until the candidate confirms it."""
        trusted = self.is_trusted  # UNSURE_JOB_FACTS, named so that each field keeps its own type
        return self.model_copy(update={"company": self.company if trusted("company") else None,
                                       "title": self.title if trusted("title") else None,
                                       "location": self.location if trusted("location") else None})

    def unsure_facts(self) -> list[tuple[str, str]]:
        """(fact, value) of the company, title and location to show the candidate for confirmation."""
        return [(f, getattr(self, f)) for f in UNSURE_JOB_FACTS if getattr(self, f) and not self.is_trusted(f)]

    def is_empty(self) -> bool:
        return not (
            self.title or self.must_haves or self.nice_to_haves or self.skills or self.responsibilities
        )


UNSURE_JOB_FACTS = ("company", "title", "location")
