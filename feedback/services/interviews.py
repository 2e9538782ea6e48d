"""Deleting an interview, with its events, report, PDF and recordings (the candidate's own action)."""

from __future__ import annotations

from django.db import transaction

from feedback.models import Report
from interviews.models import Interview, Recording
from interviews.services.recordings import recording_files_delete


def interview_delete(*, interview: Interview) -> None:
    """Delete the interview; its events, status changes, report, outbox and recordings go with it, files too."""
    recording_files_delete(Recording.objects.filter(interview=interview))
    pdf_names = [name for name in Report.objects.filter(interview=interview).values_list("pdf", flat=True) if name]
    with transaction.atomic():
        interview.delete()
    from django.core.files.storage import default_storage

    for name in pdf_names:
        default_storage.delete(name)
