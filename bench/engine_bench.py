"""Interview engine: cost per turn (mean and p99 over at least 10,000 simulated turns).

A turn is one candidate utterance and everything the engine does about it: filing it, the scripted
brain's assessment and next question (or a transition with its bridge), and playing the reply in
text mode. Interviews run on a fake clock with varied seeds and candidates, so timers fire too.
Each turn is also split: the brain's part (the scripted brain's `take_turn`: reading the answer, choosing the next
question) and the engine's own (the rest: filing, the rules, the fold, the bring-back check, lines, timers), and
both are timed in CPU time as well, which other processes on a loaded machine do not inflate.
Writes bench/results/engine.json and prints a markdown table.
"""

from __future__ import annotations

import json
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agent_worker.core import FakeClock  # noqa: E402
from agent_worker.core.factory import engine_for  # noqa: E402
from agent_worker.core.plans import DEFAULT_PLAN  # noqa: E402
from agent_worker.core.simulate import simulate  # noqa: E402
from agent_worker.core.text import speech_seconds  # noqa: E402

MIN_TURNS = 10_000
RESUME = """Alice Martin
Experience
Senior Software Engineer | Acme Corp | Jan 2020 - Present
- Led the migration of 40 services to Kubernetes, cutting deploy time by 60%
- Reduced API latency by 35% by introducing Redis caching
Skills: Python, Go, Kubernetes, PostgreSQL, Kafka, AWS
"""
JOB = "Platform Engineer\nRequirements:\n- 5+ years of Python or Go\n- Kubernetes in production\n"
ANSWERS = [
    "Yes, ready.",
    "I'm a backend engineer at Acme where I work on the platform team and our billing pipeline.",
    "I guess I did some stuff with servers, various things.",
    "At Acme in 2022 we had 40 services on VMs. My task was to move them to Kubernetes. I designed the plan "
    "and I ran the rollout. As a result deploy time went from 60 minutes to 8 minutes.",
    "Let me think.",
    "The hardest decision was the billing service. I decided to wait a quarter, which avoided an outage.",
    "We measured deploy frequency, which went from weekly to 15 times a day.",
    "Not sure, it went fine.",
    "What does the team's on-call look like?",
]


def varied(text: str, seed: int, n: int) -> str:
    """The answer with its numbers changed for this interview and turn, so the answers that carry numbers
    differ between interviews and nothing kept from reading one can flatter the next (the short answers
    without numbers repeat, as candidates' "Let me think." does)."""
    return re.sub(r"\d+", lambda m: str(int(m.group()) + seed * 41 + n), text)


