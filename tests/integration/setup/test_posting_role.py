"""A role from the job description (issue 31): a nurse and a warehouse worker set up an interview about their own
job; a recruiter's role that the posting does not name is questioned; a recruiter makes a role from a posting."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from interviews.live.context import engine_context
from interviews.models import POSTING_ROLE_SLUG, Interview, Role
from tests.unit.engine.professions import SET

from .conftest import RESUMES

pytestmark = pytest.mark.django_db

TUNING = Path(SET) / "tuning"
NURSE_POSTING = (TUNING / "nursing_posting.txt").read_text()
WAREHOUSE_POSTING = (TUNING / "warehouse_posting.txt").read_text()


@pytest.fixture
def posting_role(db):
    return Role.objects.get(slug=POSTING_ROLE_SLUG)


def form_data(role, posting, **overrides):
    data = {
        "role": role.pk, "level": "mid", "plan": role.plan_id,
        "resume": SimpleUploadedFile("resume.pdf", (RESUMES / "resume_word_generated_accountant.pdf").read_bytes()),
        "job_description": posting, "company": "", "consent": "on",
    }
    data.update(overrides)
    return data


def test_the_setup_form_offers_the_role_from_the_job_description_first_and_chosen(alice_client, posting_role):
    page = alice_client.get("/interviews/new/").content.decode()
    options = page[page.index('name="role"'):page.index("</select>", page.index('name="role"'))]
    first = options.index("From my job description")
    assert first < options.index("Sales") and first < options.index("Software Engineer")
    assert f'<option value="{posting_role.pk}" selected>' in options


def test_a_nurse_gets_an_interview_about_the_nursing_job(alice_client, posting_role):
    response = alice_client.post("/interviews/new/", form_data(posting_role, NURSE_POSTING))
    assert response.status_code == 302
    interview = Interview.objects.get()
    assert interview.job_title == "Registered Nurse" and interview.company == "Lakeview Family Health Clinic"
    assert interview.job_name == "Registered Nurse at Lakeview Family Health Clinic"
    assert {"patient care", "safety", "communication", "prioritising"} <= set(interview.competencies)
    assert [s["name"] for s in interview.plan_snapshot["stages"]] == ["greeting", "self_intro", "past_experience",
                                                                      "closing"]
    bank = interview.plan_snapshot["question_bank"]
    assert any("triage patient phone calls" in q["text"] for q in bank)
    assert not any(word in q["text"].lower() for q in bank for word in ("pipeline", "quota", "sell", "product"))
    page = alice_client.get(f"/interviews/{interview.id}/").content.decode()
    assert "Built from your job description: the questions are about its duties, and your answers are scored on " \
           "patient care" in page
    candidate = engine_context(interview)["candidate"]
    assert candidate["role"] == "Registered Nurse" and candidate["competencies"] == interview.competencies


def test_a_warehouse_worker_is_scored_on_the_warehouse_jobs_competencies(alice_client, posting_role):
    alice_client.post("/interviews/new/", form_data(posting_role, WAREHOUSE_POSTING))
    interview = Interview.objects.get()
    assert interview.title == "Warehouse Associate"
    assert {"accuracy", "physical work", "safety"} <= set(interview.scored_competencies)


def test_a_recruiters_role_the_posting_does_not_name_suggests_the_posting_role(alice_client, posting_role):
    sales = Role.objects.get(slug="sales")
    response = alice_client.post("/interviews/new/", form_data(sales, NURSE_POSTING))
    page = response.content.decode()
    assert response.status_code == 200 and not Interview.objects.exists()
    assert "Your job description is for a Registered Nurse, but Sales interviews ask about sales work" in page
    assert "Keep the role I chose" in page
    kept = alice_client.post("/interviews/new/", form_data(sales, NURSE_POSTING, keep_role="on"))
    assert kept.status_code == 302
    interview = Interview.objects.get()
    assert interview.role == sales and interview.scored_competencies == sales.competencies


def test_the_dashboard_row_names_the_job_and_the_company(alice_client, posting_role):
    alice_client.post("/interviews/new/", form_data(posting_role, NURSE_POSTING))
    page = alice_client.get("/dashboard/").content.decode()
    assert "Registered Nurse at Lakeview Family Health Clinic" in page


def test_a_recruiter_turns_a_posting_into_a_role(client, carol):
    client.force_login(carol)
    from interviews.models import StagePlan

    plan = StagePlan.objects.filter(name="default", superseded_by__isnull=True).get()
    assert "New role from a job posting" in client.get("/admin/interviews/role/").content.decode()
    response = client.post("/admin/interviews/role/from-posting/", {"posting": WAREHOUSE_POSTING, "title": "",
                                                                    "plan": plan.pk})
    role = Role.objects.get(title="Warehouse Associate")
    assert response.status_code == 302 and response["Location"].endswith(f"/admin/interviews/role/{role.pk}/change/")
    assert not role.active and "accuracy" in role.competencies
    texts = list(role.questions.values_list("text", flat=True))
    assert any("pick, pack and ship customer orders accurately" in text for text in texts)
    again = client.post("/admin/interviews/role/from-posting/", {"posting": WAREHOUSE_POSTING, "plan": plan.pk})
    assert "exists already" in again.content.decode()
