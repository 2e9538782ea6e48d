"""The simulated interviews the tests keep, with the events each gave when recorded (the guard of a refactor).

`tests/fixtures/simulate/golden.json.gz` holds every script the engine and feedback tests simulated with the
scripted brain (gathered from a run of those tests, 249 at first) and, for each, the events `simulate` returned
(or the `SimulationError` it raised). `test_simulate_golden.py` runs them all again and compares.

When a change means to alter what the interviewer says or does, record again and name the difference in the
commit (which scripts, which lines, and why):

    .venv/bin/python -m tests.unit.engine.golden            # record: rewrites the file from today's code
    .venv/bin/python -m tests.unit.engine.golden --diff     # list what differs, without writing
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path
from typing import Any

from agent_worker.core.simulate import SimulationError, simulate

GOLDEN = Path(__file__).resolve().parents[2] / "fixtures" / "simulate" / "golden.json.gz"


def load() -> list[dict[str, Any]]:
    """Every kept case: {"name", "script", "plan", and "events" or "error"}."""
    with gzip.open(GOLDEN, "rt", encoding="utf-8") as handle:
        cases: list[dict[str, Any]] = json.load(handle)
    return cases


def run(case: dict[str, Any]) -> dict[str, Any]:
    """The case's outcome with today's code, as stored: {"events": [...]} or {"error": "..."}."""
    try:
        events = simulate(case["script"], case["plan"])
    except SimulationError as error:
        return {"error": str(error)}
    return {"events": json.loads(json.dumps(events, ensure_ascii=False))}


def first_difference(expected: dict[str, Any], actual: dict[str, Any]) -> str | None:
    """Where a case's outcome differs from its recording, said briefly; None when they are the same."""
    if expected.get("error") != actual.get("error"):
        return f"error {expected.get('error')!r} recorded, now {actual.get('error')!r}"
    before, after = expected.get("events") or [], actual.get("events") or []
    for seq, (old, new) in enumerate(zip(before, after, strict=False), start=1):
        if old != new:
            keys = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
            return (f"event {seq} differs in {', '.join(keys)}:\n  recorded {json.dumps(old, ensure_ascii=False)[:600]}"
                    f"\n  now      {json.dumps(new, ensure_ascii=False)[:600]}")
    if len(before) != len(after):
        return f"{len(before)} events recorded, now {len(after)}"
    return None


def _save(cases: list[dict[str, Any]]) -> None:
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps(cases, ensure_ascii=False, sort_keys=True, indent=0).encode("utf-8")
    with GOLDEN.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as handle:
        handle.write(data)


def main(argv: list[str]) -> int:
    cases = load()
    changed = 0
    for case in cases:
        outcome = run(case)
        difference = first_difference(case, outcome)
        if difference is not None:
            changed += 1
            print(f"{case['name']}: {difference}")
        case.pop("events", None)
        case.pop("error", None)
        case.update(outcome)
    print(f"{changed} of {len(cases)} simulated interviews differ from the recording")
    if "--diff" not in argv:
        _save(cases)
        print(f"recorded {GOLDEN}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
