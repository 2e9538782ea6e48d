"""Socket handshakes only from this site's pages: the Origin is compared whole (scheme, host and port).

Allowed origins: the address the handshake came to (its Host header, when that host is in ALLOWED_HOSTS,
with http for ws and https for wss), SITE_URL, and CSRF_TRUSTED_ORIGINS (`https://*.example.com` matches
subdomains). Channels' AllowedHostsOriginValidator compared the host alone, so `http://` pages or another
port on an allowed host passed.
"""

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def _parts(origin: str) -> tuple[str, str, int] | None:
    try:
        parsed = urlsplit(origin.strip())
        port = parsed.port
    except ValueError:
        return None
    scheme = parsed.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parsed.hostname:
        return None
    return scheme, parsed.hostname.lower(), port or DEFAULT_PORTS[scheme]


def _matches(origin, allowed: str) -> bool:
    wanted = _parts(allowed.replace("://*.", "://wildcard.", 1))
    if wanted is None:
        return False
    if "://*." in allowed:
        suffix = wanted[1][len("wildcard"):]
        return origin[0] == wanted[0] and origin[2] == wanted[2] and origin[1].endswith(suffix)
    return origin == wanted


def origin_allowed(scope) -> bool:
    headers = dict(scope.get("headers") or [])
    origin = _parts(headers.get(b"origin", b"").decode("latin-1"))
    if origin is None:
        return False
    allowed = [settings.SITE_URL, *getattr(settings, "CSRF_TRUSTED_ORIGINS", [])]
    host = headers.get(b"host", b"").decode("latin-1").strip()
    if host and validate_host(split_domain_port(host)[0], settings.ALLOWED_HOSTS):
        scheme = "https" if scope.get("scheme") in ("wss", "https") else "http"
        allowed.append(f"{scheme}://{host}")
    return any(_matches(origin, item) for item in allowed)


class SameOriginValidator:
    """ASGI middleware: refuse (403) a socket handshake whose Origin is not one of the site's own."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
