"""Stage plans: validation by the engine's own rules, the plans offered, and the recruiter's preview.

Versioning (a plan in use is never edited in place) is in `interviews.services.plan_versions`.
"""

from __future__ import annotations

import math
from typing import Any

from agent_worker.core.events import NATURAL_EXIT_REASONS
from agent_worker.core.plans import PlanError, validate_plan
from interviews.models import PlanStage, Question, Role, StagePlan

STAGE_FIELDS = PlanStage.ENGINE_FIELDS


def plan_engine_dict(*, name: str, title: str, version: int, stages: list[dict[str, Any]]) -> dict[str, Any]:
    """The plan as the engine reads it, from plain values (admin forms, services)."""
    engine_stages = []
    for stage in stages:
        data = {field: stage.get(field) for field in STAGE_FIELDS}
        data["competency"] = data["competency"] or None
        data["title"] = data["title"] or ""
        data["instructions"] = data["instructions"] or ""
        data["bridges"] = list(data["bridges"] or [])
        engine_stages.append(data)
    return {"name": name, "title": title, "version": version, "stages": engine_stages}


def plan_errors(data: dict[str, Any]) -> list[PlanError]:
    """Every problem the engine finds with the plan, with its path (e.g. `stages[2].max_questions`)."""
    return validate_plan(data)


def plan_orphan_questions(plan: StagePlan) -> list[Question]:
    """Active bank questions of the roles on this plan whose stage the plan does not have: never asked."""
    stages = set(plan.stages.values_list("name", flat=True))
    return list(Question.objects.filter(role__plan=plan, active=True).exclude(stage__in=stages).select_related("role"))


def quick_practice_plan() -> StagePlan | None:
    """The current Quick practice plan offered to every candidate."""
    return (
        StagePlan.objects.filter(is_quick_practice=True, superseded_by__isnull=True)
        .order_by("-version")
        .first()
    )


def offered_plans() -> list[dict[str, Any]]:
    """The plans a candidate can pick (current Quick practice first, then the active roles' plans), with their
    length and the roles that use them: the names every page shows come from here and the model."""
    quick = quick_practice_plan()
    plans = list(
        StagePlan.objects.filter(roles__active=True, superseded_by__isnull=True).distinct().order_by("title")
    )
    if quick is not None:
        plans = [quick, *[plan for plan in plans if plan.pk != quick.pk]]
    roles: dict[int, list[str]] = {}
    for plan_id, title in Role.objects.filter(active=True).order_by("title").values_list("plan_id", "title"):
        roles.setdefault(plan_id, []).append(title)
    return [{"plan": plan, "minutes": plan_expected_minutes(plan), "roles": roles.get(plan.pk, [])} for plan in plans]


def plan_label(plan: StagePlan) -> str:
    """How a plan is named wherever a candidate chooses it: its title and its longest length."""
    return f"{plan.title} · up to {plan_expected_minutes(plan)} minutes"


def plan_expected_minutes(plan: StagePlan) -> int:
    """At most how long an interview on this plan lasts, in whole minutes (the sum of the stage caps)."""
    seconds = sum(stage.max_seconds for stage in plan.stages.all())
    return max(1, math.ceil(seconds / 60))


# --- Preview: the recruiter's test call --------------------------------------------------------------

SAMPLE_RESUME = """Sam Rivera
Senior Software Engineer

Experience
Senior Software Engineer, Northwind Logistics (2021 - present)
- Led the redesign of the order-routing service in Python and PostgreSQL, cutting p95 latency by 40%.
- Mentored four engineers and introduced code review guidelines.
Software Engineer, Contoso Retail (2017 - 2021)
- Built the checkout API used by 2 million customers a month.

Skills
Python, Django, PostgreSQL, Kubernetes, AWS, React

Education
BSc Computer Science, University of Leeds
"""

SAMPLE_JOB_DESCRIPTION = """Senior Software Engineer

Requirements
- 5+ years building web services in Python
- Experience with PostgreSQL and cloud infrastructure (AWS)
- Clear written and spoken communication

Nice to have
- Kubernetes
- Experience mentoring engineers
"""

