"""Periodic maintenance jobs, run by `manage.py maintenance`.

A job is a function `job(now) -> str` (a short report line). Every job is listed in `JOBS`, in the order
they run; each runs in turn and a failing job never stops the others. The jobs that belong to another part of
the product stay there (`interviews.services.stale`, the report pipeline's reaper in `feedback.tasks`) and know
nothing of this list.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Callable

from django.conf import settings
from django.utils import timezone

from feedback.tasks import recover_stuck_reports_job
from interviews.models import Document
from interviews.services.recordings import recordings_remove_old
from interviews.services.research_store import research_due_for_retry, research_expire
from interviews.services.stale import abandon_stale_job
from interviews.tasks import enqueue_research

logger = logging.getLogger(__name__)

Job = Callable[[datetime.datetime], str]


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


def remove_old_recordings(now: datetime.datetime) -> str:
    """Delete recordings of spoken answers past AUDIO_RETENTION_DAYS; keep the rows (their word timings)."""
    return f"{recordings_remove_old(now=now)} recording(s) removed"


def expire_research(now: datetime.datetime) -> str:
    return f"{research_expire(now=now)} cached research row(s) expired"


def retry_lost_research(now: datetime.datetime) -> str:
    """Re-queue research whose task was lost (a worker died) or could not be deferred."""
    count = 0
    for row in research_due_for_retry(now=now):
        enqueue_research(row.pk)
        count += 1
    return f"{count} research task(s) re-queued"


# Every periodic job, in the order they run.
JOBS: dict[str, Job] = {
    "remove_old_documents": remove_old_document_files,
    "remove_old_recordings": remove_old_recordings,
    "expire_research": expire_research,
    "retry_lost_research": retry_lost_research,
    "abandon_stale_interviews": abandon_stale_job,
    "recover_stuck_reports": recover_stuck_reports_job,
}


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

