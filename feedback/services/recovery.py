"""Report steps that outlive their worker: a heartbeat while a step runs, and the reaper.

django-tasks-db has no heartbeat and no reaper of its own (a task whose worker is SIGKILLed stays
RUNNING for good), so the report pipeline keeps its own: while a step runs, a thread of the worker
touches the report's `updated_at` every REPORT_HEARTBEAT_SECONDS. A step still `running` whose
report has not been touched for REPORT_STEP_STALE_SECONDS lost its worker: the reaper (run by the
task worker every so often, and by `manage.py maintenance`) marks the dead task failed and enqueues
the step again; the step's claim takes over a stale `running` step, and each step is idempotent
(one PDF file per report, one outbox row and one Message-ID per report email).
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection
from django.db.models import Q
from django.utils import timezone

from feedback.models import STEPS, Report, StepStatus
from feedback.services.reports import ReportId
from interviews.maintenance import maintenance_job

log = logging.getLogger(__name__)

LOST_TASK_CLASS = "feedback.services.recovery.WorkerLost"


class WorkerLost(Exception):
    """The worker running a task stopped (killed, its machine gone) before the task finished."""


def stale_after() -> timedelta:
    return timedelta(seconds=settings.REPORT_STEP_STALE_SECONDS)


def stuck_filter(now: datetime) -> Q:
    """Reports with a step `running` and no heartbeat for longer than REPORT_STEP_STALE_SECONDS."""
    running = Q()
    for step in STEPS:
        running |= Q(**{f"{step}_status": StepStatus.RUNNING})
    return running & Q(updated_at__lt=now - stale_after())


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
    from feedback.services.reports import enqueue_step

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


def _task_path(step: str) -> str:
    from feedback import tasks

    return tasks.STEP_TASKS[step].module_path


def _step_tasks(report_id: ReportId, step: str) -> Any:  # a queryset of django-tasks-db's (untyped) rows
    from django_tasks_db.models import DBTaskResult

    return DBTaskResult.objects.filter(task_path=_task_path(step), args_kwargs__args=[str(report_id)])


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


@maintenance_job("recover_stuck_reports")
def recover_stuck_reports_job(now: datetime) -> str:
    return f"{reports_recover_stuck(now=now)} stuck report step(s) taken up again"
