"""Company research runs as a task against the fake Tavily server (through TAVILY_BASE_URL, no patching)."""

import datetime

import pytest
from django.test import override_settings
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from interviews.models import CompanyResearch, Interview
from interviews.services.research_store import MAX_ATTEMPTS, research_request
from interviews.tasks import research_company_task
from tests.fakes.tavily_server import result

pytestmark = pytest.mark.django_db

ABOUT = [
    result("Northwind Robotics | Warehouse automation", "https://northwind-robotics.example/about",
           "Northwind Robotics is a warehouse automation company founded in 2015 and headquartered in Leeds. "
           "The company builds autonomous picking robots for grocery and pharmacy distribution centres."),
]
NEWS = [
    result("Northwind Robotics raises Series C", "https://news.example/2026/northwind-series-c",
           "Northwind Robotics announced a 60 million pound Series C round in March 2026 to expand into the "
           "United States."),
]
TECH = [
    result("How we scaled our fleet planner", "https://engineering.northwind-robotics.example/fleet-planner",
           "Northwind Robotics engineers rewrote the fleet planner in Rust to cut planning latency below 50 "
           "milliseconds. The platform runs on Kubernetes in AWS."),
]

IMMEDIATE = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend",
                         "QUEUES": ["default", "feedback", "research"]}}


@pytest.fixture
def tavily(fake_tavily, settings):
    settings.TAVILY_API_KEY = "tvly-test"
    settings.TAVILY_BASE_URL = fake_tavily.url
    settings.RESEARCH_TIMEOUT_SECONDS = 2
    fake_tavily.add_results("news", NEWS)
    fake_tavily.add_results("engineering", TECH)
    fake_tavily.add_results("overview", ABOUT)
    return fake_tavily


def create(client, setup_form, capture, company="Northwind Robotics"):
    with capture(execute=True):
        response = client.post("/interviews/new/", setup_form(company=company))
    assert response.status_code == 302
    return Interview.objects.order_by("-created_at").first()


def test_setup_queues_research_on_the_database_backend_and_does_not_wait(
    alice_client, setup_form, tavily, django_capture_on_commit_callbacks
):
    interview = create(alice_client, setup_form, django_capture_on_commit_callbacks)
    assert interview.status == "ready"
    assert interview.research.status == "pending" and tavily.queries == []
    queued = DBTaskResult.objects.get()
    assert queued.queue_name == "research"
    assert queued.task_path == "interviews.tasks.research_company_task"
    assert queued.args_kwargs == {"args": [interview.research_id], "kwargs": {}}
    page = alice_client.get(f"/interviews/{interview.id}/").content.decode()
    assert "Researching the company" in page and 'data-status="pending"' in page


def test_the_task_writes_a_cited_brief_that_the_page_and_its_json_show(
    alice_client, setup_form, tavily, django_capture_on_commit_callbacks
):
    interview = create(alice_client, setup_form, django_capture_on_commit_callbacks)
    assert research_company_task.call(interview.research_id) == "ready"
    research = CompanyResearch.objects.get()
    assert research.status == "ready" and research.attempts == 1 and research.expires_at > timezone.now()
    data = alice_client.get(f"/interviews/{interview.id}/research.json").json()
    assert data["status"] == "ready"
    assert any("Series C" in s["text"] for section in data["sections"] for s in section["sentences"])
    assert {s["url"] for s in data["sources"]} >= {"https://news.example/2026/northwind-series-c"}
    page = alice_client.get(f"/interviews/{interview.id}/").content.decode()
    assert "founded in 2015" in page and "https://engineering.northwind-robotics.example/fleet-planner" in page


@override_settings(TASKS=IMMEDIATE)
def test_with_the_immediate_backend_the_brief_is_ready_at_once(
    alice_client, setup_form, tavily, django_capture_on_commit_callbacks
):
    interview = create(alice_client, setup_form, django_capture_on_commit_callbacks)
    interview.research.refresh_from_db()
    assert interview.research.status == "ready"
    assert len(tavily.queries) == 4


@override_settings(TASKS=IMMEDIATE)
def test_research_is_cached_per_normalised_name(
    alice_client, client, bob, setup_form, tavily, django_capture_on_commit_callbacks
):
    first = create(alice_client, setup_form, django_capture_on_commit_callbacks, "Northwind Robotics")
    client.force_login(bob)
    second = create(client, setup_form, django_capture_on_commit_callbacks, "northwind robotics, Ltd.")
    assert second.research_id == first.research_id and len(tavily.queries) == 4
    CompanyResearch.objects.update(expires_at=timezone.now() - datetime.timedelta(minutes=1))
    third = create(client, setup_form, django_capture_on_commit_callbacks, "Northwind Robotics")
    assert third.research_id == first.research_id and len(tavily.queries) == 8  # researched again
    assert CompanyResearch.objects.get().status == "ready"


def test_the_cache_lasts_research_cache_hours(settings, tavily):
    settings.RESEARCH_CACHE_HOURS = 5
    row, run = research_request(company="Northwind Robotics")
    research_company_task.call(row.pk)
    row.refresh_from_db()
    assert abs((row.expires_at - timezone.now()) - datetime.timedelta(hours=5)) < datetime.timedelta(minutes=1)
    assert research_request(company="Northwind Robotics") == (row, False)


