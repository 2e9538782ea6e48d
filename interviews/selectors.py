"""Reads. Every candidate-facing read goes through the owner."""

from django.http import Http404

from interviews.models import Document, Interview


def interview_for_owner(*, user, interview_id) -> Interview:
    """Return the user's interview, or 404 — the same answer whether it is someone else's or missing."""
    try:
        return Interview.objects.select_related("role", "plan", "resume", "job_description", "research").get(
            pk=interview_id, owner=user
        )
    except (Interview.DoesNotExist, ValueError):
        raise Http404("No such interview.") from None


def document_for_owner(*, user, document_id) -> Document:
    try:
        return Document.objects.get(pk=document_id, owner=user)
    except (Document.DoesNotExist, ValueError):
        raise Http404("No such document.") from None


def interviews_of(*, user):
    return Interview.objects.filter(owner=user).select_related("role", "plan")
