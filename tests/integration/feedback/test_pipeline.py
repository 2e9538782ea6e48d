"""The report pipeline: from the interview_completed signal to a ready report, with retries and failures."""

from datetime import timedelta

import pytest
from django.core import mail
from django.test import override_settings
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from feedback.analysis import InterviewAnalysis
from feedback.models import Report, StepStatus
from feedback.services.reports import report_retry
from feedback.tasks import BACKOFF_SECONDS, MAX_ATTEMPTS, report_run_step
from interviews.models import Status
from interviews.signals import interview_completed
from tests.integration.feedback.helpers import GOOD_TURNS, IMMEDIATE_TASKS, completed_interview

pytestmark = pytest.mark.django_db


def test_a_completed_interview_gets_its_report_built_end_to_end(alice, role, immediate_tasks, rules_only):
    interview = completed_interview(alice, role=role)

    interview_completed.send(sender=type(interview), interview=interview)

    report = Report.objects.get(interview=interview)
    assert report.status == Report.Status.READY
    assert [report.step_status(s) for s in ("analysis", "narrative", "pdf", "email")] == ["done"] * 4
    assert report.analysis["has_answers"] is True
    assert report.overall_score is not None
    assert report.narrative_source == "rules"
    assert report.pdf.name.startswith("reports/") and report.pdf.storage.exists(report.pdf.name)
    assert str(interview.pk) not in report.pdf.name and "alice" not in report.pdf.name.lower()
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["alice@example.com"]


def test_the_real_backend_enqueues_the_first_step_on_the_feedback_queue(alice, role):
    interview = completed_interview(alice, role=role)

    interview_completed.send(sender=type(interview), interview=interview)

    report = Report.objects.get(interview=interview)
    assert report.status == Report.Status.PENDING
    queued = DBTaskResult.objects.get()
    assert queued.task_path == "feedback.tasks.build_report_analysis"
    assert queued.queue_name == "feedback"
    assert queued.args_kwargs["args"] == [str(report.pk)]


def test_a_second_signal_for_the_same_interview_starts_nothing_new(alice, role):
    interview = completed_interview(alice, role=role)

    interview_completed.send(sender=type(interview), interview=interview)
    interview_completed.send(sender=type(interview), interview=interview)

    assert Report.objects.filter(interview=interview).count() == 1
    assert DBTaskResult.objects.count() == 1


@pytest.mark.parametrize("status", [Status.ABANDONED, Status.FAILED])
def test_abandoned_and_failed_interviews_get_no_report(alice, role, immediate_tasks, status):
    interview = completed_interview(alice, role=role, status=status)

    interview_completed.send(sender=type(interview), interview=interview)

    assert not Report.objects.exists()


def test_each_step_chains_the_next_through_the_queue(alice, role, rules_only):
    interview = completed_interview(alice, role=role)
    interview_completed.send(sender=type(interview), interview=interview)
    report = Report.objects.get()

    assert report_run_step(report_id=report.pk, step="analysis") == "done"

    paths = list(DBTaskResult.objects.order_by("enqueued_at").values_list("task_path", flat=True))
    assert paths == ["feedback.tasks.build_report_analysis", "feedback.tasks.build_report_narrative"]
    report.refresh_from_db()
    assert report.status == Report.Status.BUILDING


def test_a_doubled_task_finds_its_step_taken_and_does_nothing(alice, role, rules_only):
    interview = completed_interview(alice, role=role)
    interview_completed.send(sender=type(interview), interview=interview)
    report = Report.objects.get()

    assert report_run_step(report_id=report.pk, step="analysis") == "done"
    assert report_run_step(report_id=report.pk, step="analysis") == "skipped"
    assert report_run_step(report_id=report.pk, step="pdf") == "skipped", "the narrative is not done yet"


def test_a_failing_step_is_retried_later_with_backoff(alice, role, rules_only, monkeypatch):
    interview = completed_interview(alice, role=role)
    interview_completed.send(sender=type(interview), interview=interview)
    report = Report.objects.get()
    report_run_step(report_id=report.pk, step="analysis")
    report_run_step(report_id=report.pk, step="narrative")
    monkeypatch.setattr("feedback.pdf.render_report_pdf", _broken_render)

    before = timezone.now()
    assert report_run_step(report_id=report.pk, step="pdf") == "retry"

    report.refresh_from_db()
    assert report.pdf_status == StepStatus.PENDING
    assert report.step_attempts == {"pdf": 1}
    assert "fonts are on fire" in report.step_errors["pdf"]
    pdf_tasks = DBTaskResult.objects.filter(task_path="feedback.tasks.build_report_pdf").order_by("enqueued_at")
    assert pdf_tasks.count() == 2, "the chained run and the retry"
    assert pdf_tasks.last().run_after >= before + timedelta(seconds=BACKOFF_SECONDS[0])


