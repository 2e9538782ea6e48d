"""The public entry points: parse an uploaded document, or a pasted job description."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any, Literal

from .checks import check_upload
from .errors import DocumentError
from .limits import DEFAULT_LIMITS, Limits
from .sandbox import FAILED, TOO_COMPLEX, SandboxError, run_sandboxed

logger = logging.getLogger(__name__)

Kind = Literal["resume", "jd"]
PARSER = "interviews.parsing.extract.parse"


@dataclass
class ParsedDocument:
    kind: str
    pages: int
    chars: int
    text: str
    highlights: dict[str, Any] | None = None  # resume: ResumeFacts.model_dump()
    requirements: dict[str, Any] | None = None  # job description: JobRequirements.model_dump()

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of `manage.py parse_document`: highlights for a resume, requirements for a JD."""
        data: dict[str, Any] = {"kind": self.kind, "pages": self.pages, "chars": self.chars, "text": self.text}
        if self.kind == "resume":
            data["highlights"] = self.highlights or {}
        else:
            data["requirements"] = self.requirements or {}
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ParsedDocument:
        return cls(
            kind=data["kind"],
            pages=int(data["pages"]),
            chars=int(data["chars"]),
            text=str(data["text"]),
            highlights=data.get("highlights"),
            requirements=data.get("requirements"),
        )


def parse_document(data: bytes, filename: str, kind: Kind, *, limits: Limits = DEFAULT_LIMITS) -> ParsedDocument:
    """Check, then parse in a limited child process; raise DocumentError with a message for the candidate."""
    doctype = check_upload(data, filename, kind, limits)
    try:
        result = run_sandboxed(PARSER, data, doctype, kind, limits.max_pages, limits.max_chars, limits=limits)
    except SandboxError as exc:
        logger.warning("parsing %s (%s, %d bytes) failed in the sandbox: %s", kind, doctype, len(data), exc)
        raise DocumentError(TOO_COMPLEX if exc.exhausted else FAILED) from None
    return ParsedDocument.from_dict(result)


def parse_pasted_job_description(text: str, *, limits: Limits = DEFAULT_LIMITS) -> ParsedDocument:
    """Understand a pasted job description (plain text: no parser library, so no child process)."""
    from agent_worker.core.facts import extract_job_requirements, strip_instructions

    from .normalise import normalise_text

    if len(text or "") > limits.max_pasted_chars * 2:
        raise DocumentError(_too_long(len(text), limits))
    clean = normalise_text((text or "").replace("\x00", ""))
    if not clean.strip():
        raise DocumentError("Please paste the job description: the text is empty.")
    if len(clean) > limits.max_pasted_chars:
        raise DocumentError(_too_long(len(clean), limits))
    clean = re.sub(r"\n{3,}", "\n\n", strip_instructions(clean)).strip()
    requirements = extract_job_requirements(clean).model_dump()
    return ParsedDocument(kind="jd", pages=1, chars=len(clean), text=clean, requirements=requirements)


def _too_long(length: int, limits: Limits) -> str:
    return (
        f"The job description is too long ({length:,} characters; the limit is {limits.max_pasted_chars:,}). "
        "Please paste only the job description itself."
    )
