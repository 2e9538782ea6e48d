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


@pytest.fixture
def recorded_interview(alice_client, media_root, setup_form):
    """Alice's interview, recordings agreed, with one recording kept."""
    from django.core.files.base import ContentFile

    from interviews.models import Recording

    alice_client.post("/interviews/new/", setup_form(keep_recording="on"))
    interview = Interview.objects.get()
    recording = Recording(interview=interview, question_id="q1", seq=3, content_type="audio/ogg")
    recording.file.save("", ContentFile(b"OggS audio"))
    return interview


def test_the_interview_page_offers_to_stop_recording_and_stopping_deletes_what_is_kept(
    alice_client, recorded_interview, media_root
):
    from interviews.models import Recording

    page = alice_client.get(f"/interviews/{recorded_interview.pk}/").content.decode()
    response = alice_client.post(f"/interviews/{recorded_interview.pk}/recordings/stop", follow=True)

    assert "Stop recording and delete what is kept" in page
    assert "the recording kept so far is deleted" in response.content.decode()
    recorded_interview.refresh_from_db()
    assert recorded_interview.recording_consent is False and recorded_interview.recording_consent_at is None
    assert Recording.objects.count() == 0
    assert not list((media_root / "recordings").rglob("*.ogg"))
    assert "Stop recording" not in alice_client.get(f"/interviews/{recorded_interview.pk}/").content.decode()


def test_bob_cannot_stop_alices_recordings(client, bob, recorded_interview):
    client.force_login(bob)
    assert client.post(f"/interviews/{recorded_interview.pk}/recordings/stop").status_code == 404
    recorded_interview.refresh_from_db()
    assert recorded_interview.recording_consent is True
