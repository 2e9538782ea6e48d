"""The three tools: ask_question, assess_response, transition_stage."""

from agent_worker.core.tools import TOOLS, openai_tools
from tests.unit.engine.helpers import STAR_ANSWER, VAGUE_ANSWER, Harness, plan_with


def in_stage(name: str, **plan_changes) -> Harness:
    interview = Harness(plan=plan_with(**plan_changes)).start()
    interview.enter_stage(name)
    return interview


def test_the_tools_are_defined_once_with_descriptions_and_schemas():
    assert [t.name for t in TOOLS] == ["ask_question", "assess_response", "transition_stage"]
    for spec in openai_tools():
        assert spec["type"] == "function"
        function = spec["function"]
        assert "Do not" in function["description"]
        assert function["parameters"]["type"] == "object"
    assert openai_tools()[0]["function"]["parameters"]["required"] == ["question"]


def test_it_approves_a_question_with_progress_guidance():
    interview = in_stage("self_intro")
    result = interview.engine.ask_question("Tell me about yourself.")
    assert result.ok and result.code == "approved"
    assert "question 1 of this stage" in result.message
    assert "(it asks 2-4)" in result.message
    assert "Time left" in result.message and "%" in result.message
    assert "1 more question needed" in result.message
    assert interview.of("question.asked")[-1]["data"]["text"] == "Tell me about yourself."


def test_it_rejects_a_repeated_question():
    interview = in_stage("self_intro")
    interview.ask("What are you strongest at?")
    interview.answer("Debugging.")
    result = interview.engine.ask_question("what are you STRONGEST at")
    assert not result.ok and result.code == "duplicate"
    assert interview.of("question.rejected")[-1]["data"] == {"text": "what are you STRONGEST at",
                                                             "reason": "duplicate"}


def test_it_rejects_a_near_duplicate_by_word_overlap():
    interview = in_stage("self_intro")
    interview.ask("Can you tell me about a time you failed?")
    interview.answer("Sure, once I shipped a bug.")
    assert interview.engine.ask_question("Tell me about a time you failed.").code == "duplicate"


def test_a_short_question_is_not_a_duplicate_of_a_longer_one_containing_it():
    interview = in_stage("self_intro")
    interview.ask("Why did you choose to leave your last job after three years?")
    interview.answer("Growth.")
    assert interview.engine.ask_question("Why?").ok


def test_it_rejects_questions_beyond_max_questions_and_says_move_on():
    interview = in_stage("greeting")
    interview.ask("Ready to begin?")
    interview.answer("Yes.")
    result = interview.engine.ask_question("Did you find us easily today?")
    assert result.code == "limit"
    assert "Move on now" in result.message
    assert interview.of("question.rejected")[-1]["data"]["reason"] == "limit"


def test_an_approved_question_counts_against_the_maximum_before_it_is_spoken():
    interview = in_stage("greeting")
    assert interview.engine.ask_question("Ready to begin?").ok
    assert interview.engine.ask_question("Shall we start now then?").code == "limit"


def test_asking_the_same_question_twice_in_a_row_is_idempotent():
    interview = in_stage("self_intro")
    first = interview.engine.ask_question("Tell me about yourself.")
    again = interview.engine.ask_question("Tell me about yourself.")
    assert again.ok and again.data["question_id"] == first.data["question_id"]
    assert len(interview.of("question.asked")) == 2  # the greeting's and this one
    assert interview.of("question.rejected") == []


def test_it_accepts_one_assessment_per_candidate_turn():
    interview = in_stage("past_experience")
    interview.ask("Tell me about a project you are proud of.")
    interview.answer(STAR_ANSWER)
    first = interview.engine.assess_response(5, ["migration"])
    again = interview.engine.assess_response(2, ["other"])
    assert first.ok and again.ok and again.data["repeated"]
    assert [e["data"]["depth"] for e in interview.of("response.assessed")] == [5]


def test_there_is_nothing_to_assess_before_an_answer():
    interview = in_stage("past_experience")
    interview.ask("Tell me about a project you are proud of.")
    assert interview.engine.assess_response(3).code == "no_answer"
    assert interview.of("response.assessed") == []


def test_a_shallow_answer_gets_the_follow_up_ladder():
    probes = {}
    for depth in (1, 2, 3):
        interview = in_stage("past_experience")
        interview.ask("Tell me about a project you are proud of.")
        interview.answer(VAGUE_ANSWER)
        result = interview.engine.assess_response(depth)
        assert result.code == "follow_up"
        probes[depth] = result.data["probe"]
    assert probes == {1: "situation_task", 2: "role_challenges", 3: "implementation"}


def test_a_deep_answer_below_the_gates_asks_for_another_question():
    interview = in_stage("past_experience")
    interview.ask("Tell me about a project you are proud of.")
    interview.answer(STAR_ANSWER)
    result = interview.engine.assess_response(4)
    assert result.code == "ask_question"
    assert "2 more question(s)" in result.message


def test_a_stage_with_substantive_answers_and_time_left_goes_on_instead_of_moving_on():
    interview = in_stage("self_intro")
    interview.ask("Tell me about yourself.")
    interview.answer("I build payment systems.")
    interview.engine.assess_response(2)
    interview.ask("What are you strongest at?")
    interview.wait(30)
    interview.answer(STAR_ANSWER)
    result = interview.engine.assess_response(4)
    assert result.code == "ask_question" and result.data["keep_going"]


def test_assessment_says_move_on_once_the_target_is_reached_and_the_stage_time_is_nearly_used():
    interview = in_stage("self_intro")
    interview.ask("Tell me about yourself.")
    interview.answer("I build payment systems.")
    interview.engine.assess_response(2)
    interview.ask("What are you strongest at?")
    interview.answer(STAR_ANSWER, seconds=165)  # a long answer: the candidate holds the floor
    assert interview.engine.assess_response(4).code == "move_on"


