"""The resume read a second time by the configured model (OPENAI_API_KEY), its answer held to the document.

Runs in the web process after the sandboxed parse, never in the child: the child reads hostile bytes and has
no business on the network. The resume's text goes to the model as data (interviews.llm.data_block), and
what comes back is merged by agent_worker.core.facts.model_reading: values the text does not hold are
dropped, and facts the two readers disagree on wait for the candidate's confirmation. Any failure (no
model, an error, a timeout, an answer of the wrong shape) leaves the layout reader's facts as they were:
the candidate is told nothing, since nothing is wrong with their document.
"""

from __future__ import annotations

import json
import logging

from pydantic import ValidationError

from agent_worker.core.facts.model_reading import ModelResume, merge_model_reading, system_prompt
from agent_worker.core.facts.models import ResumeFacts
from interviews.llm import LLMError, chat_text, data_block, llm_enabled

logger = logging.getLogger(__name__)

# An upload waits for this reading: a slow model is given up on (the layout reader's facts stand).
TIMEOUT_SECONDS = 20.0
MAX_TEXT_CHARS = 16000
MAX_TOKENS = 1500


def read_resume_with_model(text: str, highlights: dict) -> dict:
    """The highlights checked against the model's reading of `text`; the same highlights when no model is
    configured or the reading fails."""
    if not llm_enabled() or not text.strip():
        return highlights
    messages = [
        {"role": "system", "content": system_prompt()},
        {"role": "user", "content": data_block("resume", text, max_chars=MAX_TEXT_CHARS)},
    ]
    try:
        reply = ModelResume.model_validate(json.loads(
            chat_text(messages, max_tokens=MAX_TOKENS, timeout=TIMEOUT_SECONDS, temperature=0.0, json_mode=True)))
    except LLMError as exc:
        logger.warning("the model's reading of a resume failed; the layout reading stands: %s", exc)
        return highlights
    except (ValueError, ValidationError) as exc:  # not JSON, or JSON of another shape
        logger.warning("the model's reading of a resume had the wrong shape; the layout reading stands: %s",
                       str(exc)[:300])
        return highlights
    return merge_model_reading(ResumeFacts.model_validate(highlights), reply, text).model_dump()
