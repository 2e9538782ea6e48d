"""The exact facts a careful recruiter reads from each fixture resume and job description (tests/fixtures):
who, which roles at which employers and when, which schools; the hiring company, title, place and the
requirements, never its pitch. bench/parse_accuracy_bench.py scores the same documents field by field."""

import pytest

from interviews.parsing import parse_document

from .documents import JOB_DESCRIPTIONS, RESUMES, read_positions


def roles(*rows):
    return [dict(zip(("title", "employer", "start", "end"), row, strict=True)) for row in rows]


ACCOUNTANT = (
    "Ebony Moore",
    roles(("Certified Public Accountant", "Gilmore Financial", "Oct. 2021", "Current"),
          ("Accountant", "Harrison Money Management", "Aug. 2020", "Oct. 2021"),
          ("Junior Accountant", "Harrison Money Management", "May 2019", "Aug. 2020")),
    ["Bachelor of Business Administration in accounting, Cloverfield College"],
)
RESUME_FACTS = {
    "resume_word_generated_accountant.pdf": ACCOUNTANT,
    "resume_docx_word_accountant.docx": ACCOUNTANT,
    "resume_docx_word_office_coordinator_1page.docx": (
        "Cody Fredrickson",
        roles(("Practice Manager", "Brightside Dental", "Aug. 2019", "Current"),
              ("Office Manager", "Marsshine Engineering", "Sep. 2015", "Aug. 2019")),
        ["Bachelor's in human resource management, Northwest Vermont University"],
    ),
    "resume_latex_awesomecv_3page.pdf": (
        "Byungjin Park",
        roles(("DevOps Engineer", "Dunamu Inc.", "Sep. 2023", "Mar. 2024"),
              ("Founding Member & Site Reliability Engineer & Infrastructure Team Lead",
               "Danggeun Pay Inc. (KarrotPay)", "Mar. 2021", "Jun. 2023"),
              ("Site Reliability Engineer", "Danggeun Market Inc.", "Feb. 2021", "Mar. 2021"),
              ("Founding Member & Director of Infrastructure Division", "Kasa", "Jun. 2018", "Jan. 2021"),
              ("Software Architect", "Omnious. Co., Ltd.", "Jun. 2017", "May. 2018"),
              ("Co-founder & Software Engineer", "PLAT Corp.", "Jan. 2016", "Jun. 2017"),
              ("Software Engineer & Security Researcher (Compulsory Military Service)", "R.O.K Cyber Command",
               "Aug. 2014", "Apr. 2016"),
              ("Software Engineer", "ShitOne Corp.", "Dec. 2011", "Feb. 2012")),
        ["B.S. in Computer Science and Engineering, POSTECH(Pohang University of Science and Technology) "
         "(Mar. 2010 - Aug. 2017)"],
    ),
    # Half-edited templates: their placeholders ("John Doe", "Job title, Employer", "Your University") are no facts.
    "resume_latex_moderncv_classic_4page.pdf": (None, [], []),
    "resume_latex_moderncv_spanish.pdf": (None, [], []),
    "resume_two_column_latex_altacv.pdf": (None, [], ["B.Sc., Stanford University (Sept 1998 – June 2001)"]),
}


@pytest.mark.parametrize("name", sorted(RESUME_FACTS))
def test_each_fixture_resume_gives_its_exact_facts(name):
    person, positions, education = RESUME_FACTS[name]
    facts = parse_document((RESUMES / name).read_bytes(), name, "resume").highlights
    assert facts["name"] == person
    assert read_positions(facts["positions"]) == positions
    assert facts["education"] == education
    assert all(p["confidence"] >= 0.6 for p in facts["positions"])  # none of these needs the candidate's check
    assert person is None or facts["confidence"]["name"] >= 0.6


# What each half-edited template still says, word for word: the setup page shows it as text to replace.
TEMPLATE_TEXT = {
    "resume_latex_moderncv_classic_4page.pdf": ["John Doe", "Job title, Employer", "Degree, Institution, City, Grade.",
                                                "category 1", "XXX", "YYY"],
    "resume_latex_moderncv_spanish.pdf": ["John Doe", "título del puesto, Empleador", "Grado, Institución, Ciudad, Grade."],
    "resume_two_column_latex_altacv.pdf": [
        "Your Name Here", "Job Title 1, Company 1", "Job Title 2, Company 2",
        "Ph.D. in Your Discipline, Your University (Sept 2002 – June 2006)", "Project 1", "Funding agency/institution"],
}


@pytest.mark.parametrize("name", sorted(TEMPLATE_TEXT))
def test_a_templates_placeholders_are_left_out_and_named_as_template_text(name):
    facts = parse_document((RESUMES / name).read_bytes(), name, "resume").highlights
    assert set(TEMPLATE_TEXT[name]) <= set(facts["template_text"])
    shown = [facts["name"] or "", *facts["skills"], *facts["projects"], *facts["education"],
             *(f"{p['title']} {p['employer']}" for p in facts["positions"])]
    for placeholder in ("XXX", "Employer", "Empleador", "Company 1", "Your University", "Your Discipline", "Project 1"):
        assert not any(placeholder in fact for fact in shown), placeholder
    real = parse_document((RESUMES / "resume_word_generated_accountant.pdf").read_bytes(), "cv.pdf", "resume")
    assert real.highlights["template_text"] == []


