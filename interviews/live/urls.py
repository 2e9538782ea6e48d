"""URLs of the live interview (room page, LiveKit token), under /interviews/."""

from django.urls import path

from interviews.live import views

urlpatterns: list = [
    path("<uuid:interview_id>/room/", views.room, name="room"),
    path("<uuid:interview_id>/token", views.token, name="token"),
]
