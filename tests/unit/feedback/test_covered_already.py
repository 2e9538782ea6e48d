""""I think I've covered that" (the lead's walk as an accountant moving into data science, session 8): it was told "You
said you had nothing for this one", which is not what the candidate said. They think an earlier answer holds it: the
advice says why the question came anyway and what to give it."""

import pytest

from feedback.scoring import assess_answer

QUESTION = "Tell me about an analysis that changed a decision. What was the impact?"


@pytest.mark.parametrize("answer", ["I think I've covered that.", "I think I've covered that, thank you.", "I've already answered that, thanks.",
                                    "I've said all I can on that one."])
def test_covered_already_is_unanswered_with_advice_to_give_the_question_its_own_answer(answer):
    verdict = assess_answer(QUESTION, answer)
    assert verdict.score <= 1.5 and not verdict.strengths
    assert [i.key for i in verdict.improvements] == ["nothing_to_tell"]
    advice = verdict.improvements[0].text
    assert advice.startswith("You said you had covered this already") and "nothing for this one" not in advice


@pytest.mark.parametrize("answer", ["I haven't done that.", "No, that's all."])
def test_having_nothing_keeps_its_own_advice(answer):
    advice = assess_answer(QUESTION, answer).improvements[0].text
    assert advice.startswith("You said you had nothing for this one")
