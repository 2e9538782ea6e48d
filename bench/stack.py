"""The real stack a load bench runs against: PostgreSQL, a Redis of its own and daphne processes.

- PostgreSQL: `BENCH_DATABASE_URL` (default `postgres://postgres@127.0.0.1:5432/mockflow_bench`), dropped,
  created and migrated at the start of a run, so the bench never touches the site's own data.
- Redis: `BENCH_REDIS_URL` if given, else a private `redis-server` on a free port (no persistence),
  stopped at the end: the channel layer has Redis to itself.
- Web: `BENCH_WEB_PROCESSES` daphne processes (default 2) serving `bench.asgi:application` (the site plus
  a bare echo consumer), each on its own port, like several daphne behind a reverse proxy without
  sticky sessions: the bench spreads sockets over them round-robin.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/mockflow_bench"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
DAPHNE_OPTIONS = ["--websocket_connect_timeout", "30"]  # as the Procfile runs daphne


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"process on port {port} exited with {process.returncode}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return
        time.sleep(0.1)
    raise RuntimeError(f"nothing listens on port {port} after {timeout} s")


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def recreate_database(url: str) -> None:
    """Drop and create the bench database (connecting to the server's `postgres` database)."""
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if not name or not name.replace("_", "").isalnum():
        raise RuntimeError(f"BENCH_DATABASE_URL needs a plain database name, not {name!r}")
    admin = urlunsplit(parts._replace(scheme="postgresql", path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def database_connections(url: str) -> int:
    """How many server connections are open to the bench database right now."""
    import psycopg

    name = urlsplit(url).path.lstrip("/")
    admin = urlunsplit(urlsplit(url)._replace(scheme="postgresql", path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        return conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s", [name]).fetchone()[0]


@dataclass
class Stack:
    database_url: str
    redis_url: str
    ports: list[int] = field(default_factory=list)
    web: list[subprocess.Popen] = field(default_factory=list)
    redis: subprocess.Popen | None = None
    folder: str = ""

    def env(self) -> dict[str, str]:
        return {
            **os.environ, "PYTHONPATH": str(ROOT), "DJANGO_SETTINGS_MODULE": "mockflow_site.settings",
            "DATABASE_URL": self.database_url, "REDIS_URL": self.redis_url, "DEBUG": "0",
            "MOCKFLOW_VAR_DIR": self.folder, "OPENAI_API_KEY": "",
        }

    def cpu(self) -> list[float]:
        return [cpu_seconds(p.pid) for p in self.web]

    def connections(self) -> int:
        return database_connections(self.database_url)

    def stop(self) -> None:
        for process in [*self.web, *([self.redis] if self.redis else [])]:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in [*self.web, *([self.redis] if self.redis else [])]:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def start_stack(web_processes: int) -> Stack:
    """Start Redis (unless BENCH_REDIS_URL), recreate and migrate the database, then the daphne processes.

    Django is set up in this process against the same database, so the bench can make its users and
    interviews directly.
    """
    folder = tempfile.mkdtemp(prefix="mockflow-load-")
    redis = None
    redis_url = os.environ.get("BENCH_REDIS_URL")
    if not redis_url:
        port = free_port()
        redis = subprocess.Popen(["redis-server", "--port", str(port), "--save", "", "--appendonly", "no",
                                  "--bind", "127.0.0.1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for_port(port, redis)
        redis_url = f"redis://127.0.0.1:{port}/0"
    stack = Stack(database_url=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE_URL), redis_url=redis_url,
                  redis=redis, folder=folder)
    try:
        recreate_database(stack.database_url)
        os.environ.update({k: v for k, v in stack.env().items() if k != "PYTHONPATH"})
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        from django.db import connections

        connections.close_all()
        daphne = [str(Path(sys.executable).with_name("daphne"))]
        profile = os.environ.get("BENCH_PROFILE")  # a folder: each web process writes its cProfile there
        for _ in range(web_processes):
            port = free_port()
            stack.ports.append(port)
            command = daphne if not profile else [sys.executable, "-m", "cProfile", "-o",
                                                  f"{profile}/daphne-{port}.prof", daphne[0]]
            stack.web.append(subprocess.Popen(
                [*command, "-b", "127.0.0.1", "-p", str(port), *DAPHNE_OPTIONS, "bench.asgi:application"], cwd=ROOT,
                env=stack.env(),
                stdout=subprocess.DEVNULL, stderr=open(Path(folder) / f"daphne-{port}.log", "w"),  # noqa: SIM115
            ))
        for port, process in zip(stack.ports, stack.web, strict=True):
            wait_for_port(port, process)
    except BaseException:
        stack.stop()
        raise
    return stack
