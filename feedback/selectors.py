"""Reads: the candidate's own reports, the dashboard's rows and trends, the staff aggregates.

What the pages show of them (labels, measures, charts) is made in `feedback.presenters`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import timedelta
from statistics import quantiles
from typing import Any

from django.core.paginator import Paginator
from django.db.models import Avg, BooleanField, Count, ExpressionWrapper, Max, Q
from django.db.models.functions import TruncDate
from django.utils import timezone
from pydantic import ValidationError

from agent_worker.core import events as ev
from agent_worker.core.facts import JobRequirements
from feedback.analysis_types import Answer, InterviewAnalysis
from feedback.models import Attempt, Report, StepStatus
from feedback.scoring.job import JobContext
from interviews.models import Document, Event, Interview, Recording, Status

# ---------------------------------------------------------------------------------------------
# One report


def interview_with_report_for_owner(*, user, interview_id) -> Interview | None:
    """The user's own interview (with its report, if any), or None: others' (staff included) are not found."""
    try:
        return (
            Interview.objects.select_related("role", "plan", "owner")
            .prefetch_related("report")
            .get(pk=interview_id, owner=user)
        )
    except (Interview.DoesNotExist, ValueError):
        return None


def report_of(interview: Interview) -> Report | None:
    try:
        return interview.report
    except Report.DoesNotExist:
        return None


def recording_at(interview: Interview, seq: int) -> Recording | None:
    """The recording of the interview's answer with that seq, while its audio is kept."""
    return Recording.objects.filter(interview=interview, seq=seq, file_removed_at__isnull=True).exclude(file="").first()


def recordings_of(interview: Interview) -> list[Recording]:
    """The interview's recordings in the order they were said (those whose audio is removed too: their words
    stay)."""
    return list(Recording.objects.filter(interview=interview).order_by("seq"))


def interview_events(interview: Interview) -> list[dict[str, Any]]:
    """The interview's stored events in order, as the engine sent them: what the analysis reads."""
    return [event.as_message() for event in interview.events.order_by("seq")]


def job_context_of(interview: Interview) -> JobContext | None:
    """The posting an interview was for, as its answers are scored against (None without one)."""
    return job_context_of_document(interview.job_description, role=interview.title)


def job_context_of_document(document: Document | None, *, role: str | None = None) -> JobContext | None:
    """A posting's title, duties and must-haves as the setup page read them (and the candidate confirmed them);
    read again from its text when none were stored. `score_answers` reads a posting's text the same way."""
    if document is None:
        return None
    try:
        requirements = JobRequirements.model_validate(document.facts) if document.facts else None
    except ValidationError:
        requirements = None
    if requirements is None or requirements.is_empty():
        return JobContext.from_posting(document.text, role=role)
    return JobContext.from_requirements(requirements, role=role)


def job_postings_of(user) -> list[Document]:
    """The user's own job postings, newest first: what the practice page can score an answer against."""
    return list(Document.objects.filter(owner=user, kind=Document.Kind.JOB_DESCRIPTION).exclude(text="")[:20])


def report_counts(interview: Interview) -> dict[str, Any]:
    """The counts the report shows: from its stored analysis, or measured now from the events by the
    same analysis when that step has not run yet (the room's end panel asks before the report exists)."""
    from feedback.analysis import InterviewAnalysis, analyse_interview

    the_report = report_of(interview)
    if the_report is not None and the_report.analysis:
        return InterviewAnalysis.model_validate(the_report.analysis).counts()
    competencies = interview.scored_competencies
    return analyse_interview(interview_events(interview), competencies=competencies).counts()


# ---------------------------------------------------------------------------------------------
# The candidate's dashboard


DASHBOARD_PAGE_SIZE = 20  # past interviews per page
TREND_WINDOW = 20  # the trend charts draw each role's latest scored interviews, at most this many


def dashboard_interviews(*, user, role: str | None = None, status: str | None = None):
    """The rows of the past-interviews table, newest first: only the columns it shows.

    The report's JSON (analysis, narrative) is never loaded: whether it has content is computed by
    the database, so a page costs the same however long the history or the reports.
    """
    queryset = (
        Interview.objects.filter(owner=user)
        .exclude(status=Status.DRAFT)
        .select_related("role", "plan", "report")
        .only("id", "created_at", "level", "status", "job_title", "company", "role__title", "role__slug", "plan__title",
              "report__id", "report__status", "report__overall_score")
        .annotate(report_has_content=ExpressionWrapper(
            Q(report__analysis__isnull=False) & Q(report__narrative__isnull=False), output_field=BooleanField()),
                  retakes=Count("attempts"))
        .order_by("-created_at", "-pk")
    )
    if role:
        queryset = queryset.filter(role__slug=role)
    if status:
        queryset = queryset.filter(status=status)
    return queryset


def dashboard_page(*, user, role: str | None = None, status: str | None = None, page=None):
    """One page of the past-interviews table (a bad or too large page number shows the last page)."""
    return Paginator(dashboard_interviews(user=user, role=role, status=status), DASHBOARD_PAGE_SIZE).get_page(page)


