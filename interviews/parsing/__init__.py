"""Parse uploaded resumes and job descriptions safely.

Checks run before any parser sees the bytes (size, type by magic bytes and extension, the zip of a DOCX);
parsing runs in a child process with CPU, memory and wall-clock limits; the text is normalised, lines
addressed to a reader are dropped, and the facts are extracted (`agent_worker.core.facts`).
Usable from plain Python: nothing here needs Django settings.
"""

from .api import ParsedDocument, parse_document, parse_pasted_job_description
from .errors import DocumentError
from .limits import DEFAULT_LIMITS, Limits

__all__ = [
    "DEFAULT_LIMITS",
    "DocumentError",
    "Limits",
    "ParsedDocument",
    "parse_document",
    "parse_pasted_job_description",
]
