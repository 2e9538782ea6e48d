"""alice practises again with the setup of an earlier interview (`/interviews/new/?from=<id>`)."""

import re

import pytest
from django.test import Client

from interviews.models import Document, Interview

from .conftest import RESUMES

pytestmark = pytest.mark.django_db


@pytest.fixture
def first(alice_client, setup_form):
    response = alice_client.post("/interviews/new/", setup_form(level="mid", company="Acme Robotics"))
    assert response.status_code == 302
    return Interview.objects.get()


def again(first, **overrides):
    data = {"role": first.role_id, "level": first.level, "plan": first.plan_id, "company": first.company,
            "from_interview": str(first.pk), "consent": "on", "job_description": ""}
    data.update(overrides)
    return data


def test_the_form_is_filled_in_with_the_earlier_setup(alice_client, first):
    page = alice_client.get(f"/interviews/new/?from={first.pk}").content.decode()
    assert "<h1>Practise again</h1>" in page
    assert f'<option value="{first.role_id}" selected>' in page
    assert '<option value="mid" selected>' in page
    assert re.search(rf'<input type="radio" name="plan" value="{first.plan_id}"[^>]* checked>', page)
    assert 'value="Acme Robotics"' in page
    assert f'name="from_interview" value="{first.pk}"' in page
    assert "resume.pdf (2 pages) — used again unless you choose a new file" in page
    assert "the text you pasted last time — used again" in page


def test_keeping_everything_creates_a_new_interview_on_the_same_documents(alice_client, alice, first, media_root):
    files_before = sorted(p.name for p in media_root.rglob("*") if p.is_file())

    response = alice_client.post("/interviews/new/", again(first))

    second = Interview.objects.exclude(pk=first.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/interviews/{second.pk}/"
    assert second.owner == alice and second.status == "ready"
    assert (second.role_id, second.level, second.plan_id, second.company) == (
        first.role_id, "mid", first.plan_id, "Acme Robotics")
    assert second.resume_id == first.resume_id and second.job_description_id == first.job_description_id
    assert second.summary == first.summary and second.plan_snapshot == first.plan_snapshot
    assert Document.objects.count() == 2
    assert sorted(p.name for p in media_root.rglob("*") if p.is_file()) == files_before


def test_a_new_resume_replaces_the_old_one_and_the_job_description_is_kept(alice_client, first):
    from django.core.files.uploadedfile import SimpleUploadedFile

    docx = (RESUMES / "resume_docx_word_accountant.docx").read_bytes()
    response = alice_client.post(
        "/interviews/new/", again(first, level="senior", resume=SimpleUploadedFile("new.docx", docx))
    )

    second = Interview.objects.exclude(pk=first.pk).get()
    assert response.status_code == 302 and second.level == "senior"
    assert second.resume_id != first.resume_id and second.resume.original_name == "new.docx"
    assert second.job_description_id == first.job_description_id


def test_a_resume_whose_file_was_removed_by_retention_is_still_reused(alice_client, first):
    first.resume.file.delete(save=False)
    Document.objects.filter(pk=first.resume_id).update(file="")

    response = alice_client.post("/interviews/new/", again(first))
    assert response.status_code == 302
    assert Interview.objects.exclude(pk=first.pk).get().resume_id == first.resume_id


def test_without_reusable_documents_they_are_asked_for_again(alice_client, first):
    Document.objects.all().delete()  # deleted from the profile

    page = alice_client.get(f"/interviews/new/?from={first.pk}").content.decode()
    assert "used again" not in page
    response = alice_client.post("/interviews/new/", again(first))
    assert response.status_code == 200
    assert "Please add your resume (PDF or DOCX)." in response.content.decode()
    assert Interview.objects.count() == 1


def test_bob_cannot_practise_with_alices_setup_or_documents(first, bob):
    client = Client()
    client.force_login(bob)
    assert client.get(f"/interviews/new/?from={first.pk}").status_code == 404
    assert client.post("/interviews/new/", again(first)).status_code == 404
    assert client.get("/interviews/new/?from=not-a-uuid").status_code == 404
    assert Interview.objects.count() == 1
