"""WebSocket routes. Each app adds its own patterns here."""

from django.urls import path

from interviews.consumers import InterviewConsumer

websocket_urlpatterns: list = [
    path("ws/interviews/<uuid:interview_id>/", InterviewConsumer.as_asgi()),
]
