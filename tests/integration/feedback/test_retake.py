"""Any question of a report can be tried again: the retake page scores a new answer with the report's own code,
against the interview's job, and keeps it beside the interview's answer; the report, the dashboard, the progress
chart and the data export know the retakes. Another user's question is not found."""

import json

import pytest

from feedback.models import Attempt, Report
from feedback.practice import assess_one
from feedback.selectors import competency_trends, interview_answer, job_context_of

pytestmark = pytest.mark.django_db

WEAK = "I think maybe we could have tested more, I guess."
BETTER = ("Last spring our release broke the invoice export for two days because nobody tested it end to end. "
          "I wrote an end-to-end test for the export and added it to the release checklist. Since then we have "
          "shipped 14 releases without an export failure.")


def weak_answer(interview):
    analysis = Report.objects.get(interview=interview).analysis
    found = next(a for a in analysis["answers"] if a["text"] == WEAK)
    return interview_answer(interview, found["question_id"])


def retake_url(interview, answer):
    return f"/feedback/{interview.pk}/questions/{answer.question_id}/retake/"


def test_every_question_of_the_report_offers_to_try_it_again(alice_client, alices_interview):
    page = alice_client.get(f"/feedback/{alices_interview.pk}/").content.decode()
    analysis = Report.objects.get(interview=alices_interview).analysis
    asked = [a for a in analysis["answers"] if a["competency"]]

    assert page.count("Try this one again") == len(asked) > 2
    for answer in asked:
        assert f'/questions/{answer["question_id"]}/retake/' in page


def test_the_retake_page_shows_the_question_its_competency_the_job_and_the_interviews_answer(
        alice_client, alices_interview):
    answer = weak_answer(alices_interview)

    page = alice_client.get(retake_url(alices_interview, answer)).content.decode()

    assert answer.question in page
    assert answer.competency.capitalize() in page or answer.competency in page
    assert "at Acme Corp" in page
    assert "In the interview" in page and WEAK in page
    assert f"{answer.score:g}" in page


def test_a_new_answer_is_scored_by_the_reports_code_and_kept_beside_the_first(alice_client, alices_interview):
    answer = weak_answer(alices_interview)

    response = alice_client.post(retake_url(alices_interview, answer), {"answer": BETTER})

    assert response.status_code == 302 and response["Location"].endswith("/retake/#latest")
    attempt = Attempt.objects.get(interview=alices_interview)
    expected = assess_one(answer.question, BETTER, stage=answer.stage, job=job_context_of(alices_interview))
    assert attempt.score == expected.score > answer.score
    assert attempt.question_id == answer.question_id and attempt.competency == answer.competency
    page = alice_client.get(retake_url(alices_interview, answer)).content.decode()
    assert "In the interview" in page and "Try 2" in page
    assert WEAK in page and BETTER in page
    assert f"{answer.score:g}" in page and f"{attempt.score:g}" in page
    assert "A result is stated now: what came of it." in page


def test_the_report_and_the_dashboard_count_the_retakes(alice_client, alices_interview):
    answer = weak_answer(alices_interview)
    alice_client.post(retake_url(alices_interview, answer), {"answer": BETTER})
    alice_client.post(retake_url(alices_interview, answer), {"answer": WEAK})
    best = max(Attempt.objects.values_list("score", flat=True))

    report = alice_client.get(f"/feedback/{alices_interview.pk}/").content.decode()
    dashboard = alice_client.get("/dashboard/").content.decode()

    assert f"(tried again 2 times, best {best:g}/5)" in report
    assert "2 retakes" in dashboard


def test_the_progress_chart_counts_a_competency_at_its_best_attempt(alice, alice_client, alices_interview):
    answer = weak_answer(alices_interview)
    before = competency_trends(user=alice)[0]["points"][-1][1][answer.competency]

    alice_client.post(retake_url(alices_interview, answer), {"answer": BETTER})

    after = competency_trends(user=alice)[0]["points"][-1][1][answer.competency]
    assert after == Attempt.objects.get().score > before


@pytest.mark.parametrize("answer_text, message", [
    ("   ", "Write an answer to score."),
    ("x" * 8_001, "Ensure this value has at most 8000 characters"),
])
def test_a_blank_or_too_long_answer_is_refused_with_a_message_and_nothing_is_kept(
        alice_client, alices_interview, answer_text, message):
    answer = weak_answer(alices_interview)

    response = alice_client.post(retake_url(alices_interview, answer), {"answer": answer_text})

    assert response.status_code == 200 and message in response.content.decode()
    assert not Attempt.objects.exists()


@pytest.mark.parametrize("method", ["get", "post"])
def test_another_users_question_is_not_found(alices_interview, bob, client, method):
    answer = weak_answer(alices_interview)
    client.force_login(bob)

    response = getattr(client, method)(retake_url(alices_interview, answer), {"answer": BETTER})

    assert response.status_code == 404
    assert not Attempt.objects.exists()


def test_a_question_the_report_does_not_have_is_not_found(alice_client, alices_interview):
    response = alice_client.post(f"/feedback/{alices_interview.pk}/questions/no-such-question/retake/",
                                 {"answer": BETTER})

    assert response.status_code == 404
    assert not Attempt.objects.exists()


def test_the_data_export_holds_the_retakes_and_deleting_the_interview_removes_them(alice_client, alices_interview):
    answer = weak_answer(alices_interview)
    alice_client.post(retake_url(alices_interview, answer), {"answer": BETTER})

    from accounts.registry import providers

    exported = {p.key: p.export(alices_interview.owner) for p in providers()}
    assert [a["answer"] for a in json.loads(json.dumps(exported["retakes"]))] == [BETTER]
    alice_client.post(f"/feedback/{alices_interview.pk}/delete/", {"confirm": "yes"})
    assert not Attempt.objects.exists()
