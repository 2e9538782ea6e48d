"""`manage.py task_worker`: django-tasks-db's `db_worker` that outlives its database and its peers.

The same options as `db_worker`. Two things differ:
- A database error (PostgreSQL restarted, the connection killed by `pg_terminate_backend`) does not
  end the process: the connections are dropped and the loop starts again with backoff, so the
  worker picks tasks up again as soon as the database is back.
- Every REPORT_STEP_STALE_SECONDS / 2 a thread takes up report steps whose worker stopped
  heart-beating (`feedback.tasks`): a worker killed mid-PDF or mid-email is replaced by
  whichever worker is alive, including itself after a restart.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time

from django.conf import settings
from django.db import DatabaseError, InterfaceError, connection, connections
from django_tasks_db.management.commands import db_worker

from feedback.tasks import reports_recover_stuck

logger = logging.getLogger("feedback.task_worker")

BACKOFF_MAX_SECONDS = 10.0


class ResilientWorker(db_worker.Worker):
    def run(self) -> None:
        reaper = threading.Thread(target=self.reap, name="report-reaper", daemon=True)
        reaper.start()
        delay = 0.5
        while self.running:
            try:
                super().run()
                return  # --batch or --max-tasks: done
            except (DatabaseError, InterfaceError) as error:
                logger.warning("Task worker %s: database error (%s); reconnecting in %.1f s",
                               self.worker_id, error, delay)
                with contextlib.suppress(Exception):
                    connections.close_all()
                time.sleep(delay)
                delay = min(delay * 2, BACKOFF_MAX_SECONDS)

    def reap(self) -> None:
        every = max(1.0, settings.REPORT_STEP_STALE_SECONDS / 2)
        while self.running:
            try:
                reports_recover_stuck()
            except Exception:  # the database may be down: try again next time
                logger.warning("Task worker %s: could not look for stuck report steps", self.worker_id,
                               exc_info=True)
            finally:
                with contextlib.suppress(Exception):
                    connection.close()  # this thread's own connection
            time.sleep(every)


class Command(db_worker.Command):
    help = "Run database-backed tasks, reconnecting after database outages and taking up lost report steps."

    def handle(self, *, verbosity, queue_name, interval, batch, backend_name, startup_delay, reload, max_tasks,
               worker_id, exclude_queues, **options) -> None:
        self.configure_logging(verbosity)
        worker = ResilientWorker(
            queue_names=queue_name.split(","),
            interval=interval,
            batch=batch,
            backend_name=backend_name,
            startup_delay=startup_delay,
            max_tasks=max_tasks,
            worker_id=worker_id,
            excluded_queue_names=exclude_queues.split(",") if exclude_queues else [],
        )
        worker.configure_signals()
        worker.run()
