"""The voice room when the interviewer comes and goes, in Chromium with the page's real LiveKit client.

The page joins `tests/fakes/livekit_server.py` (LiveKit signalling and a real WebRTC peer connection
through aiortc) with the token our server issues. The test plays the agent participant there: it
joins, leaves, or never comes, or sends the worker's "cannot start" message on the `mockflow` data
topic. Where a worker's writes matter (the pause), the test is the worker through the worker API.
"""

import asyncio
import json
import re
import threading
import time

import pytest
from playwright.sync_api import expect

from agent_worker.adapters.backend import BackendClient
from agent_worker.adapters.voice_settings import CANNOT_START
from agent_worker.core.clock import SystemClock
from agent_worker.core.factory import engine_for
from mockflow_site.settings import content_security_policy
from tests.fakes.livekit_server import FakeLiveKitServer

KEY, SECRET = "APIfakekey", "fake-secret-of-at-least-thirty-two-characters"
WORKER_TOKEN = "worker-token-for-browser-tests"
# The page says the agent left "within seconds": LiveKit tells it at once, the page at once too.
SAYS_SO_WITHIN_MS = 3_000


@pytest.fixture
def livekit(settings):
    server = FakeLiveKitServer(KEY, SECRET).start()
    settings.LIVEKIT_URL, settings.LIVEKIT_API_KEY, settings.LIVEKIT_API_SECRET = server.url, KEY, SECRET
    settings.VOICE_ENABLED = True
    settings.SECURE_CSP = content_security_policy(server.url)
    settings.WORKER_API_TOKEN = WORKER_TOKEN
    yield server
    server.stop()


class Joined(str):
    """The LiveKit room's name, and when the candidate pressed Start (`time.monotonic()`)."""

    def __new__(cls, name: str, started_at: float) -> "Joined":
        joined = super().__new__(cls, name)
        joined.started_at = started_at
        return joined


@pytest.fixture
def voice_room(page, context, alice, asgi_server, quick_interview, livekit):
    """Alice in her interview's voice room, joined to LiveKit with her microphone on."""
    from django.test import Client

    from interviews.services.livekit_tokens import room_name

    client = Client()
    client.force_login(alice)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": asgi_server}])
    page.goto(f"{asgi_server}/interviews/{quick_interview.id}/room/?mode=voice")
    expect(page.locator("#conn-state")).to_have_attribute("data-state", "open")
    started_at = time.monotonic()
    page.get_by_role("button", name="Start the interview").click()
    room = room_name(quick_interview)
    livekit.wait_joined(room)
    expect(page.locator("#mic-state")).to_have_attribute("data-state", "on")
    expect(page.locator("#voice-note")).to_have_text("Voice: connected")
    return Joined(room, started_at)


def note(page, text):
    return page.locator(".line-note", has_text=text)


def test_the_page_says_when_the_interviewer_leaves_and_offers_text(page, voice_room, livekit, quick_interview):
    panel, offer = page.locator("#voice-panel"), page.get_by_role("button", name="Go on in text")
    livekit.agent_joins(voice_room)
    expect(panel).to_have_attribute("data-agent", "joined")
    expect(offer).to_be_hidden()

    livekit.agent_leaves(voice_room)
    expect(note(page, "The interviewer left the room.")).to_be_visible(timeout=SAYS_SO_WITHIN_MS)
    expect(offer).to_be_visible()

    livekit.agent_joins(voice_room)  # LiveKit dispatched the job again
    expect(note(page, "The interviewer is back.")).to_be_visible(timeout=SAYS_SO_WITHIN_MS)
    expect(offer).to_be_hidden()

    livekit.agent_leaves(voice_room)
    expect(offer).to_be_visible(timeout=SAYS_SO_WITHIN_MS)
    offer.click()
    expect(page.get_by_label("Your answer")).to_be_attached(timeout=10_000)  # the text room
    assert "mode=voice" not in page.url
    quick_interview.refresh_from_db()
    assert quick_interview.mode == "text"


