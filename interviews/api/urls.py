"""The worker API, under /api/worker/."""

from django.urls import path

from interviews.api import views

app_name = "worker_api"
urlpatterns = [
    path("interviews/<uuid:interview_id>/context", views.ContextView.as_view(), name="context"),
    path("interviews/<uuid:interview_id>/events", views.EventsView.as_view(), name="events"),
    path("interviews/<uuid:interview_id>/complete", views.CompleteView.as_view(), name="complete"),
    path("interviews/<uuid:interview_id>/recordings/<str:question_id>/<int:seq>", views.RecordingView.as_view(),
         name="recording"),
]
