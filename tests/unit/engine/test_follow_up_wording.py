"""A follow-up worded for what the candidate named (session 8): "You mentioned Haskell. What's the most interesting
problem you've worked on there?" treated a language as a place. A language or a tool is now something they solve
problems with, an employer keeps "there", a kind of work is asked about as that work, and a name the interviewer
cannot place gets a wording that fits either. Checked on the fixture resumes' skills and positions."""

import pytest

from agent_worker.core.followups import follow_up_options
from agent_worker.core.listening import named_kind, read_answer
from agent_worker.core.scripted import ScriptedBrain
from agent_worker.core.sources import resume_questions
from agent_worker.core.tailoring import InterviewContext, in_latin_script, safe_phrase
from tests.unit.engine.helpers import Harness

# Skills as the fixture resumes list them (the altacv, awesome-cv, accountant and office coordinator resumes).
SKILLS = ["C++", "Embedded systems", "Statistics", "DevOps", "Site reliability engineering", "Kubernetes",
          "Terraform", "Accounting", "CPA", "Tax preparation", "Project management", "Microsoft Word", "Excel"]


@pytest.mark.parametrize(("anchor", "kind"), [
    ("Haskell", "tool"),  # a language in the skills vocabulary, whether or not the resume lists it
    ("C++", "tool"),
    ("Kubernetes", "tool"),
    ("Microsoft Word", "tool"),
    ("Excel", "tool"),
    ("Project management", "topic"),
    ("Site reliability engineering", "topic"),
    ("Accounting", "topic"),
    ("Payroll", "topic"),
    ("balance sheets", "topic"),
    ("DevOps", "name"),
    ("CPA", "name"),
    ("Enactus", "name"),  # nothing says what it is
])
def test_what_a_named_thing_is_is_read_from_the_resume_and_the_skills_vocabulary(anchor, kind):
    assert named_kind(anchor, f"I spend most of my week on {anchor} these days.", [], SKILLS) == kind


def test_an_employer_is_a_place_by_the_resume_or_by_how_it_is_said():
    assert named_kind("Gilmore Financial", "I do tax work for small firms.", ["Gilmore Financial"], SKILLS) == "place"
    assert named_kind("Dunamu", "Before that I was at Dunamu for a year.", [], SKILLS) == "place"
    assert named_kind("Stripe", "In 2020 I joined Stripe as a backend engineer.", [], SKILLS) == "place"


def test_the_self_introduction_follow_up_fits_a_language_a_place_and_a_kind_of_work():
    def first(anchor, kind):
        return follow_up_options("self_intro", [], anchor, "mid", False, kind=kind)[0][1]

    assert first("Haskell", "tool") == "You mentioned Haskell. What's the most interesting problem you've solved with " \
                                       "Haskell recently?"
    assert first("Acme", "place") == "You mentioned Acme. What's the most interesting problem you've worked on there " \
                                     "recently?"
    assert first("project management", "topic") == ("You mentioned project management. What's the most interesting "
                                                    "problem you've solved in that work recently?")
    assert first("DevOps", "name") == ("You mentioned DevOps. What's the most interesting problem you've worked on "
                                       "recently that involved DevOps?")
    for kind in ("tool", "topic", "name"):
        assert not any("there" in text for _, text in follow_up_options("self_intro", [], "Haskell", "mid", False,
                                                                        kind=kind))


def intro_reply(answer: str) -> str:
    """The interviewer's reply to a self-introduction, for a candidate whose resume lists Acme Corp."""
    h = Harness(resume_text="Alice Martin\nEXPERIENCE\nBackend Engineer, Acme Corp 2019 - Present\n").start()
    h.enter_stage("self_intro")
    h.engine.brain = ScriptedBrain()
    h.ask("Could you start by telling me a little about yourself and what you're working on right now?")
    h.answer(answer)
    return h.said()[-1]


def test_in_an_interview_a_language_is_asked_about_as_a_language_and_an_employer_as_a_place():
    reply = intro_reply("I'm a backend engineer. These days I write mostly Haskell for our billing services, and I "
                        "look after their deploys.")
    assert "You mentioned Haskell. What's the most interesting problem you've solved with Haskell recently?" in reply, \
        reply
    reply = intro_reply("I'm a backend engineer, and for the last five years I've been at Acme looking after billing "
                        "and the payment services.")
    assert "You mentioned Acme. What's the most interesting problem you've worked on there recently?" in reply, reply


def test_a_trait_on_the_skills_list_is_not_named_back_as_work():
    reading = read_answer("I'm bilingual, and I run the front desk and the billing for a dental practice.",
                          known_terms=["Bilingual", "Billing"])
    assert "bilingual" not in [a.lower() for a in reading.anchors], reading.anchors


def test_looking_back_at_an_employer_or_a_tool_is_looking_back_at_the_work_there_or_with_it():
    place = [t for _, t in follow_up_options("past_experience", ["result"], "Acme", "senior", True, kind="place")]
    assert "Looking back at your work at Acme, what would you do differently next time?" in place, place
    assert not any("Looking back at Acme" in t or "What came of Acme" in t for t in place)
    tool = [t for _, t in follow_up_options("past_experience", ["result"], "Kubernetes", "mid", True, kind="tool")]
    assert "Looking back at your work with Kubernetes, what would you do differently next time?" in tool, tool


def test_a_title_without_an_employer_is_not_a_place_to_have_worked_there():
    # The Chinese header template lists a title (研发工程师, R&D engineer) and no employer.
    context = InterviewContext.from_candidate({"name": "Sam Lee", "role": "Engineer", "level": "mid",
                                               "highlights": {"positions": [{"title": "R&D Engineer"}]}})
    texts = [c.text for seed in "abcdefgh" for c in resume_questions(context, "self_intro", seed, None)]
    listed = [t for t in texts if t.startswith("Your resume lists")]
    assert listed and all("there" not in t for t in listed), listed
    assert "Your resume lists your role as R&D Engineer. What's the piece of work from that role you'd most want me " \
           "to know about?" in listed


def test_a_title_in_another_script_is_not_said_back():
    # The Chinese header template as it is parsed: the walk heard "Your resume lists your role as 研发工程师."
    def questions(title: str) -> list[str]:
        context = InterviewContext.from_candidate({
            "name": "Alex", "role": "Software Engineer", "level": "mid",
            "highlights": {"positions": [{"title": title}], "skills": ["C++", "Linux"]}})
        return [c.text for stage in ("self_intro", "past_experience") for seed in "abcdefgh"
                for c in resume_questions(context, stage, seed, None)]

    assert any(t.startswith("Your resume lists your role as R&D Engineer") for t in questions("R&D Engineer"))
    texts = questions("研发工程师")
    assert all(in_latin_script(t) for t in texts), texts
    assert not any(t.startswith("Your resume lists") for t in texts), texts


@pytest.mark.parametrize(("phrase", "spoken"), [
    ("研发工程师", ""), ("Инженер", ""), ("XX公司", ""),
    ("José García", "José García"), ("Zürich Insurance", "Zürich Insurance"), ("R&D Engineer", "R&D Engineer"),
    ("C++ / Linux", "C++ / Linux"),
])
def test_a_phrase_is_spoken_only_in_the_latin_script(phrase, spoken):
    assert safe_phrase(phrase) == spoken
