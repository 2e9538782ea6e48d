"""The report email: only to a verified address, at most once per report (the outbox claim).

The outbox row names the message: its Message-ID derives from the row, so a send taken up again
after a worker died mid-send (the row stuck in `sending`) goes out with the same Message-ID, and
mail clients show one message even if the first attempt did reach the server.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone

from feedback.models import Outbox, Report, StepStatus, step_stale_after
from feedback.selectors import recordings_of


def outbox_claim(*, report: Report, to: str, kind: str = Outbox.Kind.REPORT_EMAIL) -> Outbox | None:
    """Claim the right to send `kind` for this report; None when another run has it or it went out.

    The unique (report, kind) row decides between concurrent runs; a failed send may be claimed
    again, and so may a row stuck in `sending` past REPORT_STEP_STALE_SECONDS (its worker died
    mid-send: the email step is only run again once its heartbeat has stopped). The re-send reuses
    the row's Message-ID.
    """
    try:
        with transaction.atomic():
            return Outbox.objects.create(report=report, kind=kind, to=to, state=Outbox.State.SENDING)
    except IntegrityError:
        pass
    reclaimable = Q(state=Outbox.State.FAILED) | Q(state=Outbox.State.SENDING,
                                                   claimed_at__lt=timezone.now() - step_stale_after())
    reclaimed = Outbox.objects.filter(reclaimable, report=report, kind=kind).update(
        state=Outbox.State.SENDING, to=to, claimed_at=timezone.now(), attempts=F("attempts") + 1
    )
    return Outbox.objects.get(report=report, kind=kind) if reclaimed else None


def report_email_context(report: Report) -> dict[str, Any]:
    from feedback.presenters import report_summary

    interview = report.interview
    site = (settings.SITE_URL or "").rstrip("/")
    link = site + reverse("feedback:report", args=[interview.pk])
    return {
        "user": interview.owner,
        "interview": interview,
        "report": report,
        "summary": report_summary(report),
        "link": link,
        "dashboard_link": site + reverse("dashboard"),
        "has_recordings": any(r.playable for r in recordings_of(interview)),
    }


def outbox_message_id(claim: Outbox) -> str:
    """The message's Message-ID, the same for every attempt at sending it."""
    domain = (settings.DEFAULT_FROM_EMAIL or "").rsplit("@", 1)[-1].strip("> ") or "mockflow.local"
    return f"<{claim.kind}.{claim.report_id}.{claim.pk}@{domain}>"


def report_pdf_filename(report: Report) -> str:
    interview = report.interview
    return f"mockflow-feedback-{interview.created_at:%Y-%m-%d}.pdf"


def report_send_email(*, report: Report) -> str:
    """Mail the report with its PDF to the owner's verified address; return the email step's status."""
    from accounts.services import send_templated_email

    user = report.interview.owner
    if not user.email_verified:
        return StepStatus.WAITING
    claim = outbox_claim(report=report, to=user.email)
    if claim is None:
        return StepStatus.DONE
    try:
        report.refresh_from_db()
        with report.pdf.open("rb") as handle:
            pdf = handle.read()
        send_templated_email(
            to=user.email,
            template="feedback/email/report",
            context=report_email_context(report),
            attachments=[(report_pdf_filename(report), pdf, "application/pdf")],
            headers={"Message-ID": outbox_message_id(claim)},
        )
    except Exception as exc:
        Outbox.objects.filter(pk=claim.pk).update(state=Outbox.State.FAILED, last_error=f"{type(exc).__name__}: {exc}"[:500])
        raise
    Outbox.objects.filter(pk=claim.pk).update(state=Outbox.State.SENT, sent_at=timezone.now(), last_error="")
    return StepStatus.DONE
