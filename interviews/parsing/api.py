"""The public entry points: parse an uploaded document, or a pasted job description."""

from __future__ import annotations

import logging
import re
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from interviews.llm import llm_enabled
from mockflow_site.validation import explain

from .checks import check_upload
from .errors import DocumentError
from .limits import DEFAULT_LIMITS, Limits
from .sandbox import FAILED, TOO_COMPLEX, SandboxError, run_sandboxed

logger = logging.getLogger(__name__)

Kind = Literal["resume", "jd"]
PARSER = "interviews.parsing.extract.parse"


class ParsedDocument(BaseModel):
    """One document as the parsing child returns it (and `manage.py parse_document` prints it, without the
    facts of the other kind): highlights for a resume, requirements for a job description."""

    kind: Kind
    pages: int = Field(ge=0)
    chars: int = Field(ge=0)
    text: str
    highlights: dict[str, Any] | None = None  # resume: ResumeFacts.model_dump()
    requirements: dict[str, Any] | None = None  # job description: JobRequirements.model_dump()

    @property
    def facts(self) -> dict[str, Any]:
        """What was understood of it: the resume's highlights or the job's requirements."""
        return (self.highlights if self.kind == "resume" else self.requirements) or {}


def parse_document(data: bytes, filename: str, kind: Kind, *, limits: Limits = DEFAULT_LIMITS) -> ParsedDocument:
    """Check, then parse in a limited child process; raise DocumentError with a message for the candidate."""
    doctype = check_upload(data, filename, kind, limits)
    try:
        result = run_sandboxed(PARSER, data, doctype, kind, limits.max_pages, limits.max_chars, limits=limits)
    except SandboxError as exc:
        logger.warning("parsing %s (%s, %d bytes) failed in the sandbox: %s", kind, doctype, len(data), exc)
        raise DocumentError(TOO_COMPLEX if exc.exhausted else FAILED) from None
    try:
        parsed = ParsedDocument.model_validate(result)
    except ValidationError as exc:
        logger.error("parsing %s (%s) gave a result of the wrong shape: %s", kind, doctype, explain(exc))
        raise DocumentError(FAILED) from None
    if parsed.kind == "resume" and parsed.highlights is not None and llm_enabled():
        # Imported only with a model configured: it loads the facts package (about 1 s), which the parent
        # otherwise never needs.
        from .model_reading import read_resume_with_model

        parsed.highlights = read_resume_with_model(parsed.text, parsed.highlights)
    return parsed


def parse_pasted_job_description(text: str, *, limits: Limits = DEFAULT_LIMITS) -> ParsedDocument:
    """Understand a pasted job description (plain text: no parser library, so no child process)."""
    from agent_worker.core.facts import extract_job_requirements, strip_instructions

    from .normalise import join_wrapped_lines, normalise_text

    if len(text or "") > limits.max_pasted_chars * 2:
        raise DocumentError(_too_long(len(text), limits))
    clean = normalise_text((text or "").replace("\x00", ""))
    if not clean.strip():
        raise DocumentError("Please paste the job description: the text is empty.")
    if len(clean) > limits.max_pasted_chars:
        raise DocumentError(_too_long(len(clean), limits))
    clean = join_wrapped_lines(re.sub(r"\n{3,}", "\n\n", strip_instructions(clean)).strip())
    requirements = extract_job_requirements(clean).model_dump()
    return ParsedDocument(kind="jd", pages=1, chars=len(clean), text=clean, requirements=requirements)


def _too_long(length: int, limits: Limits) -> str:
    return (
        f"The job description is too long ({length:,} characters; the limit is {limits.max_pasted_chars:,}). "
        "Please paste only the job description itself."
    )
