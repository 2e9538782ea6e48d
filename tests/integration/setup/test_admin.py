"""carol, a recruiter (in the group, not a superuser), manages roles and plans in the admin."""

import copy

import pytest

from agent_worker.core.plans import QUICK_PLAN
from interviews.models import Interview, PlanStage, Question, Role, StagePlan

pytestmark = pytest.mark.django_db


@pytest.fixture
def carol_client(client, carol):
    client.force_login(carol)
    return client


def stage_rows(stages, prefix="stages", plan=None):
    data = {
        f"{prefix}-TOTAL_FORMS": str(len(stages)),
        f"{prefix}-INITIAL_FORMS": str(sum(1 for s in stages if s.get("id"))),
        f"{prefix}-MIN_NUM_FORMS": "1",
        f"{prefix}-MAX_NUM_FORMS": "1000",
    }
    for i, stage in enumerate(stages):
        for key, value in stage.items():
            if key == "bridges":
                value = "\n".join(value)
            elif value is None:
                value = ""
            data[f"{prefix}-{i}-{key}"] = str(value)
        if plan is not None:
            data[f"{prefix}-{i}-plan"] = str(plan.pk)
    return data


def plan_post(name, title, stages, plan=None, **extra):
    data = {"name": name, "title": title, "description": "", **stage_rows(stages, plan=plan)}
    data.update(extra)
    return data


def engine_stages(plan_dict):
    return [{"order": i, **{k: v for k, v in s.items()}} for i, s in enumerate(copy.deepcopy(plan_dict["stages"]))]


def existing_stages(plan):
    rows = []
    for stage in plan.stages.all():
        row = {"id": stage.pk, "order": stage.order, **stage.to_engine_dict()}
        row["competency"] = stage.competency
        rows.append(row)
    return rows


def test_carol_sees_roles_plans_and_questions_and_nothing_of_candidates(carol_client):
    index = carol_client.get("/admin/").content.decode()
    assert "Roles" in index and "Stage plans" in index and "Questions" in index
    assert "/admin/interviews/interview/" not in index and "/admin/interviews/document/" not in index
    assert "/admin/accounts/user/" not in index
    for url in ("/admin/interviews/interview/", "/admin/interviews/document/", "/admin/interviews/event/",
                "/admin/interviews/companyresearch/"):
        assert carol_client.get(url).status_code == 404, url


def test_carol_cannot_open_candidates_interviews_documents_or_accounts(carol_client, alice_client, setup_form, carol):
    alice_client.post("/interviews/new/", setup_form())
    interview = Interview.objects.get()
    carol_client.force_login(carol)
    assert carol_client.get(f"/admin/interviews/interview/{interview.pk}/change/").status_code == 404
    assert carol_client.get(f"/admin/interviews/document/{interview.resume_id}/change/").status_code == 404
    assert carol_client.get(f"/interviews/{interview.id}/").status_code == 404
    assert carol_client.get(f"/interviews/{interview.id}/research.json").status_code == 404
    assert carol_client.get("/admin/accounts/user/").status_code == 403


def test_carol_creates_a_plan(carol_client):
    stages = engine_stages(QUICK_PLAN)
    response = carol_client.post("/admin/interviews/stageplan/add/", plan_post("warmup", "Warm-up", stages))
    assert response.status_code == 302, response.content.decode()[:3000]
    plan = StagePlan.objects.get(name="warmup")
    assert plan.version == 1 and [s.name for s in plan.stages.all()] == [s["name"] for s in QUICK_PLAN["stages"]]
    assert plan.stages.get(name="greeting").bridges == QUICK_PLAN["stages"][0]["bridges"]


def test_a_bad_plan_shows_the_engines_messages_next_to_the_fields(carol_client):
    stages = engine_stages(QUICK_PLAN)
    stages[1]["min_questions"], stages[1]["max_questions"] = 5, 2
    stages[2]["bridges"] = ["Hello {salary}, let's go."]
    stages[3]["inactivity_seconds"] = 2
    response = carol_client.post("/admin/interviews/stageplan/add/", plan_post("broken", "Broken", stages))
    assert response.status_code == 200
    formset = response.context["inline_admin_formsets"][0].formset
    assert "the minimum cannot be more than the maximum" in formset.forms[1].errors["min_questions"][0]
    assert "is not something the interviewer can fill in" in formset.forms[2].errors["bridges"][0]
    assert "at least 5 seconds of silence" in formset.forms[3].errors["inactivity_seconds"][0]
    page = response.content.decode()
    assert "the minimum cannot be more than the maximum" in page
    assert not StagePlan.objects.filter(name="broken").exists()


