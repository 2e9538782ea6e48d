"""The match and the posting's fields for jobs outside the seeded roles (issue 31 part 2, issue 26's posting items):
each failure a user met, on a posting of that shape from tests/fixtures/professions (tuning part)."""

from pathlib import Path

from agent_worker.core.facts import extract_job_requirements, extract_resume_facts, match_resume_to_job
from agent_worker.core.facts.models import JobRequirements, Position, ResumeFacts

PROFESSIONS = Path(__file__).resolve().parents[2] / "fixtures" / "professions"
NURSE_POSTING = (PROFESSIONS / "nursing" / "posting_rn_med_surg_carewell.txt").read_text()
WAREHOUSE_POSTING = (PROFESSIONS / "warehouse" / "posting_reach_truck_operator_hartwell.md").read_text()
HOTEL_POSTING = (PROFESSIONS / "hospitality" / "posting_front_desk_agent_seabreeze.md").read_text()
CLERK_POSTING = (PROFESSIONS / "administration" / "posting_receptionist_county_clerk.txt").read_text()

# A line chef applying to a warehouse job: twelve years in kitchens, two jobs at once for four of them.
CHEF = ResumeFacts(
    name="Sam Ortiz",
    skills=["Food safety", "Inventory", "Team leadership"],
    positions=[
        Position(title="Line Chef", employer="Harbor Grill", start="Jan 2012", end="Present"),
        Position(title="Prep Cook", employer="Bayside Catering", start="2015", end="2019"),
    ],
    results=["Cut food waste by 18% by rotating stock first in, first out"],
)


def test_an_equipment_licence_the_resume_never_mentions_is_a_gap_however_many_years():
    reqs = extract_job_requirements(WAREHOUSE_POSTING)
    match = match_resume_to_job(CHEF, reqs, today_year=2024)
    gaps = {g["requirement"]: g["why"] for g in match["gaps"]}
    assert "Must hold a current powered industrial truck (PIT) license" in gaps
    assert "years" not in gaps["Must hold a current powered industrial truck (PIT) license"]
    # Twelve years in kitchens are no years of warehouse work.
    assert "5+ years of warehouse experience" in gaps
    # The freezer is a condition of the job to be ready for, not a gap in a resume.
    assert "Able to work in temperatures down to -10°F with provided freezer gear" in reqs.conditions
    assert not any("temperatures" in g for g in gaps)
    assert match["coverage"] is not None and match["coverage"] < 1
    assert not any("years" in m["why"] for m in match["matched_requirements"])


def test_years_come_from_the_positions_dates_with_overlaps_counted_once():
    assert match_resume_to_job(CHEF, JobRequirements(), today_year=2024)["resume_years"] == 12.0
    months = ResumeFacts(positions=[Position(title="Cook", employer="A", start="Mar 2019", end="Sep 2020"),
                                    Position(title="Cook", employer="B", start="Jun 2020", end="Mar 2021")])
    assert match_resume_to_job(months, JobRequirements(), today_year=2024)["resume_years"] == 2.0


def test_years_of_a_kind_of_work_are_met_when_the_resume_says_that_work():
    reqs = JobRequirements(must_haves=["5+ years of kitchen experience", "3 years of experience"])
    match = match_resume_to_job(CHEF.model_copy(update={"skills": ["Kitchen management"]}), reqs, today_year=2024)
    assert [m["requirement"] for m in match["matched_requirements"]] == reqs.must_haves
    assert match["matched_requirements"][0]["why"].startswith("resume mentions kitchen")


def nurse(licence_line: str) -> ResumeFacts:
    return ResumeFacts(
        name="Ana Lima",
        skills=["Patient care", "Wound care", "BLS", licence_line],
        positions=[Position(title="Registered Nurse", employer="St Luke's Hospital", start="2018", end="Present")],
    )


def test_a_licence_required_in_the_state_you_apply_for_is_shown_to_confirm_not_as_a_strength():
    reqs = extract_job_requirements(NURSE_POSTING)
    match = match_resume_to_job(nurse("RN License, California Board of Registered Nursing"), reqs, today_year=2024)
    confirm = {c["requirement"]: c["why"] for c in match["to_confirm"]}
    assert "Current RN license in the state you are applying for" in confirm
    assert "California" in confirm["Current RN license in the state you are applying for"]
    assert "Current RN license in the state you are applying for" not in [
        m["requirement"] for m in match["matched_requirements"]]


def test_a_licence_of_a_named_state_is_met_only_by_that_state():
    reqs = JobRequirements(must_haves=["Active RN license in the State of Oregon"])
    other = match_resume_to_job(nurse("RN License - Texas (active)"), reqs, today_year=2024)
    assert other["matched_requirements"] == []
    assert "Oregon" in other["to_confirm"][0]["why"] and "Texas" in other["to_confirm"][0]["why"]
    same = match_resume_to_job(nurse("RN License - Oregon State Board of Nursing"), reqs, today_year=2024)
    assert same["matched_requirements"][0]["why"].startswith("resume shows RN License - Oregon")
    lapsed = match_resume_to_job(nurse("RN License - Oregon (expired 2021)"), reqs, today_year=2024)
    assert lapsed["gaps"][0]["why"].endswith("not a current one")


