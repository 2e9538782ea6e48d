"""The one-answer practice page: same feedback as the report and score_answers give the same answer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command

from agent_worker.core.facts import extract_job_requirements
from feedback.models import Report
from interviews.models import Document, Interview, Question
from interviews.signals import interview_completed
from tests.integration.feedback.helpers import completed_interview

pytestmark = pytest.mark.django_db

STORY = ("At Acme our checkout was failing during peak sales. My task was to find out why and fix it before "
         "Black Friday. I profiled the database queries, added a missing index and moved receipts to a queue. "
         "As a result, checkout errors dropped by 80% and revenue rose 12% that weekend.")


@pytest.fixture
def bank_question(role):
    return Question.objects.create(role=role, stage="past_experience", competency="ownership",
                                   text="Tell me about a time you fixed something under pressure at {company}.")


def test_it_is_for_signed_in_candidates(client):
    response = client.get("/feedback/practice/")
    assert response.status_code == 302 and "/accounts/login" in response["Location"]


def test_the_page_offers_the_role_banks_grouped_by_role(alice_client, bank_question):
    page = alice_client.get("/feedback/practice/").content.decode()
    assert '<optgroup label="Backend Engineer">' in page
    assert "Tell me about a time you fixed something under pressure at the company." in page
    assert "{company}" not in page


def test_the_welcome_check_in_and_the_closing_question_are_not_offered(alice_client, role, bank_question):
    """They assess nothing (no competency; the report does not score them): "Shall we get started?" is no
    question to practise an answer to."""
    Question.objects.create(role=role, stage="greeting", competency="", text="Shall we get started?")
    Question.objects.create(role=role, stage="closing", competency="",
                            text="What would you like to ask about how this team runs production?")
    page = alice_client.get("/feedback/practice/").content.decode()
    assert "Tell me about a time you fixed something under pressure at the company." in page
    assert "Shall we get started?" not in page
    assert "how this team runs production" not in page


def test_an_answer_to_a_bank_question_gets_the_same_feedback_at_once(alice_client, bank_question):
    response = alice_client.post("/feedback/practice/", {"bank_question": bank_question.pk, "answer": STORY})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Scored as a story question" in page
    assert "You put an amount on the outcome" in page
    assert "<q>As a result, checkout errors dropped by 80% and revenue rose 12% that weekend.</q>" in page
    assert '<mark class="star star-result"' in page


def test_a_weak_answer_to_their_own_question_gets_an_example_built_from_it(alice_client):
    response = alice_client.post("/feedback/practice/", {
        "own_question": "Tell me about a time you improved a process.",
        "answer": "I think I wrote a script that matched the bank export to the ledger.",
    })
    page = response.content.decode()
    assert "An improved version, from your own words" in page
    assert "Your turn: what changed after you wrote a script that matched the bank export to the ledger" in page
    assert "[" not in page.split("An improved version")[1].split("</div>")[0]


def test_a_non_answer_gets_how_to_answer_not_an_improved_version_of_words_it_has_none_of(alice_client):
    response = alice_client.post("/feedback/practice/", {
        "own_question": "Tell me about a time something didn't go to plan.",
        "answer": "I'm not sure, maybe. It depends on the situation really.",
    })
    page = response.content.decode()
    assert "How to answer this one" in page and "nothing in this answer to build on" in page
    assert "An improved version, from your own words" not in page
    assert "What did you do yourself, step by step?" in page


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"answer": "Something."}, "Choose a question from the bank or write your own."),
        ({"own_question": "Why?", "answer": ""}, "This field is required."),
    ],
)
def test_a_form_without_a_question_or_an_answer_says_what_is_missing(alice_client, data, message):
    response = alice_client.post("/feedback/practice/", data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert 'id="result"' not in response.content.decode()


def test_choosing_a_bank_question_and_writing_one_is_refused(alice_client, bank_question):
    response = alice_client.post("/feedback/practice/", {"bank_question": bank_question.pk, "own_question": "Why?",
                                                        "answer": STORY})
    assert "not both" in response.content.decode()


def test_the_report_the_practice_page_and_score_answers_agree_on_one_answer(
    alice, alice_client, role, immediate_tasks, rules_only, tmp_path, capsys
):
    interview = completed_interview(alice, role=role, typed=True)
    interview_completed.send(sender=type(interview), interview=interview)
    report = Report.objects.get(interview=interview)
    answer = next(a for a in report.analysis["answers"] if "checkout errors dropped by 80%" in a["text"])

    page = alice_client.post("/feedback/practice/", {"own_question": answer["question"], "answer": answer["text"]})
    shown = page.content.decode().split('<span class="answer-score">')[1].split("<")[0]

    path = tmp_path / "one.json"
    path.write_text(json.dumps({"questions": [{"question": answer["question"], "answer": answer["text"]}]}))
    call_command("score_answers", str(path))
    scored = json.loads(capsys.readouterr().out)["answers"][0]

    assert float(shown) == answer["score"] == scored["score"]
    assert [s["quote"] for s in scored["strengths"]] == [s["quote"] for s in answer["strengths"]]
    assert scored["example_answer"] == answer["example_answer"]


BACKEND_POSTING = (Path(__file__).resolve().parents[2] / "fixtures" / "job_descriptions"
                   / "jd_software_engineer_backend.txt").read_text()


def test_with_the_interviews_posting_the_report_the_practice_page_and_score_answers_still_agree(
    alice, alice_client, role, immediate_tasks, rules_only, tmp_path, capsys
):
    posting = Document.objects.create(owner=alice, kind=Document.Kind.JOB_DESCRIPTION, text=BACKEND_POSTING,
                                      original_name="backend.txt",
                                      facts=extract_job_requirements(BACKEND_POSTING).model_dump())
    interview = completed_interview(alice, role=role, typed=True)
    Interview.objects.filter(pk=interview.pk).update(job_description=posting)
    interview_completed.send(sender=type(interview), interview=interview)
    answers = Report.objects.get(interview=interview).analysis["answers"]
    # "…At Acme I lead the payments API team, and I basically, um, like to work on reliability…": the job's work.
    intro = next(a for a in answers if a["text"].startswith("I'm a backend engineer"))
    assert any("this job's own work" in line for line in intro["explanation"])

    page = alice_client.post("/feedback/practice/", {"own_question": intro["question"], "answer": intro["text"],
                                                     "job": str(posting.pk)}).content.decode()
    shown = page.split('<span class="answer-score">')[1].split("<")[0]
    path = tmp_path / "one.json"
    path.write_text(json.dumps({"role": role.title, "job_description": BACKEND_POSTING,
                                "questions": [{"question": intro["question"], "answer": intro["text"]}]}))
    call_command("score_answers", str(path))
    printed = json.loads(capsys.readouterr().out)
    scored = printed["answers"][0]

    assert float(shown) == intro["score"] == scored["score"]
    assert scored["explanation"] == intro["explanation"]
    assert [i["advice"] for i in scored["improvements"]] == [i["text"] for i in intro["improvements"]]
    assert printed["job"]["title"] == "Senior Backend Engineer (Python / Go)"
    assert "for Senior Backend Engineer (Python / Go)" in page, "the page says which posting it scored against"


def test_without_a_posting_of_their_own_the_page_offers_none(alice_client, bank_question):
    page = alice_client.get("/feedback/practice/").content.decode()
    assert 'name="job"' not in page


def test_a_what_would_you_do_question_gets_the_same_verdict_on_the_page_and_from_score_answers(alice_client, tmp_path, capsys):
    question = "Which product that you use every day would you improve, and how?"
    answers = [
        "My banking app. Moving money between accounts takes five taps and two confirmations. I would put a transfer "
        "button on the home screen and remember the last account I used, because most of my transfers go to the same place.",
        "At the clinic I negotiated our supply contracts. I compared three vendors' prices for a year of orders and showed "
        "our main vendor the cheaper quote; they matched it, which saved us about 2,300 dollars a year.",
    ]
    path = tmp_path / "two.json"
    path.write_text(json.dumps({"questions": [{"question": question, "answer": a} for a in answers]}))
    call_command("score_answers", str(path))
    scored = json.loads(capsys.readouterr().out)["answers"]
    for answer, printed in zip(answers, scored, strict=True):
        page = alice_client.post("/feedback/practice/", {"own_question": question, "answer": answer}).content.decode()
        assert float(page.split('<span class="answer-score">')[1].split("<")[0]) == printed["score"]
        assert "a what-would-you-do question" in page
    assert scored[0]["score"] >= 3.5 > 2.0 >= scored[1]["score"]
