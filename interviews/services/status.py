"""The interview lifecycle: every status change goes through `interview_set_status` and its table."""

from typing import Any

from django.db import transaction
from django.utils import timezone

from interviews.models import Interview, Status, StatusChange

ALLOWED_TRANSITIONS: dict[str, frozenset[str]] = {
    Status.DRAFT: frozenset({Status.READY, Status.FAILED}),
    Status.READY: frozenset({Status.LIVE, Status.ABANDONED, Status.FAILED, Status.COMPLETED}),
    Status.LIVE: frozenset({Status.COMPLETED, Status.ABANDONED, Status.FAILED}),
    Status.COMPLETED: frozenset(),
    Status.ABANDONED: frozenset(),
    Status.FAILED: frozenset(),
}


class InvalidStatusTransition(Exception):
    def __init__(self, interview_id: object, from_status: str, to_status: str) -> None:
        self.from_status, self.to_status = from_status, to_status
        super().__init__(f"Interview {interview_id} cannot go from {from_status} to {to_status}.")


def interview_set_status(*, interview: Interview, status: str, reason: str = "") -> Interview:
    """Move the interview to `status`, or raise InvalidStatusTransition; write an audit row."""
    with transaction.atomic():
        locked = Interview.objects.select_for_update().get(pk=interview.pk)
        if locked.status == status:
            return locked
        if status not in ALLOWED_TRANSITIONS[locked.status]:
            raise InvalidStatusTransition(locked.pk, locked.status, status)
        now = timezone.now()
        fields: dict[str, Any] = {"status": status}
        if status == Status.LIVE and not locked.started_at:
            fields["started_at"] = now
        if status in (Status.COMPLETED, Status.ABANDONED, Status.FAILED):
            fields["ended_at"] = now
        Interview.objects.filter(pk=locked.pk).update(**fields)
        StatusChange.objects.create(
            interview=locked, from_status=locked.status, to_status=status, reason=reason[:200], at=now
        )
    for name, value in fields.items():
        setattr(interview, name, value)
    return interview
