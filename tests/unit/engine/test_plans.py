from agent_worker.core.plans import (
    DEFAULT_PLAN,
    PLANS,
    QUICK_PLAN,
    PlanValidationError,
    load_plan,
    validate_plan,
)
from tests.unit.engine.helpers import plan_with


def test_the_default_plan_has_the_designed_numbers():
    plan = load_plan(DEFAULT_PLAN)
    assert [s.name for s in plan.stages] == ["greeting", "self_intro", "past_experience", "closing"]
    assert [(s.min_questions, s.max_questions) for s in plan.stages] == [(1, 1), (2, 4), (3, 6), (0, 1)]
    assert [s.min_seconds for s in plan.stages] == [0, 30, 45, 0]
    assert [s.max_seconds for s in plan.stages] == [90, 180, 300, 60]
    assert [s.inactivity_seconds for s in plan.stages] == [20, 30, 45, 15]
    assert {s.overrun_seconds for s in plan.stages} == {60}
    assert {s.thinking_seconds for s in plan.stages} == {30}
    assert [s.target_depth for s in plan.stages] == [None, 3, 4, None]
    assert plan.stages[1].competency == "communication"
    assert all(s.bridges for s in plan.stages)


def test_the_quick_plan_is_about_five_minutes():
    plan = load_plan(QUICK_PLAN)
    assert plan.name == "quick"
    assert [(s.min_questions, s.max_questions) for s in plan.stages] == [(1, 1), (1, 2), (2, 3), (0, 1)]
    assert [s.min_seconds for s in plan.stages] == [0, 0, 0, 0]
    assert [s.max_seconds for s in plan.stages] == [60, 90, 150, 45]
    assert [s.inactivity_seconds for s in plan.stages] == [20, 30, 45, 15]
    assert 4 <= sum(s.max_seconds for s in plan.stages) / 60 <= 6


def test_plans_are_exported_by_name_and_round_trip_through_load_plan():
    assert set(PLANS) == {"default", "quick"}
    for data in PLANS.values():
        assert validate_plan(data) == []
        assert load_plan(load_plan(data).model_dump(mode="json")) == load_plan(data)


def test_a_plan_may_have_any_number_of_stages():
    plan = plan_with()
    plan["stages"].insert(3, {"name": "technical", "min_questions": 1, "max_questions": 3, "min_seconds": 0,
                              "max_seconds": 240})
    plan["stages"].insert(3, {"name": "company_fit", "title": "Why us", "min_questions": 1, "max_questions": 2,
                              "min_seconds": 0, "max_seconds": 120, "instructions": "Brief: {company_brief}"})
    loaded = load_plan(plan)
    assert [s.name for s in loaded.stages][3:5] == ["company_fit", "technical"]
    assert loaded.stages[4].title == "Technical"


def test_it_lists_every_problem_with_a_path_and_a_message_a_recruiter_understands():
    plan = plan_with(self_intro={"min_questions": 5, "max_questions": 2}, closing={"max_seconds": -1})
    plan["stages"][2]["max_question"] = 3
    plan["stages"][0]["instructions"] = "Hello {nmae}"
    errors = validate_plan(plan)
    paths = {e.path for e in errors}
    assert "stages[1].min_questions" in paths
    assert "stages[3].max_seconds" in paths
    assert "stages[2].max_question" in paths
    assert "stages[0].instructions" in paths
    messages = " ".join(e.message for e in errors)
    assert "cannot be more than the maximum" in messages
    assert "Did you mean “max_questions”?" in messages


def test_load_plan_raises_with_the_errors():
    try:
        load_plan({"name": "", "stages": []})
    except PlanValidationError as error:
        assert {e.path for e in error.errors} == {"name", "stages"}
        assert "stages" in str(error)
    else:
        raise AssertionError("an empty plan loaded")


def test_it_rejects_duplicate_stage_names_and_missing_fields():
    plan = plan_with()
    plan["stages"][1]["name"] = "greeting"
    del plan["stages"][2]["max_seconds"]
    paths = {e.path for e in validate_plan(plan)}
    assert {"stages[1].name", "stages[2].max_seconds"} <= paths


def test_it_rejects_a_plan_that_is_not_an_object():
    assert validate_plan(["stages"])[0].path == ""
