"""A role from the job description, for any profession (issue 31): a nurse, a warehouse worker, a front desk agent,
a garden centre assistant, a teacher and an electrician each get an interview about their own job, in their
posting's words, and never another trade's (the tuning part of tests/fixtures/professions)."""

import pytest

from agent_worker.core.bank import load_bank
from agent_worker.core.facts import JobRequirements
from agent_worker.core.posting_role import duty_question, role_from_posting, role_matches_posting, short_title
from tests.unit.engine.professions import (
    TUNING,
    interview,
    jobs,
    lines,
    other_trades_words,
    posting_words,
    questions,
    sales_bank,
    themes_found,
)

TUNING_JOBS = jobs(TUNING)


def _ids(job):
    return job.profession


@pytest.mark.parametrize("job", TUNING_JOBS, ids=_ids)
def test_the_role_is_named_by_the_posting_and_scored_on_its_themes(job):
    role = job.role
    assert role.title == short_title(job.labels["title"])
    assert 3 <= len(role.competencies) <= 6 and "communication" in role.competencies  # the "About you" stage's
    assert len(themes_found(job)) >= 2, (role.competencies, job.labels["competencies"])


@pytest.mark.parametrize("job", TUNING_JOBS, ids=_ids)
@pytest.mark.parametrize("level", ["junior", "mid", "senior"])
def test_no_question_of_the_bank_names_another_trade(job, level):
    for entry in load_bank(list(job.role.bank)):
        assert not other_trades_words(entry.text, job), entry.text


@pytest.mark.parametrize("job", TUNING_JOBS, ids=_ids)
@pytest.mark.parametrize("seed", ["one", "two", "three"])
def test_the_scripted_interview_never_names_another_trade(job, seed):
    events = interview(job, seed=seed)
    said = lines(events)
    assert len(questions(events)) >= 6
    assert [line for line in said if other_trades_words(line, job)] == []


@pytest.mark.parametrize("job", TUNING_JOBS, ids=_ids)
def test_the_job_questions_are_its_duties_in_the_postings_words(job):
    duty_questions = [e for e in job.role.questions_for("past_experience") if "opener" in e["tags"]]
    assert len(duty_questions) == 2
    assert all(len(posting_words(e["text"], job)) >= 3 for e in duty_questions)
    main = [q["text"] for q in questions(interview(job)) if q["kind"] == "main"]
    assert len([text for text in main if len(posting_words(text, job)) >= 2]) >= 1, main


def test_the_skill_areas_are_the_jobs_competencies_for_a_warehouse_and_a_nurse():
    by = {job.profession: job.role for job in TUNING_JOBS}
    assert {"accuracy", "physical work", "safety", "teamwork"} <= set(by["warehouse"].competencies)
    assert {"patient care", "safety", "communication", "prioritising"} <= set(by["nursing"].competencies)
    warehouse = interview(next(job for job in TUNING_JOBS if job.profession == "warehouse"))
    assert {q["competency"] for q in questions(warehouse) if q["competency"]} <= {*by["warehouse"].competencies,
                                                                                   "communication", "teamwork"}


def test_the_nurse_who_picked_sales_was_asked_about_pipelines_and_the_posting_role_never_is():
    """The walk's nurse picked Sales, the closest of six roles, and was asked "How did you build and manage your
    pipeline to hit your number last year?"."""
    nurse = next(job for job in TUNING_JOBS if job.profession == "nursing")
    bank, competencies = sales_bank()
    as_sales = interview(nurse, bank=bank, role="Sales", competencies=competencies)
    assert any(other_trades_words(q["text"], nurse) for q in questions(as_sales))
    as_posting = interview(nurse)
    assert not any(other_trades_words(q["text"], nurse) for q in questions(as_posting))
    assert "Registered Nurse" in " ".join(lines(as_posting))


@pytest.mark.parametrize(("duty", "question"), [
    ("Pick, pack and ship customer orders accurately using an RF scanner",
     "The job asks you to pick, pack and ship customer orders accurately. Tell me"),
    ("Provides direct patient care to adults; documents it in Epic",
     "The job asks you to provide direct patient care to adults."),
    ("Carries out cycle counts", "The job asks you to carry out cycle counts."),
    ("Processes supplier invoices (about 400 a week)", "The job asks you to process supplier invoices."),
    ("Assess pupils' progress and use it to plan next steps", "The job asks you to assess pupils' progress"),
    ("Greeting guests at reception, including VIPs", "This job involves greeting guests at reception."),
])
def test_a_duty_is_asked_back_in_its_own_words(duty, question):
    assert duty_question(duty).startswith(question)


@pytest.mark.parametrize("line", ["As a Front Desk Agent you are the first person our guests meet.",
                                  "their questions and make their stay easy.", "Benefits", "PPE"])
def test_a_sentence_about_the_job_is_no_duty(line):
    assert duty_question(line) is None


@pytest.mark.parametrize(("role", "title", "matches"), [
    ("Sales", "Registered Nurse", False),
    ("Product Manager", "Warehouse Associate", False),
    ("Product Manager", "Store Manager", False),
    ("Software Engineer", "Senior Backend Engineer", True),
    ("Data Scientist", "Senior Data Scientist, Growth", True),
    ("Sales", "", True),
])
def test_a_recruiters_role_matches_a_posting_by_a_trade_word_of_its_title(role, title, matches):
    assert role_matches_posting(role, title) is matches


@pytest.mark.parametrize(("title", "short"), [
    ("Warehouse Associate - Day Shift", "Warehouse Associate"),
    ("Retail Sales Assistant (Part-time, 24 hours)", "Retail Sales Assistant"),
    ("Registered Nurse — Outpatient Clinic", "Registered Nurse"),
    ("Front Desk Agent", "Front Desk Agent"),
])
def test_the_jobs_name_leaves_out_the_shift_and_the_hours(title, short):
    assert short_title(title) == short


def test_a_posting_with_no_duties_read_still_gets_themes_from_its_lines_and_a_name_from_its_first_line():
    text = "Kitchen Porter\nYou will need to lift heavy pots safely and keep the wash area clean.\nReliable, flexible shifts."
    role = role_from_posting(JobRequirements(), text)
    assert role.title == "Kitchen Porter"
    assert {"physical work", "safety", "reliability"} <= set(role.competencies)


def test_the_about_you_stages_answers_are_scored_whatever_the_posting_names():
    """The walk's warehouse report left the six 'About you' answers 'not scored': the stage targets communication,
    which the warehouse posting does not name."""
    warehouse = next(job for job in TUNING_JOBS if job.profession == "warehouse").role
    assert "communication" in warehouse.competencies
    assert {e["competency"] for e in warehouse.questions_for("self_intro")} <= {*warehouse.competencies, None}
