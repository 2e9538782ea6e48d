from django.urls import path

from interviews import views
from interviews.live.urls import urlpatterns as live_urlpatterns

app_name = "interviews"

urlpatterns = [
    path("new/", views.new_interview, name="new"),
    path("<uuid:interview_id>/", views.interview_detail, name="detail"),
    path("<uuid:interview_id>/research.json", views.interview_research, name="research"),
    path("<uuid:interview_id>/facts/", views.interview_facts, name="facts"),
    path("<uuid:interview_id>/recordings/stop", views.interview_recordings_stop, name="recordings_stop"),
    *live_urlpatterns,
]
