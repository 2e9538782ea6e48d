from django.urls import path

from interviews import views

app_name = "interviews"

urlpatterns = [
    path("new/", views.new_interview, name="new"),
]
