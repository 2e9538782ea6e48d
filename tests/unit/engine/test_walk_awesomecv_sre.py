"""The walk as a senior DevOps / SRE from the Awesome-CV resume (session of helper walksre): what the interviewer
and the report got wrong for that candidate, one test per finding."""

import re
from pathlib import Path

import pytest

from agent_worker.core.answers.sentences import COVERED_ALREADY
from agent_worker.core.facts.job import extract_job_requirements
from agent_worker.core.facts.matching import match_resume_to_job
from agent_worker.core.facts.resume import read_resume_facts
from agent_worker.core.facts.skills import _vocabulary_skills, find_term
from agent_worker.core.listening import read_answer
from agent_worker.core.posting_answers import answer_candidate_question
from agent_worker.core.scripted import ScriptedBrain, key_points
from agent_worker.core.sources import must_have_question, resume_questions
from agent_worker.core.tailoring import InterviewContext
from interviews.parsing import parse_document
from tests.unit.engine.helpers import Harness

AWESOME_CV = Path(__file__).resolve().parents[2] / "fixtures" / "resumes" / "resume_latex_awesomecv_3page.pdf"
# Our own short SRE posting, worded like the one walked (a must-have of drive, one of Linux).
SRE_JOB = ("Site Reliability Engineer\nQualifications\n- Solid grasp of Linux systems and networking concepts\n"
           "- Drive to dig into problems and burrow until the solution is found.\n"
           "- Proficient coder: strong with at least one programming language.\n")

# In the resume's own words (Awesome-CV example, LPPL): RESTful makes "REST" one of the candidate's skills.
PARK_RESUME = (
    "Byungjin Park\nDevOps Engineer\nWork Experience\nPLAT Corp.\nCo-founder & Software Engineer\n"
    "Jan. 2016 - Jun. 2017\n- Implemented RESTful API server for car rental booking application.\n"
    "- Built and deployed overall service infrastructure utilizing Docker container, CircleCI, and several AWS "
    "stack, focusing on high-availability, fault tolerance, and auto-scaling.\n")
HELD = "The main thing was the number: we measured it before and after, and it held for the rest of my time there."


def test_rest_the_everyday_word_is_not_the_skill_rest():
    context = InterviewContext.from_candidate({"name": "Byungjin Park", "role": "DevOps / SRE", "level": "senior",
                                               "resume_text": PARK_RESUME})
    assert "REST" in context.known_terms
    reading = read_answer(HELD, list(context.known_terms))
    assert not any(a.lower() == "rest" for a in reading.anchors), reading.anchors
    assert "mentions REST" not in key_points(HELD, list(context.known_terms))
    # said as the skill, it is still heard
    assert "REST" in read_answer("Our booking app spoke REST to the partners, and I kept it that way.", ["REST"]).anchors


@pytest.mark.parametrize("term, text, found", [
    ("REST", "for the rest of my time there", None),
    ("REST", "the booking API was plain REST, versioned", "REST"),
    ("Epic", "it was an epic week", None),
    ("Epic", "we charted in Epic", "Epic"),
    ("Go", "we had to go live in June", None),
    ("Go", "services in Python and Go, mostly", "Go"),
    ("Terraform", "I wrote terraform modules", "terraform"),
    ("Salesforce Admin", "as a salesforce admin", "salesforce admin"),  # not in the vocabulary: any case
])
def test_a_term_is_found_as_the_vocabulary_reads_it(term, text, found):
    match = find_term(term, text)
    assert (match.group(0) if match else None) == found


def test_after_the_rest_of_my_time_the_interviewer_does_not_say_you_mentioned_rest():
    h = Harness(name="Byungjin Park", role="DevOps / SRE", level="senior", resume_text=PARK_RESUME).start()
    h.enter_stage("self_intro")
    h.engine.brain = ScriptedBrain()
    h.ask("Your resume lists Co-founder & Software Engineer at PLAT Corp. What's the piece of work there you'd most "
          "want me to know about?")
    h.answer(HELD)
    assert not any("mentioned rest" in line.lower() for line in h.said()), h.said()[-2:]


@pytest.fixture(scope="module")
def park():
    return read_resume_facts(parse_document(AWESOME_CV.read_bytes(), AWESOME_CV.name, "resume").text)


def test_the_linux_foundation_that_gave_a_certificate_is_no_linux_on_the_resume(park):
    assert "Linux" not in park.skills
    assert {"Kubernetes", "Networking", "Terraform"} <= set(park.skills)  # the certificates' subjects still count
    assert _vocabulary_skills("CKAD, The Linux Foundation; Python Software Foundation fellow") == []
    assert _vocabulary_skills("Ran Linux hosts for the Apache Software Foundation") == ["Linux"]


def test_the_interviewer_does_not_say_you_list_linux_to_someone_who_never_listed_it(park):
    context = InterviewContext.from_candidate({"name": "Byungjin Park", "role": "DevOps / SRE", "level": "senior",
                                               "resume_text": parse_document(AWESOME_CV.read_bytes(), AWESOME_CV.name,
                                                                             "resume").text,
                                               "job_description": SRE_JOB})
    asked = [c.text for seed in ("a", "b", "c", "d") for c in resume_questions(context, "self_intro", seed, None)]
    assert any("Networking" in q or "networking" in q for q in asked), asked  # what they do list is asked about
    assert not any("Linux" in q for q in asked), asked


