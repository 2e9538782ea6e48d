"""Faults survived: run the fault tests (real daphne, task worker, redis-server and PostgreSQL killed and
restarted) and tabulate what the candidate saw, what was lost, and how long recovery took.

Needs PostgreSQL (DATABASE_URL), like `.ci/run`. Writes bench/results/faults.json.
"""

import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

# fault test → (the fault, what the candidate saw, how the measurement reads)
ROWS = [
    ("test_redis_restart", "redis_restart", "Redis killed for 3 s under 2 live text interviews",
     "\"Reconnecting…\", then the same question; a note that the interview was paused",
     lambda m: f"resumed {m['resumed_seconds']} s after reconnecting; none completed without its candidate; "
               "the one not reopened abandoned by the stale rule"),
    ("test_redis_down_pages", "redis_down_pages", "Redis down: login, dashboard, setup, room, report, logout",
     "every page as usual (no live updates)", lambda m: f"{m['pages_ok']} pages 200/302, 0 errors"),
    ("test_web_crash", "web_crash_0.0", "web process SIGKILLed with an answer in flight",
     "\"Reconnecting…\", then the interview goes on through the other process",
     lambda m: f"driving again after {m['takeover_seconds']} s; answer stored once"),
    ("test_web_crash", "web_crash_0.05", "web process SIGKILLed while storing an answer", "the same",
     lambda m: f"driving again after {m['takeover_seconds']} s; answer stored once"),
    ("test_web_crash", "web_crash_0.5", "web process SIGKILLed after storing, before the ack was read", "the same",
     lambda m: f"driving again after {m['takeover_seconds']} s; answer stored once (acknowledged again)"),
    ("test_database_outage", "database_outage_interview", "PostgreSQL refuses connections mid-answer",
     "\"Saving… retrying\", then \"Saved\"",
     lambda m: f"{m['outage_seconds']} s outage; answer stored {m['stored_seconds_after_back']} s after it ended"),
    ("test_task_worker", "worker_killed_mid_pdf_and_email", "task worker SIGKILLed mid-PDF, then mid-email",
     "\"being prepared\" a little longer", lambda m: f"{m['emails']} email, {m['email_seconds_after_back']} s after "
                                                  f"the worker was back (steps stale after {m['stale_seconds']} s)"),
    ("test_task_worker", "database_outage_worker", "PostgreSQL refuses connections under the task worker",
     "nothing", lambda m: f"worker alive; next report ready in {m['report_seconds']} s"),
    ("test_task_worker", "smtp_outage", "mail server down past several retries", "the report as usual; "
     "the email a little later", lambda m: f"{m['failed_sends']} failed sends, then {m['emails']} email once the "
                                          "server was back (retries last over an hour by default)"),
    ("test_supervision", "process_killed", "a `make run` process SIGKILLed twice", "nothing",
     lambda m: f"restarted {m['restarts']} times; the other processes kept running"),
]


def main() -> int:
    results_path = Path(tempfile.mkstemp(suffix=".jsonl")[1])
    junit = Path(tempfile.mkstemp(suffix=".xml")[1])
    env = {**os.environ, "FAULTS_RESULTS": str(results_path)}
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/faults",
                    f"--junitxml={junit}"], cwd=ROOT, env=env, capture_output=True, text=True)
    failed = {case.get("classname", "").rsplit(".", 1)[-1] for case in ET.parse(junit).iter("testcase")
              if case.find("failure") is not None or case.find("error") is not None}
    measured = {}
    for line in results_path.read_text().splitlines():
        record = json.loads(line)
        measured[record.pop("fault")] = record
    rows, out = [], []
    for module, key, fault, saw, reading in ROWS:
        ok = module not in failed and key in measured
        lost = "nothing" if ok else "TEST FAILED"
        rows.append({"fault": fault, "saw": saw, "lost": lost, "measured": measured.get(key), "passed": ok})
        out.append(f"| {fault} | {saw} | {lost} | {reading(measured[key]) if ok else '—'} |")
    (HERE / "results").mkdir(exist_ok=True)
    (HERE / "results" / "faults.json").write_text(json.dumps(rows, indent=2) + "\n")
    print("Real processes on this machine: daphne, the task worker, a private redis-server, PostgreSQL "
          "(connections refused with ALLOW_CONNECTIONS, then allowed again).")
    print("| fault | what the candidate saw | what was lost | measured |")
    print("|---|---|---|---|")
    print("\n".join(out))
    results_path.unlink()
    junit.unlink()
    return 0 if all(row["passed"] for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
