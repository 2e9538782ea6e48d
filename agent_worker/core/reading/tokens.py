"""Words, stems and sentences of an answer, as character spans: the ground every reading of an answer stands on (the
live interview's and the report's). One `words()`, one `stem()`, one sentence splitter."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from agent_worker.core.reading.lexicon import STOPWORDS

__all__ = ["Span", "content_stems", "sentences", "stem", "word_count", "words"]

# A word is a run of letters or digits, optionally joined by an apostrophe, a decimal point,
# a thousands comma or a hyphen ("don't", "3.5", "2,000", "state-of-the-art" are one word each).
_WORD = re.compile(r"[^\W_]+(?:['’.,\-][^\W_]+)*")


@dataclass(frozen=True)
class Span:
    """A piece of an answer: [start, end) character offsets into the answer's text."""

    start: int
    end: int
    text: str
    cue: str = ""


def words(text: str) -> list[str]:
    return _WORD.findall(text or "")


def word_count(text: str) -> int:
    return len(words(text))


@lru_cache(maxsize=16_384)
def stem(word: str) -> str:
    """A word's stem for matching one text against another ("migrated", "migrating", "migration" share "migrat")."""
    word = word.lower().replace("’", "'")
    for suffix in ("ing", "ed", "es", "s", "er", "ly"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    return word[:6]


def content_stems(text: str) -> set[str]:
    """The stems of the words that carry a topic (no stopwords, no numbers)."""
    return {stem(w) for w in words(text) if w.lower() not in STOPWORDS and not w[:1].isdigit()}


# ---------------------------------------------------------------------------------------------
# Sentences

_SENTENCE_END = re.compile(r"(?<=[.!?…])[\"'”’)]*\s+|\n+")
# A full stop after one of these is part of the word, not the end of a sentence ("the ER at St. Mary's");
# "No." only before a number ("No. 1"), so "the answer was no." still ends one.
_ABBREVIATION_BEFORE = re.compile(
    r"(?i)(?<![\w.])(?:st|dr|mr|mrs|ms|jr|sr|inc|ltd|co|vs|approx|etc|prof|e\.g|i\.e)\.$"
)


_NUMBER_ABBREVIATION = re.compile(r"(?i)(?<![\w.])no\.$")
_LONGEST_ABBREVIATION = len("approx.") + 1


def sentences(text: str, *, offset: int = 0) -> list[Span]:
    """Split text into sentence spans (offsets shifted by `offset`), whitespace trimmed."""
    spans: list[Span] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        # Only the few characters before the stop can hold an abbreviation: looking further back made splitting
        # ". . . ." cost the square of its length (8,000 characters: 1.3 s).
        near = max(0, match.start() - _LONGEST_ABBREVIATION)
        if "\n" not in match.group(0) and (
            _ABBREVIATION_BEFORE.search(text, near, match.start())
            or (_NUMBER_ABBREVIATION.search(text, near, match.start()) and text[match.end() : match.end() + 1].isdigit())
        ):
            continue
        _add_sentence(spans, text, start, match.start(), offset)
        start = match.end()
    _add_sentence(spans, text, start, len(text), offset)
    return spans


def _add_sentence(spans: list[Span], text: str, start: int, end: int, offset: int) -> None:
    piece = text[start:end]
    stripped = piece.strip()
    if not stripped or not _WORD.search(stripped):
        return
    lead = len(piece) - len(piece.lstrip())
    begin = start + lead
    spans.append(Span(begin + offset, begin + len(stripped) + offset, stripped))
