"""An answer's recording as the report plays it: its words with their times, fillers and long pauses marked where
they happened, so that a click on a word plays the answer from there."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse

from feedback.speech import PAUSE_SECONDS
from feedback.textstats import filler_matches
from interviews.models import Recording


@dataclass(frozen=True)
class ReplayWord:
    """A word of the answer (`pause_before`: the silence before it, in seconds, when it is a long pause)."""

    text: str
    start: float
    end: float
    filler: bool = False
    pause_before: float | None = None


@dataclass(frozen=True)
class Replay:
    """One recording of an answer: where to play it from, how long it lasts, and its timed words."""

    seq: int
    url: str
    seconds: float
    words: list[ReplayWord] = field(default_factory=list)


def _timed(raw: list[Any]) -> list[tuple[str, float, float]]:
    timed = []
    for word in raw:
        if not isinstance(word, dict):
            continue
        text, start, end = str(word.get("word") or "").strip(), word.get("start"), word.get("end")
        if text and isinstance(start, int | float) and isinstance(end, int | float):
            timed.append((text, float(start), float(end)))
    return sorted(timed, key=lambda word: word[1])


def replay_words(raw: list[Any]) -> list[ReplayWord]:
    """The recording's words in time order, each filler marked (the report's one reading of fillers,
    `textstats.filler_matches`, over the words as said) and each pause longer than PAUSE_SECONDS before the word
    that ends it."""
    timed = _timed(raw)
    text, spans = "", []
    for word, _, _ in timed:
        if text:
            text += " "
        spans.append((len(text), len(text) + len(word)))
        text += word
    fillers = filler_matches(text)
    words = []
    for index, ((word, start, end), (lo, hi)) in enumerate(zip(timed, spans, strict=True)):
        gap = start - timed[index - 1][2] if index else 0.0
        words.append(
            ReplayWord(
                text=word,
                start=round(start, 2),
                end=round(end, 2),
                filler=any(f_lo < hi and lo < f_hi for f_lo, f_hi, _ in fillers),
                pause_before=round(gap, 1) if gap > PAUSE_SECONDS else None,
            )
        )
    return words


def recording_url(recording: Recording) -> str:
    return reverse("feedback:recording", args=[recording.interview_id, recording.seq])


def replays_by_question(
    recordings: Iterable[Recording], url_for: Callable[[Recording], str] = recording_url
) -> dict[str, list[Replay]]:
    """The playable recordings by the question they answer, in the order they were said."""
    replays: dict[str, list[Replay]] = {}
    for recording in sorted(recordings, key=lambda r: r.seq):
        if recording.playable:
            replays.setdefault(recording.question_id, []).append(
                Replay(
                    recording.seq,
                    url_for(recording),
                    recording.duration_seconds,
                    replay_words(recording.words),
                )
            )
    return replays