def dashboard_roles(*, user):
    from interviews.models import Role

    return Role.objects.filter(interviews__owner=user).distinct().order_by("title")


TREND_COMPETENCIES = 6  # a role from the job description: the skills its interviews share most, at most this many


def _shared_competencies(analyses: list) -> list[str]:
    """A role from the job description has no competencies of its own: each interview was built from its posting
    (safety and teamwork for a warehouse job, patient care for a nurse's). Its trend follows the skills its scored
    interviews share, the most often scored first; with one interview, that one's skills."""
    seen: Counter[str] = Counter()
    for competencies in analyses:
        seen.update(list(dict.fromkeys(c["name"] for c in competencies or [] if isinstance(c, dict) and c.get("name")
                                       and c.get("score") is not None)))
    floor = 2 if len(analyses) > 1 else 1
    return [name for name, n in seen.most_common() if n >= floor][:TREND_COMPETENCIES]


def competency_trends(*, user, role: str | None = None) -> list[dict]:
    """Per role: its scored interviews' `count`, its `competencies`, and the `points` (created_at, {competency:
    score or None}) of its latest TREND_WINDOW scored interviews, oldest first. A competency retaken on the
    retake page counts at its best: the interview's score or a retake's, whichever is higher.

    Counted by the database; per role, only the latest scored reports' competency scores are read
    (one key of the analysis JSON), so the charts cost the same after 3 interviews or 300.
    """
    from interviews.models import Role

    scored = Report.objects.filter(interview__owner=user, analysis_status=StepStatus.DONE,
                                   overall_score__isnull=False)
    if role:
        scored = scored.filter(interview__role__slug=role)
    retaken = best_attempts_by_competency(user=user)
    counts = {row["interview__role"]: row["n"]
              for row in scored.values("interview__role").annotate(n=Count("id")).order_by()}
    trends = []
    for role_obj in Role.objects.filter(pk__in=counts).order_by("title"):
        latest = list(scored.filter(interview__role=role_obj).order_by("-interview__created_at")
                      .values_list("interview_id", "interview__created_at", "analysis__competencies")[:TREND_WINDOW])
        names = list(role_obj.competencies or []) or _shared_competencies([c for _, _, c in latest])
        if not names:
            continue
        points = []
        for interview_id, created_at, competencies in reversed(latest):
            scores = {c["name"]: c.get("score") for c in competencies or [] if isinstance(c, dict) and "name" in c}
            points.append((created_at, {name: _best(scores.get(name), retaken.get((interview_id, name)))
                                        for name in names}))
        trends.append({"role": role_obj, "count": counts[role_obj.pk], "competencies": names, "points": points})
    return trends


def _best(score: float | None, retake: float | None) -> float | None:
    return max(s for s in (score, retake) if s is not None) if score is not None or retake is not None else None


# ---------------------------------------------------------------------------------------------
# Staff aggregates (no names, no transcripts)


def _percentile(values: list[float], q: int) -> float | None:
    if not values:
        return None
    if len(values) == 1:
        return round(values[0], 3)
    return round(quantiles(values, n=100, method="inclusive")[q - 1], 3)


LATENCY_SAMPLE_INTERVIEWS = 500  # latency percentiles over the window's latest completed interviews, at most


def _latencies(interview_ids) -> list[float]:
    from agent_worker.core.report import metrics as engine_metrics

    samples: list[float] = []
    missing = []
    rows = Interview.objects.filter(pk__in=interview_ids).values_list("id", "metrics__response_latency__samples")
    for interview_id, found in rows:  # only the samples of the metrics JSON are read
        if isinstance(found, list):
            samples.extend(float(s) for s in found if isinstance(s, int | float))
        else:
            missing.append(interview_id)
    if missing:
        events = defaultdict(list)
        for event in Event.objects.filter(interview_id__in=missing).order_by("interview_id", "seq"):
            events[event.interview_id].append(event.as_message())
        for its_events in events.values():
            samples.extend(engine_metrics(its_events)["response_latency"]["samples"])
    return samples