def test_substantive_answers_let_a_stage_ask_past_its_question_budget_while_time_is_left():
    interview = in_stage("self_intro")
    for n in range(4):  # the default self_intro asks 2-4
        assert interview.ask(f"Question number {n} about {['apples', 'rivers', 'mountains', 'cities'][n]}?").ok
        interview.answer(STAR_ANSWER, seconds=10)
        interview.engine.assess_response(4)
    extra = interview.ask("What else would you like me to know about boats?")
    assert extra.ok and extra.data["number"] == 5 and "extra question" in extra.message.lower()


def test_thin_answers_keep_a_stage_to_its_question_budget():
    interview = in_stage("self_intro")
    for n in range(4):
        assert interview.ask(f"Question number {n} about {['apples', 'rivers', 'mountains', 'cities'][n]}?").ok
        interview.answer("Not sure.", seconds=5)
        interview.engine.assess_response(1)
    assert interview.ask("What else would you like me to know about boats?").code == "limit"


def test_assessment_says_move_on_when_a_quarter_of_the_stage_time_is_left():
    interview = in_stage("self_intro")
    interview.ask("Tell me about yourself.")
    interview.answer("I build payment systems.", seconds=20)
    interview.ask("What are you strongest at?")
    interview.answer("Debugging, mostly.", seconds=120)
    assert interview.engine.assess_response(1).code == "move_on"


def test_assessment_says_move_on_when_max_questions_are_spoken():
    interview = in_stage("greeting")
    interview.ask("Ready?")
    interview.answer("Yes.")
    assert interview.engine.assess_response(1).code == "move_on"


def test_a_transition_is_refused_before_min_seconds_with_the_reason():
    interview = in_stage("self_intro")
    interview.ask("Tell me about yourself.")
    interview.answer("I build payment systems.")
    interview.ask("What are you strongest at?")
    interview.answer("Debugging.")
    result = interview.engine.transition_stage("done")
    assert not result.ok and "min_seconds" in result.data["reason"]
    assert "Ask another question" in result.message
    assert interview.of("transition.refused")[-1]["data"]["reason"].startswith("min_seconds")


def test_a_transition_is_refused_before_min_questions_are_spoken():
    interview = in_stage("self_intro")
    interview.ask("Tell me about yourself.")
    interview.wait(40)
    interview.answer("I build payment systems.")
    result = interview.engine.transition_stage("done")
    assert not result.ok and result.data["reason"].startswith("min_questions: ask 1 more question")
    assert interview.of("stage.exited")[-1]["stage"] == "greeting"


def test_reaching_max_questions_always_allows_moving_on():
    interview = in_stage("self_intro", self_intro={"min_seconds": 170, "max_questions": 2})
    interview.ask("Tell me about yourself.")
    interview.answer("I build payment systems.")
    interview.ask("What are you strongest at?")
    interview.answer("Debugging.")
    assert interview.engine.transition_stage("done").ok
    assert interview.engine.current_stage.name == "past_experience"


def test_call_tool_routes_a_model_call_and_reports_bad_arguments():
    interview = in_stage("self_intro")
    assert interview.engine.call_tool("ask_question", {"question": "Tell me about yourself."}).ok
    assert interview.engine.call_tool("assess_response", {}).code == "invalid"
    assert interview.engine.call_tool("hire_candidate", {}).code == "unknown_tool"


def test_a_question_targets_the_role_competency_it_names_else_the_stage_competency():
    interview = Harness(competencies=["system_design", "ownership"]).start()
    interview.enter_stage("past_experience")
    interview.ask("Tell me about a system you designed end to end.", competency="System_Design")
    interview.answer(STAR_ANSWER)
    interview.ask("Tell me about a time you missed a deadline badly.", competency="juggling")
    asked = interview.of("question.asked")
    assert asked[-2]["data"]["competency"] == "system_design"
    assert asked[-1]["data"]["competency"] == "system_design"  # the role's first, the stage's default
    assert interview.of("question.asked")[1]["data"]["competency"] == "communication"


def test_a_follow_up_targets_the_competency_of_the_story_it_follows():
    # A follow-up with no competency of its own was scored under the stage's default, so a DevOps candidate's
    # answers to "What was your part in it?" after an incident question counted for another competency.
    interview = Harness(competencies=["reliability engineering", "incident response"]).start()
    interview.enter_stage("past_experience")
    interview.ask("Walk me through an incident you led.", competency="incident response")
    interview.answer(VAGUE_ANSWER)
    interview.ask("What did you do yourself, step by step?", kind="follow_up")
    interview.answer(STAR_ANSWER)
    interview.ask("Tell me about a time you improved a service's reliability.")
    asked = interview.of("question.asked")
    assert [a["data"]["competency"] for a in asked[-3:]] == ["incident response", "incident response",
                                                             "reliability engineering"]


def test_a_call_with_arguments_of_the_wrong_shape_is_refused_saying_which():
    interview = in_stage("self_intro")
    result = interview.engine.call_tool("assess_response", {"depth": "deep", "key_points": "one"})
    assert result.code == "invalid" and result.message.startswith("Bad arguments for assess_response: depth: ")
    assert "key_points: " in result.message
    assert interview.engine.call_tool("ask_question", {}).message == \
        "Bad arguments for ask_question: question: Field required."


def test_a_call_may_leave_optional_arguments_null_and_add_unknown_ones():
    interview = in_stage("self_intro")
    result = interview.engine.call_tool("ask_question", {"question": "Tell me about yourself.", "kind": None,
                                                         "competency": None, "confidence": 0.9})
    assert result.ok and result.code == "approved"
