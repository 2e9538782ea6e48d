"""The agent worker's start-up: required settings and reachability checked before LiveKit's CLI runs."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from agent_worker.adapters.startup import http_url_of, startup_problems

FULL = {"LIVEKIT_URL": "ws://127.0.0.1:1", "LIVEKIT_API_KEY": "key", "LIVEKIT_API_SECRET": "secret",
        "WORKER_API_TOKEN": "token", "OPENAI_API_KEY": "any"}


class _Ok(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802
        self.send_response(200 if self.path in ("/", "/healthz") else 404)
        self.end_headers()
        self.wfile.write(b"OK")

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Ok)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_every_missing_setting_is_named_with_what_it_is_for():
    code, lines = startup_problems({"LIVEKIT_URL": "wss://x.livekit.cloud"})
    assert code == 2
    text = "\n".join(lines)
    for name in ("LIVEKIT_API_KEY", "LIVEKIT_API_SECRET", "WORKER_API_TOKEN", "OPENAI_API_KEY"):
        assert name in text
    assert "LIVEKIT_URL:" not in text


def test_a_blank_setting_counts_as_missing():
    code, lines = startup_problems({**FULL, "LIVEKIT_API_SECRET": "  "})
    assert code == 2 and "LIVEKIT_API_SECRET" in "\n".join(lines)


def test_an_unreachable_livekit_is_reported_as_such(server):
    env = {**FULL, "LIVEKIT_URL": f"ws://127.0.0.1:{closed_port()}", "WORKER_API_URL": f"http://{server}"}
    code, lines = startup_problems(env, timeout=2)
    assert code == 3
    assert lines == [f"agent worker: cannot reach LiveKit at {env['LIVEKIT_URL']} "
                     f"(http://{env['LIVEKIT_URL'][5:]}/): "
                     "[Errno 111] Connection refused"]


def test_a_reachable_livekit_and_worker_api_let_it_start(server):
    code, lines = startup_problems({**FULL, "LIVEKIT_URL": f"ws://{server}", "WORKER_API_URL": f"http://{server}"})
    assert (code, lines) == (0, [])


def test_an_unreachable_worker_api_is_reported(server):
    env = {**FULL, "LIVEKIT_URL": f"ws://{server}", "WORKER_API_URL": f"http://127.0.0.1:{closed_port()}"}
    code, lines = startup_problems(env, timeout=2)
    assert code == 3 and "worker API" in lines[0] and "WORKER_API_URL" in lines[0]


@pytest.mark.parametrize(("url", "expected"), [("wss://a.livekit.cloud", "https://a.livekit.cloud/"),
                                               ("ws://10.0.0.5:7880", "http://10.0.0.5:7880/")])
def test_livekit_urls_are_probed_over_http(url, expected):
    assert http_url_of(url) == expected


def test_a_url_that_is_not_one_is_a_configuration_error():
    code, lines = startup_problems({**FULL, "LIVEKIT_URL": "livekit.example.com"})
    assert code == 2 and "LIVEKIT_URL" in lines[0]


@pytest.mark.parametrize("command", ["start", "dev"])
def test_the_command_line_exits_non_zero_with_the_message_and_no_traceback(command):
    env = {"PATH": "/usr/bin:/bin", "HOME": "/tmp"}
    done = subprocess.run([sys.executable, "-m", "agent_worker", command], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert "LIVEKIT_URL" in done.stderr and "Traceback" not in done.stderr
