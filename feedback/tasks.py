"""The report pipeline's tasks, on the "feedback" queue (django-tasks-db; see services/reports.py)."""

from django.tasks import task

from feedback.services.reports import report_run_step

QUEUE = "feedback"


@task(queue_name=QUEUE)
def build_report_analysis(report_id: str) -> str:
    return report_run_step(report_id=report_id, step="analysis")


@task(queue_name=QUEUE)
def build_report_narrative(report_id: str) -> str:
    return report_run_step(report_id=report_id, step="narrative")


@task(queue_name=QUEUE)
def build_report_pdf(report_id: str) -> str:
    return report_run_step(report_id=report_id, step="pdf")


@task(queue_name=QUEUE)
def send_report_email(report_id: str) -> str:
    return report_run_step(report_id=report_id, step="email")


STEP_TASKS = {
    "analysis": build_report_analysis,
    "narrative": build_report_narrative,
    "pdf": build_report_pdf,
    "email": send_report_email,
}
