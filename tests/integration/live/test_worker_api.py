"""The worker API: bearer auth, leases, idempotent ordered events, completion, terminal replays."""

import uuid

import pytest

from interviews.models import Event, Interview, Status
from interviews.signals import interview_completed
from tests.integration.live.conftest import WORKER_TOKEN, event

STARTED = {"plan": {"name": "default", "version": 1}, "brain": "scripted", "seed": "1"}


def url(interview, action):
    return f"/api/worker/interviews/{interview.id}/{action}"


@pytest.fixture
def worker(client, worker_token):
    client.defaults["HTTP_AUTHORIZATION"] = f"Bearer {WORKER_TOKEN}"
    return client


def post(worker, interview, action, body):
    return worker.post(url(interview, action), body, content_type="application/json")


def take_lease(worker, interview) -> str:
    response = worker.get(url(interview, "context?take_lease=1"))
    assert response.status_code == 200, response.content
    return response.json()["lease_token"]


def test_it_is_off_with_a_clear_message_when_no_token_is_set(client, interview, settings):
    settings.WORKER_API_TOKEN = None
    response = client.get(url(interview, "context"), HTTP_AUTHORIZATION="Bearer anything")
    assert response.status_code == 503
    assert "WORKER_API_TOKEN" in response.json()["detail"]


@pytest.mark.parametrize("header", [None, "Bearer wrong-token", f"Basic {WORKER_TOKEN}", "Bearer"])
def test_it_refuses_a_missing_or_wrong_token(client, interview, worker_token, header):
    extra = {"HTTP_AUTHORIZATION": header} if header else {}
    response = client.get(url(interview, "context"), **extra)
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Bearer")


def test_it_answers_404_for_an_unknown_interview(worker, interview):
    response = worker.get(f"/api/worker/interviews/{uuid.uuid4()}/context")
    assert response.status_code == 404


def test_context_holds_what_the_engine_needs_and_takes_the_lease_when_asked(worker, interview):
    response = worker.get(url(interview, "context?take_lease=1"))
    data = response.json()
    assert data["plan"]["stages"][0]["name"] == "greeting"
    assert data["candidate"]["name"] == "Alice Example"
    assert data["candidate"]["role"] == "Backend Engineer"
    assert data["candidate"]["competencies"] == ["system_design", "communication"]
    assert data["seed"] == "1234"
    assert data["events"] == []
    assert len(data["lease_token"]) >= 32
    interview.refresh_from_db()
    assert interview.status == Status.LIVE
    assert interview.lease_token == data["lease_token"]


def test_it_refuses_context_for_a_draft_interview(worker, make_interview, alice):
    draft = make_interview(alice, status="draft")
    response = worker.get(url(draft, "context"))
    assert response.status_code == 409
    assert response.json()["error"] == "not_ready"


def test_it_stores_events_in_order_and_skips_known_ids(worker, interview):
    lease = take_lease(worker, interview)
    batch = [event(1, type_="interview.started", data=STARTED), event(2), event(3)]
    response = post(worker, interview, "events", {"lease_token": lease, "events": batch})
    assert response.status_code == 200
    assert response.json() == {"stored": 3, "skipped": 0, "last_seq": 3}
    # The same batch again, plus one new event: the old ones are skipped, the new one stored.
    response = post(worker, interview, "events", {"lease_token": lease, "events": batch + [event(4)]})
    assert response.json() == {"stored": 1, "skipped": 3, "last_seq": 4}
    assert list(Event.objects.filter(interview=interview).values_list("seq", flat=True)) == [1, 2, 3, 4]


def test_it_refuses_a_gap_with_the_expected_seq(worker, interview):
    lease = take_lease(worker, interview)
    post(worker, interview, "events", {"lease_token": lease, "events": [event(1)]})
    response = post(worker, interview, "events", {"lease_token": lease, "events": [event(3)]})
    assert response.status_code == 409
    assert response.json()["expected"] == 2


