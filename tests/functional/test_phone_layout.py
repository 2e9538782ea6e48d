"""On a phone the main pages fit the screen, and the header offers the staff dashboard to staff only.

Served by conftest's `asgi_server`, so the interview room is connected and holds a real transcript.
"""

import copy
import re

import pytest
from playwright.sync_api import expect

from agent_worker.core.plans import QUICK_PLAN

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}

# Wider than the viewport means the page scrolls sideways; the header's content keeps the page's side padding.
MEASURE = """() => {
  const width = window.innerWidth;
  const header = [...document.querySelectorAll('.header-row *')]
    .map(el => el.getBoundingClientRect()).filter(r => r.width > 0 && r.height > 0);
  return {
    scrollWidth: document.documentElement.scrollWidth,
    width,
    headerLeft: Math.min(...header.map(r => r.left)),
    headerRight: Math.max(...header.map(r => r.right)),
  };
}"""


@pytest.fixture
def pipeline(settings, tmp_path):
    from tests.integration.feedback.helpers import IMMEDIATE_TASKS

    settings.TASKS = IMMEDIATE_TASKS
    settings.OPENAI_API_KEY = None
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def carol(make_user):
    # The Recruiters group comes from a data migration that a flushed live-server database lacks; is_staff is enough.
    return make_user("carol@example.com", display_name="Carol Recruiter", is_staff=True)


def _sign_in(context, user, server):
    from django.test import Client

    client = Client()
    client.force_login(user)
    context.clear_cookies()
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}])


def _layout_problems(page, name):
    m = page.evaluate(MEASURE)
    problems = []
    if m["scrollWidth"] > m["width"]:
        problems.append(f"{name}: the page is {m['scrollWidth']}px wide on a {m['width']}px screen")
    if m["headerLeft"] < 12 or m["headerRight"] > m["width"] - 12:
        problems.append(f"{name}: the header spans {m['headerLeft']:.0f}-{m['headerRight']:.0f}px of {m['width']}px")
    return problems


def _ready_quick_interview(alice):
    from interviews.models import Interview
    from tests.integration.feedback.helpers import backend_role, quick_plan

    return Interview.objects.create(owner=alice, role=backend_role(), level="mid", plan=quick_plan(),
                                    plan_snapshot=copy.deepcopy(QUICK_PLAN), status="ready", seed=7)


def test_the_main_pages_fit_a_phone_screen(transactional_db, page, asgi_server, alice, carol, pipeline):
    from interviews.signals import interview_completed
    from tests.integration.feedback.helpers import completed_interview

    done = completed_interview(alice)
    interview_completed.send(sender=type(done), interview=done)
    ready = _ready_quick_interview(alice)
    page.set_viewport_size(PHONE)
    _sign_in(page.context, alice, asgi_server)
    problems = []

    page.goto(f"{asgi_server}/dashboard/")
    expect(page.locator(".score-inline")).to_be_visible()
    problems += _layout_problems(page, "dashboard")

    page.goto(f"{asgi_server}/interviews/new/")
    expect(page.get_by_role("button", name="Set up my interview")).to_be_visible()
    problems += _layout_problems(page, "new interview")

    page.goto(f"{asgi_server}/interviews/{ready.id}/room/")
    expect(page.locator("#conn-state")).to_have_attribute("data-state", "open")
    problems += _layout_problems(page, "room before the start")
    page.get_by_role("button", name="Start the interview").click()
    expect(page.locator(".line-agent").last).to_be_visible()
    page.get_by_label("Your answer").fill("Yes, I'm ready to start, thank you.")
    page.get_by_label("Your answer").press("Enter")
    expect(page.locator(".line-candidate")).to_have_count(1)
    problems += _layout_problems(page, "room during the interview")

    page.goto(f"{asgi_server}/feedback/{done.pk}/")
    expect(page.get_by_role("heading", name="Transcript")).to_be_visible()
    problems += _layout_problems(page, "report")

    _sign_in(page.context, carol, asgi_server)
    page.goto(f"{asgi_server}/staff/dashboard/?days=30")
    expect(page.get_by_role("heading", name="Staff dashboard")).to_be_visible()
    problems += _layout_problems(page, "staff dashboard")

    assert problems == []


def test_staff_find_their_dashboard_in_the_header_and_candidates_do_not(transactional_db, page, asgi_server,
                                                                         alice, carol):
    staff_link = page.get_by_role("link", name="Staff dashboard")
    menu = page.get_by_role("button", name="Menu")

    _sign_in(page.context, carol, asgi_server)
    page.set_viewport_size(PHONE)
    page.goto(f"{asgi_server}/dashboard/")
    expect(staff_link).to_be_hidden()  # folded into the menu
    menu.click()
    expect(staff_link).to_be_visible()
    expect(page.get_by_role("link", name="Admin")).to_have_attribute("href", "/admin/")
    staff_link.click()
    expect(page).to_have_url(re.compile(r"/staff/dashboard/$"))
    expect(page.get_by_role("heading", name="Staff dashboard")).to_be_visible()
    expect(menu).to_be_visible()
    page.set_viewport_size(LAPTOP)
    expect(menu).to_be_hidden()
    expect(staff_link).to_be_visible()
    expect(staff_link).to_have_attribute("aria-current", "page")

    _sign_in(page.context, alice, asgi_server)
    page.set_viewport_size(PHONE)
    page.goto(f"{asgi_server}/dashboard/")
    menu.click()
    expect(page.get_by_role("link", name="Profile")).to_be_visible()
    expect(staff_link).to_have_count(0)
    expect(page.get_by_role("link", name="Admin")).to_have_count(0)
    page.keyboard.press("Escape")
    expect(page.get_by_role("link", name="Profile")).to_be_hidden()
    page.set_viewport_size(LAPTOP)
    expect(page.get_by_role("link", name="Profile")).to_be_visible()
    expect(staff_link).to_have_count(0)
