import time

from django.core.management.base import BaseCommand
from django.db import close_old_connections

from interviews.maintenance import JOBS, run_maintenance


class Command(BaseCommand):
    help = "Run the periodic maintenance jobs (retention, research cache, ...), once or in a loop."

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="Run the jobs once and exit.")
        parser.add_argument("--interval", type=float, default=300, help="Seconds between runs (default 300).")
        parser.add_argument("--job", action="append", choices=sorted(JOBS), help="Run only this job (repeatable).")

    def handle(self, *args, once=False, interval=300, job=None, **options):
        if interval <= 0:
            self.stderr.write("--interval must be above 0 seconds.")
            raise SystemExit(2)
        while True:
            for name, report in run_maintenance(only=job).items():
                self.stdout.write(f"{name}: {report}")
            if once:
                return
            close_old_connections()
            time.sleep(interval)
