"""In Chromium: alice sees what setup was unsure of, corrects it, and the interview page then uses her words."""

import re

import pytest
from playwright.sync_api import expect

from tests.integration.setup.test_confirm_facts import JOB, RESUME
from tests.unit.parsing.documents import text_docx

from .test_setup import logged_in_page, seeded_roles  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser


def test_alice_corrects_a_role_setup_was_unsure_of(logged_in_page, live_server, seeded_roles, settings, tmp_path):  # noqa: F811
    settings.MEDIA_ROOT = tmp_path
    settings.TAVILY_API_KEY = None
    resume = tmp_path / "jordan.docx"
    resume.write_bytes(text_docx(RESUME))
    page = logged_in_page
    page.goto(f"{live_server.url}/interviews/new/")
    page.get_by_label("Role").select_option(label="From my job description (any job)")  # a Data Analyst posting
    page.get_by_label("Level").select_option("senior")
    page.get_by_label("Quick practice").check()
    page.get_by_label("Your resume").set_input_files(resume)
    page.get_by_label("Job description", exact=True).fill(JOB)
    page.get_by_label(re.compile("I agree that MockFlow processes")).check()
    page.get_by_role("button", name="Set up my interview").click()
    expect(page).to_have_url(re.compile(r"/interviews/[0-9a-f-]{36}/$"))

    box = page.locator("#confirm-facts")
    expect(box.get_by_role("heading", name="Please check what we were unsure of")).to_be_visible()
    expect(box.get_by_text("We read: Meyer Tech at Desktop Support")).to_be_visible()
    expect(page.locator(".summary-text")).not_to_contain_text("Meyer")

    role = box.locator(".confirm-item").filter(has_text="Meyer Tech at Desktop Support")
    role.get_by_text("No, let me correct it").click()
    role.get_by_label("Job title").fill("Desktop Support Manager")
    role.get_by_label("Employer").fill("Meyer Tech")
    role.get_by_role("button", name="Save correction").click()

    expect(page.get_by_text("Thanks: the interview will use what you confirmed.")).to_be_visible()
    expect(page.locator(".facts-list").first).to_contain_text("Desktop Support Manager at Meyer Tech (2018 – 2021)")
    expect(page.locator(".summary-text")).to_contain_text("Desktop Support Manager at Meyer Tech")
    expect(box.get_by_text("We read: Meyer Tech at Desktop Support")).to_have_count(0)


def test_a_half_edited_template_and_a_relocation_condition_read_as_a_recruiter_would(
        logged_in_page, live_server, seeded_roles, settings, tmp_path, shoot):  # noqa: F811
    from tests.integration.setup.conftest import JOB_DESCRIPTIONS, RESUMES

    settings.MEDIA_ROOT = tmp_path
    settings.TAVILY_API_KEY = None
    posting = (JOB_DESCRIPTIONS / "jd_registered_nurse.txt").read_text().replace(
        "\n\n", "\n\nRelocation to the USA is required and included as part of this position.\n\n", 1)
    page = logged_in_page
    page.goto(f"{live_server.url}/interviews/new/")
    page.get_by_label("Role").select_option(label="From my job description (any job)")  # a nursing posting
    page.get_by_label("Level").select_option("senior")
    page.get_by_label("Quick practice").check()
    page.get_by_label("Your resume").set_input_files(RESUMES / "resume_latex_moderncv_classic_4page.pdf")
    page.get_by_label("Job description", exact=True).fill(posting)
    page.get_by_label(re.compile("I agree that MockFlow processes")).check()
    page.get_by_role("button", name="Set up my interview").click()
    expect(page).to_have_url(re.compile(r"/interviews/[0-9a-f-]{36}/$"))

    note = page.locator("#template-text")
    expect(note).to_contain_text("Your resume still has template text.")
    expect(note).to_contain_text("“Job title, Employer”")
    # Nothing in this resume is the candidate's own (its name is the template's John Doe): the card says so
    # instead of listing template text as highlights.
    resume_card = page.locator("section.card").filter(has=page.get_by_role("heading", name="From your resume"))
    expect(resume_card.locator("#only-template")).to_have_text(re.compile("We found only template text"))
    expect(resume_card.locator(".facts-list")).to_have_count(0)
    expect(page.locator(".summary-text")).not_to_contain_text("Employer")
    expect(page.locator(".summary-text")).not_to_contain_text("John Doe")
    job_card = page.locator("section.card").filter(has=page.get_by_role("heading", name="From the job description"))
    expect(job_card).to_contain_text("Conditions of the job")
    expect(page.locator("#match-conditions")).to_contain_text("Relocation to the USA is required")
    expect(page.locator(".match-list.gap")).not_to_contain_text("Relocation")
    shoot("setup-template-resume-and-conditions")
