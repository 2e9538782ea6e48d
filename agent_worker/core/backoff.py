"""Backoff: how long to wait before trying a failed call again. One helper for every retry loop.

Pure: the caller sleeps (with its own clock) and decides what is worth retrying.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator


def backoff_delay(attempt: int, *, first: float, most: float, factor: float = 2.0) -> float:
    """The wait after failed attempt number `attempt` (1-based): first, first·factor, … at most `most`."""
    return min(most, first * factor ** min(max(attempt, 1) - 1, 64))


def jittered(delay: float, rand: Callable[[], float] = random.random) -> float:
    """Between half and all of `delay`, so that many clients failing together do not retry together."""
    return delay * (0.5 + rand() / 2)


def backoff_delays(budget: float, *, first: float, most: float, factor: float = 2.0) -> Iterator[float]:
    """Successive waits (first, first·factor, … each at most `most`) adding up to `budget` seconds."""
    spent, attempt = 0.0, 1
    while spent < budget:
        step = min(backoff_delay(attempt, first=first, most=most, factor=factor), budget - spent)
        yield step
        spent += step
        attempt += 1
