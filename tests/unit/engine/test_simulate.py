"""Whole interviews through `simulate`, on a virtual clock."""

import time

from agent_worker.core import ScriptedBrain
from agent_worker.core.brain import BrainTurn
from agent_worker.core.plans import QUICK_PLAN
from agent_worker.core.simulate import Simulation, SimulationError, simulate
from tests.unit.engine.scripts import (
    CANDIDATE,
    INJECTED_JOB,
    INJECTED_RESUME,
    STRONG,
    cooperative,
    silent,
    vague,
)


def of(events, type_):
    return [e for e in events if e["type"] == type_]


def test_a_cooperative_candidate_goes_through_every_stage_with_a_bridge_at_each_and_no_silence():
    events = simulate(cooperative())
    entered = of(events, "stage.entered")
    assert [e["stage"] for e in entered] == ["greeting", "self_intro", "past_experience", "closing"]
    # A full answer may run past a stage's time (max_time, never cut off); silence never moves it on.
    assert {e["data"]["reason"] for e in of(events, "stage.exited")} <= {"natural", "max_time"}
    assert of(events, "candidate.reprompted") == []
    for enter in entered:
        following = [e for e in events[enter["seq"]:enter["seq"] + 3] if e["type"] == "agent.said"]
        bridge, question = following[0], following[1]
        assert bridge["stage"] == enter["stage"] and "question_id" not in bridge["data"]
        assert "question_id" in question["data"]
    assert of(events, "interview.ended")[0]["data"]["reason"] == "completed"
    assert of(events, "question.rejected") == []


def test_a_silent_candidate_gets_one_reprompt_per_stage_then_inactivity_transitions_and_the_interview_ends():
    events = simulate(silent())
    reprompts = of(events, "candidate.reprompted")
    assert [e["stage"] for e in reprompts] == ["greeting", "self_intro", "past_experience", "closing"]
    assert [e["data"]["reason"] for e in of(events, "stage.exited")] == ["inactivity"] * 4
    assert of(events, "interview.ended")[0]["data"]["reason"] == "no_answers"


def long_answer_script(speak_seconds: float) -> dict:
    return {"seed": "long", "candidate": CANDIDATE, "plan": "quick", "turns": [
        {"say": "Yes, let's go.", "speak_seconds": 2},
        {"say": "Well, it's a long story. " + STRONG[2] * 3, "speak_seconds": speak_seconds},
    ]}


def test_a_long_answer_past_max_seconds_is_never_cut_within_the_overrun():
    events = simulate(long_answer_script(120))  # the quick self_intro caps at 90 s, overrun 60 s
    said = [e for e in of(events, "candidate.said") if e["stage"] == "self_intro"][0]
    exited = [e for e in of(events, "stage.exited") if e["stage"] == "self_intro"][0]
    assert exited["data"]["reason"] == "max_time"
    assert exited["seq"] > said["seq"] and exited["at"] >= said["data"]["ended_at"]
    bridge = events[exited["seq"] + 1]
    assert "orry" not in bridge["data"]["text"] and "pologies" not in bridge["data"]["text"]


def test_a_long_answer_past_the_overrun_gets_a_polite_interjection():
    events = simulate(long_answer_script(400))
    said = [e for e in of(events, "candidate.said") if "long story" in e["data"]["text"]][0]
    exited = [e for e in of(events, "stage.exited") if e["stage"] == "self_intro"][0]
    assert exited["seq"] < said["seq"]
    assert exited["data"]["reason"] == "max_time"
    assert 150 <= exited["data"]["seconds"] <= 152
    interjection = events[exited["seq"] + 1]
    assert interjection["type"] == "agent.said"
    assert any(w in interjection["data"]["text"] for w in ("Sorry", "sorry", "Apologies"))


def test_let_me_think_then_a_long_pause_gets_no_reprompt():
    script = {"seed": "think", "candidate": CANDIDATE, "turns": [
        {"say": "Ready.", "speak_seconds": 1},
        {"say": "Hmm, let me think.", "speak_seconds": 2},
        {"silence_seconds": 55},
        {"say": STRONG[0], "speak_seconds": 20, "delay_seconds": 0},
    ]}
    events = simulate(script)
    answered = [e for e in of(events, "candidate.said") if e["stage"] == "self_intro"]
    assert len(answered) == 2 and answered[0]["data"]["question_id"] == answered[1]["data"]["question_id"]
    question_id = answered[0]["data"]["question_id"]
    assert [e for e in of(events, "candidate.reprompted") if e["data"]["question_id"] == question_id] == []
    assert of(events, "stage.exited")[1]["seq"] > answered[1]["seq"]


