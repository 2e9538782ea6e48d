"""Scoring against the posting: an answer that speaks to the job's work is recognised, one that names none of it
is told so, with what the posting asks quoted. Postings from tests/fixtures; answers written as candidates would."""

from __future__ import annotations

from pathlib import Path

import pytest

from feedback.scoring import JobContext, assess_answer

POSTINGS = Path(__file__).resolve().parents[2] / "fixtures" / "job_descriptions"


def posting(name: str) -> JobContext:
    job = JobContext.from_posting((POSTINGS / f"{name}.txt").read_text())
    assert job is not None
    return job


ADVISOR = "jd_patient_success_advisor"
ACCOUNTANT = "jd_staff_accountant"
BACKEND = "jd_software_engineer_backend"

NURSE_WHY = (
    "I've been a registered nurse for four years, two of them in a US hospital, and the part I liked most was helping "
    "the overseas nurses who joined our unit get through their licensing paperwork. Guiding nurses through the "
    "licensing and visa steps full time is exactly the work I want to do next."
)
ANY_EMPLOYER_WHY = (
    "I'm really excited about this role because Carewell seems like a great company with a great culture. I'm looking "
    "for my next step and I want to grow. Also the remote setup and the unlimited vacation are a big plus for me."
)
BARISTA_INTRO = (
    "I'm a barista at a coffee shop downtown and I've worked there for three years. Before that I studied history at "
    "college. I like meeting people and I'm looking for something new."
)
PRECEPTOR_INTRO = (
    "I'm a registered nurse with five years on a cardiac ward at St. Luke's in Houston. For the last two years I've "
    "also been the unit's preceptor: I check in every week with each new nurse we hire, and I helped six overseas "
    "nurses get their Texas licences. I'm looking for a role where that support is the whole job."
)
ACCRUALS_STORY = (
    "During the March close at Harlow & Finch I was reconciling the bank account and found a $14,200 difference. I "
    "traced it to two accruals that had been posted twice, reversed both journal entries and added a check to our "
    "month-end close checklist. We have not had a duplicate accrual since, and the close now finishes a day earlier."
)


def _verbatim(answer: str, verdict) -> None:
    for item in verdict.strengths:
        assert item.quote and item.quote in answer, item
    for item in verdict.improvements:
        assert item.quote is None or item.quote in answer, item


def test_a_motivation_answer_told_through_the_postings_work_is_credited_with_the_sentence_that_names_it():
    verdict = assess_answer("Why do you want this role?", NURSE_WHY, job=posting(ADVISOR))

    specific = next(s for s in verdict.strengths if s.key == "specific")
    assert specific.quote == "Guiding nurses through the licensing and visa steps full time is exactly the work I want to do next."
    assert specific.text == "You named what this job asks for, not praise any company could get."
    assert not any(i.key == "not_specific" for i in verdict.improvements), "no advice to be specific next to it"
    assert any("this job's own work" in line for line in verdict.explanation)
    _verbatim(NURSE_WHY, verdict)


def test_a_motivation_answer_any_employer_could_hear_is_told_what_the_posting_asks():
    job = posting(ADVISOR)
    verdict = assess_answer("Why do you want this role?", ANY_EMPLOYER_WHY, job=job)

    assert not any(s.key == "specific" for s in verdict.strengths), '"this role" alone is not praised as specific'
    advice = next(i for i in verdict.improvements if i.key == "not_specific")
    assert advice.quote is None, "about what is missing: no sentence quoted"
    assert advice.text.startswith("Nothing here names this job's work.")
    assert "“make the licensing and visa steps faster so that nurses wait less between stages”" in advice.text
    assert verdict.score < assess_answer("Why do you want this role?", ANY_EMPLOYER_WHY).score
    _verbatim(ANY_EMPLOYER_WHY, verdict)


def test_the_same_motivation_answer_scores_higher_for_the_job_it_speaks_to():
    question = "Why this role?"
    answer = ("I've spent four years building payment APIs in Python and Django at Paystack, and I was on the on-call "
              "rotation for our settlement service. Your settlement pipeline on Kafka is the kind of system I want to "
              "own next.")

    for_backend = assess_answer(question, answer, job=posting(BACKEND))
    for_accounts = assess_answer(question, answer, job=posting(ACCOUNTANT))

    assert for_backend.score > for_accounts.score
    assert any(s.key == "specific" for s in for_backend.strengths)
    assert any(i.key == "not_specific" and "journal entries" in i.text for i in for_accounts.improvements)


