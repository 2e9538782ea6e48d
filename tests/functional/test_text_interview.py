"""A candidate does a whole Quick practice interview in text mode, in Chromium.

WebSockets need an ASGI server: conftest's `asgi_server`.
"""

import copy
import re

import pytest
from playwright.sync_api import expect

from agent_worker.core.plans import QUICK_PLAN

ANSWERS = [
    "Yes, I'm ready to start.",
    "I'm a backend engineer at Acme. I lead a team of 4 on the billing API and I enjoy making services reliable.",
    "At Acme our checkout was slow. My goal was to cut latency, so I profiled the service, I rewrote the pricing "
    "queries and I added caching, which reduced p95 latency from 900 ms to 200 ms.",
    "I personally chose the cache design, measured it for two weeks and rolled it out to 3 regions; conversion "
    "rose by 2%.",
    "Before I go on, how big is the team I would join, and who would I report to?",
    "Sure. The hardest part was cache invalidation: I wrote a small versioning scheme and tested it against a week "
    "of production traffic before we switched.",
    "No questions from me, thank you.",
]


@pytest.fixture
def quick_interview(transactional_db, alice):
    from interviews.models import Interview, PlanStage, Role, StagePlan

    plan = StagePlan.objects.create(name="quick-browser", title="Quick practice", is_quick_practice=True)
    for order, stage in enumerate(QUICK_PLAN["stages"]):
        PlanStage.objects.create(plan=plan, order=order, **{k: stage[k] for k in PlanStage.ENGINE_FIELDS
                                                            if k != "competency"}, competency=stage["competency"] or "")
    role = Role.objects.create(title="Backend Engineer", slug="backend-browser", competencies=["system_design"],
                               levels=["mid"], plan=plan)
    return Interview.objects.create(owner=alice, role=role, level="mid", plan=plan,
                                    plan_snapshot=copy.deepcopy(QUICK_PLAN), status="ready", seed=42)


@pytest.fixture
def logged_in(context, alice, asgi_server):
    from django.test import Client

    client = Client()
    client.force_login(alice)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                          "url": asgi_server}])
    return context


def test_a_candidate_does_a_whole_text_interview(page, logged_in, asgi_server, quick_interview):
    page.goto(f"{asgi_server}/interviews/{quick_interview.id}/room/")
    expect(page.locator("#conn-state")).to_have_attribute("data-state", "open")
    expect(page.locator(".stage")).to_have_count(4)
    page.get_by_role("button", name="Start the interview").click()

    greeting = page.locator('.stage[data-stage="greeting"]')
    expect(greeting).to_have_attribute("data-state", "current")
    expect(page.locator("#caption-text")).not_to_be_empty()
    answer = page.get_by_label("Your answer")
    seen_stages = set()
    for turn in range(12):
        text = ANSWERS[min(turn, len(ANSWERS) - 1)] if turn < len(ANSWERS) - 1 else ANSWERS[-1] + f" ({turn})"
        if page.locator("#end").is_visible():
            break
        expect(page.locator(".line-agent").last).to_be_visible()
        current = page.locator('.stage[data-state="current"]')
        if current.count():
            seen_stages.add(current.get_attribute("data-stage"))
        answers_before = page.locator(".line-candidate").count()
        answer.fill(text)
        answer.press("Enter")
        expect(page.locator(".line-candidate")).to_have_count(answers_before + 1)
        expect(page.locator(".line-candidate .line-text").last).to_have_text(text)
        page.wait_for_function(
            "() => document.querySelector('#end:not([hidden])') || "
            "!document.querySelector('#caption').classList.contains('thinking')")

    expect(page.locator("#end")).to_be_visible(timeout=15_000)
    expect(page.get_by_role("heading", name="Interview complete")).to_be_visible()
    assert {"greeting", "self_intro", "past_experience"} <= seen_stages  # the progress moved
    expect(page.locator('.stage[data-state="done"]')).to_have_count(4)
    expect(page.get_by_role("link", name="See your feedback")).to_have_attribute(
        "href", re.compile(rf"/feedback/{quick_interview.id}/$"))
    expect(page.get_by_role("link", name="Go to the dashboard")).to_be_visible()
    quick_interview.refresh_from_db()
    assert quick_interview.status == "completed"

    # The end panel shows the report's counts. The candidate's own question is answered and the question asked
    # again (it used to be passed over for the next one and count as unanswered): it counts once, answered by
    # what they said next.
    from feedback.analysis import analyse_interview

    events = [e.as_message() for e in quick_interview.events.order_by("seq")]
    analysis = analyse_interview(events, competencies=quick_interview.role.competencies)
    counts = analysis.counts()
    back = next(e for e in events if e["type"] == "candidate.said" and e["data"]["text"] == ANSWERS[4])
    assert back["data"]["request"] == "own_question"
    again = next(e for e in events if e["seq"] > back["seq"] and e["type"] == "agent.said")
    assert again["data"]["question_id"] == back["data"]["question_id"] and again["data"]["restated"]
    assert analysis.answer_for(back["data"]["question_id"]).text == ANSWERS[5]
    assert ANSWERS[4] not in [a.text for a in analysis.answers]  # the question back is in the transcript only
    assert counts["questions_answered"] == len(analysis.interview_answers())  # was one less: the question back
    expect(page.locator("#end-facts")).to_contain_text(f"{counts['questions_answered']} of {counts['questions_asked']}")
    minutes, seconds = re.search(r"(\d+):(\d\d)", page.locator("#end-facts").inner_text()).groups()
    assert abs(int(minutes) * 60 + int(seconds) - analysis.duration_seconds) <= 1