def test_a_junk_company_name_is_skipped(alice_client, setup_form, tavily, django_capture_on_commit_callbacks):
    interview = create(alice_client, setup_form, django_capture_on_commit_callbacks, company="N/A")
    assert interview.research.status == "skipped"
    assert DBTaskResult.objects.count() == 0 and tavily.queries == []
    assert "does not look like a company name" in alice_client.get(f"/interviews/{interview.id}/").content.decode()


def test_without_a_tavily_key_research_is_skipped_and_the_page_says_so(
    alice_client, setup_form, settings, django_capture_on_commit_callbacks
):
    settings.TAVILY_API_KEY = None
    interview = create(alice_client, setup_form, django_capture_on_commit_callbacks)
    assert interview.research.status == "skipped" and DBTaskResult.objects.count() == 0
    page = alice_client.get(f"/interviews/{interview.id}/").content.decode()
    assert "Company research is off: no TAVILY_API_KEY configured" in page


def test_a_skipped_row_is_researched_once_a_key_is_configured(settings, tavily):
    settings.TAVILY_API_KEY = None
    row, run = research_request(company="Northwind Robotics")
    assert row.status == "skipped" and not run
    settings.TAVILY_API_KEY = "tvly-test"
    row, run = research_request(company="Northwind Robotics")
    assert row.status == "pending" and run


def test_errors_are_retried_with_backoff_then_marked_failed(
    alice_client, setup_form, tavily, django_capture_on_commit_callbacks
):
    tavily.failure = {"status": 503}
    interview = create(alice_client, setup_form, django_capture_on_commit_callbacks)
    research_id = interview.research_id
    DBTaskResult.objects.all().delete()
    waits = []
    for attempt in range(1, MAX_ATTEMPTS):
        before = timezone.now()
        assert research_company_task.call(research_id) == "pending"
        row = CompanyResearch.objects.get()
        assert row.attempts == attempt and "503" in row.last_error
        retry = DBTaskResult.objects.get()  # the next attempt, deferred
        assert retry.run_after == row.next_attempt_at and retry.queue_name == "research"
        waits.append((row.next_attempt_at - before).total_seconds())
        retry.delete()
        page = alice_client.get(f"/interviews/{interview.id}/research.json").json()
        assert page["status"] == "pending"
    assert waits[0] >= 29 and waits[1] >= 4 * waits[0] - 2 and waits[2] >= 4 * waits[1] - 2
    assert research_company_task.call(research_id) == "failed"
    row = CompanyResearch.objects.get()
    assert row.status == "failed" and row.attempts == MAX_ATTEMPTS and DBTaskResult.objects.count() == 0
    interview.refresh_from_db()
    assert interview.status == "ready"
    data = alice_client.get(f"/interviews/{interview.id}/research.json").json()
    assert data["status"] == "failed" and "does not depend on it" in data["message"]


def test_a_timeout_is_retried(tavily, settings):
    settings.RESEARCH_TIMEOUT_SECONDS = 0.3
    tavily.queue_failure(error="timeout", delay=2)
    row, _ = research_request(company="Northwind Robotics")
    assert research_company_task.call(row.pk) == "pending"
    row.refresh_from_db()
    assert row.attempts == 1 and "timed out" in row.last_error
    assert research_company_task.call(row.pk) == "ready"


def test_a_rejected_key_fails_at_once(tavily):
    tavily.api_key = "tvly-other"
    row, _ = research_request(company="Northwind Robotics")
    assert research_company_task.call(row.pk) == "failed"
    row.refresh_from_db()
    assert row.attempts == 1 and DBTaskResult.objects.count() == 0


def test_a_finished_row_is_not_researched_twice(tavily):
    row, _ = research_request(company="Northwind Robotics")
    research_company_task.call(row.pk)
    assert research_company_task.call(row.pk) == "ready"
    assert len(tavily.queries) == 4


def test_a_stored_brief_of_the_wrong_shape_shows_as_nothing_found_not_an_error():
    from interviews.services.research_store import research_view

    row, _ = research_request(company="Northwind Robotics")
    row.status = CompanyResearch.Status.READY
    row.brief = {"company": "Northwind Robotics", "overview": "not a list", "sources": [{"index": "one"}]}
    row.save()
    view = research_view(row)
    assert view["status"] == "ready" and view["sections"] == [] and view["sources"] == []
    assert view["message"] == "The web search found nothing reliable to say about this company."


def test_the_engine_reads_a_ready_briefs_sentences_and_nothing_from_one_of_the_wrong_shape(tavily):
    from interviews.live.context import company_brief_text

    row, _ = research_request(company="Northwind Robotics")
    research_company_task.call(row.pk)
    row.refresh_from_db()
    text = company_brief_text(row)
    assert "Northwind Robotics is a warehouse automation company" in text and "http" not in text
    row.brief = {"overview": [{"text": "No source."}]}
    assert company_brief_text(row) == ""