# A candidate who answers some questions well, one vaguely, thinks once, then goes quiet:
# the preview shows questions, follow-ups, a thinking hold, re-prompts and forced transitions.
SAMPLE_TURNS: list[dict[str, Any]] = [
    {"say": "Yes, I'm ready, thanks.", "speak_seconds": 2, "delay_seconds": 1},
    {"say": "I'm a backend engineer with about eight years of experience, mostly Python and PostgreSQL. "
            "Right now I lead the order-routing team at Northwind Logistics.", "speak_seconds": 12, "delay_seconds": 2},
    {"say": "Mostly the backend. I like making slow things fast.", "speak_seconds": 5, "delay_seconds": 2},
    {"say": "Let me think about that for a second.", "speak_seconds": 2, "delay_seconds": 1},
    {"say": "I'd say ownership: when something breaks, I follow it through to the fix and the postmortem.",
     "speak_seconds": 8, "delay_seconds": 6},
    {"say": "At Northwind our order routing was timing out at peak. I was the tech lead, so I profiled the "
            "service, found that one query did a sequential scan, added a partial index and a cache, and "
            "rolled it out behind a flag. p95 latency dropped by 40% and timeouts went from 2% to 0.1%.",
     "speak_seconds": 25, "delay_seconds": 3},
    {"say": "It was a team effort really.", "speak_seconds": 3, "delay_seconds": 2},
    {"silence_seconds": 200},
    {"say": "Could you tell me more about the team I'd be joining?", "speak_seconds": 4, "delay_seconds": 1},
]


def plan_preview_script(*, role: Role | None = None, level: str = "senior") -> dict[str, Any]:
    """The sample candidate a preview runs against (with the role's bank when previewing a role)."""
    candidate: dict[str, Any] = {
        "name": "Sam",
        "role": role.title if role else "Software Engineer",
        "level": level,
        "resume_text": SAMPLE_RESUME,
        "job_description": SAMPLE_JOB_DESCRIPTION,
        "company": "Northwind Logistics",
    }
    if role is not None:
        candidate["focus_areas"] = list(role.focus_areas or [])
        candidate["competencies"] = list(role.competencies or [])
        candidate["question_bank"] = [q.to_engine_dict() for q in role.questions.filter(active=True)]
    return {"candidate": candidate, "turns": SAMPLE_TURNS}


def plan_preview(*, plan: StagePlan, role: Role | None = None) -> dict[str, Any]:
    """Run the engine's simulate on the plan with a sample candidate; return the timeline to show.

    Returns {"events": [...], "rows": [...], "summary": {...}} or {"error": "..."} when the plan
    cannot run (the message is the engine's).
    """
    from agent_worker.core.plans import PlanValidationError
    from agent_worker.core.simulate import simulate

    data = plan.to_engine_dict()
    errors = validate_plan(data)
    if errors:
        return {"error": "This plan has problems: " + "; ".join(str(e) for e in errors), "rows": [], "events": []}
    levels = list(role.levels or []) if role else []
    level = "senior" if not levels or "senior" in levels else levels[0]
    script = plan_preview_script(role=role, level=level)
    try:
        events = simulate(script, data)
    except PlanValidationError as exc:
        return {"error": str(exc), "rows": [], "events": []}
    return {"events": events, **timeline(events), "stage_timings": stage_timings(events, plan)}


def stage_timings(events: list[dict[str, Any]], plan: StagePlan) -> list[dict[str, Any]]:
    """Per stage of the preview: the time it took beside its cap, its questions beside the plan's range, how it ended."""
    planned = {stage.name: stage for stage in plan.stages.all()}
    rows = []
    for event in events:
        if event["type"] != "stage.exited":
            continue
        data, stage = event.get("data") or {}, planned.get(event.get("stage") or "")
        seconds = float(data.get("seconds") or 0)
        rows.append({
            "stage": stage.title or stage.name if stage else event.get("stage"),
            "seconds": f"{int(seconds // 60)}:{int(seconds % 60):02d}",
            "cap": f"{stage.max_seconds // 60}:{stage.max_seconds % 60:02d}" if stage else "",
            "questions": data.get("questions", 0),
            "range": f"{stage.min_questions}-{stage.max_questions}" if stage else "",
            "ended": REASON_LABELS.get(data.get("reason", ""), data.get("reason", "")),
            "forced": data.get("reason") not in NATURAL_EXIT_REASONS,
        })
    return rows


