"""Recruiters' admin: roles, stage plans with their stages, question banks, and a preview of a plan.

Candidates' interviews and documents are not registered: recruiters never see them. Plans are
validated by the engine's own `validate_plan`, so the admin shows the engine's messages.
"""

from __future__ import annotations

import re
from typing import cast

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count, Exists, OuterRef, Q
from django.forms.formsets import DELETION_FIELD_NAME
from django.forms.models import BaseInlineFormSet
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from agent_worker.core.bank import fits_level
from interviews.models import Level, PlanStage, Question, Role, StagePlan
from interviews.services.plan_versions import (
    PlanChanges,
    plan_current_version,
    plan_is_in_use,
    plan_save_changes_in_use,
)
from interviews.services.plans import (
    STAGE_FIELDS,
    plan_engine_dict,
    plan_errors,
    plan_orphan_questions,
    plan_preview,
)
from interviews.services.posting_roles import PostingRoleError, role_create_from_posting

_PATH_RE = re.compile(r"^stages\[(\d+)\](?:\.(\w+))?")


class LinesField(forms.CharField):
    """A list of strings edited as one line each."""

    widget = forms.Textarea(attrs={"rows": 3, "cols": 80})

    def prepare_value(self, value):
        if isinstance(value, list | tuple):
            return "\n".join(str(v) for v in value)
        return value

    def to_python(self, value):
        text = super().to_python(value) or ""
        return [line.strip() for line in text.splitlines() if line.strip()]


class CommaListField(forms.CharField):
    def prepare_value(self, value):
        if isinstance(value, list | tuple):
            return ", ".join(str(v) for v in value)
        return value

    def to_python(self, value):
        text = super().to_python(value) or ""
        return [item.strip() for item in text.split(",") if item.strip()]


# --- Stage plans -------------------------------------------------------------------------------------


class PlanStageForm(forms.ModelForm):
    bridges = LinesField(
        required=False,
        help_text="Lines that announce the stage, one per line; one is picked per interview. "
        "They may use {name}, {role}, {company} and {minutes}.",
    )

    class Meta:
        model = PlanStage
        fields = ("order", *STAGE_FIELDS)
        widgets = {"instructions": forms.Textarea(attrs={"rows": 4, "cols": 80})}


class PlanStageFormSet(BaseInlineFormSet):
    """Validate the whole plan with the engine's rules; put each message next to the field it is about."""

    def clean(self):
        super().clean()
        if any(form.errors for form in self.forms):
            return
        live = [
            (index, form)
            for index, form in enumerate(self.forms)
            if form.has_changed() or form.instance.pk
            if not (self.can_delete and form.cleaned_data.get(DELETION_FIELD_NAME, False))
        ]
        live.sort(key=lambda item: (item[1].cleaned_data.get("order") or 0, item[0]))
        stages = [form.cleaned_data for _, form in live]
        plan = self.instance
        data = plan_engine_dict(
            name=plan.name or "", title=plan.title or "", version=plan.version or 1, stages=stages
        )
        self.ordered_stages = stages
        general = []
        for error in plan_errors(data):
            match = _PATH_RE.match(error.path)
            if match and int(match.group(1)) < len(live):
                form = live[int(match.group(1))][1]
                field = match.group(2)
                if field in form.fields:
                    form.add_error(field, error.message)
                else:
                    form.add_error(None, error.message)
            else:
                general.append(error.message)
        if general:
            raise ValidationError(general)
        if any(form.errors for _, form in live):
            raise ValidationError("Please fix the stages marked below.")


class PlanStageInline(admin.StackedInline):
    model = PlanStage
    form = PlanStageForm
    formset = PlanStageFormSet
    extra = 0
    min_num = 1
    fieldsets = (
        (None, {"fields": (("order", "name", "title"),)}),
        ("Questions and time", {"fields": (
            ("min_questions", "max_questions"),
            ("min_seconds", "max_seconds"),
            ("inactivity_seconds", "overrun_seconds", "thinking_seconds"),
            ("target_depth", "competency"),
        )}),
        ("What the interviewer is told and says", {"fields": ("instructions", "bridges")}),
    )


class StagePlanForm(forms.ModelForm):
    class Meta:
        model = StagePlan
        fields = ("name", "title", "description", "is_quick_practice")

    def clean_name(self):
        """A new plan needs a name no plan has: versions of one plan share it, and editing makes them."""
        name = self.cleaned_data["name"]
        if self.instance.pk is None:
            existing = StagePlan.objects.filter(name=name).order_by("-version").first()
            if existing is not None:
                raise ValidationError(
                    f"A plan named “{name}” already exists ({existing}). Choose another name, or edit "
                    "that plan: saving changes to a plan interviews have used makes a new version of it."
                )
        return name


