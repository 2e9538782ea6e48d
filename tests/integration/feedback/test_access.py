"""Reports are the candidate's own: bob and staff get 404; staff see aggregates only."""

import pytest

from interviews.signals import interview_completed
from tests.integration.feedback.helpers import completed_interview

pytestmark = pytest.mark.django_db


@pytest.fixture
def alices_interview(alice, role, immediate_tasks, rules_only):
    interview = completed_interview(alice, role=role)
    interview_completed.send(sender=type(interview), interview=interview)
    return interview


@pytest.mark.parametrize("path", ["/feedback/{id}/", "/feedback/{id}.pdf", "/feedback/{id}/status",
                                  "/feedback/{id}/counts", "/feedback/{id}/delete/"])
@pytest.mark.parametrize("persona", ["bob", "carol"])
def test_another_user_or_staff_cannot_read_alices_report(alices_interview, path, persona, request, client):
    client.force_login(request.getfixturevalue(persona))

    response = client.get(path.format(id=alices_interview.pk))

    assert response.status_code == 404


@pytest.mark.parametrize("path", ["/feedback/{id}/retry", "/feedback/{id}/delete/"])
def test_bob_cannot_retry_or_delete_alices_interview(alices_interview, bob, client, path):
    client.force_login(bob)

    response = client.post(path.format(id=alices_interview.pk), {"confirm": "yes"})

    assert response.status_code == 404
    assert type(alices_interview).objects.filter(pk=alices_interview.pk).exists()


def test_alice_reads_her_own_report(alices_interview, alice, client):
    client.force_login(alice)

    page = client.get(f"/feedback/{alices_interview.pk}/").content.decode()

    assert "Backend Engineer" in page and "Overview" in page
    assert "checkout errors dropped by 80%" in page


def test_an_anonymous_visitor_is_sent_to_log_in(alices_interview, client):
    response = client.get(f"/feedback/{alices_interview.pk}.pdf")

    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_a_candidate_cannot_open_the_staff_dashboard(alice, client):
    client.force_login(alice)

    assert client.get("/staff/dashboard/").status_code == 403


def test_staff_see_aggregates_without_names_or_transcripts(alices_interview, carol, client):
    client.force_login(carol)

    for days in ("7", "30"):
        page = client.get(f"/staff/dashboard/?days={days}").content.decode()
        assert f"last {days} days" in page
        assert "Alice" not in page and "alice@example.com" not in page
        assert "checkout" not in page
    assert "Forced transitions by stage" in page
    assert "Backend Engineer" in page, "average score by role"


def test_the_report_counts_and_lists_interview_questions_only(alices_interview, alice, client):
    """The welcome check-in ("ready to begin?") is in the transcript, not among the answers or the counts."""
    from feedback.models import Report

    client.force_login(alice)
    page = client.get(f"/feedback/{alices_interview.pk}/").content.decode()

    analysis = Report.objects.get(interview=alices_interview).analysis
    check_in = next(q for q in analysis["questions"] if q["stage"] == "greeting")
    assert check_in["competency"] is None and check_in["answered"]
    asked = sum(1 for q in analysis["questions"] if q["competency"])
    answered = sum(1 for q in analysis["questions"] if q["competency"] and q["answered"])
    assert f"You answered {answered} of {asked} interview questions." in page
    assert f"{answered} of {asked} questions answered." in page
    assert page.count(check_in["text"]) == 1  # once, in the transcript


def test_the_selector_reads_only_the_owners_interview_and_leaves_the_404_to_the_page(alices_interview, alice, bob):
    from feedback.selectors import interview_with_report_for_owner

    assert interview_with_report_for_owner(user=alice, interview_id=alices_interview.pk) == alices_interview
    assert interview_with_report_for_owner(user=bob, interview_id=alices_interview.pk) is None
