"""`manage.py rescore_reports`: stored reports measured again with today's scoring, once, and nothing mailed."""

import io

import pytest
from django.core.management import CommandError, call_command

from feedback.models import Report
from interviews.signals import interview_completed
from tests.integration.feedback.helpers import completed_interview

pytestmark = pytest.mark.django_db


@pytest.fixture
def stored_report(alice, role, immediate_tasks, rules_only):
    interview = completed_interview(alice, role=role, typed=True)
    interview_completed.send(sender=type(interview), interview=interview)
    return Report.objects.get(interview=interview)


def _as_scored_long_ago(report: Report) -> None:
    """What an older version of the scoring stored: another score and other advice on the first answer."""
    analysis, narrative = report.analysis, report.narrative
    answer = next(a for a in analysis["answers"] if a["score"] is not None)
    answer["score"] = 4.9
    answer["improvements"] = [{"key": "we", "quote": None, "text": 'Say "I" for your part.'}]
    narrative["summary"] = "An old summary."
    Report.objects.filter(pk=report.pk).update(analysis=analysis, narrative=narrative, overall_score=4.9)


def _rescore(*args) -> str:
    out = io.StringIO()
    call_command("rescore_reports", *args, stdout=out)
    return out.getvalue()


def test_a_report_stored_before_a_scoring_change_is_rescored_once(stored_report, mailoutbox):
    fresh = Report.objects.get(pk=stored_report.pk)
    _as_scored_long_ago(stored_report)
    old_pdf = Report.objects.get(pk=stored_report.pk).pdf.name

    first = _rescore("--interview", str(stored_report.interview_id))
    second = _rescore("--all")

    assert "1 report checked: 1 changed, 0 unchanged" in first
    assert "1 report checked: 0 changed, 1 unchanged" in second, "a second run changes nothing"
    rescored = Report.objects.get(pk=stored_report.pk)
    assert rescored.analysis == fresh.analysis and rescored.narrative == fresh.narrative
    assert rescored.overall_score == fresh.overall_score != 4.9
    assert rescored.pdf.name != old_pdf, "the PDF is drawn again from the new feedback"
    assert len(mailoutbox) == 1, "only the first build mailed the report"


def test_a_narrative_the_language_model_wrote_is_kept(stored_report):
    _as_scored_long_ago(stored_report)
    Report.objects.filter(pk=stored_report.pk).update(narrative_source="llm")

    assert "1 changed" in _rescore("--all")

    rescored = Report.objects.get(pk=stored_report.pk)
    assert rescored.narrative["summary"] == "An old summary."
    assert rescored.analysis["answers"][0]["improvements"] != [{"key": "we", "quote": None, "text": 'Say "I" for your part.'}]


def test_it_needs_an_interview_or_all_and_says_which_interview_has_no_report(db):
    with pytest.raises(CommandError):
        call_command("rescore_reports")
    with pytest.raises(CommandError, match="no report for interview"):
        call_command("rescore_reports", "--interview", "00000000-0000-0000-0000-000000000000")
    with pytest.raises(CommandError, match="not an interview id"):
        call_command("rescore_reports", "--interview", "42")