@admin.register(StagePlan)
class StagePlanAdmin(admin.ModelAdmin):
    form = StagePlanForm
    list_display = ("title", "name", "version", "is_quick_practice", "current", "stage_count", "role_count",
                    "interview_count")
    list_filter = ("is_quick_practice", ("superseded_by", admin.EmptyFieldListFilter), "name")
    search_fields = ("title", "name", "description")
    readonly_fields = ("version", "superseded_by_link", "created_at")
    fields = ("name", "title", "description", "is_quick_practice", "version", "superseded_by_link", "created_at")
    inlines = [PlanStageInline]
    actions = ["preview_plan"]
    change_form_template = "admin/interviews/stageplan/change_form.html"

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(
            _stages=Count("stages", distinct=True),
            _roles=Count("roles", distinct=True),
            _interviews=Count("interviews", distinct=True),
        )

    @admin.display(description="Stages", ordering="_stages")
    def stage_count(self, obj):
        return obj._stages

    @admin.display(description="Roles", ordering="_roles")
    def role_count(self, obj):
        return obj._roles

    @admin.display(description="Interviews run", ordering="_interviews")
    def interview_count(self, obj):
        return obj._interviews

    @admin.display(description="Current", boolean=True)
    def current(self, obj):
        return obj.superseded_by_id is None

    @admin.display(description="Replaced by")
    def superseded_by_link(self, obj):
        if not obj.superseded_by_id:
            return "— (this is the current version)"
        url = reverse("admin:interviews_stageplan_change", args=[obj.superseded_by_id])
        return format_html('<a href="{}">{}</a>', url, obj.superseded_by)

    def has_change_permission(self, request, obj=None):
        # An old version is history: it stays as the interviews that ran with it saw it.
        if obj is not None and obj.superseded_by_id:
            return False
        return super().has_change_permission(request, obj)

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None:
            fields.append("name")  # the stable key of every version
        return fields

    # Versioning: a plan that interviews used is never edited in place (interviews.services.plan_versions).

    def _versioning(self, obj) -> bool:
        return obj.pk is not None and plan_is_in_use(obj)

    def save_model(self, request, obj, form, change):
        if change and self._versioning(obj):
            return  # the changes are saved with the stages, as a new version, in save_related
        super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change):
        if not (change and self._versioning(form.instance)):
            return super().save_related(request, form, formsets, change)
        for formset in formsets:  # nothing is saved on the old version; the admin's log expects these
            formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
        stage_formset = next(fs for fs in formsets if isinstance(fs, PlanStageFormSet))
        plan_save_changes_in_use(
            StagePlan.objects.get(pk=form.instance.pk),
            PlanChanges(
                title=form.cleaned_data["title"],
                description=form.cleaned_data.get("description", ""),
                is_quick_practice=form.cleaned_data.get("is_quick_practice", False),
                stages=stage_formset.ordered_stages,
            ),
        )

    def response_change(self, request, obj):
        current = plan_current_version(obj)
        self._warn_about_orphan_questions(request, current)
        if current.pk == obj.pk:
            return super().response_change(request, obj)
        self.message_user(
            request,
            f"Interviews already ran with version {obj.version}, so your changes were saved as version "
            f"{current.version}. The roles that used version {obj.version} now use version {current.version}; "
            "past interviews keep the version they ran with.",
            messages.SUCCESS,
        )
        return HttpResponseRedirect(reverse("admin:interviews_stageplan_change", args=[current.pk]))

    def _warn_about_orphan_questions(self, request, plan):
        orphans = plan_orphan_questions(plan)
        if orphans:
            roles = sorted({question.role.title for question in orphans})
            url = reverse("admin:interviews_question_changelist") + "?stage_in_plan=no"
            self.message_user(request, format_html(
                "{} bank question(s) of {} name a stage {} does not have, so they are never asked. "
                '<a href="{}">See them</a> and choose one of its stages.',
                len(orphans), ", ".join(roles), plan, url), messages.WARNING)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = extra_context or {}
        plan = self.get_object(request, object_id)
        if plan is not None:
            extra_context["plan_in_use"] = plan_is_in_use(plan)
            extra_context["plan_superseded"] = plan.superseded_by_id is not None
            extra_context["preview_url"] = reverse("admin:interviews_stageplan_preview", args=[plan.pk])
        return super().change_view(request, object_id, form_url, extra_context)

    # Preview

    def get_urls(self):
        urls = [
            path("<int:pk>/preview/", self.admin_site.admin_view(self.preview_view),
                 name="interviews_stageplan_preview"),
        ]
        return urls + super().get_urls()

    def preview_view(self, request, pk):
        if not self.has_view_permission(request):
            raise PermissionDenied
        plan = get_object_or_404(StagePlan, pk=pk)
        role = None
        if request.GET.get("role"):
            role = get_object_or_404(Role, pk=request.GET["role"])
        return _render_preview(self, request, plan=plan, role=role)

    @admin.action(description="Try this plan: run it with a sample candidate")
    def preview_plan(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, "Choose one plan to preview.", messages.WARNING)
            return None
        return HttpResponseRedirect(reverse("admin:interviews_stageplan_preview", args=[queryset.get().pk]))


