from django.contrib import admin
from django.urls import include, path

from feedback import views as feedback_views
from mockflow_site import views

admin.site.site_header = "MockFlow administration"
admin.site.site_title = "MockFlow admin"
admin.site.index_title = "Roles, stage plans and question banks"

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("interviews/", include("interviews.urls")),
    path("api/worker/", include("interviews.api.urls")),
    path("dashboard/", feedback_views.dashboard, name="dashboard"),
    path("feedback/", include("feedback.urls")),
    path("staff/", include("feedback.staff_urls")),
]
