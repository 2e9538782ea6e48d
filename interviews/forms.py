"""The candidate's setup form: role, level, plan, resume, job description, company, consent.

Documents are parsed while the form validates (parsing stores nothing), so a bad file comes back
as a message on its field and nothing is written anywhere.
"""

from __future__ import annotations

import dataclasses
from typing import cast

from django import forms
from django.conf import settings
from django.db.models import Case, IntegerField, Q, Value, When

from agent_worker.core.facts import JobRequirements
from agent_worker.core.posting_role import role_matches_posting, short_title
from interviews.models import POSTING_ROLE_SLUG, Document, Interview, Level, Role, StagePlan
from interviews.parsing import DEFAULT_LIMITS, DocumentError, parse_document, parse_pasted_job_description
from interviews.parsing.api import Kind
from interviews.parsing.sandbox import waited_for_a_child
from interviews.services.plans import plan_label, quick_practice_plan
from interviews.services.setup import Upload, setup_limit_error, upload_attempt_allowed


def _limits():
    return dataclasses.replace(DEFAULT_LIMITS, max_bytes=int(getattr(settings, "UPLOAD_MAX_BYTES", DEFAULT_LIMITS.max_bytes)),
                               max_children=settings.PARSE_CHILDREN_PER_PROCESS,
                               queue_wait_seconds=settings.PARSE_QUEUE_WAIT_SECONDS)


def _max_mb() -> str:
    return f"{_limits().max_bytes / 1048576:.3g}"


class PlanChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, plan):
        return plan_label(plan)


