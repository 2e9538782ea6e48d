"""What a candidate's question about the job asks, read generally (issue 31): the pay, the hours, the holiday, a
pension … answered from the sentences that say them in the posting's own words, and "doesn't say" only when none
does. Postings of the tuning part of tests/fixtures/professions, and small ones made here."""

from pathlib import Path

from agent_worker.core.posting_answers import answer_candidate_question
from agent_worker.core.posting_asks import terms_asked

SET = Path(__file__).resolve().parents[2] / "fixtures" / "professions"


def _ask(question: str, posting: str) -> str:
    return answer_candidate_question(question, [("the job description", (SET / posting).read_text())])


def _names(question: str) -> list[str]:
    return [term.name for term, _ in terms_asked(question)]


def test_a_more_specific_term_is_read_before_the_broad_one():
    assert _names("Is there sick pay?") == ["sick pay"]
    assert _names("How much holiday do I get, and what's the pay?") == ["holiday", "the pay"]
    assert _names("Is overtime paid?") == ["overtime"]
    assert _names("Am I paid while I'm training?") == ["the pay", "training"]


def test_a_count_is_asked_of_what_it_counts():
    assert _names("How many people are on the night crew?") == []
    assert _names("How many hours a week is it?") == ["the hours"]


def test_overtime_and_sick_pay_are_not_answered_by_the_pay():
    for question, said in (("Is overtime paid?", "overtime"), ("Is there sick pay?", "sick pay")):
        reply = _ask(question, "warehouse/posting_reach_truck_operator_hartwell.md")
        assert f"doesn't say anything about {said}" in reply and "$22.50" not in reply, reply


def test_the_holidays_a_shift_falls_on_are_not_time_off():
    reply = _ask("How much holiday do I get?", "hospitality/posting_front_desk_agent_seabreeze.md")
    assert "doesn't say anything about" in reply and "Shifts are" not in reply, reply
    reply = _ask("How much holiday do I get?", "trades/posting_hvac_technician_comfortpro.txt")
    assert "2 weeks paid vacation" in reply, reply


def test_the_hours_come_from_the_schedule_not_the_physical_demands():
    reply = _ask("How many hours a week is it?", "warehouse/posting_reach_truck_operator_hartwell.md")
    assert "10pm to 6:30am" in reply and "Sit, stand" not in reply, reply


def test_benefits_asked_generally_are_read_from_their_section():
    reply = _ask("What benefits are there?", "nursing/posting_rn_med_surg_carewell.txt")
    assert "after 90 days" in reply, reply


def test_a_job_boards_plain_headings_place_the_requirements_and_the_company_intro():
    posting = ("Records Clerk\nThe County Office\n\nAbout us\nThe County Office issues marriage licences and keeps "
               "the land register.\n\nRequirements\n- A valid forklift licence for moving archive boxes\n"
               "- Two years of filing experience\n\nBenefits\n- Workplace pension\n- 25 days holiday\n")
    ask = lambda q: answer_candidate_question(q, [("the job description", posting)])  # noqa: E731
    assert "forklift licence" in ask("Do I need a licence?")
    assert "Two years of filing experience" in ask("Do I need experience?")
    assert "Workplace pension" in ask("Is there a pension?")
    assert "25 days holiday" in ask("How much time off is there?")
    assert "doesn't say anything about parking" in ask("Is there parking?")


def test_a_duty_that_names_a_perk_does_not_answer_it():
    posting = ("Payroll Clerk\n\nResponsibilities\n- Run the monthly payroll, including pension contributions\n\n"
               "Pay\n£24,000 a year\n")
    reply = answer_candidate_question("Is there a pension?", [("the job description", posting)])
    assert "doesn't say anything about a pension" in reply, reply
