"""The candidate's reports, under /feedback/ (the interview's UUID in every URL)."""

from django.urls import path

from feedback import views

app_name = "feedback"
urlpatterns = [
    path("practice/", views.practice, name="practice"),
    path("sample/", views.sample_report, name="sample"),
    path("<uuid:interview_id>/", views.report, name="report"),
    path("<uuid:interview_id>.pdf", views.report_pdf, name="report_pdf"),
    path("<uuid:interview_id>/status", views.report_status, name="report_status"),
    path("<uuid:interview_id>/counts", views.report_counts, name="report_counts"),
    path("<uuid:interview_id>/recordings/<int:seq>", views.recording, name="recording"),
    path("<uuid:interview_id>/retry", views.retry, name="retry"),
    path("<uuid:interview_id>/delete/", views.delete, name="delete"),
    path("<uuid:interview_id>/questions/<str:question_id>/retake/", views.retake, name="retake"),
    path("<uuid:interview_id>/questions/<str:question_id>/retake/transcribe", views.retake_transcribe,
         name="retake_transcribe"),
]
