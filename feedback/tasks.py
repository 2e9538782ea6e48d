"""The report pipeline: analysis → narrative → PDF → email, one task per step, on the "feedback" queue.

The step table, the claim, the heartbeat and the reaper live here together with the tasks that run them
(django-tasks-db). Each step is claimed on the Report row before it runs (a doubled task finds it taken or
done), records its attempts and last error, and on failure is re-enqueued with backoff until MAX_ATTEMPTS; then
the step is `failed`, visible on the page and in admin, and `report_retry` (`feedback.services.reports`) starts
it again. django-tasks-db has no retries of its own: this module is them. The email step retries on its own,
longer schedule (REPORT_EMAIL_RETRY_SECONDS, at least an hour in all: a mail server may be down for a while).

django-tasks-db has no heartbeat and no reaper either (a task whose worker is SIGKILLed stays RUNNING for good),
so the pipeline keeps its own: while a step runs, a thread of the worker touches the report's `updated_at` every
REPORT_HEARTBEAT_SECONDS. A step still `running` whose report has not been touched for REPORT_STEP_STALE_SECONDS
lost its worker: the reaper (run by the task worker every so often, and by `manage.py maintenance`) marks the
dead task failed and enqueues the step again; the step's claim takes over a stale `running` step, and each step
is idempotent (one PDF file per report, one outbox row and one Message-ID per report email).
"""

from __future__ import annotations

import contextlib
import logging
import threading
import uuid
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import connection, transaction
from django.db.models import Q
from django.tasks import task
from django.utils import timezone

from feedback import llm
from feedback.analysis import InterviewAnalysis, analyse_interview
from feedback.models import STEPS, Report, StepStatus, step_stale_after
from feedback.narrative import generate_narrative
from feedback.selectors import interview_events, job_context_of
from feedback.services.delivery import report_send_email

ReportId = uuid.UUID | str  # the row's pk, or as the task queue carries it

log = logging.getLogger(__name__)

QUEUE = "feedback"
MAX_ATTEMPTS = 3
BACKOFF_SECONDS = (30, 120, 600)  # after the 1st, 2nd, 3rd failure
CONTENT_STEPS = ("analysis", "narrative", "pdf")
NEXT_STEP = {"analysis": "narrative", "narrative": "pdf", "pdf": "email", "email": None}
PREVIOUS_STEP = {"analysis": None, "narrative": "analysis", "pdf": "narrative", "email": "pdf"}
# What a dead worker's task is marked failed with (django-tasks-db's rows name the exception's class).
LOST_TASK_CLASS = "feedback.tasks.WorkerLost"


class WorkerLost(Exception):
    """The worker running a task stopped (killed, its machine gone) before the task finished."""


def backoff_for(attempts: int, step: str = "") -> int:
    schedule = email_backoff() if step == "email" else BACKOFF_SECONDS
    return schedule[min(attempts, len(schedule)) - 1]


def email_backoff() -> tuple[int, ...]:
    return tuple(settings.REPORT_EMAIL_RETRY_SECONDS)


def max_attempts(step: str) -> int:
    return len(email_backoff()) + 1 if step == "email" else MAX_ATTEMPTS


# ---------------------------------------------------------------------------------------------
# The steps


def run_analysis(report: Report) -> str:
    interview = report.interview
    analysis = analyse_interview(interview_events(interview), competencies=interview.scored_competencies,
                                 job=job_context_of(interview))
    Report.objects.filter(pk=report.pk).update(analysis=analysis.model_dump(), overall_score=analysis.overall_score)
    return StepStatus.DONE


def run_narrative(report: Report) -> str:
    analysis = InterviewAnalysis.model_validate(report.analysis or {})
    narrative = generate_narrative(
        analysis,
        complete=llm.json_completer(),
        attempts=3,
        sceptic=settings.FEEDBACK_SCEPTIC_PASS,
    )
    Report.objects.filter(pk=report.pk).update(narrative=narrative.model_dump(), narrative_source=narrative.source)
    return StepStatus.DONE


def run_pdf(report: Report) -> str:
    from feedback.pdf import render_report_pdf  # WeasyPrint loads in a second or so: only where a PDF is made

    report.refresh_from_db()
    content = render_report_pdf(report)
    old = report.pdf.name if report.pdf else None
    report.pdf.save(f"{report.pk}.pdf", ContentFile(content), save=False)
    Report.objects.filter(pk=report.pk).update(pdf=report.pdf.name)
    if old and old != report.pdf.name:
        report.pdf.storage.delete(old)
    return StepStatus.DONE


def run_email(report: Report) -> str:
    return report_send_email(report=report)


STEP_FUNCTIONS: dict[str, Callable[[Report], str]] = {
    "analysis": run_analysis,
    "narrative": run_narrative,
    "pdf": run_pdf,
    "email": run_email,
}


# ---------------------------------------------------------------------------------------------
# Running one step


def report_run_step(*, report_id: ReportId, step: str) -> str:
    """Run `step` of the report if it is due; return what happened (done, waiting, retry, failed, skipped)."""
    if step not in STEPS:
        raise ValueError(f"unknown report step {step!r}")
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


