"""Fixtures of the live tests: interviews on a short plan, logged-in sockets, channel layers, a model."""

import copy
import datetime
import uuid

import pytest
from channels.layers import channel_layers

from agent_worker.core.plans import QUICK_PLAN

WORKER_TOKEN = "test-worker-token-0123456789"


def tiny_plan() -> dict:
    """The Quick practice plan, kept short: one question per stage."""
    plan = copy.deepcopy(QUICK_PLAN)
    for stage in plan["stages"]:
        stage["min_questions"] = min(stage["min_questions"], 1)
        stage["max_questions"] = min(stage["max_questions"], 1) or 0
    return plan


def make_plan_rows(plan_dict):
    from interviews.models import PlanStage, StagePlan

    plan = StagePlan.objects.create(
        name=plan_dict["name"] + "-" + uuid.uuid4().hex[:6], version=plan_dict.get("version", 1),
        title=plan_dict["title"], is_quick_practice=True,
    )
    for order, stage in enumerate(plan_dict["stages"]):
        PlanStage.objects.create(plan=plan, order=order, **{k: (v if v is not None else None) for k, v in stage.items()
                                                            if k in PlanStage.ENGINE_FIELDS and k != "competency"},
                                 competency=stage.get("competency") or "")
    return plan


@pytest.fixture
def make_interview(db):
    def make(owner, *, plan=None, status="ready", mode="text", seed=1234):
        from interviews.models import Interview, Role

        plan_dict = plan or QUICK_PLAN
        plan_row = make_plan_rows(plan_dict)
        role, _ = Role.objects.get_or_create(
            slug="backend-engineer",
            defaults={"title": "Backend Engineer", "focus_areas": ["APIs", "databases"],
                      "competencies": ["system_design", "communication"], "levels": ["mid", "senior"],
                      "plan": plan_row},
        )
        return Interview.objects.create(
            owner=owner, role=role, level="mid", plan=plan_row, plan_snapshot=copy.deepcopy(plan_dict),
            company="Acme", status=status, mode=mode, seed=seed,
        )

    return make


@pytest.fixture
def interview(make_interview, alice):
    return make_interview(alice)


@pytest.fixture
def quick_interview(make_interview, alice):
    """Alice's text interview on the tiny plan (one question per stage)."""
    return make_interview(alice, plan=tiny_plan())


@pytest.fixture
def alice_cookie(client, alice):
    """The session cookie of a logged-in alice, for socket handshakes."""
    from tests.integration.live.helpers import session_cookie

    return session_cookie(client, alice)


@pytest.fixture
def bob_cookie(bob):
    from django.test import Client

    from tests.integration.live.helpers import session_cookie

    return session_cookie(Client(), bob)


@pytest.fixture
def llm_settings(settings, fake_openai):
    """The LLM brain on, pointed at the fake OpenAI-compatible server (which the test scripts)."""
    settings.OPENAI_API_KEY = "test-key"
    settings.OPENAI_BASE_URL = fake_openai.base_url
    settings.OPENAI_MODEL = "fake-gpt"
    return fake_openai


@pytest.fixture
def completions():
    """Interviews completed during the test, in order (from the interview_completed signal)."""
    from interviews.signals import interview_completed

    received = []

    def on_completed(sender, interview, **kwargs):
        received.append(interview.pk)

    interview_completed.connect(on_completed, dispatch_uid="live-tests-completions")
    yield received
    interview_completed.disconnect(dispatch_uid="live-tests-completions")


@pytest.fixture
def worker_token(settings):
    settings.WORKER_API_TOKEN = WORKER_TOKEN
    return WORKER_TOKEN


@pytest.fixture
def in_memory_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


REDIS_URL = "redis://127.0.0.1:6379/3"


@pytest.fixture
def redis_layer(settings):
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": "mockflow-test-" + uuid.uuid4().hex[:8]},
        }
    }
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture(params=["memory", pytest.param("redis", marks=pytest.mark.services)])
def any_layer(request):
    return request.getfixturevalue("in_memory_layer" if request.param == "memory" else "redis_layer")


def event(seq, *, type_="agent.said", stage="greeting", data=None, event_id=None, at=None):
    at = at or datetime.datetime(2026, 1, 6, 9, 0, seq % 60, tzinfo=datetime.UTC)
    return {
        "id": str(event_id or uuid.uuid4()), "seq": seq, "type": type_, "stage": stage,
        "at": at.strftime("%Y-%m-%dT%H:%M:%S.000Z"), "data": data if data is not None else {"text": f"line {seq}"},
    }
