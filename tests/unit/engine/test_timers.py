"""The two clocks, re-prompts, the cap and its overrun, thinking time, and the whole-interview ceilings."""

from agent_worker.core import ScriptedBrain
from tests.unit.engine.helpers import Harness, plan_with


def in_self_intro(**kwargs) -> Harness:
    interview = Harness(**kwargs).start()
    interview.enter_stage("self_intro")
    interview.ask("Could you introduce yourself briefly?")
    return interview


def test_the_greeting_has_its_timers_too():
    interview = Harness().start()
    interview.ask("Are you ready to begin?")
    interview.wait(20)
    assert len(interview.of("candidate.reprompted")) == 1
    interview.wait(25)
    assert interview.of("stage.exited")[0]["data"]["reason"] == "inactivity"


def test_silence_past_the_budget_gets_one_gentle_reprompt():
    interview = in_self_intro()
    interview.wait(29)
    assert interview.of("candidate.reprompted") == []
    interview.wait(1)
    reprompts = interview.of("candidate.reprompted")
    assert len(reprompts) == 1
    question_id = interview.of("question.asked")[-1]["data"]["question_id"]
    assert reprompts[0]["data"]["question_id"] == question_id
    assert interview.of("agent.said")[-1]["data"]["text"] == reprompts[0]["data"]["text"]
    assert len(interview.of("question.asked")) == 2  # a re-prompt is not a new question


def test_after_the_reprompt_more_silence_forces_a_transition():
    interview = in_self_intro()
    interview.wait(30)
    interview.wait(29)
    assert interview.engine.current_stage.name == "self_intro"
    interview.wait(2)
    exited = interview.of("stage.exited")[-1]
    assert exited["stage"] == "self_intro" and exited["data"]["reason"] == "inactivity"
    assert len(interview.of("candidate.reprompted")) == 1


def test_inactivity_counts_from_the_end_of_the_agents_last_line():
    interview = in_self_intro()
    interview.clock.advance(10)
    interview.engine.say("Let me add some context to that question.")
    interview.clock.advance(8)
    line = interview.engine.pending_lines[0]
    interview.engine.agent_line_played(line.id, started_at=interview.clock.now() - 8, ended_at=interview.clock.now())
    interview.wait(29)
    assert interview.of("candidate.reprompted") == []
    interview.wait(1)
    assert len(interview.of("candidate.reprompted")) == 1


def test_inactivity_counts_from_the_candidates_last_activity():
    interview = in_self_intro()
    interview.wait(20)
    interview.engine.candidate_typing()
    interview.wait(29)
    assert interview.of("candidate.reprompted") == []
    interview.wait(1)
    assert len(interview.of("candidate.reprompted")) == 1


def test_typing_counts_as_speaking_for_ten_seconds():
    interview = in_self_intro(plan=plan_with(self_intro={"inactivity_seconds": 5}))
    interview.engine.candidate_typing()
    interview.wait(9)
    assert interview.of("candidate.reprompted") == []
    interview.wait(1)
    assert len(interview.of("candidate.reprompted")) == 1


def test_no_timer_fires_while_the_agent_is_still_speaking():
    interview = in_self_intro()
    interview.engine.say("A long line that is still playing.")
    interview.clock.advance(400)
    interview.engine.tick()
    assert interview.of("candidate.reprompted") == [] and interview.engine.current_stage.name == "self_intro"
    assert interview.engine.next_deadline() is None


def test_the_cap_forces_a_transition_reported_as_max_time():
    interview = in_self_intro()
    follow_ups = ["Anything else there?", "And then what happened?", "Who else was involved?"]
    for n in range(8):
        interview.answer(f"Something about my background, part {n}.", seconds=10)
        if n < len(follow_ups):
            interview.ask(follow_ups[n])
        interview.wait(15)
    assert interview.of("stage.exited")[-1]["data"]["reason"] == "max_time"
    assert interview.of("stage.exited")[-1]["data"]["seconds"] >= 180


def test_the_cap_never_cuts_a_speaking_candidate_within_the_overrun():
    interview = in_self_intro()
    interview.wait(25)
    interview.engine.candidate_started_speaking()
    interview.wait(200)  # past the 180 s cap, within the 60 s overrun
    assert interview.engine.current_stage.name == "self_intro"
    interview.engine.candidate_said("... and that is my story.", started_at=interview.clock.now() - 200,
                                    ended_at=interview.clock.now())
    interview.play()
    exited = interview.of("stage.exited")[-1]
    assert exited["stage"] == "self_intro" and exited["data"]["reason"] == "max_time"
    said = interview.of("candidate.said")[-1]
    assert said["seq"] < exited["seq"]


