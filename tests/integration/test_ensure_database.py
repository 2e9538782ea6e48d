"""make run's database step: a database DATABASE_URL names but nobody created is created (against the real local
PostgreSQL: marked `services`, run in make test's PostgreSQL step); a server that does not answer is one clear line,
not a 30-second pool wait and a traceback."""

import socket
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg
import pytest
from django.core.management.base import CommandError

from mockflow_site.management.commands.ensure_database import ensure_database

ROOT = Path(__file__).resolve().parents[2]
SERVER = {"ENGINE": "django.db.backends.postgresql", "HOST": "127.0.0.1", "PORT": 5432, "USER": "postgres", "PASSWORD": ""}


def _exists(name: str) -> bool:
    with psycopg.connect(dbname="postgres", host="127.0.0.1", port=5432, user="postgres", autocommit=True) as c:
        return c.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is not None


@pytest.fixture
def new_name():
    name = f"mf_ensure_{uuid.uuid4().hex[:10]}"
    yield name
    with psycopg.connect(dbname="postgres", host="127.0.0.1", port=5432, user="postgres", autocommit=True) as c:
        c.execute(f'DROP DATABASE IF EXISTS "{name}"')


@pytest.mark.services
def test_a_missing_database_is_created_once_and_then_found(new_name):
    assert not _exists(new_name)
    assert ensure_database({**SERVER, "NAME": new_name}).startswith(f"created: database {new_name}")
    assert _exists(new_name)
    assert ensure_database({**SERVER, "NAME": new_name}) == f"ok: database {new_name} on 127.0.0.1:5432"


@pytest.mark.services
def test_the_command_reads_database_url_as_make_run_gives_it(new_name):
    result = subprocess.run([sys.executable, "manage.py", "ensure_database"], cwd=ROOT, capture_output=True, text=True,
                            env={"PATH": "/usr/bin:/bin", "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{new_name}"},
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"created: database {new_name}")
    assert _exists(new_name)


def test_a_server_that_does_not_answer_is_one_clear_line():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens once the socket closes
    with pytest.raises(CommandError, match=rf"PostgreSQL at 127.0.0.1:{port} \(DATABASE_URL\) did not answer.*unset DATABASE_URL"):
        ensure_database({**SERVER, "PORT": port, "NAME": "anything"})


def test_sqlite_needs_nothing(tmp_path):
    assert ensure_database({"ENGINE": "django.db.backends.sqlite3", "NAME": tmp_path / "x.sqlite3"}).startswith("ok: sqlite3")
