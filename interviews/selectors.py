"""Reads. Every candidate-facing read goes through the owner."""

from interviews.models import Interview


def interview_for_owner(*, user, interview_id) -> Interview | None:
    """The user's interview, or None: the same answer whether it is someone else's or missing."""
    try:
        return Interview.objects.select_related("role", "plan", "resume", "job_description", "research").get(
            pk=interview_id, owner=user
        )
    except (Interview.DoesNotExist, ValueError):
        return None

