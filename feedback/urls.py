"""The candidate's reports, under /feedback/."""

app_name = "feedback"
urlpatterns: list = []
