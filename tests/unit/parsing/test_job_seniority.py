"""The seniority of a job is the level the advert is for, from its title first; the years asked are a fact of their own."""

import pytest

from agent_worker.core.facts import JobRequirements, extract_job_requirements, summarise_for_interview
from interviews.parsing import parse_document

from .documents import JOB_DESCRIPTIONS


@pytest.mark.parametrize(
    "name,seniority,years",
    [
        ("jd_software_engineer_backend.txt", ["Senior"], "5+ years"),
        ("jd_data_scientist.txt", ["3+ years of experience"], "3+ years"),
        ("jd_registered_nurse.txt", ["2+ years of experience"], "2+ years"),
        ("jd_site_reliability_engineer.txt", ["4+ years of experience"], "4+ years"),
        ("jd_staff_accountant.txt", ["1-3 years of experience"], "1-3 years"),
    ],
)
def test_each_job_description_gets_the_seniority_it_advertises(name, seniority, years):
    path = JOB_DESCRIPTIONS / name
    requirements = parse_document(path.read_bytes(), path.name, "jd").requirements
    assert requirements["seniority_signals"] == seniority
    assert requirements["experience_years"] == years


@pytest.mark.parametrize(
    "title,levels",
    [
        ("Senior Backend Engineer (Python / Go)", ["Senior"]),
        ("Sr. Software Engineer", ["Senior"]),
        ("Junior Data Analyst", ["Junior"]),
        ("Mid-Level Product Designer", ["Mid-level"]),
        ("Staff Software Engineer, Payments", ["Staff"]),
        ("Senior/Staff Platform Engineer", ["Senior", "Staff"]),
        ("Principal Data Scientist", ["Principal"]),
        ("Engineering Team Lead", ["Lead"]),
        ("Software Engineering Intern, Summer", ["Intern"]),
        ("Graduate Software Engineer", ["Entry-level"]),
        ("Head of Data", ["Head"]),
        ("Staff Accountant", []),
        ("Staff Nurse", []),
        ("Lead Generation Specialist", []),
        ("Internal Auditor", []),
        ("Site Reliability Engineer", []),
    ],
)
def test_the_level_comes_from_the_title(title, levels):
    reqs = extract_job_requirements(f"{title}\n\nRequirements\n- Python\n- SQL\n")
    assert reqs.title == title or not levels
    assert reqs.seniority_signals == levels


def test_a_level_the_text_states_counts_when_the_title_has_none():
    text = "Backend Engineer\nWe are looking for a senior engineer to own our billing services.\n"
    assert extract_job_requirements(text).seniority_signals == ["Senior"]
    assert extract_job_requirements("Data Analyst\nSeniority: Mid-level\n").seniority_signals == ["Mid-level"]
    assert extract_job_requirements("Designer\nThis is a junior role with lots of support.\n").seniority_signals == [
        "Junior"
    ]


def test_levels_of_other_people_are_not_the_level_of_the_job():
    text = (
        "Backend Engineer\n\nWhat you'll do\n- Mentor junior and mid-level engineers\n- Lead design reviews\n"
        "- Work with senior leadership\n\nRequirements\n- 3+ years of experience with Python\n"
    )
    reqs = extract_job_requirements(text)
    assert reqs.seniority_signals == ["3+ years of experience"]
    assert reqs.experience_years == "3+ years"


@pytest.mark.parametrize(
    "requirement,years",
    [
        ("At least five (5) years of experience in accounting", "5+ years"),
        ("3 or more years of hands-on experience", "3+ years"),
        ("2-4 years of experience in a similar role", "2-4 years"),
        ("1 year of customer service experience", "1 year"),
        ("Minimum of 7 years in software development", "7+ years"),
        ("10+ yrs building distributed systems", "10+ years"),
    ],
)
def test_the_years_asked_are_read_from_the_requirements(requirement, years):
    reqs = extract_job_requirements(f"Engineer\n\nRequirements\n- {requirement}\n- SQL\n")
    assert reqs.experience_years == years


def test_years_that_are_not_experience_are_not_taken():
    text = (
        "Accountant\nWe have served clients for 30 years.\n\nRequirements\n- CPA within 2 years of hire\n"
        "- GAAP\n\nBenefits\n- 25 days of holiday, and a sabbatical after 5 years\n"
    )
    reqs = extract_job_requirements(text)
    assert reqs.experience_years is None
    assert reqs.seniority_signals == []


def test_the_summary_gives_the_level_and_the_years():
    text = (JOB_DESCRIPTIONS / "jd_software_engineer_backend.txt").read_text()
    summary = summarise_for_interview(None, extract_job_requirements(text))
    assert "Seniority: Senior; 5+ years of experience." in summary
    assert "mentor" not in summary.lower()


def test_the_years_survive_a_round_trip_and_old_facts_still_load():
    reqs = extract_job_requirements((JOB_DESCRIPTIONS / "jd_staff_accountant.txt").read_text())
    assert JobRequirements.model_validate(reqs.model_dump()) == reqs
    old = JobRequirements.model_validate({"title": "Accountant", "seniority_signals": ["1-3 years"]})
    assert old.experience_years is None and old.seniority_signals == ["1-3 years"]
