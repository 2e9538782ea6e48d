"""carol's first minutes in the admin: a plan name already taken is a form error (never a 500), a
question's stage is chosen among its plan's stages, and questions whose stage the plan lacks are flagged."""

import pytest

from agent_worker.core.plans import QUICK_PLAN
from interviews.models import PlanStage, Question, Role, StagePlan

from .test_admin import engine_stages, existing_stages, plan_post, stage_rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def carol_client(client, carol):
    client.force_login(carol)
    return client


def role_post(role, questions):
    data = {
        "title": role.title, "slug": role.slug, "description": role.description,
        "focus_areas": "\n".join(role.focus_areas), "competencies": "\n".join(role.competencies),
        "levels": role.levels, "plan": role.plan_id, "active": "on",
        **stage_rows(questions, prefix="questions"),
    }
    data["questions-INITIAL_FORMS"] = "0"
    data["questions-MIN_NUM_FORMS"] = "0"
    return data


def test_a_new_plan_with_a_name_already_taken_is_a_form_error_not_a_500(carol_client):
    before = StagePlan.objects.count()
    response = carol_client.post("/admin/interviews/stageplan/add/",
                                 plan_post("quick", "My quick plan", engine_stages(QUICK_PLAN)))
    assert response.status_code == 200
    page = response.content.decode()
    assert "A plan named “quick” already exists (Quick practice (v1))" in page
    assert "errornote" in page
    assert StagePlan.objects.count() == before


def test_a_plan_with_a_new_name_is_still_created(carol_client):
    response = carol_client.post("/admin/interviews/stageplan/add/",
                                 plan_post("quick-2", "My quick plan", engine_stages(QUICK_PLAN)))
    assert response.status_code == 302
    assert StagePlan.objects.get(name="quick-2").stages.count() == 4


def test_the_role_page_offers_the_stages_of_the_roles_plan_as_choices(carol_client):
    role = Role.objects.get(slug="sales")
    page = carol_client.get(f"/admin/interviews/role/{role.pk}/change/").content.decode()
    assert '<select name="questions-0-stage"' in page
    for stage in role.plan.stages.all():
        assert f'<option value="{stage.name}"' in page
    assert 'value="smalltalk"' not in page


def test_a_stage_the_plan_does_not_have_is_refused_on_the_role_page(carol_client):
    role = Role.objects.get(slug="sales")
    response = carol_client.post(f"/admin/interviews/role/{role.pk}/change/", role_post(role, [
        {"stage": "smalltalk", "text": "Nice weather?", "competency": "", "level": "", "tags": "", "active": "on"},
    ]))
    assert response.status_code == 200
    assert f"“smalltalk” is not a stage of {role.plan}. Stages: greeting, self_intro, past_experience, closing." \
        in response.content.decode()
    assert not Question.objects.filter(text="Nice weather?").exists()


def test_a_question_with_a_stage_of_the_plan_is_saved(carol_client):
    role = Role.objects.get(slug="sales")
    response = carol_client.post(f"/admin/interviews/role/{role.pk}/change/", role_post(role, [
        {"stage": "past_experience", "text": "Tell me about a deal you lost.", "competency": "", "level": "",
         "tags": "", "active": "on"},
    ]))
    assert response.status_code == 302
    assert Question.objects.get(text="Tell me about a deal you lost.").stage == "past_experience"


def test_adding_a_question_checks_the_stage_against_the_chosen_roles_plan(carol_client):
    role = Role.objects.get(slug="sales")
    StagePlan.objects.create(name="panel", title="Panel").stages.create(
        order=0, name="panel_round", min_questions=1, max_questions=2, min_seconds=0, max_seconds=60)
    data = {"role": role.pk, "stage": "panel_round", "text": "Pitch me this pen.", "competency": "", "level": "",
            "tags": "", "active": "on"}
    response = carol_client.post("/admin/interviews/question/add/", data)
    assert response.status_code == 200
    assert f"“panel_round” is not a stage of {role.plan}, the plan of Sales." in response.content.decode()
    response = carol_client.post("/admin/interviews/question/add/", {**data, "stage": "closing"})
    assert response.status_code == 302 and Question.objects.filter(text="Pitch me this pen.").exists()


