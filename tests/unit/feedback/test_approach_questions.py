"""Approach questions ("What's your approach to…", "How do you prioritise…", "How would you handle…") have a rubric
of their own: concrete steps in the habitual present, the principle and its reason, how they check it worked; a
real example is a bonus.

Issue 14's probe: a clear product-management approach scored 1.7 with no strength and "Say why: the reason behind
your approach is what the question is testing" (it said why: "from the problem, not the feature"); a concrete
prioritisation rule scored 2.5 with no strength. A hiring manager rates both about 3.5-4.
"""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from feedback.scoring import assess_answer, examples, question_type

PM_Q = "What's your approach to product management?"
PM = (
    "I start from the problem, not the feature. I talk to five or six customers before I write anything, and I look "
    "at what the support tickets say. Then I write a one-page brief with the goal and how we'll measure it, agree it "
    "with engineering and design, and ship the smallest version that tests the idea. After launch I check the number "
    "we agreed on and decide whether to keep going or stop."
)
URGENT_Q = "How do you prioritise when everything is urgent?"
URGENT = (
    "I ask what happens if each thing waits a week. Anything that loses a customer or breaks a promise goes first. "
    "Then I look at effort: the quick wins that unblock other people go next. I write the order down and share it "
    "with my manager so nobody is surprised, and I say no to the rest out loud rather than letting it slip."
)
VAGUE_Q = "What's your approach to project management?"
VAGUE = ("I'm very organised and I always communicate with stakeholders. Communication is key. I make sure everyone "
         "is on the same page and I work hard to deliver on time.")


@pytest.mark.parametrize("question", [
    PM_Q,
    URGENT_Q,
    "How would you describe your approach to product management in a sentence or two?",
    "How would you handle a patient who refuses their medication?",
    "How do you approach code review?",
    "What do you do when a supplier keeps delivering late?",
    "What is your approach to classroom management?",
])
def test_how_do_you_work_questions_are_approach_questions(question):
    assert question_type(question) == "approach"


@pytest.mark.parametrize(("question", "kind"), [
    ("How do you handle a disagreement? Give me an example.", "story"),
    ("Tell me about a time you had to prioritise under pressure.", "story"),
    ("How would you prioritise three urgent requests from different managers?", "proposal"),
    ("What would you do if a key customer threatened to leave?", "proposal"),
    ("How would you design a rate limiter?", "proposal"),
    ("What is a weakness you are working on?", "general"),
    ("What do you know about Acme, and what makes it interesting to you?", "general"),
])
def test_stories_proposals_and_the_rest_keep_their_rubric(question, kind):
    assert question_type(question) == kind


@pytest.mark.parametrize(("question", "kind"), [
    ("What would you do if a key customer threatened to leave?", "proposal"),
    ("How would you design a service that shortens URLs?", "proposal"),
    ("How would you handle a patient who refuses their medication?", "approach"),
    ("How do you prioritise when everything is urgent?", "approach"),
    ("Do you have any questions for us?", "closing"),
    ("Anything else you'd like to add?", "closing"),
    ("Is there something about the job or the process you're curious about?", "closing"),
])
def test_in_the_closing_stage_the_wording_decides(question, kind):
    assert question_type(question, "closing") == kind


def test_a_proposal_asked_in_the_closing_stage_is_scored_as_a_proposal():
    question = "Which product that you use every day would you improve, and how?"
    answer = ("My banking app. Moving money between accounts takes five taps and two confirmations. I would put a "
              "transfer button on the home screen, because most of my transfers go to the same place.")
    late = assess_answer(question, answer, stage="closing")
    assert late.question_type == "proposal"
    assert late.score == assess_answer(question, answer).score


@pytest.mark.parametrize(("question", "answer", "step", "principle"), [
    (PM_Q, PM, "I talk to five or six customers before I write anything, and I look at what the support tickets say.",
     "I start from the problem, not the feature."),
    (URGENT_Q, URGENT, "I write the order down and share it with my manager so nobody is surprised, and I say no to "
     "the rest out loud rather than letting it slip.", "Anything that loses a customer or breaks a promise goes first."),
])
def test_a_clear_approach_scores_well_and_is_praised_in_its_own_words(question, answer, step, principle):
    verdict = assess_answer(question, answer)
    assert verdict.question_type == "approach"
    assert 3.5 <= verdict.score <= 4.2, verdict.explanation
    praised = {s.key: s.quote for s in verdict.strengths}
    assert praised["steps"] == step and praised["principle"] == principle
    assert all(quote in answer for quote in praised.values())
    advice = " ".join(i.text for i in verdict.improvements)
    assert "Say why" not in advice and "Back the answer" not in advice
    assert verdict.example_answer is None


def test_the_check_is_praised_where_they_said_it():
    verdict = assess_answer(PM_Q, PM)
    checked = next(s for s in verdict.strengths if s.key == "check")
    assert checked.quote == "After launch I check the number we agreed on and decide whether to keep going or stop."


