"""A report per completed interview, built step by step by tasks, and the outbox that mails it once."""

import uuid
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone

STEPS = ("analysis", "narrative", "pdf", "email")


def step_stale_after() -> timedelta:
    """A step `running` whose report has not been touched for this long lost its worker (no heartbeat), and so
    did an email claim `sending` for this long: REPORT_STEP_STALE_SECONDS."""
    return timedelta(seconds=settings.REPORT_STEP_STALE_SECONDS)


def report_pdf_upload_to(instance, filename):
    # Generated names only: nothing about the candidate appears on disk.
    return f"reports/{uuid.uuid4().hex}.pdf"


class StepStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"
    # The email step only: held until the address is verified.
    WAITING = "waiting", "Waiting for a verified address"


class Report(models.Model):
    """The feedback on one completed interview: its analysis, narrative, PDF and email, each a step."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        BUILDING = "building", "Building"
        READY = "ready", "Ready"
        FAILED = "failed", "Failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    interview = models.OneToOneField("interviews.Interview", on_delete=models.CASCADE, related_name="report")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    analysis_status = models.CharField(max_length=10, choices=StepStatus.choices, default=StepStatus.PENDING)
    narrative_status = models.CharField(max_length=10, choices=StepStatus.choices, default=StepStatus.PENDING)
    pdf_status = models.CharField(max_length=10, choices=StepStatus.choices, default=StepStatus.PENDING)
    email_status = models.CharField(max_length=10, choices=StepStatus.choices, default=StepStatus.PENDING)
    analysis = models.JSONField(null=True, blank=True)
    narrative = models.JSONField(null=True, blank=True)
    narrative_source = models.CharField(max_length=10, blank=True, help_text="rules or llm")
    overall_score = models.FloatField(null=True, blank=True, help_text="Copied from the analysis for dashboards.")
    pdf = models.FileField(upload_to=report_pdf_upload_to, blank=True, max_length=255)
    step_errors = models.JSONField(default=dict, blank=True, help_text="Step name → the last error.")
    step_attempts = models.JSONField(default=dict, blank=True, help_text="Step name → attempts so far.")
    step_started_at = models.DateTimeField(null=True, blank=True)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)
    ready_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self):
        return f"Report {self.id} ({self.status})"

    def step_status(self, step: str) -> str:
        return getattr(self, f"{step}_status")

    @property
    def has_content(self) -> bool:
        """The page can show the feedback: analysis and narrative are stored."""
        return self.analysis is not None and self.narrative is not None

    @property
    def failed_steps(self) -> list[str]:
        return [step for step in STEPS if self.step_status(step) == StepStatus.FAILED]


class Outbox(models.Model):
    """One row per message that must go out at most once; claimed before sending."""

    class Kind(models.TextChoices):
        REPORT_EMAIL = "report_email", "Report email"

    class State(models.TextChoices):
        SENDING = "sending", "Sending"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

    report = models.ForeignKey(Report, on_delete=models.CASCADE, related_name="outbox")
    kind = models.CharField(max_length=20, choices=Kind.choices, default=Kind.REPORT_EMAIL)
    to = models.EmailField()
    state = models.CharField(max_length=10, choices=State.choices, default=State.SENDING)
    claimed_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=1)
    last_error = models.TextField(blank=True)

    class Meta:
        verbose_name_plural = "outbox"
        constraints = [models.UniqueConstraint(fields=["report", "kind"], name="unique_outbox_report_kind")]

    def __str__(self):
        return f"{self.get_kind_display()} for {self.report_id} ({self.state})"


class Attempt(models.Model):
    """One more try at a question of a finished interview, typed on the retake page and scored by the code that
    scored the interview's answer (`feedback.practice`). The interview's own answer stays in the report; these
    sit beside it."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    interview = models.ForeignKey("interviews.Interview", on_delete=models.CASCADE, related_name="attempts")
    question_id = models.CharField(max_length=64, help_text="The question's id in the report's analysis.")
    question = models.TextField()
    competency = models.CharField(max_length=100, blank=True)
    answer = models.TextField()
    score = models.FloatField()
    assessment = models.JSONField(help_text="The scored answer as `manage.py score_answers` prints it.")
    summary = models.JSONField(help_text="What the comparison with other attempts reads (feedback.retakes).")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at"]
        indexes = [models.Index(fields=["interview", "question_id", "created_at"])]

    def __str__(self):
        return f"Attempt at {self.question_id} of {self.interview_id} ({self.score:g})"
