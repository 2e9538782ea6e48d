"""A voice interview whose answers were kept: the report plays each answer beside its words (Piper speaking the
answer, faster-whisper's word times), a click on a word seeks there, and bob cannot fetch alice's audio."""

import os
import re

import numpy as np
import pytest
from django.core.files.base import ContentFile
from playwright.sync_api import expect

from agent_worker.adapters.recording import ogg_opus
from interviews.models import Event, Recording
from interviews.signals import interview_completed
from tests.functional.conftest import SCREENSHOTS
from tests.integration.feedback.helpers import IMMEDIATE_TASKS, backend_role, completed_interview
from tests.voice.offline import SAMPLE_RATE, speech_16k, whisper_model


@pytest.fixture
def pipeline(settings, tmp_path):
    settings.TASKS = IMMEDIATE_TASKS
    settings.OPENAI_API_KEY = None
    settings.MEDIA_ROOT = tmp_path / "media"


def heard_words(samples: np.ndarray) -> list[dict]:
    segments, _ = whisper_model().transcribe(
        samples.astype(np.float32) / 32768.0,
        language="en",
        beam_size=1,
        word_timestamps=True,
        condition_on_previous_text=False,
    )
    return [
        {"word": w.word.strip(), "start": round(w.start, 2), "end": round(w.end, 2)}
        for segment in segments
        for w in segment.words or []
    ]


def keep_answers(interview) -> None:
    """Each answer spoken (Piper) and kept, with whisper's word times, as the worker stores it."""
    for said in Event.objects.filter(interview=interview, type="candidate.said").order_by("seq"):
        samples = speech_16k(said.data["text"])
        audio = ogg_opus(samples, SAMPLE_RATE)
        recording = Recording(
            interview=interview,
            question_id=said.data.get("question_id") or "",
            seq=said.seq,
            content_type="audio/ogg",
            size=len(audio),
            duration_seconds=len(samples) / SAMPLE_RATE,
            words=heard_words(samples),
        )
        recording.file.save("", ContentFile(audio))


def log_in(page, live_server, email):
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill("correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(r"/dashboard/$"))


def test_a_kept_answer_plays_on_the_report_and_a_click_on_a_word_plays_from_there(
    page, live_server, alice, bob, pipeline, shoot
):
    interview = completed_interview(alice, role=backend_role())
    keep_answers(interview)
    interview_completed.send(sender=type(interview), interview=interview)
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)

    log_in(page, live_server, "alice@example.com")
    page.goto(f"{live_server.url}/feedback/{interview.pk}/")

    story = page.locator(".answer", has=page.locator(".replay-take")).nth(1)
    take = story.locator(".replay-take").first
    audio = take.locator("audio")
    expect(audio).to_be_visible()
    page.wait_for_function(
        "a => a.readyState >= 1 && a.duration > 0", arg=audio.element_handle(), timeout=15_000
    )
    assert audio.evaluate("a => a.duration") > 3
    take.locator("summary").click()
    word = take.locator(".replay-word").nth(8)
    start = float(word.get_attribute("data-start"))
    assert start > 1
    word.click()
    page.wait_for_function(
        f"a => Math.abs(a.currentTime - {start}) < 0.6", arg=audio.element_handle(), timeout=10_000
    )
    audio.evaluate("a => a.pause()")
    os.makedirs(SCREENSHOTS, exist_ok=True)
    story.scroll_into_view_if_needed()
    page.screenshot(path=os.path.join(SCREENSHOTS, "report-replay.png"), full_page=False)
    shoot("report-replay-page")  # and at a phone's width, no sideways scrolling
    assert not errors, errors

    url = audio.get_attribute("src")
    bobs = page.context.browser.new_context()
    bobs_page = bobs.new_page()
    log_in(bobs_page, live_server, "bob@example.com")
    assert bobs.request.get(f"{live_server.url}{url}").status == 404
    assert page.context.request.get(f"{live_server.url}{url}", headers={"Range": "bytes=0-99"}).status == 206
    bobs.close()


def test_a_question_tried_again_aloud_is_written_out_and_scored_beside_the_first_answer(
    page, live_server, alice, pipeline, settings, fake_openai
):
    from feedback.models import Report
    from tests.integration.feedback.helpers import GOOD_TURNS

    settings.SPEECH_API_KEY = "any"
    settings.SPEECH_BASE_URL = fake_openai.base_url
    settings.SPOKEN_RETAKE_ENABLED = True
    fake_openai.transcript = (
        "Last spring a release broke the invoice export for two days. I wrote an end-to-end "
        "test for it; since then we have shipped 14 releases without an export failure."
    )
    interview = completed_interview(alice, role=backend_role())
    interview_completed.send(sender=type(interview), interview=interview)
    weak = next(
        a
        for a in Report.objects.get(interview=interview).analysis["answers"]
        if a["text"] == GOOD_TURNS[3]["say"]
    )

    log_in(page, live_server, "alice@example.com")
    page.goto(f"{live_server.url}/feedback/{interview.pk}/questions/{weak['question_id']}/retake/")
    expect(page.get_by_role("button", name="Stop and write it out")).to_be_hidden()
    page.get_by_role("button", name="Speak your answer").click()
    expect(page.get_by_role("button", name="Stop and write it out")).to_be_visible()
    expect(page.get_by_role("button", name="Speak your answer")).to_be_hidden()
    page.wait_for_timeout(1500)  # the fake microphone's beep is the answer
    page.get_by_role("button", name="Stop and write it out").click()

    expect(page.get_by_label("Your new answer")).to_have_value(fake_openai.transcript)
    expect(page.get_by_role("button", name="Stop and write it out")).to_be_hidden()
    page.screenshot(path=os.path.join(SCREENSHOTS, "retake-spoken-written-out.png"))
    page.get_by_role("button", name="Score my new answer").click()

    attempts = page.locator("article.attempt")
    expect(attempts).to_have_count(2)
    expect(attempts.last).to_contain_text("14 releases")
    expect(attempts.last.locator(".answer-score")).to_be_visible()
    os.makedirs(SCREENSHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SCREENSHOTS, "retake-spoken.png"), full_page=True)
