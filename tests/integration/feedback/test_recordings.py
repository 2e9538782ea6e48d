"""Recordings of spoken answers: played to their owner only, in byte ranges (seeking); removed after
AUDIO_RETENTION_DAYS, with the interview and with the account; part of the data export."""

import base64
import datetime
import json
import re

import pytest
from django.core.files.base import ContentFile
from django.urls import reverse
from django.utils import timezone

from accounts.services import user_delete
from feedback.services.interviews import interview_delete
from interviews.maintenance import run_maintenance
from interviews.models import Event, Recording
from tests.fakes.speech import spoken_ogg
from tests.integration.feedback.helpers import completed_interview

pytestmark = pytest.mark.django_db

WORDS = [{"word": "At", "start": 0.1, "end": 0.3}, {"word": "Acme", "start": 0.35, "end": 0.8}]


def recorded(interview) -> list[Recording]:
    """A recording of each of the interview's answers, as the worker stores them."""
    rows = []
    for said in Event.objects.filter(interview=interview, type="candidate.said").order_by("seq"):
        recording = Recording(
            interview=interview,
            question_id=said.data.get("question_id") or "",
            seq=said.seq,
            content_type="audio/ogg",
            duration_seconds=3.0,
            words=WORDS,
        )
        audio = spoken_ogg(said.data["text"][:80])
        recording.size = len(audio)
        recording.file.save("", ContentFile(audio))
        rows.append(recording)
    return rows


@pytest.fixture
def alices_recordings(alice, role):
    return recorded(completed_interview(alice, role=role))


def audio_url(recording) -> str:
    return reverse("feedback:recording", args=[recording.interview_id, recording.seq])


def stored_files(settings):
    return [p for p in settings.MEDIA_ROOT.rglob("*") if p.is_file()] if settings.MEDIA_ROOT.exists() else []


def test_alice_plays_her_answer_whole(alices_recordings, alice_client):
    first = alices_recordings[0]

    response = alice_client.get(audio_url(first))

    assert response.status_code == 200
    assert response["Content-Type"] == "audio/ogg" and response["Accept-Ranges"] == "bytes"
    assert response.content == first.file.open("rb").read()


def test_a_range_request_gets_that_part_so_the_player_can_seek(alices_recordings, alice_client):
    first = alices_recordings[0]
    whole = first.file.open("rb").read()

    response = alice_client.get(audio_url(first), HTTP_RANGE="bytes=100-199")
    tail = alice_client.get(audio_url(first), HTTP_RANGE="bytes=-50")
    open_ended = alice_client.get(audio_url(first), HTTP_RANGE="bytes=1000-")

    assert response.status_code == 206
    assert response["Content-Range"] == f"bytes 100-199/{len(whole)}"
    assert response.content == whole[100:200]
    assert tail.status_code == 206 and tail.content == whole[-50:]
    assert open_ended.content == whole[1000:] and open_ended["Content-Range"].endswith(
        f"-{len(whole) - 1}/{len(whole)}"
    )


def test_a_range_outside_the_file_is_416(alices_recordings, alice_client):
    first = alices_recordings[0]
    response = alice_client.get(audio_url(first), HTTP_RANGE="bytes=99999999-")
    assert response.status_code == 416
    assert response["Content-Range"] == f"bytes */{first.size}"


@pytest.mark.parametrize("persona", ["bob", "carol"])
def test_another_user_or_staff_gets_404_for_alices_audio(alices_recordings, persona, request, client):
    client.force_login(request.getfixturevalue(persona))
    response = client.get(audio_url(alices_recordings[0]), HTTP_RANGE="bytes=0-99")
    assert response.status_code == 404


def test_a_visitor_is_sent_to_log_in(alices_recordings, client):
    response = client.get(audio_url(alices_recordings[0]))
    assert response.status_code == 302 and "/login" in response["Location"]


def test_an_answer_without_a_recording_is_404(alices_recordings, alice_client):
    interview_id = alices_recordings[0].interview_id
    assert alice_client.get(reverse("feedback:recording", args=[interview_id, 9999])).status_code == 404


