"""An answer about something other than what was asked: the check itself is shared with the live interview
(`agent_worker/core/answers/offtopic.py`, `about_something_else`), and so is what the report says back of the
question (`agent_worker/core/answers/asked.py`, `asked_about`, the interviewer's own words for it)."""

from __future__ import annotations

from agent_worker.core.answers.asked import asked_about
from agent_worker.core.answers.offtopic import about_something_else

__all__ = ["about_something_else", "asked_about"]
