"""How an answer is read: one reading per answer, shared by the live interviewer and the report.

- `reading.lexicon`: every word list the readers share.
- `reading.tokens`: one `words()`, one `stem()`, the sentence splitter (in time proportional to the text).
- `reading.answer`: `read(text)`, the answer's sentences and results, built once and kept for the turn.

This package's `__init__` imports nothing, so `reading.tokens` can sit under `answers.*` without a cycle.
"""
