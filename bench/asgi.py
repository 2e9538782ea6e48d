"""The site's ASGI application plus a bare echo consumer, `/ws/bench/echo/`: the ceiling of the stack.

The echo consumer does what an answer's round trip needs from Channels and nothing of ours: each
frame goes out to the socket's own group on the channel layer (Redis) and comes back to the socket,
with no database and no engine. Only the load bench serves this module.
"""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mockflow_site.settings")

from django.core.asgi import get_asgi_application  # noqa: E402

django_asgi_app = get_asgi_application()

from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

from mockflow_site.asgi import application as site  # noqa: E402


class EchoConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.group = f"echo.{self.channel_name.replace('!', '.')}"[:90]
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        await self.channel_layer.group_send(self.group, {"type": "echo.back", "text": text_data})

    async def echo_back(self, message):
        await self.send(text_data=message["text"])


echo = URLRouter([path("ws/bench/echo/", EchoConsumer.as_asgi())])


async def application(scope, receive, send):
    if scope["type"] == "websocket" and scope["path"] == "/ws/bench/echo/":
        return await echo(scope, receive, send)
    return await site(scope, receive, send)
