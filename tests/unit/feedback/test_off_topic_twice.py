"""A question answered about something else twice (the interviewer brings the candidate back once, then moves on) was
never answered: the report counts it as unanswered, with one note saying why, on the page, the PDF, the email and
the room's end panel alike (all read `Answer.is_answered` and `analysis.counts()`). It used to be scored as an
off-topic answer (1.5, "talks about something other than what was asked") and counted as answered."""

import json
from pathlib import Path

import pytest

from agent_worker.core.answers.offtopic import answers_something_else
from agent_worker.core.simulate import simulate
from feedback.analysis import analyse_interview
from feedback.narrative import rules_narrative
from tests.unit.engine.scripts import PAST
from tests.unit.engine.test_candidate_questions import script

from .events import EventLog
from .test_analysis import COMPETENCIES

CASES = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "feedback" / "off_topic_cases.json").read_text())
HIKING = "I like hiking on weekends."
FILM = "My favourite film is probably Alien, I watch it every Christmas."


def brought_back_once(question: str, first: str, second: str) -> EventLog:
    """An answered question, then `question` answered with `first`, brought back to, and answered with `second`."""
    log = EventLog().start(0).enter("past_experience", 0, index=1)
    log.ask("past_experience", "q1", "Tell me about a project you're proud of.", 1, 5, competency="problem solving")
    log.say("past_experience", "q1", PAST[1], 6, 30, source="text")
    log.ask("past_experience", "q2", question, 31, 35, competency="teamwork")
    log.say("past_experience", "q2", first, 36, 40, source="text")
    log.add("agent.said", "past_experience", 44, text="Thanks for sharing that. Coming back to my question: " + question,
            question_id="q2", restated=True, redirected=True)
    log.say("past_experience", "q2", second, 45, 50, source="text")
    log.end(60, "completed")
    return log


def test_off_topic_twice_in_a_live_interview_counts_as_unanswered_everywhere():
    events = simulate(script({"past_experience": [HIKING, FILM, PAST[1]]}, seed="off-topic-2"))
    assert sum(1 for e in events if e["type"] == "agent.said" and e["data"].get("redirected")) == 1
    analysis = analyse_interview(events, competencies=["system design"])
    answer = next(a for a in analysis.interview_answers() if FILM in a.text)
    assert answer.is_answered is False
    assert [i.key for i in answer.improvements] == ["off_topic_again"]
    assert "counts as unanswered" in answer.improvements[0].text
    assert "was asked" not in " ".join(answer.explanation) and answer.explanation[0].startswith("not answered")
    counts = analysis.counts()  # the end panel's numbers, and the report's "N of M answered"
    assert counts["questions_answered"] == len(analysis.interview_answers()) - 1
    summary = rules_narrative(analysis).summary
    assert f"You answered {counts['questions_answered']} of {counts['questions_asked']}" in summary
    assert "work on: not answered" not in summary  # the advice's title reads as something to do
    assert next(q for q in analysis.questions if q.question_id == answer.question_id).answered is False


def test_brought_back_and_then_answered_still_counts_as_answered():
    events = simulate(script({"past_experience": [HIKING, PAST[1]]}, seed="off-topic-1"))
    analysis = analyse_interview(events, competencies=["system design"])
    answer = next(a for a in analysis.interview_answers() if PAST[1] in a.text)
    assert answer.is_answered and not any(i.key == "off_topic_again" for i in answer.improvements)


def test_off_topic_once_without_being_brought_back_is_still_scored_as_off_topic():
    log = brought_back_once("Tell me about a time you disagreed with a colleague.", HIKING, FILM)
    log.events = [e for e in log.events if not e["data"].get("redirected")]
    answer = analyse_interview(log.events, competencies=COMPETENCIES).answer_for("q2")
    assert answer is not None and answer.is_answered and any(i.key == "off_topic" for i in answer.improvements)


@pytest.mark.parametrize("case", [c for c in CASES["off_topic"] if answers_something_else(c["question"], c["answer"])],
                         ids=lambda c: c["answer"][:40])
def test_each_off_topic_case_the_interviewer_brings_back_on_is_unanswered_when_given_again(case):
    log = brought_back_once(case["question"], HIKING, case["answer"])
    analysis = analyse_interview(log.events, competencies=COMPETENCIES)
    answer = analysis.answer_for("q2")
    assert answer is not None and answer.is_answered is False
    assert analysis.counts()["questions_answered"] == 1


@pytest.mark.parametrize("case", CASES["on_topic"], ids=lambda c: c["answer"][:40])
def test_each_on_topic_case_after_being_brought_back_counts_as_answered(case):
    answer = analyse_interview(brought_back_once(case["question"], HIKING, case["answer"]).events,
                               competencies=COMPETENCIES).answer_for("q2")
    assert answer is not None and answer.is_answered, answer.improvements


def test_asked_once_more_after_i_think_i_ve_covered_that_and_then_small_talk_is_told_what_happened():
    """The first answer was the claim, not something else: the note says only what it knows."""
    events = simulate(script({"past_experience": [PAST[0], "I think I've covered that.", HIKING]}, seed="covered-1"))
    assert any(e["type"] == "agent.said" and e["data"]["text"].startswith("I don't think we've covered")
               for e in events)
    answer = next(a for a in analyse_interview(events, competencies=["system design"]).interview_answers()
                  if a.text == HIKING)
    assert answer.is_answered is False
    note = answer.improvements[0].text
    assert "Both answers" not in note and "when the interviewer came back to it" in note
