"""What a visitor, a candidate and a recruiter meet first: the landing page, the sample report, where
logging in leads, and one name per plan on every page."""

import re

import pytest

from feedback.charts import NARROW_WIDTH
from interviews.models import StagePlan

pytestmark = pytest.mark.django_db


def test_a_visitor_meets_the_landing_page_with_sign_up_log_in_and_the_sample_report(client):
    response = client.get("/")
    page = response.content.decode()
    assert response.status_code == 200
    assert "Practise the interview before it counts." in page
    assert 'href="/accounts/signup/"' in page and 'href="/accounts/login/"' in page
    assert 'href="/feedback/sample/"' in page
    assert 'role="img"' in page  # the sample's real competency chart, drawn from its analysis


def test_the_landing_page_names_the_plans_as_the_model_does(client):
    StagePlan.objects.filter(name="default").update(title="Full loop")
    page = client.get("/").content.decode()
    assert "Full loop</strong> · up to 11 minutes" in page
    assert "Quick practice</strong> · up to 6 minutes" in page
    assert "Standard interview" not in page


def test_the_setup_form_names_the_plans_as_the_landing_page_does(alice_client):
    StagePlan.objects.filter(name="default").update(title="Full loop")
    page = alice_client.get("/interviews/new/").content.decode()
    assert "Full loop · up to 11 minutes" in page and "Quick practice · up to 6 minutes" in page
    assert "Full interview" not in page and "Standard interview" not in page


@pytest.mark.parametrize("url", ["/", "/accounts/signup/", "/feedback/sample/"])
def test_pages_mention_voice_only_when_it_is_configured(client, settings, url):
    settings.VOICE_ENABLED = False
    assert not re.search(r"\bvoice\b", client.get(url).content.decode(), re.IGNORECASE)
    settings.VOICE_ENABLED = True
    assert re.search(r"\bvoice\b|\bspeaks\b", client.get(url).content.decode(), re.IGNORECASE)


def test_the_sample_report_is_a_real_report_open_to_visitors(client):
    response = client.get("/feedback/sample/")
    page = response.content.decode()
    assert response.status_code == 200
    assert "This is a sample report" in page
    assert "Question 1:" in page and "What to improve" in page and "/5" in page
    assert "p95 latency dropped by 40%" in page  # the sample candidate's own words, quoted back
    assert "Practise again" not in page and "emailed to you" not in page
    assert 'href="/accounts/signup/"' in page


def test_a_signed_in_candidate_goes_to_their_dashboard(alice_client):
    response = alice_client.get("/")
    assert response.status_code == 302 and response["Location"] == "/dashboard/"


def test_staff_go_to_the_staff_dashboard(client, make_user):
    client.force_login(make_user("carol@example.com", is_staff=True))
    response = client.get("/")
    assert response.status_code == 302 and response["Location"] == "/staff/dashboard/"


def test_staff_who_log_in_land_on_the_staff_dashboard(client, make_user):
    make_user("carol@example.com", is_staff=True)
    response = client.post("/accounts/login/", {"email": "carol@example.com", "password": "correct-horse-battery"},
                           follow=True)
    assert response.redirect_chain[-1][0] == "/staff/dashboard/"


def test_a_candidate_who_logs_in_lands_on_their_dashboard(client, alice):
    response = client.post("/accounts/login/", {"email": "alice@example.com", "password": "correct-horse-battery"},
                           follow=True)
    assert response.redirect_chain[-1][0] == "/dashboard/"


def test_staff_slash_leads_to_the_staff_dashboard(client):
    response = client.get("/staff/")
    assert response.status_code == 302 and response["Location"] == "/staff/dashboard/"


def test_the_staff_dashboard_draws_its_chart_twice_for_desktop_and_phone(client, make_user):
    client.force_login(make_user("carol@example.com", is_staff=True))
    page = client.get("/staff/dashboard/").content.decode()
    assert page.count('class="chart chart-days"') == 2
    assert f'viewBox="0 0 {NARROW_WIDTH} 170"' in page


def test_the_sample_candidate_answers_every_question_it_is_asked():
    """The sample's turns follow the scripted interviewer's questions: if the interviewer changes what it asks,
    this says the sample needs new turns (no question left unanswered, no re-prompt, nothing said unasked)."""
    from feedback.sample import SAMPLE_TURNS, sample_events

    events = sample_events(spoken=False)
    kinds = [event["type"] for event in events]
    asked = {e["data"]["question_id"] for e in events if e["type"] == "question.asked"}
    answered = {e["data"]["question_id"] for e in events if e["type"] == "candidate.said"}
    assert "candidate.reprompted" not in kinds
    assert kinds.count("candidate.said") == len(SAMPLE_TURNS)
    assert asked == answered


def test_the_interview_page_offers_voice_only_when_it_is_configured(alice_client, alice, settings):
    from interviews.models import Interview
    from tests.integration.feedback.helpers import backend_role

    role = backend_role()
    interview = Interview.objects.create(owner=alice, role=role, level="mid", plan=role.plan, status="ready")
    settings.VOICE_ENABLED = False
    page = alice_client.get(f"/interviews/{interview.pk}/").content.decode()
    assert "Start the interview" in page and not re.search(r"\bvoice\b", page, re.IGNORECASE)
    settings.VOICE_ENABLED = True
    page = alice_client.get(f"/interviews/{interview.pk}/").content.decode()
    assert "Start voice interview" in page and "Start text interview" in page
