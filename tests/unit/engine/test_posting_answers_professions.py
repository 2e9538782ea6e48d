"""Answers to the candidate's questions about jobs outside the seeded roles (issue 31 part 3): the sentence that
covers what they asked, from the section that holds it; "doesn't say" only when none does; topics in the
question's own words. Postings from tests/fixtures/professions (tuning part)."""

from pathlib import Path

from agent_worker.core.posting_answers import answer_candidate_question, question_topics

PROFESSIONS = Path(__file__).resolve().parents[2] / "fixtures" / "professions"
NURSE = [("the job description", (PROFESSIONS / "nursing" / "posting_rn_med_surg_carewell.txt").read_text())]
WAREHOUSE = [("the job description",
              (PROFESSIONS / "warehouse" / "posting_reach_truck_operator_hartwell.md").read_text())]
CLERK = [("the job description",
          (PROFESSIONS / "administration" / "posting_receptionist_county_clerk.txt").read_text())]


def test_the_physical_demands_are_answered_from_the_physical_requirements_section():
    reply = answer_candidate_question("What are the physical demands, like the lifting?", NURSE)
    assert "Lift, turn and transfer patients weighing up to 50 pounds" in reply
    assert "doesn't say" not in reply
    reply = answer_candidate_question("What are the physical requirements?", WAREHOUSE)
    assert "Lift up to 55 lbs" in reply and "up to 10 hours" in reply


def test_when_benefits_start_is_answered_from_the_benefits_section():
    reply = answer_candidate_question("When do benefits start?", NURSE)
    assert "after 90 days of employment" in reply and "doesn't say" not in reply
    # "after hire" and "system" are a posting's plain words, not instructions to hide.
    assert "first of the month after hire" in answer_candidate_question("When do benefits start?", CLERK)


def test_the_schedule_training_and_licence_are_answered_from_their_sentences():
    assert "Three 12-hour shifts per week" in answer_candidate_question("What's the schedule?", NURSE)
    assert "10pm to 6:30am" in answer_candidate_question("What shift would I work?", WAREHOUSE)
    assert "warehouse management system" in answer_candidate_question("Is there training on the WMS?", WAREHOUSE)
    assert "in the state you are applying for" in answer_candidate_question("Do I need a Texas license?", NURSE)


def test_the_posting_doesnt_say_only_when_no_sentence_covers_it():
    reply = answer_candidate_question("Is there tuition reimbursement?", NURSE)
    assert "doesn't say anything about tuition reimbursement" in reply
    assert "doesn't" in answer_candidate_question("Is there a 401k?", WAREHOUSE)


def test_the_topics_named_are_the_questions_own_noun_phrases():
    topics = [phrase for phrase, _ in question_topics("Is there a lot of lifting, coming from inpatient med surg?",
                                                       NURSE)]
    assert topics == ["lifting"]
    silent = [("the job description", "Registered Nurse\n\nWe are hiring nurses for our clinic. Apply today.")]
    reply = answer_candidate_question("Is there a lot of lifting, coming from inpatient med surg?", silent)
    assert "about lifting" in reply and "coming" not in reply and "med surg" not in reply


def test_a_heading_alone_is_no_answer():
    reply = answer_candidate_question("What does the hiring process look like?",
                                      [("the job description", "Engineer\n\n## Hiring process\nA call with the "
                                        "hiring manager, then a technical interview with two engineers.")])
    assert "technical interview" in reply


ACCOUNTANT = [("the job description", (PROFESSIONS / "finance" / "posting_staff_accountant_pinecrest.md").read_text())]


def test_how_many_is_answered_by_a_number_of_them_or_not_at_all():
    assert "four to six post-operative and medical patients" in answer_candidate_question(
        "How many patients would I have?", NURSE)
    care = [("the job description", (PROFESSIONS / "care_work" / "posting_home_health_aide_brightpath.txt").read_text())]
    # "$16 - $19 per hour, plus mileage between clients" is no number of clients.
    assert "doesn't" in answer_candidate_question("How many clients would I see a day?", care)


def test_what_is_asked_first_and_is_nowhere_in_the_posting_is_not_answered_by_the_rest():
    reply = answer_candidate_question("Is there overtime during the audit?", ACCOUNTANT)
    assert "audit schedules" not in reply and "doesn't say anything about overtime" in reply


def test_paid_holidays_and_a_401k_are_asked_as_the_posting_says_them():
    assert "12 paid holidays" in answer_candidate_question("How many paid holidays?", CLERK)
    assert "5% match" in answer_candidate_question("What is the 401k match?", ACCOUNTANT)
