"""The dashboards cost the same however long the history: a candidate with 300 interviews against one with 3.

Counted in queries and bytes (not timed): the page shows one page of the list, the trend charts read
a bounded window of scores, and no report's JSON is loaded for the list.
"""

import copy
import uuid
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from feedback.models import Report
from feedback.selectors import DASHBOARD_PAGE_SIZE, TREND_WINDOW
from interviews.models import Interview, Status
from interviews.signals import interview_completed
from tests.integration.feedback.helpers import completed_interview

pytestmark = pytest.mark.django_db


def history_of(owner, role, count: int) -> None:
    """`count` completed interviews with scored reports: one real one, cloned (older ones first)."""
    model = completed_interview(owner, role=role, created_at=timezone.now() - timedelta(minutes=count + 1))
    interview_completed.send(sender=Interview, interview=model)
    report = Report.objects.get(interview=model)
    assert report.overall_score is not None
    interviews, reports = [], []
    for n in range(count - 1):
        clone = copy.copy(model)
        clone.pk = uuid.uuid4()
        clone.created_at = timezone.now() - timedelta(minutes=count - n)
        interviews.append(clone)
        cloned = copy.copy(report)
        cloned.pk, cloned.interview, cloned.pdf = uuid.uuid4(), clone, ""
        reports.append(cloned)
    Interview.objects.bulk_create(interviews)
    Report.objects.bulk_create(reports)


def dashboard(client, user, query: str = ""):
    client.force_login(user)
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/dashboard/" + query)
    assert response.status_code == 200
    return response.content.decode(), len(queries)


def test_the_dashboard_of_300_interviews_costs_what_the_dashboard_of_3_does(
        make_user, role, immediate_tasks, rules_only, client):
    few, some, many = make_user("few@example.com"), make_user("some@example.com"), make_user("many@example.com")
    history_of(few, role, 3)
    history_of(some, role, 30)  # more than a page and than the trend window
    history_of(many, role, 300)

    few_page, few_queries = dashboard(client, few)
    some_page, some_queries = dashboard(client, some)
    many_page, many_queries = dashboard(client, many)

    assert many_queries == some_queries == few_queries  # nothing per interview
    assert many_page.count("/practise") + many_page.count("?from=") <= DASHBOARD_PAGE_SIZE + 1
    assert many_page.count('data-label="Date"') == DASHBOARD_PAGE_SIZE
    assert few_page.count('data-label="Date"') == 3
    assert "Page 1 of 15 · 300 interviews" in many_page
    assert f"latest {TREND_WINDOW} interviews" in many_page and "300 scored interviews" in many_page
    # A page of rows and a bounded chart, not the history: 300 interviews weigh what 30 do.
    assert len(many_page) < 1.05 * len(some_page)


def test_pages_go_back_through_the_history_and_keep_the_filters(make_user, role, immediate_tasks, rules_only,
                                                                client):
    many = make_user("many@example.com")
    history_of(many, role, 45)
    newest = Interview.objects.filter(owner=many).order_by("-created_at")
    Interview.objects.filter(pk=newest[44].pk).update(status=Status.ABANDONED)

    first, _ = dashboard(client, many)
    last, _ = dashboard(client, many, "?page=3")
    beyond, _ = dashboard(client, many, "?page=99")
    abandoned, _ = dashboard(client, many, "?status=abandoned")

    assert f"/feedback/{newest[0].pk}/" in first and f"/feedback/{newest[20].pk}/" not in first
    assert 'href="?page=2"' in first and 'rel="prev"' not in first
    assert last.count('data-label="Date"') == 5 and f"/feedback/{newest[44].pk}/delete/" in last
    assert beyond.count('data-label="Date"') == 5  # past the end: the last page
    assert abandoned.count('data-label="Date"') == 1 and "Page 1 of" not in abandoned
    filtered, _ = dashboard(client, many, "?role=" + role.slug + "&page=2")
    assert f'href="?role={role.slug}&amp;page=3"' in filtered


def staff_page(client, staff):
    client.force_login(staff)
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/staff/dashboard/")
    assert response.status_code == 200
    return response.content.decode(), len(queries)


def test_the_staff_dashboard_costs_the_same_for_3_interviews_or_60(make_user, carol, role, immediate_tasks,
                                                                   rules_only, client):
    history_of(make_user("few@example.com"), role, 3)
    _, few_queries = staff_page(client, carol)
    history_of(make_user("many@example.com"), role, 57)
    page, many_queries = staff_page(client, carol)

    assert many_queries == few_queries  # aggregates in the database, nothing per interview or per event
    assert "60" in page