JOB_FACTS = {
    "jd_data_scientist.txt": ("Lumen Health Analytics", "Data Scientist",
                              "Boston, MA (hybrid, 2 days a week in the office)"),
    "jd_registered_nurse.txt": ("Riverside General Hospital", "Registered Nurse - Emergency Department",
                                "Springfield, IL"),
    "jd_site_reliability_engineer.txt": ("Cloudberry", "Site Reliability Engineer", "Remote (US)"),
    "jd_software_engineer_backend.txt": ("Northwind Payments", "Senior Backend Engineer (Python / Go)",
                                         "Berlin or remote (EU time zones)"),
    "jd_staff_accountant.txt": ("Harbor & Finch LLP", "Staff Accountant", "Portland, OR"),
}
PITCH = ("salary", "holiday", "benefit", "401", "insurance", "equity", "bonus of", "tuition", "we ", "our ")


@pytest.mark.parametrize("name", sorted(JOB_FACTS))
def test_each_fixture_job_description_gives_its_company_title_and_place_and_no_pitch(name):
    reqs = parse_document((JOB_DESCRIPTIONS / name).read_bytes(), name, "jd").requirements
    assert (reqs["company"], reqs["title"], reqs["location"]) == JOB_FACTS[name]
    assert min(reqs["confidence"].values()) >= 0.6
    assert len(reqs["must_haves"]) >= 4 and reqs["nice_to_haves"] and len(reqs["responsibilities"]) >= 5
    for item in reqs["must_haves"] + reqs["nice_to_haves"]:
        assert not item.lower().startswith(PITCH[-2:]) and not any(p in item.lower() for p in PITCH[:8]), item


def test_the_nurse_posting_reads_its_requirements_exactly():
    reqs = parse_document((JOB_DESCRIPTIONS / "jd_registered_nurse.txt").read_bytes(), "jd.txt", "jd").requirements
    assert reqs["must_haves"] == [
        "Active Registered Nurse (RN) license in Illinois or a compact state",
        "BLS and ACLS certification (PALS within 6 months of hire)",
        "2+ years of acute care nursing experience, emergency department preferred",
        "Associate degree in nursing; BSN preferred",
        "Excellent communication and teamwork under pressure",
    ]
    assert reqs["nice_to_haves"] == ["TNCC or CEN certification", "Bilingual English/Spanish"]
    assert reqs["responsibilities"][0] == "Assess, triage and care for adult and pediatric patients in a 40-bed emergency department"
    assert len(reqs["responsibilities"]) == 6


def test_a_markdown_posting_is_read_as_structure_without_its_pitch():
    text = (
        "slug-of-the-posting\nSenior Haskell Engineer - Remote\n11+ years\n\n"
        "## About the position\nYou will be working closely with our Head of Product.\n\n"
        "## About you\n"
        "- _You're [disciplined](https://example.com/discipline)_ - you lead good outcomes.\n"
        "- **Mastery** of functional programming with `Haskell` or Elm\n\n"
        "Read our _[blog](https://example.com/blog)_ to find out more about our culture.\n\n"
        "Have you read Paul Graham's essay? Are you a Lisp Hacker? If so, you should join.\n\n"
        "## Benefits\n- Unrestricted vacation\n\n## Why you should join Acmeflow\n- We're growing fast\n"
    )
    reqs = parse_document(text.encode(), "jd.txt", "jd").requirements
    assert reqs["company"] == "Acmeflow" and reqs["location"] == "Remote"
    assert reqs["title"] == "Senior Haskell Engineer"
    assert reqs["must_haves"] == [
        "11+ years of experience",
        "You're disciplined - you lead good outcomes.",
        "Mastery of functional programming with Haskell or Elm",
    ]
    assert reqs["responsibilities"] == ["You will be working closely with our Head of Product."]
    assert reqs["nice_to_haves"] == []


def test_results_keep_numbers_whole_and_understand_numbers_written_out():
    from agent_worker.core.facts import extract_resume_facts

    text = (
        "Experience\nSupport Lead, Acme Corp | 2019 - 2023\n"
        "- Trained three new technicians on the help desk\n- Halved the ticket backlog within a quarter\n"
        "- Supported 1,200 users across 4 offices\n- Answered phones and emails\n"
    )
    # The result that measures a change first, then the scopes (what one trained, whom one supported).
    assert extract_resume_facts(text).results == [
        "Halved the ticket backlog within a quarter",
        "Trained three new technicians on the help desk",
        "Supported 1,200 users across 4 offices",
    ]


def test_ml_among_functional_languages_is_the_language_not_machine_learning():
    from agent_worker.core.facts import extract_job_requirements

    reqs = extract_job_requirements("Requirements\n- Mastery of Haskell, F#, Elm, ML, OCaml or Scala\n- ML pipelines in Python\n")
    assert "Machine learning" in reqs.skills  # from the second line
    only = extract_job_requirements("Requirements\n- Mastery of Haskell, F#, Elm, ML, OCaml or Scala\n")
    assert "Machine learning" not in only.skills and {"Haskell", "OCaml"} <= set(only.skills)
