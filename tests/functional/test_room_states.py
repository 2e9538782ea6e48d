"""The interview room says whose turn it is and how much time is left, in Chromium: waiting for the
candidate's answer, "take your time — I'm listening" after "let me think", and the interviewer thinking
while a (slow) model works on its reply. Screenshots at phone and desktop widths in test-results/."""

import re

import pytest
from playwright.sync_api import expect

from tests.integration.live.helpers import ModelInterviewer

# Every change of the turn state, in order, however briefly it lasts.
RECORD_TURNS = """() => {
  window.__turns = [];
  const el = document.getElementById('turn-state');
  new MutationObserver(() => {
    const last = window.__turns[window.__turns.length - 1];
    if (el.dataset.state !== last) window.__turns.push(el.dataset.state);
  }).observe(el, { attributes: true, attributeFilter: ['data-state'] });
}"""


@pytest.fixture
def in_the_room(page, context, alice, asgi_server, quick_interview):
    from django.test import Client

    client = Client()
    client.force_login(alice)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": asgi_server}])
    page.goto(f"{asgi_server}/interviews/{quick_interview.id}/room/")
    expect(page.locator("#conn-state")).to_have_attribute("data-state", "open")
    page.evaluate(RECORD_TURNS)
    page.get_by_role("button", name="Start the interview").click()
    return page


def leave(page):
    """End the interview, so no driver is still at work when the test's database goes away."""
    page.get_by_role("button", name="Leave interview").click()
    page.locator("#leave-confirm").click()
    expect(page.get_by_role("heading", name="You left the interview")).to_be_visible(timeout=15_000)


def answer(page, text):
    before = page.locator(".line-candidate").count()
    page.get_by_label("Your answer").fill(text)
    page.get_by_label("Your answer").press("Enter")
    expect(page.locator(".line-candidate")).to_have_count(before + 1)


def test_the_room_shows_waiting_then_listening_after_let_me_think_and_the_time_left(in_the_room, shoot):
    page = in_the_room
    turn = page.locator("#turn-state")
    expect(turn).to_have_attribute("data-state", "waiting")
    expect(turn).to_contain_text("Your turn")
    expect(turn).to_contain_text("The interviewer is waiting for your answer.")
    # Quick practice: the greeting's cap is 1:00 and the four caps add up to 5:45.
    expect(page.locator("#stage-left")).to_have_text(re.compile(r"^0:[0-5]\d left$|^1:00 left$"))
    expect(page.locator("#interview-left")).to_have_text("about 6 min left")
    shoot("room-waiting")

    answer(page, "Yes, I'm ready.")
    expect(page.locator('.stage[data-stage="self_intro"]')).to_have_attribute("data-state", "current")
    expect(turn).to_have_attribute("data-state", "waiting")
    expect(page.locator("#interview-left")).to_have_text(re.compile(r"^about [4-6] min left$"))

    answer(page, "Hmm, let me think.")
    expect(turn).to_have_attribute("data-state", "holding")
    expect(turn).to_contain_text("Take your time — I'm listening.")
    expect(page.locator("#caption-text")).not_to_be_empty()  # the question stays there to re-read
    shoot("room-listening")

    answer(page, "I lead the payments team at Acme: five engineers, and we cut failed payments by 30% last year.")
    expect(turn).to_have_attribute("data-state", "waiting")
    turns = [state for state in page.evaluate("window.__turns") if state != "idle"]
    assert turns[:2] == ["waiting", "thinking"], turns  # the greeting, then "Yes, I'm ready" being answered
    holding = turns.index("holding")
    assert turns[holding + 1:holding + 3] == ["thinking", "waiting"], turns  # no reply to "let me think"
    leave(page)
    expect(turn).to_be_hidden()
    expect(page.locator("#room-clock")).to_be_hidden()


def test_the_room_shows_the_interviewer_thinking_while_the_model_works(in_the_room, settings, fake_openai, shoot):
    settings.OPENAI_API_KEY = "test-key"
    settings.OPENAI_BASE_URL = fake_openai.base_url
    settings.OPENAI_MODEL = "fake-gpt"

    class SlowAfterTheFirstAnswer(ModelInterviewer):
        slow = 1

        def __call__(self, body):
            reply = super().__call__(body)
            last = body["messages"][-1]
            if self.slow and last["role"] == "user" and "finished answering" in last["content"]:
                self.slow -= 1
                return {**reply, "delay": 12}
            return reply

    fake_openai.respond_with(SlowAfterTheFirstAnswer())
    page = in_the_room
    page.reload()  # the socket's text driver is made with the model settings now in place
    expect(page.locator("#conn-state")).to_have_attribute("data-state", "open")
    page.evaluate(RECORD_TURNS)
    turn = page.locator("#turn-state")
    expect(turn).to_have_attribute("data-state", "waiting")

    answer(page, "Yes, I'm ready to begin.")
    # After the reload the old socket's driver may still hold the lease for a moment: the answer is kept
    # and taken over with the lease (up to a third of the lease, 10 s), so allow for that before the
    # model's 12 s of thinking.
    expect(turn).to_have_attribute("data-state", "thinking", timeout=12_000)
    expect(turn).to_contain_text("Thinking about your answer…")
    shoot("room-thinking")
    expect(turn).to_have_attribute("data-state", "waiting", timeout=30_000)
    leave(page)