def test_the_voice_page_asks_for_a_token(page, logged_in, asgi_server, quick_interview, settings):
    settings.VOICE_ENABLED = True  # the page offers voice; the server has no LiveKit keys, so the token is refused
    settings.LIVEKIT_URL = None
    page.goto(f"{asgi_server}/interviews/{quick_interview.id}/room/?mode=voice")
    expect(page.locator("#mic-state")).to_be_attached()
    with page.expect_response(re.compile(r"/token$")) as response_info:
        page.get_by_role("button", name="Start the interview").click()
    response = response_info.value
    assert response.request.method == "POST" and response.status == 409
    expect(page.locator("#voice-note")).to_contain_text("not configured")


def test_closing_the_tab_pauses_and_coming_back_goes_on_from_the_same_question(
        page, logged_in, asgi_server, quick_interview):
    from interviews.models import Event

    room = f"{asgi_server}/interviews/{quick_interview.id}/room/"
    page.goto(room)
    expect(page.locator("#conn-state")).to_have_attribute("data-state", "open")
    page.get_by_role("button", name="Start the interview").click()
    expect(page.locator(".line-agent").last).to_be_visible()
    page.get_by_label("Your answer").fill(ANSWERS[0])
    page.get_by_label("Your answer").press("Enter")
    expect(page.locator(".line-candidate")).to_have_count(1)
    page.wait_for_function("() => !document.querySelector('#caption').classList.contains('thinking')")
    question = page.locator(".line-agent .line-text").last.inner_text()

    page.goto("about:blank")  # the tab goes away: the interview pauses, nothing moves on meanwhile
    for _ in range(100):
        last = Event.objects.filter(interview=quick_interview).order_by("-seq").first()
        if last.type == "interview.paused":
            break
        page.wait_for_timeout(50)
    assert last.type == "interview.paused" and last.data == {"reason": "connection_lost"}

    page.goto(room)  # back: no second start; the same question, with a note about the pause
    expect(page.locator(".line-note").first).to_contain_text("Paused: the connection was lost")
    expect(page.locator(".line-note").last).to_have_text("The interview went on where it stopped.")
    expect(page.locator(".line-agent .line-text").last).to_have_text(question)
    expect(page.get_by_label("Your answer")).to_be_enabled()
    page.get_by_label("Your answer").fill(ANSWERS[1])
    page.get_by_label("Your answer").press("Enter")
    expect(page.locator(".line-candidate")).to_have_count(2)
    stored = Event.objects.filter(interview=quick_interview, type="candidate.said").order_by("seq")
    page.wait_for_function("() => !document.querySelector('#caption').classList.contains('thinking')")
    assert [e.data["text"] for e in stored] == ANSWERS[:2]
    assert all(e.data.get("client_id") for e in stored)
