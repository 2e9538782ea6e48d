"""Each event type's data has a pydantic model (`events.DATA_BY_TYPE`): what the engine writes fits it,
and rows stored in the first shape still read."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from agent_worker.core import events as ev
from agent_worker.core.simulate import simulate
from tests.unit.engine.helpers import Harness
from tests.unit.engine.scripts import cooperative, silent


def every_kind_of_event() -> list[dict]:
    """An interview with a request, a repeated question, a refused move, a pause, a resume and an early end."""
    interview = Harness().start()
    interview.enter_stage("self_intro")
    interview.ask("Could you introduce yourself briefly?")
    interview.answer("Sorry, could you repeat the question?")
    interview.answer("I'm a backend engineer; I led the move of our reports to a queue.")
    interview.engine.assess_response(2, ["queue"])
    interview.engine.transition_stage("done")  # refused: the stage asks at least two questions
    interview.ask("Could you introduce yourself briefly?")  # the same question again: rejected
    interview.engine.paused("connection_lost")
    interview.engine.resumed("reconnected")
    interview.engine.candidate_left()
    return [e.model_dump() for e in interview.engine.events]


def test_every_event_the_engine_writes_fits_its_types_model():
    events = simulate(cooperative()) + simulate(silent()) + every_kind_of_event()
    assert set(ev.DATA_BY_TYPE) == set(ev.EVENT_TYPES)
    assert {e["type"] for e in events} == set(ev.EVENT_TYPES)
    for event in events:
        model = ev.DATA_BY_TYPE[event["type"]]
        data = model.model_validate(event["data"], strict=True)
        assert set(event["data"]) <= set(type(data).model_fields), event  # no key the model does not name


def test_rows_stored_in_the_first_shape_still_read():
    # Data as the first engine wrote it: no restated/redirected, request, thinking or client_id keys.
    first = {
        "interview.started": {"plan": {"name": "default", "version": 1}, "brain": "scripted", "seed": "a1b2"},
        "agent.said": {"text": "Are you ready to begin?", "question_id": "q1",
                       "started_at": "2026-11-22T09:00:00.000Z", "ended_at": "2026-11-22T09:00:02.000Z"},
        "candidate.said": {"text": "Yes.", "question_id": None, "source": "voice",
                           "started_at": "2026-11-22T09:00:03.000Z", "ended_at": "2026-11-22T09:00:04.000Z"},
        "stage.exited": {"reason": "max_time", "questions": 1, "seconds": 90},
    }
    said = ev.AgentSaid.model_validate(first["agent.said"])
    assert (said.question_id, said.restated, said.redirected) == ("q1", False, False)
    answer = ev.CandidateSaid.model_validate(first["candidate.said"])
    assert (answer.request, answer.thinking, answer.client_id, answer.words) == (None, False, None, None)
    assert ev.InterviewStarted.model_validate(first["interview.started"]).plan.version == 1
    assert ev.StageExited.model_validate(first["stage.exited"]).seconds == 90
    for kind, data in first.items():
        stored = {"id": "e1", "seq": 1, "type": kind, "stage": None, "at": "2026-11-22T09:00:00.000Z", "data": data}
        assert ev.Event.model_validate(stored).data == data


def test_keys_a_newer_engine_writes_are_kept():
    data = ev.AgentSaid.model_validate({"text": "Hello.", "voice": "ash"})
    assert data.model_dump()["voice"] == "ash"


@pytest.mark.parametrize(("kind", "data", "field"), [
    ("response.assessed", {"question_id": "q1", "depth": 7, "key_points": []}, "depth"),
    ("stage.exited", {"reason": "bored", "questions": 1, "seconds": 3.0}, "reason"),
    ("question.asked", {"question_id": "q1", "kind": "main"}, "text"),
    ("interview.paused", {"reason": "lunch"}, "reason"),
    ("candidate.said", {"text": "Again?", "request": "sing"}, "request"),
])
def test_data_that_does_not_fit_names_the_field(kind, data, field):
    with pytest.raises(ValidationError) as raised:
        ev.DATA_BY_TYPE[kind].model_validate(data)
    assert [error["loc"] for error in raised.value.errors()] == [(field,)]
