"""The lead's text interview as Cody: what counts as answered is the same for the interviewer, the report and
the room's end panel (which shows `analysis.counts()` through GET /feedback/<id>/counts)."""

from agent_worker.core.listening import read_answer
from feedback.analysis import analyse_interview

from .events import EventLog
from .test_analysis import COMPETENCIES, crafted_interview

NOTHING = "I don't really know, I haven't done that."
THAT_IS_ALL = "No, that's all, thank you."


def with_non_answers() -> EventLog:
    """The crafted interview plus two questions answered with 'nothing to tell'."""
    log = crafted_interview()
    log.events = [e for e in log.events if e["type"] != "interview.ended"]
    log.ask("past_experience", "q4", "Tell me about a time you handled a difficult client.", 122, 126,
            competency="teamwork")
    log.say("past_experience", "q4", NOTHING, 130, 130, source="text")
    log.ask("past_experience", "q5", "Think of the last time something at work didn't go to plan. What happened?",
            132, 136, competency="leadership")
    log.say("past_experience", "q5", THAT_IS_ALL, 140, 140, source="text")
    log.end(150, "completed")
    return log


def test_i_havent_done_that_is_not_counted_as_answered_as_the_interviewer_did_not_hear_an_answer():
    assert read_answer(NOTHING).non_answer and read_answer(THAT_IS_ALL).non_answer  # the interviewer's reading
    plain = analyse_interview(crafted_interview().events, competencies=COMPETENCIES).counts()
    analysis = analyse_interview(with_non_answers().events, competencies=COMPETENCIES)
    counts = analysis.counts()
    assert counts["questions_asked"] == plain["questions_asked"] + 2
    assert counts["questions_answered"] == plain["questions_answered"]  # not "7 of 8" with two non-answers
    for qid in ("q4", "q5"):
        answer = analysis.answer_for(qid)
        assert answer is not None and answer.is_answered is False  # shown, with its note, as not answered
        assert next(q for q in analysis.questions if q.question_id == qid).answered is False
    stage = next(s for s in analysis.stages if s.name == "past_experience")
    assert stage.questions_answered == sum(1 for a in analysis.answered_interview_answers()
                                           if a.stage == "past_experience")
