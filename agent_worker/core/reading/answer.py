"""One reading of an answer, built once and shared: its sentences (what each does: scene, task, action, result;
whose action; filler, vagueness, reasons) and its results, with the problem's own measurements left out.

The report's rubrics (`feedback.scoring`), the off-topic check and the live interviewer's listening all start from
`read(text)`; the same text is read once however many of them ask (a turn used to read an answer about three times:
the listening's small-talk check, the off-topic check and the report's scoring each split and analysed it again).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import lru_cache

from agent_worker.core.answers.results import result_spans
from agent_worker.core.answers.sentences import Sentence, analyse_sentences
from agent_worker.core.reading.tokens import Span, sentences, word_count

__all__ = ["AnswerReading", "read"]


@dataclass(frozen=True)
class AnswerReading:
    """What one answer says, read once."""

    text: str
    spans: tuple[Span, ...]
    sentences: tuple[Sentence, ...]
    results: tuple[Span, ...]  # measured outcomes, less a change told as the problem faced
    words: int

    def sentence_list(self) -> list[Sentence]:
        """The sentences as a list of copies, for a caller that marks them (the report adds the posting's words)."""
        return [copy.copy(s) for s in self.sentences]


def read(text: str, spans: tuple[Span, ...] | None = None) -> AnswerReading:
    """The reading of `text`, split into `spans` when the caller split it itself (the report splits per transcript
    line), else into sentences here."""
    return _read(text, spans) if spans is not None else _read_whole(text)


@lru_cache(maxsize=512)
def _read_whole(text: str) -> AnswerReading:
    """`text` split here: the split is kept with the reading (the interviewer and the report both ask by text)."""
    return _read(text, tuple(sentences(text)))


@lru_cache(maxsize=512)
def _read(text: str, spans: tuple[Span, ...]) -> AnswerReading:
    found = result_spans(text, list(spans))
    analysed = analyse_sentences(text, list(spans), found)
    # "Our audit was moved forward by two weeks" sets the scene: it is not one of their results.
    kept = tuple(r for r in found if not any(s.scene_change and s.span.start <= r.start < s.span.end for s in analysed))
    return AnswerReading(text=text, spans=spans, sentences=tuple(analysed), results=kept, words=word_count(text))
