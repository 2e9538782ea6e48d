"""Tasks started and left to run on their own (a socket's supervisor, a voice turn's wait for its transcript).

The event loop keeps only a weak reference to a task: one nobody holds can be garbage-collected
mid-run. `start_kept` starts a task and holds it in the given set until it is done.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any


def start_kept(coro: Coroutine[Any, Any, Any], kept: set[asyncio.Task[Any]], *, name: str | None = None
               ) -> asyncio.Task[Any]:
    """Start `coro` as a task held in `kept` until it is done (then it leaves the set)."""
    task = asyncio.create_task(coro, name=name)
    kept.add(task)
    task.add_done_callback(kept.discard)
    return task
