"""Company research rows: one per normalised company name, shared by interviews and cached for a while.

`research_request` decides at setup whether research must run (and never waits for it);
`research_run` does one attempt (the task calls it) and says whether and when to retry.
"""

from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from pydantic import ValidationError

from agent_worker.core.backoff import backoff_delay
from interviews.models import CompanyResearch, Status
from interviews.research import ResearchError, is_junk_company_name, normalise_company_name, research_company
from mockflow_site.validation import explain

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 4
BACKOFF_BASE_SECONDS = 30  # 30 s, 2 min, 8 min between attempts
BACKOFF_MOST_SECONDS = 8 * 60
NO_KEY = "Company research is off: no TAVILY_API_KEY configured."
JUNK = "That does not look like a company name, so nothing was researched."
# A pending row nobody touched for this long lost its task (a worker died): maintenance re-queues it.
STALE_PENDING = datetime.timedelta(minutes=15)


def research_enabled() -> bool:
    return bool(getattr(settings, "TAVILY_API_KEY", None))


def cache_hours() -> int:
    return int(getattr(settings, "RESEARCH_CACHE_HOURS", 72))


def backoff(attempt: int) -> datetime.timedelta:
    """The wait after failed attempt number `attempt` (1-based)."""
    return datetime.timedelta(seconds=backoff_delay(attempt, first=BACKOFF_BASE_SECONDS, factor=4, most=BACKOFF_MOST_SECONDS))


def research_request(*, company: str, now: datetime.datetime | None = None) -> tuple[CompanyResearch | None, bool]:
    """Find or create the research row for a company; return it and whether a task must run now.

    A blank name gives (None, False). Junk names and a missing TAVILY_API_KEY give a `skipped` row.
    A fresh `ready` row is reused; an expired, failed or skipped one starts again.
    """
    now = now or timezone.now()
    display = " ".join((company or "").split())[:200]
    normalised = normalise_company_name(display)[:200]
    if not normalised:
        return None, False
    with transaction.atomic():
        row, created = CompanyResearch.objects.select_for_update().get_or_create(
            normalised_name=normalised, defaults={"display_name": display}
        )
        if is_junk_company_name(display):
            _set(row, status=CompanyResearch.Status.SKIPPED, last_error=JUNK)
            return row, False
        if not research_enabled():
            _set(row, status=CompanyResearch.Status.SKIPPED, last_error=NO_KEY)
            return row, False
        fresh = row.status == CompanyResearch.Status.READY and row.expires_at and row.expires_at > now
        if fresh:
            return row, False
        if row.status == CompanyResearch.Status.PENDING and not created:
            return row, False  # a task already has it
        _set(row, status=CompanyResearch.Status.PENDING, attempts=0, last_error="", next_attempt_at=now,
             expires_at=None, display_name=display, brief={})
        return row, True


def _set(row: CompanyResearch, **fields: Any) -> None:
    for name, value in fields.items():
        setattr(row, name, value)
    row.save(update_fields=[*fields, "updated_at"])


@dataclass
class Attempt:
    status: str
    retry_at: datetime.datetime | None = None
    error: str = ""


