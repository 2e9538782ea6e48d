"""Staff pages (aggregates only), under /staff/."""

app_name = "staff"
urlpatterns: list = []
