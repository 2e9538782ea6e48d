"""A question of the candidate's own instead of an answer, as the report counts it: the interviewer answers it and
asks again, so the question counts once and is answered by what follows; asked back twice (the interview moved
on), it counts as a question asked back, unanswered, shown with its note."""

from agent_worker.core.simulate import simulate
from feedback.analysis import analyse_interview
from tests.unit.engine.scripts import PAST
from tests.unit.engine.test_candidate_questions import REPORTS, SCHEDULING, script

COMPETENCIES = ["system design", "communication"]


def analysed(answers, seed):
    events = simulate(script({"past_experience": answers}, seed=seed))
    own = [e for e in events if e["type"] == "candidate.said" and e["data"].get("request") == "own_question"]
    return events, own, analyse_interview(events, competencies=COMPETENCIES)


def test_a_question_asked_again_and_then_answered_counts_once_and_answered():
    _, own, analysis = analysed([PAST[0], SCHEDULING, PAST[1]], "own-1")
    _, _, plain = analysed([PAST[0], PAST[1]], "own-1")
    answer = analysis.answer_for(own[0]["data"]["question_id"])
    assert answer is not None and answer.text == PAST[1] and answer.is_answered
    assert SCHEDULING not in [a.text for a in analysis.answers]
    assert SCHEDULING in analysis.candidate_text()  # still in the transcript
    assert {k: v for k, v in analysis.counts().items() if k != "duration_seconds"} == \
        {k: v for k, v in plain.counts().items() if k != "duration_seconds"}


def test_a_question_asked_back_twice_counts_as_asked_back_and_unanswered():
    _, own, analysis = analysed([PAST[0], SCHEDULING, REPORTS, PAST[1]], "own-2")
    assert len(own) == 2 and own[0]["data"]["question_id"] == own[1]["data"]["question_id"]
    back = analysis.answer_for(own[0]["data"]["question_id"])
    assert back is not None and back.text == f"{SCHEDULING} {REPORTS}" and back.is_answered is False
    assert any("rather than answering" in i.text for i in back.improvements)
    counts = analysis.counts()
    assert counts["questions_answered"] == len(analysis.interview_answers()) - 1
