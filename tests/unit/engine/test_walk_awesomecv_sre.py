"""The walk as a senior DevOps / SRE from the Awesome-CV resume (session of helper walksre): what the interviewer
and the report got wrong for that candidate, one test per finding."""

import pytest

from agent_worker.core.facts.skills import find_term
from agent_worker.core.listening import read_answer
from agent_worker.core.scripted import ScriptedBrain, key_points
from agent_worker.core.tailoring import InterviewContext
from tests.unit.engine.helpers import Harness

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

