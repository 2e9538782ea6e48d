"""The lead's walk as a student (a one-page campus resume for a junior customer-facing role, session 6): the report
told a student who opened with "I'm finishing a business administration degree" to open with who they are, and
coached "I haven't really had a job like that yet" as a story, with an "improved version" built from it."""

import pytest

from feedback.scoring import assess_answer, examples, question_type

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


# Session 8, the same student again, against a nurse-advisor posting.

SWIM_COACH = ("I'm finishing a business administration degree at the University of La Verne. Outside class I've spent "
              "two summers as a volunteer swim coach at the YMCA, where I taught classes of up to fifteen kids and kept "
              "their parents posted on progress, and I'm a member of Enactus, where I led discussion groups for junior "
              "high students. I'm fluent in Spanish. What I like is being the person people come to for help, which is "
              "why a role guiding nurses through a long process appeals to me.")


def test_the_children_a_student_taught_are_their_work_not_personal_history():
    """It was told "Keep personal history out unless it explains your career", quoting the swim coaching."""
    verdict = assess_answer("Tell me about yourself and what brings you to sales.", SWIM_COACH)
    assert not any(i.key == "personal" for i in verdict.improvements), verdict.improvements
    assert verdict.score >= 3.0


def test_their_own_children_still_are():
    verdict = assess_answer("Tell me about yourself.", "I'm a nurse with six years on a surgical ward. I'm married with "
                            "two kids and in my free time I play football. I'm looking for a remote advisor role.")
    assert any(i.key == "personal" for i in verdict.improvements)


def test_a_virtue_given_as_the_answer_gets_an_outline_not_itself_wrapped_in_prompts():
    """"I think the most important thing is to listen and be patient." came back as 'An improved version of your
    answer… from your own words: The most important thing is to listen and be patient. Your turn: …'."""
    verdict = assess_answer("Your resume lists your time at Enactus. What's the piece of work there you'd most want me "
                            "to know about?", "I think the most important thing is to listen and be patient.")
    assert verdict.score <= 1.5
    assert verdict.example_answer is not None and examples.is_outline(verdict.example_answer)
    assert "listen and be patient" not in verdict.example_answer


@pytest.mark.parametrize(("question", "kind"), [
    ("Your resume lists your time at Enactus. What's the piece of work there you'd most want me to know about?", "story"),
    ("What's the project you'd most like me to know about?", "story"),
    ("Tell me about something that went wrong on a project.", "story"),
    ("What made you interested in this Sales position?", "motivation"),
    ("What brought you to this role?", "motivation"),
])
def test_questions_typed_by_what_they_ask(question, kind):
    assert question_type(question) == kind
