"""`python -m agent_worker start | dev | simulate SCRIPT.json [--plan PLAN.json]`."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

EXIT_USAGE = 2


def _read_json(path: str, what: str) -> Any:
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except OSError as error:
        raise ValueError(f"cannot read the {what} {path}: {error.strerror or error}") from error
    except json.JSONDecodeError as error:
        raise ValueError(f"the {what} {path} is not valid JSON: {error.msg} (line {error.lineno}, "
                         f"column {error.colno})") from error


def _simulate(args: argparse.Namespace) -> int:
    from agent_worker.core.plans import PlanValidationError
    from agent_worker.core.simulate import SimulationError, simulate

    try:
        script = _read_json(args.script, "script")
        plan = _read_json(args.plan, "plan") if args.plan else None
        events = simulate(script, plan)
    except PlanValidationError as error:
        print(f"simulate: {error}", file=sys.stderr)
        return EXIT_USAGE
    except (SimulationError, ValueError) as error:
        print(f"simulate: {error}", file=sys.stderr)
        return EXIT_USAGE
    out = sys.stdout
    for event in events:
        out.write(json.dumps(event, ensure_ascii=False) + "\n")
    out.flush()
    return 0


def _start(args: argparse.Namespace) -> int:
    from agent_worker.adapters.startup import startup_problems

    code, problems = startup_problems()  # before LiveKit's import: a bad setting fails in a second
    if code:
        print("\n".join(problems), file=sys.stderr)
        return code
    try:
        from agent_worker.adapters import livekit_session  # noqa: F401
    except ImportError:
        print("start: the LiveKit worker is not available yet", file=sys.stderr)
        return EXIT_USAGE
    run = getattr(livekit_session, "main", None)
    if run is None:
        print("start: the LiveKit worker is not available yet", file=sys.stderr)
        return EXIT_USAGE
    return int(run([args.command, *args.rest]) or 0)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m agent_worker", description="MockFlow's agent worker.")
    commands = parser.add_subparsers(dest="command", required=True)
    start = commands.add_parser("start", help="run the LiveKit voice worker")
    start.add_argument("rest", nargs=argparse.REMAINDER, help="arguments for the LiveKit worker")
    start.set_defaults(handler=_start)
    dev = commands.add_parser("dev", help="run the LiveKit voice worker in development mode (reloads on changes)")
    dev.add_argument("rest", nargs=argparse.REMAINDER, help="arguments for the LiveKit worker")
    dev.set_defaults(handler=_start)
    sim = commands.add_parser("simulate", help="simulate an interview from a script; events as JSON lines")
    sim.add_argument("script", help="the script (JSON): candidate and turns")
    sim.add_argument("--plan", help="a stage plan (JSON); default: the default plan")
    sim.set_defaults(handler=_simulate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.handler(args))


if __name__ == "__main__":
    sys.exit(main())
