"""The same answer given to question after question (the lead's walk, session 7: a mentoring story pasted under ten
questions got "You said exactly what you did yourself" and 2.4 ten times): the second telling is capped and says so."""

from agent_worker.core.simulate import simulate
from feedback.analysis import analyse_interview
from tests.unit.engine.scripts import PAST
from tests.unit.engine.test_candidate_questions import script

MENTORING = ("I mentored two junior engineers; I paired with each one twice a week, and both were shipping features "
             "on their own within three months.")


def analysed(answers, seed="repeat-1"):
    events = simulate(script({"past_experience": answers}, seed=seed))
    return analyse_interview(events, competencies=["system design", "communication"])


def test_an_answer_given_again_is_capped_with_no_praise_and_names_the_earlier_question():
    analysis = analysed([MENTORING, MENTORING, MENTORING])
    # The interviewer says so once and asks the same question again: told twice under it, the story is one answer.
    tellings = [a for a in analysis.interview_answers() if MENTORING in a.text]
    assert len(tellings) >= 2
    first, *again = tellings
    assert first.strengths and first.score > 1.5
    for answer in again:
        assert answer.score <= 1.5 and answer.strengths == [] and answer.example_answer is None
        assert [i.key for i in answer.improvements] == ["repeated"]
        assert "already gave" in answer.improvements[0].text and (first.question or "")[:40] in \
            answer.improvements[0].text


def test_different_answers_are_not_repeats():
    analysis = analysed([PAST[0], PAST[1]])
    assert not any(i.key == "repeated" for a in analysis.interview_answers() for i in a.improvements)


def test_after_being_told_it_was_the_same_story_the_new_answer_is_the_one_scored():
    analysis = analysed([MENTORING, MENTORING, PAST[1]])
    answers = analysis.interview_answers()
    told_again = next(a for a in answers if PAST[1] in a.text)
    assert MENTORING not in told_again.text
    assert not any(i.key == "repeated" for i in told_again.improvements)
    assert sum(MENTORING in a.text for a in answers) == 1
