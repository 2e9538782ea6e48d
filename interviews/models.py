"""Roles, stage plans and question banks (recruiters); interviews, documents, research and events (candidates)."""

import datetime
import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone

from agent_worker.core import events as engine_events
from agent_worker.core.bank import fits_level


def iso_utc(moment) -> str:
    """ISO 8601 UTC with milliseconds, the way the engine stamps events."""
    moment = moment.astimezone(datetime.UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


class Level(models.TextChoices):
    JUNIOR = "junior", "Junior"
    MID = "mid", "Mid-level"
    SENIOR = "senior", "Senior"
    STAFF = "staff", "Staff / Principal"
    MANAGER = "manager", "Manager"


class StagePlan(models.Model):
    """A versioned stage plan. A version used by an interview is never edited: editing makes a new one."""

    name = models.SlugField(max_length=40, help_text="Stable key, e.g. 'default' or 'quick'.")
    version = models.PositiveIntegerField(default=1)
    title = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    is_quick_practice = models.BooleanField(
        default=False, help_text="Offered to every candidate as the short warm-up plan."
    )
    superseded_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", editable=False
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "-version"]
        constraints = [models.UniqueConstraint(fields=["name", "version"], name="unique_plan_version")]

    def __str__(self):
        return f"{self.title} (v{self.version})"

    @property
    def is_current(self) -> bool:
        return self.superseded_by_id is None

    def to_engine_dict(self) -> dict:
        """The plan as the engine's `load_plan` reads it."""
        return {
            "name": self.name,
            "title": self.title,
            "version": self.version,
            "stages": [stage.to_engine_dict() for stage in self.stages.all()],
        }


class PlanStage(models.Model):
    plan = models.ForeignKey(StagePlan, on_delete=models.CASCADE, related_name="stages")
    order = models.PositiveIntegerField(default=0)
    name = models.CharField(max_length=40, help_text="Lower-case key, e.g. past_experience.")
    title = models.CharField(max_length=80, blank=True)
    min_questions = models.PositiveIntegerField()
    max_questions = models.PositiveIntegerField()
    min_seconds = models.PositiveIntegerField(help_text="Earliest voluntary move on, from stage entry.")
    max_seconds = models.PositiveIntegerField(help_text="Stage time cap, from stage entry.")
    inactivity_seconds = models.PositiveIntegerField(default=30)
    overrun_seconds = models.PositiveIntegerField(default=60)
    thinking_seconds = models.PositiveIntegerField(default=30)
    target_depth = models.PositiveSmallIntegerField(null=True, blank=True)
    competency = models.CharField(max_length=60, blank=True)
    instructions = models.TextField(blank=True)
    bridges = models.JSONField(default=list, blank=True, help_text="Lines that announce the stage; one is picked.")

    class Meta:
        ordering = ["plan", "order", "id"]

    def __str__(self):
        return self.title or self.name

    ENGINE_FIELDS = (
        "name", "title", "min_questions", "max_questions", "min_seconds", "max_seconds",
        "inactivity_seconds", "overrun_seconds", "thinking_seconds", "target_depth", "competency",
        "instructions", "bridges",
    )

    def to_engine_dict(self) -> dict:
        data = {field: getattr(self, field) for field in self.ENGINE_FIELDS}
        data["competency"] = self.competency or None
        return data


# The role whose interviews are built from the candidate's own posting (any profession): seeded once, offered
# first on the setup form; its title, competencies and bank are each interview's own (`Interview.job_title`,
# `Interview.competencies`, the plan snapshot's bank).
POSTING_ROLE_SLUG = "from-posting"


class Role(models.Model):
    title = models.CharField(max_length=120, unique=True)
    slug = models.SlugField(max_length=60, unique=True)
    description = models.TextField(blank=True)
    focus_areas = models.JSONField(default=list, blank=True, help_text="What this role's interviews dig into.")
    competencies = models.JSONField(
        default=list, help_text="The fixed list feedback scores against, so trends compare across interviews."
    )
    levels = models.JSONField(default=list, help_text="Supported levels (junior, mid, senior, staff, manager).")
    plan = models.ForeignKey(StagePlan, on_delete=models.PROTECT, related_name="roles")
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["title"]

    def __str__(self):
        return self.title

    @property
    def is_from_posting(self) -> bool:
        return self.slug == POSTING_ROLE_SLUG


