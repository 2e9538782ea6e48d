"""Clocks for the text-mode driver: the wall clock, or a faster one (benchmarks, tests, demos)."""

import time


class ScaledClock:
    """Epoch seconds that run `rate` times faster than real time, from the moment it is made.

    The driver sleeps `(deadline - now) / rate` real seconds, so a 90-second stage cap passes in
    0.9 s at rate 100. Share one instance between drivers of the same interview.
    """

    def __init__(self, rate: float = 1.0, start: float | None = None) -> None:
        if rate <= 0:
            raise ValueError("rate must be positive")
        self.rate = float(rate)
        self._epoch = time.time() if start is None else float(start)
        self._origin = time.monotonic()

    def now(self) -> float:
        return self._epoch + (time.monotonic() - self._origin) * self.rate
