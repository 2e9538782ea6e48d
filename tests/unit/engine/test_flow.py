"""The engine speaks first, speaks every bridge, and makes each transition exactly once."""

from agent_worker.core import ScriptedBrain
from tests.unit.engine.helpers import Harness, plan_with


def test_the_engine_speaks_first_with_no_candidate_input():
    interview = Harness(brain=ScriptedBrain()).start()
    assert interview.types() == ["interview.started", "stage.entered", "agent.said", "question.asked", "agent.said"]
    greeting = interview.said()[0]
    assert "Alice" in greeting and "Backend Engineer" in greeting
    assert interview.of("question.asked")[0]["stage"] == "greeting"


def test_interview_started_names_the_plan_the_brain_and_the_seed():
    interview = Harness(brain=ScriptedBrain(), seed="s-42").start()
    assert interview.events[0]["data"] == {"plan": {"name": "default", "version": 1}, "brain": "scripted",
                                           "seed": "s-42"}


def test_a_transition_emits_exited_entered_the_bridge_then_the_first_question():
    interview = Harness(brain=ScriptedBrain()).start()
    interview.answer("Yes, ready when you are.")
    types = interview.types()
    exited = types.index("stage.exited")
    # The first question is chosen before the bridge is said, so the bridge can announce its topic.
    assert types[exited:exited + 5] == ["stage.exited", "stage.entered", "question.asked", "agent.said", "agent.said"]
    bridge = interview.events[exited + 3]
    assert bridge["stage"] == "self_intro" and "question_id" not in bridge["data"]
    assert interview.events[exited]["data"]["reason"] == "natural"
    assert interview.events[exited + 1]["data"] == {"index": 1, "count": 4}


def test_a_forced_transition_also_gets_a_bridge():
    interview = Harness().start()
    interview.enter_stage("self_intro")
    interview.ask("Could you introduce yourself briefly?")
    interview.wait(200)
    exited = [e for e in interview.of("stage.exited") if e["stage"] == "self_intro"][0]
    seq = exited["seq"]
    after = interview.events[seq:seq + 2]
    assert [e["type"] for e in after] == ["stage.entered", "agent.said"]


def test_a_tool_call_racing_the_timer_makes_exactly_one_transition():
    interview = Harness().start()
    interview.enter_stage("self_intro")
    interview.ask("Could you introduce yourself briefly?")
    interview.answer("I build payment systems.")
    interview.ask("What drew you to backend engineering?")
    interview.answer("Curiosity.")
    interview.clock.advance(181)          # the cap has passed ...
    interview.engine.tick()               # ... and the timer moves on
    late = interview.engine.transition_stage("done", stage_name="self_intro")  # the model's late call
    assert not late.ok and late.code == "stale"
    exits = [e for e in interview.of("stage.exited") if e["stage"] == "self_intro"]
    assert len(exits) == 1 and exits[0]["data"]["reason"] == "max_time"
    assert interview.engine.current_stage.name == "past_experience"
    assert len([e for e in interview.of("stage.entered") if e["stage"] == "past_experience"]) == 1


def test_a_brain_turn_that_went_stale_cannot_move_the_next_stage():
    interview = Harness().start()
    interview.enter_stage("self_intro")
    turn = interview.engine._open("answered")
    interview.clock.advance(200)
    interview.engine.tick()
    assert turn.transition_stage("done").code == "stale"
    assert turn.ask_question("Tell me about a project.").code == "stale"
    assert turn.say("Thanks!") is None
    interview.engine.finish_brain_turn(turn)
    assert interview.engine.current_stage.name == "past_experience"


def test_moving_on_twice_for_the_same_stage_is_a_no_op():
    interview = Harness().start()
    engine = interview.engine
    interview.ask("Are you ready to begin?")
    interview.answer("Yes.")
    assert engine._advance(0, "natural")
    assert not engine._advance(0, "natural")
    assert len(interview.of("stage.exited")) == 1
    assert len(interview.of("stage.entered")) == 2


def test_no_stage_is_skipped():
    interview = Harness(brain=ScriptedBrain()).start()
    for _ in range(40):
        interview.answer("Sure. I led a team of five and we cut costs by 30% over a year, which I measured.", 20)
        interview.wait(5)
        if interview.engine.current_stage.name == "closing":
            break
    entered = [e["stage"] for e in interview.of("stage.entered")]
    assert entered == ["greeting", "self_intro", "past_experience", "closing"]


def test_a_stage_with_no_questions_just_bridges_and_moves_on():
    plan = plan_with()
    plan["stages"].insert(1, {"name": "housekeeping", "min_questions": 0, "max_questions": 0, "min_seconds": 0,
                              "max_seconds": 30, "bridges": ["A quick note: this is practice, relax."]})
    interview = Harness(plan=plan, brain=ScriptedBrain()).start()
    interview.answer("Ready!")
    assert "A quick note: this is practice, relax." in " ".join(interview.said())
    assert [e["stage"] for e in interview.of("stage.entered")][:3] == ["greeting", "housekeeping", "self_intro"]


def test_closing_says_the_closing_line_once_and_ends_after_it_played():
    interview = Harness().start()
    interview.enter_stage("closing")
    interview.ask("Any questions for me?")
    interview.answer("No, thanks.")
    interview.engine.transition_stage("done")
    assert interview.engine.pending_lines and not interview.engine.is_over
    assert interview.of("interview.ended") == []
    interview.engine.transition_stage("done again")
    interview.play()
    closing = [t for t in interview.said() if "Alice" in t and "feedback" in t]
    assert len(closing) == 1
    assert interview.types()[-2:] == ["stage.exited", "interview.ended"]
    assert interview.of("interview.ended")[0]["data"]["reason"] == "completed"
    assert interview.engine.is_over


def test_the_candidate_can_leave():
    interview = Harness().start()
    interview.engine.candidate_left()
    assert interview.of("stage.exited")[-1]["data"]["reason"] == "candidate_ended"
    assert interview.of("interview.ended")[-1]["data"]["reason"] == "candidate_ended"
    assert interview.engine.candidate_said("hello?") == []


def test_a_disconnect_ends_the_interview_as_disconnected():
    interview = Harness().start()
    interview.engine.disconnected()
    assert interview.of("interview.ended")[-1]["data"]["reason"] == "disconnected"