def test_a_step_that_keeps_failing_is_marked_failed_and_shown_with_a_retry_button(
    alice, role, immediate_tasks, rules_only, monkeypatch, client
):
    monkeypatch.setattr("feedback.pdf.render_report_pdf", _broken_render)
    interview = completed_interview(alice, role=role)

    interview_completed.send(sender=type(interview), interview=interview)

    report = Report.objects.get()
    assert report.status == Report.Status.FAILED
    assert report.pdf_status == StepStatus.FAILED
    assert report.step_attempts["pdf"] == MAX_ATTEMPTS
    assert report.email_status == StepStatus.PENDING, "no email without its PDF"
    client.force_login(alice)
    page = client.get(f"/feedback/{interview.pk}/").content.decode()
    assert "Part of your report could not be built" in page
    assert "PDF</strong> failed after 3 attempts" in page
    assert "Retry</button>" in page
    assert "Overview" in page, "what was built is still shown"


def test_the_owner_retries_a_failed_report_and_it_completes(alice, role, immediate_tasks, rules_only, monkeypatch, client):
    monkeypatch.setattr("feedback.pdf.render_report_pdf", _broken_render)
    interview = completed_interview(alice, role=role)
    interview_completed.send(sender=type(interview), interview=interview)
    monkeypatch.undo()
    client.force_login(alice)

    response = client.post(f"/feedback/{interview.pk}/retry")

    assert response.status_code == 302
    report = Report.objects.get()
    assert report.status == Report.Status.READY
    assert report.pdf_status == report.email_status == StepStatus.DONE
    assert report.step_errors == {}
    assert len(mail.outbox) == 1


def test_staff_retry_failed_reports_from_admin(alice, carol, role, immediate_tasks, rules_only, monkeypatch, client):
    monkeypatch.setattr("feedback.pdf.render_report_pdf", _broken_render)
    interview = completed_interview(alice, role=role)
    interview_completed.send(sender=type(interview), interview=interview)
    monkeypatch.undo()
    report = Report.objects.get()
    carol.is_superuser = True
    carol.save()
    client.force_login(carol)

    listing = client.get("/admin/feedback/report/?status__exact=failed").content.decode()
    response = client.post(
        "/admin/feedback/report/", {"action": "retry_failed_steps", "_selected_action": [str(report.pk)]}
    )

    assert str(report.pk) in listing
    assert response.status_code == 302
    report.refresh_from_db()
    assert report.status == Report.Status.READY


def test_staff_see_stuck_reports_and_re_run_them_from_admin(alice, carol, role, immediate_tasks, rules_only, client):
    interview = completed_interview(alice, role=role)
    interview_completed.send(sender=type(interview), interview=interview)
    report = Report.objects.get()
    # The worker died while it rendered the PDF: the step stays running and its heartbeat stopped.
    Report.objects.filter(pk=report.pk).update(pdf_status=StepStatus.RUNNING, email_status=StepStatus.PENDING,
                                               status=Report.Status.BUILDING,
                                               updated_at=timezone.now() - timedelta(minutes=10))
    fresh = completed_interview(alice, role=role)
    interview_completed.send(sender=type(fresh), interview=fresh)
    Report.objects.filter(interview=fresh).update(pdf_status=StepStatus.RUNNING)  # heart-beating: not stuck
    carol.is_superuser = True
    carol.save()
    client.force_login(carol)

    listing = client.get("/admin/feedback/report/?attention=stuck").content.decode()
    assert str(report.pk) in listing and str(Report.objects.get(interview=fresh).pk) not in listing
    response = client.post(
        "/admin/feedback/report/", {"action": "retry_failed_steps", "_selected_action": [str(report.pk)]}
    )

    assert response.status_code == 302
    report.refresh_from_db()
    assert report.status == Report.Status.READY and report.pdf_status == StepStatus.DONE
    assert report.email_status == StepStatus.DONE


