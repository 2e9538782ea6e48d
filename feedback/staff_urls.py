"""Staff pages (aggregates only), under /staff/."""

from django.urls import path
from django.views.generic import RedirectView

from feedback import views

app_name = "staff"
urlpatterns = [
    path("", RedirectView.as_view(pattern_name="staff:overview"), name="index"),
    path("dashboard/", views.staff_dashboard, name="overview"),
]
