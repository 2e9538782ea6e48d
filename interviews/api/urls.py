"""The worker API, under /api/worker/."""

app_name = "worker_api"
urlpatterns: list = []
