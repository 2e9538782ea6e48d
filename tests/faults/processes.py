"""Real processes for the fault tests: a private redis-server, daphne serving the site, the task worker.

Each runs as a subprocess on a free port of this machine, pointed at the test database (so the
test sees what the processes store) and is killed and restarted by the test. Nothing here touches
the shared Redis or PostgreSQL servers beyond the test's own database.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[2]


PROCESS_APP_NAME = "mockflow-faults"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = 20.0, proc: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"process exited with {proc.returncode} before listening on {port}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return
        time.sleep(0.05)
    raise TimeoutError(f"nothing listens on port {port} after {timeout}s")


def database_url(settings_dict: dict) -> str:
    """The test database as a DATABASE_URL for a subprocess (PostgreSQL only: SQLite's is in memory)."""
    user = quote(settings_dict.get("USER") or "")
    password = quote(settings_dict.get("PASSWORD") or "")
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    # The processes' connections carry this name, so that an outage can kill theirs and not the test's.
    return f"postgres://{auth}{host}:{port}/{settings_dict['NAME']}?application_name={PROCESS_APP_NAME}"


class Process:
    """A subprocess that can be killed (SIGKILL, like a crash) and started again with the same command."""

    def __init__(self, name: str, argv: list[str], *, env: dict[str, str], port: int | None = None,
                 log_dir: Path) -> None:
        self.name, self.argv, self.env, self.port = name, argv, env, port
        self.log_path = log_dir / f"{name}.log"
        self.proc: subprocess.Popen | None = None

    def start(self) -> Process:
        log = open(self.log_path, "ab")  # noqa: SIM115 - closed with the process
        self.proc = subprocess.Popen(self.argv, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        log.close()
        if self.port is not None:
            wait_for_port(self.port, proc=self.proc)
        return self

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, sig)
            self.proc.wait(timeout=10)
        self.proc = None

    def restart(self) -> Process:
        self.kill()
        return self.start()

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def redis_server(log_dir: Path) -> Process:
    port = free_port()
    return Process("redis", ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no", "--dir", str(log_dir)], env=dict(os.environ), port=port,
                   log_dir=log_dir)


def site_env(*, database_url: str, redis_url: str | None, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "DJANGO_ALLOW"))}
    env.update(DATABASE_URL=database_url, DJANGO_SETTINGS_MODULE="mockflow_site.settings", PYTHONUNBUFFERED="1")
    env.pop("REDIS_URL", None)
    if redis_url:
        env["REDIS_URL"] = redis_url
    env.update(extra)
    return env


def daphne(name: str, env: dict[str, str], log_dir: Path) -> Process:
    port = free_port()
    return Process(name, [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                          "mockflow_site.asgi:application"], env=env, port=port, log_dir=log_dir)


def task_worker(name: str, env: dict[str, str], log_dir: Path) -> Process:
    return Process(name, [sys.executable, "manage.py", "task_worker", "--queue-name", "*", "--interval", "0.2",
                          "--no-startup-delay"], env=env, log_dir=log_dir)


@contextlib.contextmanager
def database_outage(settings_dict: dict):
    """Like a PostgreSQL restart, for the test database only: every connection to it is killed and
    no new one is accepted until the block ends (the shared server itself keeps running). Only the
    processes' connections are killed: the test's own keep working."""
    import psycopg

    name = settings_dict["NAME"]
    params = {"dbname": "postgres", "host": settings_dict.get("HOST") or "127.0.0.1",
              "port": settings_dict.get("PORT") or 5432, "user": settings_dict.get("USER") or None,
              "password": settings_dict.get("PASSWORD") or None, "autocommit": True}
    with psycopg.connect(**{k: v for k, v in params.items() if v is not None}) as admin:
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        try:
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s "
                          "AND application_name = %s", (name, PROCESS_APP_NAME))
            yield
        finally:
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
