"""A visitor's first minutes in Chromium: the landing page, the sample report, signing up, and a
recruiter's first log-in. Screenshots at phone and desktop widths land in test-results/screenshots/."""

import copy
import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from agent_worker.core.plans import DEFAULT_PLAN, QUICK_PLAN


@pytest.fixture
def plans(db):
    """The seeded plans and a role (a live server's database is flushed after a test: the data migration's
    rows are there for the first test only)."""
    from interviews.models import PlanStage, Role, StagePlan

    made = {}
    for data, quick in ((DEFAULT_PLAN, False), (QUICK_PLAN, True)):
        plan, created = StagePlan.objects.get_or_create(
            name=data["name"], version=1, defaults={"title": data["title"], "is_quick_practice": quick})
        for order, stage in enumerate(copy.deepcopy(data["stages"]) if created else []):
            values = {f: stage.get(f) for f in PlanStage.ENGINE_FIELDS}
            values["competency"] = values["competency"] or ""
            PlanStage.objects.create(plan=plan, order=order, **values)
        made[data["name"]] = plan
    Role.objects.get_or_create(slug="software-engineer", defaults={
        "title": "Software Engineer", "competencies": ["communication"], "levels": ["mid"], "plan": made["default"]})
    return made


def test_a_visitor_reads_the_landing_page_opens_the_sample_report_and_signs_up(page, live_server, plans, shoot):
    page.goto(f"{live_server.url}/")
    expect(page.get_by_role("heading", name="Practise the interview before it counts.")).to_be_visible()
    expect(page.get_by_text("Standard interview")).to_be_visible()
    expect(page.get_by_text("Quick practice", exact=True)).to_be_visible()
    expect(page.get_by_role("img", name="Sam's scores per competency").first).to_be_visible()
    shoot("landing")

    page.get_by_role("link", name="See a sample report").click()
    expect(page).to_have_url(re.compile(r"/feedback/sample/$"))
    expect(page.get_by_text("This is a sample report")).to_be_visible()
    expect(page.get_by_role("heading", name=re.compile(r"^Question 1:")).first).to_be_visible()
    shoot("sample-report")

    page.get_by_role("link", name="Sign up to get yours").click()
    expect(page).to_have_url(re.compile(r"/accounts/signup/$"))
    shoot("signup")
    page.get_by_label("Your name").fill("Frank Newcomer")
    page.get_by_label("Email").fill("frank@example.com")
    page.get_by_label("Password").fill("a-very-long-passphrase")
    page.get_by_role("button", name="Create account").click()
    expect(page).to_have_url(re.compile(r"/accounts/signup/sent/$"))
    expect(page.get_by_role("heading", name="Check your email")).to_be_visible()
    shoot("signup-sent")
    link = re.search(r"https?://\S+/accounts/verify/\S+", mail.outbox[-1].body).group(0)
    page.goto(live_server.url + "/accounts/" + link.split("/accounts/", 1)[1])
    expect(page).to_have_url(re.compile(r"/dashboard/$"))
    expect(page.get_by_role("heading", name="No interviews yet")).to_be_visible()
    shoot("signed-up-dashboard")

    page.get_by_role("link", name="MockFlow home").click()  # the logo takes a candidate to their dashboard
    expect(page).to_have_url(re.compile(r"/dashboard/$"))


def test_a_recruiter_logs_in_from_the_landing_page_and_meets_the_staff_dashboard(page, live_server, make_user, shoot):
    make_user("carol@example.com", display_name="Carol Recruiter", is_staff=True)
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Log in").first.click()
    page.get_by_label("Email").fill("carol@example.com")
    page.get_by_label("Password").fill("correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(r"/staff/dashboard/$"))
    expect(page.get_by_role("heading", name="Staff dashboard")).to_be_visible()
    shoot("staff-landing")

    page.goto(f"{live_server.url}/staff/")
    expect(page).to_have_url(re.compile(r"/staff/dashboard/$"))
