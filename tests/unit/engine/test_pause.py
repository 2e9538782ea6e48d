"""interview.paused / interview.resumed: nobody drives for a while, and no clock runs meanwhile."""

import pytest

from agent_worker.core import Engine, FakeClock
from agent_worker.core import events as ev
from tests.unit.engine.helpers import Harness


def paused_at_question() -> Harness:
    interview = Harness().start()
    interview.enter_stage("self_intro")
    interview.ask("Could you introduce yourself briefly?")
    interview.engine.paused("connection_lost")
    return interview


def test_a_pause_is_one_event_and_no_timer_fires_while_paused():
    interview = paused_at_question()
    engine = interview.engine
    assert engine.events[-1].type == ev.INTERVIEW_PAUSED
    assert engine.events[-1].data == {"reason": "connection_lost"}
    assert engine.paused("connection_lost") == []  # already paused: no second event
    count = len(engine.events)
    interview.clock.advance(3600)  # an hour: far past the silence budget, the stage cap and the ceiling
    engine.tick()
    assert engine.next_deadline() is None
    assert len(engine.events) == count and not engine.is_over


def test_resuming_goes_on_from_the_same_question_with_the_whole_silence_budget():
    interview = paused_at_question()
    elapsed = interview.engine.stage_progress()["elapsed"]
    interview.clock.advance(600)
    resumed = interview.engine.resumed("reconnected")
    assert [e.type for e in resumed] == [ev.INTERVIEW_RESUMED]
    assert resumed[0].data == {"reason": "reconnected"}
    assert interview.engine.next_deadline() == pytest.approx(interview.clock.now() + 30)
    assert interview.engine.stage_progress()["elapsed"] == pytest.approx(elapsed)
    assert interview.engine.current_question().text == "Could you introduce yourself briefly?"


def test_a_restored_paused_engine_stays_paused_until_resumed():
    interview = paused_at_question()
    later = FakeClock(interview.clock.now() + 900)
    engine = Engine.restore(interview.events, interview.plan, interview.context, clock=later)
    assert engine.paused_reason == "connection_lost"
    engine.tick()
    assert engine.events == interview.engine.events and engine.next_deadline() is None
    engine.resumed("reconnected")
    assert engine.paused_reason is None
    assert engine.next_deadline() == pytest.approx(later.now() + 30)


def test_a_paused_interview_can_still_be_abandoned_but_not_completed_by_time():
    interview = paused_at_question()
    interview.clock.advance(7200)
    interview.engine.disconnected()
    assert interview.engine.end_reason == "disconnected"
    assert ev.STATUS_BY_END_REASON[interview.engine.end_reason] == "abandoned"


def test_unknown_pause_reasons_are_refused():
    with pytest.raises(ValueError):
        Harness().start().engine.paused("nap")
