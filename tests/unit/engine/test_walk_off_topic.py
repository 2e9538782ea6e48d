"""An off-topic answer to a motivation question (session 7's walks: "What draws you to this role?" answered with
a weekend hobby or a complaint about the current boss) was not brought back to the question, and when an answer
was brought back the line named a stray phrase ("That's about a bald, though." after a bald eagle on a hike,
"That's about a while, though." after "it was a while ago"). The interviewer now steers back once, kindly and
specifically, then moves on."""

import pytest

from agent_worker.core.followups import redirect_line
from agent_worker.core.listening import read_answer
from agent_worker.core.scripted import ScriptedBrain
from tests.unit.engine.helpers import Harness

HIKE = ("Honestly my weekends are mostly about my dog and hiking. Last month we did this trail up near Traverse City "
        "and it rained the whole time, but it was still kind of great, we saw a bald eagle.")
LOVE_HIKING = "I love hiking on weekends with my dog, it's the best part of my week and it keeps me sane."
BOSS = ("My boss at Brightside never listens, to be honest. He changes the schedule every week without telling anyone "
        "and then blames the front desk when patients get upset.")
LEAVING = "I want to leave because my boss never listens and always blames the front desk for everything."
DRAWS = "What draws you to this role?"


@pytest.mark.parametrize("answer", [HIKE, LOVE_HIKING, BOSS, LEAVING])
def test_a_weekend_or_a_grievance_is_brought_back_to_what_draws_them_kindly_and_specifically(answer):
    line = redirect_line(DRAWS, answer, read_answer(answer))
    assert line == ("Thanks for sharing that. I'd still like to hear what draws you to this role in particular — what "
                    "about the work itself appeals to you?")


def test_the_way_back_is_worded_from_the_question_asked():
    line = redirect_line("How do you keep yourself motivated through a run of lost deals?", HIKE, read_answer(HIKE))
    # said once: no "— what keeps you going at work when it gets hard?" after it (test_redirect_says_the_question_once)
    assert line == ("Thanks for sharing that. I'd still like to hear how you keep yourself motivated through a run of "
                    "lost deals.")
    assert "why you want this job" in redirect_line("Why do you want this job?", BOSS, read_answer(BOSS))


@pytest.mark.parametrize("answer", [
    "My boss never listens, so I want a team where ideas are heard, and this role is about talking to customers "
    "every day.",
    "I like helping people through paperwork that scares them, and helping nurses move is that at a bigger scale.",
    "I don't know, it was a while ago. I guess we just sort of figured it out as we went along.",  # vague: probed
    "I spend my weekends coaching a kids' football team, and that's why I want a job where I help people grow.",
])
def test_an_answer_that_turns_to_the_work_or_is_only_vague_is_not_brought_back(answer):
    assert redirect_line(DRAWS, answer, read_answer(answer)) == ""


def test_in_an_interview_the_second_off_topic_answer_is_not_brought_back_again():
    h = Harness(name="Cody Fredrickson", role="Sales", level="junior").start()
    h.enter_stage("self_intro")
    h.engine.brain = ScriptedBrain()
    h.ask("What draws you to this Sales role?")
    asked = len(h.of("question.asked"))
    h.answer(HIKE)
    assert h.said()[-1].startswith("Thanks for sharing that. I'd still like to hear what draws you to this Sales role")
    assert "bald" not in h.said()[-1] and len(h.of("question.asked")) == asked
    h.answer(BOSS)
    reply = h.said()[-1]
    assert "I'd still like to hear" not in reply and "kept you going" not in reply, reply
    assert len(h.of("question.asked")) == asked + 1  # moved on to another question