def test_maintenance_removes_audio_past_the_retention_days_and_keeps_the_word_timings(
    alices_recordings, settings, alice_client
):
    settings.AUDIO_RETENTION_DAYS = 30
    old, *recent = alices_recordings
    Recording.objects.filter(pk=old.pk).update(created_at=timezone.now() - datetime.timedelta(days=31))

    result = run_maintenance(only=["remove_old_recordings"])

    assert result == {"remove_old_recordings": "1 recording(s) removed"}
    old.refresh_from_db()
    assert old.file.name == "" and old.file_removed_at is not None and old.words == WORDS
    assert len(stored_files(settings)) == len(recent)
    assert alice_client.get(audio_url(old)).status_code == 404
    assert alice_client.get(audio_url(recent[0])).status_code == 200


def test_the_data_export_holds_each_recording_with_its_audio_and_words(alices_recordings, alice_client):
    first = alices_recordings[0]

    data = json.loads(alice_client.get(reverse("accounts:export")).content)

    exported = data["recordings"]
    assert [r["seq"] for r in exported] == [r.seq for r in alices_recordings]
    assert exported[0]["interview_id"] == str(first.interview_id)
    assert exported[0]["words"] == WORDS and exported[0]["content_type"] == "audio/ogg"
    assert base64.b64decode(exported[0]["audio_base64"]) == first.file.open("rb").read()


def test_bobs_export_has_none_of_alices_recordings(alices_recordings, bob, client):
    client.force_login(bob)
    assert json.loads(client.get(reverse("accounts:export")).content)["recordings"] == []


def test_deleting_the_account_removes_the_recordings(alices_recordings, alice, settings):
    assert stored_files(settings)
    user_delete(user=alice)
    assert stored_files(settings) == [] and Recording.objects.count() == 0


def test_deleting_the_interview_removes_its_recordings_only(alices_recordings, alice, role, settings):
    others = recorded(completed_interview(alice, role=role))
    interview_delete(interview=alices_recordings[0].interview)
    assert {p.parent.name for p in stored_files(settings)} == {str(others[0].interview_id)}
    assert Recording.objects.count() == len(others)


@pytest.fixture
def reported(alice, role, immediate_tasks, rules_only, mailoutbox):
    """Alice's voice interview whose answers were kept, and its report, PDF and email built after."""
    from interviews.signals import interview_completed

    interview = completed_interview(alice, role=role)
    rows = recorded(interview)
    interview_completed.send(sender=type(interview), interview=interview)
    return interview, rows


def test_the_report_plays_each_kept_answer_beside_its_timed_words(reported, alice_client):
    interview, rows = reported

    page = alice_client.get(reverse("feedback:report", args=[interview.pk])).content.decode()

    played = re.findall(r'<audio controls preload="metadata" src="([^"]+)">', page)
    assert len(played) >= 3 and set(played) <= {audio_url(row) for row in rows}
    assert 'data-start="0.35"' in page and ">Acme</button>" in page
    assert "js/replay.js" in page


def test_the_pdf_and_the_email_say_the_recordings_are_on_the_page(reported, mailoutbox):
    from feedback.models import Report
    from feedback.pdf import render_report_html

    interview, _ = reported
    html = render_report_html(Report.objects.get(interview=interview))

    assert "<audio" not in html and "this PDF carries no audio" in html
    assert "recordings of your spoken answers are on the report page" in mailoutbox[0].body
    assert all(not name.endswith(".ogg") for name, *_ in mailoutbox[0].attachments)


def test_a_report_without_recordings_says_nothing_of_them(alice, role, immediate_tasks, rules_only, alice_client,
                                                          mailoutbox):
    from interviews.signals import interview_completed

    interview = completed_interview(alice, role=role)
    interview_completed.send(sender=type(interview), interview=interview)

    page = alice_client.get(reverse("feedback:report", args=[interview.pk])).content.decode()

    assert "<audio" not in page and "replay.js" not in page
    assert "recordings" not in mailoutbox[0].body
