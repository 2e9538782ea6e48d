"""Stage plan versioning: a plan some interview ran with is never edited in place.

Changes to a plan in use are saved as a new version of it (same name, next number); the old row keeps its
stages and points to the new one, the roles move on, and past interviews keep the version they ran with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Max

from interviews.models import PlanStage, Role, StagePlan

STAGE_FIELDS = PlanStage.ENGINE_FIELDS


@dataclass(frozen=True)
class PlanChanges:
    """What an editor proposes for a plan: its texts and its stages, in order (values of `STAGE_FIELDS`)."""

    title: str
    description: str
    is_quick_practice: bool
    stages: list[dict[str, Any]]


def plan_is_in_use(plan: StagePlan) -> bool:
    """A plan some interview ran (or will run) with is frozen: changes make a new version."""
    return plan.interviews.exists()


def _stage_values(stage: dict[str, Any]) -> dict[str, Any]:
    values = {field: stage.get(field) for field in STAGE_FIELDS}
    values["competency"] = values["competency"] or ""
    values["title"] = values["title"] or ""
    values["instructions"] = values["instructions"] or ""
    values["bridges"] = list(values["bridges"] or [])
    return values


def plan_changes_anything(plan: StagePlan, changes: PlanChanges) -> bool:
    """Whether saving `changes` would change what `plan` is (its texts, flag or any stage value or order)."""
    current = [_stage_values(stage.to_engine_dict()) for stage in plan.stages.all()]
    return (
        changes.title != plan.title
        or (changes.description or "") != plan.description
        or changes.is_quick_practice != plan.is_quick_practice
        or [_stage_values(stage) for stage in changes.stages] != current
    )


def plan_save_new_version(plan: StagePlan, changes: PlanChanges) -> StagePlan:
    """Save `changes` as the next version of `plan` (whatever they are) and return it."""
    with transaction.atomic():
        old = StagePlan.objects.select_for_update().get(pk=plan.pk)
        if old.superseded_by_id:
            raise ValueError(f"{old} was already replaced by a newer version; edit that one.")
        latest = StagePlan.objects.filter(name=old.name).aggregate(v=Max("version"))["v"] or old.version
        new = StagePlan.objects.create(
            name=old.name,
            version=latest + 1,
            title=changes.title,
            description=changes.description or "",
            is_quick_practice=changes.is_quick_practice,
        )
        for order, stage in enumerate(changes.stages):
            PlanStage.objects.create(plan=new, order=stage.get("order", order), **_stage_values(stage))
        StagePlan.objects.filter(pk=old.pk).update(superseded_by=new)
        Role.objects.filter(plan=old).update(plan=new)
    return new


def plan_save_changes_in_use(plan: StagePlan, changes: PlanChanges) -> StagePlan:
    """Save the changes to a plan interviews used: a new version when they change anything, else nothing.

    Returns the plan that now holds the changes: the new version, or `plan` itself when nothing changed.
    """
    if not plan_changes_anything(plan, changes):
        return plan
    return plan_save_new_version(plan, changes)


def plan_current_version(plan: StagePlan) -> StagePlan:
    """The newest version `plan` led to (itself when no newer version replaced it), read from the database."""
    current = StagePlan.objects.get(pk=plan.pk)
    seen = {current.pk}
    while current.superseded_by_id and current.superseded_by_id not in seen:
        current = StagePlan.objects.get(pk=current.superseded_by_id)
        seen.add(current.pk)
    return current
