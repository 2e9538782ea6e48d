"""The lead's walk as an accountant moving into data science (the Word accountant resume, session 6): "I'm not
sure." and "That's all I have on that." were coached as stories (1/5, "Say what you did yourself"), and "I used
Python for the forecasts and SQL to pull the data." was told to say what they did in the first person."""

import pytest

from feedback.scoring import assess_answer


@pytest.mark.parametrize("answer", ["I'm not sure.", "Um, I'm not really sure, sorry.", "That's all I have on that.",
                                    "That's all I can say about it, thanks."])
def test_saying_they_are_not_sure_or_have_nothing_more_is_nothing_to_tell(answer):
    verdict = assess_answer("You mentioned Python. Can you walk me through one specific time with it?", answer)
    assert [i.key for i in verdict.improvements] == ["nothing_to_tell"], verdict.improvements


def test_not_being_sure_inside_a_story_is_still_the_story():
    answer = ("I'm not sure it was the best call, but I rebuilt the forecast in Python and the client set aside cash "
              "for the two short months.")
    verdict = assess_answer("Tell me about a forecast you built.", answer)
    assert "nothing_to_tell" not in verdict.flags


def test_i_used_a_tool_for_a_job_is_something_they_did_but_i_used_to_is_not():
    used = assess_answer("Where have you come closest to data analysis work, and what did you do?",
                         "I used Python for the forecasts and SQL to pull the data.")
    assert "no_action" not in used.flags, used.improvements
    habit = assess_answer("Where have you come closest to data analysis work, and what did you do?",
                          "I used to like spreadsheets a lot.")
    assert "no_action" in habit.flags


def test_nothing_standing_out_is_nothing_to_tell():
    # The content engineer's walk: the interviewer heard no answer, the report counted one (1.0/5).
    verdict = assess_answer("What's the most interesting problem you've solved recently?",
                            "Hmm, I don't know, nothing really stands out.")
    assert [i.key for i in verdict.improvements] == ["nothing_to_tell"], verdict.improvements
