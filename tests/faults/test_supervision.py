"""A process that dies is started again, and never takes the others down (`make run`'s honcho)."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.faults.helpers import measured
from tests.faults.processes import ROOT


def wait_until(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"{what} did not happen in {timeout}s")


def pid_in(path: Path) -> int | None:
    text = path.read_text().strip().splitlines() if path.exists() else []
    return int(text[-1]) if text else None


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_every_procfile_process_runs_under_the_restart_loop():
    lines = [line for line in (ROOT / "Procfile").read_text().splitlines() if line.strip()]
    assert lines and all(line.split(":", 1)[1].split()[0] == "bin/keep-running" for line in lines)


def test_a_killed_process_comes_back_and_the_others_keep_running(tmp_path):
    # Two long-running processes under honcho, as `make run` starts them; each writes its pid at start.
    program = "import os, sys, time; open(sys.argv[1], 'a').write(f'{os.getpid()}\\n'); time.sleep(600)"
    (tmp_path / "Procfile").write_text(
        f'one: {ROOT}/bin/keep-running {sys.executable} -c "{program}" {tmp_path}/one.pids\n'
        f'two: {ROOT}/bin/keep-running {sys.executable} -c "{program}" {tmp_path}/two.pids\n')
    honcho = subprocess.Popen([str(Path(sys.executable).parent / "honcho"), "start", "-f", str(tmp_path / "Procfile")],
                              cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_until(lambda: pid_in(tmp_path / "one.pids") and pid_in(tmp_path / "two.pids"), 15, "the start")
        first, other = pid_in(tmp_path / "one.pids"), pid_in(tmp_path / "two.pids")
        os.kill(first, signal.SIGKILL)  # a crash
        wait_until(lambda: pid_in(tmp_path / "one.pids") != first, 15, "the restart")
        assert alive(pid_in(tmp_path / "one.pids"))
        assert alive(other) and honcho.poll() is None, "the other process and honcho keep running"
        os.kill(pid_in(tmp_path / "one.pids"), signal.SIGKILL)  # and again
        wait_until(lambda: len((tmp_path / "one.pids").read_text().split()) == 3, 15, "the second restart")
        assert alive(other)
        measured("process_killed", restarts=2, others_stopped=0)
    finally:
        os.killpg(honcho.pid, signal.SIGINT)  # Ctrl-C stops everything
        try:
            honcho.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(honcho.pid, signal.SIGKILL)
            honcho.wait()
    for pid in map(int, (tmp_path / "one.pids").read_text().split() + (tmp_path / "two.pids").read_text().split()):
        wait_until(lambda pid=pid: not alive(pid), 10, f"process {pid} stopping")
