"""Speech measures of voice answers: speaking time, pace, time to first word, pauses, talk ratio.

Typed answers have none of these (None, shown as nothing rather than "n/a" tiles). Times come from
the events' ISO 8601 stamps and the transcriber's word timings.
"""

from __future__ import annotations

from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from feedback import textstats

PAUSE_SECONDS = 2.0


def round_half_up(value: float | None, places: int = 1) -> float | None:
    """Round like a person does (2.25 → 2.3), not like float formatting (banker's, binary)."""
    if value is None:
        return None
    quantum = Decimal(1).scaleb(-places)
    return float(Decimal(repr(value)).quantize(quantum, rounding=ROUND_HALF_UP))


def parse_time(value: Any) -> datetime | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None


def seconds_between(start: Any, end: Any) -> float | None:
    a, b = parse_time(start), parse_time(end)
    if a is None or b is None:
        return None
    return (b - a).total_seconds()


def _word_time(value: Any) -> float | None:
    """A word timing in seconds: a number (offset into the audio) or an ISO 8601 time."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    moment = parse_time(value)
    return moment.timestamp() if moment else None


def is_voice(event: dict) -> bool:
    """Speech measures need real speech: an utterance without a source counts as typed, as in the engine."""
    return event_data(event).get("source") == "voice"


def event_data(event: dict) -> dict:
    data = event.get("data")
    return data if isinstance(data, dict) else {}


def speech_measures(
    qid: str | None,
    voice: list[dict],
    utterances: list[dict],
    question: Any,
    agent_lines: list[dict],
) -> dict[str, Any]:
    measures: dict[str, Any] = {
        "speaking_seconds": None,
        "words_per_minute": None,
        "time_to_first_word_seconds": None,
        "pause_count": None,
        "longest_pause_seconds": None,
    }
    if not voice:
        return measures
    durations = [seconds_between(event_data(e).get("started_at"), event_data(e).get("ended_at")) for e in voice]
    speaking = sum(max(0.0, d) for d in durations if d is not None)
    measures["speaking_seconds"] = round_half_up(speaking, 2)
    if speaking > 0:
        voice_words = sum(textstats.word_count(str(event_data(e).get("text") or "")) for e in voice)
        measures["words_per_minute"] = round_half_up(voice_words / (speaking / 60), 1)

    first = utterances[0]
    if first in voice:
        asked_end = None
        asking = [e for e in agent_lines if qid and event_data(e).get("question_id") == qid]
        if asking:
            asked_end = event_data(asking[0]).get("ended_at") or asking[0].get("at")
        elif question is not None:
            asked_end = question.asked_at
        delay = seconds_between(asked_end, event_data(first).get("started_at"))
        if delay is not None:
            measures["time_to_first_word_seconds"] = round_half_up(max(0.0, delay), 2)

    gaps: list[float] = []
    for event in voice:
        stamped = [
            (_word_time(w.get("start")), _word_time(w.get("end")))
            for w in event_data(event).get("words") or []
            if isinstance(w, dict)
        ]
        timings = [(s, e) for s, e in stamped if s is not None and e is not None]
        gaps.extend(b[0] - a[1] for a, b in zip(timings, timings[1:], strict=False))
    for previous, following in zip(voice, voice[1:], strict=False):
        gap = seconds_between(event_data(previous).get("ended_at"), event_data(following).get("started_at"))
        if gap is not None:
            gaps.append(gap)
    pauses = [g for g in gaps if g > PAUSE_SECONDS]
    measures["pause_count"] = len(pauses)
    measures["longest_pause_seconds"] = round_half_up(max(pauses), 2) if pauses else None
    return measures


def talk_ratio(events: list[dict], agent_lines: list[dict]) -> tuple[float | None, float | None, float | None]:
    voice = [
        e
        for e in events
        if e.get("type") == "candidate.said"
        and is_voice(e)
        and str(event_data(e).get("text") or "").strip()
    ]
    if not voice:
        return None, None, None
    candidate = sum(
        max(0.0, d)
        for d in (seconds_between(event_data(e).get("started_at"), event_data(e).get("ended_at")) for e in voice)
        if d is not None
    )
    agent = sum(
        max(0.0, d)
        for d in (seconds_between(event_data(e).get("started_at"), event_data(e).get("ended_at")) for e in agent_lines)
        if d is not None
    )
    # Voice utterances without durations (a transport that stamps no times) give no ratio, not 0.
    ratio = round_half_up(candidate / (candidate + agent), 3) if candidate > 0 else None
    return round_half_up(candidate, 2), round_half_up(agent, 2), ratio
