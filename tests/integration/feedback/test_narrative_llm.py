"""The narrative from an OpenAI-compatible model (the fake server), validated, retried, else rules."""

import json

import pytest

from feedback.analysis import analyse_interview
from feedback.models import Report
from interviews.signals import interview_completed
from tests.integration.feedback.helpers import COMPETENCIES, completed_interview

pytestmark = pytest.mark.django_db


@pytest.fixture
def llm(settings, fake_openai, immediate_tasks):
    settings.OPENAI_API_KEY = "sk-test"
    settings.OPENAI_BASE_URL = fake_openai.base_url
    settings.OPENAI_MODEL = "fake-gpt"
    return fake_openai


@pytest.fixture
def interview(alice, role):
    return completed_interview(alice, role=role)


def valid_narrative(interview, *, quote=None) -> dict:
    events = [e.as_message() for e in interview.events.order_by("seq")]
    analysis = analyse_interview(events, competencies=COMPETENCIES)
    best = max(analysis.answers, key=lambda a: a.score)
    weak = min((a for a in analysis.answers if a.counts_for_competency), key=lambda a: a.score)
    said = quote or best.sentences[0].text
    return {
        "summary": "You gave concrete, measured answers when you told a story; the short ones need more detail.",
        "strengths": [{"title": "Numbers on impact", "detail": "You quantified your result.", "quote": said,
                       "question_id": best.question_id}],
        "improvements": [{"title": "Say more", "detail": "Give the context and the result.",
                          "quote": weak.sentences[0].text, "question_id": weak.question_id}],
        "question_pointers": [{"question_id": weak.question_id, "pointer": "Add the outcome.",
                               "quote": weak.sentences[0].text}],
        "example_answer": {"question_id": weak.question_id,
                           "answer": "I wrote more tests. Your turn: what changed after you wrote them, and by how much?",
                           "notes": "Answer the 'Your turn' question with your own facts."},
        "practice_next": ["Practise one STAR story aloud.", "Add a number to every result."],
    }


def test_a_valid_model_reply_becomes_the_narrative_and_the_page_says_so(llm, interview, alice, client):
    llm.queue(json=valid_narrative(interview))

    interview_completed.send(sender=type(interview), interview=interview)

    report = Report.objects.get()
    assert report.narrative_source == "llm"
    assert report.narrative["summary"].startswith("You gave concrete")
    request = llm.last_chat
    assert request.json["response_format"] == {"type": "json_object"}
    assert request.json["model"] == "fake-gpt"
    assert "<transcript>" in request.messages[-1]["content"]
    client.force_login(alice)
    page = client.get(f"/feedback/{interview.pk}/").content.decode()
    assert "Written feedback by a language model (fake-gpt)" in page
    assert "Numbers on impact" in page


def test_an_invalid_reply_is_retried_with_the_error_and_the_valid_one_is_used(llm, interview):
    llm.queue(text="Sure! Here is your feedback: you did great.")
    llm.queue(json=valid_narrative(interview))

    interview_completed.send(sender=type(interview), interview=interview)

    report = Report.objects.get()
    assert report.narrative_source == "llm"
    assert len(llm.chat_requests) == 2
    assert "That reply was rejected" in llm.chat_requests[1].messages[-1]["content"]


def test_a_model_outage_falls_back_to_the_rules_and_says_why(llm, interview, alice, client):
    llm.default = None
    llm.queue(status=503)
    llm.queue(status=503)

    interview_completed.send(sender=type(interview), interview=interview)

    report = Report.objects.get()
    assert report.status == Report.Status.READY
    assert report.narrative_source == "rules"
    assert "the language model call failed" in report.narrative["fallback_reason"]
    client.force_login(alice)
    page = client.get(f"/feedback/{interview.pk}/").content.decode()
    assert "Written feedback by MockFlow&#x27;s rules" in page or "Written feedback by MockFlow's rules" in page
    assert "the language model was not used" in page


def test_a_made_up_quote_is_rejected_every_time_and_the_rules_take_over(llm, interview, alice, client):
    invented = valid_narrative(interview, quote="I single-handedly rewrote the whole platform in a weekend.")
    for _ in range(3):
        llm.queue(json=invented)

    interview_completed.send(sender=type(interview), interview=interview)

    report = Report.objects.get()
    assert report.narrative_source == "rules"
    assert "does not occur in the transcript" in report.narrative["fallback_reason"]
    quotes = json.dumps([item["quote"] for item in report.narrative["strengths"] + report.narrative["improvements"]])
    assert "single-handedly" not in quotes
    assert len(llm.chat_requests) == 3
    client.force_login(alice)
    page = client.get(f"/feedback/{interview.pk}/").content.decode()
    assert "single-handedly" not in page
    assert "its drafts did not pass our checks" in page


def test_a_score_the_analysis_did_not_measure_is_rejected_and_the_corrected_reply_is_used(llm, interview, alice,
                                                                                           client):
    rescored = valid_narrative(interview)
    rescored["summary"] = "Honestly this interview rates 0.7/5, below any score the rules give."
    llm.queue(json=rescored)
    llm.queue(json=valid_narrative(interview))

    interview_completed.send(sender=type(interview), interview=interview)

    report = Report.objects.get()
    assert report.narrative_source == "llm"
    assert len(llm.chat_requests) == 2
    assert "the score 0.7/5 is not one the analysis measured" in llm.chat_requests[1].messages[-1]["content"]
    client.force_login(alice)
    page = client.get(f"/feedback/{interview.pk}/").content.decode()
    assert "0.7/5" not in page and "Written feedback by a language model" in page


def test_without_a_key_no_model_is_called(settings, fake_openai, immediate_tasks, interview):
    settings.OPENAI_API_KEY = None
    settings.OPENAI_BASE_URL = fake_openai.base_url

    interview_completed.send(sender=type(interview), interview=interview)

    assert Report.objects.get().narrative_source == "rules"
    assert fake_openai.chat_requests == []
