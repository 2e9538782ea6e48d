"""Over-size request bodies are refused inside daphne, fast, without the server's memory growing.

These start the real server as the Procfile does (`daphne mockflow_site.asgi:application`) and talk raw HTTP.
"""

import os
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MB = 1024 * 1024


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024


class Daphne:
    def __init__(self, tmp_path, **env):
        self.port = _free_port()
        self.log = tmp_path / "daphne.log"
        clean = {k: v for k, v in os.environ.items() if k not in {
            "DATABASE_URL", "REDIS_URL", "MOCKFLOW_ENV", "TRUSTED_PROXIES", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
        clean.update(MOCKFLOW_VAR_DIR=str(tmp_path), PYTHONUNBUFFERED="1", **env)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
             "mockflow_site.asgi:application"],
            cwd=ROOT, env=clean, stdout=self.log.open("wb"), stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                assert self.process.poll() is None, self.log.read_text()
                time.sleep(0.1)
        raise AssertionError("daphne did not start: " + self.log.read_text())

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    @property
    def rss_mb(self) -> float:
        return _rss_mb(self.process.pid)

    def request(self, head: str, body_chunks=(), *, read_timeout=10.0):
        """Send the head, then the body from a thread; return (status, seconds to the answer, bytes sent)."""
        sock = socket.create_connection(("127.0.0.1", self.port))
        sock.sendall(head.encode("latin-1"))
        started = time.monotonic()
        sent = [0]

        def send_body():
            try:
                for chunk in body_chunks:
                    sock.sendall(chunk)
                    sent[0] += len(chunk)
            except OSError:  # the server closed: it stopped reading
                pass

        sender = threading.Thread(target=send_body, daemon=True)
        sender.start()
        sock.settimeout(read_timeout)
        answer = sock.recv(4096)
        elapsed = time.monotonic() - started
        sender.join(timeout=30)
        sock.close()
        status = int(answer.split(b" ", 2)[1]) if answer else None
        return status, elapsed, sent[0], answer


@pytest.fixture(scope="module")
def daphne(tmp_path_factory):
    """One server for the module's requests (each starts from its own RSS reading): a start costs 2-9 s."""
    server = Daphne(tmp_path_factory.mktemp("daphne"))
    yield server
    server.stop()


def _post_head(path, length=None, *, chunked=False, extra=""):
    size = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {length}"
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Content-Type: multipart/form-data; boundary=xyz\r\n" f"{size}\r\n{extra}\r\n")


def _body(total, piece=256 * 1024):
    block = b"a" * piece
    for _ in range(total // piece):
        yield block


def _chunked(total, piece=256 * 1024):
    for block in _body(total, piece):
        yield b"%x\r\n%s\r\n" % (len(block), block)
    yield b"0\r\n\r\n"


def _warm(daphne):
    daphne.request("GET /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    time.sleep(0.3)
    return daphne.rss_mb


def test_a_100_mb_post_is_refused_at_once_and_memory_barely_moves(daphne):
    before = _warm(daphne)

    status, seconds, _sent, answer = daphne.request(_post_head("/accounts/signup/", 100 * MB), _body(100 * MB))
    time.sleep(0.3)

    assert status == 413 and b"Request too large" in answer
    assert seconds < 1.0
    assert daphne.rss_mb - before < 25, f"RSS {before:.0f} -> {daphne.rss_mb:.0f} MB"


def test_a_chunked_body_is_cut_off_past_the_limit(daphne):
    before = _warm(daphne)

    status, seconds, _sent, _ = daphne.request(_post_head("/accounts/login/", chunked=True), _chunked(64 * MB))
    time.sleep(0.3)

    assert status == 413
    assert seconds < 2.0
    assert daphne.rss_mb - before < 25, f"RSS {before:.0f} -> {daphne.rss_mb:.0f} MB"


def test_expect_100_continue_gets_the_413_instead_of_continue(daphne):
    status, seconds, sent, _ = daphne.request(_post_head("/accounts/signup/", 50 * MB, extra="Expect: 100-continue\r\n"))

    assert status == 413 and sent == 0 and seconds < 1.0


def test_the_upload_page_accepts_two_uploads_worth_and_refuses_more(daphne):
    from django.conf import settings

    fits = 2 * settings.UPLOAD_MAX_BYTES
    status, *_ = daphne.request(_post_head("/interviews/new/", fits), [b"a" * fits])
    assert status in (302, 403), "reaches Django (login redirect or CSRF), not the cap"

    too_big = settings.UPLOAD_REQUEST_MAX_BYTES + 1
    status, *_ = daphne.request(_post_head("/interviews/new/", too_big), _body(too_big + 1, too_big + 1))
    assert status == 413


def test_elsewhere_the_limit_is_one_megabyte(daphne):
    status, *_ = daphne.request(_post_head("/accounts/login/?next=/x", 900 * 1024), [b"a" * 900 * 1024])
    assert status == 403, "CSRF refusal from Django: the body was let through"

    status, *_ = daphne.request(_post_head("/accounts/login/", 2 * MB), [b"a" * 2 * MB])
    assert status == 413


def _access_lines(server) -> list[str]:
    return [line for line in server.log.read_text().splitlines() if '"GET /accounts/login/' in line]


def _logged_client(server, headers=""):
    """The client address daphne's access log gives the request (it logs after answering: wait for the line)."""
    before = len(_access_lines(server))
    server.request(f"GET /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}Connection: close\r\n\r\n")
    deadline = time.monotonic() + 15
    while len(lines := _access_lines(server)) == before:
        assert time.monotonic() < deadline, "no access-log line: " + server.log.read_text()
        time.sleep(0.05)
    return lines[before].split(":")[0]


def test_forwarded_for_is_ignored_without_a_trusted_proxy(daphne):
    assert _logged_client(daphne, "X-Forwarded-For: 203.0.113.9\r\n") == "127.0.0.1"


def test_a_trusted_proxy_gives_the_client_address(tmp_path):
    server = Daphne(tmp_path, TRUSTED_PROXIES="127.0.0.1, 10.0.0.0/8")
    try:
        # the client's own (spoofed) entry comes first; the proxies append the address they saw
        assert _logged_client(server, "X-Forwarded-For: 192.0.2.1, 203.0.113.9, 10.1.2.3\r\n") == "203.0.113.9"
    finally:
        server.stop()
