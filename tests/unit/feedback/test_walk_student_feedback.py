"""The lead's walk as a student (a one-page campus resume for a junior customer-facing role, session 6): the report
told a student who opened with "I'm finishing a business administration degree" to open with who they are, and
coached "I haven't really had a job like that yet" as a story, with an "improved version" built from it."""

import pytest

from feedback.scoring import assess_answer

INTRO_Q = "Tell me about yourself and what you've been selling."
LEO = ("Hi, I'm Leo. I'm finishing a business administration degree at the University of La Verne. On campus I'm in "
       "Enactus, where I led groups of junior high students in talks about business ethics and personal finance, and "
       "in the summers I coached swimming at the YMCA. I speak Spanish fluently, and I'm looking for a first job "
       "where I help people through something hard.")


@pytest.mark.parametrize("opening", [
    "I'm finishing a business administration degree at the University of La Verne.",
    "I'm in my final year of a nursing degree at Leeds.",
    "I just graduated in economics from Ohio State.",
])
def test_a_student_who_says_what_they_study_has_said_who_they_are(opening):
    verdict = assess_answer(INTRO_Q, LEO.replace("I'm finishing a business administration degree at the University "
                                                 "of La Verne.", opening))
    assert "no_headline" not in verdict.flags
    assert not any(i.key == "no_headline" for i in verdict.improvements), verdict.improvements


@pytest.mark.parametrize("answer", ["Um, I'm not sure, I haven't really had a job like that yet.",
                                    "I haven't had a role like that.", "I've never had any experience like that yet."])
def test_not_having_had_such_a_job_is_nothing_to_tell_not_a_story_to_improve(answer):
    verdict = assess_answer("You instructed classes of up to 15 children. What's the most interesting problem there?",
                            answer)
    assert [i.key for i in verdict.improvements] == ["nothing_to_tell"], verdict.improvements
