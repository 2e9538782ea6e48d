"""An answer about something other than what was asked: the check itself is shared with the live interview
(`agent_worker/core/answers/offtopic.py`, `about_something_else`); here, what the report says back of the question."""

from __future__ import annotations

import re

from agent_worker.core.answers.offtopic import about_something_else

__all__ = ["about_something_else", "asked_about"]


# "Tell me about a time you…", "Describe a situation where…": the subject, said back as "about a time you…".
_ASKED_OPENING = re.compile(
    r"(?i)^\s*(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:tell\s+(?:me|us)\s+about|describe|talk\s+(?:me\s+)?about|"
    r"share|give\s+(?:(?:me|us)\s+)?an\s+example\s+of|walk\s+(?:me|us)\s+through)\s+(?=(?:a|an|the|one|your|when)\b)"
)


def asked_about(question: str) -> str:
    """What the question asks for, to say back to the candidate: 'about a time you disagreed with a colleague', or
    the question itself in quotes when it has no such opening."""
    asked = question.strip()
    opening = _ASKED_OPENING.match(asked)
    if opening is None or "?" in asked[opening.end():].rstrip("?"):
        return f'"{asked}"'
    subject = asked[opening.end():].rstrip(" ?.!")
    return f"for an example of {subject}" if "example" in opening.group(0).lower() else f"about {subject}"
