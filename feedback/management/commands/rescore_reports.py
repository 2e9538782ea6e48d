"""`manage.py rescore_reports --interview ID | --all`: measure stored reports again with today's scoring.

A report stores its analysis and narrative when it is built, so a change to the scoring reaches only new
reports until this runs. It saves (and redraws the PDF of) only the reports whose feedback changed, so it
can run twice; it mails nothing. A narrative written by the language model is kept as it is.
"""

from __future__ import annotations

import uuid

from django.core.management.base import BaseCommand, CommandError

from feedback.models import Report
from feedback.services.reports import report_rescore


class Command(BaseCommand):
    help = "Rescore stored reports with today's scoring rules; print how many changed."

    def add_arguments(self, parser):
        which = parser.add_mutually_exclusive_group(required=True)
        which.add_argument("--interview", help="the interview whose report to rescore (its id)")
        which.add_argument("--all", action="store_true", help="every stored report")

    def handle(self, *args, **options):
        reports = Report.objects.select_related("interview__role", "interview__owner").order_by("created_at")
        if options["interview"]:
            try:
                interview_id = uuid.UUID(options["interview"])
            except ValueError:
                raise CommandError(f"not an interview id: {options['interview']!r}") from None
            reports = reports.filter(interview_id=interview_id)
            if not reports.exists():
                raise CommandError(f"no report for interview {options['interview']}")
        outcomes = {"changed": 0, "unchanged": 0, "skipped": 0}
        for report in reports.iterator(chunk_size=100):
            outcome = report_rescore(report=report)
            outcomes[outcome] += 1
            if outcome == "changed" and options["verbosity"] > 1:
                self.stdout.write(f"changed: interview {report.interview_id}")
        total = sum(outcomes.values())
        self.stdout.write(
            f"{total} report{'s' if total != 1 else ''} checked: {outcomes['changed']} changed, "
            f"{outcomes['unchanged']} unchanged, {outcomes['skipped']} skipped (no feedback or no events yet)."
        )
