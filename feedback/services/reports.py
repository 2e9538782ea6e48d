"""The report pipeline: analysis → narrative → PDF → email, one task per step.

Each step is claimed on the Report row before it runs (a doubled task finds it taken or done),
records its attempts and last error, and on failure is re-enqueued with backoff until
MAX_ATTEMPTS; then the step is `failed`, visible on the page and in admin, and `report_retry`
starts it again. django-tasks-db has no retries of its own: this module is them. The email step
retries on its own, longer schedule (REPORT_EMAIL_RETRY_SECONDS, at least an hour in all: a mail
server may be down for a while). A step whose worker died is taken up again (`recovery`).
"""

from __future__ import annotations

import logging
import uuid
from datetime import timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from feedback.models import STEPS, Report, StepStatus
from feedback.selectors import interview_events, job_context_of
from interviews.models import Interview, Status

if TYPE_CHECKING:
    from accounts.models import User

ReportId = uuid.UUID | str  # the row's pk, or as the task queue carries it

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 3
BACKOFF_SECONDS = (30, 120, 600)  # after the 1st, 2nd, 3rd failure
CONTENT_STEPS = ("analysis", "narrative", "pdf")
NEXT_STEP = {"analysis": "narrative", "narrative": "pdf", "pdf": "email", "email": None}
PREVIOUS_STEP = {"analysis": None, "narrative": "analysis", "pdf": "narrative", "email": "pdf"}


def backoff_for(attempts: int, step: str = "") -> int:
    schedule = email_backoff() if step == "email" else BACKOFF_SECONDS
    return schedule[min(attempts, len(schedule)) - 1]


def email_backoff() -> tuple[int, ...]:
    return tuple(settings.REPORT_EMAIL_RETRY_SECONDS)


def max_attempts(step: str) -> int:
    return len(email_backoff()) + 1 if step == "email" else MAX_ATTEMPTS


# ---------------------------------------------------------------------------------------------
# Starting and retrying


def report_request(*, interview: Interview) -> Report | None:
    """Create the report of a completed interview and enqueue its first step, once; None otherwise."""
    if interview.status != Status.COMPLETED:
        return None
    report, created = Report.objects.get_or_create(interview=interview)
    if created:
        enqueue_step(report_id=report.pk, step="analysis")
    return report


def report_retry(*, report: Report) -> list[str]:
    """Start the failed steps, and steps stuck `running` with no heartbeat (their worker died), again
    from the first of them; return the steps reset."""
    from feedback.services.recovery import stuck_filter

    with transaction.atomic():
        locked = Report.objects.select_for_update().get(pk=report.pk)
        failed = list(locked.failed_steps)
        if Report.objects.filter(stuck_filter(timezone.now()), pk=report.pk).exists():
            failed += [step for step in STEPS if locked.step_status(step) == StepStatus.RUNNING]
        failed = [step for step in STEPS if step in failed]
        if not failed:
            return []
        for step in failed:
            setattr(locked, f"{step}_status", StepStatus.PENDING)
            locked.step_attempts.pop(step, None)
            locked.step_errors.pop(step, None)
        locked.next_attempt_at = None
        locked.status = _overall_status(locked)
        locked.save()
    enqueue_step(report_id=report.pk, step=failed[0])
    report.refresh_from_db()
    return failed


def reports_release_waiting_email(*, user: User) -> int:
    """Mail the reports that waited for this user's address to be verified; return how many."""
    waiting = list(
        Report.objects.filter(interview__owner=user, email_status=StepStatus.WAITING).values_list("pk", flat=True)
    )
    for report_id in waiting:
        updated = Report.objects.filter(pk=report_id, email_status=StepStatus.WAITING).update(
            email_status=StepStatus.PENDING
        )
        if updated:
            enqueue_step(report_id=report_id, step="email")
    return len(waiting)


def enqueue_step(*, report_id: ReportId, step: str, delay_seconds: int | None = None) -> None:
    from feedback import tasks

    task = tasks.STEP_TASKS[step]
    if delay_seconds and task.get_backend().supports_defer:
        task = task.using(run_after=timezone.now() + timedelta(seconds=delay_seconds))
    task.enqueue(str(report_id))


# ---------------------------------------------------------------------------------------------
# Running one step


def report_run_step(*, report_id: ReportId, step: str) -> str:
    """Run `step` of the report if it is due; return what happened (done, waiting, retry, failed, skipped)."""
    if step not in STEPS:
        raise ValueError(f"unknown report step {step!r}")
    from feedback.services.recovery import step_heartbeat

    report = _claim(report_id, step)
    if report is None:
        return "skipped"
    try:
        with step_heartbeat(report_id):
            outcome = STEP_FUNCTIONS[step](report)
    except Exception as exc:  # noqa: BLE001 - every failure is recorded and retried
        log.warning("Report %s: step %s failed: %s", report_id, step, exc, exc_info=True)
        return _step_failed(report_id, step, exc)
    _step_finished(report_id, step, outcome)
    following = NEXT_STEP[step]
    if outcome == StepStatus.DONE and following:
        enqueue_step(report_id=report_id, step=following)
    return "done" if outcome == StepStatus.DONE else str(outcome)