def test_an_introduction_naming_nothing_of_the_job_is_told_so():
    verdict = assess_answer("Tell me about yourself.", BARISTA_INTRO, job=posting(ADVISOR))

    advice = next(i for i in verdict.improvements if i.key == "not_this_job")
    assert advice.quote is None
    assert advice.text.startswith("Nothing here points at this job. The posting asks you to “be the main contact")
    _verbatim(BARISTA_INTRO, verdict)


def test_an_introduction_that_speaks_to_the_job_earns_it_and_is_not_told_otherwise():
    with_job = assess_answer("Tell me about yourself.", PRECEPTOR_INTRO, job=posting(ADVISOR))
    without = assess_answer("Tell me about yourself.", PRECEPTOR_INTRO)

    assert with_job.score > without.score
    assert not any(i.key == "not_this_job" for i in with_job.improvements)
    assert any(line.startswith("+0.4 for experience in this job's own work") for line in with_job.explanation)
    _verbatim(PRECEPTOR_INTRO, with_job)


def test_a_story_of_the_jobs_own_work_scores_a_little_higher_and_a_story_from_elsewhere_is_not_told_off():
    question = "Tell me about a time you found and fixed an error in the books."
    accounts = assess_answer(question, ACCRUALS_STORY, job=posting(ACCOUNTANT))
    alone = assess_answer(question, ACCRUALS_STORY)
    elsewhere = assess_answer(question, ACCRUALS_STORY, job=posting(BACKEND))

    assert accounts.score == pytest.approx(alone.score + 0.2, abs=0.05)
    assert elsewhere.score == alone.score
    assert [i.key for i in elsewhere.improvements] == [i.key for i in alone.improvements]
    _verbatim(ACCRUALS_STORY, accounts)


def test_the_postings_own_boilerplate_is_not_the_jobs_work():
    job = posting(ADVISOR)

    # "You're resourceful - You find a way…" describes the person; "find", "way", "first" name no work.
    assert job.shared_words("I find a way, first thing, every week.") == []
    assert not job.names_its_work("I'm resourceful and I keep going when things get hard.")
    assert job.names_its_work("I helped overseas nurses with their licensing.")
    # "Lead incident response, run blameless postmortems and follow up on action items": "lead", "run", "follow"
    # are anybody's verbs; the SRE work is the incidents and the postmortems.
    sre = posting("jd_site_reliability_engineer")
    assert not sre.names_its_work("I lead a small team and run our weekly meeting, and I follow up on every item.")
    assert sre.names_its_work("I ran the postmortem for our worst incident last year.")
    # "Senior", "written and spoken communication": the level and the soft skills are no work of the job's own.
    assert not posting(BACKEND).names_its_work("I'm a senior person with good written communication.")


def test_a_posting_with_no_duties_or_must_haves_gives_no_job_to_judge_by():
    assert JobContext.from_posting("Backend Engineer\n\nJoin us!") is None
    assert JobContext.from_posting("") is None


NURSE_POSTING = "jd_registered_nurse"
FLOOR_NURSE_INTRO = (
    "I'm a registered nurse with three years on a medical-surgical floor at Mercy General. I precept new graduates "
    "and I'm the unit's go-to for IV starts. I'm looking to move into emergency nursing, where triage and fast "
    "assessment are the core of the job."
)


def test_a_floor_nurses_introduction_is_credited_for_the_emergency_work_it_names_and_its_thread_is_heard():
    verdict = assess_answer("Tell me about yourself.", FLOOR_NURSE_INTRO, job=posting(NURSE_POSTING))

    assert not any(i.key in ("no_thread", "not_this_job") for i in verdict.improvements), verdict.improvements
    thread = next(s for s in verdict.strengths if s.key == "thread")
    assert thread.quote.startswith("I'm looking to move into emergency nursing")
    _verbatim(FLOOR_NURSE_INTRO, verdict)


def test_close_to_home_and_better_pay_are_reasons_about_convenience_not_the_work():
    answer = "It's close to my home and the pay is better than what I have now. I also heard it's a good hospital."
    verdict = assess_answer("Why do you want to work here?", answer, job=posting(NURSE_POSTING))

    money = next(i for i in verdict.improvements if i.key == "money")
    assert money.quote == "It's close to my home and the pay is better than what I have now."
    assert any(i.key == "not_specific" and "triage" in i.text for i in verdict.improvements)
    assert verdict.score == 1.0
