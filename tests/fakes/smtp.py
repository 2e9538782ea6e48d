"""A real SMTP server (aiosmtpd) in a thread, collecting what it receives.

    with SMTPServer() as smtp:
        send_mail_to(smtp.host, smtp.port)
        message = smtp.messages[0]        # an email.message.EmailMessage (default policy)
        message["Subject"], message.get_body(("plain",)).get_content()
        smtp.envelopes[0].rcpt_tos        # the SMTP envelope, as aiosmtpd saw it

``wait_for(count, timeout)`` waits until that many messages have arrived (sending is synchronous
for smtplib, but a task or another thread may send later). ``holding.set()`` makes the server hold
every RCPT until it is cleared (a slow server: fault tests kill the sender mid-send).
"""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default

from aiosmtpd.controller import Controller


@dataclass
class Envelope:
    mail_from: str
    rcpt_tos: list[str]
    data: bytes


class _Collector:
    def __init__(self, owner: SMTPServer):
        self.owner = owner

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):  # noqa: N802 - aiosmtpd's hook
        while self.owner.holding.is_set():
            await asyncio.sleep(0.05)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        data = envelope.original_content or envelope.content
        if isinstance(data, str):
            data = data.encode()
        self.owner._received(
            Envelope(mail_from=envelope.mail_from, rcpt_tos=list(envelope.rcpt_tos), data=data),
            message_from_bytes(data, _class=EmailMessage, policy=default),
        )
        return "250 Message accepted for delivery"


class _Controller(Controller):
    """aiosmtpd's Controller, able to bind port 0 (it learns the real port before its self-test)."""

    def _trigger_server(self):
        if self.server is not None and self.port == 0:
            self.port = self.server.sockets[0].getsockname()[1]
        super()._trigger_server()


class SMTPServer:
    def __init__(self, host: str = "127.0.0.1", port: int = 0):
        self.host = host
        self._port = port
        self.messages: list[EmailMessage] = []
        self.envelopes: list[Envelope] = []
        self._arrived = threading.Condition()
        self.holding = threading.Event()
        self._controller: _Controller | None = None

    @property
    def port(self) -> int:
        assert self._controller is not None, "the server is not running"
        return self._controller.port

    def start(self) -> SMTPServer:
        self._controller = _Controller(_Collector(self), hostname=self.host, port=self._port)
        self._controller.start()
        return self

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None

    def __enter__(self) -> SMTPServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def _received(self, envelope: Envelope, message: EmailMessage) -> None:
        with self._arrived:
            self.envelopes.append(envelope)
            self.messages.append(message)
            self._arrived.notify_all()

    def wait_for(self, count: int = 1, timeout: float = 5.0) -> list[EmailMessage]:
        """Wait until ``count`` messages have arrived; raise AssertionError if they don't."""
        with self._arrived:
            if not self._arrived.wait_for(lambda: len(self.messages) >= count, timeout):
                raise AssertionError(f"expected {count} message(s), got {len(self.messages)}")
            return list(self.messages)

    def clear(self) -> None:
        with self._arrived:
            self.messages.clear()
            self.envelopes.clear()
