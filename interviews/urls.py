from django.urls import path

from interviews import views
from interviews.live.urls import urlpatterns as live_urlpatterns

app_name = "interviews"

urlpatterns = [
    path("new/", views.new_interview, name="new"),
    *live_urlpatterns,
]
