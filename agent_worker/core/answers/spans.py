"""Words and sentences of an answer, as character spans: the ground every reading of an answer stands on (the live
interview's and the report's)."""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Span", "sentences", "word_count", "words"]

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


# ---------------------------------------------------------------------------------------------
# Sentences

_SENTENCE_END = re.compile(r"(?<=[.!?…])[\"'”’)]*\s+|\n+")
# A full stop after one of these is part of the word, not the end of a sentence ("the ER at St. Mary's");
# "No." only before a number ("No. 1"), so "the answer was no." still ends one.
_ABBREVIATION_BEFORE = re.compile(
    r"(?i)(?<![\w.])(?:st|dr|mr|mrs|ms|jr|sr|inc|ltd|co|vs|approx|etc|prof|e\.g|i\.e)\.$"
)


def sentences(text: str, *, offset: int = 0) -> list[Span]:
    """Split text into sentence spans (offsets shifted by `offset`), whitespace trimmed."""
    spans: list[Span] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        if "\n" not in match.group(0) and (
            _ABBREVIATION_BEFORE.search(text, 0, match.start())
            or (re.search(r"(?i)(?<![\w.])no\.$", text[: match.start()]) and text[match.end() : match.end() + 1].isdigit())
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
