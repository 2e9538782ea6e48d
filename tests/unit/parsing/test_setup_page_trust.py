"""What the setup page says about a real resume against a posting of the same shape as a real one (issue 12's
trust bugs, seen with the office coordinator's resume against a remote nurses' advisor posting): the resume's
best results, a degree matched only by a degree in its field, qualities never matched by common words, the
required qualifications first, teams named in a duty never taken as skills, the years the header states."""

from agent_worker.core.facts import (
    JobRequirements,
    ResumeFacts,
    extract_job_requirements,
    extract_resume_facts,
    match_resume_to_job,
)
from agent_worker.core.sources import gap_skills, must_have_question
from agent_worker.core.tailoring import InterviewContext
from interviews.parsing import parse_document

from .documents import JOB_DESCRIPTIONS, RESUMES

ADVISOR = (JOB_DESCRIPTIONS / "jd_patient_success_advisor.txt").read_text()


def coordinator():
    path = RESUMES / "resume_docx_word_office_coordinator_1page.docx"
    return parse_document(path.read_bytes(), path.name, "resume")


def test_the_results_that_changed_something_come_first_and_a_scope_is_no_result_shown():
    """Seen: 'Handled meeting and travel coordination for 13 executives' (a scope) listed, and the two results
    written in the present tense (no-shows down 26%, $2,300 saved a year) missed."""
    facts = ResumeFacts.model_validate(coordinator().highlights)
    assert facts.results == [
        "Implement online appointment booking and text message appointment reminders, decreasing no-shows by 26%",
        "Negotiate supply vendor contracts resulting in an annual savings of over $2,300",
        "Spearheaded the implementation of a cloud-based project management system that improved delivery time by 12%",
        "Handled meeting and travel coordination for 13 executives",
    ]
    assert facts.measured_results() == facts.results[:3]


def test_a_result_in_the_present_tense_is_read_and_a_count_of_what_one_handles_is_a_scope():
    text = ("Experience\nClinic Manager, Acme Health | 2021 - Present\n- Cut patient wait times by 15 minutes\n"
            "- Reduce supply costs by 8% a year\n- Oversee 12 front-desk staff\n- Grow monthly bookings to 1,400\n"
            "- Answer phones and emails\n")
    facts = extract_resume_facts(text)
    assert facts.results == ["Cut patient wait times by 15 minutes", "Reduce supply costs by 8% a year",
                             "Grow monthly bookings to 1,400", "Oversee 12 front-desk staff"]
    assert facts.measured_results() == facts.results[:3]


def test_a_degree_in_another_field_does_not_cover_a_degree_in_nursing():
    """Seen: 'Bachelor of Nursing Science Degree — resume shows Bachelor's in human resource management'."""
    hr = ResumeFacts(education=["Bachelor's in human resource management, Northwest Vermont University"])
    reqs = JobRequirements(must_haves=["Bachelor of Nursing Science Degree"])
    match = match_resume_to_job(hr, reqs, today_year=2026)
    assert match["matched_requirements"] == []
    assert match["gaps"] == [{"requirement": "Bachelor of Nursing Science Degree",
                              "why": "asks for a degree in nursing science; the resume shows Bachelor's in human resource "
                                     "management"}]
    arts = ResumeFacts(education=["Bachelor of Arts, Business Administration, University of La Verne, La Verne, CA"])
    assert match_resume_to_job(arts, reqs, today_year=2026)["gaps"][0]["why"] == (
        "asks for a degree in nursing science; the resume shows Bachelor of Arts, Business Administration")
    for education in ("BSN, State University", "B.S. in Nursing, State University",
                      "Bachelor of Science in Nursing, Riverside College"):
        match = match_resume_to_job(ResumeFacts(education=[education]), reqs, today_year=2026)
        assert match["gaps"] == [] and match["matched_requirements"][0]["why"] == "resume shows " + education


def test_a_degree_in_a_named_equivalent_field_covers_it_and_a_degree_asked_in_general_takes_any():
    maths = ResumeFacts(education=["B.Sc. in Mathematics, Some University"])
    named = JobRequirements(must_haves=["Bachelor's degree in Computer Science or a related field such as Mathematics"])
    assert match_resume_to_job(maths, named, today_year=2026)["gaps"] == []
    other = JobRequirements(must_haves=["Bachelor's degree in Computer Science or Physics"])
    assert match_resume_to_job(maths, other, today_year=2026)["gaps"][0]["why"].startswith(
        "asks for a degree in computer science or physics")
    general = JobRequirements(must_haves=["Bachelor's degree"])
    assert match_resume_to_job(maths, general, today_year=2026)["gaps"] == []
    accounting = JobRequirements(must_haves=["Bachelor's degree in accounting or finance"])
    bba = ResumeFacts(education=["Bachelor of Business Administration in accounting, Cloverfield College"])
    assert match_resume_to_job(bba, accounting, today_year=2026)["gaps"] == []


def test_a_quality_statement_is_a_quality_never_matched_by_common_words():
    """Seen: 'You work with urgency - … — resume mentions business, time'."""
    facts = ResumeFacts(results=["Cut the time to close the books by 3 days for the business"])
    reqs = JobRequirements(must_haves=[
        "You work with urgency - Time matters to the nurses and to the business; you get the right things done.",
        "You’re tenacious - You keep going when things get hard.",
    ])
    match = match_resume_to_job(facts, reqs, today_year=2026)
    assert match["matched_requirements"] == [] and match["gaps"] == []
    assert [q["requirement"] for q in match["qualities"]] == reqs.must_haves


def test_the_required_qualifications_come_before_the_about_you_qualities():
    """Seen: the six 'About you' qualities listed first, the nursing degree and RN experience under '4 more'."""
    must = extract_job_requirements(ADVISOR).must_haves
    assert must[:4] == [
        "Bachelor of Nursing Science Degree",
        "Minimum of two years of work experience as a registered nurse",
        "Minimum of one year of work experience in a US hospital as a registered nurse",
        "Excellent written and spoken English",
    ]
    assert all(m.startswith("You") for m in must[4:]) and len(must) == 10


def test_teams_named_in_a_duty_are_no_skills_of_the_job():
    """Seen: 'Product management' taken from 'Provide feedback and insights to Engineering, product management
    and the rest of the team', then asked about as the candidate's gap."""
    reqs = extract_job_requirements(ADVISOR)
    assert "Product management" not in reqs.skills
    assert reqs.skills == ["Nursing care", "Customer service"]
    asked = extract_job_requirements("Requirements\n- 3+ years of experience in product management\n"
                                     "Responsibilities\n- Work with Engineering, Design and the rest of the team\n")
    assert asked.skills == ["Product management"]


def test_the_gap_question_asks_about_a_real_must_have():
    parsed = coordinator()
    context = InterviewContext.from_candidate({"name": "Cody", "role": "Patient Success Advisor", "level": "mid",
                                               "resume_text": parsed.text, "job_description": ADVISOR})
    assert gap_skills(context)[0] == "nursing care"
    asked = must_have_question(context, "mid", "seed", None)
    assert asked is not None and asked.text.startswith("The job asks for nursing care")
    assert "product management" not in asked.text.lower()


def test_the_experience_the_header_states_is_the_experience_asked():
    """Seen: 'Seniority: 2+ years of experience' from a must-have, while the header says 'Remote, 5+ years'."""
    reqs = extract_job_requirements(ADVISOR)
    assert reqs.experience_years == "5+ years"
    assert reqs.seniority_signals == ["5+ years of experience"]
