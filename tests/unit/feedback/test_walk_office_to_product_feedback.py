"""The walk as an office coordinator moving into product (Cody Fredrickson's resume): after the vendor story, "What
did you learn from that, and what would you do differently now?" was answered "I learned to get quotes before
renewing anything. Next time I'd start three months before the contract ends instead of one." and scored 1/5 as a
story, told "This says what you would do, not what you did": the question asked for exactly that."""

import pytest

from feedback.scoring import assess_answer

LEARN = "What did you learn from that, and what would you do differently now?"


@pytest.mark.parametrize(("question", "answer"), [
    (LEARN, "I learned to get quotes before renewing anything. Next time I'd start three months before the contract "
            "ends instead of one."),
    # Not from the walk: an engineer's look back.
    ("Looking back at the migration, what would you do differently?",
     "I'd move the smallest service first, because our first cut-over took down billing for an hour and a small one "
     "would have shown us the DNS problem."),
])
def test_a_concrete_lesson_answers_a_look_back(question, answer):
    assessment = assess_answer(question, answer)
    assert assessment.score >= 3.0, assessment.explanation
    assert "+1 for a concrete change you would make, from what happened" in assessment.explanation
    assert not any(i.key in ("hypothetical", "no_example") for i in assessment.improvements)


@pytest.mark.parametrize("answer", ["I learned a lot, it was a great experience overall.", "I'm not sure, sorry."])
def test_a_look_back_with_no_lesson_earns_nothing(answer):
    assessment = assess_answer(LEARN, answer)
    assert assessment.score == 1.0, assessment.explanation


def test_a_story_question_that_also_asks_what_they_would_change_still_wants_the_story():
    assessment = assess_answer("Tell me about a time you failed. What would you do differently?",
                               "I'd plan better next time.")
    assert assessment.question_type == "story" and assessment.score == 1.0
    assert assessment.improvements[0].key == "hypothetical"
