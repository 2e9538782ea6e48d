"""ASGI entry point: HTTP through Django, WebSockets through Channels' router."""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mockflow_site.settings")

from django.core.asgi import get_asgi_application  # noqa: E402

django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from interviews.live.auth import SessionMiddlewareStack  # noqa: E402
from mockflow_site import server  # noqa: E402
from mockflow_site.routing import websocket_urlpatterns  # noqa: E402
from mockflow_site.websocket import SameOriginValidator  # noqa: E402

server.install()  # the request-size cap and trusted-proxy addresses, inside daphne

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(SessionMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