def test_a_vague_approach_stays_low_and_is_told_why():
    verdict = assess_answer(VAGUE_Q, VAGUE)
    assert verdict.score <= 1.5, verdict.explanation
    assert verdict.strengths == []
    keys = [i.key for i in verdict.improvements]
    assert keys[0] == "generic" and "vague_steps" in keys
    vague = next(i for i in verdict.improvements if i.key == "vague_steps")
    assert vague.quote == "I make sure everyone is on the same page and I work hard to deliver on time."
    example = verdict.example_answer
    assert example and examples.is_outline(example) and "[" not in example


def test_a_real_example_is_a_bonus_not_a_requirement():
    question = "What's your approach to onboarding a new team member?"
    approach = ("I give them a small real task on day one, not a week of reading, because shipping something early is "
                "what makes people feel part of the team. I pair them with one person for their first two weeks and I "
                "check in with them every Friday for the first month.")
    example = (" When Priya joined us last year she shipped a fix to the billing page on her second day, and she said "
               "afterwards that was what made her feel at home.")
    alone, backed = assess_answer(question, approach), assess_answer(question, approach + example)
    assert alone.score >= 3.5, alone.explanation
    assert backed.score > alone.score
    assert "no_example" in alone.flags and "no_example" not in backed.flags


def test_habits_said_with_usually_are_the_answer_not_a_hypothetical():
    answer = ("I usually start by reading the chart and the last two nursing notes, because that is where a change "
              "shows first. Then I go round every patient in the first hour and check their obs against the last set.")
    verdict = assess_answer("How do you start a night shift?", answer)
    assert "hypothetical" not in verdict.flags
    assert any(s.quote.startswith("I usually start by reading the chart") for s in verdict.strengths)


def test_an_answer_of_three_or_less_gets_an_outline_built_from_its_own_steps():
    question = "How do you handle an unhappy customer?"
    answer = "I call them back the same day. I let them finish before I say anything. Then I offer a refund or a fix."
    verdict = assess_answer(question, answer)
    assert verdict.score <= 3, verdict.explanation
    example = verdict.example_answer
    assert example and "[" not in example and example.strip() != answer
    assert "I call them back the same day." in example
    assert "Your turn: why do you work this way?" in example
    assert "Your turn: how do you check it worked, and when?" in example


def test_a_story_that_only_shows_the_approach_is_credited_and_told_to_lead_with_the_rule():
    answer = ("I take feedback well. Last year my manager told me my reports were too long, so I started writing a "
              "one-paragraph summary at the top of each one. She said the finance directors now read them.")
    verdict = assess_answer("How do you handle feedback?", answer)
    assert "example_only" in verdict.flags
    assert verdict.improvements[0].key == "example_only"
    assert verdict.example_answer.index("Last year my manager") < verdict.example_answer.index("She said the finance")


def test_tools_and_claims_are_not_steps():
    worse = ("I use a to-do list and a calendar. I use Trello for my tasks and I check my email first thing in the "
             "morning. I like to keep everything organised.")
    verdict = assess_answer("How do you prioritise your work?", worse)
    assert verdict.score <= 2.0, verdict.explanation
    assert not any(s.key == "check" for s in verdict.strengths)


def test_score_answers_prints_the_same_verdicts(tmp_path, capsys):
    path = tmp_path / "answers.json"
    path.write_text(json.dumps({"questions": [{"question": PM_Q, "answer": PM}, {"question": URGENT_Q, "answer": URGENT},
                                              {"question": VAGUE_Q, "answer": VAGUE}]}))
    call_command("score_answers", str(path))
    printed = json.loads(capsys.readouterr().out)["answers"]
    assert [a["score"] for a in printed] == [assess_answer(q, a).score for q, a in ((PM_Q, PM), (URGENT_Q, URGENT),
                                                                                   (VAGUE_Q, VAGUE))]
    assert {a["question_type"] for a in printed} == {"approach"}
    assert all(s["quote"] in PM for s in printed[0]["strengths"])


def test_a_way_of_working_that_mentions_the_desk_is_not_small_talk():
    # The off-topic check reads "the desk" as the workplace's setting; a step of how they work is work happening.
    answer = ("I hand over at the bedside, not at the desk, because the patient can correct me and the next nurse can "
              "see them. I go through the same order every time, using SBAR. Anything that's due in the first hour, "
              "like a dose or a blood test, I say first and point to on the chart.")
    verdict = assess_answer("What's your approach to shift handover?", answer)
    assert "off_topic" not in verdict.flags and verdict.score >= 3.5, verdict.explanation


def test_small_talk_for_an_approach_question_is_still_off_topic():
    answer = "I like hiking on weekends, and on Sundays I go to the cinema with my sister."
    verdict = assess_answer("How do you prioritise when everything is urgent?", answer)
    assert "off_topic" in verdict.flags and verdict.score <= 1.5, verdict.explanation
