"""`manage.py maintenance` removes old document files and expires cached research."""

import datetime
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from interviews.maintenance import JOBS, run_maintenance
from interviews.models import CompanyResearch, Document, Interview

from .conftest import stored_files

pytestmark = pytest.mark.django_db


@pytest.fixture
def interview(alice_client, setup_form):
    alice_client.post("/interviews/new/", setup_form())
    return Interview.objects.get()


def age(document, days):
    Document.objects.filter(pk=document.pk).update(created_at=timezone.now() - datetime.timedelta(days=days))


def test_it_removes_resume_files_past_the_retention_period(interview, media_root, settings):
    settings.RESUME_RETENTION_DAYS = 30
    age(interview.resume, 31)
    out = StringIO()
    call_command("maintenance", "--once", stdout=out)
    resume = Document.objects.get(pk=interview.resume_id)
    assert resume.file.name == "" and resume.file_removed_at is not None
    assert resume.text and resume.facts  # what was understood stays with the interview
    assert stored_files(media_root) == []
    assert "1 document file(s) removed" in out.getvalue()


def test_it_keeps_files_within_the_retention_period(interview, media_root, settings):
    settings.RESUME_RETENTION_DAYS = 30
    age(interview.resume, 29)
    run_maintenance()
    assert Document.objects.get(pk=interview.resume_id).file and len(stored_files(media_root)) == 1


def test_a_file_already_gone_from_disk_is_still_cleared(interview, media_root):
    for path in stored_files(media_root):
        path.unlink()
    age(interview.resume, 400)
    run_maintenance(only=["remove_old_documents"])
    assert Document.objects.get(pk=interview.resume_id).file_removed_at is not None


def test_it_expires_cached_research_unless_an_upcoming_interview_needs_it(interview):
    past = timezone.now() - datetime.timedelta(hours=1)
    old = CompanyResearch.objects.create(normalised_name="contoso", display_name="Contoso", status="ready",
                                         expires_at=past)
    needed = CompanyResearch.objects.create(normalised_name="northwind", display_name="Northwind",
                                            status="ready", expires_at=past)
    fresh = CompanyResearch.objects.create(normalised_name="fabrikam", display_name="Fabrikam", status="ready",
                                           expires_at=timezone.now() + datetime.timedelta(hours=1))
    Interview.objects.filter(pk=interview.pk).update(research=needed)
    results = run_maintenance()
    assert set(CompanyResearch.objects.values_list("pk", flat=True)) >= {needed.pk, fresh.pk}
    assert not CompanyResearch.objects.filter(pk=old.pk).exists()
    assert results["expire_research"] == "1 cached research row(s) expired"


def test_it_requeues_research_whose_task_was_lost(db):
    long_ago = timezone.now() - datetime.timedelta(hours=1)
    lost = CompanyResearch.objects.create(normalised_name="contoso", display_name="Contoso", status="pending",
                                          next_attempt_at=long_ago)
    CompanyResearch.objects.filter(pk=lost.pk).update(updated_at=long_ago)
    CompanyResearch.objects.create(normalised_name="fresh", display_name="Fresh", status="pending",
                                   next_attempt_at=timezone.now())
    run_maintenance(only=["retry_lost_research"])
    assert list(DBTaskResult.objects.values_list("args_kwargs", flat=True)) == [{"args": [lost.pk], "kwargs": {}}]


def test_a_failing_job_does_not_stop_the_others(interview, media_root, monkeypatch):
    def broken(now):
        raise RuntimeError("disk on fire")

    JOBS["broken"] = broken
    try:
        age(interview.resume, 400)
        results = run_maintenance()
        assert results["broken"].startswith("failed: RuntimeError")
        assert results["remove_old_documents"] == "1 document file(s) removed"
    finally:
        JOBS.pop("broken")


def test_the_command_refuses_a_bad_interval():
    with pytest.raises(SystemExit):
        call_command("maintenance", "--interval", "0", stderr=StringIO())
