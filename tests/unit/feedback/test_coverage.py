"""A competency shown in any answer counts as covered (saying which answer showed it), without a score of its own
and without raising the score of the competency the answer was asked for."""

from __future__ import annotations

import pytest

from feedback.analysis import analyse_interview
from feedback.coverage import not_covered, shown_elsewhere
from feedback.narrative import rules_narrative
from tests.unit.feedback.events import EventLog

COMPETENCIES = ["reliability engineering", "incident response", "automation", "communication"]
INCIDENT_STORY = (
    "Last spring our payments API went down on a Friday evening while I was on call. I got paged by the error-rate "
    "alert, declared an incident and rolled back the release that had gone out an hour before. I posted updates in "
    "the incident channel every fifteen minutes and wrote the postmortem the next week. Payments were back within "
    "25 minutes, and the rollback check I added has caught two bad releases since."
)
SMALL_TALK = (
    "I explain things with a short written summary first and a diagram when it helps. Last month I wrote a one-page "
    "summary of our storage migration for the support team and presented it at their weekly meeting."
)


def interview() -> EventLog:
    log = EventLog().start(0).enter("past_experience", 0, index=0)
    log.ask("past_experience", "q1", "Tell me about a challenge you faced at work.", 5, 10, competency="communication")
    log.say("past_experience", "q1", INCIDENT_STORY, 12, 70, source="text")
    log.ask("past_experience", "q2", "How do you explain technical work to others?", 80, 85, competency="communication")
    log.say("past_experience", "q2", SMALL_TALK, 90, 120, source="text")
    log.exit("past_experience", 125, "natural", questions=2)
    log.end(126, "completed")
    return log


@pytest.fixture
def analysis():
    return analyse_interview(interview().events, competencies=COMPETENCIES)


def test_an_incident_story_told_under_a_generic_question_covers_incident_response(analysis):
    shown = {s.competency: s for s in shown_elsewhere(analysis)}
    assert "incident response" in shown
    evidence = shown["incident response"]
    assert evidence.question_id == "q1"
    assert evidence.question == "Tell me about a challenge you faced at work."
    assert evidence.quote in INCIDENT_STORY
    assert "incident response" not in not_covered(analysis)
    # what nothing showed stays not covered
    assert "automation" in not_covered(analysis)


def test_it_adds_no_score_and_does_not_inflate_the_asked_competency(analysis):
    scores = analysis.competency_scores()
    assert scores["incident response"] is None
    answers = [analysis.answer_for("q1").score, analysis.answer_for("q2").score]
    assert scores["communication"] == pytest.approx(round(sum(answers) / 2, 1), abs=0.051)
    assert analysis.overall_score == scores["communication"]


def test_the_summary_and_practice_list_say_which_answer_showed_it(analysis):
    narrative = rules_narrative(analysis)
    assert "Not covered this time: reliability engineering, automation." in narrative.summary
    assert 'incident response in your answer to "Tell me about a challenge you faced at work."' in narrative.summary
    assert not any("shows incident response" in item for item in narrative.practice_next)


def test_a_story_without_its_words_covers_nothing():
    log = EventLog().start(0).enter("past_experience", 0, index=0)
    log.ask("past_experience", "q1", "Tell me about a challenge you faced at work.", 5, 10, competency="communication")
    log.say("past_experience", "q1", SMALL_TALK, 12, 40, source="text")
    log.end(50, "completed")
    analysis = analyse_interview(log.events, competencies=COMPETENCIES)
    assert [s.competency for s in shown_elsewhere(analysis)] == []
