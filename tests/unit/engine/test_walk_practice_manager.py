"""The lead's walk as a practice manager moving into product (the office-coordinator resume against a posting
titled Product Marketing, session 7): a whole story told with verbs outside the interviewer's list ("I looked at
the calls", "I picked an online booking tool", "then rolled it out") was read as no story and no part of their
own, so the reply was a flat "I see. Can you pick one specific time: what was going on, and what did you do?"."""

import pytest

from agent_worker.core.listening import read_answer
from agent_worker.core.scripted import ScriptedBrain
from tests.unit.engine.helpers import Harness

BOOKING = ("Patients kept missing appointments, about one in five. I looked at the calls and saw most people simply "
           "forgot. I picked an online booking tool with text reminders, ran it for two weeks with one hygienist "
           "first, then rolled it out. No-shows fell by 26 percent over the next quarter.")


@pytest.mark.parametrize("answer", [
    BOOKING,
    "Our invoices were late every month. I piloted a shared calendar with the two partners, then I hired a "
    "part-time bookkeeper and we closed on time from March on.",
])
def test_a_story_told_in_any_past_verbs_is_a_story_with_their_own_part(answer):
    reading = read_answer(answer)
    assert reading.story and reading.own_part, reading


def test_steps_in_irregular_past_verbs_are_their_own_part():
    assert read_answer("I sat with each nurse for an hour, I drew the new rota on a whiteboard and I sent it round "
                       "on Friday.").own_part


@pytest.mark.parametrize("answer", [
    "I was happy there and I wanted to grow; I liked the people.",
    "I worked on a project once.",
    "I learned a lot and I realised I enjoyed it.",
])
def test_states_and_wishes_in_the_past_are_not_steps(answer):
    assert not read_answer(answer).own_part, answer


def test_after_the_booking_story_the_follow_up_does_not_ask_for_a_specific_time():
    h = Harness(name="Cody Fredrickson", role="Product Manager", level="mid").start()
    h.enter_stage("past_experience")
    h.engine.brain = ScriptedBrain()
    h.ask("You implemented online appointment booking and text message appointment reminders. Walk me through "
          "how you approached it.")
    h.answer(BOOKING)
    reply = h.said()[-1]
    assert "specific time" not in reply.lower() and not reply.startswith("I see."), reply


@pytest.mark.parametrize("answer", [
    "I'm not sure, can we skip this one?",
    "Could we move on to the next question?",
    "Can I pass on this one?",
])
def test_a_request_to_skip_is_not_answered_as_their_question_and_the_question_is_left(answer):
    """The walk: 'I'm not sure, can we skip this one?' got 'Good question. The job description doesn't go into
    that, so I'd rather not guess; that's a good one for the hiring team. Coming back to what I asked: …'."""
    h = Harness(name="Cody Fredrickson", role="Product Manager", level="mid").start()
    h.enter_stage("self_intro")
    h.engine.brain = ScriptedBrain()
    question = "Which product that you use every day would you improve, and how?"
    h.ask(question)
    h.answer(answer)
    reply = " ".join(h.said()[-2:])
    assert "good question" not in reply.lower() and "hiring team" not in reply.lower(), reply
    assert question not in h.said()[-1], reply


VENDORS = ("At the clinic I negotiated our supply contracts. I compared three vendors' prices for a year of orders and "
           "showed our main vendor the cheaper quote; they matched it, which saved us about 2,300 dollars a year.")


@pytest.mark.parametrize("answer, result, outcome", [
    (VENDORS, "saved us about 2,300 dollars a year", "That saved you about 2,300 dollars a year"),
    ("I automated the weekly report, which freed up 10 hours a week.", "freed up 10 hours a week",
     "That freed up 10 hours a week"),
    ("I called every lapsed customer myself and we won back 14 accounts.", "won back 14 accounts",
     "You won back 14 accounts"),
])
def test_an_amount_saved_or_won_back_is_the_result_said_back(answer, result, outcome):
    """The walk said back 'You showed your main vendor the cheaper quote, which is a concrete outcome' (the word
    'cheaper'), not the 2,300 dollars a year the quote saved."""
    reading = read_answer(answer)
    assert reading.result_said == result
    assert reading.results  # the report reads a result there too
    assert reading.outcome == outcome
