"""Fault tests: real processes (daphne, db_worker, a private redis-server) killed and restarted.

They need the test database to be one the processes can reach (PostgreSQL, as `.ci/run` sets up).
Marked `faults`; `make test` runs them with the rest.
"""

import os

import pytest

from tests.faults import processes
from tests.integration.live.conftest import make_interview  # noqa: F401 - a fixture

HERE = os.path.dirname(__file__)


def pytest_collection_modifyitems(items):
    for item in items:
        if str(item.path).startswith(HERE):
            item.add_marker(pytest.mark.faults)


@pytest.fixture
def shared_db(transactional_db):
    """The test database as a DATABASE_URL the subprocesses use (commits are seen both ways)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.fail("Fault tests run real processes on a shared database: set DATABASE_URL to PostgreSQL "
                    "(as .ci/run does).")
    yield processes.database_url(connection.settings_dict)
    with connection.cursor() as cursor:  # the processes' connections, or the database cannot be dropped
        cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                       "WHERE datname = current_database() AND application_name = %s", [processes.PROCESS_APP_NAME])


@pytest.fixture
def procs(tmp_path):
    """Start processes through this; every one is killed at the end, whatever happened."""
    started: list[processes.Process] = []

    class Procs:
        log_dir = tmp_path

        def add(self, process):
            started.append(process)
            return process.start()

    yield Procs()
    for process in reversed(started):
        process.kill()


@pytest.fixture
def redis(procs):
    return procs.add(processes.redis_server(procs.log_dir))
