"""The task worker killed (SIGKILL) mid-PDF and mid-email, and its database connections killed:
every report ends ready, with one PDF and exactly one email."""

import time

import pytest
from django.db import connection
from django.tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from feedback.models import Outbox, Report
from feedback.services.delivery import outbox_message_id
from interviews.signals import interview_completed
from tests.fakes.smtp import SMTPServer
from tests.faults.helpers import measured
from tests.faults.processes import database_outage, site_env, task_worker
from tests.integration.feedback.helpers import backend_role, completed_interview

pytestmark = pytest.mark.django_db(transaction=True)

STALE = 3  # seconds without a heartbeat before a running step is taken up again


def wait_until(predicate, *, timeout: float, every: float = 0.02, what: str = "the condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"{what} did not happen in {timeout}s")


def report_of(interview) -> Report:
    return Report.objects.get(interview=interview)


@pytest.fixture
def smtp():
    with SMTPServer() as server:
        yield server


@pytest.fixture
def worker_env(shared_db, smtp, tmp_path):
    return site_env(database_url=shared_db, redis_url=None, MOCKFLOW_VAR_DIR=str(tmp_path / "var"),
                    SMTP_HOST=smtp.host, SMTP_PORT=str(smtp.port), OPENAI_API_KEY="",
                    REPORT_STEP_STALE_SECONDS=str(STALE), REPORT_HEARTBEAT_SECONDS="1",
                    REPORT_EMAIL_RETRY_SECONDS="1,1,1,1")


def test_a_worker_killed_mid_pdf_and_mid_email_leaves_one_pdf_and_one_email(worker_env, procs, smtp, alice):
    interview = completed_interview(alice, role=backend_role())
    interview_completed.send(sender=type(interview), interview=interview)
    worker = procs.add(task_worker("worker", worker_env, procs.log_dir))

    # Killed while it renders the PDF.
    wait_until(lambda: report_of(interview).pdf_status == "running", timeout=60, what="the PDF step")
    worker.kill()
    assert report_of(interview).pdf_status == "running"
    assert DBTaskResult.objects.filter(task_path="feedback.tasks.build_report_pdf",
                                       status=TaskResultStatus.RUNNING).exists()

    # Back, it takes the PDF up again (no heartbeat for STALE seconds); killed again while it mails.
    smtp.holding.set()  # the mail server is slow to answer: the worker is mid-send
    worker.start()
    wait_until(lambda: Outbox.objects.filter(report__interview=interview, state="sending").exists(),
               timeout=60, what="the email step")
    time.sleep(1.5)  # the worker waits on the mail server, heart-beating
    worker.kill()
    report = report_of(interview)
    assert report.pdf_status == "done" and report.email_status == "running" and report.status == "ready"
    assert smtp.messages == []
    outbox = Outbox.objects.get(report=report)
    assert outbox.state == "sending"

    # Back again: the email goes out once, with the message's own Message-ID.
    smtp.holding.clear()
    back = time.monotonic()
    worker.start()
    wait_until(lambda: report_of(interview).email_status == "done", timeout=60, what="the email")
    ready_after = time.monotonic() - back
    assert ready_after < 120
    smtp.wait_for(1)
    time.sleep(STALE + 1)  # nothing else goes out afterwards
    assert len(smtp.messages) == 1
    outbox.refresh_from_db()
    assert outbox.state == "sent"
    assert smtp.messages[0]["Message-ID"].strip() == outbox_message_id(outbox)
    report = report_of(interview)
    assert report.status == "ready" and report.pdf_status == "done" and report.pdf.name
    assert not DBTaskResult.objects.filter(status=TaskResultStatus.RUNNING).exists()  # none shown running for ever
    assert worker.alive
    measured("worker_killed_mid_pdf_and_email", emails=len(smtp.messages), email_seconds_after_back=round(ready_after, 2),
             stale_seconds=STALE)


def test_the_worker_survives_a_database_outage(worker_env, procs, smtp, alice):
    """Like a PostgreSQL restart: every connection killed, and no new one for three seconds."""
    worker = procs.add(task_worker("worker", worker_env, procs.log_dir))
    wait_until(lambda: "Starting worker" in worker.log(), timeout=30, what="the worker's start")
    time.sleep(0.5)
    with database_outage(connection.settings_dict):
        time.sleep(3)
    assert worker.alive, worker.log()
    interview = completed_interview(alice, role=backend_role())
    interview_completed.send(sender=type(interview), interview=interview)
    began = time.monotonic()
    wait_until(lambda: report_of(interview).email_status == "done", timeout=60, what="the report")
    measured("database_outage_worker", report_seconds=round(time.monotonic() - began, 2), worker_restarts=0)
    assert report_of(interview).status == "ready"
    assert len(smtp.wait_for(1)) == 1
    assert worker.alive


def test_mail_that_cannot_go_out_is_retried_until_the_server_is_back(worker_env, procs, smtp, alice):
    """SMTP down past several retries (short retry settings here; at least an hour by default): the
    email goes out once the server is back, exactly once, and the report never says it failed."""
    port = smtp.port
    smtp.stop()  # the mail server is down
    interview = completed_interview(alice, role=backend_role())
    interview_completed.send(sender=type(interview), interview=interview)
    procs.add(task_worker("worker", {**worker_env, "REPORT_EMAIL_RETRY_SECONDS": "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1"},
                          procs.log_dir))
    wait_until(lambda: report_of(interview).step_attempts.get("email", 0) >= 3, timeout=60,
               what="three failed sends")
    report = report_of(interview)
    assert report.status == "ready" and report.email_status == "pending"  # waiting for its next try
    back = SMTPServer(port=port).start()
    try:
        wait_until(lambda: report_of(interview).email_status == "done", timeout=60, what="the email")
        assert len(back.wait_for(1)) == 1
        time.sleep(2)
        assert len(back.messages) == 1
        assert Outbox.objects.get(report__interview=interview).state == "sent"
        measured("smtp_outage", failed_sends=report_of(interview).step_attempts["email"], emails=len(back.messages))
    finally:
        back.stop()
