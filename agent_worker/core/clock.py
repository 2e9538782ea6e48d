"""Time for the engine: an injected clock, never `time.sleep`.

The engine reads time only through a `Clock`. Drivers on real time pass `SystemClock()`; tests and
`simulate` pass a `FakeClock` and move it by hand. Times are float seconds since the Unix epoch (UTC).
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Protocol

__all__ = ["Clock", "FakeClock", "SystemClock", "iso", "parse_iso"]


class Clock(Protocol):
    def now(self) -> float:
        """Return the current time in seconds since the epoch (UTC)."""
        ...


class SystemClock:
    """The wall clock, for drivers on real time."""

    def now(self) -> float:
        return time.time()


class FakeClock:
    """A clock that only moves when told to: tests and the simulator drive it."""

    def __init__(self, start: float | str | datetime = "2025-01-06T09:00:00Z") -> None:
        if isinstance(start, str):
            start = parse_iso(start)
        elif isinstance(start, datetime):
            start = start.timestamp()
        self._now = float(start)

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> float:
        if seconds < 0:
            raise ValueError("a clock does not go backwards")
        self._now += seconds
        return self._now

    def set(self, when: float) -> float:
        if when < self._now:
            raise ValueError("a clock does not go backwards")
        self._now = when
        return self._now


def iso(when: float) -> str:
    """Format epoch seconds as ISO 8601 UTC with milliseconds, e.g. 2025-01-06T09:00:00.000Z."""
    s = datetime.fromtimestamp(round(when, 3), tz=UTC)  # formatted by hand: strftime is the slow part of an event
    return (f"{s.year:04d}-{s.month:02d}-{s.day:02d}T{s.hour:02d}:{s.minute:02d}:{s.second:02d}."
            f"{s.microsecond // 1000:03d}Z")


def parse_iso(text: str) -> float:
    """Parse an ISO 8601 time (a trailing Z means UTC; a naive time is taken as UTC)."""
    value = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.timestamp()
