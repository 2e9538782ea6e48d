"""The narrative's language model, through `interviews.llm` (the web side's one openai import site).

`json_completer()` returns the `complete(messages) -> str` callable that
`feedback.narrative.generate_narrative` takes, or None when no model is configured (rules then).
It returns the reply's raw text, not parsed JSON: narrative.py validates it and feeds the exact
error back to the model on a retry, which `interviews.llm.chat_json` (parse or raise) cannot do.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings

from interviews import llm as web_llm

Complete = Callable[[list[dict[str, str]]], str]
TIMEOUT_SECONDS = 60.0
MAX_TOKENS = 2500


def is_configured() -> bool:
    return web_llm.llm_enabled()


def json_completer(*, timeout: float = TIMEOUT_SECONDS) -> Complete | None:
    """A chat call with response_format JSON that returns the reply's text; None without a model."""
    if not is_configured():
        return None

    def complete(messages: list[dict[str, str]]) -> str:
        client = web_llm._client(timeout)  # the shared client factory: key, base URL, SDK retries
        try:
            completion = client.chat.completions.create(
                model=settings.OPENAI_MODEL or "gpt-4o-mini",
                messages=messages,
                response_format={"type": "json_object"},
                temperature=0.2,
                max_tokens=MAX_TOKENS,
            )
        finally:
            client.close()
        return completion.choices[0].message.content or ""

    return complete