def test_past_the_overrun_the_agent_interjects_politely_and_moves_on():
    interview = in_self_intro()
    interview.engine.candidate_started_speaking()
    interview.wait(239)
    assert interview.engine.current_stage.name == "self_intro"
    interview.wait(2)
    exited = interview.of("stage.exited")[-1]
    assert exited["data"]["reason"] == "max_time"
    bridge = interview.events[exited["seq"] + 1]
    assert bridge["type"] == "agent.said"
    assert any(word in bridge["data"]["text"] for word in ("Sorry", "sorry", "Apologies"))


def test_let_me_think_holds_the_floor_without_a_reprompt():
    interview = in_self_intro()
    interview.answer("Hmm, let me think.", seconds=2)
    interview.wait(55)
    assert interview.of("candidate.reprompted") == []
    interview.wait(6)
    assert len(interview.of("candidate.reprompted")) == 1


def test_a_thinking_phrase_is_marked_on_its_event_and_an_answer_is_not():
    interview = in_self_intro()
    interview.answer("Hmm, let me think.", seconds=2)
    interview.answer("I lead the payments team at Acme, where we cut failed payments by 30%.", seconds=6)
    thinking, answer = interview.of("candidate.said")[-2:]
    assert thinking["data"]["thinking"] is True
    assert "thinking" not in answer["data"]


def test_give_me_a_second_holds_the_floor_against_the_cap_within_the_overrun():
    interview = in_self_intro()
    interview.clock.advance(170)
    interview.answer("Give me a second.", seconds=2)
    interview.wait(20)  # past the cap at 180 s, inside the thinking hold
    assert interview.engine.current_stage.name == "self_intro"
    interview.wait(45)
    assert interview.of("stage.exited")[-1]["stage"] == "self_intro"


def test_a_thinking_phrase_is_not_taken_for_an_answer():
    interview = in_self_intro(brain=None)
    interview.answer("Let me think about that for a moment.")
    assert interview.engine.brain_due is None
    assert interview.engine.assess_response(3).code == "no_answer"


def test_the_closing_cap_says_the_closing_line_then_ends():
    interview = Harness().start()
    interview.enter_stage("closing")
    interview.ask("Any questions for me?")
    interview.answer("Yes, one: how big is the team?", seconds=3)
    interview.wait(60)
    assert interview.engine.is_over
    assert interview.of("stage.exited")[-1]["data"]["reason"] in ("max_time", "inactivity")
    assert interview.of("interview.ended")[-1]["data"]["reason"] == "completed"


def test_the_closing_cap_waits_for_the_end_of_an_utterance():
    interview = Harness().start()
    interview.enter_stage("closing")
    interview.ask("Any questions for me?")
    interview.engine.candidate_started_speaking()
    interview.wait(90)
    assert not interview.engine.is_over
    interview.engine.candidate_said("So my question is about the team.", started_at=interview.clock.now() - 90,
                                    ended_at=interview.clock.now())
    interview.play()
    assert interview.engine.is_over
    assert interview.of("stage.exited")[-1]["data"]["reason"] == "max_time"


def test_the_25_minute_ceiling_sends_the_interview_to_its_closing():
    plan = plan_with(past_experience={"max_seconds": 3000, "inactivity_seconds": 3000, "max_questions": 50})
    interview = Harness(plan=plan).start()
    interview.enter_stage("past_experience")
    interview.ask("Which project are you proudest of?")
    interview.wait(25 * 60)
    assert interview.engine.is_over
    assert interview.of("stage.exited")[-2]["data"]["reason"] == "max_duration"
    assert interview.of("stage.entered")[-1]["stage"] == "closing"
    assert interview.of("interview.ended")[-1]["data"]["reason"] == "max_duration"
    assert "feedback" in interview.said()[-1]


def test_eighty_turns_send_the_interview_to_its_closing():
    plan = plan_with(past_experience={"max_seconds": 3000, "max_questions": 50})
    interview = Harness(plan=plan).start()
    interview.enter_stage("past_experience")
    interview.ask("Which project are you proudest of?")
    for n in range(100):
        interview.answer(f"Part {n} of my very long answer.", seconds=1)
        if interview.engine.is_over:
            break
    assert interview.engine.is_over
    assert interview.of("interview.ended")[-1]["data"]["reason"] == "max_duration"
    assert len(interview.of("candidate.said")) + len(interview.of("agent.said")) <= 84


def test_next_deadline_tells_the_driver_when_to_tick():
    interview = in_self_intro()
    now = interview.clock.now()
    assert interview.engine.next_deadline() == now + 30
    assert ScriptedBrain  # the scripted brain is covered in test_scripted


def test_an_answer_longer_than_the_engine_keeps_is_cut_to_it():
    from agent_worker.core.engine import ANSWER_MAX_CHARS

    interview = in_self_intro()
    interview.answer("word " * ANSWER_MAX_CHARS, seconds=60)
    said = interview.of("candidate.said")[-1]["data"]["text"]
    assert 0 < len(said) <= ANSWER_MAX_CHARS and said.startswith("word word")
