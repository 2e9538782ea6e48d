"""Periodic maintenance jobs, run by `manage.py maintenance`.

A job is a function `job(now) -> str` (a short report line) registered in `JOBS`. Add one with
`@maintenance_job("name")`; each runs in turn and a failing job never stops the others.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Callable

from django.conf import settings
from django.utils import timezone

from interviews.models import Document

logger = logging.getLogger(__name__)

Job = Callable[[datetime.datetime], str]
JOBS: dict[str, Job] = {}


def maintenance_job(name: str) -> Callable[[Job], Job]:
    def register(func: Job) -> Job:
        JOBS[name] = func
        return func

    return register


@maintenance_job("remove_old_documents")
def remove_old_document_files(now: datetime.datetime) -> str:
    """Delete uploaded files (resumes and job descriptions) past RESUME_RETENTION_DAYS; keep the rows."""
    cutoff = now - datetime.timedelta(days=int(getattr(settings, "RESUME_RETENTION_DAYS", 30)))
    removed = 0
    for doc in Document.objects.filter(created_at__lt=cutoff, file_removed_at__isnull=True).exclude(file=""):
        try:
            doc.file.delete(save=False)
        except OSError:
            logger.exception("could not remove the file of document %s", doc.pk)
            continue
        Document.objects.filter(pk=doc.pk).update(file="", file_removed_at=now)
        removed += 1
    return f"{removed} document file(s) removed"


@maintenance_job("expire_research")
def expire_research(now: datetime.datetime) -> str:
    from interviews.services.research_store import research_expire

    return f"{research_expire(now=now)} cached research row(s) expired"


@maintenance_job("retry_lost_research")
def retry_lost_research(now: datetime.datetime) -> str:
    """Re-queue research whose task was lost (a worker died) or could not be deferred."""
    from interviews.services.research_store import research_due_for_retry
    from interviews.tasks import enqueue_research

    count = 0
    for row in research_due_for_retry(now=now):
        enqueue_research(row.pk)
        count += 1
    return f"{count} research task(s) re-queued"


def run_maintenance(*, now: datetime.datetime | None = None, only: list[str] | None = None) -> dict[str, str]:
    """Run every job (or the named ones) once; return each job's report or error."""
    now = now or timezone.now()
    results: dict[str, str] = {}
    for name, job in JOBS.items():
        if only and name not in only:
            continue
        try:
            results[name] = job(now)
        except Exception as exc:  # one broken job must not stop the others
            logger.exception("maintenance job %s failed", name)
            results[name] = f"failed: {type(exc).__name__}: {exc}"
    return results


import interviews.services.stale  # noqa: E402,F401,I001  (registers abandon_stale_interviews)
import feedback.services.recovery  # noqa: E402,F401,I001  (registers recover_stuck_reports)
