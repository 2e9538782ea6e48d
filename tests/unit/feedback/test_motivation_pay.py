"""A motivation answer about pay: a real reason, acknowledged as one, and pointed at the work; never praised."""

import pytest

from feedback.analysis import analyse_interview
from feedback.narrative import rules_narrative
from feedback.practice import score_document
from feedback.scoring import JobContext, assess_answer

from .events import EventLog

PAY_ONLY = [
    ("Why do you want this role?", "Honestly the money is better. I need a raise, and this job pays more than my current one."),
    ("Why are you looking to leave your current job?",
     "I need a raise. My rent went up and my current company froze salaries for two years."),
    ("What draws you to this role?", "To be honest it is better paid, and I would earn more than I do now."),
]


@pytest.mark.parametrize(("question", "answer"), PAY_ONLY)
def test_a_pay_only_answer_is_told_it_is_a_real_reason_and_to_name_the_work(question, answer):
    verdict = assess_answer(question, answer)

    assert verdict.score <= 1.5
    assert verdict.strengths == [], "nothing in a pay-only answer is praised"
    assert not any("experience" in line for line in verdict.explanation), verdict.explanation
    assert any("a real reason, but it says nothing about what draws you to the work" in line for line in verdict.explanation)
    assert verdict.improvements[0].key == "money"
    assert not any(word in i.text for i in verdict.improvements for word in ("result", "what you did", '"I"'))
    advice = verdict.improvements[0].text
    assert "real reason" in advice and "draws you to the work" in advice and "from this job" in advice
    assert verdict.improvements[0].quote in answer
    assert "rent" not in (verdict.example_answer or "") and "raise" not in (verdict.example_answer or "")


def test_with_a_posting_the_pay_advice_is_followed_by_what_it_asks_for():
    job = JobContext.from_posting("Backend Engineer\nYou will:\n- Build payment APIs in Django\n- Run the on-call rotation\n")

    verdict = assess_answer("Why do you want this role?", "Honestly the money is better. I need a raise.", job=job)

    assert [i.key for i in verdict.improvements][:2] == ["money", "not_specific"]
    assert "The posting asks you to" in verdict.improvements[1].text


def test_score_answers_says_the_same_for_a_pay_answer_beside_a_good_one():
    document = {"questions": [
        {"question": q, "answer": a} for q, a in PAY_ONLY[:1]
    ] + [{"question": "What draws you to this role?",
          "answer": "Honestly the money is better than where I am now. I built our payments API in Django and cut "
                    "the p95 latency from 800 ms to 200 ms, and I'd like to keep doing that kind of work."}]}

    answers = score_document(document)["answers"]

    assert answers[0]["strengths"] == []
    assert answers[1]["score"] > answers[0]["score"]
    assert all("money" not in s["quote"] for s in answers[1]["strengths"])
    assert "real reason" in answers[1]["improvements"][0]["advice"]


def test_the_report_points_a_pay_answer_at_the_work():
    question, answer = PAY_ONLY[0]
    log = EventLog().start(0).enter("self_intro", 0, index=0)
    log.ask("self_intro", "q1", question, 5, 10, competency="communication")
    log.say("self_intro", "q1", answer, 60, 60, source="text")
    log.exit("self_intro", 70, "natural", questions=1, seconds=70)
    log.end(71, "completed")

    narrative = rules_narrative(analyse_interview(log.events, competencies=["communication"]))

    assert narrative.strengths == []
    titles = [i.title for i in narrative.improvements]
    assert "Lead with what draws you to the work" in titles, titles
    assert not any("money" in (s.quote or "") for s in narrative.strengths)
    assert any("job description" in item for item in narrative.practice_next), narrative.practice_next
