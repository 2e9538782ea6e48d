"""A retake can be spoken: the page records it, the server's speech-to-text writes it out, and the candidate sends
the words as a typed retake. Off (the page says nothing of it) without a speech-to-text; another user's question
is not found; what is not audio, or too long, is refused with a clear message."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from feedback.views import SPOKEN_RETAKE_MAX_BYTES
from tests.fakes.speech import spoken_ogg
from tests.integration.feedback.test_retake import retake_url, weak_answer

pytestmark = pytest.mark.django_db


@pytest.fixture
def speech_to_text(settings, fake_openai):
    settings.SPEECH_API_KEY = "any"
    settings.SPEECH_BASE_URL = fake_openai.base_url
    settings.SPOKEN_RETAKE_ENABLED = True
    return fake_openai


def send(client, interview, audio, name="answer"):
    url = retake_url(interview, weak_answer(interview)) + "transcribe"
    return client.post(url, {"audio": SimpleUploadedFile(name, audio, "audio/ogg")})


def test_the_spoken_answer_comes_back_as_words_to_send(alice_client, alices_interview, speech_to_text):
    page = alice_client.get(retake_url(alices_interview, weak_answer(alices_interview))).content.decode()
    response = send(alice_client, alices_interview, spoken_ogg("I would measure it first."))

    assert "Speak your answer" in page and "js/retake_voice.js" in page
    assert response.status_code == 200
    assert response.json() == {"text": speech_to_text.transcript}
    sent = [r for r in speech_to_text.requests if r.path.endswith("/audio/transcriptions")]
    assert len(sent) == 1 and b"OggS" in sent[0].body


def test_without_speech_to_text_the_page_only_takes_typed_answers(alice_client, alices_interview, settings):
    settings.SPOKEN_RETAKE_ENABLED = False
    page = alice_client.get(retake_url(alices_interview, weak_answer(alices_interview))).content.decode()
    response = send(alice_client, alices_interview, spoken_ogg("Hello."))

    assert "Speak your answer" not in page
    assert response.status_code == 409 and "type your answer" in response.json()["error"]


def test_bob_cannot_send_speech_for_alices_question(client, bob, alices_interview, speech_to_text):
    client.force_login(bob)
    assert send(client, alices_interview, spoken_ogg("Hello.")).status_code == 404
    assert not [r for r in speech_to_text.requests if r.path.endswith("/audio/transcriptions")]


def test_what_is_not_audio_or_too_long_is_refused(alice_client, alices_interview, speech_to_text):
    not_audio = send(alice_client, alices_interview, b"%PDF-1.7 hello")
    too_long = send(alice_client, alices_interview, b"OggS" + bytes(SPOKEN_RETAKE_MAX_BYTES))

    assert not_audio.status_code == 415 and not_audio.json()["error"]
    assert too_long.status_code == 413 and "few minutes" in too_long.json()["error"]
    assert not [r for r in speech_to_text.requests if r.path.endswith("/audio/transcriptions")]


def test_a_failing_speech_to_text_asks_to_type_instead(alice_client, alices_interview, settings):
    settings.SPEECH_API_KEY = "any"
    settings.SPEECH_BASE_URL = "http://127.0.0.1:9/v1"  # nothing listens there
    settings.SPOKEN_RETAKE_ENABLED = True
    response = send(alice_client, alices_interview, spoken_ogg("Hello."))
    assert response.status_code == 502 and "type it instead" in response.json()["error"]
