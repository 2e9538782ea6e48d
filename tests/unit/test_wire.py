"""The worker API's bodies and the engine's events as pydantic models: what they take, refuse, and give back."""

import datetime
import json
import uuid

import pytest

from agent_worker.core import Engine, FakeClock, InterviewContext, ScriptedBrain, load_plan
from agent_worker.core.events import Event
from agent_worker.core.plans import QUICK_PLAN
from interviews.services.wire import CompleteBody, EventIn, EventsBody, InvalidBody, parse, parse_events

EVENT_ID = "7d3c5b0e-1f2a-4c3d-8e9f-0a1b2c3d4e5f"


def event(**changes):
    raw = {"id": EVENT_ID, "seq": 1, "type": "agent.said", "stage": "greeting", "at": "2026-01-06T09:00:00.000Z",
           "data": {"text": "Hello."}}
    return {**raw, **changes}


def refusal(model, raw) -> str:
    with pytest.raises(InvalidBody) as caught:
        parse(model, raw)
    return caught.value.message


def test_it_takes_a_batch_and_parses_ids_and_times():
    paused = event(seq=2, stage=None, type="interview.paused", data={"reason": "connection_lost"})
    body = parse(EventsBody, {"lease_token": "abc", "events": [event(), paused]})
    first, second = body.events
    assert first.id == uuid.UUID(EVENT_ID)
    assert first.at == datetime.datetime(2026, 1, 6, 9, 0, tzinfo=datetime.UTC)
    assert second.stage == "" and second.data == {"reason": "connection_lost"}
    assert body.token == "abc"


def test_a_time_without_a_zone_is_utc():
    assert parse_events([event(at="2026-01-06T09:00:00")])[0].at.tzinfo == datetime.UTC


def test_data_left_out_is_checked_as_empty_data_of_its_type():
    raw = event(type="interview.resumed")
    del raw["data"]
    assert refusal(EventsBody, {"events": [raw]}) == "events[0].data.reason is required."


def test_data_is_stored_as_sent_with_keys_a_newer_worker_adds():
    data = {"text": "Hello.", "question_id": "q1", "started_at": "2026-01-06T09:00:00.000Z", "voice": "ash"}
    assert parse_events([event(data=data)])[0].data == data


def test_the_lease_may_be_named_lease_and_unknown_keys_are_ignored():
    body = parse(EventsBody, {"lease": "xyz", "events": [], "sent_by": "worker 2"})
    assert body.token == "xyz"
    assert parse(EventsBody, {"events": []}).token is None


@pytest.mark.parametrize("raw, message", [
    ([], "the body must be an object."),
    ({}, "events is required."),
    ({"events": "nope"}, "events must be a list."),
    ({"events": [event()] * 501}, "events must hold at most 500 items."),
    ({"events": ["x"]}, "events[0] must be an object."),
    ({"events": [event(id="x")]}, "events[0].id must be a UUID."),
    ({"events": [event(id=None)]}, "events[0].id must be a UUID."),
    ({"events": [event(), event(seq=0)]}, "events[1].seq must be greater than 0."),
    ({"events": [event(seq="3")]}, "events[0].seq must be an integer."),
    ({"events": [event(seq=True)]}, "events[0].seq must be an integer."),
    ({"events": [event(seq=2.0)]}, "events[0].seq must be an integer."),
    ({"events": [event(type="made.up")]}, "events[0].type 'made.up' is not an event type."),
    ({"events": [event(stage="s" * 41)]}, "events[0].stage must be at most 40 characters."),
    ({"events": [event(stage=5)]}, "events[0].stage must be a string."),
    ({"events": [event(at="yesterday")]}, "events[0].at must be an ISO 8601 time."),
    ({"events": [event(at=1767690000)]}, "events[0].at must be an ISO 8601 time."),
    ({"events": [event(data=[])]}, "events[0].data must be an object."),
    ({"events": [event(data={"text": "x" * 64_001})]}, "events[0].data is too large (at most 64,000 characters)."),
    ({"events": [event(data={})]}, "events[0].data.text is required."),
    ({"events": [event(data={"text": 5})]}, "events[0].data.text must be a string."),
    ({"events": [event(type="response.assessed", data={"question_id": "q1", "depth": "4"})]},
     "events[0].data.depth must be an integer."),
    ({"events": [event(type="response.assessed", data={"question_id": "q1", "depth": 9})]},
     "events[0].data.depth must be at most 5."),
    ({"events": [event(type="stage.exited", data={"reason": "bored", "questions": 1, "seconds": 2.5})]},
     "events[0].data.reason must be one of natural, max_questions, max_time, inactivity, max_duration, "
     "candidate_ended, disconnected."),
    ({"events": [event(type="interview.started", data={"plan": {"name": "quick"}, "brain": "scripted", "seed": "s"})]},
     "events[0].data.plan.version is required."),
    ({"lease_token": 7, "events": []}, "lease_token must be a string."),
])
def test_it_says_what_is_wrong_with_a_batch(raw, message):
    assert refusal(EventsBody, raw) == message


