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
