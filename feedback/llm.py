"""The narrative's language model: an OpenAI-compatible chat call that answers with a JSON object.

On when OPENAI_API_KEY is set (any value for a local server), at OPENAI_BASE_URL when given, with
OPENAI_MODEL. `json_completer()` returns the `complete(messages) -> str` callable that
`feedback.narrative.generate_narrative` takes, or None when no model is configured (rules then).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings

Complete = Callable[[list[dict[str, str]]], str]


def is_configured() -> bool:
    return bool(settings.OPENAI_API_KEY)


def model_name() -> str:
    return settings.OPENAI_MODEL


def client(*, timeout: float = 60.0, max_retries: int = 1):
    import openai

    return openai.OpenAI(
        api_key=settings.OPENAI_API_KEY,
        base_url=settings.OPENAI_BASE_URL or None,
        timeout=timeout,
        max_retries=max_retries,
    )


def json_completer(*, timeout: float = 60.0, max_retries: int = 1) -> Complete | None:
    """A chat call that asks for a JSON object and returns the reply's text; None without a model."""
    if not is_configured():
        return None
    api = client(timeout=timeout, max_retries=max_retries)

    def complete(messages: list[dict[str, str]]) -> str:
        completion = api.chat.completions.create(
            model=model_name(),
            messages=messages,
            response_format={"type": "json_object"},
            temperature=0.2,
        )
        return completion.choices[0].message.content or ""

    return complete