def test_headings_places_schedules_and_pay_are_never_requirements():
    for posting in (NURSE_POSTING, WAREHOUSE_POSTING, CLERK_POSTING):
        reqs = extract_job_requirements(posting)
        for item in reqs.must_haves + reqs.nice_to_haves:
            assert not item.endswith(":"), item
            assert "Knowledge, Skills" not in item and "Tyler, TX" not in item and "Hartwell, GA" not in item
            assert "$" not in item and not item.lower().startswith(("location", "schedule", "hours")), item
        match = match_resume_to_job(CHEF, reqs, today_year=2024)
        listed = [x["requirement"] for x in match["gaps"] + match["qualities"] + match["matched_requirements"]]
        assert not any(item.endswith(":") or "Tyler, TX" in item or "Hartwell" in item for item in listed)
    clerk = extract_job_requirements(CLERK_POSTING).must_haves
    assert "Skill in typing at 40 words per minute" in clerk and "1 year of clerical or customer service experience" in clerk


def test_front_matter_is_read_as_fields_never_shown_raw():
    toml = extract_job_requirements(WAREHOUSE_POSTING)
    assert (toml.title, toml.company, toml.location) == ("Reach Truck Operator", "Hartwell Cold Storage", "Hartwell, GA")
    yaml = extract_job_requirements(HOTEL_POSTING)
    assert (yaml.title, yaml.company, yaml.location) == ("Front Desk Agent", "Seabreeze Inn & Suites", "Santa Cruz, CA")
    for reqs in (toml, yaml):
        assert not any("=" in m or m.startswith(("title", "company")) for m in reqs.must_haves + reqs.responsibilities)


def test_the_company_is_read_from_its_own_words_not_its_town():
    reqs = extract_job_requirements(NURSE_POSTING)  # "Tyler" is named four times, "Carewell" twice
    assert reqs.company == "Carewell"
    assert extract_job_requirements(CLERK_POSTING).company == "Marion County Clerk's Office"


def test_what_the_company_will_do_or_give_is_never_a_requirement():
    reqs = extract_job_requirements(NURSE_POSTING + "\n")
    assert not any("training" in m or "relocation" in m for m in reqs.must_haves)
    posting = ("Picker Packer\nDunmore Fulfilment\n\nRequirements:\n- Forklift certification (we will certify you on our"
               " trucks)\n- Able to stand for a full shift\n- No experience needed: full training is given\n")
    reqs = extract_job_requirements(posting)
    assert reqs.must_haves == ["Forklift certification"]
    assert reqs.conditions == ["Able to stand for a full shift"]


def test_a_credential_the_posting_takes_a_promise_for_is_a_gap_never_a_quality():
    """"Hazmat endorsement (or willing to obtain)" was listed as a quality to show in the answers."""
    posting = ("Delivery Driver\nRequirements\n- Class B CDL\n- Hazmat endorsement (or willing to obtain)\n"
               "- Food hygiene certificate, or willing to obtain\n")
    resume = ("Sam Lee\nExperience\nDriver - Acme Foods - 2019-present\n- Drove a box truck on a daily route\n"
              "Licences\nClass B CDL (2019)\nFood hygiene certificate (2022)\n")
    match = match_resume_to_job(extract_resume_facts(resume), extract_job_requirements(posting), today_year=2026,
                                resume_text=resume)
    assert [g["requirement"] for g in match["gaps"]] == ["Hazmat endorsement (or willing to obtain)"]
    assert "willing to get it" in match["gaps"][0]["why"] and match["qualities"] == []
    assert "Food hygiene certificate, or willing to obtain" in [m["requirement"] for m in match["matched_requirements"]]


def test_a_licence_of_another_kind_does_not_show_a_licence():
    """"Forklift licence" was met by "Full UK driving licence": the word "licence" alone."""
    posting = "Warehouse Operative\nRequirements\n- Forklift licence\n- First aid certificate\n"
    resume = ("Sam Lee\nExperience\nVan Driver - Acme Foods - 2019-present\n- Drove a van on a daily route\n"
              "Licences\nFull UK driving licence (2015)\nFirst aid certificate (2020)\n")
    match = match_resume_to_job(extract_resume_facts(resume), extract_job_requirements(posting), today_year=2026,
                                resume_text=resume)
    assert [m["requirement"] for m in match["matched_requirements"]] == ["First aid certificate"]
    assert [g["requirement"] for g in match["gaps"]] == ["Forklift licence"]