def research_run(*, research_id: int, now: datetime.datetime | None = None) -> Attempt:
    """Make one research attempt; store the brief, or the error and when to try again."""
    with transaction.atomic():
        row = CompanyResearch.objects.select_for_update().filter(pk=research_id).first()
        if row is None or row.status != CompanyResearch.Status.PENDING:
            return Attempt(status=row.status if row else "missing")
        row.attempts += 1
        row.save(update_fields=["attempts", "updated_at"])
        attempt, name = row.attempts, row.display_name
    try:
        brief = research_company(
            name,
            api_key=settings.TAVILY_API_KEY or "",
            base_url=getattr(settings, "TAVILY_BASE_URL", None),
            timeout=float(settings.RESEARCH_TIMEOUT_SECONDS),
        )
    except ResearchError as exc:
        now = now or timezone.now()
        if exc.retryable and attempt < MAX_ATTEMPTS:
            retry_at = now + backoff(attempt)
            CompanyResearch.objects.filter(pk=research_id).update(
                last_error=exc.message[:500], next_attempt_at=retry_at, updated_at=now
            )
            logger.info("research on %r failed (attempt %d), retrying at %s: %s", name, attempt, retry_at, exc.message)
            return Attempt(status=CompanyResearch.Status.PENDING, retry_at=retry_at, error=exc.message)
        status = CompanyResearch.Status.SKIPPED if is_junk_company_name(name) else CompanyResearch.Status.FAILED
        CompanyResearch.objects.filter(pk=research_id).update(
            status=status, last_error=exc.message[:500], next_attempt_at=None, updated_at=now,
            expires_at=now + datetime.timedelta(hours=1),  # try a failed name again after a while
        )
        logger.warning("research on %r gave up after %d attempts: %s", name, attempt, exc.message)
        return Attempt(status=status, error=exc.message)
    now = now or timezone.now()
    CompanyResearch.objects.filter(pk=research_id).update(
        status=CompanyResearch.Status.READY,
        brief=brief.model_dump(),
        last_error="",
        next_attempt_at=None,
        expires_at=now + datetime.timedelta(hours=cache_hours()),
        updated_at=now,
    )
    return Attempt(status=CompanyResearch.Status.READY)


def research_due_for_retry(*, now: datetime.datetime | None = None) -> QuerySet[CompanyResearch]:
    """Pending rows whose next attempt is due and that no task seems to hold (lost or never deferred)."""
    now = now or timezone.now()
    return CompanyResearch.objects.filter(
        status=CompanyResearch.Status.PENDING,
        next_attempt_at__lte=now - STALE_PENDING,
        updated_at__lte=now - STALE_PENDING,
    )


def research_expire(*, now: datetime.datetime | None = None) -> int:
    """Drop cached research past its time, unless an interview that has not run yet still needs it."""
    now = now or timezone.now()
    expired = CompanyResearch.objects.filter(expires_at__lte=now).exclude(
        status=CompanyResearch.Status.PENDING
    ).exclude(interviews__status__in=[Status.DRAFT, Status.READY, Status.LIVE])
    count, _ = expired.delete()
    return count


def research_view(row: CompanyResearch | None, *, company: str = "") -> dict[str, Any]:
    """What the candidate's page shows about the research (also the JSON the page polls)."""
    from interviews.research import SECTION_TITLES, SECTIONS, CompanyBrief

    if row is None:
        if company:
            return {"status": "none", "message": "That does not look like a company name, so nothing was researched."}
        return {"status": "none", "message": "No company given, so there is no company research."}
    data: dict[str, Any] = {"status": row.status, "company": row.display_name}
    if row.status == CompanyResearch.Status.READY:
        try:
            brief = CompanyBrief.model_validate(row.brief or {})
        except ValidationError as error:  # a row from an older shape: show no sentences rather than fail
            logger.error("research %s holds a brief of the wrong shape: %s", row.pk, explain(error))
            brief = CompanyBrief(company=row.display_name)
        sources = {s.index: s for s in brief.sources}
        data["sections"] = [
            {
                "title": SECTION_TITLES[name],
                "sentences": [{"text": s.text, "source": s.source} for s in brief.section(name)],
            }
            for name in SECTIONS
            if brief.section(name)
        ]
        data["sources"] = [{"index": s.index, "title": s.title or s.url, "url": s.url} for s in sources.values()]
        data["researched_at"] = brief.researched_at
        if brief.is_empty:
            data["message"] = "The web search found nothing reliable to say about this company."
    elif row.status == CompanyResearch.Status.PENDING:
        data["message"] = (
            "Researching the company… this page updates on its own."
            if row.attempts <= 1 or not row.last_error
            else "The search service had a hiccup; trying again shortly."
        )
    elif row.status == CompanyResearch.Status.SKIPPED:
        data["message"] = row.last_error or NO_KEY
    else:
        data["message"] = "Company research did not work this time. Your interview does not depend on it."
    return data
