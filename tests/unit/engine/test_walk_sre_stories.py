"""The lead's walk as a senior SRE (the AwesomeCV resume against an SRE posting, session 6): outcomes told in
words ("we didn't have a repeat … in the following year") were asked for again, and a must-have the candidate had
just told a whole story about was asked about again ("You mentioned on-call earlier … What decisions did you
make there?")."""

import pytest

from agent_worker.core.listening import read_answer
from agent_worker.core.scripted import ScriptedBrain
from agent_worker.core.sources import must_have_question
from agent_worker.core.tailoring import InterviewContext
from tests.unit.engine.helpers import Harness

DNS_OUTAGE = ("At KarrotPay we had an outage where our DNS firewall rules blocked outbound calls to a payment "
              "partner after a deploy. Payments failed for about twenty minutes. I was on call, so I rolled back the "
              "rule group, then I wrote a postmortem and added a staging check that replays the allow list before any "
              "firewall change goes out. We didn't have a repeat of that kind of incident in the following year.")
OKTA = ("When we introduced Okta, I had to connect over twenty systems to SSO, including AWS, GitHub and Slack. I "
        "chose to roll it out team by team over six weeks instead of in one cutover, because a single login failure "
        "would have locked people out of production access. We finished with no lost access days.")
PARK = {"name": "Byungjin Park", "role": "DevOps / SRE", "level": "senior", "resume_text": (
    "Byungjin Park\nDevOps Engineer · Software Architect\nWork Experience\nDunamu Inc.\nDevOps Engineer\n"
    "Sep. 2023 - Mar. 2024\n- Designed Terraform modules to manage infrastructure across dozens of AWS accounts.\n"
    "Danggeun Pay Inc.\nSite Reliability Engineer\nMar. 2021 - Jun. 2023\n- Saved over 30% of the overall AWS "
    "costs by establishing a quarterly purchasing strategy for reserved instances.\n")}
SRE_POSTING = ("Site Reliability Engineer at Northwind\nWhat you will do\n- Share a 24x7 on-call rotation with the "
               "other engineers in your focus area.\n- Troubleshoot the thorniest problems in our critical systems.\n")


@pytest.mark.parametrize("answer, outcome", [
    (DNS_OUTAGE, "You didn't have a repeat of that kind of incident in the following year"),
    (OKTA, "You finished with no lost access days"),
    ("I added a retry budget to the client. It never happened again after that.", "It never happened again after that"),
    ("We moved the database over a weekend. We shipped the migration with zero downtime.",
     "You shipped the migration with zero downtime"),
])
def test_an_outcome_told_in_words_is_heard_as_the_result(answer, outcome):
    reading = read_answer(answer)
    assert reading.result and "result" not in reading.missing
    assert reading.outcome == outcome


def test_after_a_story_that_ends_on_no_repeat_the_follow_up_does_not_ask_what_came_of_it():
    h = Harness(name="Alex Doe", role="DevOps / SRE", level="senior", job_description=SRE_POSTING).start()
    h.enter_stage("past_experience")
    h.engine.brain = ScriptedBrain()
    h.ask("The job asks for on-call, and your resume says less about it. Where have you come closest, and what "
          "decisions did you make there?")
    h.answer(DNS_OUTAGE)
    reply = h.said()[-1]
    assert "what came of" not in reply.lower() and "what changed" not in reply.lower(), reply


def test_a_must_have_they_told_a_story_about_is_not_asked_about_again():
    context = InterviewContext.from_candidate({**PARK, "job_description": SRE_POSTING})
    assert "on-call" in must_have_question(context, "senior", "walk", None, []).text
    asked = must_have_question(context, "senior", "walk", None, [DNS_OUTAGE, "I think I've covered what I can on that."])
    assert asked is None or "on-call" not in asked.text, asked


def test_a_must_have_only_mentioned_in_passing_is_still_asked_about_as_theirs():
    context = InterviewContext.from_candidate({**PARK, "job_description": SRE_POSTING})
    asked = must_have_question(context, "senior", "walk", None, ["I was on call at my last job too.", "Yes."])
    assert asked is not None and asked.text.startswith("You mentioned on-call earlier"), asked


def test_names_listed_as_examples_are_not_what_the_story_is_about():
    # The walk: "On Slack, which decision was yours to make…?" after the Okta rollout story.
    reading = read_answer(OKTA, known_terms=["AWS", "GitHub", "Slack", "Okta", "Terraform"])
    assert reading.anchors[0] == "Okta"
    assert not {"Slack", "GitHub", "AWS"} & set(reading.anchors), reading.anchors


def test_a_senior_who_said_what_they_chose_and_why_is_not_asked_for_the_decision_again():
    h = Harness(name="Alex Doe", role="DevOps / SRE", level="senior", job_description=SRE_POSTING).start()
    h.enter_stage("past_experience")
    h.engine.brain = ScriptedBrain()
    h.ask("Tell me about a change you rolled out across the company.")
    h.answer(OKTA)
    reply = h.said()[-1]
    assert "Slack" not in reply and "which decision" not in reply and "trade-off" not in reply, reply
    assert "Okta" in reply, reply