class Question(models.Model):
    """A question in a role's bank, for one stage of its plan."""

    role = models.ForeignKey(Role, on_delete=models.CASCADE, related_name="questions")
    stage = models.CharField(max_length=40, help_text="The stage name it belongs to, e.g. self_intro.")
    text = models.TextField()
    competency = models.CharField(max_length=60, blank=True)
    levels = models.JSONField(
        default=list, blank=True, help_text="The levels it suits (a question can suit several); empty: every level."
    )
    tags = models.JSONField(default=list, blank=True)
    active = models.BooleanField(default=True)

    class Meta:
        ordering = ["role", "stage", "id"]

    def __str__(self):
        return self.text[:80]

    def to_engine_dict(self) -> dict:
        return {
            "stage": self.stage,
            "text": self.text,
            "competency": self.competency or None,
            "levels": list(self.levels or []),
            "tags": list(self.tags or []),
        }

    def fits_level(self, level: str) -> bool:
        return fits_level(self.levels, level)


def document_upload_to(instance, filename):
    # Generated names only: the original name is kept in the row, never on disk.
    return f"documents/{instance.owner_id}/{uuid.uuid4().hex}"


class Document(models.Model):
    class Kind(models.TextChoices):
        RESUME = "resume", "Resume"
        JOB_DESCRIPTION = "jd", "Job description"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="documents")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    original_name = models.CharField(max_length=255, blank=True)
    file = models.FileField(upload_to=document_upload_to, blank=True, max_length=255)
    size = models.PositiveIntegerField(default=0)
    pages = models.PositiveIntegerField(default=0)
    chars = models.PositiveIntegerField(default=0)
    text = models.TextField(blank=True)
    facts = models.JSONField(default=dict, blank=True, help_text="Resume highlights or job requirements.")
    created_at = models.DateTimeField(default=timezone.now)
    file_removed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.get_kind_display()} {self.original_name or '(pasted)'}"


class CompanyResearch(models.Model):
    """Research on a company, cached per normalised name and shared by interviews."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        READY = "ready", "Ready"
        FAILED = "failed", "Failed"
        SKIPPED = "skipped", "Skipped"

    normalised_name = models.CharField(max_length=200, unique=True)
    display_name = models.CharField(max_length=200)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    brief = models.JSONField(default=dict, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "company research"

    def __str__(self):
        return f"{self.display_name} ({self.status})"


class Status(models.TextChoices):
    """One status enum shared by the web, the worker and the tests."""

    DRAFT = "draft", "Draft"
    READY = "ready", "Ready"
    LIVE = "live", "Live"
    COMPLETED = "completed", "Completed"
    ABANDONED = "abandoned", "Abandoned"
    FAILED = "failed", "Failed"


TERMINAL_STATUSES = frozenset({Status.COMPLETED, Status.ABANDONED, Status.FAILED})

# What an interview.ended reason makes of the interview's status.
END_REASON_STATUS = {reason: Status(status) for reason, status in engine_events.STATUS_BY_END_REASON.items()}


class Interview(models.Model):
    class Mode(models.TextChoices):
        TEXT = "text", "Text"
        VOICE = "voice", "Voice"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="interviews")
    role = models.ForeignKey(Role, on_delete=models.PROTECT, related_name="interviews")
    level = models.CharField(max_length=20, choices=Level.choices)
    plan = models.ForeignKey(StagePlan, on_delete=models.PROTECT, related_name="interviews")
    plan_snapshot = models.JSONField(default=dict, help_text="The plan exactly as this interview runs it.")
    company = models.CharField(max_length=200, blank=True)
    job_title = models.CharField(max_length=120, blank=True, help_text="The job the posting names, read at setup.")
    competencies = models.JSONField(
        default=list, blank=True,
        help_text="What this interview is scored on, frozen at setup: the role's, or the posting's for a role from "
                  "the job description.",
    )
    resume = models.ForeignKey(Document, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    job_description = models.ForeignKey(
        Document, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    research = models.ForeignKey(
        CompanyResearch, null=True, blank=True, on_delete=models.SET_NULL, related_name="interviews"
    )
    summary = models.TextField(blank=True, help_text="Resume highlights and job requirements, made once at setup.")
    seed = models.BigIntegerField(default=0)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.DRAFT)
    mode = models.CharField(max_length=8, choices=Mode.choices, default=Mode.TEXT)
    end_reason = models.CharField(max_length=30, blank=True)
    transcript = models.JSONField(default=list, blank=True)
    metrics = models.JSONField(default=dict, blank=True)
    lease_token = models.CharField(max_length=64, blank=True)
    lease_expires_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    last_activity_at = models.DateTimeField(null=True, blank=True)
    recording_consent = models.BooleanField(
        default=False, help_text="The candidate asked at setup to keep a recording of each spoken answer."
    )
    recording_consent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["owner", "-created_at"]), models.Index(fields=["status", "last_activity_at"])]

    def __str__(self):
        return f"{self.title} interview {self.id}"

    @property
    def title(self) -> str:
        """The job this interview was for: the posting's title, else the role's."""
        return self.job_title or self.role.title

    @property
    def job_name(self) -> str:
        """The job and the company, as the history and the report name the interview: "Registered Nurse at
        Lakeview Family Health Clinic"."""
        return f"{self.title} at {self.company}" if self.company else self.title

    @property
    def scored_competencies(self) -> list[str]:
        """The competencies the report scores: frozen at setup, or the role's for an interview set up before."""
        return list(self.competencies or self.role.competencies or [])

    @property
    def is_terminal(self) -> bool:
        return self.status in TERMINAL_STATUSES