def test_two_stages_with_one_name_are_refused(carol_client):
    stages = engine_stages(QUICK_PLAN)
    stages[2]["name"] = "self_intro"
    response = carol_client.post("/admin/interviews/stageplan/add/", plan_post("dupe", "Dupe", stages))
    assert "each stage needs its own name" in response.content.decode()
    assert not StagePlan.objects.filter(name="dupe").exists()


def test_carol_creates_a_role_with_a_question_bank(carol_client):
    plan = StagePlan.objects.get(name="default", version=1)
    data = {
        "title": "Data Engineer", "slug": "data-engineer", "description": "Builds data pipelines.",
        "focus_areas": "Pipelines\nData modelling", "competencies": "data modelling\ncommunication",
        "levels": ["mid", "senior"], "plan": plan.pk, "active": "on",
        **stage_rows([
            {"stage": "past_experience", "text": "Tell me about a pipeline you built.", "competency": "data modelling",
             "level": "", "tags": "pipelines, etl", "active": "on"},
        ], prefix="questions"),
    }
    data["questions-MIN_NUM_FORMS"] = "0"
    response = carol_client.post("/admin/interviews/role/add/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    role = Role.objects.get(slug="data-engineer")
    assert role.competencies == ["data modelling", "communication"] and role.levels == ["mid", "senior"]
    assert role.focus_areas == ["Pipelines", "Data modelling"]
    question = role.questions.get()
    assert question.tags == ["pipelines", "etl"] and question.competency == "data modelling"


def test_a_question_must_name_a_stage_of_the_plan_and_a_competency_of_the_role(carol_client):
    role = Role.objects.get(slug="sales")
    data = {
        "title": role.title, "slug": role.slug, "description": role.description,
        "focus_areas": "\n".join(role.focus_areas), "competencies": "\n".join(role.competencies),
        "levels": role.levels, "plan": role.plan_id, "active": "on",
        **stage_rows([{"stage": "smalltalk", "text": "Nice weather?", "competency": "weather", "level": "",
                       "tags": "", "active": "on"}], prefix="questions"),
    }
    data["questions-INITIAL_FORMS"] = "0"
    data["questions-MIN_NUM_FORMS"] = "0"
    response = carol_client.post(f"/admin/interviews/role/{role.pk}/change/", data)
    assert response.status_code == 200
    page = response.content.decode()
    assert "is not a stage of" in page and "Use one of the role&#x27;s competencies" in page


def test_carol_previews_a_plan_and_a_role(carol_client):
    plan = StagePlan.objects.get(name="quick")
    page = carol_client.get(f"/admin/interviews/stageplan/{plan.pk}/preview/").content.decode()
    assert "Stage starts" in page and "Question" in page and "Interview ends" in page
    assert "Bridge" in page and "virtual duration" in page
    role = Role.objects.get(slug="devops-sre")
    page = carol_client.get(f"/admin/interviews/role/{role.pk}/preview/").content.decode()
    assert "DevOps / SRE" in page
    bank = set(role.questions.values_list("text", flat=True))
    assert any(text in page for text in bank)
    change = carol_client.get(f"/admin/interviews/stageplan/{plan.pk}/change/").content.decode()
    assert f"/admin/interviews/stageplan/{plan.pk}/preview/" in change


def test_the_preview_action_opens_the_preview(carol_client):
    plan = StagePlan.objects.get(name="default")
    response = carol_client.post("/admin/interviews/stageplan/", {
        "action": "preview_plan", "_selected_action": [plan.pk],
    })
    assert response.status_code == 302 and response["Location"].endswith(f"/stageplan/{plan.pk}/preview/")


def test_editing_a_plan_no_interview_used_edits_it_in_place(carol_client):
    plan = StagePlan.objects.get(name="quick")
    stages = existing_stages(plan)
    stages[1]["max_questions"] = 3
    response = carol_client.post(f"/admin/interviews/stageplan/{plan.pk}/change/",
                                 plan_post("quick", "Quick practice", stages, plan=plan, is_quick_practice="on"))
    assert response.status_code == 302
    assert StagePlan.objects.filter(name="quick").count() == 1
    assert plan.stages.get(name="self_intro").max_questions == 3


def test_editing_a_plan_an_interview_used_makes_a_new_version(carol_client, alice_client, setup_form, carol):
    alice_client.post("/interviews/new/", setup_form())
    interview = Interview.objects.get()
    v1 = interview.plan
    snapshot = interview.plan_snapshot
    carol_client.force_login(carol)
    stages = existing_stages(v1)
    stages[2]["max_questions"] = 8
    response = carol_client.post(f"/admin/interviews/stageplan/{v1.pk}/change/",
                                 plan_post("default", "Standard interview", stages, plan=v1))
    assert response.status_code == 302
    v2 = StagePlan.objects.get(name="default", version=2)
    assert response["Location"].endswith(f"/stageplan/{v2.pk}/change/")
    v1.refresh_from_db()
    assert v1.superseded_by == v2
    assert v1.stages.get(name="past_experience").max_questions == 6  # the old version is untouched
    assert v2.stages.get(name="past_experience").max_questions == 8
    assert PlanStage.objects.filter(plan=v1).count() == PlanStage.objects.filter(plan=v2).count() == 4
    assert set(Role.objects.values_list("plan", flat=True)) == {v2.pk}  # every seeded role moved on
    interview.refresh_from_db()
    assert interview.plan == v1 and interview.plan_snapshot == snapshot
    # The old version is history: carol can read it but not change it.
    assert carol_client.get(f"/admin/interviews/stageplan/{v1.pk}/change/").status_code == 200
    response = carol_client.post(f"/admin/interviews/stageplan/{v1.pk}/change/",
                                 plan_post("default", "Changed", stages, plan=v1))
    assert response.status_code == 403
    # A new interview runs the new version.
    alice_client.force_login(interview.owner)
    alice_client.post("/interviews/new/", setup_form(plan=v2.pk))
    newest = Interview.objects.order_by("-created_at").first()
    assert newest.plan == v2 and newest.plan_snapshot["version"] == 2


def test_saving_an_unchanged_plan_in_use_makes_no_new_version(carol_client, alice_client, setup_form, carol):
    alice_client.post("/interviews/new/", setup_form())
    plan = Interview.objects.get().plan
    carol_client.force_login(carol)
    carol_client.post(f"/admin/interviews/stageplan/{plan.pk}/change/",
                      plan_post("default", plan.title, existing_stages(plan), plan=plan, description=plan.description))
    assert StagePlan.objects.filter(name="default").count() == 1


def test_the_question_list_is_searchable_and_filtered(carol_client):
    page = carol_client.get("/admin/interviews/question/?q=incident").content.decode()
    assert "incident" in page.lower()
    assert Question.objects.filter(text__icontains="incident").exists()
    assert carol_client.get("/admin/interviews/role/?active__exact=1").status_code == 200


def test_carol_filters_the_question_list_by_the_level_a_question_suits(carol_client):
    plan = StagePlan.objects.get(name="default", version=1)
    role = Role.objects.create(title="Support Lead", slug="support-lead", competencies=["communication"], plan=plan,
                               levels=["junior", "senior"])
    for text, levels in (("Tell me about a shift you covered at short notice.", ["junior"]),
                         ("Tell me about a team you built from scratch.", ["senior", "manager"]),
                         ("Tell me about an escalation you owned end to end.", ["staff"]),
                         ("Tell me about a customer you won back.", [])):
        Question.objects.create(role=role, stage="past_experience", text=text, competency="communication",
                                levels=levels)

    def listed(level):
        page = carol_client.get(f"/admin/interviews/question/?role__id__exact={role.pk}&level={level}")
        assert page.status_code == 200
        html = page.content.decode()
        return {q.text for q in role.questions.all() if q.text in html}

    assert listed("junior") == {"Tell me about a shift you covered at short notice.",
                                "Tell me about a customer you won back."}
    # A senior is asked the questions ticked for staff and managers too, as the interviewer asks them.
    assert listed("senior") == {"Tell me about a team you built from scratch.",
                                "Tell me about an escalation you owned end to end.",
                                "Tell me about a customer you won back."}
    assert listed("mid") == {"Tell me about a customer you won back."}
    assert listed("any") == {"Tell me about a customer you won back."}
    everything = carol_client.get(f"/admin/interviews/question/?role__id__exact={role.pk}").content.decode()
    assert "level it suits" in everything and "Any level (none ticked)" in everything
