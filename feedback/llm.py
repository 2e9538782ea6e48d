"""The narrative's language model, through `interviews.llm` (the web side's one openai import site).

`json_completer()` returns the `complete(messages) -> str` callable that
`feedback.narrative.generate_narrative` takes, or None when no model is configured (rules then).
It returns the reply's raw text (`chat_text(json_mode=True)`), not parsed JSON: narrative.py
validates it and feeds the exact error back to the model on a retry.
"""

from __future__ import annotations

from collections.abc import Callable

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
        return web_llm.chat_text(messages, json_mode=True, max_tokens=MAX_TOKENS, timeout=timeout, temperature=0.2)

    return complete