def test_admin_shows_pipeline_state_but_not_the_candidates_words(alice, carol, role, immediate_tasks, rules_only, client):
    interview = completed_interview(alice, role=role)
    interview_completed.send(sender=type(interview), interview=interview)
    report = Report.objects.get()
    carol.is_superuser = True
    carol.save()
    client.force_login(carol)

    page = client.get(f"/admin/feedback/report/{report.pk}/change/").content.decode()

    assert "checkout errors dropped" not in page
    assert "alice@example.com" not in page


def test_retry_does_nothing_for_a_report_without_failures(alice, role, immediate_tasks, rules_only):
    interview = completed_interview(alice, role=role)
    interview_completed.send(sender=type(interview), interview=interview)

    assert report_retry(report=Report.objects.get()) == []


def test_an_interview_with_no_answers_gets_an_honest_report_without_a_score(alice, role, immediate_tasks, rules_only, client):
    interview = completed_interview(alice, role=role, turns=[])
    interview_completed.send(sender=type(interview), interview=interview)
    report = Report.objects.get()
    client.force_login(alice)

    page = client.get(f"/feedback/{interview.pk}/").content.decode()

    assert report.status == Report.Status.READY
    assert report.overall_score is None
    assert "No answers were recorded" in page
    assert "This interview has no score" in page
    assert "score-big" not in page
    assert "/ 5" not in page


def test_a_report_being_built_says_so_and_polls(alice, role, client):
    interview = completed_interview(alice, role=role)
    interview_completed.send(sender=type(interview), interview=interview)
    client.force_login(alice)

    page = client.get(f"/feedback/{interview.pk}/").content.decode()
    status = client.get(f"/feedback/{interview.pk}/status").json()

    assert "Your feedback is being prepared" in page
    assert 'src="/static/js/report.js"' in page
    assert "<script>" not in page, "no inline scripts: CSP allows only our files"
    assert status == {
        "status": "pending",
        "has_content": False,
        "steps": {"analysis": "pending", "narrative": "pending", "pdf": "pending", "email": "pending"},
    }


def _broken_render(report, **kwargs):
    raise RuntimeError("fonts are on fire")


@override_settings(TASKS={"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend", "QUEUES": []}})
def test_a_stale_running_step_is_taken_over(alice, role, rules_only):
    interview = completed_interview(alice, role=role)
    interview_completed.send(sender=type(interview), interview=interview)
    report = Report.objects.get()
    Report.objects.filter(pk=report.pk).update(
        analysis_status=StepStatus.RUNNING, step_started_at=timezone.now() - timedelta(hours=1),
        updated_at=timezone.now() - timedelta(seconds=30),  # its worker still heart-beats
    )
    assert report_run_step(report_id=report.pk, step="analysis") == "skipped"
    Report.objects.filter(pk=report.pk).update(updated_at=timezone.now() - timedelta(minutes=5))  # no more

    assert report_run_step(report_id=report.pk, step="analysis") == "done"


BACK = "How many nurses are on the night shift, and is there a preceptor program for new grads?"
BACK_AGAIN = "And who would I report to?"


def test_a_question_asked_back_then_answered_counts_once_and_answered_on_the_report(alice, role, immediate_tasks,
                                                                                    rules_only, client):
    # The interviewer answers the candidate's own question and asks its question again (it used to move on to the
    # next one, so the question counted as unanswered): the answer that follows is that question's answer, and the
    # question counts once, as an interview without the question back counts it.
    asked_back = completed_interview(alice, role=role, turns=[*GOOD_TURNS[:4], {"say": BACK}, GOOD_TURNS[4]],
                                     seed="asked-back")
    plain = completed_interview(alice, role=role, turns=GOOD_TURNS[:5], seed="asked-back")
    interview_completed.send(sender=type(asked_back), interview=asked_back)
    report = Report.objects.get(interview=asked_back)
    client.force_login(alice)

    page = client.get(f"/feedback/{asked_back.pk}/").content.decode()

    analysis = InterviewAnalysis.model_validate(report.analysis)
    back = next(e for e in asked_back.events.filter(type="candidate.said") if e.data["text"] == BACK)
    assert back.data["request"] == "own_question"
    its_answer = analysis.answer_for(back.data["question_id"])
    assert its_answer is not None and its_answer.text == GOOD_TURNS[4]["say"] and its_answer.is_answered
    assert BACK not in [a.text for a in analysis.answers]  # in the transcript, not an answer
    asked, answered = len(analysis.interview_questions()), len(analysis.answered_interview_answers())
    assert answered == len(analysis.interview_answers())  # every question answered: none lost to the question back
    assert analysis.counts() == {**client.get(f"/feedback/{plain.pk}/counts").json(),
                                 "duration_seconds": analysis.duration_seconds}
    assert f"{answered} of {asked} questions answered" in page
    assert BACK in page and "rather than answering this one" not in page
    assert f"You answered {answered} of {asked}" in mail.outbox[-1].body


