"""The lead's walk as a student (a one-page campus resume for a junior role, session 6): the interviewer asked
"You mentioned Spanish. What's the most interesting problem you've worked on there recently?" and "Your resume
lists Member at Enactus."; the setup page counted a club membership and volunteering as "about 14 years of
experience" and showed "Volunteer Swim Coach at YMCA (Summer 2013 – ?)"."""

from agent_worker.core.facts import extract_job_requirements, match_resume_to_job
from agent_worker.core.facts.models import Position, ResumeFacts
from agent_worker.core.listening import read_answer
from agent_worker.core.sources import resume_questions
from agent_worker.core.tailoring import InterviewContext

LEO = ("Hi, I'm Leo. I'm finishing a business administration degree at the University of La Verne. On campus I'm in "
       "Enactus, where I led groups of junior high students in talks about business ethics and personal finance, and "
       "in the summers I coached swimming at the YMCA. I speak Spanish fluently, and I'm looking for a first job "
       "where I help people through something hard.")
LEO_RESUME = ("Leo Leopard\nEDUCATION\nUniversity of La Verne, La Verne, CA Expected Graduation: June 2016\n"
              "Bachelor of Arts, Business Administration\nON CAMPUS INVOLVEMENT\nEnactus, University of La Verne "
              "August 2013 – Present\nMember\n• Led groups of 9 junior high students in discussion on success skills\n"
              "SKILLS\nLanguage: Fluent in Spanish\n")


def test_their_name_their_school_and_a_language_they_speak_are_not_asked_about_as_their_work():
    reading = read_answer(LEO, known_terms=["Spanish", "Communication", "Excel"])
    assert not {"Spanish", "Leo", "University", "La Verne"} & set(reading.anchors), reading.anchors
    assert reading.anchors[0] == "Enactus"


def test_a_club_membership_is_asked_about_as_time_there_not_as_a_title():
    context = InterviewContext.from_candidate({"name": "Leo Leopard", "role": "Sales", "level": "junior",
                                               "resume_text": LEO_RESUME})
    position = context.resume_facts.positions[0]
    assert (position.title, position.employer) == ("Member", "Enactus")
    for seed in ("a", "b", "c", "d"):
        texts = [c.text for c in resume_questions(context, "self_intro", seed, None)]
        assert not any("Member at" in t or "As a Member" in t for t in texts), texts
        assert any("Enactus" in t for t in texts), texts


def test_volunteering_and_club_memberships_are_not_counted_as_years_of_experience():
    facts = ResumeFacts(positions=[
        Position(title="Member", employer="Enactus", start="August 2013", end="Present"),
        Position(title="Volunteer", employer="LionLike MindState", start="June 2012", end="Present"),
        Position(title="Volunteer Swim Coach", employer="YMCA", start="Summer 2013"),
    ])
    match = match_resume_to_job(facts, extract_job_requirements("Advisor\nRequirements:\n- Customer service\n"),
                                today_year=2026)
    assert match["resume_years"] is None


def test_a_role_with_one_date_is_shown_with_that_date_not_a_question_mark():
    assert Position(title="Volunteer Swim Coach", employer="YMCA", start="Summer 2013").describe() == \
        "Volunteer Swim Coach at YMCA (Summer 2013)"


def test_something_added_at_the_closing_instead_of_a_question_is_thanked_not_told_no_problem():
    from agent_worker.core.scripted import ScriptedBrain
    from tests.unit.engine.helpers import Harness

    h = Harness(name="Leo Leopard", role="Sales", level="junior", resume_text=LEO_RESUME).start()
    h.enter_stage("closing")
    h.engine.brain = ScriptedBrain()
    h.ask("What would you like to ask about the team?")
    h.answer("In Enactus I led groups of nine junior high students. The first session nobody talked, so I split "
             "them into pairs with a budget game, and by the third week every student was presenting their budget.")
    reply = h.said()[-2] if h.engine.is_over else h.said()[-1]
    assert reply in ("Thanks for adding that.", "Thank you for telling me that."), h.said()[-3:]
