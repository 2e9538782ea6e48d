"""URLs of the live interview (room page, LiveKit token), under /interviews/."""

urlpatterns: list = []
