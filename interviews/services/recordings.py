"""Recordings of spoken answers: stored from the worker (by consent, for a live interview of that worker and an
answer that exists), removed after AUDIO_RETENTION_DAYS, with an account, or with their interview."""

from __future__ import annotations

import datetime
import logging
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction

from interviews.audio import audio_seconds, audio_type
from interviews.models import RECORDING_EXTENSIONS, Event, Interview, Recording, Status
from interviews.services.events import EventStoreError, InterviewTerminal, check_lease
from interviews.services.wire import WordTiming

logger = logging.getLogger(__name__)

# A spoken answer in Opus at 16-24 kbit/s is 2-3 kB a second: 768 KiB holds four minutes and more, and stays
# under the request body cap (REQUEST_MAX_BYTES) with its words.
RECORDING_MAX_BYTES = 768 * 1024


class RecordingRefused(EventStoreError):
    code = "refused"


class NoConsent(RecordingRefused):
    code = "no_consent"
    status = 403


class NoSuchAnswer(RecordingRefused):
    code = "no_such_answer"
    status = 404


class TooLarge(RecordingRefused):
    code = "too_large"
    status = 413


class NotAudio(RecordingRefused):
    code = "unsupported_type"
    status = 415


def recording_checked(audio: bytes, declared_type: str) -> tuple[str, float]:
    """The audio's type and length in seconds, or the refusal: too large, not Ogg Opus or WAV, not what it says
    it is, or not whole."""
    if len(audio) > RECORDING_MAX_BYTES:
        raise TooLarge(
            f"A recording may be at most {RECORDING_MAX_BYTES} bytes; this one is {len(audio)}.",
            limit=RECORDING_MAX_BYTES,
        )
    kind = audio_type(audio)
    declared = declared_type.split(";")[0].strip().lower()
    if kind is None or declared not in RECORDING_EXTENSIONS:
        raise NotAudio("A recording must be audio/ogg (Opus) or audio/wav.")
    if declared != kind:
        raise NotAudio(f"The recording says it is {declared}, but its bytes are {kind}.")
    seconds = audio_seconds(audio, kind)
    if seconds is None:
        raise NotAudio(f"The recording is not a whole {kind} file.")
    return kind, seconds


def recording_store(
    *,
    interview: Interview,
    question_id: str,
    seq: int,
    audio: bytes,
    content_type: str,
    words: list[WordTiming],
    lease_token: str | None,
) -> tuple[Recording, bool]:
    """Store one answer's recording; return it and whether it was new (the same answer again stores nothing).

    Refused (nothing stored): no consent, not live, another driver's lease, no `candidate.said` with that seq
    and question, or audio that is too large, of another type or not whole.
    """
    kind, seconds = recording_checked(audio, content_type)
    written = ""
    try:
        with transaction.atomic():
            locked = Interview.objects.select_for_update().get(pk=interview.pk)
            known = Recording.objects.filter(interview=locked, seq=seq).first()
            if known is not None:
                return known, False
            if not locked.recording_consent:
                raise NoConsent("The candidate did not agree to keep recordings of this interview.")
            if locked.status != Status.LIVE:
                raise InterviewTerminal(
                    f"The interview is {locked.status}: it takes no recordings.", status=locked.status
                )
            check_lease(locked, lease_token)
            answered = Event.objects.filter(
                interview=locked, seq=seq, type="candidate.said", data__question_id=question_id
            ).exists()
            if not answered:
                raise NoSuchAnswer(f"No answer to question {question_id!r} has seq {seq}.")
            recording = Recording(
                interview=locked,
                question_id=question_id,
                seq=seq,
                content_type=kind,
                size=len(audio),
                duration_seconds=round(seconds, 3),
                words=[w.model_dump() for w in words],
            )
            recording.file.save("", ContentFile(audio), save=False)
            written = recording.file.name or ""
            recording.save()
    except BaseException:
        if written:
            Recording._meta.get_field("file").storage.delete(written)
        raise
    return recording, True


def recording_audio(recording: Recording) -> bytes | None:
    """The stored audio, or None once it is removed (retention) or lost."""
    if not recording.playable:
        return None
    try:
        with recording.file.open("rb") as handle:
            audio: bytes = handle.read()
    except OSError:
        logger.warning("The audio of recording %s is missing", recording.pk)
        return None
    return audio


def _remove_file(recording: Recording) -> bool:
    try:
        recording.file.delete(save=False)
    except OSError:
        logger.exception("could not remove the audio of recording %s", recording.pk)
        return False
    return True


def recordings_remove_old(*, now: datetime.datetime) -> int:
    """Delete the audio of recordings past AUDIO_RETENTION_DAYS; the rows (word timings) stay."""
    cutoff = now - datetime.timedelta(days=settings.AUDIO_RETENTION_DAYS)
    removed = 0
    for recording in Recording.objects.filter(created_at__lt=cutoff, file_removed_at__isnull=True).exclude(
        file=""
    ):
        if _remove_file(recording):
            Recording.objects.filter(pk=recording.pk).update(file="", file_removed_at=now)
            removed += 1
    return removed


def recording_files_delete(recordings: Any) -> None:
    """Remove the audio files of `recordings` (a queryset); their rows go with the interview (CASCADE)."""
    for recording in recordings.exclude(file=""):
        _remove_file(recording)


def recordings_stop(*, interview: Interview) -> int:
    """The candidate takes their consent back: nothing more is kept (the worker's next upload is refused), and the
    recordings kept so far are deleted, files and rows. Return how many were deleted."""
    with transaction.atomic():
        Interview.objects.filter(pk=interview.pk).update(recording_consent=False, recording_consent_at=None)
        kept = Recording.objects.filter(interview=interview)
        count = kept.count()
        recording_files_delete(kept)
        kept.delete()
    interview.recording_consent, interview.recording_consent_at = False, None
    return count
