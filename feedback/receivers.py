"""Feedback's reactions to other apps: a completed interview gets a report; a verified address its mail."""

from django.dispatch import receiver

from accounts.signals import email_verified
from interviews.signals import interview_completed


@receiver(interview_completed, dispatch_uid="feedback.report_on_completion")
def start_report(sender, interview, **kwargs):
    from feedback.services.reports import report_request

    report_request(interview=interview)


@receiver(email_verified, dispatch_uid="feedback.mail_waiting_reports")
def mail_waiting_reports(sender, user, **kwargs):
    from feedback.services.reports import reports_release_waiting_email

    reports_release_waiting_email(user=user)
