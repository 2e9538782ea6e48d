"""`make run` as a newcomer meets it: bin/run names its steps, serves on the PORT it was given, says
where and with which demo accounts, and the task worker's emails link to the web's port (honcho gives
each process its own PORT). Real processes: daphne, the db_worker and the maintenance loop, on SQLite
in a temporary var directory. Ctrl-C stops them all.

One `make run` serves the module (starting it costs 35-45 s): the Ctrl-C test stops it, so it comes last.
`make test` runs tests in parallel with `--dist loadfile`, so one worker runs this file's tests in this order."""

import email
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow

# A completed interview of a verified candidate in the served database; its report is the task worker's job.
COMPLETE_AN_INTERVIEW = """
import django
django.setup()
from django.contrib.auth import get_user_model
from django.utils import timezone
from interviews.signals import interview_completed
from tests.integration.feedback.helpers import completed_interview
alice = get_user_model().objects.create_user(email="alice@example.com", password="correct-horse-battery",
                                             display_name="Alice", email_verified_at=timezone.now())
interview = completed_interview(alice)
interview_completed.send(sender=type(interview), interview=interview)
print(interview.pk)
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.3)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """bin/run on a free port with its own var directory; stopped with Ctrl-C (SIGINT to its group)."""
    tmp_path = tmp_path_factory.mktemp("make_run")
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in {
        "DATABASE_URL", "REDIS_URL", "SITE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE", "MOCKFLOW_ENV", "LIVEKIT_URL",
        "SMTP_HOST", "OPENAI_API_KEY", "TAVILY_API_KEY", "DJANGO_SETTINGS_MODULE"}}
    env.update(PORT=str(port), HOST="127.0.0.1", MOCKFLOW_VAR_DIR=str(tmp_path / "var"), PYTHONUNBUFFERED="1")
    log = tmp_path / "run.log"
    with open(log, "w") as out:
        process = subprocess.Popen([str(ROOT / "bin" / "run")], cwd=ROOT, env=env, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_for(lambda: "is ready" in log.read_text() or process.poll() is not None, 240, "make run to serve")
        yield {"port": port, "env": env, "log": log, "var": tmp_path / "var", "process": process}
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGINT)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                raise


def test_make_run_names_its_steps_and_ends_with_the_address_and_the_demo_accounts(served):
    output = served["log"].read_text()
    steps = re.findall(r"==> \[(\d)/6\] (.+)", output)
    assert [number for number, _name in steps] == ["1", "2", "3", "4", "5", "6"], output
    assert "Python packages" in steps[1][1] and "migrations" in steps[3][1]
    ready = output.index(f"MockFlow is ready at http://127.0.0.1:{served['port']}/")
    tail = output[ready:]
    assert "candidate@mockflow.local / practise-2026" in tail and "staff@mockflow.local" in tail
    assert "Voice interviews: off" in tail


def test_the_task_workers_report_email_links_to_the_port_the_site_is_served_on(served):
    port = served["port"]
    created = subprocess.run([sys.executable, "-c", COMPLETE_AN_INTERVIEW], cwd=ROOT, capture_output=True, text=True,
                             env={**served["env"], "DJANGO_SETTINGS_MODULE": "mockflow_site.settings"}, check=True)
    interview_id = created.stdout.strip().splitlines()[-1]
    mail_dir = served["var"] / "mail"

    def report_mail():
        for path in mail_dir.glob("*.log") if mail_dir.exists() else []:
            text = path.read_text(errors="replace")
            if f"/feedback/{interview_id}/" in text:
                return text
        return None

    message = email.message_from_string(_wait_for(report_mail, 120, "the report email from the task worker"))
    bodies = [part.get_payload(decode=True).decode() for part in message.walk()
              if part.get_content_type() in ("text/plain", "text/html")]
    assert len(bodies) == 2
    for body in bodies:
        assert f"http://127.0.0.1:{port}/feedback/{interview_id}/" in body
        assert set(re.findall(r"127\.0\.0\.1:(\d+)", body)) == {str(port)}  # not tasks' own PORT ({port + 100})


def test_ctrl_c_stops_every_process(served):
    process = served["process"]
    os.killpg(process.pid, signal.SIGINT)
    assert process.wait(30) is not None
    leftover = subprocess.run(["pgrep", "-g", str(process.pid)], capture_output=True, text=True).stdout.split()
    assert leftover == []
