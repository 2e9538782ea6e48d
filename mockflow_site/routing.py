"""WebSocket routes. Each app adds its own patterns here."""

websocket_urlpatterns: list = []
