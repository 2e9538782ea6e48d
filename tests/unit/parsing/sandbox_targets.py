"""Functions the sandbox tests run in the child process by dotted path (never used by production)."""

import os
import time


def echo(value):
    return {"echo": value.hex() if isinstance(value, bytes) else value}


def balloon():
    hoard = []
    while True:
        hoard.append(bytearray(50 * 1024 * 1024))


def spin():
    n = 0
    while True:
        n += 1


def sleep_forever():
    time.sleep(3600)


def environment():
    return sorted(os.environ)


def refuse():
    from interviews.parsing.errors import DocumentError

    raise DocumentError("A clear message for the candidate.")


def crash():
    raise RuntimeError("internal detail the candidate must not see")


def write_file(path):
    with open(path, "w") as handle:
        handle.write("x" * 10)
    return "written"


def identity():
    """This child's pid and how long ago it started (seconds), from /proc."""
    ticks = int(open("/proc/self/stat").read().rsplit(")", 1)[1].split()[19])
    uptime = float(open("/proc/uptime").read().split()[0])
    return {"pid": os.getpid(), "age": uptime - ticks / os.sysconf("SC_CLK_TCK")}


def hold(seconds):
    """Work for `seconds` and say when this child ran (wall-clock, comparable across processes)."""
    began = time.time()
    time.sleep(seconds)
    return {"began": began, "ended": time.time()}


def hold_until(path, limit):
    """Work until the file `path` exists (at most `limit` seconds)."""
    deadline = time.time() + limit
    while not os.path.exists(path) and time.time() < deadline:
        time.sleep(0.05)
    return "released"
