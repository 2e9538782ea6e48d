"""Inside daphne, as the bytes arrive: a request-body cap, and client addresses only from trusted proxies.

Daphne (through Twisted) reads a whole request body, and form-parses it, before the application is called,
so a cap in Django or an ASGI middleware comes too late: a 100 MB POST has already cost a gigabyte. This
request class refuses a Content-Length over the limit at once with 413 (no "100 Continue"), stops keeping a
chunked body once it passes the limit, and turns Twisted's own form parsing off (Django parses bodies).
The limit is UPLOAD_REQUEST_MAX_BYTES on the upload endpoint and REQUEST_MAX_BYTES everywhere else.

X-Forwarded-For/-Proto (and their kin) are dropped unless the TCP peer is in TRUSTED_PROXIES; from a trusted
proxy the client is the right-most address in X-Forwarded-For that is not itself a trusted proxy.

`install()` runs when mockflow_site.asgi is imported, so `daphne mockflow_site.asgi:application` has it.
"""

import ipaddress
import logging
from functools import cache

from daphne import http_protocol
from django.conf import settings
from twisted.internet import address, reactor

log = logging.getLogger(__name__)

PROXY_HEADERS = (b"x-forwarded-for", b"x-forwarded-proto", b"x-forwarded-port", b"x-forwarded-host",
                 b"x-real-ip", b"forwarded")
# How long a refused request's remaining body is read and thrown away (so the client sees the 413
# rather than a reset) before the connection is cut.
DISCARD_SECONDS = 10


@cache
def _upload_paths() -> tuple[bytes, ...]:
    from django.urls import reverse

    return (reverse("interviews:new").encode(),)


def body_limit(target: bytes) -> int:
    """The body limit for a request line's target (path and query)."""
    path = target.split(b"?", 1)[0]
    if path in _upload_paths():
        return settings.UPLOAD_REQUEST_MAX_BYTES
    return settings.REQUEST_MAX_BYTES


def _trusted(host: str) -> bool:
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return any(ip in network for network in settings.TRUSTED_PROXIES or ())


def forwarded_client(peer: str, forwarded_for: list[str]) -> str:
    """The client behind a trusted peer: walk X-Forwarded-For from the right past trusted proxies."""
    hops = [hop.strip() for value in forwarded_for for hop in value.split(",") if hop.strip()]
    client = peer
    for hop in reversed(hops):
        if not _trusted(client):
            break
        try:
            client = str(ipaddress.ip_address(hop.strip("[]")))
        except ValueError:  # garbage in the header: stop at the last address we could believe
            break
    return client


class GuardedWebRequest(http_protocol.WebRequest):
    client: object  # the peer's address (Twisted's IAddress); only its `host` is read here
    _refused = False
    _body_limit = 0
    _body_seen = 0

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._parsePOSTFormSubmission = False

    # --- body cap ---------------------------------------------------------------------------------
    def gotLength(self, length):
        self._body_limit = body_limit(getattr(self.channel, "_path", b"") or b"")
        if length is not None and length > self._body_limit:
            super().gotLength(0)  # an empty in-memory body: nothing of this one is kept
            self._refuse()
            return
        super().gotLength(length)

    def handleContentChunk(self, data):
        if self._refused:
            return
        self._body_seen += len(data)
        if self._body_seen > self._body_limit:
            self.content.close()
            self._refuse()
            return
        super().handleContentChunk(data)

    def requestReceived(self, command, path, version):
        if self._refused:  # the refused body has been read to its end: now close
            self._cancel_timer()
            self.channel.transport.loseConnection()
            return
        super().requestReceived(command, path, version)

    def _refuse(self):
        self._refused = True
        self.requestHeaders.removeHeader(b"expect")  # no "100 Continue": the answer is already no
        megabytes = self._body_limit / (1024 * 1024)
        body = f"Request too large: this address accepts at most {megabytes:.1f} MB.\n".encode()
        transport = self.channel.transport
        transport.write(
            b"HTTP/1.1 413 Content Too Large\r\nContent-Type: text/plain; charset=utf-8\r\n"
            b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(body), body)
        )
        # Half-close: the client reads the 413 while what it still sends is read and dropped.
        lose_write = getattr(transport, "loseWriteConnection", None)
        if lose_write is not None:
            lose_write()
        # Twisted declares the reactor's interface methods without `self` (mypy sees them unbound).
        self._discard_timer = reactor.callLater(DISCARD_SECONDS, self._close)  # type: ignore[arg-type]
        log.warning("Refused a request body over %d bytes for %r", self._body_limit,
                    getattr(self.channel, "_path", b"")[:200])

    def _close(self):
        if self.channel is not None and self.channel.transport is not None:
            self.channel.transport.abortConnection()

    def _cancel_timer(self):
        timer = getattr(self, "_discard_timer", None)
        if timer is not None and timer.active():
            timer.cancel()

    def connectionLost(self, reason):
        self._cancel_timer()
        super().connectionLost(reason)

    # --- proxies ----------------------------------------------------------------------------------
    def process(self):
        self._apply_proxy_policy()
        return super().process()

    def _apply_proxy_policy(self):
        peer = getattr(self.client, "host", None)
        if peer is None:
            return
        if not _trusted(peer):
            for name in PROXY_HEADERS:
                self.requestHeaders.removeHeader(name)
            return
        forwarded = [v.decode("latin-1") for v in self.requestHeaders.getRawHeaders(b"x-forwarded-for", [])]
        client = forwarded_client(peer, forwarded)
        if client != peer:
            self.client = address.IPv6Address("TCP", client, 0) if ":" in client else address.IPv4Address(
                "TCP", client, 0)
            # The same answer for daphne's own --proxy-headers, if it was started with them.
            self.requestHeaders.setRawHeaders(b"x-forwarded-for", [client.encode()])


def install() -> None:
    """Make daphne build GuardedWebRequest for every HTTP request (daphne's factory reads this name)."""
    http_protocol.WebRequest = GuardedWebRequest
    _upload_paths()  # resolve the URLs now, not inside the reactor on the first request
