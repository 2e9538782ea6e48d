"""A request to skip a question, as the report reads it (the lead's walk as a practice manager, session 7): "I'm not
sure, can we skip this one?" was coached as a question asked back ("keep your own questions for when the
interviewer invites them at the end"). It declines the question: unanswered, with advice for that."""

import pytest

from agent_worker.core.simulate import simulate
from feedback.analysis import analyse_interview
from feedback.scoring import assess_answer
from tests.unit.engine.scripts import PAST
from tests.unit.engine.test_candidate_questions import script

QUESTION = "Which product that you use every day would you improve, and how?"


@pytest.mark.parametrize("answer", ["I'm not sure, can we skip this one?", "Could we move on to the next question?",
                                    "Can I pass on this one?"])
def test_a_request_to_skip_is_unanswered_with_advice_about_skipping(answer):
    verdict = assess_answer(QUESTION, answer)
    assert verdict.score <= 1.5 and not verdict.strengths
    assert [i.key for i in verdict.improvements] == ["nothing_to_tell"]
    advice = verdict.improvements[0].text
    assert "skip" in advice and "own questions" not in advice and "rather than answering" not in advice


def test_a_question_of_their_own_is_still_a_question_asked_back():
    verdict = assess_answer(QUESTION, "What does the team use for roadmaps?")
    assert any("rather than answering" in i.text for i in verdict.improvements)


def test_the_report_counts_a_skipped_question_unanswered():
    events = simulate(script({"past_experience": [PAST[0], "Sorry, can we skip this one?", PAST[1]]}, seed="skip-1"))
    analysis = analyse_interview(events, competencies=["system design", "communication"])
    skipped = [a for a in analysis.interview_answers() if a.text == "Sorry, can we skip this one?"]
    assert len(skipped) == 1 and skipped[0].is_answered is False
    assert any("skip" in i.text for i in skipped[0].improvements)


def test_a_vague_team_answer_gets_an_outline_not_its_own_sentence_in_prompts():
    """The lead's walk: 'An improved version of your answer…: Your turn: where were you working…? We had a lot going
    on, so we worked on it as a team and it went well overall, everyone was happy. Your turn: …' — the candidate's
    only sentence, with nothing concrete in it, wrapped in prompts."""
    answer = "We had a lot going on, so we worked on it as a team and it went well overall, everyone was happy."
    verdict = assess_answer("As a Practice Manager at Brightside Dental, what did you own that nobody else did?", answer)
    assert verdict.example_answer and answer not in verdict.example_answer
    assert "step by step" in verdict.example_answer