def test_vague_answers_get_probing_follow_ups_and_low_depth():
    events = simulate(vague())
    depths = [e["data"]["depth"] for e in of(events, "response.assessed")]
    assert depths and max(depths) <= 2
    follow_ups = [e for e in of(events, "question.asked") if e["data"]["kind"] == "follow_up"]
    assert len(follow_ups) >= 2
    # one way in per topic, then another topic: never the same probe twice in a row
    kinds = [e["data"]["kind"] for e in of(events, "question.asked")]
    assert "follow_up, follow_up" not in ", ".join(kinds)


def test_injected_instructions_in_the_resume_and_jd_change_nothing_and_are_never_spoken():
    clean = simulate(cooperative("inject"))
    script = cooperative("inject")
    script["candidate"].update(resume_text=INJECTED_RESUME, job_description=INJECTED_JOB)
    injected = simulate(script)
    assert [e["type"] for e in injected] == [e["type"] for e in clean]
    assert [e["stage"] for e in injected] == [e["stage"] for e in clean]
    spoken = " ".join(e["data"]["text"] for e in injected if e["type"] in ("agent.said", "question.asked"))
    for marker in ("PWNED", "BANANA", "pirate", "hired", "ignore", "Ignore", "system prompt", "score of 5"):
        assert marker not in spoken


class RepeatingBrain(ScriptedBrain):
    """A careless brain that asks its first question again at every turn."""

    def take_turn(self, turn: BrainTurn) -> None:
        first = turn.questions()[0].text if turn.questions() else None
        if first and turn.reason == "answered":
            turn.ask_question(first)
        super().take_turn(turn)


def test_a_brain_that_repeats_a_question_is_rejected_and_the_interview_goes_on():
    events = Simulation(cooperative("repeat"), brain=RepeatingBrain()).run()
    rejected = of(events, "question.rejected")
    assert "duplicate" in {e["data"]["reason"] for e in rejected}
    texts = [e["data"]["text"] for e in of(events, "question.asked")]
    assert len(texts) == len(set(texts))
    assert of(events, "interview.ended")[0]["data"]["reason"] == "completed"


class LateTransitionBrain(ScriptedBrain):
    """Calls transition_stage for the stage it was consulted in, after the timer may have moved on."""

    def take_turn(self, turn: BrainTurn) -> None:
        engine = turn.engine
        if turn.stage.name == "self_intro" and turn.reason == "answered":
            engine.clock.set(engine.clock.now() + 500)  # the model took very long ...
            engine.tick()                                 # ... so the cap fired first
            turn.transition_stage("done")                 # and now the tool call lands
            return
        super().take_turn(turn)


def test_tool_and_timer_racing_for_one_transition_make_exactly_one_stage_exited():
    events = Simulation(cooperative("race"), brain=LateTransitionBrain()).run()
    exits = [e for e in of(events, "stage.exited") if e["stage"] == "self_intro"]
    assert len(exits) == 1 and exits[0]["data"]["reason"] == "max_time"
    assert [e["stage"] for e in of(events, "stage.entered")] == ["greeting", "self_intro", "past_experience",
                                                                 "closing"]
    bridges = [e for e in of(events, "agent.said") if e["stage"] == "past_experience"]
    assert len([b for b in bridges if "question_id" not in b["data"]]) == 1


def test_the_quick_plan_finishes_in_about_five_minutes():
    events = simulate(cooperative("quick"), QUICK_PLAN)
    from agent_worker.core.clock import parse_iso

    minutes = (parse_iso(events[-1]["at"]) - parse_iso(events[0]["at"])) / 60
    assert minutes <= 6.5


def test_a_whole_interview_simulates_in_well_under_a_second():
    # In CPU time: on a machine shared with other work (load 28 on 2 cores) the wall clock said 0.6-1.1 s for
    # what took 0.07-0.12 s of CPU.
    began = time.process_time()
    simulate(cooperative())
    assert time.process_time() - began < 0.8  # ~0.1 s; the full-length interview has ~40 turns


def test_a_bad_script_gets_a_clear_message():
    for script, message in [
        ([], "JSON object"),
        ({"turns": []}, "candidate"),
        ({"candidate": {}, "turns": [{"say": ""}]}, "turns[0]"),
        ({"candidate": {}, "turns": [{"silence_seconds": -1}]}, "silence_seconds"),
        ({"candidate": {"nmae": "x"}, "turns": []}, "unknown key"),
        ({"candidate": {}, "turns": [{"say": "hi", "shout": True}]}, "unknown key"),
        ({"candidate": {}, "plan": "marathon"}, "Unknown plan"),
    ]:
        try:
            simulate(script)
        except SimulationError as error:
            assert message in str(error)
        else:
            raise AssertionError(f"{script} was accepted")
