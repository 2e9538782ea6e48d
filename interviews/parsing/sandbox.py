"""Run a function in a child process with CPU, memory and wall-clock limits.

Each child reads one document and exits: a child that read hostile bytes is never given another. To
keep the start of a child (the interpreter and the parsers' imports, about half a second) out of an
upload's time, each process keeps one spare child started ahead: limits applied, the function's module
imported, waiting on its stdin for its one request. A call takes the spare (when it was started with
the same limits and module) and starts the next spare at once; the first call of a process starts cold.
A spare whose parent exits reads the end of its stdin and exits too.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .errors import DocumentError
from .limits import DEFAULT_LIMITS, Limits

PROJECT_ROOT = Path(__file__).resolve().parents[2]
TOO_COMPLEX = "This document took too long or too much memory to read and was refused. Please simplify it or export it again."
FAILED = "This document could not be read. Please export it again (PDF or DOCX) and re-upload."


class SandboxError(Exception):
    """The child died, ran out of time or memory, or failed unexpectedly (detail for logs)."""

    def __init__(self, detail: str, *, exhausted: bool = False):
        super().__init__(detail)
        self.exhausted = exhausted  # killed by a limit, or out of memory or recursion


def _encode(value: Any) -> Any:
    if isinstance(value, bytes | bytearray):
        return {"__bytes__": base64.b64encode(bytes(value)).decode("ascii")}
    if isinstance(value, list | tuple):
        return [_encode(v) for v in value]
    return value


def _child_env() -> dict[str, str]:
    # The child reads hostile bytes: it gets no secrets (API keys, SECRET_KEY) from our environment.
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONHASHSEED": "0",
        "PYTHONIOENCODING": "utf-8",
    }


def _release_database_connections() -> None:
    """Give this thread's database connections back (to the pool) while the child works: a parse takes
    about a second, and uploads holding their connections through it (or through their wait for a free
    child) would exhaust the pool in a burst. The next query takes one again. Never inside a transaction."""
    from mockflow_site.connections import release_connections

    release_connections()


def run_sandboxed(func_path: str, *args: Any, limits: Limits = DEFAULT_LIMITS) -> Any:
    """Call `func_path(*args)` in a limited child process and return its JSON result.

    A `DocumentError` raised by the function is raised here with its message; a child killed by its
    limits or the wall clock, or failing otherwise, raises `SandboxError`.
    """
    request = json.dumps({"func": func_path, "args": _encode(list(args))}).encode("utf-8")
    _release_database_connections()
    with _queue.slot(limits):
        return _run_child(func_path, request, limits)


def _run_child(func_path: str, request: bytes, limits: Limits) -> Any:
    module = func_path.rpartition(".")[0]
    process = _take_spare(limits, module) or _start_child(limits, module)
    _keep_spare(limits, module)
    try:
        stdout, stderr = process.communicate(request, timeout=limits.wall_seconds)
    except subprocess.TimeoutExpired:
        _kill(process)
        raise SandboxError(f"killed after {limits.wall_seconds:g} s of wall-clock time", exhausted=True) from None
    except BaseException:
        _kill(process)
        raise
    if process.returncode != 0:
        reason = _describe_exit(process.returncode)
        detail = stderr[-500:].decode("utf-8", "replace")
        raise SandboxError(f"child {reason}: {detail}", exhausted=process.returncode < 0 or "MemoryError" in detail)
    if len(stdout) > limits.max_output_bytes:
        raise SandboxError(f"child wrote {len(stdout)} bytes, more than {limits.max_output_bytes}")
    try:
        reply = json.loads(stdout)
    except ValueError:
        raise SandboxError(f"child wrote no valid reply: {stderr[-500:].decode('utf-8', 'replace')}") from None
    if reply.get("ok"):
        return reply.get("result")
    if "document_error" in reply:
        raise DocumentError(str(reply["document_error"]))
    error = str(reply.get("error"))
    raise SandboxError(error, exhausted=error in ("MemoryError", "RecursionError"))


BUSY = ("Many candidates are uploading documents right now, and yours could not be read within {wait}. "
        "Nothing was saved: please send the form again in a minute.")


class ChildQueue:
    """At most `limits.max_children` children at once in this process; the uploads beyond wait their turn
    (first come, first served as the threads wake), at most `limits.max_waiting` of them and each for at
    most `limits.queue_wait_seconds`, else `DocumentError(BUSY)`. How long the last call of this thread
    waited is `waited()` (the setup page tells the candidate when it was noticeable)."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._running = 0
        self._waiting = 0
        self._local = threading.local()

    def waited(self) -> float:
        return float(getattr(self._local, "waited", 0.0))

    def counts(self) -> tuple[int, int]:
        """(children running, calls waiting) now."""
        with self._lock:
            return self._running, self._waiting

    @contextlib.contextmanager
    def slot(self, limits: Limits) -> Iterator[None]:
        began = time.monotonic()
        self._local.waited = 0.0
        with self._lock:
            if self._running >= limits.max_children or self._waiting:  # no jumping the queue
                if self._waiting >= limits.max_waiting:
                    raise DocumentError(BUSY.format(wait="the time we allow"))
                self._waiting += 1
                try:
                    free = self._lock.wait_for(lambda: self._running < limits.max_children,
                                               timeout=limits.queue_wait_seconds)
                finally:
                    self._waiting -= 1
                if not free:
                    seconds = limits.queue_wait_seconds
                    raise DocumentError(BUSY.format(wait="1 second" if seconds == 1 else f"{seconds:g} seconds"))
            self._running += 1
        self._local.waited = time.monotonic() - began
        try:
            yield
        finally:
            with self._lock:
                self._running -= 1
                self._lock.notify()


_queue = ChildQueue()


def waited_for_a_child() -> float:
    """Seconds this thread's last parse waited for a free child (0 when one was free)."""
    return _queue.waited()


_spare_lock = threading.Lock()
_spare: tuple[Limits, str, subprocess.Popen] | None = None


def _start_child(limits: Limits, module: str) -> subprocess.Popen:
    command = [
        sys.executable, "-E", "-s", "-m", "interviews.parsing.child",
        str(limits.cpu_seconds), str(limits.memory_bytes), module,
    ]
    return subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=PROJECT_ROOT,
        env=_child_env(),
        start_new_session=True,  # its own process group: the kill reaches anything it started
        close_fds=True,
    )


def _take_spare(limits: Limits, module: str) -> subprocess.Popen | None:
    """The spare child, if it waits with these limits and this module (else None; a mismatched one is ended)."""
    global _spare
    with _spare_lock:
        spare, _spare = _spare, None
    if spare is None:
        return None
    spare_limits, spare_module, process = spare
    if spare_limits == limits and spare_module == module and process.poll() is None:
        return process
    _kill(process)
    return None


def _keep_spare(limits: Limits, module: str) -> None:
    """Start the next spare child, unless another call did meanwhile."""
    global _spare
    with _spare_lock:
        if _spare is not None:
            return
        _spare = (limits, module, _start_child(limits, module))


def drop_spare() -> None:
    """End the spare child, if any: the next call starts cold (the parse bench measures both)."""
    global _spare
    with _spare_lock:
        spare, _spare = _spare, None
    if spare is not None:
        _kill(spare[2])


def _kill(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        process.kill()
    process.communicate()


def _describe_exit(code: int) -> str:
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = str(-code)
        return f"killed by {name}" + (" (CPU limit)" if name == "SIGXCPU" else "")
    return f"exited with status {code}"
