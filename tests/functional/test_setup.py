import importlib
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture
def seeded_roles(transactional_db):
    """The seeded roles and plans (a live-server test before this one may have flushed them)."""
    from django.apps import apps

    from interviews.models import Role

    if not Role.objects.exists():
        importlib.import_module("interviews.migrations.0002_seed_roles_and_plans").seed(apps, None)
    importlib.import_module("interviews.migrations.0008_roles_from_postings").seed_posting_role(apps, None)


@pytest.fixture
def logged_in_page(page, live_server, alice):
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Email").fill("alice@example.com")
    page.get_by_label("Password").fill("correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(r"/dashboard/$"))
    return page


def test_alice_sets_up_an_interview_with_her_real_resume(logged_in_page, live_server, seeded_roles, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    settings.TAVILY_API_KEY = None
    page = logged_in_page
    page.goto(f"{live_server.url}/interviews/new/")

    # The levels follow the role: Sales has no staff level.
    page.get_by_label("Role").select_option(label="Sales")
    expect(page.locator("#id_level option[value=staff]")).to_have_count(0)
    page.get_by_label("Role").select_option(label="Software Engineer")
    expect(page.locator("#id_level option[value=staff]")).to_have_count(1)
    page.get_by_label("Level").select_option("senior")
    page.get_by_label("Quick practice").check()
    page.get_by_label("Your resume").set_input_files(FIXTURES / "resumes" / "resume_docx_word_accountant.docx")
    page.get_by_label("Job description", exact=True).fill(
        (FIXTURES / "job_descriptions" / "jd_software_engineer_backend.txt").read_text()
    )
    page.get_by_label("Company (optional)").fill("Northwind Payments")
    page.get_by_label(re.compile("I agree that MockFlow processes")).check()
    page.get_by_role("button", name="Set up my interview").click()

    expect(page).to_have_url(re.compile(r"/interviews/[0-9a-f-]{36}/$"))
    expect(page.get_by_role("heading", name="Senior Backend Engineer interview · Northwind Payments")).to_be_visible()
    expect(page.get_by_role("heading", name="From your resume")).to_be_visible()
    expect(page.get_by_role("heading", name="How your resume matches the job")).to_be_visible()
    expect(page.get_by_text("Company research is off: no TAVILY_API_KEY configured")).to_be_visible()
    expect(page.locator("#start-panel")).to_be_visible()

    from interviews.models import Interview

    interview = Interview.objects.get()
    assert interview.status == "ready" and interview.plan.is_quick_practice
    assert page.url.endswith(f"/interviews/{interview.id}/")


def test_a_bad_file_comes_back_with_a_message(logged_in_page, live_server, seeded_roles, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    page = logged_in_page
    page.goto(f"{live_server.url}/interviews/new/")
    page.get_by_label("Role").select_option(label="Data Scientist")
    page.get_by_label("Level").select_option("mid")
    page.get_by_label("Your resume").set_input_files(
        files=[{"name": "resume.pdf", "mimeType": "application/pdf", "buffer": b"MZ\x90\x00" + b"\x00" * 64}]
    )
    page.get_by_label("Job description", exact=True).fill("Data Scientist\nRequirements\n- Python\n- SQL\n")
    page.get_by_label(re.compile("I agree that MockFlow processes")).check()
    page.get_by_role("button", name="Set up my interview").click()

    expect(page.get_by_text("This file is a program, not a document.")).to_be_visible()
    expect(page.get_by_text("Nothing was saved.")).to_be_visible()
    from interviews.models import Document, Interview

    assert not Interview.objects.exists() and not Document.objects.exists()
    assert not any(p.is_file() for p in tmp_path.rglob("*"))