def _seconds(start: str, at: str) -> float:
    from datetime import datetime

    def parse(value: str) -> datetime:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))

    return (parse(at) - parse(start)).total_seconds()


REASON_LABELS = {
    "natural": "moved on naturally",
    "max_questions": "reached the maximum number of questions",
    "max_time": "time limit reached",
    "inactivity": "the candidate went quiet",
    "candidate_ended": "the candidate ended the interview",
    "disconnected": "the candidate disconnected",
    "max_duration": "the whole-interview time ceiling",
    "duplicate": "a repeat of an earlier question",
    "limit": "the stage already asked its maximum",
    "completed": "completed",
    "no_answers": "no answers were given",
    "failed": "failed",
}


def timeline(events: list[dict[str, Any]]) -> dict[str, Any]:
    """Turn engine events into readable rows: time, what happened, where, and why."""
    rows: list[dict[str, Any]] = []
    start = events[0]["at"] if events else None
    questions: dict[str, int] = {}
    forced = natural = reprompts = 0
    for event in events:
        kind, data, stage = event["type"], event.get("data") or {}, event.get("stage") or ""
        offset = _seconds(start, event["at"]) if start else 0.0
        row = {"t": f"{int(offset // 60):02d}:{int(offset % 60):02d}", "stage": stage, "type": kind,
               "label": kind, "text": "", "detail": "", "tone": ""}
        if kind == "interview.started":
            plan = data.get("plan") or {}
            row.update(label="Interview starts", detail=f"plan {plan.get('name', '')} v{plan.get('version', '')}, "
                                                            f"brain {data.get('brain', '')}", tone="muted")
        elif kind == "stage.entered":
            row.update(label="Stage starts", text=stage, detail=f"stage {int(data.get('index', 0)) + 1} of "
                                                                 f"{data.get('count', '?')}", tone="stage")
        elif kind == "stage.exited":
            reason = data.get("reason", "")
            if reason in NATURAL_EXIT_REASONS:
                natural += 1
            else:
                forced += 1
            row.update(label="Stage ends", text=REASON_LABELS.get(reason, reason),
                       detail=f"{data.get('questions', 0)} questions, {float(data.get('seconds') or 0):.0f} s",
                       tone="ok" if reason in NATURAL_EXIT_REASONS else "warn")
        elif kind == "question.asked":
            questions[stage] = questions.get(stage, 0) + 1
            follow = data.get("kind") == "follow_up"
            row.update(label="Follow-up" if follow else "Question", text=data.get("text", ""),
                       detail=data.get("competency") or "", tone="question")
        elif kind == "question.rejected":
            row.update(label="Question refused", text=data.get("text", ""),
                       detail=REASON_LABELS.get(data.get("reason", ""), data.get("reason", "")), tone="warn")
        elif kind == "response.assessed":
            points = ", ".join(data.get("key_points") or [])
            row.update(label="Answer assessed", text=f"depth {data.get('depth')} of 5", detail=points, tone="muted")
        elif kind == "candidate.reprompted":
            reprompts += 1
            row.update(label="Re-prompt", text=data.get("text", ""), tone="warn")
        elif kind == "transition.refused":
            row.update(label="Move on refused", text=data.get("reason", ""), tone="muted")
        elif kind == "agent.said":
            if data.get("question_id") and not data.get("restated"):
                continue  # the question.asked row already shows it
            after_entry = bool(rows) and rows[-1]["type"] == "stage.entered"
            label = "Question restated" if data.get("restated") else "Bridge" if after_entry else "Interviewer"
            row.update(label=label, text=data.get("text", ""), tone="agent")
        elif kind == "candidate.said":
            row.update(label="Candidate", text=data.get("text", ""), tone="candidate")
        elif kind == "interview.ended":
            reason = data.get("reason", "")
            row.update(label="Interview ends", text=REASON_LABELS.get(reason, reason), tone="stage")
        rows.append(row)
    duration = _seconds(start, events[-1]["at"]) if start else 0.0
    summary = {
        "duration": f"{int(duration // 60)} min {int(duration % 60)} s",
        "questions": questions,
        "total_questions": sum(questions.values()),
        "forced": forced,
        "natural": natural,
        "reprompts": reprompts,
        "events": len(events),
    }
    return {"rows": rows, "summary": summary}
