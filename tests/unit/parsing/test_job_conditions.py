"""Conditions of employment (relocation, the right to work, travel, shifts, where and when one works) are listed as
conditions of the job: never a must-have, never a gap in the candidate's resume."""

from agent_worker.core.facts import extract_job_requirements, extract_resume_facts, match_resume_to_job

POSTING = """Registered Nurse - Emergency Room
Acme Health - Austin, TX
Full-time, 12-hour shifts (days/nights rotation)

Relocation to USA is required and included as part of this position.

Requirements
- Valid nursing license in any country
- 2+ years of emergency nursing experience
- Must be authorized to work in the United States without visa sponsorship
- Willingness to travel up to 25% between our clinics
- Able to work in PST/EST time and have a flexible schedule
- Desire to work in San Francisco.

Nice to have
- Experience with travel nursing agencies
- A valid driver's license is a plus
"""
RESUME = """Maria Lopez
Experience
Registered Nurse, St. Mary's Hospital | 2019 - Present
- Emergency department nursing for 30 beds
Education
Bachelor of Nursing Science, University of Manila
Certifications
Valid nursing license (Philippines)
"""
CONDITIONS = [
    "Full-time, 12-hour shifts (days/nights rotation)",
    "Must be authorized to work in the United States without visa sponsorship",
    "Willingness to travel up to 25% between our clinics",
    "Able to work in PST/EST time and have a flexible schedule",
    "Desire to work in San Francisco.",
    "A valid driver's license is a plus",
    "Relocation to USA is required and included as part of this position.",
]


def test_conditions_of_employment_are_listed_apart_from_the_requirements():
    reqs = extract_job_requirements(POSTING)
    assert sorted(reqs.conditions) == sorted(CONDITIONS)
    assert reqs.must_haves == ["Valid nursing license in any country", "2+ years of emergency nursing experience"]
    assert reqs.nice_to_haves == ["Experience with travel nursing agencies"]  # travel nursing is experience


def test_a_condition_is_never_a_gap_in_the_resume():
    reqs = extract_job_requirements(POSTING)
    match = match_resume_to_job(extract_resume_facts(RESUME), reqs, today_year=2026)
    asked = [g["requirement"] for g in match["gaps"] + match["matched_requirements"] + match["qualities"]]
    assert not set(CONDITIONS) & set(asked)
    assert match["gaps"] == []


def test_sharing_an_on_call_rota_is_a_condition_not_a_skill_to_ask_about():
    reqs = extract_job_requirements(
        "Registered Veterinary Nurse\nHillcrest Animal Hospital\n\nWhat we're looking for\n"
        "- Registered with the RCVS (RVN)\n- Confident monitoring general anaesthesia\n"
        "- Able to work one weekend in four and share the on-call rota\n"
    )
    assert reqs.conditions == ["Able to work one weekend in four and share the on-call rota"]
    assert "Able to work one weekend in four and share the on-call rota" not in reqs.must_haves
    assert "On-call" not in reqs.skills


def test_on_call_named_as_work_the_job_does_is_still_a_skill():
    reqs = extract_job_requirements(
        "Site Reliability Engineer\nCloudberry\n\nRequirements\n- Experience with on-call and incident response\n"
    )
    assert "On-call" in reqs.skills
