"""What-would-you-do questions (propose, choose, design) have a rubric of their own.

From the lead's walk as a practice manager moving into product management, scored with `manage.py
score_answers`: a good proposal scored 2.2 ("Back the answer with one real example") and an unrelated
work story 3.7 with praise. Here a hypothetical is the answer; a story about something else is off-topic.
"""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from feedback.scoring import assess_answer, examples, question_type

PRODUCT_Q = "Which product that you use every day would you improve, and how?"
BANKING = (
    "My banking app. Moving money between accounts takes five taps and two confirmations. I would put a transfer "
    "button on the home screen and remember the last account I used, because most of my transfers go to the same place."
)
CONTRACTS = (
    "At the clinic I negotiated our supply contracts. I compared three vendors' prices for a year of orders and showed "
    "our main vendor the cheaper quote; they matched it, which saved us about 2,300 dollars a year."
)
APPROACH_Q = "How would you describe your approach to product management in a sentence or two?"
TRAINING = "I trained two new front-desk staff with a checklist I wrote, and they were booking on their own after a week."


@pytest.mark.parametrize("question", [
    PRODUCT_Q,
    "How would you design a service that shortens URLs for about a million new links a day?",
    "What would you do if a key customer threatened to leave?",
    "How would you prioritise three urgent requests from different managers?",
    "What would you change about our onboarding?",
    "How would you measure the success of a new checkout page?",
    "Walk me through how you would design a rate limiter.",
])
def test_questions_that_ask_what_you_would_do_are_proposal_questions(question):
    assert question_type(question) == "proposal"


@pytest.mark.parametrize("question", [
    APPROACH_Q,
    "Looking back at your work on reconciliation, what would you do differently next time?",
    "What would you like to ask about the team?",
    "You cut no-shows by 26%. What would you do differently if you did it again?",
    "What decisions did you make there, and what would you change?",
])
def test_look_backs_approaches_and_closings_are_not_proposal_questions(question):
    assert question_type(question) != "proposal"


def test_a_concrete_proposal_scores_well_and_is_praised_for_something_concrete():
    verdict = assess_answer(PRODUCT_Q, BANKING)
    assert verdict.score >= 3.5, verdict.explanation
    quotes = [s.quote for s in verdict.strengths]
    assert "Moving money between accounts takes five taps and two confirmations." in quotes
    advice = " ".join(i.text for i in verdict.improvements)
    assert "real example" not in advice and "what you did" not in advice
    assert "know it worked" in advice


def test_a_good_story_about_something_else_is_off_topic_for_a_proposal_question():
    verdict = assess_answer(PRODUCT_Q, CONTRACTS)
    assert verdict.score <= 2.0, verdict.explanation
    assert verdict.score < assess_answer(PRODUCT_Q, BANKING).score
    assert verdict.strengths == []
    [point] = verdict.improvements
    assert point.quote == "At the clinic I negotiated our supply contracts."
    assert f"You were asked “{PRODUCT_Q}”" in point.text
    assert "the time you negotiated your supply contracts" in point.text
    example = verdict.example_answer
    assert example and examples.is_outline(example)
    assert "[" not in example and "clinic" not in example and "vendor" not in example


def test_a_story_that_states_no_approach_is_off_topic_for_an_approach_question():
    verdict = assess_answer(APPROACH_Q, TRAINING)
    assert verdict.score <= 2.0, verdict.explanation
    assert verdict.strengths == []
    assert "not what your approach is" in verdict.improvements[0].text
    assert "front-desk" not in (verdict.example_answer or "")


def test_a_real_example_on_the_same_subject_still_answers_a_proposal_question():
    question = "How would you prioritise three urgent requests from different managers with one week left in the sprint?"
    answer = ("I did this last spring: three managers each had an urgent request in the final week. I listed the requests "
              "with who was waiting on each, asked the managers to agree the order in a fifteen-minute meeting, and we "
              "shipped the customer-facing fix first. The other two landed the next sprint and nobody escalated.")
    verdict = assess_answer(question, answer)
    assert "off_topic" not in verdict.flags
    assert verdict.score > assess_answer(question, "At my last job I organised the team's move to a new office. I booked "
                                         "the movers, planned the seating with the facilities manager and labelled every "
                                         "box, and we were working at our new desks on Monday morning.").score


def test_score_answers_prints_the_same_verdicts(tmp_path, capsys):
    path = tmp_path / "answers.json"
    path.write_text(json.dumps({"questions": [{"question": PRODUCT_Q, "answer": CONTRACTS},
                                              {"question": PRODUCT_Q, "answer": BANKING}]}))
    call_command("score_answers", str(path))
    printed = json.loads(capsys.readouterr().out)["answers"]
    assert [a["score"] for a in printed] == [assess_answer(PRODUCT_Q, CONTRACTS).score, assess_answer(PRODUCT_Q, BANKING).score]
    assert printed[0]["question_type"] == printed[1]["question_type"] == "proposal"
