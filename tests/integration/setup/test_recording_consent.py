"""The setup page asks whether to keep a recording of the answers: off unless ticked, and the time is stored."""

import pytest
from django.utils import timezone

from interviews.models import Interview

pytestmark = pytest.mark.django_db

QUESTION = "Keep a recording of my answers so I can replay them"


def test_the_question_is_asked_when_voice_is_on_and_is_unticked(alice_client, media_root, settings):
    settings.VOICE_ENABLED = True
    page = alice_client.get("/interviews/new/").content.decode()
    assert QUESTION in page
    assert 'name="keep_recording"' in page and 'name="keep_recording" checked' not in page


def test_it_is_not_asked_when_voice_is_off(alice_client, media_root, settings):
    settings.VOICE_ENABLED = False
    assert QUESTION not in alice_client.get("/interviews/new/").content.decode()


def test_an_interview_keeps_no_recording_unless_asked(alice_client, media_root, setup_form):
    alice_client.post("/interviews/new/", setup_form())
    interview = Interview.objects.get()
    assert interview.recording_consent is False and interview.recording_consent_at is None


def test_ticking_it_stores_the_consent_and_its_time(alice_client, media_root, setup_form):
    before = timezone.now()
    alice_client.post("/interviews/new/", setup_form(keep_recording="on"))
    interview = Interview.objects.get()
    assert interview.recording_consent is True
    assert before <= interview.recording_consent_at <= timezone.now()