def test_an_interviewer_that_never_joins_is_reported_after_fifteen_seconds(page, voice_room, livekit):
    missing = note(page, "The interviewer has not joined yet.")
    expect(missing).to_be_visible(timeout=20_000)
    assert time.monotonic() - voice_room.started_at >= 14.9  # AGENT_WAIT_MS, counted from joining the room
    expect(page.get_by_role("button", name="Go on in text")).to_be_visible()
    assert page.locator("#voice-panel").get_attribute("data-agent") == "missing"

    livekit.agent_joins(voice_room)  # late, but there
    expect(note(page, "The interviewer is back.")).to_be_visible(timeout=SAYS_SO_WITHIN_MS)
    expect(page.get_by_role("button", name="Go on in text")).to_be_hidden()


def test_a_worker_that_cannot_start_tells_the_page_why(page, voice_room, livekit):
    livekit.agent_joins(voice_room)
    expect(page.locator("#voice-panel")).to_have_attribute("data-agent", "joined")
    # What the worker's `tell_the_page` publishes when the worker API cannot give it the interview.
    livekit.agent_sends(voice_room, "mockflow", json.dumps({"type": "agent.error", "message": CANNOT_START}).encode())
    expect(note(page, f"The interviewer could not start. {CANNOT_START}")).to_be_visible(timeout=SAYS_SO_WITHIN_MS)
    expect(page.get_by_role("button", name="Go on in text")).to_be_visible()


def worker_starts(base_url: str, interview_id: str) -> None:
    """A worker takes the job through the worker API and the interviewer speaks its first question."""
    async def start() -> None:
        async with BackendClient(base_url, WORKER_TOKEN, interview_id) as backend:
            context = await backend.fetch_context()
            stored = context["events"]
            engine = engine_for(context, events=stored, clock=SystemClock())
            engine.start()
            engine.play_lines_at_once()
            await backend.send_events(engine.event_dicts()[len(stored):])

    failures: list[BaseException] = []

    def run() -> None:  # its own event loop: Playwright's owns this thread's
        try:
            asyncio.run(start())
        except BaseException as error:  # noqa: BLE001 - re-raised in the test's thread
            failures.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(30)
    assert not thread.is_alive() and not failures, failures


def test_the_interview_pauses_when_the_interviewer_leaves_mid_interview_and_goes_on_in_text(
        page, voice_room, livekit, asgi_server, quick_interview):
    from interviews.models import Event

    livekit.agent_joins(voice_room)
    worker_starts(asgi_server, str(quick_interview.id))
    question = page.locator(".line-agent .line-text").last
    expect(question).to_be_visible(timeout=10_000)
    asked = question.inner_text()
    quick_interview.refresh_from_db()
    assert quick_interview.status == "live"

    livekit.agent_leaves(voice_room)  # the worker died mid-interview
    expect(note(page, "The interviewer left the room.")).to_be_visible(timeout=SAYS_SO_WITHIN_MS)
    expect(note(page, "Paused: the interviewer had to reconnect.")).to_be_visible(timeout=SAYS_SO_WITHIN_MS)
    paused = Event.objects.filter(interview=quick_interview, type="interview.paused").get()
    assert paused.data == {"reason": "worker_lost"}

    page.get_by_role("button", name="Go on in text").click()
    expect(page.get_by_label("Your answer")).to_be_visible(timeout=10_000)
    expect(page.locator(".line-agent .line-text").last).to_have_text(asked)  # the same question, in text
    resumed = Event.objects.filter(interview=quick_interview, type="interview.resumed").get()
    assert resumed.data == {"reason": "switched_to_text"}
    page.get_by_label("Your answer").fill("Yes, I'm ready.")
    page.get_by_label("Your answer").press("Enter")
    expect(page.locator(".line-candidate .line-text").last).to_have_text("Yes, I'm ready.")
    expect(page.locator(".line-agent .line-text").last).not_to_have_text(re.compile(re.escape(asked)),
                                                                           timeout=15_000)