class StatusChange(models.Model):
    """Audit row for every status transition of an interview."""

    interview = models.ForeignKey(Interview, on_delete=models.CASCADE, related_name="status_changes")
    from_status = models.CharField(max_length=12, choices=Status.choices)
    to_status = models.CharField(max_length=12, choices=Status.choices)
    reason = models.CharField(max_length=200, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "id"]


class Event(models.Model):
    """One engine event, stored in order: `seq` runs from 1 without gaps per interview."""

    interview = models.ForeignKey(Interview, on_delete=models.CASCADE, related_name="events")
    event_id = models.UUIDField()
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=40)
    stage = models.CharField(max_length=40, blank=True)
    at = models.DateTimeField()
    data = models.JSONField(default=dict)
    stored_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["interview", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["interview", "seq"], name="unique_event_seq"),
            models.UniqueConstraint(fields=["interview", "event_id"], name="unique_event_id"),
        ]

    def as_message(self) -> dict:
        """The event exactly as the engine emitted it and the socket sends it."""
        return {
            "id": str(self.event_id),
            "seq": self.seq,
            "type": self.type,
            "stage": self.stage or None,
            "at": iso_utc(self.at),
            "data": self.data,
        }


def recording_upload_to(instance, filename):
    # Beside the interview, named by the answer's seq: one file per answer.
    return f"recordings/{instance.interview_id}/{instance.seq}{RECORDING_EXTENSIONS[instance.content_type]}"


# The recording types the worker may send, with the file name ending each is stored under.
RECORDING_EXTENSIONS = {"audio/ogg": ".ogg", "audio/wav": ".wav"}


class Recording(models.Model):
    """The candidate's audio of one voice answer (the `candidate.said` event with `seq`), kept by consent.

    `words` are the answer's word timings in seconds from the start of the audio: `{"word", "start", "end"}`.
    The file is removed after AUDIO_RETENTION_DAYS; the row (and its word timings) stays with the interview.
    """

    interview = models.ForeignKey(Interview, on_delete=models.CASCADE, related_name="recordings")
    question_id = models.CharField(max_length=64)
    seq = models.PositiveIntegerField(help_text="The seq of the answer's candidate.said event.")
    file = models.FileField(upload_to=recording_upload_to, blank=True, max_length=255)
    content_type = models.CharField(max_length=20, choices=[(t, t) for t in RECORDING_EXTENSIONS])
    size = models.PositiveIntegerField(default=0)
    duration_seconds = models.FloatField(default=0.0)
    words = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    file_removed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["interview", "seq"]
        constraints = [models.UniqueConstraint(fields=["interview", "seq"], name="unique_recording_seq")]

    def __str__(self):
        return f"Recording of answer {self.seq} of interview {self.interview_id}"

    @property
    def playable(self) -> bool:
        return bool(self.file) and self.file_removed_at is None