def enqueue_step(*, report_id: ReportId, step: str, delay_seconds: int | None = None) -> None:
    step_task = STEP_TASKS[step]
    if delay_seconds and step_task.get_backend().supports_defer:
        step_task = step_task.using(run_after=timezone.now() + timedelta(seconds=delay_seconds))
    step_task.enqueue(str(report_id))


def _claim(report_id: ReportId, step: str) -> Report | None:
    now = timezone.now()
    field = f"{step}_status"
    # A step `running` with no heartbeat for a while lost its worker: this run takes it over.
    due = Q(**{field: StepStatus.PENDING}) | Q(**{field: StepStatus.RUNNING,
                                                  "updated_at__lt": now - step_stale_after()})
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
        report.status = overall_status(report)
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
        report.status = overall_status(report)
        report.save()
    if retry:
        enqueue_step(report_id=report_id, step=step, delay_seconds=backoff_for(attempts, step))
        return "retry"
    return "failed"


def overall_status(report: Report) -> str:
    statuses = [report.step_status(step) for step in STEPS]
    if StepStatus.FAILED in statuses:
        return Report.Status.FAILED
    if all(report.step_status(step) == StepStatus.DONE for step in CONTENT_STEPS):
        return Report.Status.READY
    if all(s == StepStatus.PENDING for s in statuses) and not report.step_attempts:
        return Report.Status.PENDING
    return Report.Status.BUILDING


# ---------------------------------------------------------------------------------------------
# The heartbeat and the reaper


def stuck_filter(now: datetime) -> Q:
    """Reports with a step `running` and no heartbeat for longer than REPORT_STEP_STALE_SECONDS."""
    running = Q()
    for step in STEPS:
        running |= Q(**{f"{step}_status": StepStatus.RUNNING})
    return running & Q(updated_at__lt=now - step_stale_after())


@contextlib.contextmanager
def step_heartbeat(report_id: ReportId) -> Iterator[None]:
    """Touch the report every REPORT_HEARTBEAT_SECONDS while the block runs (in a thread of its own)."""
    stop = threading.Event()
    every = float(settings.REPORT_HEARTBEAT_SECONDS)

    def beat() -> None:
        try:
            while not stop.wait(every):
                with contextlib.suppress(Exception):  # a missed beat is not fatal: the next one may land
                    Report.objects.filter(pk=report_id).update(updated_at=timezone.now())
        finally:
            connection.close()  # this thread's own connection

    thread = threading.Thread(target=beat, name=f"report-heartbeat-{report_id}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=every + 5)


def reports_recover_stuck(*, now: datetime | None = None) -> int:
    """Take up every step whose worker stopped heart-beating; return how many steps were enqueued."""
    now = now or timezone.now()
    count = 0
    for report in Report.objects.filter(stuck_filter(now)):
        for step in STEPS:
            if report.step_status(step) != StepStatus.RUNNING:
                continue
            _fail_lost_tasks(report.pk, step, now)
            if not _step_queued(report.pk, step):
                log.warning("Report %s: step %s lost its worker; enqueued again", report.pk, step)
                enqueue_step(report_id=report.pk, step=step)
                count += 1
    return count


def recover_stuck_reports_job(now: datetime) -> str:
    """The reaper as a maintenance job (`interviews.maintenance.JOBS`)."""
    return f"{reports_recover_stuck(now=now)} stuck report step(s) taken up again"


def _step_tasks(report_id: ReportId, step: str) -> Any:  # a queryset of django-tasks-db's (untyped) rows
    from django_tasks_db.models import DBTaskResult  # django-tasks-db's models: only once apps are ready

    return DBTaskResult.objects.filter(task_path=STEP_TASKS[step].module_path, args_kwargs__args=[str(report_id)])


def _step_queued(report_id: ReportId, step: str) -> bool:
    from django.tasks import TaskResultStatus

    return bool(_step_tasks(report_id, step).filter(status=TaskResultStatus.READY).exists())


def _fail_lost_tasks(report_id: ReportId, step: str, now: datetime) -> int:
    """Mark the dead worker's task failed, so that task lists do not show it running for ever."""
    from django.tasks import TaskResultStatus

    failed: int = _step_tasks(report_id, step).filter(status=TaskResultStatus.RUNNING).update(
        status=TaskResultStatus.FAILED, finished_at=now, exception_class_path=LOST_TASK_CLASS,
        traceback="The worker stopped while running this task (no heartbeat); the step was taken up again.",
    )
    return failed


# ---------------------------------------------------------------------------------------------
# The tasks


@task(queue_name=QUEUE)
def build_report_analysis(report_id: str) -> str:
    return report_run_step(report_id=report_id, step="analysis")


@task(queue_name=QUEUE)
def build_report_narrative(report_id: str) -> str:
    return report_run_step(report_id=report_id, step="narrative")


@task(queue_name=QUEUE)
def build_report_pdf(report_id: str) -> str:
    return report_run_step(report_id=report_id, step="pdf")


@task(queue_name=QUEUE)
def send_report_email(report_id: str) -> str:
    return report_run_step(report_id=report_id, step="email")


STEP_TASKS = {
    "analysis": build_report_analysis,
    "narrative": build_report_narrative,
    "pdf": build_report_pdf,
    "email": send_report_email,
}
