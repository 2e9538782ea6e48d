"""What the site asks of the report pipeline (`feedback.tasks`): start a completed interview's report, start
failed or stuck steps again, mail the reports that waited for a verified address, and measure stored reports
again with today's scoring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from feedback.analysis import analyse_interview
from feedback.models import STEPS, Report, StepStatus
from feedback.narrative import rules_narrative
from feedback.selectors import interview_events, job_context_of
from feedback.tasks import enqueue_step, overall_status, run_pdf, stuck_filter
from interviews.models import Interview, Status

if TYPE_CHECKING:
    from accounts.models import User


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
        locked.status = overall_status(locked)
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


# ---------------------------------------------------------------------------------------------
# Rescoring stored reports


def report_rescore(*, report: Report) -> str:
    """Measure a stored report again with today's scoring: "changed", "unchanged" or "skipped".

    The analysis, and a narrative the rules wrote, are rebuilt from the interview's events and saved
    (with a fresh PDF) only when they differ, so a second run changes nothing. A narrative the language
    model wrote is kept: asking it again would reword it on every run. Nothing is mailed again.
    """
    if not report.has_content:
        return "skipped"
    interview = report.interview
    events = interview_events(interview)
    if not events:
        return "skipped"
    analysis = analyse_interview(events, competencies=interview.scored_competencies,
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
        run_pdf(report)
    return "changed"
