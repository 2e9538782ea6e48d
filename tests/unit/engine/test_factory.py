"""`engine_for`: the one way every driver builds an interview's engine."""

from __future__ import annotations

import pytest

from agent_worker.core import FakeClock, ScriptedBrain
from agent_worker.core.factory import engine_for
from agent_worker.core.plans import QUICK_PLAN

ALICE = {"name": "Alice Example", "role": "Backend Engineer", "level": "mid",
         "highlights": {"skills": ["Kubernetes"]}}
CONTEXT = {"plan": QUICK_PLAN, "candidate": ALICE, "seed": "7"}


def clock() -> FakeClock:
    return FakeClock("2026-01-06T09:00:00Z")


def test_it_builds_a_new_engine_from_the_interviews_context():
    engine = engine_for(CONTEXT, clock=clock())
    assert not engine.started and engine.events == []
    assert engine.plan.name == QUICK_PLAN["name"] and engine.seed == "7"
    assert engine.context.name == "Alice Example" and engine.context.role == "Backend Engineer"
    assert engine.context.resume_facts.skills == ["Kubernetes"]  # the facts read from the resume at setup
    engine.start()
    assert engine.events[0].data["brain"] == "scripted"


def test_a_context_with_stored_events_rebuilds_the_engine():
    first = engine_for(CONTEXT, clock=clock())
    first.start()
    again = engine_for({**CONTEXT, "seed": "ignored: the stored one wins"}, events=first.event_dicts(), clock=clock())
    assert again.started and again.stage_index == 0 and again.seed == "7"
    assert len(again.events) == 2
    assert [line.kind for line in again.take_lines()] == ["bridge"]  # the unsaid greeting is said again


def test_the_scripted_interviewer_decides_in_line_and_is_its_own_fallback():
    engine = engine_for(CONTEXT, clock=clock(), brain="scripted")
    assert isinstance(engine.brain, ScriptedBrain) and engine.fallback_brain is engine.brain


def test_a_model_leaves_the_turns_to_the_driver_with_the_scripted_interviewer_as_fallback():
    engine = engine_for(CONTEXT, clock=clock(), brain="llm")
    assert engine.brain is None and isinstance(engine.fallback_brain, ScriptedBrain)
    engine.start()
    assert engine.events[0].data["brain"] == "llm"


def test_a_given_brain_decides_with_the_scripted_fallback():
    class Silent:
        name = "silent"

        def take_turn(self, turn):
            pass

    brain = Silent()
    engine = engine_for(CONTEXT, clock=clock(), brain=brain)
    assert engine.brain is brain and isinstance(engine.fallback_brain, ScriptedBrain)


def test_with_no_brain_the_engine_only_records():
    first = engine_for(CONTEXT, clock=clock())
    first.start()
    engine = engine_for(CONTEXT, events=first.event_dicts(), clock=clock(), brain=None)
    assert engine.brain is None and engine.fallback_brain is None
    engine.paused("worker_lost")
    engine.resumed("switched_to_text")
    assert [e.type for e in engine.events[2:]] == ["interview.paused", "interview.resumed"]


def test_a_new_engine_needs_the_seed():
    with pytest.raises(KeyError):
        engine_for({"plan": QUICK_PLAN, "candidate": ALICE}, clock=clock())
