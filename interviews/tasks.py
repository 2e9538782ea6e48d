"""Background tasks of the interviews app (django-tasks-db; `manage.py db_worker --queue-name "*"`)."""

from __future__ import annotations

import datetime
import logging

from django.tasks import task

from interviews.services.research_store import research_run

logger = logging.getLogger(__name__)


@task(queue_name="research")
def research_company_task(research_id: int) -> str:
    """Research one company; on a retryable error, queue the next attempt with backoff (no built-in retries)."""
    attempt = research_run(research_id=research_id)
    if attempt.retry_at is not None:
        enqueue_research(research_id, run_after=attempt.retry_at)
    return str(attempt.status)


def enqueue_research(research_id: int, *, run_after: datetime.datetime | None = None) -> None:
    """Queue research; a deferred retry needs a backend that can defer, else maintenance re-queues it later."""
    task_ = research_company_task
    if run_after is not None:
        if not task_.get_backend().supports_defer:
            logger.info("task backend cannot defer; research %s waits for maintenance", research_id)
            return
        task_ = task_.using(run_after=run_after)
    task_.enqueue(research_id)