def test_adding_a_question_from_a_role_offers_that_plans_stages_only(carol_client):
    role = Role.objects.get(slug="sales")
    StagePlan.objects.create(name="panel", title="Panel").stages.create(
        order=0, name="panel_round", min_questions=1, max_questions=2, min_seconds=0, max_seconds=60)
    page = carol_client.get(f"/admin/interviews/question/add/?role={role.pk}").content.decode()
    assert '<option value="past_experience"' in page and "panel_round" not in page
    page = carol_client.get("/admin/interviews/question/add/").content.decode()
    assert '<optgroup label="Panel (v1)">' in page and "panel_round" in page


def test_the_question_list_flags_questions_whose_stage_the_plan_lacks(carol_client):
    role = Role.objects.get(slug="sales")
    orphan = Question.objects.create(role=role, stage="warm_up", text="How was your trip here?")
    page = carol_client.get(f"/admin/interviews/question/?role__id__exact={role.pk}").content.decode()
    assert f"⚠ warm_up: not a stage of {role.plan}, so it is never asked" in page
    assert page.count("never asked</strong>") == 1
    flagged = carol_client.get("/admin/interviews/question/?stage_in_plan=no").context["cl"].result_list
    assert list(flagged) == [orphan]
    # Its change form shows the stage it has, marked, until a stage of the plan is chosen.
    page = carol_client.get(f"/admin/interviews/question/{orphan.pk}/change/").content.decode()
    assert f"⚠ warm_up: not a stage of {role.plan}" in page


def test_a_stage_removed_from_a_new_plan_version_flags_its_questions(carol_client):
    role = Role.objects.get(slug="sales")
    PlanStage.objects.filter(plan=role.plan, name="self_intro").update(name="about_you")
    flagged = carol_client.get("/admin/interviews/question/?stage_in_plan=no").context["cl"].result_list
    assert {q.stage for q in flagged} == {"self_intro"}
    assert {q.role for q in flagged} >= {role}


def test_try_this_plan_runs_it_with_a_sample_candidate_and_shows_conversation_and_timings(carol_client):
    plan = StagePlan.objects.get(name="quick")
    response = carol_client.post("/admin/interviews/stageplan/", {"action": "preview_plan", "_selected_action": [plan.pk]})
    page = carol_client.get(response["Location"]).content.decode()
    assert "Candidate" in page and "Question" in page  # the conversation
    assert "virtual duration" in page and "00:0" in page  # its timings
    assert "Timings per stage" in page and "1:30" in page  # About you's cap (90 s), beside the time it took
    change = carol_client.get(f"/admin/interviews/stageplan/{plan.pk}/change/").content.decode()
    assert "Try this plan with a sample candidate" in change
    listing = carol_client.get("/admin/interviews/stageplan/").content.decode()
    assert "Try this plan: run it with a sample candidate" in listing


def test_renaming_a_stage_says_which_bank_questions_it_leaves_behind(carol_client):
    plan = StagePlan.objects.get(name="default")
    stages = existing_stages(plan)
    stages[1]["name"] = "about_you"
    response = carol_client.post(f"/admin/interviews/stageplan/{plan.pk}/change/",
                                 plan_post("default", plan.title, stages, plan=plan), follow=True)
    page = response.content.decode()
    orphans = Question.objects.filter(role__plan=plan, stage="self_intro", active=True)
    assert orphans.exists()
    assert f"{orphans.count()} bank question(s) of " in page and "so they are never asked" in page
    assert 'href="/admin/interviews/question/?stage_in_plan=no"' in page
