"""Template filters for example answers."""

from __future__ import annotations

from django import template

from feedback.scoring.examples import is_outline as _is_outline

register = template.Library()


@register.filter
def is_outline(text: str | None) -> bool:
    """Whether an example answer holds none of the candidate's words, only the questions a good answer covers."""
    return _is_outline(text)
