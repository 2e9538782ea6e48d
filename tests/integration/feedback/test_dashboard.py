"""The candidate's dashboard, deleting an interview, the account's data, and the staff aggregates."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.services import user_delete, user_export_data
from feedback.models import Report
from feedback.presenters import staff_overview_view
from feedback.selectors import staff_overview
from interviews.models import Event, Interview, Status
from interviews.signals import interview_completed
from tests.integration.feedback.helpers import backend_role, completed_interview

pytestmark = pytest.mark.django_db


def _completed_with_report(owner, **kwargs):
    interview = completed_interview(owner, **kwargs)
    interview_completed.send(sender=type(interview), interview=interview)
    return interview


@pytest.fixture
def history(alice, role, immediate_tasks, rules_only):
    """Alice's record: two completed Backend interviews a week apart, an abandoned one, and a Data one."""
    now = timezone.now()
    first = _completed_with_report(alice, role=role, created_at=now - timedelta(days=8), turns=[
        {"say": "Yes."}, {"say": "I work on APIs."}, {"say": "We fixed a bug."},
    ])
    second = _completed_with_report(alice, role=role, created_at=now - timedelta(days=1))
    abandoned = completed_interview(alice, role=role, status=Status.ABANDONED, created_at=now - timedelta(days=3))
    data_role = backend_role("Data Analyst", ["statistics", "communication"])
    other = _completed_with_report(alice, role=data_role, created_at=now - timedelta(days=2))
    return {"first": first, "second": second, "abandoned": abandoned, "other": other}


def test_the_dashboard_lists_past_interviews_with_scores_and_trends(history, alice, client):
    client.force_login(alice)

    page = client.get("/dashboard/").content.decode()

    assert "No interviews yet" not in page
    for interview in (history["first"], history["second"], history["other"]):
        assert f"/feedback/{interview.pk}/" in page
    score = Report.objects.get(interview=history["second"]).overall_score
    assert f"{score:g}</strong>" in page
    assert "Abandoned" in page
    assert "Backend Engineer: competency scores over time" in page
    assert "Data Analyst: competency scores over time" in page
    assert 'class="chart chart-trend"' in page
    assert f"/interviews/new/?from={history['second'].pk}" in page, "practise again with the same setup"


def test_filters_narrow_the_list_by_role_and_status(history, alice, client):
    client.force_login(alice)

    by_role = client.get("/dashboard/?role=fb-data-analyst").content.decode()
    by_status = client.get("/dashboard/?status=abandoned").content.decode()
    nothing = client.get("/dashboard/?status=failed").content.decode()

    assert f"/feedback/{history['other'].pk}/" in by_role
    assert f"/feedback/{history['second'].pk}/" not in by_role
    assert f"/feedback/{history['abandoned'].pk}/delete/" in by_status
    assert f"/feedback/{history['second'].pk}/" not in by_status
    assert "No interviews match these filters" in nothing


def test_a_new_user_still_sees_the_empty_state_and_the_verification_nudge(make_user, client):
    erin = make_user("erin@example.com", verified=False)
    client.force_login(erin)

    page = client.get("/dashboard/").content.decode()

    assert "No interviews yet" in page
    assert "Please verify" in page


def test_deleting_an_interview_removes_its_events_report_and_pdf(history, alice, client):
    interview = history["second"]
    report = Report.objects.get(interview=interview)
    storage, name = report.pdf.storage, report.pdf.name
    assert storage.exists(name)
    client.force_login(alice)

    confirm = client.get(f"/feedback/{interview.pk}/delete/")
    not_confirmed = client.post(f"/feedback/{interview.pk}/delete/")
    response = client.post(f"/feedback/{interview.pk}/delete/", {"confirm": "yes"})

    assert "Delete this interview?" in confirm.content.decode()
    assert not_confirmed.status_code == 200
    assert response.status_code == 302 and response["Location"] == "/dashboard/"
    assert not Interview.objects.filter(pk=interview.pk).exists()
    assert not Event.objects.filter(interview_id=interview.pk).exists()
    assert not Report.objects.filter(pk=report.pk).exists()
    assert not storage.exists(name)
    assert Interview.objects.filter(owner=alice).count() == 3


def test_an_abandoned_interview_has_no_report_page(history, alice, client):
    client.force_login(alice)

    page = client.get(f"/feedback/{history['abandoned'].pk}/").content.decode()

    assert "No feedback for this interview" in page
    assert "ended before it was complete" in page


def test_the_account_export_includes_reports(history, alice):
    exported = user_export_data(user=alice)

    reports = exported["reports"]
    assert len(reports) == 3
    assert {r["interview_id"] for r in reports} == {str(history[k].pk) for k in ("first", "second", "other")}
    assert all(r["pdf_stored"] and r["narrative"]["summary"] for r in reports)


def test_deleting_the_account_removes_the_report_pdfs(history, alice):
    files = [(r.pdf.storage, r.pdf.name) for r in Report.objects.all()]

    user_delete(user=alice)

    assert not Report.objects.exists()
    assert all(not storage.exists(name) for storage, name in files)


def test_staff_aggregates_count_volumes_rates_forced_exits_scores_and_latency(history, bob, immediate_tasks):
    bobs = completed_interview(bob, role=backend_role(), status=Status.FAILED)

    overview = staff_overview(days=7)

    assert overview["total"] == 4, "the 8-day-old interview is outside the window"
    assert overview["counts"] == {"completed": 2, "abandoned": 1, "failed": 1}
    assert overview["completion_rate"] == 50.0
    assert overview["abandonment_rate"] == 25.0
    assert sum(r["count"] for r in overview["per_day"]) == 4
    stages = {row["stage"]: row for row in overview["forced_rows"]}
    assert set(stages) == {"greeting", "self_intro", "past_experience", "closing"}
    assert stages["greeting"]["total"] == 4
    closing_forced = Event.objects.filter(
        type="stage.exited", stage="closing", interview__created_at__gte=timezone.now() - timedelta(days=7),
        data__reason__in=["max_time", "inactivity", "max_duration"],
    ).count()
    assert stages["closing"]["forced"] == closing_forced
    assert {row["role"] for row in overview["scores_by_role"]} == {"Backend Engineer", "Data Analyst"}
    assert overview["latency_samples"] > 0
    assert 0 <= overview["latency_p50"] <= overview["latency_p95"]
    assert overview["failed_reports"] == 0
    assert bobs.pk  # bob's failed interview counts, and nothing names him
    assert staff_overview(days=30)["total"] == 5

    shown = staff_overview_view(overview)  # what the staff page shows of it
    # the same stage names as the reports (not "Greeting", "Self intro")
    assert [row["stage"] for row in shown["forced_rows"]] == ["Welcome", "About you", "Past experience", "Closing"]
    assert set(shown["failed_by_step"]) == {"Analysis", "Written feedback", "PDF", "Email"}
    assert shown["latency_p50_text"].endswith(("ms", " s")) and "<svg" in shown["days_chart"]
