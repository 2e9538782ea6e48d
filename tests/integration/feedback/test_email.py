"""The report email: PDF attached, only to a verified address, never twice."""

import threading
from html import escape as html_escape

import pytest
from django.core import mail
from django.db import connection, connections

from accounts.services import verification_confirm
from accounts.tokens import make_verification_token
from feedback.models import Outbox, Report, StepStatus
from feedback.services.delivery import report_send_email
from feedback.services.reports import report_request
from feedback.tasks import report_run_step
from interviews.signals import interview_completed
from tests.integration.feedback.helpers import completed_interview

pytestmark = pytest.mark.django_db


@pytest.fixture
def smtp_mailer(settings, smtp_server):
    """Point the default mailer at the aiosmtpd server (the test runner swapped in locmem)."""
    settings.MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": smtp_server.host, "port": smtp_server.port, "timeout": 5},
        }
    }
    return smtp_server


def test_the_report_is_mailed_over_smtp_with_its_pdf_attached(alice, role, immediate_tasks, rules_only, smtp_mailer):
    interview = completed_interview(alice, role=role)

    interview_completed.send(sender=type(interview), interview=interview)

    smtp_mailer.wait_for(1, timeout=5)
    assert len(smtp_mailer.messages) == 1
    message = smtp_mailer.messages[0]
    assert smtp_mailer.envelopes[0].rcpt_tos == ["alice@example.com"]
    assert message["Subject"].startswith("Your MockFlow feedback: Backend Engineer at Acme Corp interview")
    text = message.get_body(("plain",)).get_content()
    html = message.get_body(("html",)).get_content()
    assert "Overall score:" in text and f"/feedback/{interview.pk}/" in text
    assert "Read the report online" in html
    # The summary's claims come with the candidate's own words, in both parts.
    report = Report.objects.get()
    quoted = [s["quote"] for s in report.narrative["strengths"]]
    assert quoted and "What went well:" in text and "What to work on:" in text
    assert all(f'"{q}"' in text for q in quoted)
    assert "What went well" in html and "Below, your own words show" not in text
    # Each improvement carries its advice, quoted or not, in both parts: a quote alone tells the candidate nothing.
    improvements = report.narrative["improvements"]
    assert any(i["quote"] for i in improvements)
    for item in improvements:
        said = f'- {item["title"]}: "{item["quote"]}"\n  {item["detail"]}' if item["quote"] else f'- {item["title"]}. {item["detail"]}'
        assert said in text.replace("\r\n", "\n"), (said, text)
        assert html_escape(item["detail"]) in html
    attachments = list(message.iter_attachments())
    assert [a.get_content_type() for a in attachments] == ["application/pdf"]
    pdf = attachments[0].get_content()
    assert pdf.startswith(b"%PDF-")
    assert attachments[0].get_filename().startswith("mockflow-feedback-")
    report = Report.objects.get()
    assert report.email_status == StepStatus.DONE
    assert Outbox.objects.get().state == Outbox.State.SENT


def test_running_the_email_task_twice_sends_one_email(alice, role, immediate_tasks, rules_only):
    interview = completed_interview(alice, role=role)
    interview_completed.send(sender=type(interview), interview=interview)
    report = Report.objects.get()
    Report.objects.filter(pk=report.pk).update(email_status=StepStatus.PENDING)

    report_run_step(report_id=report.pk, step="email")
    report_send_email(report=report)

    assert len(mail.outbox) == 1
    assert Outbox.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_sends_deliver_one_email(alice, role, rules_only, settings, smtp_mailer):
    interview = completed_interview(alice, role=role)
    report = report_request(interview=interview)
    for step in ("analysis", "narrative", "pdf"):
        assert report_run_step(report_id=report.pk, step=step) == "done"
    report.refresh_from_db()

    if connection.vendor == "postgresql":
        start = threading.Barrier(2)
        errors: list[BaseException] = []

        def send():
            try:
                start.wait(timeout=5)
                report_send_email(report=Report.objects.select_related("interview__owner", "interview__role").get(pk=report.pk))
            except BaseException as exc:  # noqa: BLE001 - reported below
                errors.append(exc)
            finally:
                connections.close_all()

        threads = [threading.Thread(target=send) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert not errors
    else:
        # SQLite serialises writers: the doubled run comes second and finds the claim.
        report_send_email(report=report)
        report_send_email(report=report)

    smtp_mailer.wait_for(1, timeout=5)
    assert len(smtp_mailer.messages) == 1
    assert Outbox.objects.filter(report=report).count() == 1


def test_an_unverified_address_gets_no_email_until_it_is_verified(make_user, role, immediate_tasks, rules_only, client):
    dana = make_user("dana@example.com", verified=False)
    interview = completed_interview(dana, role=role)

    interview_completed.send(sender=type(interview), interview=interview)

    report = Report.objects.get()
    assert report.status == Report.Status.READY
    assert report.email_status == StepStatus.WAITING
    assert mail.outbox == []
    client.force_login(dana)
    page = client.get(f"/feedback/{interview.pk}/").content.decode()
    assert "Verify <strong>dana@example.com</strong> and we will email you this report" in page

    verification_confirm(token=make_verification_token(dana))

    report.refresh_from_db()
    assert report.email_status == StepStatus.DONE
    assert [m.to for m in mail.outbox] == [["dana@example.com"]]
    assert mail.outbox[0].attachments[0][2] == "application/pdf"


def test_a_failed_send_is_retried_and_then_delivered_once(alice, role, immediate_tasks, rules_only, settings, smtp_server):
    settings.REPORT_EMAIL_RETRY_SECONDS = (1, 1)  # three tries (the immediate backend does not wait)
    settings.MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": "127.0.0.1", "port": 9, "timeout": 2},  # nothing listens on the discard port
        }
    }
    interview = completed_interview(alice, role=role)
    interview_completed.send(sender=type(interview), interview=interview)
    report = Report.objects.get()
    assert report.email_status == StepStatus.FAILED
    assert Outbox.objects.get().state == Outbox.State.FAILED
    settings.MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": smtp_server.host, "port": smtp_server.port, "timeout": 5},
        }
    }

    from feedback.services.reports import report_retry

    report_retry(report=report)

    smtp_server.wait_for(1, timeout=5)
    assert len(smtp_server.messages) == 1
    outbox = Outbox.objects.get()
    assert outbox.state == Outbox.State.SENT
    assert outbox.attempts == 4, "three failed tries, then the one that went out"
