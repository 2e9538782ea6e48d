"""The worker's tests against a live server: the API's address and alice's ready voice interview."""

from __future__ import annotations

import copy

import pytest

from agent_worker.core.plans import QUICK_PLAN
from tests.integration.live.conftest import WORKER_TOKEN, make_plan_rows


def tiny_plan() -> dict:
    plan = copy.deepcopy(QUICK_PLAN)
    for stage in plan["stages"]:
        stage["min_questions"] = min(stage["min_questions"], 1)
        stage["max_questions"] = min(stage["max_questions"], 1)
        stage["min_seconds"] = 0
    return plan


@pytest.fixture
def worker_api(live_server, settings):
    settings.WORKER_API_TOKEN = WORKER_TOKEN
    return live_server.url


@pytest.fixture
def interview(transactional_db, alice):
    from interviews.models import Interview, Role

    plan = tiny_plan()
    plan_row = make_plan_rows(plan)
    role, _ = Role.objects.get_or_create(
        slug="backend-engineer",
        defaults={
            "title": "Backend Engineer",
            "focus_areas": ["APIs"],
            "competencies": ["system_design"],
            "levels": ["mid"],
            "plan": plan_row,
        },
    )
    return Interview.objects.create(
        owner=alice,
        role=role,
        level="mid",
        plan=plan_row,
        plan_snapshot=plan,
        company="Acme",
        status="ready",
        mode="voice",
        seed=4321,
    )