class Split:
    """Per turn: the wall time, the CPU time, and the CPU time of the brain's turns within it."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.brain_cpu: list[float] = []
        self._brain = 0.0

    def timed(self, take_turn: Callable[[Any], None]) -> Callable[[Any], None]:
        def run(turn: Any) -> None:
            began = time.process_time()
            try:
                take_turn(turn)
            finally:
                self._brain += time.process_time() - began
        return run

    def turn(self, wall: float, cpu: float) -> None:
        self.wall.append(wall)
        self.cpu.append(cpu)
        self.brain_cpu.append(self._brain)
        self._brain = 0.0


def run_interview(seed: int, plan: dict[str, Any], timings: list[float], split: Split | None = None) -> int:
    clock = FakeClock()
    candidate = {"name": "Alice", "role": "Backend Engineer", "level": "senior",
                 "resume_text": RESUME if seed % 2 else "", "job_description": JOB}
    engine = engine_for({"plan": plan, "candidate": candidate, "seed": seed}, clock=clock)
    split = split or Split()
    assert engine.brain is not None
    engine.brain.take_turn = split.timed(engine.brain.take_turn)  # type: ignore[method-assign]
    engine.start()
    engine.play_lines_at_once()
    turns = 0
    for n in range(40):
        if engine.is_over:
            break
        text = varied(ANSWERS[(n + seed) % len(ANSWERS)] if n else ANSWERS[0], seed, n)
        clock.advance(2.0)
        start = clock.now()
        clock.advance(speech_seconds(text))
        split._brain = 0.0  # a timer's turn between answers is not this answer's
        began, began_cpu = time.perf_counter(), time.process_time()
        engine.candidate_said(text, started_at=start, ended_at=clock.now(), source="text")
        engine.play_lines_at_once()
        deadline = engine.next_deadline()
        wall = time.perf_counter() - began
        timings.append(wall)
        split.turn(wall, time.process_time() - began_cpu)
        turns += 1
        if deadline is not None and n % 7 == 6:  # now and then, let a timer fire
            clock.set(max(clock.now(), deadline))
            engine.tick()
            engine.play_lines_at_once()
    return turns


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> int:
    plan = DEFAULT_PLAN
    timings: list[float] = []
    split = Split()
    interviews = 0
    while len(timings) < MIN_TURNS:
        run_interview(interviews, plan, timings, split)
        interviews += 1
    whole = []
    for seed in range(50):
        script = {"seed": seed, "candidate": {"name": "Alice", "role": "Engineer", "resume_text": RESUME,
                                              "job_description": JOB},
                  "turns": [{"say": a, "speak_seconds": 10} for a in ANSWERS]}
        began = time.perf_counter()
        simulate(script)
        whole.append(time.perf_counter() - began)
    micro = [t * 1e6 for t in timings]
    cpu = [t * 1e6 for t in split.cpu]
    brain = [t * 1e6 for t in split.brain_cpu]
    own = [max(0.0, t - b) for t, b in zip(cpu, brain, strict=True)]
    result = {
        "turns": len(timings),
        "interviews": interviews,
        "turn_mean_us": round(statistics.fmean(micro), 1),
        "turn_p50_us": round(percentile(micro, 50), 1),
        "turn_p99_us": round(percentile(micro, 99), 1),
        "turn_max_us": round(max(micro), 1),
        "turn_cpu_p50_us": round(percentile(cpu, 50), 1),
        "turn_cpu_mean_us": round(statistics.fmean(cpu), 1),
        "brain_cpu_p50_us": round(percentile(brain, 50), 1),
        "brain_cpu_mean_us": round(statistics.fmean(brain), 1),
        "engine_own_cpu_p50_us": round(percentile(own, 50), 1),
        "engine_own_cpu_mean_us": round(statistics.fmean(own), 1),
        "engine_own_cpu_p99_us": round(percentile(own, 99), 1),
        "simulate_interview_mean_ms": round(statistics.fmean(whole) * 1000, 2),
        "simulate_interview_p99_ms": round(percentile(whole, 99) * 1000, 2),
        "python": sys.version.split()[0],
    }
    out = ROOT / "bench" / "results" / "engine.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"{result['turns']} turns over {interviews} interviews (scripted brain, text mode, fake clock)\n")
    print("| measure | value |")
    print("|---|---|")
    print(f"| engine cost per turn, mean | {result['turn_mean_us']} µs |")
    print(f"| engine cost per turn, p50 | {result['turn_p50_us']} µs |")
    print(f"| engine cost per turn, p99 | {result['turn_p99_us']} µs |")
    print(f"| per turn in CPU time: p50 / mean | {result['turn_cpu_p50_us']} / {result['turn_cpu_mean_us']} µs |")
    print(f"| of it the brain's turn (reading, choosing): p50 / mean | {result['brain_cpu_p50_us']} / "
          f"{result['brain_cpu_mean_us']} µs |")
    print(f"| of it the engine's own: p50 / mean / p99 | {result['engine_own_cpu_p50_us']} / "
          f"{result['engine_own_cpu_mean_us']} / {result['engine_own_cpu_p99_us']} µs |")
    print(f"| whole interview via `simulate`, mean | {result['simulate_interview_mean_ms']} ms |")
    print(f"| whole interview via `simulate`, p99 | {result['simulate_interview_p99_ms']} ms |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
