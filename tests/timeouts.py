"""A hard time limit for a test that could hang: it fails instead of hanging the whole suite."""

import faulthandler
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest


@contextmanager
def fail_after(seconds: float) -> Iterator[None]:
    """After `seconds`, write every thread's stack to stderr and fail in the main thread, wherever it waits
    (a lock, a join, an event loop's select: each returns to Python for the signal)."""

    def expired(signum, frame):
        faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
        pytest.fail(f"Still running after {seconds:g} s (every thread's stack is above).", pytrace=False)

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
