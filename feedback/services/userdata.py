"""What a user's data export holds of their reports, and the PDF files that deleting the account removes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.files.storage import default_storage

from feedback.models import Attempt, Report
from interviews.models import iso_utc

if TYPE_CHECKING:
    from accounts.models import User


def export_reports(user: User) -> list[dict[str, Any]]:
    reports = Report.objects.filter(interview__owner=user).select_related("interview").order_by("created_at")
    return [
        {
            "id": str(report.id),
            "interview_id": str(report.interview_id),
            "status": report.status,
            "overall_score": report.overall_score,
            "narrative_source": report.narrative_source,
            "analysis": report.analysis,
            "narrative": report.narrative,
            "pdf_stored": bool(report.pdf),
            "email": report.email_status,
            "created_at": iso_utc(report.created_at),
            "ready_at": iso_utc(report.ready_at) if report.ready_at else None,
        }
        for report in reports
    ]


def export_attempts(user: User) -> list[dict[str, Any]]:
    attempts = Attempt.objects.filter(interview__owner=user).order_by("created_at")
    return [
        {
            "interview_id": str(attempt.interview_id),
            "question_id": attempt.question_id,
            "question": attempt.question,
            "competency": attempt.competency,
            "answer": attempt.answer,
            "score": attempt.score,
            "assessment": attempt.assessment,
            "created_at": iso_utc(attempt.created_at),
        }
        for attempt in attempts
    ]


def delete_report_files(user: User) -> None:
    """Remove the stored PDFs; the rows go with the user's interviews (CASCADE)."""
    for name in Report.objects.filter(interview__owner=user).exclude(pdf="").values_list("pdf", flat=True):
        default_storage.delete(name)


def register() -> None:
    from accounts.registry import register_user_data

    register_user_data("reports", export=export_reports, delete=delete_report_files)
    register_user_data("retakes", export=export_attempts)
