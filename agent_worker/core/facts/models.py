"""The facts as data: a resume's facts, its positions, and a job's requirements."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

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


@dataclass
class Position:
    title: str
    employer: str | None = None
    start: str | None = None
    end: str | None = None
    # How sure the reading of title and employer is (0..1), and whether the candidate confirmed or corrected
    # it; neither makes two readings of the same position different.
    confidence: float = field(default=1.0, compare=False)
    confirmed: bool = field(default=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Position:
        return cls(
            title=str(data.get("title") or ""),
            employer=_opt_str(data.get("employer")),
            start=_opt_str(data.get("start")),
            end=_opt_str(data.get("end")),
            confidence=_confidence(data.get("confidence", 1.0)),
            confirmed=bool(data.get("confirmed")),
        )

    @property
    def trusted(self) -> bool:
        return self.confirmed or self.confidence >= CONFIDENT

    def describe(self) -> str:
        text = self.title or "Role"
        if self.employer:
            text += f" at {self.employer}"
        if self.start or self.end:
            text += f" ({self.start or '?'} – {self.end or '?'})"
        return text


@dataclass
class ResumeFacts:
    name: str | None = None
    skills: list[str] = field(default_factory=list)
    positions: list[Position] = field(default_factory=list)
    projects: list[str] = field(default_factory=list)
    results: list[str] = field(default_factory=list)
    education: list[str] = field(default_factory=list)
    confidence: dict[str, float] = field(default_factory=dict)  # of the single facts: {"name": 0.9}

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> ResumeFacts:
        data = data or {}
        positions = [
            Position.from_dict(p) for p in data.get("positions") or [] if isinstance(p, dict)
        ]
        return cls(
            name=_opt_str(data.get("name")),
            skills=_str_list(data.get("skills")),
            positions=positions,
            projects=_str_list(data.get("projects")),
            results=_str_list(data.get("results")),
            education=_str_list(data.get("education")),
            confidence=_confidences(data.get("confidence")),
        )

    def trusted(self) -> ResumeFacts:
        """The facts the interviewer may speak: positions read with confidence or confirmed by the candidate."""
        name = self.name if self.confidence.get("name", 1.0) >= CONFIDENT else None
        return replace(self, name=name, positions=[p for p in self.positions if p.trusted])

    def unsure_positions(self) -> list[tuple[int, Position]]:
        """(index, position) of the positions to show the candidate for confirmation."""
        return [(i, p) for i, p in enumerate(self.positions) if not p.trusted]

    def is_empty(self) -> bool:
        return not (self.name or self.skills or self.positions or self.projects or self.results or self.education)


@dataclass
class JobRequirements:
    title: str | None = None
    company: str | None = None
    must_haves: list[str] = field(default_factory=list)
    nice_to_haves: list[str] = field(default_factory=list)
    skills: list[str] = field(default_factory=list)
    # The level the advert is for ("Senior"; two for "Senior/Staff"), from its title or a sentence that states
    # it; when it states none, the experience it asks for ("3+ years of experience").
    seniority_signals: list[str] = field(default_factory=list)
    responsibilities: list[str] = field(default_factory=list)
    experience_years: str | None = None  # the experience asked for: "5+ years", "1-3 years"
    location: str | None = None
    confidence: dict[str, float] = field(default_factory=dict)  # of company, title, location
    confirmed: list[str] = field(default_factory=list)  # of those, the ones the candidate confirmed or corrected

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> JobRequirements:
        data = data or {}
        return cls(
            title=_opt_str(data.get("title")),
            company=_opt_str(data.get("company")),
            must_haves=_str_list(data.get("must_haves")),
            nice_to_haves=_str_list(data.get("nice_to_haves")),
            skills=_str_list(data.get("skills")),
            seniority_signals=_str_list(data.get("seniority_signals")),
            responsibilities=_str_list(data.get("responsibilities")),
            experience_years=_opt_str(data.get("experience_years")),
            location=_opt_str(data.get("location")),
            confidence=_confidences(data.get("confidence")),
            confirmed=_str_list(data.get("confirmed")),
        )

    def is_trusted(self, fact: str) -> bool:
        return fact in self.confirmed or self.confidence.get(fact, 1.0) >= CONFIDENT

    def trusted(self) -> JobRequirements:
        """The requirements the interviewer may speak: a company, title or location read with little
        confidence is left out until the candidate confirms it."""
        trusted = self.is_trusted  # UNSURE_JOB_FACTS, named so that each field keeps its own type
        return replace(self, company=self.company if trusted("company") else None,
                       title=self.title if trusted("title") else None,
                       location=self.location if trusted("location") else None)

    def unsure_facts(self) -> list[tuple[str, str]]:
        """(fact, value) of the company, title and location to show the candidate for confirmation."""
        return [(f, getattr(self, f)) for f in UNSURE_JOB_FACTS if getattr(self, f) and not self.is_trusted(f)]

    def is_empty(self) -> bool:
        return not (
            self.title or self.must_haves or self.nice_to_haves or self.skills or self.responsibilities
        )


UNSURE_JOB_FACTS = ("company", "title", "location")
