"""Plan versioning as a service: a plan interviews used is never edited in place."""

import pytest

from interviews.models import Interview, Role, StagePlan
from interviews.services.plan_versions import (
    PlanChanges,
    plan_changes_anything,
    plan_current_version,
    plan_is_in_use,
    plan_save_changes_in_use,
    plan_save_new_version,
)

pytestmark = pytest.mark.django_db


def changes_of(plan, **overrides):
    stages = [{"order": stage.order, **stage.to_engine_dict()} for stage in plan.stages.all()]
    values = {"title": plan.title, "description": plan.description, "is_quick_practice": plan.is_quick_practice,
              "stages": stages}
    values.update(overrides)
    return PlanChanges(**values)


@pytest.fixture
def used_plan(alice):
    plan = StagePlan.objects.get(name="default", version=1)
    role = Role.objects.filter(plan=plan).first()
    Interview.objects.create(owner=alice, role=role, level="senior", plan=plan, plan_snapshot=plan.to_engine_dict())
    return plan


def test_a_plan_is_in_use_once_an_interview_has_it(used_plan):
    assert plan_is_in_use(used_plan)
    assert not plan_is_in_use(StagePlan.objects.get(name="quick"))


def test_the_same_values_change_nothing_whatever_form_they_come_in(used_plan):
    unchanged = changes_of(used_plan)
    assert not plan_changes_anything(used_plan, unchanged)
    # The admin's form gives "" where the engine says None, and extra keys (id, DELETE) beside the fields.
    stages = [{**stage, "competency": stage["competency"] or "", "id": 1, "DELETE": False}
              for stage in unchanged.stages]
    assert not plan_changes_anything(used_plan, changes_of(used_plan, stages=stages))


@pytest.mark.parametrize("change", [
    {"title": "Renamed"},
    {"description": "Now with a description"},
    {"is_quick_practice": True},
])
def test_a_changed_text_or_flag_is_a_change(used_plan, change):
    assert plan_changes_anything(used_plan, changes_of(used_plan, **change))


def test_a_changed_stage_value_or_order_is_a_change(used_plan):
    stages = changes_of(used_plan).stages
    assert plan_changes_anything(used_plan, changes_of(used_plan, stages=[{**stages[0], "max_questions": 9},
                                                                           *stages[1:]]))
    assert plan_changes_anything(used_plan, changes_of(used_plan, stages=[stages[1], stages[0], *stages[2:]]))
    assert plan_changes_anything(used_plan, changes_of(used_plan, stages=stages[:-1]))


def test_unchanged_saves_nothing(used_plan):
    assert plan_save_changes_in_use(used_plan, changes_of(used_plan)) == used_plan
    assert StagePlan.objects.filter(name="default").count() == 1
    assert plan_current_version(used_plan) == used_plan


def test_changes_make_the_next_version_the_roles_move_to_and_the_interviews_do_not(used_plan):
    interview = Interview.objects.get()
    snapshot = interview.plan_snapshot
    stages = changes_of(used_plan).stages
    stages[0] = {**stages[0], "max_questions": stages[0]["max_questions"] + 1}
    new = plan_save_changes_in_use(used_plan, changes_of(used_plan, title="Standard, longer", stages=stages))
    assert (new.name, new.version, new.title) == ("default", 2, "Standard, longer")
    assert [s.to_engine_dict() for s in new.stages.all()] == [
        {k: v for k, v in s.items() if k != "order"} for s in stages]
    used_plan.refresh_from_db()
    assert used_plan.superseded_by == new and used_plan.title != "Standard, longer"
    assert used_plan.stages.first().max_questions == stages[0]["max_questions"] - 1  # the old stages are kept
    assert not Role.objects.filter(plan=used_plan).exists() and Role.objects.filter(plan=new).exists()
    interview.refresh_from_db()
    assert interview.plan == used_plan and interview.plan_snapshot == snapshot
    assert plan_current_version(used_plan) == new


def test_versions_number_on_from_the_newest_and_the_chain_leads_to_it(used_plan):
    v2 = plan_save_new_version(used_plan, changes_of(used_plan, title="Two"))
    v3 = plan_save_new_version(v2, changes_of(v2, title="Three"))
    assert (v2.version, v3.version) == (2, 3)
    assert plan_current_version(used_plan) == v3 == plan_current_version(v2) == plan_current_version(v3)


def test_a_replaced_version_cannot_be_replaced_again(used_plan):
    plan_save_new_version(used_plan, changes_of(used_plan, title="Two"))
    with pytest.raises(ValueError, match="already replaced"):
        plan_save_new_version(used_plan, changes_of(used_plan, title="Another two"))
    assert StagePlan.objects.filter(name="default").count() == 2