class NewInterviewForm(forms.Form):
    role = forms.ModelChoiceField(
        queryset=Role.objects.none(), empty_label="Choose a role…", label="Role",
        error_messages={"required": "Please choose the role you are preparing for."},
    )
    level = forms.ChoiceField(
        choices=[("", "Choose a level…"), *Level.choices], label="Level",
        error_messages={"required": "Please choose the level of the job."},
    )
    plan = PlanChoiceField(
        queryset=StagePlan.objects.none(), empty_label=None, label="Interview length",
        widget=forms.RadioSelect,
    )
    resume = forms.FileField(
        label="Your resume",
        help_text="PDF or DOCX, up to {mb} MB.",
        widget=forms.ClearableFileInput(attrs={"accept": ".pdf,.docx,application/pdf,"
                                                 "application/vnd.openxmlformats-officedocument.wordprocessingml.document"}),
        error_messages={"required": "Please add your resume (PDF or DOCX)."},
    )
    job_description = forms.CharField(
        label="Job description", required=False, max_length=40_000,
        widget=forms.Textarea(attrs={"rows": 8, "placeholder": "Paste the job advert here…"}),
        help_text="Paste the text of the job advert, or upload it below.",
    )
    job_description_file = forms.FileField(
        label="…or upload the job description", required=False,
        help_text="PDF, DOCX, TXT or Markdown, up to {mb} MB.",
        widget=forms.ClearableFileInput(attrs={"accept": ".txt,.md,.markdown,.pdf,.docx,text/plain,text/markdown,"
                                                 "application/pdf"}),
    )
    company = forms.CharField(
        label="Company (optional)", required=False, max_length=200,
        help_text="We look up public information about the company to tailor a few questions.",
    )
    keep_role = forms.BooleanField(
        required=False, label="Keep the role I chose", widget=forms.HiddenInput,
        help_text="Ask me that role's questions even though my job description is for another job.",
    )
    from_interview = forms.UUIDField(required=False, widget=forms.HiddenInput)
    keep_recording = forms.BooleanField(
        required=False, label="Keep a recording of my answers so I can replay them",
        help_text="Voice interviews only. Only you can play them, beside your report; they are deleted after {days} "
                  "days, or with the interview or your account.",
    )
    consent = forms.BooleanField(
        label="I agree that MockFlow processes my resume and the job description to run this practice interview. "
              "I can delete them at any time from my profile.",
        error_messages={"required": "Please agree to the processing of your documents to continue."},
    )

    def __init__(self, *args, user=None, source: Interview | None = None, **kwargs):
        if source is not None and not args and "data" not in kwargs:  # an unbound form starts from it
            kwargs["initial"] = {
                "role": source.role_id, "level": source.level, "plan": source.plan_id,
                "company": source.company, "from_interview": source.pk, **kwargs.get("initial", {}),
            }
        super().__init__(*args, **kwargs)
        self.user = user
        mb = _max_mb()
        for name in ("resume", "job_description_file"):
            self.fields[name].help_text = self.fields[name].help_text.format(mb=mb)
        self.fields["keep_recording"].help_text = self.fields["keep_recording"].help_text.format(
            days=settings.AUDIO_RETENTION_DAYS)
        # "Practise again": the documents of an earlier interview are reused unless new ones are given.
        self.source = source
        self.reused_resume = _reusable(source.resume if source else None)
        self.reused_job_description = _reusable(source.job_description if source else None)
        if self.reused_resume:
            self.fields["resume"].required = False
            self.fields["resume"].label = "A new resume (optional)"
            self.fields["resume"].help_text = f"Leave empty to use the same resume again. {self.fields['resume'].help_text}"
        if self.reused_job_description:
            self.fields["job_description"].label = "A new job description (optional)"
            self.fields["job_description"].help_text = "Leave both empty to use the same job description again."
        # The role from the job description first (any profession), then the recruiters' roles by title.
        self.roles = Role.objects.filter(active=True).select_related("plan").order_by(
            Case(When(slug=POSTING_ROLE_SLUG, then=Value(0)), default=Value(1), output_field=IntegerField()), "title")
        cast(forms.ModelChoiceField, self.fields["role"]).queryset = self.roles
        if source is None and not self.is_bound:
            posting_role = next((role for role in self.roles if role.is_from_posting), None)
            if posting_role is not None:
                self.initial.setdefault("role", posting_role.pk)
        self.role_mismatch = False
        self.quick_plan = quick_practice_plan()
        role_plans = Role.objects.filter(active=True).values("plan")
        cast(forms.ModelChoiceField, self.fields["plan"]).queryset = StagePlan.objects.filter(
            Q(pk__in=role_plans) | Q(pk=getattr(self.quick_plan, "pk", None))
        ).order_by("is_quick_practice", "title")
        self.limit_error = setup_limit_error(user=user) if self.is_bound and user is not None else None
        self.parsed: dict[str, Upload] = {}
        self.queued_seconds = 0.0  # how long the uploads waited for a free parser (a burst of uploads)

    def role_options(self) -> dict:
        """Per role: its levels and plan, for the page's script to narrow the choices."""
        return {
            str(role.pk): {"levels": list(role.levels or []), "plan": role.plan_id, "description": role.description}
            for role in self.roles
        }

    def _parse_upload(self, field: str, kind: Kind):
        upload = self.cleaned_data.get(field)
        if not upload or self.limit_error:
            return upload
        if upload.size > _limits().max_bytes:
            label = "resume" if kind == "resume" else "job description"
            raise forms.ValidationError(
                f"The {label} file is too large ({upload.size / 1048576:.3g} MB); the limit is {_max_mb()} MB."
            )
        if self.user is not None and not upload_attempt_allowed(user=self.user):
            raise forms.ValidationError("You have uploaded many documents in the last hour. Please try again later.")
        data = upload.read()
        try:
            parsed = parse_document(data, upload.name, kind, limits=_limits())
        except DocumentError as exc:
            raise forms.ValidationError(exc.message) from None
        self.queued_seconds += waited_for_a_child()
        self.parsed[field] = Upload(parsed=parsed, data=data, filename=upload.name)
        return upload

    def clean_resume(self):
        return self._parse_upload("resume", "resume")

    def clean_job_description_file(self):
        return self._parse_upload("job_description_file", "jd")

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        if self.limit_error:
            raise forms.ValidationError(self.limit_error)
        role, level, plan = cleaned.get("role"), cleaned.get("level"), cleaned.get("plan")
        if role and level and level not in (role.levels or []):
            labels = dict(Level.choices)
            self.add_error("level", f"{role.title} interviews are offered at these levels: "
                                    + ", ".join(labels.get(v, v) for v in role.levels) + ".")
        if role and plan and plan.pk not in (role.plan_id, getattr(self.quick_plan, "pk", None)):
            self.add_error("plan", f"Choose {role.plan.title} or {self.quick_plan.title if self.quick_plan else 'the quick practice'}.")
        pasted = (cleaned.get("job_description") or "").strip()
        has_file = "job_description_file" in self.parsed or self.errors.get("job_description_file")
        if pasted and cleaned.get("job_description_file"):
            self.add_error("job_description", "Paste the job description or upload it, not both.")
        elif not pasted and not has_file and not cleaned.get("job_description_file"):
            if not self.reused_job_description:
                self.add_error("job_description", "Please paste the job description, or upload it as a file.")
        elif pasted and not self.limit_error:
            try:
                self.parsed["job_description"] = Upload(parsed=parse_pasted_job_description(pasted))
            except DocumentError as exc:
                self.add_error("job_description", exc.message)
        self._suggest_posting_role(role)
        return cleaned

    def _suggest_posting_role(self, role: Role | None) -> None:
        """A recruiter's role whose title the posting's does not name ("Sales" for a Registered Nurse posting)
        asks another trade's questions: suggest the role from the job description, unless they chose to keep it."""
        if role is None or role.is_from_posting or self.cleaned_data.get("keep_role") or self.errors:
            return
        document = _one_of_or_none(self.parsed.get("job_description_file"), self.parsed.get("job_description"),
                                   self.reused_job_description)
        if document is None:
            return
        facts = document.facts if isinstance(document, Document) else document.parsed.facts
        title = short_title(JobRequirements.model_validate(facts or {}).trusted().title)
        if not title or role_matches_posting(role.title, title):
            return
        posting_role = next((r for r in self.roles if r.is_from_posting), None)
        if posting_role is None:
            return
        self.role_mismatch = True
        self.fields["keep_role"].widget = forms.CheckboxInput()
        self.add_error("role", f"Your job description is for a {title}, but {role.title} interviews ask about "
                               f"{role.title.lower()} work. Choose “{posting_role.title}” to be asked about the "
                               f"{title} job itself, or tick “Keep the role I chose” below to go on with "
                               f"{role.title}.")

    def resume_upload(self) -> Upload | Document:
        """The new resume, or the earlier interview's (a valid form has one)."""
        return _one_of(self.parsed.get("resume"), self.reused_resume)

    def job_description_upload(self) -> Upload | Document:
        """The job description uploaded or pasted, or the earlier interview's (a valid form has one)."""
        return _one_of(self.parsed.get("job_description_file"), self.parsed.get("job_description"),
                       self.reused_job_description)


def _one_of(*documents: Upload | Document | None) -> Upload | Document:
    for document in documents:
        if document is not None:
            return document
    raise ValueError("no document: the form is not valid")


def _one_of_or_none(*documents: Upload | Document | None) -> Upload | Document | None:
    return next((document for document in documents if document is not None), None)


def _reusable(document: Document | None) -> Document | None:
    """An earlier document whose text is still stored (its file may be gone after the retention period)."""
    return document if document is not None and document.text.strip() else None