def staff_overview(*, days: int, now=None) -> dict:
    """Volumes, completion, forced transitions per stage, scores by role, latency and failures (stages and
    report steps by their names; `feedback.presenters.staff_overview_view` labels them)."""
    now = now or timezone.now()
    since = now - timedelta(days=days)
    interviews = Interview.objects.filter(created_at__gte=since).exclude(status=Status.DRAFT)
    per_day = {
        row["day"]: row["n"]
        for row in interviews.annotate(day=TruncDate("created_at")).values("day").annotate(n=Count("id"))
    }
    days_list = [(since + timedelta(days=i + 1)).date() for i in range(days)]
    per_day_rows = [{"day": day, "count": per_day.get(day, 0)} for day in days_list]
    counts = {row["status"]: row["n"] for row in interviews.values("status").annotate(n=Count("id"))}
    ended = sum(counts.get(s, 0) for s in (Status.COMPLETED, Status.ABANDONED, Status.FAILED))

    def rate(n: int) -> float | None:
        return round(100 * n / ended, 1) if ended else None

    exits: dict[str, dict[str, int]] = defaultdict(lambda: {"total": 0, "forced": 0})
    for row in (Event.objects.filter(type="stage.exited", interview__in=interviews)
                .values("stage").order_by("stage")
                .annotate(total=Count("id"), forced=Count("id", filter=Q(data__reason__in=list(ev.FORCED_EXIT_REASONS))))):
        exits[row["stage"]] = {"total": row["total"], "forced": row["forced"]}
    forced_rows = [
        {"stage": stage, "total": row["total"], "forced": row["forced"],
         "rate": round(100 * row["forced"] / row["total"], 1) if row["total"] else None}
        for stage, row in sorted(exits.items())
    ]
    scores = list(
        Report.objects.filter(interview__in=interviews, overall_score__isnull=False)
        .values("interview__role__title")
        .annotate(avg=Avg("overall_score"), n=Count("id"))
        .order_by("interview__role__title")
    )
    latest_completed = interviews.filter(status=Status.COMPLETED).order_by("-created_at")[:LATENCY_SAMPLE_INTERVIEWS]
    latencies = _latencies(list(latest_completed.values_list("id", flat=True)))
    reports = Report.objects.filter(interview__in=interviews)
    failed_reports = reports.filter(status=Report.Status.FAILED)
    failed_by_step = {
        step: failed_reports.filter(**{f"{step}_status": StepStatus.FAILED}).count()
        for step in ("analysis", "narrative", "pdf", "email")
    }
    from django_tasks_db.models import DBTaskResult

    failed_tasks = DBTaskResult.objects.filter(
        queue_name__in=["feedback", "research", "default"], enqueued_at__gte=since
    ).failed()
    p50, p95 = _percentile(latencies, 50), _percentile(latencies, 95)
    return {
        "days": days,
        "since": since,
        "total": sum(counts.values()),
        "per_day": per_day_rows,
        "per_day_max": max([r["count"] for r in per_day_rows] + [1]),
        "counts": counts,
        "ended": ended,
        "completion_rate": rate(counts.get(Status.COMPLETED, 0)),
        "abandonment_rate": rate(counts.get(Status.ABANDONED, 0)),
        "failure_rate": rate(counts.get(Status.FAILED, 0)),
        "forced_rows": forced_rows,
        "scores_by_role": [
            {"role": row["interview__role__title"], "avg": round(row["avg"], 2), "count": row["n"]} for row in scores
        ],
        "latency_p50": p50,
        "latency_p95": p95,
        "latency_samples": len(latencies),
        "reports_total": reports.count(),
        "reports_building": reports.filter(status__in=[Report.Status.PENDING, Report.Status.BUILDING]).count(),
        "failed_reports": failed_reports.count(),
        "failed_by_step": failed_by_step,
        "failed_tasks": failed_tasks.count(),
        "failed_tasks_by_queue": {
            row["queue_name"]: row["n"] for row in failed_tasks.values("queue_name").annotate(n=Count("id"))
        },
        "waiting_verification": reports.filter(email_status=StepStatus.WAITING).count(),
    }


def staff_window(days) -> int:
    """The staff dashboard's window: 7 or 30 days."""
    return 30 if str(days) == "30" else 7


# ---------------------------------------------------------------------------------------------
# Retakes: one question of a finished interview tried again


def interview_answer(interview: Interview, question_id: str) -> Answer | None:
    """The report's analysis of the answer to one of the interview's questions, or None (no report yet, or no
    such question)."""
    the_report = report_of(interview)
    if the_report is None or not the_report.analysis:
        return None
    analysis = InterviewAnalysis.model_validate(the_report.analysis)
    return next((a for a in analysis.interview_answers() if a.question_id == question_id), None)


def attempts_at(interview: Interview, question_id: str) -> list[Attempt]:
    """The retakes of one question, oldest first."""
    return list(Attempt.objects.filter(interview=interview, question_id=question_id).order_by("created_at"))


def attempt_totals(interview: Interview) -> dict[str, dict[str, Any]]:
    """Per question id: how many retakes it has and the best retake's score (the report lists them)."""
    rows = (Attempt.objects.filter(interview=interview).values("question_id")
            .annotate(count=Count("id"), best=Max("score")).order_by())
    return {row["question_id"]: {"count": row["count"], "best": row["best"]} for row in rows}


def best_attempts_by_competency(*, user) -> dict[tuple[Any, str], float]:
    """(interview id, competency) -> the best retake's score there: the progress chart counts the best attempt."""
    rows = (Attempt.objects.filter(interview__owner=user).exclude(competency="")
            .values("interview_id", "competency").annotate(best=Max("score")).order_by())
    return {(row["interview_id"], row["competency"]): row["best"] for row in rows}