def test_a_question_asked_back_twice_is_shown_but_counted_as_unanswered_on_the_report(alice, role, immediate_tasks,
                                                                                    rules_only, client):
    # Asked again once; a second question of theirs is answered and the interview moves on: that question was
    # never answered, so it counts as one asked back.
    asked_back = completed_interview(alice, role=role, turns=[*GOOD_TURNS[:4], {"say": BACK}, {"say": BACK_AGAIN},
                                                              GOOD_TURNS[4]])
    interview_completed.send(sender=type(asked_back), interview=asked_back)
    report = Report.objects.get(interview=asked_back)
    client.force_login(alice)

    page = client.get(f"/feedback/{asked_back.pk}/").content.decode()

    analysis = InterviewAnalysis.model_validate(report.analysis)
    unanswered = [a for a in analysis.interview_answers() if not a.is_answered]
    assert [a.text for a in unanswered] == [f"{BACK} {BACK_AGAIN}"]
    asked = len(analysis.interview_questions())
    answered = len(analysis.interview_answers()) - 1  # the question asked back twice
    assert len(analysis.answered_interview_answers()) == answered >= 2
    assert f"{answered} of {asked} questions answered" in page
    assert f"You answered {answered} of {asked} interview questions" in page
    assert "not answered</span>" in page and "rather than answering this one" in page
    its = next(c for c in analysis.competencies if unanswered[0].question_id in c.question_ids)
    assert its.answered == sum(1 for q in its.question_ids if (a := analysis.answer_for(q)) and a.is_answered)
    assert report.overall_score == analysis.overall_score is not None
    assert f"You answered {answered} of {asked}" in mail.outbox[-1].body


def test_the_end_panel_counts_are_the_reports_before_and_after_it_is_built(alice, role, rules_only, client):
    interview = completed_interview(alice, role=role, turns=[*GOOD_TURNS[:4], {"say": BACK}, {"say": BACK_AGAIN},
                                                             GOOD_TURNS[4]])
    client.force_login(alice)

    before = client.get(f"/feedback/{interview.pk}/counts").json()  # no report yet: measured from the events now
    interview_completed.send(sender=type(interview), interview=interview)
    with override_settings(TASKS=IMMEDIATE_TASKS):
        report_run_step(report_id=Report.objects.get(interview=interview).pk, step="analysis")
    after = client.get(f"/feedback/{interview.pk}/counts").json()

    analysis = InterviewAnalysis.model_validate(Report.objects.get(interview=interview).analysis)
    assert before == after == {"questions_asked": len(analysis.interview_questions()),
                               "questions_answered": len(analysis.interview_answers()) - 1,  # asked back twice
                               "duration_seconds": analysis.duration_seconds}


def test_a_competency_shown_under_another_question_is_covered_on_the_report_and_in_the_email(
        alice, immediate_tasks, rules_only, client):
    from tests.integration.feedback.helpers import backend_role

    role = backend_role("Platform Engineer", competencies=["system design", "communication", "incident response"])
    story = ("Last spring our payments API went down on a Friday evening while I was on call. I got paged by the "
             "error-rate alert, declared an incident and rolled back the release that had gone out an hour before. "
             "Payments were back within 25 minutes, and the rollback check I added has caught two bad releases since.")
    interview = completed_interview(alice, role=role, turns=[*GOOD_TURNS[:2], {"say": story}, *GOOD_TURNS[3:]])
    interview_completed.send(sender=type(interview), interview=interview)
    report = Report.objects.get(interview=interview)
    analysis = InterviewAnalysis.model_validate(report.analysis)
    assert "incident response" in analysis.uncovered_competencies  # no question targeted it
    told = next(a for a in analysis.interview_answers() if a.text == story)
    assert told.competency != "incident response"
    client.force_login(alice)

    page = client.get(f"/feedback/{interview.pk}/").content.decode()

    assert "No question targeted incident response, but your answer to" in page
    assert "showed it: <q>I got paged by the error-rate alert" in page
    assert "No data for incident response" not in page
    assert "Not covered this time: incident response" not in report.narrative["summary"]
    assert "Shown without a question of its own: incident response" in mail.outbox[-1].body
    assert analysis.competency_scores()["incident response"] is None