def test_a_batch_is_all_or_nothing(worker, interview):
    lease = take_lease(worker, interview)
    response = post(worker, interview, "events", {"lease_token": lease, "events": [event(1), event(2), event(4)]})
    assert response.status_code == 409
    assert not Event.objects.filter(interview=interview).exists()


def test_a_stale_lease_is_lease_lost(worker, interview):
    first = take_lease(worker, interview)
    second = take_lease(worker, interview)  # the job was dispatched again
    response = post(worker, interview, "events", {"lease_token": first, "events": [event(1)]})
    assert response.status_code == 409
    assert response.json()["error"] == "lease_lost"
    assert post(worker, interview, "events", {"lease_token": second, "events": [event(1)]}).status_code == 200


@pytest.mark.parametrize("body, message", [
    ({"events": "nope"}, "must be a list"),
    ({"events": [{"id": "x", "seq": 1, "type": "agent.said", "at": "2026-01-06T09:00:00Z"}]}, "UUID"),
    ({"events": [event(1, type_="made.up")]}, "not an event type"),
    ({"events": [{**event(1), "seq": 0}]}, "events[0].seq must be greater than 0"),
    ({"events": [{**event(1), "at": "yesterday"}]}, "ISO 8601"),
    ({"events": [{**event(1), "data": []}]}, "must be an object"),
    ({"events": [{**event(1), "data": {"text": 7}}]}, "events[0].data.text must be a string"),
    ({"events": [event(1, type_="interview.ended", data={"reason": "bored"})]}, "events[0].data.reason must be one of"),
])
def test_it_explains_a_bad_payload(worker, interview, body, message):
    lease = take_lease(worker, interview)
    response = post(worker, interview, "events", {"lease_token": lease, **body})
    assert response.status_code == 400
    assert message in response.json()["detail"]


def test_a_body_that_is_not_json_is_a_400(worker, interview):
    response = worker.post(url(interview, "events"), "{not json", content_type="application/json")
    assert response.status_code == 400


def test_complete_sets_the_status_and_sends_the_signal_once(worker, interview):
    received = []

    def on_completed(sender, interview, **kwargs):
        received.append(interview.pk)

    interview_completed.connect(on_completed)
    try:
        lease = take_lease(worker, interview)
        events = [event(1, type_="interview.started", data=STARTED),
                  event(2, type_="interview.ended", data={"reason": "candidate_ended"})]
        post(worker, interview, "events", {"lease_token": lease, "events": events})
        body = {"lease_token": lease, "transcript": [{"speaker": "agent", "text": "Hi"}], "metrics": {"turns": 1}}
        first = post(worker, interview, "complete", body)
        again = post(worker, interview, "complete", body)
    finally:
        interview_completed.disconnect(on_completed)
    assert first.status_code == 200 and first.json() == {"status": "completed", "replay": False}
    assert again.status_code == 200 and again.json()["replay"] is True
    assert received == [interview.pk]
    interview.refresh_from_db()
    assert interview.status == Status.COMPLETED
    assert interview.end_reason == "candidate_ended"
    assert interview.metrics == {"turns": 1}


def test_a_disconnected_end_abandons_without_the_signal(worker, interview):
    received = []
    interview_completed.connect(lambda sender, interview, **kw: received.append(1), weak=False, dispatch_uid="t")
    try:
        lease = take_lease(worker, interview)
        post(worker, interview, "events", {"lease_token": lease, "events": [
            event(1, type_="interview.ended", data={"reason": "disconnected"})]})
        response = post(worker, interview, "complete", {"lease_token": lease, "transcript": [], "metrics": {}})
    finally:
        interview_completed.disconnect(dispatch_uid="t")
    assert response.json()["status"] == "abandoned"
    assert received == []


def test_complete_without_an_end_reason_is_a_400(worker, interview):
    lease = take_lease(worker, interview)
    response = post(worker, interview, "complete", {"lease_token": lease, "transcript": [], "metrics": {}})
    assert response.status_code == 400


