"""The sandboxed child: `python -m interviews.parsing.child CPU_SECONDS MEMORY_BYTES [MODULE]`.

It limits itself before it reads anything and imports MODULE (the one its function is in), calling its
`warm()` if it has one (a spare child started ahead waits with the parsers imported), then reads one
JSON request on stdin,
`{"func": "package.module.function", "args": [...]}` (bytes as `{"__bytes__": base64}`), calls the
function and writes one JSON reply on stdout: `{"ok": true, "result": ...}`, or `{"ok": false,
"document_error": message}`, or `{"ok": false, "error": text}`. JSON both ways: the parent never
unpickles what a child that read hostile bytes wrote.
"""

from __future__ import annotations

import base64
import importlib
import json
import os
import resource
import sys


def limit_self(cpu_seconds: int, memory_bytes: int) -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))  # a parser has no business writing files
    if os.getuid() != 0:  # root ignores RLIMIT_NPROC
        resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))  # nor to start processes


def decode(value):
    if isinstance(value, dict) and set(value) == {"__bytes__"}:
        return base64.b64decode(value["__bytes__"])
    if isinstance(value, list):
        return [decode(v) for v in value]
    return value


def main(argv: list[str]) -> int:
    limit_self(int(argv[1]), int(argv[2]))
    out = sys.stdout
    sys.stdout = sys.stderr  # a chatty library must not corrupt the reply
    try:
        if len(argv) > 3:
            warm = getattr(importlib.import_module(argv[3]), "warm", None)
            if callable(warm):
                warm()  # what the function will import anyway
        request = json.loads(sys.stdin.buffer.read())
        module_name, _, func_name = request["func"].rpartition(".")
        func = getattr(importlib.import_module(module_name), func_name)
        from interviews.parsing.errors import DocumentError

        try:
            reply = {"ok": True, "result": func(*decode(request.get("args", [])))}
        except DocumentError as exc:
            reply = {"ok": False, "document_error": exc.message}
    except MemoryError:
        reply = {"ok": False, "error": "MemoryError"}
    except RecursionError:
        reply = {"ok": False, "error": "RecursionError"}
    except Exception as exc:  # reported to the parent, which decides what the candidate sees
        reply = {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:2000]}
    try:
        text = json.dumps(reply)
    except (TypeError, ValueError) as exc:
        text = json.dumps({"ok": False, "error": f"unserialisable result: {exc}"[:2000]})
    out.write(text)
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
