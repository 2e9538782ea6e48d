"""A text interview walked as Ebony Moore (tests/fixtures resume_word_generated_accountant.pdf, a CPA at Gilmore
Financial) for Harbor & Finch's Staff Accountant posting (jd_staff_accountant.txt), answering as a candidate would:
short answers, a non-answer, her own questions, strong stories. Each test is a line that read wrong."""

import copy

import pytest

from agent_worker.core.followups import answer_candidate_question, follow_up_options
from agent_worker.core.listening import read_answer
from agent_worker.core.simulate import simulate
from agent_worker.core.sources import must_have_question, resume_questions
from agent_worker.core.tailoring import InterviewContext
from interviews.parsing import parse_document
from tests.unit.engine.checks import of

from ..parsing.documents import JOB_DESCRIPTIONS, RESUMES

JOB = (JOB_DESCRIPTIONS / "jd_staff_accountant.txt").read_text()
POSTING = [("the job description", JOB)]
INTRO = ("Sure. I'm an accountant at Gilmore Financial in New Orleans. I mostly do tax work and balance sheets for "
         "corporate clients, and before that I was at Harrison Money Management.")
AP = ("At Harrison I handled AP and AR for the whole department, so I was matching invoices and chasing late "
      "payments every week. That's where I learned to keep a tidy ledger.")
W2 = ("Last tax season a client's payroll provider went out of business two weeks before the W-2 deadline, and we "
      "only had their records through September. I decided to rebuild the fourth quarter from the client's bank "
      "statements instead of waiting for the provider's files. I reconciled 46 employees' pay against the deposits, "
      "filed all the W-2s on time, and when the provider's files finally showed up in February they matched to the "
      "cent.")


@pytest.fixture(scope="module")
def ebony():
    path = RESUMES / "resume_word_generated_accountant.pdf"
    resume = parse_document(path.read_bytes(), path.name, "resume").text
    return {"name": "Ebony Moore", "role": "Staff Accountant", "level": "mid", "resume_text": resume,
            "job_description": JOB, "company": "Harbor & Finch LLP"}


def test_who_would_i_report_to_is_never_answered_with_a_sentence_about_financial_reports():
    reply = answer_candidate_question("Who would I report to in this role?", POSTING)
    assert "financial reports" not in reply and "doesn't say who the role reports to" in reply, reply
    said = answer_candidate_question("Who would I report to?", [("the job description",
                                                                 "You will report directly to the Controller.")])
    assert "report directly to the Controller" in said


def test_the_pay_asked_in_other_words_is_answered_from_the_compensation_line():
    for asked in ("And what does the pay look like?", "What's the salary range?", "How much does it pay?"):
        reply = answer_candidate_question(asked, POSTING)
        assert "$58,000 - $68,000" in reply and "doesn't say" not in reply, (asked, reply)


def test_what_one_sentence_leaves_out_is_quoted_from_another_not_said_to_be_missing():
    reply = answer_candidate_question("Can I ask first, how much of this job is tax season versus month-end close?",
                                      POSTING)
    assert "month-end and year-end close" in reply and "during tax season" in reply, reply
    assert "doesn't say" not in reply and "ask first" not in reply


def test_a_town_after_the_employer_and_the_pronoun_after_a_name_are_never_named_back():
    assert "New Orleans" not in read_answer(INTRO).anchors
    assert "Gilmore Financial" in read_answer(INTRO).anchors
    assert read_answer(AP).anchors[0] == "Harrison" and "Harrison I" not in read_answer(AP).anchors


def test_a_kind_of_work_is_asked_about_as_work_not_as_a_place_there():
    intro = " ".join(text for _, text in follow_up_options("self_intro", [], "balance sheets", "mid", False))
    assert "worked on there" not in intro and "You mentioned balance sheets." in intro
    assert "worked on there" in " ".join(t for _, t in follow_up_options("self_intro", [], "Acme", "mid", False,
                                                                         kind="place"))
    past = [t for _, t in follow_up_options("past_experience", ["result"], "reconciliation", "mid", True)]
    assert "Looking back at your work on reconciliation, what would you do differently next time?" in past
    assert not any("Looking back at reconciliation" in t or "What came of reconciliation" in t for t in past)


def test_the_role_does_not_lean_on_accounting_for_a_staff_accountant(ebony):
    context = InterviewContext.from_candidate(ebony)
    spoken = " ".join(c.text for c in resume_questions(context, "self_intro", "ebony", None))
    assert "leans on accounting," not in spoken and "You list accounting," not in spoken
    assert "accounts payable" in spoken  # a skill of the job that is not the job itself is still asked about


def test_a_must_have_asked_about_is_not_asked_again_as_you_mentioned_it_earlier(ebony):
    context = InterviewContext.from_candidate(ebony)
    first = must_have_question(context, "mid", "ebony", None)
    assert first is not None and "GAAP" in first.text
    answer = ("We follow GAAP for all the corporate clients' statements. I prepare the balance sheets and accruals "
              "to GAAP and my manager signs them off.")
    again = must_have_question(context, "mid", "ebony", None, [answer, "I guess it went fine."], [first.text])
    assert again is None or "GAAP" not in again.text


def test_the_walk_asks_nothing_twice_and_answers_her_questions_from_the_posting(ebony):
    answers = ["Yes, ready.", INTRO, "Hmm, I don't know, nothing really stands out. It's mostly routine.",
               "Can I ask first, how much of this job is tax season versus month-end close?", AP, W2,
               "Who would I report to in this role?", "I'd say the reconciliation. I set up a spreadsheet that "
               "matched every deposit to a pay run, so nothing slipped through."]
    events = simulate({"seed": "ebony", "candidate": copy.deepcopy(ebony),
                       "turns": [{"say": a, "delay_seconds": 3} for a in answers]})
    said = " ".join(e["data"]["text"] for e in of(events, "agent.said"))
    assert "Harrison I." not in said and "New Orleans" not in said and "financial reports" not in said
    assert "doesn't say anything about tax season" not in said
    asked = [e["data"]["text"] for e in of(events, "question.asked")]
    assert len(asked) == len(set(asked)) and sum("GAAP" in t for t in asked) <= 1
    own = [e for e in of(events, "candidate.said") if e["data"].get("request") == "own_question"]
    assert len(own) == 2
