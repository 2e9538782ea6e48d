"""A recruiter turns a job posting into a role of their own: its title, competencies, focus areas and question bank
made from the posting (`agent_worker.core.posting_role`), stored as rows they can then edit like any role."""

from __future__ import annotations

from django.db import transaction
from django.utils.text import slugify

from agent_worker.core.facts import extract_job_requirements
from agent_worker.core.posting_role import role_from_posting
from interviews.models import Level, Question, Role, StagePlan


class PostingRoleError(ValueError):
    """A posting that cannot become a role; the message says why."""


def _free_slug(title: str) -> str:
    base = slugify(title)[:50] or "role"
    slug, n = base, 2
    while Role.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


@transaction.atomic
def role_create_from_posting(*, text: str, plan: StagePlan, title: str = "", active: bool = False) -> Role:
    """A new role (inactive until the recruiter turns it on) with the posting's questions as its bank."""
    job = extract_job_requirements(text)
    posting = role_from_posting(job, text, title=title)
    name = (title or posting.title).strip()
    if not name or name == "this job":
        raise PostingRoleError("The posting names no job title: give the role a title.")
    if Role.objects.filter(title__iexact=name).exists():
        raise PostingRoleError(f"A role called “{name}” exists already: give this one another title.")
    role = Role.objects.create(
        title=name[:120], slug=_free_slug(name), description=posting.description,
        focus_areas=list(posting.focus_areas), competencies=list(posting.competencies),
        levels=[value for value, _ in Level.choices], plan=plan, active=active,
    )
    Question.objects.bulk_create(
        Question(role=role, stage=entry["stage"], text=entry["text"], competency=entry.get("competency") or "",
                 levels=list(entry.get("levels") or []), tags=list(entry.get("tags") or []))
        for entry in posting.bank
    )
    return role