def test_a_terminal_interview_answers_replays_with_200_and_new_writes_with_409(worker, interview):
    lease = take_lease(worker, interview)
    events = [event(1), event(2, type_="interview.ended", data={"reason": "completed"})]
    post(worker, interview, "events", {"lease_token": lease, "events": events})
    post(worker, interview, "complete", {"lease_token": lease, "transcript": [], "metrics": {}})
    assert post(worker, interview, "events", {"lease_token": lease, "events": events}).status_code == 200
    response = post(worker, interview, "events", {"lease_token": lease, "events": [event(3)]})
    assert response.status_code == 409
    assert response.json()["error"] == "terminal"
    assert worker.get(url(interview, "context")).status_code == 409
    other = post(worker, interview, "complete", {"lease_token": lease, "transcript": [], "metrics": {},
                                                  "reason": "failed"})
    assert other.status_code == 200  # the stored end event decides: this is the same completion
    assert Interview.objects.get(pk=interview.pk).status == Status.COMPLETED


def test_complete_on_an_abandoned_interview_is_409(worker, interview):
    from interviews.services.status import interview_set_status

    lease = take_lease(worker, interview)
    interview_set_status(interview=interview, status=Status.ABANDONED, reason="stale")
    Interview.objects.filter(pk=interview.pk).update(end_reason="disconnected")
    response = post(worker, interview, "complete", {"lease_token": lease, "transcript": [{"x": 1}], "metrics": {},
                                                     "reason": "completed"})
    assert response.status_code == 409


def test_context_splits_the_question_bank_frozen_in_the_snapshot(worker, interview):
    from agent_worker.core.plans import load_plan

    bank = [{"stage": "self_intro", "text": "What brought you to backend work?", "competency": None,
             "level": None, "tags": []}]
    Interview.objects.filter(pk=interview.pk).update(plan_snapshot={**interview.plan_snapshot, "question_bank": bank})
    data = worker.get(url(interview, "context")).json()
    assert "question_bank" not in data["plan"]
    load_plan(data["plan"])
    assert data["candidate"]["question_bank"] == bank


def test_a_plain_context_read_leaves_the_lease_with_the_worker_that_holds_it(worker, interview):
    lease = take_lease(worker, interview)

    response = worker.get(url(interview, "context"))

    assert response.status_code == 200 and response.json()["lease_token"] is None
    interview.refresh_from_db()
    assert interview.lease_token == lease
    assert post(worker, interview, "events", {"lease_token": lease, "events": [event(1)]}).status_code == 200


@pytest.mark.parametrize("where", ["stage", "data", "key", "nul"])
def test_invalid_text_in_an_event_is_a_clear_400_and_nothing_is_stored(worker, interview, where):
    lease = take_lease(worker, interview)
    bad = {
        "stage": event(1, stage="greet\ud800ing"),
        "data": event(1, data={"text": "hello \ud800"}),
        "key": event(1, data={"te\udfffxt": "hello"}),
        "nul": event(1, data={"text": "nul\x00byte"}),
    }[where]

    response = post(worker, interview, "events", {"lease_token": lease, "events": [bad]})

    assert response.status_code == 400
    assert "Invalid text at $.events[0]" in response.json()["detail"]
    assert not Event.objects.filter(interview=interview).exists()
    again = worker.get(url(interview, "context"))
    assert again.status_code == 200 and again.json()["events"] == []
    assert post(worker, interview, "events", {"lease_token": lease, "events": [event(1)]}).status_code == 200


def test_invalid_text_in_a_transcript_is_a_clear_400(worker, interview):
    lease = take_lease(worker, interview)

    response = post(worker, interview, "complete", {
        "lease_token": lease, "transcript": [{"speaker": "agent", "text": "\ud83d"}], "metrics": {}})

    assert response.status_code == 400 and "surrogate" in response.json()["detail"]
    interview.refresh_from_db()
    assert interview.status == Status.LIVE
