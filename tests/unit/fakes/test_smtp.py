# ruff: noqa: F811 - test arguments name the fixtures imported below
"""The SMTP fixture is a real server that keeps what it receives."""

from __future__ import annotations

import smtplib
import threading
from email.message import EmailMessage

import pytest

from tests.fakes.fixtures import smtp_server  # noqa: F401 - pytest finds the fixture here


def report_mail() -> EmailMessage:
    message = EmailMessage()
    message["From"] = "MockFlow <noreply@mockflow.test>"
    message["To"] = "alice@example.com"
    message["Subject"] = "Your interview feedback"
    message.set_content("Plain text body")
    message.add_alternative("<p>HTML body</p>", subtype="html")
    message.add_attachment(b"%PDF-1.7 fake", maintype="application", subtype="pdf", filename="feedback.pdf")
    return message


def test_it_receives_a_message_with_its_parts(smtp_server):
    with smtplib.SMTP(smtp_server.host, smtp_server.port, timeout=5) as client:
        client.send_message(report_mail())

    [received] = smtp_server.messages
    assert received["Subject"] == "Your interview feedback"
    assert received.get_body(("plain",)).get_content().strip() == "Plain text body"
    assert received.get_body(("html",)).get_content().strip() == "<p>HTML body</p>"
    [attachment] = list(received.iter_attachments())
    assert attachment.get_filename() == "feedback.pdf"
    assert attachment.get_content() == b"%PDF-1.7 fake"
    assert smtp_server.envelopes[0].rcpt_tos == ["alice@example.com"]


def test_wait_for_sees_mail_sent_from_another_thread(smtp_server):
    def send():
        with smtplib.SMTP(smtp_server.host, smtp_server.port, timeout=5) as client:
            client.send_message(report_mail())

    threading.Thread(target=send).start()

    assert len(smtp_server.wait_for(1)) == 1


def test_wait_for_fails_when_nothing_arrives(smtp_server):
    with pytest.raises(AssertionError, match="expected 1"):
        smtp_server.wait_for(1, timeout=0.1)