def _render_preview(model_admin, request, *, plan, role=None):
    result = plan_preview(plan=plan, role=role)
    context = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.model._meta,
        "title": f"Try {role.title + ' on ' if role else ''}{plan} with a sample candidate",
        "plan": plan,
        "role": role,
        "result": result,
        "plan_url": reverse("admin:interviews_stageplan_change", args=[plan.pk]),
        "role_url": reverse("admin:interviews_role_change", args=[role.pk]) if role else None,
    }
    return TemplateResponse(request, "admin/interviews/preview.html", context)


# --- Roles and their question banks -----------------------------------------------------------------


class RoleForm(forms.ModelForm):
    focus_areas = LinesField(required=False, help_text="What this role's interviews dig into, one per line.")
    competencies = LinesField(
        help_text="The fixed list feedback scores against, one per line. The first is what the past "
        "experience stage targets by default. Keep it stable so trends compare across interviews.",
    )
    levels = forms.MultipleChoiceField(
        choices=Level.choices, widget=forms.CheckboxSelectMultiple, help_text="Levels a candidate may pick."
    )

    class Meta:
        model = Role
        fields = ("title", "slug", "description", "focus_areas", "competencies", "levels", "plan", "active")
        widgets = {"description": forms.Textarea(attrs={"rows": 3, "cols": 80})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "plan" in self.fields:
            cast(forms.ModelChoiceField, self.fields["plan"]).queryset = StagePlan.objects.filter(superseded_by__isnull=True)
            self.fields["plan"].help_text = "The stage plan this role's interviews follow (current versions only)."

    def clean_competencies(self):
        value = self.cleaned_data["competencies"]
        if not value:
            raise ValidationError("List at least one competency.")
        lowered = [c.lower() for c in value]
        if len(set(lowered)) != len(lowered):
            raise ValidationError("Each competency should appear once.")
        return value


def _stage_label(stage: PlanStage) -> str:
    return stage.title or stage.name


def plan_stage_choices(plan: StagePlan, current: str = "") -> list:
    """The plan's stages to choose from; a current stage the plan lacks stays visible, marked."""
    stages = list(plan.stages.all())
    choices = [("", "Choose a stage…")] + [(stage.name, _stage_label(stage)) for stage in stages]
    if current and current not in {stage.name for stage in stages}:
        choices.append((current, f"⚠ {current}: not a stage of {plan}"))
    return choices


def all_plan_stage_choices(current: str = "") -> list:
    """Before a role is chosen: the stages of every current plan, grouped by plan."""
    choices: list = [("", "Choose a stage…")]
    names = set()
    for plan in StagePlan.objects.filter(superseded_by__isnull=True).prefetch_related("stages"):
        stages = list(plan.stages.all())
        names |= {stage.name for stage in stages}
        choices.append((str(plan), [(stage.name, _stage_label(stage)) for stage in stages]))
    if current and current not in names:
        choices.append((current, f"⚠ {current}: not a stage of any current plan"))
    return choices


class QuestionForm(forms.ModelForm):
    """A bank question: its stage is picked from the plan's stages (a typo would make a question never asked)."""

    stage = forms.ChoiceField(help_text="One of the stages of the role's plan.")
    levels = forms.MultipleChoiceField(
        choices=Level.choices, required=False, widget=forms.CheckboxSelectMultiple,
        help_text="The levels it suits; none ticked: every level.",
    )
    tags = CommaListField(required=False, help_text="Comma-separated.", widget=forms.TextInput(attrs={"size": 14}))

    class Meta:
        model = Question
        fields = ("stage", "text", "competency", "levels", "tags", "active")
        widgets = {"text": forms.Textarea(attrs={"rows": 2, "cols": 44}),
                   "competency": forms.TextInput(attrs={"size": 16})}

    def __init__(self, *args, plan: StagePlan | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        if plan is None and self.instance.role_id:
            plan = self.instance.role.plan
        if plan is None and str(self.initial.get("role") or "").isdigit():  # "Add question" from a role: ?role=<pk>
            plan = StagePlan.objects.filter(roles=self.initial["role"]).first()
        current = self.initial.get("stage") or ""
        cast(forms.ChoiceField, self.fields["stage"]).choices = plan_stage_choices(plan, current) if plan else all_plan_stage_choices(current)
        if plan is not None:
            names = ", ".join(stage.name for stage in plan.stages.all())
            self.fields["stage"].error_messages["invalid_choice"] = (
                f"“%(value)s” is not a stage of {plan}. Stages: {names}."
            )

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        role, stage = cleaned.get("role"), cleaned.get("stage")
        if role is not None and stage and not role.plan.stages.filter(name=stage).exists():
            names = ", ".join(role.plan.stages.values_list("name", flat=True))
            self.add_error("stage", f"“{stage}” is not a stage of {role.plan}, the plan of {role}. Stages: {names}.")
        return cleaned


class QuestionFormSet(BaseInlineFormSet):
    """Questions belong to a stage of the role's plan and target one of its competencies."""

    def get_form_kwargs(self, index):
        kwargs = super().get_form_kwargs(index)
        kwargs["plan"] = self.instance.plan if self.instance.plan_id else None
        return kwargs

    def clean(self):
        super().clean()
        role = self.instance
        plan = role.plan if role.plan_id else None
        stage_names = set(plan.stages.values_list("name", flat=True)) if plan else set()
        competencies = {c.lower() for c in (role.competencies or [])}
        plan_competencies = (
            {c.lower() for c in plan.stages.exclude(competency="").values_list("competency", flat=True)}
            if plan else set()
        )
        for form in self.forms:
            if not hasattr(form, "cleaned_data") or not form.cleaned_data or form.cleaned_data.get("DELETE"):
                continue
            stage = form.cleaned_data.get("stage")
            if stage_names and stage and stage not in stage_names:
                form.add_error("stage", f"“{stage}” is not a stage of {plan}. Stages: {', '.join(sorted(stage_names))}.")
            competency = (form.cleaned_data.get("competency") or "").lower()
            if competency and competencies and competency not in competencies | plan_competencies:
                form.add_error(
                    "competency", "Use one of the role's competencies so feedback can score it: "
                    + ", ".join(role.competencies) + "."
                )


class QuestionInline(admin.TabularInline):
    model = Question
    form = QuestionForm
    formset = QuestionFormSet
    extra = 1
    fields = ("stage", "text", "competency", "levels", "tags", "active")


class RoleFromPostingForm(forms.Form):
    posting = forms.CharField(widget=forms.Textarea(attrs={"rows": 18, "cols": 90}), max_length=40_000,
                              label="Job posting", help_text="Paste the whole posting: its duties become the questions "
                                                              "and its requirements the competencies.")
    title = forms.CharField(required=False, max_length=120, label="Role title",
                            help_text="Leave empty to use the posting's own title.")
    plan = forms.ModelChoiceField(queryset=StagePlan.objects.filter(superseded_by__isnull=True, is_quick_practice=False),
                                  label="Stage plan")


@admin.register(Role)
class RoleAdmin(admin.ModelAdmin):
    form = RoleForm
    list_display = ("title", "plan", "levels_display", "question_count", "active", "updated_at")
    list_filter = ("active", "plan")
    list_editable = ("active",)
    search_fields = ("title", "description", "slug")
    prepopulated_fields = {"slug": ("title",)}
    inlines = [QuestionInline]
    actions = ["preview_role"]
    change_form_template = "admin/interviews/role/change_form.html"

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("plan").annotate(
            _questions=Count("questions", filter=Q(questions__active=True))
        )

    @admin.display(description="Levels")
    def levels_display(self, obj):
        labels = dict(Level.choices)
        return ", ".join(labels.get(level, level) for level in obj.levels or [])

    @admin.display(description="Active questions", ordering="_questions")
    def question_count(self, obj):
        return obj._questions

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = extra_context or {}
        role = self.get_object(request, object_id)
        if role is not None:
            extra_context["preview_url"] = reverse("admin:interviews_role_preview", args=[role.pk])
        return super().change_view(request, object_id, form_url, extra_context)

    def get_urls(self):
        urls = [
            path("<int:pk>/preview/", self.admin_site.admin_view(self.preview_view), name="interviews_role_preview"),
            path("from-posting/", self.admin_site.admin_view(self.from_posting_view),
                 name="interviews_role_from_posting"),
        ]
        return urls + super().get_urls()

    def changelist_view(self, request, extra_context=None):
        extra_context = {**(extra_context or {}), "from_posting_url": reverse("admin:interviews_role_from_posting")}
        return super().changelist_view(request, extra_context)

    def from_posting_view(self, request):
        """A recruiter pastes a job posting; a new role (inactive) is made from it, to check and turn on."""
        if not self.has_add_permission(request):
            raise PermissionDenied
        form = RoleFromPostingForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                role = role_create_from_posting(text=form.cleaned_data["posting"], plan=form.cleaned_data["plan"],
                                                title=form.cleaned_data["title"])
            except PostingRoleError as exc:
                form.add_error(None, str(exc))
            else:
                self.message_user(request, f"“{role.title}” was made from the posting, with "
                                           f"{role.questions.count()} questions. Check it, then tick Active to offer it.")
                return HttpResponseRedirect(reverse("admin:interviews_role_change", args=[role.pk]))
        context = {**self.admin_site.each_context(request), "form": form, "title": "New role from a job posting",
                   "opts": self.model._meta}
        return TemplateResponse(request, "admin/interviews/role/from_posting.html", context)

    def preview_view(self, request, pk):
        if not self.has_view_permission(request):
            raise PermissionDenied
        role = get_object_or_404(Role.objects.select_related("plan"), pk=pk)
        return _render_preview(self, request, plan=role.plan, role=role)

    @admin.action(description="Try this role: run its interview with a sample candidate")
    def preview_role(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, "Choose one role to preview.", messages.WARNING)
            return None
        return HttpResponseRedirect(reverse("admin:interviews_role_preview", args=[queryset.get().pk]))


class StageInPlanFilter(admin.SimpleListFilter):
    title = "stage in the role's plan"
    parameter_name = "stage_in_plan"

    def lookups(self, request, model_admin):
        return (("yes", "Yes"), ("no", "No: never asked"))

    def queryset(self, request, queryset):
        if self.value() in ("yes", "no"):
            return queryset.filter(_stage_in_plan=self.value() == "yes")
        return queryset


class LevelFilter(admin.SimpleListFilter):
    """The questions a candidate at a level may be asked: those ticked for that level (students and interns are
    asked like juniors, staff and managers like seniors: `fits_level`, the engine's own test) and those with no
    level ticked, which suit every level. `levels` is a JSON list, which SQLite cannot search inside: the bank is
    small, so the test runs on the rows' lists in Python and works the same on every database."""

    title = "level it suits"
    parameter_name = "level"
    ANY = "any"

    def lookups(self, request, model_admin):
        return (*Level.choices, (self.ANY, "Any level (none ticked)"))

    def queryset(self, request, queryset):
        value = self.value()
        if value not in {*Level.values, self.ANY}:
            return queryset
        if value == self.ANY:
            keep = [pk for pk, levels in queryset.values_list("pk", "levels") if not levels]
        else:
            keep = [pk for pk, levels in queryset.values_list("pk", "levels") if fits_level(levels, value)]
        return queryset.filter(pk__in=keep)


@admin.register(Question)
class QuestionAdmin(admin.ModelAdmin):
    form = QuestionForm
    list_display = ("short_text", "role", "stage_in_plan", "competency", "levels_display", "active")
    list_filter = (StageInPlanFilter, LevelFilter, "role", "stage", "active")
    list_editable = ("active",)
    search_fields = ("text", "competency", "role__title")
    fields = ("role", "stage", "text", "competency", "levels", "tags", "active")

    def get_queryset(self, request):
        in_plan = PlanStage.objects.filter(plan=OuterRef("role__plan"), name=OuterRef("stage"))
        return super().get_queryset(request).select_related("role__plan").annotate(_stage_in_plan=Exists(in_plan))

    @admin.display(description="Levels")
    def levels_display(self, obj):
        labels = dict(Level.choices)
        return ", ".join(labels.get(level, level) for level in obj.levels or []) or "Any"

    @admin.display(description="Question")
    def short_text(self, obj):
        return obj.text if len(obj.text) <= 90 else obj.text[:89] + "…"

    @admin.display(description="Stage", ordering="stage")
    def stage_in_plan(self, obj):
        if obj._stage_in_plan:
            return obj.stage
        return format_html('<strong class="stage-missing" style="color:#ba2121">⚠ {}: not a stage of {}, so it is '
                           "never asked</strong>", obj.stage, obj.role.plan)
