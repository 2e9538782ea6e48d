"""Staff pages (aggregates only), under /staff/."""

from django.urls import path

from feedback import views

app_name = "staff"
urlpatterns = [
    path("dashboard/", views.staff_dashboard, name="overview"),
]
