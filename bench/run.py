"""Run every benchmark in one go and write bench/README.md from their tables.

Each `bench/*_bench.py` writes its numbers to `bench/results/<name>.json` and prints a markdown table
on stdout; this runner collects those tables in the order below.
"""

import datetime
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BENCHES = [
    ("engine_bench.py", "Interview engine: cost per turn"),
    ("report_bench.py", "Feedback: report PDF and analysis"),
    ("answer_scoring_bench.py", "Feedback: answer scoring on labelled pairs"),
    ("trades_results_bench.py", "Feedback: results across trades, tuning and held-out"),
    ("reading_bench.py", "Reading an answer: cost by length and shape"),
    ("fanout_bench.py", "Event fan-out: worker API to WebSocket"),
    ("text_interviews_bench.py", "Concurrent text interviews against real web processes, beside a bare echo consumer"),
    ("signup_burst_bench.py", "100 sign-ups and 100 uploads at once: PostgreSQL connections"),
    ("parse_bench.py", "Document parsing against raw pypdf"),
    ("parse_accuracy_bench.py", "Document facts: accuracy against hand-made truth"),
    ("posting_bench.py", "Postings across eleven professions: fields read and answers to the candidate's questions"),
    ("corpus_bench.py", "Resume facts by layout: the generated corpus (tuning and held-out layouts) and the fixtures"),
    ("voice_bench.py", "Voice: end of speech to first agent audio, 24 turns"),
    ("faults_bench.py", "Faults survived"),
]


def previous_sections() -> dict[str, str]:
    """The sections of the current README, by title (kept for benches not run this time)."""
    readme = HERE / "README.md"
    if not readme.exists():
        return {}
    parts = readme.read_text().split("\n## ")[1:]
    return {part.split("\n", 1)[0]: "## " + part.rstrip("\n") + "\n" for part in parts}


def notes_below_table(section: str | None) -> str:
    """What was written under a section's table (how a number was measured, before and after): kept on a re-run."""
    lines = (section or "").rstrip("\n").split("\n")
    last = max((i for i, line in enumerate(lines) if line.startswith("|")), default=None)
    notes = "\n".join(lines[last + 1 :]).strip("\n") if last is not None else ""
    return f"\n{notes}\n" if notes else ""


def main() -> int:
    sections, failures = [], []
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DJANGO_SETTINGS_MODULE": "mockflow_site.settings"}
    only = {name.strip() for name in os.environ.get("BENCH_ONLY", "").split(",") if name.strip()}
    kept = previous_sections()
    for script, title in BENCHES:
        path = HERE / script
        if not path.exists():
            continue
        if only and script not in only and script.removesuffix(".py") not in only:
            if title in kept:
                sections.append(kept[title])
            continue
        print(f"== {title} ({script})", flush=True)
        started = time.perf_counter()
        result = subprocess.run([sys.executable, str(path)], cwd=ROOT, env=env, capture_output=True, text=True)
        took = time.perf_counter() - started
        sys.stdout.write(result.stdout)
        has_table = any(line.startswith("|") for line in result.stdout.splitlines())
        if result.returncode != 0:
            sys.stderr.write(result.stderr)
            failures.append(script)
            if not has_table:
                sections.append(f"## {title}\n\nFailed (exit {result.returncode}).\n")
                continue
        # The table, with any line the bench prints about its set-up (layer, database, sizes) above it.
        table = "\n".join(
            line if line.startswith("|") else "\n" + line + "\n"  # prose never runs into a table
            for line in result.stdout.splitlines()
            if line.strip() and not line.startswith(("==", "Wrote"))
        )
        status = f" (exit {result.returncode}: the bench counted errors or misses, see below)" if result.returncode else ""
        sections.append(f"## {title}\n\n`bench/{script}`, {took:.1f} s{status}\n\n{table}\n{notes_below_table(kept.get(title))}")
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    header = (
        "# Benchmarks\n\n"
        "Run with `make bench`. Each benchmark measures a ratio or a distribution in one run, so numbers\n"
        "compare across machines; raw results are in `bench/results/*.json`. Each says its set-up above its\n"
        "table. The text-interview and burst benches start their own stack: daphne processes, a private\n"
        "`redis-server`, and the PostgreSQL database `BENCH_DATABASE_URL` (default\n"
        "`postgres://postgres@127.0.0.1:5432/mockflow_bench`, dropped and recreated). `docs/deploy.md` says\n"
        "how to run them against a deployment.\n\n"
        f"Last run: {stamp} on {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
        + (f" (only {', '.join(sorted(only))}; the other sections are from the run before).\n\n" if only else ".\n\n")
    )
    (HERE / "README.md").write_text(header + "\n".join(sections))
    print(f"Wrote {HERE / 'README.md'}")
    if failures:
        print("Failed: " + ", ".join(failures), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
