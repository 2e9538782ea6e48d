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


MESSY_DATA = ("When I get a messy dataset I first check where it came from and what each column means, then I look for "
              "duplicates and missing values before I compute anything. I always reconcile totals back to the source, "
              "because a number that doesn't tie out is usually a join gone wrong. Then I write down my assumptions so "
              "someone else can check them.")


def test_a_story_question_answered_with_how_they_usually_work_is_told_to_tell_one_time():
    """The lead's walk: this answer to "What's the piece of work there you'd most want me to know about?" was told
    it "talks about something other than what was asked" (1.0), then, once that was mended, "Say what you did
    yourself, step by step, in the first person" and "Cut the background", which it had not done."""
    verdict = assess_answer("Your resume lists Certified Public Accountant at Gilmore Financial. What's the piece of "
                            "work there you'd most want me to know about?", MESSY_DATA)
    assert 1.5 <= verdict.score <= 2.0
    assert [i.key for i in verdict.improvements] == ["how_they_work"]
    assert verdict.improvements[0].quote in MESSY_DATA and "one real piece of work" in verdict.improvements[0].text


def test_the_same_steps_answer_an_approach_question():
    verdict = assess_answer("How do you approach a messy dataset?", MESSY_DATA)
    assert verdict.score >= 3.5 and verdict.strengths
