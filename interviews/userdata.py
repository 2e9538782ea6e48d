"""What a user's data export holds of interviews and documents, and what deleting them removes."""

import base64

from interviews.models import Document, Interview, Recording, iso_utc
from interviews.services.recordings import recording_audio, recording_files_delete


def export_documents(user) -> list[dict]:
    return [
        {
            "id": str(doc.id),
            "kind": doc.kind,
            "original_name": doc.original_name,
            "pages": doc.pages,
            "chars": doc.chars,
            "text": doc.text,
            "facts": doc.facts,
            "created_at": iso_utc(doc.created_at),
            "file_stored": bool(doc.file),
        }
        for doc in Document.objects.filter(owner=user).order_by("created_at")
    ]


def export_interviews(user) -> list[dict]:
    interviews = Interview.objects.filter(owner=user).select_related("role", "plan").order_by("created_at")
    return [
        {
            "id": str(interview.id),
            "role": interview.role.title,
            "level": interview.level,
            "plan": {"name": interview.plan.name, "version": interview.plan.version},
            "company": interview.company,
            "status": interview.status,
            "mode": interview.mode,
            "end_reason": interview.end_reason,
            "created_at": iso_utc(interview.created_at),
            "started_at": iso_utc(interview.started_at) if interview.started_at else None,
            "ended_at": iso_utc(interview.ended_at) if interview.ended_at else None,
            "resume_id": str(interview.resume_id) if interview.resume_id else None,
            "job_description_id": str(interview.job_description_id) if interview.job_description_id else None,
            "transcript": interview.transcript,
            "metrics": interview.metrics,
            "events": [event.as_message() for event in interview.events.all()],
        }
        for interview in interviews
    ]


def export_recordings(user) -> list[dict]:
    """Each kept recording with its audio (base64) and word timings; one whose audio is removed says when."""
    rows = Recording.objects.filter(interview__owner=user).order_by("interview__created_at", "seq")
    exported = []
    for recording in rows:
        audio = recording_audio(recording)
        exported.append({
            "interview_id": str(recording.interview_id),
            "question_id": recording.question_id,
            "seq": recording.seq,
            "content_type": recording.content_type,
            "duration_seconds": recording.duration_seconds,
            "words": recording.words,
            "created_at": iso_utc(recording.created_at),
            "audio_removed_at": iso_utc(recording.file_removed_at) if recording.file_removed_at else None,
            "audio_base64": base64.b64encode(audio).decode("ascii") if audio is not None else None,
        })
    return exported


def delete_recording_files(user) -> None:
    """Remove the audio files; the rows go with the interviews (CASCADE)."""
    recording_files_delete(Recording.objects.filter(interview__owner=user))


def delete_document_files(user) -> None:
    """Remove the stored files; the rows go with the user (CASCADE)."""
    for doc in Document.objects.filter(owner=user).exclude(file=""):
        doc.file.delete(save=False)


def register() -> None:
    from accounts.registry import register_user_data

    register_user_data("documents", export=export_documents, delete=delete_document_files)
    register_user_data("interviews", export=export_interviews)
    register_user_data("recordings", export=export_recordings, delete=delete_recording_files)