def test_a_must_have_is_not_matched_by_its_words_scattered_over_the_resume(park):
    match = match_resume_to_job(park, extract_job_requirements(SRE_JOB), today_year=2026,
                                resume_text=parse_document(AWESOME_CV.read_bytes(), AWESOME_CV.name, "resume").text)
    why = {m["requirement"].split()[0]: m["why"] for m in [*match["matched_requirements"], *match["gaps"],
                                                     *match["qualities"]]}
    assert why.get("Drive") == "a quality to show in your answers", why  # not "resume mentions drive, solution"

    assert why["Solid"] == "resume shows Networking; not Linux"
    # words that stand together in one line of it still match
    text = "Jo Bloggs\nExperience\n- Wrote runbooks and postmortem documentation for on-call.\n"
    found = match_resume_to_job(read_resume_facts(text), extract_job_requirements(
        "SRE\nRequirements\n- Writes runbooks and postmortem write-ups\n"), resume_text=text)
    assert found["matched_requirements"], found


def test_a_skill_a_follow_up_already_asked_about_is_not_asked_about_again_as_a_must_have():
    context = InterviewContext.from_candidate({"name": "Byungjin Park", "role": "DevOps / SRE", "level": "senior",
                                               "resume_text": PARK_RESUME, "job_description": SRE_JOB})
    said = ["Quite a lot. Everything we ran was on Linux hosts or containers, and I spend a good part of incidents on "
            "a box with strace, ss and journalctl.", "Not much more to add there, I think I covered it."]
    first = must_have_question(context, "senior", "walk", None, said)
    assert first is not None and "Linux" in first.text  # asked once
    asked = ["You list networking, and the role needs it. How much of your current work involves it?",
             "You mentioned Linux. What's the most interesting problem you've solved with Linux recently?"]
    again = must_have_question(context, "senior", "walk", None, said, asked)
    assert again is None or "Linux" not in again.text, again.text


NOT_MUCH = "Not much more to add there, I think I covered it."


def test_not_much_more_to_add_to_a_question_nothing_covered_is_asked_once_more():
    h = Harness(name="Byungjin Park", role="DevOps / SRE", level="senior").start()
    h.enter_stage("past_experience")
    h.ask("Tell me about a migration you led.")
    h.answer("At Kasa I moved us from DC/OS to Kubernetes on EKS: three clusters and 300 pods, all in ArgoCD.")
    h.ask("What trade-off did you make, and how did you bring others along?", kind="follow_up")
    h.engine.brain = ScriptedBrain()
    assert COVERED_ALREADY.search(NOT_MUCH)
    h.answer(NOT_MUCH)
    assert h.said()[-1].startswith("I don't think we've covered this one yet"), h.said()[-1]


RESERVED = ("Reserved Instance and Savings Plan purchases at KarrotPay were a manual spreadsheet exercise. I made it a "
            "quarterly, scripted process and introduced Graviton instances; together that cut our AWS bill by over 30%.")


@pytest.mark.parametrize("answer, kept, not_named", [
    (RESERVED, {"Savings Plan", "KarrotPay", "Graviton"}, "Instance"),
    ("At Acme we moved to Kafka. Kafka Connect was the problem, so I replaced it with Debezium.",
     {"Acme", "Kafka", "Debezium"}, "Connect"),
    # another role: a form's name opening the sentence
    ("Purchase Order approvals sat in three inboxes. I moved them into NetSuite and cut approval time to a day.",
     {"NetSuite"}, "Order"),
])
def test_the_tail_of_a_name_that_opens_a_sentence_is_not_named_back(answer, kept, not_named):
    anchors = read_answer(answer).anchors
    assert kept <= set(anchors) and not_named not in anchors, anchors


def test_a_word_that_only_opens_the_sentence_leaves_the_name_after_it():
    assert "Terraform" in read_answer("Honestly Terraform was the hard part of that migration for me.").anchors
    assert "Acme" in read_answer("At Acme I ran the on-call rotation for two years.").anchors


def test_after_reserved_instance_purchases_the_interviewer_does_not_say_looking_back_at_instance():
    h = Harness(name="Byungjin Park", role="DevOps / SRE", level="senior").start()
    h.enter_stage("past_experience")
    h.engine.brain = ScriptedBrain()
    h.ask("Tell me about some toil you automated away. What was the impact on the team?")
    h.answer(RESERVED)
    assert not any(re.search(r"\bInstance\b(?! and)", line) for line in h.said()[-2:]), h.said()[-2:]


def test_what_a_second_quote_only_shares_a_word_with_is_named_as_not_said():
    """The walk's question back: the second quote ('SREs are members of the engineering team …') shares only 'team'
    with 'the product teams', which was then taken as answered: 'The hiring team can tell you how that works'."""
    posting = ("Site Reliability Engineer at Northwind\nWhat you will do\n- Join a 24x7 on-call rotation with the other "
               "engineers in your area.\n- Site Reliability Engineers (SRE) are members of the engineering team who "
               "keep our production systems reliable and cheap to run.\n")
    said = answer_candidate_question("How is on-call split between SREs and the product teams at Northwind?",
                                     [("the job description", posting)])
    assert "on-call rotation" in said and "doesn't say anything about the product teams" in said, said
