"""Restorable: the state is a fold over the events."""

import pytest

from agent_worker.core import Engine, FakeClock
from agent_worker.core.simulate import Simulation
from tests.unit.engine.helpers import Harness
from tests.unit.engine.scripts import cooperative, silent, vague


@pytest.mark.parametrize("script", [cooperative(), vague(), silent()], ids=["cooperative", "vague", "silent"])
@pytest.mark.parametrize("after_turn", [1, 3, 5])
def test_a_rebuilt_engine_continues_with_the_same_events_as_an_uninterrupted_run(script, after_turn):
    uninterrupted = Simulation(script).run()
    rebuilt = Simulation(script).run(rebuild_after_turn=after_turn)
    assert rebuilt == uninterrupted


def test_a_rebuilt_engine_has_the_same_state():
    interview = Harness().start()
    interview.ask("Are you ready to begin?")
    interview.answer("Yes.")
    interview.engine.transition_stage("ok")
    interview.play()
    interview.ask("Could you introduce yourself briefly?")
    interview.answer("I build payment systems.")
    engine = Engine.restore(interview.events, interview.plan, interview.context, clock=interview.clock)
    assert engine.stage_index == interview.engine.stage_index
    assert engine.stage_progress() == interview.engine.stage_progress()
    assert [q.text for q in engine.questions()] == [q.text for q in interview.engine.questions()]
    assert engine.current_answer() == "I build payment systems."
    assert engine.brain_due == "answered"


def test_time_with_no_driver_does_not_count():
    interview = Harness().start()
    interview.enter_stage("self_intro")
    interview.ask("Could you introduce yourself briefly?")
    asked_at = interview.clock.now()  # the question is the last event
    elapsed = interview.engine.stage_progress()["elapsed"]
    later = FakeClock(asked_at + 3600)  # the worker died; an hour later another one takes over
    engine = Engine.restore(interview.events, interview.plan, interview.context, clock=later)
    engine.tick()
    assert engine.events == interview.engine.events  # nothing fired on resume
    assert engine.next_deadline() == later.now() + 30  # the whole silence budget, as the last event left it
    assert engine.stage_progress()["elapsed"] == pytest.approx(elapsed)


def test_a_bridge_lost_in_a_crash_is_said_again_after_restore():
    interview = Harness().start()
    interview.ask("Are you ready to begin?")
    interview.answer("Yes.")
    interview.engine.transition_stage("ok")  # the bridge is queued but never played
    engine = Engine.restore(interview.events, interview.plan, interview.context, clock=interview.clock)
    assert [line.kind for line in engine.pending_lines] == ["bridge"]
    assert engine.pending_lines[0].text == interview.engine.pending_lines[0].text


def test_restore_needs_events_from_seq_1_without_gaps():
    interview = Harness().start()
    with pytest.raises(ValueError):
        Engine.restore(interview.events[1:], interview.plan, interview.context, clock=interview.clock,
                       seed="test")
