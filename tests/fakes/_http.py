"""A tiny threaded HTTP server that the fake outside services build on.

It runs in its own thread, so sync tests, async tests (the event loop is never blocked by it) and
other processes (through ``python -m``) can all talk to it. Delays wait on an event that ``stop()``
sets, so a scripted timeout never holds up the end of a test.
"""

from __future__ import annotations

import json
import socket
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

# Paths under this prefix drive a fake from another process and are left out of its request log.
CONTROL_PREFIX = "/_fake/"


@dataclass
class RecordedRequest:
    """One request as the fake server saw it."""

    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    json: Any = None

    @property
    def authorization(self) -> str | None:
        return self.headers.get("authorization")


@dataclass
class Response:
    """What a handler wants written back."""

    status: int = 200
    body: Any = None  # dict/list -> JSON, str/bytes as is
    headers: dict[str, str] = field(default_factory=dict)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address, handler_class, owner: FakeHTTPServer):
        self.owner = owner
        super().__init__(address, handler_class)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server
    # Idle keep-alive connections give up after this, so their threads end soon after a test.
    timeout = 5

    def log_message(self, format, *args):  # noqa: A002 - the stdlib's signature
        pass

    def setup(self):
        super().setup()
        self.server.owner._track(self.connection)

    def finish(self):
        try:
            super().finish()
        finally:
            self.server.owner._untrack(self.connection)

    def _dispatch(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        parsed = None
        if body:
            try:
                parsed = json.loads(body)
            except ValueError:
                parsed = None
        request = RecordedRequest(
            method=self.command,
            path=self.path,
            headers={k.lower(): v for k, v in self.headers.items()},
            body=body,
            json=parsed,
        )
        self.server.owner._record(request)
        self.server.owner.handle(request, _Writer(self))

    do_GET = _dispatch
    do_POST = _dispatch
    do_PUT = _dispatch
    do_DELETE = _dispatch


class _Writer:
    """The handle a fake's ``handle()`` answers through."""

    def __init__(self, handler: _Handler):
        self._h = handler
        self._chunked = False

    def send(self, response: Response) -> None:
        body = response.body
        content_type = "application/json"
        if isinstance(body, (dict, list)):
            data = json.dumps(body).encode()
        elif isinstance(body, str):
            data = body.encode()
            content_type = "text/plain; charset=utf-8"
        elif body is None:
            data = b""
        else:
            data = bytes(body)
        self._h.send_response(response.status)
        headers = {"Content-Type": content_type, **response.headers}
        for key, value in headers.items():
            self._h.send_header(key, value)
        self._h.send_header("Content-Length", str(len(data)))
        self._h.end_headers()
        self._h.wfile.write(data)
        self._h.wfile.flush()

    def start_stream(self, status: int = 200, content_type: str = "text/event-stream") -> None:
        self._h.send_response(status)
        self._h.send_header("Content-Type", content_type)
        self._h.send_header("Cache-Control", "no-cache")
        self._h.send_header("Transfer-Encoding", "chunked")
        self._h.end_headers()
        self._chunked = True

    def write_chunk(self, data: bytes) -> None:
        if not data:
            return
        self._h.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self._h.wfile.flush()

    def end_stream(self) -> None:
        self._h.wfile.write(b"0\r\n\r\n")
        self._h.wfile.flush()

    def drop(self) -> None:
        """Close the connection without (finishing) a response, as a dead upstream would."""
        self._h.close_connection = True
        try:
            self._h.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


class FakeHTTPServer:
    """Base for the fakes: start/stop, a request log, interruptible delays."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0):
        self._host = host
        self._port = port
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._connections: set[socket.socket] = set()
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self.requests: list[RecordedRequest] = []

    # lifecycle -----------------------------------------------------------------------------
    def start(self):
        self._stopping.clear()
        self._server = _Server((self._host, self._port), _Handler, self)
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        with self._lock:
            connections = list(self._connections)
        for conn in connections:
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = None
        self._thread = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def serve_forever(self) -> None:
        """Run in the foreground (for ``python -m``) until interrupted."""
        if self._server is None:
            self.start()
        try:
            while not self._stopping.wait(0.5):
                pass
        except KeyboardInterrupt:
            pass
        finally:
            self.stop()

    @property
    def host(self) -> str:
        return self._host

    @property
    def port(self) -> int:
        assert self._server is not None, "the server is not running"
        return self._server.server_address[1]

    @property
    def url(self) -> str:
        return f"http://{self._host}:{self.port}"

    # helpers for subclasses ----------------------------------------------------------------
    def sleep(self, seconds: float) -> bool:
        """Wait, unless the server stops first; True when it stopped."""
        return self._stopping.wait(seconds) if seconds > 0 else self._stopping.is_set()

    def handle(self, request: RecordedRequest, writer: _Writer) -> None:  # pragma: no cover
        raise NotImplementedError

    def _record(self, request: RecordedRequest) -> None:
        if request.path.startswith(CONTROL_PREFIX):
            return
        with self._lock:
            self.requests.append(request)

    def _track(self, conn: socket.socket) -> None:
        with self._lock:
            self._connections.add(conn)

    def _untrack(self, conn: socket.socket) -> None:
        with self._lock:
            self._connections.discard(conn)