def _claim(report_id: ReportId, step: str) -> Report | None:
    from feedback.services.recovery import stale_after

    now = timezone.now()
    field = f"{step}_status"
    # A step `running` with no heartbeat for a while lost its worker: this run takes it over.
    due = Q(**{field: StepStatus.PENDING}) | Q(**{field: StepStatus.RUNNING, "updated_at__lt": now - stale_after()})
    before = PREVIOUS_STEP[step]
    if before:
        due &= Q(**{f"{before}_status": StepStatus.DONE})
    claimed = Report.objects.filter(Q(pk=report_id) & due).update(
        **{field: StepStatus.RUNNING}, step_started_at=now, updated_at=now
    )
    if not claimed:
        return None
    report = Report.objects.select_related("interview__role", "interview__owner").get(pk=report_id)
    if report.status == Report.Status.PENDING:
        Report.objects.filter(pk=report_id).update(status=Report.Status.BUILDING)
        report.status = Report.Status.BUILDING
    return report


def _step_finished(report_id: ReportId, step: str, outcome: str) -> None:
    with transaction.atomic():
        report = Report.objects.select_for_update().get(pk=report_id)
        setattr(report, f"{step}_status", outcome)
        report.step_errors.pop(step, None)
        report.next_attempt_at = None
        report.status = _overall_status(report)
        if report.status == Report.Status.READY and report.ready_at is None:
            report.ready_at = timezone.now()
        report.save()


def _step_failed(report_id: ReportId, step: str, exc: Exception) -> str:
    with transaction.atomic():
        report = Report.objects.select_for_update().get(pk=report_id)
        attempts = int(report.step_attempts.get(step, 0)) + 1
        report.step_attempts[step] = attempts
        report.step_errors[step] = f"{type(exc).__name__}: {exc}"[:500]
        retry = attempts < max_attempts(step)
        if retry:
            setattr(report, f"{step}_status", StepStatus.PENDING)
            report.next_attempt_at = timezone.now() + timedelta(seconds=backoff_for(attempts, step))
        else:
            setattr(report, f"{step}_status", StepStatus.FAILED)
            report.next_attempt_at = None
        report.status = _overall_status(report)
        report.save()
    if retry:
        enqueue_step(report_id=report_id, step=step, delay_seconds=backoff_for(attempts, step))
        return "retry"
    return "failed"


def _overall_status(report: Report) -> str:
    statuses = [report.step_status(step) for step in STEPS]
    if StepStatus.FAILED in statuses:
        return Report.Status.FAILED
    if all(report.step_status(step) == StepStatus.DONE for step in CONTENT_STEPS):
        return Report.Status.READY
    if all(s == StepStatus.PENDING for s in statuses) and not report.step_attempts:
        return Report.Status.PENDING
    return Report.Status.BUILDING


# ---------------------------------------------------------------------------------------------
# The steps


def _run_analysis(report: Report) -> str:
    from feedback.analysis import analyse_interview

    interview = report.interview
    analysis = analyse_interview(interview_events(interview), competencies=list(interview.role.competencies or []),
                                 job=job_context_of(interview))
    Report.objects.filter(pk=report.pk).update(analysis=analysis.model_dump(), overall_score=analysis.overall_score)
    return StepStatus.DONE


def _run_narrative(report: Report) -> str:
    from feedback import llm
    from feedback.analysis import InterviewAnalysis
    from feedback.narrative import generate_narrative

    analysis = InterviewAnalysis.model_validate(report.analysis or {})
    narrative = generate_narrative(
        analysis,
        complete=llm.json_completer(),
        attempts=3,
        sceptic=settings.FEEDBACK_SCEPTIC_PASS,
    )
    Report.objects.filter(pk=report.pk).update(narrative=narrative.model_dump(), narrative_source=narrative.source)
    return StepStatus.DONE


def _run_pdf(report: Report) -> str:
    from feedback.pdf import render_report_pdf

    report.refresh_from_db()
    content = render_report_pdf(report)
    old = report.pdf.name if report.pdf else None
    report.pdf.save(f"{report.pk}.pdf", ContentFile(content), save=False)
    Report.objects.filter(pk=report.pk).update(pdf=report.pdf.name)
    if old and old != report.pdf.name:
        report.pdf.storage.delete(old)
    return StepStatus.DONE


def _run_email(report: Report) -> str:
    from feedback.services.delivery import report_send_email

    return report_send_email(report=report)


STEP_FUNCTIONS = {
    "analysis": _run_analysis,
    "narrative": _run_narrative,
    "pdf": _run_pdf,
    "email": _run_email,
}


# ---------------------------------------------------------------------------------------------
# Rescoring stored reports


def report_rescore(*, report: Report) -> str:
    """Measure a stored report again with today's scoring: "changed", "unchanged" or "skipped".

    The analysis, and a narrative the rules wrote, are rebuilt from the interview's events and saved
    (with a fresh PDF) only when they differ, so a second run changes nothing. A narrative the language
    model wrote is kept: asking it again would reword it on every run. Nothing is mailed again.
    """
    from feedback.analysis import analyse_interview
    from feedback.narrative import rules_narrative

    if not report.has_content:
        return "skipped"
    interview = report.interview
    events = interview_events(interview)
    if not events:
        return "skipped"
    analysis = analyse_interview(events, competencies=list(interview.role.competencies or []),
                                 job=job_context_of(interview))
    new_analysis = analysis.model_dump()
    new_narrative = report.narrative
    if report.narrative_source != "llm":
        narrative = rules_narrative(analysis)
        # Why the rules wrote it (the model failed) still holds; read as stored, whatever its version.
        narrative.fallback_reason = (report.narrative or {}).get("fallback_reason")
        new_narrative = narrative.model_dump()
    if new_analysis == report.analysis and new_narrative == report.narrative:
        return "unchanged"
    Report.objects.filter(pk=report.pk).update(
        analysis=new_analysis, narrative=new_narrative, overall_score=analysis.overall_score
    )
    if report.pdf_status == StepStatus.DONE:
        _run_pdf(report)
    return "changed"
