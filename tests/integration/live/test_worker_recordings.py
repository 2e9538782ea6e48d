"""The worker API's recordings: one answer's audio, by consent, for a live interview of that worker and an answer
that exists; anything else is refused with a clear error and nothing is stored."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

from interviews.models import Interview, Recording, Status
from tests.fakes.speech import spoken_ogg, spoken_wav
from tests.integration.live.conftest import WORKER_TOKEN, event

ANSWER = "I led the migration of forty services to Kubernetes."
WORDS = [{"word": "I", "start": 0.1, "end": 0.2}, {"word": "led", "start": 0.25, "end": 0.5}]


@pytest.fixture(autouse=True)
def _media_in_tmp(tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def worker(client, worker_token):
    client.defaults["HTTP_AUTHORIZATION"] = f"Bearer {WORKER_TOKEN}"
    return client


@pytest.fixture
def answered(worker, make_interview, alice):
    """Alice's live voice interview, recordings agreed, with one answer (seq 1, question q1); and the lease."""
    interview = make_interview(alice, mode="voice")
    Interview.objects.filter(pk=interview.pk).update(recording_consent=True)
    lease = worker.get(f"/api/worker/interviews/{interview.id}/context?take_lease=1").json()["lease_token"]
    said = event(1, type_="candidate.said", data={"text": ANSWER, "question_id": "q1", "source": "voice"})
    response = worker.post(
        f"/api/worker/interviews/{interview.id}/events",
        {"lease_token": lease, "events": [said]},
        content_type="application/json",
    )
    assert response.status_code == 200, response.content
    return interview, lease


def put(
    worker, interview, lease, *, audio=None, content_type="audio/ogg", question_id="q1", seq=1, words=WORDS
):
    fields = {
        "lease_token": lease,
        "words": json.dumps(words),
        "audio": SimpleUploadedFile("answer", spoken_ogg(ANSWER) if audio is None else audio, content_type),
    }
    return worker.put(
        f"/api/worker/interviews/{interview.id}/recordings/{question_id}/{seq}",
        encode_multipart(BOUNDARY, fields),
        content_type=MULTIPART_CONTENT,
    )


def stored_files(settings):
    return [p for p in settings.MEDIA_ROOT.rglob("*") if p.is_file()] if settings.MEDIA_ROOT.exists() else []


def test_it_stores_an_answers_audio_with_its_duration_and_word_timings_beside_the_interview(
    worker, answered, settings
):
    interview, lease = answered

    response = put(worker, interview, lease)

    assert response.status_code == 201, response.content
    recording = Recording.objects.get(interview=interview)
    assert (recording.seq, recording.question_id, recording.content_type) == (1, "q1", "audio/ogg")
    assert 2.0 < recording.duration_seconds < 5.0
    assert recording.words == WORDS
    assert recording.file.name == f"recordings/{interview.id}/1.ogg"
    assert [p.name for p in stored_files(settings)] == ["1.ogg"]


def test_the_same_answer_sent_twice_stores_one_file(worker, answered, settings):
    interview, lease = answered
    put(worker, interview, lease)

    again = put(worker, interview, lease)

    assert again.status_code == 200 and again.json()["stored"] is False
    assert Recording.objects.count() == 1 and len(stored_files(settings)) == 1


def test_a_wav_recording_is_taken_too(worker, answered):
    interview, lease = answered
    response = put(worker, interview, lease, audio=spoken_wav(ANSWER), content_type="audio/wav")
    assert response.status_code == 201
    assert Recording.objects.get().file.name.endswith("/1.wav")


def refused(response, status, code, settings):
    assert response.status_code == status, response.content
    assert response.json()["error"] == code
    assert response.json()["detail"]
    assert Recording.objects.count() == 0 and stored_files(settings) == []


def test_without_consent_it_is_refused(worker, answered, settings):
    interview, lease = answered
    Interview.objects.filter(pk=interview.pk).update(recording_consent=False)
    refused(put(worker, interview, lease), 403, "no_consent", settings)


def test_an_answer_that_does_not_exist_is_refused(worker, answered, settings):
    interview, lease = answered
    refused(put(worker, interview, lease, seq=2), 404, "no_such_answer", settings)
    refused(put(worker, interview, lease, question_id="q9"), 404, "no_such_answer", settings)


def test_what_is_not_audio_is_refused(worker, answered, settings):
    interview, lease = answered
    refused(
        put(worker, interview, lease, audio=b"%PDF-1.7 not audio at all", content_type="audio/ogg"),
        415,
        "unsupported_type",
        settings,
    )
    refused(
        put(worker, interview, lease, audio=spoken_wav(ANSWER), content_type="audio/ogg"),
        415,
        "unsupported_type",
        settings,
    )
    refused(put(worker, interview, lease, audio=spoken_ogg(ANSWER)[:-200]), 415, "unsupported_type", settings)


def test_a_recording_over_the_cap_is_refused(worker, answered, settings):
    from interviews.services.recordings import RECORDING_MAX_BYTES

    interview, lease = answered
    audio = spoken_ogg(ANSWER)
    refused(
        put(worker, interview, lease, audio=audio + b"\0" * (RECORDING_MAX_BYTES - len(audio) + 1)),
        413,
        "too_large",
        settings,
    )


def test_another_workers_lease_or_an_ended_interview_is_refused(worker, answered, settings):
    interview, lease = answered
    refused(put(worker, interview, "not-the-lease"), 409, "lease_lost", settings)
    Interview.objects.filter(pk=interview.pk).update(status=Status.COMPLETED)
    refused(put(worker, interview, lease), 409, "terminal", settings)


def test_bad_word_timings_are_refused(worker, answered, settings):
    interview, lease = answered
    refused(
        put(worker, interview, lease, words=[{"word": "I", "start": -1, "end": 0.2}]),
        400,
        "invalid",
        settings,
    )


def test_it_needs_the_worker_token(answered, settings):
    from django.test import Client

    interview, lease = answered
    assert put(Client(HTTP_AUTHORIZATION="Bearer wrong-token"), interview, lease).status_code == 401
    assert stored_files(settings) == []
