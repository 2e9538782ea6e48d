"""One plain sentence for a pydantic ValidationError: where the input went wrong and what it must be.

Bodies from outside (the worker API) and the LLM's structured output are validated with pydantic models;
their callers answer with `explain(error)` (a 400's detail, a log line before a fallback), never a 500.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _at_least_characters(n: int) -> str:
    return "must not be empty" if n == 1 else f"must be at least {_count(n, 'character')}"


# pydantic's error types in words; anything not listed falls back to pydantic's own message.
_PHRASES: dict[str, Callable[[dict[str, Any]], str]] = {
    "missing": lambda ctx: "is required",
    "model_type": lambda ctx: "must be an object",
    "model_attributes_type": lambda ctx: "must be an object",
    "dict_type": lambda ctx: "must be an object",
    "list_type": lambda ctx: "must be a list",
    "string_type": lambda ctx: "must be a string",
    "int_type": lambda ctx: "must be an integer",
    "int_from_float": lambda ctx: "must be a whole number",
    "float_type": lambda ctx: "must be a number",
    "bool_type": lambda ctx: "must be true or false",
    "string_too_long": lambda ctx: f"must be at most {_count(ctx['max_length'], 'character')}",
    "string_too_short": lambda ctx: _at_least_characters(ctx["min_length"]),
    "too_long": lambda ctx: f"must hold at most {_count(ctx['max_length'], 'item')}",
    "too_short": lambda ctx: f"must hold at least {_count(ctx['min_length'], 'item')}",
    "greater_than": lambda ctx: f"must be greater than {ctx['gt']}",
    "greater_than_equal": lambda ctx: f"must be at least {ctx['ge']}",
    "less_than_equal": lambda ctx: f"must be at most {ctx['le']}",
    "literal_error": lambda ctx: f"must be one of {ctx['expected']}",
    "extra_forbidden": lambda ctx: "is not a known field",
}


def error_path(loc: Sequence[int | str], root: str = "") -> str:
    """`("events", 3, "seq")` as `events[3].seq` (prefixed with `root`)."""
    path = root
    for part in loc:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path or "the body"


def describe(detail: ErrorDetails, root: str = "") -> str:
    phrase = _PHRASES.get(detail["type"])
    message = phrase(detail.get("ctx") or {}) if phrase else detail["msg"].removeprefix("Value error, ")
    return f"{error_path(detail['loc'], root)} {message}"


def explain(error: ValidationError, root: str = "", limit: int = 3) -> str:
    """The first `limit` problems as sentences: `events[0].seq must be greater than 0.`"""
    details = error.errors(include_url=False)
    sentences = [describe(detail, root) + "." for detail in details[:limit]]
    if len(details) > limit:
        sentences.append(f"({len(details) - limit} more.)")
    return " ".join(sentences)
