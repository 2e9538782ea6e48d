"""The walk as a mid-level engineer (Spanish placeholder resume): two answers that say nothing were scored as answers.
"I'm not sure really, I guess it depends on the situation. I usually just try my best and see what happens." got
"+0.5 for answering directly" and, as its "improved version", its own sentences back with "Your turn" prompts after
them; "I think I've covered that, sorry." got the same, and as a story question STAR coaching, because ", sorry"
hid that it points back to an earlier answer."""

import pytest

from feedback.scoring import assess_answer

STACK = "Which part of the stack do you feel most at home in, and why?"


def keys(assessment):
    return [i.key for i in assessment.improvements]


@pytest.mark.parametrize(("question", "answer"), [
    (STACK, "I'm not sure really, I guess it depends on the situation. I usually just try my best and see what "
            "happens."),
    # Not written for the walk: the same non-answers in other words and to other kinds of question.
    ("How do you prioritise when everything is urgent?", "Not sure, to be honest. I just do my best."),
    ("What's your approach to code review?", "It depends on the situation, really."),
    ("Tell me about a conflict with a colleague.", "Hmm, I'm not sure really. I can't think of one."),
    ("How do you keep your code easy for others to change?", "Well, it depends. I try my best and see what happens."),
])
def test_an_answer_that_says_nothing_earns_nothing_and_is_not_handed_back_as_an_improved_version(question, answer):
    assessment = assess_answer(question, answer)
    assert assessment.score == 1.0, assessment.explanation
    assert not any("answering directly" in line for line in assessment.explanation)
    assert keys(assessment) == ["nothing_to_tell"]
    assert assessment.improvements[0].text.startswith("You said you had nothing for this one.")
    example = assessment.example_answer or ""
    for said in ("not sure", "depends", "my best", "see what happens", "can't think of one"):
        assert said not in example.lower(), example


@pytest.mark.parametrize("question", [
    "Which part of that was yours personally, as opposed to the team's?",
    "Describe a time you improved the performance or reliability of something. How did you measure it?",
])
def test_covered_already_with_an_apology_is_told_to_give_the_question_its_own_answer(question):
    assessment = assess_answer(question, "I think I've covered that, sorry.")
    assert assessment.score == 1.0 and not any("answering directly" in line for line in assessment.explanation)
    assert assessment.improvements[0].text.startswith("You said you had covered this already.")
    assert "covered that" not in (assessment.example_answer or "")


@pytest.mark.parametrize(("question", "answer", "above"), [
    ("How would you scale the reconciliation service?",
     "It depends on the load: below 1,000 requests a second I keep one node, above that I shard by customer id "
     "because reconciliations never cross customers.", 2.0),
    (STACK, "I'm not sure it's one part, but the backend is where I've done most: I rewrote our reconciliation job as "
            "a Kafka consumer and cut detection from 24 hours to 5 minutes.", 2.5),
    ("How do you plan your day?", "I do my best work in the morning, so I block 9 to 11 for deep work and review pull "
                                  "requests after lunch.", 1.2),
])
def test_a_hedge_or_a_best_before_a_real_answer_is_still_an_answer(question, answer, above):
    assessment = assess_answer(question, answer)
    assert "nothing_to_tell" not in keys(assessment)
    assert not any("generic claim" in line for line in assessment.explanation), assessment.explanation
    assert assessment.score > above, assessment.explanation
