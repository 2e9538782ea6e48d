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
        for line in _awaiting(task.get_coro()):  # the task's stack shows its outer frame only
            print(f"    awaits {line}", file=sys.stderr)


def _awaiting(coro: object) -> list[str]:
    """Where a suspended coroutine waits, one line per coroutine down its `await` chain."""
    lines = []
    while coro is not None and len(lines) < 40:
        frame = getattr(coro, "cr_frame", None) or getattr(coro, "ag_frame", None) or getattr(coro, "gi_frame", None)
        if frame is not None:
            lines.append(f"{frame.f_code.co_filename}:{frame.f_lineno} in {frame.f_code.co_name}")
        coro = getattr(coro, "cr_await", None) or getattr(coro, "ag_await", None) or getattr(coro, "gi_yieldfrom", None)
    return lines
