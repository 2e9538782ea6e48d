"""Completed interviews for feedback tests: events from the engine's own `simulate`, stored as Event rows."""

from __future__ import annotations

import copy
import uuid
from datetime import datetime, timedelta

from django.utils import timezone

from agent_worker.core.plans import QUICK_PLAN
from agent_worker.core.report import metrics as engine_metrics
from agent_worker.core.simulate import simulate
from interviews.models import Event, Interview, PlanStage, Role, StagePlan, Status

IMMEDIATE_TASKS = {
    "default": {
        "BACKEND": "django.tasks.backends.immediate.ImmediateBackend",
        "QUEUES": ["default", "feedback", "research"],
    }
}
COMPETENCIES = ["system design", "communication", "ownership"]

RESUME = (
    "Alice Example. Backend engineer at Acme Corp since 2019. Built the payments API in Python and Django. "
    "Led the migration from MySQL to PostgreSQL. Skills: Python, Django, PostgreSQL, Redis, Kubernetes."
)
JOB = "Backend engineer for a fintech team: Python, Django, PostgreSQL, distributed systems, on-call ownership."

GOOD_TURNS = [
    {"say": "Yes, I'm ready."},
    {"say": "I'm a backend engineer with five years of experience. At Acme I lead the payments API team, "
            "and I basically, um, like to work on reliability and making on-call calmer."},
    {"say": "At Acme our checkout was failing during peak sales. My task was to find out why and fix it before "
            "Black Friday. I profiled the database queries, added a missing index and moved receipts to a queue. "
            "As a result, checkout errors dropped by 80% and revenue rose 12% that weekend."},
    {"say": "I think maybe we could have tested more, I guess."},
    {"say": "The situation was a slow report page that finance used every morning. I rewrote the query and "
            "cached it, so it went from 9 seconds to 300 milliseconds."},
    {"say": "What does the on-call rotation look like for the team?"},
]


def quick_plan() -> StagePlan:
    plan, created = StagePlan.objects.get_or_create(
        name="quick", version=1, defaults={"title": QUICK_PLAN["title"], "is_quick_practice": True}
    )
    if created:
        for order, stage in enumerate(QUICK_PLAN["stages"]):
            PlanStage.objects.create(
                plan=plan, order=order, **{k: (stage.get(k) if stage.get(k) is not None else "")
                                           for k in PlanStage.ENGINE_FIELDS if k not in ("target_depth",)},
                target_depth=stage.get("target_depth"),
            )
    return plan


def backend_role(title: str = "Backend Engineer", competencies=None) -> Role:
    slug = "fb-" + title.lower().replace(" ", "-")  # apart from the seeded roles
    role, _ = Role.objects.get_or_create(
        slug=slug,
        defaults={
            "title": title,
            "competencies": list(competencies or COMPETENCIES),
            "levels": ["mid", "senior"],
            "plan": quick_plan(),
        },
    )
    return role


def simulated_events(turns=None, *, role: Role | None = None, typed: bool = False, seed: str = "feedback",
                     start_at: str = "2025-01-06T09:00:00Z") -> list[dict]:
    role = role or backend_role()
    script = {
        "candidate": {
            "name": "Alice", "role": role.title, "level": "mid", "resume_text": RESUME, "job_description": JOB,
            "competencies": list(role.competencies),
        },
        "turns": GOOD_TURNS if turns is None else turns,
        "seed": seed,
        "start_at": start_at,
    }
    events = simulate(script, plan=copy.deepcopy(QUICK_PLAN))
    if typed:
        for event in events:
            if event["type"] == "candidate.said":
                event["data"]["source"] = "text"
                event["data"].pop("words", None)
    return events


def completed_interview(owner, *, role: Role | None = None, turns=None, typed: bool = False,
                        status: str = Status.COMPLETED, created_at: datetime | None = None,
                        seed: str | None = None) -> Interview:
    """An interview of `owner` that ran to its end (events stored in order), with the given status."""
    role = role or backend_role()
    created_at = created_at or timezone.now() - timedelta(minutes=10)
    events = simulated_events(turns, role=role, typed=typed, seed=seed or uuid.uuid4().hex,
                              start_at=created_at.strftime("%Y-%m-%dT%H:%M:%SZ"))
    interview = Interview.objects.create(
        owner=owner, role=role, level="mid", plan=role.plan, plan_snapshot=copy.deepcopy(QUICK_PLAN),
        company="Acme Corp", status=status, mode=Interview.Mode.TEXT if typed else Interview.Mode.VOICE,
        end_reason=events[-1]["data"].get("reason", ""), metrics=engine_metrics(events),
        created_at=created_at, started_at=created_at, ended_at=created_at + timedelta(minutes=5),
    )
    Event.objects.bulk_create(
        Event(interview=interview, event_id=e["id"], seq=e["seq"], type=e["type"], stage=e["stage"] or "",
              at=datetime.fromisoformat(e["at"].replace("Z", "+00:00")), data=e["data"])
        for e in events
    )
    return interview
