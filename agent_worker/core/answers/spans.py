"""Words and sentences of an answer: they live in `agent_worker.core.reading.tokens` (one `words()`, one `stem()`,
one sentence splitter for the live interview and the report alike); imported here for the modules that still
name them by this path."""

from agent_worker.core.reading.tokens import Span, sentences, word_count, words

__all__ = ["Span", "sentences", "word_count", "words"]
