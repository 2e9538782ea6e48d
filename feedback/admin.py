"""Reports in admin: pipeline state only. Their content is the candidate's: no analysis, narrative or PDF here."""

from django.contrib import admin, messages
from django.utils import timezone

from feedback.models import Outbox, Report
from feedback.services.reports import report_retry
from feedback.tasks import stuck_filter

STATE_FIELDS = (
    "id", "interview_id", "status", "analysis_status", "narrative_status", "pdf_status", "email_status",
    "narrative_source", "overall_score", "step_attempts", "step_errors", "step_started_at", "next_attempt_at",
    "created_at", "updated_at", "ready_at",
)


class StuckFilter(admin.SimpleListFilter):
    """Reports a worker dropped (a step `running` with no heartbeat) and reports with a failed step."""

    title = "needs attention"
    parameter_name = "attention"

    def lookups(self, request, model_admin):
        return [("stuck", "Stuck (a step's worker stopped)"), ("failed", "Failed")]

    def queryset(self, request, queryset):
        if self.value() == "stuck":
            return queryset.filter(stuck_filter(timezone.now()))
        if self.value() == "failed":
            return queryset.filter(status=Report.Status.FAILED)
        return queryset


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ("id", "status", "analysis_status", "narrative_status", "pdf_status", "email_status",
                    "narrative_source", "created_at")
    list_filter = (StuckFilter, "status", "analysis_status", "narrative_status", "pdf_status", "email_status", "narrative_source")
    fields = STATE_FIELDS
    readonly_fields = STATE_FIELDS
    actions = ["retry_failed_steps"]
    ordering = ("-created_at",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return request.user.is_staff

    @admin.action(description="Re-run the failed or stuck steps of the selected reports")
    def retry_failed_steps(self, request, queryset):
        restarted = sum(1 for report in queryset if report_retry(report=report))
        self.message_user(request, f"Restarted {restarted} report(s).", messages.SUCCESS)


@admin.register(Outbox)
class OutboxAdmin(admin.ModelAdmin):
    list_display = ("report_id", "kind", "state", "attempts", "claimed_at", "sent_at")
    list_filter = ("kind", "state")
    fields = ("report_id", "kind", "state", "attempts", "claimed_at", "sent_at", "last_error")
    readonly_fields = fields

    def has_add_permission(self, request):
        return False
