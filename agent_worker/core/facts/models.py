"""The facts as data: a resume's facts, its positions, and a job's requirements."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


def _str_list(value: Any) -> list[str]:
    if not isinstance(value, list | tuple):
        return []
    return [str(v) for v in value if v is not None and str(v).strip()]


def _opt_str(value: Any) -> str | None:
    if value is None:
        return None
    value = str(value).strip()
    return value or None


@dataclass
class Position:
    title: str
    employer: str | None = None
    start: str | None = None
    end: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Position:
        return cls(
            title=str(data.get("title") or ""),
            employer=_opt_str(data.get("employer")),
            start=_opt_str(data.get("start")),
            end=_opt_str(data.get("end")),
        )

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
        )

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
        )

    def is_empty(self) -> bool:
        return not (
            self.title or self.must_haves or self.nice_to_haves or self.skills or self.responsibilities
        )
