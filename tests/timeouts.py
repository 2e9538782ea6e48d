"""A hard time limit for a test that could hang: it fails instead of hanging the whole suite."""

import asyncio
import faulthandler
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest


@contextmanager
def fail_after(seconds: float) -> Iterator[None]:
    """After `seconds`, write every thread's stack to stderr and fail in the main thread, wherever it waits
    (a lock, a join, an event loop's select: each returns to Python for the signal). An event loop's tasks
    are printed too: a hung await shows there, not in the threads' stacks."""

    def expired(signum, frame):
        try:
            faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
        except (OSError, ValueError):  # stderr captured in memory (no file descriptor)
            faulthandler.dump_traceback(file=sys.__stderr__, all_threads=True)
        _print_tasks()
        pytest.fail(f"Still running after {seconds:g} s (every thread's stack is above).", pytrace=False)

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _print_tasks() -> None:
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    for task in asyncio.all_tasks(loop):
        print(f"Task {task.get_name()}:", file=sys.stderr)
        task.print_stack(file=sys.stderr)