def test_it_names_the_first_problems_and_counts_the_rest():
    raw = {"events": [event(seq=0, type="x", at="y", data=[])]}
    assert refusal(EventsBody, raw) == ("events[0].seq must be greater than 0. events[0].type 'x' is not an event "
                                        "type. events[0].at must be an ISO 8601 time. (1 more.)")


def test_a_completion_defaults_to_an_empty_transcript_and_metrics():
    body = parse(CompleteBody, {"lease_token": "t"})
    assert (body.transcript, body.metrics, body.reason, body.token) == ([], {}, None, "t")
    body = parse(CompleteBody, {"transcript": {"lines": []}, "metrics": {"turns": 3}, "reason": "candidate_ended"})
    assert (body.transcript, body.metrics, body.reason) == ({"lines": []}, {"turns": 3}, "candidate_ended")


@pytest.mark.parametrize("raw, message", [
    ({"transcript": "hi"}, "transcript must be a list or an object."),
    ({"metrics": []}, "metrics must be an object."),
    ({"reason": "bored"}, "reason must be one of completed, candidate_ended, disconnected, max_duration, "
                          "no_answers, failed."),
    ({"reason": 3}, "reason must be a string."),
])
def test_it_says_what_is_wrong_with_a_completion(raw, message):
    assert refusal(CompleteBody, raw) == message


def _events_of_an_interview():
    clock = FakeClock()
    engine = Engine(load_plan(QUICK_PLAN), InterviewContext.from_candidate({"name": "Alice"}), seed="wire",
                    clock=clock, brain=ScriptedBrain())
    engine.start()
    engine.play_lines_at_once()
    for answer in ["Yes, ready.", "I build billing systems at Acme; we cut costs by 20% in 2024.", "Let me think."]:
        clock.advance(5)
        engine.candidate_said(answer, started_at=clock.now() - 3, ended_at=clock.now(), source="text",
                              client_id="c1")
        engine.play_lines_at_once()
    engine.candidate_left()
    engine.play_lines_at_once()
    return engine.events


def test_every_event_the_engine_emits_passes_the_worker_api_and_reads_back_unchanged():
    events = _events_of_an_interview()
    assert {e.type for e in events} >= {"interview.started", "stage.entered", "agent.said", "candidate.said",
                                        "question.asked", "stage.exited", "interview.ended"}
    wire = json.loads(json.dumps([e.model_dump() for e in events]))
    stored = parse_events(wire)
    assert [str(e.id) for e in stored] == [e.id for e in events]
    assert [Event.model_validate(raw) for raw in wire] == events


def test_an_event_dumps_to_the_same_json_as_before_the_models():
    event_ = Event(id=EVENT_ID, seq=4, type="candidate.said", stage="intro", at="2026-01-06T09:00:05.000Z",
                   data={"text": "Hi", "question_id": None, "source": "text"})
    assert json.dumps(event_.model_dump()) == (
        '{"id": "7d3c5b0e-1f2a-4c3d-8e9f-0a1b2c3d4e5f", "seq": 4, "type": "candidate.said", "stage": "intro", '
        '"at": "2026-01-06T09:00:05.000Z", "data": {"text": "Hi", "question_id": null, "source": "text"}}')


def test_a_stored_event_of_any_age_reads_back():
    # As the store has always sent them (Event.as_message): stage None for the whole interview's events,
    # and data that an old row may hold as null.
    old = {"id": EVENT_ID, "seq": 1, "type": "interview.started", "stage": None, "at": "2026-01-06T09:00:00.000Z",
           "data": None}
    assert Event.model_validate(old).data == {}
    assert Event.model_validate({k: v for k, v in old.items() if k not in ("stage", "data")}).stage is None


def test_an_event_in_is_frozen():
    parsed = EventIn.model_validate(event())
    with pytest.raises(ValueError):
        parsed.seq = 2
