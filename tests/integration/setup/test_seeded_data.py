"""The data migration: plans copied from the engine, six roles with banks, and the Recruiters' permissions."""

import itertools

import pytest
from django.contrib.auth.models import Group

from agent_worker.core.plans import DEFAULT_PLAN, QUICK_PLAN, load_plan, validate_plan
from interviews.models import Role, StagePlan

pytestmark = pytest.mark.django_db


def test_the_seeded_plans_are_the_engines_own():
    default = StagePlan.objects.get(name="default", version=1)
    quick = StagePlan.objects.get(name="quick", version=1)
    assert not default.is_quick_practice and quick.is_quick_practice
    assert load_plan(default.to_engine_dict()) == load_plan(DEFAULT_PLAN)
    assert load_plan(quick.to_engine_dict()) == load_plan(QUICK_PLAN)


def test_six_good_roles_are_seeded_with_banks_for_every_stage():
    # The role from the job description has no bank of its own: each interview's comes from its posting.
    roles = {role.title: role for role in Role.objects.exclude(slug="from-posting")}
    assert set(roles) >= {"Software Engineer", "Data Scientist", "Product Manager", "DevOps / SRE",
                          "Product Designer", "Sales"}
    assert roles["Software Engineer"].competencies == [
        "system design", "coding craft", "debugging", "collaboration", "communication", "ownership"]
    for role in roles.values():
        assert role.active and role.description and len(role.focus_areas) >= 3 and role.levels
        assert role.plan.name == "default"
        stages = {}
        for question in role.questions.all():
            stages.setdefault(question.stage, []).append(question)
            if question.competency:
                assert question.competency in role.competencies, (role, question)
        assert set(stages) == {"greeting", "self_intro", "past_experience", "closing"}
        assert len(stages["self_intro"]) >= 3 and len(stages["past_experience"]) >= 5
        assert not validate_plan(role.plan.to_engine_dict())


def test_recruiters_may_manage_exactly_roles_plans_stages_and_questions():
    codenames = set(Group.objects.get(name="Recruiters").permissions.values_list("codename", flat=True))
    assert codenames == {
        f"{action}_{model}"
        for action in ("add", "change", "delete", "view")
        for model in ("role", "stageplan", "planstage", "question")
    }


def test_the_seeded_closing_questions_target_no_competency():
    """The closing hands the floor to the candidate: their questions are not scored as answers."""
    from interviews.models import Question

    closing = Question.objects.filter(stage="closing")
    assert closing.exists()
    assert set(closing.values_list("competency", flat=True)) == {""}
    assert Question.objects.filter(stage="past_experience").exclude(competency="").exists()


def test_the_seeded_banks_carry_opener_and_topic_tags_and_an_interview_on_them_listens():
    from agent_worker.core.bank import OPENER_TAGS, TOPIC_TAGS
    from agent_worker.core.simulate import simulate
    from tests.unit.engine.checks import praise_after_non_answers, same_intent_pairs
    from tests.unit.engine.scripts import cooperative

    for role in Role.objects.filter(slug__in=["software-engineer", "devops-sre", "sales"]):
        assert all(set(q.tags) & set(TOPIC_TAGS) for q in role.questions.all()), role
        for level, stage in itertools.product(("junior", "senior"), ("self_intro", "past_experience")):
            openers = [q for q in role.questions.all() if q.stage == stage and OPENER_TAGS & set(q.tags)
                       and q.fits_level(level)]
            assert len(openers) == 1, (role, level, stage)
        questions = [q for q in role.questions.all() if q.fits_level("senior")]  # cooperative() is a senior
        closing = [q for q in questions if q.stage == "closing" and "questions" in q.tags]
        assert closing, role
        script = cooperative(f"bank-{role.slug}")
        script["candidate"].update(role=role.title, question_bank=[q.to_engine_dict() for q in questions
                                                                   if q.active])
        events = simulate(script)
        assert same_intent_pairs(events) == [] and praise_after_non_answers(events) == []
        first_intro = next(e for e in events if e["type"] == "question.asked" and e["stage"] == "self_intro")
        opener = next(q.text for q in questions if q.stage == "self_intro" and "opener" in q.tags)
        assert first_intro["data"]["text"] == opener.replace("{role}", role.title)


def test_a_junior_sales_interview_is_never_asked_about_hitting_their_number_and_a_senior_one_can_be():
    from interviews.services.setup import plan_snapshot_for

    sales = Role.objects.get(slug="sales")
    quota = "How did you build and manage your pipeline to hit your number last year?"
    junior = [q["text"] for q in plan_snapshot_for(plan=sales.plan, role=sales, level="junior")["question_bank"]]
    senior = [q["text"] for q in plan_snapshot_for(plan=sales.plan, role=sales, level="senior")["question_bank"]]
    manager = [q["text"] for q in plan_snapshot_for(plan=sales.plan, role=sales, level="manager")["question_bank"]]
    assert quota not in junior and quota in senior and quota in manager
    assert "Tell me about yourself and what brings you to sales." in junior
    assert "Tell me about yourself and what brings you to sales." not in senior
    assert sales.questions.get(text=quota).levels == ["mid", "senior", "staff", "manager"]
